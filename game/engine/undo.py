"""Undo: take back the last action when it revealed nothing random.

A hero's move or a change of equipment can be undone while it rolled no die,
touched no token, met nothing on its cell and started no fight; a die roll, a
token or a fight ends the undo chain, so random results are never re-rolled.
Undo replays the game through its JSON save without the last action (same
seed, same starting rules, same actions): the state after an undo is exactly
the state a save of the shorter game loads, and the action list stays the
whole truth of the game.
"""
from __future__ import annotations

from typing import Any

from game.engine import actions as A
from game.engine.errors import IllegalAction
from game.engine.save import from_json, to_json
from game.engine.state import GameState

UNDOABLE = (A.Move, A.EquipItem)
# Everything an undoable action may have caused; anything else (a die, a pickup, a mine,
# a monster, a fight, a City) stands.
QUIET_EVENTS = frozenset({"hero_step", "hero_moved", "item_equipped"})


def _rng_position(rng) -> Any:
    # The generator's internal position: equal before and after an action only if no die was rolled.
    inner = getattr(rng, "_random", None)
    return inner.getstate() if inner is not None else None


def _first_refusal(state: GameState) -> str | None:
    """The reason found without replaying, or None when a replay must decide."""
    if not state.actions:
        return "Nothing to undo yet"
    if state.phase == "over":
        return "The game is over"
    last = state.actions[-1]
    if isinstance(last, A.RollMovement):
        return "The movement roll stands: dice are never rolled again"
    if not isinstance(last, UNDOABLE):
        return "Only a hero's move or a change of equipment can be undone, and only until a die is rolled"
    if last.player != state.actor():
        return "The last action was another player's"
    if state.pending or state.battle is not None or state.interaction is not None:
        return "That move started something on the board: it stands"
    return None


def rewound(state: GameState, count: int = 1) -> GameState:
    """A new state: the game replayed through its save without its last ``count`` actions."""
    data = to_json(state)
    data["actions"] = data["actions"][:len(data["actions"]) - count]
    data.pop("snapshot", None)
    earlier = from_json(data, map_loader=lambda _path: state.board)
    earlier.board = state.board
    return earlier


def _refusal_for_events(caused) -> str | None:
    if any(event.kind not in QUIET_EVENTS for event in caused):
        return "That move met something on the board: it stands"
    return None


def _refusal_after_replay(state: GameState, earlier: GameState) -> str | None:
    if _rng_position(earlier.rng) != _rng_position(state.rng):
        return "That move rolled dice: it stands"
    if set(earlier.tokens) != set(state.tokens):
        return "That move met something on the board: it stands"
    return _refusal_for_events(state.log[len(earlier.log):])


def why_not(state: GameState, last_events: list | None = None) -> str | None:
    """None when the last action can be undone, else the reason for the player.

    ``last_events`` (the events the last action returned), when the caller has them, spare the
    replay: every die, token, mine, fight or City shows in them.  ``undo`` always replays."""
    reason = _first_refusal(state)
    if reason is None:
        if last_events is not None:
            reason = _refusal_for_events(last_events)
        else:
            reason = _refusal_after_replay(state, rewound(state))
    return reason


def undo(state: GameState) -> Any:
    """Take back the last action in place (every holder of ``state`` sees the earlier game).

    Returns the action taken back; raises IllegalAction with the reason when it stands."""
    reason = _first_refusal(state)
    if reason is not None:
        raise IllegalAction(reason)
    earlier = rewound(state)
    reason = _refusal_after_replay(state, earlier)
    if reason is not None:
        raise IllegalAction(reason)
    last = state.actions[-1]
    state.__dict__.update(earlier.__dict__)
    return last
