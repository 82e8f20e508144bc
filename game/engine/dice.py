"""Dice expressions and the game's one seeded random generator (R-DICE-1..6)."""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache

_EXPR = re.compile(r"^\s*(\d+)\s*d\s*(\d+|P)\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Dice:
    """``NdS+B``: N dice of S sides, summed, B added once (R-DICE-1).

    ``percentile`` dice (``dP``, R-DICE-2) are ten-sided dice read as 10..100.
    """

    count: int
    sides: int
    bonus: int = 0
    percentile: bool = False

    @classmethod
    def parse(cls, text: str) -> "Dice":
        return _parse(str(text))    # cached: computer players parse the same few expressions 400,000 times a game

    def __str__(self) -> str:
        sides = "P" if self.percentile else str(self.sides)
        bonus = f"+{self.bonus}" if self.bonus > 0 else (f"{self.bonus}" if self.bonus else "")
        return f"{self.count}d{sides}{bonus}"

    @property
    def minimum(self) -> int:
        return self.count * (10 if self.percentile else 1) + self.bonus

    @property
    def maximum(self) -> int:
        return self.count * (100 if self.percentile else self.sides) + self.bonus

    @property
    def mean(self) -> float:
        face = 55.0 if self.percentile else (self.sides + 1) / 2
        return self.count * face + self.bonus


@lru_cache(maxsize=256)
def distribution(expr: str) -> dict[int, float]:
    """Exact distribution of a dice expression (``2d6+3``, ``1dP``, ``1d20``)."""
    dice = Dice.parse(expr)
    faces = [10 * (i + 1) for i in range(10)] if dice.percentile else list(range(1, dice.sides + 1))
    dist = {0: 1.0}
    for _ in range(dice.count):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in faces:
                nxt[total + face] = nxt.get(total + face, 0.0) + p / len(faces)
        dist = nxt
    return {total + dice.bonus: p for total, p in dist.items()}


@lru_cache(maxsize=1024)
def _parse(text: str) -> Dice:
    """``Dice.parse``: a Dice is immutable, so one parse serves every caller."""
    match = _EXPR.match(text)
    if not match:
        raise ValueError(f"not a dice expression: {text!r} (expected e.g. '2d6+6' or '1dP')")
    count, sides, sign, bonus = match.groups()
    bonus_value = int(bonus or 0) * (-1 if sign == "-" else 1)
    if sides.upper() == "P":
        return Dice(int(count), 10, bonus_value, percentile=True)
    if int(sides) < 1 or int(count) < 1:
        raise ValueError(f"not a dice expression: {text!r} (dice and sides must be at least 1)")
    return Dice(int(count), int(sides), bonus_value)


@dataclass(frozen=True)
class Roll:
    """One roll of ``dice``: the faces that came up (the bonus is added in ``total``)."""
    dice: Dice
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces) + self.dice.bonus


class Rng:
    """The one random generator of a game; every die goes through it (R-DICE-5)."""

    def __init__(self, seed: int):
        self.seed = seed
        self._random = random.Random(seed)

    def roll(self, dice: Dice | str) -> Roll:
        if isinstance(dice, str):
            dice = Dice.parse(dice)
        faces = tuple(self._random.randint(1, dice.sides) * (10 if dice.percentile else 1)
                      for _ in range(dice.count))
        return Roll(dice, faces)

    def choice(self, options: list):
        return options[self._random.randrange(len(options))]

    def shuffle(self, items: list) -> None:
        self._random.shuffle(items)


def truncate(value: float) -> int:
    """Fractions are truncated toward zero (R-DICE-4)."""
    return int(value)


def table_lookup(table: list, value: int):
    """The outcome of the ``[low, high, outcome]`` row that holds ``value``."""
    for low, high, outcome in table:
        if low <= value <= high:
            return outcome
    raise ValueError(f"{value} is not covered by the table {table}")
