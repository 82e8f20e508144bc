"""Shown instead of crashing when a map cannot be used: the map's problems, one per line."""
from __future__ import annotations

from typing import Callable

import pygame

from game.ui.kit import textures, theme, widgets
from game.ui.kit.scene import Scene
from game.ui.kit.theme import px


class MapErrorScene(Scene):
    """``source``: the map's file when ``map_name`` is its title; ``retry``: what F5 does when no game or
    quick test game is underneath (the title screen starts the chosen map again, read afresh)."""

    def __init__(self, map_name: str, problems: list[str], heading: str = "This map cannot be played",
                 source: str | None = None, retry: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.map_name = map_name if source in (None, map_name) else f"{map_name} ({source})"
        self.heading = heading
        self.problems = list(problems) or ["The map could not be used."]
        # every line names the file the heading names already: shown without it
        self.prefixes = tuple(f"{name}: " for name in (source, map_name) if name)
        self.on_retry = retry
        self.scroll = 0
        self.back = widgets.Button("Back", self.pop, icon="shield", size=18)
        self.widgets = [self.back]

    def shown(self, problem: str) -> str:
        """A problem as this screen shows it: without the file name its heading shows."""
        for prefix in self.prefixes:
            if problem.startswith(prefix):
                return problem[len(prefix):]
        return problem

    def hint(self) -> str:
        """How to try the map again once it is fixed, where that can be done from here."""
        if self.app is not None and getattr(self.app, "map_watch", None) is not None:
            return "Fix the map and save it: the game tries it again by itself (F5: now)"
        if self.on_retry is not None or self._games():
            return "Fix the map and save it, then press F5 to try it again"
        return ""

    def _games(self) -> list:
        return [s for s in self.app.scenes if getattr(s, "session", None) is not None] if self.app else []

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        # nothing underneath (python -m game --map MAP, a quick test game; laid out as it is pushed, or
        # again later): leaving closes the game
        alone = self.app is not None and self.app.scenes in ([], [self])
        self.back.label = "Quit" if alone else "Back"
        self.scale_widgets()
        w, h = size
        self.panel = pygame.Rect(0, 0, min(px(900), w - px(40)), min(px(560), h - px(40)))
        self.panel.center = (w // 2, h // 2)
        self.back.rect = pygame.Rect(0, 0, px(160), px(46))
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - px(20))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F5:    # map makers: try the map again
            self.retry()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(len(self.problems) - 1, self.scroll - event.y))
            return True
        return super().handle_event(event)

    def retry(self) -> None:
        """F5: read the map again, for the quick test game or the game underneath."""
        from game.ui.menus.game_menu import live_reload_tick, reload_map
        app = self.app
        if app is None:
            return
        if getattr(app, "map_watch", None) is not None:
            live_reload_tick(app, force=True)
            return
        games = self._games()
        if games:
            while app.scene is not games[-1]:
                app.pop()
            reload_map(games[-1])
        elif self.on_retry is not None:
            self.pop()
            self.on_retry()

    def lines(self) -> list[str]:
        return [self.shown(problem) for problem in self.problems[self.scroll:]]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(textures.wood(*surface.get_size()), (0, 0))
        p = self.panel
        textures.draw_panel(surface, p, "parchment", radius=14)
        size, words = widgets.fit_label(self.heading, px(30), p.w - px(40), "title")
        title = widgets.text(words, size, theme.DANGER, "title")
        surface.blit(title, title.get_rect(midtop=(p.centerx, p.y + px(24))))
        size, words = widgets.fit_label(self.map_name, px(18), p.w - px(40))
        sub = widgets.text(words, size, theme.INK_SOFT, "bold")
        surface.blit(sub, sub.get_rect(midtop=(p.centerx, p.y + px(68))))
        y = p.y + px(110)
        bottom = self.back.rect.y - px(16)
        hint = self.hint()
        if hint:
            size, words = widgets.fit_label(hint, px(15), p.w - px(40), "body")
            tip = widgets.text(words, size, theme.INK_SOFT)
            bottom -= tip.get_height() + px(8)
            surface.blit(tip, tip.get_rect(midbottom=(p.centerx, self.back.rect.y - px(10))))
        line_h = theme.font(px(16)).get_height()
        hidden = False
        for i, problem in enumerate(self.lines()):
            lines = widgets.wrap(problem, px(16), p.w - px(88))
            if i and y + len(lines) * (line_h + 2) > bottom:      # a problem is shown whole, or scrolled to
                hidden = True
                break
            pygame.draw.circle(surface, theme.DANGER, (p.x + px(34), y + line_h // 2), px(4))
            for line in lines:
                if y + line_h > bottom:
                    hidden = True
                    break
                surface.blit(widgets.text(line, px(16), theme.INK), (p.x + px(48), y))
                y += line_h + 2
            y += px(6)
        if hidden or self.scroll:          # more than fits: which way the wheel shows the rest
            mark = widgets.text(("▲ " if self.scroll else "") + ("▼ " if hidden else "") + "wheel", px(13),
                                theme.INK_SOFT, "bold")
            surface.blit(mark, mark.get_rect(bottomright=(p.right - px(24), self.back.rect.bottom)))
        super().draw(surface)
