"""R-HERO-1..2, R-DEATH-1..3: the hero in battle, fainting, death, retreat."""
import pytest

from enginekit import (assert_refused, capital, dice_events, hero_game, kinds, purse_of, recruit_hero,
                       script, start_game, to_turn_of, end_daybreak)
from game.board.model import MapToken
from game.engine import apply, hero_reach
from game.engine import actions as A
from game.engine.state import Item


def landing(tokens, **kw):
    return hero_game(tokens=[MapToken(k, (4, 5)) for k in tokens], at=(4, 4), moves=5, **kw)


@pytest.mark.rule("R-HERO-1", "R-BAT-6")
def test_R_HERO_1_hero_is_its_own_squad_2d6_plus_6():
    state, hero = landing(["monster"], army={"mercenary": 2})
    dice = script(state, ("1dP", 30), ("2d6", 1, 1))
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    side = state.battle.sides[0]
    assert [s.hero for s in side.squads] == [hero.id] and side.pool == {"mercenary": 2}
    apply(state, A.ArrangeBattle(1, ((("mercenary", 2),),)))
    assert [(s.hero, s.units) for s in side.squads] == [(hero.id, {}), (None, {"mercenary": 2})]
    dice.expect("2d6+6", 3, 4).expect("1d6", 6)            # 13 > 6
    # the last monster plays for the best odds: it goes for the hero (a faint would halve the army)
    dice.expect("1d6", 6).expect("2d6+6", 1, 1)            # 6 < 8: the monster squad falls
    events = apply(state, A.Attack(1, 0, 0))
    assert dice_events(events, "battle")[0].data["total"] == 13
    dice.done()


def _faint_battle(items=True):
    state, hero = landing(["monster"], army={"mercenary": 15})
    if items:
        hero.items = [Item(state.new_id(), "amulet", 0, "1d6")]     # arrange
        hero.equipped = [hero.items[0].id]
    dice = script(state, ("1dP", 10), ("4d6", 6, 6, 6, 6))          # 24 monsters: 12 + 12
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    apply(state, A.ArrangeBattle(1, ((("mercenary", 5),), (("mercenary", 5),), (("mercenary", 5),))))
    return state, hero, dice


@pytest.mark.rule("R-HERO-2", "R-DICE-4", "R-BAT-4")
def test_R_HERO_2_003_army_of_15_keeps_7_and_the_hero_lives():
    state, hero, dice = _faint_battle()
    before = purse_of(state, 1)
    item = hero.items[0]
    dice.expect("2d6+6", 1, 1).expect("1d6", 1).expect("1d6", 1)     # hero 8+1 = 9 < 12: faints
    dice.expect("1d6", 1).expect("1d6", 6)                           # 12 vs our 2 mercs 12: tie, ours
    events = apply(state, A.Attack(1, 0, 0))
    (faint,) = [e for e in events if e.kind == "hero_fainted"]
    assert (faint.data["units_before"], faint.data["units_after"]) == (15, 7)
    side = state.battle.sides[0]
    assert [s.units for s in side.squads] == [{"mercenary": 2}, {"mercenary": 2}, {"mercenary": 3}]
    assert hero.items == [] and [t.item for t in state.tokens_at((4, 5), "item")] == [item]
    dice.expect("1d6", 6).expect("1d6", 1)                            # 18 > 12
    events = apply(state, A.Attack(1, 2, 0))
    assert state.battle is None and hero.id in state.heroes
    assert hero.army == {"mercenary": 7}
    assert purse_of(state, 1) == before + 12
    assert state.tokens_at((4, 5), "monster") == []
    dice.done()


@pytest.mark.rule("R-HERO-2", "R-DEATH-1")
def test_R_HERO_2_army_wiped_out_too_hero_dies():
    state, hero, dice = _faint_battle(items=False)
    dice.expect("2d6+6", 1, 1).expect("1d6", 1)                      # 8 < 12: faints, 7 left (2, 2, 3)
    dice.expect("1d6", 6).expect("1d6", 1)                           # 72 > 2
    dice.expect("1d6", 1).expect("1d6", 6)                           # ours attack: 2 < 12
    dice.expect("1d6", 6).expect("1d6", 1)                           # 72 > 3
    apply(state, A.Attack(1, 0, 0))
    events = apply(state, A.Attack(1, 0, 1))
    assert state.battle is None and hero.id not in state.heroes
    assert [e.data["cause"] for e in events if e.kind == "hero_died"] == ["battle"]
    assert len(state.tokens_at((4, 5), "monster")) == 1           # the board monster stays; no deserters
    dice.done()


@pytest.mark.rule("R-DEATH-1", "R-DEATH-2")
def test_R_DEATH_1_2_death_in_a_city_items_to_armory_monster_blocks_city():
    state = start_game()
    state.players[1].purse["coin"] = 10
    a, b = recruit_hero(state, 1), recruit_hero(state, 1)
    to_turn_of(state, 1)
    item = Item(state.new_id(), "off_hand", 0, "1d6")
    a.items = [item]; a.army = {"mercenary": 2}                     # arrange: in the capital
    state.players[1].purse["coin"] = 0                             # arrange: income 1, two heroes
    apply(state, A.EndTurn(1)); apply(state, A.EndTurn(2))
    apply(state, A.ChooseUpkeepDeaths(1, (a.id,)))
    city = capital(state, 1)
    assert city.armory == [item]
    assert [t.kind for t in state.tokens_at(city.cell)] == ["monster"]
    b.cell = (1, 3)                                                 # arrange: outside
    end_daybreak(state, 1); end_daybreak(state, 2)
    script(state, ("1d10+10", 1))
    apply(state, A.RollMovement(1, b.id))
    reach = hero_reach(state, b)
    assert city.cell not in set(reach.cells())                      # R-MOV-7: the Monster blocks the City
    assert_refused(state, A.Move(1, b.id, ((1, 2), (1, 1))), "a Monster blocks this City")
    assert_refused(state, A.Move(1, b.id, ((1, 2), (1, 1), (1, 0))), "cannot move there")


@pytest.mark.rule("R-DEATH-3", "R-BAT-5")
def test_R_DEATH_3_retreat_loses_the_hero_items_drop_behind_the_monster():
    state, hero = landing(["monster"], army={"mercenary": 3})
    item = Item(state.new_id(), "amulet", 0, "1d6")
    hero.items = [item]; hero.equipped = [item.id]                  # arrange
    dice = script(state, ("1dP", 30), ("2d6", 6, 6))
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    assert_refused(state, A.Retreat(1), "only the attacker")        # squads are set first
    apply(state, A.ArrangeBattle(1, ((("mercenary", 3),),)))
    events = apply(state, A.Retreat(1))
    assert state.battle is None and hero.id not in state.heroes
    assert [e.data["cause"] for e in events if e.kind == "hero_died"] == ["retreat"]
    kinds_here = [t.kind for t in state.tokens_at((4, 5))]
    assert kinds_here[0] == "monster" and "item" in kinds_here     # the monster still stands first
    assert kinds_here.count("monster") == 2                         # R-DEATH-2: its 3 deserters add one
    assert [t.item for t in state.tokens_at((4, 5), "item")] == [item]
    assert state.battle is None and state.actor() == 1
    dice.done()


@pytest.mark.rule("R-DEATH-3")
def test_R_DEATH_3_retreat_only_at_the_attackers_battle_turn():
    state, hero = landing([])
    from game.engine.state import Hero
    enemy = Hero(id=state.new_id(), owner=2, cell=(4, 5), army={"mercenary": 1}, moves_left=0)
    state.heroes[enemy.id] = enemy                                   # arrange
    dice = script(state)
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    assert state.actor() == 2
    assert_refused(state, A.Retreat(2), "only the attacker")
    apply(state, A.ArrangeBattle(2, ((("mercenary", 1),),)))
    dice.expect("2d6+6", 6, 6).expect("1d6", 1)                     # P1's hero beats the merc squad
    apply(state, A.Attack(1, 0, 1))
    assert state.battle.to_act == 1 and state.actor() == 2
    assert_refused(state, A.Retreat(2), "only the attacker")
    dice.done()
