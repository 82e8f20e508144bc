"""The title / new game scene, driven with synthetic mouse and keyboard events."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.board import Board, MapToken
from game.ui.app import App
from game.ui.menus.map_catalog import MapEntry
from game.ui.menus.map_error import MapErrorScene
from game.ui.menus.options import NewGameOptions
from game.ui.menus.title import TitleScene
from uikit import click




def key(scene, k, text=""):
    """A key as a real keyboard sends it: KEYDOWN, plus TEXTINPUT for a printable character."""
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text))
    if text:
        scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


@pytest.fixture
def app():
    app = App(headless=True)
    yield app


def entries():
    good = Board.blank(12, 10, tokens=[MapToken("city", (2, 2), owner=1, tier="encampment")], title="Good")
    good.max_players = 3
    return [MapEntry("maps/good.tmx", "Good", good),
            MapEntry("maps/bad.tmx", "Bad", problems=["layer 'ground' is missing", "no start slots"])]


@pytest.fixture
def title(app, tmp_path):
    started = []
    scene = TitleScene(maps=entries(), on_start=started.append, saves_dir=tmp_path)
    app.push(scene)
    scene.started_log = started
    return scene


def test_campaign_toggle_changes_the_options(title):
    assert title.options.mode == "normal"
    seg = title.mode_toggle.segment_rects()[1]
    click(title, seg.center)
    assert title.options.mode == "campaign"
    click(title, title.mode_toggle.segment_rects()[0].center)
    assert title.options.mode == "normal"


def test_clicking_a_seat_toggles_human_and_computer(title):
    assert [s.kind for s in title.options.seats] == ["human", "computer"]
    click(title, title.seat_rows[0].kind.rect.center)
    assert title.options.seats[0].kind == "computer"
    click(title, title.seat_rows[0].kind.rect.center)
    assert title.options.seats[0].kind == "human"


def test_seats_respect_the_maps_player_range(title):
    click(title, title.add_seat_button.rect.center)
    assert len(title.options.seats) == 3
    assert not title.add_seat_button.visible          # the map allows 3
    click(title, title.seat_rows[2].remove.rect.center)
    assert len(title.options.seats) == 2
    assert not title.seat_rows[0].remove.visible      # 2 is the minimum


def test_colour_and_ai_level_cycle(title):
    click(title, title.seat_rows[1].swatch.rect.center)
    colours = [s.colour for s in title.options.seats]
    assert len(set(colours)) == 2 and colours[1] != 2
    level = title.options.seats[1].ai_level
    click(title, title.seat_rows[1].level.rect.center)
    assert title.options.seats[1].ai_level != level


def test_seed_is_shown_and_editable(title):
    assert title.seed_field.value == str(title.options.seed)
    click(title, title.seed_field.rect.center)
    for _ in range(10):
        key(title, pygame.K_BACKSPACE)
    for ch in "42x7":
        key(title, ord(ch) if ch.isdigit() else pygame.K_x, ch)
    key(title, pygame.K_RETURN)
    assert title.options.seed == 427
    click(title, title.reroll.rect.center)
    assert title.seed_field.value == str(title.options.seed)


def test_name_can_be_typed(title):
    click(title, title.seat_rows[0].name.rect.center)
    for _ in range(20):
        key(title, pygame.K_BACKSPACE)
    for ch in "Ysolde":
        key(title, pygame.K_a, ch)
    click(title, (5, 5))          # clicking away commits
    assert title.options.seats[0].name == "Ysolde"


def test_optional_rules_switches(title):
    click(title, title.rule_boxes["starting_hero"].rect.center)
    click(title, title.rule_boxes["day_limit"].rect.center)
    rules = title.options.rules
    assert rules.starting_hero and not rules.legacy_gold_mine and rules.day_limit == 30
    click(title, title.day_spinner.plus.rect.center)
    assert title.options.rules.day_limit == 35


def test_continue_and_load_disabled_without_saves(title):
    assert not title.continue_button.enabled and not title.load_button.enabled


def test_start_hands_over_new_game_options(title):
    click(title, title.start_button.rect.center)
    assert len(title.started_log) == 1
    options = title.started_log[0]
    assert isinstance(options, NewGameOptions)
    assert options.map_path == "maps/good.tmx" and len(options.seats) == 2
    name, colour, kind, level = options.seats[1]
    assert (kind, colour) == ("computer", 2)


def test_a_broken_map_opens_the_map_error_scene(app, title):
    click(title, title.map_buttons[1].rect.center)
    click(title, title.start_button.rect.center)
    assert title.started_log == []
    assert isinstance(app.scene, MapErrorScene)
    assert "no start slots" in app.scene.problems
    app.frame(1 / 60)              # draws without crashing
    key(app.scene, pygame.K_ESCAPE)
    assert app.scene is title


def test_title_draws_at_any_size(app, title):
    for size in ((1280, 720), (1024, 640), (1600, 900)):
        title.layout(size)
        surface = pygame.Surface(size)
        title.draw(surface)
        assert title.start_button.rect.right <= size[0]


@pytest.mark.rule("R-BLD-6")
def test_the_hero_cap_label_follows_the_rules_files_count(app, tmp_path):
    from game.ui.menus.title import TitlePreset
    overlay = tmp_path / "three_heroes.toml"
    overlay.write_text("[options]\nhero_cap = true\nhero_cap_count = 3\n", encoding="utf-8")
    scene = TitleScene(maps=entries(), saves_dir=tmp_path, preset=TitlePreset(rules_file=str(overlay)))
    box = scene.rule_boxes["hero_cap_2"]
    assert box.label == "At most 3 heroes each" and box.checked
    plain = TitleScene(maps=entries(), saves_dir=tmp_path)
    assert plain.rule_boxes["hero_cap_2"].label == "At most 2 heroes each"


@pytest.mark.rule("R-END-2")
def test_the_day_limit_spinner_covers_1_to_1000_with_shift_for_tens_of_steps(title):
    click(title, title.rule_boxes["day_limit"].rect.center)
    spinner = title.day_spinner
    title.layout((1280, 720))
    assert (spinner.minimum, spinner.maximum) == (1, 1000)
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        click(title, spinner.plus.rect.center)
        assert title.options.rules.day_limit == 50          # ten steps of 5, on their grid
        click(title, spinner.plus.rect.center)
        assert title.options.rules.day_limit == 100
        for _ in range(30):
            click(title, spinner.plus.rect.center)
        assert title.options.rules.day_limit == 1000
        for _ in range(30):
            click(title, spinner.minus.rect.center)
    finally:
        pygame.key.set_mods(0)
    assert title.options.rules.day_limit == 1
    click(title, spinner.plus.rect.center)
    assert title.options.rules.day_limit == 5             # back on the grid of 5


def test_holding_a_spinner_button_keeps_counting(title):
    click(title, title.rule_boxes["day_limit"].rect.center)
    spinner = title.day_spinner
    pos = spinner.plus.rect.center
    title.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    title.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    for _ in range(60):                       # one second held
        title.update(1 / 60)
    title.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert title.options.rules.day_limit >= 30 + 5 * 5


def test_a_map_for_two_or_four_players_turns_start_off_for_three_and_says_why(app, tmp_path):
    """R-SET-1: the seats must be a count the map is made for; the Start button says what to change."""
    corners = Board.blank(12, 10, title="Corners")
    corners.player_counts = (2, 4)
    scene = TitleScene(maps=[MapEntry("maps/corners.tmx", "Corners", corners)], on_start=lambda o: started.append(o),
                       saves_dir=tmp_path)
    started = []
    app.push(scene)
    scene.add_seat()
    assert len(scene.seats) == 3
    assert not scene.start_button.enabled
    assert scene.start_button.tooltip == "Made for 2 or 4 players: add or remove a player"
    scene.start()
    assert started == []
    screen = pygame.Surface(app.screen.get_size())
    scene.draw(screen)                      # the map's line reads "2 or 4 players" and the reason in red
    scene.add_seat()
    assert scene.start_button.enabled and scene.start_button.tooltip == ""
    scene.start()
    assert len(started) == 1 and len(started[0].seats) == 4


def test_a_long_map_list_scrolls_and_keeps_the_preview_and_the_chosen_map_in_view(app, tmp_path):
    """Eleven random maps of a player's own ran the list over the map's picture ("This map has problems")
    and the lines under it past the panel."""
    maps = [MapEntry(f"maps/m{i}.tmx", f"Map {i}", Board.blank(12, 10, title=f"Map {i}")) for i in range(20)]
    scene = TitleScene(maps=maps, on_start=lambda o: None, saves_dir=tmp_path)
    app.push(scene)
    app.frame(1 / 60)
    shown = [b for b in scene.map_buttons if b.visible]
    assert 3 <= len(shown) < 20
    assert all(scene.left.contains(b.rect) for b in shown)
    assert scene.random_button.rect.bottom < scene.thumb_rect.top and scene.thumb_rect.h > 40
    assert scene.thumb_rect.bottom < scene.left.bottom
    first = shown[0]
    pos = scene.map_list_rect.center
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0))
    assert not first.visible and scene.map_scroll == 3
    click(scene, next(b for b in scene.map_buttons if b.visible).rect.center)
    assert scene.map_index == 3
    scene.select_map(19)                                   # e.g. a new random map, added last
    assert scene.map_buttons[19].visible and scene.left.contains(scene.map_buttons[19].rect)
    scene.draw(app.screen)


def test_two_players_of_one_name_turn_start_off_and_the_screen_says_why(app, title):
    """"Turn order: Ana → Ana" and "Ana, your move" on the handoff cover told nobody which Ana was meant."""
    for index, typed in enumerate(("Ana", " ana ")):
        click(title, title.seat_rows[index].name.rect.center)
        title.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode=""))
        for ch in typed:
            key(title, pygame.K_a, ch)
    click(title, (5, 5))
    assert not title.start_button.enabled
    assert title.start_button.tooltip == "Two players are called ana: give each a name of their own"
    key(title, pygame.K_RETURN)
    title.start()
    assert title.started_log == []
    title.draw(pygame.Surface(app.screen.get_size()))         # the reason is drawn under the seats, in red
    click(title, title.seat_rows[1].name.rect.center)
    key(title, pygame.K_a, "h")
    click(title, (5, 5))
    assert title.start_button.enabled
    title.start()
    assert [seat.name for seat in title.started_log[0].seats] == ["Ana", "anah"]
