"""The lab's map calibration: play-time estimates and seat win rates that the title screen shows."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from game.lab.calibration import NOT_MEASURED, minutes_for, play_time_text
from game.ui.menus.options import default_seats

ROOT = Path(__file__).resolve().parent.parent


def test_play_time_comes_from_decisions_at_5_to_10_seconds():
    assert minutes_for(240) == (20, 40)
    table = {"maps": {"meadow": {"2": {"minutes": [20, 40], "games": 24}}}}
    assert play_time_text("meadow", 2, table) == "about 20–40 min"
    assert play_time_text("meadow", 3, table) == NOT_MEASURED     # honest, not silent
    assert play_time_text("elsewhere", 2, {}) == NOT_MEASURED
    stopped = {"maps": {"highlands": {"3": {"minutes": [53, 106], "games": 1, "left_out": 15},
                                      "4": {"minutes": [1, 1], "games": 0, "left_out": 16}}}}
    assert play_time_text("highlands", 3, stopped) == "over 53 min"       # the finished games were the short ones
    assert play_time_text("highlands", 4, stopped) == NOT_MEASURED
    long = {"maps": {"highlands": {"4": {"minutes": [584, 1168], "games": 20}, "3": {"minutes": [96, 191], "games": 20}}}}
    assert play_time_text("highlands", 4, long) == "about 10–19 hours"      # not "584–1168 min"
    assert play_time_text("highlands", 3, long) == "about 2–3 hours"


def test_title_shows_the_estimate_for_the_chosen_map_and_player_count(tmp_path, monkeypatch):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    table = {"maps": {"riverlands": {"2": {"minutes": [30, 60], "games": 9}, "4": {"minutes": [50, 100], "games": 9}}}}
    monkeypatch.setattr("game.lab.calibration.shipped_table", lambda: table)
    from game.ui.app import App
    from game.ui.menus.map_catalog import MapEntry
    from game.ui.menus.title import TitleScene
    shipped = str(ROOT / "maps" / "riverlands.tmx")
    entries = [MapEntry(shipped, "The Riverlands"), MapEntry(str(tmp_path / "riverlands.tmx"), "Mine", own=True)]
    app = App(headless=True)
    scene = TitleScene(maps=entries, on_start=lambda options: None, saves_dir=tmp_path)
    app.push(scene)
    shown = {}
    for players in (2, 3, 4):
        scene.seats = default_seats(players)
        shown[players] = scene._play_time(entries[0])
    assert shown == {2: "about 30–60 min", 3: NOT_MEASURED, 4: "about 50–100 min"}
    assert scene._play_time(entries[1]) == NOT_MEASURED      # a player's map of the same name is not ours


def test_the_title_shows_the_chosen_rulesets_estimate(tmp_path, monkeypatch):
    """Played: with Campaign chosen the title showed Normal's "about 17–34 min" for a game of hours."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    table = {"maps": {"meadow": {"2": {"minutes": [17, 34], "games": 9}}},
             "campaign_maps": {"meadow": {"2": {"minutes": [100, 200], "games": 9}}}}
    monkeypatch.setattr("game.lab.calibration.shipped_table", lambda: table)
    from game.ui.app import App
    from game.ui.menus.map_catalog import MapEntry
    from game.ui.menus.title import TitleScene
    entry = MapEntry(str(ROOT / "maps" / "meadow.tmx"), "Meadow Ford")
    app = App(headless=True)
    scene = TitleScene(maps=[entry], on_start=lambda options: None, saves_dir=tmp_path)
    app.push(scene)
    scene.seats = default_seats(2)
    assert scene._play_time(entry) == "about 17–34 min"
    scene.mode = "campaign"
    assert scene._play_time(entry) == "about 2–3 hours"
    del table["campaign_maps"]
    assert scene._play_time(entry) == NOT_MEASURED, "not Normal's figure"


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


def test_markdown_table_has_one_row_per_map_and_player_count():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from calibrate_maps import markdown_table
    finally:
        sys.path.pop(0)
    seat = {"seat": 1, "win_rate": 0.5, "ci95": [0.4, 0.6]}
    table = {"maps": {"skirmish": {"4": {"games": 100, "left_out": 2, "seats": [seat], "days_mean": 18.2,
                                         "minutes": [50, 100]}}}}
    assert markdown_table(table).splitlines()[-1] == \
        "| skirmish | 4 | 100 (+2 stopped) | 1: 50% (40%–60%) | 18.2 | 50–100 min |"
    assert len(markdown_table(table, "campaign").splitlines()) == 2, "Campaign rows are kept apart"
    table["campaign_maps"] = table.pop("maps")
    assert markdown_table(table, "campaign").splitlines()[-1].endswith("| 50–100 min |")


@pytest.mark.parametrize("mode", ["normal", "campaign"])
def test_every_shipped_map_and_player_count_is_calibrated(mode):
    """The title screen shows a measured play time for every shipped map at every count it allows, in
    either ruleset."""
    from game import resources
    from game.lab.calibration import load, maps_key
    from game.maps import load_map
    table = load(resources.maps_dir())[maps_key(mode)]
    missing = []
    for path in resources.shipped_maps():
        board = load_map(path)
        counts = board.counts_for(mode)
        for players in counts:
            row = table.get(path.stem, {}).get(str(players))
            if not row or row["games"] + row.get("left_out", 0) < 10:
                missing.append(f"{path.stem} {players}p")
        stale = sorted(set(table.get(path.stem, {})) - {str(n) for n in counts})
        assert not stale, f"{path.stem} is not made for {stale} players, yet the table estimates them"
    assert not missing, f"run tools/calibrate_maps.py --mode {mode} --write for: {', '.join(missing)}"


def test_json_output_is_json_alone(capsys):
    """--json is read by scripts: the human summary line goes to stderr, stdout parses whole."""
    import json
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from calibrate_maps import main
    finally:
        sys.path.pop(0)
    assert main(["--maps", "meadow", "--games", "2", "--seed", "7", "--max-days", "4", "--jobs", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    table = json.loads(out)
    assert table["maps"]["meadow"]["2"]["games"] == 2
    assert "meadow 2p: 2 games" in err
