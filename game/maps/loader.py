"""Load a Tiled TMX map into a Board, reading it as Tiled draws it (see game.maps.tmx).

The Board keeps absolute tileset image paths and rects so the renderer can
draw tiles itself; nothing here imports pygame.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field

from game.board.model import Board, MapToken, Rows, TileInfo
from game.board.topology import HexTopology, make_topology
from game.maps.checks import (TOKEN_PROPERTIES, ObjectProblem, board_problems, misspelt, seat_order_warnings,
                              token_from_properties, whole)
from game.maps.errors import MapError
from game.maps.geometry import Grid
from game.maps.roads import unjoined_warnings
from game.maps.structure import MAX_MOVE_COST, structure_problems
from game.maps.tmx import FLIP_FLAGS, GID_MASK, TmxDocument, object_anchor_centre, read_document
from game.maps.xmlfile import parse_xml
from game.map_players import campaign_counts, read_counts, read_seatings

TOKENS_LAYER = "tokens"
MAP_PROPERTIES = ("title", "min_players", "max_players", "players", "campaign_players", "seats_2", "seats_3",
                  "diagonal")
TILE_PROPERTIES = ("terrain", "move_cost", "passable")
NEWEST_TMX = (1, 11)           # the newest TMX format game.maps.tmx follows
SHIPPED_HEX_SIDE = {"terrain_hex_pointy.tsx": 36, "terrain_hex_flat.tsx": 36}


@dataclass
class MapReport:
    """What the validator says about a map: the board if it could be built, problems, warnings.

    Problems stop the game from using the map; warnings are things that load
    but probably differ from what the designer meant."""

    board: Board | None
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


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
    report = check_map(path)
    return report.board, report.problems


def check_map(path: str | os.PathLike) -> MapReport:
    """Read and check a map, never raising: problems and warnings, one message each."""
    path = os.fspath(path)
    try:
        root, err = parse_xml(path, "map file")
        if err:
            return MapReport(None, [f"{path}: {err}"])
        problems = structure_problems(path, root)
        if problems:
            return MapReport(None, problems)
        report = MapReport(None)
        doc = read_document(path, root, report.problems)
        if report.problems:
            return report
        report.board, counts_ok = _build(path, doc, report)
        shape = _fit_warnings(doc, report.board) + _hex_side_warnings(doc, report.board)
        report.problems += board_problems(path, report.board, seats_known=counts_ok)
        if report.problems and shape:     # tokens off the map or in odd cells: the likely cause comes first
            report.problems[:0] = [f"{w} (the problems after this one may come from it)" for w in shape]
        else:
            report.warnings += shape
        if not report.problems:
            report.warnings += seat_order_warnings(path, report.board)
            report.warnings += unjoined_warnings(path, doc, report.board)
        return report
    except Exception as e:  # a bad map must never crash the game or the validator
        return MapReport(None, [f"{path}: cannot be read: {type(e).__name__}: {e}"])


def _as_int(value, default: int) -> int | None:
    if value is None or value == "":
        return default
    return whole(value)


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


def _tiles(doc: TmxDocument, report: MapReport) -> dict[int, TileInfo]:
    problems = report.problems
    tiles: dict[int, TileInfo] = {}
    for ts in doc.tilesets:
        slips = {}
        for local, props in ts.tile_properties.items():
            for name, meant in misspelt(props, TILE_PROPERTIES):
                slips.setdefault((name, meant), local)
        for (name, meant), local in slips.items():
            report.warnings.append(f"{doc.path}: tileset '{ts.name}' tile id {local}: property '{name}' is not "
                                   f"one the game reads; did you mean '{meant}'?")
        for local in range(ts.tile_count):
            props = ts.tile_properties.get(local, {})
            where = f"{doc.path}: tileset '{ts.name}' tile id {local}"
            cost = _as_int(props.get("move_cost"), 1)
            if cost is None or not 1 <= cost <= MAX_MOVE_COST:
                problems.append(f"{where}: move_cost {props.get('move_cost')!r} must be a whole number "
                                f"from 1 to {MAX_MOVE_COST}")
                cost = 1
            passable = _as_bool(props.get("passable"), True)
            if passable is None:
                problems.append(f"{where}: passable {props.get('passable')!r} must be true or false")
                passable = True
            terrain = props.get("terrain", "")
            tiles[ts.firstgid + local] = TileInfo(image=ts.image, rect=ts.rect(local),
                                                  terrain="" if terrain is None else str(terrain),
                                                  move_cost=cost, passable=passable)
    return tiles


def _shift_layer(gids: list[list[int]], grid: Grid, offset: tuple[float, float]) -> list[list[int]]:
    """The layer as its cells land once drawn ``offset`` pixels away: each tile goes to
    the cell its drawn centre falls in (tiles pushed off the map are dropped)."""
    height, width = len(gids), len(gids[0]) if gids else 0
    topo = grid.topology
    # The lattice repeats every 2 rows (hex, axis y) or 2 columns (axis x): two shifts at most.
    if isinstance(topo, HexTopology):
        samples = [(4, 4), (4, 5)] if topo.stagger_axis == "y" else [(4, 4), (5, 4)]
    else:
        samples = [(4, 4)]
    out = [[0] * width for _ in range(height)]
    for sample in samples:
        cx, cy = grid.cell_center(sample)
        dest = grid.pixel_to_cell(cx + offset[0], cy + offset[1])
        dc, dr = dest[0] - sample[0], dest[1] - sample[1]
        for r in range(height):
            if isinstance(topo, HexTopology) and topo.stagger_axis == "y" and r % 2 != sample[1] % 2:
                continue
            if not 0 <= r + dr < height:
                continue
            row, to_row = gids[r], out[r + dr]
            for c in range(width):
                if isinstance(topo, HexTopology) and topo.stagger_axis != "y" and c % 2 != sample[0] % 2:
                    continue
                if 0 <= c + dc < width:
                    to_row[c + dc] = row[c]
    return out


def distinct(gids: list[list[int]]) -> list[int]:
    """The distinct values of rows of gids, sorted."""
    return sorted(set().union(*gids))


def _first(gids: list[list[int]], wanted) -> tuple[int, int, int]:
    """How many cells hold a gid for which ``wanted(gid, r, c)`` is true, and the (row, column) of the first."""
    found = [(r, c) for r, row in enumerate(gids) for c, gid in enumerate(row) if wanted(gid, r, c)]
    return (len(found),) + found[0]


def _layers(doc: TmxDocument, grid: Grid, tiles: dict, report: MapReport) -> list[Rows]:
    """Each visible tile layer as (h, w) int32 gids without flags; unknown gids become empty."""
    layers = []
    for layer in doc.tile_layers:
        raw = layer.gids
        flipped_rows = {r for r, row in enumerate(raw) if row and max(row) > GID_MASK}   # flags: the top bits
        gids = [[g & GID_MASK for g in row] if r in flipped_rows else row for r, row in enumerate(raw)]
        unknown = [g for g in distinct(gids) if g and g not in tiles]
        if unknown:
            for gid in unknown[:5]:
                _, r, c = _first(gids, lambda g, r, c, gid=gid: g == gid)
                report.problems.append(f"{doc.path}: layer '{layer.name}' at cell ({c}, {r}): tile gid {gid} is "
                                       "in no tileset of the map (its tileset was removed or replaced by a "
                                       "smaller one); paint the cell again or add that tileset back")
            gone = set(unknown)
            gids = [[0 if g in gone else g for g in row] for row in gids]
        flipped = {(r, c) for r in flipped_rows for c, g in enumerate(raw[r]) if g & FLIP_FLAGS}
        terrain_gids = {gids[r][c] for r, c in flipped} - {0}
        terrain_gids = {g for g in terrain_gids if tiles[g].terrain}
        if terrain_gids:
            count, r, c = _first(gids, lambda g, r, c: g in terrain_gids and (r, c) in flipped)
            report.warnings.append(f"{doc.path}: layer '{layer.name}': {count} terrain tiles are "
                                   f"flipped or rotated (first at cell ({c}, {r})); the game draws them "
                                   "unflipped, so paint them unflipped")
        if layer.offset != (0.0, 0.0):
            gids = _shift_layer(gids, grid, layer.offset)
        layers.append(Rows(gids, "int32"))
    return layers


def _terrain(doc: TmxDocument, tiles: dict, layers: list[Rows], problems: list[str]):
    height, width = int(doc.attrs["height"]), int(doc.attrs["width"])
    names = [""]
    name_index = [[0] * width for _ in range(height)]
    move_cost = [[0] * width for _ in range(height)]
    blocked = [[False] * width for _ in range(height)]
    for layer in layers:      # later layers are drawn on top
        cost_of: dict[int, int] = {}      # the gids of terrain tiles: their cost, terrain and whether impassable
        name_of: dict[int, int] = {}
        stop_at: set[int] = set()
        for gid in distinct(layer.rows):
            info = tiles.get(gid)
            if info is None or not info.terrain:
                continue
            if info.terrain not in names:
                names.append(info.terrain)
            cost_of[gid], name_of[gid] = info.move_cost, names.index(info.terrain)
            if not info.passable:
                stop_at.add(gid)
        for r, row in enumerate(layer.rows):       # row by row, cell by cell in C (a 256x256 map has 65,536)
            if cost_of.keys().isdisjoint(row):
                continue
            move_cost[r] = _over(list(map(cost_of.get, row)), move_cost[r])
            name_index[r] = _over(list(map(name_of.get, row)), name_index[r])
            if not stop_at.isdisjoint(row):
                blocked[r] = [stop or gid in stop_at for stop, gid in zip(blocked[r], row)]
    for r, stops in enumerate(blocked):
        if any(stops):
            move_cost[r] = [0 if stop else cost for stop, cost in zip(stops, move_cost[r])]
    if len(names) == 1:
        problems.append(f"{doc.path}: no tile has a 'terrain' property; terrain tiles need the properties "
                        "terrain, move_cost and passable (see maps/README.md)")
    return Rows(move_cost, "int16"), [list(map(names.__getitem__, row)) for row in name_index]


def _over(top: list, below: list) -> list:
    """``top``'s values, ``below``'s where ``top`` has None."""
    return [old if new is None else new for new, old in zip(top, below)] if None in top else top


def _fit_warnings(doc: TmxDocument, board: Board) -> list[str]:
    """Terrain tilesets whose tiles do not match the map's cells draw a mess in Tiled and the game."""
    used = set()
    for rows in board.layer_rows():
        used.update(g for g in distinct(rows) if g)
    warnings = []
    for ts in doc.tilesets:
        if not any(ts.firstgid <= g < ts.firstgid + ts.tile_count for g in used):
            continue
        size, cell = (ts.tile_width, ts.tile_height), (board.tile_width, board.tile_height)
        where = f"{doc.path}: tileset '{ts.source}'"
        if size != cell:
            warnings.append(f"{where} has {size[0]}x{size[1]} tiles but the map's cells are "
                            f"{cell[0]}x{cell[1]}; use a tileset made for this map's shape (maps/README.md)")
        if board.kind == "hex":
            axis = board.topology.stagger_axis
            if axis == "y" and ts.tile_width > ts.tile_height:
                warnings.append(f"{where} has flat-topped (wider than tall) tiles on a stagger-y map, which "
                                "needs pointy-topped tiles (terrain_hex_pointy.tsx); or set Map > Map "
                                "Properties > Stagger Axis to X")
            if axis == "x" and ts.tile_height > ts.tile_width:
                warnings.append(f"{where} has pointy-topped (taller than wide) tiles on a stagger-x map, which "
                                "needs flat-topped tiles (terrain_hex_flat.tsx); or set Map > Map "
                                "Properties > Stagger Axis to Y")
    return warnings


def _format_warnings(path: str, attrs: dict) -> list[str]:
    """A map saved in a TMX format newer than the ones this loader follows (game.maps.tmx) may hold what it
    does not read; it loads, and the designer is told where to look if it looks wrong."""
    try:
        version = tuple(int(part) for part in str(attrs.get("version", "")).split(".")[:2])
    except ValueError:
        return []
    if version <= NEWEST_TMX:
        return []
    saved_by = f" by Tiled {attrs['tiledversion']}" if attrs.get("tiledversion") else ""
    newest = ".".join(map(str, NEWEST_TMX))
    return [f"{path}: saved{saved_by} in TMX format {attrs.get('version')}, newer than the 1.8-{newest} the game "
            f"reads; if the game shows it otherwise than Tiled, save it for Tiled {newest} (Project > Project "
            "Properties > Compatibility Version) or from that Tiled"]


def _hex_side_warnings(doc: TmxDocument, board: Board) -> list[str]:
    """The shipped hex tilesets are drawn for a hex side length of 36 (maps/README.md); with another,
    Tiled and the game overlap or space the hexes and tokens land in other cells than meant."""
    if board.kind != "hex":
        return []
    for ts in doc.tilesets:
        name = os.path.basename(str(ts.source).replace("\\", "/"))
        if name in SHIPPED_HEX_SIDE and board.hex_side_length != SHIPPED_HEX_SIDE[name]:
            return [f"{doc.path}: hex side length is {board.hex_side_length} but {name} is drawn for "
                    f"{SHIPPED_HEX_SIDE[name]}; set Map > Map Properties > Tile Side Length (Hex) to "
                    f"{SHIPPED_HEX_SIDE[name]}"]
    return []


def _build(path: str, doc: TmxDocument, report: MapReport) -> tuple[Board, bool]:
    """The board, and whether its player counts were read without a problem."""
    problems = report.problems
    attrs, props = doc.attrs, doc.properties
    width, height = int(attrs["width"]), int(attrs["height"])
    hexagonal = attrs.get("orientation") == "hexagonal"
    diagonal = _as_bool(props.get("diagonal"), False)
    if diagonal is None:
        problems.append(f"{path}: map property diagonal {props.get('diagonal')!r} must be true or false")
        diagonal = False
    topology = make_topology("hex" if hexagonal else "square", width, height, diagonal=diagonal,
                             stagger_axis=attrs.get("staggeraxis") or "y",
                             stagger_index=attrs.get("staggerindex") or "odd")
    for name, meant in misspelt(props, MAP_PROPERTIES):
        report.warnings.append(f"{path}: map property '{name}' is not one the game reads; did you mean "
                               f"'{meant}'? (Map > Map Properties)")
    counts, (lo, hi), count_problems = read_counts(props)
    campaign, campaign_problems = campaign_counts(props, counts)
    seatings, seating_problems = read_seatings(props, hi)
    problems += [f"{path}: {message}" for message in count_problems + campaign_problems + seating_problems]
    board = Board(topology=topology, move_cost=Rows([[0] * width for _ in range(height)], "int16"), terrain=[],
                  title=str(props.get("title") or os.path.splitext(os.path.basename(path))[0]),
                  min_players=lo, max_players=hi, player_counts=() if counts == tuple(range(lo, hi + 1)) else counts,
                  campaign_player_counts=campaign if campaign != counts else (), seatings=seatings,
                  source=os.path.abspath(path),
                  tile_width=int(attrs["tilewidth"]), tile_height=int(attrs["tileheight"]),
                  hex_side_length=int(attrs.get("hexsidelength") or 0) if hexagonal else 0)
    grid = Grid.of(board)
    board.tiles = _tiles(doc, report)
    layers = _layers(doc, grid, board.tiles, report)     # as rows: numpy is imported once the board is up
    board.layers = layers
    board.move_cost, board.terrain = _terrain(doc, board.tiles, layers, problems)
    report.warnings += _format_warnings(path, attrs)
    for name in doc.hidden_tile_layers:
        report.warnings.append(f"{path}: layer '{name}' is hidden (or in a hidden group), so the game "
                               "ignores it")
    board.tokens = _tokens(path, doc, board, grid, report)
    return board, not count_problems


def _tokens(path: str, doc: TmxDocument, board: Board, grid: Grid, report: MapReport) -> list[MapToken]:
    tokens = []
    for layer in doc.object_layers:
        if layer.name != TOKENS_LAYER:
            continue
        if not layer.visible:
            report.warnings.append(f"{path}: layer '{layer.name}' is hidden (or in a hidden group), so its "
                                   f"{len(layer.objects)} objects are not tokens; show it to use them")
            continue
        for obj in layer.objects:
            x, y = object_anchor_centre(obj)
            cell = grid.pixel_to_cell(x + layer.offset[0], y + layer.offset[1])
            where = ObjectProblem(path, TOKENS_LAYER, obj.id, obj.name, cell)
            if not obj.visible:
                report.warnings.append(where("is hidden (visible=0), so it is not a token; show it or delete it"))
                continue
            before = len(report.problems)
            token = token_from_properties(board, obj.properties, where, report.problems, found_class=obj.cls)
            if len(report.problems) == before:      # a problem already names the slip it comes from
                for name, meant in misspelt(obj.properties, TOKEN_PROPERTIES):
                    report.warnings.append(where(f"property '{name}' is not one the game reads; did you mean "
                                                 f"'{meant}'?"))
            if token is not None:
                tokens.append(token)
    return tokens
