"""tools/simulate.py: the command-line promise to playtesters (tiny runs)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "simulate.py"
MEADOW = ROOT / "maps" / "meadow.tmx"

REQUIRED = {"games", "finished", "errors", "wins_by_seat", "wins_by_ai", "days_mean"}


def run(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    return out


pytestmark = pytest.mark.skipif(not MEADOW.exists(), reason="maps/meadow.tmx not shipped")


@pytest.mark.rule("R-SET-1")
def test_json_has_the_promised_keys():
    out = run("--map", str(MEADOW), "--mode", "normal", "--players", "2", "--ai", "standard,random",
              "--games", "2", "--seed", "1", "--max-days", "6", "--json", "--jobs", "1")
    data = json.loads(out.stdout)
    assert REQUIRED <= set(data)
    assert data["games"] == 2 and data["errors"] == 0 and data["finished"] == 2
    assert set(data["wins_by_ai"]) == {"standard", "random"}
    assert set(data["wins_by_seat"]) == {"1", "2"}
    assert "1/2 seed" in out.stderr or "2/2 seed" in out.stderr      # progress on stderr


@pytest.mark.rule("R-CMP-13")
def test_compare_prints_both_sides(tmp_path):
    plot = tmp_path / "plot.png"
    out = run("--map", str(MEADOW), "--players", "2", "--ai", "random", "--games", "1", "--seed", "3",
              "--max-days", "4", "--json", "--compare", "--jobs", "1", "--plot", str(plot))
    data = json.loads(out.stdout)
    assert set(data) == {"a", "b"}
    assert data["a"]["mode"] == "normal" and data["b"]["mode"] == "campaign"
    for side in data.values():
        assert REQUIRED <= set(side)
    assert plot.exists() and plot.stat().st_size > 1000


def test_seats_rotate_levels():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from simulate import seat_levels
    finally:
        sys.path.pop(0)
    assert seat_levels(["standard", "random"], 2, 0) == ["standard", "random"]
    assert seat_levels(["standard", "random"], 2, 1) == ["random", "standard"]
    assert seat_levels(["a", "b", "c"], 4, 1) == ["b", "c", "a", "b"]
