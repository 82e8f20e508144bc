"""Distributions of squads' totals, and the chance that one squad beats another in one exchange."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Sequence

import numpy as np

from game.choices import INDIVIDUAL, REPRESENTATIVE
from game.engine.odds.squads import Squad, UnitGroup, _check_mode


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
    if k == 1:
        return Distribution(group.n + group.bonus, one)
    probs = np.zeros(k * (len(one) - 1) + 1)
    probs[::k] = one  # k × (one unit's roll): only multiples of k occur
    probs.flags.writeable = False
    return Distribution(k * (group.n + group.bonus), probs)


@lru_cache(maxsize=4096)
def total_distribution(squad: Squad, mode: str) -> Distribution:
    """Exact distribution of a squad's total: its groups' totals added."""
    first, *rest = (group_distribution(group, mode) for group in squad.groups)
    offset, probs = first
    for part in rest:
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
