"""Installed like any Python game: the files it needs are found from any folder, maps by name.

The full round trip (build the wheel, install it in a fresh environment, take
screenshots from a temporary folder) is in ``.ci/run``; these tests check the
pieces quickly.
"""
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import resources

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run_game(*args, cwd, env=None):
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True,
                          cwd=cwd, env=env or ENV, timeout=120)


def test_shipped_files_are_found_in_the_checkout():
    assert resources.default_map().is_file() and resources.default_map().name == "meadow.tmx"
    assert {p.stem for p in resources.shipped_maps()} >= {"meadow", "highlands", "riverlands"}
    assert (resources.rules_dir() / "normal.toml").is_file()
    assert any(resources.fonts_dir().glob("*.ttf"))
    assert (resources.icons_dir() / "crown.png").is_file()


def test_a_shipped_map_is_found_by_its_name_in_any_case():
    assert resources.shipped_map("highlands") == resources.maps_dir() / "highlands.tmx"
    assert resources.shipped_map("Highlands.TMX") == resources.maps_dir() / "highlands.tmx"
    assert resources.shipped_map("atlantis") is None
    assert resources.shipped_map("maps/highlands") is None       # a path is not a name


def test_nothing_in_the_game_refers_to_files_outside_the_package():
    """No system paths, and no ``Path(__file__).parents[...]`` climbing out of game/ (the checkout's
    folders are not there once installed: game.resources finds the shipped files)."""
    system = re.compile(r"/usr/share|\.\./shared|NotoColorEmoji")
    climbing = re.compile(r"__file__\)(?:\.resolve\(\))?(\.parents\[(\d+)\]|(?:\.parent\b)+)")
    offenders = []
    for path in GAME.rglob("*.py"):
        depth = len(path.relative_to(GAME).parts)        # game/x.py: 1; game/ui/kit/x.py: 3
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            ups = [len(m[1]) // len(".parent") if m[2] is None else int(m[2]) + 1 for m in climbing.finditer(line)]
            if system.search(line) or any(up > depth for up in ups):
                offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert offenders == []


@pytest.fixture(scope="module")
def built_package(tmp_path_factory):
    """The package as the wheel lays it out: its code, and the data setup.py's build hook copies in.

    (.ci/run builds and installs the real wheel; this checks the hook quickly, offline.)
    """
    spec = importlib.util.spec_from_file_location("fuzzyknights_setup", ROOT / "setup.py")
    setup_py = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_py)
    lib = tmp_path_factory.mktemp("lib")
    shutil.copytree(GAME, lib / "game", ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "_data"))
    setup_py.copy_game_data(lib)
    return lib


def test_the_built_package_carries_maps_art_rules_fonts_and_rulebook(built_package):
    data = built_package / "game" / "_data"
    for shipped in resources.shipped_maps():
        assert (data / "maps" / shipped.name).is_file()
    for tileset in resources.assets_dir().glob("*.tsx"):
        assert (data / "assets" / tileset.name).is_file()
        assert (data / "assets" / tileset.with_suffix(".png").name).is_file()
    assert (data / "assets" / "icons" / "crown.png").is_file()
    assert (data / "assets" / "LICENSES.md").is_file() and (data / "assets" / "OFL-1.1.txt").is_file()
    if (ROOT / "docs" / "RULES.md").is_file():
        assert (data / "docs" / "RULES.md").is_file()
    assert (built_package / "game" / "rules" / "campaign.toml").is_file()
    assert any((built_package / "game" / "ui" / "kit" / "fonts").glob("*.ttf"))


def test_the_built_package_finds_and_loads_its_maps_from_another_folder(built_package, tmp_path):
    probe = ("from game import resources; from game.maps import load_map, DEFAULT_MAP;"
             "print(resources.data_root()); print(load_map(resources.shipped_map('highlands')).kind);"
             "print(load_map(DEFAULT_MAP).title)")
    result = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                            env={**ENV, "PYTHONPATH": str(built_package)}, timeout=120)
    assert result.returncode == 0, result.stderr
    root, kind, _title = result.stdout.splitlines()
    assert Path(root) == built_package / "game" / "_data"
    assert kind == "hex"


def test_map_option_takes_a_shipped_maps_name_from_any_folder(tmp_path):
    out = tmp_path / "hex.png"
    result = run_game("--map", "highlands", "--players", "2", "--seed", "3", "--screenshot", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert out.is_file() and "Traceback" not in result.stderr


def test_an_unknown_map_name_lists_the_shipped_maps_without_a_traceback(tmp_path):
    result = run_game("--map", "atlantis", "--screenshot", str(tmp_path / "x.png"), cwd=tmp_path)
    assert result.returncode == 2
    assert "atlantis" in result.stderr and "highlands" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_a_screenshot_of_a_map_that_cannot_be_used_fails(tmp_path):
    result = run_game("--map", "gone.tmx", "--screenshot", str(tmp_path / "x.png"), cwd=tmp_path)
    assert result.returncode == 1
    assert "gone.tmx" in result.stderr and "Traceback" not in result.stderr


def test_map_option_finds_the_players_own_map_by_name(tmp_path):
    data = tmp_path / "data"
    own = data / "fuzzyknights" / "maps"
    own.mkdir(parents=True)
    (tmp_path / "data" / "fuzzyknights" / "assets").symlink_to(resources.assets_dir(), target_is_directory=True)
    (own / "my_vale.tmx").write_bytes(resources.default_map().read_bytes())
    env = {**ENV, "XDG_DATA_HOME": str(data)}
    result = run_game("--map", "my_vale", "--seed", "1", "--screenshot", str(tmp_path / "x.png"), cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr


def test_bench_startup_json_keeps_its_contract():
    """tools/bench_startup.py --json (issue 14): title and board first-frame ratios to a minimal window."""
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_startup.py"), "--runs", "1", "--json"],
                            capture_output=True, text=True, env=ENV, timeout=300)
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["results"]
    assert [r["screen"] for r in rows] == ["title", "board"]
    from game.ui.menus.map_catalog import read_header
    largest = max(resources.shipped_maps(), key=lambda p: read_header(p).width * read_header(p).height)
    assert rows[0]["map"] is None and rows[1]["map"] == largest.stem
    for row in rows:
        assert set(row) == {"screen", "map", "s", "floor_s", "ratio", "deps_floor_s", "deps_ratio"}
        assert row["s"] > 0 and row["floor_s"] > 0 and row["deps_floor_s"] > 0
        assert abs(row["ratio"] - row["s"] / row["floor_s"]) < 0.02 * row["ratio"] + 0.01
        assert abs(row["deps_ratio"] - row["s"] / row["deps_floor_s"]) < 0.02 * row["deps_ratio"] + 0.01


def test_the_title_screens_first_frame_loads_no_map_engine_or_numpy(tmp_path):
    """Start-up (issue 14): the first screen imports only what it draws; maps are read when chosen."""
    probe = ("import sys, pygame\n"
             "from game.cli import parse_args\n"
             "from game.ui.app import App, _first_scene\n"
             "from game.ui.menus.settings_screen import apply_at_start\n"
             "from game.ui.menus.title import TitlePreset\n"
             "args = parse_args([])\n"
             "app = App(); apply_at_start(app)\n"
             "app.push(_first_scene(TitlePreset(args.mode, args.players, args.seed, args.rules)))\n"
             "app.frame(1 / 60); pygame.display.flip()\n"
             "print(sorted(m for m in ('numpy', 'game.engine', 'game.maps.loader', 'pytmx') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                            env={**ENV, "XDG_DATA_HOME": str(tmp_path)}, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]"
