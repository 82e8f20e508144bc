"""R-MOV-1..8 through RollMovement / Move / PickUp and hero_reach (the move preview)."""
import numpy as np
import pytest

from enginekit import (assert_refused, capital, dice_events, hero_game, kinds, recruit_hero, script,
                       start_game, to_turn_of)
from game.board.model import MapToken
from game.engine import apply, hero_reach
from game.engine import actions as A


def put(state, kind, cell):
    from game.engine.state import Token
    tok = Token(id=state.new_id(), kind=kind, cell=cell)     # arrange: a token on the board
    state.tokens[tok.id] = tok
    return tok


@pytest.mark.rule("R-MOV-1")
def test_R_MOV_1_each_hero_rolls_its_own_normal_1d10_plus_10():
    state = start_game()
    state.players[1].purse["coin"] = 20
    a, b = recruit_hero(state, 1), recruit_hero(state, 1)
    to_turn_of(state, 1)
    assert a.moves_left is None and b.moves_left is None
    script(state, ("1d10+10", 1), ("1d10+10", 10))
    apply(state, A.RollMovement(1, a.id))
    assert_refused(state, A.RollMovement(1, a.id), "already rolled")
    apply(state, A.RollMovement(1, b.id))
    assert (a.moves_left, b.moves_left) == (11, 20)
    apply(state, A.Move(1, a.id, ((1, 2),)))
    apply(state, A.Move(1, b.id, ((2, 1),)))                # any interleaving
    apply(state, A.Move(1, a.id, ((1, 3),)))
    assert (a.moves_left, b.moves_left) == (9, 19)
    apply(state, A.EndTurn(1))
    assert a.moves_left == 0 and b.moves_left == 0          # unused points are lost
    apply(state, A.EndTurn(2))
    # next turn: a fresh roll is needed
    from enginekit import to_turns
    script(state, ("1dP", 10), ("1dP", 10))
    to_turns(state)
    assert a.moves_left is None
    assert_refused(state, A.Move(1, a.id, ((1, 4),)), "roll the hero")


@pytest.mark.rule("R-MOV-1", "R-CMP-13")
def test_R_MOV_1_campaign_rolls_1d10():
    state, hero = hero_game("campaign")
    script(state, ("1d10", 7))
    apply(state, A.RollMovement(1, hero.id))
    assert hero.moves_left == 7


@pytest.mark.rule("R-MOV-2")
def test_R_MOV_2_tile_costs_from_the_map():
    state, hero = hero_game(at=(4, 4), moves=5)
    state.board.move_cost[4, 5] = 3                        # arrange: (5, 4) costs 3
    state.board.move_cost[5, 4] = 0                        # arrange: (4, 5) impassable
    assert hero_reach(state, hero).cost((5, 4)) == 3
    assert hero_reach(state, hero).cost((4, 5)) is None
    assert_refused(state, A.Move(1, hero.id, ((4, 5),)), "impassable")
    state.board.move_cost[7, 4] = 0                        # arrange: (4, 7), three tiles away, impassable
    assert_refused(state, A.Move(1, hero.id, ((4, 7),)), "(4, 7) is impassable")     # that, not "not adjacent"
    apply(state, A.Move(1, hero.id, ((5, 4), (6, 4))))
    assert hero.moves_left == 1 and hero.cell == (6, 4)


# The 5x5 map of 003 "Hero Movement", placed with its top-left corner at (2, 2) on a 9x9 board;
# the hero stands in its middle with 🐎14.  The 🏰 is the player's own capital (its start slot).
O = (2, 2)
def g(c, r):
    return (O[0] + c, O[1] + r)


def _grid_game():
    tokens = [MapToken("monster", g(2, 0)), MapToken("resource", g(3, 1)), MapToken("mine", g(4, 1)),
              MapToken("item", g(4, 2)), MapToken("item", g(1, 3)), MapToken("item", g(1, 3)),
              MapToken("monster", g(0, 4)), MapToken("mine", g(4, 4))]
    state, hero = hero_game(tokens=tokens, starts=(g(0, 1), (8, 0)), at=g(2, 2))
    script(state, ("1d10+10", 4))
    apply(state, A.RollMovement(1, hero.id))
    assert hero.moves_left == 14
    return state, hero


@pytest.mark.rule("R-MOV-2", "R-MOV-3", "R-MOV-4", "R-MOV-5", "R-MOV-6")
def test_R_MOV_003_movement_cost_table():
    state, hero = _grid_game()
    reach = hero_reach(state, hero)
    # the cheapest 🐎 to end on each tile is its step distance (4 neighbours, all tiles cost 1)
    for r in range(5):
        for c in range(5):
            assert reach.cost(g(c, r)) == abs(c - 2) + abs(r - 2), (c, r)
    # what each tile alone costs: 1 to enter, +1 per pickup (💰 2, 🎁 2, 🎁🎁 3)
    alone = {(c, r): 1 + reach.pickups(g(c, r)) for r in range(5) for c in range(5) if (c, r) != (2, 2)}
    assert alone[(3, 1)] == 2 and alone[(4, 2)] == 2 and alone[(1, 3)] == 3
    assert all(v == 1 for k, v in alone.items() if k not in ((3, 1), (4, 2), (1, 3)))
    # monsters and mines are stop tiles; the own City is not (R-MOV-5)
    assert [reach.is_stop(g(*cr)) for cr in ((2, 0), (0, 4), (4, 1), (4, 4), (0, 1))] == [True] * 4 + [False]


@pytest.mark.rule("R-MOV-3")
def test_R_MOV_003_two_items_cost_one_plus_one_plus_one():
    state, hero = _grid_game()
    apply(state, A.Move(1, hero.id, (g(2, 3),)))
    apply(state, A.Move(1, hero.id, (g(1, 3),)))
    assert hero.moves_left == 12 and state.interaction is None and not state.pending
    items = [t.id for t in state.tokens_at(g(1, 3))]
    script(state, ("1dP", 10), ("1dP", 10), ("1dP", 30), ("1dP", 70))
    apply(state, A.PickUp(1, hero.id, items[0]))
    apply(state, A.PickUp(1, hero.id, items[1]))
    assert hero.moves_left == 10                          # 1 (tile) + 1 + 1 from 13
    assert [i.type for i in hero.items] == ["main_hand", "off_hand"]


@pytest.mark.rule("R-MOV-3")
def test_R_MOV_3_pickup_is_optional_and_needs_moves():
    state, hero = _grid_game()
    apply(state, A.Move(1, hero.id, (g(3, 2), g(4, 2))))
    assert hero.moves_left == 12 and len(state.tokens_at(g(4, 2))) == 1     # walked on without picking up
    apply(state, A.Move(1, hero.id, (g(3, 2),)))
    hero.moves_left = 1                                     # arrange
    apply(state, A.Move(1, hero.id, (g(3, 1),)))            # resource tile
    (res,) = state.tokens_at(g(3, 1))
    assert_refused(state, A.PickUp(1, hero.id, res.id), "costs 🐎1; the hero has 0")


@pytest.mark.rule("R-MOV-4", "R-MOV-6")
def test_R_MOV_003_monster_tile_costs_1_and_is_mandatory():
    state, hero = _grid_game()
    dice = script(state, ("1dP", 100), ("1d6+3", 1, ))     # DEFECT: a decision before going on
    events = apply(state, A.Move(1, hero.id, (g(2, 1), g(2, 0))))
    assert hero.moves_left == 12
    assert state.pending[0].kind == "take_monsters"
    assert_refused(state, A.EndTurn(1), "decide how many monsters")
    dice.done()


@pytest.mark.rule("R-MOV-6")
def test_R_MOV_6_cannot_pass_through_stop_tiles_or_overspend():
    state, hero = _grid_game()
    # through the mine at g(4,1) to g(4,0): refused
    assert_refused(state, A.Move(1, hero.id, (g(3, 2), g(4, 2), g(4, 1), g(4, 0))), "cannot pass through")
    # the planner goes around it
    path = hero_reach(state, hero).path_to(g(4, 0))
    assert g(4, 1) not in path and len(path) == 4
    hero.moves_left = 2                                     # arrange
    assert_refused(state, A.Move(1, hero.id, (g(2, 3), g(2, 4), g(3, 4))), "costs 🐎3; the hero has 2")
    assert g(3, 4) not in hero_reach(state, hero)


@pytest.mark.rule("R-MOV-4", "R-MINE-1")
def test_R_MOV_4_mine_costs_1_and_is_mandatory():
    state, hero = _grid_game()
    dice = script(state, ("1dP", 80))
    events = apply(state, A.Move(1, hero.id, (g(3, 2), g(4, 2), g(4, 3), g(4, 4))))
    assert hero.moves_left == 10
    assert [e.data["outcome"] for e in dice_events(events, "mine_guard")] == ["capture"]
    assert state.mine_at(g(4, 4)).owner == 1


@pytest.mark.rule("R-MOV-5")
def test_R_MOV_5_own_mine_and_city_are_unoccupied():
    state, hero = _grid_game()
    state.mine_at(g(4, 1)).owner = 1                        # arrange: the mine is ours
    script(state)                                           # passing it rolls nothing
    apply(state, A.Move(1, hero.id, (g(3, 2), g(4, 2), g(4, 1), g(4, 0))))
    assert hero.cell == g(4, 0) and hero.moves_left == 10
    hero.moves_left = 14
    path = hero_reach(state, hero).path_to(g(0, 0))
    apply(state, A.Move(1, hero.id, tuple(path)))
    # walk through the own City onto (0, 2) of the grid
    apply(state, A.Move(1, hero.id, (g(0, 1), g(0, 2))))
    assert hero.cell == g(0, 2)


@pytest.mark.rule("R-MOV-4", "R-MOV-6", "R-BAT-1")
def test_R_MOV_4_enemy_hero_tile_starts_a_battle():
    state, hero = hero_game(at=(4, 4), moves=5)
    enemy = _enemy_hero(state, (4, 6))
    assert hero_reach(state, hero).is_stop((4, 6))
    assert_refused(state, A.Move(1, hero.id, ((4, 5), (4, 6), (4, 7))), "cannot pass through")
    events = apply(state, A.Move(1, hero.id, ((4, 5), (4, 6))))
    assert state.battle is not None and state.battle.kind == "hero"
    b = events[-1] if events[-1].kind == "battle_started" else next(e for e in events if e.kind == "battle_started")
    assert b.data["attacker"] == 1 and b.data["defender"] == 2


def _enemy_hero(state, cell, army=None):
    from game.engine.state import Hero
    h = Hero(id=state.new_id(), owner=2, cell=cell, army=dict(army or {}), moves_left=0)
    state.heroes[h.id] = h                                  # arrange: an enemy hero on the board
    return h


@pytest.mark.rule("R-MOV-7")
def test_R_MOV_7_monster_on_mine_is_fought_first():
    state, hero = hero_game(at=(4, 4), moves=5, army={"mercenary": 1},
                            tokens=[MapToken("mine", (4, 5)), MapToken("monster", (4, 5))])
    dice = script(state, ("1dP", 100), ("1d6+3", 2))        # the monster defects: 5 offered
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    assert not dice_events(events, "mine_guard")
    assert state.pending[0].kind == "take_monsters"
    dice.expect("1dP", 10)                                   # then the mine: captured
    events = apply(state, A.TakeMonsters(1, 2))
    assert [e.data["outcome"] for e in dice_events(events, "mine_guard")] == ["capture"]
    assert hero.army == {"mercenary": 3} and state.mine_at((4, 5)).owner == 1
    dice.done()


@pytest.mark.rule("R-MOV-7")
def test_R_MOV_7_items_before_the_mine():
    state, hero = hero_game(at=(4, 4), moves=5, tokens=[MapToken("mine", (4, 5)), MapToken("resource", (4, 5))])
    dice = script(state)
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    assert state.pending[0].kind == "pickups"
    (res,) = state.tokens_at((4, 5), "resource")
    dice.expect("1dP", 10).expect("1d6+1", 3)
    apply(state, A.PickUp(1, hero.id, res.id))
    assert hero.moves_left == 3 and state.players[1].purse["coin"] == 1 + 4
    dice.expect("1dP", 10)
    events = apply(state, A.FinishPickups(1, hero.id))
    assert "mine_captured" in kinds(events)
    dice.done()


@pytest.mark.rule("R-MOV-8")
def test_R_MOV_8_square_four_neighbours():
    state, hero = hero_game(at=(4, 4), moves=5)
    assert_refused(state, A.Move(1, hero.id, ((5, 5),)), "not adjacent")
    reach = hero_reach(state, hero)
    assert reach.cost((5, 5)) == 2 and reach.cost((5, 4)) == 1


@pytest.mark.rule("R-MOV-8")
def test_R_MOV_8_square_map_may_allow_eight():
    state, hero = hero_game(at=(4, 4), moves=5, diagonal=True)
    assert len(list(state.board.topology.neighbours((4, 4)))) == 8
    apply(state, A.Move(1, hero.id, ((5, 5),)))                   # one diagonal step, 🐎1
    assert hero.cell == (5, 5) and hero.moves_left == 4


@pytest.mark.rule("R-MOV-8")
def test_R_MOV_8_hex_six_neighbours():
    state, hero = hero_game(kind="hex", at=(4, 4), moves=1)
    nbrs = list(state.board.topology.neighbours((4, 4)))
    assert len(nbrs) == 6
    reach = hero_reach(state, hero)
    assert sorted(c for c in reach.cells() if c != (4, 4)) == sorted(nbrs)
    apply(state, A.Move(1, hero.id, (nbrs[0],)))
    assert hero.cell == nbrs[0] and hero.moves_left == 0


# A walk longer than one turn (the board's multi-turn preview): a 30x5 board, the hero at (1, 2) with 🐎5,
# the goal on its row.
def _long_walk(**kw):
    from game.engine.movement import plan_trip
    state, hero = hero_game(w=30, h=5, starts=((1, 1), (28, 3)), at=(1, 2), moves=5, **kw)
    return state, hero, lambda cell: plan_trip(state, hero, hero_reach(state, hero, budget=1000), cell)


@pytest.mark.rule("R-MOV-1", "R-MOV-6")
def test_a_long_walk_goes_as_far_as_this_turns_moves_and_counts_the_days_by_the_rolls_to_come():
    state, hero, trip_to = _long_walk()
    trip = trip_to((25, 2))
    assert trip.path == tuple((c, 2) for c in range(2, 26)) and trip.cost == 24
    assert (trip.today, trip.today_cost, trip.stop) == (5, 5, (6, 2))
    assert trip.days == (2, 3)                   # 19 more: one roll of 20 is enough, rolls of 11 take two
    assert trip_to((7, 2)).days == (2, 2)        # 1 more: any roll
    apply(state, A.Move(1, hero.id, trip.path[:trip.today]))       # this turn's part: an ordinary move
    assert hero.cell == (6, 2) and hero.moves_left == 0
    assert trip_to(hero.cell) is None                               # already there


@pytest.mark.rule("R-MOV-3")
def test_a_long_walk_does_not_end_this_turn_on_a_pickup_nobody_pointed_at():
    state, hero, trip_to = _long_walk(tokens=(MapToken("item", (6, 2)),))
    trip = trip_to((25, 2))
    assert (trip.today, trip.stop, trip.days) == (4, (5, 2), (2, 3))      # one short of the 🎁, 🐎1 unused
    assert (6, 2) in trip.path                                             # walked over on a later turn


@pytest.mark.rule("R-MOV-2")
def test_a_long_walk_over_a_tile_dearer_than_a_roll():
    state, hero, trip_to = _long_walk()
    state.board.move_cost[:, 10] = 0                  # arrange: a wall down column 10 with one gap...
    state.board.move_cost[2, 10] = 15                 # ...that costs 15: more than a roll of 11 pays for
    trip = trip_to((12, 2))
    assert (10, 2) in trip.path and trip.days == (2, None)      # the worst rolls never get through
    state.board.move_cost[2, 10] = 21                 # dearer than the best roll: no turn gets through
    assert trip_to((12, 2)) is None
    state.board.move_cost[2, 10] = 0
    assert trip_to((12, 2)) is None                   # no way at all
