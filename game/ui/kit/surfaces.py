"""New pictures in the window's pixel format."""
from __future__ import annotations

import pygame


def screen_like(size: tuple[int, int]) -> pygame.Surface:
    """A new opaque surface in the display's pixel format, so a blit of it to the window is a plain copy.
    It is made in that format, not converted after: ``convert`` copies every pixel (3–4 ms for a
    1280×720 picture on the board's first frame)."""
    display = pygame.display.get_surface()
    return pygame.Surface(size) if display is None else pygame.Surface(size, 0, display)
