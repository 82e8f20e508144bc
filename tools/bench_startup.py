"""Start-up time: process start to the first frame, as a ratio to a floor measured in the same run.

    python tools/bench_startup.py [--runs N] [--json]

Each measurement is a fresh Python process; its CPU time (user + system, all
threads) from process start to right after the first ``display.flip`` is taken,
as the process reads it from its own clock there. Tearing the interpreter down
afterwards is not start-up and is not counted (it was, until 27 November: freeing
the game's modules at exit took 50 ms against 17 ms for the bare window). The
screens are started the way ``fuzzyknights`` starts them, garbage collection held
until the first frame as ``game.__main__.main`` holds it (``game.startup``):

- ``title``: the title screen (``fuzzyknights`` with no options).
- ``board``: ``fuzzyknights --map M`` on the largest shipped map (its default seats).
  Its first frame is the whole board a player sees (under the anchor roll), drawn
  before numpy and the engine's actions, moves, battles and saves are imported: the
  map is read into rows of ints and the board drawn from them. The game imports
  those right after the first frame is on screen (``Scene.after_first_frame``, about
  0.14 s before the second frame, while the board is already shown); this bench
  stops at the first frame, so it does not count them.

The floor is the cheapest program that shows a window: ``import pygame``, open a
1280×720 window, fill it, flip. A second floor, ``deps_floor_s``, does the same
after importing numpy as the game does (one BLAS thread); the board used to import
numpy before its first frame, and ``deps_ratio`` = s / deps_floor_s is kept to
compare with the figures of then. A first unmeasured run of each screen writes
the bytecode caches (an installed game has them). Runs are interleaved (floor, title, board, floor,
...) so load on the machine hits all alike; the median of ``--runs`` is kept.
``ratio`` = s / floor_s; the goals (issue 14) are title <= 2.0 and board <= 2.5.

``--json`` prints ``{"results": [{"screen", "map", "s", "floor_s", "ratio", "deps_floor_s", "deps_ratio"}, ...]}``.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Every measured program ends by printing its CPU time so far: the first frame is on screen.
REPORT = """
import time as _time
print("cpu", _time.process_time())
"""

FLOOR = """
import pygame
pygame.display.init()
screen = pygame.display.set_mode((1280, 720))
screen.fill((24, 20, 17))
pygame.display.flip()
""" + REPORT

# The floor with the game's runtime dependencies imported, as ``game`` imports them (one BLAS thread).
DEPS_FLOOR = """
import os
for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(name, "1")
import numpy
""" + FLOOR

# As game.__main__.main, game.cli.run and game.ui.app.run start the window, up to its first frame.
TITLE = """
from game.startup import hold_collection
hold_collection()
import pygame
from game.cli import parse_args
from game.ui.app import App, _first_scene
from game.ui.menus.settings_screen import apply_at_start
from game.ui.menus.title import TitlePreset
args = parse_args([])
app = App()
apply_at_start(app)
app.push(_first_scene(TitlePreset(args.mode, args.players, args.seed, args.rules)))
app.frame(1 / 60)
pygame.display.flip()
""" + REPORT

BOARD = """
from game.startup import hold_collection
hold_collection()
import sys
import pygame
from game.cli import parse_args
from game.maps.watch import MapWatch
from game.ui.app import App, _first_scene
from game.ui.menus.options import NewGameOptions, default_seats
from game.ui.menus.settings_screen import apply_at_start
args = parse_args(["--map", sys.argv[1]])
options = NewGameOptions(map_path=args.map, mode=args.mode, seats=default_seats(args.players or 2), seed=1)
app = App()
apply_at_start(app)
app.push(_first_scene(options))
app.map_watch = MapWatch(options.map_path)
app.frame(1 / 60)
pygame.display.flip()
""" + REPORT


def largest_shipped_map() -> Path:
    from game import resources
    from game.ui.menus.map_catalog import read_header

    def cells(path: Path) -> int:
        header = read_header(path)
        return header.width * header.height
    return max(resources.shipped_maps(), key=cells)


def cpu_seconds(code: str, *args: str) -> float:
    """CPU time of a fresh interpreter running ``code``, from its start to the ``cpu`` line it prints."""
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
           "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy"), "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.run([sys.executable, "-c", code, *args], env=env, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"bench_startup: the measured program failed (exit {proc.returncode}):\n{proc.stderr}")
    reported = [line.split()[1] for line in proc.stdout.splitlines() if line.startswith("cpu ")]
    if not reported:
        raise SystemExit("bench_startup: the measured program did not report its CPU time")
    return float(reported[-1])


def measure(runs: int) -> list[dict]:
    board_map = largest_shipped_map()
    samples: dict[str, list[float]] = {"floor": [], "deps_floor": [], "title": [], "board": []}
    cpu_seconds(TITLE), cpu_seconds(BOARD, board_map.stem)     # compiles the bytecode, as installing does
    for _ in range(runs):
        samples["floor"].append(cpu_seconds(FLOOR))
        samples["deps_floor"].append(cpu_seconds(DEPS_FLOOR))
        samples["title"].append(cpu_seconds(TITLE))
        samples["board"].append(cpu_seconds(BOARD, board_map.stem))
    floor = statistics.median(samples["floor"])
    deps_floor = statistics.median(samples["deps_floor"])
    results = []
    for screen, map_name in (("title", None), ("board", board_map.stem)):
        s = statistics.median(samples[screen])
        results.append({"screen": screen, "map": map_name, "s": round(s, 4), "floor_s": round(floor, 4),
                        "ratio": round(s / floor, 2), "deps_floor_s": round(deps_floor, 4),
                        "deps_ratio": round(s / deps_floor, 2)})
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/bench_startup.py",
                                     description="Process start to first frame, as a ratio to a minimal pygame window.")
    parser.add_argument("--runs", type=int, default=5, help="runs of each program, 1 to 100 (median kept; default 5)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.runs <= 100:
        parser.error("--runs takes 1 to 100")
    results = measure(args.runs)
    if args.json:
        print(json.dumps({"results": results}, indent=1))
        return 0
    goals = {"title": 2.0, "board": 2.5}
    print(f"{'screen':8} {'map':12} {'CPU s':>7} {'floor s':>8} {'ratio':>6}  goal     "
          f"{'+numpy floor s':>14} {'ratio':>6}")
    for r in results:
        print(f"{r['screen']:8} {r['map'] or '-':12} {r['s']:7.3f} {r['floor_s']:8.3f} {r['ratio']:6.2f}  "
              f"<= {goals[r['screen']]:<5} {r['deps_floor_s']:14.3f} {r['deps_ratio']:6.2f}")
    return 0


if __name__ == "__main__":
    from game.cli import run_tool
    sys.exit(run_tool(main))
