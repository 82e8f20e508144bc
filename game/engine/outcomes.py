"""What a battle's end does to the board: bounties, captures, conquests, deaths (R-MON-2, R-MINE-1..3, R-CITY-5)."""
from __future__ import annotations

from game.engine import purse
from game.engine.dice import truncate
from game.engine.flow import check_end
from game.engine.heroes import kill_hero
from game.engine.state import NEUTRAL, Event, GameState


def settle(state: GameState, battle, winner: int, retreated: bool, events: list[Event]) -> None:
    attacker, defender = battle.sides
    hero = state.heroes.get(battle.hero)
    if winner == 0:
        hero.army = attacker.survivors()
        if battle.kind in ("monsters", "guardians"):
            if battle.kind == "monsters":
                for token_id in battle.monster_tokens:
                    state.tokens.pop(token_id, None)
                state.emit(events, "tokens_removed", tokens=list(battle.monster_tokens))
            if battle.bounty:
                pay_bounty(state, hero.owner, battle.neutral_units, events)
            if battle.kind == "guardians":
                from game.engine.interactions import capture_mine
                capture_mine(state, hero, state.mines[battle.mine], events)
        elif battle.kind == "hero":
            for hero_id in defender.heroes:
                if hero_id in state.heroes:
                    state.heroes[hero_id].army = {}     # its units died in the battle (R-DEATH-2)
                    kill_hero(state, state.heroes[hero_id], events, cause="battle")
        elif battle.kind == "city":
            conquer(state, hero.owner, state.cities[battle.city], defender, events)
        from game.engine.interactions import advance
        advance(state, events)
    else:
        state.interaction = None
        give_back(state, battle, defender)
        if hero is not None:
            if retreated:
                kill_hero(state, hero, events, cause="retreat")
            else:
                hero.army = {}
                kill_hero(state, hero, events, cause="battle")
    check_end(state, events)


def give_back(state: GameState, battle, defender) -> None:
    """Surviving defenders return where they came from (pooled City defenders regroup in the garrison [D])."""
    survivors = defender.survivors()
    if battle.kind == "city":
        city = state.cities[battle.city]
        if defender.player != NEUTRAL:
            city.garrison = survivors
            for hero_id in defender.heroes:
                if hero_id in state.heroes:
                    state.heroes[hero_id].army = {}
    elif battle.kind == "hero":
        living = [h for h in defender.heroes if h in state.heroes]
        for index, hero_id in enumerate(living):
            state.heroes[hero_id].army = survivors if index == 0 else {}


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
