"""The computer levels as styles of one planner, and the lab's one-change variants of ``standard``.

``easy`` plays legally and sensibly but makes clear mistakes: it keeps one hero,
fights only sure battles, picks battle squads and targets carelessly, leaves its
walls down, ignores items on the board and buys the cheapest units. ``standard``
plays the whole plan (``game.ai.standard``) with three heroes from Day 1, the
hero-count probe's winner. ``hard`` is ``standard`` with bolder fights. A variant
level is written ``standard:NAME`` (e.g. ``standard:many_heroes``), for playtests
that ask whether one heuristic alone beats ``standard``.

Tournament (``tools/tournament.py --map meadow --mode normal --games 40 --seed 1``,
2 players, seats swapped): standard beat easy 88% (95% CI 74-95%); hard v standard
55% (40-69%: not yet the 70% asked); standard:many_heroes v standard 48% (33-62%).
Lab variants changing one heuristic (items, rush, harass, bold) all stayed within
the noise of standard (48-60%): the games are not won by these thresholds.
"""
from __future__ import annotations

from dataclasses import replace

from game.ai.standard import STANDARD, Style

EASY = Style(monster_risk=0.95, enemy_risk=0.95, neutral_city_risk=0.95, first_heroes=1, income_per_hero=1000,
             best_battles=False, target_slack=2, walls=False, hero_worth=0.5, unit_quality=1.0,
             break_alliances=False, item_value=0.0)
HARD = STANDARD              # hard is standard's plan with its choices tried out by search (game.ai.hard)

VARIANTS = {
    "many_heroes": replace(STANDARD, first_heroes=4, income_per_hero=1.5),
    "few_heroes": replace(STANDARD, first_heroes=1, income_per_hero=5),
    "bold": replace(STANDARD, monster_risk=0.6, enemy_risk=0.55, neutral_city_risk=0.65),
    "careful": replace(STANDARD, monster_risk=0.85, enemy_risk=0.8, neutral_city_risk=0.9),
    "no_walls": replace(STANDARD, walls=False),
    "cheap_units": replace(STANDARD, unit_quality=1.3),
    "items": replace(STANDARD, item_value=12.0),
    "rush": replace(STANDARD, city_value=120.0, enemy_risk=0.5),
    "harass": replace(STANDARD, harass=15.0),
}

STYLES = {"easy": EASY, "standard": STANDARD, "hard": HARD}


def style_of(level: str) -> Style | None:
    if level in STYLES:
        return STYLES[level]
    base, _, variant = level.partition(":")
    if base == "standard" and variant in VARIANTS:
        return VARIANTS[variant]
    return None
