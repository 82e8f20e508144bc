"""Battles of odds squads played through the real engine, to check the exact odds against it.

``play_engine_battle(attacker, defender, rng, attacker_mode, defender_mode)``
builds a small engine game (``new_game`` on a ``Board.blank``), puts the two
sides' squads in a ``Battle`` started with ``start_battle``, and lets both
sides pick ``best_attack`` through ``apply(Attack)`` until the engine says
``battle_over``. It returns True when the attacker won, so it fits
``game.engine.odds.simulate_battles(..., play_one=...)``.

How odds squads become engine squads:

- a plain group ``COUNTxNdS+B`` is COUNT units of a unit kind whose dice,
  ``NdS+B``, are registered in a rules overlay (``units: {kind: dice}``);
- a ``hero:`` squad is a real Hero: its first group is the hero's own dice
  (``hero.dice`` in the overlay; every hero squad must share it), the other
  groups are equipped items (one per item slot, so at most three, count 1);
- a ``city:`` squad is a City whose dice (``cities.dice``) is its one group;
- a group tagged ``@TAG`` belongs to hero ``hero@TAG:`` (or, if no hero has that
  tag, to the City's garrison); an untagged group belongs to the side's one
  hero (a side with several heroes must tag its groups).
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence

from game.engine import odds as O

ITEM_TYPES = ("main_hand", "off_hand", "amulet")


def _dice_text(group: O.UnitGroup) -> str:
    bonus = f"+{group.bonus}" if group.bonus > 0 else (str(group.bonus) if group.bonus < 0 else "")
    return f"{group.n}d{group.sides}{bonus}"


def _unit_kind(group: O.UnitGroup) -> str:
    return f"u_{group.n}d{group.sides}_{group.bonus}".replace("-", "m")


def _overlay(attacker: Sequence[O.Squad], defender: Sequence[O.Squad]) -> dict:
    units: dict[str, str] = {}
    hero_dice: set[str] = set()
    city_dice: set[str] = set()
    for squad in list(attacker) + list(defender):
        if squad.is_hero:
            first = squad.groups[0]
            if first.count != 1:
                raise ValueError("a hero squad's first group is the hero itself: count 1")
            hero_dice.add(_dice_text(first))
            items = squad.groups[1:]
            if len(items) > len(ITEM_TYPES) or any(g.count != 1 for g in items):
                raise ValueError(f"a hero carries at most {len(ITEM_TYPES)} items, one die group each")
        elif squad.is_city:
            if len(squad.groups) != 1 or squad.groups[0].count != 1:
                raise ValueError("a City squad is one group of count 1")
            city_dice.add(_dice_text(squad.groups[0]))
        else:
            for group in squad.groups:
                units[_unit_kind(group)] = _dice_text(group)
    if len(hero_dice) > 1 or len(city_dice) > 1:
        raise ValueError("every hero (and every City) in an engine battle shares one set of dice")
    overlay: dict = {"units": units}
    if hero_dice:
        overlay["hero"] = {"dice": hero_dice.pop()}
    if city_dice:
        overlay["cities"] = {"dice": city_dice.pop()}
    return overlay


def _key(squads: Sequence[O.Squad]) -> tuple:
    return tuple((s.is_hero, s.is_city, tuple((g.count, g.n, g.sides, g.bonus) for g in s.groups)) for s in squads)


@lru_cache(maxsize=32)
def _template(attacker_key: tuple, defender_key: tuple, overlay_key: str):
    """A fresh two-player game on a blank board with the overlay's rules (built once per matchup)."""
    import json

    from game.board import Board
    from game.board.model import MapToken
    from game.engine import load_rules, new_game
    from game.engine.setup import Seat
    overlay = json.loads(overlay_key)
    overlay.setdefault("setup", {})["scatter_per_player"] = {"item": 0, "resource": 0, "monster": 0, "mine": 0}
    rules = load_rules("normal", overlay=overlay)
    board = Board.blank(9, 9, "square", tokens=[MapToken("start", (1, 1), seat=1), MapToken("start", (7, 7), seat=2)])
    state, _ = new_game(board, [Seat("Attacker"), Seat("Defender")], 0, rules=rules)
    return state


def engine_battle_state(attacker: Sequence[O.Squad], defender: Sequence[O.Squad], seed: int,
                        attacker_mode: str = O.REPRESENTATIVE, defender_mode: str = O.REPRESENTATIVE):
    """A GameState with the battle of these squads under way (attacker to act)."""
    import json

    from game.engine.battle import Battle, Side, Squad, start_battle
    from game.engine.dice import Rng
    from game.engine.state import City, Hero, Item
    overlay = _overlay(attacker, defender)
    # the engine's quick copy: the template's board and rule tables are shared (a battle writes to neither);
    # a deep copy of the board was most of a simulated battle's time
    state = _template(_key(attacker), _key(defender), json.dumps(overlay, sort_keys=True)).lookahead_copy(Rng(seed))
    state.interaction = None
    cell = (4, 4)
    sides = []
    first_hero = None
    for seat, squads, mode in ((1, attacker, attacker_mode), (2, defender, defender_mode)):
        side = Side(player=seat, mode=mode, arranged=True)
        heroes_by_tag: dict[str, int] = {}
        units_of: list[O.Squad] = []
        for squad in squads:
            if squad.is_hero:
                hero = Hero(id=state.new_id(), owner=seat, cell=cell, name=f"Hero {seat}")
                for k, group in enumerate(squad.groups[1:]):
                    item = Item(id=state.new_id(), type=ITEM_TYPES[k], rarity=0, power=_dice_text(group))
                    hero.items.append(item)
                    hero.equipped.append(item.id)
                state.heroes[hero.id] = hero
                heroes_by_tag[squad.owner] = hero.id
                side.heroes.append(hero.id)
                side.squads.append(Squad(hero=hero.id))
                if seat == 1 and first_hero is None:
                    first_hero = hero.id
            elif squad.is_city:
                city = City(id=state.new_id(), cell=cell, owner=seat, tier="encampment", name="Fort")
                state.cities[city.id] = city
                side.squads.append(Squad(city=city.id))
            else:
                units_of.append(squad)
        for squad in units_of:
            side.squads.append(_engine_units(squad, heroes_by_tag))
        sides.append(side)
    if first_hero is None:                       # the battle needs an attacking hero to settle
        hero = Hero(id=state.new_id(), owner=1, cell=cell, name="Captain")
        state.heroes[hero.id] = hero
        first_hero = hero.id
    battle = Battle(kind="hero", cell=cell, hero=first_hero, sides=sides)
    state.phase = "turn"
    start_battle(state, battle, [])
    return state


def _engine_units(squad: O.Squad, heroes_by_tag: dict[str, int]):
    """A mercenary squad whose units belong to the heroes their tags name (R-HERO-2, R-BAT-8)."""
    from game.engine.battle import GARRISON, Squad
    engine_squad = Squad({})
    for group in squad.groups:
        if group.owner:
            owner = heroes_by_tag.get(group.owner, GARRISON)
        elif len(heroes_by_tag) <= 1:
            owner = next(iter(heroes_by_tag.values()), GARRISON)
        else:
            raise ValueError("with several heroes on a side, tag each mercenary group with its hero (@TAG)")
        count = engine_squad.owners.get(owner, {}).get(_unit_kind(group), 0) + group.count
        engine_squad.set_count(owner, _unit_kind(group), count)
    return engine_squad


def play_engine_battle(attacker: Sequence[O.Squad], defender: Sequence[O.Squad], rng: random.Random,
                       attacker_mode: str = O.REPRESENTATIVE, defender_mode: str = O.REPRESENTATIVE) -> bool:
    """One battle through ``apply(Attack)``, both sides playing ``best_attack``; True if the attacker won."""
    from game.ai.battle_odds import best_attack
    from game.engine import apply
    from game.engine.actions import Attack
    state = engine_battle_state(attacker, defender, rng.getrandbits(63), attacker_mode, defender_mode)
    for _ in range(10_000):
        battle = state.battle
        seat = battle.sides[battle.to_act].player
        squad, target = best_attack(state)
        for event in apply(state, Attack(seat, squad, target)):
            if event.kind == "battle_over":
                return event.data["winner"] == 0
        if state.battle is None:
            break
    raise RuntimeError("the engine battle did not end")


def engine_player(attacker_mode: str = O.REPRESENTATIVE, defender_mode: str = O.REPRESENTATIVE):
    """A ``play_one`` for ``simulate_battles`` with these roll modes."""
    def play_one(att, dfn, rng):
        return play_engine_battle(att, dfn, rng, attacker_mode, defender_mode)
    return play_one
