# Tactics on 19x19: reg_genmove must find the move that decides a local
# fight. Each position is loaded from an SGF file; the expected move is
# the only good one. Hand-made problems come first (ladders); then positions
# from GNU Go self-play games (sgf/games/), taken where GNU Go's own reading
# (owl_attack/owl_defend, attack/defend) found a chain or group whose
# fate hangs on one move and GNU Go valued that move far above any other:
# capture a chain in atari, save one's own, kill a group at its vital
# point, or make it live with two eyes.
#
# reg_genmove does not play the move, so each test starts from the file.

boardsize 19

# White D4 E4 have two liberties; black F4 starts a ladder that works (black Q16 on its path).
#    A B C D E F G H J K L M N O P Q R S T
# 19 . . . . . . . . . . . . . . . . . . .
# 18 . . . . . . . . . . . . . . . . . . .
# 17 . . . . . . . . . . . . . . . . . . .
# 16 . . . O . . . . . . . . . . . X . . .
# 15 . . . . . . . . . . . . . . . . . . .
# 14 . . . . . . . . . . . . . . . . . . .
# 13 . . . . . . . . . . . . . . . . . . .
# 12 . . . . . . . . . . . . . . . . . . .
# 11 . . . . . . . . . . . . . . . . . . .
# 10 . . . . . . . . . . . . . . . . . . .
#  9 . . . . . . . . . . . . . . . . . . .
#  8 . . . . . . . . . . . . . . . . . . .
#  7 . . . . . . . . . . . . . . . . . . .
#  6 . . . . . . . . . . . . . . . . . . .
#  5 . . . X . . . . . . . . . . . . . . .
#  4 . . X O O . . . . . . . . . . X . . .
#  3 . . . X X . . . . . . . . . . . . . .
#  2 . . . . . . . . . . . . . . . . . . .
#  1 . . . . . . . . . . . . . . . . . . .
loadsgf sgf/ladder-works-19.sgf
1 reg_genmove black
#? [F4]
# GNU Go's reading commands say the same: F4 takes D4 E4, and F4 is
# also White's defence.
4 attack D4
#? [1 F4]
5 defend E4
#? [1 F4]

# The same, but white Q16 breaks the ladder: black F4 would fail.
#    A B C D E F G H J K L M N O P Q R S T
# 19 . . . . . . . . . . . . . . . . . . .
# 18 . . . . . . . . . . . . . . . . . . .
# 17 . . . . . . . . . . . . . . . . . . .
# 16 . . . O . . . . . . . . . . . O . . .
# 15 . . . . . . . . . . . . . . . . . . .
# 14 . . . . . . . . . . . . . . . . . . .
# 13 . . . . . . . . . . . . . . . . . . .
# 12 . . . . . . . . . . . . . . . . . . .
# 11 . . . . . . . . . . . . . . . . . . .
# 10 . . . . . . . . . . . . . . . . . . .
#  9 . . . . . . . . . . . . . . . . . . .
#  8 . . . . . . . . . . . . . . . . . . .
#  7 . . . . . . . . . . . . . . . . . . .
#  6 . . . . . . . . . . . . . . . . . . .
#  5 . . . X . . . . . . . . . . . . . . .
#  4 . . X O O . . . . . . . . . . X . . .
#  3 . . . X X . . . . . . . . . . . . . .
#  2 . . . . . . . . . . . . . . . . . . .
#  1 . . . . . . . . . . . . . . . . . . .
loadsgf sgf/ladder-broken-19.sgf
2 reg_genmove black
#? [!F4]
# No capture: attack fails, and no defence is needed.
6 attack D4
#? [0]
7 defend D4
#? [1 PASS]

# White in atari in a working ladder: running with E5 only loses more.
#    A B C D E F G H J K L M N O P Q R S T
# 19 . . . . . . . . . . . . . . . . . . .
# 18 . . . . . . . . . . . . . . . . . . .
# 17 . . . . . . . . . . . . . . . . . . .
# 16 . . . O . . . . . . . . . . . X . . .
# 15 . . . . . . . . . . . . . . . . . . .
# 14 . . . . . . . . . . . . . . . . . . .
# 13 . . . . . . . . . . . . . . . . . . .
# 12 . . . . . . . . . . . . . . . . . . .
# 11 . . . . . . . . . . . . . . . . . . .
# 10 . . . . . . . . . . . . . . . . . . .
#  9 . . . . . . . . . . . . . . . . . . .
#  8 . . . . . . . . . . . . . . . . . . .
#  7 . . . . . . . . . . . . . . . . . . .
#  6 . . . . . . . . . . . . . . . . . . .
#  5 . . . X . . . . . . . . . . . . . . .
#  4 . . X O O X . . . . . . . . . X . . .
#  3 . . . X X . . . . . . . . . . . . . .
#  2 . . . . . . . . . . . . . . . . . . .
#  1 . . . . . . . . . . . . . . . . . . .
loadsgf sgf/ladder-no-escape-19.sgf
3 reg_genmove white
#? [!E5]
# Black takes at E5; White has no defence.
8 attack D4
#? [1 E5]
9 defend D4
#? [0]

# g19-300.sgf, before move 210: white saves its chain in atari with L11 (2 stones at L10). GNU Go rates L11 7.0, the next best 0.1.
#    A B C D E F G H J K L M N O P Q R S T
# 19 . . . . . . . O O O X . . . . . . . . 19
# 18 . . . . . . . . O X . . X . . . . . . 18
# 17 . . . O . O O O O X X X . . X O X . X 17
# 16 . . . . O X O X O O O X O O X X . X O 16
# 15 . . O X O X X X . X O O X X X . . X O 15
# 14 . . O O X X . X X X O . O O . X X O O 14
# 13 . . . O X . X O O O . O . X O . O O . 13
# 12 . O . O X . X X O . . . . O . . O . . 12
# 11 O . . O X . . . X O . O O . O X O . . 11
# 10 X O O O . X X . . X O X X X . X O . . 10
#  9 X X X X X O O X X X O X O X . X O . . 9
#  8 X . X O O O . O . X X X O X . O . . . 8
#  7 . X X O . . . O X X O O O X . . O O O 7
#  6 X . X O . . O O O X . O X X X O . X O 6
#  5 O X X O . O O X O . . O X O X O . X X 5
#  4 O O O . O X X X O . O O O O X X X . . 4
#  3 . X . O O X X . X X X X . X X . . . . 3
#  2 . . . O X X . . . . . . X . . . . . . 2
#  1 . O O X X . . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N O P Q R S T
loadsgf sgf/games/g19-300.sgf 210
101 reg_genmove white
#? [L11]

# g19-301.sgf, before move 60: white kills the critical group at R7 (3 stones at R5). GNU Go rates R7 19.4, the next best 8.4.
#    A B C D E F G H J K L M N O P Q R S T
# 19 . . . . . . . . . . . . . . . . . . . 19
# 18 . . . . X O . . . . . . . . O . . . . 18
# 17 . . . . X . O . . O . . O . . . O . . 17
# 16 . . X . . . . . . . . . . . X . . O . 16
# 15 . . . . . . . . . . . . X . . . X X . 15
# 14 . . . X . O . . . X . . . . . . . . . 14
# 13 . . . . . . . . . . . X . . . . . . . 13
# 12 . . X . O . . . . . . . . . . . . . . 12
# 11 . . . . . . O . X . . . . . . . . . . 11
# 10 . . . O . . . . . . . . . . X . X . . 10
#  9 . X X O . . O . X . . . . X O . . X . 9
#  8 . . . . . . . . . . . . . X O . X O . 8
#  7 . . . . . . . . . X . X . . O . . . . 7
#  6 . . X . X . . . . . . O . O . X . . O 6
#  5 . . . . . . . . . . . . . . . . X . . 5
#  4 . X . O . O . O . . . . . O . O X . . 4
#  3 . X O . . . . . . O . . . . . . O O . 3
#  2 . . . . . . . . . . . . . . . . . . . 2
#  1 . . . . . . . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N O P Q R S T
loadsgf sgf/games/g19-301.sgf 60
102 reg_genmove white
#? [R7]

# g19-301.sgf, before move 63: black makes the critical group live with S6 (3 stones at R5). GNU Go rates S6 15.9, the next best 8.2.
#    A B C D E F G H J K L M N O P Q R S T
# 19 . . . . . . . . . . . . . . . . . . . 19
# 18 . . . . X O . . . . . . . . O . . . . 18
# 17 . . . . X . O . . O . . O . . . O . . 17
# 16 . . X . . . . . . . . . . . X . . O . 16
# 15 . . . . . . . . . . . . X . . . X X . 15
# 14 . . . X . O . . . X . . . . . . . . . 14
# 13 . . . . . . . . . . . X . . . . . . . 13
# 12 . . X . O . . . . . . . . . . . . . . 12
# 11 . . . . . . O . X . . . . . . . . . . 11
# 10 . . . O . . . . . . . . . . X . X . . 10
#  9 . X X O . . O . X . . . . X O . . X . 9
#  8 . . . . . . . . . . . . . X O . X O . 8
#  7 . . . . . . . . . X . X . . O O O X . 7
#  6 . . X . X . . . . . . O . O . X . . O 6
#  5 . . . . . . . . . . . . . . . . X . . 5
#  4 . X . O . O . O . . . . . O . O X . . 4
#  3 . X O . . . . . . O . . . . . . O O . 3
#  2 . . . . . . . . . . . . . . . . . . . 2
#  1 . . . . . . . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N O P Q R S T
loadsgf sgf/games/g19-301.sgf 63
103 reg_genmove black
#? [S6]

# g19-301.sgf, before move 91: black makes the critical group live with S5 (4 stones at Q6). GNU Go rates S5 16.6, the next best 5.9.
#    A B C D E F G H J K L M N O P Q R S T
# 19 . . . X O O . . . . . . . . . . . . . 19
# 18 . . X . X O . . . . . . . . O . . . . 18
# 17 . . . . X . O . . O . . O . . . O . . 17
# 16 . . X . . . . . . . . . . . X . . O O 16
# 15 . . . . . . . . . . . . X . . . X X O 15
# 14 . . . X . O . . . X . . . . . . . . X 14
# 13 . . . . . . . . . . . X . . . . . X . 13
# 12 . . X . O . . . . . . . . . . . . . . 12
# 11 . . . . . . O . X . . . . . . . . . . 11
# 10 . . . O . . . . . . . . . . X . X . . 10
#  9 . X X O . . O . X . . . . X O . . X . 9
#  8 . . . . . . . . . . . X . X O . X O . 8
#  7 . . . . . . . . . X . X O . O O O X . 7
#  6 . . X . X . . . . . . O . O . X O X O 6
#  5 . . . . . X . . . O . . . . . X X . X 5
#  4 . X . O X O . O . . . . . O O O X O . 4
#  3 . X O . X X O . . O . . . . . . O O . 3
#  2 . X X O O O . . . . . . . . . . . . . 2
#  1 . . O . . . . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N O P Q R S T
loadsgf sgf/games/g19-301.sgf 91
104 reg_genmove black
#? [S5]

# g19-301.sgf, before move 94: white makes the critical group live with P6 (6 stones at P9). GNU Go rates P6 15.7, the next best 6.7.
#    A B C D E F G H J K L M N O P Q R S T
# 19 . . . X O O . . . . . . . . . . . . . 19
# 18 . . X . X O . . . . . . . . O . . . . 18
# 17 . . . . X . O . . O . . O . . . O . . 17
# 16 . . X . . . . . . . . . . . X . . O O 16
# 15 . . . . . . . . . . . . X . . . X X O 15
# 14 . . . X . O . . . X . . . . . . . . X 14
# 13 . . . . . . . . . . . X . . . . . X . 13
# 12 . . X . O . . . . . . . . . . . . . . 12
# 11 . . . . . . O . X . . . . . . . . . . 11
# 10 . . . O . . . . . . . . . . X . X . . 10
#  9 . X X O . . O . X . . . . X O . . X . 9
#  8 . . . . . . . . . . . X . X O . X O . 8
#  7 . . . . . . . . . X . X O X O O O X . 7
#  6 . . X . X . . . . . . O . O . X O X O 6
#  5 . . . . . X . . . O . . . . . X X X X 5
#  4 . X . O X O O O . . . . . O O O X O . 4
#  3 . X O . X X O . . O . . . . . . O O . 3
#  2 . X X O O O . . . . . . . . . . . . . 2
#  1 . . O . . . . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N O P Q R S T
loadsgf sgf/games/g19-301.sgf 94
105 reg_genmove white
#? [P6]

# g19-301.sgf, before move 104: white makes the critical group live with G13 (6 stones at D10). GNU Go rates G13 61.8, the next best 16.6.
#    A B C D E F G H J K L M N O P Q R S T
# 19 . . . X O O . . . . . . . . . . . . . 19
# 18 . . X . X O . O . . . . . . O . . . . 18
# 17 . . . . X X O . . O O O O . . . O . . 17
# 16 . . X . . . X . . . X X . . X . . O O 16
# 15 . . . . . . . . . . . . X . . . X X O 15
# 14 . . . X . O . . . X . . . . . . . . X 14
# 13 . . . . . . . . . . . X . . . . . X . 13
# 12 . . X . O . . . . . . . . . . . . . . 12
# 11 . . . . . . O . X . . . . . . . . . . 11
# 10 . . . O . . . . . . . . . . X . X . . 10
#  9 . X X O . . O . X . . . . X O . . X . 9
#  8 . . . . . . . . . . . X . X O . X O . 8
#  7 . . . . . . . . . X . X O X O O O X . 7
#  6 . . X . X . . . . . X O . O O X O X O 6
#  5 . . . . . X . . . O O . . . . X X X X 5
#  4 . X . O X O O O . . . . . O O O X O . 4
#  3 . X O . X X O . . O . . . . . . O O . 3
#  2 . X X O O O . . . . . . . . . . . . . 2
#  1 . . O . . . . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N O P Q R S T
loadsgf sgf/games/g19-301.sgf 104
106 reg_genmove white
#? [G13]*

# g19-301.sgf, before move 115: black makes the critical group live with E5 (3 stones at E4). GNU Go rates E5 13.5, the next best 7.5.
#    A B C D E F G H J K L M N O P Q R S T
# 19 . . . X O O . . . . . . . . . . . . . 19
# 18 . . X . X O . O . . . . . . O . . . . 18
# 17 . . . . X X O . . O O O O . . . O . . 17
# 16 . . X . . X X O . . X X . . X . . O O 16
# 15 . . . . . X O . . . . . X . . . X X O 15
# 14 . . . X . O . . . X . . . . . . . . X 14
# 13 . . . . . . O . O X . X . . . . . X . 13
# 12 . . X . O . . . O X . . . . . . . . . 12
# 11 . . . . . . O . X . . . . . . . . . . 11
# 10 . . . O . . . . . . . . . . X . X . . 10
#  9 . X X O . . O . X . . . . X O . . X . 9
#  8 . . X . . . . . . . . X . X O . X O . 8
#  7 . . . . . . . . . X . X O X O O O X . 7
#  6 . . X . X . . . . . X O . O O X O X O 6
#  5 . . . O . X . . . O O . . . . X X X X 5
#  4 . X . O X O O O . . . . . O O O X O . 4
#  3 . X O . X X O . . O . . . . . . O O . 3
#  2 . X X O O O . . . . . . . . . . . . . 2
#  1 . . O . . . . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N O P Q R S T
loadsgf sgf/games/g19-301.sgf 115
# Solved without the move-prediction priors; with them (on 19x19 by
# default since they won 19x19 self-play, docs/strength.md) C5 instead.
107 reg_genmove black
#? [E5]

# g19-301.sgf, before move 161: black makes the critical group live with E7 (10 stones at E6). GNU Go rates E7 34.8, the next best 2.0.
#    A B C D E F G H J K L M N O P Q R S T
# 19 . . . X O O . . . . . . . . . . . . . 19
# 18 . . X . X O . O . . . . . . O . . . . 18
# 17 . . . . X X O . . O O O O . . O O . . 17
# 16 . . X . . X X O . . X X . X X . O O O 16
# 15 . . . . . X O . . . . . X . . . X X O 15
# 14 . . . X X O . O X X . . . . . . . . X 14
# 13 . . . . O . O O O X . X . . . . . X . 13
# 12 . . X . O . O X O X . . . . . . . . . 12
# 11 . X O O . . O X X . . . . . . . . . . 11
# 10 . . X O . X O X . . . . . . X X X . . 10
#  9 . X X O X X O . X . . . . X O O O X . 9
#  8 . . X X X O O O . X X X X X O . X . X 8
#  7 . . . O . X . O O X O X O X O O O X . 7
#  6 . . X O X . X X X O . O O O O X O X O 6
#  5 . . . O X X . . . O O . . . . X X X X 5
#  4 . X . O X O O O . . . . . O O O X O . 4
#  3 . X O O X X O . . O . . . . . . O O . 3
#  2 . X X O O O . . . . . . . . . . . . . 2
#  1 . O O . . . . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N O P Q R S T
loadsgf sgf/games/g19-301.sgf 161
108 reg_genmove black
#? [E7]

# g19-301.sgf, before move 167: black makes the critical group live with A6 (5 stones at B5). GNU Go rates A6 29.1, the next best 2.0.
#    A B C D E F G H J K L M N O P Q R S T
# 19 . . . X O O . . . . . . . . . . . . . 19
# 18 . . X . X O . O . . . . . . O . . . . 18
# 17 . . . . X X O . . O O O O . . O O . . 17
# 16 . . X . . X X O . . X X . X X . O O O 16
# 15 . . . . . X O . . . . . X . . . X X O 15
# 14 . . . X X O . O X X . . . . . . . . X 14
# 13 . . . . O . O O O X . X . . . . . X . 13
# 12 . . X . O . O X O X . . . . . . . . . 12
# 11 . X O O . . O X X . . . . . . . . . . 11
# 10 . . X O . X O X . . . . . . X X X . . 10
#  9 . X X O X X O . X . . . . X O O O X . 9
#  8 . . X X X O O O . X X X X X O . X . X 8
#  7 . X O O X X . O O X O X O X O O O X . 7
#  6 . O . O X . X X X O . O O O O X O X O 6
#  5 . X O O X X . . . O O . . . . X X X X 5
#  4 . X . O X O O O . . . . . O O O X O . 4
#  3 . X O O X X O . . O . . . . . . O O . 3
#  2 . X X O O O . . . . . . . . . . . . . 2
#  1 . O O . . . . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N O P Q R S T
loadsgf sgf/games/g19-301.sgf 167
109 reg_genmove black
#? [A6]

# g19-301.sgf, before move 182: white makes the critical group live with F13 (6 stones at C11). GNU Go rates F13 20.8, the next best 1.1.
#    A B C D E F G H J K L M N O P Q R S T
# 19 . . . X O O . . . . . . . . . . . . . 19
# 18 . . X . X O . O . . . . . . O . . . . 18
# 17 . . . . X X O . . O O O O O . O O . . 17
# 16 . . X . . X X O . O X X . X X O O O O 16
# 15 . . . . . X O . O X . . X . . X X X O 15
# 14 . . . X X O . O X X . . . . . . . . X 14
# 13 . . . X O . O O O X . X . . . . . X . 13
# 12 . . X . O X O X O X . . . . . . . . . 12
# 11 . X O O . X O X X . . . . . . . . . . 11
# 10 . . X O . X O X . . . . . . X X X . . 10
#  9 . X X O X X O . X . . . . X O O O X . 9
#  8 . . X X X O O O . X X X X X O . X . X 8
#  7 . X O O X X . O O X O X O X O O O X . 7
#  6 X O . O X . X X X O . O O O O X O X O 6
#  5 . X O O X X . . O O O . . O X X X X X 5
#  4 . X . O X O O O . . . . . O O O X O X 4
#  3 . X O O X X O . . O . . . . . . O O O 3
#  2 . X X O O O . . . . . . . . . . . . . 2
#  1 . O O . . . . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N O P Q R S T
loadsgf sgf/games/g19-301.sgf 182
110 reg_genmove white
#? [F13]

# g19-301.sgf, before move 196: white makes the critical group live with E11 (4 stones at C11). GNU Go rates E11 10.4, the next best 0.6.
#    A B C D E F G H J K L M N O P Q R S T
# 19 . X . X O O . . . . . . . . . . . . . 19
# 18 . . X . X O . O . . . . . . O . . . . 18
# 17 . . . X X X O . . O O O O O . O O . . 17
# 16 . . X . . X X O . O X X . X X O O O O 16
# 15 . . . . . X O . O X . . X . . X X X O 15
# 14 . . . X X O . O X X . . . . . . . . X 14
# 13 . . . X O O O O O X . X . . . . . X . 13
# 12 . . X X O X O X O X . . . . . . . . . 12
# 11 . X O O . X O X X . . . . . . . . . . 11
# 10 . . X O . X O X . . . . . . X X X . . 10
#  9 . X X O X X O . X . . . . X O O O X . 9
#  8 . . X X X O O O . X X X X X O . X . X 8
#  7 . X O O X X . O O X O X O X O O O X . 7
#  6 X O . O X . X X X O O O O O O X O X O 6
#  5 . X O O X X . . O O O . . O X X X X X 5
#  4 . X . O X O O O . . . . . O O O X O X 4
#  3 . X O O X X O . . O . . . . . X O O O 3
#  2 X X X O O O . . . . . . . . . O . . . 2
#  1 . O O . . . . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N O P Q R S T
loadsgf sgf/games/g19-301.sgf 196
111 reg_genmove white
#? [E11]
