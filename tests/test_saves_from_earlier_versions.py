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
