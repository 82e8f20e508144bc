"""Pixel geometry of Tiled maps: where a cell is drawn and which cell a pixel is in.

Follows Tiled's orthogonal and hexagonal renderers, so a position in an
object layer (Tiled's map pixel coordinates) lands on the cell Tiled shows.
Works for any object with ``topology``, ``tile_width``, ``tile_height`` and
``hex_side_length`` (a Board).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from game.board.topology import Cell, HexTopology, Topology


@dataclass(frozen=True)
class Grid:
    """The pixel layout of a map's cells."""

    topology: Topology
    tile_width: int
    tile_height: int
    hex_side_length: int = 0

    @classmethod
    def of(cls, board) -> "Grid":
        return cls(board.topology, board.tile_width, board.tile_height, board.hex_side_length)

    @property
    def _hex(self) -> HexTopology | None:
        return self.topology if isinstance(self.topology, HexTopology) else None

    def _hex_params(self) -> tuple[int, int, int, int]:
        """Tiled's RenderParams: (even tile width, even tile height, column width, row height)."""
        topo = self._hex
        tw, th = self.tile_width & ~1, self.tile_height & ~1
        side_x = self.hex_side_length if topo.stagger_axis == "x" else 0
        side_y = self.hex_side_length if topo.stagger_axis == "y" else 0
        column_width = (tw - side_x) // 2 + side_x
        row_height = (th - side_y) // 2 + side_y
        return tw, th, column_width, row_height

    def cell_origin(self, cell: Cell) -> tuple[int, int]:
        """Top-left pixel of the cell's bounding box (where its tile image goes)."""
        c, r = cell
        topo = self._hex
        if topo is None:
            return c * self.tile_width, r * self.tile_height
        return _hex_origin(topo, cell, *self._hex_params())

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        x, y = self.cell_origin(cell)
        if self._hex is None:
            return x + self.tile_width / 2, y + self.tile_height / 2
        return x + (self.tile_width & ~1) / 2, y + (self.tile_height & ~1) / 2

    def pixel_size(self) -> tuple[int, int]:
        """Size in pixels of the whole map image, as Tiled computes it."""
        w, h = self.topology.width, self.topology.height
        topo = self._hex
        if topo is None:
            return w * self.tile_width, h * self.tile_height
        tw, th, column_width, row_height = self._hex_params()
        if topo.stagger_axis == "x":
            return (w * column_width + (tw - column_width),
                    h * th + (row_height if w > 1 else 0))
        return (w * tw + (column_width if h > 1 else 0),
                h * row_height + (th - row_height))

    def pixel_to_cell(self, x: float, y: float) -> Cell:
        """The cell whose area holds the pixel; may be outside the map (check in_bounds).

        Hex maps: the cell with the nearest centre, which is how Tiled picks a hex.
        """
        topo = self._hex
        if topo is None:
            return math.floor(x / self.tile_width), math.floor(y / self.tile_height)
        tw, th, column_width, row_height = self._hex_params()
        if topo.stagger_axis == "x":
            guess = (math.floor(x / column_width), math.floor(y / th))
        else:
            guess = (math.floor(x / tw), math.floor(y / row_height))
        best, best_d = guess, math.inf
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                cand = (guess[0] + dc, guess[1] + dr)
                ox, oy = _hex_origin(topo, cand, tw, th, column_width, row_height)
                d = (ox + tw / 2 - x) ** 2 + (oy + th / 2 - y) ** 2      # from the cell's centre (cell_center)
                if d < best_d:
                    best, best_d = cand, d
        return best


def _hex_origin(topo: HexTopology, cell: Cell, tw: int, th: int, column_width: int, row_height: int) -> tuple[int, int]:
    c, r = cell
    if topo.stagger_axis == "x":
        return c * column_width, r * th + (row_height if topo.is_shifted(cell) else 0)
    return c * tw + (column_width if topo.is_shifted(cell) else 0), r * row_height


def cell_center(board, cell: Cell) -> tuple[float, float]:
    return Grid.of(board).cell_center(cell)


def pixel_to_cell(board, x: float, y: float) -> Cell:
    return Grid.of(board).pixel_to_cell(x, y)
