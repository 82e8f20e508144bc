"""Load a Tiled TMX map into a Board. The only module of the game that imports pytmx.

pytmx is used without pygame: its default image loader only records the
tileset file names, and the Board keeps absolute image paths and rects so
the renderer can draw tiles itself.
"""
from __future__ import annotations

import logging
import os

import numpy as np
import pytmx

from game.board.model import Board, MapToken, TileInfo
from game.board.topology import make_topology
from game.maps.checks import ObjectProblem, board_problems, token_from_properties
from game.maps.errors import MapError
from game.maps.geometry import Grid
from game.maps.structure import structure_problems

TOKENS_LAYER = "tokens"

# pytmx logs (and then raises) on problems we already report ourselves.
logging.getLogger("pytmx").setLevel(logging.CRITICAL)
logging.getLogger("pytmx.pytmx").setLevel(logging.CRITICAL)


def load_map(path: str | os.PathLike) -> Board:
    """Read a TMX map; raises MapError listing every problem if the game cannot use it."""
    board, problems = read_map(path)
    if problems:
        raise MapError(problems)
    return board


def validate_map(path: str | os.PathLike) -> list[str]:
    """Every problem of a map file, one message each; empty means the map is good."""
    return read_map(path)[1]


def read_map(path: str | os.PathLike) -> tuple[Board | None, list[str]]:
    path = os.fspath(path)
    try:
        problems = structure_problems(path)
        if problems:
            return None, problems
        try:
            tmx = pytmx.TiledMap(path)
        except Exception as e:  # pytmx raises bare Exception, ValueError, KeyError...
            return None, [f"{path}: cannot be read: {type(e).__name__}: {e}"]
        board, problems = _build(path, tmx)
        return board, problems + board_problems(path, board)
    except Exception as e:  # a bad map must never crash the game or the validator
        return None, [f"{path}: cannot be read: {type(e).__name__}: {e}"]


def _as_int(value, default: int) -> int | None:
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _as_bool(value, default: bool) -> bool | None:
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "1"):
        return True
    if text in ("false", "0"):
        return False
    return None


def _tiles(path: str, tmx: pytmx.TiledMap, problems: list[str]) -> dict[int, TileInfo]:
    tiles: dict[int, TileInfo] = {}
    for ts in tmx.tilesets:
        image = os.path.abspath(os.path.join(os.path.dirname(path), ts.source))
        step_x, step_y = ts.tilewidth + ts.spacing, ts.tileheight + ts.spacing
        columns = (ts.width - 2 * ts.margin + ts.spacing) // step_x
        rows = (ts.height - 2 * ts.margin + ts.spacing) // step_y
        for local in range(columns * rows):
            gid = ts.firstgid + local
            rect = (ts.margin + (local % columns) * step_x, ts.margin + (local // columns) * step_y,
                    ts.tilewidth, ts.tileheight)
            props = {}
            for pytmx_gid, _flags in tmx.gidmap.get(gid, []):
                props = tmx.tile_properties.get(pytmx_gid, {}) or props
            where = f"{path}: tileset '{ts.name}' tile id {local}"
            cost = _as_int(props.get("move_cost"), 1)
            if cost is None or cost < 1:
                problems.append(f"{where}: move_cost {props.get('move_cost')!r} must be a whole number >= 1")
                cost = 1
            passable = _as_bool(props.get("passable"), True)
            if passable is None:
                problems.append(f"{where}: passable {props.get('passable')!r} must be true or false")
                passable = True
            terrain = props.get("terrain", "")
            tiles[gid] = TileInfo(image=image, rect=rect, terrain="" if terrain is None else str(terrain),
                                  move_cost=cost, passable=passable)
    return tiles


def _terrain(path: str, tmx, tiles, layers, width: int, height: int, problems: list[str]):
    move_cost = np.zeros((height, width), dtype=np.int16)
    terrain = [[""] * width for _ in range(height)]
    names = [layer.name for layer in tmx.visible_layers if isinstance(layer, pytmx.TiledTileLayer)]
    blocked = np.zeros((height, width), dtype=bool)
    for name, data in zip(names, layers):
        for r in range(height):
            for c in range(width):
                gid = int(data[r, c])
                if gid and gid not in tiles:
                    problems.append(f"{path}: layer '{name}' cell ({c}, {r}): tile gid {gid} is in no tileset")
                    data[r, c] = 0
                    continue
                info = tiles.get(gid)
                if info is None or not info.terrain:
                    continue
                terrain[r][c] = info.terrain     # later layers are drawn on top
                move_cost[r, c] = info.move_cost
                blocked[r, c] |= not info.passable
    move_cost[blocked] = 0
    if not any(t for row in terrain for t in row):
        problems.append(f"{path}: no tile has a 'terrain' property; terrain tiles need the properties "
                        "terrain, move_cost and passable (see maps/README.md)")
    return move_cost, terrain


def _object_centre(obj, group) -> tuple[float, float]:
    x, y = float(obj.x), float(obj.y)
    if not hasattr(obj, "points"):     # pytmx already moved tile objects' y to their top edge
        x += float(obj.width or 0) / 2
        y += float(obj.height or 0) / 2
    return x + float(group.offsetx or 0), y + float(group.offsety or 0)


def _tokens(tmx, grid: Grid) -> list[tuple[object, object]]:
    """(object, cell) for every object of the tokens layer(s)."""
    found = []
    for group in tmx.objectgroups:
        if group.name != TOKENS_LAYER:
            continue
        for obj in group:
            found.append((obj, grid.pixel_to_cell(*_object_centre(obj, group))))
    return found


def _build(path: str, tmx: pytmx.TiledMap) -> tuple[Board, list[str]]:
    problems: list[str] = []
    width, height = int(tmx.width), int(tmx.height)
    props = tmx.properties
    hexagonal = tmx.orientation == "hexagonal"
    diagonal = _as_bool(props.get("diagonal"), False)
    if diagonal is None:
        problems.append(f"{path}: map property diagonal {props.get('diagonal')!r} must be true or false")
        diagonal = False
    topology = make_topology("hex" if hexagonal else "square", width, height, diagonal=diagonal,
                             stagger_axis=tmx.staggeraxis or "y", stagger_index=tmx.staggerindex or "odd")
    tiles = _tiles(path, tmx, problems)
    layers = []
    for layer in tmx.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            gids = [[tmx.tiledgidmap.get(g, 0) if g else 0 for g in row] for row in layer.data]
            layers.append(np.array(gids, dtype=np.int32).reshape(height, width))
    move_cost, terrain = _terrain(path, tmx, tiles, layers, width, height, problems)
    min_players = _as_int(props.get("min_players"), 2)
    max_players = _as_int(props.get("max_players"), 4)
    for name, value in (("min_players", min_players), ("max_players", max_players)):
        if value is None or not 2 <= value <= 4:
            problems.append(f"{path}: map property {name} {props.get(name)!r} must be 2, 3 or 4")
    min_players = min_players if min_players and 2 <= min_players <= 4 else 2
    max_players = max_players if max_players and 2 <= max_players <= 4 else 4
    if min_players > max_players:
        problems.append(f"{path}: min_players {min_players} is more than max_players {max_players}")
    board = Board(topology=topology, move_cost=move_cost, terrain=terrain,
                  title=str(props.get("title") or os.path.splitext(os.path.basename(path))[0]),
                  min_players=min_players, max_players=max_players, source=os.path.abspath(path),
                  tile_width=int(tmx.tilewidth), tile_height=int(tmx.tileheight),
                  hex_side_length=int(tmx.hexsidelength or 0) if hexagonal else 0,
                  layers=layers, tiles=tiles)
    board.tokens = _make_tokens(path, board, _tokens(tmx, Grid.of(board)), problems)
    return board, problems


def _make_tokens(path: str, board: Board, objects, problems: list[str]) -> list[MapToken]:
    tokens = []
    for obj, cell in objects:
        where = ObjectProblem(path, TOKENS_LAYER, obj.id, obj.name or "", cell)
        token = token_from_properties(board, dict(obj.properties), where, problems)
        if token is not None:
            tokens.append(token)
    return tokens
