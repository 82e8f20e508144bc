"""The lab's map calibration: play-time estimates and seat win rates that the title screen shows."""
from __future__ import annotations

import sys
from pathlib import Path

from game.lab.calibration import minutes_for, play_time_text

ROOT = Path(__file__).resolve().parent.parent


def test_play_time_comes_from_decisions_at_5_to_10_seconds():
    assert minutes_for(240) == (20, 40)
    table = {"maps": {"meadow": {"2": {"minutes": [20, 40]}}}}
    assert play_time_text("meadow", 2, table) == "about 20–40 min"
    assert play_time_text("meadow", 3, table) == ""          # not measured: nothing shown
    assert play_time_text("elsewhere", 2, {}) == ""


def test_calibrate_one_map_and_player_count():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from calibrate_maps import calibrate
    finally:
        sys.path.pop(0)
    row = calibrate(ROOT / "maps" / "meadow.tmx", 2, 2, 7, "standard", 8, 1)
    assert row["games"] == 2
    assert [s["seat"] for s in row["seats"]] == [1, 2]
    assert sum(s["win_rate"] for s in row["seats"]) <= 1.0
    assert row["minutes"][0] < row["minutes"][1]
    assert row["decisions_mean"] > 0
