# Scoring: final_score and final_status_list on finished games under both
# rule sets (kgs-rules chinese = area, kgs-rules japanese = territory and
# prisoners), with dame, dead stones, seki, prisoners, komi and handicap.
#
# kosumi's scoring: dead stones are removed and count as prisoners under
# territory rules; dame count for nobody (so area scores here may differ
# by a point from GNU Go, which gives dame to one side); under territory
# rules no point in seki counts; no handicap compensation under area rules.
# The positions are finished: every group is plainly alive or dead, and
# territories are closed.

# --- An empty board: komi only ------------------------------------------
boardsize 9
clear_board
komi 7.5
kgs-rules chinese
1 final_score
#? [W\+7\.5]
2 final_status_list dead
#? []
3 final_status_list alive
#? []
komi 0
4 final_score
#? [0]
komi -3
5 final_score
#? [B\+3\.0]

# --- Two walls, no dame ---------------------------------------------------
#    A B C D E F G H J
#  9 . . . X O . . . .
#  8 . . . X O . . . .
#  7 . . . X O . . . .
#  6 . . . X O . . . .
#  5 . . . X X O . . .
#  4 . . . . X O . . .
#  3 . . . . X O . . .
#  2 . . . . X O . . .
#  1 . . . . X O . . .
# Black: 10 stones, 31 points of territory; white: 9 stones, 31 points.
kgs-rules chinese
6 loadsgf sgf/score-split.sgf
#? [black]
7 final_score
#? [W\+6\.5]
8 final_status_list dead
#? []
9 final_status_list seki
#? []
10 final_status_list alive
#? [D9 E9 D8 E8 D7 E7 D6 E6 D5 E5 F5 E4 F4 E3 F3 E2 F2 E1 F1]
kgs-rules japanese
11 final_score
#? [W\+7\.5]
# Komi decides: area and territory disagree by black's extra stone.
komi 0.5
12 final_score
#? [W\+0\.5]
kgs-rules chinese
13 final_score
#? [B\+0\.5]
komi 0
14 final_score
#? [B\+1\.0]
kgs-rules japanese
15 final_score
#? [0]
komi -2.5
16 final_score
#? [B\+2\.5]
komi 6.5
17 final_score
#? [W\+6\.5]
kgs-rules chinese
18 final_score
#? [W\+5\.5]

# --- A dame point -------------------------------------------------------
#    A B C D E F G H J
#  5 . . . X . O . . .      E5 touches both colours: nobody's.
kgs-rules chinese
19 loadsgf sgf/score-dame.sgf
#? [black]
20 final_score
#? [W\+7\.5]
kgs-rules japanese
21 final_score
#? [W\+7\.5]
22 final_status_list dead
#? []

# --- Dead stones ----------------------------------------------------------
#    A B C D E F G H J
#  9 . . . X O . . . .
#  8 . . . X O . . . .
#  7 . O . X O . . X .
#  6 . . . X O . . . .
#  5 . . . X X O . . .
#  4 . . . . X O . . .
#  3 . O . . X O . . .
#  2 . . . . X O . . .
#  1 . . O . X O . . .
# White B7 B3 C1 and black H7 are dead: under area rules the board is the
# split above; under territory rules each is also a prisoner.
kgs-rules chinese
23 loadsgf sgf/score-dead.sgf
#? [black]
24 final_status_list dead
#? [B7 H7 B3 C1]
25 final_status_list alive
#? [D9 E9 D8 E8 D7 E7 D6 E6 D5 E5 F5 E4 F4 E3 F3 E2 F2 E1 F1]
26 final_score
#? [W\+6\.5]
kgs-rules japanese
27 final_score
#? [W\+5\.5]
28 final_status_list dead
#? [B7 H7 B3 C1]

# --- Prisoners ------------------------------------------------------------
# The split position; then white A9, black A8, white pass, black B9 takes
# A9, and two passes. Black has one prisoner and two stones in its own
# territory.
kgs-rules chinese
29 loadsgf sgf/score-prisoners.sgf
#? [white]
30 final_score
#? [W\+6\.5]
kgs-rules japanese
31 final_score
#? [W\+8\.5]
# The same game stopped before B9: A9 is then a dead white stone, still
# worth a prisoner and a point of territory to black.
32 loadsgf sgf/score-prisoners.sgf 4
#? [black]
33 final_status_list dead
#? [A9]
34 final_score
#? [W\+7\.5]
kgs-rules chinese
35 final_score
#? [W\+6\.5]

# --- Seki without eyes ----------------------------------------------------
#    A B C D E F G H J
#  9 X . O X . . . . .
#  8 X . O X . . . . .
#  7 X O O X . . . . .
#  6 O X X X . . . . .
#  5 O O O X . . . . .
#  4 . . O X . . . . .
#  3 . . O X . . . . .
#  2 . . O X . . . . .
#  1 . . O X . . . . .
# Black A9 A8 A7 and white C9 C8 C7 B7 share the liberties B9 and B8:
# whoever fills one is captured. B9 and B8 are dame.
kgs-rules chinese
36 loadsgf sgf/score-seki.sgf
#? [black]
37 final_status_list seki
#? [A9 C9 A8 C8 A7 B7 C7]
38 final_status_list dead
#? []
39 final_score
#? [B\+31\.5]
kgs-rules japanese
40 final_score
#? [B\+29\.5]
41 final_status_list alive
#? [D9 D8 D7 A6 B6 C6 D6 A5 B5 C5 D5 C4 D4 C3 D3 C2 D2 C1 D1]

# --- Seki with an eye each --------------------------------------------
#    A B C D E F G H J
#  9 . X . O . O X . .
#  8 X X X O O O X . .
#  7 O O O X X X X . .
#  6 . . O X . . . . .
#  ...
# Black B9 A8 B8 C8 (eye A9) and white D9 D8 E8 F8 F9 (eye E9) share C9.
# Area rules count each eye for its owner; territory rules count no point
# of a seki.
kgs-rules chinese
42 loadsgf sgf/score-seki-eyes.sgf
#? [black]
43 final_status_list seki
#? [B9 D9 F9 A8 B8 C8 D8 E8 F8]
44 final_score
#? [B\+18\.5]
kgs-rules japanese
45 final_score
#? [B\+16\.5]
46 final_status_list dead
#? []

# --- Handicap ------------------------------------------------------------
# Two handicap stones, komi 0.5, then the split position is built around
# them: C3 stands in black's territory, G7 is dead in white's.
boardsize 9
komi 0.5
kgs-rules japanese
fixed_handicap 2
play w e9
play w e8
play w e7
play w e6
play w f5
play w f4
play w f3
play w f2
play w f1
play b d9
play b d8
play b d7
play b d6
play b d5
play b e5
play b e4
play b e3
play b e2
play b e1
47 final_status_list dead
#? [G7]
# Territory: black 30 (C3 is a stone), white 31 and a prisoner.
48 final_score
#? [W\+2\.5]
# Area: black 41, white 40 + 0.5; kosumi gives white no compensation for
# the handicap (GNU Go gives one point a stone: W+1.5).
kgs-rules chinese
49 final_score
#? [B\+0\.5]

# --- 13x13 and 19x19: narrow territories, dead invaders ------------------
#    A B C D E F G H J K L M N
# 13 . . X . . X O . . O . . O
# 12 . . X . . X O . . O . . O
# 11 . O X . . X O . . O . . O
# 10 . . X . . X O . . O . . O
#  9 . . X . O X O . . O . . O
#  8 . . X . . X O . . O . . O
#  7 X X X X X X O O O O O O O
#  6 . . X . . X O . . O . . O
#  5 . . X . . X O . . O . . O
#  4 . . X . . X O . . O X . O
#  3 . . X O . X O . . O . . O
#  2 . . X . . X O . . O . . O
#  1 . . X . . X O . . O . . O
kgs-rules chinese
50 loadsgf sgf/score-13.sgf
#? [black]
51 final_status_list dead
#? [B11 E9 L4 D3]
52 final_score
#? [W\+20\.5]
kgs-rules japanese
53 final_score
#? [W\+5\.5]
# White B11 E9 D3 and black L4 are dead.
#
# 19x19, the same pattern, three columns a side wider: white A16 G12 H6
# D4 and black O3 are dead.
54 loadsgf sgf/score-19.sgf
#? [black]
55 final_status_list dead
#? [A16 G12 H6 D4 O3]
56 final_score
#? [W\+4\.5]
kgs-rules chinese
57 final_score
#? [W\+26\.5]
komi 0.5
58 final_score
#? [W\+19\.5]

# --- Error cases ----------------------------------------------------------
final_status_list
#! [syntax error.*]
final_status_list living
#! [syntax error.*]
final_status_list dead alive
#! [syntax error.*]
final_score now
#! [syntax error.*]
kgs-rules
#! [syntax error.*]
kgs-rules ing
#! [unknown rules.*]
# Case does not matter for the status word.
59 final_status_list DEAD
#? [A16 G12 H6 D4 O3]

# --- A throw-in that kills --------------------------------------------------
# The end of a 9x9 game against Pachi (score-throw-in-kills.sgf, kosumi
# black, komi 7). Black's group on the left and bottom has one eye space,
# A1 D1 and the white stones B1 B2 C1 in it:
#    A B C D E F
#  4 X O X O O X
#  3 X X X O O O
#  2 X O X X X O
#  1 . O O . X X
# White A1 gives up four stones whose capture leaves the pyramid four
# A1 B1 C1 B2, and White's B1 then kills: Black is dead (GNU Go's owl
# reading, and Pachi, count W+36; J8 and F5 G5 H5 are dead too). kosumi
# counted B+9: its playouts refused the throw-in as a self-atari and never
# played the vital point.
kgs-rules chinese
boardsize 9
loadsgf sgf/score-throw-in-kills.sgf
60 final_score
#? [W\+36\.0]
61 final_status_list dead
#? [A8 B8 J8 A7 A6 A5 F5 G5 H5 A4 C4 A3 B3 C3 A2 C2 D2 E2 E1 F1 G1]
