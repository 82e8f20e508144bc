"""A board dialog keeps its text inside its frame: long lines wrap (a computer's alliance offer ran
past the dialog's right edge in a real window)."""
import pygame

from game.ui.app import App
from game.ui.board.dialogs import Dialog
from game.ui.kit import rich_text


def test_a_long_line_wraps_inside_the_dialog_and_the_dialog_grows_to_hold_it():
    App(headless=True)
    long = ("Allies treat each other's Cities and Mines as their own tiles and cannot attack each "
            "other (R-ALLY-1).")
    short = Dialog("An alliance?", ["Rowena proposes an alliance."], [("Accept", lambda: None)])
    dialog = Dialog("An alliance?", ["Rowena proposes an alliance.", long], [("Accept", lambda: None)])
    for d in (short, dialog):
        d.layout((1280, 720))
    lines = dialog.shown_lines()
    assert len(lines) >= 3 and " ".join(lines[1:]) == long
    assert all(rich_text.width(line, 16, "body") <= dialog.width - 52 for line in lines)
    assert dialog.rect.h >= short.rect.h + 28 * (len(lines) - 1)
    surface = pygame.Surface((1280, 720))
    dialog.draw(surface)           # draws without error at its new size
