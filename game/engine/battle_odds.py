"""Exact battle odds for engine battles: a bridge from ``game.engine.battle`` to ``game.engine.odds``.

Neutral sides in the engine, the computer players and the battle screen all use this module.

- ``battle_win_probability(state, seat=None)``: the chance that ``seat``'s side
  (default: the attacker) wins the battle under way, both sides playing best.
- ``attack_chances(state)``: for the side to act, ``{(squad, target): p}`` where
  ``p`` is that side's chance to win the battle after making that attack.
- ``best_attack(state)``: the ``(squad, target)`` with the highest chance.
- ``best_arrangement(state)``: the ``(squads, mode)`` of the legal arrangements
  that gives the arranging side the best chance.
- ``hero_vs(state, hero, defender_squads, defender_mode)``: a pre-battle
  estimate for a hero and its army against a known defender; the defender
  helpers ``city_defence``, ``hero_defence``, ``monster_defence`` build the
  odds squads of what stands on a cell.

Indices in the results are the engine's (``Attack.squad``/``Attack.target``).
A side that has not arranged its pool yet is estimated with the engine's
default arrangement (as many even squads as allowed, Representative).
"""
from __future__ import annotations

from typing import Sequence

from game.engine import odds as O
from game.engine.battle import Squad as EngineSquad
from game.engine.battle import default_arrangement, split_evenly, squad_dice
from game.engine.dice import Dice
from game.engine.state import NEUTRAL, GameState, Hero

__all__ = ["to_odds_squad", "side_squads", "battle_win_probability", "attack_chances", "best_attack",
           "best_arrangement", "hero_squads", "hero_vs", "city_defence", "hero_defence", "monster_defence",
           "units_squads"]


def _group(count: int, dice: Dice) -> O.UnitGroup:
    return O.UnitGroup(count, dice.count, dice.sides, dice.bonus)


def to_odds_squad(state: GameState, squad: EngineSquad) -> O.Squad:
    """One engine squad (units, a hero or a City) as an odds Squad."""
    groups = tuple(_group(n, d) for n, d in squad_dice(state, squad) if n > 0)
    return O.Squad(groups, is_hero=squad.hero is not None, is_city=squad.city is not None)


def units_squads(state: GameState, units: dict[str, int], parts: int) -> list[O.Squad]:
    """Units split the engine's default way into up to ``parts`` squads."""
    if not units or not sum(units.values()):
        return []
    return [to_odds_squad(state, EngineSquad(dict(s))) for s in default_arrangement(units, parts)]


def side_squads(state: GameState, side) -> list[O.Squad]:
    """A battle side's squads; an unarranged pool is added as the default arrangement."""
    squads = [to_odds_squad(state, s) for s in side.squads]
    if side.pool:
        squads += units_squads(state, side.pool, state.rules["battle"]["max_player_squads"])
    return squads


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


def best_arrangement(state: GameState) -> tuple[tuple, str, float]:
    """(squads, mode, chance) of the best legal arrangement for the side that must arrange now."""
    battle = state.battle
    index = next(i for i, s in enumerate(battle.sides) if not s.arranged)
    side, other = battle.sides[index], battle.sides[1 - index]
    fixed = [to_odds_squad(state, s) for s in side.squads]
    enemy = side_squads(state, other)
    enemy_mode = _mode(other) if other.arranged else O.REPRESENTATIVE
    limit = state.rules["battle"]["max_player_squads"]
    best = None
    seen = set()
    for parts in range(1, limit + 1):
        squads = default_arrangement(side.pool, parts)
        if squads in seen:
            continue
        seen.add(squads)
        ours = fixed + [to_odds_squad(state, EngineSquad(dict(s))) for s in squads]
        for mode in O.ROLL_MODES:
            if index == 0:
                p = O.win_probability(ours, enemy, mode, enemy_mode, O.ATTACKER)
            else:
                p = 1.0 - O.win_probability(enemy, ours, enemy_mode, mode, O.ATTACKER)
            key = (round(p, 9), -parts, mode == O.REPRESENTATIVE)
            if best is None or key > best[0]:
                best = (key, squads, mode, p)
    return best[1], best[2], best[3]


# --- before a battle --------------------------------------------------------------------
def hero_squads(state: GameState, hero: Hero, extra_units: dict[str, int] | None = None) -> list[O.Squad]:
    """A hero's side as it would arrange: its own squad plus its army in the most squads allowed."""
    units = dict(hero.army)
    for unit, count in (extra_units or {}).items():
        units[unit] = units.get(unit, 0) + count
    return [to_odds_squad(state, EngineSquad(hero=hero.id))] + \
        units_squads(state, units, state.rules["battle"]["max_player_squads"])


def hero_vs(state: GameState, hero: Hero, defender: Sequence[O.Squad],
            defender_mode: str = O.REPRESENTATIVE, attacker_mode: str | None = None,
            extra_units: dict[str, int] | None = None) -> float:
    """Pre-battle estimate: the hero (attacking) against known defending squads.

    ``attacker_mode`` None takes the better of the two roll modes (the AI chooses).
    """
    if not defender:
        return 1.0
    ours = hero_squads(state, hero, extra_units)
    modes = O.ROLL_MODES if attacker_mode is None else (attacker_mode,)
    return max(O.win_probability(ours, list(defender), m, defender_mode, O.ATTACKER) for m in modes)


def city_defence(state: GameState, city) -> list[O.Squad]:
    """What defends a City: its own squad, garrisoned heroes, garrison plus their armies (R-CITY-4/6)."""
    squads = [to_odds_squad(state, EngineSquad(city=city.id))]
    if city.owner == NEUTRAL:
        from game.engine.interactions import neutral_defender_unit
        rules = state.rules["cities"]
        mean = Dice.parse(rules["neutral_defenders"]).mean
        return squads + monster_defence(state, {neutral_defender_unit(state): int(mean)},
                                        rules["neutral_defender_squads"])
    pool = dict(city.garrison)
    for hero in state.heroes_at(city.cell):
        if hero.owner == city.owner:
            squads.append(to_odds_squad(state, EngineSquad(hero=hero.id)))
            for unit, count in hero.army.items():
                pool[unit] = pool.get(unit, 0) + count
    return squads + units_squads(state, pool, state.rules["battle"]["max_player_squads"])


def hero_defence(state: GameState, heroes: Sequence[Hero]) -> list[O.Squad]:
    squads = [to_odds_squad(state, EngineSquad(hero=h.id)) for h in heroes]
    pool: dict[str, int] = {}
    for hero in heroes:
        for unit, count in hero.army.items():
            pool[unit] = pool.get(unit, 0) + count
    return squads + units_squads(state, pool, state.rules["battle"]["max_player_squads"])


def monster_defence(state: GameState, units: dict[str, int], parts: int | None = None) -> list[O.Squad]:
    """Monsters or guardians: even squads (battle.monster_squads unless ``parts``), Representative (R-BAT-2)."""
    if not units or not sum(units.values()):
        return []
    return [to_odds_squad(state, EngineSquad(part))
            for part in split_evenly(units, parts or state.rules["battle"]["monster_squads"])]
