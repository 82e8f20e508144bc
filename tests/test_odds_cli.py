"""tools/odds.py: the command line promised to users."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "odds.py"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=120)


@pytest.mark.rule("R-BAT-4")
def test_json_prints_the_exact_probability():
    done = run("--attacker", "1x1d6", "--defender", "1x1d6", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report) == {"p_attacker_wins"}
    assert report["p_attacker_wins"] == pytest.approx(15 / 36, abs=1e-9)


def test_json_with_simulation_and_roll_modes():
    done = run("--attacker", "hero:1x2d6+6,5x1d6,4x1d6&2x2d6", "--defender", "6x1d6,5x1d6",
               "--attacker-rolls", "individual", "--defender-rolls", "representative",
               "--json", "--simulate", "200", "--seed", "7")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert 0 < report["p_attacker_wins"] < 1
    simulated = report["simulated"]
    assert simulated["battles"] == 200 and simulated["seed"] == 7
    assert 0 <= simulated["rate"] <= 1 and simulated["stderr"] > 0
    assert json.loads(run("--attacker", "hero:1x2d6+6,5x1d6,4x1d6&2x2d6", "--defender", "6x1d6,5x1d6",
                          "--attacker-rolls", "individual", "--json", "--simulate", "200",
                          "--seed", "7").stdout) == report


def test_readable_summary_lists_moves_and_best_move():
    done = run("--attacker", "hero:1x2d6+6,5x1d6", "--defender", "city:1x3d3+9,4x1d6")
    assert done.returncode == 0, done.stderr
    assert "[1] -> [0]" in done.stdout and "<- best" in done.stdout
    assert "P(attacker wins)" in done.stdout


@pytest.mark.parametrize("side, text, token", [
    ("--attacker", "5xd6", "5xd6"),
    ("--defender", "1x1d6,king:2x1d6", "king:2x1d6"),
    ("--defender", "1x1d6,,2x1d6", "''"),
    ("--attacker", "1x1d6&2x2d6+", "2x2d6+"),
])
def test_bad_syntax_exits_2_naming_the_token(side, text, token):
    other = "--defender" if side == "--attacker" else "--attacker"
    done = run(side, text, other, "1x1d6")
    assert done.returncode == 2
    assert token in done.stderr and side in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.rule("R-HERO-2")
def test_owner_tags_are_accepted_documented_and_change_the_odds():
    mine = run("--attacker", "hero:1x2d6+6,8x1d6", "--defender", "city:1x3d3+9,hero@a:1x2d6+6,3x1d6@a,6x1d6@a",
               "--json")
    garrison = run("--attacker", "hero:1x2d6+6,8x1d6", "--defender",
                   "city:1x3d3+9,hero@a:1x2d6+6,3x1d6@a,6x1d6@city", "--json")
    assert mine.returncode == 0 and garrison.returncode == 0, mine.stderr + garrison.stderr
    # the same units: a garrison that never deserts defends better than the hero's own army
    assert json.loads(garrison.stdout)["p_attacker_wins"] < json.loads(mine.stdout)["p_attacker_wins"]
    assert "@city" in run("--help").stdout
