"""Game icons: the PNGs in ``assets/icons``, baked from Noto Color Emoji by ``tools/make_assets.py``.

``icon("city", 32)`` returns a cached, smoothly scaled RGBA surface. Names and
their emoji are listed in ``EMOJI``; an emoji character works as a name too,
and ``rich_text`` draws every emoji listed here as its icon. The game never
reads a font for these: a name without its PNG draws as a plain placeholder
(and the icon tests fail).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

from game import resources

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
    "hourglass": "⏳",
    "trophy": "🏆",
    "dizzy": "💫",
    "hammer": "🔨",
    "ballot": "🗳️",
    "white_flag": "🏳️",
    "handshake": "🤝",
    "fencer": "🤺",
}
_NAME_BY_EMOJI = {glyph: name for name, glyph in reversed(list(EMOJI.items()))}
_NAME_BY_EMOJI.update({glyph.rstrip("\ufe0f"): name for glyph, name in list(_NAME_BY_EMOJI.items())})
# The art's file names where they differ from ours.
PNG_NAMES: dict[str, str] = {"resource": "gold", "coin": "gold", "stone": "ore", "start": "flag",
                             "swords": "sword"}


def icon_file(name: str) -> Path:
    """The PNG of an icon name or emoji (``"coin"``, ``"💰"`` -> ``assets/icons/gold.png``)."""
    name = _NAME_BY_EMOJI.get(name, name)
    return resources.icons_dir() / f"{PNG_NAMES.get(name, name)}.png"


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
    png = icon_file(name)
    if png.is_file():
        try:
            return _with_alpha(pygame.image.load(str(png)))
        except pygame.error:
            pass
    return _placeholder(EMOJI.get(name, name))


def _with_alpha(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if pygame.display.get_surface() else surface


def _placeholder(glyph: str) -> pygame.Surface:
    surf = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.circle(surf, (240, 220, 170), (32, 32), 30)
    pygame.draw.circle(surf, (90, 60, 30), (32, 32), 30, 3)
    from game.ui.kit import theme
    text = theme.font(36, "bold").render(glyph[:1] if glyph[:1].isalnum() else "?", True, (90, 60, 30))
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
        png = resources.tokens_dir() / f"{name}.png"
        if png.is_file():
            try:
                source = _with_alpha(pygame.image.load(str(png)))
            except pygame.error:
                continue
            return pygame.transform.smoothscale(source, (size, size))
    return icon(kind, size)
