"""Which rules came up in a game: each rule is recognised by the engine events that show it.

``RULE_SIGNS`` lists (label, rule ID, test on one event). ``rule_counts(log)`` counts
how often each label happened in one game's event log; a label missing from the
result never happened. Labels name the rule and, where one rule has several
branches worth telling apart (a bribe or a defection of R-MON-1, a tier of
R-CMP-5), the branch.
"""
from __future__ import annotations

from collections import Counter
from typing import Callable, Iterable

TIER_NAMES = ("encampment", "villa", "estate", "castle")


def _kind(kind: str, **data) -> Callable:
    def test(event) -> bool:
        return event.kind == kind and all(event.data.get(k) == v for k, v in data.items())
    return test


def _dice(purpose: str, reaction: str | None = None) -> Callable:
    def test(event) -> bool:
        return event.kind == "dice" and event.data.get("purpose") == purpose and \
            (reaction is None or event.data.get("reaction") == reaction)
    return test


def _built(test_name: Callable[[str], bool]) -> Callable:
    return lambda e: e.kind == "built" and test_name(str(e.data.get("building", "")))


def _recruited(tier: int, rank: int) -> Callable:
    return lambda e: e.kind == "recruited" and e.data.get("unit") == f"unit_{tier}_{rank}"


RULE_SIGNS: list[tuple[str, str, Callable]] = [
    ("anchor tie re-rolled", "R-SET-3", _kind("anchor_tie")),
    ("upkeep death", "R-DAY-3", _kind("hero_died", cause="upkeep")),
    ("Daybreak token placed", "R-DAY-5", lambda e: e.kind == "token_placed" and "player" in e.data),
    ("City tier raised", "R-BLD-1", _built(lambda n: n in TIER_NAMES[1:])),
    ("City founded", "R-BLD-2", _kind("city_founded")),
    ("Ramparts built", "R-BLD-3", _built(lambda n: n == "ramparts")),
    ("Fortifications built", "R-BLD-3", _built(lambda n: n == "fortifications")),
    ("Mercenary Camp built", "R-BLD-3", _built(lambda n: n == "mercenary_camp")),
    ("hero recruited", "R-BLD-4", _kind("hero_recruited")),
    ("mercenaries recruited", "R-BLD-4", _kind("recruited", unit="mercenary")),
    ("legacy Gold Mine built", "R-BLD-5", _built(lambda n: n == "gold_mine")),
    ("token picked up", "R-MOV-3", _kind("picked_up")),
    ("forced monster interaction", "R-MOV-7", _kind("monster_must_be_faced")),
    ("item found", "R-ITEM-1", _kind("item_found")),
    ("item equipped", "R-ITEM-3", _kind("item_equipped")),
    ("mine captured", "R-MINE-1", _kind("mine_captured")),
    ("mine guardians", "R-MINE-2", _dice("guardians")),
    ("monsters fight", "R-MON-1", lambda e: _dice("monster_reaction")(e) and
     e.data.get("reaction") in ("fight", "hard_fight")),
    ("monsters bribed", "R-MON-1", _dice("monster_reaction", "bribe")),
    ("monsters defect", "R-MON-1", _dice("monster_reaction", "defect")),
    ("monsters joined", "R-MON-1", _kind("monsters_joined")),
    ("hero fainted", "R-HERO-2", _kind("hero_fainted")),
    ("hero died in battle", "R-DEATH-1", _kind("hero_died", cause="battle")),
    ("deserters' Monster", "R-DEATH-2", _kind("token_placed", reason="deserters")),
    ("retreat", "R-DEATH-3", _kind("retreat")),
    ("siege", "R-CITY-2", _kind("siege")),
    ("sieged City yields nothing", "R-CITY-3", _kind("city_besieged_no_income")),
    ("City conquered", "R-CITY-5", _kind("city_conquered")),
    ("neutral City attacked", "R-CITY-6", _dice("neutral_defenders")),
    ("battle", "R-BAT-1", _kind("battle_started")),
    ("alliance proposed", "R-ALLY-1", _kind("alliance_proposed")),
    ("alliance made", "R-ALLY-1", _kind("alliance_answered", accepted=True)),
    ("alliance ended", "R-ALLY-1", _kind("alliance_ended")),
    ("vote", "R-VOTE-1", _kind("vote_result")),
    ("player eliminated", "R-END-1", _kind("player_eliminated")),
    ("grand alliance dissolved", "R-END-2", _kind("grand_alliance_dissolved")),
    ("game ended by conquest", "R-END-2", _kind("game_over", reason="conquest")),
    ("game ended by the day limit", "R-END-2", _kind("game_over", reason="day_limit")),
    ("alliance won together", "R-END-2", _kind("game_over", reason="alliance")),
    ("spawner built", "R-CMP-4", _built(lambda n: n.startswith("spawner_"))),
] + [(f"Tier {t} {'⭐' * r} recruits", "R-CMP-5", _recruited(t, r)) for r in (1, 2) for t in range(1, 6)]

LABELS = [label for label, _, _ in RULE_SIGNS]
RULE_OF = {label: rule for label, rule, _ in RULE_SIGNS}


def rule_counts(log: Iterable) -> dict[str, int]:
    """How often each rule sign shows in one game's events (labels that never happened are left out)."""
    counts: Counter = Counter()
    for event in log:
        for label, _, test in RULE_SIGNS:
            if test(event):
                counts[label] += 1
    return dict(counts)


def applicable(label: str, mode: str) -> bool:
    """Campaign-only signs are not expected in Normal games, nor Normal-only ones in Campaign."""
    if RULE_OF[label].startswith("R-CMP-"):
        return mode == "campaign"
    if label in ("mercenaries recruited", "Mercenary Camp built"):
        return mode == "normal"
    return True
