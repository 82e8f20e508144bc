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


def _simulate_module():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import simulate
    finally:
        sys.path.pop(0)
    return simulate


@pytest.mark.rule("R-END-2")
def test_out_rows_seats_and_the_day_limit_day(tmp_path):
    """--out keeps a row per game; --seats fixes each seat's level; a day-limit game reports the limit's day."""
    rows_file = tmp_path / "games.jsonl"
    run("--map", str(MEADOW), "--seats", "easy,hard", "--games", "2", "--seed", "5", "--max-days", "2",
        "--jobs", "1", "--out", str(rows_file))
    rows = [json.loads(line) for line in rows_file.read_text().splitlines()]
    assert len(rows) == 2
    for row in rows:
        assert row["levels"] == ["easy", "hard"]
        assert {"seed", "map", "mode", "winners", "end_reason", "days", "income", "cities", "heroes",
                "rules", "events"} <= set(row)
        if row["end_reason"] == "day_limit":
            assert row["days"] == 2
        assert len(row["cities"]) == len(row["income"]) >= 1
    assert any(row["end_reason"] == "day_limit" for row in rows)


def test_csv_rows(tmp_path):
    rows_file = tmp_path / "games.csv"
    run("--map", str(MEADOW), "--games", "1", "--seed", "5", "--max-days", "2", "--jobs", "1", "--out", str(rows_file))
    lines = rows_file.read_text().splitlines()
    assert lines[0].startswith("variant,seed,map,mode,levels,winners") and len(lines) == 2


def test_a_shared_win_is_not_the_first_players_win():
    simulate = _simulate_module()
    args = simulate.parse_args(["--map", str(MEADOW), "--games", "2"])
    base = {"error": None, "finished": True, "levels": ["standard", "standard"], "anchor": 1, "days": 5,
            "end_reason": "conquest", "upkeep_by_seat": {}, "battles": 0, "attacker_wins": 0, "conquests": 0,
            "upkeep_deaths": 0, "ai_refused": 0, "dead_actor_skips": 0, "seconds": 0.1, "income": [], "army": [],
            "cities": [], "heroes": [], "rules": {}, "events": {}}
    results = [dict(base, seed=1, winners=[1, 2], end_reason="day_limit"), dict(base, seed=2, winners=[2])]
    summary = simulate.summarize(results, args, "normal", None)
    assert summary["first_player_win_rate"] == 0.0
    assert summary["end_reasons_by_seat"]["1"] == {"conquest": 0, "day_limit": 0, "shared": 1, "lost": 1}
    assert summary["running_by_day"] == [2, 2, 2, 2, 2]


@pytest.mark.rule("R-MON-1")
@pytest.mark.rule("R-DEATH-2")
def test_rule_coverage_reads_the_engine_events():
    from game.engine.state import Event
    from game.lab.coverage import rule_counts
    log = [Event("dice", {"purpose": "monster_reaction", "reaction": "bribe"}),
           Event("dice", {"purpose": "monster_reaction", "reaction": "fight"}),
           Event("token_placed", {"kind": "monster", "reason": "deserters"}),
           Event("recruited", {"unit": "unit_2_2", "count": 3})]
    counts = rule_counts(log)
    assert counts == {"monsters bribed": 1, "monsters fight": 1, "deserters' Monster": 1,
                      "Tier 2 ⭐⭐ recruits": 1}


@pytest.mark.rule("R-ALLY-1")
def test_rule_coverage_counts_alliances_made_and_ended_in_play():
    """Read from the events the engine really emits (the sign once looked for a field it never has)."""
    from enginekit import start_game, to_turns
    from game.engine import apply
    from game.engine import actions as A
    from game.lab.coverage import rule_counts
    state = start_game(players=3)
    to_turns(state)
    apply(state, A.ProposeAlliance(1, 2))
    apply(state, A.AnswerAlliance(2, 1, True))
    apply(state, A.EndAlliance(1, 2))
    apply(state, A.ProposeAlliance(1, 3))
    apply(state, A.AnswerAlliance(3, 1, False))
    counts = rule_counts(state.log)
    assert (counts.get("alliance proposed"), counts.get("alliance made"), counts.get("alliance ended")) == (2, 1, 1)


def test_intervals_say_when_a_difference_is_noise():
    from game.lab.stats import mean_difference, rate_difference, verdict
    d, lo, hi = rate_difference(50, 100, 52, 100)
    assert lo < 0 < hi and verdict(lo, hi) == "within the noise"
    d, lo, hi = rate_difference(20, 100, 80, 100)
    assert lo > 0 and verdict(lo, hi) == "higher in b"
    d, lo, hi = mean_difference([10, 11, 12, 13], [20, 21, 22, 23])
    assert d == 10 and lo > 0


def test_compare_reports_differences_inside_b(tmp_path):
    out = run("--map", str(MEADOW), "--ai", "standard", "--games", "2", "--seed", "3", "--max-days", "4",
              "--json", "--compare", "--jobs", "1")
    data = json.loads(out.stdout)
    assert set(data) == {"a", "b"}
    figures = {row["figure"]: row for row in data["b"]["differences_from_a"]}
    assert {"days per game", "first player's win rate", "decisions per game"} <= set(figures)
    assert "standard win rate" not in figures          # every seat standard: a level's win rate says nothing
    for row in figures.values():
        assert row["verdict"] in ("within the noise", "higher in b", "lower in b")
