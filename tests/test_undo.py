"""Undo through the action list: quiet moves are taken back, random results never re-rolled (R-MOV-1, R-DICE-5)."""
import random

import pytest

from enginekit import board, rules_for
from game.board.model import MapToken
from game.engine import IllegalAction, Seat, apply, legal_actions, load_game, new_game, replay, save_game, snapshot
from game.engine import actions as A
from game.engine import undo


def _real_game(tokens=(), seed=3):
    """A real-dice 2-player game on a blank board: P1 recruits a hero and reaches its turn, all by actions."""
    state, _ = new_game(board(tokens=tokens), [Seat("P1"), Seat("P2")], seed, rules=rules_for())
    while not (state.phase == "daybreak" and state.current_player == 1 and not state.pending):
        apply(state, _pass(state))
    apply(state, A.Recruit(1, state.cities_of(1)[0].id, "hero"))
    while not (state.phase == "turn" and state.current_player == 1 and not state.pending):
        apply(state, _pass(state))
    return state, state.heroes_of(1)[0].id


def _pass(state):
    if state.pending:
        return next(a for a in legal_actions(state) if not isinstance(a, A.ProposeAlliance))
    return A.EndDaybreak(state.actor()) if state.phase == "daybreak" else A.EndTurn(state.actor())


def _rng(state):
    return state.rng._random.getstate()


@pytest.mark.rule("R-MOV-1")
def test_a_quiet_move_is_taken_back_and_the_movement_roll_stands():
    state, hero = _real_game()
    apply(state, A.RollMovement(1, hero))
    rolled = state.heroes[hero].moves_left
    before_move = snapshot(state)
    apply(state, A.Move(1, hero, ((1, 2), (1, 3))))
    assert undo.why_not(state) is None
    taken_back = undo.undo(state)
    assert taken_back == A.Move(1, hero, ((1, 2), (1, 3)))
    assert snapshot(state) == before_move
    assert state.heroes[hero].cell == (1, 1) and state.heroes[hero].moves_left == rolled
    # the roll revealed a die: it is never undone, so it is never re-rolled
    assert "roll stands" in undo.why_not(state)
    with pytest.raises(IllegalAction):
        undo.undo(state)
    assert state.heroes[hero].moves_left == rolled


@pytest.mark.rule("R-DICE-5")
def test_undo_keeps_the_random_generator_where_it_was():
    state, hero = _real_game()
    apply(state, A.RollMovement(1, hero))
    position = _rng(state)
    apply(state, A.Move(1, hero, ((2, 1),)))
    apply(state, A.Move(1, hero, ((3, 1),)))
    undo.undo(state)
    undo.undo(state)
    assert _rng(state) == position
    assert [type(a) for a in state.actions[-1:]] == [A.RollMovement]


@pytest.mark.rule("R-MOV-7")
def test_a_move_onto_a_monster_stands():
    state, hero = _real_game(tokens=[MapToken("monster", (1, 3))])
    apply(state, A.RollMovement(1, hero))
    apply(state, A.Move(1, hero, ((1, 2), (1, 3))))
    assert state.pending or state.battle is not None
    reason = undo.why_not(state)
    assert reason and "stands" in reason
    count = len(state.actions)
    with pytest.raises(IllegalAction):
        undo.undo(state)
    assert len(state.actions) == count


def test_another_players_end_of_turn_is_not_undone():
    state, hero = _real_game()
    assert not isinstance(state.actions[-1], undo.UNDOABLE)
    assert "Only a hero's move" in undo.why_not(state)
    apply(state, A.EndTurn(1))
    count = len(state.actions)
    with pytest.raises(IllegalAction):
        undo.undo(state)
    assert len(state.actions) == count and state.current_player == 2


def test_after_an_undo_a_save_loads_to_the_same_game(tmp_path):
    state, hero = _real_game()
    apply(state, A.RollMovement(1, hero))
    apply(state, A.Move(1, hero, ((2, 1),)))
    undo.undo(state)
    apply(state, A.Move(1, hero, ((1, 2),)))
    save_game(state, tmp_path / "after-undo.json")
    loaded = load_game(tmp_path / "after-undo.json")
    assert snapshot(loaded) == snapshot(state)
    assert snapshot(replay(state)) == snapshot(state)


@pytest.mark.rule("R-DICE-5")
@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_every_undo_gives_back_the_game_before_that_action(seed):
    """Random legal play: wherever undo is allowed, it restores exactly the state before the last action."""
    state, _ = _real_game(seed=seed)
    chooser = random.Random(seed)
    undone = 0
    for _ in range(150):
        if state.phase == "over":
            break
        options = [a for a in legal_actions(state) if not isinstance(a, (A.ProposeAlliance, A.EndAlliance))]
        before = snapshot(state)
        events = apply(state, chooser.choice(options))
        assert (undo.why_not(state, events) is None) == (undo.why_not(state) is None)   # the events tell
        if undo.why_not(state) is None:
            undo.undo(state)
            assert snapshot(state) == before
            undone += 1
            apply(state, chooser.choice(options))
    assert undone > 0
