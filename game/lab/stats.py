"""Confidence intervals for the lab's figures (95% unless said), and a plain verdict on differences."""
from __future__ import annotations

import math

Z95 = 1.96


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may hold halves, e.g. draws)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_difference(x1: float, n1: int, x2: float, n2: int) -> tuple[float, float, float]:
    """b's rate minus a's with Newcombe's hybrid score interval: (difference, low, high)."""
    if n1 <= 0 or n2 <= 0:
        return 0.0, -1.0, 1.0
    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson(x1, n1)
    l2, u2 = wilson(x2, n2)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return d, low, high


def mean_difference(a: list[float], b: list[float]) -> tuple[float, float, float]:
    """mean(b) - mean(a) with a Welch (normal approximation) interval: (difference, low, high)."""
    if len(a) < 2 or len(b) < 2:
        d = (sum(b) / len(b) if b else 0.0) - (sum(a) / len(a) if a else 0.0)
        return d, -math.inf, math.inf
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / (len(a) - 1)
    vb = sum((x - mb) ** 2 for x in b) / (len(b) - 1)
    se = math.sqrt(va / len(a) + vb / len(b))
    d = mb - ma
    return d, d - Z95 * se, d + Z95 * se


def verdict(low: float, high: float) -> str:
    if low > 0:
        return "higher in b"
    if high < 0:
        return "lower in b"
    return "within the noise"
