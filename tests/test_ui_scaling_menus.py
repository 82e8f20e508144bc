"""The saves dialogs and the game menu scale their contents with the window and the text-size setting
(issue 11), like every other screen: at 1024x600, 1280x720 and 1920x1080 every control stays inside its
dialog and the window without overlapping, the saves list's rows stay in the list, and text grows with the
window and with the setting."""
import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.app import App
from game.ui.kit import theme
from uikit import shipped_map

SIZES = ((1024, 600), (1280, 720), (1920, 1080))


@pytest.fixture(autouse=True)
def plain_scale(tmp_path, monkeypatch):
    monkeypatch.setenv("FUZZYKNIGHTS_SAVES", str(tmp_path / "saves"))
    theme.set_ui_scale(1.0)
    yield
    theme.set_ui_scale(1.0)


def game_scene():
    from game.maps import DEFAULT_MAP
    from game.ui.board.scene import GameScene
    from game.ui.menus.options import NewGameOptions, Seat
    from game.ui.session import GameSession
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "human")], seed=11)
    return GameScene(GameSession.start(options, shipped_map(DEFAULT_MAP)))


def with_saves(game):
    from game.ui.menus.saves import save_to
    for name in ("first try", "evening game with a long name", "third", "fourth", "fifth", "sixth", "seventh"):
        save_to(game.session.state, name)


def load_dialog(game):
    from game.ui.menus.saves import LoadDialog
    with_saves(game)
    return LoadDialog(game=game)


def save_dialog(game):
    from game.ui.menus.saves import SaveDialog
    with_saves(game)
    return SaveDialog(game.session)


def game_menu(game):
    from game.ui.menus.game_menu import GameMenu
    menu = GameMenu(game)
    menu.note = "Saved as Meadow Ford day 1"
    return menu


def rules_dialog(game):
    from game.ui.menus.game_menu import RulesDialog
    return RulesDialog(game)


def vote_dialog(game):
    from game.engine import actions as A
    from game.ui.menus.game_menu import VoteDialog
    state = game.session.state
    assert game.session.submit(A.ProposeRuleChange(state.actor(), "hero_cap", True)).ok
    return VoteDialog(game)


def leave_unsaved(game):
    from game.ui.menus.saves import LeaveUnsaved
    return LeaveUnsaved(lambda: None, "Quit to title", "Permission denied")


DIALOGS = {"load": load_dialog, "save": save_dialog, "menu": game_menu, "rules": rules_dialog, "vote": vote_dialog,
           "leave unsaved": leave_unsaved}


def shown(name, size):
    app = App(size, headless=True)
    game = game_scene()
    app.push(game)
    dialog = DIALOGS[name](game)
    app.push(dialog)
    dialog.draw(app.screen)
    return dialog, [w for w in dialog.widgets if w.visible and w.rect.w > 0]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(DIALOGS))
def test_every_control_stays_in_its_dialog_and_apart(name, size):
    dialog, widgets = shown(name, size)
    assert pygame.Rect((0, 0), size).contains(dialog.panel)
    for w in widgets:
        assert dialog.panel.contains(w.rect), (getattr(w, "label", w), w.rect, dialog.panel)
    for a, b in itertools.combinations(widgets, 2):
        assert not a.rect.colliderect(b.rect), (getattr(a, "label", a), a.rect, getattr(b, "label", b), b.rect)
    saves = getattr(dialog, "list", None)
    if saves is not None:
        rows = saves.visible_rows()
        assert len(rows) >= 3 and all(saves.rect.contains(r) for _, r in rows)
        assert not any(saves.rect.colliderect(w.rect) for w in widgets)


@pytest.mark.parametrize("name", sorted(DIALOGS))
def test_text_and_rows_grow_with_the_window(name):
    small, small_widgets = shown(name, SIZES[0])
    small_rows = small.list.visible_rows() if getattr(small, "list", None) is not None else None   # at its scale
    large, large_widgets = shown(name, SIZES[2])
    sizes = [(a.size, b.size) for a, b in zip(small_widgets, large_widgets) if hasattr(a, "size")]
    assert sizes and all(big > little for little, big in sizes)
    heights = [(a.rect.h, b.rect.h) for a, b in zip(small_widgets, large_widgets)]
    assert all(big > little for little, big in heights)
    if small_rows is not None:
        assert large.list.visible_rows()[0][1].h > small_rows[0][1].h


@pytest.mark.parametrize("name", ["load", "menu"])
def test_the_text_size_setting_scales_the_same_dialog(name):
    sizes = []
    for factor in (0.75, 1.25):
        theme.set_ui_scale(factor)
        _, widgets = shown(name, (1920, 1080))
        sizes.append([w.size for w in widgets if hasattr(w, "size")])
    assert all(big > small for small, big in zip(*sizes))


@pytest.mark.parametrize("name", sorted(DIALOGS))
def test_large_text_on_a_small_window_still_fits(name):
    theme.set_ui_scale(1.5)
    dialog, widgets = shown(name, SIZES[0])
    for w in widgets:
        assert dialog.panel.contains(w.rect), (getattr(w, "label", w), w.rect, dialog.panel)
    for a, b in itertools.combinations(widgets, 2):
        assert not a.rect.colliderect(b.rect), (getattr(a, "label", a), a.rect, getattr(b, "label", b), b.rect)


def game_over_screen(size):
    from game import resources
    from game.ui.menus.game_over import GameOverScene
    from game.ui.menus.options import NewGameOptions, Seat
    from game.ui.session import GameSession
    path = next(p for p in resources.shipped_maps() if "skirmish" in p.stem.lower())
    seats = [Seat(name, i + 1, "human") for i, name in enumerate(("Aldric the Bold", "Brunhild", "Corwin", "Dagmar"))]
    session = GameSession.start(NewGameOptions(str(path), mode="campaign", seats=seats, seed=3), shipped_map(path))
    session.state.winners = [1]
    app = App(size, headless=True)
    scene = GameOverScene(session)
    app.push(scene)
    scene.draw(app.screen)
    return scene


def map_error_screen(size):
    from game.ui.menus.map_error import MapErrorScene
    app = App(size, headless=True)
    scene = MapErrorScene("maps/" + "very_long_folder_name/" * 6 + "bad.tmx",
                          [f"object {i}: the token at cell ({i}, {i}) needs a 'seat' property" for i in range(30)])
    app.push(scene)
    scene.draw(app.screen)
    return scene


SCREENS = {"game over": game_over_screen, "map error": map_error_screen}


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_game_over_and_map_error_fit_every_window(name, size, scale):
    theme.set_ui_scale(scale)
    scene = SCREENS[name](size)
    assert pygame.Rect((0, 0), size).contains(scene.panel)
    for w in scene.widgets:
        assert scene.panel.contains(w.rect), (getattr(w, "label", w), w.rect, scene.panel)
    for a, b in itertools.combinations(scene.widgets, 2):
        assert not a.rect.colliderect(b.rect)


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_game_over_and_map_error_grow_with_the_window(name):
    small = SCREENS[name](SIZES[0])
    small_sizes = [(w.size, w.rect.h) for w in small.widgets]
    large = SCREENS[name](SIZES[2])
    assert all(w.size > s and w.rect.h > h for w, (s, h) in zip(large.widgets, small_sizes))
    assert large.panel.h > small.panel.h


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_garrisons_counts_sit_beside_the_move_controls(size):
    from enginekit import capital, start_game
    from game.engine import actions as A
    from game.ui.city.scene import CityScene, unit_columns
    from game.ui.session import GameSession
    state = start_game("campaign")
    seat = state.actor()
    state.players[seat].purse["coin"] = 20
    app = App(size, headless=True)
    scene = CityScene(GameSession(state), capital(state, seat).id)
    app.push(scene)
    assert scene.session.submit(A.Recruit(seat, scene.city_id, "hero", 1)).ok
    scene.city.garrison["unit_1_1"] = 4
    scene.rebuild()
    scene.draw(app.screen)
    (row,) = scene.unit_rows
    _, city_x, hero_x = unit_columns(row.rect)
    left, right = scene.unit_buttons[("unit_1_1", -1)].rect, scene.unit_buttons[("unit_1_1", 1)].rect
    assert row.rect.x < city_x < left.x and right.right < hero_x < row.rect.right
