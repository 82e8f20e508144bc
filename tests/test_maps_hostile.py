"""Hostile maps (issue 17 item 10): each is refused quickly with a message naming the file and what to change."""
import base64
import os
import time
import zlib
from pathlib import Path

import pytest

from game.maps.loader import check_map

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
GRASS_ROW = ",".join(["1"] * 6)


def base_map(*, head: str = "", tileset: str = f"{ASSETS}/terrain_square.tsx", data: str | None = None,
             layer_attrs: str = "", object_attrs: str = 'x="32" y="32"', props: str = "",
             width: str = "6", height: str = "4") -> str:
    data = data or '<data encoding="csv">' + ",\n".join([GRASS_ROW] * 4) + "</data>"
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="{width}" height="{height}"
     tilewidth="64" tileheight="64" infinite="0"{head}>
 <properties><property name="max_players" type="int" value="2"/>{props}</properties>
 <tileset firstgid="1" source="{tileset}"/>
 <layer id="1" name="ground" width="{width}" height="{height}"{layer_attrs}>{data}</layer>
 <objectgroup id="2" name="tokens">
  <object id="1" name="one" {object_attrs}><properties><property name="kind" value="start"/>
   <property name="seat" type="int" value="1"/></properties><point/></object>
  <object id="2" name="two" x="352" y="224"><properties><property name="kind" value="start"/>
   <property name="seat" type="int" value="2"/></properties><point/></object>
 </objectgroup>
</map>
"""


def tileset_text(image: str, *, spacing: str = "0", image_size: tuple = (256, 128)) -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" name="t" tilewidth="64" '
            f'tileheight="64" spacing="{spacing}" tilecount="8" columns="4">\n'
            f' <image source="{image}" width="{image_size[0]}" height="{image_size[1]}"/>\n'
            ' <tile id="0"><properties><property name="terrain" value="grass"/></properties></tile>\n'
            '</tileset>\n')


def problems_of(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "hostile.tmx"
    path.write_text(text)
    started = time.process_time()
    report = check_map(path)
    assert time.process_time() - started < 2.0, "a hostile map must be refused quickly"
    assert report.problems, "the map should have been refused"
    assert all(str(path) in p for p in report.problems), report.problems
    return report.problems


def has(problems: list[str], *parts: str) -> bool:
    return any(all(part in p for part in parts) for p in problems)


def test_the_plain_map_is_good(tmp_path):
    (tmp_path / "hostile.tmx").write_text(base_map())
    assert check_map(tmp_path / "hostile.tmx").problems == []


def test_zip_bomb_layer_is_refused_without_unpacking_it(tmp_path):
    bomb = base64.b64encode(zlib.compress(bytes(40_000_000), 9)).decode()
    problems = problems_of(tmp_path, base_map(data=f'<data encoding="base64" compression="zlib">{bomb}</data>'))
    assert has(problems, "layer 'ground'", "has more cells", "6x4 = 24")


def test_a_map_too_big_is_refused_before_its_layers_are_read(tmp_path):
    problems = problems_of(tmp_path, base_map(width="100000", height="1"))
    assert has(problems, "width 100000 is more than 1024", "Resize Map")


def test_huge_declared_tileset_image_is_refused(tmp_path):
    (tmp_path / "big.tsx").write_text(tileset_text(f"{ASSETS}/terrain_square.png", image_size=(1000000, 1000000)))
    problems = problems_of(tmp_path, base_map(tileset="big.tsx"))
    assert has(problems, "tileset 'big.tsx'", "over 16384")


def test_negative_tileset_spacing_is_refused(tmp_path):
    (tmp_path / "neg.tsx").write_text(tileset_text(f"{ASSETS}/terrain_square.png", spacing="-4"))
    assert has(problems_of(tmp_path, base_map(tileset="neg.tsx")), "tileset 'neg.tsx'", "spacing='-4'", "0 to")


def test_a_tileset_whose_image_is_not_an_image_is_refused(tmp_path):
    (tmp_path / "readme.tsx").write_text(tileset_text(str(ROOT / "README.md")))
    problems = problems_of(tmp_path, base_map(tileset="readme.tsx"))
    assert has(problems, "tileset 'readme.tsx'", "README.md", "is not a PNG")


def test_huge_layer_offset_is_refused(tmp_path):
    problems = problems_of(tmp_path, base_map(layer_attrs=' offsetx="1e12"'))
    assert has(problems, "layer 'ground'", "offsetx='1e12'", "between")


@pytest.mark.parametrize("gid", [10 ** 20, 2 ** 32])
def test_tile_gid_beyond_32_bits_is_refused(tmp_path, gid):
    data = '<data encoding="csv">' + ",\n".join([f"{gid},1,1,1,1,1"] + [GRASS_ROW] * 3) + "</data>"
    assert has(problems_of(tmp_path, base_map(data=data)), "layer 'ground'", f"tile gid {gid} is not a valid tile")


def test_short_base64_layer_is_refused(tmp_path):
    short = base64.b64encode(bytes(4 * 3)).decode()
    assert has(problems_of(tmp_path, base_map(data=f'<data encoding="base64">{short}</data>')),
               "layer 'ground'", "has 3 cells, the map is 6x4 = 24")


@pytest.mark.parametrize("value", ["nan", "inf", "1e309"])
def test_object_coordinates_that_are_not_numbers_are_refused(tmp_path, value):
    problems = problems_of(tmp_path, base_map(object_attrs=f'x="{value}" y="32"'))
    assert has(problems, "object 1 'one'", f"x='{value}'")


def test_fractional_max_players_is_refused(tmp_path):
    text = base_map().replace('<property name="max_players" type="int" value="2"/>',
                              '<property name="max_players" type="float" value="2.5"/>')
    assert has(problems_of(tmp_path, text), "max_players 2.5 must be 2, 3 or 4")


@pytest.mark.parametrize("side", ["-36", "x"])
def test_bad_hex_side_length_is_refused(tmp_path, side):
    text = base_map(head=f' hexsidelength="{side}" staggeraxis="y" staggerindex="odd"').replace(
        'orientation="orthogonal"', 'orientation="hexagonal"')
    assert has(problems_of(tmp_path, text), f"hexsidelength='{side}'", "Tile Side Length (Hex)")


def test_a_class_property_of_unknown_class_does_not_crash(tmp_path):
    prop = ('<property name="weather" type="class" propertytype="Foo"><properties>'
            '<property name="rain" type="int" value="3"/></properties></property>')
    (tmp_path / "hostile.tmx").write_text(base_map(props=prop))
    assert check_map(tmp_path / "hostile.tmx").problems == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_not_read(tmp_path):
    fifo = tmp_path / "fifo.tmx"
    os.mkfifo(fifo)
    problems = check_map(fifo).problems
    assert has(problems, str(fifo), "not a regular file")


def test_a_very_wide_board_fits_the_minimap():
    """The largest map side the loader accepts still draws a minimap (it crashed at 100000x1)."""
    pygame = pytest.importorskip("pygame")
    from game.board import Board
    from game.maps.structure import MAX_MAP_SIDE
    from game.ui.board.geometry import BoardGeometry
    from game.ui.board.minimap import Minimap
    pygame.display.init()
    try:
        for width, height, kind in ((MAX_MAP_SIDE, 1, "square"), (1, MAX_MAP_SIDE, "hex")):
            board = Board.blank(width, height, kind)
            assert min(Minimap(board, BoardGeometry(board)).size) >= 8
    finally:
        pygame.display.quit()


def test_an_unknown_xml_encoding_is_a_message(tmp_path):
    text = base_map().replace('encoding="UTF-8"', 'encoding="klingon"')
    assert has(problems_of(tmp_path, text), "encoding", "UTF-8")


# --- fuzz: any attribute of the map, its tileset or its template set to a hostile value -------------------
import re  # noqa: E402
import shutil  # noqa: E402

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

TILED = ROOT / "tests" / "data" / "tiled"
HOSTILE_VALUES = ["-1", "nan", "1e400", "", "x", "99999999999999999999", "0", "2.5", "inf", "4294967296", "-64",
                  "true", "65"]
ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')


@pytest.fixture(scope="module")
def fuzz_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz")
    shutil.copy(TILED / "city.tx", folder / "city.tx")
    return folder


def sources() -> dict[str, str]:
    return {
        "m.tmx": (TILED / "semantics.tmx").read_text().replace("../../../assets/terrain_square.tsx", "t.tsx")
        .replace("../../../assets/", f"{ASSETS}/"),
        "t.tsx": (ASSETS / "terrain_square.tsx").read_text().replace('source="terrain_square.png"',
                                                                      f'source="{ASSETS}/terrain_square.png"'),
        "item.tx": (TILED / "item.tx").read_text().replace("../../../assets/", f"{ASSETS}/"),
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_hostile_attribute_values_never_crash_the_reader(fuzz_folder, data):
    texts = sources()
    name = data.draw(st.sampled_from(sorted(texts)))
    for _ in range(data.draw(st.integers(1, 3))):
        matches = list(ATTRIBUTE.finditer(texts[name]))
        m = matches[data.draw(st.integers(0, len(matches) - 1))]
        texts[name] = texts[name][:m.start(2)] + data.draw(st.sampled_from(HOSTILE_VALUES)) + texts[name][m.end(2):]
    for file, text in texts.items():
        (fuzz_folder / file).write_text(text)
    report = check_map(fuzz_folder / "m.tmx")
    unexpected = [p for p in report.problems if "cannot be read:" in p]
    assert not unexpected, unexpected
    assert all(str(fuzz_folder) in p for p in report.problems)


@pytest.mark.rule("R-MOV-2")
def test_a_move_cost_beyond_the_bound_is_refused(tmp_path):
    tsx = (ASSETS / "terrain_square.tsx").read_text().replace('source="terrain_square.png"',
                                                                f'source="{ASSETS}/terrain_square.png"')
    first_cost = '<property name="move_cost" type="int" value="1"/>'
    (tmp_path / "costly.tsx").write_text(tsx.replace(first_cost, first_cost.replace('"1"', '"4294967296"'), 1))
    problems = problems_of(tmp_path, base_map(tileset="costly.tsx"))
    assert has(problems, "tileset 'costly.tsx' tile id 0", "move_cost 4294967296 is more than 100")
