"""The HUD of the game screen: top bar (day, turn, purse) and the event log."""
from __future__ import annotations

import pygame

from game.ui import textures, theme, widgets
from game.ui.rich_text import render

RESOURCE_ICONS = {"coin": "💰", "wood": "🌳", "food": "🥩", "stone": "⛏️"}
PHASE_NAMES = {"capitals": "Capitals", "daybreak": "Daybreak", "turn": "Turn", "over": "Game over", "setup": "Setup"}
TOP_BAR = 56


def draw_top_bar(surface: pygame.Surface, state, seat: int | None) -> pygame.Rect:
    bar = pygame.Rect(0, 0, surface.get_width(), TOP_BAR)
    surface.blit(textures.wood(bar.w, bar.h, seed=5, plank=200), bar)
    pygame.draw.line(surface, (30, 18, 8), bar.bottomleft, bar.bottomright, 3)
    pygame.draw.line(surface, theme.GOLD, (0, bar.bottom - 4), (bar.right, bar.bottom - 4), 1)
    day = widgets.text(f"Day {max(1, state.day)}", 26, theme.GOLD, "heading", (10, 6, 2))
    surface.blit(day, day.get_rect(midleft=(16, bar.centery)))
    x = 40 + day.get_width()
    phase = widgets.text(PHASE_NAMES.get(state.phase, state.phase.title()), 16, theme.CREAM, "bold", (10, 6, 2))
    surface.blit(phase, phase.get_rect(midleft=(x, bar.centery)))
    x += phase.get_width() + 28
    if seat:
        player = state.players[seat]
        chip = pygame.Rect(x, bar.centery - 15, 30, 30)
        pygame.draw.circle(surface, theme.seat_colour(seat), chip.center, 14)
        pygame.draw.circle(surface, (20, 12, 6), chip.center, 14, 2)
        who = "computer" if player.kind == "computer" else "to play"
        name = widgets.text(f"{player.name}", 20, theme.CREAM, "bold", (10, 6, 2))
        surface.blit(name, name.get_rect(midleft=(chip.right + 8, bar.centery - 1)))
        note = widgets.text(who, 13, (220, 200, 170))
        surface.blit(note, note.get_rect(midleft=(chip.right + 14 + name.get_width(), bar.centery + 2)))
        x = chip.right + 30 + name.get_width() + note.get_width()
        purse = "   ".join(f"{RESOURCE_ICONS.get(r, r)} {player.purse.get(r, 0)}" for r in state.rules.resources)
        label = render(purse, 20, theme.CREAM, "bold", (10, 6, 2))
        surface.blit(label, label.get_rect(midleft=(x + 16, bar.centery)))
    seed = widgets.text(f"seed {state.seed}", 13, (200, 180, 150))
    surface.blit(seed, seed.get_rect(midright=(bar.right - 124, bar.centery)))
    return bar


def draw_log(surface: pygame.Surface, lines: list[str], rect: pygame.Rect) -> None:
    if not lines:
        return
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (16, 10, 6, 170), shade.get_rect(), border_radius=10)
    surface.blit(shade, rect)
    y = rect.bottom - 8
    for line in reversed(lines):
        img = render(line.strip(), 14, theme.CREAM, "body", (0, 0, 0))
        y -= img.get_height() + 2
        if y < rect.y + 4:
            break
        surface.blit(img, (rect.x + 10, y), area=pygame.Rect(0, 0, rect.w - 20, img.get_height()))
