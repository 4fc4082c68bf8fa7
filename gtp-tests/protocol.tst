# Protocol: every command kosumi lists (a test in tests/regress.rs checks
# that each appears in some .tst file), with the replies clients parse and
# the error cases GTP fixes. Lines `#! [regex]` after a command without an
# id are error checks (`kosumi regress` verifies the `?` reply; for
# gogui-regress they are comments and the error shows in its Error column).

# --- Identification ------------------------------------------------------
1 protocol_version
#? [2]
2 name
#? [kosumi]
# Lizzie wants X.Y.
3 version
#? [[0-9]+\.[0-9]+]
protocol_version 2
#! [syntax error.*]
name please
#! [syntax error.*]

# --- known_command / list_commands -----------------------------------------
4 known_command play
#? [true]
5 known_command genmove
#? [true]
6 known_command reg_genmove
#? [true]
7 known_command kgs-genmove_cleanup
#? [true]
8 known_command final_status_list
#? [true]
# Exact names only: no prefix, no other case, nothing unknown.
9 known_command pla
#? [false]
10 known_command playx
#? [false]
11 known_command PLAY
#? [false]
12 known_command frobnicate
#? [false]
known_command
#! [syntax error.*]
# One command a line, no trailing spaces, the required ones present.
13 list_commands
#? [protocol_version\n(.*\n)*play\n(.*\n)*genmove\n(.*\n)*final_score\n.*]
14 list_commands
#? [!.*[ ].*]
15 list_commands
#? [([a-z_-]+\n)+[a-z_-]+]
list_commands all
#! [syntax error.*]
frobnicate
#! [unknown command]
playx b d4
#! [unknown command]
PLAY b d4
#! [unknown command]

# --- Ids and preprocessing ----------------------------------------------
# A tab is a space, a comment is cut, control characters are dropped.
16 name	# a comment after a tab
#? [kosumi]
17   known_command   play
#? [true]

# --- boardsize, clear_board, komi ---------------------------------------
18 boardsize 9
#? []
19 komi 6.5
#? []
20 komi -2.5
#? []
21 komi 7
#? []
komi
#! [syntax error.*]
komi seven
#! [syntax error.*]
komi 7.5 8
#! [syntax error.*]
# 1x1 is a board (GNU Go, the reference implementation, takes it): every
# move is suicide, so both sides pass.
boardsize 1
80 genmove b
#? [PASS]
81 is_legal b A1
#? [0]
boardsize 26
#! [unacceptable size]
boardsize 0
#! [unacceptable size]
boardsize -9
#! [unacceptable size]
boardsize nine
#! [syntax error.*]
boardsize
#! [syntax error.*]
# Komi survives boardsize and clear_board (Sabaki and GoGui send it only
# when it changes); printsgf shows it with the size.
boardsize 13
clear_board
22 printsgf
#? [\(;.*SZ\[13\]KM\[7\].*\)]
clear_board x
#! [syntax error.*]
# A failed boardsize keeps the board as it was.
play b g7
boardsize 99
#! [unacceptable size]
23 is_legal w g7
#? [0]

# --- play, undo, is_legal -----------------------------------------------
boardsize 9
komi 7.5
24 play b e5
#? []
25 play w E6
#? []
26 is_legal b e6
#? [0]
27 is_legal b pass
#? [1]
28 is_legal white PASS
#? [1]
is_legal b
#! [syntax error.*]
is_legal b z9
#! [syntax error.*]
is_legal purple e5
#! [syntax error.*]
29 undo
#? []
30 is_legal b e6
#? [1]
undo 2
#! [syntax error.*]
31 undo
#? []
undo
#! [cannot undo]
play b e5 now
#! [syntax error.*]

# --- showboard -----------------------------------------------------------
# Free format; kosumi prints the board with coordinates on the edges and
# no empty line inside.
play b c3
play w g7
32 showboard
#? [.*A B C D E F G H J.*O.*X.*]
33 showboard
#? [!.*\n\n.*]
showboard now
#! [syntax error.*]

# --- printsgf and loadsgf ------------------------------------------------
34 printsgf
#? [\(;GM\[1\]FF\[4\].*SZ\[9\].*;B\[cg\];W\[gc\]\)]
# loadsgf answers the colour to move, like GNU Go.
35 loadsgf sgf/triple-ko.sgf
#? [black]
36 printsgf
#? [\(;.*SZ\[9\].*AB(\[[a-i][a-i]\])+.*AW(\[[a-i][a-i]\])+.*\)]
# Handicap games: white moves first after the setup.
37 loadsgf sgf/handicap-2.sgf
#? [white]
38 is_legal w c3
#? [0]
# The position before move 3: two moves played, white to move.
39 loadsgf sgf/score-prisoners.sgf 3
#? [white]
40 is_legal b a9
#? [0]
41 loadsgf sgf/score-prisoners.sgf 1
#? [white]
42 is_legal b a9
#? [1]
43 loadsgf sgf/score-prisoners.sgf 999
#? [white]
# After the capture at B9, A9 is empty; its SGF says black passed last.
44 is_legal w a9
#? [0]
loadsgf sgf/no-such-file.sgf
#! [cannot load file]
loadsgf protocol.tst
#! [cannot load file]
loadsgf
#! [syntax error.*]
loadsgf sgf/triple-ko.sgf x
#! [syntax error.*]
loadsgf sgf/triple-ko.sgf -1
#! [syntax error.*]
# A failed loadsgf keeps the game.
45 is_legal w a9
#? [0]

# --- final_score, final_status_list ---------------------------------------
boardsize 9
clear_board
komi 7.5
46 final_score
#? [W\+7\.5]
47 final_status_list alive
#? []
final_status_list
#! [syntax error.*]

# --- genmove, reg_genmove, kgs-genmove_cleanup --------------------------
# reg_genmove answers a vertex or PASS without playing it; genmove plays.
boardsize 9
clear_board
48 reg_genmove black
#? [[A-HJ][1-9]]
49 is_legal w e5
#? [1]
50 genmove b
#? [[A-HJ][1-9]]
51 genmove WHITE
#? [[A-HJ][1-9]]
# Two stones are on the board now: undo takes both back.
52 undo
#? []
53 undo
#? []
undo
#! [cannot undo]
54 kgs-genmove_cleanup b
#? [[A-HJ][1-9]]
55 reg_genmove w
#? [[A-HJ][1-9]|PASS]
genmove
#! [syntax error.*]
genmove x
#! [syntax error.*]
reg_genmove
#! [syntax error.*]
kgs-genmove_cleanup
#! [syntax error.*]
genmove b c3
#! [syntax error.*]
# A 2x2 board where white has no legal move but pass.
boardsize 2
play b a1
play b b2
56 reg_genmove w
#? [PASS]
boardsize 9

# --- restricted_genmove ------------------------------------------------------
# GNU Go's, in its regression files: reg_genmove kept to the listed
# points, not played; a pass when none of them is legal.
clear_board
770 restricted_genmove b A1 J9
#? [A1|J9]
771 is_legal w a1
#? [1]
play w e5
772 restricted_genmove b E5
#? [PASS]
# A finished game where reg_genmove passes: the one legal listed point
# (J1, in Black's own area) is played, not a pass.
loadsgf sgf/end-9-capture-not-seki.sgf
773 reg_genmove b
#? [PASS]
774 restricted_genmove b A1 J1 A9 J9 E5
#? [J1]

# --- attack, defend ------------------------------------------------------------
# GNU Go's reading commands: `1 move` or `0` (no ko codes); a chain that
# no attack takes is defended by `PASS`.
boardsize 9
clear_board
play b e5
play w e6
play w d5
play w f5
775 attack e5
#? [1 E4]
776 defend e5
#? [1 E4]
777 attack d5
#? [0]
778 defend d5
#? [1 PASS]
779 is_legal w e4
#? [1]
attack e4
#! [vertex must not be empty]
defend pass
#! [syntax error.*]
attack
#! [syntax error.*]
defend e5 e6
#! [syntax error.*]
clear_board
restricted_genmove b
#! [syntax error.*]
restricted_genmove b pass
#! [syntax error.*]
restricted_genmove b z99
#! [syntax error.*]
restricted_genmove x a1
#! [syntax error.*]
clear_board

# --- Time ------------------------------------------------------------------
57 time_settings 0 1 0
#? []
58 time_settings 300 30 5
#? []
59 time_settings 60 0 0
#? []
60 time_left b 287 0
#? []
61 time_left white 25.5 3
#? []
time_settings 300 30
#! [syntax error.*]
time_settings -1 0 0
#! [syntax error.*]
time_settings a b c
#! [syntax error.*]
time_left b 10
#! [syntax error.*]
time_left x 10 0
#! [syntax error.*]
62 kgs-time_settings none
#? []
63 kgs-time_settings absolute 600
#? []
64 kgs-time_settings byoyomi 600 30 5
#? []
65 kgs-time_settings canadian 600 300 25
#? []
kgs-time_settings hourglass 60
#! [syntax error.*]
kgs-time_settings byoyomi 600
#! [syntax error.*]
kgs-time_settings
#! [syntax error.*]
66 kgs-time_settings none
#? []
# GoGui records cputime; it is a number of seconds.
67 cputime
#? [[0-9]+(\.[0-9]+)?]
cputime now
#! [syntax error.*]

# --- KGS: rules and game over ---------------------------------------------
68 kgs-rules japanese
#? []
69 kgs-rules chinese
#? []
70 kgs-rules aga
#? []
71 kgs-rules new_zealand
#? []
kgs-rules ing
#! [unknown rules.*]
# kgs-game_over may be an adjournment: the board stays.
play b e5
72 kgs-game_over
#? []
73 is_legal w e5
#? [0]

# bench: the search bench on a fresh engine; the game here is untouched.
boardsize 9
clear_board
play b e5
bench 0
#! [syntax error: playouts must be in 1\.\.10000000, got 0]
bench many
#! [syntax error: playouts must be an integer, got 'many']
750 bench 20
#? [searches: 7, playouts: 140, time: [0-9.]+ s\nNodes searched: [0-9]+\nPlayouts/s: [0-9]+]
760 is_legal b e5
#? [0]

# --- quit ------------------------------------------------------------------
# quit answers, then the engine exits: the runner stops here.
74 quit
#? []

