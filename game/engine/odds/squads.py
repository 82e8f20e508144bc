"""Squads as the odds see them, groups of units (count × NdS+B) with whose army each is, and their
text notation in the command-line tools (``tools/odds.py``)::

    hero@a:1x2d6+6,5x1d6@a,4x1d6&2x2d6,city:1x3d3+9,6x1d6@city

A group COUNTxNdS[+B][@TAG]; groups of one squad joined by "&"; squads by ",".
"hero:" marks a hero's squad, "hero@TAG:" names the hero; "city:" a City.
A mercenary group tagged @TAG belongs to hero TAG (only its faint halves
them); an untagged group belongs to every hero of its side; a tag no hero
has (e.g. @city, the garrison) never deserts.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from game.choices import ROLL_MODES


ATTACKER = "attacker"
DEFENDER = "defender"



@dataclass(frozen=True, order=True)
class UnitGroup:
    """``count`` identical units, each rolling ``n``d``sides`` + ``bonus``.

    ``owner`` names the hero whose mercenaries they are ("" = every hero of the
    side: any faint on that side halves them); a tag no hero has (e.g. ``city``)
    marks units that never desert, such as a City's garrison.
    """

    count: int
    n: int
    sides: int
    bonus: int = 0
    owner: str = ""

    def __post_init__(self) -> None:
        if self.count < 1 or self.n < 1 or self.sides < 1:
            raise ValueError(f"unit group needs count, n and sides >= 1: {self!r}")

    @property
    def unit_mean(self) -> float:
        return self.n * (self.sides + 1) / 2 + self.bonus

    def with_count(self, count: int) -> UnitGroup:
        return UnitGroup(count, self.n, self.sides, self.bonus, self.owner)

    def __str__(self) -> str:
        return format_group(self)


@dataclass(frozen=True)
class Squad:
    """One or more unit groups that fight together.

    ``is_hero`` marks a hero's own squad (its death makes its own mercenaries
    desert); ``owner`` is then the hero's tag. ``is_city`` marks a City's squad
    (a City never deserts).
    """

    groups: tuple[UnitGroup, ...]
    is_hero: bool = False
    is_city: bool = False
    owner: str = ""

    def __post_init__(self) -> None:
        if not self.groups:
            raise ValueError("a squad needs at least one unit group")
        object.__setattr__(self, "groups", tuple(self.groups))

    @property
    def units(self) -> int:
        return sum(g.count for g in self.groups)

    @property
    def mean(self) -> float:
        """Expected total (the same in both roll modes)."""
        return sum(g.count * g.unit_mean for g in self.groups)

    @property
    def is_mercenary(self) -> bool:
        return not (self.is_hero or self.is_city)

    def __str__(self) -> str:
        return format_squad(self)


def hero_squad(*item_dice: UnitGroup) -> Squad:
    """A hero: one 2d6+6 unit plus its items' dice (R-HERO-1, R-BAT-6)."""
    return Squad((UnitGroup(1, 2, 6, 6), *item_dice), is_hero=True)


def city_squad() -> Squad:
    """A City: one 3d3+9 unit (R-CITY-1)."""
    return Squad((UnitGroup(1, 3, 3, 9),), is_city=True)


class SquadSyntaxError(ValueError):
    """Bad squad text; ``token`` is the offending piece."""

    def __init__(self, token: str, why: str) -> None:
        super().__init__(f"bad squad token {token!r}: {why}")
        self.token = token


_GROUP_RE = re.compile(r"^(\d+)x(\d+)d(\d+)([+-]\d+)?(?:@(\w+))?$")
_PREFIX_RE = re.compile(r"^(hero|city)(?:@(\w+))?$")


def parse_group(text: str) -> UnitGroup:
    match = _GROUP_RE.match(text.strip())
    if not match:
        raise SquadSyntaxError(text, "expected COUNTxNdS or COUNTxNdS+B, optionally @OWNER, e.g. 5x1d6 or 5x1d6@a")
    *numbers, owner = match.groups()
    count, n, sides, bonus = (int(x) if x else 0 for x in numbers)
    if count < 1 or n < 1 or sides < 1:
        raise SquadSyntaxError(text, "count, dice and sides must be at least 1")
    return UnitGroup(count, n, sides, bonus, owner or "")


def parse_squad(text: str) -> Squad:
    body, flags = text.strip(), {}
    if ":" in body:
        prefix, body = body.split(":", 1)
        match = _PREFIX_RE.match(prefix.strip())
        if not match or (match.group(1) == "city" and match.group(2)):
            raise SquadSyntaxError(text, f"unknown prefix {prefix!r} (use hero:, hero@NAME: or city:)")
        kind, owner = match.groups()
        flags["is_hero" if kind == "hero" else "is_city"] = True
        if owner:
            flags["owner"] = owner
    if not body:
        raise SquadSyntaxError(text, "empty squad")
    return Squad(tuple(parse_group(part) for part in body.split("&")), **flags)


def parse_squads(text: str) -> list[Squad]:
    """Comma-separated squads; raises `SquadSyntaxError` naming the bad token."""
    if not text or not text.strip():
        raise SquadSyntaxError(text, "no squads given")
    return [parse_squad(part) for part in text.split(",")]


def format_group(group: UnitGroup) -> str:
    return _group_text(group, group.count)


def _group_text(group: UnitGroup, count: int) -> str:
    """``group``'s text with ``count`` units (no new group built)."""
    bonus = f"+{group.bonus}" if group.bonus > 0 else (str(group.bonus) if group.bonus else "")
    owner = f"@{group.owner}" if group.owner else ""
    return f"{count}x{group.n}d{group.sides}{bonus}{owner}"


def format_squad(squad: Squad) -> str:
    tag = f"@{squad.owner}" if squad.owner else ""
    prefix = f"hero{tag}:" if squad.is_hero else "city:" if squad.is_city else ""
    return prefix + "&".join(format_group(g) for g in squad.groups)


def format_squads(squads: Iterable[Squad]) -> str:
    return ",".join(format_squad(s) for s in squads)


def _check_mode(mode: str) -> str:
    if mode not in ROLL_MODES:
        raise ValueError(f"roll mode must be one of {ROLL_MODES}, not {mode!r}")
    return mode
