"""The largest text setting never pushes a screen's fixed columns into each other (issue 11): the title and
City screens grow their text only as far as their three columns fit the window; the dialogs over them draw
them at their own scale; labels with emoji are fitted as drawn (the icons are wider than the font's glyphs)."""
import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.app import App
from game.ui.kit import theme, widgets
from game.ui.kit.rich_text import render

SIZES = ((1024, 600), (1280, 720), (1920, 1080))


@pytest.fixture(autouse=True)
def plain_scale():
    yield
    theme.set_ui_scale(1.0)


def title_scene(size):
    from game.ui.menus.title import TitleScene
    app = App(size, headless=True)
    scene = TitleScene()
    scene.select_map(next(i for i, m in enumerate(scene.maps) if "Skirmish" in m.title))   # four seats
    app.push(scene)
    scene.draw(app.screen)
    return scene


def city_scene(size):
    from enginekit import capital, start_game
    from game.engine import actions as A
    from game.ui.city.scene import CityScene
    from game.ui.session import GameSession
    state = start_game("campaign")
    seat = state.actor()
    state.players[seat].purse.update({r: 40 for r in state.rules.resources})
    app = App(size, headless=True)
    scene = CityScene(GameSession(state), capital(state, seat).id)
    app.push(scene)
    assert scene.session.submit(A.Recruit(seat, scene.city_id, "hero", 1)).ok
    scene.city.garrison.update({"unit_1_1": 3, "unit_1_2": 2})
    scene.rebuild()
    scene.draw(app.screen)
    return scene


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("make", [title_scene, city_scene], ids=["title", "city"])
def test_the_largest_text_keeps_the_columns_apart(make, size):
    theme.set_ui_scale(1.5)
    scene = make(size)
    shown = [w for w in scene.widgets if w.visible and w.rect.w > 0]
    window = pygame.Rect((0, 0), size)
    for w in shown:
        assert window.contains(w.rect), (getattr(w, "label", w), w.rect)
    for a, b in itertools.combinations(shown, 2):
        assert not a.rect.colliderect(b.rect), (getattr(a, "label", a), a.rect, getattr(b, "label", b), b.rect)


def test_large_text_still_grows_the_title_where_there_is_room():
    theme.set_ui_scale(1.0)
    plain = title_scene((2560, 1440)).start_button.size
    theme.set_ui_scale(1.5)
    assert title_scene((2560, 1440)).start_button.size > plain


def test_a_dialog_draws_the_title_beneath_at_the_titles_scale(monkeypatch):
    from game.ui.menus.settings_screen import SettingsScene
    theme.set_ui_scale(1.5)
    title = title_scene((1024, 600))
    title_scale = theme.ui_scale()
    settings = SettingsScene()
    title.app.push(settings)
    assert theme.ui_scale() > title_scale            # the dialog itself uses the player's larger text
    seen = []
    real = title.draw
    monkeypatch.setattr(title, "draw", lambda surface: (seen.append(theme.ui_scale()), real(surface)))
    settings.draw(title.app.screen)
    assert seen == [title_scale] and theme.ui_scale() > title_scale


@pytest.mark.parametrize("label", ["Tier 3 ⭐⭐ spawner", "Needs 💰9 🌳9 ⛏️4 more", "🧙 Heroes ⚔️"])
def test_labels_with_emoji_are_fitted_as_drawn(label):
    pygame.display.init()
    full = render(label, 16, theme.INK, "bold").get_width()
    for width in (full - 1, full - 20, full // 2):
        size, words = widgets.fit_label(label, 16, width)
        assert render(words, size, theme.INK, "bold").get_width() <= width + 1
    assert widgets.fit_label(label, 16, full) == (16, label)


def test_a_button_whose_label_is_cut_shows_it_whole_in_its_tip():
    """Played: the side panel's "Take the Common weapon (1d6+2) from the arm…" could not be read whole."""
    pygame.display.init()
    label = "Brienne: Take the Common weapon (1d6+2) and the rest of a very long label"
    narrow = widgets.Button(label, rect=(0, 0, 160, 30), size=13, tooltip="From the armory")
    assert widgets.fit_label(label, 13, 160 - 12)[1] != label            # arrange: drawn cut
    assert narrow.tooltip.split("\n") == [label, "From the armory"]
    wide = widgets.Button("Roll", rect=(0, 0, 160, 30), size=13, tooltip="Roll its 🐎")
    assert wide.tooltip == "Roll its 🐎"                                 # whole on its face: the tip as given
    untipped = widgets.Button(label, rect=(0, 0, 160, 30), size=13)
    assert untipped.tooltip == label
