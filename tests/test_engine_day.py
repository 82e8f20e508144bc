"""R-DAY-1..6: the shape of a Day, income, upkeep, building, the Daybreak token, garrisons."""
import pytest

from enginekit import (assert_refused, capital, dice_events, end_daybreak, hero_game, kinds, purse_of,
                       recruit_hero, script, start_game, to_daybreak_of, to_turn_of, to_turns)
from game.engine import apply, legal_actions
from game.engine import actions as A
from game.engine.state import Item, Mine


@pytest.mark.rule("R-DAY-1")
def test_R_DAY_1_daybreaks_then_turns_then_next_day():
    state = start_game(first=2)
    log = [e for e in state.setup_events]
    log += apply(state, A.EndDaybreak(2))
    log += apply(state, A.EndDaybreak(1))
    log += apply(state, A.EndTurn(2))
    script(state, ("1dP", 10))
    log += apply(state, A.EndTurn(1))
    flow = [(e.kind, e.data.get("player", e.data.get("day"))) for e in log
            if e.kind in ("day_started", "daybreak", "turn_started")]
    assert flow == [("day_started", 1), ("daybreak", 2), ("daybreak", 1), ("turn_started", 2),
                    ("turn_started", 1), ("day_started", 2), ("daybreak", 2)]


@pytest.mark.rule("R-DAY-2")
@pytest.mark.parametrize("tier,income", [("encampment", 1), ("villa", 2), ("estate", 4), ("castle", 6)])
def test_R_DAY_2_income_by_city_tier_and_mines(tier, income):
    state = start_game(first=1)
    to_turns(state)
    capital(state, 2).tier = tier                       # arrange: P2's capital at this tier
    mine = Mine(id=state.new_id(), cell=(4, 4), owner=2)    # arrange: one mine owned by P2
    state.mines[mine.id] = mine
    apply(state, A.EndTurn(1))
    before = purse_of(state, 2)
    apply(state, A.EndTurn(2))
    end_daybreak(state, 1)
    assert state.current_player == 2
    assert purse_of(state, 2) == before + income + 1


@pytest.mark.rule("R-DAY-2", "R-CITY-3")
def test_R_DAY_2_city_under_siege_yields_nothing():
    state, hero = hero_game(at=(6, 7), moves=None)
    apply(state, A.Siege(1, hero.id, capital(state, 2).id))
    before = purse_of(state, 2)
    events = apply(state, A.EndTurn(1))
    events += apply(state, A.EndTurn(2))
    events += end_daybreak(state, 1)
    assert "city_besieged_no_income" in kinds(events)
    assert purse_of(state, 2) == before
    # it cannot build or recruit either during that Daybreak
    assert_refused(state, A.Build(2, capital(state, 2).id, "ramparts"), "under siege")
    assert_refused(state, A.Recruit(2, capital(state, 2).id, "mercenary"), "under siege")
    # the next Daybreak it yields again
    end_daybreak(state, 2)
    apply(state, A.EndTurn(1)); apply(state, A.EndTurn(2))
    end_daybreak(state, 1)
    assert purse_of(state, 2) == before + 1


@pytest.mark.rule("R-DAY-3")
def test_R_DAY_3_upkeep_one_coin_per_hero():
    state = start_game()
    state.players[1].purse["coin"] = 10                     # arrange
    recruit_hero(state, 1)
    to_daybreak_of(state, 2)
    to_daybreak_of(state, 1)
    # Day 2: 10 - 5 (hero) + 1 (income) - 1 (upkeep)
    assert purse_of(state, 1) == 5


@pytest.mark.rule("R-DAY-3", "R-DEATH-1", "R-DEATH-2")
def test_R_DAY_3_short_purse_player_chooses_who_dies():
    state = start_game()
    state.players[1].purse["coin"] = 15                     # arrange: three heroes
    h1, h2, h3 = (recruit_hero(state, 1) for _ in range(3))
    to_turn_of(state, 1)
    h2.cell = (3, 3); h2.army = {"mercenary": 2}            # arrange: away from the city, with units
    h2.items = [Item(id=state.new_id(), type="amulet", rarity=0, power="1d6")]
    h3.cell = (1, 2)
    state.players[1].purse["coin"] = 0                      # arrange: income 1 pays one hero of three
    apply(state, A.EndTurn(1)); apply(state, A.EndTurn(2))
    script(state)
    assert state.pending[0].kind == "upkeep_deaths" and state.pending[0].data["count"] == 2
    assert_refused(state, A.EndDaybreak(1), "cannot be paid")
    assert_refused(state, A.ChooseUpkeepDeaths(1, (h2.id,)), "exactly 2")
    events = apply(state, A.ChooseUpkeepDeaths(1, (h2.id, h3.id)))
    assert set(state.heroes) == {h1.id}
    assert purse_of(state, 1) == 0
    assert [t.kind for t in state.tokens_at((3, 3))] == ["item", "monster"]    # items drop; deserters
    assert state.tokens_at((1, 2)) == []                                       # no units: no monster
    assert [e.data["cause"] for e in events if e.kind == "hero_died"] == ["upkeep", "upkeep"]


@pytest.mark.rule("R-DAY-3")
def test_R_DAY_3_legal_actions_offer_every_group_of_heroes_that_may_die():
    state = start_game()
    state.players[1].purse["coin"] = 15                     # arrange: three heroes
    heroes = [recruit_hero(state, 1).id for _ in range(3)]
    to_turn_of(state, 1)
    state.players[1].purse["coin"] = 0                      # arrange: income 1 pays one hero of three
    apply(state, A.EndTurn(1)); apply(state, A.EndTurn(2))
    offered = {a.heroes for a in legal_actions(state)}
    h1, h2, h3 = heroes
    assert offered == {(h1, h2), (h1, h3), (h2, h3)}        # (first, third) too, not only neighbours
    apply(state, A.ChooseUpkeepDeaths(1, (h1, h3)))
    assert set(state.heroes) == {h2}


@pytest.mark.rule("R-DAY-4")
def test_R_DAY_4_one_building_per_city_per_day_recruits_unlimited():
    state = start_game()
    state.players[1].purse["coin"] = 40                     # arrange
    city = capital(state, 1)
    apply(state, A.Build(1, city.id, "villa"))
    assert_refused(state, A.Build(1, city.id, "estate"), "already built today")
    apply(state, A.Recruit(1, city.id, "mercenary", 3))
    apply(state, A.Recruit(1, city.id, "mercenary", 2))
    assert city.garrison == {"mercenary": 5}
    assert purse_of(state, 1) == 40 - 10 - 10
    to_daybreak_of(state, 1)
    apply(state, A.Build(1, city.id, "estate"))
    assert city.tier == "estate"


@pytest.mark.rule("R-DAY-4")
def test_R_DAY_4_building_only_at_own_daybreak():
    state = start_game()
    assert_refused(state, A.Build(2, capital(state, 2).id, "villa"), "not yours")
    to_turns(state)
    assert_refused(state, A.Build(1, capital(state, 1).id, "villa"), "at your Daybreak")


@pytest.mark.rule("R-DAY-5")
def test_R_DAY_5_no_token_roll_on_day_1():
    state = start_game()
    script(state)                                          # any roll would fail loudly
    events = apply(state, A.EndDaybreak(1))
    assert not dice_events(events, "token_roll")


@pytest.mark.rule("R-DAY-5", "R-DICE-2")
def test_R_DAY_5_a_token_roll_of_exactly_50_fails():
    state = start_game()
    to_daybreak_of(state, 1)
    dice = script(state, ("1dP", 50))
    events = apply(state, A.EndDaybreak(1))
    (roll,) = dice_events(events, "token_roll")
    assert roll.data["success"] is False and not state.pending and state.current_player == 2
    dice.done()


@pytest.mark.rule("R-DAY-5")
@pytest.mark.parametrize("face,kind", [(1, "resource"), (2, "resource"), (3, "item"), (4, "monster")])
def test_R_DAY_5_token_kind_and_placement(face, kind):
    state = start_game()
    to_daybreak_of(state, 1)
    assert state.day == 2
    dice = script(state, ("1dP", 60), ("1d4", face))
    apply(state, A.EndDaybreak(1))
    assert state.pending[0].kind == "place_token" and state.pending[0].data["kind"] == kind
    assert_refused(state, A.EndDaybreak(1), "place the Daybreak token")
    assert_refused(state, A.PlaceToken(1, (1, 1)), "unoccupied")          # the capital
    state.board.move_cost[5, 4] = 0                                        # arrange: (4, 5) impassable
    assert_refused(state, A.PlaceToken(1, (4, 5)), "ground heroes can walk on")   # not "nothing on it"
    events = apply(state, A.PlaceToken(1, (4, 4)))
    assert [t.kind for t in state.tokens_at((4, 4))] == [kind]
    assert state.current_player == 2 and "daybreak" in kinds(events)
    dice.done()


@pytest.mark.rule("R-DAY-6")
def test_R_DAY_6_recruits_in_garrison_and_garrisoned_hero_exchanges():
    state = start_game()
    state.players[1].purse["coin"] = 20                     # arrange
    city = capital(state, 1)
    hero = recruit_hero(state, 1)
    apply(state, A.Recruit(1, city.id, "mercenary", 4))
    assert city.garrison == {"mercenary": 4} and hero.army == {}
    apply(state, A.TransferUnits(1, hero.id, "mercenary", 3))
    assert city.garrison == {"mercenary": 1} and hero.army == {"mercenary": 3}
    apply(state, A.TransferUnits(1, hero.id, "mercenary", -1))
    assert city.garrison == {"mercenary": 2} and hero.army == {"mercenary": 2}
    assert_refused(state, A.TransferUnits(1, hero.id, "mercenary", 5), "not 5")
    item = Item(id=state.new_id(), type="main_hand", rarity=0, power="1d6+2")
    city.armory.append(item)                                # arrange: an item in the armory
    apply(state, A.TransferItem(1, hero.id, item.id, True))
    assert hero.items == [item] and hero.equipped == [item.id] and city.armory == []
    apply(state, A.TransferItem(1, hero.id, item.id, False))
    assert hero.items == [] and hero.equipped == [] and city.armory == [item]
    # in its turn too, but only while standing in its own City
    to_turn_of(state, 1)
    apply(state, A.TransferUnits(1, hero.id, "mercenary", 1))
    hero.cell = (2, 2)                                      # arrange: outside
    assert_refused(state, A.TransferUnits(1, hero.id, "mercenary", 1), "garrisoned")


@pytest.mark.rule("R-DAY-6")
def test_R_DAY_6_an_item_transfer_choice_names_the_hero_it_is_for():
    """Two heroes in a City each have a "Take …" choice for the armory's item: the label says whose."""
    from game.ui.board.action_labels import label
    state = start_game()
    state.players[1].purse["coin"] = 20
    city = capital(state, 1)
    hero = recruit_hero(state, 1)
    item = Item(id=state.new_id(), type="main_hand", rarity=0, power="1d6+2")
    city.armory.append(item)
    take = next(a for a in legal_actions(state) if isinstance(a, A.TransferItem) and a.to_hero)
    assert label(state, take) == f"{hero.name}: Take the Common weapon (1d6+2)"
