"""Every screen scales with the window (issue 11 item 10): at 1024x600, 1280x720 and 1920x1080 the laid-out
widgets stay inside the window without overlapping, and text grows with the window."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools

import pygame
import pytest

from game.ui.app import App
from game.ui.kit import theme

SIZES = ((1024, 600), (1280, 720), (1920, 1080))


@pytest.fixture(autouse=True)
def plain_scale():
    theme.set_ui_scale(1.0)
    yield
    theme.set_ui_scale(1.0)


def title_scene(tmp_path):
    from game.ui.menus.title import TitleScene
    return TitleScene(saves_dir=tmp_path)


def settings_scene(tmp_path):
    from game.ui.menus.settings_screen import SettingsScene
    return SettingsScene()


def rules_scene(tmp_path):
    from game.ui.menus.rules_screen import RulesScene
    return RulesScene("normal", "R-BLD-6")


def city_scene(tmp_path, mode="campaign"):
    from enginekit import capital, start_game
    from game.engine.dice import Rng
    from game.ui.city.scene import CityScene
    from game.ui.session import GameSession
    state = start_game(mode)
    state.rng = Rng(state.seed)
    seat = state.actor()
    state.players[seat].purse.update({r: 40 for r in state.rules.resources})
    return CityScene(GameSession(state), capital(state, seat).id)


def normal_city_scene(tmp_path):
    return city_scene(tmp_path, "normal")


def battle_scene(tmp_path):
    """A hero with 7 mercenaries steps onto 12 monsters: the arranging panel, then the fight."""
    from test_ui_battle import monster_battle
    from game.ui.battle.scene import maybe_battle_scene
    from game.ui.session import GameSession
    state, hero, events = monster_battle()
    return maybe_battle_scene(GameSession(state), list(events))


SCREENS = {"battle": battle_scene, "title": title_scene, "settings": settings_scene, "rules": rules_scene, "city": city_scene,
           "normal city": normal_city_scene}


def shown(scene, size):
    """The scene on a headless app, laid out and drawn at ``size``; its visible widgets."""
    app = App(headless=True)
    app.push(scene)
    scene.layout(size)
    surface = pygame.Surface(size)
    scene.draw(surface)
    if os.environ.get("FK_SHOTS"):
        pygame.image.save(surface, f"{os.environ['FK_SHOTS']}/{type(scene).__name__}-{size[0]}x{size[1]}.png")
    return [w for w in scene.widgets if w.visible and w.rect.w > 0]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_widgets_stay_inside_the_window_and_apart(screen, size, tmp_path):
    widgets = shown(SCREENS[screen](tmp_path), size)
    window = pygame.Rect((0, 0), size)
    assert widgets
    for w in widgets:
        assert window.contains(w.rect), (type(w).__name__, getattr(w, "label", ""), w.rect)
    for a, b in itertools.combinations(widgets, 2):
        assert not a.rect.colliderect(b.rect), (getattr(a, "label", a), a.rect, getattr(b, "label", b), b.rect)


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_text_grows_with_the_window(screen, tmp_path):
    small = {i: w.size for i, w in enumerate(shown(SCREENS[screen](tmp_path), SIZES[0])) if hasattr(w, "size")}
    large = {i: w.size for i, w in enumerate(shown(SCREENS[screen](tmp_path), SIZES[2])) if hasattr(w, "size")}
    assert small and small.keys() == large.keys()
    assert all(large[i] > small[i] for i in small)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_help_overlay_fits_every_window_and_grows_with_it(size, tmp_path):
    from game.ui.kit.help_overlay import HelpOverlay
    below = title_scene(tmp_path)
    shown(below, size)
    overlay = HelpOverlay(below)
    surface = pygame.Surface(size)
    overlay.draw(surface)
    assert pygame.Rect((0, 0), size).contains(overlay.panel)
    assert overlay.panel.h >= overlay.line_h * len(overlay.rows)        # every row is shown
    if size == SIZES[2]:
        small = HelpOverlay(below)
        theme.fit_window(SIZES[0])
        small_panel = small.layout_panel(SIZES[0])
        assert overlay.line_h > small.line_h and overlay.panel.w > small_panel.w


def test_the_text_size_setting_scales_the_same_screen(tmp_path):
    sizes = []
    for factor in (0.75, 1.25):
        theme.set_ui_scale(factor)
        sizes.append([w.size for w in shown(title_scene(tmp_path), (1920, 1080)) if hasattr(w, "size")])
    assert all(big > small for small, big in zip(*sizes))


def test_the_boards_undo_button_and_hint_scale_with_the_window():
    from uikit import meadow_board_scene, to_turn
    scene = meadow_board_scene()
    to_turn(scene)
    sizes = []
    for size in (SIZES[0], SIZES[2]):
        scene.layout(size)
        scene.refresh()
        scene.draw(pygame.Surface(size))
        undo = scene.comfort.undo_button
        assert undo.visible and pygame.Rect((0, 0), size).contains(undo.rect)
        assert not undo.rect.colliderect(scene.log_rect) and not undo.rect.colliderect(scene.side)
        sizes.append((undo.size, undo.rect.h))
    assert sizes[1][0] > sizes[0][0] and sizes[1][1] > sizes[0][1]
