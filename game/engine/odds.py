"""Exact battle odds (docs/RULES.md §1 Dice, §7 fainting, §9 Battle).

Pure Python + numpy; no pygame and no other engine module, so the screen, the
computer players and the command line tools can all use it.

Model
-----
A battle is two sides, each a list of `Squad`s. A squad is one or more
`UnitGroup`s (count × NdS+B). Sides alternate turns, attacker first
(R-BAT-4). The side to move picks one of its squads and one enemy squad; both
roll; the higher total wins and the whole losing squad dies; a tie goes to the
squad attacked. Both sides play to maximise their own chance of winning the
battle (a zero-sum minimax over chance nodes); retreat is not modelled (a
retreat is a loss, so it is never better than fighting on).

Faint (R-HERO-2): when a hero squad dies, half of *its own* remaining
mercenaries desert at once, see `desert`. Whose mercenaries a group is shows in
its ``owner`` tag; a hero squad's ``owner`` is that hero's tag.

Squad totals (R-DICE-3): a group of k units rolling NdS+B rolls
``k × (NdS+B)`` (one roll) in *representative* mode and ``(kN)dS + kB``
(k independent rolls) in *individual* mode; a squad adds up its groups.
"""
from __future__ import annotations

import gc
import random
import re
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, NamedTuple, Sequence

import numpy as np

from game.choices import INDIVIDUAL, REPRESENTATIVE, ROLL_MODES  # noqa: F401  (odds.ROLL_MODES, ...)

ATTACKER = "attacker"
DEFENDER = "defender"


# --------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------

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


# --------------------------------------------------------------------------
# Tool syntax:  hero@a:1x2d6+6,5x1d6@a,4x1d6&2x2d6,city:1x3d3+9,6x1d6@city
#   a group COUNTxNdS[+B][@TAG]; groups of one squad joined by "&"; squads by ",".
#   "hero:" marks a hero's squad, "hero@TAG:" names the hero; "city:" a City.
#   A mercenary group tagged @TAG belongs to hero TAG (only its faint halves
#   them); an untagged group belongs to every hero of its side; a tag no hero
#   has (e.g. @city, the garrison) never deserts.
# --------------------------------------------------------------------------

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


# --------------------------------------------------------------------------
# Distributions of totals
# --------------------------------------------------------------------------

class Distribution(NamedTuple):
    """P(total = offset + i) = probs[i]."""

    offset: int
    probs: np.ndarray

    @property
    def values(self) -> np.ndarray:
        return np.arange(self.offset, self.offset + len(self.probs))

    def mean(self) -> float:
        return float(np.dot(self.values, self.probs))

    def as_dict(self) -> dict[int, float]:
        return {int(v): float(p) for v, p in zip(self.values, self.probs) if p > 0}

    def cdf(self) -> np.ndarray:
        return np.cumsum(self.probs)


# The caches below are bounded so that a long simulation stays flat (see `BattleOdds`).
@lru_cache(maxsize=1024)
def _dice_sum(n: int, sides: int) -> np.ndarray:
    """Distribution of NdS over the values n..n*sides."""
    die = np.full(sides, 1.0 / sides)
    probs = np.ones(1)
    for _ in range(n):
        probs = np.convolve(probs, die)
    probs.flags.writeable = False
    return probs


@lru_cache(maxsize=4096)
def group_distribution(group: UnitGroup, mode: str) -> Distribution:
    """Total of one unit group under a roll mode (R-DICE-1, R-DICE-3)."""
    k = group.count
    if _check_mode(mode) == INDIVIDUAL:
        return Distribution(k * (group.n + group.bonus), _dice_sum(k * group.n, group.sides))
    one = _dice_sum(group.n, group.sides)
    probs = np.zeros(k * (len(one) - 1) + 1)
    probs[::k] = one  # k × (one unit's roll): only multiples of k occur
    return Distribution(k * (group.n + group.bonus), probs)


@lru_cache(maxsize=4096)
def total_distribution(squad: Squad, mode: str) -> Distribution:
    """Exact distribution of a squad's total: its groups' totals added."""
    offset, probs = 0, np.ones(1)
    for group in squad.groups:
        part = group_distribution(group, mode)
        offset += part.offset
        probs = np.convolve(probs, part.probs)
    return Distribution(offset, probs)


@lru_cache(maxsize=65536)
def p_win(attacker_squad: Squad, defender_squad: Squad,
          attacker_mode: str = REPRESENTATIVE, defender_mode: str = REPRESENTATIVE) -> float:
    """P(the acting squad beats the squad it attacks) in one exchange.

    ``attacker_squad`` is the squad of the side to move; ``defender_squad`` is
    the squad it targets, which wins ties (R-BAT-4).
    """
    acting = total_distribution(attacker_squad, attacker_mode)
    targeted = total_distribution(defender_squad, defender_mode)
    # P(targeted < a) for each acting total a, from the targeted CDF.
    below = acting.values - 1 - targeted.offset
    cdf = targeted.cdf()
    p_below = np.where(below < 0, 0.0, cdf[np.clip(below, 0, len(cdf) - 1)])
    return float(min(1.0, max(0.0, np.dot(acting.probs, p_below))))


def p_win_matrix(acting: Sequence[Squad], targeted: Sequence[Squad],
                 acting_mode: str = REPRESENTATIVE, targeted_mode: str = REPRESENTATIVE) -> np.ndarray:
    """``result[a, t] = p_win(acting[a], targeted[t], ...)`` in one matrix product."""
    acting_d = [total_distribution(s, acting_mode) for s in acting]
    targeted_d = [total_distribution(s, targeted_mode) for s in targeted]
    low = min(d.offset for d in acting_d + targeted_d)
    width = max(d.offset + len(d.probs) for d in acting_d + targeted_d) - low + 1
    acting_p = np.zeros((len(acting_d), width))
    for row, d in zip(acting_p, acting_d):
        row[d.offset - low:d.offset - low + len(d.probs)] = d.probs
    below = np.zeros((len(targeted_d), width))  # below[t, v] = P(targeted total < low + v)
    for row, d in zip(below, targeted_d):
        row[d.offset - low + 1:d.offset - low + 1 + len(d.probs)] = d.probs
    np.cumsum(below, axis=1, out=below)
    return np.clip(acting_p @ below.T, 0.0, 1.0)


# --------------------------------------------------------------------------
# Faint: desertion
# --------------------------------------------------------------------------

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


# --------------------------------------------------------------------------
# Whole battles: minimax over chance nodes
# --------------------------------------------------------------------------

class MoveChoice(NamedTuple):
    """A move of the side to move: its squad ``own`` attacks enemy squad
    ``target`` (indices into the lists given); ``p_win`` is the mover's
    chance to win the battle after it, both sides playing best."""

    own: int
    target: int
    p_win: float


@contextmanager
def _gc_paused():
    """The search allocates many small objects but no cycles; a collector
    pass in the middle of it would only cost time."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _check_side(side: str) -> str:
    if side not in (ATTACKER, DEFENDER):
        raise ValueError(f"to_move must be {ATTACKER!r} or {DEFENDER!r}, not {side!r}")
    return side


class BattleOdds:
    """Exact battle odds for one pair of roll modes, with its caches.

    States are canonical: each side is a sorted tuple of interned squad ids
    (the order squads are listed in never matters), and moves between
    identical squads are tried once. The value of a state is the attacker
    side's chance to win; the attacker maximises it, the defender minimises it.
    """

    # Bounds that keep a long game or simulation flat: the shared caches stay under about 40 MB
    # (measured: 5,000 random battles of a hero and 1-4 squads of up to 8 units a side, two roll
    # mode pairs; memory climbs to 33 MB, then drops as the sides' cache starts afresh).
    MAX_STATES = 200_000  # drop the memo beyond this many states
    MAX_TABLES = 64  # keep the solved tables of this many recent battles (0: always search recursively)
    MAX_TABLE_STATES = 400_000  # ... and of at most this many states in all
    MAX_SIDES = 20_000  # start afresh beyond this many interned sides
    # Beyond this many states (one side's reachable sides times the other's) the exact odds would take
    # minutes: a City held by 18 heroes, half of them with mercenaries of their own who desert apart,
    # kept a computer player thinking for over ten minutes. Such battles get a rough estimate instead.
    MAX_EXACT_STATES = 400_000
    MAX_EXACT_SIDES = 20_000  # ... and of one side's reachable sides (finding them costs too)

    def __init__(self, attacker_mode: str = REPRESENTATIVE, defender_mode: str = REPRESENTATIVE):
        self.attacker_mode = _check_mode(attacker_mode)
        self.defender_mode = _check_mode(defender_mode)
        self._ids: dict[Squad, int] = {}
        self._squads: list[Squad] = []
        # _p[turn][(acting id, targeted id)]: turn 0 attacker acts, 1 defender acts
        self._p: tuple[dict, dict] = ({}, {})
        self._memo: dict[int, float] = {}
        self._side_ids: dict[tuple[int, ...], int] = {}
        self._sides: list[tuple[int, ...]] = []
        self._splits: list[list[tuple[int, int]] | None] = []
        self._prepared: set[tuple[int, int]] = set()
        self._sizes: dict[tuple[int, int], bool] = {}     # (side a, side d) -> small enough for the exact odds
        # solved products of two sides' closures: (row of side a, column of side d, (V attacker to move, V defender))
        self._tables: list[tuple[dict, dict, tuple[list, list]]] = []
        self._side_id(())  # side id 0: no squads left

    # -- public -----------------------------------------------------------
    def win_probability(self, attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
                        to_move: str = ATTACKER) -> float:
        """The attacker side's chance to win the battle (rough beyond ``MAX_EXACT_STATES``: ``is_exact``)."""
        turn = 0 if _check_side(to_move) == ATTACKER else 1
        self._trim()
        a, d = self._side(attacker_squads), self._side(defender_squads)
        if not self._exact(a, d, attacker_squads, defender_squads):
            return rough_chance(attacker_squads, defender_squads)
        with _gc_paused():
            self._prepare(a, d)
            return self._value(a, d, turn)

    def is_exact(self, attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad]) -> bool:
        """Whether the battle is small enough for the exact odds (``MAX_EXACT_STATES``)."""
        return self._exact(self._side(attacker_squads), self._side(defender_squads), attacker_squads, defender_squads)

    def _exact(self, a: int, d: int, attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad]) -> bool:
        if (a, d) in self._prepared:
            return True
        if (a, d) not in self._sizes and _subsets(attacker_squads) * _subsets(defender_squads) > 2 * self.MAX_EXACT_STATES:
            self._sizes[a, d] = False               # far too many: known without walking the states
        if (a, d) not in self._sizes:
            try:
                size = len(self._closure(a, self.MAX_EXACT_SIDES))
                self._closure(d, min(self.MAX_EXACT_SIDES, self.MAX_EXACT_STATES // max(1, size)))
                self._sizes[a, d] = True
            except _TooBig:
                self._sizes[a, d] = False
        return self._sizes[a, d]

    def move_probabilities(self, attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
                           to_move: str = ATTACKER) -> dict[tuple[int, int], float]:
        """For every (own squad index, target index) of the side to move, the
        mover's chance to win the battle if it makes that move."""
        attacker_moves = _check_side(to_move) == ATTACKER
        self._trim()
        att_ids = [self._intern(s) for s in attacker_squads]
        def_ids = [self._intern(s) for s in defender_squads]
        a, d = self._side_id(tuple(sorted(att_ids))), self._side_id(tuple(sorted(def_ids)))
        if not self._exact(a, d, attacker_squads, defender_squads):
            return self._rough_moves(attacker_squads, defender_squads, attacker_moves)
        result = {}
        with _gc_paused():
            self._prepare(a, d)
            if attacker_moves:
                for own, i in enumerate(att_ids):
                    for target, j in enumerate(def_ids):
                        result[own, target] = self._move_value(a, d, i, j)
            else:
                for own, j in enumerate(def_ids):
                    for target, i in enumerate(att_ids):
                        result[own, target] = 1.0 - self._move_value_def(a, d, i, j)
        return result

    def best_move(self, attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
                  to_move: str = ATTACKER) -> MoveChoice:
        """The move the side to move should make (ties: lowest indices)."""
        moves = self.move_probabilities(attacker_squads, defender_squads, to_move)
        if not moves:
            raise ValueError("both sides need at least one squad to make a move")
        (own, target), p = max(moves.items(), key=lambda kv: (kv[1], -kv[0][0], -kv[0][1]))
        return MoveChoice(own, target, p)

    def p_exchange(self, acting: Squad, targeted: Squad, acting_side: str = ATTACKER) -> float:
        """P(``acting`` beats ``targeted`` in one exchange, ``targeted`` winning ties)."""
        modes = (self.attacker_mode, self.defender_mode)
        if _check_side(acting_side) == DEFENDER:
            modes = modes[::-1]
        return p_win(acting, targeted, *modes)

    def clear(self) -> None:
        self.__init__(self.attacker_mode, self.defender_mode)

    def reachable_states(self, attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
                         to_move: str = ATTACKER) -> int:
        """How many undecided states (both sides' squads and whose turn) the battle can reach."""
        start = (self._side(attacker_squads), self._side(defender_squads), 0 if _check_side(to_move) == ATTACKER else 1)
        seen, todo = {start}, [start]
        while todo:
            a, d, turn = todo.pop()
            losses = self._splits_of(a) if turn == 0 else self._splits_of(d)   # the mover's squad dies
            wins = self._splits_of(d) if turn == 0 else self._splits_of(a)     # the squad it attacks dies
            for _, rest in losses:
                nxt = (rest, d, 1) if turn == 0 else (a, rest, 0)
                if rest and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
            for _, rest in wins:
                nxt = (a, rest, 1) if turn == 0 else (rest, d, 0)
                if rest and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return len(seen) if start[0] and start[1] else 0

    @property
    def states_cached(self) -> int:
        """Battle states whose value is known (solved tables and memo)."""
        return len(self._memo) + self._table_states()

    # -- internals ----------------------------------------------------------
    # A side (sorted tuple of squad ids) is interned to a side id; a state is
    # the int key (attacker side id, defender side id, turn) so the memo
    # hashes ints, not nested tuples. Side id 0 is the empty side.
    _SHIFT = 24

    def _trim(self) -> None:
        """Forget everything once the caches grow past their bounds (a long game)."""
        if len(self._sides) > self.MAX_SIDES or len(self._memo) > self.MAX_STATES:
            self.clear()

    def _intern(self, squad: Squad) -> int:
        sid = self._ids.get(squad)
        if sid is None:
            sid = self._ids[squad] = len(self._squads)
            self._squads.append(squad)
        return sid

    def _side(self, squads: Sequence[Squad]) -> int:
        return self._side_id(tuple(sorted(self._intern(s) for s in squads)))

    def _side_id(self, members: tuple[int, ...]) -> int:
        side = self._side_ids.get(members)
        if side is None:
            side = self._side_ids[members] = len(self._sides)
            self._sides.append(members)
            self._splits.append(None)
        return side

    def _splits_of(self, side: int) -> list[tuple[int, int]]:
        """(squad id, side id after that squad dies) for each distinct squad."""
        splits = self._splits[side]
        if splits is None:
            members = self._sides[side]
            splits = []
            for sid in dict.fromkeys(members):
                i = members.index(sid)
                rest = members[:i] + members[i + 1:]
                if self._squads[sid].is_hero and rest:
                    left = desert([self._squads[x] for x in rest], self._squads[sid])
                    rest = tuple(sorted(self._intern(s) for s in left))
                splits.append((sid, self._side_id(rest)))
            self._splits[side] = splits
        return splits

    def _closure(self, side: int, limit: int | None = None) -> list[int]:
        """Every side id reachable from ``side`` as its squads die one by one
        (with desertion after a hero's death), the empty side included; ``_TooBig`` past ``limit``."""
        seen, todo = {side: None}, [side]
        while todo:
            for _, rest in self._splits_of(todo.pop()):
                if rest not in seen:
                    seen[rest] = None
                    todo.append(rest)
                    if limit is not None and len(seen) > limit:
                        raise _TooBig
        return list(seen)

    def _rough_moves(self, attacker_squads, defender_squads, attacker_moves: bool) -> dict[tuple[int, int], float]:
        """Each move's chance for a battle too big for the exact odds: the exchange's own chance, then
        ``rough_chance`` of the battle after it is won or lost."""
        mover, other = (attacker_squads, defender_squads) if attacker_moves else (defender_squads, attacker_squads)
        side = ATTACKER if attacker_moves else DEFENDER
        result = {}
        if_won = [rough_chance(mover, _without(other, target)) for target in range(len(other))]
        for own, acting in enumerate(mover):
            if_lost = rough_chance(_without(mover, own), other)
            for target, targeted in enumerate(other):
                p = self.p_exchange(acting, targeted, side)
                result[own, target] = Estimate(p * if_won[target] + (1 - p) * if_lost)
        return result

    def _prepare(self, a: int, d: int) -> None:
        """Solve every state the battle from (a, d) can reach, in numpy.

        The two sides evolve independently (an exchange only changes the
        loser's side), so the states are the product of the two sides'
        closures; they are solved level by level, where a side's level is one
        more than its highest child's, so a state only needs lower levels.
        The results go into the memo that `_value` reads.
        """
        if (a, d) in self._prepared:
            return
        self._prepared.add((a, d))
        if self._from_tables(a, d, 0) is not None:
            return
        sides_a, sides_d = self._closure(a), self._closure(d)
        squads_a = list(dict.fromkeys(s for side in sides_a for s in self._sides[side]))
        squads_d = list(dict.fromkeys(s for side in sides_d for s in self._sides[side]))
        p_att = p_win_matrix([self._squads[i] for i in squads_a], [self._squads[j] for j in squads_d],
                             self.attacker_mode, self.defender_mode)
        p_def = p_win_matrix([self._squads[j] for j in squads_d], [self._squads[i] for i in squads_a],
                             self.defender_mode, self.attacker_mode)
        for table, acting, targeted, matrix in ((self._p[0], squads_a, squads_d, p_att),
                                                (self._p[1], squads_d, squads_a, p_def)):
            for row, i in zip(matrix.tolist(), acting):
                table.setdefault(i, {}).update(zip(targeted, row))
        self._solve_product(sides_a, sides_d, squads_a, squads_d, p_att, p_def)

    def _side_arrays(self, sides: list[int], squads: list[int]):
        """Per side: its distinct squads (local indices), the side after each
        dies (local indices), and its level. Sides with fewer squads repeat
        their first one, which changes no max or min and needs no mask."""
        local_side = {s: k for k, s in enumerate(sides)}
        local_squad = {s: k for k, s in enumerate(squads)}
        width = max(1, max(len(self._splits[s]) for s in sides))
        squad = np.zeros((len(sides), width), dtype=np.intp)
        child = np.zeros((len(sides), width), dtype=np.intp)
        for k, side in enumerate(sides):
            splits = self._splits[side]
            for slot in range(width if splits else 0):
                sid, rest = splits[slot] if slot < len(splits) else splits[0]
                squad[k, slot], child[k, slot] = local_squad[sid], local_side[rest]
        level = [0] * len(sides)
        # a child side always has fewer squads than its parent (desertion only removes squads)
        for k in sorted(range(len(sides)), key=lambda k: len(self._sides[sides[k]])):
            if self._splits[sides[k]]:
                level[k] = 1 + max(level[local_side[rest]] for _, rest in self._splits[sides[k]])
        return squad, child, np.array(level)

    def _solve_product(self, sides_a, sides_d, squads_a, squads_d, p_att, p_def) -> None:
        sq_a, ch_a, lv_a = self._side_arrays(sides_a, squads_a)
        sq_d, ch_d, lv_d = self._side_arrays(sides_d, squads_d)
        n_d = len(sides_d)
        # values of states (a, d) flattened to a * n_d + d; empty sides are the boundary
        attacker_to_move = np.zeros((len(sides_a), n_d))
        attacker_to_move[:, sides_d.index(0)] = 1.0
        levels = lv_a[:, None] + lv_d[None, :]
        levels[sides_a.index(0), :] = levels[:, sides_d.index(0)] = -1
        attacker_to_move, defender_to_move = attacker_to_move.ravel(), attacker_to_move.ravel().copy()
        ia, id_ = np.nonzero(levels > 0)
        order = np.argsort(levels[ia, id_], kind="stable")
        ia, id_ = ia[order], id_[order]
        bounds = [0, *(np.flatnonzero(np.diff(levels[ia, id_])) + 1).tolist(), len(ia)]
        # Everything but the values is known up front: which state follows
        # each loss, and each pair's exchange probability; axes are [state,
        # attacker's squad k, defender's squad l].
        state = ia * n_d + id_
        if_att_dies = ch_a[ia] * n_d + id_[:, None]
        if_def_dies = ia[:, None] * n_d + ch_d[id_]
        width_a, width_d = sq_a.shape[1], sq_d.shape[1]
        # flat takes are much cheaper than 2-D fancy indexing
        pair = (sq_a[ia] * len(squads_d))[:, :, None] + sq_d[id_][:, None, :]
        p_attacker_wins = p_att.take(pair)
        p_defender_wins = np.ascontiguousarray(p_def.T).take(pair)
        flat = (-1, width_a * width_d)  # max and min over one axis are much cheaper than over two
        for start, stop in zip(bounds, bounds[1:]):
            part = slice(start, stop)
            lose = defender_to_move.take(if_att_dies[part])[:, :, None]
            win = defender_to_move.take(if_def_dies[part])[:, None, :]
            attacker_to_move[state[part]] = (lose + p_attacker_wins[part] * (win - lose)).reshape(flat).max(axis=1)
            lose = attacker_to_move.take(if_def_dies[part])[:, None, :]
            win = attacker_to_move.take(if_att_dies[part])[:, :, None]
            defender_to_move[state[part]] = (lose + p_defender_wins[part] * (win - lose)).reshape(flat).min(axis=1)
        attacker_to_move = attacker_to_move.reshape(len(sides_a), n_d)
        defender_to_move = defender_to_move.reshape(len(sides_a), n_d)
        self._tables.append(({side: k for k, side in enumerate(sides_a)}, {side: k for k, side in enumerate(sides_d)},
                             (attacker_to_move.tolist(), defender_to_move.tolist())))
        del self._tables[:-self.MAX_TABLES or len(self._tables)]
        while len(self._tables) > 1 and self._table_states() > self.MAX_TABLE_STATES:
            del self._tables[0]

    def _table_states(self) -> int:
        return sum(2 * len(rows) * len(columns) for rows, columns, _ in self._tables)

    def _from_tables(self, a: int, d: int, turn: int) -> float | None:
        for rows, columns, values in reversed(self._tables):
            row, column = rows.get(a), columns.get(d)
            if row is not None and column is not None:
                return values[turn][row][column]
        return None

    def _exchange(self, turn: int, acting: int, targeted: int) -> float:
        try:
            return self._p[turn][acting][targeted]
        except KeyError:
            modes = (self.attacker_mode, self.defender_mode)
            if turn:
                modes = modes[::-1]
            p = p_win(self._squads[acting], self._squads[targeted], *modes)
            self._p[turn].setdefault(acting, {})[targeted] = p
            return p

    def _move_value(self, a: int, d: int, i: int, j: int) -> float:
        """Attacker to move, its squad i attacks defender squad j."""
        p = self._exchange(0, i, j)
        d_rest = dict(self._splits_of(d))[j]
        a_rest = dict(self._splits_of(a))[i]
        return p * self._value(a, d_rest, 1) + (1.0 - p) * self._value(a_rest, d, 1)

    def _move_value_def(self, a: int, d: int, i: int, j: int) -> float:
        """Defender to move, its squad j attacks attacker squad i (attacker's chance)."""
        q = self._exchange(1, j, i)
        d_rest = dict(self._splits_of(d))[j]
        a_rest = dict(self._splits_of(a))[i]
        return q * self._value(a_rest, d, 0) + (1.0 - q) * self._value(a, d_rest, 0)

    def _value(self, a: int, d: int, turn: int) -> float:
        """Attacker's chance in state (a, d, turn); `_prepare` must have run for it."""
        if d == 0:
            return 1.0
        if a == 0:
            return 0.0
        shift = self._SHIFT
        memo = self._memo
        key = ((a << shift | d) << 1) | turn
        value = memo.get(key)
        if value is None:
            value = self._from_tables(a, d, turn)
        if value is not None:
            return value
        # A move's value mixes "the attacker's squad i dies" (depends on i
        # only) and "the defender's squad j dies" (depends on j only): look
        # each child up once, then combine per pair.
        next_turn = 1 - turn
        att_ids, if_att_dies = [], []
        for i, rest in self._splits[a]:
            att_ids.append(i)
            if rest == 0:
                if_att_dies.append(0.0)
            else:
                v = memo.get(((rest << shift | d) << 1) | next_turn)
                if_att_dies.append(self._value(rest, d, next_turn) if v is None else v)
        def_ids, if_def_dies = [], []
        for j, rest in self._splits[d]:
            def_ids.append(j)
            if rest == 0:
                if_def_dies.append(1.0)
            else:
                v = memo.get(((a << shift | rest) << 1) | next_turn)
                if_def_dies.append(self._value(a, rest, next_turn) if v is None else v)
        if turn == 0:  # attacker's squad i acts on j and wins with p: j dies
            table = self._p[0]
            value = -1.0
            for i, lose in zip(att_ids, if_att_dies):
                row = table[i]
                for j, win in zip(def_ids, if_def_dies):
                    v = lose + row[j] * (win - lose)
                    if v > value:
                        value = v
        else:  # defender's squad j acts on i and wins with q: i dies
            table = self._p[1]
            value = 2.0
            for j, lose in zip(def_ids, if_def_dies):
                row = table[j]
                for i, win in zip(att_ids, if_att_dies):
                    v = lose + row[i] * (win - lose)
                    if v < value:
                        value = v
        if len(memo) >= self.MAX_STATES:
            memo.clear()
        memo[key] = value
        return value


def _subsets(squads: Sequence[Squad]) -> int:
    """How many sets of a side's squads can be left standing (desertion aside): a quick size bound."""
    count = 1
    for n in Counter(squads).values():
        count *= n + 1
    return count


class _TooBig(Exception):
    """A battle with more states than the exact odds can solve in time."""


def _without(squads: Sequence[Squad], index: int) -> list[Squad]:
    """A side after its squad ``index`` dies (and, for a hero, its own mercenaries' desertion)."""
    rest = list(squads[:index]) + list(squads[index + 1:])
    return desert(rest, squads[index]) if squads[index].is_hero and rest else rest


class Estimate(float):
    """A chance from ``rough_chance``, not the exact odds: players see it as "≈43%" (``names.percent``).
    ``1 - p`` stays an estimate, so the other side's share is marked too."""
    __slots__ = ()
    estimate = True

    def __rsub__(self, other):
        return Estimate(float(other) - float(self))


def rough_chance(side_a: Sequence[Squad], side_b: Sequence[Squad]) -> float:
    """``side_a``'s rough chance against ``side_b`` from their expected totals (for battles too big for
    the exact odds): even sides are even, and a side twice as strong wins about nine times in ten."""
    if not side_b:
        return 1.0
    if not side_a:
        return 0.0
    a, b = sum(s.mean for s in side_a), sum(s.mean for s in side_b)
    return Estimate(1.0 / (1.0 + (b / a) ** 3) if a > 0 else 0.0)


_solvers: dict[tuple[str, str], BattleOdds] = {}


def battle_odds(attacker_mode: str = REPRESENTATIVE, defender_mode: str = REPRESENTATIVE) -> BattleOdds:
    """The shared `BattleOdds` (and its caches) for a pair of roll modes."""
    key = (_check_mode(attacker_mode), _check_mode(defender_mode))
    if key not in _solvers:
        _solvers[key] = BattleOdds(*key)
    return _solvers[key]


def clear_caches() -> None:
    """Forget every cached distribution, exchange and battle state."""
    _solvers.clear()
    for cached in (_dice_sum, group_distribution, total_distribution, p_win):
        cached.cache_clear()


def win_probability(attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
                    attacker_mode: str = REPRESENTATIVE, defender_mode: str = REPRESENTATIVE,
                    to_move: str = ATTACKER) -> float:
    """Exact chance that the attacker side wins, both sides playing best."""
    return battle_odds(attacker_mode, defender_mode).win_probability(attacker_squads, defender_squads, to_move)


def move_probabilities(attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
                       attacker_mode: str = REPRESENTATIVE, defender_mode: str = REPRESENTATIVE,
                       to_move: str = ATTACKER) -> dict[tuple[int, int], float]:
    """Mover's chance to win the battle for each (own index, target index)."""
    return battle_odds(attacker_mode, defender_mode).move_probabilities(attacker_squads, defender_squads, to_move)


def best_move(attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
              attacker_mode: str = REPRESENTATIVE, defender_mode: str = REPRESENTATIVE,
              to_move: str = ATTACKER) -> MoveChoice:
    """The best (own index, target index) for the side to move, and its chance."""
    return battle_odds(attacker_mode, defender_mode).best_move(attacker_squads, defender_squads, to_move)


# --------------------------------------------------------------------------
# Monte Carlo check: play battles with real dice
# --------------------------------------------------------------------------

class SimulationResult(NamedTuple):
    battles: int
    attacker_wins: int

    @property
    def rate(self) -> float:
        return self.attacker_wins / self.battles if self.battles else float("nan")

    @property
    def stderr(self) -> float:
        """Standard error of ``rate`` (binomial)."""
        if not self.battles:
            return float("nan")
        return (self.rate * (1.0 - self.rate) / self.battles) ** 0.5


PlayOneBattle = Callable[[list[Squad], list[Squad], random.Random], bool]


def roll_squad(squad: Squad, mode: str, rng: random.Random) -> int:
    """Roll a squad's total with real dice (R-DICE-1, R-DICE-3)."""
    total = 0
    for g in squad.groups:
        if _check_mode(mode) == REPRESENTATIVE:
            total += g.count * (sum(rng.randint(1, g.sides) for _ in range(g.n)) + g.bonus)
        else:
            total += sum(rng.randint(1, g.sides) for _ in range(g.n * g.count)) + g.count * g.bonus
    return total


def play_battle(attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad], rng: random.Random,
                attacker_mode: str = REPRESENTATIVE, defender_mode: str = REPRESENTATIVE) -> bool:
    """Play one battle, both sides making `best_move`; True if the attacker wins."""
    odds = battle_odds(attacker_mode, defender_mode)
    sides = {ATTACKER: list(attacker_squads), DEFENDER: list(defender_squads)}
    modes = {ATTACKER: attacker_mode, DEFENDER: defender_mode}
    mover, other = ATTACKER, DEFENDER
    while sides[ATTACKER] and sides[DEFENDER]:
        own, target, _ = odds.best_move(sides[ATTACKER], sides[DEFENDER], to_move=mover)
        acting, targeted = sides[mover][own], sides[other][target]
        acting_wins = roll_squad(acting, modes[mover], rng) > roll_squad(targeted, modes[other], rng)
        loser_side, loser = (other, target) if acting_wins else (mover, own)
        dead = sides[loser_side].pop(loser)
        if dead.is_hero and sides[loser_side]:
            sides[loser_side] = desert(sides[loser_side], dead)
        mover, other = other, mover
    return bool(sides[ATTACKER])


def simulate_battles(attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad], battles: int,
                     seed: int = 0, attacker_mode: str = REPRESENTATIVE, defender_mode: str = REPRESENTATIVE,
                     play_one: PlayOneBattle | None = None) -> SimulationResult:
    """Play ``battles`` seeded battles and count the attacker's wins.

    ``play_one(attacker_squads, defender_squads, rng) -> attacker won`` plays
    one battle; by default `play_battle` with the given roll modes. The
    engine can pass its own battle actions here to check them against the
    exact odds.
    """
    if play_one is None:
        def play_one(att: list[Squad], dfn: list[Squad], rng: random.Random) -> bool:
            return play_battle(att, dfn, rng, attacker_mode, defender_mode)
    rng = random.Random(seed)
    wins = sum(bool(play_one(list(attacker_squads), list(defender_squads), rng)) for _ in range(battles))
    return SimulationResult(battles, wins)
