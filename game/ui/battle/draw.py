"""Drawing for the battle screen: dice, unit sprites, squad cards, the win-chance bar, banners."""
from __future__ import annotations

import math
import re
from functools import lru_cache

import pygame

from game.names import percent
from game.ui.kit import icons, textures, theme, widgets
from game.ui.battle.view import ViewSquad, unit_label
from game.ui.kit.rich_text import render
from game.ui.kit.theme import px

# --- sprites ---------------------------------------------------------------------------------
@lru_cache(maxsize=128)
def unit_sprite(unit: str, owner: int, size: int) -> pygame.Surface:
    """A unit's figure: monsters their token, player units a shield in the seat colour (⭐ for rank)."""
    if unit == "monster":
        return icons.token_sprite("monster", 0, None, size)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    colour = theme.seat_colour(owner)
    pts = [(c - size * 0.38, size * 0.12), (c + size * 0.38, size * 0.12), (c + size * 0.36, size * 0.5),
           (c, size * 0.92), (c - size * 0.36, size * 0.5)]
    pygame.draw.polygon(surf, (20, 12, 6), [(x + px(2), y + px(3)) for x, y in pts])
    pygame.draw.polygon(surf, colour, pts)
    inner = [(c + (x - c) * 0.7, size * 0.5 + (y - size * 0.5) * 0.72) for x, y in pts]
    pygame.draw.polygon(surf, tuple(min(255, v + 45) for v in colour), inner, max(1, size // 16))
    pygame.draw.polygon(surf, theme.GOLD, pts, max(1, size // 14))
    name, tier, rank = unit_label(unit)
    if tier:
        label = widgets.text(str(tier), max(px(9), int(size * 0.42)), theme.CREAM, "bold", (20, 10, 4))
        surf.blit(label, label.get_rect(center=(c, int(size * 0.46))))
        star = icons.icon("star", max(6, int(size * 0.36)))     # one per rank, on the shield's top corners:
        for k in range(min(rank, 2)):                          # T1⭐ and T1⭐⭐ looked the same
            x, y = pts[1 - k]
            surf.blit(star, star.get_rect(center=(round(x - (size * 0.06 if k == 0 else -size * 0.06)),
                                                  round(y + size * 0.07))))
    else:
        sword = icons.icon("swords", int(size * 0.5))
        surf.blit(sword, sword.get_rect(center=(c, int(size * 0.47))))
    return surf


def squad_sprite(squad: ViewSquad, size: int) -> pygame.Surface:
    if squad.hero is not None:
        return icons.token_sprite("hero", squad.owner, None, size)
    if squad.city is not None:
        return icons.token_sprite("city", squad.owner, squad.city_tier, size)
    unit = max(sorted(squad.units), key=lambda u: squad.units[u]) if squad.units else "mercenary"
    return unit_sprite(unit, squad.owner, size)


def draw_crowd(surface: pygame.Surface, squad: ViewSquad, rect: pygame.Rect) -> None:
    """A cluster of figures (up to 7) for a unit squad, one big figure for a hero or City."""
    if not squad.is_unit_squad:
        size = min(rect.h, rect.w)
        img = squad_sprite(squad, size)
        surface.blit(img, img.get_rect(center=rect.center))
        if squad.hero is not None:
            crown = icons.icon("crown", size // 3)
            surface.blit(crown, crown.get_rect(center=(rect.centerx + size // 3, rect.y + size // 6)))
        return
    figures: list[str] = []
    for unit in sorted(squad.units, key=lambda u: -squad.units[u]):
        figures += [unit] * squad.units[unit]
    shown = figures[:7]
    n = len(shown)
    size = int(rect.h * (0.78 if n <= 3 else 0.62))
    positions = _cluster(n, rect, size)
    for unit, (x, y) in sorted(zip(shown, positions), key=lambda p: p[1][1]):
        img = unit_sprite(unit, squad.owner, size)
        surface.blit(img, img.get_rect(center=(x, y)))


def _cluster(n: int, rect: pygame.Rect, size: int) -> list[tuple[int, int]]:
    if n <= 0:
        return []
    if n <= 3:
        step = min(size * 0.8, (rect.w - size) / max(1, n - 1)) if n > 1 else 0
        x0 = rect.centerx - step * (n - 1) / 2
        return [(round(x0 + i * step), rect.centery) for i in range(n)]
    back = n // 2
    front = n - back
    out = []
    for row, count, dy in ((0, back, -rect.h * 0.2), (1, front, rect.h * 0.18)):
        step = min(size * 0.72, (rect.w - size) / max(1, count - 1)) if count > 1 else 0
        x0 = rect.centerx - step * (count - 1) / 2 + (size * 0.2 if row == 0 else 0)
        out += [(round(x0 + i * step), round(rect.centery + dy)) for i in range(count)]
    return out


def units_text(squad: ViewSquad) -> str:
    if squad.hero is not None:
        return "Hero"
    if squad.city is not None:
        return "City"
    parts = []
    for unit in sorted(squad.units):
        name, tier, rank = unit_label(unit)
        parts.append(f"{squad.units[unit]} × T{tier}{'⭐' * rank}" if tier else f"{squad.units[unit]}")
    return " + ".join(parts)


# --- cards ----------------------------------------------------------------------------------
def dice_label(dice: str, width: int) -> tuple[str, int]:
    """A squad's dice as they fit ``width``: smaller type, then without spaces ("2d6+6+1d6+2"), before
    any cut (a hero's dice and items made "2d6+6 + 1d" of "2d6+6 + 1d6+2")."""
    for form in (dice, dice.replace(" ", ""), merged_dice(dice)):
        size, words = widgets.fit_label(form, px(15), width)
        if words == form:
            return words, size
    return words, size


def merged_dice(dice: str) -> str:
    """The same sum in fewer terms: "2d6+6 + 4d6+5" is "6d6+11" (dice of one kind add up)."""
    counts: dict[int, int] = {}
    bonus = 0
    for term in re.findall(r"[+-]?\s*[^+-]+", dice.replace(" ", "")):
        match = re.fullmatch(r"([+-]?)(\d*)d(\d+)|([+-]?\d+)", term)
        if match is None:
            return dice
        if match.group(4) is not None:
            bonus += int(match.group(4))
        elif match.group(1) == "-":
            return dice
        else:
            counts[int(match.group(3))] = counts.get(int(match.group(3)), 0) + int(match.group(2) or 1)
    parts = [f"{n}d{sides}" for sides, n in sorted(counts.items(), reverse=True)]
    return "+".join(parts) + (f"{bonus:+d}" if bonus else "")


def draw_card(surface: pygame.Surface, rect: pygame.Rect, squad: ViewSquad, *, state: str = "",
              alpha: int = 255, offset: tuple[int, int] = (0, 0), flash: float = 0.0,
              chance: float | None = None, best: bool = False) -> None:
    """A squad card. ``state``: '' | 'selected' | 'target' | 'hover' | 'acting' | 'dim'; ``best``: a star on
    its ribbon, the pick with the best odds."""
    card = pygame.Surface((rect.w + px(16), rect.h + px(16)), pygame.SRCALPHA)
    inner = pygame.Rect(px(8), px(8), rect.w, rect.h)
    glow = {"selected": theme.GOLD, "acting": theme.GOLD, "target": (230, 70, 50), "hover": (255, 170, 90)}.get(state)
    if glow:
        for i, a in ((px(7), 60), (px(4), 110), (px(2), 200)):
            pygame.draw.rect(card, (*glow, a), inner.inflate(i * 2, i * 2), px(3), border_radius=14)
    textures.draw_panel(card, inner, "parchment", radius=px(10), drop_shadow=False)
    colour = theme.seat_colour(squad.owner)
    ribbon = pygame.Rect(inner.x, inner.y, inner.w, px(24))
    pygame.draw.rect(card, colour, ribbon, border_top_left_radius=px(10), border_top_right_radius=px(10))
    pygame.draw.line(card, theme.WOOD_DARK, ribbon.bottomleft, ribbon.bottomright, px(2))
    star = icons.icon("star", px(18)) if best else None
    size, words = widgets.fit_label(squad.name, px(14), inner.w - px(16) - (star.get_width() + px(4) if star else 0))
    name = widgets.text(words, size, theme.CREAM, "bold", (20, 10, 4))
    card.blit(name, name.get_rect(midleft=(ribbon.x + px(8), ribbon.centery)))
    if star is not None:
        card.blit(star, star.get_rect(midright=(ribbon.right - px(5), ribbon.centery)))
    crowd = pygame.Rect(inner.x + px(6), ribbon.bottom + px(4), inner.w - px(12), max(0, inner.h - px(24) - px(50)))
    card.set_clip(crowd)                  # the crowd stays inside its card, however small the card
    draw_crowd(card, squad, crowd)
    card.set_clip(None)
    if squad.is_unit_squad:
        count = render(f"× {squad.count}", px(18), theme.CREAM, "bold", (10, 6, 2))
        badge = count.get_rect(bottomright=(inner.right - px(6), crowd.bottom + px(2))).inflate(px(10), px(2))
        pygame.draw.rect(card, (40, 24, 12), badge, border_radius=9)
        pygame.draw.rect(card, theme.GOLD, badge, 1, border_radius=9)
        card.blit(count, count.get_rect(center=badge.center))
    detail = units_text(squad)
    if squad.is_unit_squad and any(unit_label(u)[1] for u in squad.units):
        room = inner.w - px(8)               # three kinds ran past both edges of the card
        size, words = widgets.fit_label(detail, px(12), room)
        if words != detail:
            size, words = widgets.fit_label(detail.replace(" × ", "×").replace(" + ", " "), px(12), room)
        img = render(words, size, theme.INK_SOFT, "bold")
        card.blit(img, img.get_rect(midtop=(inner.centerx, crowd.bottom + px(2))))
    dbox = pygame.Rect(inner.x + px(6), inner.bottom - px(28), inner.w - px(12), px(22))
    dice = widgets.text(*dice_label(squad.dice, dbox.w - px(6)), theme.INK, "bold")
    pygame.draw.rect(card, (250, 240, 214), dbox, border_radius=6)
    pygame.draw.rect(card, (170, 140, 100), dbox, 1, border_radius=6)
    card.blit(dice, dice.get_rect(center=dbox.center))
    if flash > 0:
        red = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(red, (220, 30, 20, int(160 * min(1.0, flash))), red.get_rect(), border_radius=10)
        card.blit(red, inner)
    if state == "dim":
        veil = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (30, 20, 10, 90), veil.get_rect(), border_radius=10)
        card.blit(veil, inner)
    if chance is not None:
        draw_chance_badge(card, (inner.centerx, inner.y + inner.h // 2 - px(6)), chance)
    if alpha < 255:
        card.set_alpha(max(0, alpha))
    surface.blit(card, (rect.x - px(8) + offset[0], rect.y - px(8) + offset[1]))


def chance_colour(p: float) -> tuple[int, int, int]:
    if p >= 0.6:
        return (54, 150, 64)
    if p >= 0.4:
        return (200, 150, 40)
    return (190, 50, 40)


def draw_chance_badge(surface: pygame.Surface, center, p: float) -> None:
    label = widgets.text(percent(p), px(22), (255, 255, 255), "bold", (0, 0, 0))
    small = widgets.text("to win", px(11), (255, 240, 220), "bold")
    box = pygame.Rect(0, 0, max(label.get_width(), small.get_width()) + px(20), label.get_height() + small.get_height() + px(8))
    box.center = center
    pygame.draw.rect(surface, (0, 0, 0, 120), box.move(px(2), px(3)), border_radius=10)
    pygame.draw.rect(surface, chance_colour(p), box, border_radius=10)
    pygame.draw.rect(surface, (255, 240, 200), box, px(2), border_radius=10)
    surface.blit(label, label.get_rect(midtop=(box.centerx, box.y + px(3))))
    surface.blit(small, small.get_rect(midbottom=(box.centerx, box.bottom - px(3))))


# --- win-chance bar ---------------------------------------------------------------------------
def draw_win_bar(surface: pygame.Surface, rect: pygame.Rect, p_left: float | None, left: tuple[str, int],
                 right: tuple[str, int]) -> None:
    """A two-colour bar: the left side's chance of winning against the right side's (None: still being
    worked out; the bar splits evenly and says so)."""
    known = p_left is not None
    p_left = p_left if known else 0.5
    pygame.draw.rect(surface, (20, 12, 6), rect.inflate(px(6), px(6)), border_radius=rect.h // 2 + px(3))
    split = rect.x + round(rect.w * max(0.0, min(1.0, p_left)))
    lc, rc = theme.seat_colour(left[1]), theme.seat_colour(right[1])
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(rect.x, rect.y, split - rect.x, rect.h))
    pygame.draw.rect(surface, lc, rect, border_radius=rect.h // 2)
    surface.set_clip(pygame.Rect(split, rect.y, rect.right - split, rect.h))
    pygame.draw.rect(surface, rc, rect, border_radius=rect.h // 2)
    surface.set_clip(clip)
    gloss = pygame.Surface((rect.w, rect.h // 2), pygame.SRCALPHA)
    pygame.draw.rect(gloss, (255, 255, 255, 45), gloss.get_rect(), border_radius=rect.h // 4)
    surface.blit(gloss, (rect.x, rect.y + px(2)))
    if rect.x < split < rect.right:
        pygame.draw.line(surface, (255, 246, 220), (split, rect.y - px(3)), (split, rect.bottom + px(2)), px(3))
    pygame.draw.rect(surface, theme.GOLD, rect.inflate(px(2), px(2)), px(2), border_radius=rect.h // 2 + 1)
    lt = widgets.text(f"{left[0]}  {percent(p_left) if known else '…'}", px(15), (255, 255, 255), "bold", (0, 0, 0))
    rt = widgets.text(f"{percent(1 - p_left) if known else '…'}  {right[0]}", px(15), (255, 255, 255), "bold",
                      (0, 0, 0))
    surface.blit(lt, lt.get_rect(midleft=(rect.x + px(12), rect.centery)))
    surface.blit(rt, rt.get_rect(midright=(rect.right - px(12), rect.centery)))


# --- banners -------------------------------------------------------------------------------------
def draw_banner(surface: pygame.Surface, center, title: str, subtitle: str = "", colour=(150, 30, 24),
                alpha: int = 255) -> None:
    head = render(title, px(30), theme.CREAM, "title", (20, 8, 4))
    sub = render(subtitle, px(16), (255, 236, 200), "bold", (20, 8, 4)) if subtitle else None
    w = max(head.get_width(), sub.get_width() if sub else 0) + px(90)
    h = head.get_height() + (sub.get_height() + px(6) if sub else 0) + px(22)
    banner = pygame.Surface((w, h + px(10)), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, w, h)
    notch = px(18)
    pts = [(0, 0), (w, 0), (w - notch, h // 2), (w, h), (0, h), (notch, h // 2)]
    pygame.draw.polygon(banner, (0, 0, 0, 110), [(x + px(3), y + px(5)) for x, y in pts])
    pygame.draw.polygon(banner, colour, pts)
    pygame.draw.polygon(banner, theme.GOLD, pts, px(3))
    banner.blit(head, head.get_rect(midtop=(body.centerx, px(10))))
    if sub:
        banner.blit(sub, sub.get_rect(midtop=(body.centerx, px(16) + head.get_height())))
    banner.set_alpha(alpha)
    surface.blit(banner, banner.get_rect(center=center))


def ease_out(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def shake(t: float, amount: float = 7.0) -> tuple[int, int]:
    if t <= 0 or t >= 1:
        return (0, 0)
    fall = (1 - t) * amount
    return (round(math.sin(t * 55) * fall), round(math.cos(t * 41) * fall * 0.4))
