"""The lab's --time-limit: a game that takes too long is stopped and reported, the others are played."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from simulate import game_job, run_jobs  # noqa: E402

MEADOW = ROOT / "maps" / "meadow.tmx"
HIGHLANDS = ROOT / "maps" / "highlands.tmx"


def test_a_game_over_the_time_limit_is_stopped_and_reported_as_an_error():
    slow = game_job(5, ["standard"] * 4, HIGHLANDS, "normal", 60)       # takes seconds, not 50 ms
    quick = game_job(7, ["standard"] * 2, MEADOW, "normal", 3)
    results = run_jobs([slow], 1, time_limit=0.05) + run_jobs([quick], 1, time_limit=60)
    stopped, played = results
    assert stopped["seed"] == 5 and not stopped["finished"]
    assert stopped["error"].startswith("TimeLimit:") and "0.05 s" in stopped["error"]
    assert played["error"] is None and played["finished"] and played["days"] <= 3
