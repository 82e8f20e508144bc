"""The map tools answer bad arguments with usage and status 2, runtime problems with one line and 1 (issue 17)."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args", [
    ["tools/render_map_png.py"],
    ["tools/render_map_png.py", "maps/meadow.tmx", "OUT.png", "--scale", "0"],
    ["tools/render_map_png.py", "maps/meadow.tmx", "OUT.png", "--scale", "nan"],
    ["tools/render_map_png.py", "maps/meadow.tmx", "OUT.png", "--scale", "1e9"],
    ["tools/render_map_png.py", "maps/meadow.tmx", "OUT.jpg"],
    ["tools/validate_map.py"],
    ["tools/validate_map.py", "--bogus", "maps/meadow.tmx"],
    ["tools/reach.py", "maps/meadow.tmx", "--hero", "1,1", "--player", "1", "--budget", "1000000000"],
    ["tools/random_map.py", "OUT.tmx", "--width", "20", "--height", "99999"],
    ["tools/make_maps.py", "--bogus"],
    ["tools/render_map_png.py", "no_such_map_name", "OUT.png"],
])
def test_bad_arguments_get_usage_and_status_2(args):
    done = run(*args)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "usage:" in done.stderr or "error:" in done.stderr


@pytest.mark.parametrize("args", [
    ["tools/render_map_png.py", "maps/no_such.tmx", "{tmp}/out.png"],
    ["tools/render_map_png.py", "tests/data/broken_maps/truncated.tmx", "{tmp}/out.png"],
    ["tools/render_map_png.py", "maps/meadow.tmx", "{tmp}/missing/out.png"],
    ["tools/render_map_png.py", "maps/meadow.tmx", "{tmp}/folder.png"],
])
def test_runtime_problems_are_one_message_and_status_1(tmp_path, args):
    (tmp_path / "folder.png").mkdir()
    done = run(*(a.format(tmp=tmp_path) for a in args))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr and done.stderr.startswith("render_map_png.py: ")


def test_make_maps_help_only_prints_help():
    before = {p: p.stat().st_mtime_ns for p in (ROOT / "maps").iterdir()}
    done = run("tools/make_maps.py", "--help")
    assert done.returncode == 0 and "usage:" in done.stdout
    assert {p: p.stat().st_mtime_ns for p in (ROOT / "maps").iterdir()} == before


def test_render_map_png_writes_a_png(tmp_path):
    done = run("tools/render_map_png.py", "meadow", str(tmp_path / "m.png"), "--scale", "0.25")  # --map's names
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "m.png").read_bytes().startswith(b"\x89PNG")


def test_validate_map_takes_a_shipped_map_by_its_name_as_the_game_does():
    done = run("tools/validate_map.py", "meadow", "no_such_map_name")
    assert done.returncode == 1
    ok, missing = done.stdout.splitlines()
    assert ok.startswith("ok ") and ok.split(":")[0].endswith("meadow.tmx")
    assert missing == "no_such_map_name: map file not found"
