"""Setup on screen: the Anchor roll as dice, the turn order, and where the capitals go (R-SET-3/4).

Shown over the board once when a new game begins; the rolls were made by the
engine at setup, so this panel only tells them.
"""
from __future__ import annotations

import pygame

from game.ui.kit import icons, theme, widgets
from game.ui.kit.dice_art import die_face
from game.ui.menus.base import OverlayScene
from game.ui.kit.rich_text import render


def anchor_rounds(events) -> list[dict[int, int]]:
    """Each round of Anchor rolls: seat -> face (a tie among the highest means another round)."""
    rounds: list[dict[int, int]] = [{}]
    for event in events:
        if event.kind == "dice" and event.data.get("purpose") == "anchor":
            seat = event.data["player"]
            if seat in rounds[-1]:
                rounds.append({})
            rounds[-1][seat] = event.data["total"]
    return [r for r in rounds if r]


class AnchorPanel(OverlayScene):
    title = "Who goes first?"
    panel_size = (760, 520)

    def __init__(self, session, events) -> None:
        super().__init__()
        self.state = session.state
        self.rounds = anchor_rounds(events)
        self.panel_size = (760, 330 + 54 * len(self.state.players) + (20 if len(self.rounds) > 1 else 0))
        self.begin = widgets.Button("Begin", self.close, icon="crown", size=20)
        self.widgets = [self.begin]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.begin.rect = pygame.Rect(0, 0, 200, 48)
        self.begin.rect.midbottom = (self.panel.centerx, self.panel.bottom - 20)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.close()
            return True
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        state = self.state
        x = self.panel.x + 40
        y = self.panel.y + 84
        note = (f"Every player rolls {state.rules['setup']['anchor_die']}; the highest goes first. "
                "Tied highest players roll again.")
        surface.blit(render(note, 15, theme.INK_SOFT), (x, y))
        y += 34
        seats = sorted(state.players)
        anchor = state.turn_order[0] if state.turn_order else None
        if len(self.rounds) > 1:        # two dice a player looked like 2d6: say the second is the tie's re-roll
            for number in range(len(self.rounds)):
                caption = render("roll" if number == 0 else "re-roll", 12, theme.INK_SOFT)
                surface.blit(caption, caption.get_rect(midbottom=(x + 230 + number * 56 + 20, y + 14)))
            y += 20
        for seat in seats:
            player = state.players[seat]
            colour = theme.seat_colour(seat)
            pygame.draw.circle(surface, colour, (x + 12, y + 20), 11)
            pygame.draw.circle(surface, theme.INK, (x + 12, y + 20), 11, 2)
            name = render(player.name, 19, theme.INK, "bold")
            surface.blit(name, (x + 34, y + 8))
            dx = x + 230
            for number, rolls in enumerate(self.rounds):
                if seat in rolls:
                    surface.blit(die_face(6, rolls[seat], 40), (dx + number * 56, y))
            if seat == anchor:
                crown = icons.icon("crown", 34)
                surface.blit(crown, (dx + len(self.rounds) * 56 + 10, y + 2))
                surface.blit(render("Anchor: goes first", 15, theme.INK, "bold"),
                             (dx + len(self.rounds) * 56 + 52, y + 12))
            y += 54
        y += 6
        order = " → ".join(state.players[s].name for s in state.turn_order)
        surface.blit(render(f"Turn order: {order}", 17, theme.INK, "heading"), (x, y))
        y += 34
        if state.pending and state.pending[0].kind == "place_capital":
            capitals = "The map has no start slots: in turn order, each player clicks an open tile for the capital."
        else:
            capitals = "Capitals stand on the map's start slots: an Encampment with Ramparts, ready to recruit."
        surface.blit(render(capitals, 15, theme.INK_SOFT), (x, y))
