"""What the player to act may do now: for computer players, the screen and tests."""
from __future__ import annotations

from itertools import combinations

from game.engine import actions as A
from game.engine.battle import default_arrangement
from game.engine.diplomacy import alliances_allowed
from game.engine.economy import build_options, on_founding_ground
from game.engine.heroes import slots_ok
from game.engine.interactions import joining_unit
from game.engine.movement import hero_reach, movement_masks, walled
from game.engine.purse import can_afford, scaled
from game.engine.rules import OPTION_NAMES
from game.engine.state import GameState


def legal_actions(state: GameState, moves: bool = True) -> list:
    """Every action the acting player may take now (``moves=False`` leaves out Move paths)."""
    seat = state.actor()
    if seat is None:
        return []
    if state.pending:
        return _answers(state, seat)
    if state.battle is not None:
        return _battle_actions(state, seat)
    answers = (True, False) if alliances_allowed(state) else (False,)
    offers = [A.AnswerAlliance(seat, p, yes) for p, to in sorted(state.alliance_offers) if to == seat
              for yes in answers]
    if state.phase == "daybreak":
        *actions, ender = _daybreak_actions(state, seat)
    elif state.phase == "turn":
        *actions, ender = _turn_actions(state, seat, moves)
    else:
        return []
    return offers + actions + _rule_proposals(state, seat) + [ender]     # ending the step stays last


def _rule_proposals(state: GameState, seat: int) -> list:
    """R-VOTE-1: switching any optional rule, when no vote is under way."""
    if state.vote is not None:
        return []
    return [A.ProposeRuleChange(seat, name, not state.rules.option(name)) for name in OPTION_NAMES]


def _answers(state: GameState, seat: int) -> list:
    pending = state.pending[0]
    if pending.kind == "place_capital" or pending.kind == "place_token":
        cls = A.PlaceCapital if pending.kind == "place_capital" else A.PlaceToken
        return [cls(seat, c) for c in state.unoccupied_cells()]
    if pending.kind == "upkeep_deaths":
        heroes = pending.data["heroes"]
        count = pending.data["count"]
        return [A.ChooseUpkeepDeaths(seat, chosen) for chosen in combinations(heroes, count)]
    if pending.kind == "take_monsters":
        hero = state.heroes[pending.data["hero"]]
        options = []
        for count in range(pending.data["max"] + 1):
            if count and not can_afford(state, seat, scaled(pending.data["cost"], count)):
                break
            if count and state.rules["hero"]["army_slots"] and joining_unit(state) not in hero.army \
                    and len(hero.army) >= state.rules["hero"]["army_slots"]:
                break
            options.append(A.TakeMonsters(seat, count))
        return options
    if pending.kind == "pickups":
        hero = state.heroes[pending.data["hero"]]
        picks = [A.PickUp(seat, hero.id, t.id) for t in state.tokens_at(hero.cell)
                 if t.kind in ("item", "resource") and (hero.moves_left or 0) >= state.rules["movement"]["pickup_cost"]]
        return picks + [A.FinishPickups(seat, hero.id)]
    if pending.kind == "vote":
        return [A.CastVote(seat, True), A.CastVote(seat, False)]
    if pending.kind == "face_monster":
        return [A.FaceMonster(seat, pending.data["hero"])]
    return []


def _battle_actions(state: GameState, seat: int) -> list:
    battle = state.battle
    for side in battle.sides:
        if not side.arranged:
            limit = state.rules["battle"]["max_player_squads"]
            return [A.ArrangeBattle(seat, default_arrangement(side.pool, squads), mode)
                    for squads in range(1, limit + 1) for mode in ("representative", "individual")]
    side = battle.sides[battle.to_act]
    enemy = battle.sides[1 - battle.to_act]
    options = [A.Attack(seat, i, j) for i in range(len(side.squads)) for j in range(len(enemy.squads))]
    if battle.to_act == 0:
        options.append(A.Retreat(seat))
    return options


def _daybreak_actions(state: GameState, seat: int) -> list:
    options: list = []
    rules = state.rules
    for city in state.cities_of(seat):
        if city.sieged:
            continue
        if city.built_today < rules["daybreak"]["builds_per_city_per_day"]:
            for name, (cost, missing) in build_options(state, city).items():
                if not missing and can_afford(state, seat, cost):
                    options.append(A.Build(seat, city.id, name))
        for name, entry in rules.recruits().items():
            if all(city.has(need) for need in entry["requires"]) and can_afford(state, seat, entry["cost"]):
                if name == "hero" and rules.option("hero_cap") and \
                        len(state.heroes_of(seat)) >= rules["options"]["hero_cap_count"]:
                    continue
                options.append(A.Recruit(seat, city.id, name, 1))
    options += _garrison_actions(state, seat)
    for hero in state.heroes_of(seat):
        if can_afford(state, seat, rules["cities"]["found_cost"]) and on_founding_ground(state, hero):
            options.append(A.FoundCity(seat, hero.id))
    options.append(A.EndDaybreak(seat))
    return options


def _garrison_actions(state: GameState, seat: int) -> list:
    options: list = []
    army_slots, city_slots = state.rules["hero"]["army_slots"], state.rules["hero"]["city_slots"]
    for hero in state.heroes_of(seat):
        city = state.city_at(hero.cell)
        if city is None or city.owner != seat or state.tokens_at(city.cell, "monster"):
            continue
        options += [A.TransferUnits(seat, hero.id, unit, count) for unit, count in city.garrison.items()
                    if slots_ok(hero.army, unit, army_slots)]
        options += [A.TransferUnits(seat, hero.id, unit, -count) for unit, count in hero.army.items()
                    if slots_ok(city.garrison, unit, city_slots)]
        options += [A.TransferItem(seat, hero.id, item.id, True) for item in city.armory]
        options += [A.TransferItem(seat, hero.id, item.id, False) for item in hero.items]
    return options


def _turn_actions(state: GameState, seat: int, moves: bool) -> list:
    options: list = []
    pickup_cost = state.rules["movement"]["pickup_cost"]
    masks = movement_masks(state, seat) if moves else None     # the same for all of the seat's heroes
    for hero in state.heroes_of(seat):
        if hero.moves_left is None:
            options.append(A.RollMovement(seat, hero.id))
            siege_budget = True
        else:
            siege_budget = hero.moves_left >= state.rules["cities"]["siege_cost"]
            if hero.moves_left >= pickup_cost:
                options += [A.PickUp(seat, hero.id, t.id) for t in state.tokens_at(hero.cell)
                            if t.kind in ("item", "resource")]
            if moves and hero.moves_left > 0:
                reach = hero_reach(state, hero, masks)
                options += [A.Move(seat, hero.id, tuple(reach.path_to(cell)))
                            for cell in reach.cells() if cell != hero.cell]
        if siege_budget:
            for cell in state.board.topology.neighbours(hero.cell):
                city = state.city_at(cell)
                if city is not None and not state.allied(city.owner, seat) and walled(state, city):
                    options.append(A.Siege(seat, hero.id, city.id))
    options += _garrison_actions(state, seat)
    if not state.turn_acted:
        options += [A.EndAlliance(seat, ally) for ally in sorted(state.allies_of(seat))]
    if alliances_allowed(state):
        options += [A.ProposeAlliance(seat, other) for other in state.live_players()
                    if other != seat and not state.allied(seat, other) and (seat, other) not in state.alliance_offers]
    options.append(A.EndTurn(seat))
    return options
