"""Pixel geometry of a board, exactly as the Tiled editor lays cells out (zoom 1, map origin 0,0).

Hex maps follow Tiled's HexagonalRenderer: tile sizes are rounded down to even,
``side_offset`` is the slanted part of a hexagon, a shifted row (stagger axis y)
moves right by ``column_width`` and a shifted column (axis x) moves down by
``row_height``. A cell's outline is Tiled's octagon, which is a hexagon when
one side offset spans half the tile.
"""
from __future__ import annotations

import math

from game.board import Board
from game.board.topology import Cell, HexTopology


class BoardGeometry:
    def __init__(self, board: Board) -> None:
        self.topology = board.topology
        self.width, self.height = board.width, board.height
        self.hex = isinstance(board.topology, HexTopology)
        self.tile_w = max(2, int(board.tile_width))
        self.tile_h = max(2, int(board.tile_height))
        if not self.hex:
            self.col_step, self.row_step = self.tile_w, self.tile_h
            self.side_offset_x = self.side_offset_y = 0
            self.pixel_size = (self.width * self.tile_w, self.height * self.tile_h)
            return
        topo = board.topology
        self.stagger_x = topo.stagger_axis == "x"
        self.tile_w &= ~1
        self.tile_h &= ~1
        side = int(board.hex_side_length)
        if side <= 0 and board.source is None:   # a board not from a map (Board.blank): a pleasant default;
            # a map's hexsidelength="0" is laid out as Tiled does (and game.maps.geometry)
            side = (self.tile_w if self.stagger_x else self.tile_h) // 2
        side_x = side if self.stagger_x else 0
        side_y = 0 if self.stagger_x else side
        self.side_offset_x = (self.tile_w - side_x) // 2
        self.side_offset_y = (self.tile_h - side_y) // 2
        self.column_width = self.side_offset_x + side_x
        self.row_height = self.side_offset_y + side_y
        if self.stagger_x:
            self.col_step, self.row_step = self.column_width, self.tile_h
            w = self.column_width * self.width + self.side_offset_x
            h = self.tile_h * self.height + (self.row_height if self.width > 1 else 0)
        else:
            self.col_step, self.row_step = self.tile_w, self.row_height
            w = self.tile_w * self.width + (self.column_width if self.height > 1 else 0)
            h = self.row_height * self.height + self.side_offset_y
        self.pixel_size = (w, h)

    # cell -> pixels ------------------------------------------------------------
    def cell_origin(self, cell: Cell) -> tuple[int, int]:
        """Top-left corner of the cell's bounding box."""
        c, r = cell
        if not self.hex:
            return c * self.tile_w, r * self.tile_h
        shifted = self.topology.is_shifted(cell)
        if self.stagger_x:
            return c * self.column_width, r * self.tile_h + (self.row_height if shifted else 0)
        return c * self.tile_w + (self.column_width if shifted else 0), r * self.row_height

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        x, y = self.cell_origin(cell)
        return x + self.tile_w / 2, y + self.tile_h / 2

    def cell_polygon(self, cell: Cell) -> list[tuple[int, int]]:
        x, y = self.cell_origin(cell)
        return [(x + px, y + py) for px, py in self.local_polygon()]

    def local_polygon(self, scale: float = 1.0) -> list[tuple[float, float]]:
        w, h = self.tile_w * scale, self.tile_h * scale
        if not self.hex:
            return [(0, 0), (w, 0), (w, h), (0, h)]
        a, b = self.side_offset_x * scale, self.side_offset_y * scale
        points = [(0, h - b), (0, b), (a, 0), (w - a, 0), (w, b), (w, h - b), (w - a, h), (a, h)]
        unique: list[tuple[float, float]] = []
        for p in points:
            if not unique or unique[-1] != p:
                unique.append(p)
        if len(unique) > 1 and unique[0] == unique[-1]:
            unique.pop()
        return unique

    # pixels -> cell ------------------------------------------------------------
    def contains(self, cell: Cell, x: float, y: float) -> bool:
        ox, oy = self.cell_origin(cell)
        lx, ly = x - ox, y - oy
        w, h = self.tile_w, self.tile_h
        if not (0 <= lx < w and 0 <= ly < h):
            return False
        if not self.hex:
            return True
        a, b = self.side_offset_x, self.side_offset_y
        dx, dy = min(lx, w - lx), min(ly, h - ly)
        if a > 0 and b > 0 and dx < a and dy < b:
            return dx * b + dy * a >= a * b
        return True

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell whose outline holds the pixel, or None off the board."""
        if not self.hex:
            c, r = math.floor(x / self.tile_w), math.floor(y / self.tile_h)
            return (c, r) if self.topology.in_bounds((c, r)) else None
        c0, r0 = math.floor(x / self.col_step), math.floor(y / self.row_step)
        for dr in (0, -1, 1):
            for dc in (0, -1, 1):
                cell = (c0 + dc, r0 + dr)
                if self.topology.in_bounds(cell) and self.contains(cell, x, y):
                    return cell
        return None

    def cell_range(self, x0: float, y0: float, x1: float, y1: float, margin: int = 1):
        """(cols, rows) ranges of cells whose boxes may meet the pixel rectangle."""
        c0 = max(0, math.floor(x0 / self.col_step) - margin)
        c1 = min(self.width - 1, math.floor(x1 / self.col_step) + margin)
        r0 = max(0, math.floor(y0 / self.row_step) - margin)
        r1 = min(self.height - 1, math.floor(y1 / self.row_step) + margin)
        return range(c0, c1 + 1), range(r0, r1 + 1)
