"""``python -m game`` as a newcomer runs it."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_game(*args, timeout=120):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=timeout)


@pytest.mark.rule("R-SET-1", "R-DAY-1")
@pytest.mark.parametrize("mode", ["normal", "campaign"])
def test_terminal_game_plays_a_whole_seeded_game(mode, capsys):
    result = run_game("--terminal", "--mode", mode, "--seed", "3")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Anchor" in out and "━━ Day 1 ━━" in out and "Game over" in out
    assert "Traceback" not in result.stderr
    # the players are the title screen's, none named like a hero ("Brunhild recruits the hero Aldric")
    from game.engine.heroes import HERO_NAMES
    players = out.split("turn order: ", 1)[1].split("\n", 1)[0].split(", ")
    assert players == ["Brunhild", "Rowena"] or players == ["Rowena", "Brunhild"]
    assert not set(players) & set(HERO_NAMES)
    # same seed, same game: played again in this process (another process, its own hash seed)
    from game.__main__ import main
    assert main(["--terminal", "--mode", mode, "--seed", "3"]) == 0
    assert capsys.readouterr().out == out


def test_bad_arguments_are_refused_with_a_message():
    result = run_game("--players", "7")
    assert result.returncode == 2 and "2 to 4" in result.stderr


def test_too_many_players_for_the_map_is_refused_with_a_reason():
    result = run_game("--terminal", "--players", "3")        # meadow is a 2-player map
    assert result.returncode == 2
    assert "map for 2 players" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("path", [[], ["--terminal"], ["--map", "maps/meadow.tmx"]])
def test_a_broken_rules_file_names_the_file_and_key_on_every_path(tmp_path, path):
    """Checked before any window opens: one line naming file and key, exit status 1."""
    bad = tmp_path / "bad.toml"
    bad.write_text('[movement]\nroll = "abc"\n')
    result = run_game(*path, "--rules", str(bad))
    assert result.returncode == 1
    assert "bad.toml" in result.stderr and "movement.roll" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_computer_move_the_rules_refuse_stops_the_terminal_game_with_one_line(monkeypatch, capsys):
    """No traceback even when a computer player cannot play a playtester's rules."""
    import argparse

    import game.ai
    from game.engine import actions as A
    from game.terminal import play_in_terminal
    monkeypatch.setattr(game.ai, "choose_action", lambda state, rng, level: A.EndTurn(99))
    args = argparse.Namespace(map=None, mode="normal", rules=None, seed=1, max_days=3, players=2, ai="standard")
    assert play_in_terminal(args) == 1
    err = capsys.readouterr().err
    assert "a computer player's move was refused" in err and len(err.strip().splitlines()) == 1


@pytest.mark.rule("R-SET-1")
def test_a_quick_game_without_players_takes_the_fewest_the_map_allows(tmp_path):
    """--map skirmish (a 4-player map) with no --players seats 4, not the 2 it refused before."""
    from game.cli import fewest_players
    from game.resources import shipped_map
    assert fewest_players(str(shipped_map("skirmish"))) == 4
    assert fewest_players(str(shipped_map("three_fords"))) == 3
    assert fewest_players(str(shipped_map("meadow"))) == 2
    assert fewest_players(str(tmp_path / "missing.tmx")) == 2
