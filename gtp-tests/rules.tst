# Rules: captures, multi-chain captures, suicide, capture-not-suicide,
# ko, positional superko (triple ko, retake after passes), snapback, undo,
# and the board edges of every size. Positions are built with `play`
# (either colour may move twice in a row) and checked with `is_legal`,
# which answers 0 on an occupied point, so a captured point reads 1.
#
# kosumi's rules (GTP-CLIENTS.md): suicide is illegal, and a move may not
# recreate any earlier position of the game (positional superko), passes
# included. Lines `#! [regex]` after a command without an id are error
# checks run by `kosumi regress`; gogui-regress reads them as comments.

boardsize 9
clear_board
komi 7.5

# --- Single captures -------------------------------------------------
# White E5 with black on three sides; E6 takes the last liberty.
play b d5
play b f5
play b e4
play w e5
1 is_legal b e5
#? [0]
2 play b e6
#? []
3 is_legal b e5
#? [1]
# White may not play back into the hole: it would have no liberty.
4 is_legal w e5
#? [0]

# Corner: one stone, two liberties.
clear_board
play w a1
play b a2
5 play b b1
#? []
6 is_legal b a1
#? [1]
7 is_legal w a1
#? [0]

# Edge: one stone, three liberties.
clear_board
play w e1
play b d1
play b f1
8 play b e2
#? []
9 is_legal w e1
#? [0]
10 is_legal b e1
#? [1]

# Two stones on the edge.
clear_board
play w d1
play w e1
play b c1
play b f1
play b d2
11 is_legal b e2
#? [1]
12 play b e2
#? []
13 is_legal b d1
#? [1]
14 is_legal b e1
#? [1]
# White D1 would have a liberty at E1 again.
15 is_legal w d1
#? [1]

# A chain of five with one eye-like hole is captured when its last outside
# liberty goes.
clear_board
play w c4
play w d4
play w e4
play w c5
play w e5
play b d5
play b b4
play b b5
play b c3
play b d3
play b e3
play b f4
play b f5
play b c6
play b e6
16 is_legal b d6
#? [1]
17 play b d6
#? []
18 is_legal b c4
#? [1]
19 is_legal b e5
#? [1]

# --- One move, several chains ----------------------------------------
# Black D1 takes the last liberty of white C1 and of white E1 at once.
clear_board
play w c1
play w e1
play b b1
play b c2
play b e2
play b f1
20 play b d1
#? []
21 is_legal b c1
#? [1]
22 is_legal b e1
#? [1]

# Black E5 captures four single stones around it.
clear_board
play w d5
play w f5
play w e6
play w e4
play b c5
play b d4
play b d6
play b g5
play b f4
play b f6
play b e7
play b e3
# White E5 would join the four into one chain without a liberty.
23 is_legal w e5
#? [0]
24 play b e5
#? []
25 is_legal b d5
#? [1]
26 is_legal b f5
#? [1]
27 is_legal b e6
#? [1]
28 is_legal b e4
#? [1]
# Each hole is now a black eye: white may not play there.
29 is_legal w d5
#? [0]

# Two chains of two and three stones captured by one move on the edge.
clear_board
play w a2
play w a3
play w b1
play w c1
play w d1
play b a4
play b b3
play b b2
play b c2
play b d2
play b e1
play b b4
30 is_legal b a1
#? [1]
31 play b a1
#? []
32 is_legal b a2
#? [1]
33 is_legal b d1
#? [1]
34 is_legal w a3
#? [1]

# --- Suicide -----------------------------------------------------------
# A single stone into an eye.
clear_board
play b d5
play b f5
play b e4
play b e6
35 is_legal w e5
#? [0]
play w e5
#! [illegal move]
# Filling one's own eye is legal, only foolish.
36 is_legal b e5
#? [1]

# A single stone into the corner.
clear_board
play b a2
play b b1
37 is_legal w a1
#? [0]
play w a1
#! [illegal move]

# Suicide of three stones: black A1 B1 with one liberty at A2, which black
# may not fill itself, while white A2 captures.
clear_board
play w a3
play w b2
play w c1
play b a1
play b b1
38 is_legal b a2
#? [0]
play b a2
#! [illegal move]
39 is_legal w a2
#? [1]
40 play w a2
#? []
41 is_legal b b1
#? [1]

# Suicide on the edge of a chain with liberties elsewhere is not suicide.
clear_board
play w d2
play w e3
play w f2
play b e2
play b e1
play w d1
42 is_legal b f1
#? [1]
43 play w f1
#? []
# Black E1 E2 was captured by white F1.
44 is_legal w e2
#? [1]

# --- Capture, not suicide ---------------------------------------------
# Black E5 has no empty neighbour but captures white E6, so it lives.
clear_board
play w d5
play w f5
play w e4
play w e6
play b d6
play b f6
play b e7
45 is_legal b e5
#? [1]
46 play b e5
#? []
47 is_legal b e6
#? [1]

# --- Ko ------------------------------------------------------------------
# That capture made a ko: white may not take back at once.
48 is_legal w e6
#? [0]
play w e6
#! [illegal move]
# After a ko threat and its answer, white may retake.
play w c3
play b c4
49 is_legal w e6
#? [1]
50 play w e6
#? []
51 is_legal b e5
#? [0]
# Two passes do not lift the ban under positional superko: black E5 would
# recreate the position after black C4 (GNU Go, with simple ko, allows it).
play b pass
play w pass
52 is_legal b e5
#? [0]
play b e5
#! [illegal move]
# A real threat and answer change the board: then black may retake.
play b g7
play w g6
53 is_legal b e5
#? [1]
54 play b e5
#? []

# A ko in the corner: white A1 takes black B1, black B1 takes back.
clear_board
play b a2
play b b1
play w b2
play w c1
55 is_legal w a1
#? [1]
56 play w a1
#? []
57 is_legal b b1
#? [0]
58 is_legal w b1
#? [1]
play b g5
play w g4
59 play b b1
#? []
60 is_legal w a1
#? [0]

# --- Snapback --------------------------------------------------------
# White A2 B2 C2 C1 has two liberties, A1 and B1. Black throws in at B1,
# white takes it with A1, and black takes back five stones at B1: not a
# ko, since five stones are captured.
clear_board
play b a3
play b b3
play b c3
play b d3
play b d2
play b d1
play w a2
play w b2
play w c2
play w c1
61 play b b1
#? []
62 play w a1
#? []
63 is_legal b b1
#? [1]
64 play b b1
#? []
65 is_legal b a1
#? [1]
66 is_legal b c2
#? [1]
67 is_legal w a2
#? [1]

# --- Triple ko -----------------------------------------------------------
# Three kos on the border (sgf/triple-ko.sgf):
#    A B C D E F G H J
#  9 . . . X X O O . .
#  8 . . . X O . O . .
#  7 . . . X X O O . .
#  6 . . . X X O O . .
#  5 . . . X . X O . .
#  4 . . . X X O O . .
#  3 . . . X X O O . .
#  2 . . . X O . O . .
#  1 . . . X X O O . .
# Black takes F8, white E5, black F2, white E8, black F5; white E2 would
# then restore the start position: simple ko allows it, superko does not.
68 loadsgf sgf/triple-ko.sgf
#? [black]
69 is_legal w e5
#? [1]
70 play b f8
#? []
71 is_legal w e8
#? [0]
72 play w e5
#? []
73 is_legal b f5
#? [0]
74 play b f2
#? []
75 play w e8
#? []
76 play b f5
#? []
77 is_legal w e2
#? [0]
play w e2
#! [illegal move]
# White passes; black F8 makes a new position (all three kos black's).
78 play w pass
#? []
79 is_legal b f8
#? [1]
80 play b f8
#? []
# Every white capture now repeats a position: E8 (also simple ko) the one
# after black F5, E2 the one after black F8 at move 1, E5 the one after
# black F2.
81 is_legal w e8
#? [0]
82 is_legal w e2
#? [0]
83 is_legal w e5
#? [0]
84 play w h5
#? []

# --- Undo ------------------------------------------------------------------
clear_board
play b e5
play w e6
85 undo
#? []
86 is_legal w e6
#? [1]
87 is_legal b e5
#? [0]
88 undo
#? []
89 is_legal b e5
#? [1]
undo
#! [cannot undo]
# Undo brings captured stones back.
play w a1
play b a2
play b b1
90 is_legal b a1
#? [1]
91 undo
#? []
92 is_legal b a1
#? [0]
93 play b b1
#? []
# Undo of a ko capture lifts the ban with it.
clear_board
play w d5
play w f5
play w e4
play w e6
play b d6
play b f6
play b e7
play b e5
94 is_legal w e6
#? [0]
95 undo
#? []
96 is_legal b e5
#? [1]
97 is_legal w e5
#? [1]
# clear_board empties the history: nothing to undo.
clear_board
undo
#! [cannot undo]

# --- play: what is and is not a move ----------------------------------
clear_board
98 play b e5
#? []
# The same colour twice in a row is accepted (clients set up this way).
99 play b d5
#? []
100 play W PASS
#? []
101 play white pass
#? []
102 play BLACK C3
#? []
play w e5
#! [illegal move]
play b d5
#! [illegal move]
play b j10
#! [syntax error.*]
play b z1
#! [syntax error.*]
play b i5
#! [syntax error.*]
play x e1
#! [syntax error.*]
play b
#! [syntax error.*]
play b e1 e2
#! [syntax error.*]
play
#! [syntax error.*]
# None of the failed commands changed the board.
103 is_legal b e1
#? [1]
104 is_legal w e5
#? [0]

# --- Every size: the far corner, and a capture there -----------------
boardsize 2
105 play b b2
#? []
106 play w a1
#? []
107 play w b1
#? []
# Black B2 has one liberty left, A2; white A2 captures it.
108 is_legal w a2
#? [1]
109 play w a2
#? []
# Black B2 would capture all three, but the board would then be as after
# the first move: positional superko forbids it.
110 is_legal b b2
#? [0]
boardsize 7
play w g7
play b g6
111 play b f7
#? []
112 is_legal b g7
#? [1]
play b h7
#! [syntax error.*]
boardsize 13
play w n13
play b n12
113 play b m13
#? []
114 is_legal w n13
#? [0]
play b o13
#! [syntax error.*]
boardsize 19
play w t19
play b t18
115 play b s19
#? []
116 is_legal b t19
#? [1]
play b u19
#! [syntax error.*]
play b t20
#! [syntax error.*]
boardsize 25
play w z25
play b z24
117 play b y25
#? []
118 is_legal b z25
#? [1]
119 is_legal w z25
#? [0]
play b z26
#! [syntax error.*]
