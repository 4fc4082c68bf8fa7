#!/usr/bin/env python3
"""Count the moves that change nothing while a needed fill is open, in the
last moves of finished games.

usage: lastmoves.py [--rules chinese|japanese] [--player NAME] [--last N] SGF...

A needed fill is open for the player to move when one of its chains that
GNU Go (from /usr/games or PATH, with the rules given) does not call dead
can be captured if the player leaves it, and saved if the player moves
first: GNU Go's tactical reader (`attack`, `defend`) answers both with an
unconditional result (code 1; a chain that only a ko takes is not
counted). That covers a chain in atari, a two-liberty chain that a fill
puts in atari or into a ladder, and a shortage of liberties the reader
sees; the reader is GNU Go's, not kosumi's, so kosumi is not its own judge.

A move of the player changes nothing under the rules in force when it is a
pass, or a stone that takes nothing on a point GNU Go's
`final_status_list` names the player's own territory, or (territory rules
only: under area rules a dame is a point) dame, where the opponent's stone
would change nothing either: GNU Go's `final_score` after an opponent's
stone there (the player still to move) is not a point or more worse for
the player than before. A point the opponent could push into, cut at or
take (the answer to a hane, a connection) is contested, and a stone there
is needed, though it ends as the player's territory. Such a move counts when a
needed fill was open before it and the chain can still be captured after
it; where several chains needed a fill, a move that saves one of them is
a needed fill too and does not count. Each is printed with the game, the move number, the move, and the
chain that is left to be taken.

The rules come from --rules (default: the record's RU, else chinese): the
match runner writes RU[Chinese] even when the engines played by territory.
--last N looks at the last N moves of each game (default 10; both colours
count towards N). Resigned games are skipped. Ends with one line per
player name: its moves looked at, the positions where a needed fill was
open for it, the moves that changed nothing then (passes among them)."""
import os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sgfboard import GTP, margin, name, open_fills, play, points, read_game, won  # noqa: E402
from sgfboard import gnugo as find_gnugo  # noqa: E402

args = sys.argv[1:]
rules, player, last = None, None, 10
while args and args[0].startswith("--"):
    if args[0] == "--rules" and len(args) > 1:
        rules, args = args[1].lower(), args[2:]
    elif args[0] == "--player" and len(args) > 1:
        player, args = args[1], args[2:]
    elif args[0] == "--last" and len(args) > 1:
        last, args = int(args[1]), args[2:]
    else:
        raise SystemExit(__doc__)
if not args or rules not in (None, "chinese", "japanese"):
    raise SystemExit(__doc__)
gnugo = find_gnugo()
engines = {}


def referee(rule):
    if rule not in engines:
        engines[rule] = GTP([gnugo, "--mode", "gtp", f"--{rule}-rules"])
    return engines[rule]


stats = {}
for f in args:
    g = read_game(f)
    if g is None or g.resigned:
        continue
    rule = rules or ("japanese" if re.match(r"(?i)(japanese|korean)", g.ru or "") else "chinese")
    gg = referee(rule)
    gg.gtp(f"boardsize {g.size}")
    gg.gtp("clear_board")
    gg.gtp(f"komi {g.komi}")
    board = {}
    start = max(0, len(g.moves) - last)
    for i, (c, pt) in enumerate(g.moves):
        who = g.names[c]
        looked = i >= start and (player is None or player in who)
        threats = []
        if looked:
            st = stats.setdefault(who, [0, 0, 0, 0])
            st[0] += 1
            threats = open_fills(gg, board, g.size, c)
            if threats:
                st[1] += 1
                own = "black_territory" if c == "B" else "white_territory"
                nothing = points(gg.gtp(f"final_status_list {own}"))
                if rule == "japanese":
                    nothing |= points(gg.gtp("final_status_list dame"))
        # A stone of the player's own territory (or dame) is a move that
        # changes nothing only if the opponent's stone there would change
        # nothing either: a point the opponent could take, push into or
        # cut at (an answer to a hane, a connection) is contested, and the
        # move there is a needed one (GNU Go's count, same side to move).
        contested = False
        if threats and pt is not None and pt in nothing:
            before = margin(gg.gtp("final_score"), c)
            opp = "W" if c == "B" else "B"
            if gg.gtp(f"is_legal {opp} {name(pt)}") == "1":
                gg.gtp(f"play {opp} {name(pt)}")
                contested = margin(gg.gtp("final_score"), c) <= before - 1
                gg.gtp("undo")
        stones = len(board)
        if pt is not None:
            play(board, g.size, c, pt)
        gg.gtp(f"play {c} {name(pt)}")
        if threats:
            took = pt is not None and len(board) != stones + 1
            if pt is None or (pt in nothing and not took and not contested):
                left = [(v, n) for v, n in threats
                        if (tuple(points(v))[0] in board) and won(gg.gtp(f"attack {v}"))]
                # A move that saves one of the chains is a needed fill itself.
                if left and len(left) == len(threats):
                    st[2] += 1
                    st[3] += pt is None
                    chains = " ".join(f"{v}({n})" for v, n in left)
                    print(f"{f}: move {i + 1} {c} {name(pt)} ({who}, {rule}) leaves {chains}")
for who, (moves, open_, nothing, passes) in sorted(stats.items()):
    print(f"{who}: moves {moves} fill-open {open_} changed-nothing {nothing} (passes {passes})")
