"""R-BAT-1..7: squads, roll modes, turns, ties, the end of a battle, the event stream."""
import pytest

from enginekit import assert_refused, dice_events, hero_game, kinds, script
from game.board.model import MapToken
from game.engine import apply, legal_actions
from game.engine import actions as A
from game.engine.state import Hero


def hero_fight(p1_army, p2_army):
    """P1's hero (🐎5) steps onto P2's hero at (4,5): a hero battle."""
    state, hero = hero_game(at=(4, 4), moves=5, army=p1_army)
    enemy = Hero(id=state.new_id(), owner=2, cell=(4, 5), army=dict(p2_army), moves_left=0)
    state.heroes[enemy.id] = enemy                          # arrange: an enemy hero on the board
    dice = script(state)
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    return state, hero, enemy, dice, events


@pytest.mark.rule("R-BAT-1", "R-BAT-7")
def test_R_BAT_1_sides_and_start_event():
    state, hero, enemy, dice, events = hero_fight({"mercenary": 2}, {"mercenary": 3})
    (start,) = [e for e in events if e.kind == "battle_started"]
    assert (start.data["kind"], start.data["attacker"], start.data["defender"]) == ("hero", 1, 2)
    assert start.data["sides"][0][0]["hero"] == hero.id and start.data["sides"][0][0]["dice"] == "2d6+6"
    assert start.data["sides"][0][1] == {"pool": {"mercenary": 2}}
    assert start.data["sides"][1][1] == {"pool": {"mercenary": 3}}


@pytest.mark.rule("R-BAT-2")
def test_R_BAT_2_up_to_three_squads_of_at_least_one():
    state, hero, enemy, dice, events = hero_fight({"mercenary": 4}, {})
    assert_refused(state, A.ArrangeBattle(1, tuple(((("mercenary", 1),),) * 4)), "1 to 3 squads")
    assert_refused(state, A.ArrangeBattle(1, ((("mercenary", 4),), (("mercenary", 0),))), "at least one unit")
    assert_refused(state, A.ArrangeBattle(1, ((("mercenary", 3),),)), "exactly the units")
    assert_refused(state, A.ArrangeBattle(1, ((("mercenary", 5),),)), "exactly the units")
    assert_refused(state, A.ArrangeBattle(1, ((("mercenary", 4),),), "lucky"), "roll mode")
    events = apply(state, A.ArrangeBattle(1, ((("mercenary", 1),), (("mercenary", 1),), (("mercenary", 2),))))
    assert [s.units for s in state.battle.sides[0].squads[1:]] == [{"mercenary": 1}, {"mercenary": 1}, {"mercenary": 2}]
    assert "squads_arranged" in kinds(events)
    assert_refused(state, A.ArrangeBattle(1, ((("mercenary", 4),),)), "already set")


@pytest.mark.rule("R-BAT-2")
@pytest.mark.parametrize("count,split", [(2, [1, 1]), (5, [3, 2]), (7, [4, 3]), (20, [10, 10]), (1, [1])])
def test_R_BAT_2_monsters_split_in_two_as_evenly_as_possible(count, split):
    from game.board.model import MapToken
    state, hero = hero_game(tokens=[MapToken("monster", (4, 5))], at=(4, 4), moves=5)
    faces = {1: (1, 1, 1, 1), 2: (1, 1, 1, 1)}
    if count >= 4:
        rest = count - 4
        f = [1, 1, 1, 1]
        for i in range(4):
            add = min(5, rest); f[i] += add; rest -= add
        dice = script(state, ("1dP", 10), ("4d6", *f))
    else:                                                   # 1 or 2 via a bribe refused... use FIGHT 2d6
        dice = script(state, ("1dP", 30), ("2d6", 1, 1))
        if count == 1:
            pytest.skip("2d6 cannot show 1; one monster is covered by split_evenly below")
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    assert [sum(s.units.values()) for s in state.battle.sides[1].squads] == split


def test_split_evenly_one_monster_is_one_squad():
    from game.engine.battle import split_evenly
    assert split_evenly({"monster": 1}, 2) == [{"monster": 1}]


@pytest.mark.rule("R-BAT-3", "R-DICE-3")
def test_R_BAT_3_individual_rolls_each_unit():
    state, hero, enemy, dice, events = hero_fight({"mercenary": 3}, {"mercenary": 2})
    apply(state, A.ArrangeBattle(1, ((("mercenary", 3),),), "individual"))
    apply(state, A.ArrangeBattle(2, ((("mercenary", 2),),), "representative"))
    dice.expect("1d6", 1).expect("1d6", 2).expect("1d6", 6)   # individual: 1 + 2 + 6 = 9
    dice.expect("1d6", 4)                                      # representative: 4 * 2 = 8
    events = apply(state, A.Attack(1, 1, 1))
    rolls = dice_events(events, "battle")
    assert rolls[0].data["mode"] == "individual" and rolls[0].data["total"] == 9
    assert rolls[0].data["rolls"][0]["faces"] == [[1], [2], [6]]
    assert rolls[1].data["mode"] == "representative" and rolls[1].data["total"] == 8
    assert [s.units for s in state.battle.sides[1].squads] == [{}]      # only P2's hero is left
    dice.done()


@pytest.mark.rule("R-BAT-4")
def test_R_BAT_4_sides_alternate_attacker_first_tie_to_attacked():
    state, hero, enemy, dice, events = hero_fight({}, {"mercenary": 2})
    assert state.actor() == 2                                 # P2 sets its squads first
    apply(state, A.ArrangeBattle(2, ((("mercenary", 2),),)))
    assert state.actor() == 1 and state.battle.to_act == 0
    assert_refused(state, A.Attack(2, 0, 0), "move, not yours")
    assert_refused(state, A.Attack(1, 0, 5), "enemy's squads")
    dice.expect("2d6+6", 1, 1).expect("1d6", 4)               # 8 vs 2*4 = 8: tie, the attacked wins
    events = apply(state, A.Attack(1, 0, 1))
    ex = [e.data for e in events if e.kind == "exchange"]
    assert ex == [{"winner": 1, "totals": [8, 8], "tie": True}]
    # the attacking hero's squad died and its side is empty: P2 wins
    assert state.battle is None and hero.id not in state.heroes
    assert enemy.army == {"mercenary": 2}
    dice.done()


@pytest.mark.rule("R-BAT-4", "R-BAT-5")
def test_R_BAT_4_turns_alternate_between_players():
    state, hero, enemy, dice, events = hero_fight({"mercenary": 1}, {"mercenary": 1})
    apply(state, A.ArrangeBattle(1, ((("mercenary", 1),),)))
    apply(state, A.ArrangeBattle(2, ((("mercenary", 1),),)))
    dice.expect("1d6", 6).expect("1d6", 1)                     # P1's merc kills P2's merc
    apply(state, A.Attack(1, 1, 1))
    assert state.actor() == 2
    assert {type(a).__name__ for a in legal_actions(state)} == {"Attack"}       # no retreat for the defender
    dice.expect("2d6+6", 1, 1).expect("1d6", 6)               # P2's hero loses to P1's merc: 8 > 6? no
    events = apply(state, A.Attack(2, 0, 1))
    # 8 > 6: P1's merc squad dies
    assert [s.units for s in state.battle.sides[0].squads] == [{}]
    dice.expect("2d6+6", 6, 6).expect("2d6+6", 1, 1)
    events = apply(state, A.Attack(1, 0, 0))
    assert state.battle is None and enemy.id not in state.heroes and hero.id in state.heroes
    assert "battle_over" in kinds(events)
    # R-DEATH-2: the beaten hero's units all died in the battle: no deserters' Monster token
    assert state.tokens_at((4, 5)) == [] and state.pending == [] and state.interaction is None
    dice.done()


@pytest.mark.rule("R-BAT-5", "R-BAT-7")
def test_R_BAT_7_event_stream_of_an_exchange():
    state, hero, enemy, dice, events = hero_fight({}, {})
    dice.expect("2d6+6", 6, 6).expect("2d6+6", 1, 1)
    events = apply(state, A.Attack(1, 0, 0))
    assert kinds(events)[:6] == ["squads_picked", "dice", "dice", "exchange", "squad_destroyed", "hero_fainted"]
    assert "battle_over" in kinds(events) and "hero_died" in kinds(events)
    assert state.battle is None
    assert_refused(state, A.Attack(1, 0, 0), "no battle")
    dice.done()


@pytest.mark.rule("R-BAT-6")
def test_R_BAT_6_unit_dice_normal():
    """The dice a Normal battle really rolls: mercenary and monster 1d6 each, hero 2d6+6 (the
    scripted dice refuse any other expression)."""
    state, hero = hero_game(tokens=[MapToken("monster", (4, 5))], at=(4, 4), moves=5, army={"mercenary": 2})
    dice = script(state, ("1dP", 30), ("2d6", 1, 2))              # FIGHT 3 monsters: squads of 2 and 1
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    apply(state, A.ArrangeBattle(1, ((("mercenary", 2),),), "individual"))
    dice.expect("1d6", 6).expect("1d6", 6).expect("1d6", 1)       # 2 mercenaries (12) beat 2 monsters (2 × 1)
    dice.expect("1d6", 6).expect("2d6+6", 1, 1)                  # the last monster (6) loses to the hero (8)
    events = apply(state, A.Attack(1, 1, 0))
    rolled = [r["expr"] for e in events if e.kind == "dice" for r in e.data["rolls"]]
    assert rolled == ["1d6", "1d6", "1d6", "2d6+6"]
    assert state.battle is None and hero.army == {"mercenary": 2}
    dice.done()


@pytest.mark.rule("R-BAT-8")
def test_R_BAT_8_two_defending_heroes_each_keep_their_own_survivors():
    state, hero = hero_game(at=(4, 4), moves=5)
    first = Hero(id=state.new_id(), owner=2, cell=(4, 5), army={"mercenary": 2}, moves_left=0)
    second = Hero(id=state.new_id(), owner=2, cell=(4, 5), army={"mercenary": 2}, moves_left=0)
    state.heroes[first.id] = first                                  # arrange: two heroes on one tile
    state.heroes[second.id] = second
    dice = script(state)
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    apply(state, A.ArrangeBattle(2, ((("mercenary", 3),), (("mercenary", 1),))))
    dice.expect("2d6+6", 1, 1).expect("2d6+6", 1, 1)               # a tie goes to the squad attacked
    apply(state, A.Attack(1, 0, 0))
    assert state.battle is None and hero.id not in state.heroes
    assert first.army == {"mercenary": 2} and second.army == {"mercenary": 2}   # not 4 and 0
    dice.done()
