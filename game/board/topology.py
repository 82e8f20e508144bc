"""Cell adjacency for square and hex maps, matching the Tiled editor's geometry.

Cells are ``(col, row)`` tuples in Tiled's 0-based cell coordinates.
Hex maps use Tiled's offset layout: ``stagger_axis`` "x" staggers columns
(flat-topped hexes, shifted columns pushed down half a cell), "y" staggers
rows (pointy-topped hexes, shifted rows pushed right half a cell);
``stagger_index`` says whether the odd or the even columns/rows are shifted.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

Cell = tuple[int, int]

_SQUARE_4 = ((1, 0), (0, 1), (-1, 0), (0, -1))
_SQUARE_8 = _SQUARE_4 + ((1, 1), (-1, 1), (-1, -1), (1, -1))

# Offsets for the cells of a row/column that is NOT shifted and one that IS.
# stagger axis y: (dcol, drow); a shifted row sits half a cell to the right.
_ROW_UNSHIFTED = ((1, 0), (-1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
_ROW_SHIFTED = ((1, 0), (-1, 0), (0, -1), (1, -1), (0, 1), (1, 1))
# stagger axis x: a shifted column sits half a cell lower.
_COL_UNSHIFTED = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
_COL_SHIFTED = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))


@dataclass(frozen=True)
class Topology:
    """The shape of a board: its size and which cells touch."""

    width: int
    height: int

    kind = "abstract"

    def in_bounds(self, cell: Cell) -> bool:
        c, r = cell
        return 0 <= c < self.width and 0 <= r < self.height

    def offsets(self, cell: Cell) -> tuple[Cell, ...]:
        raise NotImplementedError

    def neighbours(self, cell: Cell) -> list[Cell]:
        c, r = cell
        w, h = self.width, self.height
        return [(c + dc, r + dr) for dc, dr in self.offsets(cell)
                if 0 <= c + dc < w and 0 <= r + dr < h]

    def cells(self) -> Iterator[Cell]:
        for r in range(self.height):
            for c in range(self.width):
                yield (c, r)

    @property
    def max_degree(self) -> int:
        return len(self.offsets((0, 0)))


@dataclass(frozen=True)
class SquareTopology(Topology):
    """Square cells touching on 4 sides, or 8 with ``diagonal``."""
    diagonal: bool = False

    kind = "square"

    def offsets(self, cell: Cell) -> tuple[Cell, ...]:
        return _SQUARE_8 if self.diagonal else _SQUARE_4


@dataclass(frozen=True)
class HexTopology(Topology):
    """Hex cells in Tiled's staggered layout: every other row (axis y) or column (axis x) is shifted."""
    stagger_axis: str = "y"   # "x" or "y"
    stagger_index: str = "odd"  # "odd" or "even"

    kind = "hex"

    def __post_init__(self) -> None:
        if self.stagger_axis not in ("x", "y"):
            raise ValueError(f"stagger_axis must be 'x' or 'y', not {self.stagger_axis!r}")
        if self.stagger_index not in ("odd", "even"):
            raise ValueError(f"stagger_index must be 'odd' or 'even', not {self.stagger_index!r}")

    def is_shifted(self, cell: Cell) -> bool:
        """Whether this cell's row (axis y) or column (axis x) is the shifted one."""
        index = cell[1] if self.stagger_axis == "y" else cell[0]
        return (index % 2 == 1) == (self.stagger_index == "odd")

    def offsets(self, cell: Cell) -> tuple[Cell, ...]:
        shifted = self.is_shifted(cell)
        if self.stagger_axis == "y":
            return _ROW_SHIFTED if shifted else _ROW_UNSHIFTED
        return _COL_SHIFTED if shifted else _COL_UNSHIFTED


def make_topology(kind: str, width: int, height: int, *, diagonal: bool = False,
                  stagger_axis: str = "y", stagger_index: str = "odd") -> Topology:
    if kind == "square":
        return SquareTopology(width, height, diagonal=diagonal)
    if kind == "hex":
        return HexTopology(width, height, stagger_axis=stagger_axis, stagger_index=stagger_index)
    raise ValueError(f"unknown topology kind {kind!r} (expected 'square' or 'hex')")
