"""Hero movement and sieges through the shared pathfinder (R-MOV-1..8, R-CITY-2/3)."""
from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass

import numpy as np

from game.board.pathfinding import Reach, path_cost, reachable, token_masks
from game.engine.dice import Dice
from game.engine.errors import IllegalAction
from game.engine.interactions import arrive
from game.engine.state import NEUTRAL, City, Event, GameState, Hero


# What ``token_masks`` reads of a token (a computer player builds the masks at every decision of its
# look-aheads: a named tuple is made several times quicker than the map's own token dataclass).
_Mark = namedtuple("_Mark", "kind cell owner")


def walled(state: GameState, city: City) -> bool:
    buildings = state.rules["buildings"]
    return any(level > 0 and buildings.get(name, {}).get("walls") for name, level in city.buildings.items())


def movement_masks(state: GameState, seat: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``stop``, ``pickups`` and ``blocked`` arrays as ``seat``'s heroes see the board."""
    tokens = [_Mark(t.kind, t.cell, NEUTRAL) for t in state.tokens.values()]
    tokens += [_Mark("city", c.cell, c.owner) for c in state.cities.values()]
    tokens += [_Mark("mine", m.cell, m.owner) for m in state.mines.values()]
    enemies = [h.cell for h in state.heroes.values() if not state.allied(h.owner, seat)]
    stop, pickups = token_masks(state.board, tokens, seat, state.allies_of(seat), enemies)
    blocked = np.zeros_like(stop)
    for city in state.cities.values():
        if not state.allied(city.owner, seat) and walled(state, city):
            blocked[city.cell[1], city.cell[0]] = True
    for token in state.tokens.values():      # R-MOV-7: a Monster on a City blocks it for everyone
        if token.kind == "monster" and state.city_at(token.cell) is not None:
            blocked[token.cell[1], token.cell[0]] = True
    return stop, pickups, blocked


def hero_reach(state: GameState, hero: Hero, masks: tuple | None = None, budget: int | None = None) -> Reach:
    """Where the hero can go with the 🐎 it has left (or ``budget``): what the screen shows and the engine accepts.

    ``masks`` may pass in ``movement_masks(state, hero.owner)`` already built for another hero."""
    stop, pickups, blocked = masks or movement_masks(state, hero.owner)
    return reachable(state.board.topology, state.board.move_cost, stop, hero.cell,
                     (hero.moves_left or 0) if budget is None else budget, pickups=pickups, blocked=blocked)


@dataclass(frozen=True)
class Trip:
    """A walk longer than this turn's 🐎: the whole cheapest path, where this turn's part of it ends, and
    how many Days (turns of its player, this one counted) the whole walk takes with the rolls to come."""
    path: tuple          # the cells after the hero's, to the end
    cost: int            # 🐎 of the whole path
    today: int           # how many of ``path``'s cells the hero walks this turn (0: not one)
    today_cost: int      # 🐎 those take
    days: tuple          # (fewest, most) Days with the best and the worst rolls; most is None when the
                         # worst roll cannot pay for a step on the way (it could take any number of Days)

    @property
    def stop(self):
        """The cell where this turn's walk ends, or None."""
        return self.path[self.today - 1] if self.today else None


def plan_trip(state: GameState, hero: Hero, far: Reach, cell) -> Trip | None:
    """The walk to ``cell`` along ``far``'s cheapest path (``far``: ``hero_reach`` with a budget big enough
    to get there), or None when no path gets there whatever its cost, or a step on it costs more than
    any roll (R-MOV-2: a map may make a tile that dear).

    This turn the hero walks as far as its 🐎 left pay for (R-MOV-1); the path passes through no tile it
    must deal with (R-MOV-6), and this turn's walk does not end on an Item or Resource (R-MOV-3: a pickup
    the player did not point at). Each later turn walks as far as that turn's roll pays for; a roll's
    unused 🐎 are lost (R-MOV-1)."""
    total = far.cost(cell)
    if total is None or cell == far.start:
        return None
    path = tuple(far.path_to(cell))
    costs = [far.cost(c) for c in path]            # the cost to end on each step: the path's running total
    left = hero.moves_left or 0
    today = 0
    for i, (step, spent) in enumerate(zip(path, costs)):
        if spent > left:
            break
        if i == len(path) - 1 or not far.pickups(step):
            today = i + 1
    today_cost = costs[today - 1] if today else 0
    roll = Dice.parse(state.rules["movement"]["roll"])

    def days(each: int) -> int | None:
        count, at, spent = 1, today, today_cost
        while at < len(path):
            reach = spent + each
            walked = at
            while walked < len(path) and costs[walked] <= reach:
                walked += 1
            if walked == at:
                return None
            count, at, spent = count + 1, walked, costs[walked - 1]
        return count
    fewest = days(roll.maximum)
    return None if fewest is None else Trip(path, total, today, today_cost, (fewest, days(roll.minimum)))


def own_hero(state: GameState, seat: int, hero_id: int) -> Hero:
    hero = state.heroes.get(hero_id)
    if hero is None or hero.owner != seat:
        raise IllegalAction("that is not one of your heroes")
    return hero


def require_free_turn(state: GameState, seat: int) -> None:
    if state.phase != "turn" or state.current_player != seat:
        raise IllegalAction("heroes move in their player's turn")
    if state.pending or state.battle is not None or state.interaction is not None:
        raise IllegalAction("finish what is going on first")


def roll_movement(state: GameState, seat: int, hero_id: int, events: list[Event]) -> None:
    hero = own_hero(state, seat, hero_id)
    require_free_turn(state, seat)
    if hero.moves_left is not None:
        raise IllegalAction("this hero has already rolled its 🐎 this turn")
    roll = state.rng.roll(state.rules["movement"]["roll"])
    hero.moves_left = roll.total
    state.turn_acted = True
    state.emit(events, "dice", purpose="movement", expr=state.rules["movement"]["roll"], faces=list(roll.faces),
               total=roll.total, hero=hero.id, player=seat)


def end_tile_refusal(state: GameState, seat: int, cell) -> str | None:
    """Why no path of ``seat``'s heroes may end on ``cell`` whatever the way: an impassable tile (R-MOV-2)
    or a City shut to them (R-MOV-7, R-CITY-2); else None."""
    try:
        cell = (int(cell[0]), int(cell[1]))
    except (TypeError, ValueError, IndexError):
        return None
    if not state.board.passable(cell):
        return f"cannot move there: {cell} is impassable" if state.board.topology.in_bounds(cell) else None
    city = state.city_at(cell)
    if city is None:
        return None
    if state.tokens_at(city.cell, "monster"):
        return "a Monster blocks this City: no hero enters it until the Monster is beaten"
    if not state.allied(city.owner, seat) and walled(state, city):
        return "a walled City cannot be attacked until it is besieged"
    return None


def move(state: GameState, seat: int, hero_id: int, path: tuple, events: list[Event]) -> None:
    hero = own_hero(state, seat, hero_id)
    require_free_turn(state, seat)
    if hero.moves_left is None:
        raise IllegalAction("roll the hero's 🐎 first")
    if not path:
        raise IllegalAction("the path is empty")
    stop, _, blocked = movement_masks(state, seat)
    try:
        cost = path_cost(state.board.topology, state.board.move_cost, stop, hero.cell, path, blocked=blocked)
    except ValueError as exc:
        raise IllegalAction(end_tile_refusal(state, seat, path[-1]) or f"cannot move there: {exc}") from None
    if cost > hero.moves_left:
        raise IllegalAction(f"that path costs 🐎{cost}; the hero has {hero.moves_left} left")
    state.turn_acted = True
    for cell in path:
        cell = (int(cell[0]), int(cell[1]))
        hero.cell = cell
        state.emit(events, "hero_step", hero=hero.id, cell=list(cell))
    hero.moves_left -= cost
    state.emit(events, "hero_moved", hero=hero.id, cost=cost, moves_left=hero.moves_left, cell=list(hero.cell))
    arrive(state, hero, events)


def siege(state: GameState, seat: int, hero_id: int, city_id: int, events: list[Event]) -> None:
    """R-CITY-2/3: skip the 🐎 roll, or spend 🐎15; the walls fall and the hero's turn ends."""
    hero = own_hero(state, seat, hero_id)
    require_free_turn(state, seat)
    city = state.cities.get(city_id)
    if city is None or state.allied(city.owner, seat):
        raise IllegalAction("siege an enemy or neutral City")
    if not walled(state, city):
        raise IllegalAction("that City has no walls: attack it by moving onto it")
    if city.cell not in state.board.topology.neighbours(hero.cell):
        raise IllegalAction("the hero must stand next to the City to siege it")
    cost = state.rules["cities"]["siege_cost"]
    if hero.moves_left is not None and hero.moves_left < cost:
        raise IllegalAction(f"a siege costs 🐎{cost} (or the hero's whole roll); the hero has {hero.moves_left} left")
    for name, building in state.rules["buildings"].items():
        if building.get("walls"):
            city.buildings.pop(name, None)
    city.sieged = True
    hero.moves_left = 0
    state.turn_acted = True
    state.emit(events, "siege", hero=hero.id, city=city.id, player=seat, owner=city.owner)
