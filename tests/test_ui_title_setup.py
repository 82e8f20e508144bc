"""The title screen keeps the players' choices (issue 11): after a game and after a restart it opens on the
last new game's map, mode, seats, names and optional rules; the 'take turns' note only for two humans or
more; a map for exactly two says '2 players'."""
import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.app import App, _first_scene
from game.ui.kit import widgets
from game.ui.menus import last_setup
from game.map_players import players_text
from game.ui.menus.title import TitlePreset, TitleScene
from uikit import click, type_keys


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("FUZZYKNIGHTS_SAVES", str(tmp_path / "saves"))
    return tmp_path / "data" / "fuzzyknights"




def players_title(app):
    """The title as ``python -m game`` opens it, drawn once (its map is read after the first frame)."""
    title = _first_scene(TitlePreset())
    app.push(title)
    title.draw(app.screen)
    title.update(0.01)
    return title


def set_up_a_hotseat_campaign(title):
    other = next(i for i, m in enumerate(title.maps) if i != title.map_index and m.ok and m.players[0] <= 2)
    click(title, title.map_buttons[other].rect.center)
    click(title, title.mode_toggle.segment_rects()[1].center)
    row = title.seat_rows[1]
    click(title, row.kind.rect.center)                       # Brunhild: Computer -> Human
    click(title, row.name.rect.center)
    title.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    type_keys(title, "Mira")
    click(title, title.rule_boxes["starting_hero"].rect.center)
    click(title, title.rule_boxes["day_limit"].rect.center)
    return title.maps[other].path


def chosen(title):
    o = title.options
    return o.map_path, o.mode, o.seats, o.rules


def test_the_next_title_after_a_game_and_after_a_restart_keeps_the_setup(data_dir):
    from game.ui.board.scene import GameScene
    from game.ui.menus.game_menu import GameMenu
    app = App(headless=True)
    title = players_title(app)
    map_path = set_up_a_hotseat_campaign(title)
    setup = chosen(title)
    assert setup[1] == "campaign" and [s.kind for s in setup[2]] == ["human", "human"]
    assert setup[2][1].name == "Mira" and setup[3].starting_hero and setup[3].day_limit == 30
    click(title, title.start_button.rect.center)
    game = app.scene
    assert isinstance(game, GameScene)
    menu = GameMenu(game)
    app.push(menu)
    menu.quit_to_title()
    assert app.scene is title and chosen(title) == setup

    relaunched = players_title(App(headless=True))           # a new window: read from the player's data folder
    assert chosen(relaunched) == setup and relaunched.map_index == title.map_index
    assert relaunched.rule_boxes["starting_hero"].checked and relaunched.rule_boxes["day_limit"].checked
    assert relaunched.seat_rows[1].name.value == "Mira" and relaunched.seat_rows[1].kind.label == "Human"
    assert json.loads((data_dir / "new_game.json").read_text())["map"] == map_path


def test_back_to_title_from_game_over_without_a_title_below_opens_the_last_setup(data_dir):
    from game.maps import DEFAULT_MAP, load_map
    from game.ui.board.scene import GameScene
    from game.ui.menus.game_over import GameOverScene
    from game.ui.menus.options import NewGameOptions, Seat
    from game.ui.session import GameSession
    seats = [Seat("Ann", 3, "human"), Seat("Bob", 2, "human", "hard")]
    options = NewGameOptions(str(DEFAULT_MAP), mode="campaign", seats=seats, seed=5)
    assert last_setup.remember(options, 30)
    app = App(headless=True)
    session = GameSession.start(options, load_map(DEFAULT_MAP))
    app.push(GameScene(session))                             # python -m game --map: no title below
    over = GameOverScene(session)
    app.push(over)
    over.to_title()
    title = app.scene
    assert isinstance(title, TitleScene)
    assert title.options.seats == seats and title.options.mode == "campaign"


@pytest.mark.parametrize("content", ["{not json", '{"seats": [{"name": "X", "colour": 9}], "mode": "chess"}',
                                     '["a list"]', '{"map": 3, "rules": {"day_limit": "soon"}}'])
def test_a_damaged_setup_file_gives_the_defaults(data_dir, content):
    data_dir.mkdir(parents=True)
    (data_dir / "new_game.json").write_text(content)
    title = players_title(App(headless=True))
    assert [s.kind for s in title.seats] == ["human", "computer"] and title.mode == "normal"
    assert title.rules.day_limit is None


def test_a_command_line_mode_wins_over_the_remembered_one(data_dir):
    from game.ui.menus.options import NewGameOptions, Seat
    last_setup.remember(NewGameOptions(None, mode="normal", seats=[Seat("Ann", 1), Seat("Bob", 2)]), 30)
    app = App(headless=True)
    title = TitleScene(preset=TitlePreset("campaign"), remember_setup=True)
    app.push(title)
    assert title.mode == "campaign" and [s.name for s in title.seats] == ["Ann", "Bob"]


def test_a_command_line_seed_alone_keeps_the_remembered_mode(data_dir):
    """`python -m game --seed 5404` after a Campaign game opened the title on Normal: the command line's
    default mode won over the remembered one though no mode was asked for."""
    from game.cli import parse_args
    from game.ui.menus.options import NewGameOptions, Seat
    last_setup.remember(NewGameOptions(None, mode="campaign", seats=[Seat("Ana", 1), Seat("Bela", 2)]), 30)
    args = parse_args(["--seed", "5404"])
    assert args.mode_chosen is None and args.mode == "normal"
    app = App(headless=True)
    title = TitleScene(preset=TitlePreset(seed=5404), remember_setup=True)
    app.push(title)
    assert title.mode == "campaign" and title.seed == 5404 and [s.name for s in title.seats] == ["Ana", "Bela"]

def drawn_words(title, monkeypatch):
    """Every piece of text the title draws in one frame."""
    seen = []
    real_text, real_fit = widgets.text, widgets.fit_label

    def text(s, *a, **k):
        seen.append(s)
        return real_text(s, *a, **k)

    def fit_label(label, *a, **k):
        seen.append(label)
        return real_fit(label, *a, **k)
    monkeypatch.setattr(widgets, "text", text)
    monkeypatch.setattr(widgets, "fit_label", fit_label)
    title.draw(title.app.screen)
    monkeypatch.setattr(widgets, "text", real_text)
    monkeypatch.setattr(widgets, "fit_label", real_fit)
    return seen


def test_the_take_turns_note_shows_only_with_two_humans_or_more(data_dir, monkeypatch):
    app = App(headless=True)
    title = TitleScene(saves_dir=data_dir)
    app.push(title)
    note = "Players take turns at this computer"
    assert [s.kind for s in title.seats] == ["human", "computer"]
    assert not any(note in w for w in drawn_words(title, monkeypatch))
    click(title, title.seat_rows[1].kind.rect.center)
    assert any(note in w for w in drawn_words(title, monkeypatch))
    click(title, title.seat_rows[0].kind.rect.center)       # both computers: a game to watch
    assert not any(note in w for w in drawn_words(title, monkeypatch))


def test_a_map_for_exactly_two_says_2_players(data_dir, monkeypatch):
    assert players_text((2,)) == "2 players" and players_text((2, 3, 4)) == "2–4 players"
    assert players_text((2, 4)) == "2 or 4 players"
    app = App(headless=True)
    title = TitleScene(saves_dir=data_dir)
    app.push(title)
    title.draw(app.screen)
    title.update(0.01)
    assert title.selected_map.players == (2, 2)              # Meadow Ford
    words = drawn_words(title, monkeypatch)
    assert any(w.startswith("2 players · ") for w in words) and not any("2–2" in w for w in words)


def test_the_computer_levels_read_easy_standard_hard_not_normal(data_dir):
    """Issue 16's levels are easy, standard and hard; "Normal" beside the Normal/Campaign switch read as the
    ruleset. Clicking the level button cycles the three and the game gets the engine's level."""
    app = App(headless=True)
    title = players_title(app)
    index = next(i for i, seat in enumerate(title.seats) if seat.kind == "computer")
    assert title.seats[index].ai_level == "normal", "a new computer seat plays standard"
    row = title.seat_rows[index]
    seen, tips = [], []
    for _ in range(3):
        seen.append(row.level.label)
        tips.append(row.level.tooltip)
        click(title, row.level.rect.center)
        title.draw(app.screen)
    assert seen == ["Standard", "Hard", "Easy"]
    # the tip says what the level does and what a click makes of it
    assert [tip.split(":")[0] for tip in tips] == seen
    assert [tip.split("\n")[-1] for tip in tips] == ["Click for Hard", "Click for Easy", "Click for Standard"]
    from game.ui.session import AI_LEVEL_TO_ENGINE
    assert [AI_LEVEL_TO_ENGINE[level] for level in ("normal", "hard", "easy")] == ["standard", "hard", "easy"]


def test_a_damaged_setup_file_is_told_and_kept_aside_and_a_wrong_field_is_named(data_dir, monkeypatch):
    """new_game.json cut short was ignored in silence and then written over by the next game's setup."""
    data_dir.mkdir(parents=True)
    path = data_dir / "new_game.json"
    path.write_text('{"map": "maps/meadow.tmx", "mo')
    last = last_setup.recall()
    assert len(last.problems) == 1 and str(path) in last.problems[0] and "not valid JSON" in last.problems[0]
    assert (data_dir / "new_game.json.broken").read_text() == '{"map": "maps/meadow.tmx", "mo' and not path.exists()
    path.write_text(json.dumps({"mode": "campaign", "seats": "Ana and Bea", "day_limit_days": 12}))
    last = last_setup.recall()
    assert last.mode == "campaign" and last.day_limit_days == 12 and last.seats is None
    assert last.problems == [f"{path}: field 'seats' {last_setup.EXPECTED['seats']}; the title screen's default is used"]
    from game.ui import app as app_module
    from game.ui.menus.file_problems import FileProblems
    opened = []
    monkeypatch.setattr(App, "run", lambda self: opened.append(self))
    app_module.run()                                     # the window opens on a notice of the problem, over the title
    app = opened[0]
    assert isinstance(app.scene, FileProblems) and isinstance(app.scenes[0], TitleScene)
    assert app.scene.problems == last.problems
    app.scene.draw(app.screen)
