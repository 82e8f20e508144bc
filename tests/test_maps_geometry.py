"""Cells, neighbours and pixel positions of square and hex maps, against Tiled's layout."""
import math
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from game.board.topology import make_topology
from game.maps import Grid, load_map

DATA = Path(__file__).resolve().parent / "data" / "maps"

# The fixtures put: seat 1 at (1,1), seat 2 at (2,2), a mine at (0,3), a monster at (3,0), an item at (2,1).
EXPECTED_TOKENS = {("start", (1, 1)), ("start", (2, 2)), ("mine", (0, 3)), ("monster", (3, 0)), ("item", (2, 1))}
NEIGHBOURS_OF_1_1 = {
    "hex_y_odd": {(0, 1), (2, 1), (1, 0), (2, 0), (1, 2), (2, 2)},
    "hex_y_even": {(0, 1), (2, 1), (0, 0), (1, 0), (0, 2), (1, 2)},
    "hex_x_odd": {(1, 0), (1, 2), (0, 1), (0, 2), (2, 1), (2, 2)},
    "hex_x_even": {(1, 0), (1, 2), (0, 0), (0, 1), (2, 0), (2, 1)},
}
VARIANTS = [("y", "odd", 64, 72), ("y", "even", 64, 72), ("x", "odd", 72, 64), ("x", "even", 72, 64)]


@pytest.mark.parametrize("name", sorted(NEIGHBOURS_OF_1_1))
def test_hex_fixture_tokens_and_neighbours(name):
    board = load_map(DATA / f"{name}.tmx")
    axis, index = name.split("_")[1:]
    assert (board.topology.stagger_axis, board.topology.stagger_index) == (axis, index)
    assert {(t.kind, t.cell) for t in board.tokens} == EXPECTED_TOKENS
    assert set(board.topology.neighbours((1, 1))) == NEIGHBOURS_OF_1_1[name]
    assert not board.passable((3, 3)) and board.terrain[3][3] == "water"
    assert board.start_slots() == {1: (1, 1), 2: (2, 2)}


def test_square_fixture_point_and_tile_objects():
    board = load_map(DATA / "square.tmx")
    assert board.kind == "square" and board.topology.diagonal
    cells = {t.name: t for t in board.tokens}
    assert cells["point start"].cell == (1, 1)
    assert cells["tile start"].cell == (2, 2)     # tile object anchored bottom-left at (128, 192)
    assert cells["mine"].cell == (0, 3)
    castle = cells["castle"]
    assert (castle.cell, castle.kind, castle.owner, castle.tier) == ((3, 0), "city", 1, "castle")
    assert len(board.topology.neighbours((1, 1))) == 8


@pytest.mark.parametrize("axis,index,tw,th", VARIANTS)
def test_hex_neighbours_are_the_six_nearest_centres(axis, index, tw, th):
    topo = make_topology("hex", 7, 7, stagger_axis=axis, stagger_index=index)
    grid = Grid(topo, tw, th, 36)
    for cell in topo.cells():
        if not (1 <= cell[0] <= 5 and 1 <= cell[1] <= 5):
            continue
        cx, cy = grid.cell_center(cell)
        others = sorted((math.dist((cx, cy), grid.cell_center(o)), o) for o in topo.cells() if o != cell)
        assert {o for _d, o in others[:6]} == set(topo.neighbours(cell))
        assert others[6][0] > others[5][0] + 1


@pytest.mark.parametrize("axis,index,tw,th", VARIANTS)
@settings(max_examples=200, deadline=None)
@given(u=st.floats(0, 1), v=st.floats(0, 1))
def test_pixel_to_cell_picks_the_nearest_centre(axis, index, tw, th, u, v):
    topo = make_topology("hex", 5, 5, stagger_axis=axis, stagger_index=index)
    grid = Grid(topo, tw, th, 36)
    w, h = grid.pixel_size()
    x, y = u * w, v * h
    got = grid.pixel_to_cell(x, y)
    best = min(math.dist((x, y), grid.cell_center(c)) for c in topo.cells())
    assert math.dist((x, y), grid.cell_center(got)) <= best + 1e-9


def test_square_pixel_to_cell_and_centres():
    grid = Grid(make_topology("square", 4, 3), 64, 64)
    assert grid.pixel_to_cell(0, 0) == (0, 0)
    assert grid.pixel_to_cell(63.9, 64) == (0, 1)
    assert grid.cell_center((2, 1)) == (160, 96)
    assert grid.pixel_size() == (256, 192)


@pytest.mark.parametrize("name", sorted(NEIGHBOURS_OF_1_1))
def test_hex_side_length_zero_is_laid_out_alike_by_loader_screen_and_tiled(name, tmp_path):
    """hexsidelength="0" is legal in Tiled (diamond-like rows); the screen must not invent a side."""
    from game.ui.board.geometry import BoardGeometry
    assets = Path(__file__).resolve().parent.parent / "assets"
    text = (DATA / f"{name}.tmx").read_text()
    assert 'hexsidelength="36"' in text
    text = text.replace('hexsidelength="36"', 'hexsidelength="0"').replace(
        'source="../../../assets/', f'source="{assets}/')
    (tmp_path / "side0.tmx").write_text(text)
    from game.maps.loader import check_map
    board = check_map(tmp_path / "side0.tmx").board     # tokens placed for side 36 may now be off the map
    assert board.hex_side_length == 0
    grid, screen = Grid.of(board), BoardGeometry(board)
    for cell in board.topology.cells():
        assert screen.cell_origin(cell) == grid.cell_origin(cell)
    assert screen.pixel_size == grid.pixel_size()
    tw, th = board.tile_width, board.tile_height
    row_or_column = grid.cell_origin((0, 1))[1] if board.topology.stagger_axis == "y" else grid.cell_origin((1, 0))[0]
    assert row_or_column == (th // 2 if board.topology.stagger_axis == "y" else tw // 2)   # Tiled: side 0
