"""The board's event log: a scrollable history, the full-history screen, and "since your last turn".

``EventLog`` keeps every narrated line (up to ``KEEP``) and every event; the mouse
wheel over the log scrolls it (``scroll``: lines back from the newest). Each human
seat has a mark in the event list: ``summary_for(seat)`` tells what the others did
since then (``game.narration.turn_summary``), ``mark_seen(seat)`` moves the mark.
``LogScene`` shows the whole history over the board (wheel, arrows, PgUp/PgDn, Esc).
"""
from __future__ import annotations

import pygame

from game.ui.kit import textures, theme, widgets
from game.ui.kit.rich_text import render
from game.ui.kit.scene import Scene

KEEP = 2000
SHOWN = 7           # lines in the board's log box


_NOT_DONE = {"daybreak", "turn_started", "upkeep_short", "alliance_answered"}


def _done_by(event, seat: int) -> bool:
    if event.data.get("player") != seat or event.kind in _NOT_DONE:
        return False
    return not (event.kind == "purse" and event.data.get("reason") in ("income", "upkeep"))


class EventLog:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.events: list = []
        self.scroll = 0
        self._marks: dict[int, int] = {}

    def add(self, events, lines) -> None:
        self.events.extend(events)
        if self.scroll and lines:          # reading the history: the page stays where it is
            self.scroll += len(lines)
        self.lines.extend(lines)
        del self.lines[:-KEEP]
        self.scroll = min(self.scroll, self.max_scroll)

    @property
    def max_scroll(self) -> int:
        return max(0, len(self.lines) - SHOWN)

    def visible(self) -> list[str]:
        end = len(self.lines) - self.scroll
        return self.lines[max(0, end - SHOWN):end]

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + lines))

    # --- since your last turn --------------------------------------------------------------
    def mark_seen(self, seat: int) -> None:
        self._marks[seat] = len(self.events)

    def mark_last_acts(self, seats) -> None:
        """A loaded game: each seat has seen everything up to the last thing it did itself. What its
        Daybreak or turn brings without its doing (the start, income and upkeep) and the offers it
        answered on the handoff cover are not its doing: a game saved at its cover still has its news."""
        for seat in seats:
            last, whose = -1, None
            for i, event in enumerate(self.events):
                if event.kind in ("daybreak", "turn_started"):
                    whose = event.data.get("player")
                # only in its own Daybreak or turn: defending in a rival's battle (on the battle screen),
                # it had not seen the rival's board ("Bela ended our alliance" was lost after a load)
                if whose == seat and _done_by(event, seat):
                    last = i
            self._marks[seat] = last + 1

    def summary_for(self, state, seat: int, watched: dict[int, set[int]] | None = None) -> list[str]:
        """``watched``: battles shown to their human players on the battle screen (by id of their
        battle_over and outcome events); a battle ``seat`` has just watched is no news to it."""
        from game.narration import turn_summary
        if seat not in self._marks:
            return []
        watched = watched or {}
        news = [e for e in self.events[self._marks[seat]:] if seat not in watched.get(id(e), ())]
        return turn_summary(state, news, seat)

    def hint(self) -> str:
        earlier = len(self.lines) - SHOWN - self.scroll
        if self.scroll:
            return f"▲ {max(0, earlier)} earlier · ▼ {self.scroll} newer · L: whole log"
        return f"▲ {earlier} earlier (wheel) · L: whole log" if earlier > 0 else ""


def draw_hint(surface: pygame.Surface, log: EventLog, rect: pygame.Rect) -> None:
    """A small caption above the log box: how much history there is, and how to read it."""
    text = log.hint()
    if not text:
        return
    img = widgets.text(text, 12, theme.CREAM, "bold", (0, 0, 0))
    surface.blit(img, img.get_rect(bottomleft=(rect.x + 6, rect.y - 2)))


class LogScene(Scene):
    """The whole history of the game so far, newest at the bottom."""

    def __init__(self, log: EventLog) -> None:
        super().__init__()
        self.log = log
        self.offset = 0                     # lines back from the newest
        self.close_button = widgets.Button("Close", self.pop, size=17, tooltip="Back to the board (Esc)")
        self.below: Scene | None = None

    def enter(self, app) -> None:
        super().enter(app)
        self.below = app.scene              # the board, drawn dimmed beneath

    def layout(self, size) -> None:
        super().layout(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, min(900, w - 40), h - 60)
        self.panel.center = (w // 2, h // 2)
        self.close_button.rect = pygame.Rect(0, 0, 140, 40)
        self.close_button.rect.bottomright = (self.panel.right - 16, self.panel.bottom - 12)
        self.widgets = [self.close_button]

    @property
    def per_page(self) -> int:
        return max(1, (self.panel.h - 110) // 22)

    def scroll_by(self, lines: int) -> None:
        top = max(0, len(self.log.lines) - self.per_page)
        self.offset = max(0, min(top, self.offset + lines))

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(3 * event.y)
            return True
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: self.per_page,
                     pygame.K_PAGEDOWN: -self.per_page, pygame.K_HOME: len(self.log.lines),
                     pygame.K_END: -len(self.log.lines)}
            if event.key in (pygame.K_ESCAPE, pygame.K_l, pygame.K_RETURN):
                self.pop()
                return True
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
        super().handle_event(event)
        return True                          # modal: nothing reaches the board

    def draw(self, surface: pygame.Surface) -> None:
        if self.below is not None:
            self.below.draw(surface)
        textures.dim(surface, 170)
        textures.draw_panel(surface, self.panel, "parchment", radius=14)
        pygame.draw.rect(surface, theme.WOOD_DARK, self.panel, 3, border_radius=14)
        title = widgets.text("The whole log", 26, theme.INK, "heading")
        surface.blit(title, (self.panel.x + 24, self.panel.y + 16))
        lines = self.log.lines
        end = len(lines) - self.offset
        page = lines[max(0, end - self.per_page):end]
        y = self.panel.y + 60
        clip = surface.get_clip()
        surface.set_clip(self.panel.inflate(-30, -20))
        for line in page:
            surface.blit(render(line.strip(), 15, theme.INK, "body"), (self.panel.x + 26, y))
            y += 22
        surface.set_clip(clip)
        where = f"lines {max(1, end - len(page) + 1)}–{end} of {len(lines)} · wheel, ↑↓, PgUp/PgDn · Esc closes"
        img = widgets.text(where, 13, theme.INK_SOFT)
        surface.blit(img, img.get_rect(midleft=(self.panel.x + 26, self.close_button.rect.centery)))
        super().draw(surface)
