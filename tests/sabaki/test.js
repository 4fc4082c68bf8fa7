// Drives kosumi with @sabaki/gtp, the GTP client library inside Sabaki,
// the way Sabaki's engine syncer uses it: attach, sync a game (handicap,
// moves, undo), genmove, analysis streams stopped by `protocol_version`,
// checking that every reply arrives in order.
//
// Usage: node test.js /path/to/kosumi
// Exit status 0 when every check passed.

'use strict'

const assert = require('assert')
const {Controller, ControllerStateTracker} = require('@sabaki/gtp')

const binary = process.argv[2] || process.env.KOSUMI_BIN
if (!binary) {
  console.error('usage: node test.js /path/to/kosumi')
  process.exit(2)
}

const SIZE = 9
const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'

// --- Sabaki's parsing rules for analysis lines --------------------------
//
// Restated from Sabaki's engine syncer (parseAnalysis), so that what this
// test accepts is what Sabaki can read:
// 1. `ownership` and everything after it is cut off the line; its values
//    (whitespace separated, multiplied by +1 for B / -1 for W analysis)
//    count only when there are exactly width*height of them, row by row
//    from the top left.
// 2. The rest is split on `info` words; each piece must end with a run of
//    moves (`pass` or letter+digits): that run is the variation, cut at
//    its first `pass`. A piece without one is dropped.
// 3. The words before the variation, minus the last one (`pv`), are
//    read as key/value pairs.
// 4. Candidates whose `move` is not a board vertex are dropped.
// 5. `winrate` containing a `.` is a fraction (x100 for percent),
//    otherwise an integer in hundredths of a percent (/100); `visits` and
//    `scoreLead` are numbers.

const MOVE = /^(pass|[A-Za-z]\d+)$/

function vertexToXY(text) {
  let x = COLUMNS.indexOf(text[0].toUpperCase())
  let y = SIZE - Number(text.slice(1))
  return [x, y]
}

function onBoard([x, y]) {
  return x >= 0 && x < SIZE && y >= 0 && y < SIZE && Number.isInteger(y)
}

function readAnalysisLine(line, sign) {
  let ownership = null
  let at = line.search(/ownership\s/)
  if (at >= 0) {
    let values = line
      .slice(at)
      .replace(/^ownership\s+/, '')
      .trim()
      .split(/\s+/)
      .map(v => sign * parseFloat(v))
    line = line.slice(0, at)
    if (values.length === SIZE * SIZE) {
      ownership = []
      for (let y = 0; y < SIZE; y++) ownership.push(values.slice(y * SIZE, (y + 1) * SIZE))
    }
  }

  let variations = []
  for (let piece of line.split(/\s*info\s+/).slice(1)) {
    let words = piece.trim().split(/\s+/)
    let start = words.length
    while (start > 0 && MOVE.test(words[start - 1])) start--
    if (start === words.length) continue
    let pv = words.slice(start)
    let firstPass = pv.indexOf('pass')
    if (firstPass >= 0) pv = pv.slice(0, firstPass)
    let keyValues = words.slice(0, start - 1)
    let fields = {}
    for (let i = 0; i + 1 < keyValues.length; i += 2) fields[keyValues[i]] = keyValues[i + 1]
    if (fields.move == null || !/^[A-Za-z]\d+$/.test(fields.move)) continue
    let winrate = fields.winrate.includes('.')
      ? Number(fields.winrate) * 100
      : Number(fields.winrate) / 100
    variations.push({
      vertex: vertexToXY(fields.move),
      visits: Number(fields.visits),
      winrate,
      scoreLead: fields.scoreLead != null ? Number(fields.scoreLead) : null,
      moves: pv.map(vertexToXY),
      fields
    })
  }
  return {variations, ownership}
}

// --- The session ---------------------------------------------------------

let checks = 0
function check(cond, message) {
  assert.ok(cond, message)
  checks++
}

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))

// Runs an analysis command for about `ms`, then stops it as Sabaki does
// (its sendAbort sends `protocol_version` while the engine is busy).
async function analyze(controller, command, ms, order) {
  let lines = []
  let analysis = controller
    .sendCommand(command, ({line}) => {
      if (line.startsWith('info ')) lines.push(line)
    })
    .then(response => (order.push(command.name), response))
  await sleep(ms)
  check(controller.busy, `${command.name} should still be running`)
  let stopper = controller
    .sendCommand({name: 'protocol_version'})
    .then(response => (order.push('protocol_version'), response))
  let [response, stop] = await Promise.all([analysis, stopper])
  check(!response.error, `${command.name} failed: ${response.content}`)
  check(!stop.error && stop.content === '2', `protocol_version after ${command.name}: ${stop.content}`)
  check(
    order.slice(-2).join(',') === `${command.name},protocol_version`,
    `reply order broken: ${order.join(',')}`
  )
  return lines
}

function checkVariations(lines, kata, name) {
  check(lines.length >= 1, `${name}: no info lines`)
  for (let line of lines) {
    let {variations, ownership} = readAnalysisLine(line, 1)
    check(variations.length >= 1, `${name}: Sabaki reads no variation from ${line}`)
    for (let v of variations) {
      check(onBoard(v.vertex), `${name}: move off board: ${v.fields.move}`)
      check(Number.isInteger(v.visits) && v.visits > 0, `${name}: visits ${v.fields.visits}`)
      check(v.winrate >= 0 && v.winrate <= 100, `${name}: winrate ${v.fields.winrate}`)
      check(kata === v.fields.winrate.includes('.'), `${name}: winrate scale ${v.fields.winrate}`)
      check(v.moves.length >= 1 && v.moves.every(onBoard), `${name}: pv ${v.fields.move}`)
      check(
        v.moves[0][0] === v.vertex[0] && v.moves[0][1] === v.vertex[1],
        `${name}: pv must start with the move`
      )
      if (kata) check(Number.isFinite(v.scoreLead), `${name}: scoreLead ${v.fields.scoreLead}`)
    }
    if (kata) {
      check(ownership != null, `${name}: ownership not readable (need ${SIZE * SIZE} values)`)
      check(
        ownership.every(row => row.length === SIZE && row.every(v => v >= -1 && v <= 1)),
        `${name}: ownership out of range`
      )
    } else {
      check(ownership == null, `${name}: unexpected ownership`)
    }
  }
}

async function main() {
  let controller = new Controller(binary, ['--threads', '1', '--time', '0.3'])
  let tracker = new ControllerStateTracker(controller)
  let stderr = []
  controller.on('stderr', ({content}) => stderr.push(content))
  controller.start()

  // Attach as Sabaki does: four commands written at once.
  let [name, version, protocol, list] = await Promise.all([
    controller.sendCommand({name: 'name'}),
    controller.sendCommand({name: 'version'}),
    controller.sendCommand({name: 'protocol_version'}),
    controller.sendCommand({name: 'list_commands'})
  ])
  check(!name.error && name.content === 'kosumi', `name: ${name.content}`)
  check(!version.error && /^\d+\.\d+$/.test(version.content), `version: ${version.content}`)
  check(!protocol.error && protocol.content === '2', `protocol_version: ${protocol.content}`)
  let commands = list.content.split('\n')
  for (let c of ['set_free_handicap', 'undo', 'genmove', 'lz-analyze', 'kata-analyze',
                 'lz-genmove_analyze', 'kata-genmove_analyze']) {
    check(commands.includes(c), `${c} not in list_commands`)
  }
  check(await tracker.knowsCommand('set_free_handicap'), 'tracker: set_free_handicap unknown')

  // Sync a handicap game, then change the last move: the tracker undoes
  // and replays.
  let history = [
    {name: 'set_free_handicap', args: ['C3', 'G7']},
    {name: 'play', args: ['W', 'E5']},
    {name: 'play', args: ['B', 'C7']},
    {name: 'play', args: ['W', 'G3']}
  ]
  await tracker.sync({komi: 0.5, boardsize: [SIZE, SIZE], history})
  check(tracker.state.history.length === 4, 'sync: history not replayed')
  history = [...history.slice(0, 3), {name: 'play', args: ['W', 'F3']}]
  let sent = []
  let onSent = ({command}) => sent.push(command.name)
  controller.on('command-sent', onSent)
  await tracker.sync({komi: 0.5, boardsize: [SIZE, SIZE], history})
  controller.removeListener('command-sent', onSent)
  check(sent.join(',') === 'undo,play', `incremental sync sent ${sent.join(',')}`)

  // genmove through the tracker, as Sabaki's queueCommand does.
  let gen = await tracker.queueCommand({name: 'genmove', args: ['B']})
  check(!gen.error, `genmove: ${gen.content}`)
  check(/^([A-HJ]\d|pass|PASS|resign)$/.test(gen.content), `genmove answer ${gen.content}`)
  check(tracker.state.history.length === 5, 'genmove not tracked')

  // White to move now; analyse black's options and white's.
  let order = []
  let lz = await analyze(controller, {name: 'lz-analyze', args: ['B', '50']}, 1100, order)
  checkVariations(lz, false, 'lz-analyze')
  let kata = await analyze(
    controller,
    {name: 'kata-analyze', args: ['B', '50', 'ownership', 'true']},
    1100,
    order
  )
  checkVariations(kata, true, 'kata-analyze')

  // An empty line ends a stream too (the abort signal of newer @sabaki/gtp
  // versions, `sendAbort`; 3.0.0 lacks it, so write the line directly).
  let aborted = controller.sendCommand({name: 'lz-analyze', args: ['W', '20']})
  await sleep(300)
  controller.process.stdin.write('\n')
  let abortResponse = await Promise.race([aborted, sleep(3000).then(() => null)])
  check(abortResponse != null && !abortResponse.error, 'an empty line did not end lz-analyze')

  // Pipelined commands right after a stream: replies stay in order.
  let pipelined = await Promise.all([
    controller.sendCommand({name: 'known_command', args: ['lz-analyze']}),
    controller.sendCommand({name: 'known_command', args: ['frobnicate']}),
    controller.sendCommand({name: 'play', args: ['W', 'Z99']}),
    controller.sendCommand({name: 'name'})
  ])
  check(pipelined[0].content === 'true', 'known_command lz-analyze')
  check(pipelined[1].content === 'false', 'known_command frobnicate')
  check(pipelined[2].error === true, 'bad play accepted')
  check(pipelined[3].content === 'kosumi', 'name after pipeline')

  // genmove_analyze: the tracker records the move from its `play` line.
  let before = tracker.state.history.length
  let infoLines = 0
  let genAnalyze = await controller.sendCommand(
    {name: 'lz-genmove_analyze', args: ['W', '10']},
    ({line}) => {
      if (line.startsWith('info ')) infoLines++
    }
  )
  check(!genAnalyze.error, `lz-genmove_analyze: ${genAnalyze.content}`)
  check(/\nplay ([A-HJ]\d|pass|resign)$/.test('\n' + genAnalyze.content.trim()), 'no play line')
  await sleep(50)
  check(tracker.state.history.length === before + 1, 'genmove_analyze move not tracked')

  await controller.stop(3000)
  check(controller.process == null, 'engine did not quit')
  for (let line of stderr) {
    check(!/^(=|\?|info|play)/.test(line) && !line.includes(' -> '), `stderr line: ${line}`)
  }
  console.log(`sabaki client test: ${checks} checks passed (${lz.length} lz lines, ${kata.length} kata lines, ${infoLines} genmove_analyze lines)`)
}

let timer = setTimeout(() => {
  console.error('sabaki client test: timed out')
  process.exit(1)
}, 60000)

main().then(
  () => {
    clearTimeout(timer)
    process.exit(0)
  },
  err => {
    console.error(`sabaki client test FAILED: ${err.stack || err}`)
    process.exit(1)
  }
)
