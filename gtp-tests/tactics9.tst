# Tactics on 9x9: reg_genmove must find the move that decides a local
# fight. Each position is loaded from an SGF file; the expected move is
# (or moves) the only good one. Hand-made problems come first (nakade, semeai,
# snapback); then positions
# from GNU Go self-play games (sgf/games/), taken where GNU Go's own reading
# (owl_attack/owl_defend, attack/defend) found a chain or group whose
# fate hangs on one move and GNU Go valued that move far above any other:
# capture a chain in atari, save one's own, kill a group at its vital
# point, or make it live with two eyes.
#
# reg_genmove does not play the move, so each test starts from the file.

boardsize 9

# White has a straight three in the corner: black kills at the vital point H9.
#    A B C D E F G H J
#  9 . . . . X O . . .
#  8 . . . . X O O O O
#  7 . . . . . X X X X
#  6 . . . . . . . . .
#  5 . . X . . . . . .
#  4 . . . . X . . . .
#  3 . X . . . . X . .
#  2 . . . . . . . . .
#  1 . . . . . . . . .
loadsgf sgf/nakade-kill-9.sgf
1 reg_genmove black
#? [H9]
# The same, kept to three points of the eye (GNU Go's restricted_genmove):
# only the middle one kills.
105 restricted_genmove black G9 H9 J9
#? [H9]

# White lives with two eyes by taking the vital point H9 itself.
#    A B C D E F G H J
#  9 . . . . X O . . .
#  8 . . . . X O O O O
#  7 . . . . . X X X X
#  6 . . . . . . . . .
#  5 . . X . . . . . .
#  4 . . . . X . . . .
#  3 . X . . . . X . .
#  2 . . . . . . . . .
#  1 . . . . . . . . .
loadsgf sgf/nakade-live-9.sgf
2 reg_genmove white
#? [H9]

# Semeai (sgf/semeai-9.sgf, komi 2.5): black C9 C8 C7 (liberties B9 B8)
# and white D9 D8 D7 (liberties E9 E8) are shut in; whoever fills the
# other's liberties first wins the race and the game (black by 2.5, or
# white by 13.5).
#    A B C D E F G H J
#  9 O . X O . X . . .
#  8 O . X O . X . . .
#  7 O O X O X X . . .
#  6 . O O X X X X . .
#  5 . . O O O O X . .
#  4 . . . . . O X . .
#  3 . . . . . O X . .
#  2 . . . . . O X . .
#  1 . . . . . O X . .
loadsgf sgf/semeai-9.sgf
101 reg_genmove black
#? [E9|E8]
102 reg_genmove white
#? [B9|B8]
# Kept to one liberty of each chain: the enemy's wins the race.
106 restricted_genmove black B9 E9
#? [E9]
107 restricted_genmove white B8 E8
#? [B8]

# Snapback (sgf/snapback-9.sgf, komi 7.5): black D9 D8 D7 C7 B7 A7 has
# the liberties E9 E8, white C9 C8 B8 A8 has A9 B9. Filling E8 or E9 is
# self-atari; black wins the race only by throwing in at A9 or B9: white
# takes and black takes back five stones (or white ataris and black
# captures four). White to move wins it by E9 or E8.
#    A B C D E F G H J
#  9 . . O X . O X . .
#  8 O O O X . O X . .
#  7 X X X X O O X . .
#  6 O O O O O X X . .
#  5 . . . . O X . . .
#  4 . . . . O X . . .
#  3 . . . . O X . . .
#  2 . . . . O X . . .
#  1 . . . . O X . . .
loadsgf sgf/snapback-9.sgf
103 reg_genmove black
#? [A9|B9]
104 reg_genmove white
#? [E9|E8]

# g9-100.sgf, before move 18: white makes the critical group live with B2 (5 stones at A5). GNU Go rates B2 33.5, the next best 9.3.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . . . . . . . . 8
#  7 . . X . O . O . . 7
#  6 . X X O . . . . . 6
#  5 O O . X X . . . . 5
#  4 . O X . . . . . . 4
#  3 . . O . X . X . . 3
#  2 . . . O X . . . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-100.sgf 18
3 reg_genmove white
#? [B2]*

# g9-100.sgf, before move 19: black makes the critical group live with D8 (3 stones at C7). GNU Go rates D8 34.3, the next best 10.4.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . . . . . . . . 8
#  7 . . X . O . O . . 7
#  6 . X X O . . . . . 6
#  5 O O O X X . . . . 5
#  4 . O X . . . . . . 4
#  3 . . O . X . X . . 3
#  2 . . . O X . . . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-100.sgf 19
4 reg_genmove black
#? [D8]*

# g9-100.sgf, before move 21: black makes the critical group live with B8 (4 stones at C7). GNU Go rates B8 32.6, the next best 11.6.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . . X . . . . . 8
#  7 . . X . O . O . . 7
#  6 . X X O O . . . . 6
#  5 O O O X X . . . . 5
#  4 . O X . . . . . . 4
#  3 . . O . X . X . . 3
#  2 . . . O X . . . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-100.sgf 21
5 reg_genmove black
#? [B8]*

# g9-100.sgf, before move 24: white makes the critical group live with H5 (5 stones at E8). GNU Go rates H5 46.3, the next best 6.3.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . X . X O . . . . 8
#  7 . . X . O . O . . 7
#  6 . X X O O . . . . 6
#  5 O O O X X X . . . 5
#  4 . O X . . . . . . 4
#  3 . . O . X . X . . 3
#  2 . . . O X . . . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-100.sgf 24
6 reg_genmove white
#? [H5]*

# g9-101.sgf, before move 17: black kills the critical group at F8 (4 stones at G7). GNU Go rates F8 35.4, the next best 9.5.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . X . . . . . . 8
#  7 . . . . X . O . . 7
#  6 . . O . . . O . O 6
#  5 . . . . X X X O . 5
#  4 . . . . . O X X . 4
#  3 . . O . O . X . . 3
#  2 . . . . . . . . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-101.sgf 17
7 reg_genmove black
#? [F8]

# g9-101.sgf, before move 18: white makes the critical group live with F8 (4 stones at G7). GNU Go rates F8 37.0, the next best 12.2.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . X . . . . . . 8
#  7 . . . . X . O . . 7
#  6 . . O . . . O . O 6
#  5 . . . . X X X O . 5
#  4 . . . . . O X X . 4
#  3 . . O . O . X . . 3
#  2 . . . . . X . . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-101.sgf 18
8 reg_genmove white
#? [F8]*

# g9-101.sgf, before move 23: black kills the critical group at J8 (5 stones at G8). GNU Go rates J8 31.0, the next best 6.3.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . X . . X O . . 8
#  7 . X . . X . O . . 7
#  6 . . O . . . O . O 6
#  5 . O . . X X X O . 5
#  4 . . . . . O X X . 4
#  3 . . O . O . X . . 3
#  2 . . . . O X . . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-101.sgf 23
9 reg_genmove black
#? [J8]*

# g9-101.sgf, before move 24: white makes the critical group live with H7 (5 stones at G8). GNU Go rates H7 29.5, the next best 12.1.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . X . . X O . . 8
#  7 . X . . X . O . . 7
#  6 . . O . . . O . O 6
#  5 . O . . X X X O . 5
#  4 . . . . . O X X . 4
#  3 . . O . O . X . . 3
#  2 . . . . O X . . . 2
#  1 . . . . X . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-101.sgf 24
10 reg_genmove white
#? [H7]*

# g9-102.sgf, before move 19: black makes the critical group live with H3 (3 stones at F2). GNU Go rates H3 34.2, the next best 8.6.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . . . O X . . . 8
#  7 . . . . O X . . . 7
#  6 . . O . . X . X . 6
#  5 . . . . X . O . . 5
#  4 . O X O O . . . . 4
#  3 . . O . X . O . . 3
#  2 . . . . . X X . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-102.sgf 19
11 reg_genmove black
#? [H3]*

# g9-102.sgf, before move 36: white makes the critical group live with D6 (4 stones at E9). GNU Go rates D6 38.4, the next best 21.6.
#    A B C D E F G H J
#  9 . . . . O O X . . 9
#  8 . . . . O X . X . 8
#  7 . . . X O X . . . 7
#  6 . . O . . X . X . 6
#  5 . . . X X O O X . 5
#  4 . O X O O O X . X 4
#  3 . . O O X O O X . 3
#  2 . . . O X X X . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-102.sgf 36
12 reg_genmove white
#? [D6]*

# g9-102.sgf, before move 38: white makes the critical group live with D8 (4 stones at E9). GNU Go rates D8 30.1, the next best 11.5.
#    A B C D E F G H J
#  9 . . . . O O X . . 9
#  8 . . . . O X . X . 8
#  7 . . . X O X . . . 7
#  6 . . O O X X . X . 6
#  5 . . . X X O O X . 5
#  4 . O X O O O X . X 4
#  3 . . O O X O O X . 3
#  2 . . . O X X X . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-102.sgf 38
13 reg_genmove white
#? [D8]*

# g9-102.sgf, before move 43: black kills the critical group at B3 (10 stones at F5). GNU Go rates B3 43.5, the next best 5.1.
#    A B C D E F G H J
#  9 . . . . O O X . . 9
#  8 . . . O O X . X . 8
#  7 . . O . O X . . . 7
#  6 . O O O X X . X . 6
#  5 . X X X X O O X . 5
#  4 . O X O O O X . X 4
#  3 . . O O X O O X . 3
#  2 . . . O X X X . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-102.sgf 43
14 reg_genmove black
#? [B3]

# g9-103.sgf, before move 24: white makes the critical group live with J3 (4 stones at F3). GNU Go rates J3 36.0, the next best 5.2.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . O X . . . . . 8
#  7 . . O . X . . . . 7
#  6 . . O . . . . . . 6
#  5 . O X X X . X X . 5
#  4 . . O X . . . O X 4
#  3 . . O X . O O . . 3
#  2 . O X X O . . . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-103.sgf 24
15 reg_genmove white
#? [J3]*

# g9-103.sgf, before move 40: white saves its chain in atari with B4 (4 stones at C4). GNU Go rates B4 16.6, the next best 0.0.
#    A B C D E F G H J
#  9 . . O O X . . . . 9
#  8 . . O X . . . . . 8
#  7 . . O X X . . . . 7
#  6 . . O O X . . . . 6
#  5 . O X X X . X X X 5
#  4 . . O X . O X O X 4
#  3 X O O X . O O O O 3
#  2 X O X X O . . . . 2
#  1 . X . . O . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-103.sgf 40
16 reg_genmove white
#? [B4]

# g9-103.sgf, before move 48: white kills the critical group at G6 (5 stones at G5). GNU Go rates G6 18.6, the next best 0.3.
#    A B C D E F G H J
#  9 . . O O X . . . . 9
#  8 . . O X . . . . . 8
#  7 . . O X X X X . . 7
#  6 O . O O X O . . . 6
#  5 X O X X X O X X X 5
#  4 . O O X . O X O X 4
#  3 X O O X . O O O O 3
#  2 X O X X O . . . . 2
#  1 . X X . O . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-103.sgf 48
17 reg_genmove white
#? [G6]*

# g9-103.sgf, before move 49: black makes the critical group live with H8 (18 stones at D8). GNU Go rates H8 62.8, the next best 0.0.
#    A B C D E F G H J
#  9 . . O O X . . . . 9
#  8 . . O X . . . . . 8
#  7 . . O X X X X . . 7
#  6 O . O O X O O . . 6
#  5 X O X X X O X X X 5
#  4 . O O X . O X O X 4
#  3 X O O X . O O O O 3
#  2 X O X X O . . . . 2
#  1 . X X . O . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-103.sgf 49
18 reg_genmove black
#? [H8]*

# g9-106.sgf, before move 27: black makes the critical group live with E4 (3 stones at B3). GNU Go rates E4 25.9, the next best 5.7.
#    A B C D E F G H J
#  9 . . . O O X . . . 9
#  8 . . . O X . X . . 8
#  7 . . O O X . X . . 7
#  6 . . O X . . . . . 6
#  5 . . O O . X . . . 5
#  4 . . . X . . X X . 4
#  3 . X X . . O O X . 3
#  2 . . O O . . . O . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-106.sgf 27
19 reg_genmove black
#? [E4]

# g9-106.sgf, before move 38: white makes the critical group live with A8 (9 stones at D9). GNU Go rates A8 35.1, the next best 1.1.
#    A B C D E F G H J
#  9 . . . O O X . . . 9
#  8 . O . O X . X . . 8
#  7 . . O O X . X . . 7
#  6 X X O . O X . . . 6
#  5 . . O O X X . . . 5
#  4 . . . X X . X X . 4
#  3 X X X . . O O X . 3
#  2 O O O O . . . O O 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-106.sgf 38
20 reg_genmove white
#? [A8]*

# g9-109.sgf, before move 17: black kills the critical group at H4 (4 stones at F3). GNU Go rates H4 35.4, the next best 9.5.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . . . . . . . . 8
#  7 . . O . . O . X . 7
#  6 . . . . . . . . . 6
#  5 . . O . X . X . . 5
#  4 . . . O X . . . . 4
#  3 . . X X X O O . . 3
#  2 . . . X O . . . . 2
#  1 . . . . . O . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-109.sgf 17
21 reg_genmove black
#? [H4]*

# g9-109.sgf, before move 18: white makes the critical group live with H4 (4 stones at F3). GNU Go rates H4 37.0, the next best 13.1.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . . . . . . . . 8
#  7 . . O . . O . X . 7
#  6 . . . . . . . . . 6
#  5 . . O . X . X . . 5
#  4 . X . O X . . . . 4
#  3 . . X X X O O . . 3
#  2 . . . X O . . . . 2
#  1 . . . . . O . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-109.sgf 18
22 reg_genmove white
#? [H4]

# g9-109.sgf, before move 23: black kills the critical group at H1 (5 stones at F3). GNU Go rates H1 31.0, the next best 6.3.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . . . O . X . . 8
#  7 . . O . . O . X . 7
#  6 . . . . . . . . . 6
#  5 . O O . X . X . . 5
#  4 . X . O X . . X . 4
#  3 . . X X X O O O . 3
#  2 . . . X O . . . . 2
#  1 . . . . . O . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-109.sgf 23
23 reg_genmove black
#? [H1]*

# g9-109.sgf, before move 24: white makes the critical group live with G2 (5 stones at F3). GNU Go rates G2 29.5, the next best 12.1.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . . . O . X . . 8
#  7 . . O . . O . X . 7
#  6 . . . . . . . . . 6
#  5 X O O . X . X . . 5
#  4 . X . O X . . X . 4
#  3 . . X X X O O O . 3
#  2 . . . X O . . . . 2
#  1 . . . . . O . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-109.sgf 24
24 reg_genmove white
#? [G2]*

# g9-111.sgf, before move 15: black makes the critical group live with H7 (4 stones at F5). GNU Go rates H7 33.8, the next best 8.7.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . . O . . . . . 8
#  7 . . . . . X . . . 7
#  6 . X . O . . . . . 6
#  5 . . . . . X X X O 5
#  4 . . X O . . O O . 4
#  3 . . X . O . . . . 3
#  2 . . . . . . . . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-111.sgf 15
25 reg_genmove black
#? [H7]*

# g9-111.sgf, before move 17: black makes the critical group live with H6 (5 stones at F5). GNU Go rates H6 35.0, the next best 8.7.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . . O . . . . . 8
#  7 . . . . . X . X . 7
#  6 . X . O . . . . O 6
#  5 . . . . . X X X O 5
#  4 . . X O . . O O . 4
#  3 . . X . O . . . . 3
#  2 . . . . . . . . . 2
#  1 . . . . . . . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-111.sgf 17
26 reg_genmove black
#? [H6]*

# g9-111.sgf, before move 24: white kills the critical group at E6 (6 stones at H7). GNU Go rates E6 54.3, the next best 28.9.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . . O . . . . . 8
#  7 . . . . . X . X O 7
#  6 . X . O . . . X O 6
#  5 . . . . . X X X O 5
#  4 . . X O . . O O . 4
#  3 . . X . O . . . . 3
#  2 . . . X O . . . . 2
#  1 . . . X X O . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-111.sgf 24
27 reg_genmove white
#? [E6]*

# g9-111.sgf, before move 25: black makes the critical group live with J8 (6 stones at H7). GNU Go rates J8 36.4, the next best 6.2.
#    A B C D E F G H J
#  9 . . . . . . . . . 9
#  8 . . . O . . . . . 8
#  7 . . . . . X . X O 7
#  6 . X . O . . . X O 6
#  5 . . . . . X X X O 5
#  4 . . X O . . O O . 4
#  3 . . X . O . . . . 3
#  2 . . . X O . O . . 2
#  1 . . . X X O . . . 1
#    A B C D E F G H J
loadsgf sgf/games/g9-111.sgf 25
28 reg_genmove black
#? [J8]

