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
# hopeless invasion): under territory rules each loses the game. kosumi
# does not pass yet: its playouts let invaders live in areas this large,
# so the search sees the game as open (win rates near 50% for every move)
# and tries an invasion or a reinforcement, though never a stone the
# plain playouts call Black's settled territory.

boardsize 9
loadsgf sgf/territory-settled.sgf
10 final_score
#? [B\+0\.5]
20 reg_genmove black
#? [PASS]*

# The same board under area rules: the count changes, nothing else.
kgs-rules chinese
30 final_score
#? [B\+4\.5]
kgs-rules japanese
40 final_score
#? [B\+0\.5]

# White, losing by half a point, may invade or pass, but never fills its
# own area: a stone there is one point more lost.
50 reg_genmove white
#? [!(E9|F9|G9|H9|J9|E8|F8|G8|H8|J8|E7|F7|G7|H7|J7|E6|F6|G6|H6|J6)]
