"""Monte Carlo check: battles played with real dice, to compare with the exact odds."""
from __future__ import annotations

import random
from typing import Callable, NamedTuple, Sequence

from game.choices import REPRESENTATIVE
from game.engine.odds.battles import battle_odds
from game.engine.odds.desertion import desert
from game.engine.odds.squads import ATTACKER, DEFENDER, Squad, _check_mode


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
