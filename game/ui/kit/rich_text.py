"""Text with emoji drawn as icons (the UI font has no emoji glyphs)."""
from __future__ import annotations

import re
from functools import lru_cache

import pygame

from game.ui.kit import icons, theme

_GLYPHS = sorted({g for g in icons.EMOJI.values()} | {g.rstrip("\ufe0f") for g in icons.EMOJI.values()},
                 key=len, reverse=True)


# the longest glyph first at each place, as a scan glyph by glyph would pick; a trailing variation selector dropped
_GLYPH_RE = re.compile("(" + "|".join(re.escape(g) for g in _GLYPHS) + ")\ufe0f?")


def split(s: str) -> list[tuple[str, bool]]:
    """Runs of plain text and emoji, in order: [(text, is_emoji)]."""
    return list(_split(s))


@lru_cache(maxsize=1024)
def _split(s: str) -> tuple[tuple[str, bool], ...]:
    parts: list[tuple[str, bool]] = []
    at = 0
    for match in _GLYPH_RE.finditer(s):
        if match.start() > at:
            parts.append((s[at:match.start()], False))
        parts.append((match.group(1), True))
        at = match.end()
    if at < len(s):
        parts.append((s[at:], False))
    return tuple(parts)


@lru_cache(maxsize=2048)
def width(s: str, size: int, style: str = "body") -> int:
    """How wide ``s`` is as drawn, its emoji as icons (a quarter larger than the text), without drawing it."""
    parts = split(s)
    if not any(is_emoji for _, is_emoji in parts):
        return theme.text_size(s, size, style)[0]
    return sum(round(size * 1.25) if is_emoji else theme.text_size(part, size, style)[0]
               for part, is_emoji in parts) + 1


@lru_cache(maxsize=512)
def render(s: str, size: int, colour: tuple = theme.INK, style: str = "body",
           shadow: tuple | None = None) -> pygame.Surface:
    from game.ui.kit.widgets import text
    parts = split(s)
    pieces = [icons.icon(part, round(size * 1.25)) if is_emoji else text(part, size, colour, style, shadow)
              for part, is_emoji in parts] or [text("", size, colour, style)]
    height = max(p.get_height() for p in pieces)
    pad = 1 if any(is_emoji for _, is_emoji in parts) else 0      # as ``width`` measures it
    out = pygame.Surface((sum(p.get_width() for p in pieces) + pad, height), pygame.SRCALPHA)
    x = 0
    for p in pieces:
        out.blit(p, (x, (height - p.get_height()) // 2))
        x += p.get_width()
    return out
