"""R-CMP-1..13: the Campaign overlay (004)."""
import pytest

from enginekit import (assert_refused, capital, dice_events, end_daybreak, hero_game, kinds, purse_of,
                       recruit_hero, script, start_game, to_daybreak_of, to_turn_of)
from game.board.model import MapToken
from game.engine import apply, legal_actions
from game.engine import actions as A

RICH = {"coin": 200, "wood": 200, "food": 200, "stone": 200}


def camp(**kw):
    return start_game("campaign", **kw)


@pytest.mark.rule("R-CMP-1", "R-CMP-2")
def test_R_CMP_1_2_start_purse_and_city_yield():
    state = camp()
    assert state.players[2].purse == {"coin": 5, "wood": 10, "food": 0, "stone": 0}
    assert state.players[1].purse == {"coin": 7, "wood": 11, "food": 1, "stone": 1}
    assert capital(state, 1).buildings == {"ramparts": 1}


@pytest.mark.rule("R-CMP-2", "R-CMP-9")
def test_R_CMP_2_mine_resource_rolled_on_capture_and_yields():
    state, hero = hero_game("campaign", tokens=[MapToken("mine", (4, 5))], at=(4, 4), moves=3)
    wood = purse_of(state, 1, "wood")
    dice = script(state, ("1d20", 17), ("1d4", 2))
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    mine = state.mine_at((4, 5))
    assert mine.owner == 1 and mine.resource == "wood" and purse_of(state, 1, "wood") == wood + 1
    apply(state, A.EndTurn(1)); apply(state, A.EndTurn(2))
    assert state.current_player == 1 and state.phase == "daybreak"
    assert purse_of(state, 1, "wood") == wood + 1 + 1 + 1    # capture, City, Mine
    dice.done()


@pytest.mark.rule("R-CMP-3")
def test_R_CMP_3_food_upkeep_for_heroes_outside_cities():
    state = camp()
    state.players[1].purse.update(coin=20, food=0)           # arrange
    inside, outside = recruit_hero(state, 1), recruit_hero(state, 1)
    to_turn_of(state, 1)
    outside.cell = (3, 3)                                    # arrange
    apply(state, A.EndTurn(1)); apply(state, A.EndTurn(2))
    # income 1 food, one hero outside: paid, none die
    assert not state.pending and purse_of(state, 1, "food") == 0 and purse_of(state, 1, "coin") == 12
    inside.cell = (3, 4)                                     # arrange: both outside now
    end_daybreak(state, 1); end_daybreak(state, 2)
    apply(state, A.EndTurn(1)); apply(state, A.EndTurn(2))
    assert state.pending[0].kind == "upkeep_deaths" and state.pending[0].data["count"] == 1
    apply(state, A.ChooseUpkeepDeaths(1, (inside.id,)))
    assert list(h.id for h in state.heroes_of(1)) == [outside.id] and purse_of(state, 1, "food") == 0


SPAWNERS = {  # 004's tables
    "spawner_1_1": {"wood": 5}, "spawner_2_1": {"coin": 5, "wood": 5},
    "spawner_3_1": {"coin": 10, "wood": 10, "stone": 5},
    "spawner_4_1": {"coin": 15, "wood": 15, "food": 5, "stone": 10},
    "spawner_5_1": {"coin": 25, "wood": 25, "food": 10, "stone": 25},
    "spawner_1_2": {"wood": 10}, "spawner_2_2": {"coin": 10, "wood": 10},
    "spawner_3_2": {"coin": 15, "wood": 15, "stone": 10},
    "spawner_4_2": {"coin": 20, "wood": 20, "food": 10, "stone": 15},
    "spawner_5_2": {"coin": 30, "wood": 30, "food": 15, "stone": 30},
}


def _prereqs(name):
    tier, rank = map(int, name.split("_")[1:])
    need = [f"spawner_{t}_1" for t in range(1, tier if rank == 1 else tier + 1)]
    if rank == 2:
        need += [f"spawner_{t}_2" for t in range(1, tier)]
    return need


@pytest.mark.rule("R-CMP-4")
@pytest.mark.parametrize("name", sorted(SPAWNERS))
def test_R_CMP_4_spawner_costs_and_prerequisites(name):
    state = camp()
    city = capital(state, 1)
    state.players[1].purse.update(RICH)                      # arrange
    needs = _prereqs(name)
    if needs:
        assert_refused(state, A.Build(1, city.id, name), "needs")
        for n in needs:
            city.buildings[n] = 1                            # arrange: the spawners it needs
        missing = needs[-1]
        del city.buildings[missing]
        assert_refused(state, A.Build(1, city.id, name), "needs")
        city.buildings[missing] = 1
    apply(state, A.Build(1, city.id, name))
    paid = {r: RICH[r] - state.players[1].purse[r] for r in RICH}
    assert {r: n for r, n in paid.items() if n} == SPAWNERS[name]
    other = "spawner_1_1" if name != "spawner_1_1" else "spawner_1_2"
    assert_refused(state, A.Build(1, city.id, other), "already built today")


RECRUITS = {"unit_1_1": {"coin": 1}, "unit_2_1": {"coin": 2}, "unit_3_1": {"coin": 3}, "unit_4_1": {"coin": 4},
            "unit_5_1": {"coin": 5}, "unit_1_2": {"coin": 2, "food": 1}, "unit_2_2": {"coin": 3, "food": 1},
            "unit_3_2": {"coin": 4, "food": 2}, "unit_4_2": {"coin": 5, "food": 2}, "unit_5_2": {"coin": 6, "food": 3}}


@pytest.mark.rule("R-CMP-5")
@pytest.mark.parametrize("unit", sorted(RECRUITS))
def test_R_CMP_5_recruit_costs_need_the_spawner(unit):
    state = camp()
    city = capital(state, 1)
    state.players[1].purse.update(RICH)
    spawner = "spawner_" + unit[5:]
    tier, rank = unit[5:].split("_")
    assert_refused(state, A.Recruit(1, city.id, unit), f"needs Tier {tier} {'⭐' * int(rank)} spawner")
    city.buildings[spawner] = 1                              # arrange
    apply(state, A.Recruit(1, city.id, unit, 2))
    paid = {r: RICH[r] - state.players[1].purse[r] for r in RICH}
    assert {r: n for r, n in paid.items() if n} == {r: 2 * n for r, n in RECRUITS[unit].items()}
    assert city.garrison == {unit: 2}


@pytest.mark.rule("R-CMP-5", "R-CMP-6")
def test_R_CMP_5_6_five_slots_and_garrison_exchanges():
    state = camp()
    city = capital(state, 1)
    state.players[1].purse.update(RICH)
    for n in ("1_1", "2_1", "3_1", "1_2", "2_2", "3_2"):
        city.buildings[f"spawner_{n}"] = 1                   # arrange
    for n in ("1_1", "2_1", "3_1", "1_2", "2_2"):
        apply(state, A.Recruit(1, city.id, f"unit_{n}", 2))
    assert_refused(state, A.Recruit(1, city.id, "unit_3_2"), "5 recruit slots are full")
    apply(state, A.Recruit(1, city.id, "unit_1_1", 3))       # joins its own slot
    assert city.garrison["unit_1_1"] == 5 and len(city.garrison) == 5
    hero = recruit_hero(state, 1)
    apply(state, A.TransferUnits(1, hero.id, "unit_1_1", 3))  # split
    apply(state, A.TransferUnits(1, hero.id, "unit_1_2", 2))  # another rank: another slot
    assert hero.army == {"unit_1_1": 3, "unit_1_2": 2}
    apply(state, A.TransferUnits(1, hero.id, "unit_1_1", -3))  # combine
    assert city.garrison["unit_1_1"] == 5 and hero.army == {"unit_1_2": 2}
    hero.army = {"unit_1_2": 1, "unit_2_2": 1, "unit_3_1": 1, "unit_4_1": 1, "unit_5_1": 1}   # arrange: 5 slots
    assert_refused(state, A.TransferUnits(1, hero.id, "unit_1_1", 1), "holds 5 kinds of unit")
    assert A.TransferUnits(1, hero.id, "unit_1_1", 1) not in legal_actions(state)


@pytest.mark.rule("R-CMP-5")
def test_R_CMP_5_a_full_city_takes_no_new_kind_from_a_hero_and_the_lists_and_refusals_say_so():
    """A computer player left a Tier 4 ⭐⭐ unit in a City whose five slots were taken: the move was listed
    as legal and then refused with "no free slot for unit 4 2"."""
    state = camp()
    city = capital(state, 1)
    hero = recruit_hero(state, 1)
    city.garrison = {"unit_3_2": 4, "unit_4_1": 7, "unit_2_2": 4, "unit_5_2": 4, "unit_1_1": 1}   # arrange: full
    hero.army = {"unit_5_2": 3, "unit_4_2": 1}
    legal = legal_actions(state)
    assert A.TransferUnits(1, hero.id, "unit_4_2", -1) not in legal
    assert A.TransferUnits(1, hero.id, "unit_5_2", -3) in legal           # its kind has a slot there
    assert_refused(state, A.TransferUnits(1, hero.id, "unit_4_2", -1), "no free slot for Tier 4 ⭐⭐")
    assert_refused(state, A.TransferUnits(1, hero.id, "unit_4_2", -2), "there are not 2 × Tier 4 ⭐⭐ recruits")


@pytest.mark.rule("R-CMP-7")
def test_R_CMP_7_unit_dice():
    state = camp()
    dice = {u: str(state.rules.unit_dice(u)) for u in RECRUITS}
    assert dice == {"unit_1_1": "1d6", "unit_2_1": "2d6", "unit_3_1": "3d6", "unit_4_1": "4d6", "unit_5_1": "5d6",
                    "unit_1_2": "1d6+3", "unit_2_2": "2d6+6", "unit_3_2": "3d6+9", "unit_4_2": "4d6+12",
                    "unit_5_2": "5d6+15"}


@pytest.mark.rule("R-CMP-7", "R-DICE-3")
@pytest.mark.parametrize("mode", ["representative", "individual"])
def test_R_DICE_3_004_squad_of_ten_1d6_and_three_2d6(mode):
    state, hero = hero_game("campaign", tokens=[MapToken("monster", (4, 5))], at=(4, 4), moves=3,
                            army={"unit_1_1": 10, "unit_2_1": 3})
    dice = script(state, ("1dP", 20), ("2d6", 1, 1))
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    apply(state, A.ArrangeBattle(1, ((("unit_1_1", 10), ("unit_2_1", 3)),), mode))
    if mode == "representative":
        dice.expect("1d6", 2).expect("2d6", 3, 4)            # 10*2 + 3*7 = 41
        total = 41
    else:
        for f in (1, 2, 3, 4, 5, 6, 1, 2, 3, 4):             # 31
            dice.expect("1d6", f)
        for f in ((1, 1), (2, 2), (6, 6)):                   # 18
            dice.expect("2d6", *f)
        total = 49
    dice.expect("1d6", 1)                                    # a tier-1 monster squad of one
    dice.expect("1d6", 1).expect("2d6+6", 1, 1)              # the last monster attacks the hero
    events = apply(state, A.Attack(1, 1, 0))
    assert dice_events(events, "battle")[0].data["total"] == total
    assert state.battle is None and hero.army == {"unit_1_1": 10, "unit_2_1": 3}
    dice.done()


@pytest.mark.rule("R-CMP-8")
@pytest.mark.parametrize("face,resource", [(1, "coin"), (2, "wood"), (3, "food"), (4, "stone")])
def test_R_CMP_8_resource_type_and_amount(face, resource):
    state, hero = hero_game("campaign", tokens=[MapToken("resource", (4, 5))], at=(4, 4), moves=3)
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    (tok,) = state.tokens_at((4, 5))
    before = dict(state.players[1].purse)
    dice = script(state, ("1d4", face), ("1d6", 5))
    apply(state, A.PickUp(1, hero.id, tok.id))
    after = state.players[1].purse
    assert {r: after[r] - before[r] for r in after if after[r] != before[r]} == {resource: 5}
    dice.done()


@pytest.mark.rule("R-CMP-9", "R-CMP-10")
@pytest.mark.parametrize("face,guarded", [(17, False), (18, True), (20, True)])
def test_R_CMP_9_mine_guardians_1d20(face, guarded):
    state, hero = hero_game("campaign", tokens=[MapToken("mine", (4, 5))], at=(4, 4), moves=3)
    capital(state, 2).buildings.update(spawner_1_1=1, spawner_2_1=1)     # arrange: tier 2 spawner
    dice = script(state, ("1d20", face))
    if guarded:
        dice.expect("1d6+2", 3)
    else:
        dice.expect("1d4", 1)
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    if guarded:
        assert [s.units for s in state.battle.sides[1].squads] == [{"unit_2_1": 3}, {"unit_2_1": 2}]
    else:
        assert state.mine_at((4, 5)).owner == 1
    dice.done()


@pytest.mark.rule("R-CMP-10")
@pytest.mark.parametrize("spawners,unit", [((), "unit_1_1"), (("spawner_1_1",), "unit_1_1"),
                                           (("spawner_1_1", "spawner_2_1", "spawner_3_1"), "unit_3_1"),
                                           (("spawner_1_1", "spawner_2_1", "spawner_3_1", "spawner_4_1"), "unit_3_1")])
def test_R_CMP_10_board_monsters_tier_capped_at_3(spawners, unit):
    state, hero = hero_game("campaign", tokens=[MapToken("monster", (4, 5))], at=(4, 4), moves=3)
    for s in spawners:
        capital(state, 2).buildings[s] = 1                   # arrange: P2's spawners
    dice = script(state, ("1dP", 30), ("2d6", 2, 2))
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    assert [s.units for s in state.battle.sides[1].squads] == [{unit: 2}, {unit: 2}]
    dice.done()


@pytest.mark.rule("R-CMP-11")
def test_R_CMP_11_bribe_at_tier_recruit_cost_and_defect_2d6():
    state, hero = hero_game("campaign", tokens=[MapToken("monster", (4, 5))], at=(4, 4), moves=3)
    capital(state, 1).buildings.update(spawner_1_1=1, spawner_2_1=1)     # arrange: tier 2
    state.players[1].purse["coin"] = 5
    dice = script(state, ("1dP", 80), ("2d6", 2, 2))
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    assert state.pending[0].data["cost"] == {"coin": 2}
    assert_refused(state, A.TakeMonsters(1, 3), "costs 💰6")
    apply(state, A.TakeMonsters(1, 2))
    assert hero.army == {"unit_2_1": 2} and purse_of(state, 1) == 1
    dice.done()


@pytest.mark.rule("R-CMP-11")
@pytest.mark.parametrize("face,reaction,expr", [(10, "hard_fight", "4d6"), (70, "fight", "2d6"),
                                                (90, "bribe", "2d6"), (100, "defect", "2d6")])
def test_R_CMP_11_reaction_table(face, reaction, expr):
    state, hero = hero_game("campaign", tokens=[MapToken("monster", (4, 5))], at=(4, 4), moves=3)
    n = int(expr[0])
    dice = script(state, ("1dP", face), (expr, *([1] * n)))
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    assert dice_events(events, "monster_reaction")[0].data["reaction"] == reaction
    dice.done()


@pytest.mark.rule("R-CMP-11")
def test_R_CMP_11_one_coin_per_monster_killed():
    state, hero = hero_game("campaign", tokens=[MapToken("monster", (4, 5))], at=(4, 4), moves=3)
    before = purse_of(state, 1)
    dice = script(state, ("1dP", 30), ("2d6", 1, 2),
                  ("2d6+6", 6, 6), ("1d6", 1), ("1d6", 1), ("2d6+6", 6, 6))
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    apply(state, A.Attack(1, 0, 0))
    assert purse_of(state, 1) == before + 3
    dice.done()


@pytest.mark.rule("R-CMP-12")
def test_R_CMP_12_four_squads():
    state, hero = hero_game("campaign", tokens=[MapToken("monster", (4, 5))], at=(4, 4), moves=3,
                            army={"unit_1_1": 5})
    dice = script(state, ("1dP", 30), ("2d6", 1, 2))
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    one = (("unit_1_1", 1),)
    assert_refused(state, A.ArrangeBattle(1, (one,) * 5), "1 to 4 squads")
    apply(state, A.ArrangeBattle(1, (one, one, one, (("unit_1_1", 2),))))
    assert len(state.battle.sides[0].squads) == 5            # the hero's own squad + 4


@pytest.mark.rule("R-CMP-13", "R-DAY-1")
def test_R_CMP_13_acquisition_for_all_then_exploration():
    state = camp(first=2)
    log = list(state.setup_events)
    log += apply(state, A.EndDaybreak(2))
    log += apply(state, A.EndDaybreak(1))
    flow = [(e.kind, e.data.get("player")) for e in log
            if e.kind in ("daybreak", "turn_started") or (e.kind == "purse" and e.data["reason"] == "income")]
    assert flow == [("daybreak", 2), ("purse", 2), ("daybreak", 1), ("purse", 1), ("turn_started", 2)]
    assert state.players[1].purse == {"coin": 7, "wood": 11, "food": 1, "stone": 1}


@pytest.mark.rule("R-BAT-8", "R-CMP-5")
def test_R_BAT_8_after_a_defence_the_garrison_and_the_hero_keep_their_own_five_slots():
    """Today's pooling put 10 unit kinds in a 5-slot garrison; survivors now go back where they came from."""
    from game.engine.state import Hero
    state, hero = hero_game("campaign", at=(6, 7), moves=5)
    city = capital(state, 2)
    city.buildings.pop("ramparts", None)                                 # arrange: walls down
    garrison = {"unit_1_1": 2, "unit_2_1": 1, "unit_3_1": 1, "unit_4_1": 1, "unit_5_1": 1}
    army = {"unit_1_2": 1, "unit_2_2": 1, "unit_3_2": 1, "unit_4_2": 1, "unit_5_2": 1}
    city.garrison = dict(garrison)
    defender = Hero(id=state.new_id(), owner=2, cell=(7, 7), army=dict(army), moves_left=0)
    state.heroes[defender.id] = defender                                 # arrange: garrisoned, full army
    dice = script(state)
    apply(state, A.Move(1, hero.id, ((7, 7),)))
    pool = sorted({**garrison, **army}.items())
    apply(state, A.ArrangeBattle(2, (tuple(pool[:3]), tuple(pool[3:6]), tuple(pool[6:8]), tuple(pool[8:]))))
    dice.expect("2d6+6", 1, 1).expect("3d3+9", 1, 1, 1)                  # the lone hero (8) loses to the City
    apply(state, A.Attack(1, 0, 0))
    assert state.battle is None and hero.id not in state.heroes
    assert city.garrison == garrison and defender.army == army
    assert len(city.garrison) <= 5 and len(defender.army) <= 5
    dice.done()
