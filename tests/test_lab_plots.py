"""The lab's plot: no survivorship artefacts in the income lines, every rule label readable."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from game.lab.plots import days_worth_a_mean

ROOT = Path(__file__).resolve().parent.parent


def test_income_line_stops_where_too_few_games_still_run():
    assert days_worth_a_mean([20] * 8 + [5, 3, 2, 1, 1]) == (3, 10)
    assert days_worth_a_mean([200] * 5 + [30, 19, 4]) == (20, 6)      # a tenth of 200 games
    assert days_worth_a_mean([]) == (3, None)


def test_plot_grows_to_give_every_rule_a_readable_row(tmp_path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import simulate
    finally:
        sys.path.pop(0)
    args = simulate.parse_args(["--map", str(ROOT / "maps" / "meadow.tmx"), "--games", "2", "--max-days", "5",
                                "--jobs", "1"])
    results = simulate.run_games(args, "campaign", None)
    summary = simulate.summarize(results, args, "campaign", None)
    out = tmp_path / "plot.png"
    from game.lab.plots import plot
    plot({"a": summary}, out)
    height = pygame.image.load(str(out)).get_height()
    assert height >= 470 + 16 * len(summary["rule_coverage"])
