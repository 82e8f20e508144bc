"""Property test (issue 17): real saves mutated byte by byte and field by field either load or raise
SaveError, and the list of saves never raises whatever lies in the folder.

FUZZ_EXAMPLES=600 runs a longer search (the default keeps the test to a few seconds).
"""
import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.engine import GameState, SaveError, Seat, apply, legal_actions, load_game, new_game
from game.engine.save import to_json
from game.maps import DEFAULT_MAP, load_map
from game.ui.menus.saves import list_saves
from test_save import played_state

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 40)), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _real_saves() -> list[str]:
    """Real saves: mid-Daybreak with a token to place, a game played to its end, and a few moves on a
    shipped map (referred to by name and checksum)."""
    board = load_map(DEFAULT_MAP)
    state, _ = new_game(board, [Seat("Ann"), Seat("Bob", "computer", "random")], seed=3)
    rng = random.Random(1)
    for _ in range(15):
        apply(state, rng.choice(legal_actions(state)))
    states = [played_state(steps=10), played_state(steps=40), state]
    return [json.dumps(to_json(s, game_id="f00d00"), indent=1) for s in states]


SAVES = _real_saves()


def _paths(value, prefix=()):
    """Every place in a JSON document: (key, key, ...) tuples."""
    yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, prefix + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, prefix + (index,))


PATHS = [[p for p in _paths(json.loads(text)) if p] for text in SAVES]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10 ** 30, max_value=10 ** 30)
    | st.sampled_from([0, -1, 1, 2, 3, 2 ** 31, 2 ** 63, -2 ** 63, 10 ** 4000])
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
    | st.sampled_from(["", "hero", "villa", "Move", "normal", "human", "computer", "over"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8)


def _check_folder(tmp_path, text_or_bytes, name="mutant.json"):
    path = tmp_path / name
    if isinstance(text_or_bytes, bytes):
        path.write_bytes(text_or_bytes)
    else:
        path.write_text(text_or_bytes, encoding="utf-8")
    try:
        state = load_game(path)
    except SaveError as error:
        assert str(error)
    else:
        assert isinstance(state, GameState)
    (info,) = list_saves(tmp_path)                  # the listing never raises
    assert info.summary


@FUZZ
@given(which=st.integers(0, 2), edits=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255), st.sampled_from(
    ["flip", "insert", "delete", "truncate"])), min_size=1, max_size=4))
def test_mutated_bytes_load_or_raise_save_error(tmp_path, which, edits):
    data = bytearray(SAVES[which].encode("utf-8"))
    for where, byte, how in edits:
        at = min(len(data) - 1, int(where * len(data)))
        if how == "flip":
            data[at] = byte
        elif how == "insert":
            data.insert(at, byte)
        elif how == "delete":
            del data[at]
        else:
            del data[at:]
        if not data:
            data = bytearray(b"{")
    _check_folder(tmp_path, bytes(data))


@FUZZ
@given(which=st.integers(0, 2), picks=st.lists(st.tuples(st.floats(0, 1), json_values, st.booleans()),
                                                min_size=1, max_size=3))
def test_mutated_fields_load_or_raise_save_error(tmp_path, which, picks):
    data = json.loads(SAVES[which])
    for where, value, delete in picks:
        paths = PATHS[which]
        path = paths[min(len(paths) - 1, int(where * len(paths)))]
        parent = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            if delete and isinstance(parent, dict):
                parent.pop(path[-1], None)
            else:
                parent[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue                                # an earlier edit moved this place away
    _check_folder(tmp_path, json.dumps(data))


@pytest.mark.parametrize("text", SAVES)
def test_the_unmutated_saves_load(tmp_path, text):
    path = tmp_path / "game.json"
    path.write_text(text)
    assert isinstance(load_game(path), GameState)
