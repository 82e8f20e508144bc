"""F1 / ? key help: every screen lists its keys and mouse actions; any key or click closes it."""
import pygame
import pytest

from game.ui.app import App
from game.ui.kit import help_overlay
from game.ui.kit.help_overlay import HelpOverlay
from game.ui.menus.title import TitleScene
from uikit import click


pytestmark = pytest.mark.usefixtures("no_hints")


@pytest.fixture
def app():
    app = App(headless=True)
    app.push(TitleScene())
    return app


def test_f1_on_the_title_shows_the_title_keys_and_a_key_closes_it(app):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    assert isinstance(app.scene, HelpOverlay) and app.scene.title == "New game"
    assert any("Enter" in keys for keys, _ in app.scene.rows)
    app.frame(0.016)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    assert isinstance(app.scene, TitleScene)


def test_question_mark_opens_help_and_a_click_closes_it(app):
    app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text="?"))
    assert isinstance(app.scene, HelpOverlay)
    click(app.scene, (10, 10))
    assert isinstance(app.scene, TitleScene)


def test_question_mark_typed_into_a_text_box_is_not_help(app):
    title = app.scene
    click(title, title.seed_field.rect.center)
    assert title.seed_field.focused
    app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text="?"))
    assert app.scene is title


def test_the_board_help_names_undo_end_turn_and_the_menu():
    from game.ui.board.scene import GameScene
    title, rows = help_overlay.help_for(GameScene.__new__(GameScene))
    keys = " ".join(k for k, _ in rows)
    assert title == "The board"
    for expected in ("Ctrl+Z", "Space", "Tab", "Esc", "F1"):
        assert expected in keys


def test_every_screen_named_in_the_help_exists():
    from game.ui.battle.scene import BattleScene
    from game.ui.board.scene import GameScene
    from game.ui.city.scene import CityScene
    from game.ui.menus.rules_screen import RulesScene
    from game.ui.menus.settings_screen import SettingsScene
    from game.ui.board.daybreak_panel import DaybreakPanel
    from game.ui.menus.game_menu import GameMenu
    names = {c.__name__ for c in (BattleScene, GameScene, CityScene, TitleScene, RulesScene, SettingsScene,
                                  DaybreakPanel, GameMenu)}
    assert set(help_overlay.SCREEN_HELP) == names
