"""How the engine's own neutral sides choose in battle."""
from __future__ import annotations

from game.engine.state import GameState


def squad_mean(state: GameState, squad) -> float:
    from game.engine.battle import squad_dice
    return sum(count * dice.mean for count, dice in squad_dice(state, squad))


def best_exchange(state: GameState, battle) -> tuple[int, int]:
    """The strongest own squad against the weakest enemy squad (first on ties)."""
    side = battle.sides[battle.to_act]
    enemy = battle.sides[1 - battle.to_act]
    ours = max(range(len(side.squads)), key=lambda i: (squad_mean(state, side.squads[i]), -i))
    theirs = min(range(len(enemy.squads)), key=lambda i: (squad_mean(state, enemy.squads[i]), i))
    return ours, theirs
