"""``hard`` builds up on its Daybreaks as ``standard`` does, unless its search finds a clearly better
choice: the rivals' dice in its look-ahead copies must not talk it into saving its purse (R-DAY-4)."""
from __future__ import annotations

import pytest

from game.ai import choose_action
from game.ai.hard import evaluate, worth
from game.ai.play import seat_rng
from game.engine import Seat, apply, new_game
from game.engine import actions as A
from game.maps import load_map
from game.resources import shipped_maps


def _first_daybreak_of_hard(mode: str, seed: int) -> list:
    board = load_map(next(p for p in shipped_maps() if p.stem == "meadow"))
    state, _ = new_game(board, [Seat("A", "computer", "hard"), Seat("B", "computer", "standard")], seed, mode=mode)
    rngs = {seat: seat_rng(seed, seat) for seat in state.players}
    chosen = []
    while state.day == 1 and state.phase == "daybreak":
        seat = state.actor()
        act = choose_action(state, rngs[seat], state.players[seat].ai)
        if seat == 1:
            chosen.append(act)
        apply(state, act)
    return chosen


@pytest.mark.rule("R-DAY-4")
@pytest.mark.rule("R-CMP-4")
@pytest.mark.parametrize("seed", [3, 4])
def test_hard_hires_a_hero_on_its_first_campaign_daybreak(seed):
    # With 💰7 🌳11 and no hero, standard hires one; in game 3 hard used to end its Daybreak with nothing.
    chosen = _first_daybreak_of_hard("campaign", seed)
    assert any(isinstance(a, A.Recruit) and a.recruit == "hero" for a in chosen), chosen


def test_its_own_worth_alone_leaves_the_rivals_out():
    board = load_map(next(p for p in shipped_maps() if p.stem == "meadow"))
    state, _ = new_game(board, [Seat("A", "computer", "hard"), Seat("B", "computer", "standard")], 1)
    assert evaluate(state, 1, rivals=False) == worth(state, 1)
    assert evaluate(state, 1) == worth(state, 1) - worth(state, 2)
