"""How long computer players think: CPU time per decision over whole games.

    python tools/bench_ai.py --map highlands --players 4 --games 2 --seed 1 [--level standard] [--json]

Every seat is a computer player of ``--level``; ``--max-days D`` ends a game
with the day-limit rule after D Days (default 60: a search level such as
``hard`` can be measured over the first Days of a big map), as the lab does,
also when the players vote that rule off. Each call of ``choose_action``
is timed with the deciding process's CPU clock (``time.process_time``), so a
busy machine slows the wall clock but not the figures much. Prints the number
of decisions and their p50 / p99 / max in milliseconds; ``--json`` prints
``{"decisions": int, "p50_ms": float, "p99_ms": float, "max_ms": float}``
(plus ``map``, ``players``, ``games``, ``level`` and ``mean_ms``), and what a
person at the table waits for: a computer player's turn, its run of decisions
until another player acts (its Daybreak and its turn), as ``turns``,
``turn_p50_s`` and ``turn_max_s`` (CPU seconds).

``--reference MAP`` also plays the same games on a reference map in the same run
(e.g. ``--map big.tmx --reference highlands``: issue 14's goal is a generated
256x256 hex map within 2x of Highlands) and adds ``reference`` (its figures)
and ``p99_ratio`` / ``max_ratio`` (this map's figure over the reference's).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.choices import LEVELS  # noqa: E402
from game.cli import MAX_SEED, bounded_int, map_argument, run_tool  # noqa: E402

MAX_GAMES = 1000
MAX_DAYS = 60
# The computer players (game.ai, with the engine) load after the arguments are read: --help and a bad argument
# answer without them (their levels come from game.choices, which loads neither).


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def decision_times(board, players: int, seed: int, level: str, mode: str, max_days: int = MAX_DAYS,
                   turns: list[float] | None = None) -> list[float]:
    """Milliseconds of CPU per decision in one whole game between ``players`` computer players, played
    as the lab plays it (``play_game``): the game ends at ``max_days`` even if the players vote the
    day limit off (without that cap, a game on a big map where the players hardly meet ran for hours).
    ``turns``, when given, gets the seconds of each run of one player's decisions (see ``turn_seconds``)."""
    from game.ai.play import choose_action, play_game
    from game.engine import Seat
    times = []
    seats = []

    def timed(state, rng, lvl):
        seats.append(state.actor())
        started = time.process_time()
        act = choose_action(state, rng, lvl)
        times.append((time.process_time() - started) * 1000)
        return act
    play_game(board, [Seat(f"P{i + 1}", "computer", level) for i in range(players)], seed, mode, max_days,
              strict=True, choose=timed)
    if turns is not None:
        turns += turn_seconds(seats, times)
    return times


def turn_seconds(seats: list[int], times_ms: list[float]) -> list[float]:
    """Seconds of each run of decisions by one player (``seats[i]`` made the decision that took
    ``times_ms[i]``): what the others wait for while it plays its Daybreak and its turn."""
    runs: list[float] = []
    for i, (seat, ms) in enumerate(zip(seats, times_ms)):
        if i and seat == seats[i - 1]:
            runs[-1] += ms / 1000
        else:
            runs.append(ms / 1000)
    return runs


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--map", default="highlands", help="a shipped map's name or a .tmx path (default highlands)")
    p.add_argument("--players", type=int, default=4, help="2 to 4 (default 4)")
    p.add_argument("--games", type=int, default=1, help=f"whole games to play, 1 to {MAX_GAMES} (default 1)")
    p.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=1)
    p.add_argument("--level", default="standard", choices=LEVELS)
    p.add_argument("--mode", default="normal", choices=("normal", "campaign"))
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--reference", metavar="MAP", help="also time a reference map in the same run and print the ratios")
    p.add_argument("--max-days", type=int, default=MAX_DAYS, help=f"day-limit rule after D Days, 1 to 1000 (default {MAX_DAYS})")
    args = p.parse_args(argv)
    if not 1 <= args.max_days <= 1000:
        p.error("--max-days must be 1 to 1000")
    if not 2 <= args.players <= 4:
        p.error("--players must be 2 to 4")
    if not 1 <= args.games <= MAX_GAMES:
        p.error(f"--games must be 1 to {MAX_GAMES}")
    from game.maps import MapError
    try:
        boards = [load(map_argument(name, p, option)) for name, option in ((args.map, "--map"), (args.reference, "--reference")) if name]
    except MapError as error:
        print(f"bench_ai.py: {error}", file=sys.stderr)
        return 1
    result, reference = [measure(*board, args) for board in boards] + [None] * (2 - len(boards))
    if reference:
        result["reference"] = {k: reference[k] for k in ("map", "decisions", "p50_ms", "p99_ms", "max_ms", "mean_ms")}
        result["p99_ratio"] = round(result["p99_ms"] / max(reference["p99_ms"], 1e-9), 2)
        result["max_ratio"] = round(result["max_ms"] / max(reference["max_ms"], 1e-9), 2)
    if args.json:
        print(json.dumps(result))
        return 0
    for r in (result, reference):
        if r:
            print(f"{r['map']}, {args.players} {args.level} players, {args.games} game(s): "
                  f"{r['decisions']} decisions, p50 {r['p50_ms']} ms, p99 {r['p99_ms']} ms, "
                  f"max {r['max_ms']} ms (CPU per decision); a player's turn: p50 {r['turn_p50_s']} s, "
                  f"max {r['turn_max_s']} s ({r['turns']} turns)")
    if reference:
        print(f"ratio to {reference['map']}: p99 {result['p99_ratio']}x, max {result['max_ratio']}x")
    return 0


def load(path: Path):
    """(name, board) of a map file."""
    from game.maps import load_map
    return path.stem, load_map(path)


def measure(name: str, board, args) -> dict:
    """Decision-time figures of ``args.games`` whole games on ``board``."""
    times: list[float] = []
    turns: list[float] = []
    days = {"max_days": args.max_days} if args.max_days != MAX_DAYS else {}
    for game in range(args.games):
        times += decision_times(board, args.players, args.seed + game, args.level, args.mode, turns=turns, **days)
    return {"decisions": len(times), "p50_ms": round(percentile(times, 50), 3),
            "p99_ms": round(percentile(times, 99), 3), "max_ms": round(max(times, default=0.0), 3),
            "mean_ms": round(sum(times) / len(times), 3) if times else 0.0,
            "turns": len(turns), "turn_p50_s": round(percentile(turns, 50), 3),
            "turn_max_s": round(max(turns, default=0.0), 3),
            "map": name, "players": args.players, "games": args.games, "level": args.level}


if __name__ == "__main__":
    sys.exit(run_tool(main))
