"""Time the 🐎 reachable-set query against tcod's C Dijkstra, and loading a 256x256 map.

    python tools/bench_pathfinding.py [--json] [--repeat N]

Generated square and hex maps of 64x64, 256x256 and 1024x1024 cells (seeded:
10% of cells cost 2, 5% impassable, a sprinkling of tokens), hero in the
middle, budget 20. tcod (optional: ``pip install -e ".[bench]"``) runs on the
same cells without tokens, cropped to the (2*budget+1)^2 window the budget can
reach, since it has no cutoff; hex maps are skewed to axial layout for it.

Rows with "query": "whole-map" time the computer players' query instead: the
cost to every cell of a 64x64 and a 256x256 map (game.ai.distances), tcod on
the whole map. The "load-map" rows time load_map on a generated 256x256 map
file of each shape, with "ratio" to the 150 ms goal (issue 14).

--json: {"results": [{"topology", "size", "ours_us", "tcod_us", "ratio"},          budget-20 rows
                     {"query": "whole-map", "topology", "size", "ours_us", "tcod_us", "ratio"},
                     {"query": "load-map", "topology", "size", "ms", "goal_ms", "ratio"}]}
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import timeit
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import bounded_int, run_tool  # noqa: E402

# numpy, the board, the pathfinder and tcod load after the arguments are read: --help and a bad argument
# answer without them.
if TYPE_CHECKING:
    import numpy as np
    from game.board.model import Board

BUDGET = 20
SIZES = (64, 256, 1024)
WHOLE_MAP_SIZES = (64, 256)
LOAD_MAP_SIZE = 256
LOAD_MAP_GOAL_MS = 150.0
TOPOLOGIES = ("square", "hex")
PLAYER = 1
# Per cell, the chance of each token kind (owner 0 = neutral, so stops).
TOKEN_ODDS = {"monster": 0.01, "mine": 0.004, "city": 0.002, "item": 0.01, "resource": 0.01}
# tcod edge map for axial hex coordinates: the 6 neighbours, as (row, q) offsets.
AXIAL_HEX_EDGES = ((0, 1, 1), (1, 0, 1), (1, 1, 0))


def optional_tcod():
    """tcod's module, or None when it is not installed (``pip install -e ".[bench]"``)."""
    try:
        import tcod
    except ImportError:
        return None
    return tcod


def generated_board(kind: str, size: int, seed: int = 20) -> Board:
    import numpy as np
    from game.board.model import Board, MapToken
    rng = np.random.default_rng(seed)
    board = Board.blank(size, size, kind)
    roll = rng.random((size, size))
    board.move_cost[roll < 0.15] = 2
    board.move_cost[roll < 0.05] = 0
    hero = (size // 2, size // 2)
    board.move_cost[hero[1], hero[0]] = 1
    kinds = rng.choice(list(TOKEN_ODDS) + ["none"], size=(size, size),
                       p=list(TOKEN_ODDS.values()) + [1 - sum(TOKEN_ODDS.values())])
    rows, cols = np.nonzero(kinds != "none")     # as plain lists: numpy's scalars are slow one by one
    board.tokens = [MapToken(kind, (c, r))
                    for r, c, kind in zip(rows.tolist(), cols.tolist(), kinds[rows, cols].tolist()) if (c, r) != hero]
    return board


def our_query(board: Board):
    from game.board.pathfinding import reachable, token_masks
    stop, pickups = token_masks(board, board.tokens, PLAYER)
    hero = (board.width // 2, board.height // 2)
    return lambda: reachable(board.topology, board.move_cost, stop, hero, BUDGET, pickups)


def tcod_window(board: Board, budget: int = BUDGET) -> tuple[np.ndarray, tuple[int, int], dict]:
    """The window's costs as tcod sees them, the hero's index in it, and tcod's edge arguments."""
    import numpy as np
    c, r = board.width // 2, board.height // 2
    c0, r0 = max(0, c - budget), max(0, r - budget)
    cost = board.move_cost[r0:r + budget + 1, c0:c + budget + 1].astype(np.int32)
    if board.kind == "square":
        return cost, (r - r0, c - c0), {"cardinal": 1, "diagonal": 0}
    topo = board.topology
    line, along = r - r0, c - c0       # the hero's line (row, axis y) and place along it
    if topo.stagger_axis == "x":   # stagger along columns: skew the transposed window
        cost = cost.T
        line, along = along, line
    lines, length = cost.shape
    shifted = [topo.is_shifted((c0 + i, r0 + i)) for i in range(lines)]
    # Offset -> axial: each line moves one cell left after every shifted line.
    skew = np.concatenate([[0], np.cumsum(shifted[:-1])])
    axial = np.zeros((lines, length + lines), dtype=np.int32)
    for i in range(lines):
        start = lines - skew[i]
        axial[i, start:start + length] = cost[i]
    return axial, (line, along + lines - skew[line]), {"edge_map": np.array(AXIAL_HEX_EDGES, dtype=np.int32)}


def tcod_query(board: Board, budget: int = BUDGET):
    import numpy as np
    import tcod
    cost, hero, edges = tcod_window(board, budget)

    def query():
        distance = tcod.path.maxarray(cost.shape, dtype=np.int32)
        distance[hero] = 0
        return tcod.path.dijkstra2d(distance, cost, out=distance, **edges)

    check_same_costs(board, query(), budget)
    return query


def whole_map_query(board: Board):
    from game.ai.distances import whole_map_budget
    from game.board.pathfinding import reachable
    hero = (board.width // 2, board.height // 2)
    budget = whole_map_budget(board)
    return lambda: reachable(board.topology, board.move_cost, None, hero, budget).costs


def best_times_us(queries: list, repeat: int, rounds: int = 7) -> list[float]:
    """Each query's best time per call; rounds alternate so both see the same machine load."""
    best = [float("inf")] * len(queries)
    for _ in range(rounds):
        for i, query in enumerate(queries):
            best[i] = min(best[i], timeit.timeit(query, number=repeat) / repeat * 1e6)
    return best


def check_same_costs(board: Board, tcod_distance: np.ndarray, budget: int = BUDGET) -> None:
    """Both sides must compute the same thing, or the comparison means nothing."""
    from game.board.pathfinding import reachable
    hero = (board.width // 2, board.height // 2)
    costs = reachable(board.topology, board.move_cost, None, hero, budget).costs
    ours_sorted = sorted(costs[costs >= 0].tolist())
    theirs_sorted = sorted(tcod_distance[tcod_distance <= budget].tolist())
    if ours_sorted != theirs_sorted:
        raise AssertionError(f"tcod and ours disagree on the {board.kind} {board.width} map")


def load_map_ms(kind: str, size: int, rounds: int = 5) -> float:
    """Best of a few load_map calls on a generated map file of that shape (a random map)."""
    from game.maps import load_map
    from game.maps.random_map import write_random_map
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"bench_{kind}.tmx"
        write_random_map(path, size, size, players=4, shape=kind, seed=20)
        return min(timeit.timeit(lambda: load_map(path), number=1) for _ in range(rounds)) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--repeat", type=bounded_int(1, 100_000), default=200,
                        help="queries per timing round, 1 to 100000")
    args = parser.parse_args(argv)
    from game.ai.distances import whole_map_budget
    tcod = optional_tcod()

    results = []
    for kind in TOPOLOGIES:
        for size in SIZES:
            board = generated_board(kind, size)
            queries = [our_query(board)] + ([tcod_query(board)] if tcod else [])
            ours, theirs = (best_times_us(queries, args.repeat) + [None])[:2]
            results.append({"topology": kind, "size": size, "ours_us": round(ours, 1),
                            "tcod_us": None if theirs is None else round(theirs, 1),
                            "ratio": None if theirs is None else round(ours / theirs, 2)})
            if not args.json:
                line = f"{kind:6} {size:5}x{size:<5} ours {ours:8.1f} µs"
                if theirs is not None:
                    line += f"   tcod {theirs:8.1f} µs   ours/tcod {ours / theirs:5.2f}"
                print(line, flush=True)
    for kind in TOPOLOGIES:
        for size in WHOLE_MAP_SIZES:
            board = generated_board(kind, size)
            budget = whole_map_budget(board)
            queries = [whole_map_query(board)] + ([tcod_query(board, budget)] if tcod else [])
            ours, theirs = (best_times_us(queries, max(1, args.repeat // 20), rounds=3) + [None])[:2]
            results.append({"query": "whole-map", "topology": kind, "size": size, "ours_us": round(ours, 1),
                            "tcod_us": None if theirs is None else round(theirs, 1),
                            "ratio": None if theirs is None else round(ours / theirs, 2)})
            if not args.json:
                line = f"{kind:6} {size:5}x{size:<5} whole map: ours {ours:9.1f} µs"
                if theirs is not None:
                    line += f"   tcod {theirs:9.1f} µs   ours/tcod {ours / theirs:5.2f}"
                print(line, flush=True)
    for kind in TOPOLOGIES:
        ms = load_map_ms(kind, LOAD_MAP_SIZE)
        results.append({"query": "load-map", "topology": kind, "size": LOAD_MAP_SIZE, "ms": round(ms, 1),
                        "goal_ms": LOAD_MAP_GOAL_MS, "ratio": round(ms / LOAD_MAP_GOAL_MS, 2)})
        if not args.json:
            print(f"{kind:6} {LOAD_MAP_SIZE:5}x{LOAD_MAP_SIZE:<5} load_map {ms:7.1f} ms   "
                  f"(goal {LOAD_MAP_GOAL_MS:.0f} ms, ratio {ms / LOAD_MAP_GOAL_MS:4.2f})", flush=True)
    if args.json:
        print(json.dumps({"results": results}))
    elif tcod is None:
        print("(tcod is not installed: pip install -e \".[bench]\" to compare)")
    return 0


if __name__ == "__main__":
    sys.exit(run_tool(main))
