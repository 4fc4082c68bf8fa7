#!/usr/bin/env python3
"""Ask an engine for the last moves of finished strong games, and judge its
answers with GNU Go.

usage: endpositions.py [--rules chinese|japanese] [--last N] [--games N]
                       [--engine CMD] RECORDS.sgf.xz|SGF...

Reads games that ended by a count (an `RE` with a margin: not resigned, not
on time), takes the positions before each of their last N moves and the
final position, and asks the engine (default: `target/release/kosumi
--threads 1 --time 1`, with `--rules` added) for `genmove` of the side to
move after `loadsgf`. The engine is told the record's komi.

Each answer is judged as lastmoves.py judges a played move, by GNU Go (with
the rules given) so that the engine is not its own judge:

- a needed fill is open for the side to move when one of its chains that
  GNU Go does not call dead can be captured if it is left and saved if the
  side moves first (`attack` and `defend`, unconditional). Then the answer
  must save one of them (after it, `attack` on that chain fails, or the
  chain was saved by a capture): else `left-fill`.
- in the final position with no needed fill open the game is over (both
  players stopped there): under territory rules the answer must be a pass;
  under area rules a pass or a dame (GNU Go's `final_status_list dame`);
  a stone in either side's territory is `played-on`.
- the positions before the last moves with no needed fill open are not
  judged (a strong player's endgame move and the engine's may differ and
  both be right); they are counted as `open`.

Prints a line for each answer judged wrong, and a summary: positions,
judged, right, left-fill, played-on. The records need not be the engine's
own; ../shared/data/go19/tom9d.sgf.xz (9-dan games with correct komi) is
what the numbers in docs/endgame.md come from."""
import lzma, os, re, shutil, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sgfboard import GTP, name, open_fills, play, points, read_game, vertex, won  # noqa: E402
from sgfboard import gnugo as find_gnugo  # noqa: E402

args = sys.argv[1:]
rules, last, games, engine = "chinese", 3, 40, None
while args and args[0].startswith("--"):
    if args[0] == "--rules" and len(args) > 1:
        rules, args = args[1].lower(), args[2:]
    elif args[0] == "--last" and len(args) > 1:
        last, args = int(args[1]), args[2:]
    elif args[0] == "--games" and len(args) > 1:
        games, args = int(args[1]), args[2:]
    elif args[0] == "--engine" and len(args) > 1:
        engine, args = args[1], args[2:]
    else:
        raise SystemExit(__doc__)
if not args or rules not in ("chinese", "japanese"):
    raise SystemExit(__doc__)
gnugo = find_gnugo()
engine = engine or "target/release/kosumi --threads 1 --time 1"
eng = GTP(engine.split() + ["--rules", rules])
gg = GTP([gnugo, "--mode", "gtp", f"--{rules}-rules"])
tmp = tempfile.mkdtemp(prefix="endpos")


def records():
    """Paths of single-game SGF files: the arguments, or the lines of .xz
    files written out one by one."""
    for a in args:
        if a.endswith(".xz"):
            with lzma.open(a, "rt", encoding="utf-8") as f:
                for i, line in enumerate(f):
                    if not re.search(r"RE\[[BW]\+\d", line):
                        continue
                    p = os.path.join(tmp, f"{os.path.basename(a)}-{i}.sgf")
                    with open(p, "w") as out:
                        out.write(line)
                    yield p
        else:
            yield a


stats = dict(positions=0, judged=0, right=0, left_fill=0, played_on=0, open=0)
done = 0
for f in records():
    if done >= games:
        break
    g = read_game(f)
    if g is None or g.resigned or g.size != 19 or len(g.moves) < 150:
        continue
    if any(pt is None for _, pt in g.moves[:-2]):
        continue
    done += 1
    n = len(g.moves)
    komi = g.komi if 0 < g.komi < 20 else 7.5
    eng.gtp(f"komi {komi}")
    for k in range(max(0, n - last), n + 1):
        board = {}
        for c, pt in g.moves[:k]:
            if pt is not None:
                play(board, g.size, c, pt)
        c = "B" if k == 0 else ("W" if g.moves[k - 1][0] == "B" else "B")
        eng.gtp(f"loadsgf {f} {k + 1}")
        eng.gtp(f"komi {komi}")
        gg.gtp(f"boardsize {g.size}")
        gg.gtp("clear_board")
        gg.gtp(f"komi {komi}")
        for cc, pt in g.moves[:k]:
            gg.gtp(f"play {cc} {name(pt)}")
        stats["positions"] += 1
        threats = [v for v, _ in open_fills(gg, board, g.size, c)]
        final = k == n
        if not threats and not final:
            stats["open"] += 1
            continue
        dame = points(gg.gtp("final_status_list dame"))
        reply = eng.gtp(f"genmove {c}")
        mv = None if reply.lower() in ("pass", "resign") else vertex(reply)
        stats["judged"] += 1
        where = f"{os.path.basename(f)} before move {k + 1} ({c} to play, {rules})"
        if threats:
            if mv is not None:
                gg.gtp(f"play {c} {name(mv)}")
            left = [v for v in threats
                    if gg.gtp(f"color {v}") != "empty" and won(gg.gtp(f"attack {v}"))]
            if len(left) == len(threats):
                stats["left_fill"] += 1
                print(f"{where}: {reply} leaves {' '.join(left)}", flush=True)
            else:
                stats["right"] += 1
            continue
        if mv is None or (rules == "chinese" and mv in dame):
            stats["right"] += 1
        else:
            stats["played_on"] += 1
            print(f"{where}: {reply} where the game is over", flush=True)
shutil.rmtree(tmp, ignore_errors=True)
print(" ".join(f"{k} {v}" for k, v in stats.items()))
