"""Computer players.

- ``choose_action(state, rng, level)``: the action the computer player to act
  takes now; ``rng`` is the player's own ``random.Random`` (never the game's, so
  the game's dice and replays are untouched). Levels: ``LEVELS``.
- ``play_game(board, seats, seed, mode, max_days, rules=None)``: a whole game
  between computer players; returns the final GameState.
- ``battle_odds``: exact odds for engine battles (also for the battle screen).
"""
from game.ai.play import LEVELS, choose_action, play_game, rules_with_day_limit

__all__ = ["LEVELS", "choose_action", "play_game", "rules_with_day_limit"]
