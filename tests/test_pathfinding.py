"""Hero movement rules (RULES.md section 5 and R-ALLY-1) on hand-made boards."""
import numpy as np
import pytest

from game.board.model import Board, MapToken
from game.board.pathfinding import path_cost, reachable, token_masks

ME, ENEMY, ALLY = 1, 2, 3

# The base map of the original Player Turns rule sheet, 0-based (col, row):
# its [col, row] labels run from 1, so its 💰[4, 2] is our (3, 1).
#   row 0:  -   -   🧟  -   -
#   row 1:  🏰  -   -   💰  ⚒️
#   row 2:  -   -   🧙  -   🎁
#   row 3:  -  🎁🎁  -   -   -
#   row 4:  🧟  -   -   -   ⚒️
HERO = (2, 2)
SEED_003_TOKENS = [
    MapToken("monster", (2, 0)),
    MapToken("city", (0, 1), owner=ME, tier="encampment"),
    MapToken("resource", (3, 1)),
    MapToken("mine", (4, 1)),
    MapToken("item", (4, 2)),
    MapToken("item", (1, 3)),
    MapToken("item", (1, 3)),
    MapToken("monster", (0, 4)),
    MapToken("mine", (4, 4)),
]
# The document's second table: what each tile alone costs, pickups included.
SEED_003_TILE_COSTS = [
    [1, 1, 1, 1, 1],
    [1, 1, 1, 2, 1],
    [1, 1, None, 1, 2],
    [1, 3, 1, 1, 1],
    [1, 1, 1, 1, 1],
]


def seed_003_reach(budget=14, player=ME, allies=frozenset()):
    board = Board.blank(5, 5, tokens=SEED_003_TOKENS)
    stop, pickups = token_masks(board, board.tokens, player, allies)
    return board, reachable(board.topology, board.move_cost, stop, HERO, budget, pickups)


def corridor(*tokens, length=5, player=ME, allies=frozenset(), budget=10):
    """A 1-row board, hero at column 0: what lies beyond column 2's tokens?"""
    board = Board.blank(length, 1, tokens=list(tokens))
    stop, pickups = token_masks(board, board.tokens, player, allies)
    return reachable(board.topology, board.move_cost, stop, (0, 0), budget, pickups)


@pytest.mark.rule("R-MOV-2")
@pytest.mark.rule("R-MOV-3")
def test_seed_003_example_tile_costs():
    board, reach = seed_003_reach()
    for r, row in enumerate(SEED_003_TILE_COSTS):
        for c, expected in enumerate(row):
            if expected is not None:
                assert board.cost((c, r)) + reach.pickups((c, r)) == expected, (c, r)


@pytest.mark.rule("R-MOV-2")
@pytest.mark.rule("R-MOV-6")
def test_seed_003_every_tile_is_reached_at_its_walking_distance():
    _, reach = seed_003_reach()
    assert set(reach.cells()) == {(c, r) for c in range(5) for r in range(5)}
    for c, r in reach.cells():
        assert reach.cost((c, r)) == abs(c - 2) + abs(r - 2)
    assert reach.cost(HERO) == 0 and reach.path_to(HERO) == []


@pytest.mark.rule("R-MOV-4")
@pytest.mark.rule("R-MOV-6")
def test_seed_003_monsters_and_unowned_mines_are_stops_own_city_is_not():
    _, reach = seed_003_reach()
    stops = {cell for cell in reach.cells() if reach.is_stop(cell)}
    assert stops == {(2, 0), (0, 4), (4, 1), (4, 4)}
    assert not reach.is_stop((0, 1))
    for cell in reach.cells():
        assert not any(reach.is_stop(step) for step in reach.path_to(cell)[:-1])


@pytest.mark.rule("R-MOV-6")
def test_seed_003_budget_limits_the_reach():
    _, reach = seed_003_reach(budget=2)
    assert set(reach.cells()) == {(c, r) for c in range(5) for r in range(5)
                                  if abs(c - 2) + abs(r - 2) <= 2}
    assert reach.cost((0, 0)) is None


@pytest.mark.rule("R-MOV-2")
def test_tile_costs_and_impassable_tiles():
    board = Board.blank(4, 1)
    board.move_cost[0] = [1, 3, 1, 0]  # forest costs 3; the last tile is impassable
    reach = reachable(board.topology, board.move_cost, None, (0, 0), 4)
    assert [reach.cost((c, 0)) for c in range(4)] == [0, 3, 4, None]
    assert reachable(board.topology, board.move_cost, None, (0, 0), 3).cost((2, 0)) is None


@pytest.mark.rule("R-MOV-2")
def test_a_detour_of_cheap_tiles_beats_a_costly_tile():
    board = Board.blank(3, 2)
    board.move_cost[0, 1] = 5
    reach = reachable(board.topology, board.move_cost, None, (0, 0), 10)
    assert reach.cost((2, 0)) == 4
    assert reach.path_to((2, 0)) == [(0, 1), (1, 1), (2, 1), (2, 0)]


@pytest.mark.rule("R-MOV-3")
def test_pickups_are_optional_and_never_in_the_path_cost():
    reach = corridor(MapToken("item", (1, 0)), MapToken("item", (1, 0)), MapToken("resource", (2, 0)))
    assert [reach.cost((c, 0)) for c in range(5)] == [0, 1, 2, 3, 4]
    assert [reach.pickups((c, 0)) for c in range(5)] == [0, 2, 1, 0, 0]
    assert not reach.is_stop((1, 0))


@pytest.mark.rule("R-MOV-4")
@pytest.mark.rule("R-MOV-6")
@pytest.mark.parametrize("token", [MapToken("monster", (2, 0)), MapToken("mine", (2, 0)),
                                   MapToken("mine", (2, 0), owner=ENEMY),
                                   MapToken("city", (2, 0), owner=ENEMY),
                                   MapToken("city", (2, 0), owner=0)], ids=repr)
def test_mandatory_interactions_end_the_move(token):
    reach = corridor(token)
    assert reach.cost((2, 0)) == 2 and reach.is_stop((2, 0))
    assert reach.cost((3, 0)) is None


@pytest.mark.rule("R-MOV-4")
def test_enemy_heroes_are_stops():
    board = Board.blank(5, 1)
    stop, _ = token_masks(board, [], ME, enemy_hero_cells=[(2, 0)])
    reach = reachable(board.topology, board.move_cost, stop, (0, 0), 10)
    assert reach.is_stop((2, 0)) and reach.cost((3, 0)) is None


@pytest.mark.rule("R-MOV-5")
@pytest.mark.parametrize("kind", ["city", "mine"])
def test_own_city_or_mine_is_open_ground(kind):
    reach = corridor(MapToken(kind, (2, 0), owner=ME))
    assert not reach.is_stop((2, 0))
    assert reach.cost((4, 0)) == 4


@pytest.mark.rule("R-ALLY-1")
@pytest.mark.rule("R-MOV-5")
@pytest.mark.parametrize("kind", ["city", "mine"])
def test_allied_city_or_mine_is_open_ground(kind):
    token = MapToken(kind, (2, 0), owner=ALLY)
    assert corridor(token).cost((4, 0)) is None
    reach = corridor(token, allies=frozenset({ALLY}))
    assert not reach.is_stop((2, 0)) and reach.cost((4, 0)) == 4


@pytest.mark.rule("R-MOV-6")
def test_a_hero_standing_on_a_stop_may_leave_it():
    reach = corridor(MapToken("monster", (0, 0)))
    assert reach.cost((4, 0)) == 4
    assert not reach.is_stop((0, 0))


@pytest.mark.rule("R-MOV-6")
def test_stops_route_paths_around_them():
    board = Board.blank(3, 3, tokens=[MapToken("monster", (1, 0))])
    stop, _ = token_masks(board, board.tokens, ME)
    reach = reachable(board.topology, board.move_cost, stop, (0, 0), 10)
    assert reach.cost((2, 0)) == 4
    assert reach.path_to((2, 0)) == [(0, 1), (1, 1), (2, 1), (2, 0)]


@pytest.mark.rule("R-MOV-8")
@pytest.mark.parametrize("kind,diagonal,count", [("square", False, 5), ("square", True, 9),
                                                 ("hex", False, 7)])
def test_one_step_reaches_the_topology_neighbours(kind, diagonal, count):
    board = Board.blank(5, 5, kind, diagonal=diagonal)
    reach = reachable(board.topology, board.move_cost, None, (2, 2), 1)
    assert len(list(reach.cells())) == count


def test_blocked_cells_are_never_entered():
    board = Board.blank(5, 1)
    blocked = np.zeros((1, 5), dtype=bool)
    blocked[0, 2] = True
    reach = reachable(board.topology, board.move_cost, None, (0, 0), 10, blocked=blocked)
    assert reach.cost((1, 0)) == 1 and reach.cost((2, 0)) is None
    with pytest.raises(ValueError, match="blocked"):
        path_cost(board.topology, board.move_cost, None, (0, 0), [(1, 0), (2, 0)], blocked)


def test_costs_array_covers_the_whole_map():
    board = Board.blank(30, 20)
    reach = reachable(board.topology, board.move_cost, None, (3, 4), 2)
    assert reach.costs.shape == (20, 30)
    assert reach.costs[4, 3] == 0 and reach.costs[4, 5] == 2 and reach.costs[4, 6] == -1
    assert (reach.costs >= 0).sum() == 13


@pytest.mark.rule("R-MOV-6")
def test_path_cost_accepts_legal_paths_and_explains_illegal_ones():
    board = Board.blank(4, 2, tokens=[MapToken("monster", (2, 0))])
    board.move_cost[1, 1] = 0
    stop, _ = token_masks(board, board.tokens, ME)
    check = lambda path: path_cost(board.topology, board.move_cost, stop, (0, 0), path)  # noqa: E731
    assert check([]) == 0
    assert check([(1, 0), (2, 0)]) == 2
    with pytest.raises(ValueError, match="not adjacent"):
        check([(2, 0)])
    with pytest.raises(ValueError, match="impassable"):
        check([(0, 1), (1, 1)])
    with pytest.raises(ValueError, match="cannot pass through"):
        check([(1, 0), (2, 0), (3, 0)])
    with pytest.raises(ValueError, match="off the map"):
        check([(-1, 0)])


def test_bad_arguments_are_refused():
    board = Board.blank(3, 3)
    with pytest.raises(ValueError, match="off"):
        reachable(board.topology, board.move_cost, None, (3, 0), 2)
    with pytest.raises(ValueError, match="budget"):
        reachable(board.topology, board.move_cost, None, (0, 0), -1)
    with pytest.raises(ValueError, match="shape"):
        reachable(board.topology, board.move_cost, np.zeros((2, 2), bool), (0, 0), 2)
    with pytest.raises(ValueError, match="out of reach"):
        reachable(board.topology, board.move_cost, None, (0, 0), 1).path_to((2, 2))
    with pytest.raises(ValueError, match="unknown token kind"):
        token_masks(board, [MapToken("dragon", (0, 0))], ME)
