"""R-MOV-7 (a hero that is ever on a tile with a Monster), R-DEATH-2 (the deserters' Monster counts the
army at the moment of death), R-DEATH-3 (retreat)."""
import pytest

from enginekit import (assert_refused, capital, end_daybreak, hero_game, kinds, purse_of, recruit_hero, script,
                       start_game, to_turn_of)
from game.engine import apply, hero_reach, legal_actions
from game.engine import actions as A
from game.engine.state import Hero, Token


def _enemy_hero(state, cell, army):
    enemy = Hero(id=state.new_id(), owner=2, cell=cell, army=dict(army), moves_left=0)
    state.heroes[enemy.id] = enemy                                   # arrange
    return enemy


@pytest.mark.rule("R-DEATH-2", "R-DEATH-3", "R-MOV-7")
def test_a_retreat_with_survivors_leaves_a_monster_that_the_hero_there_must_face_first():
    state, hero = hero_game(army={"mercenary": 2}, at=(4, 4), moves=5)
    enemy = _enemy_hero(state, (4, 5), {})
    dice = script(state)
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    apply(state, A.ArrangeBattle(1, ((("mercenary", 2),),)))
    events = apply(state, A.Retreat(1))
    assert [t.kind for t in state.tokens_at((4, 5))] == ["monster"]           # 2 survivors: one Monster
    assert "monster_must_be_faced" not in kinds(events)                       # not P2's turn yet
    events = apply(state, A.EndTurn(1))                                       # P2's turn begins
    assert state.pending[0].kind == "face_monster" and state.actor() == 2
    assert legal_actions(state) == [A.FaceMonster(2, enemy.id)]
    assert_refused(state, A.RollMovement(2, enemy.id), "face it first")
    assert_refused(state, A.EndTurn(2), "face it first")
    dice.expect("1dP", 30).expect("2d6", 1, 1)                                # FIGHT 2 monsters
    apply(state, A.FaceMonster(2, enemy.id))
    assert state.battle.kind == "monsters" and enemy.moves_left is None      # no 🐎 spent
    dice.expect("2d6+6", 6, 6).expect("1d6", 1)                              # hero beats one monster
    dice.expect("1d6", 1).expect("2d6+6", 1, 1)                              # the other attacks and loses
    coin = purse_of(state, 2)
    apply(state, A.Attack(2, 0, 0))
    assert state.battle is None and not state.tokens_at((4, 5), "monster")
    assert purse_of(state, 2) == coin + 1 and not state.pending
    dice.expect("1d10+10", 1)
    apply(state, A.RollMovement(2, enemy.id))                                 # free again
    dice.done()


@pytest.mark.rule("R-DEATH-2", "R-DEATH-3")
def test_a_retreat_after_the_army_is_wiped_out_leaves_no_monster():
    state, hero = hero_game(army={"mercenary": 1}, at=(4, 4), moves=5)
    _enemy_hero(state, (4, 5), {"mercenary": 2})
    dice = script(state)
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    apply(state, A.ArrangeBattle(1, ((("mercenary", 1),),)))
    apply(state, A.ArrangeBattle(2, ((("mercenary", 2),),)))
    dice.expect("1d6", 1).expect("1d6", 3)                   # P1's mercenary (1) loses to 2 × 3 = 6
    apply(state, A.Attack(1, 1, 1))
    dice.expect("1d6", 1).expect("2d6+6", 1, 1)              # P2's squad (2) loses to P1's hero (8)
    apply(state, A.Attack(2, 1, 0))
    assert state.battle.sides[0].unit_count() == 0
    events = apply(state, A.Retreat(1))
    assert [e.data["cause"] for e in events if e.kind == "hero_died"] == ["retreat"]
    assert state.tokens_at((4, 5), "monster") == []          # its army was gone before it died
    dice.done()


@pytest.mark.rule("R-MOV-7")
def test_a_monster_placed_on_a_hero_in_its_own_turn_is_faced_at_once():
    state, hero = hero_game(at=(4, 4))
    script(state)
    other = Hero(id=state.new_id(), owner=1, cell=(2, 2))
    state.heroes[other.id] = other                                    # arrange: a second hero
    token = Token(id=state.new_id(), kind="monster", cell=(4, 4))
    state.tokens[token.id] = token                                    # arrange: a Monster comes to it
    state.rng.expect("1d10+10", 1)
    events = apply(state, A.RollMovement(1, other.id))
    assert "monster_must_be_faced" in kinds(events)
    assert legal_actions(state) == [A.FaceMonster(1, hero.id)]
    assert_refused(state, A.FaceMonster(1, other.id), "no Monster to face")


@pytest.mark.rule("R-MOV-7", "R-DEATH-2")
def test_a_monster_on_a_city_blocks_it_exchanges_and_entry_until_beaten():
    state = start_game()
    state.players[1].purse["coin"] = 10
    a, b = recruit_hero(state, 1), recruit_hero(state, 1)
    to_turn_of(state, 1)
    city = capital(state, 1)
    a.army = {"mercenary": 2}                                         # arrange: both in the capital
    city.garrison = {"mercenary": 3}
    state.players[1].purse["coin"] = 0                                # arrange: income 1 pays one hero
    apply(state, A.EndTurn(1)); apply(state, A.EndTurn(2))
    apply(state, A.ChooseUpkeepDeaths(1, (a.id,)))                    # a dies with units: a Monster
    assert [t.kind for t in state.tokens_at(city.cell)] == ["monster"]
    assert not [x for x in legal_actions(state) if isinstance(x, (A.TransferUnits, A.TransferItem))]
    assert_refused(state, A.TransferUnits(1, b.id, "mercenary", 1), "Monster blocks this City")
    end_daybreak(state, 1); end_daybreak(state, 2)
    # P2's hero next to the City cannot enter it
    rival = Hero(id=state.new_id(), owner=2, cell=(1, 2), moves_left=5)
    assert city.cell not in set(hero_reach(state, rival).cells())
    # P1's turn: b stands with the Monster and must face it first
    assert state.pending[0].kind == "face_monster" and state.pending[0].data["hero"] == b.id
    assert_refused(state, A.RollMovement(1, b.id), "face it first")
