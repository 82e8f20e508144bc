"""Which start slots a smaller table takes (the map's ``seats_2``, ``seats_3``), and four corners numbered
round the table so that play goes round it (R-SET-3, R-SET-4)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.engine import new_game
from game.maps import MAPS_DIR, load_map
from game.maps.loader import check_map
from test_map_player_counts import four_corner_map, seats

# base_map's slots: seat 1 at cell (0, 0), seat 2 at (5, 3); FOUR_SLOTS adds seat 3 at (1, 3), seat 4 at (4, 0)
SLOT = {1: (0, 0), 2: (5, 3), 3: (1, 3), 4: (4, 0)}
SEAT_3_MINE = """
  <object id="9" name="seat 3's mine" x="160" y="96"><properties><property name="kind" value="mine"/>
   <property name="owner" type="int" value="3"/></properties><point/></object>
 </objectgroup>"""


def capitals(state) -> dict[int, tuple[int, int]]:
    return {city.owner: tuple(city.cell) for city in state.cities.values() if city.name.endswith("capital")}


def mine_owner(state) -> int:
    return next(m.owner for m in state.mines.values() if tuple(m.cell) == (2, 1))


def corners_map(tmp_path, props: str, extra: str = ""):
    text = four_corner_map('<property name="max_players" type="int" value="4"/>' + props)
    path = tmp_path / "corners.tmx"
    path.write_text(text.replace(" </objectgroup>", extra, 1) if extra else text)
    return path


@pytest.mark.rule("R-SET-4")
def test_two_players_take_the_seats_the_map_names_and_a_mine_of_an_empty_seat_stays_neutral(tmp_path):
    board = load_map(corners_map(tmp_path, '<property name="seats_2" value="1,3"/>', SEAT_3_MINE))
    state, _ = new_game(board, seats(2), 1)
    assert capitals(state) == {1: SLOT[1], 2: SLOT[3]}
    assert mine_owner(state) == 2               # the map's seat 3 is where player 2 sits
    state, _ = new_game(board, seats(3), 1)     # no seats_3: seats 1 to 3
    assert capitals(state) == {p: SLOT[p] for p in (1, 2, 3)}
    assert mine_owner(state) == 3
    state, _ = new_game(load_map(corners_map(tmp_path, "", SEAT_3_MINE)), seats(2), 1)
    assert capitals(state) == {1: SLOT[1], 2: SLOT[2]}
    assert mine_owner(state) == 0               # no one sits at seat 3


def _corners(board):
    slots = board.start_slots()
    mid_x, mid_y = board.width / 2, board.height / 2
    return {seat: (x > mid_x, y > mid_y) for seat, (x, y) in slots.items()}


@pytest.mark.rule("R-SET-3")
@pytest.mark.parametrize("name", ["riverlands", "highlands", "free_cities", "skirmish"])
def test_four_corners_are_numbered_round_the_table(name):
    """Turn order follows seat order round the table: each next seat is a neighbouring corner, never the
    one across the map (numbered across, The Free Cities' seat 1 won 19% of 300 four-player games)."""
    corner = _corners(load_map(MAPS_DIR / f"{name}.tmx"))
    assert len(set(corner.values())) == 4
    for seat in range(1, 5):
        following = seat % 4 + 1
        assert sum(a != b for a, b in zip(corner[seat], corner[following])) == 1, (seat, following)
    # counter-clockwise on the screen: from the upper left down to the lower left
    assert corner[1] == (False, False) and corner[2] == (False, True)


@pytest.mark.rule("R-SET-3")
def test_the_three_fords_seats_go_counter_clockwise_like_the_four_corner_maps():
    """1 upper left, 2 below, 3 upper right: the next player sits counter-clockwise on every shipped map."""
    board = load_map(MAPS_DIR / "three_fords.tmx")
    slots = board.start_slots()
    mid_x, mid_y = board.width / 2, board.height / 2
    (x1, y1), (x2, y2), (x3, y3) = (slots[s] for s in (1, 2, 3))
    assert x1 < mid_x and y1 < mid_y and x3 > mid_x and y3 < mid_y and y2 > mid_y


@pytest.mark.rule("R-SET-4")
@pytest.mark.parametrize("name", ["riverlands", "highlands", "free_cities"])
def test_two_players_sit_in_opposite_corners_and_three_keep_the_corners_they_had(name):
    board = load_map(MAPS_DIR / f"{name}.tmx")
    corner, slots = _corners(board), board.start_slots()
    first, second = board.seats_taken(2)
    assert sum(a != b for a, b in zip(corner[first], corner[second])) == 2
    assert board.capital_slots(2) == {1: slots[1], 2: slots[3]}
    assert board.seats_taken(3) == (1, 3, 4)


@pytest.mark.parametrize("value,message", [
    ("1,1", "seats_2 '1,1' must list 2 different seats from 1 to 4, such as \"1,3\""),
    ("1,5", "seats_2 '1,5' must list 2 different seats from 1 to 4"),
    ("1", "seats_2 '1' must list 2 different seats"),
    ("3,1", "seats_2 '3,1' must list its seats in rising order: play goes round the table in seat order (\"1,3\")"),
])
def test_a_wrong_seats_property_is_named_with_what_to_write(tmp_path, value, message):
    report = check_map(corners_map(tmp_path, f'<property name="seats_2" value="{value}"/>'))
    assert any(message in p and "map property" in p for p in report.problems), report.problems


def test_a_slip_in_a_seats_property_name_is_named(tmp_path):
    report = check_map(corners_map(tmp_path, '<property name="seat_2" value="1,3"/>'))
    assert any("'seat_2' is not one the game reads; did you mean 'seats_2'" in w for w in report.warnings)


@pytest.mark.rule("R-SET-3")
def test_the_validator_warns_when_four_seats_jump_across_the_map(tmp_path):
    """The small map's slots are numbered across (1 upper left, 2 lower right, 3 lower left, 4 upper right):
    turn order would jump across the table, so the designer is told which numbers go round it."""
    path = corners_map(tmp_path, "")
    report = check_map(path)
    assert report.problems == []
    assert report.warnings == [
        f"{path}: layer 'tokens', object 1 'one' at cell (0, 0): with 4 players "
        "play goes seat 1 → 2 → 3 → 4 (R-SET-3), which jumps across the map: seat 2's start slot (object 2) "
        "is not the next one round it. Counter-clockwise from seat 1 the start slots are seats 3, 2, 4: "
        "renumber them 2, 3, 4"], report.warnings


@pytest.mark.parametrize("name", ["free_cities", "highlands", "riverlands", "skirmish", "three_fords"])
def test_no_shipped_map_for_three_or_four_has_play_jump_across_it(name):
    assert check_map(MAPS_DIR / f"{name}.tmx").warnings == []
