"""A squad card's dice always fit their box, whole: smaller type, then fewer spaces, then the same sum in
fewer terms (R-DICE-1, R-DICE-3: dice of one kind add up), never a cut "2d6+6 + 1d"."""
import pygame
import pytest

from game.ui.battle.draw import dice_label, merged_dice
from game.ui.kit import theme


@pytest.mark.rule("R-DICE-3")
def test_dice_of_one_kind_add_up():
    assert merged_dice("2d6+6 + 4d6+5 + 3d6+5") == "9d6+16"
    assert merged_dice("2d6+6 + 1d6+2") == "3d6+8"
    assert merged_dice("3d3+9") == "3d3+9"
    assert merged_dice("7 × 1d6") == "7 × 1d6"          # not a sum: left as it is


@pytest.mark.parametrize("window", [(1024, 600), (1280, 720), (1920, 1080)])
def test_a_hero_with_two_items_reads_whole_on_its_card(window):
    pygame.init()
    theme.fit_window(window)
    try:
        words, size = dice_label("2d6+6 + 4d6+5 + 3d6+5", theme.px(84))   # the arrange panel's hero card
    finally:
        theme.fit_window(theme.WINDOW_SIZE)
    assert "…" not in words
    assert words in ("2d6+6 + 4d6+5 + 3d6+5", "2d6+6+4d6+5+3d6+5", "9d6+16")
