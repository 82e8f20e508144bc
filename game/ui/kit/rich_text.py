"""Text with emoji drawn as icons (the UI font has no emoji glyphs)."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.kit import icons, theme

_GLYPHS = sorted({g for g in icons.EMOJI.values()} | {g.rstrip("\ufe0f") for g in icons.EMOJI.values()},
                 key=len, reverse=True)


def split(s: str) -> list[tuple[str, bool]]:
    """Runs of plain text and emoji, in order: [(text, is_emoji)]."""
    parts: list[tuple[str, bool]] = []
    i, plain = 0, ""
    while i < len(s):
        glyph = next((g for g in _GLYPHS if s.startswith(g, i)), None)
        if glyph:
            if plain:
                parts.append((plain, False))
                plain = ""
            i += len(glyph)
            if i < len(s) and s[i] == "\ufe0f":
                i += 1
            parts.append((glyph, True))
        else:
            plain += s[i]
            i += 1
    if plain:
        parts.append((plain, False))
    return parts


@lru_cache(maxsize=512)
def render(s: str, size: int, colour: tuple = theme.INK, style: str = "body",
           shadow: tuple | None = None) -> pygame.Surface:
    from game.ui.kit.widgets import text
    pieces = [icons.icon(part, round(size * 1.25)) if is_emoji else text(part, size, colour, style, shadow)
              for part, is_emoji in split(s)] or [text("", size, colour, style)]
    height = max(p.get_height() for p in pieces)
    out = pygame.Surface((sum(p.get_width() for p in pieces) + 1, height), pygame.SRCALPHA)
    x = 0
    for p in pieces:
        out.blit(p, (x, (height - p.get_height()) // 2))
        x += p.get_width()
    return out
