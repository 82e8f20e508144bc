"""Game icons: ``assets/icons/<name>.png`` when the art exists, else baked from the emoji font.

``icon("city", 32)`` returns a cached, smoothly scaled RGBA surface. Names and
their emoji are listed in ``EMOJI``; an emoji character works as a name too.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

ASSETS_ICONS = Path(__file__).resolve().parents[3] / "assets" / "icons"
EMOJI_FONT = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
EMOJI_STRIKE = 109   # NotoColorEmoji only has a 109 px bitmap strike

EMOJI: dict[str, str] = {
    "city": "🏰",
    "mine": "⚒️",
    "monster": "🧟",
    "item": "🎁",
    "resource": "💰",
    "coin": "💰",
    "hero": "🧙",
    "move": "🐎",
    "wood": "🌳",
    "food": "🥩",
    "stone": "⛏️",
    "dice": "🎲",
    "star": "⭐",
    "shield": "🛡️",
    "start": "🚩",
    "crown": "👑",
    "skull": "💀",
    "swords": "⚔️",
}
_NAME_BY_EMOJI = {glyph: name for name, glyph in reversed(list(EMOJI.items()))}
# The art's file names where they differ from ours.
PNG_NAMES: dict[str, str] = {"resource": "gold", "coin": "gold", "stone": "ore", "start": "flag",
                             "swords": "sword"}
ASSETS_TOKENS = ASSETS_ICONS.parent / "tokens"


def icon(name: str, size: int) -> pygame.Surface:
    """A square icon ``size`` pixels wide (the aspect of the source is kept, centred)."""
    name = _NAME_BY_EMOJI.get(name, name)
    return _scaled(name, max(1, int(size)))


@lru_cache(maxsize=512)
def _scaled(name: str, size: int) -> pygame.Surface:
    source = _source(name)
    w, h = source.get_size()
    scale = size / max(w, h)
    scaled = pygame.transform.smoothscale(source, (max(1, round(w * scale)), max(1, round(h * scale))))
    square = pygame.Surface((size, size), pygame.SRCALPHA)
    square.blit(scaled, scaled.get_rect(center=(size // 2, size // 2)))
    return square


@lru_cache(maxsize=64)
def _source(name: str) -> pygame.Surface:
    png = ASSETS_ICONS / f"{PNG_NAMES.get(name, name)}.png"
    if png.is_file():
        try:
            return _with_alpha(pygame.image.load(str(png)))
        except pygame.error:
            pass
    return _bake_emoji(EMOJI.get(name, name))


def _with_alpha(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if pygame.display.get_surface() else surface


def _bake_emoji(glyph: str) -> pygame.Surface:
    """Render a glyph from the colour emoji font (SDL_ttf keeps colour; freetype is the fallback)."""
    if EMOJI_FONT.is_file():
        try:
            if not pygame.font.get_init():
                pygame.font.init()
            surf = pygame.font.Font(str(EMOJI_FONT), EMOJI_STRIKE).render(glyph, True, (255, 255, 255))
            if surf.get_width() > 1:
                return _trim(surf.convert_alpha() if pygame.display.get_surface() else surf)
        except (pygame.error, OSError):
            pass
        try:
            from pygame import freetype
            if not freetype.get_init():
                freetype.init()
            surf, _ = freetype.Font(str(EMOJI_FONT), EMOJI_STRIKE).render(glyph)
            return _trim(surf)
        except (pygame.error, OSError, ImportError):
            pass
    return _placeholder(glyph)


def _trim(surface: pygame.Surface) -> pygame.Surface:
    bounds = surface.get_bounding_rect(min_alpha=8)
    return surface.subsurface(bounds).copy() if bounds.w and bounds.h else surface


def _placeholder(glyph: str) -> pygame.Surface:
    surf = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.circle(surf, (240, 220, 170), (32, 32), 30)
    pygame.draw.circle(surf, (90, 60, 30), (32, 32), 30, 3)
    text = pygame.font.Font(None, 40).render(glyph[:1] or "?", True, (90, 60, 30))
    surf.blit(text, text.get_rect(center=(32, 32)))
    return surf


def token_sprite(kind: str, owner: int = 0, tier: str | None = None, size: int = 48) -> pygame.Surface:
    """The board sprite of a token from ``assets/tokens`` (owner-tinted), else its icon."""
    return _token_scaled(kind, owner or 0, tier or "", max(1, int(size)))


@lru_cache(maxsize=512)
def _token_scaled(kind: str, owner: int, tier: str, size: int) -> pygame.Surface:
    names = {"city": [f"city_{tier or 'encampment'}_{owner}"], "mine": [f"mine_{owner}"],
             "hero": [f"hero_{owner}"], "start": [f"start_{owner}"]}.get(kind, []) + [kind]
    for name in names:
        png = ASSETS_TOKENS / f"{name}.png"
        if png.is_file():
            try:
                source = _with_alpha(pygame.image.load(str(png)))
            except pygame.error:
                continue
            return pygame.transform.smoothscale(source, (size, size))
    return icon(kind, size)
