"""Which road tile each road cell takes, so a road is drawn as it runs.

A road tile draws an exit towards each cell its road steps to: on a hex map one
of six, on a square map four (``terrain_*.tsx``: tile 16 + the exits' bits), and
on a square map whose heroes step diagonally eight (``road_diagonals.tsx`` for
the tiles with a diagonal exit). Two squares meet at a point only, so a diagonal
step also crosses a corner of the two cells beside it: ``road_diagonals.tsx``
draws those corners for a layer above the roads. The tile numbering and exit
directions are the shipped tilesets' (``assets/terrain.json``).

Shared by ``tools/make_maps.py`` (the recipes' roads, whose steps it knows) and
``tools/join_roads.py`` (a designer's painted road cells, whose steps it works out).
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from typing import Callable, Iterable

from game import resources

Cell = tuple[int, int]
DIAGONAL_TILESET = "road_diagonals"


@lru_cache(maxsize=1)
def manifest() -> dict:
    return json.loads((resources.assets_dir() / "terrain.json").read_text(encoding="utf-8"))


def terrain_tileset(kind: str, stagger_axis: str | None) -> str:
    """The shipped terrain tileset for a map of this shape."""
    return "terrain_square" if kind == "square" else (
        "terrain_hex_pointy" if stagger_axis == "y" else "terrain_hex_flat")


def diagonal(a: Cell, b: Cell) -> bool:
    """Whether two neighbouring cells of a square map meet at a corner only."""
    return a[0] != b[0] and a[1] != b[1]


def painted_steps(road: set[Cell], neighbours: Callable[[Cell], Iterable[Cell]], square: bool) -> set[frozenset]:
    """The steps a painted road takes: every two road cells side by side, and on a square map two diagonal
    to each other only where no road cell beside both joins them already (a bend drawn as an L, not a
    triangle)."""
    steps = set()
    for cell in road:
        for n in neighbours(cell):
            if n not in road:
                continue
            if square and diagonal(cell, n) and ((cell[0], n[1]) in road or (n[0], cell[1]) in road):
                continue
            steps.add(frozenset((cell, n)))
    return steps


def exits(cell: Cell, towards: Iterable[Cell], centre: Callable[[Cell], tuple[float, float]],
          angles: list[float]) -> int:
    """The exit bits of ``cell``'s road tile: one per cell in ``towards``, the exit nearest its direction."""
    cx, cy = centre(cell)
    mask = 0
    for n in towards:
        nx, ny = centre(n)
        a = math.atan2(ny - cy, nx - cx)
        mask |= 1 << min(range(len(angles)), key=lambda i: abs(math.remainder(a - angles[i], math.tau)))
    return mask


def road_gid(mask: int, terrain_firstgid: int, diagonal_firstgid: int | None = None) -> int:
    """The gid of the road tile with these exits: on the terrain tileset, or, on a map whose roads step
    diagonally (``diagonal_firstgid``: where its road_diagonals.tsx starts), there for a diagonal exit."""
    info = manifest()[DIAGONAL_TILESET]
    if diagonal_firstgid is not None and mask >= info["first_mask"]:
        return diagonal_firstgid + mask - info["first_mask"]
    return terrain_firstgid + manifest()["road_first_id"] + mask


def corners(steps: Iterable[frozenset], inside: Callable[[Cell], bool]) -> dict[Cell, int]:
    """The corners diagonal steps cut across in the two cells beside each: cell -> a bit per corner
    (NE SE SW NW, as road_diagonals.tsx numbers them)."""
    angles = manifest()[DIAGONAL_TILESET]["corner_angles"]
    out: dict[Cell, int] = {}
    for a, b in map(tuple, steps):
        if not diagonal(a, b):
            continue
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2        # the corner the step passes
        for side in ((a[0], b[1]), (b[0], a[1])):
            if not inside(side):
                continue
            angle = math.atan2(my - side[1], mx - side[0])
            bit = min(range(4), key=lambda i: abs(math.remainder(angle - angles[i], math.tau)))
            out[side] = out.get(side, 0) | 1 << bit
    return out


def corner_gid(bits: int, diagonal_firstgid: int) -> int:
    return diagonal_firstgid + manifest()[DIAGONAL_TILESET]["corner_first_id"] + bits - 1
