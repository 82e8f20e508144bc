"""Cell adjacency: square 4/8 and Tiled's four hex stagger variants (R-MOV-8)."""
import math

import pytest

from game.board.topology import HexTopology, SquareTopology, make_topology

VARIANTS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]


@pytest.mark.rule("R-MOV-8")
def test_square_has_4_neighbours_by_default_and_8_with_diagonals():
    assert set(SquareTopology(5, 5).neighbours((2, 2))) == {(3, 2), (1, 2), (2, 3), (2, 1)}
    assert set(SquareTopology(5, 5, diagonal=True).neighbours((2, 2))) == {
        (c, r) for c in (1, 2, 3) for r in (1, 2, 3)} - {(2, 2)}


def test_neighbours_are_clipped_at_the_map_edge():
    assert set(SquareTopology(3, 3).neighbours((0, 0))) == {(1, 0), (0, 1)}
    assert set(HexTopology(3, 3, "y", "odd").neighbours((0, 0))) == {(1, 0), (0, 1)}


# Pinned by hand from Tiled's rendering: stagger axis y pushes the shifted
# rows right by half a cell, axis x pushes the shifted columns down by half;
# the stagger index says whether odd or even rows/columns are the shifted ones.
PINNED = {
    ("y", "odd"): {
        (2, 2): {(3, 2), (1, 2), (1, 1), (2, 1), (1, 3), (2, 3)},   # even row: not shifted
        (2, 1): {(3, 1), (1, 1), (2, 0), (3, 0), (2, 2), (3, 2)},   # odd row: shifted right
    },
    ("y", "even"): {
        (2, 2): {(3, 2), (1, 2), (2, 1), (3, 1), (2, 3), (3, 3)},
        (2, 1): {(3, 1), (1, 1), (1, 0), (2, 0), (1, 2), (2, 2)},
    },
    ("x", "odd"): {
        (2, 2): {(2, 1), (2, 3), (1, 1), (1, 2), (3, 1), (3, 2)},   # even column: not shifted
        (1, 2): {(1, 1), (1, 3), (0, 2), (0, 3), (2, 2), (2, 3)},   # odd column: shifted down
    },
    ("x", "even"): {
        (2, 2): {(2, 1), (2, 3), (1, 2), (1, 3), (3, 2), (3, 3)},
        (1, 2): {(1, 1), (1, 3), (0, 1), (0, 2), (2, 1), (2, 2)},
    },
}


@pytest.mark.rule("R-MOV-8")
@pytest.mark.parametrize("axis,index", VARIANTS)
def test_hex_neighbours_are_pinned_for_each_stagger_variant(axis, index):
    topo = HexTopology(6, 6, stagger_axis=axis, stagger_index=index)
    for cell, expected in PINNED[(axis, index)].items():
        assert set(topo.neighbours(cell)) == expected, cell


def _tiled_centre(topo: HexTopology, cell):
    """Centre of a regular hex of side 1 laid out the way Tiled draws it."""
    c, r = cell
    wide, step = math.sqrt(3), 1.5      # across the flats; distance between staggered lines
    half = wide / 2 if topo.is_shifted(cell) else 0.0
    if topo.stagger_axis == "y":
        return c * wide + half, r * step
    return c * step, r * wide + half


@pytest.mark.rule("R-MOV-8")
@pytest.mark.parametrize("axis,index", VARIANTS)
def test_hex_neighbours_are_the_cells_touching_in_tiled_geometry(axis, index):
    topo = HexTopology(7, 6, stagger_axis=axis, stagger_index=index)
    for cell in topo.cells():
        x, y = _tiled_centre(topo, cell)
        touching = {other for other in topo.cells() if other != cell
                    and math.isclose(math.dist((x, y), _tiled_centre(topo, other)), math.sqrt(3))}
        assert set(topo.neighbours(cell)) == touching, cell
        assert len(topo.offsets(cell)) == 6


@pytest.mark.parametrize("topo", [SquareTopology(6, 5), SquareTopology(6, 5, diagonal=True)]
                         + [HexTopology(6, 5, a, i) for a, i in VARIANTS], ids=repr)
def test_adjacency_is_symmetric(topo):
    for cell in topo.cells():
        for other in topo.neighbours(cell):
            assert cell in topo.neighbours(other)


def test_make_topology_rejects_unknown_kinds():
    with pytest.raises(ValueError):
        make_topology("triangle", 3, 3)
    with pytest.raises(ValueError):
        HexTopology(3, 3, stagger_axis="z")
