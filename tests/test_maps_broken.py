"""The broken-map corpus gets the intended messages, and nothing crashes the validator."""
import subprocess
import sys
from pathlib import Path

import pytest

from game.maps import MapError, load_map, validate_map

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "data" / "broken_maps"

# file: substrings that must all appear in one problem line
EXPECTED = {
    "unknown_kind": ["layer 'tokens'", "object 3 'dragon'", "cell (2, 1)", "unknown kind 'dragon'"],
    "missing_kind": ["object 3", "cell (2, 1)", "no 'kind' property"],
    "token_outside": ["object 3 'lost item'", "cell (7, 0)", "outside the map"],
    "token_on_water": ["object 3", "cell (2, 1)", "impassable cell (water)"],
    "two_on_one_cell": ["object 3", "cell (0, 0)", "shares its cell with start object 1"],
    "missing_seat": ["layer 'tokens'", "no start slot for seat 2"],
    "duplicate_seat": ["object 3", "cell (3, 3)", "seat 1 already has a start slot"],
    "bad_seat": ["object 3", "cell (3, 3)", "needs a 'seat'"],
    "unreachable": ["object 2", "cell (5, 3)", "cannot be reached"],
    "bad_owner_tier": ["object 3", "cell (2, 1)", "unknown tier 'palace'"],
    "bad_players": ["max_players 7"],
    "no_tokens_layer": ["no object layer named 'tokens'"],
    "isometric": ["orientation 'isometric' is not supported"],
    "staggered": ["orientation 'staggered' is not supported"],
    "infinite": ["infinite maps are not supported"],
    "zstd": ["layer 'ground'", "compression 'zstd'"],
    "template": ["layer 'tokens'", "object 2", "template"],
    "truncated": ["not valid XML"],
    "png_renamed": ["not valid XML"],
    "embedded_tileset": ["embedded", ".tsx"],
    "bad_property_type": ["max_players", "not a valid int"],
    "missing_image": ["tileset image 'no_such_image.png' not found"],
    "bad_move_cost": ["tile id 0", "move_cost 0"],
    "other_game": ["no object layer named 'tokens'"],
}


def test_corpus_is_complete():
    assert {p.stem for p in BROKEN.glob("*.tmx")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_map_message(name):
    path = BROKEN / f"{name}.tmx"
    problems = validate_map(path)
    assert any(all(part in line for part in EXPECTED[name]) for line in problems), problems
    assert all(str(path) in line for line in problems)
    with pytest.raises(MapError) as err:
        load_map(path)
    assert err.value.problems == problems and isinstance(err.value, ValueError)


def test_bad_owner_is_reported_too():
    assert any("owner 9" in p for p in validate_map(BROKEN / "bad_owner_tier.tmx"))


@pytest.mark.parametrize("target", ["tests/data/broken_maps/truncated.tmx", "tests/data/broken_maps",
                                    "no/such/map.tmx", "assets/tokens.png", "assets/terrain_square.tsx"])
def test_validator_never_prints_a_traceback(target):
    out = subprocess.run([sys.executable, "tools/validate_map.py", target], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 1
    assert "Traceback" not in out.stdout + out.stderr
    assert out.stdout.strip() and all(line.startswith(target) for line in out.stdout.strip().splitlines())
