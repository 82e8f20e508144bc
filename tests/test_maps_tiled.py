"""The loader reads a map as Tiled draws it: layer tree, offsets, rotation, templates, classes.

The fixture tests/data/tiled/semantics.tmx was saved by Tiled 1.8.2 itself
(tests/data/tiled/make_tiled_fixtures.py); the rotation test asks
tmxrasterizer where it draws a tile object.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.maps import Grid, load_map
from game.maps.loader import check_map

ROOT = Path(__file__).resolve().parent.parent
TILED = ROOT / "tests" / "data" / "tiled"
ASSETS = ROOT / "assets"
TOKENS_FIRSTGID = 33          # after the 32 tiles of terrain_square.tsx

# name: (kind, cell, owner, tier, seat); the tokens layer sits in a group offset by (64, 64).
EXPECTED = {
    "point start": ("start", (1, 1), 0, None, 1),
    "rotated start": ("start", (5, 4), 0, None, 2),            # 90°: footprint below-right of (x, y)
    "upside-down monster": ("monster", (2, 2), 0, None, None),  # 180°: footprint up-left of (x, y)
    "templated item": ("item", (6, 2), 0, None, None),          # tile, gid and size from item.tx
    "templated city": ("city", (2, 5), 2, "castle", None),      # owner from city.tx, tier overridden
    "class city": ("city", (4, 1), 0, "encampment", None),      # only the project's Token class defaults
    "typed monster": ("monster", (7, 5), 0, None, None),        # type="monster", no kind property
}


def tokens_by_name(board):
    return {t.name: (t.kind, t.cell, t.owner, t.tier, t.seat) for t in board.tokens}


@pytest.mark.rule("R-SET-2")
def test_tokens_land_where_tiled_draws_them():
    assert tokens_by_name(load_map(TILED / "semantics.tmx")) == EXPECTED


@pytest.mark.rule("R-MOV-2")
def test_hidden_groups_are_ignored_and_tile_layer_offsets_move_cells():
    board = load_map(TILED / "semantics.tmx")
    assert board.passable((4, 4))            # the water of 'roads' is inside a hidden group
    assert not board.passable((1, 5))        # the 'lake' layer is drawn one cell to the right
    assert board.passable((0, 5)) and board.terrain[5][1] == "water"


def test_hidden_object_is_not_a_token_and_the_validator_says_so():
    report = check_map(TILED / "semantics.tmx")
    assert report.problems == []
    assert "hidden item" not in tokens_by_name(report.board)
    out = subprocess.run([sys.executable, "tools/validate_map.py", "tests/data/tiled/semantics.tmx"], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0
    assert any("warning" in line and "object 4 'hidden item'" in line and "not a token" in line
               for line in out.stdout.splitlines()), out.stdout


def small_map(tmp_path: Path, objects: str, *, layer_name: str = "tokens", extra_tilesets: str = "",
              ground_tileset: str = "terrain_square.tsx", head: str = "", starts: bool = True) -> Path:
    """A 6x4 grass map in tmp_path whose tokens layer holds ``objects`` (and two start slots)."""
    ground = ",\n".join(",".join(["1"] * 6) for _ in range(4))
    start_slots = """<object id="1" x="32" y="32"><properties><property name="kind" value="start"/>
   <property name="seat" type="int" value="1"/></properties><point/></object>
  <object id="2" x="352" y="224"><properties><property name="kind" value="start"/>
   <property name="seat" type="int" value="2"/></properties><point/></object>""" if starts else ""
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="6" height="4"
     tilewidth="64" tileheight="64" infinite="0" nextlayerid="3" nextobjectid="20"{head}>
 <properties><property name="max_players" type="int" value="2"/></properties>
 <tileset firstgid="1" source="{ASSETS / ground_tileset}"/>
 <tileset firstgid="{TOKENS_FIRSTGID}" source="{ASSETS / 'tokens.tsx'}"/>{extra_tilesets}
 <layer id="1" name="ground" width="6" height="4"><data encoding="csv">{ground}</data></layer>
 <objectgroup id="2" name="{layer_name}">
  {start_slots}
  {objects}
 </objectgroup>
</map>
"""
    path = tmp_path / "map.tmx"
    path.write_text(text)
    return path


PROJECT = """{"propertyTypes": [{"id": 3, "name": "Token", "type": "class", "useAs": ["object"],
  "members": [{"name": "kind", "type": "string", "value": "KIND"}, {"name": "owner", "type": "int", "value": 0}]}]}"""


@pytest.mark.rule("R-SET-2")
def test_class_defaults_come_from_the_project_next_to_the_map(tmp_path):
    """Tiled >= 1.9 does not write a class member left at its default: the project has it."""
    (tmp_path / "designer.tiled-project").write_text(PROJECT.replace("KIND", "mine"))
    path = small_map(tmp_path, '<object id="3" name="c" class="Token" x="160" y="96"><point/></object>')
    assert tokens_by_name(load_map(path))["c"][:2] == ("mine", (2, 1))


@pytest.mark.rule("R-SET-2")
def test_class_defaults_fall_back_to_the_shipped_project(tmp_path):
    path = small_map(tmp_path, '<object id="3" name="c" class="Token" x="160" y="96"><point/></object>')
    assert tokens_by_name(load_map(path))["c"][:4] == ("city", (2, 1), 0, "encampment")


def test_a_type_that_is_no_kind_is_named_in_the_message(tmp_path):
    path = small_map(tmp_path, '<object id="3" name="r" type="resourc" x="160" y="96"><point/></object>')
    problems = check_map(path).problems
    assert any("object 3 'r'" in p and "no 'kind' property" in p and "'resourc'" in p for p in problems), problems


def test_a_tokens_layer_spelt_otherwise_is_named_in_the_message(tmp_path):
    problems = check_map(small_map(tmp_path, "", layer_name="Tokens")).problems
    assert any("'Tokens'" in p and "rename" in p for p in problems), problems


def test_a_missing_template_names_the_template(tmp_path):
    path = small_map(tmp_path, '<object id="3" name="t" template="nowhere.tx" x="160" y="96"/>')
    problems = check_map(path).problems
    assert any("object 3 't'" in p and "nowhere.tx" in p and "not found" in p for p in problems), problems


def test_class_valued_properties_do_not_break_loading(tmp_path):
    stats = ('<property name="stats" type="class" propertytype="Foo"><properties>'
             '<property name="hp" type="int" value="3"/></properties></property>')
    path = small_map(tmp_path, f'<object id="3" name="m" x="160" y="96"><properties>'
                               f'<property name="kind" value="monster"/>{stats}</properties><point/></object>')
    assert tokens_by_name(load_map(path))["m"][:2] == ("monster", (2, 1))
    bad = small_map(tmp_path, '<object id="3" name="k" x="160" y="96"><properties>'
                              '<property name="kind" type="class" propertytype="Foo"><properties/></property>'
                              '</properties><point/></object>')
    assert any("object 3 'k'" in p and "class value" in p for p in check_map(bad).problems)


def test_flipped_terrain_tiles_are_warned_about(tmp_path):
    path = small_map(tmp_path, "")
    path.write_text(path.read_text().replace("<data encoding=\"csv\">1,", f"<data encoding=\"csv\">{0x80000001},"))
    report = check_map(path)
    assert report.problems == []
    assert any("layer 'ground'" in w and "flipped" in w and "cell (0, 0)" in w for w in report.warnings)


def test_a_tileset_that_does_not_fit_the_map_is_warned_about():
    hex_x = (ROOT / "tests" / "data" / "maps" / "hex_x_odd.tmx").read_text()
    assert "terrain_hex_flat.tsx" in hex_x
    path = ROOT / "tests" / "data" / "maps" / "_pointy_on_x.tmx"
    try:
        path.write_text(hex_x.replace("terrain_hex_flat.tsx", "terrain_hex_pointy.tsx"))
        warnings = check_map(path).warnings
    finally:
        path.unlink()
    assert any("terrain_hex_pointy.tsx" in w and "64x72" in w and "72x64" in w for w in warnings), warnings
    assert any("stagger-x" in w and "flat-topped" in w for w in warnings), warnings
    assert check_map(ROOT / "tests" / "data" / "maps" / "hex_x_odd.tmx").warnings == []


@pytest.mark.rule("R-SET-2")
@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled's tmxrasterizer is not installed")
@pytest.mark.parametrize("rotation", [0, 90, 180, 270, 45])
def test_rotated_tile_objects_sit_where_tmxrasterizer_draws_them(tmp_path, rotation):
    pygame = pytest.importorskip("pygame")
    item = TOKENS_FIRSTGID + 10
    path = small_map(tmp_path, f'<object id="3" name="it" gid="{item}" x="192" y="192" width="64" height="64" '
                               f'rotation="{rotation}"/>', starts=False)
    text = path.read_text()    # only the item is drawn: no ground
    path.write_text(text.replace('name="ground"', 'name="ground" visible="0"'))
    png = tmp_path / "out.png"
    subprocess.run(["tmxrasterizer", str(path), str(png)], check=True, capture_output=True, timeout=60,
                   env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    image = pygame.image.load(str(png))
    bounds = image.get_bounding_rect(min_alpha=8)
    assert bounds.w > 0
    board = check_map(path).board
    drawn_cell = Grid.of(board).pixel_to_cell(*bounds.center)
    assert tokens_by_name(board)["it"][1] == drawn_cell


def rasterize(path: Path, out: Path, *layers: str) -> "object":
    """tmxrasterizer's picture of only ``layers`` of the map (a pygame Surface)."""
    pygame = pytest.importorskip("pygame")
    args = ["tmxrasterizer"] + [arg for name in layers for arg in ("--show-layer", name)] + [str(path), str(out)]
    subprocess.run(args, check=True, capture_output=True, timeout=60, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    return pygame.image.load(str(out))


@pytest.mark.rule("R-MOV-2")
@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled's tmxrasterizer is not installed")
def test_an_offset_tile_layer_lands_where_tmxrasterizer_draws_it(tmp_path):
    board = load_map(TILED / "semantics.tmx")
    image = rasterize(TILED / "semantics.tmx", tmp_path / "lake.png", "lake")
    drawn = image.get_bounding_rect(min_alpha=8)
    assert drawn.w > 0
    assert Grid.of(board).pixel_to_cell(*drawn.center) == (1, 5)
    assert [(c, r) for r in range(board.height) for c in range(board.width) if not board.passable((c, r))] == [(1, 5)]


@pytest.mark.rule("R-SET-2")
@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled's tmxrasterizer is not installed")
def test_grouped_rotated_and_hidden_tile_objects_agree_with_tmxrasterizer(tmp_path):
    """Only the tokens layer (in a group offset by 64, 64) is drawn: sprites sit in the loader's cells."""
    board = load_map(TILED / "semantics.tmx")
    image = rasterize(TILED / "semantics.tmx", tmp_path / "tokens.png", "pieces", "tokens")
    grid = Grid.of(board)

    def painted(cell) -> bool:        # anything drawn well inside the cell (outlines of neighbours excluded)
        x0, y0 = grid.cell_origin(cell)
        return any(image.get_at((x, y)).a > 100 for x in range(x0 + 12, x0 + 52, 2) for y in range(y0 + 12, y0 + 52, 2))

    cells = {t.name: t.cell for t in board.tokens}
    assert painted(cells["rotated start"]) and painted(cells["upside-down monster"])
    assert not painted((5, 3)) and not painted((3, 1))      # where they would be if rotation were ignored
    assert not painted((1, 4)) and (1, 4) not in cells.values()   # the hidden item: not drawn, no token


HEX_FIXTURES = ["hex_x_odd", "hex_x_even", "hex_y_odd", "hex_y_even"]
SWAMP_GID = 13          # ground tile 12 (swamp_1) of the terrain tilesets, firstgid 1


@pytest.mark.rule("R-MOV-2")
@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled's tmxrasterizer is not installed")
@pytest.mark.parametrize("name", HEX_FIXTURES)
@pytest.mark.parametrize("offset", [(0, 0), (54, 0), (0, 54), (36, 27), (-50, 60)])
def test_hex_tile_layer_offsets_agree_with_tmxrasterizer(tmp_path, name, offset):
    """A swamp tile on a layer drawn ``offset`` pixels away lands on the cell Tiled draws it in."""
    text = (ROOT / "tests" / "data" / "maps" / f"{name}.tmx").read_text().replace(
        'source="../../../assets/', f'source="{ASSETS}/')
    cells = ",".join("13" if i == 1 * 4 + 1 else "0" for i in range(16))     # the swamp at cell (1, 1)
    layer = (f' <group id="8" name="g" offsetx="{offset[0] / 2}" offsety="0">\n'
             f'  <layer id="9" name="swamp" width="4" height="4" offsetx="{offset[0] / 2}" offsety="{offset[1]}">'
             f'<data encoding="csv">{cells}</data></layer>\n </group>\n')
    path = tmp_path / "offset.tmx"
    path.write_text(text.replace(' <objectgroup', layer + ' <objectgroup', 1))
    board = check_map(path).board
    swamps = [(c, r) for r in range(board.height) for c in range(board.width) if board.terrain[r][c] == "swamp"]
    image = rasterize(path, tmp_path / "swamp.png", "g", "swamp")
    drawn = image.get_bounding_rect(min_alpha=8)
    # tmxrasterizer's picture starts at the top-left of everything drawn, the map's corner included
    cell = Grid.of(board).pixel_to_cell(drawn.centerx + min(0, offset[0]), drawn.centery + min(0, offset[1]))
    if board.topology.in_bounds(cell):
        assert swamps == [cell]
    else:
        assert swamps == []
