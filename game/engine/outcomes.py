"""What a battle's end does to the board: bounties, captures, conquests, deaths, survivors
(R-MON-2, R-MINE-1..3, R-CITY-5, R-DEATH-2, R-BAT-8)."""
from __future__ import annotations

from game.engine import purse
from game.engine.dice import truncate
from game.engine.heroes import kill_hero
from game.engine.squads import GARRISON
from game.engine.state import NEUTRAL, Event, GameState


def settle(state: GameState, outcome, events: list[Event]) -> None:
    """Bounties, captures, conquests and deaths after ``outcome`` (a ``battle.Outcome``); the
    survivors go back where they came from (R-BAT-8)."""
    battle, winner, retreated = outcome.battle, outcome.winner, outcome.retreated
    attacker, defender = battle.sides
    hero = state.heroes.get(battle.hero)
    if winner == 0:
        hero.army = attacker.survivors(hero.id)
        if battle.kind in ("monsters", "guardians"):
            if battle.kind == "monsters":
                for token_id in battle.monster_tokens:
                    state.tokens.pop(token_id, None)
                state.emit(events, "tokens_removed", tokens=list(battle.monster_tokens))
            if battle.bounty:
                pay_bounty(state, hero.owner, battle.neutral_units, events)
            if battle.kind == "guardians":
                capture_mine(state, hero, state.mines[battle.mine], events)
        elif battle.kind == "hero":
            for hero_id in defender.heroes:
                if hero_id in state.heroes:
                    state.heroes[hero_id].army = {}     # its units died in the battle (R-DEATH-2)
                    kill_hero(state, state.heroes[hero_id], events, cause="battle")
        elif battle.kind == "city":
            conquer(state, hero.owner, state.cities[battle.city], defender, events)
        return
    give_back(state, battle, defender)
    if hero is not None:
        # R-DEATH-2: what is left of its army at the moment it dies (nothing unless it retreated)
        hero.army = attacker.survivors(hero.id) if retreated else {}
        kill_hero(state, hero, events, cause="retreat" if retreated else "battle")


def give_back(state: GameState, battle, defender) -> None:
    """R-BAT-8: each defending hero keeps its own surviving units, the City's garrison its own."""
    if battle.kind == "city" and defender.player != NEUTRAL:
        state.cities[battle.city].garrison = defender.survivors(GARRISON)
    if battle.kind in ("city", "hero"):
        for hero_id in defender.heroes:
            if hero_id in state.heroes:
                state.heroes[hero_id].army = defender.survivors(hero_id)


def capture_mine(state: GameState, hero, mine, events: list[Event]) -> None:
    """R-MINE-1, R-CMP-2: the Mine changes owner (its resource rolled when first captured) and pays at once."""
    rules = state.rules["mines"]
    if mine.resource is None:
        if rules["resource_type_die"]:
            roll = state.rng.roll(rules["resource_type_die"])
            mine.resource = rules["resource_types"][roll.total - 1]
            state.emit(events, "dice", purpose="mine_resource", expr=rules["resource_type_die"],
                       faces=list(roll.faces), total=roll.total, resource=mine.resource, player=hero.owner)
        else:
            mine.resource = rules["resource_types"][0]
    previous = mine.owner
    mine.owner = hero.owner
    state.emit(events, "mine_captured", mine=mine.id, player=hero.owner, previous=previous, resource=mine.resource)
    purse.change(state, hero.owner, {mine.resource: rules["capture_reward"]}, events, "mine captured")


def pay_bounty(state: GameState, seat: int, killed: int, events: list[Event]) -> None:
    """R-MON-2 (Normal: trunc(monsters / 2)), R-CMP-11 (Campaign: 💰1 per monster)."""
    rules = state.rules["monsters"]
    amount = truncate(killed / 2) if rules["bounty"] == "half" else killed * rules["bounty_per_kill"]
    purse.change(state, seat, {"coin": amount}, events, "bounty")


def conquer(state: GameState, seat: int, city, defender, events: list[Event]) -> None:
    """R-CITY-5: owner changes, tier and buildings kept, armory goes along, the King's Purse."""
    loser = city.owner
    for hero_id in defender.heroes:
        if hero_id in state.heroes:
            state.heroes[hero_id].army = {}             # its units died in the battle (R-DEATH-2)
            kill_hero(state, state.heroes[hero_id], events, cause="battle")
    if loser != NEUTRAL:
        cities_before = len(state.cities_of(loser))
        take = {r: truncate(n / cities_before) for r, n in state.players[loser].purse.items()}
        purse.change(state, loser, {r: -n for r, n in take.items()}, events, "city lost")
        purse.change(state, seat, take, events, "king's purse")
    city.owner = seat
    city.garrison = {}
    city.sieged = False      # the siege's lost Daybreak was its old owner's (R-CITY-3)
    state.emit(events, "city_conquered", city=city.id, player=seat, previous=loser)
    state.stats["conquests"] = state.stats.get("conquests", 0) + 1
