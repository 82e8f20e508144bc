"""Saves written by earlier versions of the game still load (a save replays its actions and checks
the result against its snapshot): an engine change that renamed heroes once turned every save whose
hero shared a player's name into a "damaged" one. If a change must break these, it needs a migration."""
from pathlib import Path

import pytest

from game.engine.save import load_save

SAVES = sorted((Path(__file__).parent / "data" / "saves").glob("*.json"))


def test_there_are_old_saves_to_check():
    assert len(SAVES) >= 2


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_save_from_an_earlier_version_loads_as_the_same_game(path):
    loaded = load_save(path)
    assert loaded.state.actions, "replayed"
    if path.stem.endswith("_over"):
        assert loaded.state.phase == "over"
    else:
        assert loaded.state.phase != "over"


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_save_from_before_version_2_keeps_its_heroes_names_and_saves_them_so_again(path, tmp_path):
    """Version 2 names heroes from a place the seed picks; a version-1 save names them by id, as it was
    played, and a game continued from one keeps doing so through its next save."""
    import json
    from game.engine.save import save_game
    data = json.loads(path.read_text())
    assert data["version"] == 1 and "hero_names" not in data
    loaded = load_save(path)
    assert loaded.state.hero_names == "by_id"
    again = tmp_path / "again.json"
    save_game(loaded.state, again)
    assert json.loads(again.read_text())["hero_names"] == "by_id"
    assert load_save(again).state.hero_names == "by_id"


def test_heroes_are_named_by_the_seed_and_a_new_save_says_so(tmp_path):
    """Every game began with the heroes Aldric and Jorund: the names went by the hero's id alone."""
    import json
    from game.engine import Seat, load_rules, new_game
    from game.engine.save import save_game
    from game.maps import MAPS_DIR, load_map
    board = load_map(MAPS_DIR / "meadow.tmx")
    rules = load_rules("normal", options={"starting_hero": True})

    def first_heroes(seed):
        state, _ = new_game(board, [Seat("Ann"), Seat("Bob")], seed, rules=rules)
        return state, sorted(h.name for h in state.heroes.values())
    names = {tuple(first_heroes(seed)[1]) for seed in range(1, 9)}
    assert len(names) >= 4, names
    state, _ = first_heroes(5)
    path = tmp_path / "new.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    assert data["version"] == 2 and data["hero_names"] == "distinct"
    assert sorted(h.name for h in load_save(path).state.heroes.values()) == first_heroes(5)[1]
    from game.engine.save_checks import SaveError
    data["hero_names"] = ["not", "a", "naming"]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="save field 'hero_names': expected one of"):
        load_save(path)
    del data["hero_names"]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="save field 'hero_names' is missing"):
        load_save(path)


def test_no_two_living_heroes_share_a_name_in_a_new_game():
    """Half the games of The Free Cities had two heroes of one name alive at once: new games pass over
    the names living heroes bear, and number a name once all are borne. A save made before keeps the
    names it had ("seeded": the name at the id's place, borne or not)."""
    from game.engine import Seat, new_game
    from game.engine.heroes import HERO_NAMES, new_hero
    from game.maps import MAPS_DIR, load_map
    board = load_map(MAPS_DIR / "meadow.tmx")

    def recruit_many(naming):
        state, _ = new_game(board, [Seat("Ann"), Seat("Bob")], 3, hero_names=naming)
        for n in range(len(HERO_NAMES) + 4):
            state.next_id += 16 * (n % 3)           # ids far apart, as other pieces take theirs in between
            new_hero(state, 1 + n % 2, (1, 1), [])
        return state
    names = [h.name for h in recruit_many("distinct").heroes.values()]
    assert len(set(names)) == len(names) == len(HERO_NAMES) + 4
    assert sum(name.endswith(" II") for name in names) == 4
    seeded = recruit_many("seeded")            # what a save made before replays: names by the id alone
    assert len({h.name for h in seeded.heroes.values()}) < len(seeded.heroes)
