"""Typing into a TextField as a real keyboard does it (issue 11 item 1).

SDL sends a KEYDOWN (with ``unicode``) and a TEXTINPUT for every printable key;
only the TEXTINPUT may add the character.
"""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.kit.widgets import TextField
from uikit import click


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    yield


def press(field, key, text=""):
    """One key press as SDL delivers it: KEYDOWN, then TEXTINPUT when the key types a character."""
    used = field.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    if text:
        used = field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text)) and used
    return used


def focused_field(**kw):
    field = TextField(rect=(10, 10, 150, 30), **kw)
    click(field, field.rect.center)
    assert field.focused
    return field


def test_typing_42_gives_42_not_4422():
    field = focused_field(max_len=9, allowed=str.isdigit)
    press(field, pygame.K_4, "4")
    press(field, pygame.K_2, "2")
    assert field.value == "42"


def test_a_save_name_with_spaces_is_typed_once():
    field = focused_field(max_len=32)
    for ch in "nc hotseat d1":
        press(field, pygame.K_SPACE if ch == " " else ord(ch), ch)
    assert field.value == "nc hotseat d1"


def test_backspace_and_enter_come_from_keydown():
    committed = []
    field = focused_field(value="", on_change=committed.append, max_len=9)
    field.value = "abc"
    press(field, pygame.K_BACKSPACE)
    assert field.value == "ab"
    press(field, pygame.K_RETURN)
    assert not field.focused and committed[-1] == "ab"


def test_every_edit_reaches_the_owner_even_if_the_field_is_never_clicked_away():
    """A click on another widget may be used up before the field sees it: the value is already passed on."""
    seen = []
    field = focused_field(on_change=seen.append, max_len=9)
    press(field, pygame.K_a, "a")
    press(field, pygame.K_b, "b")
    press(field, pygame.K_BACKSPACE)
    press(field, pygame.K_BACKSPACE)
    assert seen == ["a", "ab", "a"], "an emptied field waits for Enter or a click away"
    press(field, pygame.K_RETURN)
    assert seen[-1] == ""


def test_text_input_starts_on_focus_and_stops_when_it_is_lost(monkeypatch):
    calls = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: calls.append("start"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: calls.append("stop"))
    field = focused_field()
    assert calls == ["start"]
    click(field, (190, 90))                       # click away
    assert not field.focused and calls == ["start", "stop"]


def test_an_unfocused_field_ignores_typing():
    field = TextField("x", rect=(10, 10, 150, 30))
    assert not press(field, pygame.K_a, "a")
    assert field.value == "x"


def test_ctrl_a_then_typing_replaces_the_whole_name():
    """A default save name is replaced the way every text box does it: Ctrl+A, then type."""
    field = focused_field(max_len=32)
    field.value = "Meadow Ford day 1"
    field.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="\x01",
                                          scancode=0))
    assert field.value == "Meadow Ford day 1" and field.all_selected
    for ch in "Zoé":
        press(field, ord("z") if ch == "Z" else ord("a"), ch)
    assert field.value == "Zoé"


def test_a_double_click_selects_the_whole_name_and_typing_replaces_it(monkeypatch):
    """Played: a triple click on the title's "Rowena" left the cursor at its end, and typing made
    "RowenaAna". Two clicks within DOUBLE_CLICK_MS select it all; clicks further apart only place the cursor."""
    from game.ui.kit import widgets
    ticks = iter([1000, 1200, 5000, 9000])
    monkeypatch.setattr(widgets.pygame.time, "get_ticks", lambda: next(ticks))
    field = TextField("Rowena", rect=(10, 10, 150, 30))
    click(field, field.rect.center)                     # 1000: focus, cursor at the end
    assert field.focused and not field.all_selected
    click(field, field.rect.center)                     # 1200: a double click
    assert field.all_selected
    for ch in "Ana":
        press(field, ord(ch.lower()), ch)
    assert field.value == "Ana"
    click(field, field.rect.center)                     # 5000
    click(field, field.rect.center)                     # 9000: two slow clicks select nothing
    assert not field.all_selected


def test_ctrl_a_then_backspace_clears():
    field = focused_field(max_len=32)
    field.value = "old name"
    field.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="",
                                          scancode=0))
    press(field, pygame.K_BACKSPACE)
    assert field.value == ""


def test_text_with_newlines_tabs_and_control_characters_keeps_only_what_one_line_can_show():
    """Text pasted through an input method arrives as one TEXTINPUT: its line breaks must not enter a name."""
    field = focused_field(max_len=20)
    field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Ana\r\nde\tla\x00 Mar 🐉"))
    assert field.value == "Ana de la Mar 🐉"
