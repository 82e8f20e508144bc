"""What a designer making a map in Tiled runs into: each message names the thing and how to fix it."""
import pytest

from game.maps.loader import check_map
from test_maps_hostile import base_map

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
