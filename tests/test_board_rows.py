"""A loaded map keeps its costs and tile layers as rows until something reads them as numpy arrays, so
that the board's first frame is drawn before numpy is imported (issue 14: start-up CPU). Both readings
must agree, whichever comes first."""
import numpy as np

from game.board import Board
from game.maps import load_map, shipped_maps

HIGHLANDS = next(p for p in shipped_maps() if p.stem == "highlands")


def test_rows_and_arrays_of_a_loaded_map_agree():
    rows_first = load_map(HIGHLANDS)
    cost_rows, layer_rows = rows_first.cost_rows(), rows_first.layer_rows()
    arrays_first = load_map(HIGHLANDS)
    assert arrays_first.move_cost.dtype == np.int16 and arrays_first.move_cost.shape == (48, 64)
    assert [layer.dtype for layer in arrays_first.layers] == [np.int32] * len(layer_rows)
    assert arrays_first.move_cost.tolist() == cost_rows == arrays_first.cost_rows()
    assert [layer.tolist() for layer in arrays_first.layers] == layer_rows == arrays_first.layer_rows()
    assert 0 in {cost for row in cost_rows for cost in row}          # the map has impassable cells
    for cell in [(0, 0), (63, 47), (20, 30)] + [t.cell for t in rows_first.tokens]:
        c, r = cell
        assert rows_first.cost(cell) == arrays_first.cost(cell) == int(arrays_first.move_cost[r, c])
        assert rows_first.passable(cell) == arrays_first.passable(cell) == (cost_rows[r][c] > 0)


def test_a_board_edited_as_an_array_reads_the_edit_as_rows():
    board = Board.blank(4, 3)
    assert board.cost_rows() == [[1] * 4] * 3
    board.move_cost[1, 2] = 0
    assert board.cost((2, 1)) == 0 and not board.passable((2, 1))
    assert board.cost_rows()[1] == [1, 1, 0, 1]
    assert board.open_cells() == [c for c in board.topology.cells() if c != (2, 1)]

