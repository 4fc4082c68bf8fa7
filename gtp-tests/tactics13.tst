# Tactics on 13x13: reg_genmove must find the move that decides a local
# fight. Each position is loaded from an SGF file; the expected move is
# the only good one. Hand-made problems come first (ladders); then positions
# from GNU Go self-play games (sgf/games/), taken where GNU Go's own reading
# (owl_attack/owl_defend, attack/defend) found a chain or group whose
# fate hangs on one move and GNU Go valued that move far above any other:
# capture a chain in atari, save one's own, kill a group at its vital
# point, or make it live with two eyes.
#
# reg_genmove does not play the move, so each test starts from the file.

boardsize 13

# White D4 E4 have two liberties; black F4 starts a ladder that works.
#    A B C D E F G H J K L M N
# 13 . . . . . . . . . . . . .
# 12 . . . . . . . . . . . . .
# 11 . . . . . . . . . . . . .
# 10 . . . O . . . . . X . . .
#  9 . . . . . . . . . . . . .
#  8 . . . . . . . . . . . . .
#  7 . . . . . . . . . . . . .
#  6 . . . . . . . . . . . . .
#  5 . . . X . . . . . . . . .
#  4 . . X O O . . . . . . . .
#  3 . . . X X . . . . X . . .
#  2 . . . . . . . . . . . . .
#  1 . . . . . . . . . . . . .
loadsgf sgf/ladder-works-13.sgf
1 reg_genmove black
#? [F4]*

# White K10 breaks the ladder: black F4 would fail.
#    A B C D E F G H J K L M N
# 13 . . . . . . . . . . . . .
# 12 . . . . . . . . . . . . .
# 11 . . . . . . . . . . . . .
# 10 . . . O . . . . . O . . .
#  9 . . . . . . . . . . . . .
#  8 . . . . . . . . . . . . .
#  7 . . . . . . . . . . . . .
#  6 . . . . . . . . . . . . .
#  5 . . . X . . . . . . . . .
#  4 . . X O O . . . . . . . .
#  3 . . . X X . . . . X . . .
#  2 . . . . . . . . . . . . .
#  1 . . . . . . . . . . . . .
loadsgf sgf/ladder-broken-13.sgf
2 reg_genmove black
#? [!F4]

# White in atari in a working ladder: running with E5 only loses more.
#    A B C D E F G H J K L M N
# 13 . . . . . . . . . . . . .
# 12 . . . . . . . . . . . . .
# 11 . . . . . . . . . . . . .
# 10 . . . O . . . . . X . . .
#  9 . . . . . . . . . . . . .
#  8 . . . . . . . . . . . . .
#  7 . . . . . . . . . . . . .
#  6 . . . . . . . . . . . . .
#  5 . . . X . . . . . . . . .
#  4 . . X O O X . . . . . . .
#  3 . . . X X . . . . X . . .
#  2 . . . . . . . . . . . . .
#  1 . . . . . . . . . . . . .
loadsgf sgf/ladder-no-escape-13.sgf
3 reg_genmove white
#? [!E5]

# g13-200.sgf, before move 41: black makes the critical group live with M12 (4 stones at K12). GNU Go rates M12 35.3, the next best 16.5.
#    A B C D E F G H J K L M N
# 13 . . . . . . . . . . . . . 13
# 12 . . . . . . . . . X . . . 12
# 11 . . X . O . . . O X . . . 11
# 10 . X . O . . O . O O X X . 10
#  9 . . . . . . . . . X O O . 9
#  8 . . X . . . . . . . O . . 8
#  7 . . . . . . . . X X O . . 7
#  6 . . X . . . . X . X O . . 6
#  5 . . X O . . . . X O X X . 5
#  4 . . X X . . . X . O O . . 4
#  3 . . . . O . . . . O . . . 3
#  2 . . O . . . . O . . . . . 2
#  1 . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N
loadsgf sgf/games/g13-200.sgf 41
4 reg_genmove black
#? [M12]*

# g13-200.sgf, before move 89: black saves its chain in atari with H1 (3 stones at J2). GNU Go rates H1 54.1, the next best 3.7.
#    A B C D E F G H J K L M N
# 13 . . . . . . . . . . . . . 13
# 12 . . . X X X . . O X . X . 12
# 11 . . X . O . . . O X . . . 11
# 10 . X X O . . O . O O X X . 10
#  9 . . . X O . . . O . O O . 9
#  8 . . X . X O . . O O O . . 8
#  7 . . . X X . O O X X O . . 7
#  6 . . X O O O . X X X O . . 6
#  5 . . X O . O . . X O X X . 5
#  4 X X X X O . . X . O O . . 4
#  3 O X O O O X X X O O . . . 3
#  2 O O O X X . X O X O . O . 2
#  1 . . . O . X . . X X O . . 1
#    A B C D E F G H J K L M N
loadsgf sgf/games/g13-200.sgf 89
5 reg_genmove black
#? [H1]

# g13-200.sgf, before move 91: black makes the critical group live with N11 (5 stones at K12). GNU Go rates N11 31.1, the next best 3.9.
#    A B C D E F G H J K L M N
# 13 . . . . . . . . . . . . . 13
# 12 . . . X X X . . O X . X . 12
# 11 . . X . O . . . O X . . . 11
# 10 . X X O . . O . O O X X O 10
#  9 . . . X O . . . O . O O . 9
#  8 . . X . X O . . O O O . . 8
#  7 . . . X X . O O X X O . . 7
#  6 . . X O O O . X X X O . . 6
#  5 . . X O . O . . X O X X . 5
#  4 X X X X O . . X . O O . . 4
#  3 O X O O O X X X O O . . . 3
#  2 O O O X X . X . X O . O . 2
#  1 . . . O . X . X X X O . . 1
#    A B C D E F G H J K L M N
loadsgf sgf/games/g13-200.sgf 91
6 reg_genmove black
#? [N11]

# g13-201.sgf, before move 58: white makes the critical group live with C4 (3 stones at B6). GNU Go rates C4 9.0, the next best 3.5.
#    A B C D E F G H J K L M N
# 13 . . . . . . . . . X . . . 13
# 12 . X O . . O . O O X . . . 12
# 11 . X O . . . O . X . . . . 11
# 10 . X . O . O . . . . X X . 10
#  9 . . . . . . . O O O O X . 9
#  8 . . X . X . X X . . O O . 8
#  7 . X . . . . . . . X . . . 7
#  6 X O O X . . X . O . . X . 6
#  5 X O . . X X O O . X . . . 5
#  4 X X . . . O . . O X . . . 4
#  3 . . O . . O . O . X . . . 3
#  2 . . . . . . . O X . . . . 2
#  1 . . . . . . . O O X . . . 1
#    A B C D E F G H J K L M N
loadsgf sgf/games/g13-201.sgf 58
9 reg_genmove white
#? [C4]

# g13-201.sgf, before move 60: white makes the critical group live with C5 (3 stones at B6). GNU Go rates C5 9.8, the next best 4.6.
#    A B C D E F G H J K L M N
# 13 . . . . . . . . . X . . . 13
# 12 . X O . . O . O O X . . . 12
# 11 . X O . . . O . X . . . . 11
# 10 . X . O . O . . . . X X . 10
#  9 . . . . . . . O O O O X . 9
#  8 . . X . X . X X . . O O . 8
#  7 . X . . . . . . . X . . . 7
#  6 X O O X . . X . O . . X . 6
#  5 X O . X X X O O . X . . . 5
#  4 X X O . . O . . O X . . . 4
#  3 . . O . . O . O . X . . . 3
#  2 . . . . . . . O X . . . . 2
#  1 . . . . . . . O O X . . . 1
#    A B C D E F G H J K L M N
loadsgf sgf/games/g13-201.sgf 60
10 reg_genmove white
#? [C5]

# g13-202.sgf, before move 46: white makes the critical group live with M3 (3 stones at M4). GNU Go rates M3 32.9, the next best 7.2.
#    A B C D E F G H J K L M N
# 13 . . . . . . . O X X . . . 13
# 12 . . . . . . . . O X . . . 12
# 11 . . O . . O . O O X . . . 11
# 10 . . . . . . . X O . X . . 10
#  9 . . . . . O . O . X . . . 9
#  8 . . O . . . . . . . . . . 8
#  7 . . . . . . . X X . . . . 7
#  6 . . X O . . . O X . . . . 6
#  5 . O O . . O . X . . X X . 5
#  4 . X . O . O X . X . . O X 4
#  3 . O O . X X . . . . O . . 3
#  2 . X X . . . X . O . . . . 2
#  1 . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N
loadsgf sgf/games/g13-202.sgf 46
11 reg_genmove white
#? [M3]*

# g13-202.sgf, before move 54: white makes the critical group live with J1 (4 stones at K3). GNU Go rates J1 29.6, the next best 4.6.
#    A B C D E F G H J K L M N
# 13 . . . . . . . O X X . . . 13
# 12 . . . . . . . . O X . . . 12
# 11 . . O . . O . O O X . . . 11
# 10 . . . . . . . X O . X . . 10
#  9 . . . . . O . O . X . . . 9
#  8 . . O . . . . . . . . . . 8
#  7 . . . . . . . X X . . . . 7
#  6 . . X O . . O O X . . . . 6
#  5 . O O . . O . X . . X X X 5
#  4 . X . O . O X . X . . O X 4
#  3 . O O . X X . . X O O . O 3
#  2 O X X X . . X X O . . . . 2
#  1 . . . . . . . . . . . . . 1
#    A B C D E F G H J K L M N
loadsgf sgf/games/g13-202.sgf 54
12 reg_genmove white
#? [J1]*

# g13-202.sgf, before move 55: black kills the critical group at M2 (6 stones at K3). GNU Go rates M2 28.0, the next best 2.5.
#    A B C D E F G H J K L M N
# 13 . . . . . . . O X X . . . 13
# 12 . . . . . . . . O X . . . 12
# 11 . . O . . O . O O X . . . 11
# 10 . . . . . . . X O . X . . 10
#  9 . . . . . O . O . X . . . 9
#  8 . . O . . . . . . . . . . 8
#  7 . . . . . . . X X . . . . 7
#  6 . . X O . . O O X . . . . 6
#  5 . O O . . O . X . . X X X 5
#  4 . X . O . O X . X . . O X 4
#  3 . O O . X X . . X O O . O 3
#  2 O X X X . . X X O . . . . 2
#  1 . . . . . . . . . O . . . 1
#    A B C D E F G H J K L M N
loadsgf sgf/games/g13-202.sgf 55
13 reg_genmove black
#? [M2]

# g13-202.sgf, before move 56: white makes the critical group live with L2 (6 stones at K3). GNU Go rates L2 30.5, the next best 6.5.
#    A B C D E F G H J K L M N
# 13 . . . . . . . O X X . . . 13
# 12 . . . . . . . . O X . . . 12
# 11 . . O . . O . O O X . . . 11
# 10 . . . . . . . X O . X . . 10
#  9 . . . . . O . O . X . . . 9
#  8 . . O . . . . . . . . . . 8
#  7 . . . . . . X X X . . . . 7
#  6 . . X O . . O O X . . . . 6
#  5 . O O . . O . X . . X X X 5
#  4 . X . O . O X . X . . O X 4
#  3 . O O . X X . . X O O . O 3
#  2 O X X X . . X X O . . . . 2
#  1 . . . . . . . . . O . . . 1
#    A B C D E F G H J K L M N
loadsgf sgf/games/g13-202.sgf 56
14 reg_genmove white
#? [L2]*

