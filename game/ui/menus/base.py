"""Shared pieces of the city, daybreak, menu and save screens.

- ``OverlayScene``: a dialog drawn over the scene beneath it (the board stays
  visible, dimmed); closing it refreshes the board scene from the engine state.
- ``MutedButton``: looks unavailable but still clicks, so the engine can say why.
- ``cost_surface``: a cost with resource icons, the parts the purse lacks in red;
  ``needs_more``: what the purse lacks, in words.
- ``nice_name``: engine names in words ("spawner_2_1" -> "Tier 2 ⭐ spawner"), from ``game.names``.
"""
from __future__ import annotations

import pygame

from game.names import nice_name, stars, unit_plural  # noqa: F401  (the screens import them from here)
from game.ui.kit import textures, theme, widgets
from game.ui.kit.widgets import wrap
from game.ui.kit.rich_text import render
from game.ui.kit.scene import Scene
from game.ui.kit.theme import px

RESOURCE_ICONS = {"coin": "💰", "wood": "🌳", "food": "🥩", "stone": "⛏️"}
GOOD = (40, 110, 40)


def cost_surface(cost: dict[str, int], purse: dict[str, int] | None, size: int = 15,
                 colour: tuple = theme.INK, resources: list[str] | None = None) -> pygame.Surface:
    """Icons and numbers of a cost; a part the purse cannot pay is drawn in red.

    ``resources`` lists every resource to show (Campaign shows all four, zeros soft).
    """
    names = list(resources) if resources else [r for r, n in cost.items() if n]
    if not names:
        return render("free", size, colour, "bold")
    pieces = []
    for r in names:
        n = cost.get(r, 0)
        short = purse is not None and purse.get(r, 0) < n
        col = theme.DANGER if short else (colour if n else (150, 128, 96))
        pieces.append(render(f"{RESOURCE_ICONS.get(r, r)}{n}", size, col, "bold"))
    gap = 8
    out = pygame.Surface((sum(p.get_width() for p in pieces) + gap * (len(pieces) - 1),
                          max(p.get_height() for p in pieces)), pygame.SRCALPHA)
    x = 0
    for p in pieces:
        out.blit(p, (x, (out.get_height() - p.get_height()) // 2))
        x += p.get_width() + gap
    return out


def needs_more(cost: dict[str, int], purse: dict[str, int]) -> str:
    """What the purse lacks for ``cost``, in the player's words: "Needs 💰3 more", "Needs 🌳4 ⛏️2 more";
    "" when it can pay."""
    from game.engine.purse import describe
    short = {r: n - purse.get(r, 0) for r, n in cost.items() if n > purse.get(r, 0)}
    return f"Needs {describe(short)} more" if short else ""


def purse_surface(state, seat: int, size: int = 20, colour: tuple = theme.CREAM,
                  shadow: tuple | None = (10, 6, 2)) -> pygame.Surface:
    purse = state.players[seat].purse
    line = "   ".join(f"{RESOURCE_ICONS.get(r, r)} {purse.get(r, 0)}" for r in state.rules.resources)
    return render(line, size, colour, "bold", shadow)


def submit_and_rebuild(scene, action) -> bool:
    """Hand an action to the engine through the scene's session; a refusal becomes a toast,
    a success rebuilds the scene from the new state. True when the action was applied."""
    outcome = scene.session.submit(action)
    if not outcome.ok:
        scene.toast.show(outcome.reason)
        return False
    scene.rebuild()
    return True


def blit_wrapped(surface: pygame.Surface, text: str, pos: tuple[int, int], width: int, size: int = 15,
                 colour: tuple = theme.INK, style: str = "body") -> int:
    """Draw wrapped text; returns the y below it."""
    x, y = pos
    for line in wrap(text, size, width, style):
        img = render(line, size, colour, style)
        surface.blit(img, (x, y))
        y += img.get_height() + 1
    return y


def section(surface: pygame.Surface, rect: pygame.Rect, caption: str, icon: str | None = None) -> int:
    """A parchment panel with a heading; returns the y where its content starts."""
    textures.draw_panel(surface, rect, "parchment", radius=14)
    x = rect.x + px(18)
    if icon:
        from game.ui.kit import icons
        img = icons.icon(icon, px(28))
        surface.blit(img, (x, rect.y + px(12)))
        x += px(36)
    size, caption = widgets.fit_label(caption, px(22), rect.right - px(16) - x, "heading")
    cap = widgets.text(caption, size, theme.INK, "heading")
    surface.blit(cap, (x, rect.y + px(13)))
    pygame.draw.line(surface, (170, 140, 96), (rect.x + px(16), rect.y + px(46)),
                     (rect.right - px(16), rect.y + px(46)), 2)
    return rect.y + px(56)


def banner(surface: pygame.Surface, rect: pygame.Rect, text: str, danger: bool = True) -> None:
    """A red (or brown) ribbon with a message across ``rect``."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    colour = (150, 30, 22, 235) if danger else (70, 44, 20, 220)
    pygame.draw.rect(box, colour, box.get_rect(), border_radius=8)
    pygame.draw.rect(box, (240, 200, 120), box.get_rect(), 2, border_radius=8)
    surface.blit(box, rect)
    size, text = widgets.fit_label(text, px(16), rect.w - 16)
    img = render(text, size, theme.CREAM, "bold", (0, 0, 0))
    surface.blit(img, img.get_rect(center=rect.center))


class MutedButton(widgets.Button):
    """A button drawn as unavailable (``muted``) that still reports clicks."""

    muted = False

    def draw(self, surface: pygame.Surface) -> None:
        if self.muted and self.enabled:
            self.enabled = False
            try:
                super().draw(surface)
            finally:
                self.enabled = True
        else:
            super().draw(surface)


def refresh_board(scene) -> None:
    """After a dialog acted: the board scene takes the new events into its log and redraws."""
    if scene is None:
        return
    session = getattr(scene, "session", None)
    absorb = getattr(scene, "_absorb", None)
    if session is not None and absorb is not None:
        absorb(session.take_events())
    refresh = getattr(scene, "refresh", None)
    if refresh is not None:
        refresh()


class OverlayScene(Scene):
    """A dialog over the scene beneath it. ``panel`` is its parchment rectangle."""

    panel_size = (720, 520)
    title = ""

    def __init__(self) -> None:
        super().__init__()
        self.below: Scene | None = None
        self.panel = pygame.Rect(0, 0, *self.panel_size)

    def enter(self, app) -> None:
        super().enter(app)
        self.below = app.scene          # the scene that was on top before us

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        # panel_size is at 1280x720: grows with the window, and never below it where the window has room
        # (dialogs that still place things in fixed pixels keep their room)
        pw, ph = (max(n, px(n)) for n in self.panel_size)
        self.panel = pygame.Rect(0, 0, min(pw, w - px(40)), min(ph, h - px(40)))
        self.panel.center = (w // 2, h // 2)

    def close(self) -> None:
        below = self.below
        if self.app is not None and self.app.scene is self:
            self.app.pop()
        refresh_board(below)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return super().handle_event(event)

    def draw_below(self, surface: pygame.Surface) -> None:
        if self.below is not None:
            self.below.apply_scale()
            self.below.draw(surface)
            self.apply_scale()
        textures.dim(surface, 165)

    def title_room(self) -> int:
        """How wide the centred title may be (a dialog with something in its top corners says less)."""
        return self.panel.w - px(48)

    def draw_frame(self, surface: pygame.Surface) -> int:
        """The dialog's parchment and title; returns the y where content starts."""
        textures.draw_panel(surface, self.panel, "parchment", radius=16)
        size, words = widgets.fit_label(self.title, px(28), self.title_room(), "title")
        title = widgets.text(words, size, theme.INK, "title")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + px(18))))
        y = self.panel.y + px(18) + title.get_height() + px(8)
        pygame.draw.line(surface, (170, 140, 96), (self.panel.x + px(24), y), (self.panel.right - px(24), y), 2)
        return y + px(12)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_below(surface)
        self.draw_frame(surface)
        self.draw_content(surface)
        super().draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        pass
