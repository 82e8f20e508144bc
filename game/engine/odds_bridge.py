"""How the engine's own neutral sides choose in battle."""
from __future__ import annotations

from game.engine.state import GameState


def best_exchange(state: GameState, battle) -> tuple[int, int]:
    """Monsters, guardians and neutral Cities play to win, with the same exact odds the
    player is shown, so the odds on screen describe the battle actually fought."""
    from game.engine.battle_odds import best_attack
    return best_attack(state)
