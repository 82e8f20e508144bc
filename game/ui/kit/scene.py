"""The base class of every screen of the game."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.kit import theme, widgets

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """One screen. It reads state and turns input into actions; it never changes game state itself.

    The App calls ``layout(size)`` when the scene is shown and on every window
    resize, then ``handle_event``/``update``/``draw`` each frame. ``self.widgets``
    get events and drawing for free; ``self.toast.show(reason)`` explains an
    illegal click.
    """

    def __init__(self) -> None:
        self.app: App | None = None
        self.size = (1280, 720)
        self.widgets: list[widgets.Widget] = []
        self.toast = widgets.Toast()
        self.mouse = (0, 0)
        self.quiet_tip_at: tuple[int, int] | None = None    # where the last click was (``tips_quiet``)

    # lifecycle -------------------------------------------------------------
    def enter(self, app: "App") -> None:
        self.app = app

    # the least window (at 1280x720 sizes) a screen with fixed columns needs; None: it reflows at any scale
    design_room: tuple[int, int] | None = None

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.apply_scale()

    def apply_scale(self) -> None:
        """This screen's scale in effect (an overlay draws the screen beneath it at that screen's scale)."""
        theme.fit_window(self.size, self.design_room)

    def scale_widgets(self, widgets_: "list[widgets.Widget] | None" = None) -> None:
        """Text sizes of these widgets (all of ``self.widgets`` by default), written for 1280x720, at the
        current scale: a scene laid out with ``theme.px`` calls this from ``layout``."""
        for widget in self.widgets if widgets_ is None else widgets_:
            widget.fit_to_scale()

    # frame -----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONUP and self.open_cited_rule(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self.tab_to_next_field(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            for field in self.typing_in():
                if not field.rect.collidepoint(event.pos):
                    field.finish()          # before the click reaches a button that may use its value
        used = False
        for widget in reversed(self.widgets):
            if widget.visible and widget.handle_event(event):
                used = True
                break
        for field in self.typing_in():
            if field.refusal:
                self.toast.show(field.refusal, info=True)
                field.refusal = ""
        return used

    def typing_in(self) -> list[widgets.TextField]:
        """The focused text fields (Enter there finishes the typing; it never acts on the screen)."""
        return [field for field in widgets.text_fields([w for w in self.widgets if w.visible]) if field.focused]

    def tab_to_next_field(self, event: pygame.event.Event) -> bool:
        """Tab (Shift+Tab) in a text field: finish it and type in the next (previous) field on the screen."""
        fields = [w for w in self.widgets if w.visible and isinstance(w, widgets.TextField)]
        current = next((f for f in fields if f.focused), None)
        if current is None or len(fields) < 2:
            return False
        step = -1 if event.mod & pygame.KMOD_SHIFT else 1
        current.finish()
        fields[(fields.index(current) + step) % len(fields)].focus()
        return True

    def finish_typing(self) -> None:
        for field in self.typing_in():
            field.finish()

    def animating(self) -> bool:
        """Whether this screen moves on its own (no input needed): the window then keeps its full
        frame rate, where an idle window draws fewer frames (``App.idle_wait_ms``)."""
        return False

    def after_first_frame(self) -> None:
        """Work the scene's first frame was drawn without, done once that frame is on screen (``App.run``)."""

    def update(self, dt: float) -> None:
        for widget in self.widgets:
            widget.update(dt)
        self.toast.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface)
        self.draw_widget_tooltip(surface)
        self.toast.draw(surface)

    def changed_rects(self) -> list[pygame.Rect] | None:
        """Where the last ``draw`` changed the screen; None when it may have changed anywhere (the
        window is then shown whole)."""
        return None

    def tips_quiet(self) -> bool:
        """A click hides the tips until the mouse moves, as on any desktop: a button that turned grey under
        the cursor once clicked ("Recruit", its purse spent) showed its why at once, over the garrison row
        the click had just changed."""
        quiet = getattr(self, "quiet_tip_at", None)
        return quiet is not None and tuple(self.mouse) == tuple(quiet)

    def draw_widget_tooltip(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The tip of the control under the mouse, if it has one; returns where it was drawn."""
        if self.app is not None and self.app.scene is not self:
            return None     # drawn under an overlay: the mouse is on the overlay, not on our widgets
        if self.tips_quiet():
            return None
        for widget in self.widgets:
            # under the mouse first: a button's tip is worked out (is its label cut?) only where it is read
            if widget.visible and widget.rect.collidepoint(self.mouse) and widget.tooltip:
                if getattr(widget, "focused", False):
                    return None  # being typed into: its tip covered what the typing shows (the rule search's matches)
                from game.ui.menus.rulebook import cited_rule
                rule = cited_rule(widget.tooltip)
                extra = [f"Right-click: read {rule}"] if rule else []
                return widgets.draw_tooltip(surface, widget.tooltip.split("\n") + extra, self.mouse)
        return None

    def open_cited_rule(self, event: pygame.event.Event) -> bool:
        """A click on a message that cites a rule (R-...), or a right-click on a control whose tip cites
        one, opens that rule in the Rules screen."""
        if event.button == 1 and self.toast.visible and self.toast.rect.collidepoint(event.pos):
            text = self.toast.message
        elif event.button == 3:
            text = next((w.tooltip for w in self.widgets
                         if w.visible and w.rect.collidepoint(event.pos) and w.tooltip), None)
        else:
            return False
        from game.ui.menus.rules_screen import open_rule
        return open_rule(self, text)

    # helpers ----------------------------------------------------------------
    def push(self, scene: "Scene") -> None:
        if self.app:
            self.app.push(scene)

    def pop(self) -> None:
        if self.app:
            self.app.pop()

    def replace(self, scene: "Scene") -> None:
        if self.app:
            self.app.replace(scene)
