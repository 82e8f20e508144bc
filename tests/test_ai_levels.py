"""Computer levels are real and ordered (R-SET-1), and the tournament tool keeps its JSON shape."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import LEVELS
from game.ai.levels import STYLES, VARIANTS, style_of

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import tournament  # noqa: E402
from simulate import run_jobs  # noqa: E402


def test_every_ui_level_is_its_own_player():
    """`hard` is not `standard` renamed, nor `easy` the uniform random player."""
    assert {"easy", "standard", "hard"} <= set(LEVELS)
    assert len({STYLES["easy"], STYLES["standard"], STYLES["hard"]}) == 3
    assert style_of("standard:many_heroes") == VARIANTS["many_heroes"]
    assert style_of("godlike") is None


@pytest.mark.rule("R-SET-1")
def test_hard_beats_easy_on_meadow():
    """Seats swap every game; 20 seeded games on Meadow Ford. Over 100 games hard won 83%;
    equal players would win 10 of 20, so 14 or more is far beyond chance."""
    jobs = tournament.pair_jobs("hard", "easy", 20, 1, str(ROOT / "maps" / "meadow.tmx"), "normal", 60)
    row = tournament.score_pair("hard", "easy", run_jobs(jobs, 1, label="test"))
    assert row["errors"] == 0
    assert row["a_wins"] >= 14, row


def test_wilson_interval_brackets_the_rate():
    lo, hi = tournament.wilson(70, 100)
    assert 0.6 < lo < 0.7 < hi < 0.8
    assert tournament.wilson(0, 10)[0] == 0.0


def test_tournament_json_shape():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "tournament.py"), "--map", "meadow",
                          "--levels", "easy,standard", "--games", "2", "--seed", "3", "--jobs", "1", "--json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    pairs = json.loads(out.stdout)["pairs"]
    assert [(p["a"], p["b"]) for p in pairs] == [("easy", "standard")]
    row = pairs[0]
    assert set(row) >= {"a", "b", "games", "a_wins", "b_wins", "draws", "a_rate", "ci95"}
    assert row["a_wins"] + row["b_wins"] + row["draws"] == row["games"] == 2
    assert 0 <= row["ci95"][0] <= row["a_rate"] <= row["ci95"][1] <= 1


def test_tournament_refuses_unknown_levels():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "tournament.py"), "--levels", "easy,godlike"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "godlike" in out.stderr and "Traceback" not in out.stderr
