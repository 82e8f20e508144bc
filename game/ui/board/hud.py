"""The HUD of the game screen: top bar (day, turn, purse) and the event log."""
from __future__ import annotations

import pygame

from game.ui.kit import icons, sound, textures, theme, widgets
from game.ui.kit.rich_text import render, width as text_width

RESOURCE_ICONS = {"coin": "💰", "wood": "🌳", "food": "🥩", "stone": "⛏️"}
PHASE_NAMES = {"capitals": "Capitals", "daybreak": "Daybreak", "turn": "Turn", "over": "Game over", "setup": "Setup"}
TOP_BAR = 56        # at scale 1 (1280x720); see top_bar_height()


def top_bar_height() -> int:
    return theme.px(TOP_BAR)


def day_caption(state) -> str:
    """"Day 3", or "Day 3 of 5" when the optional Day limit ends the game (R-END-2)."""
    options = state.rules["options"] if getattr(state, "rules", None) else {}
    limit = options.get("day_limit_days") if options.get("day_limit") else None
    day = max(1, state.day)
    if limit:          # the game ends as Day limit + 1 dawns: its last Day is the limit
        return f"Day {min(day, limit)} of {limit}"
    return f"Day {day}"


def _title_level(player) -> tuple[str, str]:
    """A computer seat's engine level ("standard:bold") as the title screen's key and lab variant."""
    base, _, variant = (player.ai or "standard").partition(":")
    return {"standard": "normal"}.get(base, base), variant


def level_name(player) -> str:
    """A computer seat's level as the title screen names it ("Easy", "Standard", "Hard"; a lab variant
    "standard:bold" reads "Standard (bold)"), or "" for a human: the board never said which seat was which."""
    if getattr(player, "kind", "human") != "computer":
        return ""
    from game.ui.menus.options import LEVEL_LABELS
    level, variant = _title_level(player)
    name = LEVEL_LABELS.get(level, level.title())
    return f"{name} ({variant})" if variant else name


def draw_top_bar(surface: pygame.Surface, state, seat: int | None, right: int | None = None) -> pygame.Rect:
    """Day, phase, the acting player and their purse, the seed; nothing is drawn right of ``right``
    (the Menu button's left edge): the seed gives way first, then the purse shrinks."""
    px = theme.px
    bar = pygame.Rect(0, 0, surface.get_width(), top_bar_height())
    right = bar.right - px(124) if right is None else right
    surface.blit(textures.wood(bar.w, bar.h, seed=5, plank=200), bar)
    pygame.draw.line(surface, (30, 18, 8), bar.bottomleft, bar.bottomright, 3)
    pygame.draw.line(surface, theme.GOLD, (0, bar.bottom - 4), (bar.right, bar.bottom - 4), 1)
    day = widgets.text(day_caption(state), px(26), theme.GOLD, "heading", (10, 6, 2))
    surface.blit(day, day.get_rect(midleft=(px(16), bar.centery)))
    x = px(40) + day.get_width()
    phase = widgets.text(PHASE_NAMES.get(state.phase, state.phase.title()), px(16), theme.CREAM, "bold", (10, 6, 2))
    surface.blit(phase, phase.get_rect(midleft=(x, bar.centery)))
    x += phase.get_width() + px(28)
    if seat:
        player = state.players[seat]
        radius = px(14)
        centre = (x + radius, bar.centery)
        pygame.draw.circle(surface, theme.seat_colour(seat), centre, radius)
        pygame.draw.circle(surface, (20, 12, 6), centre, radius, 2)
        x += 2 * radius + px(8)
        who = f"computer · {level_name(player)}" if player.kind == "computer" else "to play"
        name = widgets.text(f"{player.name}", px(20), theme.CREAM, "bold", (10, 6, 2))
        surface.blit(name, name.get_rect(midleft=(x, bar.centery - 1)))
        x += name.get_width() + px(6)
        note = widgets.text(who, px(13), (220, 200, 170))
        surface.blit(note, note.get_rect(midleft=(x, bar.centery + 2)))
        x += note.get_width() + px(24)
        purse = "   ".join(f"{RESOURCE_ICONS.get(r, r)} {player.purse.get(r, 0)}" for r in state.rules.resources)
        for size in (20, 17, 15, 13):
            label = render(purse, px(size), theme.CREAM, "bold", (10, 6, 2))
            if x + label.get_width() <= right - px(8):
                break
        surface.blit(label, label.get_rect(midleft=(x, bar.centery)))
        x += label.get_width() + px(16)
    seed = widgets.text(f"seed {state.seed}", px(13), (200, 180, 150))
    if x + seed.get_width() <= right - px(12):
        surface.blit(seed, seed.get_rect(midright=(right - px(12), bar.centery)))
    return bar


# Emoji the narration uses that have no icon: drawn as ones that do.
_LOG_SWAPS = {"☀": "⭐"}


def _drawable(line: str) -> str:
    for glyph, swap in _LOG_SWAPS.items():
        line = line.replace(glyph, swap)
    return line


def log_line_fitted(line: str, size: int, room: int) -> str:
    """A log line as the board's log has room for it: whole, or cut at a word's end with "…" (a long line
    was cut mid-sentence, "…, so all alliances"; L shows it whole)."""
    if text_width(line, size) <= room:
        return line
    words = line.split(" ")
    while len(words) > 1 and text_width(" ".join(words) + " …", size) > room:
        words.pop()
    return " ".join(words) + " …"


def draw_log(surface: pygame.Surface, lines: list[str], rect: pygame.Rect) -> None:
    if not lines:
        return
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (16, 10, 6, 170), shade.get_rect(), border_radius=10)
    surface.blit(shade, rect)
    y = rect.bottom - theme.px(8)
    room = rect.w - theme.px(20)
    for line in reversed(lines):
        img = render(log_line_fitted(_drawable(line.strip()), theme.px(14), room), theme.px(14), theme.CREAM,
                     "body", (0, 0, 0))
        y -= img.get_height() + 2
        if y < rect.y + 4:
            break
        surface.blit(img, (rect.x + theme.px(10), y), area=pygame.Rect(0, 0, room, img.get_height()))


class HeroCard(widgets.Button):
    """A hero in the side panel: portrait, name, army size, items and the 🐎 left (click to select)."""

    label_in_face = False

    def __init__(self, state, hero, on_click, rect=(0, 0, 0, 0), on_roll=None) -> None:
        super().__init__(hero.name or f"Hero {hero.id}", on_click, rect=rect, size=15)
        self.hero_id = hero.id
        self.owner = hero.owner
        units = sum(hero.army.values())
        self.detail = f"⚔ {units} unit{'s' if units != 1 else ''}   🎁 {len(hero.items)}"
        # At Daybreak the 🐎 left are yesterday's (a card read "🐎 0" as if the hero could not move today):
        # heroes roll in their player's turn (R-DAY-1, R-MOV-1).
        self.daybreak = state.phase == "daybreak"
        self.moves = ("🎲 later" if self.daybreak else
                      "🎲 roll" if hero.moves_left is None else f"🐎 {hero.moves_left}")
        self.spent = self.daybreak or hero.moves_left == 0
        # the "🎲 roll" pill looks like a button, so it is one: it selects the hero and rolls its 🐎
        self.on_roll = on_roll if hero.moves_left is None and not self.daybreak else None
        self.moves_left = None if self.daybreak else hero.moves_left
        self.mark_selected(False)

    def mark_selected(self, selected: bool) -> None:
        """The card of the selected hero says what to do next, not "Click to select"."""
        self.selected = selected
        roll = "🎲 roll (or R) rolls its 🐎"
        if self.daybreak:
            self.tooltip = "Heroes roll their 🐎 in the turn, after the Daybreak (R-MOV-1)"
        elif not selected:
            self.tooltip = "Click to select" + (f" · {roll}" if self.on_roll else "")
        elif self.on_roll:
            self.tooltip = f"Selected · {roll}"
        elif self.moves_left:
            self.tooltip = "Selected · click a lit tile on the map to move it"
        else:
            self.tooltip = "Selected · no 🐎 left this turn"

    def pill(self) -> pygame.Rect:
        """Where the 🐎 pill (or "🎲 roll") is drawn."""
        px = theme.px
        pill = render(self.moves, px(14), theme.CREAM, "bold").get_rect().inflate(px(14), px(6))
        pill.midright = (self.rect.right - px(8), self.rect.centery)
        return pill

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (self.on_roll and self.visible and self.enabled and event.type == pygame.MOUSEBUTTONUP
                and event.button == 1 and self.pressed and self.pill().collidepoint(event.pos)):
            self.pressed = False
            sound.play("click")
            self.on_roll()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        px = theme.px
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
        pill_colour = (120, 110, 100) if self.spent else (96, 60, 30)
        moves = render(self.moves, px(14), theme.CREAM, "bold")
        pill = self.pill()
        pygame.draw.rect(surface, pill_colour, pill, border_radius=10)
        surface.blit(moves, moves.get_rect(center=pill.center))
        room = pill.x - px(6) - (portrait.right + px(8))          # the name gives way to the 🐎 pill
        name = widgets.text(self.label, px(15), theme.INK, "bold")
        surface.blit(name, (portrait.right + px(8), r.y + r.h * 6 // 54), area=pygame.Rect(0, 0, room, name.get_height()))
        detail = render(self.detail, px(12), theme.INK_SOFT)
        surface.blit(detail, (portrait.right + px(8), r.y + r.h * 29 // 54), area=pygame.Rect(0, 0, room, detail.get_height()))


def panel_seats(state) -> list[int]:
    """The players' panel's seats, in turn order: every player, those out of the game too (a finished
    game's board listed only its winner)."""
    return list(state.turn_order)


def player_rows(state) -> list[dict]:
    rows = []
    for seat in panel_seats(state):
        player = state.players[seat]
        rows.append({"seat": seat, "name": player.name, "computer": player.kind == "computer",
                     "alive": player.alive, "cities": len(state.cities_of(seat)), "heroes": len(state.heroes_of(seat))})
    return rows


def player_tip(state, seat: int, viewer: int | None = None) -> str:
    """The tip of a player's row in the players' panel: human or computer and at which level (what the
    level does, as the title screen says it), Cities and heroes, and the alliance with ``viewer``."""
    from game.ui.menus.options import LEVEL_HELP
    player = state.players[seat]
    cities, heroes = len(state.cities_of(seat)), len(state.heroes_of(seat))
    lines = [f"{player.name}: " + (f"computer player, {level_name(player)}" if player.kind == "computer"
                                   else "human player")]
    if player.kind == "computer":
        lines += LEVEL_HELP.get(_title_level(player)[0], "").split("\n")[:1]
    if player.alive:
        lines.append(f"🏰 {cities} {'City' if cities == 1 else 'Cities'} · 🧙 {heroes} hero{'' if heroes == 1 else 'es'}")
    else:
        lines.append("Out of the game: no City and no hero left")
    if viewer is not None and seat != viewer and state.allied(viewer, seat):
        lines.append(f"Allied with {state.players[viewer].name}")
    return "\n".join(filter(None, lines))


PLAYER_ROW = 30          # a player's row in the side panel, at scale 1
PLAYERS_CAPTION = 26


def players_height(count: int) -> int:
    """Height of the players' panel for ``count`` players (caption and rows)."""
    return theme.px(PLAYERS_CAPTION) + theme.px(PLAYER_ROW) * count


def player_row_rect(rect: pygame.Rect, index: int) -> pygame.Rect:
    """Where row ``index`` of the players' panel in ``rect`` lies (its Ally button sits at the right)."""
    return pygame.Rect(rect.x, rect.y + theme.px(PLAYERS_CAPTION) + index * theme.px(PLAYER_ROW),
                       rect.w, theme.px(PLAYER_ROW) - theme.px(4))


def draw_players(surface: pygame.Surface, state, rect: pygame.Rect, acting: int | None, rows: list[dict],
                 stats_right: dict[int, int] | None = None, viewer: int | None = None) -> None:
    """The players' panel: colour, name, Cities and heroes, alliances (the Ally buttons are the scene's;
    a row's stats end before its button's left edge, ``stats_right[seat]``, or at the row's end).
    "ally" and "asked" are from ``viewer``'s side (default: the player acting)."""
    viewer = acting if viewer is None else viewer
    px = theme.px
    caption = widgets.text("Players", px(16), theme.INK, "heading")
    surface.blit(caption, (rect.x + px(4), rect.y))
    for i, row in enumerate(rows):
        seat = row["seat"]
        line = player_row_rect(rect, i)
        if seat == acting:
            pygame.draw.rect(surface, (246, 226, 170), line, border_radius=6)
        dot = (line.x + px(12), line.centery)
        pygame.draw.circle(surface, theme.seat_colour(seat), dot, px(8))
        pygame.draw.circle(surface, (30, 20, 10), dot, px(8), 1)
        stats_x = line.x + px(120)
        ink = theme.INK if row["alive"] else theme.INK_SOFT
        size, label = widgets.fit_label(row["name"], px(14), stats_x - px(30) - line.x)
        name = widgets.text(label, size, ink, "bold")
        surface.blit(name, name.get_rect(midleft=(line.x + px(26), line.centery)))
        allied = viewer is not None and seat != viewer and state.allied(viewer, seat)
        offered = viewer is not None and (viewer, seat) in state.alliance_offers
        stats = f"🏰{row['cities']} 🧙{row['heroes']}" if row["alive"] else "out"
        end = (stats_right or {}).get(seat, line.right) - px(4)
        full = stats + ("  ally" if allied else "") + ("  asked" if offered else "")
        if text_width(full, px(12), "bold") <= end - stats_x:    # else "ally" showed cut to "al" by an End ally
            stats = full                                        # button, which says it
        img = render(stats, px(12), theme.INK_SOFT, "bold")
        surface.blit(img, img.get_rect(midleft=(stats_x, line.centery)),
                     area=pygame.Rect(0, 0, max(0, end - stats_x), img.get_height()))


def cityless_warning(state, seat: int | None) -> str | None:
    """R-END-1 for a player left without a City: how long it has to found or conquer one (a player who
    lost its last City was out at the end of its next turn, and nothing on screen said so)."""
    if seat is None or seat not in state.players or not state.players[seat].alive or state.cities_of(seat):
        return None
    grace = state.rules["end"]["grace_turns_without_city"]
    # turns left, this one included: a turn's start counts it as one without a City (flow.begin_turn)
    turns = grace - state.players[seat].cityless_turns + (0 if state.phase == "daybreak" else 1)
    when = "by the end of this turn" if turns <= 1 else f"within {turns} of your turns"
    how = "found one now (a hero on an empty tile) or conquer one" if state.phase == "daybreak" else "conquer one"
    return f"⚠ No City left: {how} {when}, or you are out (R-END-1)"
