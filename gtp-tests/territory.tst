# Territory (Japanese) rules: the rules a record names, the count under
# each rules, and the end of a game where a stone in one's own territory
# costs a point.
#
# territory-settled.sgf, RU[Japanese], komi 16.5, Black to move:
#    A B C D E F G H J
#  9 . . X O . . . . .
#  8 . . X O . . . . .
#  7 . . X O . . . . .
#  6 X X X O . . . . .
#  5 . . X O O O O O O
#  4 . . X X X X X X X
#  3 . . . . . . . . .
#  2 . . . . . . . . .
#  1 . . . . . . . . .
# Black 37 points, White 20, no dame: B+0.5 counting territory, B+4.5
# counting area. Every black move is a stone in Black's own area (or a
# hopeless invasion): under territory rules each loses the game. The
# board is closed (every empty region one colour's, no chain in atari) and
# Black wins by the count, so Black passes. Before 0.3.1 kosumi tried an
# invasion: its playouts let invaders live in areas this large, and the
# search saw the game as open (win rates near 50% for every move).

boardsize 9
loadsgf sgf/territory-settled.sgf
10 final_score
#? [B\+0\.5]
20 reg_genmove black
#? [PASS]

# The same board under area rules: the count changes, nothing else.
kgs-rules chinese
30 final_score
#? [B\+4\.5]
kgs-rules japanese
40 final_score
#? [B\+0\.5]

# White, losing by half a point, may invade or pass, but never fills its
# own area: a stone there is one point more lost. The playouts kill White's
# group in about a quarter of the games (its one 20-point region is no
# settled area to them), so a stone inside raises White's win rate in the
# search (J6: 42%, against 25% for an invasion); with the learned priors
# on 9x9 (0.3.2) only the pass boost of a close endgame keeps the search
# off J6.
50 reg_genmove white
#? [!(E9|F9|G9|H9|J9|E8|F8|G8|H8|J8|E7|F7|G7|H7|J7|E6|F6|G6|H6|J6)]

# The ends of real games (kosumi against GNU Go, 9x9, komi 6.5).
#
# japanese-end-settled-1.sgf (7a4fabf game 46) before move 51, Black to move:
#    A B C D E F G H J
#  9 . . X O O O O . .
#  8 . . X X X O . O .
#  7 . . . . X O O . .
#  6 . . . . X O O O .
#  5 . . . . . X X O O
#  4 . X X X X X X X O
#  3 X X O O O X . X X
#  2 O O . O . O X . .
#  1 . . O . O O X . .
# No dame is left. kosumi played H2 in the game, both then passed: B+1.5,
# a point thrown away under territory rules. GNU Go (--japanese-rules)
# passes.
loadsgf sgf/japanese-end-settled-1.sgf 51
kgs-rules japanese
110 reg_genmove black
#? [PASS]

# japanese-end-settled-2.sgf (7a4fabf game 26) before move 61, Black to move:
#    A B C D E F G H J
#  9 . X O O X . . . .
#  8 . O O X X X . . .
#  7 . . O O X . . . .
#  6 . O O O X . X . .
#  5 O O O O X X X X X
#  4 O X O X X O O X O
#  3 O X X . X O . O O
#  2 X X X . X O O O .
#  1 . . . X X X O . O
# kosumi filled D2 (C1 keeps the black chains joined), then both passed:
# B+1.5, one point thrown away. GNU Go passes.
loadsgf sgf/japanese-end-settled-2.sgf 61
kgs-rules japanese
130 reg_genmove black
#? [!(D2|D3)]

# end-connect-in-own-area.sgf (269d07b game 67) before move 41, Black to
# move, komi 7:
#    A B C D E F G H J
#  9 . . . O O X . X O
#  8 . . . O X . X O .
#  7 . . . O X . . X .
#  6 . . . O X X . O X
#  5 . . . O X . X O .
#  4 . . O O X . . O .
#  3 . . O X X . . . .
#  2 . . O O X . X O .
#  1 . . . O O X . O .
# White's J9 puts H9 in atari. G9, a point of Black's own area, saves it
# under either rules (GNU Go: G9 17 points, J8, which takes J9, 11); the
# stone played there costs a point under territory rules and is worth it.
# At the regression playouts kosumi plays elsewhere under either rules
# (J2, H3: the win rates of the candidates lie close); at 1 s a move it
# finds J8.
loadsgf sgf/end-connect-in-own-area.sgf 41
kgs-rules japanese
140 reg_genmove black
#? [G9|J8]
kgs-rules chinese
150 reg_genmove black
#? [G9|J8]

# japanese-end-open-ko.sgf (1904656 game 19 against GNU Go, Japanese rules,
# komi 6.5), the end, both passed:
#    A B C D E F G H J
#  9 . . O X X . . . .
#  8 . . O O X . . . .
#  7 . . . O X X . . .
#  6 . . O . O X . . .
#  5 . . . O X X . . .
#  4 . . . O O X X . .
#  3 . . . O X O O O .
#  2 . . . O X X X X .
#  1 . . . O O X . . .
# White's E6 is in atari in an open ko: D6, its last liberty, must be
# filled, so it is no point of White's territory. GNU Go: W+0.5; kosumi
# counted W+1.5 before 0.3.2.
loadsgf sgf/japanese-end-open-ko.sgf
kgs-rules japanese
160 final_score
#? [W\+0\.5]
kgs-rules chinese
170 final_score
#? [W\+1\.5]

# --- The last phase under territory rules (issue 33) ----------------------
# end-neutral-dame.sgf, komi -0.5 (see endgame.tst): C3 is a neutral dame,
# worth nothing by territory; Black wins by 0.5 and passes.
loadsgf sgf/end-neutral-dame.sgf
kgs-rules japanese
100 final_score
#? [B\+0\.5]
110 reg_genmove b
#? [PASS]
play w pass
120 reg_genmove b
#? [PASS]
# end-dame-double-atari.sgf: the dame D4 is needed (White there takes a
# stone by a double atari), under territory rules too.
loadsgf sgf/end-dame-double-atari.sgf
kgs-rules japanese
130 reg_genmove b
#? [D4]
play w pass
140 reg_genmove b
#? [D4]
# end-cut-in-atari.sgf: the stone in atari is connected before passing.
loadsgf sgf/end-cut-in-atari.sgf
kgs-rules japanese
150 reg_genmove b
#? [C2]
play w pass
160 reg_genmove b
#? [C2]
