"""Where the screens put their text: a drawing recorder for the layout tests.

``record(draw)`` runs ``draw(surface)`` on a surface that remembers every text it
receives (what ``widgets.text`` and ``rich_text.render`` made, also when first
composed onto another surface) with its tight on-screen rectangle, every panel
(``textures.draw_panel``) and every button (a plain picture blitted is a backdrop,
the board's terrain chunks excepted). A blit that covers the whole screen
(a veil, a backdrop, the board's still picture) hides what was drawn before it.

``problems(drawing)`` lists texts that leave the screen, leave the smallest panel
or button their centre lies in, or overlap another text.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from game.ui.kit import rich_text, textures, widgets

_Surface = pygame.Surface
BACKDROP = (90, 28)      # a plain picture at least this big is a backdrop its texts must stay on


class Tracked(_Surface):
    """A surface that carries the texts drawn on it, in its own coordinates."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.panels: list[tuple[str, pygame.Rect]] = []
        self.drawn: list[pygame.Rect] = []          # every blit's rectangle, in order

    def fill(self, color, rect=None, special_flags=0):
        done = super().fill(color, rect, special_flags)
        if done.contains(self.get_rect().clip(self.get_clip())):
            self.texts.clear()          # a cover or a veil over the whole: what lay below is background now
            self.panels.clear()
        return done

    def blit(self, source, dest, area=None, special_flags=0):
        done = super().blit(source, dest, area, special_flags)
        self.drawn.append(done)
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (dest[0], dest[1])
        full = self.get_rect().clip(self.get_clip())          # what the clip hides is not drawn
        if done.contains(full) and source is not self:
            self.texts.clear()          # everything before lies under this cover
            self.panels.clear()
        texts = getattr(source, "texts", ())
        if not texts and not getattr(source, "ground", False) and source.get_width() >= BACKDROP[0] and source.get_height() >= BACKDROP[1] \
                and full.inflate(-2, -2).contains(done) and done.h < full.h * 0.45:
            self.panels.append(("backdrop", done))          # a panel image, a shade (not the window's background)
        layer = source.get_size() == self.get_size()     # a whole-screen layer (the board's still picture)
        panels = [p for p in getattr(source, "panels", ()) if layer or p[0] != "backdrop"]
        for kind, items in (("texts", texts), ("panels", panels)):
            for label, rect in items:
                if area is not None:
                    rect = rect.clip(pygame.Rect(area))
                    rect = rect.move(-pygame.Rect(area).x, -pygame.Rect(area).y)
                rect = rect.move(round(x), round(y)).clip(full) if rect.w and rect.h else rect
                if rect.w > 0 and rect.h > 0:
                    getattr(self, kind).append((label, rect))
        return done


def _tag(surface: pygame.Surface, label: str) -> pygame.Surface:
    out = Tracked(surface.get_size(), pygame.SRCALPHA)
    _Surface.blit(out, surface, (0, 0))
    box = surface.get_bounding_rect()
    if box.w and box.h and label.strip():
        out.texts = [(label, box)]
    return out


@contextmanager
def recording(monkeypatch):
    """Texts, panels and buttons remember themselves while this is active."""
    plain_text = widgets._text.__wrapped__
    monkeypatch.setattr(pygame, "Surface", Tracked)
    monkeypatch.setattr(widgets, "_text", lambda s, *a: _tag(plain_text(s, *a), s))
    from game.ui.board.view import path_label_picture
    rich_text.render.cache_clear()          # its pictures are composed again, from tracked texts
    path_label_picture.cache_clear()
    widgets.button_picture.cache_clear()
    plain_panel = textures.draw_panel

    def draw_panel(surface, rect, *a, **kw):
        before = len(getattr(surface, "panels", ()))
        drawn = plain_panel(surface, rect, *a, **kw)
        if isinstance(surface, Tracked):
            del surface.panels[before:]                     # its shadow and its parts are the panel
            surface.panels.append(("panel", pygame.Rect(rect)))
        return drawn
    monkeypatch.setattr(textures, "draw_panel", draw_panel)
    plain_button = widgets.Button.draw

    def draw_button(self, surface):
        before = len(getattr(surface, "panels", ()))
        plain_button(self, surface)
        if isinstance(surface, Tracked) and self.visible and self.rect.w > 0:
            del surface.panels[before:]                     # its bevel and face are the button
            surface.panels.append((f"button {self.label!r}", pygame.Rect(self.rect)))
    monkeypatch.setattr(widgets.Button, "draw", draw_button)
    from game.ui.board.terrain import TerrainRenderer
    plain_chunk = TerrainRenderer.opaque_chunk

    def opaque_chunk(self, *a, **kw):
        chunk = plain_chunk(self, *a, **kw)
        if isinstance(chunk, Tracked):
            chunk.ground = True     # the board's terrain: the ground texts lie on, not a backdrop they must stay on
        return chunk
    monkeypatch.setattr(TerrainRenderer, "opaque_chunk", opaque_chunk)
    try:
        yield
    finally:
        rich_text.render.cache_clear()
        path_label_picture.cache_clear()
        widgets.button_picture.cache_clear()


@dataclass
class Drawing:
    size: tuple[int, int]
    texts: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    panels: list[tuple[str, pygame.Rect]] = field(default_factory=list)


def record(draw, size: tuple[int, int]) -> Drawing:
    """Call ``draw(surface)`` on a recording surface (use inside ``recording``)."""
    surface = Tracked(size)
    draw(surface)
    texts = []
    for label, rect in surface.texts:          # the same text redrawn in place counts once
        if (label, tuple(rect)) not in {(t, tuple(r)) for t, r in texts}:
            texts.append((label, rect))
    return Drawing(size, texts, list(surface.panels))


def problems(drawing: Drawing, overlap_px: int = 3) -> list[str]:
    found = []
    screen = pygame.Rect((0, 0), drawing.size)
    for label, rect in drawing.texts:
        if not screen.contains(rect):
            found.append(f"{label!r} {tuple(rect)} leaves the window {drawing.size}")
        holders = [(name, p) for name, p in drawing.panels if p.collidepoint(rect.center)]
        if holders:
            name, panel = min(holders, key=lambda h: h[1].w * h[1].h)
            if not panel.inflate(2, 2).contains(rect):
                found.append(f"{label!r} {tuple(rect)} leaves its {name} {tuple(panel)}")
    for i, (a, ra) in enumerate(drawing.texts):
        for b, rb in drawing.texts[i + 1:]:
            cut = ra.clip(rb)
            if cut.w >= overlap_px and cut.h >= overlap_px:
                found.append(f"{a!r} {tuple(ra)} overlaps {b!r} {tuple(rb)}")
    return found
