"""Exact battle odds for engine battles: a bridge from ``game.engine.battle`` to ``game.engine.odds``.

Neutral sides in the engine, the computer players and the battle screen all use this module.

- ``battle_win_probability(state, seat=None)``: the chance that ``seat``'s side
  (default: the attacker) wins the battle under way, both sides playing best.
- ``attack_chances(state)``: for the side to act, ``{(squad, target): p}`` where
  ``p`` is that side's chance to win the battle after making that attack.
- ``best_attack(state)``: the ``(squad, target)`` with the highest chance.
- ``best_arrangement(state)``: the ``(squads, mode)`` of the legal arrangements
  that gives the arranging side the best chance; ``arrangement_chance`` is one
  arrangement's. An attacker whose enemy is a player still to arrange is scored
  against that player's best answer (the most a defender could make of the attacker's split).
- ``hero_vs(state, hero, defender_squads, defender_mode)``: a pre-battle
  estimate for a hero and its army against a known defender; the defender
  helpers ``city_defence``, ``hero_defence``, ``monster_defence`` build the
  odds squads of what stands on a cell.

Indices in the results are the engine's (``Attack.squad``/``Attack.target``).
A side that has not arranged its pool yet is estimated with the engine's
default arrangement (as many even squads as allowed, Representative).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace
from typing import Sequence

from game.engine import odds as O
from game.engine.dice import Dice
from game.engine.heroes import equipped_items
from game.engine.monsters import neutral_defender_unit
from game.engine.squads import (
    GARRISON, allocate, as_seen_by, default_arrangement, owner_tags, side_odds_squads, side_tags, split_evenly,
)
from game.engine.squads import Squad as EngineSquad
from game.engine.squads import to_odds_squad
from game.engine.state import NEUTRAL, GameState, Hero

__all__ = ["to_odds_squad", "side_squads", "battle_win_probability", "attack_chances", "best_attack",
           "best_arrangement", "arrangement_chance", "hero_squads", "hero_vs", "city_defence", "hero_defence", "monster_defence",
           "units_squads"]


def units_squads(state: GameState, units: dict[str, int], parts: int) -> list[O.Squad]:
    """Units split the engine's default way into up to ``parts`` squads."""
    if not units or not sum(units.values()):
        return []
    return [to_odds_squad(state, EngineSquad(dict(s))) for s in default_arrangement(units, parts)]


def side_squads(state: GameState, side) -> list[O.Squad]:
    """A battle side's squads; an unarranged pool is added as the default arrangement."""
    return side_odds_squads(state, side)


def _mode(side) -> str:
    return O.REPRESENTATIVE if side.player == NEUTRAL else side.mode


def _safe(fn, *args, **kw):
    try:
        return fn(*args, **kw)
    except ValueError:
        return None


# --- a battle under way -------------------------------------------------------------
def battle_win_probability(state: GameState, seat: int | None = None) -> float:
    """Chance that ``seat``'s side (default the attacker) wins the battle under way."""
    battle = state.battle
    if battle is None:
        raise ValueError("there is no battle")
    att, dfn = battle.sides
    a, d = side_squads(state, att), side_squads(state, dfn)
    if not d:
        p = 1.0
    elif not a:
        p = 0.0
    else:
        to_move = O.ATTACKER if battle.to_act == 0 else O.DEFENDER
        p = O.win_probability(a, d, _mode(att), _mode(dfn), to_move)
    if seat is not None and seat == dfn.player and seat != att.player:
        return 1.0 - p
    return p


def attack_chances(state: GameState) -> dict[tuple[int, int], float]:
    """For the side to act: {(own squad index, enemy squad index): its chance to win the battle}."""
    battle = state.battle
    att, dfn = battle.sides
    a, d = side_squads(state, att), side_squads(state, dfn)
    to_move = O.ATTACKER if battle.to_act == 0 else O.DEFENDER
    return O.move_probabilities(a, d, _mode(att), _mode(dfn), to_move)


def best_attack(state: GameState) -> tuple[int, int]:
    """The acting side's best (squad, target); ties go to the lowest indices."""
    moves = attack_chances(state)
    (own, target), _ = max(moves.items(), key=lambda kv: (round(kv[1], 12), -kv[0][0], -kv[0][1]))
    return own, target


@contextmanager
def _seen_by(state: GameState, index: int | None):
    """``state.battle`` as side ``index`` may know it (``squads.as_seen_by``: a split set unseen is
    unknown to it) while inside; ``None``: as it is."""
    battle = state.battle
    if index is not None:
        state.battle = as_seen_by(battle, index)
    try:
        yield
    finally:
        state.battle = battle


def arrangement_chance(state: GameState, index: int, squads: tuple, mode: str, answered: bool = True,
                       seen_by: int | None = None) -> float:
    """Side ``index``'s chance if it arranges its pool as ``squads`` with ``mode``.

    An attacker whose enemy is a player still to arrange meets that player's best answer
    (what its battle screen offers first and what a computer player picks), not its default split;
    ``answered=False`` assumes that default split (one odds table instead of one per answer).
    ``seen_by``: worked out on the battle as that side knows it (R-BAT-2: an unseen split is met at
    the best one that player could have made).
    """
    if seen_by is not None:
        with _seen_by(state, seen_by):
            return arrangement_chance(state, index, squads, mode, answered)
    battle = state.battle
    side, other = battle.sides[index], battle.sides[1 - index]
    if not other.arranged and answered:
        settled = replace(side, squads=side.squads + allocate(side.owned, squads), pool={}, mode=mode,
                          arranged=True)
        state.battle = replace(battle, sides=[settled, other] if index == 0 else [other, settled])
        try:
            return 1.0 - best_arrangement(state)[2]
        finally:
            state.battle = battle
    ours = [to_odds_squad(state, s, side_tags(side)) for s in side.squads + allocate(side.owned, squads)]
    enemy = side_squads(state, other)
    if index == 0:
        return O.win_probability(ours, enemy, mode, _mode(other), O.ATTACKER)
    return 1.0 - O.win_probability(enemy, ours, _mode(other), mode, O.ATTACKER)


def best_arrangement(state: GameState, answered: bool = True, index: int | None = None,
                     seen_by: int | None = None) -> tuple[tuple, str, float]:
    """(squads, mode, chance) of the best legal arrangement for side ``index`` (default: the side that must
    arrange now); ``seen_by`` as for ``arrangement_chance``."""
    if seen_by is not None:
        with _seen_by(state, seen_by):
            return best_arrangement(state, answered, index)
    battle = state.battle
    if index is None:
        index = next(i for i, s in enumerate(battle.sides) if not s.arranged)
    pool = battle.sides[index].pool
    limit = state.rules["battle"]["max_player_squads"]
    best = None
    seen = set()
    for parts in range(1, limit + 1):
        squads = default_arrangement(pool, parts)
        if squads in seen:
            continue
        seen.add(squads)
        for mode in O.ROLL_MODES:
            p = arrangement_chance(state, index, squads, mode, answered)
            key = (round(p, 9), -parts, mode == O.REPRESENTATIVE)
            if best is None or key > best[0]:
                best = (key, squads, mode, p)
    return best[1], best[2], best[3]


# --- before a battle --------------------------------------------------------------------
# Answers remembered by what they depend on, for a computer player's look-ahead: it asks the same
# matchups thousands of times a decision (building the squads and looking the battles up was half of a
# `hard` player's thinking late in a game). Bounded, so a long simulation stays flat.
_HERO_VS: dict[tuple, float] = {}
_CITY_DEFENCE: dict[tuple, tuple] = {}
_CACHE_LIMIT = 100_000


def _remembered(cache: dict, key: tuple, compute):
    """``compute()``, or what it gave before for ``key``; the cache starts afresh when full."""
    found = cache.get(key)
    if found is None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        found = cache[key] = compute()
    return found


def _hero_units(hero: Hero, extra_units: dict[str, int] | None) -> dict[str, int]:
    units = dict(hero.army)
    for unit, count in (extra_units or {}).items():
        units[unit] = units.get(unit, 0) + count
    return units


def hero_squads(state: GameState, hero: Hero, extra_units: dict[str, int] | None = None) -> list[O.Squad]:
    """A hero's side as it would arrange: its own squad plus its army in the most squads allowed."""
    return [to_odds_squad(state, EngineSquad(hero=hero.id))] + \
        units_squads(state, _hero_units(hero, extra_units), state.rules["battle"]["max_player_squads"])


def hero_vs(state: GameState, hero: Hero, defender: Sequence[O.Squad],
            defender_mode: str = O.REPRESENTATIVE, attacker_mode: str | None = None,
            extra_units: dict[str, int] | None = None) -> float:
    """Pre-battle estimate: the hero (attacking) against known defending squads.

    ``attacker_mode`` None takes the better of the two roll modes (the AI chooses).
    """
    if not defender:
        return 1.0

    def chance() -> float:
        ours = hero_squads(state, hero, extra_units)
        modes = O.ROLL_MODES if attacker_mode is None else (attacker_mode,)
        return max(O.win_probability(ours, list(defender), m, defender_mode, O.ATTACKER) for m in modes)
    key = (state.rules["hero"]["dice"], state.rules["battle"]["max_player_squads"],
           _hero_key(state, _hero_units(hero, extra_units), hero), tuple(defender), defender_mode, attacker_mode)
    return _remembered(_HERO_VS, key, chance)


def _units_key(state: GameState, units: dict[str, int]) -> tuple:
    """Units as the odds see them: each kind's count and dice."""
    table = state.rules.data["units"]
    return tuple((unit, count, table[unit]) for unit, count in sorted(units.items()) if count)


def _hero_key(state: GameState, units: dict[str, int], hero: Hero) -> tuple:
    """A hero's side as the odds see it, besides the rules' hero dice: its units and equipped items."""
    return _units_key(state, units), tuple(item.power for item in equipped_items(hero))


def city_defence(state: GameState, city) -> list[O.Squad]:
    """What defends a City: its own squad, garrisoned heroes, garrison plus their armies (R-CITY-4/6)."""
    return list(_remembered(_CITY_DEFENCE, _city_key(state, city), lambda: tuple(_city_defence(state, city))))


def _city_key(state: GameState, city) -> tuple:
    """All ``_city_defence`` reads: the rules' dice and squads, the neutral defenders' kind, or the
    defending heroes in order (army, equipped items) and the garrison."""
    rules = state.rules
    head = (rules["cities"]["dice"], rules["battle"]["max_player_squads"])
    if city.owner == NEUTRAL:
        neutral, unit = rules["cities"], neutral_defender_unit(state)
        return head + (NEUTRAL, unit, rules.data["units"][unit], neutral["neutral_defenders"],
                       neutral["neutral_defender_squads"])
    heroes = tuple(_hero_key(state, h.army, h) for h in state.heroes_at(city.cell) if h.owner == city.owner)
    return head + (rules["hero"]["dice"], heroes, _units_key(state, city.garrison))


def _city_defence(state: GameState, city) -> list[O.Squad]:
    squads = [to_odds_squad(state, EngineSquad(city=city.id))]
    if city.owner == NEUTRAL:
        rules = state.rules["cities"]
        mean = Dice.parse(rules["neutral_defenders"]).mean
        return squads + monster_defence(state, {neutral_defender_unit(state): int(mean)},
                                        rules["neutral_defender_squads"])
    heroes = [h for h in state.heroes_at(city.cell) if h.owner == city.owner]
    return squads + hero_defence(state, heroes, city.garrison)


def hero_defence(state: GameState, heroes: Sequence[Hero], garrison: dict[str, int] | None = None) -> list[O.Squad]:
    """Heroes defending together (and a City's ``garrison``), their mercenaries arranged the
    engine's default way, each unit tagged with its owner so only a fainting hero's own desert."""
    owned = {h.id: dict(h.army) for h in heroes}
    owned[GARRISON] = dict(garrison or {})
    owned = {owner: units for owner, units in owned.items() if units and sum(units.values())}
    pool: dict[str, int] = {}
    for units in owned.values():
        for unit, count in units.items():
            pool[unit] = pool.get(unit, 0) + count
    tags = owner_tags([h.id for h in heroes], owned)
    squads = [to_odds_squad(state, EngineSquad(hero=h.id), tags) for h in heroes]
    arranged = allocate(owned, default_arrangement(pool, state.rules["battle"]["max_player_squads"])) if pool else []
    return squads + [to_odds_squad(state, s, tags) for s in arranged]


def monster_defence(state: GameState, units: dict[str, int], parts: int | None = None) -> list[O.Squad]:
    """Monsters or guardians: even squads (battle.monster_squads unless ``parts``), Representative (R-BAT-2)."""
    if not units or not sum(units.values()):
        return []
    return [to_odds_squad(state, EngineSquad(part))
            for part in split_evenly(units, parts or state.rules["battle"]["monster_squads"])]
