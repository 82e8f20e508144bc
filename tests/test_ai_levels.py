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
    """`hard` is not `standard` renamed (it searches), nor `easy` the uniform random player."""
    import random
    from enginekit import start_game
    from game.ai.hard import HardPlanner
    from game.ai.play import choose_action
    assert {"easy", "standard", "hard"} <= set(LEVELS)
    assert STYLES["easy"] != STYLES["standard"]
    calls = []
    original = HardPlanner.best_of
    try:
        HardPlanner.best_of = lambda self, candidates, **kw: calls.append(candidates) or original(self, candidates, **kw)
        choose_action(start_game(), random.Random(1), "hard")
    finally:
        HardPlanner.best_of = original
    assert calls, "hard chose without its search"
    assert style_of("standard:many_heroes") == VARIANTS["many_heroes"]
    assert style_of("godlike") is None


def _daybreak_choice(level: str, coin: int):
    """What ``level`` does first at P1's Day-1 Daybreak with one hero and ``coin`` in the purse."""
    import random
    from enginekit import recruit_hero, start_game
    from game.ai import choose_action
    state = start_game()
    state.players[1].purse["coin"] = 5
    recruit_hero(state, 1)
    state.players[1].purse["coin"] = coin
    return choose_action(state, random.Random(1), level)


@pytest.mark.rule("R-SET-1")
@pytest.mark.rule("R-BLD-4")
def test_standard_hires_heroes_early_where_easy_saves():
    """Tournaments found early heroes to be the main edge (the hero-count probe, tools/tournament.py):
    standard hires a second hero on Day 1; easy keeps its one hero."""
    standard = _daybreak_choice("standard", 20)
    assert type(standard).__name__ == "Recruit" and standard.recruit == "hero", standard
    easy = _daybreak_choice("easy", 20)
    assert not (type(easy).__name__ == "Recruit" and easy.recruit == "hero"), easy


@pytest.mark.rule("R-SET-1")
@pytest.mark.rule("R-CITY-2")
def test_easy_leaves_its_walls_down():
    """A sieged capital without Ramparts: standard rebuilds them first, easy does not."""
    import random
    from enginekit import capital, recruit_hero, start_game
    from game.ai import choose_action
    picks = {}
    for level in ("standard", "easy"):
        state = start_game()
        city = capital(state, 1)
        city.buildings.pop("ramparts")
        recruit_hero(state, 1)
        state.players[1].purse["coin"] = 9
        picks[level] = choose_action(state, random.Random(1), level)
    assert type(picks["standard"]).__name__ == "Build" and picks["standard"].building == "ramparts"
    assert not (type(picks["easy"]).__name__ == "Build" and picks["easy"].building == "ramparts")


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


def test_tournament_seats_a_table_of_three_alternately_and_refuses_a_count_the_map_does_not_take():
    jobs = tournament.pair_jobs("hard", "easy", 2, 5, "m.tmx", "normal", 60, players=3)
    assert [j["levels"] for j in jobs] == [["hard", "easy", "hard"], ["easy", "hard", "easy"]]
    won = tournament.score_pair("hard", "easy", [
        {"error": None, "finished": True, "levels": ["hard", "easy", "hard"], "winners": [3]},
        {"error": None, "finished": True, "levels": ["easy", "hard", "easy"], "winners": [1, 3]},
        {"error": None, "finished": True, "levels": ["hard", "easy", "hard"], "winners": [1, 2]}])
    assert (won["a_wins"], won["b_wins"], won["draws"]) == (1, 1, 1), "a win shared by one level's seats is its win"
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "tournament.py"), "--map", "skirmish", "--players", "2",
                          "--levels", "easy,standard", "--games", "1"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and "for 4 players, not 2" in out.stderr and "Traceback" not in out.stderr


def test_tournament_names_a_map_it_may_not_read_in_one_line(monkeypatch, capsys):
    from game.ui.menus import map_catalog

    def not_allowed(path):
        raise PermissionError(13, "Permission denied", str(path))
    monkeypatch.setattr(map_catalog, "read_header", not_allowed)
    assert tournament.main(["--map", "meadow", "--levels", "easy,standard", "--games", "1"]) == 1
    assert capsys.readouterr().err.strip().endswith("meadow.tmx: Permission denied")


def test_a_tournament_played_in_parts_gives_each_game_the_seed_and_seats_of_the_whole_run():
    """Long runs (hours on the big maps) are played in parts: ``--from-game`` resumes one exactly."""
    whole = tournament.pair_jobs("hard", "standard", 6, 7, "m.tmx", "campaign", 60, players=4)
    later = tournament.pair_jobs("hard", "standard", 6, 7, "m.tmx", "campaign", 60, players=4, first=3)
    assert [(j["seed"], j["levels"]) for j in later] == [(j["seed"], j["levels"]) for j in whole[3:]]
    assert later[0]["levels"] == ["standard", "hard", "standard", "hard"]         # game 3 of the run: b first
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "tournament.py"), "--levels", "easy,standard",
                          "--games", "4", "--from-game", "4"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "--from-game must be 0 to 3" in out.stderr and "Traceback" not in out.stderr


def test_every_lab_variant_the_readme_and_levels_name_can_be_played():
    """The README and ``game.ai.levels`` report figures for ``standard:NAME`` and ``hard:NAME`` levels: each
    must still be a level the lab plays (an edit once dropped ``standard:one_army`` from the table)."""
    import re

    import game.ai.levels as levels
    root = Path(__file__).resolve().parent.parent
    named = set(re.findall(r"`(?:standard|hard):([a-z_0-9]+)`", (root / "README.md").read_text()))
    named |= {name for name in re.findall(r"``([a-z_0-9]+)``", levels.__doc__) if name not in ("standard", "hard")}
    named -= {"easy"}
    assert "one_army" in named and "cautious" in named
    missing = sorted(n for n in named if style_of(f"standard:{n}") is None and style_of(f"hard:{n}") is None)
    assert not missing, missing
