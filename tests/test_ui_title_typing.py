"""Enter in a text field finishes the typing and never starts a game with other values than shown
(issue 11: the day limit typed, then Enter, started the game with 30 days). Keys are posted as a real
keyboard sends them: KEYDOWN, plus TEXTINPUT for a printable character."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.board import Board, MapToken
from game.ui.app import App
from game.ui.menus.map_catalog import MapEntry
from game.ui.menus.title import TitleScene
from uikit import click, type_keys




def enter(scene):
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))


@pytest.fixture
def title(tmp_path):
    app = App(headless=True)
    board = Board.blank(12, 10, tokens=[MapToken("city", (2, 2), owner=1, tier="encampment")], title="Good")
    board.max_players = 3
    started = []
    scene = TitleScene(maps=[MapEntry("maps/good.tmx", "Good", board)], on_start=started.append, saves_dir=tmp_path)
    app.push(scene)
    scene.draw(app.screen)
    scene.started_log = started
    return scene


def day_limit_on(title):
    click(title, title.rule_boxes["day_limit"].rect.center)
    title.layout(title.size)
    return title.day_spinner


@pytest.mark.rule("R-END-2")
def test_enter_in_the_day_limit_sets_the_typed_days_and_does_not_start(title):
    spinner = day_limit_on(title)
    click(title, spinner.middle_rect().center)
    type_keys(title, "45")
    enter(title)
    assert title.started_log == []
    assert title.options.rules.day_limit == 45 and spinner.value == 45
    enter(title)                                   # the field is finished: now Enter starts the game
    (options,) = title.started_log
    assert options.rules.day_limit == 45


@pytest.mark.rule("R-END-2")
def test_typed_days_count_when_start_is_clicked_while_still_typing(title):
    spinner = day_limit_on(title)
    click(title, spinner.middle_rect().center)
    type_keys(title, "7")
    click(title, title.start_button.rect.center)
    (options,) = title.started_log
    assert options.rules.day_limit == 7


@pytest.mark.rule("R-END-2")
@pytest.mark.parametrize("typed, days", [("0", 1), ("99999", 1000)])
def test_a_typed_day_limit_out_of_range_settles_on_the_nearest_allowed(title, typed, days):
    spinner = day_limit_on(title)
    click(title, spinner.middle_rect().center)
    type_keys(title, typed)
    enter(title)
    assert spinner.value == days and title.options.rules.day_limit == days
    assert not spinner.entry.focused and spinner.entry.value == str(days)


def test_enter_in_the_seed_and_name_fields_keeps_what_was_typed(title):
    click(title, title.seed_field.rect.center)
    title.seed_field.value = ""
    type_keys(title, "4242")
    enter(title)
    name = title.seat_rows[1].name
    click(title, name.rect.center)
    title.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    type_keys(title, "Mira")
    enter(title)
    assert title.started_log == [] and not title.typing_in()
    assert title.options.seed == 4242 and title.options.seats[1].name == "Mira"
    assert title.seed_field.value == "4242" and name.value == "Mira"
    enter(title)
    (options,) = title.started_log
    assert options.seed == 4242 and options.seats[1].name == "Mira"


def test_clicking_start_while_typing_a_seed_starts_with_it(title):
    click(title, title.seed_field.rect.center)
    title.seed_field.value = ""
    type_keys(title, "314")
    click(title, title.start_button.rect.center)
    (options,) = title.started_log
    assert options.seed == 314 and not title.seed_field.focused


def test_the_next_game_rolls_its_own_seed_unless_one_was_typed(title):
    """Played: back on the title screen after a game, Start began the same game again (same seed,
    same dice); the seed shown is a new one unless the player typed it."""
    first = title.seed
    click(title, title.start_button.rect.center)
    click(title, title.start_button.rect.center)
    one, two = title.started_log
    assert one.seed == first and two.seed != first and title.seed_field.value == str(title.seed) != str(two.seed)
    click(title, title.seed_field.rect.center)
    title.seed_field.value = ""
    type_keys(title, "777")
    click(title, title.start_button.rect.center)
    click(title, title.start_button.rect.center)
    assert [o.seed for o in title.started_log[2:]] == [777, 777]
    click(title, title.reroll.rect.center)              # the dice button: a rolled seed again
    rolled = title.seed
    click(title, title.start_button.rect.center)
    assert title.started_log[-1].seed == rolled != title.seed


def test_tab_finishes_a_field_and_types_in_the_next(title):
    first, second = title.seat_rows[0].name, title.seat_rows[1].name
    click(title, first.rect.center)
    type_keys(title, "x")
    title.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))
    assert not first.focused and second.focused and title.options.seats[0].name == "Rowenax"
    type_keys(title, "Mira")                          # the whole name was selected: typing replaces it
    title.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="",
                                          scancode=0))
    assert first.focused and title.options.seats[1].name == "Mira" and title.started_log == []


def test_no_default_player_name_is_a_heros_name():
    """With the old defaults Brunhild hired "the hero Aldric" while Aldric was a player."""
    from game.engine.heroes import HERO_NAMES
    from game.ui.menus.options import DEFAULT_NAMES
    assert not {n.casefold() for n in DEFAULT_NAMES} & {n.casefold() for n in HERO_NAMES}
