"""tools/bench_ai.py --json keeps {"decisions", "p50_ms", "p99_ms", "max_ms"} and, with --reference MAP,
adds the reference map's figures and the ratios to them (issue 14). Shape and arithmetic only: the
games are replaced by fixed decision times, and no timing is asserted."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def bench_ai(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    import bench_ai
    times = {"meadow": [1.0] * 98 + [4.0, 10.0], "highlands": [1.0] * 98 + [2.0, 4.0]}
    monkeypatch.setattr(bench_ai, "decision_times",
                        lambda board, players, seed, level, mode, turns: list(times[board.name]))
    monkeypatch.setattr(bench_ai, "load", lambda path: (path.stem, type("Board", (), {"name": path.stem})()))
    return bench_ai


def run_json(bench_ai, capsys, *args) -> dict:
    assert bench_ai.main(["--players", "2", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_keeps_its_contract(bench_ai, capsys):
    result = run_json(bench_ai, capsys, "--map", "meadow")
    assert {"decisions", "p50_ms", "p99_ms", "max_ms"} <= set(result)
    assert (result["decisions"], result["p50_ms"], result["p99_ms"], result["max_ms"]) == (100, 1.0, 4.0, 10.0)
    assert "reference" not in result


def test_reference_adds_its_figures_and_the_ratios(bench_ai, capsys):
    result = run_json(bench_ai, capsys, "--map", "meadow", "--reference", "highlands")
    assert (result["map"], result["p99_ms"], result["max_ms"]) == ("meadow", 4.0, 10.0)
    assert result["reference"]["map"] == "highlands"
    assert (result["reference"]["p99_ms"], result["reference"]["max_ms"]) == (2.0, 4.0)
    assert (result["p99_ratio"], result["max_ratio"]) == (2.0, 2.5)


def test_a_missing_reference_map_is_one_line_and_exit_1_before_any_game(monkeypatch, capsys):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    import bench_ai

    def no_games(*args):
        raise AssertionError("a game was played before the maps were checked")
    monkeypatch.setattr(bench_ai, "decision_times", no_games)
    assert bench_ai.main(["--map", "meadow", "--reference", str(ROOT / "no_such_map.tmx")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no_such_map.tmx" in err[0]


@pytest.mark.rule("R-END-2")
def test_a_timed_game_ends_at_its_day_cap_even_when_the_players_vote_the_day_limit_off(monkeypatch):
    """Players behind vote the day limit off (R-VOTE-1); the bench's game must still end at the cap, as
    the lab's do (on a big map a timed game once ran on for hours)."""
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    import bench_ai

    import game.ai.play as play
    from game.board import Board
    from game.board.model import MapToken
    real = play.choose_action
    days = []

    def voting_off(state, rng, level):
        if state.day >= 2:
            state.rules.data["options"]["day_limit"] = False     # as a passed vote does
        assert state.day <= 6, "the timed game played on past its Day cap"
        days.append(state.day)
        return real(state, rng, level)
    monkeypatch.setattr(play, "choose_action", voting_off)
    board = Board.blank(9, 9, tokens=[MapToken("start", (1, 1), seat=1), MapToken("start", (7, 7), seat=2)])
    times = bench_ai.decision_times(board, 2, 5, "random", "normal", max_days=3)
    assert len(times) == len(days) > 0 and max(days) == 3      # played through its last Day, then stopped


def test_a_turn_is_one_players_run_of_decisions(monkeypatch):
    """What a person waits for: a computer player's decisions until another player acts, summed."""
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    import bench_ai
    assert bench_ai.turn_seconds([1, 1, 2, 2, 2, 1], [500, 250, 1000, 1000, 1000, 100]) == [0.75, 3.0, 0.1]


def test_json_tells_the_turns_of_a_real_game(monkeypatch, capsys):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    import bench_ai
    from game.board import Board
    from game.board.model import MapToken
    board = Board.blank(9, 9, tokens=[MapToken("start", (1, 1), seat=1), MapToken("start", (7, 7), seat=2)])
    monkeypatch.setattr(bench_ai, "load", lambda path: (path.stem, board))
    assert bench_ai.main(["--players", "2", "--level", "easy", "--max-days", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {"turns", "turn_p50_s", "turn_max_s"} <= set(result)
    assert 2 <= result["turns"] < result["decisions"] and result["turn_max_s"] >= result["turn_p50_s"] >= 0
