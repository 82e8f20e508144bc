"""Parchment and wood textures and the framed panels built from them (cached).

The textures are tileable squares baked by ``tools/make_assets.py`` into
``assets/textures`` (no noise is computed at start-up): a surface of any size
repeats its tile from an offset chosen by ``seed``; parchment darkens towards
its edges (the baked vignette), wood gets a dark seam every ``plank`` pixels.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game import resources
from game.ui.kit import decoded, theme

PLANK_SEAM = (158, 158, 158)   # multiplies the wood by 0.62 on the seams between planks


def _smooth_noise(w: int, h: int, cells: int, seed: int):
    """Value noise in [0, 1], shape (w, h) (pygame's x-major order), as a numpy array."""
    import numpy as np   # only the procedural board terrain needs noise, not the first screen
    rng = np.random.default_rng(seed)
    gw, gh = max(2, w * cells // max(w, h)), max(2, h * cells // max(w, h))
    grid = (rng.random((gw, gh, 3)) * 255).astype(np.uint8)
    small = pygame.surfarray.make_surface(grid)
    big = pygame.transform.smoothscale(small, (w, h))
    return pygame.surfarray.array3d(big)[:, :, 0].astype(np.float32) / 255.0


def _fractal(w: int, h: int, seed: int):
    """Three octaves of value noise (the mottle of the procedural terrain, game/ui/board/terrain.py)."""
    import numpy as np
    total = np.zeros((w, h), np.float32)
    for octave, weight in ((4, 0.5), (12, 0.3), (40, 0.2)):
        total += weight * _smooth_noise(w, h, octave, seed + octave)
    return total


@lru_cache(maxsize=8)
def _tile(name: str) -> pygame.Surface | None:
    """A baked texture tile, or None when the file is missing (panels then fall back to flat colour)."""
    try:
        tile = decoded.load(resources.textures_dir() / f"{name}.png")
    except (pygame.error, FileNotFoundError):
        return None
    return tile.convert() if pygame.display.get_surface() else tile


def _tiled(name: str, w: int, h: int, seed: int, flat: tuple[int, int, int]) -> pygame.Surface:
    out = pygame.Surface((max(1, w), max(1, h)))
    tile = _tile(name)
    if tile is None:
        out.fill(flat)
        return out
    tw, th = tile.get_size()
    ox, oy = (seed * 197) % tw, (seed * 113) % th
    for y in range(-oy, h, th):
        for x in range(-ox, w, tw):
            out.blit(tile, (x, y))
    return out


@lru_cache(maxsize=64)
def parchment(w: int, h: int, seed: int = 7) -> pygame.Surface:
    out = _tiled("parchment", w, h, seed, theme.PARCHMENT)
    vignette = _tile("vignette")
    if vignette is not None:
        out.blit(pygame.transform.smoothscale(vignette, out.get_size()), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return out


@lru_cache(maxsize=64)
def wood(w: int, h: int, seed: int = 3, plank: int = 46) -> pygame.Surface:
    out = _tiled("wood", w, h, seed, theme.WOOD)
    for y in range(0, h, max(2, plank)):
        out.fill(PLANK_SEAM, (0, y, w, 2), special_flags=pygame.BLEND_RGB_MULT)
    return out


def dim_wood_backdrop(surface: pygame.Surface, seed: int, plank: int, veil: int = 120) -> None:
    """Fill the whole screen with dark planks: the backdrop of full-screen panels."""
    w, h = surface.get_size()
    surface.blit(wood(w, h, seed=seed, plank=plank), (0, 0))
    dim(surface, veil)


def dim(surface: pygame.Surface, alpha: int, colour: tuple[int, int, int] = (10, 6, 2)) -> None:
    """Darken ``surface`` (inside its clip) towards ``colour`` by ``alpha`` of 255, as a translucent sheet
    blitted over it would, without making the sheet: two blended fills cost half the blit and nothing is
    allocated each frame."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    surface.fill(tuple(c * alpha // 255 for c in colour), special_flags=pygame.BLEND_RGB_ADD)


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


@lru_cache(maxsize=32)
def _opaque_panel(w: int, h: int, style: str, radius: int) -> pygame.Surface:
    """``panel`` without its alpha channel, for the rows its rounded corners do not reach."""
    picture = panel(w, h, style, radius)
    out = pygame.Surface(picture.get_size())
    out.blit(picture, (0, 0))
    return out


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, style: str = "parchment",
               radius: int = 10, drop_shadow: bool = True) -> pygame.Rect:
    """A panel with its shadow. Only its rounded top and bottom rows are blended: the rows between are
    opaque and copied, and the shadow is drawn only where the panel will not cover it (a dialog-sized
    alpha blit is most of a millisecond, and modal screens draw one every frame). Returns the rectangle
    it drew in, the shadow's included."""
    picture = panel(rect.w, rect.h, style, radius)
    w, h = picture.get_size()
    band = min(radius, h // 2)
    solid = pygame.Rect(rect.x, rect.y + band, w, h - 2 * band)
    drawn = pygame.Rect(rect)
    if drop_shadow:
        dark = shadow(rect.w, rect.h, radius)
        _blit_around(surface, dark, (rect.x - 4, rect.y - 2), solid)
        drawn.union_ip(dark.get_rect(topleft=(rect.x - 4, rect.y - 2)))
    if solid.h > 0:
        surface.blit(_opaque_panel(rect.w, rect.h, style, radius), solid.topleft, area=(0, band, w, solid.h))
    surface.blit(picture, rect.topleft, area=(0, 0, w, band))
    surface.blit(picture, (rect.x, rect.y + h - band), area=(0, h - band, w, band))
    return drawn


def _blit_around(surface: pygame.Surface, image: pygame.Surface, at: tuple[int, int], hole: pygame.Rect) -> None:
    """Blit ``image`` at ``at`` except inside ``hole`` (in ``surface``'s coordinates), which is covered next."""
    box = image.get_rect(topleft=at)
    hole = hole.clip(box)
    if not hole.w or not hole.h:
        surface.blit(image, at)
        return
    for part in (pygame.Rect(box.x, box.y, box.w, hole.y - box.y),
                 pygame.Rect(box.x, hole.bottom, box.w, box.bottom - hole.bottom),
                 pygame.Rect(box.x, hole.y, hole.x - box.x, hole.h),
                 pygame.Rect(hole.right, hole.y, box.right - hole.right, hole.h)):
        if part.w > 0 and part.h > 0:
            surface.blit(image, part.topleft, area=part.move(-box.x, -box.y))
