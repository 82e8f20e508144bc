"""tools/random_map.py: same arguments, same map; fair to every seat; valid; a normal TMX."""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from game.maps import load_map, random_map
from game.maps.loader import check_map

ROOT = Path(__file__).resolve().parent.parent


def run(out: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "tools/random_map.py", str(out), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.rule("R-SET-1")
@pytest.mark.parametrize("shape,players,size", [("square", 2, (20, 16)), ("hex", 4, (32, 24)), ("hex", 3, (24, 30))])
def test_the_command_line_writes_a_valid_map_and_repeats_itself(tmp_path, shape, players, size):
    args = ["--width", str(size[0]), "--height", str(size[1]), "--players", str(players), "--shape", shape,
            "--seed", "7"]
    first, second = tmp_path / "a.tmx", tmp_path / "b.tmx"
    done = run(first, *args)
    assert done.returncode == 0, done.stderr
    # the same map again, made in this process (another process, its own hash seed, as a second run was)
    random_map.write_random_map(second, size[0], size[1], players=players, shape=shape, seed=7)
    assert first.read_text() == second.read_text()
    report = check_map(first)
    assert report.problems == [] and report.warnings == []
    board = report.board
    assert (board.width, board.height, board.kind) == (size[0], size[1], shape)
    assert sorted(board.start_slots()) == list(range(1, players + 1))
    other = tmp_path / "c.tmx"
    assert run(other, *args[:-1], "8").returncode == 0
    assert other.read_text() != first.read_text()


@pytest.mark.rule("R-SET-2")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_seat_gets_the_same_tokens_at_like_distances(tmp_path, seed):
    """Measured again on the loaded map, independently of the generator's own check."""
    from game.ai.distances import distance_field
    out = tmp_path / "fair.tmx"
    random_map.write_random_map(out, 30, 30, players=4, shape="hex", seed=seed)
    board = load_map(out)
    starts = board.start_slots()
    fields = {seat: np.where(distance_field(board, cell) < 0, 1 << 20, distance_field(board, cell))
              for seat, cell in starts.items()}
    for kind, count, _band in random_map.PER_SEAT:
        per_seat = {seat: [] for seat in starts}
        for token in (t for t in board.tokens if t.kind == kind):
            c, r = token.cell
            dists = {seat: int(field[r, c]) for seat, field in fields.items()}
            owner = min(dists, key=dists.get)
            per_seat[owner].append(dists[owner])
        assert {len(v) for v in per_seat.values()} == {count}, (kind, per_seat)
        means = [float(np.mean(v)) for v in per_seat.values()]
        assert max(means) - min(means) <= max(random_map.MIN_SLACK, random_map.TOLERANCE * max(means)), (kind, means)


def test_tilesets_are_referenced_relative_to_the_map(tmp_path):
    out = tmp_path / "deep" / "m.tmx"
    out.parent.mkdir()
    random_map.write_random_map(out, 16, 16, players=2, shape="square", seed=1)
    import re
    sources = re.findall(r'<tileset firstgid="\d+" source="([^"]+)"', out.read_text())
    assert len(sources) == 2 and not any(s.startswith("/") for s in sources)
    assert {(out.parent / s).resolve() for s in sources} == {ROOT / "assets" / "terrain_square.tsx",
                                                            ROOT / "assets" / "tokens.tsx"}
    assert load_map(out).title.startswith("Random 16x16")


@pytest.mark.parametrize("args", [["--width", "5", "--height", "20"], ["--width", "20", "--height", "20", "--players", "5"],
                                  ["--width", "20", "--height", "20", "--shape", "iso"], ["--width", "x", "--height", "1"],
                                  []])
def test_bad_arguments_get_usage_and_status_2(tmp_path, args):
    done = run(tmp_path / "m.tmx", *args) if args else subprocess.run(
        [sys.executable, "tools/random_map.py"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and "usage:" in done.stderr and "Traceback" not in done.stderr


def test_a_missing_output_folder_is_one_line_and_status_1(tmp_path):
    done = run(tmp_path / "no" / "m.tmx", "--width", "20", "--height", "20")
    assert done.returncode == 1 and "does not exist" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.rule("R-SET-1")
def test_the_title_screen_offers_a_random_map_for_its_seats_and_seed(tmp_path, monkeypatch):
    pygame = pytest.importorskip("pygame")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    from game.ui.app import App
    from game.ui.menus.title import TitleScene
    from uikit import click
    app = App(headless=True)
    started = []
    title = TitleScene(on_start=started.append, saves_dir=tmp_path / "saves")
    app.push(title)
    title.layout((1280, 720))
    title.select_map(next(i for i, m in enumerate(title.maps) if m.players[1] == 4))
    title.add_seat()
    title.seed_field.value = "41"
    title._set_seed("41")
    click(title, title.random_button.rect.center)
    chosen = title.selected_map
    assert chosen.ok and chosen.own and chosen.board.start_slots().keys() == {1, 2, 3}
    assert Path(chosen.path).parent == tmp_path / "fuzzyknights" / "maps"
    assert chosen.board.kind == "hex"                       # an odd seed makes a hex map
    buttons = len(title.map_buttons)
    click(title, title.random_button.rect.center)           # again, that map chosen: another seed's map
    other = title.selected_map
    assert other is not chosen and other.own and title.seed != 41 and len(title.map_buttons) == buttons + 1
    title.select_map(0)
    title.seed_field.value = "41"
    title._set_seed("41")
    click(title, title.random_button.rect.center)           # seed 41 again: its map, chosen, not a copy
    assert len(title.map_buttons) == buttons + 1 and title.selected_map is chosen
    title.start()
    assert started and started[0].map_path == chosen.path
    pygame.display.quit()


def test_neutral_cities_have_place_names_of_their_own(tmp_path):
    """A City keeps its name whoever takes it: a map's "Neutral villa" or "City" read wrong once conquered."""
    from game.maps import shipped_maps
    out = tmp_path / "named.tmx"
    random_map.write_random_map(out, 30, 30, players=4, shape="hex", seed=5)
    for path in [*shipped_maps(), out]:
        names = [t.name for t in load_map(path).tokens if t.kind == "city" and not t.owner]
        assert names and len(set(names)) == len(names), (path.name, names)
        assert not any(n.lower().startswith(("neutral", "city")) for n in names), (path.name, names)


def test_place_names_stay_different_past_the_list():
    from game.names import PLACE_NAMES, place_names
    names = place_names(3 * len(PLACE_NAMES), seed=4)
    assert len(set(names)) == len(names) and place_names(5, 4) == names[:5]


@pytest.mark.rule("R-MOV-2")
@pytest.mark.parametrize("shape,players,size", [("square", 2, (28, 22)), ("hex", 4, (32, 24)), ("hex", 3, (24, 30))])
def test_roads_join_every_start_to_the_next_and_to_its_neutral_city(tmp_path, shape, players, size):
    """A random map had no roads: the shipped maps lead theirs from capital to capital through towns.
    The roads cost 🐎1 a cell, are drawn joined (the validator says nothing) and the map stays fair."""
    from game.board.pathfinding import reachable
    out = tmp_path / "roads.tmx"
    random_map.write_random_map(out, *size, players=players, shape=shape, seed=4)
    report = check_map(out)
    assert report.problems == [] and report.warnings == []
    board = report.board
    road = np.array([[name == "road" for name in row] for row in board.terrain])
    assert road.any(), "no road on the map"
    cost = np.asarray(board.move_cost)
    assert set(np.unique(cost[road]).tolist()) == {random_map.ROAD_COST}
    only_roads = np.where(road, cost, 0).astype(np.int16)        # walk on road cells alone
    starts = [board.start_slots()[seat] for seat in sorted(board.start_slots())]
    cities = [t.cell for t in board.tokens if t.kind == "city" and not t.owner]
    for i, start in enumerate(starts):
        on_road = reachable(board.topology, only_roads, None, start, 32767)
        assert on_road.cost(starts[(i + 1) % players]) is not None, f"start {i + 1} has no road to the next"
        assert any(on_road.cost(city) is not None for city in cities), f"start {i + 1} has no road to a town"
