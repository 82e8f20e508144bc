"""The arrange step of a battle (R-BAT-2/3): the pool split into squad slots, and the roll mode.

``Arrangement`` is plain data: ``plus(slot, unit)`` brings one unit into a slot
(from the reserve, else from the fullest other slot), ``minus(slot, unit)``
sends one back to the reserve. ``squads()`` is the ``ArrangeBattle.squads``
tuple (empty slots left out); ``ready`` when every unit is placed.
"""
from __future__ import annotations

from game.engine.battle import default_arrangement


class Arrangement:
    def __init__(self, pool: dict[str, int], limit: int, mode: str = "representative") -> None:
        self.pool = {u: n for u, n in pool.items() if n}
        self.limit = max(1, limit)
        self.units = sorted(self.pool)
        self.mode = mode
        self.slots: list[dict[str, int]] = [{} for _ in range(self.limit)]
        self.reserve: dict[str, int] = {}
        self.use(default_arrangement(self.pool, self.limit))

    def use(self, squads) -> None:
        """Load an ``ArrangeBattle``-style squads tuple into the slots."""
        self.slots = [{} for _ in range(self.limit)]
        for i, squad in enumerate(list(squads)[:self.limit]):
            for unit, count in squad:
                if count:
                    self.slots[i][unit] = self.slots[i].get(unit, 0) + count
        placed = self.placed()
        self.reserve = {u: n - placed.get(u, 0) for u, n in self.pool.items() if n - placed.get(u, 0) > 0}

    def placed(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for slot in self.slots:
            for unit, count in slot.items():
                out[unit] = out.get(unit, 0) + count
        return out

    def count(self, slot: int, unit: str) -> int:
        return self.slots[slot].get(unit, 0)

    def slot_total(self, slot: int) -> int:
        return sum(self.slots[slot].values())

    def can_plus(self, slot: int, unit: str) -> bool:
        return self.reserve.get(unit, 0) > 0 or any(
            s.get(unit, 0) > 0 for i, s in enumerate(self.slots) if i != slot)

    def can_minus(self, slot: int, unit: str) -> bool:
        return self.count(slot, unit) > 0

    def plus(self, slot: int, unit: str) -> bool:
        if self.reserve.get(unit, 0) > 0:
            self._take(self.reserve, unit)
        else:
            donors = [i for i, s in enumerate(self.slots) if i != slot and s.get(unit, 0) > 0]
            if not donors:
                return False
            donor = max(donors, key=lambda i: (self.slots[i][unit], -i))
            self._take(self.slots[donor], unit)
        self.slots[slot][unit] = self.slots[slot].get(unit, 0) + 1
        return True

    def minus(self, slot: int, unit: str) -> bool:
        if not self.can_minus(slot, unit):
            return False
        self._take(self.slots[slot], unit)
        self.reserve[unit] = self.reserve.get(unit, 0) + 1
        return True

    @staticmethod
    def _take(where: dict, unit: str) -> None:
        where[unit] -= 1
        if not where[unit]:
            del where[unit]

    @property
    def ready(self) -> bool:
        return not any(self.reserve.values()) and any(self.slots)

    def squads(self) -> tuple:
        return tuple(tuple(sorted((u, n) for u, n in slot.items() if n)) for slot in self.slots if any(slot.values()))

    def win_probability(self, state, side_index: int) -> float | None:
        """The arranging side's chance with this split and mode (None while units are unplaced)."""
        return split_chance(state, side_index, self.squads(), self.mode) if self.ready else None


def split_chance(state, side_index: int, squads: tuple, mode: str, secret: bool = False) -> float | None:
    """The arranging side's chance with ``squads`` (``Arrangement.squads()``) rolling in ``mode``; an
    attacker facing a player still to arrange meets that player's best answer, as in the board's figure.
    ``secret``: the other player set its squads unseen, and this side meets the best split it could have
    made against these squads, not the one it made (``battle.as_seen_by``)."""
    from game.engine.battle_odds import arrangement_chance
    battle = state.battle
    other = battle.sides[1 - side_index]
    if not other.squads and not other.pool:
        return 1.0
    try:
        return arrangement_chance(state, side_index, squads, mode, seen_by=side_index if secret else None)
    except ValueError:
        return None
