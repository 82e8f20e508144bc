"""tools/reach.py: its core on hand-made boards, its promise on every shipped map, bad input."""
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.board.model import Board, MapToken
from game.board.pathfinding import reachable, token_masks
from game.maps import load_map, shipped_maps

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "reach.py"
_spec = importlib.util.spec_from_file_location("reach_tool", TOOL)
reach_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(reach_tool)


def run_tool(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(TOOL), *map(str, args)],
                          capture_output=True, text=True, env=env, timeout=60)


def small_board(kind="square", **hex_layout):
    board = Board.blank(5, 3, kind, tokens=[MapToken("monster", (3, 1)), MapToken("item", (1, 1)),
                                            MapToken("city", (0, 0), owner=2)], **hex_layout)
    board.move_cost[2, 2] = 0
    return board


@pytest.mark.rule("R-MOV-6")
def test_json_lists_every_reachable_tile_with_cost_stop_and_pickups():
    reach = reach_tool.hero_reach(small_board(), (2, 1), player=1, budget=3)
    tiles = {(t["col"], t["row"]): t for t in reach_tool.reach_json(reach)["tiles"]}
    assert tiles[(2, 1)] == {"col": 2, "row": 1, "cost": 0, "stop": False, "pickups": 0}
    assert tiles[(3, 1)] == {"col": 3, "row": 1, "cost": 1, "stop": True, "pickups": 0}
    assert tiles[(1, 1)]["pickups"] == 1 and not tiles[(1, 1)]["stop"]
    assert tiles[(0, 0)]["stop"] and tiles[(0, 0)]["cost"] == 3   # an enemy city
    assert (4, 1) not in tiles and (2, 2) not in tiles and (3, 2) not in tiles
    assert all(t["cost"] <= 3 for t in tiles.values())


def test_text_marks_hero_stops_pickups_impassable_and_unreachable():
    board = small_board()
    text = reach_tool.reach_text(board, reach_tool.hero_reach(board, (2, 1), 1, 2))
    rows = {line.split()[0]: line for line in text.splitlines()[2:5]}
    assert rows["1"].split() == ["1", "2", "1+", "@", "1!", ".."]
    assert rows["2"].split() == ["2", "..", "2", "##", "..", ".."]
    assert "legend" in text


def test_text_indents_the_shifted_rows_of_a_hex_map():
    board = small_board("hex", stagger_axis="y", stagger_index="odd")
    lines = reach_tool.reach_text(board, reach_tool.hero_reach(board, (2, 1), 1, 2)).splitlines()
    assert lines[3].startswith("   1   ") and not lines[2].startswith("   0   ")


def test_text_draws_the_shifted_columns_of_a_hex_map_half_a_row_lower():
    board = small_board("hex", stagger_axis="x", stagger_index="odd")
    lines = reach_tool.reach_text(board, reach_tool.hero_reach(board, (2, 1), 1, 2)).splitlines()
    # Two lines per row: even columns on the first, odd (shifted) columns on the second.
    assert lines[4].split() == ["1", "2", "@", "2"]       # columns 0, 2, 4 of row 1
    assert lines[5].split() == ["1+", "1!"]               # columns 1, 3 of row 1


@pytest.mark.parametrize("hero,message", [((7, 0), "off the"), ((2, 2), "impassable")])
def test_bad_hero_cells_are_refused(hero, message):
    with pytest.raises(reach_tool.BadInput, match=message):
        reach_tool.hero_reach(small_board(), hero, 1, 3)


@pytest.mark.parametrize("map_path", shipped_maps(), ids=lambda p: p.name)
def test_json_on_every_shipped_map_matches_the_pathfinder(map_path, capsys):
    board = load_map(map_path)
    hero = next(cell for cell in board.start_slots().values() if board.passable(cell))
    assert reach_tool.main([str(map_path), "--hero", f"{hero[0]},{hero[1]}",
                            "--player", "1", "--budget", "12", "--json"]) == 0
    tiles = json.loads(capsys.readouterr().out)["tiles"]
    stop, pickups = token_masks(board, board.tokens, 1)
    expected = reachable(board.topology, board.move_cost, stop, hero, 12, pickups)
    assert {(t["col"], t["row"]): t["cost"] for t in tiles} == {
        cell: expected.cost(cell) for cell in expected.cells()}
    assert {"col": hero[0], "row": hero[1], "cost": 0, "stop": False,
            "pickups": expected.pickups(hero)} in tiles
    assert reach_tool.main([str(map_path), "--hero", f"{hero[0]},{hero[1]}",
                            "--player", "1", "--budget", "12"]) == 0
    assert "@" in capsys.readouterr().out


def test_command_line_json_is_clean_stdout():
    board_path = shipped_maps()[0]
    hero = next(iter(load_map(board_path).start_slots().values()))
    result = run_tool(board_path.stem, "--hero", f"{hero[0]},{hero[1]}", "--player", "1",
                      "--budget", "5", "--json")      # a shipped map by its name, as --map takes it
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["tiles"]


@pytest.mark.parametrize("args,message,status", [
    (["no/such/map.tmx", "--hero", "1,1"], "map file not found", 1),
    (["tests", "--hero", "1,1"], "is a folder, not a map file", 1),
    (["README.md", "--hero", "1,1"], "cannot use the map", 1),
    (["no-such-map-name", "--hero", "1,1"], "no such file and no shipped map of that name", 2),
    (["MAP", "--hero", "one,1"], "not a cell", 2),
    (["MAP", "--hero", "999,0"], "off the", 2),
])
def test_bad_input_exits_with_a_message_and_no_traceback(args, message, status):
    """A map it cannot use is an input problem (1), a bad argument a usage error (2), as the README says."""
    args = [str(shipped_maps()[0]) if a == "MAP" else str(ROOT / a) if a in ("README.md", "tests") else a
            for a in args]
    result = run_tool(*args, "--player", "1", "--budget", "5")
    assert result.returncode == status
    assert message in result.stderr and "Traceback" not in result.stderr
    assert result.stdout == ""
