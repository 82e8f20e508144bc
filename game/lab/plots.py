"""The playtest lab's figure: four panels in one PNG, drawn with pygame (no plotting library needed).

1. Game length: a histogram of days per game, one colour per variant.
2. Win rate by seat, with 95% intervals (sole wins only; the fair share is a dashed line).
3. Income by Day per computer level, with the number of games still running as grey
   bars: a late Day's mean comes from the games that lasted that long, and the bars say how few;
   a line stops where fewer than 3 games (or a tenth of them) still run.
4. Rule coverage: the share of games in which each rule sign came up (``game.lab.coverage``).
"""
from __future__ import annotations

import math
from pathlib import Path

COLOURS = [(31, 119, 180), (214, 39, 40), (44, 160, 44), (255, 127, 14), (148, 103, 189), (140, 86, 75)]
INK = (30, 30, 30)
GRID = (226, 226, 226)
RUNNING = (205, 205, 205)
PANEL_W, PANEL_H = 760, 470
MIN_RUNNING = 3


def plot(summaries: dict[str, dict], out: str | Path) -> None:
    import pygame
    from game import resources
    pygame.font.init()
    fonts = resources.fonts_dir()
    font = pygame.font.Font(str(fonts / "DejaVuSans.ttf"), 14)
    bold = pygame.font.Font(str(fonts / "DejaVuSans-Bold.ttf"), 17)
    rules = max(len(s["rule_coverage"]) for s in summaries.values())
    coverage_h = max(PANEL_H, 70 + 16 * rules)       # every rule's label stays readable
    surface = pygame.Surface((PANEL_W * 2, PANEL_H + coverage_h + 44))
    surface.fill((255, 255, 255))
    first = next(iter(summaries.values()))
    caption = (f"{Path(first['map']).stem}: {first['players']} players, {first['games']} games per variant, "
               f"computer levels {', '.join(first['ai'])}")
    surface.blit(bold.render(caption, True, INK), (20, 12))
    names = {k: _variant_name(s, len(summaries)) for k, s in summaries.items()}
    panels = [pygame.Rect(x * PANEL_W, 44 + y * PANEL_H, PANEL_W, PANEL_H) for y in (0, 1) for x in (0, 1)]
    panels[3].h = coverage_h
    _lengths(surface, pygame, font, bold, panels[0], summaries, names)
    _seats(surface, pygame, font, bold, panels[1], summaries, names)
    _income(surface, pygame, font, bold, panels[2], summaries, names)
    _coverage(surface, pygame, font, bold, panels[3], summaries, names)
    pygame.image.save(surface, str(out))


def resources_fonts() -> Path:
    from game import resources
    return resources.fonts_dir()


def _variant_name(summary: dict, variants: int) -> str:
    if variants == 1:
        return summary["mode"]
    return summary["mode"] + (f" + {Path(summary['rules']).stem}" if summary.get("rules") else "")


def _nice_top(value: float) -> tuple[float, float]:
    value = max(value, 1e-9)
    step = 10 ** math.floor(math.log10(value))
    for mult in (1, 2, 5, 10):
        if value / (step * mult) <= 6:
            step *= mult
            break
    return math.ceil(value / step) * step, step


def _axes(surface, pygame, font, bold, rect, title, x_label, y_label, top_value, step, percent=False):
    """Draw title, grid and y labels; return the plot area."""
    area = pygame.Rect(rect.x + 72, rect.y + 40, rect.w - 100, rect.h - 110)
    surface.blit(bold.render(title, True, INK), (rect.x + 72, rect.y + 10))
    value = 0.0
    while value <= top_value + 1e-9:
        y = area.bottom - area.h * value / top_value
        pygame.draw.line(surface, GRID, (area.x, y), (area.right, y))
        text = font.render(f"{value:.0%}" if percent else f"{value:g}", True, INK)
        surface.blit(text, (area.x - 8 - text.get_width(), y - text.get_height() / 2))
        value += step
    pygame.draw.line(surface, INK, area.bottomleft, area.topleft, 2)
    pygame.draw.line(surface, INK, area.bottomleft, area.bottomright, 2)
    label = font.render(x_label, True, INK)
    surface.blit(label, (area.centerx - label.get_width() / 2, area.bottom + 30))
    ylabel = pygame.transform.rotate(font.render(y_label, True, INK), 90)
    surface.blit(ylabel, (rect.x + 8, area.centery - ylabel.get_height() / 2))
    return area


def _legend(surface, pygame, font, area, entries):
    y = area.y + 6
    for label, colour, style in entries:
        text = font.render(label, True, INK)
        x = area.right - text.get_width() - 36
        pygame.draw.rect(surface, (255, 255, 255), (x - 30, y - 2, text.get_width() + 36, 20))
        if style == "bar":
            pygame.draw.rect(surface, colour, (x - 24, y + 3, 18, 12))
        else:
            pygame.draw.line(surface, colour, (x - 26, y + 9), (x - 6, y + 9), 3)
        surface.blit(text, (x, y))
        y += 20


def _lengths(surface, pygame, font, bold, rect, summaries, names):
    all_days = [d for s in summaries.values() for d in s.get("days_all", [])]
    if not all_days:
        return
    low, high = min(all_days), max(all_days)
    width = max(1, math.ceil((high - low + 1) / 15))
    bins = list(range(low, high + 1, width))
    counts = {k: [sum(1 for d in s.get("days_all", []) if b <= d < b + width) for b in bins]
              for k, s in summaries.items()}
    top, step = _nice_top(max(max(c) for c in counts.values()))
    area = _axes(surface, pygame, font, bold, rect, "Game length", "Days per game", "games", top, step)
    slot = area.w / len(bins)
    bar = max(2, slot * 0.8 / len(counts))
    for i, b in enumerate(bins):
        x0 = area.x + slot * i + slot * 0.1
        for j, (k, values) in enumerate(counts.items()):
            h = area.h * values[i] / top
            pygame.draw.rect(surface, COLOURS[j % len(COLOURS)], (x0 + j * bar, area.bottom - h, bar - 1, h))
        if i % max(1, len(bins) // 8) == 0:
            text = font.render(str(b) if width == 1 else f"{b}-{b + width - 1}", True, INK)
            surface.blit(text, (area.x + slot * i + slot / 2 - text.get_width() / 2, area.bottom + 6))
    _legend(surface, pygame, font, area, [(names[k], COLOURS[j % len(COLOURS)], "bar") for j, k in enumerate(counts)])


def _seats(surface, pygame, font, bold, rect, summaries, names):
    from game.lab.stats import wilson
    area = _axes(surface, pygame, font, bold, rect, "Win rate by seat (sole wins, 95% interval)", "seat",
                 "share of games won", 1.0, 0.2, percent=True)
    seats = list(next(iter(summaries.values()))["end_reasons_by_seat"])
    slot = area.w / max(1, len(seats))
    bar = slot * 0.7 / len(summaries)
    for j, (k, s) in enumerate(summaries.items()):
        n = s["finished"]
        for i, seat in enumerate(seats):
            row = s["end_reasons_by_seat"][seat]
            wins = row["conquest"] + row["day_limit"]
            rate = wins / n if n else 0.0
            lo, hi = wilson(wins, n)
            x = area.x + slot * i + slot * 0.15 + j * bar
            colour = COLOURS[j % len(COLOURS)]
            pygame.draw.rect(surface, colour, (x, area.bottom - area.h * rate, bar - 2, area.h * rate))
            cx = x + bar / 2
            pygame.draw.line(surface, INK, (cx, area.bottom - area.h * lo), (cx, area.bottom - area.h * hi), 2)
    players = len(seats)
    fair = area.bottom - area.h / max(1, players)
    for x in range(area.x, area.right, 12):
        pygame.draw.line(surface, (90, 90, 90), (x, fair), (min(x + 6, area.right), fair), 2)
    for i, seat in enumerate(seats):
        text = font.render(f"seat {seat}", True, INK)
        surface.blit(text, (area.x + slot * i + slot / 2 - text.get_width() / 2, area.bottom + 6))
    _legend(surface, pygame, font, area, [(names[k], COLOURS[j % len(COLOURS)], "bar") for j, k in enumerate(summaries)]
            + [(f"fair share 1/{players}", (90, 90, 90), "line")])


def days_worth_a_mean(running: list[int]) -> tuple[int, int | None]:
    """(fewest games, days shown): a Day's mean over the last few long games is one game's story,
    not the variant's, so a line stops once fewer than 3 games (or a tenth of them) still run."""
    if not running:
        return MIN_RUNNING, None
    fewest = max(MIN_RUNNING, math.ceil(0.1 * running[0]))
    return fewest, sum(1 for n in running if n >= fewest)


def _income(surface, pygame, font, bold, rect, summaries, names):
    series = []
    fewest = MIN_RUNNING
    for k, s in summaries.items():
        fewest, shown = days_worth_a_mean(s.get("running_by_day", []))
        for lvl, values in s["income_by_day"].items():
            label = f"{names[k]} {lvl}" if len(summaries) > 1 else lvl
            series.append((label, values[:shown] if shown is not None else values))
    running = next(iter(summaries.values())).get("running_by_day", [])
    days = max([len(v) for _, v in series] + [len(running)] + [1])
    top, step = _nice_top(max([max(v) for _, v in series if v] + [1.0]))
    area = _axes(surface, pygame, font, bold, rect, "Income per Day (grey: games still running)", "Day",
                 "mean income per seat", top, step)
    if running:
        most = max(running) or 1
        for d, n in enumerate(running):
            x = area.x + area.w * d / days
            h = area.h * 0.35 * n / most
            pygame.draw.rect(surface, RUNNING, (x, area.bottom - h, max(1, area.w / days - 1), h))
        note = font.render(f"{running[-1]} of {running[0]} games reach Day {len(running)}; a line stops where "
                           f"fewer than {fewest} games still run", True, (110, 110, 110))
        surface.blit(note, (area.x + 8, area.bottom - note.get_height() - 4))
    for j, (label, values) in enumerate(series):
        points = [(area.x + area.w * (d + 0.5) / days, area.bottom - area.h * v / top) for d, v in enumerate(values)]
        if len(points) >= 2:
            pygame.draw.lines(surface, COLOURS[j % len(COLOURS)], False, points, 3)
    day_step = max(1, math.ceil(days / 10))
    for d in range(0, days, day_step):
        text = font.render(str(d + 1), True, INK)
        surface.blit(text, (area.x + area.w * (d + 0.5) / days - text.get_width() / 2, area.bottom + 6))
    _legend(surface, pygame, font, area, [(label, COLOURS[j % len(COLOURS)], "line") for j, (label, _) in
                                          enumerate(series)])


def _coverage(surface, pygame, font, bold, rect, summaries, names):
    labels = list(dict.fromkeys(label for s in summaries.values() for label in s["rule_coverage"]))
    title = bold.render("Rules in play: share of games where each came up", True, INK)
    surface.blit(title, (rect.x + 20, rect.y + 10))
    small = font
    rows = max(1, len(labels))
    row_h = min(22, (rect.h - 60) / rows)
    if row_h >= 12:
        small = pygame.font.Font(str(resources_fonts() / "DejaVuSans.ttf"), min(14, int(row_h) - 2))
    label_w = 270
    area = pygame.Rect(rect.x + 20 + label_w, rect.y + 44, rect.w - label_w - 70, rect.h - 60)
    for frac in (0, 0.25, 0.5, 0.75, 1.0):
        x = area.x + area.w * frac
        pygame.draw.line(surface, GRID, (x, area.y), (x, area.bottom))
    if row_h < 12:
        small = pygame.font.Font(None, max(10, int(row_h) + 4))
    bar = max(2, row_h * 0.8 / len(summaries))
    for i, label in enumerate(labels):
        y = area.y + i * row_h
        rule = next(s["rule_coverage"][label]["rule"] for s in summaries.values() if label in s["rule_coverage"])
        text = small.render(f"{label} ({rule})".replace("⭐", "★"), True, INK)
        surface.blit(text, (area.x - 8 - text.get_width(), y + (row_h - text.get_height()) / 2))
        for j, (k, s) in enumerate(summaries.items()):
            if label not in s["rule_coverage"]:
                continue                      # not a rule of that variant's mode
            share = s["rule_coverage"][label]["share"]
            colour = COLOURS[j % len(COLOURS)]
            if share:
                pygame.draw.rect(surface, colour, (area.x, y + j * bar, max(2, area.w * share), bar - 1))
            else:
                pygame.draw.rect(surface, (200, 60, 60), (area.x, y + j * bar + bar / 2 - 1, 6, 2))
    _legend(surface, pygame, font, pygame.Rect(area.x, area.y - 40, area.w, 40),
            [(names[k], COLOURS[j % len(COLOURS)], "bar") for j, k in enumerate(summaries)])
