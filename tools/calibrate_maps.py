"""Calibrate the shipped maps: seat win rates and estimated human play time, per player count.

    python tools/calibrate_maps.py [--maps meadow,highlands] [--players 3] [--games 40] [--seed 1]
        [--mode normal|campaign] [--level standard] [--max-days 60] [--time-limit SECONDS] [--jobs J]
        [--write] [--json]

For every shipped map and every player count it allows, ``--games`` games between
computer players of ``--level`` (default standard) are played with the playtest
lab (``tools/simulate.py``). Printed per map and count: each seat's sole-win rate
with its 95% interval, mean days, and the estimated human play time (decisions ×
5–10 s, ``game.lab.calibration``). ``--write`` stores the table in
``maps/calibration.json``, which the title screen reads (Normal rows under ``maps``,
Campaign rows under ``campaign_maps``). Games stopped by
``--time-limit`` or that raised an error are left out of the figures and counted
in the row (``left_out``).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
for path in (ROOT, TOOLS):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

MAX_GAMES = 10_000

from game.cli import MAX_SEED, bounded_int, run_tool  # noqa: E402
from simulate import game_job, run_jobs  # noqa: E402


def calibrate(map_path: Path, players: int, games: int, seed: int, level: str, max_days: int, jobs: int | None,
              time_limit: float | None = None, mode: str = "normal"):
    from game.lab.calibration import minutes_for
    from game.lab.stats import wilson
    jobs_list = [game_job(seed + g, [level] * players, map_path, mode, max_days, variant=f"{players}p")
                 for g in range(games)]
    played = run_jobs(jobs_list, jobs, label=f"{map_path.stem} {players}p {mode}", time_limit=time_limit)
    results = [r for r in played if not r["error"] and r["finished"]]
    n = len(results)
    seats = []
    for seat in range(1, players + 1):
        wins = sum(1 for r in results if r["winners"] == [seat])
        lo, hi = wilson(wins, n)
        seats.append({"seat": seat, "win_rate": round(wins / n, 4) if n else None, "ci95": [round(lo, 4), round(hi, 4)]})
    decisions = sum(r["actions"] for r in results) / n if n else 0.0
    return {"games": n, "level": level, "days_mean": round(sum(r["days"] for r in results) / n, 2) if n else None,
            "decisions_mean": round(decisions, 1), "minutes": list(minutes_for(decisions)), "seats": seats,
            "day_limit_games": sum(1 for r in results if r["end_reason"] == "day_limit"),
            "max_days": max_days, "left_out": len(played) - n}


def main(argv=None) -> int:
    from game.lab.calibration import FILE_NAME, maps_key
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--maps", default=None, help="shipped map names, comma-separated (default: all)")
    p.add_argument("--games", type=int, default=40, help=f"games per map and player count, 1 to {MAX_GAMES}")
    p.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=1)
    p.add_argument("--mode", choices=("normal", "campaign"), default="normal", help="ruleset (default normal)")
    p.add_argument("--level", default="standard", help="computer level of every seat (default standard)")
    p.add_argument("--max-days", type=int, default=60, help="day-limit rule after D Days (default 60)")
    p.add_argument("--players", type=int, default=None, help="only this player count (default: every count)")
    p.add_argument("--time-limit", type=int, default=None, metavar="SECONDS",
                   help="stop a game still running after SECONDS; it is left out of the figures")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: one less than the cores)")
    p.add_argument("--write", action="store_true", help=f"store the table in maps/{FILE_NAME}")
    p.add_argument("--json", action="store_true", help="print the table as JSON")
    p.add_argument("--markdown", action="store_true",
                   help=f"print maps/{FILE_NAME} as the Markdown table of maps/README.md (of --mode), play nothing")
    args = p.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES:
        p.error(f"--games must be 1 to {MAX_GAMES}")
    if not 1 <= args.max_days <= 10_000:
        p.error("--max-days must be 1 to 10000")
    if args.players is not None and not 2 <= args.players <= 4:
        p.error("--players must be 2 to 4")
    if args.time_limit is not None and not 1 <= args.time_limit <= 86_400:
        p.error("--time-limit must be 1 to 86400 seconds")
    if args.jobs is not None and not 1 <= args.jobs <= 64:
        p.error("--jobs must be 1 to 64")
    from game.ai.levels import style_of    # the computer players (and the engine) load once the numbers are checked
    if style_of(args.level) is None:
        p.error(f"unknown level {args.level!r}")
    from game import resources
    from game.maps import MapError, load_map
    if args.markdown:
        from game.lab.calibration import load
        print(markdown_table(load(resources.maps_dir()), args.mode))
        return 0
    names = args.maps.split(",") if args.maps else sorted(path.stem for path in resources.maps_dir().glob("*.tmx"))
    key = maps_key(args.mode)
    ruleset = "" if args.mode == "normal" else f" {args.mode}"
    table = {"level": args.level, "games": args.games, "seconds_per_decision": [5, 10], key: {}}
    for name in names:
        path = resources.maps_dir() / f"{name}.tmx"
        try:
            board = load_map(path)
        except MapError as problem:
            print(f"calibrate_maps.py: {problem}", file=sys.stderr)
            return 1
        table[key][name] = {}
        for players in board.counts_for(args.mode):
            if args.players and players != args.players:
                continue
            row = calibrate(path, players, args.games, args.seed, args.level, args.max_days, args.jobs,
                            args.time_limit, args.mode)
            table[key][name][str(players)] = row
            seats = ", ".join(f"seat {s['seat']} {s['win_rate']:.0%} ({s['ci95'][0]:.0%}–{s['ci95'][1]:.0%})"
                              for s in row["seats"] if s["win_rate"] is not None)
            left_out = f" ({row['left_out']} left out: errors or over the time limit)" if row["left_out"] else ""
            print(f"{name} {players}p{ruleset}: {row['games']} games{left_out}, {row['days_mean']} days, about "
                  f"{row['minutes'][0]}–{row['minutes'][1]} min; {seats}", flush=True,
                  file=sys.stderr if args.json else sys.stdout)      # --json: stdout is the JSON alone
            if args.write:      # after every row: a long run that is stopped keeps what it measured
                write_table(table, key)
    if args.json:
        print(json.dumps(table))
    return 0


def markdown_table(table: dict, mode: str = "normal") -> str:
    """The calibration as maps/README.md shows it: one row per map and player count (of one ruleset)."""
    from game.lab.calibration import maps_key, play_time_text
    lines = ["| map | players | games | seat win rates (95% CI) | days | play time |", "|---|---|---|---|---|---|"]
    for name, rows in sorted(table.get(maps_key(mode), {}).items()):
        for players, row in sorted(rows.items()):
            seats = "; ".join(f"{s['seat']}: {s['win_rate']:.0%} ({s['ci95'][0]:.0%}–{s['ci95'][1]:.0%})"
                              for s in row["seats"] if s["win_rate"] is not None)
            left_out = f" (+{row['left_out']} stopped)" if row.get("left_out") else ""
            play_time = play_time_text(name, int(players), table, mode).removeprefix("about ")
            lines.append(f"| {name} | {players} | {row['games']}{left_out} | {seats or '–'} | "
                         f"{row['days_mean'] if row['games'] else '–'} | {play_time} |")
    return "\n".join(lines)


def write_table(table: dict, key: str = "maps") -> None:
    """Merge into ``maps/calibration.json`` (atomically: a stopped run never leaves half a file): rows
    measured now replace the old ones, others stay."""
    from game import resources
    from game.engine.save import write_atomic
    from game.lab.calibration import FILE_NAME, load
    target = resources.maps_dir() / FILE_NAME
    merged = load(resources.maps_dir()) or {}
    merged.update({k: v for k, v in table.items() if not k.endswith("maps")})
    maps = merged.setdefault(key, {})
    for name, rows in table[key].items():
        maps.setdefault(name, {}).update(rows)
    write_atomic(target, json.dumps(merged, indent=1) + "\n")


if __name__ == "__main__":
    sys.exit(run_tool(main))
