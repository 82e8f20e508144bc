"""Computer-player levels against each other: win rates with 95% confidence intervals.

    python tools/tournament.py --map meadow --mode normal --levels easy,standard,hard --games 200 --seed 1 [--json]

Every pair of levels plays ``--games`` games (seeds S, S+1, …) on the map; the
two levels swap seats every game, so each sits in each seat equally often. On a
map for three or four (``--players``, default the fewest the map takes), the
levels alternate around the table (a b a / b a b, a b a b / b a b a), so each
level holds as many seats as the other over two games, and a game is the level's
whose seat wins. A game no level wins alone (a tied day limit, a win shared
across levels) is a draw.
``a_rate`` counts a draw as half a win; ``ci95`` is the Wilson score interval
of that rate. ``--json`` prints
``{"pairs": [{"a", "b", "games", "a_wins", "b_wins", "draws", "a_rate", "ci95": [lo, hi]}]}``.
Progress goes to stderr.

A long run can be played in parts: ``--from-game K`` plays only games K..N-1 of the run
``--seed S --games N``, each with the seed and seats the whole run gives it (game g has seed S+g);
``--games K`` with the same seed plays the part before.
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

from game.choices import LEVELS  # noqa: E402
from game.cli import MAX_SEED, bounded_int, map_argument, run_tool  # noqa: E402
from game.lab.stats import wilson  # noqa: E402


def pair_jobs(a: str, b: str, games: int, seed: int, map_path: str, mode: str, max_days: int,
              players: int = 2, first: int = 0) -> list[dict]:
    """``a`` in the odd seats (1, 3) of even games and in the even seats of odd ones; seeds S..S+games-1,
    from game ``first`` on."""
    from simulate import game_job
    return [game_job(seed + g, [(a, b)[(seat + g) % 2] for seat in range(players)], map_path, mode, max_days,
                     variant=f"{a} v {b}")
            for g in range(first, games)]


def score_pair(a: str, b: str, results: list[dict]) -> dict:
    a_wins = b_wins = draws = errors = 0
    for r in results:
        if r["error"] or not r.get("finished"):
            errors += 1
            continue
        winning_levels = {r["levels"][seat - 1] for seat in r["winners"]}
        if len(winning_levels) == 1:
            if winning_levels == {a}:
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
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--map", default="meadow", help="a shipped map's name or a .tmx path (default meadow)")
    p.add_argument("--mode", default="normal", choices=("normal", "campaign"))
    p.add_argument("--levels", default="easy,standard,hard", help="two or more computer levels, comma-separated")
    p.add_argument("--games", type=int, default=100, help=f"games per pair, 1 to {MAX_GAMES} (default 100)")
    p.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=1)
    p.add_argument("--max-days", type=int, default=60, help="day-limit rule after D Days (default 60; 0 = none)")
    p.add_argument("--players", type=int, default=None,
                   help="seats at the table, 2 to 4 (default: the fewest the map takes, at least 2)")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: one less than the cores)")
    p.add_argument("--from-game", type=int, default=0, metavar="K",
                   help="play only games K..N-1 of the run, with the seeds and seats it gives them (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES:
        p.error(f"--games must be 1 to {MAX_GAMES}")
    if not 0 <= args.from_game < args.games:
        p.error(f"--from-game must be 0 to {args.games - 1} (one less than --games)")
    if not 0 <= args.max_days <= 10_000:
        p.error("--max-days must be 0 to 10000")
    if args.jobs is not None and not 1 <= args.jobs <= 64:
        p.error("--jobs must be 1 to 64")
    levels = [lvl.strip() for lvl in args.levels.split(",") if lvl.strip()]
    from game.ai.levels import HARD_VARIANTS, VARIANTS, style_of   # the computer players (and the engine) load once the numbers are checked
    unknown = [lvl for lvl in levels if lvl != "random" and style_of(lvl) is None]
    if unknown:
        p.error(f"unknown level {unknown[0]!r}: expected {', '.join(LEVELS)} "
                f"or a variant {', '.join(['standard:' + v for v in VARIANTS] + ['hard:' + v for v in HARD_VARIANTS])}")
    if len(set(levels)) < 2:
        p.error("--levels needs at least two different levels")
    map_path = map_argument(args.map, p)
    if not map_path.is_file():
        problem = "is a folder, not a map file" if map_path.is_dir() else "map not found"
        print(f"tournament.py: {problem}: {args.map}" if not map_path.is_dir() else
              f"tournament.py: {args.map} {problem}", file=sys.stderr)      # an input problem: exit 1
        return 1
    from game.map_players import made_for
    from game.ui.menus.map_catalog import read_header
    try:
        header = read_header(map_path)
    except ValueError as error:
        print(f"tournament.py: {error}", file=sys.stderr)
        return 1
    except OSError as error:            # e.g. a map file the user may not read
        print(f"tournament.py: cannot read {map_path}: {error.strerror or error}", file=sys.stderr)
        return 1
    counts = header.counts_for(args.mode)
    players = args.players or counts[0]
    if players not in counts:
        print(f"tournament.py: {header.title} is a map for {made_for(counts, header.counts)}, not {players} (--players)",
              file=sys.stderr)
        return 1
    from simulate import default_jobs, run_jobs
    rows = []
    for a, b in itertools.combinations(dict.fromkeys(levels), 2):
        results = run_jobs(pair_jobs(a, b, args.games, args.seed, str(map_path), args.mode, args.max_days, players,
                                     args.from_game),
                           args.jobs or default_jobs(), label=f"{a} v {b}")
        rows.append(score_pair(a, b, results))
    if args.json:
        print(json.dumps({"map": map_path.stem, "mode": args.mode, "players": players, "pairs": rows}))
    else:
        print(f"{map_path.stem}, {args.mode}, {players} players, {args.games - args.from_game} games per pair, "
              f"seeds {args.seed + args.from_game}..{args.seed + args.games - 1}")
        for row in rows:
            print(f"{row['a']:>9} v {row['b']:<9} {row['a_wins']:>4}-{row['b_wins']:<4} draws {row['draws']:<3} "
                  f"{row['a']} {row['a_rate']:.0%} (95% CI {row['ci95'][0]:.0%}–{row['ci95'][1]:.0%}): {verdict(row)}"
                  + (f"; {row['errors']} games failed" if row["errors"] else ""))
    return 1 if any(row["games"] == 0 for row in rows) else 0


if __name__ == "__main__":
    sys.exit(run_tool(main))
