"""The end of a game: the winner(s), the days played and a short line per player."""
from __future__ import annotations

import pygame

from game.ui.kit import icons, sound, textures, theme, widgets
from game.ui.board.hud import RESOURCE_ICONS, level_name
from game.ui.kit.rich_text import render
from game.ui.kit.scene import Scene
from game.ui.kit.theme import px


def player_summary(session, seat: int) -> dict:
    state = session.state
    player = state.players[seat]
    return {"seat": seat, "name": player.name, "level": level_name(player), "alive": player.alive, "winner": seat in state.winners,
            "cities": len(state.cities_of(seat)), "heroes": len(state.heroes_of(seat)),
            "purse": dict(player.purse), "battles_won": session.battles_won.get(seat, 0)}


class GameOverScene(Scene):
    def __init__(self, session) -> None:
        super().__init__()
        self.session = session
        self.state = session.state
        rows = [player_summary(session, s) for s in self.state.turn_order or sorted(self.state.players)]
        # the winners at the top, then who was still in with the most Cities (turn order breaks ties)
        self.summaries = sorted(rows, key=lambda r: (not r["winner"], not r["alive"], -r["cities"]))
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
        """Designed at 1280x720; sizes through ``theme.px`` (the screen grows with the window and the text size)."""
        super().layout(size)
        self.scale_widgets()
        w, h = size
        self.panel = pygame.Rect(0, 0, min(px(860), w - px(40)), min(px(560), h - px(40)))
        self.panel.center = (w // 2, h // 2)
        self.title_button.rect = pygame.Rect(0, 0, px(240), px(52))
        self.title_button.rect.bottomright = (self.panel.centerx - px(10), self.panel.bottom - px(24))
        self.board_button.rect = pygame.Rect(0, 0, px(240), px(52))
        self.board_button.rect.bottomleft = (self.panel.centerx + px(10), self.panel.bottom - px(24))

    def draw(self, surface: pygame.Surface) -> None:
        textures.dim_wood_backdrop(surface, seed=11, plank=90)
        p = self.panel
        textures.draw_panel(surface, p, "parchment", radius=18)
        pygame.draw.rect(surface, theme.WOOD_DARK, p, 3, border_radius=px(18))
        crown = icons.icon("crown", px(64))
        surface.blit(crown, crown.get_rect(midtop=(p.centerx, p.y + px(18))))
        state = self.state
        names = " & ".join(state.players[s].name for s in state.winners) or "Nobody"
        verb = "win" if len(state.winners) > 1 else "wins"
        colour = theme.seat_colour(state.winners[0]) if len(state.winners) == 1 else theme.INK
        size, words = widgets.fit_label(f"{names} {verb}!", px(40), p.w - px(40), "title")
        if words != f"{names} {verb}!":        # too many long names for one line: the table names them
            size, words = widgets.fit_label(f"{len(state.winners)} players share the win!", px(40), p.w - px(40),
                                            "title")
        title = widgets.text(words, size, colour, "title", (60, 40, 20))
        surface.blit(title, title.get_rect(midtop=(p.centerx, p.y + px(88))))
        days = max(1, state.day)
        options = state.rules["options"]
        if options.get("day_limit"):       # the dawn after the last Day ends the game: that Day is not played
            days = min(days, options.get("day_limit_days") or days)
        from game.names import end_reason
        reason = end_reason(state.end_reason)
        size, words = widgets.fit_label(f"after {days} day{'s' if days != 1 else ''}" + (f" — {reason}" if reason else ""),
                                        px(18), p.w - px(40))
        sub = render(words, size, theme.INK_SOFT, "bold")      # the reason may name 💰: drawn from the shipped icons
        surface.blit(sub, sub.get_rect(midtop=(p.centerx, p.y + px(142))))
        # the table
        cols = [("Player", 0), ("🏰 Cities", px(250)), ("🧙 Heroes", px(360)), ("Purse", px(470)), ("⚔ Battles won", px(670))]
        x0, y = p.x + px(40), p.y + px(190)
        for label, dx in cols:
            img = render(label, px(15), theme.INK_SOFT, "bold")
            surface.blit(img, (x0 + dx, y))
        y += px(30)
        pygame.draw.line(surface, theme.WOOD_DARK, (x0 - px(10), y - px(4)), (p.right - px(30), y - px(4)), 2)
        step = min(px(46), (self.title_button.rect.y - px(8) - y) // max(1, len(self.summaries)))  # short window
        for row in self.summaries:
            row_rect = pygame.Rect(x0 - px(12), y - px(2), p.w - px(56), step - px(6))
            if row["winner"]:
                pygame.draw.rect(surface, (246, 224, 150), row_rect, border_radius=px(8))
            pygame.draw.circle(surface, theme.seat_colour(row["seat"]), (x0 + px(10), y + px(18)), px(11))
            pygame.draw.circle(surface, (30, 20, 10), (x0 + px(10), y + px(18)), px(11), 2)
            name = row["name"] + (f" · {row['level']}" if row.get("level") else "") + ("" if row["alive"] else "  (out)")
            size, name = widgets.fit_label(name, px(18), cols[1][1] - px(40))
            surface.blit(widgets.text(name, size, theme.INK, "bold"), (x0 + px(30), y + px(7)))
            for value, dx in ((row["cities"], cols[1][1]), (row["heroes"], cols[2][1]),
                              (row["battles_won"], cols[4][1])):
                surface.blit(widgets.text(str(value), px(18), theme.INK, "bold"), (x0 + dx + px(20), y + px(7)))
            purse = "  ".join(f"{RESOURCE_ICONS.get(r, r)}{row['purse'].get(r, 0)}" for r in state.rules.resources)
            size, purse = widgets.fit_label(purse, px(16), cols[4][1] - cols[3][1] - px(12))
            img = render(purse, size, theme.INK, "bold")
            surface.blit(img, img.get_rect(midleft=(x0 + cols[3][1], y + px(18))))
            y += step
        super().draw(surface)
