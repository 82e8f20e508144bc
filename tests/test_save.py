"""Saves are JSON, written atomically; loading replays to the identical state or says which field is wrong."""
import json
import random

import pytest

from game.board import Board, MapToken
from game.engine import (Seat, SaveError, apply, autosave, legal_actions, load_game, load_rules, new_game,
                         save_game, snapshot)
from game.engine.save import to_json


def played_state(seed=3, steps=250, mode="normal"):
    board = Board.blank(10, 8, tokens=[MapToken("start", (1, 1), seat=1), MapToken("start", (8, 6), seat=2)])
    state, _ = new_game(board, [Seat("A"), Seat("B", "computer", "random")], seed=seed, mode=mode)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.phase == "over":
            break
        apply(state, rng.choice(legal_actions(state)))
    return state


@pytest.mark.parametrize("mode", ["normal", "campaign"])
def test_save_and_load_give_the_same_game(tmp_path, mode):
    state = played_state(mode=mode)
    path = tmp_path / "game.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    assert data["seed"] == state.seed and data["mode"] == mode and len(data["actions"]) == len(state.actions)
    loaded = load_game(path)
    assert snapshot(loaded) == snapshot(state)
    # the loaded game goes on exactly like the original
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(40):
        if state.phase == "over":
            break
        a = rng_a.choice(legal_actions(state))
        b = rng_b.choice(legal_actions(loaded))
        assert a == b
        apply(state, a)
        apply(loaded, b)
    assert snapshot(loaded) == snapshot(state)


def test_a_broken_save_names_the_field(tmp_path):
    state = played_state(steps=60)
    path = tmp_path / "game.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    data["actions"][5] = {"type": "Move", "player": 1, "hero": 999, "path": [[0, 0]]}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"actions\[5\]"):
        load_game(path)
    del data["seed"]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="'seed'"):
        load_game(path)


def test_truncated_or_foreign_files_are_refused(tmp_path):
    state = played_state(steps=30)
    path = tmp_path / "game.json"
    save_game(state, path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(SaveError, match="not valid JSON"):
        load_game(path)
    path.write_text(json.dumps({"hello": "world"}))
    with pytest.raises(SaveError, match="not a Fuzzy Knights save"):
        load_game(path)
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(SaveError):
        load_game(path)


def test_tampered_snapshot_is_detected(tmp_path):
    state = played_state(steps=80)
    path = tmp_path / "game.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    data["snapshot"]["day"] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="snapshot.*day"):
        load_game(path)


def test_a_failed_save_keeps_the_previous_one(tmp_path, monkeypatch):
    state = played_state(steps=40)
    path = tmp_path / "game.json"
    save_game(state, path)
    before = path.read_text()

    def broken_dumps(*args, **kwargs):
        raise RuntimeError("disk full")
    import game.engine.save as save_module
    monkeypatch.setattr(save_module.json, "dumps", broken_dumps)
    with pytest.raises(RuntimeError):
        save_game(state, path)
    monkeypatch.undo()
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_autosave_keeps_the_last_few_daybreaks_of_this_game(tmp_path):
    state = played_state(steps=30)
    for day in range(1, 9):
        state.day = day
        autosave(state, tmp_path, keep=3, game_id="aaaaaa")
    assert sorted(p.name for p in tmp_path.glob("*.json")) == [
        "autosave-aaaaaa-day006.json", "autosave-aaaaaa-day007.json", "autosave-aaaaaa-day008.json"]


@pytest.mark.rule("R-VOTE-1")
def test_a_rule_changed_by_vote_mid_game_still_loads(tmp_path):
    """The save replays from the rules the game started with; the vote switches them again."""
    from game.engine import actions as A
    board = Board.blank(9, 9, tokens=[MapToken("start", (1, 1), seat=1), MapToken("start", (7, 7), seat=2)])
    rich = load_rules("normal", overlay={"setup": {"start_purse": {"coin": 20}}})     # three heroes' worth
    state, _ = new_game(board, [Seat("A"), Seat("B")], seed=2, rules=rich)
    seat = state.actor()
    capital = state.cities_of(seat)[0]
    for _ in range(3):
        apply(state, A.Recruit(seat, capital.id, "hero"))
    apply(state, A.ProposeRuleChange(seat, "hero_cap", True))
    while state.pending and state.pending[0].kind == "vote":
        apply(state, A.CastVote(state.actor(), True))
    assert state.rules.option("hero_cap") and len(state.heroes_of(seat)) == 3
    path = tmp_path / "game.json"
    save_game(state, path)
    loaded = load_game(path)
    assert snapshot(loaded) == snapshot(state) and loaded.rules.option("hero_cap")


@pytest.mark.rule("R-DICE-5")
def test_the_latest_autosave_is_the_whole_game_after_an_undo_and_after_another_game(tmp_path):
    """The latest state's text keeps each action's text between saves: a cut or replaced list of actions
    must still be written whole."""
    from game.engine.save import save_latest
    from game.engine.undo import rewound

    def saved_matches(state):
        data = json.loads(save_latest(state, tmp_path, "abcdef").read_text())
        assert data["actions"] == json.loads(json.dumps(to_json(state)))["actions"]
        assert snapshot(load_game(tmp_path / "autosave-abcdef.json")) == snapshot(state)

    state = played_state(steps=120)
    saved_matches(state)
    earlier = rewound(state, 5)                        # the same actions, five fewer, in a new list
    saved_matches(earlier)
    apply(earlier, [a for a in legal_actions(earlier) if a != state.actions[len(earlier.actions)]][0])
    saved_matches(earlier)                             # a different last action
    saved_matches(played_state(seed=4, steps=60))      # another game altogether
    state.actions.pop()
    saved_matches(rewound(state, 0))
