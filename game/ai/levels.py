"""The computer levels as styles of one planner, and the lab's one-change variants of ``standard``.

``easy`` plays legally and sensibly but makes clear mistakes: it keeps one hero,
fights only sure battles, picks battle squads and targets carelessly and
leaves its walls down. ``hard`` plays the same plan with the judgement that
tournaments (``tools/tournament.py``) showed to win more: three heroes from
Day 1 and one more per 2 income, and bolder fights. A variant level is
written ``standard:NAME`` (e.g. ``standard:many_heroes``), for playtests that
ask whether one heuristic alone beats ``standard``.
"""
from __future__ import annotations

from dataclasses import replace

from game.ai.standard import STANDARD, Style

EASY = Style(monster_risk=0.95, enemy_risk=0.95, neutral_city_risk=0.95, first_heroes=1, income_per_hero=1000,
             best_battles=False, target_slack=2, walls=False)
# Tournaments, 2 players, seats swapped: hard beat standard 69% (100 games, Meadow Ford),
# 68% (60, The Riverlands) and 72% (60, The Free Cities) in Normal.
HARD = replace(STANDARD, first_heroes=3, income_per_hero=2, monster_risk=0.65, enemy_risk=0.55,
               neutral_city_risk=0.65)

VARIANTS = {
    "many_heroes": replace(STANDARD, first_heroes=3, income_per_hero=2),
    "bold": replace(STANDARD, monster_risk=0.65, enemy_risk=0.55, neutral_city_risk=0.65),
    "careful": replace(STANDARD, monster_risk=0.9, enemy_risk=0.8, neutral_city_risk=0.9),
    "no_walls": replace(STANDARD, walls=False),
}

STYLES = {"easy": EASY, "standard": STANDARD, "hard": HARD}


def style_of(level: str) -> Style | None:
    if level in STYLES:
        return STYLES[level]
    base, _, variant = level.partition(":")
    if base == "standard" and variant in VARIANTS:
        return VARIANTS[variant]
    return None
