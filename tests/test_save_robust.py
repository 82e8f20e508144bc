"""Saves survive hostile files: every malformed save is a SaveError naming the field, nothing hangs,
autosaves belong to their game, shipped maps are referred to by name (issue 17 items 1, 3, 7, 12, 13)."""
import json
import os
import time

import pytest

from game.board import Board, MapToken
from game.engine import Seat, SaveError, apply, legal_actions, load_game, new_game, save_game, snapshot
from game.engine.save import (MAX_SAVE_BYTES, autosave, load_save, prune_autosaves, read_save_data,
                              remove_stale_temp_files, save_latest, to_json)
from game.maps import DEFAULT_MAP, load_map
from test_save import played_state


@pytest.fixture(scope="module")
def saved():
    """A short real game, mid-Daybreak, as save JSON."""
    return to_json(played_state(steps=10))      # Player 2 is to place a resource token


def battle_state():
    """Two humans on a small board, played by the dice until a hero fights."""
    import random
    tokens = [MapToken("start", (1, 1), seat=1), MapToken("start", (6, 4), seat=2)]
    tokens += [MapToken("monster", cell) for cell in [(2, 2), (3, 1), (1, 3), (5, 4), (6, 3), (4, 4)]]
    state, _ = new_game(Board.blank(8, 6, tokens=tokens), [Seat("Ann"), Seat("Bob")], seed=0)
    rng = random.Random(0)
    while state.battle is None:
        apply(state, rng.choice(legal_actions(state)))
    return state


def write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def refused(tmp_path, data, field):
    with pytest.raises(SaveError) as caught:
        load_game(write(tmp_path, data))
    assert field in str(caught.value), str(caught.value)
    return str(caught.value)


def with_action(saved, entry):
    data = json.loads(json.dumps(saved))
    data["actions"].append(entry)
    data.pop("snapshot")
    return data


# --- 1. autosaves belong to their game ------------------------------------------------------
def test_a_new_game_never_loses_its_autosaves_to_an_older_longer_game(tmp_path):
    state = played_state(steps=30)
    for day in range(6, 11):                      # game A: a long game, Days 6-10
        state.day = day
        autosave(state, tmp_path, keep=5, game_id="aaaaaa")
        time.sleep(0.01)       # file times tick coarsely
    for day in range(1, 5):                       # game B starts afresh: Days 1-4
        state.day = day
        autosave(state, tmp_path, keep=5, game_id="bbbbbb")
        time.sleep(0.01)       # file times tick coarsely
    names = sorted(p.name for p in tmp_path.glob("*.json"))
    assert [n for n in names if "bbbbbb" in n] == [f"autosave-bbbbbb-day00{d}.json" for d in range(1, 5)]
    assert [n for n in names if "aaaaaa" in n] == ["autosave-aaaaaa-day010.json"]   # A keeps its newest


def test_pruning_keeps_the_current_games_latest_state_and_newest_daybreaks(tmp_path):
    state = played_state(steps=30)
    save_latest(state, tmp_path, "cccccc")
    for day in range(1, 9):
        state.day = day
        autosave(state, tmp_path, keep=3, game_id="cccccc")
        time.sleep(0.01)       # file times tick coarsely
    assert sorted(p.name for p in tmp_path.glob("*.json")) == [
        "autosave-cccccc-day006.json", "autosave-cccccc-day007.json", "autosave-cccccc-day008.json",
        "autosave-cccccc.json"]
    (tmp_path / "my_game.json").write_text("{}")    # a named save is never pruned
    (tmp_path / "autosave-day001.json").write_text("{}")   # nor an autosave of the old naming
    prune_autosaves(tmp_path, "dddddd", keep=3)
    assert sorted(p.name for p in tmp_path.glob("*.json")) == [
        "autosave-cccccc-day008.json", "autosave-day001.json", "my_game.json"]


# --- 3. every malformed save is a SaveError naming the field ----------------------------------
@pytest.mark.parametrize("count", [1, 5])
def test_a_save_with_the_wrong_number_of_seats(tmp_path, saved, count):
    data = json.loads(json.dumps(saved))
    data["seats"] = [{"name": f"P{i}", "kind": "human", "ai": ""} for i in range(count)]
    refused(tmp_path, data, "seats")


@pytest.mark.parametrize("entry,field", [
    ({"type": "Build", "player": 1, "city": 1, "building": None}, "actions[10].building"),
    ({"type": "PlaceToken", "player": 2, "cell": [99999, 5]}, "actions[10]"),
    ({"type": "PlaceToken", "player": 1, "cell": "b5"}, "actions[10].cell"),
    ({"type": "PlaceToken", "player": 1, "cell": [1]}, "actions[10].cell"),
    ({"type": "Move", "player": 1, "hero": 1, "path": [[1, 2], [True, 3]]}, "actions[10].path[1][0]"),
    ({"type": "Recruit", "player": 1, "city": 1, "recruit": "hero", "count": 10 ** 40}, "actions[10].count"),
    ({"type": "Recruit", "player": 1, "city": 1, "recruit": "hero", "count": 2.5}, "actions[10].count"),
    ({"type": "Recruit", "player": 1, "city": 1}, "actions[10].recruit"),
    ({"type": "ArrangeBattle", "player": 1, "squads": [[["x", "y"]]]}, "actions[10].squads[0][0][1]"),
    ({"type": "ProposeRuleChange", "player": 1, "option": "day_limit", "value": {"a": 1}}, "actions[10].value"),
    ({"type": "Teleport", "player": 1}, "actions[10].type"),
    ("EndTurn", "actions[10]"),
])
def test_every_action_field_is_checked_before_replay(tmp_path, saved, entry, field):
    refused(tmp_path, with_action(saved, entry), field)


def test_broken_map_rules_and_numbers(tmp_path, saved):
    data = json.loads(json.dumps(saved))
    data["map"] = {"path": 5}
    refused(tmp_path, data, "'map'")
    data = json.loads(json.dumps(saved))
    data["map"]["blank"]["width"] = 2000            # a blank board in a save stays small
    refused(tmp_path, data, "map.blank.width")
    data = json.loads(json.dumps(saved))
    data["rules"]["moves"] = data["rules"].pop("movement")      # a renamed rules key
    refused(tmp_path, data, "rules")
    data = json.loads(json.dumps(saved))
    data["seed"] = 1e308
    refused(tmp_path, data, "'seed'")


@pytest.mark.parametrize("routes,field", [
    ("a1", "'routes'"),
    ([[1, [2, 3]]], "routes[0]"),
    ([{"hero": 1}], "routes[0]"),
    ([{"hero": -1, "to": [2, 3]}], "routes[0].hero"),
    ([{"hero": 1, "to": "b5"}], "routes[0].to"),
    ([{"hero": 1, "to": [2, 3, 4]}], "routes[0].to"),
    ([{"hero": 1, "to": [99999, 3]}], "routes[0].to[0]"),
    ([{"hero": 1, "to": [2, 2.5]}], "routes[0].to[1]"),
])
def test_a_broken_route_names_its_field(tmp_path, saved, routes, field):
    data = json.loads(json.dumps(saved))
    data["routes"] = routes
    refused(tmp_path, data, field)


def test_routes_are_kept_for_heroes_in_play_only(tmp_path):
    state = played_state(steps=40)
    hero = next(iter(state.heroes))
    data = to_json(state, routes={hero: (2, 3), 999: (1, 1)})
    assert data["routes"] == [{"hero": hero, "to": [2, 3]}]            # a hero gone is not written
    data["routes"].append({"hero": 998, "to": [1, 1]})                 # nor read
    assert load_save(write(tmp_path, data)).routes == {hero: (2, 3)}


@pytest.mark.parametrize("text,words", [
    ('{"format": "fuzzyknights-save", "version": 1, "seed": ' + "7" * 5000 + "}", "out of range"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"format": "fuzzyknights-save", "version": 1, "snapshot": {"day": 1e999}}', "out of range"),
    ('{"format": "fuzzyknights-save", "version": NaN}', "NaN"),
    ('{"format": "fuzzyknights-save", "version": 99999999999999999999}', "'version'"),
])
def test_numbers_and_nesting_a_parser_chokes_on(tmp_path, text, words):
    with pytest.raises(SaveError, match=words):
        load_game(write(tmp_path, text))


# --- 12. only regular files, with a size limit --------------------------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_or_a_link_to_dev_zero_never_hangs_the_loader(tmp_path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    start = time.monotonic()
    for path in (fifo, zero, tmp_path):
        with pytest.raises(SaveError, match="not a regular file|not a save file"):
            load_game(path)
    assert time.monotonic() - start < 5


def test_an_oversized_save_is_refused_unread(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(MAX_SAVE_BYTES + 1)
    with pytest.raises(SaveError, match="at most"):
        read_save_data(path)


# --- 7. temp files of interrupted saves ----------------------------------------------------------
def test_temp_files_left_by_interrupted_saves_are_cleaned_up(tmp_path):
    stale = tmp_path / ".slot.json.abc123.tmp"
    stale.write_text('{"format": "fuzz')
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / ".other.json.def456.tmp"     # a save being written right now by another window
    fresh.write_text("{")
    assert remove_stale_temp_files(tmp_path) == 1
    assert not stale.exists() and fresh.exists()


# --- 13. shipped maps by name, with a checksum ---------------------------------------------------
def test_a_shipped_map_is_saved_by_name_and_still_loads_after_the_install_moves(tmp_path, monkeypatch):
    state, _ = new_game(load_map(DEFAULT_MAP), [Seat("A"), Seat("B")], seed=4)
    path = tmp_path / "game.json"
    save_game(state, path, game_id="abcdef")
    data = json.loads(path.read_text())
    assert data["map"]["name"] == DEFAULT_MAP.name and "path" not in data["map"]
    assert str(DEFAULT_MAP.parent) not in path.read_text()
    loaded = load_save(path)
    assert loaded.game_id == "abcdef" and snapshot(loaded.state) == snapshot(state)
    # an old save naming the map by an absolute path that no longer exists finds the shipped map
    data["map"] = {"path": "/nowhere/old-install/maps/" + DEFAULT_MAP.name}
    path.write_text(json.dumps(data))
    assert snapshot(load_game(path)) == snapshot(state)


def test_a_save_of_an_edited_map_says_the_map_changed(tmp_path, monkeypatch):
    import game.engine.save as save_module
    from game.maps import ASSETS_DIR
    (tmp_path / "assets").symlink_to(ASSETS_DIR)        # the map's tilesets are ../assets/*.tsx
    maps = tmp_path / "maps"
    maps.mkdir()
    tmx = maps / DEFAULT_MAP.name
    tmx.write_bytes(DEFAULT_MAP.read_bytes())
    monkeypatch.setattr(save_module, "_shipped_maps_dir", lambda: maps)
    board = load_map(tmx)
    state, _ = new_game(board, [Seat("A"), Seat("B")], seed=4)
    path = tmp_path / "game.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    assert data["map"]["name"] == tmx.name and len(data["map"]["sha256"]) == 64
    tmx.write_text(tmx.read_text() + "<!-- the designer was here -->\n")
    assert snapshot(load_game(path)) == snapshot(state)     # an edit that changes nothing in play still loads
    data["snapshot"]["day"] += 1                             # stands in for a board the edit changed
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=f"different version of {board.title}"):
        load_game(path)
    tmx.write_bytes(DEFAULT_MAP.read_bytes())                # the same map again: the old reason
    with pytest.raises(SaveError, match="snapshot"):
        load_game(path)


def test_every_action_of_the_game_can_be_checked_when_loaded():
    """A new action (or a new field) whose annotation the loader cannot check would refuse every save."""
    import typing
    from game.engine.actions import ACTIONS
    from game.engine.save_checks import _action_fields, action_from_entry

    def sample(hint):
        if typing.get_origin(hint) is tuple:
            args = typing.get_args(hint)
            return [] if args[-1] is Ellipsis else [sample(a) for a in args]
        if typing.get_origin(hint) in (typing.Union, type(int | None)):
            return sample(typing.get_args(hint)[0])
        return {int: 1, bool: True, str: "x"}.get(hint)

    for kind in ACTIONS:
        entry = {"type": kind, **{name: sample(hint) for name, hint, _ in _action_fields(kind)}}
        assert type(action_from_entry(entry, "actions[0]")).__name__ == kind


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_save_whose_map_is_a_fifo_is_refused_without_hanging(tmp_path, saved):
    fifo = tmp_path / "map.tmx"
    os.mkfifo(fifo)
    data = json.loads(json.dumps(saved))
    data["map"] = {"path": str(fifo)}
    refused(tmp_path, data, "is not a map file")


def test_a_battle_saved_after_its_odds_were_shown_still_loads(tmp_path):
    """The odds cache the screen fills in on a battle's sides is not game state: the save still replays."""
    from game.engine.squads import side_tags
    state = battle_state()
    for side in state.battle.sides:
        side_tags(side)                                  # what the battle screen's odds do
    path = tmp_path / "battle.json"
    save_game(state, path)
    assert snapshot(load_game(path)) == snapshot(state)


def test_pruning_keeps_another_games_daybreak_when_its_latest_state_is_damaged(tmp_path):
    """Pruning kept another game's newest file only: when that was its latest state cut short, the Daybreak
    it could go on from was deleted and the game was lost."""
    state = played_state(steps=30)
    state.day = 4
    autosave(state, tmp_path, keep=5, game_id="aaaaaa")
    time.sleep(0.01)       # file times tick coarsely
    cut = tmp_path / "autosave-aaaaaa.json"
    cut.write_text('{"format": "fuzzyknights-save", "ver')
    time.sleep(0.01)
    autosave(state, tmp_path, keep=5, game_id="bbbbbb")          # another game's Daybreak prunes
    assert sorted(p.name for p in tmp_path.glob("*aaaaaa*")) == ["autosave-aaaaaa-day004.json", "autosave-aaaaaa.json"]
    assert cut.read_text() == '{"format": "fuzzyknights-save", "ver'
    assert read_save_data(tmp_path / "autosave-aaaaaa-day004.json")["snapshot"]["day"] == 4
    save_latest(state, tmp_path, "aaaaaa")                       # mended: only the newest is kept again
    autosave(state, tmp_path, keep=5, game_id="bbbbbb")
    assert sorted(p.name for p in tmp_path.glob("*aaaaaa*")) == ["autosave-aaaaaa.json"]


@pytest.mark.parametrize("content,says", [
    ("", "is empty: nothing was written to it"),
    ("  \n", "is empty: nothing was written to it"),
    ('{"format": "fuzzyknights-save", "vers', "(line 1, column 33): it is cut short"),
    ('{"format": "fuzzyknights-save",\n "version": 2 "seed": 1}', "(line 2, column 15): expecting ',' delimiter"),
    (None, "broken.json is a folder, not a save file"),
])
def test_an_empty_cut_short_mistyped_or_folder_save_says_which(tmp_path, content, says):
    """Every damaged file read "not valid JSON (line 1): it may be truncated", an empty one and a missing
    comma alike, and a folder "not a regular file"."""
    path = tmp_path / "broken.json"
    if content is None:
        path.mkdir()
    else:
        path.write_text(content)
    with pytest.raises(SaveError) as refused:
        read_save_data(path)
    assert says in str(refused.value)
