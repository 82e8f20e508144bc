"""How a computer player appraises a game: purses and costs, the strength of heroes, Cities and players,
income and upkeep, and the path searches its decisions share (``shared_reach``)."""
from __future__ import annotations

import hashlib
import math

from game.board.pathfinding import reachable
from game.engine.dice import Dice, distribution
from game.engine.flow import daily_income
from game.engine.state import Hero


# --- small helpers ------------------------------------------------------------------------------
_REACHES: dict[tuple, tuple] = {}
_REACHES_CELLS = 4_000_000       # searches kept, counted in board cells (each keeps arrays the board's size)


def shared_reach(board, cell, budget: int, masks: tuple):
    """The search from ``cell`` with ``budget`` over ``board`` as ``masks`` (stop, pickups, blocked) show it,
    shared by every decision and look-ahead: the same inputs give the same answer, and a ``hard`` player's
    look-aheads play the rival's turn from the same positions again and again (three searches in four
    were repeats late in a game on The Highlands). Bounded; a search is only reused on its own board."""
    digest = hashlib.blake2b(digest_size=16)
    for array in (board.move_cost, *masks):       # the costs too: a board edited in place is another board
        digest.update(array.tobytes())
    key = (id(board), cell, budget, digest.digest())
    found = _REACHES.get(key)
    if found is None or found[0] is not board:
        if len(_REACHES) >= max(16, _REACHES_CELLS // (board.width * board.height)):
            _REACHES.clear()
        stop, pickups, blocked = masks
        found = _REACHES[key] = (board, reachable(board.topology, board.move_cost, stop, cell, budget,
                                                  pickups=pickups, blocked=blocked))
    return found[1]


def _purse(state, seat) -> dict[str, int]:
    return state.players[seat].purse


def _minus(purse: dict, cost: dict, times: int = 1) -> dict:
    out = dict(purse)
    for r, n in cost.items():
        out[r] = out.get(r, 0) - n * times
    return out


def _covers(purse: dict, cost: dict, reserve: dict, times: int = 1) -> bool:
    return all(purse.get(r, 0) - n * times >= reserve.get(r, 0) for r, n in cost.items() if n)


def _value(cost: dict) -> float:
    weights = {"coin": 1.0, "wood": 0.5, "food": 1.0, "stone": 0.6}
    return sum(weights.get(r, 1.0) * n for r, n in cost.items())


def unit_mean(state, unit: str) -> float:
    return state.rules.unit_dice(unit).mean


def hero_strength(state, hero: Hero) -> float:
    mean = Dice.parse(state.rules["hero"]["dice"]).mean
    mean += sum(Dice.parse(i.power).mean for i in hero.items if i.id in hero.equipped)
    return mean + sum(unit_mean(state, u) * n for u, n in hero.army.items())


def city_strength(state, city) -> float:
    mean = Dice.parse(state.rules["cities"]["dice"]).mean
    mean += sum(unit_mean(state, u) * n for u, n in city.garrison.items())
    for hero in state.heroes_at(city.cell):
        if hero.owner == city.owner:
            mean += hero_strength(state, hero)
    return mean


def player_strength(state, seat: int) -> float:
    total = sum(hero_strength(state, h) for h in state.heroes_of(seat))
    total += sum(sum(unit_mean(state, u) * n for u, n in c.garrison.items()) + 10 for c in state.cities_of(seat))
    return total + 2 * income(state, seat) * 5 + _value(_purse(state, seat))


def leader(strength: dict[int, float]) -> int | None:
    """The player ahead of every other, or None while the lead is shared. (Breaking the tie by seat made
    seat 1 "the strongest" on Day 1, when all are even: the others allied against it, and seat 1 won
    15–28% of 3- and 4-player games.)"""
    ranked = sorted(strength.values(), reverse=True)
    if len(ranked) > 1 and ranked[0] == ranked[1]:
        return None
    return max(strength, key=strength.get)


def income(state, seat: int) -> float:
    """The next Daybreak's income in coin-equivalents (the engine's own sum: besieged Cities pay nothing)."""
    return _value(daily_income(state, seat))


def upkeep_reserve(state, seat: int, extra_heroes: int = 0) -> dict[str, int]:
    """What to keep for the next Daybreak's upkeep, beyond what income will bring."""
    each = state.rules["daybreak"]["hero_upkeep"]
    heroes = len(state.heroes_of(seat)) + extra_heroes
    inc = daily_income(state, seat)
    # Count only half the income: a siege or a lost mine can cut it before the next Daybreak.
    return {r: max(0, n * heroes - inc.get(r, 0) // 2) for r, n in each.items() if n}


def beaten_chance(threat: float, ours: float) -> float:
    """The chance a side of strength ``ours`` loses to ``threat`` (strengths as ``hero_strength``): a
    logistic estimate, for when the exact odds would cost too much."""
    return 1 / (1 + math.exp(-4 * (threat - ours) / max(1.0, math.sqrt(threat + ours) * 3)))


def roll_at_least(dice: Dice, total: int) -> float:
    """The chance that ``dice`` roll ``total`` or more."""
    return sum(p for value, p in distribution(str(dice)).items() if value >= total)


def _move_dice(state) -> Dice:
    return Dice.parse(state.rules["movement"]["roll"])

