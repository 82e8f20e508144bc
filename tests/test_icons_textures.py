"""The parchment and wood of every panel come from baked texture tiles: nothing is computed at start-up."""
import os
import subprocess
import sys

import pygame
import pytest

from game import resources
from game.ui.kit import textures


@pytest.mark.parametrize("name", ["parchment", "wood", "vignette"])
def test_the_texture_tiles_are_shipped(name):
    path = resources.textures_dir() / f"{name}.png"
    assert path.is_file(), f"{path} is missing: run `python tools/make_assets.py --textures`"
    assert textures._tile(name) is not None


def brightness(surface, rect):
    pixels = [surface.get_at((x, y)) for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)]
    return sum(p.r + p.g + p.b for p in pixels) / len(pixels)


def test_parchment_is_textured_and_darker_at_its_edges():
    surf = textures.parchment(300, 200, seed=5)
    assert surf.get_size() == (300, 200)
    colours = {tuple(surf.get_at((x, 100))) for x in range(40, 260, 4)}
    assert len(colours) > 10                                   # not a flat fill
    assert brightness(surf, pygame.Rect(0, 0, 6, 200)) < brightness(surf, pygame.Rect(147, 0, 6, 200))


def test_wood_has_a_dark_seam_every_plank():
    surf = textures.wood(200, 130, seed=2, plank=40)
    for seam in (0, 40, 80):
        assert brightness(surf, pygame.Rect(0, seam, 200, 2)) < 0.8 * brightness(surf, pygame.Rect(0, seam + 10, 200, 2))


def test_different_seeds_show_different_parts_of_the_grain():
    a, b = textures.wood(64, 64, seed=1), textures.wood(64, 64, seed=2)
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


def test_panels_are_drawn_without_numpy():
    """Start-up: the title's panels need no noise computation (numpy alone costs most of a window's start)."""
    probe = ("import sys, pygame; pygame.display.init(); pygame.display.set_mode((320, 200));"
             "from game.ui.kit import textures; textures.wood(1280, 720, seed=11, plank=60);"
             "textures.draw_panel(pygame.display.get_surface(), pygame.Rect(10, 10, 200, 150));"
             "print('numpy' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False"


@pytest.mark.parametrize("alpha", [110, 165, 170])
def test_dimming_looks_like_the_translucent_sheet_it_replaces_and_keeps_to_the_clip(alpha):
    """Dialogs darken the screen below with two blended fills instead of a new full-screen sheet each frame."""
    picture = textures.wood(120, 80, seed=3)
    picture.fill((250, 240, 20), (0, 0, 30, 80))
    sheet_over = picture.copy()
    sheet = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    sheet.fill((10, 6, 2, alpha))
    sheet_over.blit(sheet, (0, 0))
    dimmed = picture.copy()
    dimmed.set_clip(pygame.Rect(0, 0, 100, 80))
    textures.dim(dimmed, alpha)
    for x, y in [(5, 5), (29, 70), (50, 40), (99, 79)]:
        assert all(abs(a - b) <= 2 for a, b in zip(dimmed.get_at((x, y))[:3], sheet_over.get_at((x, y))[:3]))
    assert dimmed.get_at((110, 40)) == picture.get_at((110, 40))      # outside the clip: untouched


@pytest.mark.parametrize("size, style, radius", [((300, 200), "parchment", 14), ((120, 40), "wood", 10),
                                                 ((60, 16), "parchment", 16), ((900, 660), "wood", 16)])
def test_a_panel_drawn_in_parts_looks_like_the_whole_panel_and_its_shadow(size, style, radius):
    """``draw_panel`` copies the rows between the rounded corners and skips the shadow under the panel."""
    backdrop = textures.wood(1000, 760, seed=4)
    rect = pygame.Rect((30, 40), size)
    whole = backdrop.copy()
    whole.blit(textures.shadow(rect.w, rect.h, radius), (rect.x - 4, rect.y - 2))
    whole.blit(textures.panel(rect.w, rect.h, style, radius), rect.topleft)
    parts = backdrop.copy()
    textures.draw_panel(parts, rect, style, radius)
    assert pygame.image.tobytes(parts, "RGB") == pygame.image.tobytes(whole, "RGB")
