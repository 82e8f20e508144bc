"""Sample boards with varied procedural terrain, for the title screen when no maps load and for tests."""
from __future__ import annotations

import numpy as np

from game.board import Board, MapToken

_TERRAIN_COST = {"grass": 1, "forest": 2, "hills": 2, "sand": 1, "mountain": 0, "water": 0, "swamp": 3}


def demo_board(width: int = 32, height: int = 24, kind: str = "square", *, stagger_axis: str = "y",
               stagger_index: str = "odd", seed: int = 1, title: str = "Sample Realm") -> Board:
    board = Board.blank(width, height, kind, stagger_axis=stagger_axis, stagger_index=stagger_index, title=title)
    if kind == "hex":
        board.tile_width, board.tile_height, board.hex_side_length = (64, 74, 37) if stagger_axis == "y" else (74, 64, 37)
    rng = np.random.default_rng(seed)
    height_map = _noise(width, height, rng)
    wet = _noise(width, height, rng)
    terrain = []
    for r in range(height):
        row = []
        for c in range(width):
            h, m = height_map[r, c], wet[r, c]
            if h < 0.26:
                name = "water"
            elif h < 0.31:
                name = "sand"
            elif h > 0.8:
                name = "mountain"
            elif h > 0.68:
                name = "hills"
            elif m > 0.6:
                name = "forest"
            elif m < 0.22:
                name = "swamp"
            else:
                name = "grass"
            row.append(name)
        terrain.append(row)
    board.terrain = terrain
    board.move_cost = np.array([[_TERRAIN_COST[t] for t in row] for row in terrain], dtype=np.int16)
    board.tokens = _scatter_tokens(board, rng)
    return board


def _noise(width: int, height: int, rng) -> np.ndarray:
    total = np.zeros((height, width))
    for cells, weight in ((3, 0.6), (7, 0.3), (15, 0.1)):
        grid = rng.random((cells + 1, cells + 1))
        ys = np.linspace(0, cells, height)
        xs = np.linspace(0, cells, width)
        y0, x0 = np.floor(ys).astype(int).clip(0, cells - 1), np.floor(xs).astype(int).clip(0, cells - 1)
        fy, fx = (ys - y0)[:, None], (xs - x0)[None, :]
        fy, fx = fy * fy * (3 - 2 * fy), fx * fx * (3 - 2 * fx)
        a = grid[y0][:, x0]
        b = grid[y0][:, x0 + 1]
        c = grid[y0 + 1][:, x0]
        d = grid[y0 + 1][:, x0 + 1]
        total += weight * ((a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy)
    lo, hi = total.min(), total.max()
    return (total - lo) / (hi - lo or 1)


def _scatter_tokens(board: Board, rng) -> list[MapToken]:
    open_cells = board.open_cells()
    rng.shuffle(open_cells)
    tokens: list[MapToken] = []
    tiers = ("encampment", "villa", "estate", "castle")
    corners = sorted(open_cells, key=lambda c: c[0] + c[1])[:1] + sorted(open_cells, key=lambda c: -c[0] - c[1])[:1] \
        + sorted(open_cells, key=lambda c: c[0] - c[1])[:1] + sorted(open_cells, key=lambda c: c[1] - c[0])[:1]
    for seat, cell in enumerate(corners, start=1):
        tokens.append(MapToken("start", cell, seat=seat))
        tokens.append(MapToken("city", cell, owner=seat, tier=tiers[seat - 1]))
    used = set(corners)
    pool = [c for c in open_cells if c not in used]
    kinds = ["city"] * 2 + ["mine"] * 6 + ["monster"] * 8 + ["item"] * 8 + ["resource"] * 10
    for kind, cell in zip(kinds, pool):
        tokens.append(MapToken(kind, cell, tier="encampment" if kind == "city" else None))
    return tokens
