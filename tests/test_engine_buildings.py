"""R-BLD-1..6: City tiers, founding, buildings, recruits, the legacy Gold Mine, the hero cap."""
import pytest

from enginekit import (assert_refused, capital, hero_game, kinds, purse_of, recruit_hero, start_game,
                       to_daybreak_of, to_turn_of)
from game.engine import apply
from game.engine import actions as A
from game.engine.state import Item, Token


def _rich(state, coin=100):
    state.players[1].purse["coin"] = coin                   # arrange: enough coin
    return capital(state, 1)


@pytest.mark.rule("R-BLD-1")
def test_R_BLD_1_tier_chain_and_costs():
    state = start_game()
    city = _rich(state)
    assert_refused(state, A.Build(1, city.id, "estate"), "cannot be built here")
    assert_refused(state, A.Build(1, city.id, "castle"), "cannot be built here")
    paid = []
    for tier, cost in (("villa", 10), ("estate", 15), ("castle", 25)):
        before = purse_of(state, 1)
        apply(state, A.Build(1, city.id, tier))
        assert city.tier == tier
        paid.append(before - purse_of(state, 1))
        to_daybreak_of(state, 1)
        state.players[1].purse["coin"] = 100                # arrange: no income noise
    assert paid == [10, 15, 25]
    assert_refused(state, A.Build(1, city.id, "villa"), "cannot be built here")


@pytest.mark.rule("R-BLD-1")
def test_R_BLD_1_tier_needs_the_coin():
    state = start_game()
    state.players[1].purse["coin"] = 9
    assert_refused(state, A.Build(1, capital(state, 1).id, "villa"), "costs 💰10")


@pytest.mark.rule("R-BLD-2")
def test_R_BLD_2_found_city_hero_becomes_mayor():
    state, hero = hero_game(army={"mercenary": 3}, at=(4, 4))
    item = Item(id=state.new_id(), type="amulet", rarity=1, power="1d6+1")
    hero.items = [item]                                     # arrange
    assert_refused(state, A.FoundCity(1, hero.id), "at your Daybreak")
    to_daybreak_of(state, 1)
    state.players[1].purse["coin"] = 7
    events = apply(state, A.FoundCity(1, hero.id))
    city = state.city_at((4, 4))
    assert city.owner == 1 and city.tier == "encampment" and city.buildings == {}
    assert city.garrison == {"mercenary": 3} and city.armory == [item]
    assert hero.id not in state.heroes
    assert purse_of(state, 1) == 2
    assert "hero_died" not in kinds(events) and state.tokens_at((4, 4)) == []   # a Mayor, not a death
    assert_refused(state, A.Build(1, city.id, "ramparts"), "already built today")  # the Encampment was today's


@pytest.mark.rule("R-BLD-2")
def test_R_BLD_2_found_city_needs_an_empty_tile_and_coin():
    state, hero = hero_game(at=(4, 4))
    tok = Token(id=state.new_id(), kind="resource", cell=(4, 4))
    state.tokens[tok.id] = tok                              # arrange: a resource under the hero
    to_daybreak_of(state, 1)
    state.players[1].purse["coin"] = 9
    assert_refused(state, A.FoundCity(1, hero.id), "otherwise empty tile")
    del state.tokens[tok.id]
    hero.cell = (1, 1)
    assert_refused(state, A.FoundCity(1, hero.id), "otherwise empty tile")     # on its capital
    hero.cell = (4, 4)
    state.players[1].purse["coin"] = 4
    assert_refused(state, A.FoundCity(1, hero.id), "costs 💰5")


@pytest.mark.rule("R-BLD-3")
def test_R_BLD_3_ramparts_fortifications_camp():
    state = start_game()
    city = _rich(state)
    assert_refused(state, A.Build(1, city.id, "ramparts"), "cannot be built here")   # already has them
    assert_refused(state, A.Build(1, city.id, "fortifications"), "needs Castle")
    city.tier = "castle"                                   # arrange
    del city.buildings["ramparts"]
    assert_refused(state, A.Build(1, city.id, "fortifications"), "needs Ramparts")
    apply(state, A.Build(1, city.id, "ramparts"))
    assert purse_of(state, 1) == 95
    to_daybreak_of(state, 1)
    state.players[1].purse["coin"] = 100
    apply(state, A.Build(1, city.id, "fortifications"))
    assert purse_of(state, 1) == 85 and city.has("fortifications")


@pytest.mark.rule("R-BLD-3", "R-BLD-4")
def test_R_BLD_3_mercenary_camp_enables_mercenaries():
    state, hero = hero_game(at=(4, 4))
    to_daybreak_of(state, 1)
    state.players[1].purse["coin"] = 20
    apply(state, A.FoundCity(1, hero.id))
    new_city = state.city_at((4, 4))
    to_daybreak_of(state, 1)
    state.players[1].purse["coin"] = 20
    assert_refused(state, A.Recruit(1, new_city.id, "mercenary"), "needs Mercenary Camp")
    apply(state, A.Build(1, new_city.id, "mercenary_camp"))
    assert purse_of(state, 1) == 15
    apply(state, A.Recruit(1, new_city.id, "mercenary", 2))
    assert purse_of(state, 1) == 11 and new_city.garrison == {"mercenary": 2}


@pytest.mark.rule("R-BLD-4")
def test_R_BLD_4_hero_costs_5_at_any_city():
    state = start_game()
    state.players[1].purse["coin"] = 7
    events = apply(state, A.Recruit(1, capital(state, 1).id, "hero"))
    assert purse_of(state, 1) == 2
    (hero,) = state.heroes.values()
    assert hero.cell == (1, 1) and hero.owner == 1 and "hero_recruited" in kinds(events)
    assert_refused(state, A.Recruit(1, capital(state, 1).id, "hero"), "costs 💰5")
    assert_refused(state, A.Recruit(1, capital(state, 1).id, "mercenary", 2), "costs 💰4")


@pytest.mark.rule("R-BLD-5")
def test_R_BLD_5_legacy_gold_mine_is_optional():
    state = start_game()
    _rich(state)
    assert_refused(state, A.Build(1, capital(state, 1).id, "gold_mine"), "cannot be built here")


@pytest.mark.rule("R-BLD-5")
def test_R_BLD_5_legacy_gold_mine_levels_cost_and_income():
    state = start_game(options={"legacy_gold_mine": True})
    city = capital(state, 1)
    costs, incomes = [], []
    for level in range(1, 6):
        state.players[1].purse["coin"] = 50                # arrange
        apply(state, A.Build(1, city.id, "gold_mine"))
        costs.append(50 - purse_of(state, 1))
        assert city.buildings["gold_mine"] == level
        to_daybreak_of(state, 1)
        incomes.append(purse_of(state, 1) - (50 - costs[-1]) - 1)    # minus the Encampment's +1
    assert costs == [3, 5, 8, 13, 21]
    assert incomes == [1, 2, 4, 7, 12]                     # +1/+1/+2/+3/+5 per level, added up
    state.players[1].purse["coin"] = 50
    assert_refused(state, A.Build(1, city.id, "gold_mine"), "cannot be built here")


@pytest.mark.rule("R-BLD-6")
def test_R_BLD_6_no_hero_cap_by_default():
    state = start_game()
    _rich(state)
    for _ in range(4):
        recruit_hero(state, 1)
    assert len(state.heroes_of(1)) == 4


@pytest.mark.rule("R-BLD-6")
def test_R_BLD_6_optional_cap_of_two():
    state = start_game(options={"hero_cap": True})
    _rich(state)
    recruit_hero(state, 1)
    recruit_hero(state, 1)
    assert_refused(state, A.Recruit(1, capital(state, 1).id, "hero"), "at most 2 heroes")
