"""Faint: half of a fainted hero's own mercenaries desert (R-HERO-2)."""
from __future__ import annotations

from typing import Sequence

from game.engine.odds.squads import Squad, UnitGroup, _group_text


def deserts_with(group: UnitGroup, hero: Squad | None) -> bool:
    """Whether ``group`` (of a mercenary squad) leaves when ``hero`` faints (None: any hero)."""
    return hero is None or group.owner in ("", hero.owner)


def desertion_counts(squads: Sequence[Squad], hero: Squad | None = None,
                     keep_fraction: float = 0.5) -> list[list[int]]:
    """How many units of each group of each squad stay after ``hero`` faints (R-HERO-2, R-DICE-4).

    Of the hero's own mercenaries (groups of squads that are neither hero nor
    City, see `deserts_with`) trunc(total × keep_fraction) stay. Deserters
    leave one at a time, each time from the squad with the most of the hero's
    units; among equal squads, from the one with the lower expected total, then
    the one whose dice text sorts first, then the one listed first (such
    squads are identical, so the result never depends on the listing order).
    Inside a squad the unit leaves the hero's group with the lowest expected
    roll per unit (ties: the earlier group). Other groups never change.
    """
    counts = [[g.count for g in s.groups] for s in squads]
    own = {i: [k for k, g in enumerate(s.groups) if deserts_with(g, hero)]
           for i, s in enumerate(squads) if s.is_mercenary}
    own = {i: ks for i, ks in own.items() if ks}
    size = {i: sum(counts[i][k] for k in ks) for i, ks in own.items()}
    total = sum(size.values())
    leaving = total - int(total * keep_fraction)

    # inside a squad, the hero's groups in the order their units leave (stable: earlier first)
    order = {i: sorted(ks, key=lambda k, groups=squads[i].groups: groups[k].unit_mean) for i, ks in own.items()}

    def remove(i: int, k: int) -> None:
        size[i] -= k
        row = counts[i]
        for g in order[i]:
            taken = min(k, row[g])
            row[g] -= taken
            k -= taken
            if not k:
                return

    def weakness(i: int) -> tuple[float, str]:
        now = [(c, g) for c, g in zip(counts[i], squads[i].groups) if c]
        return sum(c * g.unit_mean for c, g in now), "&".join(_group_text(g, c) for c, g in now)

    # Equal-sized squads at the top each lose one unit per round, so whole
    # rounds can be taken at once; only a last, partial round needs the order.
    while leaving:
        top = max(size.values())
        at_top = [i for i in own if size[i] == top]
        below = max((n for n in size.values() if n < top), default=0)
        rounds = min(top - below, leaving // len(at_top))
        if rounds:
            for i in at_top:
                remove(i, rounds)
            leaving -= rounds * len(at_top)
        else:
            for i in sorted(at_top, key=weakness)[:leaving]:
                remove(i, 1)
            leaving = 0
    return counts


def desert(squads: Sequence[Squad], hero: Squad | None = None) -> list[Squad]:
    """The squads left after ``hero`` faints (see `desertion_counts`; None: the
    side's only hero, every mercenary may desert). A squad with no units left
    is gone; hero and City squads stay as they are; the order is kept."""
    kept = []
    for squad, counts in zip(squads, desertion_counts(squads, hero)):
        if all(c == g.count for g, c in zip(squad.groups, counts)):
            kept.append(squad)    # most squads lose nobody: the same object, no new groups to build or hash
            continue
        groups = tuple(g if c == g.count else g.with_count(c) for g, c in zip(squad.groups, counts) if c)
        if groups:
            kept.append(Squad(groups, squad.is_hero, squad.is_city, squad.owner))
    return kept
