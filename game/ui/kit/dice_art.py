"""Dice as the screens draw them: pips on a d6, the number on any other die."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.kit import widgets

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
DIE_COLOURS = {6: ((250, 246, 236), (40, 30, 24)), 3: ((222, 196, 120), (60, 36, 12)),
               10: ((170, 40, 36), (255, 240, 220)), 4: ((70, 110, 170), (250, 250, 250))}


@lru_cache(maxsize=256)
def die_face(sides: int, face: int, size: int) -> pygame.Surface:
    """One die showing ``face``: pips for a d6, the number on a coloured die otherwise."""
    body, ink = DIE_COLOURS.get(sides, ((235, 225, 200), (40, 30, 24)))
    surf = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, size, size)
    pygame.draw.rect(surf, (0, 0, 0, 90), rect.move(3, 4), border_radius=size // 5)
    pygame.draw.rect(surf, body, rect, border_radius=size // 5)
    shine = pygame.Rect(3, 3, size - 6, size // 3)
    gloss = pygame.Surface(shine.size, pygame.SRCALPHA)
    pygame.draw.rect(gloss, (255, 255, 255, 55), gloss.get_rect(), border_radius=size // 6)
    surf.blit(gloss, shine)
    pygame.draw.rect(surf, tuple(max(0, c - 70) for c in body), rect, 2, border_radius=size // 5)
    if sides == 6 and face in PIPS:
        r = max(2, size // 10)
        step = size * 0.27
        for dx, dy in PIPS[face]:
            pygame.draw.circle(surf, ink, (round(size / 2 + dx * step), round(size / 2 + dy * step)), r)
    else:
        label = widgets.text(str(face), max(10, int(size * 0.55)), ink, "bold")
        surf.blit(label, label.get_rect(center=rect.center))
        tag = widgets.text("dP" if sides == 100 else f"d{sides}", max(8, size // 5), ink).copy()
        tag.set_alpha(150)
        surf.blit(tag, tag.get_rect(bottomright=(rect.right - 3, rect.bottom - 1)))
    return surf


def draw_die(surface: pygame.Surface, center, sides: int, face: int, size: int, angle: float = 0.0) -> None:
    img = die_face(sides, face, size)
    if angle:
        img = pygame.transform.rotate(img, angle)
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))
