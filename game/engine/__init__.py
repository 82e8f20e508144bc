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
from game.engine.actions import *  # noqa: F401,F403
from game.engine.apply import apply
from game.engine.errors import IllegalAction
from game.engine.legal import legal_actions
from game.engine.movement import hero_reach, movement_masks
from game.engine.rules import Rules, RulesError, load_rules
from game.engine.save import SaveError, autosave, load_game, replay, save_game, snapshot
from game.engine.setup import Seat, new_game
from game.engine.state import GameState

__all__ = ["apply", "IllegalAction", "legal_actions", "hero_reach", "movement_masks", "Rules",
           "RulesError", "load_rules", "Seat", "new_game", "GameState", "SaveError", "autosave",
           "load_game", "replay", "save_game", "snapshot"]
