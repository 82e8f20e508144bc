"""Rule files are parsed from TOML once per machine (a JSON copy in the cache folder, game.derived),
and an edited file is never read from an old copy."""
import os
import subprocess
import sys

import pytest

from game.engine import RulesError, load_rules
from game.engine import rules as R


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    R._READ.clear()                    # the in-memory copy of files read before
    yield tmp_path / "cache" / "fuzzyknights" / "rules"
    R._READ.clear()


def test_the_copy_gives_the_same_rules_as_the_toml(cache):
    first = load_rules("campaign").data
    assert sorted(p.name.rsplit("-", 2)[0] for p in cache.iterdir()) == ["campaign", "normal"]
    R._READ.clear()
    assert load_rules("campaign").data == first


def test_an_edited_rules_file_is_read_again_and_its_old_copy_deleted(cache, tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text("[movement]\npickup_cost = 2\n")
    assert load_rules("normal", overlay=path)["movement"]["pickup_cost"] == 2
    path.write_text("[movement]\npickup_cost = 3\n")
    R._READ.clear()
    assert load_rules("normal", overlay=path)["movement"]["pickup_cost"] == 3
    assert len([p for p in cache.iterdir() if p.name.startswith("mine-")]) == 1


def test_a_damaged_copy_is_made_again(cache):
    first = load_rules("normal").data
    (copy,) = cache.iterdir()
    copy.write_text("{not json")
    R._READ.clear()
    assert load_rules("normal").data == first
    assert copy.read_text().startswith("{\"")


def test_a_broken_file_is_refused_as_before_and_leaves_no_copy(cache, tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text("[movement\n")
    with pytest.raises(RulesError, match="not valid TOML"):
        load_rules("normal", overlay=path)
    assert not cache.exists() or not [p for p in cache.iterdir() if p.name.startswith("mine-")]


def test_a_toml_date_has_no_json_copy_and_still_reads(cache, tmp_path):
    path = tmp_path / "dated.toml"
    path.write_text("when = 1979-05-27\n")
    assert R._parsed(path, path.read_bytes())["when"].year == 1979
    assert not cache.exists() or not list(cache.iterdir())


def test_a_new_game_with_a_copy_does_not_import_tomllib(tmp_path):
    code = ("import sys; from game.engine import load_rules; load_rules('normal'); "
            "print('tomllib' in sys.modules)")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env=env).stdout.strip() for _ in range(2)]
    assert runs == ["True", "False"]
