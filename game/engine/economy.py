"""Daybreak step 3: building, recruiting, founding Cities; garrison exchanges (R-BLD, R-DAY-4/6, R-CMP-4..6)."""
from __future__ import annotations

from game.engine import purse
from game.engine.errors import IllegalAction
from game.engine.heroes import add_units, equip_default, new_hero, slots_ok
from game.engine.state import City, Event, GameState, Hero
from game.names import nice_name, unit_plural


def building_spent(building: dict, level: int) -> dict[str, int]:
    """What a building built up to ``level`` cost in all (each level paid for, on a levelled one)."""
    if "levels" in building:
        return {"coin": sum(building["level_cost"][:level])}
    return dict(building["cost"]) if level else {}


def build_options(state: GameState, city: City) -> dict[str, tuple[dict[str, int], list[str]]]:
    """Every tier or building the City could get next: name -> (cost, what is missing)."""
    rules = state.rules
    tiers = rules["cities"]["tiers"]
    options: dict[str, tuple[dict[str, int], list[str]]] = {}
    index = tiers.index(city.tier)
    if index + 1 < len(tiers):
        nxt = tiers[index + 1]
        options[nxt] = (rules["cities"]["tier_cost"][nxt], [])
    for name, building in rules.buildings().items():
        level = city.buildings.get(name, 0)
        if "levels" in building:
            if level >= building["levels"]:
                continue
            cost = {"coin": building["level_cost"][level]}
        elif level:
            continue
        else:
            cost = building["cost"]
        missing = []
        for need in building["requires"]:
            if need.startswith("tier:"):
                if tiers.index(city.tier) < tiers.index(need[5:]):
                    missing.append(need[5:].title())
            elif not city.has(need):
                missing.append(need.replace("_", " ").title())
        options[name] = (cost, missing)
    return options


def _own_city(state: GameState, seat: int, city_id: int) -> City:
    city = state.cities.get(city_id)
    if city is None or city.owner != seat:
        raise IllegalAction("that is not one of your Cities")
    return city


def _require_build_step(state: GameState, seat: int, city: City | None = None) -> None:
    if state.phase != "daybreak" or state.current_player != seat or state.pending:
        raise IllegalAction("building and recruiting happen at your Daybreak")
    if city is not None and city.sieged:
        raise IllegalAction("a City under siege cannot build or recruit this Daybreak")


def build(state: GameState, seat: int, city_id: int, name: str, events: list[Event]) -> None:
    city = _own_city(state, seat, city_id)
    _require_build_step(state, seat, city)
    if city.built_today >= state.rules["daybreak"]["builds_per_city_per_day"]:
        raise IllegalAction("this City has already built today")
    options = build_options(state, city)
    if name not in options:
        raise IllegalAction(f"{nice_name(name)} cannot be built here")
    cost, missing = options[name]
    if missing:
        raise IllegalAction(f"{nice_name(name)} needs {', '.join(map(nice_name, missing))} first")
    purse.require(state, seat, cost, nice_name(name))
    purse.pay(state, seat, cost, events, f"build {name}")
    if name in state.rules["cities"]["tiers"]:
        city.tier = name
    else:
        city.buildings[name] = city.buildings.get(name, 0) + 1
    city.built_today += 1
    state.emit(events, "built", city=city.id, building=name, player=seat)


def recruit(state: GameState, seat: int, city_id: int, name: str, count: int, events: list[Event]) -> None:
    city = _own_city(state, seat, city_id)
    _require_build_step(state, seat, city)
    recruits = state.rules.recruits()
    if name not in recruits:
        raise IllegalAction(f"no such recruit: {name}")
    if count < 1:
        raise IllegalAction("recruit at least one")
    entry = recruits[name]
    missing = [need for need in entry["requires"] if not city.has(need)]
    if missing:
        raise IllegalAction(f"recruiting {nice_name(name)} needs {', '.join(map(nice_name, missing))}")
    if name == "hero":
        if count != 1:
            raise IllegalAction("heroes are recruited one at a time")
        if state.rules.option("hero_cap") and len(state.heroes_of(seat)) >= state.rules["options"]["hero_cap_count"]:
            raise IllegalAction(f"at most {state.rules['options']['hero_cap_count']} heroes per player (optional rule)")
    elif not slots_ok(city.garrison, entry["unit"], state.rules["hero"]["city_slots"]):
        raise IllegalAction(f"the City's {state.rules['hero']['city_slots']} recruit slots are full")
    cost = purse.scaled(entry["cost"], count)
    purse.require(state, seat, cost, unit_plural(name, count))
    purse.pay(state, seat, cost, events, f"recruit {name}")
    if name == "hero":
        new_hero(state, seat, city.cell, events)
    else:
        add_units(city.garrison, entry["unit"], count)
        state.emit(events, "recruited", city=city.id, unit=entry["unit"], count=count, player=seat)


def on_founding_ground(state: GameState, hero: Hero) -> bool:
    """R-BLD-2: the hero stands alone on an otherwise empty tile (no City, Mine or token)."""
    return (state.city_at(hero.cell) is None and state.mine_at(hero.cell) is None
            and not state.tokens_at(hero.cell) and all(h.id == hero.id for h in state.heroes_at(hero.cell)))


def found_city(state: GameState, seat: int, hero_id: int, events: list[Event]) -> None:
    """R-BLD-2: the hero becomes the Mayor; its units and items move into the City."""
    hero = _own_hero(state, seat, hero_id)
    _require_build_step(state, seat)
    if not on_founding_ground(state, hero):
        raise IllegalAction("a City is founded on an otherwise empty tile")
    cost = state.rules["cities"]["found_cost"]
    purse.require(state, seat, cost, "Founding a City")
    purse.pay(state, seat, cost, events, "found city")
    city = City(id=state.new_id(), cell=hero.cell, owner=seat, tier=state.rules["cities"]["tiers"][0],
                garrison=dict(hero.army), armory=list(hero.items), built_today=1,
                name=f"{hero.name}'s town")
    state.cities[city.id] = city
    del state.heroes[hero.id]
    state.emit(events, "city_founded", city=city.id, player=seat, cell=list(city.cell), mayor=hero.id)


def _own_hero(state: GameState, seat: int, hero_id: int) -> Hero:
    hero = state.heroes.get(hero_id)
    if hero is None or hero.owner != seat:
        raise IllegalAction("that is not one of your heroes")
    return hero


def _garrison_of(state: GameState, seat: int, hero_id: int) -> tuple[Hero, City]:
    hero = _own_hero(state, seat, hero_id)
    if state.actor() != seat or state.battle is not None or state.interaction is not None:
        raise IllegalAction("exchanges wait until nothing else is going on")
    city = state.city_at(hero.cell)
    if city is None or city.owner != seat:
        raise IllegalAction("the hero must be garrisoned in one of your Cities")
    if state.tokens_at(city.cell, "monster"):
        raise IllegalAction("a Monster blocks this City: no exchange with its garrison until it is beaten")
    return hero, city


def transfer_units(state: GameState, seat: int, hero_id: int, unit: str, count: int, events: list[Event]) -> None:
    """R-DAY-6, R-CMP-6: units move freely between a garrisoned hero and its City."""
    hero, city = _garrison_of(state, seat, hero_id)
    source, target = (city.garrison, hero.army) if count > 0 else (hero.army, city.garrison)
    amount = abs(count)
    if amount == 0 or source.get(unit, 0) < amount:
        raise IllegalAction(f"there are not {unit_plural(unit, amount)} to move")
    slots = state.rules["hero"]["army_slots" if count > 0 else "city_slots"]
    if not slots_ok(target, unit, slots):
        where = "the hero's army" if count > 0 else "the City"
        raise IllegalAction(f"no free slot for {nice_name(unit)}: {where} holds {slots} kinds of unit, "
                            "and they are taken (R-CMP-5)")
    add_units(source, unit, -amount)
    add_units(target, unit, amount)
    state.emit(events, "units_moved", hero=hero.id, city=city.id, unit=unit, count=count)


def transfer_item(state: GameState, seat: int, hero_id: int, item_id: int, to_hero: bool, events: list[Event]) -> None:
    hero, city = _garrison_of(state, seat, hero_id)
    source, target = (city.armory, hero.items) if to_hero else (hero.items, city.armory)
    item = next((i for i in source if i.id == item_id), None)
    if item is None:
        raise IllegalAction("that item is not there")
    source.remove(item)
    target.append(item)
    if to_hero:
        equip_default(hero, item)
    elif item.id in hero.equipped:
        hero.equipped.remove(item.id)
    state.emit(events, "item_moved", hero=hero.id, city=city.id, item=item.id, to_hero=to_hero)


def equip(state: GameState, seat: int, hero_id: int, item_id: int, events: list[Event]) -> None:
    """R-ITEM-3: one equipped item per type."""
    hero = _own_hero(state, seat, hero_id)
    item = next((i for i in hero.items if i.id == item_id), None)
    if item is None:
        raise IllegalAction("the hero does not carry that item")
    hero.equipped = [i.id for i in hero.items if i.id in hero.equipped and i.type != item.type] + [item.id]
    state.emit(events, "item_equipped", hero=hero.id, item=item.id)
