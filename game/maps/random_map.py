"""Random maps that are fair to every seat (used by tools/random_map.py and the title screen).

Terrain comes from seeded value noise; start slots sit on a ring around the
centre; each seat then gets the same tokens (mines, resources, items,
monsters, a neutral encampment) among the cells nearer to it than to any
other seat, at matching 🐎 distances.

Fairness, checked before writing: every seat has the same number of each
token kind in its own region, and the mean 🐎 cost from a seat's start to its
tokens of a kind differs from the other seats' by at most TOLERANCE (15%,
and at least MIN_SLACK 🐎). A layout that fails is redrawn (up to TRIES
times, all derived from the seed). The same arguments give the same file.
"""
from __future__ import annotations

import math
import os
from pathlib import Path

import numpy as np

from game.board.pathfinding import connected, reachable
from game.board.topology import make_topology
from game.choices import MAX_SIDE, MIN_SIDE
from game.maps.geometry import Grid
from game.maps.roads import joined_tiles
from game.maps.tmx_writer import MapObject, TmxMap, write_tmx
from game.names import place_names

TOLERANCE = 0.15
MIN_SLACK = 2                     # 🐎: differences this small are always fair
TRIES = 40
# Terrain local tile ids (assets/terrain.json "ground") and their 🐎 (the tilesets' move_cost).
TILE = {"grass": (0, 1, 2), "forest": (3, 4), "hills": (5, 6), "mountain": (7, 8), "water": (9, 10),
        "swamp": (12, 13)}
COST = {"grass": 1, "forest": 2, "hills": 3, "swamp": 2, "water": 0, "mountain": 0}
ROAD_COST = 1                     # the tilesets' road tiles (drawn on a "roads" layer over the ground)
TERRAIN_TILES = {"square": 32, "hex": 80}
TOKEN_TILE = {"city": 0, "mine": 4, "monster": 9, "item": 10, "resource": 11, "start": 4}   # start: 4 + seat
# What each seat gets, and where: (kind, count, band of 🐎 from the start as fractions of the seat's radius).
PER_SEAT = [("resource", 3, (0.25, 0.8)), ("item", 2, (0.35, 1.0)), ("mine", 2, (0.45, 1.0)),
            ("monster", 2, (0.5, 1.2)), ("city", 1, (0.7, 1.4))]


class Unfair(Exception):
    """This layout cannot be made fair; draw another."""


def value_noise(rng: np.random.Generator, height: int, width: int, cell: int) -> np.ndarray:
    """Smooth noise in [0, 1): random values on a coarse grid, bilinearly interpolated."""
    gh, gw = height // cell + 2, width // cell + 2
    coarse = rng.random((gh, gw))
    ys, xs = np.arange(height) / cell, np.arange(width) / cell
    y0, x0 = ys.astype(int), xs.astype(int)
    fy, fx = (ys - y0)[:, None], (xs - x0)[None, :]
    a, b = coarse[y0][:, x0], coarse[y0][:, x0 + 1]
    c, d = coarse[y0 + 1][:, x0], coarse[y0 + 1][:, x0 + 1]
    return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy


def terrain(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """(height, width) array of terrain names."""
    scale = max(3, min(width, height) // 6)
    n1, n2 = value_noise(rng, height, width, scale), value_noise(rng, height, width, max(2, scale // 2))
    height_map = 0.7 * n1 + 0.3 * n2
    wet = value_noise(rng, height, width, scale)
    names = np.full((height, width), "grass", dtype=object)
    names[height_map > 0.58] = "forest"
    names[height_map > 0.68] = "hills"
    names[height_map > 0.78] = "mountain"
    names[(wet > 0.7) & (height_map < 0.45)] = "swamp"
    names[(wet > 0.8) & (height_map < 0.40)] = "water"
    return names


def start_cells(topology, players: int, rng: np.random.Generator) -> list[tuple[int, int]]:
    w, h = topology.width, topology.height
    turn = rng.random() * 2 * math.pi
    cells = []
    for seat in range(players):
        angle = turn + 2 * math.pi * seat / players
        c = round((w - 1) / 2 + math.cos(angle) * (w - 1) * 0.34)
        r = round((h - 1) / 2 + math.sin(angle) * (h - 1) * 0.34)
        cells.append((min(max(c, 1), w - 2), min(max(r, 1), h - 2)))
    if len(set(cells)) < players:
        raise Unfair("start slots overlap")
    return cells


def clear_around(names: np.ndarray, topology, cell) -> None:
    """A start slot stands on grass with passable cells around it."""
    names[cell[1], cell[0]] = "grass"
    for n in topology.neighbours(cell):
        if COST[names[n[1], n[0]]] == 0:
            names[n[1], n[0]] = "grass"


def layout(width: int, height: int, players: int, shape: str, rng: np.random.Generator):
    topology = make_topology(shape, width, height)
    names = terrain(rng, height, width)
    starts = start_cells(topology, players, rng)
    for cell in starts:
        clear_around(names, topology, cell)
    cost = np.vectorize(COST.get, otypes=[np.int16])(names)
    joined = connected(topology, cost > 0, starts[0])
    if not all(joined[r, c] for c, r in starts):
        raise Unfair("a start slot cannot reach the others")
    budget = min(32767, 4 * (width + height) * 3)
    fields = seat_fields(topology, cost, starts, budget)
    nearest = fields.argmin(axis=0)
    unique = (np.sort(fields, axis=0)[1] > fields.min(axis=0)) if players > 1 else np.ones_like(nearest, bool)
    radius = max(4.0, math.sqrt(width * height / players) / 2 * 1.3)
    taken = set(starts)
    tokens: list[tuple[str, tuple[int, int], dict]] = [("start", s, {"seat": i + 1}) for i, s in enumerate(starts)]
    for kind, count, (lo, hi) in PER_SEAT:
        for _ in range(count):
            target = None
            for seat in range(players):
                mine = (nearest == seat) & unique & joined & (cost > 0)
                d = fields[seat]
                band = mine & (d >= lo * radius) & (d <= hi * radius)
                rows, cols = np.nonzero(band)       # as plain lists: numpy's scalars are slow one by one
                free = [(c, r) for r, c in zip(rows.tolist(), cols.tolist()) if (c, r) not in taken]
                if not free:
                    raise Unfair(f"seat {seat + 1} has no room for a {kind}")
                if target is None:
                    cell = free[int(rng.integers(len(free)))]
                    target = int(d[cell[1], cell[0]])
                else:   # the other seats match seat 1's distance as closely as their room allows
                    at = np.array(free).T               # (columns, rows) of the free cells
                    gaps = np.abs(d[at[1], at[0]].astype(np.int64) - target).tolist()
                    best = min(gaps)
                    choices = [cell for cell, gap in zip(free, gaps) if gap == best]
                    cell = choices[int(rng.integers(len(choices)))]
                taken.add(cell)
                props = {"owner": 0, "tier": "encampment"} if kind == "city" else {}
                tokens.append((kind, cell, props))
    check_fair(tokens, fields, nearest, players)
    road = roads(topology, cost, tokens, players)
    if road:            # the roads shorten some ways more than others: fair still, or drawn again
        cost[tuple(np.array(sorted(road)).T[::-1])] = ROAD_COST
        fields = seat_fields(topology, cost, starts, budget)
        check_fair(tokens, fields, fields.argmin(axis=0), players)
    return topology, names, tokens, road


def seat_fields(topology, cost: np.ndarray, starts, budget: int) -> np.ndarray:
    """(seats, height, width): each seat's 🐎 from its start to every cell, out of reach = a huge cost."""
    fields = np.stack([reachable(topology, cost, None, s, budget).costs for s in starts]).astype(np.int32)
    fields[fields < 0] = 1 << 20
    return fields


def roads(topology, cost: np.ndarray, tokens, players: int) -> set[tuple[int, int]]:
    """Road cells: the cheapest ways from each start to the next seat's start,
    round the table, and to the seat's own neutral City (as the shipped maps lead their roads from capital to
    capital through towns). A later way is found with the roads already laid far cheaper than open ground,
    so it joins them rather than running beside them (two roads side by side are drawn as a ladder)."""
    starts = [cell for kind, cell, _props in tokens if kind == "start"]
    cities = [cell for kind, cell, props in tokens if kind == "city" and not props.get("owner")]
    ways = [(starts[i], starts[(i + 1) % players]) for i in range(players if players > 2 else players - 1)]
    ways += [(start, city) for start, city in zip(starts, cities)]
    laid = cost * 3             # for the search only: a road already laid costs a third of grass
    budget = min(32767, int(laid.sum()) + 1)
    road: set[tuple[int, int]] = set()
    for a, b in ways:
        reach = reachable(topology, laid, None, a, budget)
        if reach.cost(b) is None:
            continue
        way = [a, *reach.path_to(b)]
        road.update(way)
        for c, r in way:
            laid[r, c] = 1
    return road


def fairness(tokens, fields: np.ndarray, nearest: np.ndarray, players: int) -> dict[str, list[tuple[int, float]]]:
    """Per token kind, per seat: (tokens in the seat's region, their mean 🐎 from its start)."""
    table = {}
    for kind, _count, _band in PER_SEAT:
        row = []
        for seat in range(players):
            own = [cell for k, cell, _ in tokens if k == kind and nearest[cell[1], cell[0]] == seat]
            mean = float(np.mean([fields[seat][r, c] for c, r in own])) if own else 0.0
            row.append((len(own), mean))
        table[kind] = row
    return table


def check_fair(tokens, fields, nearest, players: int) -> None:
    for kind, row in fairness(tokens, fields, nearest, players).items():
        counts = {n for n, _ in row}
        if len(counts) != 1:
            raise Unfair(f"seats have different numbers of {kind}: {[n for n, _ in row]}")
        means = [m for _, m in row]
        slack = max(MIN_SLACK, TOLERANCE * max(means))
        if max(means) - min(means) > slack:
            raise Unfair(f"{kind} distances differ by more than {slack:.1f} 🐎: {means}")


def tmx_map(out: Path, topology, names: np.ndarray, tokens, players: int, shape: str, seed: int,
            road: set[tuple[int, int]] = frozenset()) -> TmxMap:
    height, width = names.shape
    tile = (64, 64, 0) if shape == "square" else (64, 72, 36)
    grid = Grid(topology, *tile)
    rng = np.random.default_rng(seed)
    ground = np.zeros((height, width), dtype=np.int32)
    for r in range(height):
        for c in range(width):
            variants = TILE[names[r, c]]
            ground[r, c] = 1 + variants[int(rng.integers(len(variants)))]
    roads_layer = np.zeros((height, width), dtype=np.int32)
    for (c, r), gid in joined_tiles(shape, topology, grid.cell_center, set(road), 1, None).items():
        roads_layer[r, c] = gid
    token_gid = 1 + TERRAIN_TILES[shape]
    size = 64 if shape == "square" else 56
    objects = []
    towns = iter(place_names(sum(1 for kind, _c, props in tokens if kind == "city" and not props.get("owner")), seed))
    for kind, cell, props in tokens:
        local = TOKEN_TILE[kind] + (props.get("seat", 0) if kind == "start" else 0)
        cx, cy = grid.cell_center(cell)
        label = f"Seat {props['seat']} start" if kind == "start" else (
            next(towns) if kind == "city" and not props.get("owner") else kind.capitalize())
        objects.append(MapObject(x=cx - size / 2, y=cy + size / 2, name=label, gid=token_gid + local,
                                 width=size, height=size, properties={"kind": kind, **props}))
    terrain_tsx = "terrain_square.tsx" if shape == "square" else "terrain_hex_pointy.tsx"
    folder = out.resolve().parent

    from game import resources

    def rel(name: str) -> str:
        return Path(os.path.relpath(resources.assets_dir() / name, folder)).as_posix()

    return TmxMap(width=width, height=height, tile_width=tile[0], tile_height=tile[1],
                  orientation="orthogonal" if shape == "square" else "hexagonal", stagger_axis="y",
                  hex_side_length=tile[2],
                  properties={"title": f"Random {width}x{height} ({seed})", "min_players": players,
                              "max_players": players},
                  tilesets=[(1, rel(terrain_tsx)), (token_gid, rel("tokens.tsx"))],
                  layers=[("ground", ground)] + ([("roads", roads_layer)] if road else []), objects=objects)


def write_random_map(out: str | os.PathLike, width: int, height: int, *, players: int, shape: str,
                     seed: int) -> dict:
    """Write a fair random map; returns its fairness table. Raises Unfair if no try succeeded."""
    out = Path(out)
    why = ""
    for attempt in range(TRIES):
        rng = np.random.default_rng([seed, width, height, players, int(shape == "hex"), attempt])
        try:
            topology, names, tokens, road = layout(width, height, players, shape, rng)
        except Unfair as e:
            why = str(e)
            continue
        write_tmx(out, tmx_map(out, topology, names, tokens, players, shape, seed, road))
        return {"attempt": attempt, "tokens": len(tokens)}
    raise Unfair(f"no fair layout in {TRIES} tries (last: {why}); try another --seed or a larger map")


GAME_MAP_SIZE = {"square": (28, 22), "hex": (32, 24)}


def new_game_map(folder: str | os.PathLike, *, players: int, seed: int) -> Path:
    """A random map for a new game, written to ``folder`` (the player's maps): the seed picks the
    shape, so the same seed and players give the same map again. Raises Unfair or OSError."""
    shape, players = _game_map_kind(players, seed)
    out = game_map_path(folder, players=players, seed=seed)
    width, height = GAME_MAP_SIZE[shape]
    out.parent.mkdir(parents=True, exist_ok=True)
    write_random_map(out, width, height, players=players, shape=shape, seed=seed)
    return out


def game_map_path(folder: str | os.PathLike, *, players: int, seed: int) -> Path:
    """Where ``new_game_map`` keeps the map of these players and seed."""
    shape, players = _game_map_kind(players, seed)
    return Path(folder) / f"random-{shape}-{players}p-{seed}.tmx"


def _game_map_kind(players: int, seed: int) -> tuple[str, int]:
    """A new game's random map: its shape (the seed picks it) and its seats (2 to 4)."""
    return ("square", "hex")[seed % 2], min(4, max(2, players))
