"""The HUD of the game screen: top bar (day, turn, purse) and the event log."""
from __future__ import annotations

import pygame

from game.ui.kit import icons, textures, theme, widgets
from game.ui.kit.rich_text import render

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


# Emoji the narration uses that have no icon: drawn as ones that do.
_LOG_SWAPS = {"🤺": "⚔", "🤝": "👑", "🗳": "🎲", "🏆": "👑", "🔨": "⛏", "🏳": "🛡", "☀": "⭐"}


def _drawable(line: str) -> str:
    for glyph, swap in _LOG_SWAPS.items():
        line = line.replace(glyph, swap)
    return line


def draw_log(surface: pygame.Surface, lines: list[str], rect: pygame.Rect) -> None:
    if not lines:
        return
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (16, 10, 6, 170), shade.get_rect(), border_radius=10)
    surface.blit(shade, rect)
    y = rect.bottom - 8
    for line in reversed(lines):
        img = render(_drawable(line.strip()), 14, theme.CREAM, "body", (0, 0, 0))
        y -= img.get_height() + 2
        if y < rect.y + 4:
            break
        surface.blit(img, (rect.x + 10, y), area=pygame.Rect(0, 0, rect.w - 20, img.get_height()))


class HeroCard(widgets.Button):
    """A hero in the side panel: portrait, name, army size, items and the 🐎 left (click to select)."""

    def __init__(self, state, hero, on_click, rect=(0, 0, 0, 0)) -> None:
        super().__init__(hero.name or f"Hero {hero.id}", on_click, rect=rect, size=15)
        self.hero_id = hero.id
        self.owner = hero.owner
        units = sum(hero.army.values())
        self.detail = f"⚔ {units} unit{'s' if units != 1 else ''}   🎁 {len(hero.items)}"
        self.moves = "🎲 roll" if hero.moves_left is None else f"🐎 {hero.moves_left}"
        self.spent = hero.moves_left == 0
        self.tooltip = "Click to select" + (" (R rolls its 🐎)" if hero.moves_left is None else "")

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        face = (250, 238, 206) if self.selected else ((240, 226, 190) if self.hovered else (228, 212, 172))
        pygame.draw.rect(surface, (60, 40, 20), r.move(0, 2), border_radius=8)
        pygame.draw.rect(surface, face, r, border_radius=8)
        pygame.draw.rect(surface, theme.GOLD if self.selected else theme.WOOD_DARK, r, 3 if self.selected else 1,
                         border_radius=8)
        portrait = pygame.Rect(r.x + 5, r.y + 5, r.h - 10, r.h - 10)
        pygame.draw.ellipse(surface, theme.seat_colour(self.owner), portrait)
        pygame.draw.ellipse(surface, (40, 24, 12), portrait, 2)
        img = icons.token_sprite("hero", self.owner, None, portrait.h + 6)
        surface.blit(img, img.get_rect(center=(portrait.centerx, portrait.centery - 2)))
        name = widgets.text(self.label, 15, theme.INK, "bold")
        surface.blit(name, (portrait.right + 8, r.y + 6))
        detail = render(self.detail, 12, theme.INK_SOFT)
        surface.blit(detail, (portrait.right + 8, r.y + 29))
        pill_colour = (120, 110, 100) if self.spent else (96, 60, 30)
        moves = render(self.moves, 14, theme.CREAM, "bold")
        pill = moves.get_rect().inflate(14, 6)
        pill.midright = (r.right - 8, r.centery)
        pygame.draw.rect(surface, pill_colour, pill, border_radius=10)
        surface.blit(moves, moves.get_rect(center=pill.center))


def player_rows(state) -> list[dict]:
    rows = []
    for seat in state.live_players():
        player = state.players[seat]
        rows.append({"seat": seat, "name": player.name, "computer": player.kind == "computer",
                     "cities": len(state.cities_of(seat)), "heroes": len(state.heroes_of(seat))})
    return rows


def draw_players(surface: pygame.Surface, state, rect: pygame.Rect, acting: int | None, rows: list[dict]) -> None:
    """The players' panel: colour, name, Cities and heroes, alliances (the Ally buttons are the scene's)."""
    caption = widgets.text("Players", 16, theme.INK, "heading")
    surface.blit(caption, (rect.x + 4, rect.y))
    y = rect.y + 26
    for row in rows:
        seat = row["seat"]
        line = pygame.Rect(rect.x, y, rect.w, 26)
        if seat == acting:
            pygame.draw.rect(surface, (246, 226, 170), line, border_radius=6)
        pygame.draw.circle(surface, theme.seat_colour(seat), (line.x + 12, line.centery), 8)
        pygame.draw.circle(surface, (30, 20, 10), (line.x + 12, line.centery), 8, 1)
        name = widgets.text(row["name"][:12], 14, theme.INK, "bold")
        surface.blit(name, name.get_rect(midleft=(line.x + 26, line.centery)))
        allied = acting is not None and seat != acting and state.allied(acting, seat)
        offered = acting is not None and (acting, seat) in state.alliance_offers
        stats = f"🏰{row['cities']} 🧙{row['heroes']}" + ("  ally" if allied else "") + ("  asked" if offered else "")
        img = render(stats, 12, theme.INK_SOFT, "bold")
        surface.blit(img, img.get_rect(midleft=(line.x + 120, line.centery)))
        y += 30
