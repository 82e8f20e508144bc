"""Computer-player levels against each other: win rates with 95% confidence intervals.

    python tools/tournament.py --map meadow --mode normal --levels easy,standard,hard --games 200 --seed 1 [--json]

Every pair of levels plays ``--games`` two-player games (seeds S, S+1, …) on the
map; the two levels swap seats every game, so each sits in each seat equally
often. A game nobody wins alone (a tied day limit, a shared win) is a draw.
``a_rate`` counts a draw as half a win; ``ci95`` is the Wilson score interval
of that rate. ``--json`` prints
``{"pairs": [{"a", "b", "games", "a_wins", "b_wins", "draws", "a_rate", "ci95": [lo, hi]}]}``.
Progress goes to stderr.
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
for path in (ROOT, TOOLS):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

MAX_GAMES = 100_000

from game.lab.stats import wilson  # noqa: E402


def pair_jobs(a: str, b: str, games: int, seed: int, map_path: str, mode: str, max_days: int) -> list[dict]:
    """Seat ``a`` first in even games and second in odd ones; seeds S..S+games-1."""
    from simulate import game_job
    return [game_job(seed + g, [a, b] if g % 2 == 0 else [b, a], map_path, mode, max_days, variant=f"{a} v {b}")
            for g in range(games)]


def score_pair(a: str, b: str, results: list[dict]) -> dict:
    a_wins = b_wins = draws = errors = 0
    for r in results:
        if r["error"] or not r.get("finished"):
            errors += 1
            continue
        winners = r["winners"]
        if len(winners) == 1:
            if r["levels"][winners[0] - 1] == a:
                a_wins += 1
            else:
                b_wins += 1
        else:
            draws += 1
    games = a_wins + b_wins + draws
    rate = (a_wins + draws / 2) / games if games else 0.0
    lo, hi = wilson(a_wins + draws / 2, games)
    return {"a": a, "b": b, "games": games, "a_wins": a_wins, "b_wins": b_wins, "draws": draws,
            "a_rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)], "errors": errors}


def verdict(row: dict) -> str:
    lo, hi = row["ci95"]
    if lo > 0.5:
        return f"{row['a']} is stronger"
    if hi < 0.5:
        return f"{row['b']} is stronger"
    return "no difference beyond the noise"


def main(argv=None) -> int:
    from game.ai import LEVELS
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--map", default="meadow", help="a shipped map's name or a .tmx path (default meadow)")
    p.add_argument("--mode", default="normal", choices=("normal", "campaign"))
    p.add_argument("--levels", default="easy,standard,hard", help="two or more computer levels, comma-separated")
    p.add_argument("--games", type=int, default=100, help=f"games per pair, 1 to {MAX_GAMES} (default 100)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-days", type=int, default=60, help="day-limit rule after D Days (default 60; 0 = none)")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: one less than the cores)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    levels = [lvl.strip() for lvl in args.levels.split(",") if lvl.strip()]
    from game.ai.levels import VARIANTS, style_of
    unknown = [lvl for lvl in levels if lvl != "random" and style_of(lvl) is None]
    if unknown:
        p.error(f"unknown level {unknown[0]!r}: expected {', '.join(LEVELS)} "
                f"or a variant {', '.join('standard:' + v for v in VARIANTS)}")
    if len(set(levels)) < 2:
        p.error("--levels needs at least two different levels")
    if not 1 <= args.games <= MAX_GAMES:
        p.error(f"--games must be 1 to {MAX_GAMES}")
    if not 0 <= args.max_days <= 10_000:
        p.error("--max-days must be 0 to 10000")
    map_path = Path(args.map) if args.map.endswith(".tmx") else ROOT / "maps" / f"{args.map}.tmx"
    if not map_path.is_file():
        print(f"tournament.py: map not found: {args.map}", file=sys.stderr)      # an input problem: exit 1
        return 1
    import os
    from simulate import run_jobs
    jobs_wanted = args.jobs or max(1, (os.cpu_count() or 2) - 1)
    rows = []
    for a, b in itertools.combinations(dict.fromkeys(levels), 2):
        results = run_jobs(pair_jobs(a, b, args.games, args.seed, str(map_path), args.mode, args.max_days),
                           jobs_wanted, label=f"{a} v {b}")
        rows.append(score_pair(a, b, results))
    if args.json:
        print(json.dumps({"map": map_path.stem, "mode": args.mode, "pairs": rows}))
    else:
        print(f"{map_path.stem}, {args.mode}, {args.games} games per pair, seeds {args.seed}..{args.seed + args.games - 1}")
        for row in rows:
            print(f"{row['a']:>9} v {row['b']:<9} {row['a_wins']:>4}-{row['b_wins']:<4} draws {row['draws']:<3} "
                  f"{row['a']} {row['a_rate']:.0%} (95% CI {row['ci95'][0]:.0%}–{row['ci95'][1]:.0%}): {verdict(row)}"
                  + (f"; {row['errors']} games failed" if row["errors"] else ""))
    return 1 if any(row["games"] == 0 for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
