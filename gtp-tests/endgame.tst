# Endgame: the engine does not fill its own eyes or break a seki, does not
# pass while a point that decides the game is open, passes when the game
# is won and over, and under kgs-genmove_cleanup captures dead stones
# before it passes. Area rules (kgs-rules chinese) throughout, so passing
# and filling one's own territory cost nothing and only the result counts.
# The positions are those of scoring.tst plus two of their own.

boardsize 9
kgs-rules chinese

# --- Passes when won and over -------------------------------------------
# The split position of scoring.tst: black 41, white 40; with komi 0.5
# black wins by half a point and nothing is left to play.
loadsgf sgf/score-split.sgf
komi 0.5
play w pass
1 reg_genmove b
#? [PASS]
# With komi 10.5 white wins: white passes after black's pass.
loadsgf sgf/score-split.sgf
komi 10.5
play b pass
2 reg_genmove w
#? [PASS]

# --- Does not fill its own eyes ------------------------------------------
#    A B C D E F G H J
#  9 . X X X O . . . .
#  8 X X X X O . . . .
#  7 . X X X O . . . .
#  6 X X X X O . . . .
#  5 X X X X X O . . .
#  4 X X X X X O . . .
#  3 X X X X X O . . .
#  2 X X X X X O . . .
#  1 X X X X X O . . .
# Black's one group lives by the eyes A9 and A7; black wins by 0.5.
loadsgf sgf/end-two-eyes.sgf
play w pass
3 reg_genmove b
#? [!A9|A7]
4 reg_genmove b
#? [PASS]
# White to move cannot kill it, and it does not try the eyes either.
5 reg_genmove w
#? [!A9|A7]

# --- Does not break a seki ------------------------------------------------
# score-seki.sgf: black A9 A8 A7 and white C9 C8 C7 B7 share B9 and B8;
# whoever plays there loses its stones.
loadsgf sgf/score-seki.sgf
play w pass
6 reg_genmove b
#? [!B9|B8]
7 reg_genmove w
#? [!B9|B8]
# score-seki-eyes.sgf: C9 is shared, A9 is black's eye, E9 white's.
loadsgf sgf/score-seki-eyes.sgf
play w pass
8 reg_genmove b
#? [!A9|C9]
9 reg_genmove w
#? [!C9|E9]

# --- Does not pass while losing with moves left ------------------------
# score-dame.sgf: E5 is the last open point; with komi 0.5 it decides
# the game (black 41 to 40.5 with it, 40 to 41.5 without).
#    A B C D E F G H J
#  6 . . . X O . . . .
#  5 . . . X . O . . .
#  4 . . . . X O . . .
loadsgf sgf/score-dame.sgf
komi 0.5
play w pass
10 reg_genmove b
#? [E5]
# With komi -0.5 it is white who must take E5.
loadsgf sgf/score-dame.sgf
komi -0.5
play b pass
11 reg_genmove w
#? [E5]
# end-gap.sgf: white's wall has a gap at E5; whoever takes E5 wins.
#    A B C D E F G H J
#  6 . . . X O . . . .
#  5 . . . X . . O . .
#  4 . . . . X O . . .
loadsgf sgf/end-gap.sgf
12 reg_genmove b
#? [E5]
13 reg_genmove w
#? [E5]

# --- Dead stones and kgs-genmove_cleanup ---------------------------------
# score-dead.sgf: white B7 B3 C1 and black H7 are dead. With komi 0.5
# black wins with them counted dead, so reg_genmove passes ...
loadsgf sgf/score-dead.sgf
komi 0.5
play w pass
14 reg_genmove b
#? [PASS]
# ... while kgs-genmove_cleanup must start removing them: a liberty of
# B7, B3 or C1.
15 kgs-genmove_cleanup b
#? [A7|C7|B8|B6|A3|C3|B4|B2|B1|D1|C2]
# White too removes black H7 before passing (kgs-genmove_cleanup plays
# its move, so the position is loaded again).
loadsgf sgf/score-dead.sgf
komi 0.5
play b pass
16 kgs-genmove_cleanup w
#? [G7|J7|H8|H6]
# 13x13 (score-13.sgf): white wins by 20.5; black L4 is dead.
loadsgf sgf/score-13.sgf
play b pass
17 reg_genmove w
#? [PASS]
18 kgs-genmove_cleanup w
#? [M4|L5|L3]
# 19x19 (score-19.sgf): white wins by 26.5; black O3 is dead.
loadsgf sgf/score-19.sgf
play b pass
19 reg_genmove w
#? [PASS]
20 kgs-genmove_cleanup w
#? [N3|P3|O4|O2]
# A white stone in black's corner, and black to clean up after two
# passes: the first move is a liberty of the dead stone.
boardsize 9
loadsgf sgf/score-prisoners.sgf 4
komi 0.5
play b pass
play w pass
21 kgs-genmove_cleanup b
#? [B9]
# 19x19, the end of a game against GNU Go (docs/matches/268a439-19x19,
# game 0): after White's pass Black wins by 1.5 by GNU Go's count, with
# J17 P16 J11 J9 J8 F4 C3 E3 R3 A2 B2 C2 D2 E2 B1 G1 dead. Black passes,
# and the score does not count White's live group along the bottom as
# dead (judged from the search's own statistics it read B+36.5 to B+55.5:
# with the game decided the search let Black's invasions go unanswered).
loadsgf sgf/end-19-won.sgf 269
22 genmove b
#? [PASS]
23 final_score
#? [B\+1\.5]
24 final_status_list dead
#? [J17 P16 J11 J9 J8 F4 C3 E3 R3 A2 B2 C2 D2 E2 B1 G1]

# --- A liberty where the owner captures is no seki liberty --------------
# The end of a 9x9 game against GNU Go (docs/matches/c8ee74c-9x9, game
# 99, a draw by GNU Go's count). White's top right (G9 ... H7) has the eye
# H9 and F7; Black's upper chain has F7 and J5. Neither side can fill F7,
# White cannot play J5: it looks like a seki, and kosumi read it as one
# (W+19). But Black at J5 captures G5 H5 J4 and connects to its live chain
# below, and then the white top right dies.
#    A B C D E F G H J
#  9 O X X X X X O . O
#  8 O O O O X O O O O
#  7 O . O X X . O O X
#  6 . O O O X X X X X
#  5 O O O O X X O O .
#  4 O O . O O O X X O
#  3 O O O . O O X X X
#  2 . O O O O X X X X
#  1 O O O O X X . X .
loadsgf sgf/end-9-capture-not-seki.sgf
25 final_score
#? [0]
26 final_status_list dead
#? [G9 J9 F8 G8 H8 J8 G7 H7 G5 H5 J4]
# Two 13x13 games against GNU Go (docs/matches/ff77cbd-13x13, games 21
# and 17) with the same false seki: kosumi said W+12 and W+20, GNU Go
# W+2 and W+4. In game 21 Black's left group (A10 ... B4) lives by
# capturing A5 A4 A2 A1 B3.
loadsgf sgf/end-13-capture-not-seki.sgf
27 final_score
#? [W\+2\.0]
28 final_status_list dead
#? [G12 H12 M12 J7 K7 L7 L6 M6 A5 A4 B3 A2 A1]
loadsgf sgf/end-13-capture-not-seki-2.sgf
29 final_score
#? [W\+4\.0]

# A 9x9 game against GNU Go (docs/matches/b274fe6-9x9, game 87), a draw.
# White's ten stones B8 C8 B7 and A6 C6 A5 B5 C5 B4 share two liberties,
# A7 and B6, next to a black stone at A8. They are dead: black connects
# at D4 (or A9 then D4) and then fills A7, and B6 is suicide for white.
# Read one fill deep it looks like a seki (black A9 leaves two liberties,
# A7 and D4), and kosumi called it one (W+21); the seki test now reads a
# second fill (D4 connects to the lower chain).
#    A B C D E F G H J
#  9 . X X X O O . . .
#  8 X O O X X O . . .
#  7 . O X X X O . . .
#  6 O . O X O O O . .
#  5 O O O X X X O . .
#  4 X O X . X O O . .
#  3 X X X X O O . . .
#  2 . . X . X O O . .
#  1 . X . X X X O . .
loadsgf sgf/end-9-connect-then-atari.sgf
30 final_score
#? [0]
31 final_status_list dead
#? [B8 C8 B7 A6 C6 A5 B5 C5 B4]

# A 9x9 game against GNU Go (docs/matches/269d07b-9x9, game 7), a draw.
# Black passed; white's E5 is in atari in a ko (black D5 would take it).
# kosumi passed as white and lost the stone in the referee's count (it
# called the game W+4): connecting at D5, a point of white's own area,
# costs nothing under area scoring. A winner does not pass with a chain
# the opponent can capture.
#    A B C D E F G H J
#  9 . . . O O X X . .
#  8 . . . O O O X . .
#  7 . . O . O X . . .
#  6 . . . O X X . . .
#  5 . . O . O X . . .
#  4 . . . O X X . . .
#  3 . . O X X . . . .
#  2 . . O O X . . . .
#  1 . . O X X . . . .
loadsgf sgf/end-9-ko-stone-in-atari.sgf
32 reg_genmove w
#? [D5]

# A 9x9 game against GNU Go (docs/matches/269d07b-9x9, game 65), a draw.
# White's right side (G9 ... J1, no eye) and Black's J6 J5 share both
# their liberties, H6 and J4. No seki: Black fills H6, White must take
# the three stones at J4, and Black kills the bent three at J6. kosumi
# called it a seki (W+36); the playouts leave White unclear (46%).
#    A B C D E F G H J
#  9 . O O O O X O O O
#  8 O O O O X X X X O
#  7 O O O O X X O O O
#  6 . . . O X X O . X
#  5 . O . O X O O O X
#  4 . O O O X O X O .
#  3 . . O X X X X O O
#  2 O . O O X . X X O
#  1 . O . O O X . X O
loadsgf sgf/end-9-sacrifice-kills.sgf
33 final_score
#? [0]
34 final_status_list dead
#? [G9 H9 J9 J8 G7 H7 J7 G6 F5 G5 H5 F4 H4 H3 J3 J2 J1]

# A 9x9 game against GNU Go (docs/matches/54a762f-9x9, game 75), a draw.
# White's A8 B8 A7 and black's B7 B6 share A6; black's approach at A9 is
# a self-atari until black joins B9 to C8 at C9. No seki: white's three
# stones and G8 G7 H7 are dead. kosumi said W+8.
#    A B C D E F G H J
#  9 . X . . . . . . X
#  8 O O X X . . O X .
#  7 O X O X X X O O X
#  6 . X O O O X . X X
#  5 X . X O X X X X O
#  4 X X X O X O O O O
#  3 X O O O O . O . .
#  2 O O . . . . . . .
#  1 . . . . . . . . .
loadsgf sgf/end-9-prepared-approach.sgf
35 final_score
#? [0]
36 final_status_list seki
#? []

# --- The last phase: needed fills, captures, dame (issue 33) --------------
# end-dame-double-atari.sgf, komi -3.5:
#    A B C D E F G
#  7 . . X O O . .
#  6 . . X O O . .
#  5 . . . X O . .
#  4 . . X . O . .
#  3 . . . X O . .
#  2 . . X O O . .
#  1 . . X O O . .
# D4 looks like a dame, but White there puts D5 and D3 in atari at once:
# Black saves one and loses the other, and the game. Black fills D4
# before anything else; White takes it when it can.
loadsgf sgf/end-dame-double-atari.sgf
kgs-rules chinese
20 reg_genmove b
#? [D4]
play w pass
21 reg_genmove b
#? [D4]
loadsgf sgf/end-dame-double-atari.sgf
kgs-rules chinese
22 reg_genmove w
#? [D4]
# end-cut-in-atari.sgf, komi -5.5: D2 is cut off in atari; every region
# is one colour's. Black connects at C2 (and wins by half a point) rather
# than pass; White takes D2 at C2.
#    A B C D E F G
#  3 . . X O . . .
#  2 . X . X O . .
#  1 . . X O O . .
loadsgf sgf/end-cut-in-atari.sgf
kgs-rules chinese
23 reg_genmove b
#? [C2]
play w pass
24 reg_genmove b
#? [C2]
loadsgf sgf/end-cut-in-atari.sgf
kgs-rules chinese
25 reg_genmove w
#? [C2]
# end-neutral-dame.sgf, komi -0.5: C3 is the only point left, a dame.
#    A B C D E
#  5 . X X O .
#  4 . X O O .
#  3 . X . O .
#  2 . X X O .
#  1 . X O O .
# Under area rules it is a point, and the game: Black fills it, before
# passing too.
loadsgf sgf/end-neutral-dame.sgf
kgs-rules chinese
26 reg_genmove b
#? [C3]
play w pass
27 reg_genmove b
#? [C3]
# From kosumi's own matches against GNU Go under Japanese rules (ff39d82,
# docs/matches/ff39d82-9x9-japanese), where scripts/lastmoves.py found
# kosumi playing a dame while a chain of its own could be taken.
# Game 18, before move 35, Black to move:
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 X . + . . . + . .
#  6 O X X X X . . . .
#  5 O O . O X . X . .
#  4 . . O O O X X X .
#  3 . . O X X O O O .
#  2 . O X X . X O . .
#  1 . O O X . X . . .
# White B7 would take A7 (a ladder along the edge) and break into Black's
# top; ff39d82 played the dame J3. B7, B8, A8 and C7 all save it (GNU Go's
# reader).
loadsgf sgf/games/kosumi-jp-018.sgf 35
kgs-rules japanese
28 reg_genmove b
#? [B7|B8|A8|C7]
# Game 25, before move 34, White to move:
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 O X . . . . . . .
#  7 . O + . O . O . .
#  6 . O O O X O . . .
#  5 O X O X X X O O O
#  4 X X X O X . X X O
#  3 . . + . . X + X X
#  2 . . . . . . . . .
#  1 . . . . . . . . .
# A5 is in atari; A6 connects it. ff39d82 played D8.
loadsgf sgf/games/kosumi-jp-025.sgf 34
kgs-rules japanese
29 reg_genmove w
#? [A6]
# From the 88becc0 matches against GNU Go (9x9, 1 s a move), where
# scripts/lastmoves.py found kosumi passing while GNU Go's reader
# (`attack`, `defend`) could take one of its stones and it could save it.
# Each time the capture lay deeper than 88becc0's reader of the last phase
# read (the liberties of chains of one or two): a net, or an approach
# move with stones kosumi judges dead joining in. The capture reader
# (src/tactics/capture.rs: chains of two or three liberties) finds 31 and
# 32; 30 (four liberties) stays a known failure. The answers are every
# move after which GNU Go's `attack` on the stone fails.
# Chinese match, game 68, before move 39, Black to move; W H3, then H1,
# takes H2 (four liberties):
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . O X . O O
#  7 . . + . O X O O X
#  6 . O O O O O X X X
#  5 O O X X X X X . .
#  4 O X . . . . . . .
#  3 O X + X O . O . .
#  2 X X . X X O . X .
#  1 . . . . . . . . .
loadsgf sgf/games/kosumi-cn-068.sgf 39
kgs-rules chinese
30 reg_genmove b
#? [E1|E4|F1|F3|F4|G1|G2|H1|H3|H4|J2|J3|J4|J5]*
# Chinese match, game 86, before move 45, Black to move; W J8, then H7,
# takes J7 (three liberties):
#    A B C D E F G H J
#  9 . . O O X X . X .
#  8 . . O X X . X O .
#  7 . . O X . X O . X
#  6 . . O O X X O O .
#  5 . O . O X X X O .
#  4 . . . O O O X X .
#  3 . . O O X X X . .
#  2 . . . O X . . . .
#  1 . . O X X . . . .
loadsgf sgf/games/kosumi-cn-086.sgf 45
kgs-rules chinese
31 reg_genmove b
#? [G9|H7|J4|J5|J6|J8|J9]
# Japanese match, game 3, before move 50, White to move; B H6 nets J5:
#    A B C D E F G H J
#  9 . . . . O . . . .
#  8 . . O O . O O . .
#  7 O O O . . . O . .
#  6 X X O . O O . . .
#  5 . X O O X X O . O
#  4 . X O X X X O O X
#  3 . O X X X X O X X
#  2 . X O X . . X X .
#  1 . . . . . . . . .
loadsgf sgf/games/kosumi-jp-003.sgf 50
kgs-rules japanese
32 reg_genmove w
#? [G6|H5|H6|H7|J6|J7|J8]
# Chinese match of 920a7b3, game 2, before move 45: White (GNU Go) has
# just passed, and with F7 G7 H7, J8 and H4 J4 dead the count is a draw
# (komi 7). No move left changes the score; kosumi played on in its own
# area for sixty moves. It takes the draw:
#    A B C D E F G H J
#  9 . . X O O . . O .
#  8 . . X X O O O O X
#  7 . . . X O X X X .
#  6 . . . X X O O . .
#  5 . . . . X X O O .
#  4 . . X . . X O X X
#  3 . . X . . X X O O
#  2 . . . X X O O O .
#  1 . . . X O O O . .
loadsgf sgf/games/kosumi-cn-920-002.sgf 45
kgs-rules chinese
33 reg_genmove b
#? [PASS]
# The same match, game 1, at its end: Black's top right walls in eight
# empty points (G9-J8, H7, H6) and is alive (GNU Go); playouts that fill
# the space at random called it dead and counted W+40 (GNU Go: W+12).
#    A B C D E F G H J
#  9 . O . O . X . . .
#  8 O O . O O X . . .
#  7 . O O . O X X . X
#  6 O . . . . O X . X
#  5 X O O O . O O X O
#  4 X X O O O O O O O
#  3 X . X O X X O O .
#  2 X X . X X X X O O
#  1 . . . . . O X X X
loadsgf sgf/games/kosumi-cn-920-001.sgf
kgs-rules chinese
34 final_status_list dead
#? [!.*(F9|F8|F7|G7|G6|J7|J6).*]
# 6e7b528's Chinese match, game 97, at its end (both passed): White G5
# stands alone in Black's right side, 23 empty points walled by Black's
# top and bottom right. The playouts left walls and stone unclear and
# kosumi counted W+29; GNU Go calls G5 dead and counts W+4.
#    A B C D E F G H J
#  9 O X X . . . . . .
#  8 O O X X X . . . .
#  7 . O O X . . . . .
#  6 . . O O X X . . .
#  5 . . O O X X O . .
#  4 . . . O O O X X .
#  3 . . . O . . O X .
#  2 . . . . O O O X .
#  1 . . . . O X X X X
loadsgf sgf/games/kosumi-cn-6e7-097.sgf
kgs-rules chinese
35 final_status_list dead
#? [G5]
36 final_score
#? [W\+4(\.0)?]
# --- A board closed but for a small gap (issue 33) -----------------------
# Strong players end with a boundary point or two left open where the
# colours meet. kosumi read such a board as open and played on (into an
# area, or a search move); now each gap is valued by the count after the
# other side's answer. Territory rules.
#    A B C D E F G H J
#  9 . . . X O . . . .
#  8 . . . X O . . . .
#  7 . . . X O . . . .
#  6 . . . X O O . . .
#  5 . . . X . . O . .
#  4 . . . X O O . . .
#  3 . . . X O . . . .
#  2 . . . X O . . . .
#  1 . . . X O . . . .
# White E5 makes F5 a point of White's; Black E5 leaves it a dame. Both
# take E5 rather than pass (5afda4b: White played H6 in its own area).
loadsgf sgf/end-gap-gain.sgf
kgs-rules japanese
37 reg_genmove w
#? [E5]
38 reg_genmove b
#? [E5]
#    A B C D E F G H J
#  9 . X . X . X X X X
#  8 O X X X X X . X .
#  7 . O X X X X X X X
#  6 . O O O O O O O O
#  5 X X O . O . O . O
#  4 . X O O O O O O O
#  3 X X O . O . O . O
#  2 . X O O O O O O O
#  1 X X O . O . O . O
# A7 A6: White A6 would make A7 a point, but Black A9 then ataris A8 and
# White fills A7 after all; Black A6 leaves A7 a dame. Every area is
# settled; White, ahead by 3.5, passes (5afda4b played A6).
loadsgf sgf/end-gap-neutral.sgf
kgs-rules japanese
39 reg_genmove w
#? [PASS]
# --- No pass while the opponent plays on in unsettled areas ----------------
# df05be1's Japanese match, game 16 (docs/matches/df05be1-9x9-japanese-stopped),
# before move 63, Black to move:
#    A B C D E F G H J
#  9 . . . . . X X O . 9
#  8 . . X X . X O O . 8
#  7 . . X O X O . O . 7
#  6 . . . O X O O . . 6
#  5 . . O . X(O)O O O 5
#  4 X X X X O O O X X 4
#  3 X O O X X O X X X 3
#  2 O O . O X X X O X 2
#  1 . . O O O O O O O 1
# Black, ahead by the count on a closing board, had passed four times while
# White filled the outside liberties of its 16-stone chain; it passed again
# here, White D5 followed, and Black resigned. The capture reader calls the
# chain safe, but the judging playouts do not call the area settled: no
# pass (da5b546 and GNU Go play D5).
loadsgf sgf/games/kosumi-jp-df0-016.sgf 63
kgs-rules japanese
40 reg_genmove b
#? [!PASS]
# da5b546's Japanese match, game 46, before move 49, Black to move:
#    A B C D E F G H J
#  9 . . X . O O X . . 9
#  8 . . X . O X X . . 8
#  7 . . X . O O X X . 7
#  6 . X . O . O O X . 6
#  5 . . X(O)O O X . . 5
#  4 . . X O . X X X X 4
#  3 . . X O O X O O O 3
#  2 X X X O O O O . . 2
#  1 . O O O . . . . . 1
# White D5 pushes against Black's thin wall. C6 looks a dame (it touches
# both colours), but it joins C7 to C5: a cutting point. da5b546 passed
# here and on to the end while White cut and killed the left side (the
# playouts called the area settled, and the board is closed by the
# regions; even with White's cut on the board the search stays above 90%
# and passes). C6, as GNU Go plays: a dame that is the one point joining
# two chains around one area, where White's stone would stand and could
# not be taken, is connected before passing (issue 33).
loadsgf sgf/games/kosumi-jp-da5-046.sgf 49
kgs-rules japanese
41 reg_genmove b
#? [C6]
# da5b546's Japanese match, game 12, before moves 29 and 31, Black to move:
#    A B C D E F G H J
#  9 . X O O . . . . . 9
#  8 . X X O . . . . . 8
#  7 . . X . O O . . . 7
#  6 . . . X X O O . . 6
#  5 . . . . . X X O . 5
#  4 . . . . . . X O . 4
#  3 . . X . . X(O)O . 3
#  2 . . . . X X O . . 2
#  1 . . . . X O O . . 1
# Black's wall has two cutting points: E5 (E6 and F5 meet diagonally, F6
# is White's) and D7 with C6 behind it. Black passed twice, White cut at
# D7, then E5 and C6, and lived inside. GNU Go plays D7 before move 29
# and E4 after White D7. Not a pass either time. Known failures: each cut
# alone is a stone Black takes in its own area (the capture reader finds
# it), so no cutting point is filled; what White has is two cuts at once,
# and the search, which sees this at times with more playouts, stays
# near 90% (issue 33).
loadsgf sgf/games/kosumi-jp-da5-012.sgf 29
kgs-rules japanese
42 reg_genmove b
#? [!PASS]*
loadsgf sgf/games/kosumi-jp-da5-012.sgf 31
kgs-rules japanese
43 reg_genmove b
#? [!PASS]*
# 102ea3e's Japanese match, game 2, before move 41, Black to move:
#    A B C D E F G H J
#  9 . X O O O . . . . 9
#  8 . . X X O O . . . 8
#  7 . X . X O X O . . 7
#  6 . O X . X X O . . 6
#  5 . . O X O O O O . 5
#  4 . . O X X X O O . 4
#  3 . X . . . X X O . 3
#  2 . . X . X O O . . 2
#  1 . . . . X . . . . 1
# E6-F6-F7 is in atari at D6. The search chose D6 (95%); the pass and
# waste rules took D6 for a stone in Black's own settled area (in the
# judging playouts Black, first to move, always connects there) and
# played F1. The last liberty of a chain is never a settled point.
loadsgf sgf/games/kosumi-jp-102-002.sgf 41
kgs-rules japanese
44 reg_genmove b
#? [D6]
# The same match, game 7, before move 44, White to move:
#    A B C D E F G H J
#  9 . X . O . . O X . 9
#  8 . X O O . O X . . 8
#  7 . O X X O O O . . 7
#  6 . X . . X . . . . 6
#  5 . . X . X O O . . 5
#  4 . O O O X O . . . 4
#  3 . X X X X O . . . 3
#  2 . . . . X O O O . 2
#  1 . . . . X X X O . 1
# G9 and G8 are in atari each other: White saves G9 at F9 or by taking
# G8 at H8. The search chose F9 (98%); White played H6, as F9 was taken
# for a point of White's settled corner (H1 before it was the search's
# choice: an atari, at 94%).
loadsgf sgf/games/kosumi-jp-102-007.sgf 44
kgs-rules japanese
45 reg_genmove w
#? [F9|H8]
# c224476's Chinese match, game 38, before move 39, Black to move:
#    A B C D E F G H J
#  9 X . X . . . . . . 9
#  8 O X X . . . . . . 8
#  7 O O X X X O X . . 7
#  6 . O O O O X . X . 6
#  5 . . . O O O X . . 5
#  4 . . . O X O X . . 4
#  3 . . . O X X X . . 3
#  2 . . . O O O X . . 2
#  1 . . . . O X X . . 1
# White's F7 cuts and is in atari: Black takes it at F8. The search says
# so (F8, 99.7%, nearly every visit), but the judgement calls F7 dead,
# the board closing, and the last-phase reader plays its needed fills
# first, B9 (A9 in atari) before G6, ranked by stones saved. White
# extended at F8, cut at G8 and Black resigned four moves later. Known
# failure (issue 33): taking a cutting stone in atari is not among the
# reader's urgent moves.
loadsgf sgf/games/kosumi-cn-c22-038.sgf 39
46 reg_genmove b
#? [F8]
# c224476's Japanese match, game 11, before move 60, White to move:
#    A B C D E F G H J
#  9 . O . . O . O O . 9
#  8 O . . O O O X X X 8
#  7 X O O . O X O X . 7
#  6 X O X O O X O O . 6
#  5 X X X X X X X X . 5
#  4 X X . O X X . . . 4
#  3 O O O . O O X X . 3
#  2 X O . O O X . X . 2
#  1 . . . O X X X . . 1
# C4 is a dame, but Black's stone there makes White's eye at D3 false
# (C4 and E4 on two diagonals) and leaves the lower-left group one eye.
# The board read as closed with nothing needed, and White passed at 98%;
# Black took C4 and the group died. White fills it.
loadsgf sgf/games/kosumi-jp-c22-011.sgf 60
kgs-rules japanese
47 reg_genmove w
#? [C4]
# c224476's Chinese match, game 86, before move 65, Black to move:
#    A B C D E F G H J
#  9 . X X . X X X O . 9
#  8 O O O X . X O . O 8
#  7 O X X . X O O O . 7
#  6 O X X X . X O O O 6
#  5 O X X O . X X O X 5
#  4 . O O O . . X X X 4
#  3 . O O X X X . O X 3
#  2 . O . O X . . O . 2
#  1 . . O O X . . . . 1
# The centre (E4, E5, E6, F4) is still open. The count read one fill
# and its answer as even, and Black passed at 50.8%; White played E5
# and E4 and Black resigned. GNU Go plays E4. A boundary left open is
# played, not passed.
loadsgf sgf/games/kosumi-cn-c22-086.sgf 65
48 reg_genmove b
#? [E4|E5]
# c224476's Chinese match, game 62, before move 37, Black to move:
#    A B C D E F G H J
#  9 . . . . . O O X . 9
#  8 . . . . . O X X . 8
#  7 . O . . O O X . . 7
#  6 . X O O O X . . . 6
#  5 . O X O X . . . . 5
#  4 . O X X X . X . . 4
#  3 . O X . . X O . . 3
#  2 . O X X O X . . . 2
#  1 . O O X . . . . . 1
# Every region is one colour's and Black leads (97%), with White's G3
# and E2 dead in Black's area. Black passed; White invaded at G6 beside
# G3, lived, and Black resigned. Under area rules taking dead stones off
# costs nothing: a side that would pass first takes them off.
loadsgf sgf/games/kosumi-cn-c22-062.sgf 37
49 reg_genmove b
#? [G2|H3|E1|E3]
# 823a4c8's Japanese match, game 13, before move 76, White to move:
#    A B C D E F G H J
#  9 . . . . . . O X . 9
#  8 . . O O O O O X X 8
#  7 O O O X O X X X X 7
#  6 O X X X X X . O X 6
#  5 X X X X X . X O O 5
#  4 O X X O O X X O O 4
#  3 O O O . O O X X O 3
#  2 X . O O O X . X O 2
#  1 . X O X X X X X O 1
# White is behind; its 14 stones from A4 to F3 are in seki with Black's
# A2 and B1 (B2 shared, D3 White's eye). White played B2, a self-atari,
# and Black took the 14 stones at D3. Anything but B2.
loadsgf sgf/games/kosumi-jp-823-013.sgf 76
kgs-rules japanese
50 reg_genmove w
#? [!B2]
# 06b408e's Chinese match, game 94, before move 64, White to move:
#    A B C D E F G H J
#  9 . . . X X X X X . 9
#  8 . . X X O X O O . 8
#  7 X . X O O O O O O 7
#  6 O X . O . X X O . 6
#  5 O X X . . . . X O 5
#  4 O O X X X X . X O 4
#  3 O . O X O O X X O 3
#  2 . O O X O X X O O 2
#  1 . O . O O X . X . 1
# White's 14 stones around D1 live only by C1 (GNU Go's owl: attack
# and defence at C1; Black C1 or A2 kills). GNU Go (White) played C1.
loadsgf sgf/games/kosumi-cn-06b-094.sgf 64
kgs-rules chinese
51 reg_genmove w
#? [C1]
# 57e62dc's Japanese match, game 99, before move 60, White to move:
#    A B C D E F G H J
#  9 . X . . . X X X . 9
#  8 . O X X X O O . . 8
#  7 X O X O X O . O O 7
#  6 X X O O O O . X X 6
#  5 . X O O . O X . . 5
#  4 O O X O . O X X . 4
#  3 . . . O O X . . X 3
#  2 . . . O X X . X O 2
#  1 . . . O X . X X . 1
# Two gaps, G6-G7 and H8-J8-J9: whoever moves first, White gets one
# point there; if White passes, Black's G6 and H8 (then J8 in atari,
# White fills G7) take both. White passed and lost by 1.5.
loadsgf sgf/games/kosumi-jp-57e-099.sgf 60
kgs-rules japanese
52 reg_genmove w
#? [G6|G7|H8|J8]
# 57e62dc's Chinese match, game 8, before move 43, Black to move:
#    A B C D E F G H J
#  9 . . . . . X . X . 9
#  8 . O O X X . O . O 8
#  7 . . X O X . O O . 7
#  6 . O O O X . O X . 6
#  5 . . O X X . X . X 5
#  4 . O X X . . . X . 4
#  3 . . O O X X X . . 3
#  2 . . . O X O X . . 2
#  1 . . . O O O X . . 1
# Black wins by far (99.6%). White's G9 would take H9 (H8 and J9 are
# self-ataris then); Black played F6 inside its own area and the search
# had not tried G9. Keep the stone: G9.
loadsgf sgf/games/kosumi-cn-57e-008.sgf 43
kgs-rules chinese
53 reg_genmove b
#? [G9]
# lifedead2-9x9-ab (108a0f5 against 5f63be9, Chinese), game 8, before
# move 59, Black to move:
#    A B C D E F G H J
#  9 X O O . O . . . . 9
#  8 X X O O . O . O . 8
#  7 X X X X O O O . O 7
#  6 . . X X X O X O O 6
#  5 . . X O O O X X X 5
#  4 . . X X O X X . . 4
#  3 . . X O O O X O . 3
#  2 X X O O X X X O . 2
#  1 . O . O O X . . . 1
# Black's eleven stones F1-J5 (G1, H4, J4) race White's H2-H3 (H1, J2,
# J3, H4). The playouts call Black dead; White moving first kills (GNU
# Go: attack J4), Black moving first wins the race: J2 (GNU Go's
# defence), H1, or J8 first, each read out by the strict life reader.
# Black passed and lost the eleven stones.
loadsgf sgf/games/kosumi-cn-108-008.sgf 59
kgs-rules chinese
54 reg_genmove b
#? [J2|H1|J8]
# The same after Black's pass, White to move: White takes the race
# before passing (J4, or H4, J2, H1).
loadsgf sgf/games/kosumi-cn-108-008.sgf 60
kgs-rules chinese
55 reg_genmove w
#? [J4|H4|J2|H1]
