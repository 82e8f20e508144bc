"""Procedural parchment and wood textures and the framed panels built from them (cached)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import pygame

from game.ui.kit import theme


def _smooth_noise(w: int, h: int, cells: int, seed: int) -> np.ndarray:
    """Value noise in [0, 1], shape (w, h) (pygame's x-major order)."""
    rng = np.random.default_rng(seed)
    gw, gh = max(2, w * cells // max(w, h)), max(2, h * cells // max(w, h))
    grid = (rng.random((gw, gh, 3)) * 255).astype(np.uint8)
    small = pygame.surfarray.make_surface(grid)
    big = pygame.transform.smoothscale(small, (w, h))
    return pygame.surfarray.array3d(big)[:, :, 0].astype(np.float32) / 255.0


def _fractal(w: int, h: int, seed: int) -> np.ndarray:
    total = np.zeros((w, h), np.float32)
    for octave, weight in ((4, 0.5), (12, 0.3), (40, 0.2)):
        total += weight * _smooth_noise(w, h, octave, seed + octave)
    return total


@lru_cache(maxsize=64)
def parchment(w: int, h: int, seed: int = 7) -> pygame.Surface:
    noise = _fractal(w, h, seed)
    xs = np.linspace(-1, 1, w, dtype=np.float32)[:, None]
    ys = np.linspace(-1, 1, h, dtype=np.float32)[None, :]
    vignette = np.clip(1.0 - 0.22 * (xs ** 4 + ys ** 4), 0.6, 1.0)
    shade = (0.86 + 0.2 * noise) * vignette
    rgb = np.array(theme.PARCHMENT, np.float32)[None, None, :] * shade[:, :, None]
    return pygame.surfarray.make_surface(np.clip(rgb, 0, 255).astype(np.uint8))


@lru_cache(maxsize=64)
def wood(w: int, h: int, seed: int = 3, plank: int = 46) -> pygame.Surface:
    noise = _fractal(w, h, seed)
    ys = np.arange(h, dtype=np.float32)[None, :]
    grain = 0.5 + 0.5 * np.sin(ys * 0.55 + noise * 14.0)
    shade = 0.78 + 0.16 * grain + 0.14 * noise
    planks = (np.arange(h) % plank) < 2
    shade[:, planks] *= 0.62
    rgb = np.array(theme.WOOD, np.float32)[None, None, :] * shade[:, :, None]
    return pygame.surfarray.make_surface(np.clip(rgb, 0, 255).astype(np.uint8))


def dim_wood_backdrop(surface: pygame.Surface, seed: int, plank: int, veil: int = 120) -> None:
    """Fill the whole screen with dark planks: the backdrop of full-screen panels."""
    w, h = surface.get_size()
    surface.blit(wood(w, h, seed=seed, plank=plank), (0, 0))
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((10, 6, 2, veil))
    surface.blit(shade, (0, 0))


def _rounded_mask(surface: pygame.Surface, radius: int) -> pygame.Surface:
    w, h = surface.get_size()
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


@lru_cache(maxsize=128)
def panel(w: int, h: int, style: str = "parchment", radius: int = 10) -> pygame.Surface:
    """A framed panel surface (with alpha): 'parchment' (light) or 'wood' (dark)."""
    w, h = max(8, w), max(8, h)
    base = parchment(w, h) if style == "parchment" else wood(w, h)
    surf = _rounded_mask(base, radius)
    frame = theme.WOOD_DARK if style == "parchment" else (40, 24, 12)
    pygame.draw.rect(surf, frame, surf.get_rect(), width=3, border_radius=radius)
    inner = surf.get_rect().inflate(-8, -8)
    edge = (190, 160, 110) if style == "parchment" else (150, 104, 60)
    pygame.draw.rect(surf, edge, inner, width=1, border_radius=max(2, radius - 4))
    return surf


@lru_cache(maxsize=128)
def shadow(w: int, h: int, radius: int = 10, blur: int = 8, alpha: int = 120) -> pygame.Surface:
    """A soft drop shadow, ``blur`` pixels larger than (w, h) on each side."""
    size = (w + 2 * blur, h + 2 * blur)
    small = pygame.Surface((max(2, size[0] // 4), max(2, size[1] // 4)), pygame.SRCALPHA)
    r = small.get_rect().inflate(-blur // 2, -blur // 2)
    pygame.draw.rect(small, (0, 0, 0, alpha), r, border_radius=max(1, radius // 4))
    return pygame.transform.smoothscale(small, size)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, style: str = "parchment",
               radius: int = 10, drop_shadow: bool = True) -> None:
    if drop_shadow:
        s = shadow(rect.w, rect.h, radius)
        surface.blit(s, (rect.x - 8 + 4, rect.y - 8 + 6))
    surface.blit(panel(rect.w, rect.h, style, radius), rect.topleft)
