"""Hero creation, death and unit bookkeeping (R-HERO, R-DEATH)."""
from __future__ import annotations

import random

from game.board.topology import Cell
from game.engine.state import Event, GameState, Hero, Item, Token

HERO_NAMES = ("Aldric", "Brienne", "Cedric", "Dagna", "Elowen", "Fenwick", "Gisela", "Hamund",
              "Isolde", "Jorund", "Kestrel", "Leofric", "Maelis", "Norbert", "Odile", "Percival")


def add_units(pool: dict[str, int], unit: str, count: int) -> None:
    pool[unit] = pool.get(unit, 0) + count
    if pool[unit] <= 0:
        del pool[unit]


def unit_total(pool: dict[str, int]) -> int:
    return sum(pool.values())


def slots_ok(pool: dict[str, int], unit: str, slots: int) -> bool:
    """Whether ``unit`` fits: ``slots`` unit kinds at most (0 = no limit; R-CMP-5)."""
    return slots == 0 or unit in pool or len(pool) < slots


HERO_NAMINGS = ("distinct", "seeded", "by_id")
_NUMERALS = ("II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def hero_name(state: GameState, hero_id: int) -> str:
    """The name of the hero with ``hero_id``: by the id through the list, from a place the seed picks (no
    die is spent), so that not every game starts with the same two heroes. "distinct" (games since 6
    December) passes over the names living heroes bear: half the games of The Free Cities had two
    heroes of one name alive at once ("Kestrel moves", but which?); with every name borne, the next is
    numbered ("Aldric II"). Saves keep the naming they were made with: "seeded" took the name at the
    id's place whatever, "by_id" (before version 2) started the list at its first name."""
    start = 0 if state.hero_names == "by_id" else random.Random(state.seed).randrange(len(HERO_NAMES))
    first = start + hero_id * 7
    if state.hero_names != "distinct":
        return HERO_NAMES[first % len(HERO_NAMES)]
    borne = {hero.name for hero in state.heroes.values() if hero.id != hero_id}
    in_order = [HERO_NAMES[(first + 7 * k) % len(HERO_NAMES)] for k in range(len(HERO_NAMES))]
    for suffix in ("", *(f" {n}" for n in _NUMERALS)):
        for name in in_order:
            if name + suffix not in borne:
                return name + suffix
    return f"{in_order[0]} {hero_id}"


def new_hero(state: GameState, owner: int, cell: Cell, events: list[Event]) -> Hero:
    hero = Hero(id=state.new_id(), owner=owner, cell=cell, moves_left=0)
    hero.name = hero_name(state, hero.id)
    state.heroes[hero.id] = hero
    state.emit(events, "hero_recruited", hero=hero.id, player=owner, cell=list(cell), name=hero.name)
    return hero


def drop_items(state: GameState, items: list[Item], cell: Cell, events: list[Event]) -> None:
    """Items fall on the tile, or into the armory when the tile is a City (R-DEATH-1)."""
    if not items:
        return
    city = state.city_at(cell)
    if city is not None:
        city.armory.extend(items)
        state.emit(events, "items_to_armory", city=city.id, items=[i.id for i in items])
        return
    for item in items:
        token = Token(id=state.new_id(), kind="item", cell=cell, item=item)
        state.tokens[token.id] = token
        state.emit(events, "token_placed", token=token.id, kind="item", cell=list(cell), dropped=True)


def kill_hero(state: GameState, hero: Hero, events: list[Event], cause: str) -> None:
    """R-DEATH-1/2: items drop; a hero with units left leaves a Monster token."""
    had_units = hero.army and any(hero.army.values())
    del state.heroes[hero.id]
    state.emit(events, "hero_died", hero=hero.id, player=hero.owner, cell=list(hero.cell), cause=cause)
    drop_items(state, hero.items, hero.cell, events)
    hero.items = []
    if had_units:
        token = Token(id=state.new_id(), kind="monster", cell=hero.cell)
        state.tokens[token.id] = token
        state.emit(events, "token_placed", token=token.id, kind="monster", cell=list(hero.cell),
                   reason="deserters")


def equip_default(hero: Hero, item: Item) -> None:
    """A new item is equipped if the hero has none of its type equipped (R-ITEM-3)."""
    equipped_types = {i.type for i in hero.items if i.id in hero.equipped}
    if item.type not in equipped_types:
        hero.equipped.append(item.id)


def equipped_items(hero: Hero) -> list[Item]:
    return [i for i in hero.items if i.id in hero.equipped]


def step_aside(state: GameState, hero: Hero, events: list[Event]) -> None:
    """R-ALLY-1 [D]: the hero leaves the tile for the nearest free tile it could stand on
    (a free neighbour if there is one), searching outwards in the board's neighbour order."""
    seen, frontier = {hero.cell}, [hero.cell]
    while frontier:
        ring = []
        for cell in frontier:
            for near in state.board.topology.neighbours(cell):
                if near not in seen:
                    seen.add(near)
                    ring.append(near)
        free = [c for c in ring if state.is_unoccupied(c)]
        if free:
            before, hero.cell = hero.cell, free[0]
            state.emit(events, "hero_stepped_aside", hero=hero.id, player=hero.owner, cell=list(hero.cell),
                       came_from=list(before))
            return
        frontier = ring

