"""R-VOTE-1: computer players' votes on optional rules, as a person at the table would expect them.

Played: computer players called the hero-cap vote (and others) almost every Day, so a human was asked
the same question again and again, and ``standard`` voted against a switch it had called itself the Day
before."""
from __future__ import annotations

import random

import pytest
from enginekit import start_game, to_turn_of

from game.ai import choose_action
from game.ai.standard import STANDARD, Planner
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


def _call(state):
    """The vote the player to act would call at the start of its turn, if any (before it, it may offer
    an alliance)."""
    return Planner(state, random.Random(0), STANDARD).rule_proposal()


def _hero(state, seat: int, cell) -> Hero:
    hero = Hero(id=state.new_id(), owner=seat, cell=cell, moves_left=0)
    state.heroes[hero.id] = hero
    return hero


@pytest.mark.rule("R-VOTE-1")
def test_a_vote_a_human_turned_down_is_not_called_again_until_the_table_has_changed():
    """P4 leads; P1 (a human) and the computer players P2 and P3 are behind, so a legacy gold mine
    looked like it would pass. The human says no, the vote fails on the tie die, and the next computer
    player called it again at once (the same Day), then the next Day, and so on."""
    state = _table(4, computers=(2, 3, 4))
    _to_day(state, STANDARD.first_vote_day, 2)
    state.players[4].purse["coin"] = 100                    # arrange: P4 clearly leads
    call = _call(state)
    assert call == A.ProposeRuleChange(2, "legacy_gold_mine", True)
    apply(state, call)
    apply(state, A.CastVote(1, False))                      # the human says no
    while state.actor() != 4:
        apply(state, _choice(state))
    state.rng.expect("1dP", 10)
    apply(state, _choice(state))                            # P4 says no: 2-2, and the tie die says no
    result = next(e for e in reversed(state.log) if e.kind == "vote_result")
    assert (result.data["yes"], result.data["no"], result.data["passed"]) == (2, 2, False)
    apply(state, A.EndTurn(2))
    assert state.current_player == 3
    assert _call(state) is None, "not a second vote on the same Day"
    for day in range(state.day + 1, state.day + STANDARD.vote_memory):
        _to_day(state, day, 3)
        assert _call(state) is None, f"Day {day}: the human's no still stands, so it would fail again"
    state.players[1].alive = False                          # arrange: the human is out of the game
    assert _call(state) == A.ProposeRuleChange(3, "legacy_gold_mine", True), "now it would pass"


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


@pytest.mark.rule("R-VOTE-1")
def test_a_rule_just_voted_on_is_not_put_to_the_vote_again_for_a_few_days():
    """The human called a hero cap and the computer players, as many heroes as it, voted it down. A Day
    later P2 is one hero short, and it called the same vote at once."""
    state = _table(3, computers=(2, 3), coin=50)
    _to_day(state, STANDARD.first_vote_day, 1)
    for seat, cell in ((1, (2, 1)), (2, (6, 7)), (3, (2, 7))):
        _hero(state, seat, cell)                            # arrange: one hero each
    apply(state, A.ProposeRuleChange(1, "hero_cap", True))
    apply(state, A.CastVote(1, True))
    while state.vote is not None:
        apply(state, _choice(state))
    assert not state.rules.option("hero_cap"), "P2 and P3 voted no"
    voted_on = state.day
    apply(state, A.EndTurn(1))
    _hero(state, 1, (1, 2))
    _hero(state, 3, (1, 6))                                 # arrange: P1 and P3 now two heroes, P2 one
    for day in range(voted_on + 1, voted_on + STANDARD.vote_cooldown):
        _to_day(state, day, 2)
        assert _call(state) is None, f"Day {day}: a rule voted on Day {voted_on}"
    _to_day(state, voted_on + STANDARD.vote_cooldown, 2)
    assert _call(state) == A.ProposeRuleChange(2, "hero_cap", True), "P1 wanted it: it would pass now"
