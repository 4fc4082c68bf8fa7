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
#? [F4]*

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
