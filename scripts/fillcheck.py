#!/usr/bin/env python3
"""Count the stones a player put inside its own territory in finished games.

usage: fillcheck.py [--player NAME] [--last N] SGF...

Under territory (Japanese) rules every stone played inside one's own
territory costs a point. For each game this replays the record, asks GNU Go
(`--japanese-rules`, from /usr/games or PATH) which stones are dead at the
end, and flags each move of the player (PB/PW containing NAME, default
kosumi) played into an empty region bordered by its own stones only,
capturing nothing, whose stone is still on the board at the end with only
the player's stones and territory around it (so neither a border stone nor
a move against stones). A flagged stone is a reply when an opponent move of
the two before it lay within two lines of it (an answer to an invasion or a
threat), a defence when GNU Go's count says it was one (after a pass
instead and GNU Go's best reply, the player ends a point or more worse than
after the stone and GNU Go's reply to it, the stone's own point included:
a thin wall the opponent could cut or an invasion the stone prevents),
unprovoked otherwise. Each is printed with its move number and the
size of the region it was played into: a region of a dozen points or fewer
cannot hold a living invader against a defender who answers, so a stone
there is a point thrown away; a larger one may be a reinforcement an
invasion would have called for. Resigned games are skipped. --last N looks
only at the player's last N moves of each game; default: all. Ends with
one line: scored games, games with an unprovoked stone, unprovoked stones
(those in regions of at most 12 points), replies, defences."""
import os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sgfboard import COLS, GTP, enclosed, margin, play, vertex  # noqa: E402
from sgfboard import gnugo as find_gnugo  # noqa: E402

args = sys.argv[1:]
player, last = "kosumi", None
while args and args[0].startswith("--"):
    if args[0] == "--player":
        player, args = args[1], args[2:]
    elif args[0] == "--last":
        last, args = int(args[1]), args[2:]
    else:
        raise SystemExit(__doc__)
gnugo = find_gnugo()
gtp = GTP([gnugo, "--mode", "gtp", "--japanese-rules"]).gtp


SMALL = 12
games = flagged_games = unprovoked = small = replies = defences = 0


def needed(f, i, me, name):
    """Whether the stone at move i + 1 of record f, `name` for `me`, was a
    defence by GNU Go's count: after a pass instead and GNU Go's best reply
    for the opponent, `me` ends at least a point worse than after the stone
    and GNU Go's reply to it (the stone's own point of territory lost
    included)."""
    opp = "W" if me == "B" else "B"
    counts = []
    for m in (name, "pass"):
        gtp(f"loadsgf {f} {i + 1}")
        gtp(f"play {me} {m}")
        gtp(f"genmove {opp}")
        counts.append(margin(gtp("final_score"), me))
    return counts[1] <= counts[0] - 1
for f in args:
    s = open(f).read()
    size = int(re.search(r"SZ\[(\d+)\]", s).group(1))
    pb = re.search(r"PB\[([^\]]*)\]", s)
    pw = re.search(r"PW\[([^\]]*)\]", s)
    me = "B" if pb and player in pb.group(1) else "W" if pw and player in pw.group(1) else None
    re_ = re.search(r"RE\[([^\]]*)\]", s)
    if me is None or not re_ or re.search(r"\+[RTF]", re_.group(1)):
        continue
    moves = re.findall(r";([BW])\[([a-s]{0,2})\]", s)
    board, seq, calm = {}, [], []
    for c, m in moves:
        if m and not (size <= 19 and m == "tt"):
            pt = (ord(m[0]) - 97, size - (ord(m[1]) - 97))
            # Calm: played into an empty region bordered by the mover's
            # stones only, and taking nothing.
            border, region = enclosed(board, size, pt) if pt not in board else (set(), ())
            room = len(region)
            quiet = border == {c}
            stones = len(board)
            play(board, size, c, pt)
            calm.append(room if quiet and len(board) == stones + 1 else 0)
            seq.append((c, pt))
        else:
            calm.append(0)
            seq.append((c, None))
    gtp(f"boardsize {size}")
    gtp(f"loadsgf {f}")
    dead = {vertex(v) for v in gtp("final_status_list dead").split()}
    alive = {q: c for q, c in board.items() if q not in dead}
    # Territory: empty regions (dead stones as empty) bordered by one colour.
    owner, seen = {}, set()
    for x in range(size):
        for y in range(1, size + 1):
            q = (x, y)
            if q in alive or q in seen:
                continue
            border, region = enclosed(alive, size, q)
            seen |= region
            if len(border) == 1:
                for r in region:
                    owner[r] = next(iter(border))
    games += 1
    mine = [i for i, (c, pt) in enumerate(seq) if c == me and pt is not None]
    if last is not None:
        mine = mine[-last:]
    bad, answered, kept = [], [], []
    for i in mine:
        pt = seq[i][1]
        if alive.get(pt) != me or not calm[i]:
            continue
        x, y = pt
        around = [(a, b) for a in (x - 1, x, x + 1) for b in (y - 1, y, y + 1)
                  if (a, b) != pt and 0 <= a < size and 1 <= b <= size]
        if not all(alive.get(q) == me or (q not in alive and owner.get(q) == me and q not in dead)
                   for q in around):
            continue
        before = [seq[j][1] for j in range(max(0, i - 4), i) if seq[j][0] != me and seq[j][1]]
        near = any(max(abs(a - x), abs(b - y)) <= 2 for a, b in before[-2:])
        name = COLS[x] + str(y)
        if not near and needed(f, i, me, name):
            defences += 1
            kept.append(f"{i + 1}:{name}({calm[i]})")
            continue
        if near:
            replies += 1
            answered.append(f"{i + 1}:{name}({calm[i]})")
        else:
            unprovoked += 1
            small += calm[i] <= SMALL
            bad.append(f"{i + 1}:{name}({calm[i]})")
    if bad:
        flagged_games += 1
    if bad or answered or kept:
        print(f"{f}: {me} unprovoked {' '.join(bad) or '-'} replies {' '.join(answered) or '-'}"
              f" defences {' '.join(kept) or '-'}")
print(f"games {games} games-with-fills {flagged_games} unprovoked {unprovoked} "
      f"(in regions of at most {SMALL} points {small}) replies {replies} defences {defences}")
