# GUI and analysis commands (Sabaki, Lizzie, GoGui).
#
# lz-analyze and kata-analyze stream until the next command arrives, and a
# regression runner waits for each reply before it sends the next command,
# so the streams themselves are checked by tests/gui.rs and tests/sabaki;
# here they appear with their error cases, which reply at once.
#
# lz-genmove_analyze and kata-genmove_analyze do end, but their reply is
# "=id" alone on its first line, then info lines, then "play MOVE".
# gogui-regress takes a reply's text from after its first space, so it
# would judge "move ... play MOVE" (or just "MOVE") and no pattern reads
# the same under both runners. Their replies are checked
# in tests/gui.rs (genmove_analyze_replies_through_the_binary); here they
# run as setup commands and printsgf shows the move they played.

boardsize 9
clear_board
komi 7

10 gogui-interrupt
#? []

20 gogui-analyze_commands
#? [dboard/Ownership/kosumi-ownership\ngfx/Visits/kosumi-visits\ngfx/Win rates/kosumi-winrates\nvar/Principal variation/kosumi-pv\nstring/Search summary/kosumi-summary\ngfx/Dead stones/kosumi-dead_stones\ngfx/Move prediction/kosumi-policy]

lz-analyze B 50 bogus
#! [syntax error: unknown analyze key 'bogus']
lz-analyze X
#! [syntax error: unknown analyze key 'X']
kata-analyze W 10 ownership maybe
#! [syntax error: ownership must be true or false, got 'maybe']
lz-genmove_analyze
#! [syntax error: missing color]
kata-genmove_analyze Q
#! [syntax error: invalid color 'Q']
kata-genmove_analyze B 20 avoid
#! [syntax error: missing color]
kata-genmove_analyze B 20 avoid b Z9 1
#! [syntax error: invalid vertex 'Z9' in move list]
lz-genmove_analyze B 20 allow b D4
#! [syntax error: missing until depth]
lz-genmove_analyze B 20 allow b D4 0
#! [syntax error: until depth must be at least 1]
kosumi-pv extra
#! [syntax error: unexpected argument 'extra']

# Nothing was played by the refused commands: still black to move on an
# empty board (test 40 checks the side to move).
25 is_legal b d4
#? [1]

# An empty 9x9 board: a dboard of 9 rows of 9 values in [-1, 1].
30 kosumi-ownership
#? [(\s*(-?[01]\.[0-9]+\s+){8}-?[01]\.[0-9]+\s*){9}]

40 kosumi-summary
#? [black to move: best [A-HJ][1-9], win rate .*]

50 kosumi-dead_stones
#? [TEXT dead: 0 black, 0 white stones; seki: 0 stones]

# gfx: the model's ranking, without a search; on the empty board the
# 3-3 to 4-4 points lead.
55 kosumi-policy
#? [INFLUENCE( [A-HJ][1-9] [01]\.[0-9]+)+\nLABEL( [A-HJ][1-9] [0-9]+)+\nSQUARE [A-HJ][1-9]\nTEXT black to move: model's first choice [A-HJ][1-9] .*]

# gfx: influence of the visits, labels, and a summary text line.
60 kosumi-visits
#? [INFLUENCE( [A-HJ][1-9] [01]\.[0-9]+)+\nLABEL( [A-HJ][1-9] [0-9]+k?)+\nTEXT black to move: .*]

70 kosumi-winrates
#? [LABEL( [A-HJ][1-9] [0-9]+)+\nSQUARE [A-HJ][1-9]\nTEXT black to move: .*]

# var: the principal variation as moves from the side to move.
80 kosumi-pv
#? [[A-HJ][1-9]( ([A-HJ][1-9]|PASS))*]

# genmove_analyze plays the move: white's reply to E5, then black's.
# (W[] and B[] are passes.)
play b e5
lz-genmove_analyze w 50
90 printsgf
#? [\(;.*;B\[ee\];W\[([a-i][a-i])?\]\)]
kata-genmove_analyze b 50
100 printsgf
#? [\(;.*;B\[ee\];W\[([a-i][a-i])?\];B\[([a-i][a-i])?\]\)]
110 is_legal w e5
#? [0]

# avoid and allow bind the move genmove_analyze plays, as in KataGo.
# White's D5 E5 F5 are in atari: black G5 (SGF ge) captures them (and does
# when nothing is avoided), otherwise white G5 connects to H5 (he) and
# escapes.
clear_board
play b c5
play b d4
play b e4
play b f4
play b d6
play b e6
play b f6
play w d5
play w e5
play w f5
play w h5
kata-genmove_analyze b 50
120 printsgf
#? [\(;.*;W\[he\];B\[ge\]\)]
undo
# G5 avoided: any other point (not a pass).
kata-genmove_analyze b 50 avoid b G5 1
130 printsgf
#? [\(;.*;W\[he\];B\[([a-fhi][a-i]|g[a-df-i])\]\)]
140 is_legal w g5
#? [1]
undo
# Only A9 (aa) allowed: A9 or a pass.
lz-genmove_analyze b 50 allow b A9 1
150 printsgf
#? [\(;.*;W\[he\];B\[(aa)?\]\)]
160 is_legal w g5
#? [1]
