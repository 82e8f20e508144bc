"""Battle squads and sides, whose units they hold, and how they look to the exact odds
(R-BAT-2/3/6, R-HERO-1/2, R-CITY-1, R-BAT-8).

Every unit in a player's squad belongs to someone: a hero (its mercenaries) or,
under the key ``GARRISON``, the City it defends (or nobody, for monsters). A
fainting hero loses only its own mercenaries (R-HERO-2) and the survivors go
back to whoever brought them (R-BAT-8). This module sits below ``battle`` and
``battle_odds`` and imports neither.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from game.engine.dice import Dice
from game.engine.heroes import add_units, equipped_items, unit_total
from game.engine.state import NEUTRAL, GameState

if TYPE_CHECKING:      # the exact odds (numpy tables) load with the first battle, not with the board
    from game.engine import odds as O

GARRISON = 0          # owner key of a City's garrison (and of monsters, who belong to no hero)
GARRISON_TAG = "city"  # its odds tag: no hero is called that, so it never deserts


@dataclass
class Squad:
    """Units that fight as one (R-BAT-2), a hero's own squad or a City's; ``owners`` says whose units they are."""
    units: dict[str, int] = field(default_factory=dict)
    hero: int | None = None     # a hero's own squad (R-HERO-1)
    city: int | None = None     # a City's own squad (R-CITY-1)
    owners: dict[int, dict[str, int]] = field(default_factory=dict)   # whose units: hero id or GARRISON

    def __post_init__(self) -> None:
        if self.units and not self.owners:
            self.owners = {GARRISON: dict(self.units)}

    @property
    def is_unit_squad(self) -> bool:
        return self.hero is None and self.city is None

    def set_count(self, owner: int, unit: str, count: int) -> None:
        """``owner``'s ``unit``s in this squad become ``count`` (``units`` follows)."""
        mine = self.owners.setdefault(owner, {})
        change = count - mine.get(unit, 0)
        add_units(mine, unit, change)
        if not mine:
            del self.owners[owner]
        add_units(self.units, unit, change)


@dataclass
class Side:
    """One side of a battle: its squads once arranged, the units still to arrange, heroes and fainted ones."""
    player: int                                   # NEUTRAL for monsters, guardians, neutral Cities
    squads: list[Squad] = field(default_factory=list)
    pool: dict[str, int] = field(default_factory=dict)   # units still to be put into squads
    mode: str = "representative"
    arranged: bool = False
    heroes: list[int] = field(default_factory=list)
    fainted: list[int] = field(default_factory=list)
    owned: dict[int, dict[str, int]] = field(default_factory=dict)   # the pool by owner, in allocation order
    # fixed once known, so the odds states stay comparable; a cache of the odds, not saved game state
    odds_tags: dict[int, str] | None = field(default=None, compare=False, metadata={"snapshot": False})

    def unit_count(self) -> int:
        return sum(unit_total(s.units) for s in self.squads if s.is_unit_squad)

    def survivors(self, owner: int | None = None) -> dict[str, int]:
        """Units left in the side's squads: all of them, or ``owner``'s (R-BAT-8)."""
        units: dict[str, int] = {}
        for squad in self.squads:
            if not squad.is_unit_squad:
                continue
            for key, mine in squad.owners.items():
                if owner is None or key == owner:
                    for unit, count in mine.items():
                        add_units(units, unit, count)
        return units


def allocate(owned: dict[int, dict[str, int]], squads) -> list[Squad]:
    """Squads (``((unit, count), ...)`` each) whose units are taken from ``owned``: for every
    squad in order, each unit kind from the owners in ``owned``'s order [D: bookkeeping only]."""
    left = {owner: dict(units) for owner, units in owned.items()}
    built = []
    for spec in squads:
        squad = Squad({})
        for unit, count in spec:
            for owner, units in left.items():
                take = min(count, units.get(unit, 0))
                if take:
                    add_units(units, unit, -take)
                    squad.set_count(owner, unit, squad.owners.get(owner, {}).get(unit, 0) + take)
                    count -= take
        built.append(squad)
    return built


def split_evenly(units: dict[str, int], parts: int) -> list[dict[str, int]]:
    """R-BAT-2: monsters and guardians split into ``parts`` squads as evenly as possible."""
    (unit, total), = units.items()
    parts = max(1, min(parts, total))
    return [{unit: total // parts + (1 if i < total % parts else 0)} for i in range(parts)]


def default_arrangement(units: dict[str, int], max_squads: int) -> tuple:
    """A sensible split for a computer player or a quick start: up to ``max_squads`` even squads."""
    total = unit_total(units)
    parts = max(1, min(max_squads, total))
    squads: list[dict[str, int]] = [{} for _ in range(parts)]
    index = 0
    for unit in sorted(units):
        for _ in range(units[unit]):
            squads[index % parts][unit] = squads[index % parts].get(unit, 0) + 1
            index += 1
    return tuple(tuple(sorted(s.items())) for s in squads if s)


# --- dice (R-BAT-6, R-HERO-1, R-ITEM-3, R-CITY-1, R-CMP-7) -------------------------------------
def squad_dice(state: GameState, squad: Squad) -> list[tuple[int, Dice]]:
    """(count, dice) groups of a squad."""
    if squad.hero is not None:
        hero = state.heroes[squad.hero]
        return [(1, Dice.parse(state.rules["hero"]["dice"]))] + \
               [(1, Dice.parse(item.power)) for item in equipped_items(hero)]
    if squad.city is not None:
        return [(1, Dice.parse(state.rules["cities"]["dice"]))]
    return [(count, state.rules.unit_dice(unit)) for unit, count in sorted(squad.units.items())]


def squad_dice_text(state: GameState, squad: Squad) -> str:
    return " + ".join(f"{n} × {d}" if n > 1 else str(d) for n, d in squad_dice(state, squad))


# --- as the exact odds see them ----------------------------------------------------------------
def _group(count: int, dice: Dice, owner: str = "") -> O.UnitGroup:
    from game.engine import odds as O
    return O.UnitGroup(count, dice.count, dice.sides, dice.bonus, owner)


def owner_tags(heroes: list[int], owners) -> dict[int, str]:
    """Odds tags that keep each hero's mercenaries apart (R-HERO-2). A side whose units all
    belong to its one hero needs none (the odds' plain syntax); otherwise the heroes who own
    units (``owners``) are ``a``, ``b``, … in side order and everyone else (the garrison) is
    ``city``. A hero who owns none stays untagged: nobody deserts when it faints, and heroes
    alike are then one squad kind to the odds (a City held by a dozen such heroes had 2^12
    distinct sides, and its odds took seconds)."""
    owners = list(owners)
    if not heroes or (len(heroes) == 1 and all(o in heroes for o in owners)):
        return {}
    tags = {owner: GARRISON_TAG for owner in owners}
    tags.update({hero: chr(ord("a") + i) for i, hero in enumerate(h for h in heroes if h in owners)})
    return tags


def odds_groups(state: GameState, squad: Squad, tags: dict[int, str]) -> list[tuple[tuple[int, str], O.UnitGroup]]:
    """A unit squad's odds groups, each with its (owner, unit): by unit name, then owner order."""
    keys = sorted(((owner, unit) for owner, units in squad.owners.items() for unit, n in units.items() if n),
                  key=lambda k: (k[1], list(squad.owners).index(k[0])))
    return [((owner, unit), _group(squad.owners[owner][unit], state.rules.unit_dice(unit), tags.get(owner, "")))
            for owner, unit in keys]


def to_odds_squad(state: GameState, squad: Squad, tags: dict[int, str] | None = None) -> O.Squad:
    """One engine squad (units, a hero or a City) as an odds Squad."""
    from game.engine import odds as O
    tags = tags or {}
    if squad.is_unit_squad:
        return O.Squad(tuple(g for _, g in odds_groups(state, squad, tags)))
    groups = tuple(_group(n, d) for n, d in squad_dice(state, squad) if n > 0)
    owner = tags.get(squad.hero, "") if squad.hero is not None else ""
    return O.Squad(groups, is_hero=squad.hero is not None, is_city=squad.city is not None, owner=owner)


def side_tags(side: Side) -> dict[int, str]:
    if side.odds_tags is None:
        owners = set(side.owned)
        for squad in side.squads:
            owners.update(squad.owners)
        side.odds_tags = owner_tags(side.heroes, sorted(owners))
    return side.odds_tags


def side_odds_squads(state: GameState, side: Side) -> list[O.Squad]:
    """A battle side's squads as odds squads; an unarranged pool as the default arrangement."""
    tags = side_tags(side)
    squads = list(side.squads)
    if side.pool:
        squads += allocate(side.owned, default_arrangement(side.pool, state.rules["battle"]["max_player_squads"]))
    return [to_odds_squad(state, s, tags) for s in squads]


def desert_own(state: GameState, side: Side, hero_id: int) -> tuple[int, int]:
    """R-HERO-2: half of the fainted hero's own mercenaries leave the side's squads, in the
    order the exact odds assume (``odds.desertion_counts``). Returns (before, after)."""
    from game.engine import odds as O
    tags = side_tags(side)
    unit_squads = [s for s in side.squads if s.is_unit_squad]
    grouped = [odds_groups(state, s, tags) for s in unit_squads]
    as_odds = [O.Squad(tuple(g for _, g in groups)) for groups in grouped if groups]
    with_groups = [(s, groups) for s, groups in zip(unit_squads, grouped) if groups]
    hero = O.Squad((O.UnitGroup(1, 1, 1),), is_hero=True, owner=tags.get(hero_id, ""))
    counts = O.desertion_counts(as_odds, hero, state.rules["hero"]["faint_keep_fraction"])
    before = after = 0
    for (squad, groups), kept in zip(with_groups, counts):
        for ((owner, unit), group), count in zip(groups, kept):
            if O.deserts_with(group, hero):
                before += group.count
                after += count
            squad.set_count(owner, unit, count)
    side.squads = [s for s in side.squads if not s.is_unit_squad or unit_total(s.units)]
    return before, after


def _split_set(side: Side) -> bool:
    """A player's side that has split its units into squads (monsters and guardians split by rule)."""
    return side.player != NEUTRAL and side.arranged and bool(side.survivors())


def as_seen_by(battle, index: int):
    """``battle`` (a ``battle.Battle``) as side ``index`` knows it while it arranges after a player who set
    its squads unseen: that player's units back in its pool, its split and roll mode unknown (its heroes and
    its City fight as squads of their own whatever it chose). A side still to arrange, or monsters, are left
    as they are."""
    other = battle.sides[1 - index]
    if not _split_set(other):
        return battle
    sides = list(battle.sides)
    sides[1 - index] = replace(other, squads=[s for s in other.squads if not s.is_unit_squad], pool=other.survivors(),
                               mode="representative", arranged=False, odds_tags=None)
    return replace(battle, sides=sides)
