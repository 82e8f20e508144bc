"""Only refusals and problems are red; news (a save, a roll, a vote) is told in the neutral style."""
import pygame

from game.ui.kit.widgets import Toast
from game.ui.menus.saves import SaveDialog
from test_ui_save import game  # noqa: F401  (the fixture: a hotseat game whose saves go to tmp_path)
from uikit import click


def _box_colour(toast):
    surface = pygame.Surface((800, 400))
    surface.fill((0, 0, 0))
    toast.draw(surface)
    return surface.get_at((toast.rect.x + 6, toast.rect.centery))[:3]


def test_a_refusal_is_red_and_news_is_not():
    pygame.init()
    refusal, news = Toast(), Toast()
    refusal.show("Roll the hero's 🐎 first (R-MOV-1)")
    news.show("Saved as game 1", info=True)
    red, calm = _box_colour(refusal), _box_colour(news)
    assert red[0] > 2 * red[1]                   # red
    assert calm[0] < 2 * calm[1]                 # not red


def test_saved_as_is_news(game):
    dialog = SaveDialog(game.session)
    game.app.push(dialog)
    dialog.draw(game.app.screen)
    click(dialog, dialog.save_button.rect.center)
    assert game.toast.message.startswith("Saved as") and game.toast.info


def test_a_long_message_wraps_whole_onto_lines_within_the_window(monkeypatch):
    """A damaged save's message ran past the window and was cut short in one line: nobody could read why."""
    import game.ui.kit.rich_text as rich_text
    pygame.init()
    drawn = []
    real = rich_text.render
    monkeypatch.setattr(rich_text, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    toast = Toast()
    words = [f"word{i}" for i in range(30)]
    toast.show(" ".join(words) + " end")
    surface = pygame.Surface((1280, 720))
    toast.draw(surface)
    assert 2 <= len(drawn) <= Toast.MAX_LINES
    assert " ".join(drawn).split() == words + ["end"], "every word, in order, none cut"
    assert surface.get_rect().contains(toast.rect)
