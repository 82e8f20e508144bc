"""What a designer making a map in Tiled runs into: each message names the thing and how to fix it."""
from pathlib import Path

import pytest

from game.maps.loader import check_map
from test_maps_hostile import ASSETS, base_map

ROOT = Path(__file__).resolve().parent.parent

MAX_PLAYERS = '<property name="max_players" type="int" value="2"/>'


def report_of(tmp_path, text: str):
    path = tmp_path / "designed.tmx"
    path.write_text(text)
    return check_map(path)


@pytest.mark.rule("R-SET-1")
def test_a_whole_max_players_typed_float_in_tiled_is_read_as_that_number(tmp_path):
    """Tiled's Add Property dialog keeps the type picked last: a float 2 is shown "2.0" and written value="2"."""
    report = report_of(tmp_path, base_map().replace(MAX_PLAYERS,
                                                    '<property name="max_players" type="float" value="2"/>'))
    assert report.problems == [] and report.board.max_players == 2


@pytest.mark.rule("R-SET-1")
@pytest.mark.parametrize("value", ["5", "2.5"])
def test_a_wrong_max_players_is_one_message_not_missing_seats_counted_from_a_guess(tmp_path, value):
    report = report_of(tmp_path, base_map().replace(MAX_PLAYERS,
                                                    f'<property name="max_players" type="float" value="{value}"/>'))
    assert any(f"max_players {float(value)!r} must be 2, 3 or 4" in p and "int property" in p
               for p in report.problems), report.problems
    assert not any("no start slot" in p for p in report.problems), report.problems


def with_object(text: str, obj: str) -> str:
    return text.replace(" </objectgroup>", f"  {obj}\n </objectgroup>")


def point(object_id: int, props: str, x: int = 160, y: int = 96, cls: str = "") -> str:
    kind = f' type="{cls}"' if cls else ""
    return (f'<object id="{object_id}" name="thing"{kind} x="{x}" y="{y}"><properties>{props}</properties>'
            '<point/></object>')


@pytest.mark.rule("R-SET-2")
@pytest.mark.parametrize("props, cls, says", [
    ('<property name="knd" value="monster"/>', "", "has no 'kind' property (one of city, mine, monster, item, "
     "resource, start); is 'knd' meant to be 'kind'?"),
    ('<property name="kind" value="Monster"/>', "", "unknown kind 'Monster' (expected one of city, mine, monster, "
     "item, resource, start); did you mean 'monster'?"),
    ('<property name="note" value="x"/>', "Monstr", "its class/type is 'Monstr', which is not a kind; "
     "did you mean 'monster'?"),
    ('<property name="kind" value="city"/><property name="tier" value="Castel"/>', "", "unknown tier 'Castel' "
     "(expected one of encampment, villa, estate, castle); did you mean 'castle'?"),
])
def test_a_token_with_a_slip_of_the_keyboard_is_told_what_was_meant(tmp_path, props, cls, says):
    report = report_of(tmp_path, with_object(base_map(), point(3, props, cls=cls)))
    assert any("layer 'tokens', object 3 'thing' at cell (2, 1): " in p and says in p for p in report.problems), \
        report.problems


@pytest.mark.rule("R-SET-4")
def test_a_start_slot_without_a_seat_says_so_in_words_and_names_the_slip(tmp_path):
    text = base_map().replace('<property name="seat" type="int" value="2"/>',
                              '<property name="sseat" type="int" value="2"/>')
    problems = report_of(tmp_path, text).problems
    assert any("object 2 'two' at cell (5, 3): start slot needs a 'seat' property, a whole number from 1 to 2 "
               "(max_players): it has none; is 'sseat' meant to be 'seat'?" in p for p in problems), problems
    assert not any("None" in p for p in problems), problems
    assert any("no start slot for seat 2" in p and "start slot object 2 has no valid seat" in p
               for p in problems), problems


@pytest.mark.rule("R-SET-2")
def test_a_misspelt_property_that_loads_anyway_is_warned_about(tmp_path):
    """'ownr' would leave the mine neutral and 'max_player' would leave max_players at 4 without a word."""
    text = with_object(base_map(props='<property name="min_player" type="int" value="2"/>'),
                       point(3, '<property name="kind" value="mine"/><property name="ownr" type="int" value="1"/>'))
    report = report_of(tmp_path, text)
    assert report.problems == [], report.problems
    assert any("object 3 'thing' at cell (2, 1): property 'ownr' is not one the game reads; did you mean 'owner'?"
               in w for w in report.warnings), report.warnings
    assert any("map property 'min_player' is not one the game reads; did you mean 'min_players'?" in w
               for w in report.warnings), report.warnings


def test_a_misspelt_tile_property_is_warned_about_once_per_tileset(tmp_path):
    tsx = tmp_path / "mine.tsx"
    tsx.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" name="mine" tilewidth="64" '
                   'tileheight="64" tilecount="32" columns="8">\n'
                   f' <image source="{ASSETS / "terrain_square.png"}" width="512" height="256"/>\n'
                   ' <tile id="0"><properties><property name="terrain" value="grass"/>'
                   '<property name="movecost" type="int" value="2"/></properties></tile>\n'
                   ' <tile id="1"><properties><property name="terrain" value="grass"/>'
                   '<property name="movecost" type="int" value="2"/></properties></tile>\n</tileset>\n')
    report = report_of(tmp_path, base_map(tileset=str(tsx)))
    slips = [w for w in report.warnings if "property 'movecost'" in w]
    assert len(slips) == 1 and "tileset 'mine' tile id 0" in slips[0] and "did you mean 'move_cost'?" in slips[0]


def test_a_tile_in_no_tileset_is_placed_at_its_cell_for_editors(tmp_path):
    """validate_map.py --json gives the cell, so Tiled's Issues panel can point at it."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("validate_map", ROOT / "tools" / "validate_map.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    path = tmp_path / "designed.tmx"
    path.write_text(base_map(data='<data encoding="csv">' + ",\n".join(["1,1,1,1,1,1", "1,1,1,99,1,1"]
                                                                         + ["1,1,1,1,1,1"] * 2) + "</data>"))
    [problem] = tool.as_json(str(path))["problems"]
    assert problem["layer"] == "ground" and problem["cell"] == [3, 1], problem
    assert "tile gid 99 is in no tileset" in problem["message"] and "paint the cell again" in problem["message"]


def hex_map(*, side: int = 36, axis: str = "y", version: str = "1.8") -> str:
    """A 4x4 pointy-hex grass map with its two start slots at the centres of cells (0, 0) and (3, 3)."""
    ground = '<data encoding="csv">' + ",\n".join(["1,1,1,1"] * 4) + "</data>"
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="{version}" tiledversion="{version}.0" orientation="hexagonal" renderorder="right-down" width="4"
     height="4" tilewidth="64" tileheight="72" infinite="0" hexsidelength="{side}" staggeraxis="{axis}"
     staggerindex="odd">
 <properties><property name="max_players" type="int" value="2"/></properties>
 <tileset firstgid="1" source="{ASSETS}/terrain_hex_pointy.tsx"/>
 <layer id="1" name="ground" width="4" height="4">{ground}</layer>
 <objectgroup id="2" name="tokens">
  <object id="1" x="32" y="36"><properties><property name="kind" value="start"/>
   <property name="seat" type="int" value="1"/></properties><point/></object>
  <object id="2" x="256" y="198"><properties><property name="kind" value="start"/>
   <property name="seat" type="int" value="2"/></properties><point/></object>
 </objectgroup>
</map>
"""


def test_the_hex_map_of_the_guide_is_good(tmp_path):
    report = report_of(tmp_path, hex_map())
    assert report.problems == [] and report.warnings == []
    assert sorted(t.cell for t in report.board.tokens) == [(0, 0), (3, 3)]


@pytest.mark.parametrize("changes, cause", [
    ({"side": 0}, "hex side length is 0 but terrain_hex_pointy.tsx is drawn for 36; set Map > Map Properties > "
                  "Tile Side Length (Hex) to 36"),
    ({"axis": "x"}, "pointy-topped (taller than wide) tiles on a stagger-x map"),
])
def test_a_hex_map_with_the_wrong_shape_names_the_cause_before_the_tokens_it_throws_off(tmp_path, changes, cause):
    """The game shows problems only: 'start is outside the map' alone sent the designer moving tokens."""
    problems = report_of(tmp_path, hex_map(**changes)).problems
    assert cause in problems[0] and "the problems after this one may come from it" in problems[0], problems
    assert any("start is outside the map" in p for p in problems[1:]), problems


def test_a_wrong_hex_side_on_a_map_that_loads_is_a_warning(tmp_path):
    report = report_of(tmp_path, hex_map(side=30))
    assert report.problems == [] and any("hex side length is 30" in w for w in report.warnings), report.warnings


def test_a_map_saved_in_a_newer_tmx_format_loads_and_says_where_to_look(tmp_path):
    report = report_of(tmp_path, hex_map(version="1.12"))
    assert report.problems == []
    assert any("saved by Tiled 1.12.0 in TMX format 1.12, newer than the 1.8-1.11 the game reads" in w
               and "Compatibility Version" in w for w in report.warnings), report.warnings
    assert report_of(tmp_path, hex_map(version="1.11")).warnings == []


def test_a_tileset_file_that_is_not_there_says_how_to_point_the_map_at_one(tmp_path):
    report = report_of(tmp_path, base_map(tileset=str(tmp_path / "terrain_sqare.tsx")))
    assert any("terrain_sqare.tsx not found; point the map at it again" in p and "terrain_square.tsx" in p
               for p in report.problems), report.problems


def test_an_embedded_tileset_says_where_tileds_export_button_is(tmp_path):
    """Tiled's map editor has no Tileset menu: the export is a button under the Tilesets view."""
    tsx = (ASSETS / "terrain_square.tsx").read_text().split("\n", 1)[1]
    embedded = tsx.replace('<tileset version="1.8" tiledversion="1.8.2" ', '<tileset firstgid="1" ').replace(
        'source="terrain_square.png"', f'source="{ASSETS}/terrain_square.png"')
    text = base_map().replace(f' <tileset firstgid="1" source="{ASSETS}/terrain_square.tsx"/>', embedded)
    problems = report_of(tmp_path, text).problems
    assert any("tileset 'terrain_square' is embedded" in p and "Export Tileset As button under Tiled's Tilesets "
               "view" in p and "Map > Add External Tileset" in p for p in problems), problems


@pytest.mark.parametrize("attr, value, field", [("staggeraxis", "z", "Stagger Axis"),
                                                 ("staggerindex", "1", "Stagger Index")])
def test_bad_stagger_settings_name_the_field_tiled_shows(tmp_path, attr, value, field):
    text = hex_map().replace(f'{attr}="{"y" if attr == "staggeraxis" else "odd"}"', f'{attr}="{value}"')
    problems = report_of(tmp_path, text).problems
    assert any(f"not '{value}' (Map > Map Properties > {field})" in p for p in problems), problems
