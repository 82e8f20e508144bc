"""Costs and purses in one resource (Normal) or four (Campaign)."""
from __future__ import annotations

from game.engine.errors import IllegalAction
from game.engine.state import Event, GameState

ICONS = {"coin": "💰", "wood": "🌳", "food": "🥩", "stone": "⛏️"}


def describe(cost: dict[str, int]) -> str:
    return " ".join(f"{ICONS.get(r, r)}{n}" for r, n in cost.items() if n) or "free"


def holdings(purse: dict[str, int]) -> str:
    """A whole purse, empty resources included ("💰0 🌳6"): what a player has, not what something costs."""
    return " ".join(f"{ICONS.get(r, r)}{n}" for r, n in purse.items()) or "nothing"


def scaled(cost: dict[str, int], times: int) -> dict[str, int]:
    return {r: n * times for r, n in cost.items()}


def can_afford(state: GameState, seat: int, cost: dict[str, int]) -> bool:
    purse = state.players[seat].purse
    return all(purse.get(r, 0) >= n for r, n in cost.items())


def require(state: GameState, seat: int, cost: dict[str, int], what: str) -> None:
    if not can_afford(state, seat, cost):
        raise IllegalAction(f"{what} costs {describe(cost)}; you have {holdings(state.players[seat].purse)}")


def pay(state: GameState, seat: int, cost: dict[str, int], events: list[Event], reason: str) -> None:
    change(state, seat, {r: -n for r, n in cost.items()}, events, reason)


def change(state: GameState, seat: int, amounts: dict[str, int], events: list[Event], reason: str) -> None:
    purse = state.players[seat].purse
    moved = {r: n for r, n in amounts.items() if n}
    if not moved:
        return
    for resource, amount in moved.items():
        purse[resource] = purse.get(resource, 0) + amount
    state.emit(events, "purse", player=seat, change=moved, reason=reason, purse=dict(purse))
