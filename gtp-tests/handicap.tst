# Handicap: fixed_handicap on every size from 7 to 25 (GTP-CLIENTS.md
# section 2: L = third line up to 12x12, fourth from 13x13; corners first,
# then the sides, the centre last), its error cases, set_free_handicap and
# place_free_handicap. Handicap stones are setup, not moves: `undo` cannot
# take them back, and white moves next.

boardsize 7
1 fixed_handicap 2
#? [C3 E5]
2 is_legal w E5
#? [0]
clear_board
3 fixed_handicap 4
#? [C3 E5 C5 E3]
clear_board
fixed_handicap 5
#! [invalid handicap]
fixed_handicap 9
#! [invalid handicap]
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 8
4 fixed_handicap 2
#? [C3 F6]
clear_board
5 fixed_handicap 4
#? [C3 F6 C6 F3]
clear_board
fixed_handicap 5
#! [invalid handicap]
fixed_handicap 9
#! [invalid handicap]
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 9
6 fixed_handicap 2
#? [C3 G7]
clear_board
7 fixed_handicap 3
#? [C3 G7 C7]
clear_board
8 fixed_handicap 4
#? [C3 G7 C7 G3]
9 is_legal w G3
#? [0]
clear_board
10 fixed_handicap 5
#? [C3 G7 C7 G3 E5]
clear_board
11 fixed_handicap 6
#? [C3 G7 C7 G3 C5 G5]
clear_board
12 fixed_handicap 7
#? [C3 G7 C7 G3 C5 G5 E5]
clear_board
13 fixed_handicap 8
#? [C3 G7 C7 G3 C5 G5 E3 E7]
clear_board
14 fixed_handicap 9
#? [C3 G7 C7 G3 C5 G5 E3 E7 E5]
15 is_legal w E5
#? [0]
clear_board
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 10
16 fixed_handicap 2
#? [C3 H8]
clear_board
17 fixed_handicap 4
#? [C3 H8 C8 H3]
clear_board
fixed_handicap 5
#! [invalid handicap]
fixed_handicap 9
#! [invalid handicap]
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 11
18 fixed_handicap 2
#? [C3 J9]
clear_board
19 fixed_handicap 9
#? [C3 J9 C9 J3 C6 J6 F3 F9 F6]
clear_board
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 12
20 fixed_handicap 2
#? [C3 K10]
clear_board
21 fixed_handicap 4
#? [C3 K10 C10 K3]
clear_board
fixed_handicap 5
#! [invalid handicap]
fixed_handicap 9
#! [invalid handicap]
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 13
22 fixed_handicap 2
#? [D4 K10]
clear_board
23 fixed_handicap 3
#? [D4 K10 D10]
clear_board
24 fixed_handicap 4
#? [D4 K10 D10 K4]
clear_board
25 fixed_handicap 5
#? [D4 K10 D10 K4 G7]
clear_board
26 fixed_handicap 6
#? [D4 K10 D10 K4 D7 K7]
clear_board
27 fixed_handicap 7
#? [D4 K10 D10 K4 D7 K7 G7]
clear_board
28 fixed_handicap 8
#? [D4 K10 D10 K4 D7 K7 G4 G10]
clear_board
29 fixed_handicap 9
#? [D4 K10 D10 K4 D7 K7 G4 G10 G7]
clear_board
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 14
30 fixed_handicap 2
#? [D4 L11]
clear_board
31 fixed_handicap 4
#? [D4 L11 D11 L4]
clear_board
fixed_handicap 5
#! [invalid handicap]
fixed_handicap 9
#! [invalid handicap]
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 15
32 fixed_handicap 2
#? [D4 M12]
clear_board
33 fixed_handicap 9
#? [D4 M12 D12 M4 D8 M8 H4 H12 H8]
clear_board
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 16
34 fixed_handicap 2
#? [D4 N13]
clear_board
35 fixed_handicap 4
#? [D4 N13 D13 N4]
clear_board
fixed_handicap 5
#! [invalid handicap]
fixed_handicap 9
#! [invalid handicap]
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 17
36 fixed_handicap 2
#? [D4 O14]
clear_board
37 fixed_handicap 9
#? [D4 O14 D14 O4 D9 O9 J4 J14 J9]
clear_board
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 18
38 fixed_handicap 2
#? [D4 P15]
clear_board
39 fixed_handicap 4
#? [D4 P15 D15 P4]
clear_board
fixed_handicap 5
#! [invalid handicap]
fixed_handicap 9
#! [invalid handicap]
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 19
40 fixed_handicap 2
#? [D4 Q16]
clear_board
41 fixed_handicap 3
#? [D4 Q16 D16]
clear_board
42 fixed_handicap 4
#? [D4 Q16 D16 Q4]
43 is_legal w Q4
#? [0]
clear_board
44 fixed_handicap 5
#? [D4 Q16 D16 Q4 K10]
clear_board
45 fixed_handicap 6
#? [D4 Q16 D16 Q4 D10 Q10]
clear_board
46 fixed_handicap 7
#? [D4 Q16 D16 Q4 D10 Q10 K10]
clear_board
47 fixed_handicap 8
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16]
clear_board
48 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]
49 is_legal w K10
#? [0]
clear_board
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 20
50 fixed_handicap 2
#? [D4 R17]
clear_board
51 fixed_handicap 4
#? [D4 R17 D17 R4]
clear_board
fixed_handicap 5
#! [invalid handicap]
fixed_handicap 9
#! [invalid handicap]
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 21
52 fixed_handicap 2
#? [D4 S18]
clear_board
53 fixed_handicap 9
#? [D4 S18 D18 S4 D11 S11 L4 L18 L11]
clear_board
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 22
54 fixed_handicap 2
#? [D4 T19]
clear_board
55 fixed_handicap 4
#? [D4 T19 D19 T4]
clear_board
fixed_handicap 5
#! [invalid handicap]
fixed_handicap 9
#! [invalid handicap]
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 23
56 fixed_handicap 2
#? [D4 U20]
clear_board
57 fixed_handicap 9
#? [D4 U20 D20 U4 D12 U12 M4 M20 M12]
clear_board
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 24
58 fixed_handicap 2
#? [D4 V21]
clear_board
59 fixed_handicap 4
#? [D4 V21 D21 V4]
clear_board
fixed_handicap 5
#! [invalid handicap]
fixed_handicap 9
#! [invalid handicap]
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

boardsize 25
60 fixed_handicap 2
#? [D4 W22]
61 is_legal w W22
#? [0]
clear_board
62 fixed_handicap 9
#? [D4 W22 D22 W4 D13 W13 N4 N22 N13]
clear_board
fixed_handicap 1
#! [invalid handicap]
fixed_handicap 10
#! [invalid handicap]

# Sizes below 7 have no fixed handicap.
boardsize 6
fixed_handicap 2
#! [invalid handicap]
boardsize 5
fixed_handicap 4
#! [invalid handicap]

# --- What fixed_handicap leaves behind -------------------------------
boardsize 19
komi 0.5
63 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]
# Setup stones, not moves: nothing to undo, and the SGF records HA and AB.
undo
#! [cannot undo]
64 printsgf
#? [\(;.*SZ\[19\].*HA\[9\].*AB(\[[a-s][a-s]\]){9}[^;]*\)]
# Only on an empty board.
fixed_handicap 2
#! [board not empty]
set_free_handicap a1 a2
#! [board not empty]
place_free_handicap 2
#! [board not empty]
# Moves go on from there; clear_board clears the stones.
65 play w c3
#? []
clear_board
66 is_legal w k10
#? [1]
# A stone played before is a move too: the board is no longer empty.
play b a1
fixed_handicap 2
#! [board not empty]
undo
67 fixed_handicap 2
#? [D4 Q16]
clear_board
fixed_handicap x
#! [syntax error.*]
fixed_handicap
#! [syntax error.*]
fixed_handicap -4
#! [invalid handicap]
fixed_handicap 4 4
#! [syntax error.*]

# --- set_free_handicap ----------------------------------------------
# GoGui and Sabaki place handicap this way, anywhere.
boardsize 9
68 set_free_handicap a1 j9 e5
#? []
69 is_legal w a1
#? [0]
70 is_legal w j9
#? [0]
71 is_legal w e5
#? [0]
72 is_legal w e4
#? [1]
undo
#! [cannot undo]
73 printsgf
#? [.*HA\[3\]AB(\[(ai|ia|ee)\]){3}.*]
clear_board
# Lower case, upper case, on the edges of a 25x25 board.
boardsize 25
74 set_free_handicap A1 z25 a25 Z1 m13
#? []
75 is_legal b z25
#? [0]
clear_board
# Error cases: too few, duplicated, pass, off the board, bad text, and the
# whole board.
set_free_handicap d4
#! [invalid number of stones]
set_free_handicap
#! [invalid number of stones]
set_free_handicap d4 d4
#! [bad vertex list]
set_free_handicap d4 pass
#! [bad vertex list]
set_free_handicap d4 z26
#! [syntax error.*]
set_free_handicap d4 i4
#! [syntax error.*]
set_free_handicap d4 x
#! [syntax error.*]
# None of those left a stone.
76 is_legal w d4
#? [1]
boardsize 7
77 set_free_handicap a1 a2 a3 a4 a5 a6 a7 b1 b2 b3 b4 b5 b6 b7 c1 c2 c3 c4 c5 c6 c7 d1 d2 d3 d4 d5 d6 d7 e1 e2 e3 e4 e5 e6 e7 f1 f2 f3 f4 f5 f6 f7 g1 g2 g3 g4 g5 g6
#? []
# White may fill the last point: it captures all 48 stones.
78 is_legal w g7
#? [1]
clear_board
set_free_handicap a1 a2 a3 a4 a5 a6 a7 b1 b2 b3 b4 b5 b6 b7 c1 c2 c3 c4 c5 c6 c7 d1 d2 d3 d4 d5 d6 d7 e1 e2 e3 e4 e5 e6 e7 f1 f2 f3 f4 f5 f6 f7 g1 g2 g3 g4 g5 g6 g7
#! [invalid number of stones]
79 is_legal b a1
#? [1]

# --- place_free_handicap ------------------------------------------------
# The engine chooses; it may return fewer stones than asked, but for a few
# stones on a large board it gives them all, on distinct empty points.
boardsize 19
80 place_free_handicap 9
#? [[A-T][0-9]+( [A-T][0-9]+){8}]
undo
#! [cannot undo]
clear_board
81 place_free_handicap 2
#? [[A-T][0-9]+ [A-T][0-9]+]
clear_board
82 place_free_handicap 4
#? [[A-T][0-9]+( [A-T][0-9]+){3}]
# Four distinct stones really on the board.
83 printsgf
#? [.*HA\[4\]AB(\[[a-s][a-s]\]){4}\).*]
clear_board
place_free_handicap 1
#! [invalid number of stones]
place_free_handicap 361
#! [invalid number of stones]
place_free_handicap x
#! [syntax error.*]
boardsize 9
84 place_free_handicap 5
#? [[A-J][1-9]( [A-J][1-9]){4}]
clear_board
85 place_free_handicap 9
#? [[A-J][1-9]( [A-J][1-9]){8}]

