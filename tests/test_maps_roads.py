"""Roads on the shipped maps are drawn as they run: every step a road takes shows on both cells, a diagonal
step on a square map included (road_diagonals.tsx), with the corners it cuts across drawn in the cells
beside it, so a player sees one road where the map has one."""
import json
import math
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

from game.maps import ASSETS_DIR, MAPS_DIR, load_map, shipped_maps
from game.maps.geometry import cell_center

MANIFEST = json.loads((ASSETS_DIR / "terrain.json").read_text())
DIAGONAL = MANIFEST["road_diagonals"]


def layers_and_tilesets(path: Path):
    root = ET.parse(path).getroot()
    tilesets = sorted((int(t.get("firstgid")), Path(t.get("source")).stem) for t in root.iter("tileset"))
    layers = {}
    for layer in root.iter("layer"):
        text = layer.find("data").text.strip()
        layers[layer.get("name")] = [[int(v) for v in row.rstrip(",").split(",")] for row in text.splitlines()]
    return layers, tilesets


def local_tile(gid: int, tilesets) -> tuple[str, int]:
    first, name = max((f, n) for f, n in tilesets if f <= gid)
    return name, gid - first


def road_exits(gid: int, tilesets) -> list[float]:
    """The screen angles of the exits the road tile draws."""
    name, local = local_tile(gid, tilesets)
    if name == "road_diagonals":
        mask, angles = local + DIAGONAL["first_mask"], DIAGONAL["road_angles"]
    else:
        mask, angles = local - MANIFEST["road_first_id"], MANIFEST["tilesets"][name]["road_angles"]
    assert local < DIAGONAL["corner_first_id"] if name == "road_diagonals" else mask >= 0
    return [a for bit, a in enumerate(angles) if mask >> bit & 1]


def towards(board, cell, angle):
    """The neighbour of ``cell`` an exit at ``angle`` leads to."""
    cx, cy = cell_center(board, cell)
    def off(n):
        nx, ny = cell_center(board, n)
        return abs(math.remainder(math.atan2(ny - cy, nx - cx) - angle, math.tau))
    best = min(board.topology.neighbours(cell), key=off, default=None)
    return best if best is not None and off(best) < math.radians(20) else None


def components(cells, joined):
    seen, out = set(), []
    for start in cells:
        if start in seen:
            continue
        part, todo = set(), [start]
        while todo:
            cell = todo.pop()
            if cell in part:
                continue
            part.add(cell)
            todo.extend(n for n in joined(cell) if n not in part)
        seen |= part
        out.append(frozenset(part))
    return set(out)


@pytest.mark.parametrize("path", shipped_maps(), ids=lambda p: p.stem)
def test_drawn_roads_join_the_cells_the_roads_join(path):
    board = load_map(path)
    layers, tilesets = layers_and_tilesets(path)
    road = {cell for cell in board.topology.cells() if board.terrain[cell[1]][cell[0]] == "road"}
    exits = {}
    for c, r in road:
        gid = layers["roads"][r][c]
        exits[(c, r)] = [towards(board, (c, r), a) for a in road_exits(gid, tilesets)]
    for cell, leads in exits.items():
        for n in leads:
            assert n in road, f"{path.stem}: the road at {cell} leads off the road, to {n}"
            assert cell in exits[n], f"{path.stem}: the road at {cell} leads to {n}, which has no exit back"
    drawn = components(road, lambda cell: exits[cell])
    adjacent = components(road, lambda cell: [n for n in board.topology.neighbours(cell) if n in road])
    assert drawn == adjacent, f"{path.stem}: the drawn roads break where the map's roads run on"
    corners = layers.get("road_corners")
    for cell, leads in exits.items():
        for n in leads:
            if board.kind != "square" or n[0] == cell[0] or n[1] == cell[1]:
                continue
            for side in ((cell[0], n[1]), (n[0], cell[1])):      # the cells whose corner the step cuts
                name, local = local_tile(corners[side[1]][side[0]], tilesets)
                bits = local - DIAGONAL["corner_first_id"] + 1
                sx, sy = cell_center(board, side)
                mx, my = [(a + b) / 2 for a, b in zip(cell_center(board, cell), cell_center(board, n))]
                angle = math.atan2(my - sy, mx - sx)
                bit = min(range(4), key=lambda i: abs(math.remainder(angle - DIAGONAL["corner_angles"][i], math.tau)))
                assert name == "road_diagonals" and 1 <= bits <= 15 and bits >> bit & 1, (
                    f"{path.stem}: the road from {cell} to {n} cuts the corner of {side}, drawn without it")


def test_the_diagonal_road_tiles_draw_their_exits_and_corners():
    sheet = pygame.image.load(str(ASSETS_DIR / "road_diagonals.png"))
    root = ET.parse(ASSETS_DIR / "road_diagonals.tsx").getroot()
    columns, size = int(root.get("columns")), int(root.get("tilewidth"))
    props = {int(t.get("id")): {p.get("name"): p.get("value") for p in t.iter("property")} for t in root.iter("tile")}

    def opaque(tid, x, y):
        return sheet.get_at(((tid % columns) * size + x, (tid // columns) * size + y)).a > 0

    # just inside each exit: N E S W (edge midpoints) then NE SE SW NW (corners)
    probes = [(32, 2), (61, 32), (32, 61), (2, 32), (61, 2), (61, 61), (2, 61), (2, 2)]
    for tid in range(DIAGONAL["corner_first_id"]):
        mask = tid + DIAGONAL["first_mask"]
        assert props[tid]["terrain"] == "road" and props[tid]["move_cost"] == "1"
        assert [opaque(tid, x, y) for x, y in probes] == [bool(mask >> bit & 1) for bit in range(8)], tid
    for bits in range(1, 16):
        tid = DIAGONAL["corner_first_id"] + bits - 1
        assert tid not in props, "a corner piece is decoration: the cell keeps its own terrain"
        assert [opaque(tid, x, y) for x, y in probes[4:]] == [bool(bits >> bit & 1) for bit in range(4)], bits
        assert not opaque(tid, 32, 32)



# --- tools/join_roads.py: a designer's painted roads ------------------------------------------------------

def map_copy(tmp_path, name: str) -> Path:
    """A shipped map in a folder beside the shipped tilesets (../assets), as a designer's own."""
    (tmp_path / "maps").mkdir(exist_ok=True)
    if not (tmp_path / "assets").exists():
        (tmp_path / "assets").symlink_to(ASSETS_DIR, target_is_directory=True)
    copy = tmp_path / "maps" / f"{name}.tmx"
    copy.write_text((MAPS_DIR / f"{name}.tmx").read_text())
    return copy


def painted_over(path: Path, plain_road_gid: int) -> None:
    """Every road cell painted with one plain road tile, the corners and road_diagonals.tsx gone: a
    designer's first strokes."""
    root = ET.parse(path).getroot()
    board = load_map(path)
    for layer in list(root.iter("layer")):
        if layer.get("name") == "road_corners":
            root.remove(layer)
    for tileset in list(root.findall("tileset")):
        if "road_diagonals" in tileset.get("source"):
            root.remove(tileset)
    roads_layer = next(layer for layer in root.iter("layer") if layer.get("name") == "roads")
    rows = [[int(v) for v in row.rstrip(",").split(",")] for row in roads_layer.find("data").text.strip().splitlines()]
    rows = [[plain_road_gid if gid and board.tiles[gid].terrain == "road" else gid for gid in row] for row in rows]
    roads_layer.find("data").text = "\n" + ",\n".join(",".join(map(str, row)) for row in rows) + "\n"
    path.write_text(ET.tostring(root, encoding="unicode"))


@pytest.mark.parametrize("path", shipped_maps(), ids=lambda p: p.stem)
def test_joining_painted_roads_draws_them_as_the_shipped_map_does(tmp_path, path):
    """Paint the roads of a shipped map with one plain tile, join: the same tiles as shipped (make_maps.py
    lays its roads by the same rule), corners and road_diagonals.tsx included."""
    from game.maps.road_join import join_roads
    copy = map_copy(tmp_path, path.stem)
    painted_over(copy, plain_road_gid=1 + MANIFEST["road_first_id"] + 1)
    joined = join_roads(copy)
    assert joined.layer == "roads" and joined.changed > 0
    shipped, _ = layers_and_tilesets(path)
    again, tilesets = layers_and_tilesets(copy)
    assert again == shipped, "the joined layers differ from the shipped map's"
    assert tilesets == layers_and_tilesets(path)[1]
    assert join_roads(copy).changed == 0, "joining again changes nothing"
    test_drawn_roads_join_the_cells_the_roads_join(copy)


def test_join_reads_any_layer_encoding_and_leaves_the_rest_of_the_map_alone(tmp_path):
    import base64
    import struct
    import zlib
    from game.maps.road_join import join_roads
    copy = map_copy(tmp_path, "riverlands")
    painted_over(copy, plain_road_gid=1 + MANIFEST["road_first_id"] + 1)
    root = ET.parse(copy).getroot()
    data = next(layer for layer in root.iter("layer") if layer.get("name") == "roads").find("data")
    values = [int(v) for v in data.text.replace("\n", "").split(",")]
    data.set("encoding", "base64")
    data.set("compression", "zlib")
    data.text = base64.b64encode(zlib.compress(struct.pack(f"<{len(values)}I", *values))).decode()
    copy.write_text(ET.tostring(root, encoding="unicode"))
    before = load_map(copy)
    join_roads(copy)
    after = load_map(copy)
    assert layers_and_tilesets(copy)[0]["roads"] == layers_and_tilesets(MAPS_DIR / "riverlands.tmx")[0]["roads"]
    assert [(t.kind, t.cell, t.name, t.owner) for t in after.tokens] == [(t.kind, t.cell, t.name, t.owner)
                                                                         for t in before.tokens]
    assert (after.move_cost == before.move_cost).all() and after.title == before.title


def test_the_join_command_answers_a_designer_in_words(tmp_path):
    import subprocess
    import sys
    root = Path(__file__).resolve().parent.parent
    copy = map_copy(tmp_path, "free_cities")
    painted_over(copy, plain_road_gid=1 + MANIFEST["road_first_id"] + 1)
    text = copy.read_text()

    def run(*args):
        return subprocess.run([sys.executable, "tools/join_roads.py", *args], cwd=root, capture_output=True,
                              text=True)
    dry = run("--dry-run", str(copy))
    assert dry.returncode == 0 and "would change" in dry.stdout and copy.read_text() == text
    done = run(str(copy))
    assert done.returncode == 0 and "step diagonally (road_diagonals.tsx, added to the map)" in done.stdout
    assert "road_corners" in copy.read_text()
    bare = tmp_path / "maps" / "bare.tmx"
    bare.write_text(re.sub(r'(<layer id="2" name="roads"[^>]*>\s*<data encoding="csv">)[^<]*',
                           lambda m: m.group(1) + ",".join(["0"] * 24 * 24), copy.read_text()))
    for args, words in [((str(bare),), "no road tiles to join"), (("no_such_map",), "no map 'no_such_map'"),
                        ((str(tmp_path / "gone.tmx"),), "gone.tmx")]:
        out = run(*args)
        assert out.returncode == 1 and words in out.stderr and "Traceback" not in out.stderr, out.stderr
    assert run().returncode == 2


@pytest.mark.skipif(shutil.which("tiled") is None, reason="Tiled is not installed")
def test_tiled_opens_a_joined_map_and_keeps_its_roads(tmp_path):
    """The file join_roads.py writes is one Tiled reads and saves again as it was."""
    import os
    import subprocess
    from game.maps.road_join import join_roads
    copy = map_copy(tmp_path, "free_cities")
    painted_over(copy, plain_road_gid=1 + MANIFEST["road_first_id"] + 1)
    join_roads(copy)
    resaved = tmp_path / "maps" / "resaved.tmx"
    out = subprocess.run(["tiled", "--export-map", "tmx", str(copy), str(resaved)],
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert layers_and_tilesets(resaved) == layers_and_tilesets(MAPS_DIR / "free_cities.tmx")


def test_the_validator_says_when_painted_roads_are_not_joined(tmp_path):
    from game.maps.loader import check_map
    from game.maps.road_join import join_roads
    copy = map_copy(tmp_path, "free_cities")
    painted_over(copy, plain_road_gid=1 + MANIFEST["road_first_id"] + 1)
    report = check_map(copy)
    warnings = [w for w in report.warnings if "road tiles do not lead" in w]
    assert not report.problems and len(warnings) == 1, report.warnings
    assert "layer 'roads': 60 road tiles" in warnings[0] and "first at cell (" in warnings[0]
    assert "Join this map's roads" in warnings[0]
    join_roads(copy)
    assert check_map(copy).warnings == []
    assert check_map(MAPS_DIR / "free_cities.tmx").warnings == []
