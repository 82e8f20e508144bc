"""What the command lines and the game both accept, importable before numpy or the engine loads: the
tools answer ``--help`` and a bad argument without them, from the same names and bounds the game uses."""

LEVELS = ("random", "easy", "standard", "hard")          # computer players (game.ai)
REPRESENTATIVE = "representative"                        # how a squad rolls (R-BAT, game.engine.odds)
INDIVIDUAL = "individual"
ROLL_MODES = (REPRESENTATIVE, INDIVIDUAL)
MAX_BUDGET = 32_767              # the largest 🐎 budget: path costs are stored as int16 (game.board.pathfinding)
MIN_SIDE, MAX_SIDE = 12, 256     # a random map's sides, in cells (game.maps.random_map)
