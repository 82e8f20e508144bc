"""The benchmark compares like with like: tcod's costs on the cropped, skewed window equal ours.

Correctness only: timings are never asserted in tests."""
import importlib.util
from pathlib import Path

import pytest

from game.board.topology import HexTopology

tcod = pytest.importorskip("tcod")

_spec = importlib.util.spec_from_file_location(
    "bench_pathfinding", Path(__file__).resolve().parent.parent / "tools" / "bench_pathfinding.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


@pytest.mark.parametrize("layout", [None, ("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")])
@pytest.mark.parametrize("size", [64, 65])
def test_tcod_window_gives_the_same_costs_as_ours(layout, size):
    board = bench.generated_board("square" if layout is None else "hex", size)
    if layout is not None:
        board.topology = HexTopology(size, size, stagger_axis=layout[0], stagger_index=layout[1])
    bench.tcod_query(board)   # raises AssertionError if the costs differ
