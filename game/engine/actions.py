"""Every player decision is an action: validated, then applied by ``game.engine.apply``.

Actions are plain frozen dataclasses that round-trip through JSON, so a save
is the seed plus the list of actions.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from game.board.topology import Cell

ACTIONS: dict[str, type] = {}


def action(cls):
    cls = dataclass(frozen=True)(cls)
    ACTIONS[cls.__name__] = cls
    return cls


# --- setup and daybreak -------------------------------------------------------
@action
class PlaceCapital:
    """R-SET-4: the player's capital on an open cell (maps without start slots)."""
    player: int
    cell: Cell


@action
class ChooseUpkeepDeaths:
    """R-DAY-3 / R-CMP-3: which heroes die when the purse cannot pay their upkeep."""
    player: int
    heroes: tuple[int, ...]


@action
class Build:
    """R-BLD-1/3/5, R-CMP-4: a City tier (``villa``…) or a building (``ramparts``…)."""
    player: int
    city: int
    building: str


@action
class Recruit:
    """R-BLD-4, R-CMP-5: a hero or ``count`` units into the City's garrison."""
    player: int
    city: int
    recruit: str
    count: int = 1


@action
class FoundCity:
    """R-BLD-2: the hero becomes the Mayor of a new Encampment on its cell."""
    player: int
    hero: int


@action
class TransferUnits:
    """R-DAY-6, R-CMP-6: ``count`` > 0 moves units from the City to its garrisoned hero, < 0 back."""
    player: int
    hero: int
    unit: str
    count: int


@action
class TransferItem:
    """R-DAY-6: an item between a garrisoned hero and the City's armory."""
    player: int
    hero: int
    item: int
    to_hero: bool


@action
class EquipItem:
    """R-ITEM-3: the item of its type the hero fights with."""
    player: int
    hero: int
    item: int


@action
class EndDaybreak:
    """R-DAY-1: the player's Daybreak is done; the next player's (or the first turn) begins."""
    player: int


@action
class PlaceToken:
    """R-DAY-5: where the Daybreak token goes."""
    player: int
    cell: Cell


# --- the turn ------------------------------------------------------------------
@action
class RollMovement:
    """R-MOV-1: the hero rolls its 🐎 for this turn."""
    player: int
    hero: int


@action
class Move:
    """R-MOV-2..6: walk a path (cells after the hero's own, in order)."""
    player: int
    hero: int
    path: tuple[Cell, ...]


@action
class PickUp:
    """R-MOV-3: pick up one Item or Resource token on the hero's cell."""
    player: int
    hero: int
    token: int


@action
class FinishPickups:
    """Done picking up; go on to the cell's Mine (R-MOV-7)."""
    player: int
    hero: int


@action
class FaceMonster:
    """R-MOV-7: a hero on a tile with a Monster takes the monster interaction before anything else."""
    player: int
    hero: int


@action
class TakeMonsters:
    """R-MON-1, R-CMP-11: how many bribed or defecting monsters join the hero."""
    player: int
    count: int


@action
class Siege:
    """R-CITY-2: besiege an adjacent walled City."""
    player: int
    hero: int
    city: int


@action
class ArrangeBattle:
    """R-BAT-2/3: split the side's units into squads, and choose how they roll."""
    player: int
    squads: tuple[tuple[tuple[str, int], ...], ...]
    mode: str = "representative"


@action
class Attack:
    """R-BAT-4: the acting side's squad attacks an enemy squad."""
    player: int
    squad: int
    target: int


@action
class Retreat:
    """R-DEATH-3: the attacker gives up the battle."""
    player: int


@action
class EndTurn:
    """R-DAY-1: the player's turn is over; play passes to the next player in turn order."""
    player: int


# --- diplomacy -------------------------------------------------------------------
@action
class ProposeAlliance:
    """R-ALLY-1: offer an alliance to player ``to``."""
    player: int
    to: int


@action
class AnswerAlliance:
    """R-ALLY-1: accept or refuse the alliance ``proposer`` offered."""
    player: int
    proposer: int
    accept: bool


@action
class EndAlliance:
    """R-ALLY-1: end the alliance with ``ally`` (at the start of the player's own turn)."""
    player: int
    ally: int


@action
class ProposeRuleChange:
    """R-VOTE-1: change an optional rule; every live player votes, computer players too."""
    player: int
    option: str
    value: Any


@action
class CastVote:
    """R-VOTE-1: the player's vote on the rule change under way."""
    player: int
    yes: bool


# --- JSON ---------------------------------------------------------------------------
def _to_json(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_to_json(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}      # an action class's fields (a save writes every action)


def action_to_json(act: Any) -> dict:
    cls = type(act)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    out = {"type": cls.__name__}
    for name in names:
        value = getattr(act, name)
        out[name] = _to_json(value) if isinstance(value, (tuple, list)) else value
    return out


def action_from_json(data: dict) -> Any:
    if not isinstance(data, dict) or data.get("type") not in ACTIONS:
        raise ValueError(f"unknown action {data.get('type') if isinstance(data, dict) else data!r}")
    cls = ACTIONS[data["type"]]
    names = {f.name for f in dataclasses.fields(cls)}
    kwargs = {k: (v if k == "value" else _tupled(v)) for k, v in data.items() if k in names}
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ValueError(f"action {data['type']}: {exc}") from None
