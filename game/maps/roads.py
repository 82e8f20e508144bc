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
from game.maps.tmx import GID_MASK

Cell = tuple[int, int]
DIAGONAL_TILESET = "road_diagonals"
CORNERS_LAYER = "road_corners"      # where the corners diagonal steps cross are drawn


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


def board_steps(board, road: set[Cell]) -> set[frozenset]:
    """``painted_steps`` on ``board``."""
    return painted_steps(road, board.topology.neighbours, square=board.kind == "square")


def road_test(board) -> Callable[[int], bool]:
    """Whether a gid of ``board`` (flags or not) is a road tile."""
    def is_road(gid: int) -> bool:
        info = board.tiles.get(gid & GID_MASK)
        return info is not None and info.terrain == "road"
    return is_road


def joined_tiles(kind: str, topology, centre: Callable[[Cell], tuple[float, float]], road: set[Cell],
                 terrain_first: int, diagonal_first: int | None, steps: set[frozenset] | None = None) -> dict[Cell, int]:
    """The road tile (gid) each road cell takes when its painted road is joined, on a map of this shape
    (``centre``: a cell's centre in pixels; ``steps``: ``painted_steps``, if known). ``diagonal_first``:
    where the map's road_diagonals.tsx starts (a square map with diagonal moves needs it for a diagonal
    step)."""
    square = kind == "square"
    eight = square and getattr(topology, "diagonal", False)
    steps = painted_steps(road, topology.neighbours, square=square) if steps is None else steps
    angles = (manifest()[DIAGONAL_TILESET]["road_angles"] if eight else
              manifest()["tilesets"][terrain_tileset(kind, topology.stagger_axis if not square else None)]
              ["road_angles"])
    tiles = {}
    for cell in road:
        towards = [n for n in topology.neighbours(cell) if frozenset((cell, n)) in steps]
        tiles[cell] = road_gid(exits(cell, towards, centre, angles), terrain_first, diagonal_first if eight else None)
    return tiles


def board_tiles(board, road: set[Cell], terrain_first: int, diagonal_first: int | None,
                steps: set[frozenset] | None = None) -> dict[Cell, int]:
    """``joined_tiles`` on a loaded map."""
    from game.maps.geometry import cell_center
    return joined_tiles(board.kind, board.topology, lambda c: cell_center(board, c), road, terrain_first,
                        diagonal_first, steps)


def road_layer(layers: list[tuple[str, list[list[int]]]], is_road: Callable[[int], bool]):
    """The layer a map's roads are painted on, as (its index in ``layers``, its rows, its road cells), or
    None: the layer named "roads" if it holds road tiles, else the one holding the most (never the
    corners' layer)."""
    found = []
    for index, (name, rows) in enumerate(layers):
        cells = {(c, r) for r, row in enumerate(rows) for c, gid in enumerate(row) if gid and is_road(gid)}
        if cells and name != CORNERS_LAYER:
            found.append((name == "roads", len(cells), -index, (index, rows, cells)))
    return max(found, key=lambda item: item[:3])[3] if found else None


def unjoined_warnings(path: str, doc, board) -> list[str]:
    """The validator's word when painted roads are not joined (on the shipped tilesets): a road tile that
    leads off the road, or misses a road cell beside it, draws a road broken where the map has one."""
    from pathlib import PurePosixPath
    firsts = {PurePosixPath(str(ts.source).replace("\\", "/")).stem: ts.firstgid for ts in doc.tilesets}
    terrain = terrain_tileset(board.kind, board.topology.stagger_axis if board.kind == "hex" else None)
    if terrain not in firsts:
        return []
    # the board's layers: shifted by their offsets as drawn, flags off, unknown tiles gone
    chosen = road_layer([(layer.name, rows) for layer, rows in zip(doc.tile_layers, board.layer_rows())],
                        road_test(board))
    if chosen is None:
        return []
    index, rows, road = chosen
    tiles = board_tiles(board, road, firsts[terrain], firsts.get(DIAGONAL_TILESET))
    wrong = sorted(((c, r) for (c, r), gid in tiles.items() if rows[r][c] & GID_MASK != gid), key=lambda c: c[::-1])
    if not wrong:
        return []
    c, r = wrong[0]
    return [f"{path}: layer '{doc.tile_layers[index].name}': {len(wrong)} road tiles do not lead to the road "
            f"cells beside them (first at cell ({c}, {r})), so the road is drawn broken; Commands > Join this "
            "map's roads (tools/join_roads.py) gives each the tile that does"]
