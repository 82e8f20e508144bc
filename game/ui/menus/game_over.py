"""The end of a game: the winner(s), the days played and a short line per player."""
from __future__ import annotations

import pygame

from game.ui.kit import icons, sound, textures, theme, widgets
from game.ui.board.hud import RESOURCE_ICONS
from game.ui.kit.rich_text import render
from game.ui.kit.scene import Scene


def player_summary(session, seat: int) -> dict:
    state = session.state
    player = state.players[seat]
    return {"seat": seat, "name": player.name, "alive": player.alive, "winner": seat in state.winners,
            "cities": len(state.cities_of(seat)), "heroes": len(state.heroes_of(seat)),
            "purse": dict(player.purse), "battles_won": session.battles_won.get(seat, 0)}


class GameOverScene(Scene):
    def __init__(self, session) -> None:
        super().__init__()
        self.session = session
        self.state = session.state
        self.summaries = [player_summary(session, s) for s in self.state.turn_order or sorted(self.state.players)]
        self.title_button = widgets.Button("Back to title", self.to_title, icon="crown", size=20)
        self.board_button = widgets.Button("Look at the board", self.pop, size=18)
        self.widgets = [self.title_button, self.board_button]
        sound.game_over(self.state)

    def to_title(self) -> None:
        app = self.app
        if app is None:
            return
        from game.ui.menus.title import TitleScene
        while len(app.scenes) > 1 and not isinstance(app.scene, TitleScene):
            app.pop()
        if not isinstance(app.scene, TitleScene):
            app.replace(TitleScene(remember_setup=True))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.to_title()
            return True
        return super().handle_event(event)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, min(860, w - 60), min(560, h - 60))
        self.panel.center = (w // 2, h // 2)
        self.title_button.rect = pygame.Rect(0, 0, 240, 52)
        self.title_button.rect.bottomright = (self.panel.centerx - 10, self.panel.bottom - 24)
        self.board_button.rect = pygame.Rect(0, 0, 240, 52)
        self.board_button.rect.bottomleft = (self.panel.centerx + 10, self.panel.bottom - 24)

    def draw(self, surface: pygame.Surface) -> None:
        textures.dim_wood_backdrop(surface, seed=11, plank=90)
        p = self.panel
        textures.draw_panel(surface, p, "parchment", radius=18)
        pygame.draw.rect(surface, theme.WOOD_DARK, p, 3, border_radius=18)
        crown = icons.icon("crown", 64)
        surface.blit(crown, crown.get_rect(midtop=(p.centerx, p.y + 18)))
        state = self.state
        names = " & ".join(state.players[s].name for s in state.winners) or "Nobody"
        verb = "win" if len(state.winners) > 1 else "wins"
        colour = theme.seat_colour(state.winners[0]) if len(state.winners) == 1 else theme.INK
        size, words = widgets.fit_label(f"{names} {verb}!", 40, p.w - 40, "title")
        if words != f"{names} {verb}!":        # too many long names for one line: the table names them
            size, words = widgets.fit_label(f"{len(state.winners)} players share the win!", 40, p.w - 40, "title")
        title = widgets.text(words, size, colour, "title", (60, 40, 20))
        surface.blit(title, title.get_rect(midtop=(p.centerx, p.y + 88)))
        days = max(1, state.day)
        options = state.rules["options"]
        if options.get("day_limit"):       # the dawn after the last Day ends the game: that Day is not played
            days = min(days, options.get("day_limit_days") or days)
        from game.names import end_reason
        reason = end_reason(state.end_reason)
        size, words = widgets.fit_label(f"after {days} day{'s' if days != 1 else ''}" + (f" — {reason}" if reason else ""),
                                        18, p.w - 40)
        sub = render(words, size, theme.INK_SOFT, "bold")      # the reason may name 💰: drawn from the shipped icons
        surface.blit(sub, sub.get_rect(midtop=(p.centerx, p.y + 142)))
        # the table
        cols = [("Player", 0), ("🏰 Cities", 250), ("🧙 Heroes", 360), ("Purse", 480), ("⚔ Won", 700)]
        x0, y = p.x + 40, p.y + 190
        for label, dx in cols:
            img = render(label, 15, theme.INK_SOFT, "bold")
            surface.blit(img, (x0 + dx, y))
        y += 30
        pygame.draw.line(surface, theme.WOOD_DARK, (x0 - 10, y - 4), (p.right - 30, y - 4), 2)
        for row in self.summaries:
            row_rect = pygame.Rect(x0 - 12, y - 2, p.w - 56, 40)
            if row["winner"]:
                pygame.draw.rect(surface, (246, 224, 150), row_rect, border_radius=8)
            pygame.draw.circle(surface, theme.seat_colour(row["seat"]), (x0 + 10, y + 18), 11)
            pygame.draw.circle(surface, (30, 20, 10), (x0 + 10, y + 18), 11, 2)
            name = row["name"] + ("" if row["alive"] else "  (out)")
            surface.blit(widgets.text(name, 18, theme.INK, "bold"), (x0 + 30, y + 7))
            for value, dx in ((row["cities"], 250), (row["heroes"], 360), (row["battles_won"], 700)):
                surface.blit(widgets.text(str(value), 18, theme.INK, "bold"), (x0 + dx + 20, y + 7))
            purse = "  ".join(f"{RESOURCE_ICONS.get(r, r)}{row['purse'].get(r, 0)}" for r in state.rules.resources)
            img = render(purse, 16, theme.INK, "bold")
            surface.blit(img, img.get_rect(midleft=(x0 + 480, y + 18)))
            y += 46
        super().draw(surface)
