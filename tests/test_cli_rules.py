"""``python -m game --rules FILE`` is honoured on every path (issue 10): the title screen shows
the file as loaded with its [options] preselected; quick-test and terminal games use it too."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game import cli
from game.board import Board, MapToken
from game.engine import load_rules
from game.ui.app import App
from game.ui.menus.map_catalog import MapEntry
from game.ui.menus.title import TitlePreset, TitleScene
from game.ui.session import engine_rule_options
from test_cli import run_game

OPTIONS = ("[options]\nstarting_hero = true\nhero_cap = true\nhero_cap_count = 3\n"
           "day_limit = true\nday_limit_days = 12\n")


@pytest.fixture
def rules_file(tmp_path):
    path = tmp_path / "playtest.toml"
    path.write_text(OPTIONS + "[movement]\nroll = \"1d4+20\"\n")
    return str(path)


@pytest.fixture
def window(monkeypatch):
    """``run_window`` replaced: what the command line would open the window with."""
    opened = []
    monkeypatch.setattr("game.ui.app.run", lambda options=None: opened.append(options) or 0)
    return opened


def title_with(preset):
    App(headless=True)
    board = Board.blank(12, 10, tokens=[MapToken("start", (1, 1), seat=1), MapToken("start", (9, 8), seat=2)],
                        title="Good")
    board.max_players = 3
    return TitleScene(maps=[MapEntry("maps/good.tmx", "Good", board)], preset=preset)


@pytest.mark.rule("R-SET-5", "R-BLD-6", "R-END-2")
def test_the_title_screen_preselects_the_rules_files_options_and_starts_with_the_file(rules_file):
    scene = title_with(TitlePreset("campaign", 3, 77, rules_file))
    boxes = scene.rule_boxes
    assert boxes["starting_hero"].checked and boxes["hero_cap_2"].checked and boxes["day_limit"].checked
    assert not boxes["legacy_gold_mine"].checked
    assert scene.day_spinner.value == 12 and scene.mode_toggle.index == 1 and len(scene.seats) == 3
    options = scene.options
    assert options.rules_file == rules_file and options.mode == "campaign" and options.seed == 77
    rules = load_rules(options.mode, overlay=options.rules_file, options=engine_rule_options(options))
    assert rules.option("starting_hero") and rules["options"]["hero_cap_count"] == 3      # the file's count stays
    assert rules["options"]["day_limit_days"] == 12 and rules["movement"]["roll"] == "1d4+20"


def test_without_a_map_the_command_line_opens_the_title_screen_with_the_rules(rules_file, window):
    assert cli.run(["--rules", rules_file, "--mode", "campaign", "--seed", "5"]) == 0
    assert window == [TitlePreset("campaign", None, 5, rules_file)]


def test_a_quick_test_game_takes_the_rules_files_options(rules_file, window):
    assert cli.run(["--map", "maps/meadow.tmx", "--rules", rules_file]) == 0
    (options,) = window
    assert options.rules_file == rules_file
    assert options.rules.starting_hero and options.rules.hero_cap_2 and options.rules.day_limit == 12


@pytest.mark.rule("R-END-2")
def test_a_terminal_game_ends_at_the_rules_files_day_limit(tmp_path):
    short = tmp_path / "short.toml"
    short.write_text("[options]\nday_limit = true\nday_limit_days = 2\n")
    result = run_game("--terminal", "--seed", "4", "--rules", str(short))
    assert result.returncode == 0, result.stderr
    assert "Game over on day 3, by the day limit" in result.stdout      # the file's 2 days, not the default 40


def test_a_rules_file_the_chosen_mode_refuses_is_shown_as_a_rules_problem_not_a_map_problem(tmp_path):
    from game.ui.board.launch import make_board_scene
    from game.ui.menus.options import NewGameOptions, default_seats
    normal_only = tmp_path / "normal_only.toml"
    normal_only.write_text('[mines]\nresource_types = ["coin"]\n')      # Campaign's mines roll 1d4 of them
    App(headless=True)
    board = Board.blank(12, 10, tokens=[MapToken("start", (1, 1), seat=1), MapToken("start", (9, 8), seat=2)])
    options = NewGameOptions(map_path=None, mode="campaign", seats=default_seats(2), seed=1,
                             rules_file=str(normal_only))
    scene = make_board_scene(options, board)
    assert scene.heading == "These rules cannot be used"
    assert "normal_only.toml" in scene.problems[0]


def test_every_slip_of_a_rules_file_is_a_line_of_its_own_on_screen(tmp_path):
    from game.ui.board.launch import make_board_scene
    from game.ui.menus.options import NewGameOptions, default_seats
    slips = tmp_path / "slips.toml"
    slips.write_text('[movement]\npickup_cots = 2\n[hero]\narmy_slots = 99\n')
    App(headless=True)
    board = Board.blank(12, 10, tokens=[MapToken("start", (1, 1), seat=1), MapToken("start", (9, 8), seat=2)])
    options = NewGameOptions(map_path=None, mode="normal", seats=default_seats(2), seed=1, rules_file=str(slips))
    scene = make_board_scene(options, board)
    assert scene.heading == "These rules cannot be used"
    assert len(scene.problems) == 2 and "pickup_cots" in scene.problems[0] and "army_slots" in scene.problems[1]


def test_the_title_screen_names_the_loaded_rules_file_within_its_panel(rules_file, monkeypatch):
    from layoutkit import problems, record, recording
    scene = title_with(TitlePreset("normal", None, None, rules_file))
    with recording(monkeypatch):
        for size in ((1280, 720), (1024, 640)):
            scene.layout(size)
            drawing = record(scene.draw, size)
            labels = [text for text, _ in drawing.texts]
            assert any("playtest.toml" in text for text in labels), labels
            assert not [p for p in problems(drawing) if "playtest" in p], problems(drawing)
