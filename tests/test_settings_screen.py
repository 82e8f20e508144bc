"""The Settings screen, by mouse from the title and the in-game menu; choices survive a restart."""
import tomllib

import pygame
import pytest

from game import settings, userdata
from game.maps import DEFAULT_MAP, load_map
from game.ui.app import App
from game.ui.board.scene import GameScene
from game.ui.menus.options import NewGameOptions, OptionalRules, Seat
from game.ui.menus.settings_screen import SettingsScene, apply_at_start
from game.ui.menus.title import TitleScene
from game.ui.session import GameSession
from uikit import click


pytestmark = pytest.mark.usefixtures("own_settings_file")      # (conftest.py)


def restart():
    settings.reset_for_tests()
    return settings.current()


def open_from_title():
    app = App(headless=True)
    app.push(TitleScene())
    click(app.scene, app.scene.settings_button.rect.center)
    assert isinstance(app.scene, SettingsScene)
    return app, app.scene


def segment(toggle, label):
    return toggle.segment_rects()[toggle.choices.index(label)].center


def test_choices_by_mouse_are_written_and_survive_a_restart(own_settings_file):
    app, screen = open_from_title()
    app.frame(0.016)
    click(screen, screen.mute.rect.midleft)
    click(screen, segment(screen.battle_speed, "Instant"))
    click(screen, segment(screen.computer_speed, "Fast"))
    click(screen, screen.sound_volume.minus.rect.center)
    click(screen, screen.hints.rect.midleft)
    data = tomllib.loads(own_settings_file.read_text())
    assert data["mute"] is True and data["battle_speed"] == "Instant"
    again = restart()
    assert (again.mute, again.battle_speed, again.computer_speed, again.hints) == (True, "Instant", "fast", False)
    assert again.sound_volume == pytest.approx(0.7)


def test_new_games_and_battles_start_at_the_chosen_speeds():
    settings.update(computer_speed="fast", battle_speed="Fast")
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "computer")], seed=3)
    session = GameSession.start(options, load_map(DEFAULT_MAP))
    assert session.speed == "fast"
    from test_ui_battle import monster_battle
    from game.ui.battle.scene import maybe_battle_scene
    state, _, events = monster_battle()
    battle = maybe_battle_scene(GameSession(state), list(events))
    assert battle.speed == "Fast" and battle.speed_toggle.value == "Fast"


def test_the_boards_speed_button_is_kept_for_the_next_game_too(own_settings_file):
    """The board's "Computer speed" button changed only the game on screen: a Continue played at normal
    speed again, though the Settings screen's same choice is kept."""
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "computer")], seed=3)
    app = App(headless=True)
    scene = GameScene(GameSession.start(options, load_map(DEFAULT_MAP)))
    app.push(scene)
    app.frame(0.016)
    click(scene, scene.speed_button.rect.center)
    assert scene.session.speed == "fast"
    assert tomllib.loads(own_settings_file.read_text())["computer_speed"] == "fast"
    assert restart().computer_speed == "fast"
    assert GameSession.start(options, load_map(DEFAULT_MAP)).speed == "fast"


def test_a_settings_file_damaged_while_playing_is_told_when_the_boards_speed_button_writes_it(own_settings_file):
    """The notice that the file was set aside waited for the next visit to the Settings screen."""
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "computer")], seed=3)
    app = App(headless=True)
    scene = GameScene(GameSession.start(options, load_map(DEFAULT_MAP)))
    app.push(scene)
    app.frame(0.016)
    own_settings_file.parent.mkdir(parents=True, exist_ok=True)
    own_settings_file.write_text("ui_scale = = 2   # a half-typed edit\n")
    click(scene, scene.speed_button.rect.center)
    assert scene.toast.visible and "settings.toml.broken" in scene.toast.message, scene.toast.message
    assert settings.take_messages() == []            # told once


def test_fullscreen_switches_and_back_without_a_crash():
    app, screen = open_from_title()
    click(screen, screen.fullscreen.rect.midleft)
    assert settings.current().fullscreen is True
    click(screen, screen.fullscreen.rect.midleft)
    assert settings.current().fullscreen is False
    assert app.screen.get_size()[0] > 0


def test_the_in_game_menu_opens_settings_and_the_game_follows_the_computer_speed():
    app = App(headless=True)
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "computer")], seed=3,
                             rules=OptionalRules(starting_hero=True))
    game = GameScene(GameSession.start(options, load_map(DEFAULT_MAP)))
    app.push(game)
    while app.scene is not game:
        app.pop()
    game.open_menu()
    menu = app.scene
    settings_button = next(b for b in menu.buttons if b.label == "Settings")
    click(menu, settings_button.rect.center)
    screen = app.scene
    assert isinstance(screen, SettingsScene)
    click(screen, segment(screen.computer_speed, "Fast"))
    assert game.session.speed == "fast"


def test_a_corrupt_file_at_start_gives_defaults_and_a_message(own_settings_file):
    own_settings_file.parent.mkdir(parents=True)
    own_settings_file.write_text("mute = maybe\n")
    app = App(headless=True)
    problems = apply_at_start(app)
    assert settings.current() == settings.Settings()
    assert problems and str(userdata.settings_path()) in problems[0]


def test_text_and_panel_size_changes_the_theme_scale_and_is_kept():
    from game.ui.kit import theme
    app, screen = open_from_title()
    try:
        click(screen, segment(screen.scale, "125%"))
        theme.fit_window(app.size)
        assert theme.ui_scale() == pytest.approx(1.25)
        assert restart().ui_scale == 1.25
    finally:
        theme.set_ui_scale(1.0)
