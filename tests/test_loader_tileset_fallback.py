"""A player's own map copied out of the checkout keeps working: its ``../assets/x.tsx``
references fall back to the shipped tileset of that name."""
import shutil
from pathlib import Path

import numpy as np

from game import resources
from game.maps import load_map, validate_map
from game.maps.watch import map_sources

SHIPPED = resources.maps_dir() / "meadow.tmx"


def copy_out(tmp_path: Path, text_change=None) -> Path:
    folder = tmp_path / "my maps"
    folder.mkdir()
    target = folder / "meadow_copy.tmx"
    shutil.copy(SHIPPED, target)
    if text_change:
        target.write_text(text_change(target.read_text(encoding="utf-8")), encoding="utf-8")
    assert not (tmp_path / "assets").exists()
    return target


def test_copied_map_uses_the_shipped_tilesets(tmp_path):
    copy = copy_out(tmp_path)
    assert validate_map(copy) == []
    board, original = load_map(copy), load_map(SHIPPED)
    assert np.array_equal(board.move_cost, original.move_cost)
    assert board.terrain == original.terrain
    assert sorted((t.kind, t.cell) for t in board.tokens) == sorted((t.kind, t.cell) for t in original.tokens)


def test_live_reload_watches_the_shipped_tileset_it_fell_back_to(tmp_path):
    watched = map_sources(str(copy_out(tmp_path)))
    assert str(resources.assets_dir() / "tokens.tsx") in watched


def test_a_tileset_the_game_does_not_ship_is_still_reported_missing(tmp_path):
    copy = copy_out(tmp_path, lambda text: text.replace("../assets/tokens.tsx", "../assets/my_tokens.tsx"))
    problems = validate_map(copy)
    assert any("my_tokens.tsx" in p and "not found" in p for p in problems), problems
