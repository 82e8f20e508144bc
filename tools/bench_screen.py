"""Frame times of the board screen on every shipped map: idle, hovering (move preview) and panning.

    python tools/bench_screen.py [--frames N] [--json]

Runs headless (SDL's dummy video driver) at 1280x720 with computer seats
played into Day 2, so heroes, tokens and the move preview are on screen.
Prints milliseconds per frame (update + draw) and the frames per second that
allows; 60 FPS needs under 16.7 ms.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.maps import load_map, shipped_maps  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.scene import GameScene  # noqa: E402
from game.ui.menus.options import NewGameOptions, Seat  # noqa: E402
from game.ui.session import GameSession  # noqa: E402


def frame_times(app: App, frames: int, before_frame) -> list[float]:
    times = []
    for i in range(frames):
        before_frame(i)
        start = time.perf_counter()
        app.frame(1 / 60)
        pygame.display.flip()
        times.append((time.perf_counter() - start) * 1000)
    return times


def bench_map(path: Path, frames: int) -> dict:
    board = load_map(path)
    seats = [Seat(f"P{i + 1}", i + 1, "computer") for i in range(board.min_players)]
    session = GameSession.start(NewGameOptions(str(path), seats=seats, seed=1), board)
    app = App(headless=True)
    scene = GameScene(session)
    scene.warm_up()
    session.speed = "fast"
    app.push(scene)
    app.frame(1 / 60)
    view = scene.view
    w, h = app.size

    def hover(i: int) -> None:
        pos = (200 + (i * 37) % (w - 600), 120 + (i * 23) % (h - 240))
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))

    def pan(i: int) -> None:
        view.pan(6 if (i // 60) % 2 == 0 else -6, 3 if (i // 45) % 2 == 0 else -3)

    result = {"map": path.name, "size": f"{board.width}x{board.height}", "kind": board.kind}
    for name, step in (("idle", lambda i: None), ("hover", hover), ("pan", pan)):
        times = frame_times(app, frames, step)
        result[f"{name}_ms"] = round(statistics.median(times), 2)
        result[f"{name}_p95_ms"] = round(sorted(times)[int(len(times) * 0.95) - 1], 2)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--frames", type=int, default=180, help="frames per measurement (default 180)")
    parser.add_argument("--json", action="store_true", help="print {\"results\": [...]} as JSON")
    args = parser.parse_args(argv)
    results = [bench_map(path, args.frames) for path in shipped_maps()]
    if args.json:
        print(json.dumps({"results": results}))
        return 0
    print(f"{'map':18} {'size':>7} {'kind':6} {'idle ms':>8} {'hover ms':>9} {'pan ms':>7} {'worst p95':>10}  FPS ok")
    for r in results:
        worst = max(r["idle_p95_ms"], r["hover_p95_ms"], r["pan_p95_ms"])
        print(f"{r['map']:18} {r['size']:>7} {r['kind']:6} {r['idle_ms']:8.2f} {r['hover_ms']:9.2f} "
              f"{r['pan_ms']:7.2f} {worst:10.2f}  {'yes' if worst < 1000 / 60 else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
