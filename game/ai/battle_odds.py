"""The exact battle odds the computer players use: the engine's own (``game.engine.battle_odds``)."""
from game.engine.battle_odds import *  # noqa: F401,F403
from game.engine.battle_odds import __all__  # noqa: F401
