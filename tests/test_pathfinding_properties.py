"""`reachable` against a plain Dijkstra written out here, on random small maps."""
import heapq

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.bitwindow import bit_window
from game.board.pathfinding import path_cost, reachable
from game.board.topology import HexTopology, SquareTopology

TOPOLOGY_KINDS = [("square", False), ("square", True), ("hex", ("y", "odd")), ("hex", ("y", "even")),
                  ("hex", ("x", "odd")), ("hex", ("x", "even"))]


def make(kind, variant, width, height):
    if kind == "square":
        return SquareTopology(width, height, diagonal=variant)
    return HexTopology(width, height, stagger_axis=variant[0], stagger_index=variant[1])


@st.composite
def scenarios(draw):
    kind, variant = draw(st.sampled_from(TOPOLOGY_KINDS))
    width, height = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    topology = make(kind, variant, width, height)

    # The cells come from a numpy generator seeded by hypothesis: one draw per map, not one per cell
    # (drawing cell by cell was most of the tests' time, in hypothesis's own bookkeeping).
    cells_rng = np.random.default_rng(draw(st.integers(0, 2 ** 32 - 1)))
    move_cost = cells_rng.choice(np.array([0, 1, 1, 1, 2, 3], dtype=np.int16), size=(height, width))
    stop = cells_rng.integers(0, 5, size=(height, width)) == 0
    blocked = cells_rng.integers(0, 10, size=(height, width)) == 0 if draw(st.booleans()) else None
    start = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    budget = draw(st.integers(0, 12))
    return topology, move_cost, stop, start, budget, blocked


def plain_dijkstra(topology, move_cost, stop, start, budget, blocked):
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        spent, cell = heapq.heappop(queue)
        if spent > best[cell] or (cell != start and stop[cell[1], cell[0]]):
            continue
        for nxt in topology.neighbours(cell):
            step = int(move_cost[nxt[1], nxt[0]])
            if step == 0 or (blocked is not None and blocked[nxt[1], nxt[0]]):
                continue
            if spent + step <= budget and spent + step < best.get(nxt, budget + 1):
                best[nxt] = spent + step
                heapq.heappush(queue, (spent + step, nxt))
    return best


@pytest.mark.rule("R-MOV-6")
@pytest.mark.rule("R-MOV-8")
@settings(max_examples=300, deadline=None)
@given(scenarios())
def test_reachable_agrees_with_plain_dijkstra(scenario):
    topology, move_cost, stop, start, budget, blocked = scenario
    reach = reachable(topology, move_cost, stop, start, budget, blocked=blocked)
    expected = plain_dijkstra(topology, move_cost, stop, start, budget, blocked)
    assert {cell: reach.cost(cell) for cell in reach.cells()} == expected
    assert ((reach.costs >= 0).sum()) == len(expected)


@pytest.mark.rule("R-MOV-6")
@settings(max_examples=200, deadline=None)
@given(scenarios())
def test_offered_paths_are_accepted_by_path_cost(scenario):
    """What the screen offers and what the engine accepts never differ."""
    topology, move_cost, stop, start, budget, blocked = scenario
    reach = reachable(topology, move_cost, stop, start, budget, blocked=blocked)
    for cell in reach.cells():
        path = reach.path_to(cell)
        assert path_cost(topology, move_cost, stop, start, path, blocked) == reach.cost(cell) <= budget
        assert path == reach.path_to(cell)  # deterministic


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(TOPOLOGY_KINDS), st.integers(1, 8), st.integers(1, 8),
       st.integers(0, 3), st.integers(0, 3), st.data())
def test_bit_window_dilation_matches_topology_neighbours(kind, width, height, col0, row0, data):
    topology = make(*kind, col0 + width + 2, row0 + height + 2)
    window = bit_window(topology, col0, row0, width, height)
    cells = data.draw(st.sets(st.tuples(st.integers(col0, col0 + width - 1),
                                        st.integers(row0, row0 + height - 1))))
    bits = 0
    for cell in cells:
        bits |= window.bit(*cell)
    expected = np.zeros((height, width), dtype=bool)
    for cell in cells:
        for c, r in topology.neighbours(cell):
            if col0 <= c < col0 + width and row0 <= r < row0 + height:
                expected[r - row0, c - col0] = True
    assert (window.unpack([window.dilate(bits)])[0] == expected).all()
