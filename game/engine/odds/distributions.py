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
    return p_win_matrices(acting, targeted, acting_mode, targeted_mode)[0]


def p_win_matrices(side_a: Sequence[Squad], side_b: Sequence[Squad], mode_a: str = REPRESENTATIVE,
                   mode_b: str = REPRESENTATIVE) -> tuple[np.ndarray, np.ndarray]:
    """``p_win_matrix`` both ways, (``side_a`` acting on ``side_b``, ``side_b`` acting on ``side_a``),
    from one look at each squad's distribution."""
    dist_a = [total_distribution(s, mode_a) for s in side_a]
    dist_b = [total_distribution(s, mode_b) for s in side_b]
    low = min(d.offset for d in dist_a + dist_b)
    width = max(d.offset + len(d.probs) for d in dist_a + dist_b) - low + 1
    probs_a, probs_b = _on_grid(dist_a, low, width, 0), _on_grid(dist_b, low, width, 0)
    below_a, below_b = _on_grid(dist_a, low, width, 1), _on_grid(dist_b, low, width, 1)
    # below[t, v] = P(squad t's total < low + v)
    np.cumsum(below_a, axis=1, out=below_a)
    np.cumsum(below_b, axis=1, out=below_b)
    return np.clip(probs_a @ below_b.T, 0.0, 1.0), np.clip(probs_b @ below_a.T, 0.0, 1.0)


def _on_grid(dists: list[Distribution], low: int, width: int, shift: int) -> np.ndarray:
    """The distributions as rows over the totals ``low``, ``low + 1``, ... (moved ``shift`` columns on)."""
    grid = np.zeros((len(dists), width))
    for row, d in zip(grid, dists):
        row[d.offset - low + shift:d.offset - low + shift + len(d.probs)] = d.probs
    return grid
