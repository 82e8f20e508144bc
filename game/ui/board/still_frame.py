"""The board screen's still picture: everything but what follows the mouse, redrawn only on change.

An idle frame is one blit of this picture; a hover frame adds the hover glow,
the path preview and the tooltip on top (``BoardView.draw_dynamic`` and
``draw_tooltip``). The scene builds a key of everything the picture shows; an
equal key means the same pixels, so the picture is reused.
"""
from __future__ import annotations

import pygame


def widget_key(widgets) -> tuple:
    """What a list of widgets looks like right now (hover, press, label, place)."""
    return tuple((id(w), w.visible, getattr(w, "enabled", True), w.hovered, getattr(w, "pressed", False),
                  getattr(w, "selected", False), getattr(w, "label", ""), tuple(w.rect)) for w in widgets)


class StillFrame:
    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: tuple | None = None
        self.keep_on_top: list[pygame.Rect] = []   # panels over the board the path must not cross

    def fresh(self, size: tuple[int, int], key: tuple) -> bool:
        """True when the kept picture already shows ``key`` at this size."""
        return self.surface is not None and self.surface.get_size() == size and self.key == key

    def begin(self, size: tuple[int, int], key: tuple) -> pygame.Surface:
        """The canvas to redraw the picture on (kept between frames, reallocated only on resize)."""
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                self.surface = self.surface.convert()
        self.key = key
        self.keep_on_top = []
        return self.surface

    def invalidate(self) -> None:
        self.key = None

    def blit(self, surface: pygame.Surface) -> None:
        surface.blit(self.surface, (0, 0))

    def restore_on_top(self, surface: pygame.Surface, drawn: pygame.Rect | None = None) -> None:
        """Put the panels that lie over the board back over what was drawn on it since (only inside
        ``drawn``, when given: the rest of each panel was not drawn over)."""
        for rect in self.keep_on_top:
            if drawn is not None:
                rect = rect.clip(drawn)
            if rect.w and rect.h:
                surface.blit(self.surface, rect, area=rect)
