"""The terrain tilesets carry Tiled terrain brushes (Wang sets) that agree with the tiles' own properties."""
import json
import math
import os
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from game.maps.wang import tileset_wang_sets

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
MANIFEST = json.loads((ASSETS / "terrain.json").read_text())
TILESETS = sorted(MANIFEST["tilesets"])


def wang_sets(name: str) -> dict[str, ET.Element]:
    root = ET.parse(ASSETS / f"{name}.tsx").getroot()
    return {w.get("name"): w for w in root.findall("./wangsets/wangset")}


def terrain_of(name: str) -> dict[int, str]:
    root = ET.parse(ASSETS / f"{name}.tsx").getroot()
    return {int(t.get("id")): t.find("./properties/property[@name='terrain']").get("value")
            for t in root.findall("tile") if t.find("./properties/property[@name='terrain']") is not None}


@pytest.mark.parametrize("name", TILESETS)
def test_tileset_files_hold_the_generated_wang_sets(name):
    assert tileset_wang_sets(MANIFEST, name) in (ASSETS / f"{name}.tsx").read_text()


@pytest.mark.rule("R-MOV-2")
@pytest.mark.parametrize("name", TILESETS)
def test_ground_brush_colours_are_the_tiles_terrain(name):
    ground = wang_sets(name)["ground"]
    assert ground.get("type") == "mixed"
    colours = [c.get("name") for c in ground.findall("wangcolor")]
    terrain = terrain_of(name)
    painted = {}
    for tile in ground.findall("wangtile"):
        ids = set(tile.get("wangid").split(","))
        assert len(ids) == 1, "a ground tile is all one colour"
        painted[int(tile.get("tileid"))] = colours[int(ids.pop()) - 1]
    assert painted == {tid: terrain[tid] for tid in MANIFEST["ground"].values()}


@pytest.mark.parametrize("name", [n for n in TILESETS if MANIFEST["tilesets"][n]["geometry"][2] == 0])
def test_road_brush_edges_are_the_road_tiles_exits(name):
    roads = wang_sets(name)["roads"]
    assert roads.get("type") == "edge"
    angles = MANIFEST["tilesets"][name]["road_angles"]
    sides = []
    for angle in angles:   # which side an exit leaves by, from its direction (screen y points down)
        dx, dy = math.cos(angle), math.sin(angle)
        sides.append("top" if dy < -0.5 else "bottom" if dy > 0.5 else "right" if dx > 0 else "left")
    slot = {"top": 0, "right": 2, "bottom": 4, "left": 6}
    tiles = {int(t.get("tileid")): [int(v) for v in t.get("wangid").split(",")] for t in roads.findall("wangtile")}
    first = MANIFEST["road_first_id"]
    assert set(tiles) == {first + mask for mask in range(1, 1 << len(angles))}
    for tid, wangid in tiles.items():
        expected = [0] * 8
        for bit, side in enumerate(sides):
            if (tid - first) >> bit & 1:
                expected[slot[side]] = 1
        assert wangid == expected, tid


def test_hex_tilesets_have_no_road_brush():
    """Tiled's Wang brush is for square grids; a road brush on a hex tileset would join the wrong tiles."""
    for name in TILESETS:
        if MANIFEST["tilesets"][name]["geometry"][2]:
            assert set(wang_sets(name)) == {"ground"}


@pytest.mark.skipif(shutil.which("tiled") is None, reason="Tiled is not installed")
@pytest.mark.parametrize("name", TILESETS)
def test_tiled_reads_the_wang_sets(name, tmp_path):
    out = tmp_path / "t.json"
    subprocess.run(["tiled", "--export-tileset", "json", str(ASSETS / f"{name}.tsx"), str(out)], check=True,
                   capture_output=True, timeout=120, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    exported = {w["name"]: w for w in json.loads(out.read_text())["wangsets"]}
    assert set(exported) == set(wang_sets(name))
    for set_name, element in wang_sets(name).items():
        assert len(exported[set_name]["wangtiles"]) == len(element.findall("wangtile"))
