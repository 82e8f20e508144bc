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


@pytest.mark.rule("R-CMP-3")
def test_hard_never_weighs_a_hero_its_food_cannot_keep():
    """In Campaign a hero out of a City eats 🥩1 a Day: hard's search used to weigh hiring heroes past
    what its food brings in, and lost one to hunger in half its games a Day or two later."""
    import random
    from game.ai.hard import HardPlanner
    board = load_map(next(p for p in shipped_maps() if p.stem == "meadow"))
    state, _ = new_game(board, [Seat("A", "computer", "hard"), Seat("B", "computer", "standard")], 3, mode="campaign")
    seat = state.actor()
    state.players[seat].purse.update(coin=30, wood=30, food=0)
    planner = HardPlanner(state, random.Random(1))
    hire = [a for a in planner.daybreak_alternatives() if isinstance(a, A.Recruit) and a.recruit == "hero"]
    assert planner.heroes_fed() == 1 and hire                # one hero: the City's 🥩1 a Day feeds it
    apply(state, hire[0])
    assert len(state.heroes_of(seat)) == planner.heroes_fed()
    assert not [a for a in planner.daybreak_alternatives() if isinstance(a, A.Recruit) and a.recruit == "hero"]
