"""What the record scripts share: a GTP pipe, GNU Go's path and the reading
of its replies, a match record read into moves, and a plain board (points
(column, row) with column 0 = A and row 1 at the bottom, as GTP names them;
a dict from point to 'B' or 'W')."""
import os
import re
import shutil
import subprocess

COLS = "ABCDEFGHJKLMNOPQRST"


class GTP:
    """An engine on a pipe; `gtp` returns the reply's text, an error exits."""

    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, stderr=subprocess.DEVNULL)

    def gtp(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            l = self.p.stdout.readline()
            if l == "":
                raise SystemExit(f"engine died on {cmd!r}")
            if l.strip() == "" and out:
                break
            if l.strip():
                out.append(l.strip())
        reply = " ".join(out)
        if not reply.startswith("="):
            raise SystemExit(f"{cmd!r}: {reply}")
        return reply[1:].strip()


def gnugo():
    """GNU Go's path (PATH, else /usr/games); exits when it is missing."""
    path = shutil.which("gnugo") or ("/usr/games/gnugo" if os.path.exists("/usr/games/gnugo") else None)
    if not path:
        raise SystemExit("GNU Go not found (apt-get install gnugo)")
    return path


def name(pt):
    """A point's GTP vertex; None is a pass."""
    return "pass" if pt is None else COLS[pt[0]] + str(pt[1])


def points(reply):
    """The points of a reply listing vertices."""
    return {(COLS.index(v[0].upper()), int(v[1:])) for v in reply.split()}


def margin(reply, color):
    """GNU Go's `final_score` reply as points for `color` ('B' or 'W')."""
    m = re.search(r"([BW])\+([0-9.]+)", reply)
    if not m:
        return 0.0
    v = float(m.group(2))
    return v if m.group(1) == color else -v


def won(reply):
    """GNU Go's `attack`/`defend` reply: code 1 is an unconditional success."""
    return reply.split()[0] == "1"


def vertex(v):
    return (COLS.index(v[0].upper()), int(v[1:]))


class Game:
    pass


def read_game(path):
    """The record's size, komi, RU, player names ({'B': PB, 'W': PW}), RE,
    whether it ended by resignation, time or forfeit, and its moves as
    (colour, point or None for a pass); None when it has no SZ."""
    s = open(path).read()
    m = re.search(r"SZ\[(\d+)\]", s)
    if not m:
        return None
    g = Game()
    g.size = int(m.group(1))

    def prop(p):
        m = re.search(p + r"\[([^\]]*)\]", s)
        return m.group(1) if m else None
    g.komi = float(prop("KM") or 0)
    g.ru, g.result = prop("RU"), prop("RE")
    g.names = {"B": prop("PB") or "", "W": prop("PW") or ""}
    g.resigned = not g.result or bool(re.search(r"\+[RTF]", g.result))
    g.moves = []
    for c, m in re.findall(r";([BW])\[([a-s]{0,2})\]", s):
        if m and not (g.size <= 19 and m == "tt"):
            g.moves.append((c, (ord(m[0]) - 97, g.size - (ord(m[1]) - 97))))
        else:
            g.moves.append((c, None))
    return g


def nbrs(size, pt):
    x, y = pt
    return [(a, b) for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
            if 0 <= a < size and 1 <= b <= size]


def group(board, size, pt):
    """The chain of `pt` and its liberties."""
    c, todo, chain, libs = board[pt], [pt], {pt}, set()
    while todo:
        q = todo.pop()
        for n in nbrs(size, q):
            if n not in board:
                libs.add(n)
            elif board[n] == c and n not in chain:
                chain.add(n)
                todo.append(n)
    return chain, libs


def open_fills(gg, board, size, color):
    """The chains of `color` that GNU Go (the GTP engine `gg`, set to the
    position of `board`) does not call dead and whose capture its reader
    calls unconditional both ways: taken if `color` leaves them, saved if
    `color` moves first. One (vertex of a stone, stones) per chain."""
    dead = points(gg.gtp("final_status_list dead"))
    out, seen = [], set()
    for q, col in sorted(board.items()):
        if col != color or q in seen or q in dead:
            continue
        chain, _ = group(board, size, q)
        seen |= chain
        v = name(q)
        if won(gg.gtp(f"attack {v}")) and won(gg.gtp(f"defend {v}")):
            out.append((v, len(chain)))
    return out


def play(board, size, color, pt):
    """Put a stone down and take the opponent chains left without a liberty."""
    board[pt] = color
    other = "W" if color == "B" else "B"
    for q in nbrs(size, pt):
        if board.get(q) == other:
            chain, libs = group(board, size, q)
            if not libs:
                for s in chain:
                    del board[s]


def enclosed(board, size, pt):
    """The colours bordering the empty region of `pt` (points not in
    `board`), and the region."""
    region, todo, border = {pt}, [pt], set()
    while todo:
        r = todo.pop()
        for n in nbrs(size, r):
            if n in board:
                border.add(board[n])
            elif n not in region:
                region.add(n)
                todo.append(n)
    return border, region
