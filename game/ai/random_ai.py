"""The ``random`` computer player: a uniformly random legal action, a fair baseline.

Every legal action has weight 1, with a few exceptions so that games move on
and do not end in a shared win by accident: ending the Daybreak or the turn
weighs ``END_WEIGHT``; proposing, accepting or ending alliances and retreating
weigh less still. Moving a hero counts as one option per hero (then a uniformly
random reachable cell), so a hero with 200 reachable cells does not swamp the
other choices. Only the AI's own ``random.Random`` is used, never the game's.
"""
from __future__ import annotations

import random

from game.engine import actions as A
from game.engine import hero_reach, legal_actions
from game.engine.state import GameState

END_WEIGHT = 0.3
RARE_WEIGHT = 0.02
RETREAT_WEIGHT = 0.1


def _weight(act) -> float:
    if isinstance(act, (A.EndTurn, A.EndDaybreak)):
        return END_WEIGHT
    if isinstance(act, (A.ProposeAlliance, A.EndAlliance, A.ProposeRuleChange)):
        return RARE_WEIGHT
    if isinstance(act, A.AnswerAlliance):
        return RARE_WEIGHT if act.accept else 1.0
    if isinstance(act, A.Retreat):
        return RETREAT_WEIGHT
    return 1.0


def choose_random(state: GameState, rng: random.Random):
    seat = state.actor()
    options: list = list(legal_actions(state, moves=False))
    movers = []
    if state.phase == "turn" and not state.pending and state.battle is None and state.current_player == seat:
        movers = [h for h in sorted(state.heroes_of(seat), key=lambda h: h.id) if h.moves_left]
    options += [("move", h) for h in movers]
    weights = [1.0 if isinstance(o, tuple) else _weight(o) for o in options]
    pick = rng.choices(options, weights=weights)[0]
    if isinstance(pick, tuple):
        hero = pick[1]
        reach = hero_reach(state, hero)
        cells = [c for c in reach.cells() if c != hero.cell]
        if not cells:
            return A.EndTurn(seat)
        return A.Move(seat, hero.id, tuple(reach.path_to(rng.choice(cells))))
    return pick
