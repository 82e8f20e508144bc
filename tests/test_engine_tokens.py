"""R-RES-1, R-ITEM-1..3, R-MINE-1..3, R-MON-1..3: what tokens do when a hero lands or picks up."""
import pytest

from enginekit import (assert_refused, capital, dice_events, hero_game, kinds, purse_of, script)
from game.board.model import MapToken
from game.engine import apply
from game.engine import actions as A
from game.engine.state import Item


def landing(tokens, army=None, moves=5, **kw):
    """P1's hero at (4,4) with 🐎 left, next to the tokens placed at (4,5)."""
    return hero_game(tokens=[MapToken(k, (4, 5)) for k in tokens], army=army, at=(4, 4), moves=moves, **kw)


def step(state, hero):
    return apply(state, A.Move(1, hero.id, ((4, 5),)))


# --- resources ------------------------------------------------------------------------------
@pytest.mark.rule("R-RES-1")
@pytest.mark.parametrize("size_face,expr,faces,gain", [(70, "1d6+1", (6,), 7), (10, "1d6+1", (1,), 2),
                                                       (80, "2d6+2", (4, 5), 11), (100, "2d6+2", (1, 1), 4)])
def test_R_RES_1_cache_size_and_amount(size_face, expr, faces, gain):
    state, hero = landing(["resource"])
    step(state, hero)
    (tok,) = state.tokens_at((4, 5))
    before = purse_of(state, 1)
    dice = script(state, ("1dP", size_face), (expr, *faces))
    events = apply(state, A.PickUp(1, hero.id, tok.id))
    assert purse_of(state, 1) == before + gain
    assert dice_events(events, "cache_size")[0].data["size"] == ("small" if size_face <= 70 else "large")
    assert state.tokens_at((4, 5)) == []
    dice.done()


# --- items -------------------------------------------------------------------------------------
def pick_item(rolls, moves=5):
    state, hero = landing(["item"], moves=moves)
    step(state, hero)
    (tok,) = state.tokens_at((4, 5))
    dice = script(state, *[("1dP", f) for f in rolls])
    events = apply(state, A.PickUp(1, hero.id, tok.id))
    dice.done()
    return state, hero, events


@pytest.mark.rule("R-ITEM-1")
@pytest.mark.parametrize("face,kind", [(10, "main_hand"), (20, "main_hand"), (30, "off_hand"), (60, "off_hand"),
                                       (70, "amulet"), (100, "amulet")])
def test_R_ITEM_1_type_table(face, kind):
    state, hero, events = pick_item([face, 70])
    (item,) = hero.items
    assert item.type == kind and item.rarity == 0


@pytest.mark.rule("R-ITEM-1")
def test_R_ITEM_1_003_success_success_failure_is_rare():
    state, hero, events = pick_item([30, 80, 100, 70])
    (item,) = hero.items
    assert item.rarity == 2
    assert [e.data["success"] for e in dice_events(events, "item_rarity")] == [True, True, False]
    assert next(e for e in events if e.kind == "item_found").data["rarity"] == "rare"


@pytest.mark.rule("R-ITEM-1")
def test_R_ITEM_1_immediate_failure_common_and_legendary_is_the_top():
    state, hero, _ = pick_item([70, 70])
    assert hero.items[0].rarity == 0
    state, hero, events = pick_item([70, 80, 90, 100, 80])       # four successes: no fifth roll
    assert hero.items[0].rarity == 4 and len(dice_events(events, "item_rarity")) == 4


POWERS = {"main_hand": ["1d6+2", "1d6+3", "2d6+3", "3d6+3", "4d6+5"],
          "off_hand": ["1d6", "1d6+1", "2d6", "2d6+3", "3d6+5"],
          "amulet": ["1d6", "1d6+1", "1d6+2", "2d6", "2d6+3"]}


@pytest.mark.rule("R-ITEM-2")
@pytest.mark.parametrize("type_face,kind", [(10, "main_hand"), (40, "off_hand"), (90, "amulet")])
@pytest.mark.parametrize("rarity", range(5))
def test_R_ITEM_2_power_by_type_and_rarity(type_face, kind, rarity):
    rolls = [type_face] + [80] * rarity + ([10] if rarity < 4 else [])
    state, hero, _ = pick_item(rolls)
    item = hero.items[0]
    assert (item.type, item.rarity, item.power) == (kind, rarity, POWERS[kind][rarity])


@pytest.mark.rule("R-ITEM-3", "R-HERO-1")
def test_R_ITEM_3_one_equipped_item_per_type_fights():
    state, hero = landing(["monster"])
    sword = Item(state.new_id(), "main_hand", 0, "1d6+2")
    axe = Item(state.new_id(), "main_hand", 4, "4d6+5")
    charm = Item(state.new_id(), "amulet", 1, "1d6+1")
    hero.items = [sword, axe, charm]; hero.equipped = [sword.id, charm.id]     # arrange
    apply(state, A.EquipItem(1, hero.id, axe.id))
    assert set(hero.equipped) == {axe.id, charm.id}
    dice = script(state, ("1dP", 20), ("2d6", 1, 1),
                  ("2d6+6", 1, 1), ("4d6+5", 1, 1, 1, 1), ("1d6+1", 1), ("1d6", 6),   # 8+9+2=19 > 6
                  ("1d6", 6), ("2d6+6", 1, 1), ("4d6+5", 1, 1, 1, 1), ("1d6+1", 1))   # 6 < 19
    events = step(state, hero)
    events += apply(state, A.Attack(1, 0, 0))
    rolls = dice_events(events, "battle")
    assert [r["expr"] for r in rolls[0].data["rolls"]] == ["2d6+6", "4d6+5", "1d6+1"]
    assert rolls[0].data["total"] == 19
    assert state.battle is None and hero.id in state.heroes
    dice.done()


# --- mines ----------------------------------------------------------------------------------
@pytest.mark.rule("R-MINE-1")
@pytest.mark.parametrize("face", [10, 50, 80])
def test_R_MINE_1_capture_pays_one_at_once(face):
    state, hero = landing(["mine"])
    before = purse_of(state, 1)
    dice = script(state, ("1dP", face))
    events = step(state, hero)
    assert state.mine_at((4, 5)).owner == 1 and purse_of(state, 1) == before + 1
    assert "mine_captured" in kinds(events)
    dice.done()


def _win_against_two_squads(dice, big, small, unit="1d6"):
    """Hero alone beats squads of ``big`` and ``small`` (attacks the first one first)."""
    dice.expect("2d6+6", 6, 6).expect(unit, 1)             # 18 > big*1 (big < 18)
    dice.expect(unit, 1).expect("2d6+6", 6, 6)             # the other squad attacks the hero: small < 18


@pytest.mark.rule("R-MINE-1", "R-MINE-2", "R-MINE-3")
def test_R_MINE_2_003_villa_example_five_guardians():
    state, hero = landing(["mine"])
    capital(state, 2).tier = "villa"                       # arrange: the highest City is a Villa
    before = purse_of(state, 1)
    dice = script(state, ("1dP", 90), ("1d6+2", 3))
    events = step(state, hero)
    assert dice_events(events, "guardians")[0].data["total"] == 5
    assert state.battle.kind == "guardians"
    assert [s.units for s in state.battle.sides[1].squads] == [{"monster": 3}, {"monster": 2}]
    _win_against_two_squads(dice, 3, 2)
    events = apply(state, A.Attack(1, 0, 0))
    assert state.mine_at((4, 5)).owner == 1
    assert purse_of(state, 1) == before + 2 + 1            # bounty trunc(5/2) + capture
    dice.done()


@pytest.mark.rule("R-MINE-2")
@pytest.mark.parametrize("tier,expr,faces", [("encampment", "1d6", (4,)), ("villa", "1d6+2", (2,)),
                                            ("estate", "2d6+3", (1, 1)), ("castle", "3d6+4", (1, 1, 1))])
def test_R_MINE_2_guardians_by_highest_city_tier(tier, expr, faces):
    state, hero = landing(["mine"])
    capital(state, 2).tier = tier                          # arrange
    dice = script(state, ("1dP", 100), (expr, *faces))
    events = step(state, hero)
    assert dice_events(events, "guardians")[0].data["expr"] == expr
    assert state.battle.sides[1].unit_count() == sum(faces) + {"1d6": 0, "1d6+2": 2, "2d6+3": 3, "3d6+4": 4}[expr]
    dice.done()


@pytest.mark.rule("R-MINE-3")
def test_R_MINE_3_enemy_mine_guardians_pay_no_bounty():
    state, hero = landing(["mine"])
    state.mine_at((4, 5)).owner = 2                        # arrange: P2's mine
    before = purse_of(state, 1)
    dice = script(state, ("1dP", 90), ("1d6", 4))
    step(state, hero)
    _win_against_two_squads(dice, 2, 2)
    events = apply(state, A.Attack(1, 0, 0))
    assert state.mine_at((4, 5)).owner == 1
    assert purse_of(state, 1) == before + 1                # capture only
    assert [e.data["reason"] for e in events if e.kind == "purse"] == ["mine captured"]
    dice.done()


# --- monsters ---------------------------------------------------------------------------------
@pytest.mark.rule("R-MON-1")
@pytest.mark.parametrize("face,reaction,expr,faces", [
    (10, "hard_fight", "4d6", (1, 1, 1, 1)), (20, "fight", "2d6", (1, 1)), (70, "fight", "2d6", (1, 2)),
    (80, "bribe", "2d6", (1, 1)), (90, "bribe", "2d6", (2, 1)), (100, "defect", "1d6+3", (1,))])
def test_R_MON_1_reaction_table(face, reaction, expr, faces):
    state, hero = landing(["monster"])
    dice = script(state, ("1dP", face), (expr, *faces))
    events = step(state, hero)
    assert dice_events(events, "monster_reaction")[0].data["reaction"] == reaction
    count = sum(faces) + (3 if reaction == "defect" else 0)
    if reaction in ("fight", "hard_fight"):
        assert state.battle.kind == "monsters" and state.battle.sides[1].unit_count() == count
    else:
        assert state.pending[0].kind == "take_monsters"
        assert state.pending[0].data["max"] == count
        assert state.pending[0].data["cost"] == ({"coin": 3} if reaction == "bribe" else {})
    dice.done()


@pytest.mark.rule("R-MON-1")
def test_R_MON_1_bribe_at_3_each_take_fewer():
    state, hero = landing(["monster"], army={"mercenary": 1})
    state.players[1].purse["coin"] = 10                    # arrange
    dice = script(state, ("1dP", 80), ("2d6", 3, 2))
    step(state, hero)
    assert_refused(state, A.TakeMonsters(1, 4), "costs 💰12")
    assert_refused(state, A.TakeMonsters(1, 6), "between 0 and 5")
    events = apply(state, A.TakeMonsters(1, 3))
    assert purse_of(state, 1) == 1 and hero.army == {"mercenary": 4}
    assert state.tokens_at((4, 5)) == [] and state.battle is None       # the rest vanish
    dice.done()


@pytest.mark.rule("R-MON-1")
def test_R_MON_1_defect_free():
    state, hero = landing(["monster"])
    dice = script(state, ("1dP", 100), ("1d6+3", 6))
    step(state, hero)
    before = purse_of(state, 1)
    apply(state, A.TakeMonsters(1, 9))
    assert hero.army == {"mercenary": 9} and purse_of(state, 1) == before
    assert state.tokens_at((4, 5)) == []
    dice.done()


@pytest.mark.rule("R-MON-1", "R-DEATH-1")
def test_R_MON_1_token_stays_when_the_hero_loses():
    state, hero = landing(["monster"])
    (tok,) = state.tokens_at((4, 5))
    dice = script(state, ("1dP", 30), ("2d6", 6, 6), ("2d6+6", 1, 1), ("1d6", 2))    # 8 < 6*2
    step(state, hero)
    events = apply(state, A.Attack(1, 0, 0))
    assert hero.id not in state.heroes and state.battle is None
    assert state.tokens_at((4, 5)) == [tok]                # no deserters' token: it had no units
    dice.done()


@pytest.mark.rule("R-MON-2", "R-BAT-4", "R-DICE-4")
def test_R_MON_2_003_nineteen_monsters_pay_nine():
    state, hero = landing(["monster"])
    before = purse_of(state, 1)
    dice = script(state, ("1dP", 10), ("4d6", 6, 6, 6, 1))
    events = step(state, hero)
    assert [s.units for s in state.battle.sides[1].squads] == [{"monster": 10}, {"monster": 9}]
    dice.expect("2d6+6", 6, 6).expect("1d6", 1)            # 18 > 10
    dice.expect("1d6", 1).expect("2d6+6", 1, 2)            # 9 vs 9: the tie goes to the hero attacked
    events = apply(state, A.Attack(1, 0, 0))
    ex = [e.data for e in events if e.kind == "exchange"]
    assert ex[1]["tie"] is True and ex[1]["winner"] == 0
    assert purse_of(state, 1) == before + 9
    assert state.tokens_at((4, 5)) == []
    dice.done()


@pytest.mark.rule("R-MON-3")
def test_R_MON_3_several_tokens_defect_then_bribe_then_one_battle():
    state, hero = landing(["monster", "monster", "monster"])
    state.players[1].purse["coin"] = 10                    # arrange
    dice = script(state, ("1dP", 30), ("2d6", 1, 2),       # token 1: FIGHT 3
                  ("1dP", 90), ("2d6", 1, 1),              # token 2: BRIBE 2
                  ("1dP", 100), ("1d6+3", 1),              # token 3: DEFECT 4
                  )
    step(state, hero)
    assert state.pending[0].data["offer"] == "defect" and state.pending[0].data["max"] == 4
    apply(state, A.TakeMonsters(1, 1))
    assert state.pending[0].data["offer"] == "bribe" and state.pending[0].data["max"] == 2
    apply(state, A.TakeMonsters(1, 2))
    assert purse_of(state, 1) == 4 and hero.army == {"mercenary": 3}
    assert state.battle is not None and state.battle.sides[1].unit_count() == 3
    assert [s.units for s in state.battle.sides[1].squads] == [{"monster": 2}, {"monster": 1}]
    dice.done()
