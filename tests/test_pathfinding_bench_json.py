"""tools/bench_pathfinding.py --json: the budget rows stay, whole-map and load-map rows are added (issue 14).

Shape only: timings are never asserted in tests."""
import json
import subprocess
import sys
from pathlib import Path


def test_json_keeps_the_budget_rows_and_adds_whole_map_and_load_map_rows():
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "tools/bench_pathfinding.py", "--json", "--repeat", "1"], cwd=root,
                         capture_output=True, text=True, timeout=170)
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)["results"]
    budget = [r for r in rows if "query" not in r]
    assert {(r["topology"], r["size"]) for r in budget} == {(k, s) for k in ("square", "hex") for s in (64, 256, 1024)}
    assert all({"ours_us", "tcod_us", "ratio"} <= set(r) for r in budget)
    whole = [r for r in rows if r.get("query") == "whole-map"]
    assert {(r["topology"], r["size"]) for r in whole} == {(k, s) for k in ("square", "hex") for s in (64, 256)}
    loads = [r for r in rows if r.get("query") == "load-map"]
    assert {r["size"] for r in loads} == {256} and all(r["ratio"] == round(r["ms"] / r["goal_ms"], 2) for r in loads)
