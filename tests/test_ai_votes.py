"""R-VOTE-1: computer players' votes on optional rules, as a person at the table would expect them.

Played: computer players called the hero-cap vote (and others) almost every Day, so a human was asked
the same question again and again, and ``standard`` voted against a switch it had called itself the Day
before."""
from __future__ import annotations

import random

import pytest
from enginekit import start_game, to_turn_of

from game.ai import choose_action
from game.ai.standard import STANDARD
from game.engine import apply
from game.engine import actions as A
from game.engine.state import Hero

FOUR = ((1, 1), (7, 7), (1, 7), (7, 1))


def _table(players: int, computers: tuple[int, ...], coin: int = 5):
    """A game with ``computers`` played by the computer (the rest are humans), each with ``coin``."""
    state = start_game(players=players, starts=FOUR[:players])
    for seat in state.players:
        state.players[seat].purse["coin"] = coin
        if seat in computers:
            state.players[seat].kind, state.players[seat].ai = "computer", "standard"
    return state


def _to_day(state, day: int, seat: int):
    """Through real actions, to ``seat``'s turn on ``day``."""
    to_turn_of(state, seat)
    while state.day < day:
        apply(state, A.EndTurn(seat))
        to_turn_of(state, seat)
    assert state.day == day


def _choice(state):
    return choose_action(state, random.Random(0), "standard")


def _hero(state, seat: int, cell) -> Hero:
    hero = Hero(id=state.new_id(), owner=seat, cell=cell, moves_left=0)
    state.heroes[hero.id] = hero
    return hero


@pytest.mark.rule("R-VOTE-1")
def test_a_computer_player_keeps_to_the_hero_cap_it_called_until_its_position_really_changes():
    """P2 called the hero cap with one hero against the human's two. A Day later it has hired a second:
    as many as the most, a close call, and it voted to lift the cap it had called. With three heroes,
    more than anyone, the cap clearly hurts it, and it votes to lift it."""
    state = _table(3, computers=(2, 3), coin=50)
    _to_day(state, STANDARD.first_vote_day, 2)
    _hero(state, 1, (2, 1))
    _hero(state, 1, (1, 2))
    _hero(state, 2, (6, 7))
    _hero(state, 3, (2, 7))                                 # arrange: P1 two heroes, P2 and P3 one each
    apply(state, A.ProposeRuleChange(2, "hero_cap", True))
    apply(state, A.CastVote(1, False))
    while state.vote is not None:
        apply(state, _choice(state))
    assert state.rules.option("hero_cap"), "P2 and P3 voted for the cap"
    apply(state, A.EndTurn(2))
    _to_day(state, state.day + 1, 1)
    _hero(state, 2, (7, 6))                                 # arrange: P2 has hired a second hero
    apply(state, A.ProposeRuleChange(1, "hero_cap", False))
    apply(state, A.CastVote(1, True))
    assert _choice(state) == A.CastVote(2, False), "as many heroes as the most: it keeps its stance"
    _hero(state, 2, (6, 6))                                 # arrange: a third, more than anyone
    assert _choice(state) == A.CastVote(2, True), "now the cap clearly hurts it"
