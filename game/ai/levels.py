"""The computer levels as styles of one planner, and the lab's one-change variants of ``standard``.

``easy`` plays legally and sensibly but makes clear mistakes: it keeps one hero,
fights only sure battles, picks battle squads and targets carelessly, leaves its
walls down, ignores items on the board and buys the cheapest units. ``standard``
plays the whole plan (``game.ai.standard``) with three heroes from Day 1, the
hero-count probe's winner. ``hard`` plays standard's plan but tries its choices
out by search (``game.ai.hard``: rollouts on determinized copies of the game).
A variant level is written ``standard:NAME`` (e.g. ``standard:many_heroes``), for
playtests that ask whether one heuristic alone beats ``standard``, or ``hard:NAME`` for a change to
``hard``'s search tried before it becomes ``hard``.

Tournament results (``tools/tournament.py``, seats swapped every game, 95% Wilson
intervals) are kept in the README's playtester section, with the date of the
``standard`` they were measured against: every change to ``standard`` moves
``hard`` too, so a figure is only good for the code it was measured on.
Lab variants measured against ``standard`` (Meadow Ford): ``bold`` and ``rush``
54% (47-61%), ``many_heroes`` 53%, the others 47-52%, ``few_heroes`` 39%
(Normal, 200 games each, before 26 November); ``old_economy`` (standard's
Campaign economy before 26 November) 51% in Campaign and 48% in Normal over 100
games each, ``merge`` 47.5% and 52.5% over 200: none beats ``standard`` beyond
the noise. ``hero_cap_12`` won 4 of 18 four-player games on The Highlands (26
November): late in a long game more heroes win. ``turtle`` never leaves its Cities (a lab opponent, not
a contender); ``no_rally`` is standard without gathering its units against a turtle (26 November: 198 of
400 mirror games on Meadow Ford and The Riverlands, both modes). ``one_army`` (one hero, every coin into
its army, straight at a rival capital: the plan a person beat ``standard`` with by Day 5 on Meadow Ford,
5 December) won 81 of 200 Normal games on Meadow Ford against it, 40% (34-47%): what that person exploited
was tactics (``standard`` walked heroes with no army into reach of that army), not the plan.
The lab's answer, ``cautious`` (a hero's walk ends out of reach of rival heroes likely to beat it,
``Style.caution``), cost tempo and won nothing back (5 December, seed 1, 400 games each against
``standard``: Meadow Ford 47.5% Normal / 50% Campaign, The Riverlands 48% / 49%). Nor against hunters:
``hunt`` (a rival hero worth three times as much as a target) won 54% of 400 Normal games on Meadow Ford
against ``standard``; ``hunt_cautious`` 50.5% against ``cautious`` and 49.5% against ``hunt``; and
over 400 games against each of ``standard``, ``hunt`` and ``one_army_hunt``, a ``standard`` wary of
that rival's heroes won 4-7 points fewer than one that was not. ``hard`` beat ``cautious`` 132-68 (66%)
on The Riverlands in Campaign and 141-59 on The Free Cities in Normal. So ``standard`` stays heedless; what beat it was a person's play, not a rule of
thumb the lab can find. ``one_army_hunt`` is ``one_army`` hunting.
``hard:four_streams`` (each candidate tried on four dice streams instead of two) beat ``standard`` 310-90 on
The Free Cities in Normal where ``hard`` went 297-103 on the same 400 games and seats (6 December); the 119
games only one of them won split 66-53 (p = 0.27), within the noise, for about twice the thinking between
two players.
"""
from __future__ import annotations

from dataclasses import replace

from game.ai.standard import STANDARD, Style

EASY = Style(monster_risk=0.95, enemy_risk=0.95, neutral_city_risk=0.95, first_heroes=1, income_per_hero=1000,
             best_battles=False, target_slack=2, walls=False, hero_worth=0.5, unit_quality=1.0,
             break_alliances=False, item_value=0.0, rally=False)
HARD = STANDARD              # hard is standard's plan with its choices tried out by search (game.ai.hard)

ONE_ARMY = replace(STANDARD, first_heroes=1, income_per_hero=1000, city_value=120.0, enemy_risk=0.5)

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
    "all_income_heroes": replace(STANDARD, heroes_by_all_income=True),
    "coin_spawners_everywhere": replace(STANDARD, one_coin_spawner=False),
    "saves_early": replace(STANDARD, army_per_hero=0),
    "merge": replace(STANDARD, merge_armies=True),
    "hero_cap_12": replace(STANDARD, max_heroes=12),
    "turtle": replace(STANDARD, stay_home=True),
    "no_rally": replace(STANDARD, rally=False),
    "old_economy": replace(STANDARD, heroes_by_all_income=True, one_coin_spawner=False, army_per_hero=0),
    # a human's plan that beat standard on Day 5 (5 December): one army under one hero, straight at a capital
    "one_army": ONE_ARMY,
    # 5 December, after a person picked off standard's armyless heroes: heroes stop out of reach of rival
    # armies (cautious), rival heroes worth hunting (hunt), both, and the one army hunting
    "cautious": replace(STANDARD, caution=0.5),
    "hunt": replace(STANDARD, hero_bounty=60.0),
    "hunt_cautious": replace(STANDARD, hero_bounty=60.0, caution=0.5),
    "one_army_hunt": replace(ONE_ARMY, hero_bounty=60.0),
}

STYLES = {"easy": EASY, "standard": STANDARD, "hard": HARD}
# hard's own lab variants (``game.ai.hard.choose_hard``): hard:hero_threat counts a hero in reach of
# stronger rival heroes at what it keeps; hard:four_streams tries each candidate on four dice streams, not two
HARD_VARIANTS = ("hero_threat", "four_streams")


def style_of(level: str) -> Style | None:
    if level in STYLES:
        return STYLES[level]
    base, _, variant = level.partition(":")
    if base == "standard" and variant in VARIANTS:
        return VARIANTS[variant]
    if base == "hard" and variant in HARD_VARIANTS:
        return HARD
    return None
