"""R-CITY-1..6: City dice, sieges, attacks on Cities, conquest, neutral Cities."""
import pytest

from enginekit import (assert_refused, capital, dice_events, end_daybreak, hero_game, kinds, purse_of,
                       script, to_turns)
from game.board.model import MapToken
from game.engine import apply, hero_reach
from game.engine import actions as A
from game.engine.state import City, Hero, Item


def near_enemy_capital(moves=None, **kw):
    """P1's hero at (6,7), next to P2's walled capital at (7,7)."""
    return hero_game(at=(6, 7), moves=moves, **kw)


@pytest.mark.rule("R-CITY-2")
def test_R_CITY_2_walls_block_until_sieged():
    state, hero = near_enemy_capital(moves=20)
    city = capital(state, 2)
    assert (7, 7) not in hero_reach(state, hero)
    assert_refused(state, A.Move(1, hero.id, ((7, 7),)), "a walled City cannot be attacked until it is besieged")
    hero.cell = (5, 7)                                     # arrange: two tiles away
    assert_refused(state, A.Move(1, hero.id, ((7, 7),)), "until it is besieged")    # the reason, not the gap
    assert_refused(state, A.Siege(1, hero.id, city.id), "stand next to the City")
    hero.cell = (6, 7)
    hero.moves_left = 14
    assert_refused(state, A.Siege(1, hero.id, city.id), "costs 🐎15")
    hero.moves_left = 15                                   # exactly 🐎15 is enough
    events = apply(state, A.Siege(1, hero.id, city.id))
    assert hero.moves_left == 0 and "siege" in kinds(events)
    assert not city.has("ramparts") and city.sieged
    assert_refused(state, A.Move(1, hero.id, ((7, 7),)), "costs 🐎1; the hero has 0")   # the turn is over
    assert_refused(state, A.Siege(1, hero.id, capital(state, 1).id), "enemy or neutral City")


@pytest.mark.rule("R-CITY-2")
def test_R_CITY_2_unrolled_hero_may_siege_at_once():
    state, hero = near_enemy_capital()
    assert hero.moves_left is None
    script(state)                                          # no 🐎 roll happens
    apply(state, A.Siege(1, hero.id, capital(state, 2).id))
    assert hero.moves_left == 0
    assert_refused(state, A.RollMovement(1, hero.id), "already rolled")


@pytest.mark.rule("R-CITY-3")
def test_R_CITY_3_siege_destroys_ramparts_and_fortifications():
    state, hero = near_enemy_capital()
    city = capital(state, 2)
    city.tier = "castle"; city.buildings["fortifications"] = 1    # arrange
    apply(state, A.Siege(1, hero.id, city.id))
    assert city.buildings == {"mercenary_camp": 1}
    assert (7, 7) in [c for c in state.board.topology.neighbours(hero.cell)]


def _sieged_attack(p2_purse=9, garrison=None, p2_hero_army=None):
    """P1's hero (🐎5 left) beside P2's capital whose walls are already down."""
    state, hero = near_enemy_capital(moves=5)
    city = capital(state, 2)
    del city.buildings["ramparts"]                         # arrange: as after a siege
    state.players[2].purse["coin"] = p2_purse
    if garrison:
        city.garrison = dict(garrison)
    defender = None
    if p2_hero_army is not None:
        defender = Hero(id=state.new_id(), owner=2, cell=(7, 7), army=dict(p2_hero_army), moves_left=0)
        state.heroes[defender.id] = defender
    return state, hero, city, defender


@pytest.mark.rule("R-CITY-1", "R-CITY-5", "R-BAT-6")
def test_R_CITY_1_city_rolls_3d3_plus_9_and_is_conquered():
    state, hero, city, _ = _sieged_attack(p2_purse=9)
    second = City(id=state.new_id(), cell=(8, 0), owner=2, tier="encampment")    # arrange: P2 has 2 Cities
    state.cities[second.id] = second
    gem = Item(state.new_id(), "amulet", 2, "1d6+2")
    city.armory = [gem]
    before = purse_of(state, 1)
    dice = script(state)
    events = apply(state, A.Move(1, hero.id, ((7, 7),)))
    assert state.battle.kind == "city" and state.battle.sides[1].squads[0].city == city.id
    dice.expect("2d6+6", 6, 6).expect("3d3+9", 1, 1, 1)     # 18 > 12
    events = apply(state, A.Attack(1, 0, 0))
    rolls = dice_events(events, "battle")
    assert rolls[1].data["rolls"][0]["expr"] == "3d3+9" and rolls[1].data["total"] == 12
    assert city.owner == 1 and city.tier == "encampment" and city.buildings == {"mercenary_camp": 1}
    assert city.armory == [gem]                              # the armory goes to the conqueror
    assert purse_of(state, 1) == before + 4 and purse_of(state, 2) == 5     # trunc(9 / 2)
    assert state.is_garrisoned(hero)
    dice.done()


@pytest.mark.rule("R-CITY-1")
def test_R_CITY_1_city_wins_ties_when_attacked():
    state, hero, city, _ = _sieged_attack()
    dice = script(state)
    apply(state, A.Move(1, hero.id, ((7, 7),)))
    dice.expect("2d6+6", 3, 3).expect("3d3+9", 1, 1, 1)     # 12 vs 12
    events = apply(state, A.Attack(1, 0, 0))
    assert city.owner == 2 and hero.id not in state.heroes
    dice.done()


@pytest.mark.rule("R-CITY-4", "R-BAT-1", "R-BAT-4", "R-HERO-2", "R-BAT-8")
def test_R_CITY_4_garrison_and_garrisoned_hero_defend_together_and_only_the_fainted_heros_own_desert():
    state, hero, city, defender = _sieged_attack(garrison={"mercenary": 4}, p2_hero_army={"mercenary": 3})
    item = Item(state.new_id(), "main_hand", 0, "1d6+2")
    city.armory = [item]                                     # armory items never fight
    dice = script(state)
    apply(state, A.Move(1, hero.id, ((7, 7),)))
    assert state.battle.kind == "city" and state.actor() == 2
    side = state.battle.sides[1]
    assert [(s.city, s.hero) for s in side.squads] == [(city.id, None), (None, defender.id)]
    assert side.pool == {"mercenary": 7}
    assert_refused(state, A.Attack(1, 0, 0), "move, not yours")
    apply(state, A.ArrangeBattle(2, ((("mercenary", 7),),)))
    dice.expect("2d6+6", 6, 6).expect("2d6+6", 1, 1)        # P1's hero beats P2's hero: 18 > 8
    events = apply(state, A.Attack(1, 0, 1))
    assert state.actor() == 2 and state.battle.to_act == 1
    assert_refused(state, A.Attack(1, 0, 0), "move, not yours")
    # P2's garrisoned hero fainted: of its own 3 mercenaries 1 stays; the garrison's 4 never desert
    (fainted,) = [e for e in events if e.kind == "hero_fainted"]
    assert (fainted.data["units_before"], fainted.data["units_after"]) == (3, 1)
    assert fainted.data["squads_left"] == [{"mercenary": 5}]          # what the battle screen shows
    assert side.unit_count() == 5
    dice.expect("3d3+9", 3, 3, 3).expect("2d6+6", 1, 1)     # City 18 > hero 8
    apply(state, A.Attack(2, 0, 0))
    assert state.battle is None and hero.id not in state.heroes and city.owner == 2
    # R-BAT-8: the garrison keeps its own 4, the hero its own last mercenary
    assert city.garrison == {"mercenary": 4} and state.heroes[defender.id].army == {"mercenary": 1}
    assert defender.items == [] and item in city.armory
    dice.done()


@pytest.mark.rule("R-CITY-4")
def test_R_CITY_4_garrisoned_hero_is_not_attacked_apart():
    state, hero, city, defender = _sieged_attack(p2_hero_army={})
    script(state)
    apply(state, A.Move(1, hero.id, ((7, 7),)))
    assert state.battle.kind == "city"
    assert [s.hero for s in state.battle.sides[1].squads] == [None, defender.id]


@pytest.mark.rule("R-CITY-6", "R-BAT-2", "R-BAT-3")
def test_R_CITY_6_neutral_city_defends_with_2d6_monsters_in_two_squads():
    state, hero = hero_game(tokens=[MapToken("city", (4, 5), owner=0, tier="villa")], at=(4, 4), moves=5)
    neutral = state.city_at((4, 5))
    assert neutral.owner == 0 and not neutral.buildings
    dice = script(state, ("2d6", 3, 2))
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    squads = state.battle.sides[1].squads
    assert squads[0].city == neutral.id
    assert [s.units for s in squads[1:]] == [{"monster": 3}, {"monster": 2}]
    dice.expect("2d6+6", 6, 6).expect("3d3+9", 1, 1, 1)     # hero beats the City squad
    dice.expect("1d6", 2).expect("2d6+6", 1, 1)             # 3 monsters (representative: 6) < 8
    dice.expect("2d6+6", 6, 6).expect("1d6", 1)             # hero beats the last squad
    events = apply(state, A.Attack(1, 0, 0))
    assert dice_events(events, "battle")[2].data["mode"] == "representative"
    events += apply(state, A.Attack(1, 0, 0))
    assert neutral.owner == 1 and neutral.tier == "villa"
    assert "city_conquered" in kinds(events)
    dice.done()


@pytest.mark.rule("R-CITY-5", "R-DEATH-2")
def test_R_CITY_5_conquest_kills_the_garrisoned_hero_without_deserters():
    state, hero, city, defender = _sieged_attack(p2_purse=0, garrison={"mercenary": 1}, p2_hero_army={"mercenary": 1})
    dice = script(state)
    apply(state, A.Move(1, hero.id, ((7, 7),)))
    apply(state, A.ArrangeBattle(2, ((("mercenary", 2),),)))
    dice.expect("2d6+6", 6, 6).expect("1d6", 1)             # 18 > 2: the units die
    dice.expect("3d3+9", 1, 1, 1).expect("2d6+6", 6, 6)     # P2's City attacks: 12 < 18
    dice.expect("2d6+6", 6, 6).expect("2d6+6", 1, 1)        # P2's hero 8 < 18
    apply(state, A.Attack(1, 0, 2))
    apply(state, A.Attack(2, 0, 0))
    events = apply(state, A.Attack(1, 0, 0))
    assert city.owner == 1 and defender.id not in state.heroes
    assert state.tokens_at(city.cell) == []                 # its units died fighting: no Monster token
    assert state.battle is None and not state.pending
    dice.done()


@pytest.mark.rule("R-CITY-3", "R-CITY-5")
def test_R_CITY_3_a_conquered_city_does_not_carry_its_old_owners_siege():
    """The lost Daybreak of a siege is the besieged owner's; the conqueror's next Daybreak pays."""
    state, hero, city, _ = _sieged_attack(p2_purse=0)
    city.sieged = True                                       # arrange: as right after the siege
    dice = script(state)
    apply(state, A.Move(1, hero.id, ((7, 7),)))
    dice.expect("2d6+6", 6, 6).expect("3d3+9", 1, 1, 1)     # 18 > 12
    apply(state, A.Attack(1, 0, 0))
    assert city.owner == 1 and not city.sieged
    dice.done()
