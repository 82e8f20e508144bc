"""A rectangle of the board packed into Python ints, one bit per cell.

The reachable-set query runs on every mouse move, so its inner loop works on
whole sets of cells at once: a set is an int, union is ``|``, and "every cell
next to this set" (``dilate``) is a handful of shifts. Python's big ints do
this in C, which is what makes the query as fast as a C Dijkstra.

Layout: local cell ``(c, r)`` of the window is bit ``r * stride + c``, with
``stride = width + 1``. The spare bit at the end of each row is a guard: a
shift that steps off a row's edge lands on a guard bit, and ``dilate`` masks
guard bits away, so sets never wrap from one row into the next.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from game.board.topology import HexTopology, SquareTopology, Topology

if TYPE_CHECKING:
    import numpy as np


@dataclass(frozen=True)
class BitWindow:
    """A rectangle of the board whose cell sets are ints, one bit a cell (see the module's layout)."""
    col0: int
    row0: int
    width: int
    height: int
    stride: int
    valid: int          # every cell of the window (no guard bits)
    shifted: int        # hex: cells of the shifted rows (axis y) or columns (axis x)
    unshifted: int
    shape_kind: str     # "square4", "square8", "hex_y" or "hex_x"

    @property
    def nbytes(self) -> int:
        return (self.height * self.stride + 7) // 8

    def pack(self, masks: np.ndarray) -> list[int]:
        """Bool arrays ``(k, height, width)`` -> k ints."""
        import numpy as np
        k = masks.shape[0]
        padded = np.zeros((k, self.height, self.stride), dtype=bool)
        padded[:, :, :self.width] = masks
        packed = np.packbits(padded.reshape(k, -1), axis=1, bitorder="little")
        return [int.from_bytes(row.tobytes(), "little") for row in packed]

    def unpack(self, sets: list[int]) -> np.ndarray:
        """k ints -> uint8 array ``(k, height, width)`` of 0s and 1s."""
        import numpy as np
        raw = b"".join(s.to_bytes(self.nbytes, "little") for s in sets)
        bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")
        bits = bits.reshape(len(sets), self.nbytes * 8)[:, :self.height * self.stride]
        return bits.reshape(len(sets), self.height, self.stride)[:, :, :self.width]

    def pack_rows(self, rows: list[list[bool]]) -> int:
        """Rows (``height`` of ``width`` bools, or 0s and 1s) -> the set of the true cells (no numpy)."""
        cells = 0
        for r, row in enumerate(rows):
            if row:
                cells |= int(bytes(reversed(row)).translate(_DIGITS), 2) << (r * self.stride)
        return cells

    def spread(self, enterable: int, start: int) -> int:
        """``start`` and every cell of ``enterable`` joined to it by steps between cells of ``enterable``."""
        reached = frontier = start
        while frontier:
            frontier = self.dilate(frontier) & enterable & ~reached
            reached |= frontier
        return reached

    def bit(self, col: int, row: int) -> int:
        """The one-cell set of board cell (col, row), which must lie in the window."""
        return 1 << ((row - self.row0) * self.stride + (col - self.col0))

    def dilate(self, cells: int) -> int:
        """Every cell of the window adjacent to some cell of ``cells``."""
        s = self.stride
        kind = self.shape_kind
        if kind == "square4":
            return ((cells << 1) | (cells >> 1) | (cells << s) | (cells >> s)) & self.valid
        if kind == "square8":
            sideways = (cells << 1) | (cells >> 1)
            row = cells | sideways
            return (sideways | (row << s) | (row >> s)) & self.valid
        if kind == "hex_y":
            # A cell of a shifted row touches columns c and c+1 of the rows
            # above and below; a cell of an unshifted row touches c-1 and c.
            vertical = (cells << s) | (cells >> s)
            return ((cells << 1) | (cells >> 1) | vertical
                    | ((vertical << 1) & self.unshifted)
                    | ((vertical >> 1) & self.shifted)) & self.valid
        # hex_x: the same with rows and columns swapped.
        sideways = (cells << 1) | (cells >> 1)
        return ((cells << s) | (cells >> s) | sideways
                | ((sideways << s) & self.unshifted)
                | ((sideways >> s) & self.shifted)) & self.valid


_DIGITS = bytes.maketrans(b"\x00\x01", b"01")      # a row's bytes 0 and 1 as the digits of a binary number


def bit_window(topology: Topology, col0: int, row0: int, width: int, height: int) -> BitWindow:
    """The window of ``topology`` whose top-left cell is (col0, row0)."""
    if isinstance(topology, SquareTopology):
        kind, parity = ("square8" if topology.diagonal else "square4"), 0
    elif isinstance(topology, HexTopology):
        kind = "hex_" + topology.stagger_axis
        # Whether the window's first row (axis y) or column (axis x) is shifted.
        parity = int(topology.is_shifted((col0, row0)))
    else:
        raise TypeError(f"no bit layout for topology {topology!r}")
    valid, shifted = _masks(kind, parity, width, height)
    return BitWindow(col0, row0, width, height, width + 1, valid, shifted,
                     valid & ~shifted, kind)


@lru_cache(maxsize=64)
def _masks(kind: str, first_shifted: int, width: int, height: int) -> tuple[int, int]:
    stride = width + 1
    row_bits = (1 << width) - 1
    valid = shifted = 0
    for r in range(height):
        valid |= row_bits << (r * stride)
        if kind == "hex_y" and (r % 2 == 0) == bool(first_shifted):
            shifted |= row_bits << (r * stride)
    if kind == "hex_x":
        column_bits = sum(1 << c for c in range(width) if (c % 2 == 0) == bool(first_shifted))
        shifted = sum(column_bits << (r * stride) for r in range(height))
    return valid, shifted
