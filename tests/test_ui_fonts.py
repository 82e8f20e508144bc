"""Player names in any script are drawn, not boxes: the shipped fallback fonts (CJK, kana, Hangul)
take over per run where DejaVu has no glyph."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.kit import theme, widgets
from uikit import click

NAME = "王さくら김"


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    yield


def notdef(f: pygame.font.Font) -> bytes:
    return pygame.image.tobytes(f.render("\U000F0000", True, (0, 0, 0)), "RGBA")


def drawn_as_box(f: pygame.font.Font, ch: str) -> bool:
    return pygame.image.tobytes(f.render(ch, True, (0, 0, 0)), "RGBA") == notdef(f)


def test_the_main_font_alone_would_draw_boxes():
    main = theme.font(20, "body")
    assert all(drawn_as_box(main, ch) for ch in NAME)


@pytest.mark.parametrize("style", ["body", "bold", "title", "heading"])
def test_every_character_of_a_cjk_name_gets_a_font_that_has_it(style):
    runs = theme.font_runs(f"Sir {NAME}!", 20, style)
    assert "".join(part for part, _ in runs) == f"Sir {NAME}!"
    for part, f in runs:
        for ch in part:
            assert not drawn_as_box(f, ch), (ch, style)
    assert runs[0][1] is theme.font(20, style)       # Latin stays in the style's own font


def test_a_cjk_name_renders_wider_than_boxes_and_measures_as_drawn():
    surface = widgets.text(NAME, 20, theme.INK, "bold")
    assert surface.get_width() == theme.text_size(NAME, 20, "bold")[0]
    boxes = theme.font(20, "bold").size(NAME)[0]
    assert surface.get_width() > boxes


def test_a_cjk_name_typed_into_a_name_field_is_kept_and_shown():
    field = widgets.TextField(rect=(10, 10, 180, 30), max_len=14)
    click(field, field.rect.center)
    for ch in NAME:      # an input method sends the composed characters as TEXTINPUT after a KEYDOWN
        field.handle_event(pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode="", scancode=0))
        field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert field.value == NAME
    screen = pygame.Surface((200, 50))
    field.draw(screen)
    drawn = pygame.Surface((200, 50))
    field.value = "□□□□□"
    field.draw(drawn)
    assert pygame.image.tobytes(screen, "RGB") != pygame.image.tobytes(drawn, "RGB")
    for part, f in theme.font_runs(NAME, field.size):
        assert not any(drawn_as_box(f, ch) for ch in part)
