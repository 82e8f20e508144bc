"""Join a map's painted roads: give every road cell the road tile whose exits lead to its road neighbours.

A designer paints road cells with any road tile (on hex maps Tiled's road
brush does not work; on a square map with diagonal moves no brush draws a
diagonal step) and this rewrites them: ``tools/join_roads.py MAP.tmx``, or the
project's "Join this map's roads" command in Tiled. Two road cells side by side
are one road; two diagonal to each other are one where no road cell beside both
joins them already. On a square map with diagonal moves a diagonal step takes
its tiles from ``road_diagonals.tsx`` (added to the map when missing) and the
corners it crosses go to a ``road_corners`` layer above the roads. Only the road
layer's road tiles and that layer change; the file is written in one step.
"""
from __future__ import annotations

import os
import posixpath
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from game.maps import roads
from game.maps.roads import CORNERS_LAYER


class JoinError(Exception):
    """Why a map's roads cannot be joined, in words for its designer."""


@dataclass
class Joined:
    layer: str
    road_cells: int
    changed: int
    diagonal_tiles: int
    corner_cells: int
    added_tileset: bool


def join_roads(path: str | os.PathLike, write: bool = True) -> Joined:
    """Join the roads of the map at ``path`` (``write=False``: only say what would change)."""
    from game.engine.save import write_atomic
    from game.maps.loader import check_map
    from game.maps.tmx import decode_layer
    path = Path(path)
    report = check_map(str(path))
    if report.problems:
        raise JoinError(f"{path}: the map has problems to fix first (tools/validate_map.py): {report.problems[0]}")
    board = report.board
    try:
        tree = ET.parse(path)
    except (OSError, ET.ParseError) as e:
        raise JoinError(f"{path}: cannot be read: {e}") from None
    root = tree.getroot()
    width, height = int(root.get("width")), int(root.get("height"))
    tilesets = sorted(((int(t.get("firstgid")), t) for t in root.findall("tileset")), key=lambda p: p[0])
    names = {first: Path((t.get("source") or t.get("name") or "").replace("\\", "/")).stem for first, t in tilesets}
    terrain = roads.terrain_tileset(board.kind, board.topology.stagger_axis if board.kind == "hex" else None)
    terrain_first = next((first for first, name in names.items() if name == terrain), None)
    if terrain_first is None:
        raise JoinError(f"{path}: joins roads from the shipped {terrain}.tsx only, which this map does not use")
    diagonal_map = board.kind == "square" and getattr(board.topology, "diagonal", False)
    diagonal_first = next((first for first, name in names.items() if name == roads.DIAGONAL_TILESET), None)

    parents = {child: parent for parent in root.iter() for child in parent}
    layers = list(root.iter("layer"))
    decoded = []
    for layer in layers:
        rows, problem = decode_layer(layer.find("data"), width, height)
        if rows is None:
            raise JoinError(f"{path}: layer '{layer.get('name')}' {problem}")
        decoded.append((layer.get("name"), rows))
    chosen = roads.road_layer(decoded, roads.road_test(board))
    if chosen is None:
        raise JoinError(f"{path}: no road tiles to join (paint road cells with any road tile first)")
    index, rows, road = chosen
    layer = layers[index]
    steps = roads.board_steps(board, road)
    added = False
    if diagonal_map and diagonal_first is None and any(roads.diagonal(*step) for step in steps):
        diagonal_first = _add_diagonal_tileset(root, tilesets, terrain_first, path.parent)
        added = True
    tiles = roads.board_tiles(board, road, terrain_first, diagonal_first, steps)
    corner_first = diagonal_first + roads.manifest()[roads.DIAGONAL_TILESET]["corner_first_id"] \
        if diagonal_first is not None else None
    changed = sum(rows[r][c] != gid for (c, r), gid in tiles.items())
    diagonal_tiles = sum(corner_first is not None and diagonal_first <= gid < corner_first for gid in tiles.values())
    for (c, r), gid in tiles.items():
        rows[r][c] = gid
    _set_csv(layer.find("data"), rows)
    corner_cells = 0
    if diagonal_map:
        bits = roads.corners(steps, board.topology.in_bounds)
        corner_cells = len(bits)
        corners = next((lay for lay in layers if lay.get("name") == CORNERS_LAYER), None)
        if bits and corners is None:
            corners = _new_layer(root, parents[layer], layer, width, height)
        if corners is not None:
            grid = [[0] * width for _ in range(height)]
            for (c, r), b in bits.items():
                grid[r][c] = roads.corner_gid(b, diagonal_first)
            _set_csv(corners.find("data"), grid)
    if write:
        ET.indent(tree, space=" ")
        text = ET.tostring(root, encoding="unicode")
        write_atomic(path, '<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n")
    return Joined(layer.get("name"), len(road), changed, diagonal_tiles, corner_cells, added)


def _add_diagonal_tileset(root: ET.Element, tilesets, terrain_first: int, folder: Path) -> int:
    """road_diagonals.tsx beside the map's terrain tileset, after its last tileset; its firstgid."""
    from game.maps.tmx import TilesetCache
    last_first, last = tilesets[-1]
    count = int(last.get("tilecount") or 0)
    if last.get("source"):
        loaded = TilesetCache().load(str(folder / last.get("source")), last_first, last.get("source"))
        count = loaded.tile_count if loaded else count
    first = last_first + count
    terrain = next(t for f, t in tilesets if f == terrain_first)
    where = posixpath.dirname((terrain.get("source") or "").replace("\\", "/"))
    element = ET.Element("tileset", {"firstgid": str(first),
                                     "source": posixpath.join(where, f"{roads.DIAGONAL_TILESET}.tsx")})
    root.insert(list(root).index(last) + 1, element)
    return first


def _new_layer(root: ET.Element, parent: ET.Element, after: ET.Element, width: int, height: int) -> ET.Element:
    next_id = int(root.get("nextlayerid") or 1)
    root.set("nextlayerid", str(next_id + 1))
    layer = ET.Element("layer", {"id": str(next_id), "name": CORNERS_LAYER, "width": str(width),
                                 "height": str(height)})
    ET.SubElement(layer, "data", {"encoding": "csv"})
    parent.insert(list(parent).index(after) + 1, layer)
    return layer


def _set_csv(data: ET.Element, rows: list[list[int]]) -> None:
    data.attrib.clear()
    data.set("encoding", "csv")
    for child in list(data):          # chunks of an infinite map: not ours to keep
        data.remove(child)
    data.text = "\n" + ",\n".join(",".join(map(str, row)) for row in rows) + "\n"
