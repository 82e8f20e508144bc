"""The board screen's still picture: everything but what follows the mouse, redrawn only on change.

An idle frame is one blit of this picture; a hover frame adds the hover glow,
the path preview and the tooltip on top (``BoardView.draw_dynamic`` and
``draw_tooltip``). The scene builds a key of everything the picture shows; an
equal key means the same pixels, so the picture is reused.

When the window still holds the scene's last frame and that frame drew nothing
over the picture but rectangles it noted (the path, the tooltips), the next
frame puts back only those rectangles instead of the whole window
(``StillFrame.put_back``): moving the mouse over the board redraws a few tiles,
and a frame that would draw the same as the last one (the mouse resting on a
tile) draws nothing (``StillFrame.already_shows``).
"""
from __future__ import annotations

import pygame

from game.ui.kit.surfaces import screen_like


def widget_key(widgets) -> tuple:
    """What a list of widgets looks like right now (hover, press, label, place)."""
    return tuple((id(w), w.visible, getattr(w, "enabled", True), w.hovered, getattr(w, "pressed", False),
                  getattr(w, "selected", False), getattr(w, "label", ""), tuple(w.rect)) for w in widgets)


class StillFrame:
    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: tuple | None = None
        self.keep_on_top: list[pygame.Rect] = []   # panels over the board the path must not cross
        self._over: list[pygame.Rect] | None = None   # what the last frame drew over the picture, if known
        self._shown_on: tuple | None = None            # ... on which screen, in which frame
        self._over_what: tuple | None = None           # ... and what it showed there
        self.changed: list[pygame.Rect] | None = None   # where the last frame changed the screen (None: anywhere)

    def fresh(self, size: tuple[int, int], key: tuple) -> bool:
        """True when the kept picture already shows ``key`` at this size."""
        return self.surface is not None and self.surface.get_size() == size and self.key == key

    def begin(self, size: tuple[int, int], key: tuple) -> pygame.Surface:
        """The canvas to redraw the picture on (kept between frames, reallocated only on resize)."""
        if self.surface is None or self.surface.get_size() != size:
            self.surface = screen_like(size)
        self.key = key
        self.keep_on_top = []
        self._over = None
        return self.surface

    def invalidate(self) -> None:
        self.key = None
        self._over = None

    def blit(self, surface: pygame.Surface) -> None:
        surface.blit(self.surface, (0, 0))

    def hidden(self) -> None:
        """The frame drawn shows something else (a cover over the whole window): the next one is whole."""
        self._over = self.changed = None

    def _follows_on_screen(self, shown_on: tuple) -> bool:
        """Whether the last frame noted was drawn on this screen just before the one ``shown_on`` names (so
        the screen still holds it, and what it drew over the picture is known)."""
        return self._over is not None and shown_on[-1] is not None \
            and self._shown_on == shown_on[:-1] + (shown_on[-1] - 1,)

    def already_shows(self, shown_on: tuple, what: tuple | None) -> bool:
        """True when the screen still holds the last frame and it drew ``what`` over this same picture:
        the frame about to be drawn would be the same, so it is not drawn (a mouse resting on a tile)."""
        if what is None or self._over_what != what or not self._follows_on_screen(shown_on):
            return False
        self._shown_on = shown_on
        self.changed = []
        return True

    def put_back(self, surface: pygame.Surface, shown_on: tuple) -> None:
        """Make ``surface`` show the still picture. ``shown_on`` names the screen and the frame about to be
        drawn (see ``App.frame_count``); when the previous frame was this picture on that screen with
        only noted rectangles drawn over it, those rectangles are put back, else the whole picture."""
        follows, last, self._over = self._follows_on_screen(shown_on), self._over, None
        if not follows:
            self.blit(surface)
            self.changed = None
            return
        for rect in last:
            surface.blit(self.surface, rect, area=rect)
        self.changed = list(last)

    def note_drawn_over(self, rects: list[pygame.Rect | None] | None, shown_on: tuple, what: tuple | None = None) -> None:
        """What this frame drew over the picture: every pixel outside ``rects`` is the picture's. ``None``
        when something else was drawn (a dialog, a toast, dice): the next frame then puts back the whole
        picture. ``what`` is everything those rectangles show (see ``already_shows``)."""
        self._over = None if rects is None else [r for r in rects if r is not None and r.w and r.h]
        self._shown_on = shown_on
        self._over_what = what if self._over is not None else None
        self.changed = None if self._over is None or self.changed is None else self.changed + self._over

    def restore_on_top(self, surface: pygame.Surface, drawn: list[pygame.Rect] | None = None) -> None:
        """Put the panels that lie over the board back over what was drawn on it since (only inside the
        rectangles ``drawn``, when given: the rest of each panel was not drawn over)."""
        for panel in self.keep_on_top:
            for rect in [panel] if drawn is None else [panel.clip(drawn[i]) for i in panel.collidelistall(drawn)]:
                if rect.w and rect.h:
                    surface.blit(self.surface, rect, area=rect)
