"""Faint: half of a fainted hero's own mercenaries desert (R-HERO-2)."""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from game.engine.odds.squads import Squad, UnitGroup, _group_text


def deserts_with(group: UnitGroup, hero: Squad | None) -> bool:
    """Whether ``group`` (of a mercenary squad) leaves when ``hero`` faints (None: any hero)."""
    return _leaves_with(group, None if hero is None else hero.owner)


def _leaves_with(group: UnitGroup, owner: str | None) -> bool:
    """`deserts_with` for the hero tagged ``owner`` (None: any hero)."""
    return owner is None or group.owner in ("", owner)


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
    return _desertion(squads, hero, keep_fraction)[0]


def _desertion(squads: Sequence[Squad], hero: Squad | None,
               keep_fraction: float) -> tuple[list[list[int]], list[int]]:
    """`desertion_counts`, and the squads (indices, in order) that lose units."""
    counts = [[g.count for g in s.groups] for s in squads]
    owner = None if hero is None else hero.owner
    order: dict[int, tuple[int, ...]] = {}  # squad -> the hero's groups in the order their units leave
    size: dict[int, int] = {}               # squad -> its units of the hero's
    for i, squad in enumerate(squads):
        ks = _deserting_groups(squad, owner)
        if ks:
            order[i] = ks
            row = counts[i]
            size[i] = sum(row[k] for k in ks)
    total = sum(size.values())
    leaving = total - int(total * keep_fraction)
    if not leaving:
        return counts, []

    # One unit at a time from the biggest squad brings the biggest squads down
    # together: find the level ``top`` they all end at (the highest with at most
    # ``leaving`` units above it); the ``extra`` units still to go then leave
    # one each from the weakest of the squads at that level.
    sizes = sorted(size.values(), reverse=True) + [0]
    above = 0
    for j, biggest in enumerate(sizes[:-1], start=1):
        above += biggest
        top = -((leaving - above) // j)   # the j biggest at one level with no more than leaving above it
        if top > sizes[j]:
            break
    top = max(top, 0)
    extra = leaving - sum(n - top for n in size.values() if n > top)
    changed = [i for i, n in size.items() if n > top]
    for i in changed:
        _remove(counts[i], order[i], size[i] - top)
    if extra:
        at_top = [i for i, n in size.items() if n >= top]
        mean = {i: sum(c * g.unit_mean for c, g in zip(counts[i], squads[i].groups)) for i in at_top}
        ranked = sorted(at_top, key=mean.__getitem__)
        if mean[ranked[extra - 1]] == mean[ranked[extra]]:  # a tie at the cut: the dice text decides
            ranked = sorted(at_top, key=lambda i: (mean[i], _text(counts[i], squads[i].groups)))
        for i in ranked[:extra]:
            _remove(counts[i], order[i], 1)
        changed = sorted({*changed, *ranked[:extra]})
    return counts, changed


@lru_cache(maxsize=4096)
def _deserting_groups(squad: Squad, owner: str | None) -> tuple[int, ...]:
    """The groups of ``squad`` that a faint of hero ``owner`` (None: any hero) halves, in the order
    their units leave: the lowest expected roll per unit first (ties: the earlier group)."""
    if squad.is_hero or squad.is_city:
        return ()
    groups = squad.groups
    return tuple(sorted((k for k, g in enumerate(groups) if _leaves_with(g, owner)),
                        key=lambda k: groups[k].unit_mean))


def _remove(row: list[int], order: Sequence[int], k: int) -> None:
    """Take ``k`` units from a squad's group counts ``row``, from its groups in ``order``."""
    for g in order:
        taken = min(k, row[g])
        row[g] -= taken
        k -= taken
        if not k:
            return


def _text(row: list[int], groups: Sequence[UnitGroup]) -> str:
    return "&".join(_group_text(g, c) for c, g in zip(row, groups) if c)


def desert(squads: Sequence[Squad], hero: Squad | None = None) -> list[Squad]:
    """The squads left after ``hero`` faints (see `desertion_counts`; None: the
    side's only hero, every mercenary may desert). A squad with no units left
    is gone; hero and City squads stay as they are; the order is kept."""
    counts, changed = _desertion(squads, hero, 0.5)
    kept: list[Squad | None] = list(squads)   # most squads lose nobody: the same objects, nothing to build or hash
    for i in changed:
        kept[i] = _reduced(squads[i], tuple(counts[i]))
    return [squad for squad in kept if squad is not None]


@lru_cache(maxsize=4096)
def _reduced(squad: Squad, counts: tuple[int, ...]) -> Squad | None:
    """``squad`` with ``counts`` units in its groups (None: none left); the same few come up again
    and again as the exact odds try every hero's faint."""
    groups = tuple(g if c == g.count else g.with_count(c) for g, c in zip(squad.groups, counts) if c)
    return Squad(groups, squad.is_hero, squad.is_city, squad.owner) if groups else None
