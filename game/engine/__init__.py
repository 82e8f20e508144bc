"""The rules engine of Fuzzy Knights: no pygame here.

- ``new_game(board, seats, seed, rules=None, mode="normal") -> (state, events)``
  builds a GameState (plain dataclasses in ``state.py``) with one seeded Rng.
- Every decision is an action (``actions.py``); ``apply(state, action)``
  validates it (raising ``IllegalAction`` with a reason for the player) and
  applies it, returning ``Event`` objects (``event.kind`` + ``event.data``:
  dice with their faces, purse changes, hero steps, squads destroyed, …).
- ``state.actor()`` is the seat that must act now; ``legal_actions(state)``
  lists what it may do (computer players, the screen and tests use it).
- ``state.pending`` holds decisions the rules leave to a player
  (``place_capital``, ``upkeep_deaths``, ``place_token``, ``take_monsters``,
  ``pickups``, ``vote``, ``face_monster``); ``state.battle`` is the battle under way.
- ``hero_reach(state, hero)`` is the move preview; the Move action checks
  paths with the same pathfinder.
- ``save_game``/``load_game`` write and read JSON saves (seed + actions).
"""
from importlib import import_module

# Each name and the module of the engine it comes from. A name's module is imported when the name is
# first used, so the board's first frame loads only what setting up a game needs: the actions, the
# rules of moves, battles and saves load with the first decision. (``apply`` is also the name of the module
# that defines it: import the function from here, never ``from game.engine.apply import apply``, which would
# make ``game.engine.apply`` the module if it came first.)
_HOMES = {"apply": "apply", "IllegalAction": "errors", "legal_actions": "legal", "hero_reach": "movement",
          "movement_masks": "movement", "Rules": "rules", "RulesError": "rules", "load_rules": "rules",
          "Seat": "setup", "new_game": "setup", "GameState": "state", "SaveError": "save",
          "autosave": "save", "load_game": "save", "replay": "save", "save_game": "save", "snapshot": "save",
          "ACTIONS": "actions", "action_to_json": "actions", "action_from_json": "actions"}

__all__ = ["apply", "IllegalAction", "legal_actions", "hero_reach", "movement_masks", "Rules",
           "RulesError", "load_rules", "Seat", "new_game", "GameState", "SaveError", "autosave",
           "load_game", "replay", "save_game", "snapshot"]


def __getattr__(name: str):
    """``game.engine.X``: the names above, and the action classes (``game.engine.EndTurn``)."""
    home = _HOMES.get(name) or ("actions" if name[:1].isupper() else None)
    if home is None:       # a submodule not imported yet (``from game.engine import undo``) or no such name
        raise AttributeError(f"module 'game.engine' has no attribute {name!r}")
    value = getattr(import_module(f"game.engine.{home}"), name)
    globals()[name] = value
    return value
