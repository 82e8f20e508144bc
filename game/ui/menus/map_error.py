"""Shown instead of crashing when a map cannot be used: the map's problems, one per line."""
from __future__ import annotations

import pygame

from game.ui.kit import textures, theme, widgets
from game.ui.kit.scene import Scene


class MapErrorScene(Scene):
    def __init__(self, map_name: str, problems: list[str], heading: str = "This map cannot be played") -> None:
        super().__init__()
        self.map_name = map_name
        self.heading = heading
        self.problems = list(problems) or ["The map could not be used."]
        self.scroll = 0
        self.back = widgets.Button("Back", self.pop, icon="shield", size=18)
        self.widgets = [self.back]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, min(900, w - 80), min(560, h - 80))
        self.panel.center = (w // 2, h // 2)
        self.back.rect = pygame.Rect(0, 0, 160, 46)
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - 20)

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
        games = [s for s in app.scenes if getattr(s, "session", None) is not None]
        if games:
            while app.scene is not games[-1]:
                app.pop()
            reload_map(games[-1])

    def lines(self) -> list[str]:
        return self.problems[self.scroll:]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(textures.wood(*surface.get_size()), (0, 0))
        textures.draw_panel(surface, self.panel, "parchment", radius=14)
        title = widgets.text(self.heading, 30, theme.DANGER, "title")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 24)))
        sub = widgets.text(self.map_name, 18, theme.INK_SOFT, "bold")
        surface.blit(sub, sub.get_rect(midtop=(self.panel.centerx, self.panel.y + 68)))
        y = self.panel.y + 110
        bottom = self.back.rect.y - 16
        font = theme.font(16)
        for problem in self.lines():
            if y + font.get_height() <= bottom:
                pygame.draw.circle(surface, theme.DANGER, (self.panel.x + 34, y + font.get_height() // 2), 4)
            for line in widgets.wrap(problem, 16, self.panel.w - 80):
                if y + font.get_height() > bottom:
                    break
                surface.blit(widgets.text(line, 16, theme.INK), (self.panel.x + 48, y))
                y += font.get_height() + 2
            y += 6
        super().draw(surface)
