"""A map made for some player counts only (its ``players`` property, e.g. "2,4"): read by the loader and the
title's header reader, refused with a reason everywhere a game is set up for another count (R-SET-1)."""
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.engine import IllegalAction, new_game
from game.engine.setup import Seat
from game.map_players import player_counts, players_text
from game.maps import MAPS_DIR, load_map
from game.maps.loader import check_map
from game.ui.menus.map_catalog import read_header
from test_maps_hostile import base_map

ROOT = Path(__file__).resolve().parent.parent
FOUR_SLOTS = """
  <object id="3" name="three" x="96" y="224"><properties><property name="kind" value="start"/>
   <property name="seat" type="int" value="3"/></properties><point/></object>
  <object id="4" name="four" x="288" y="32"><properties><property name="kind" value="start"/>
   <property name="seat" type="int" value="4"/></properties><point/></object>
 </objectgroup>"""


def four_corner_map(props: str) -> str:
    text = base_map().replace('<property name="max_players" type="int" value="2"/>', props)
    return text.replace(" </objectgroup>", FOUR_SLOTS, 1)


def seats(n):
    return [Seat(f"P{i}", "computer") for i in range(1, n + 1)]


@pytest.mark.rule("R-SET-1")
def test_a_map_for_two_or_four_refuses_three_players_and_takes_two_and_four(tmp_path):
    path = tmp_path / "corners.tmx"
    path.write_text(four_corner_map('<property name="players" value="2,4"/>'))
    board = load_map(path)
    assert board.counts == (2, 4) and (board.min_players, board.max_players) == (2, 4)
    assert read_header(path).counts == (2, 4)           # the title knows before loading the map
    with pytest.raises(IllegalAction, match="is a map for 2 or 4 players, not 3"):
        new_game(board, seats(3), 1)
    for n in (2, 4):
        state, _ = new_game(board, seats(n), 1)
        assert sorted(state.players) == list(range(1, n + 1))


@pytest.mark.parametrize("props,message", [
    ('<property name="players" value="2,5"/>', "players '2,5' must list counts from 2 to 4"),
    ('<property name="players" value="two"/>', "players 'two' must list counts"),
    ('<property name="players" value="2,4"/><property name="max_players" type="int" value="3"/>',
     "players '2,4' lists a count outside min_players 2 to max_players 3"),
])
def test_a_wrong_players_property_is_named_with_what_to_write(tmp_path, props, message):
    path = tmp_path / "corners.tmx"
    path.write_text(four_corner_map(props))
    problems = check_map(path).problems
    assert any(message in p and str(path) in p for p in problems), problems


@pytest.mark.rule("R-SET-1")
def test_a_map_that_no_longer_takes_four_still_replays_a_game_saved_with_four(tmp_path):
    """``players`` "2,3" on a map of four start slots: a new game is offered for 2 or 3 only (the title adds no
    fourth seat), while a game saved with 4 players before the map changed still loads."""
    from game.ui.menus.map_catalog import MapEntry
    path = tmp_path / "corners.tmx"
    path.write_text(four_corner_map('<property name="players" value="2,3"/>'
                                    '<property name="min_players" type="int" value="2"/>'
                                    '<property name="max_players" type="int" value="4"/>'))
    assert check_map(path).problems == []
    board = load_map(path)
    assert board.counts == (2, 3) and (board.min_players, board.max_players) == (2, 4)
    assert read_header(path).counts == (2, 3)
    with pytest.raises(IllegalAction, match="is a map for 2 or 3 players, not 4"):
        new_game(board, seats(4), 1)
    state, _ = new_game(board, seats(4), 1, replaying=True)
    assert sorted(state.players) == [1, 2, 3, 4]
    assert MapEntry(str(path), "Corners", board).players == (2, 3)


def test_without_the_property_the_range_stands():
    assert player_counts({"min_players": 2, "max_players": 3})[0] == (2, 3)
    assert player_counts({})[0] == (2, 3, 4)
    assert players_text((2, 3, 4)) == "2–4 players" and players_text((3,)) == "3 players"


def test_the_highlands_is_for_two_or_four_and_the_tools_say_so():
    """Three players did not share its four corners fairly (seat 3 between the other two won 19% of 100 games)."""
    assert load_map(MAPS_DIR / "highlands.tmx").counts == (2, 4)
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "tournament.py"), "--map", "highlands",
                             "--players", "3", "--levels", "easy,standard", "--games", "1"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and "is a map for 2 or 4 players, not 3" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_a_three_player_save_of_the_highlands_made_before_it_was_for_two_or_four_still_loads(tmp_path):
    """Nothing is lost: a game saved when the map took 3 players replays as it was (R-DICE-5)."""
    from game.ai.play import choose_action, seat_rng
    from game.engine import apply, load_game, save_game, snapshot
    board = load_map(MAPS_DIR / "highlands.tmx")
    state, _ = new_game(board, seats(3), 4, replaying=True)
    rngs = {s: seat_rng(4, s) for s in state.players}
    for _ in range(60):
        apply(state, choose_action(state, rngs[state.actor()], "standard"))
    save_game(state, tmp_path / "old.json")
    loaded = load_game(tmp_path / "old.json")
    assert len(loaded.players) == 3 and snapshot(loaded) == snapshot(state)


@pytest.mark.rule("R-SET-1")
def test_the_free_cities_takes_two_to_four_in_normal_but_two_or_four_in_campaign(tmp_path):
    """Its seats are fair in Normal with 2, 3 and 4 players (4 since its seats go round the table) and in
    Campaign with 2 and 4, not with 3 (seat 2 won 54% of 100 games): its ``campaign_players`` is "2,4"."""
    from game.engine import load_rules
    board = load_map(MAPS_DIR / "free_cities.tmx")
    assert board.counts_for("normal") == (2, 3, 4) and board.counts_for("campaign") == (2, 4)
    assert read_header(MAPS_DIR / "free_cities.tmx").campaign_counts == (2, 4)
    new_game(board, seats(4), 1)
    new_game(board, seats(4), 1, rules=load_rules("campaign"), mode="campaign")
    with pytest.raises(IllegalAction, match="a map for 2 or 4 players in Campaign, not 3"):
        new_game(board, seats(3), 1, rules=load_rules("campaign"), mode="campaign")
    path = tmp_path / "corners.tmx"
    path.write_text(four_corner_map('<property name="campaign_players" value="2,5"/>'))
    assert any("campaign_players '2,5' must list counts the map takes" in p for p in check_map(path).problems)


def test_the_title_turns_start_off_when_campaign_takes_fewer_players(tmp_path):
    """Switching to Campaign with 3 seats on The Free Cities: Start goes off and says why; back to Normal, on."""
    import pygame
    from game.ui.app import App
    from game.ui.menus.map_catalog import MapEntry
    from game.ui.menus.title import TitleScene
    app = App(headless=True)
    board = load_map(MAPS_DIR / "free_cities.tmx")
    scene = TitleScene(maps=[MapEntry(str(MAPS_DIR / "free_cities.tmx"), "The Free Cities", board)],
                       on_start=lambda o: None, saves_dir=tmp_path)
    app.push(scene)
    scene.add_seat()
    assert len(scene.seats) == 3 and scene.start_button.enabled
    scene._set_mode(1)
    assert not scene.start_button.enabled
    assert scene.start_button.tooltip == "Made for 2 or 4 players in Campaign: add or remove a player"
    scene.draw(pygame.Surface(app.screen.get_size()))
    scene._set_mode(0)
    assert scene.start_button.enabled
