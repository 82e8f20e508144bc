"""Headless balance simulator: computer players play whole games; figures for playtesters.

    python tools/simulate.py --map maps/meadow.tmx --mode normal --players 2 \\
        --ai standard,random --games 40 --seed 1 [--max-days 60] [--rules FILE] \\
        [--json] [--compare] [--plot OUT.png] [--jobs J] [--seats A,B] [--out GAMES.jsonl] \\
        [--time-limit SECONDS]

Game g uses seed S+g. AI levels go to seats cyclically and rotate by one seat
per game, so every level sits in every seat. Reports: games finished and how
(conquest / day limit), wins by seat and by AI level, days per game, decisions
per game and the human play time they suggest (``play_minutes``, at 5-10 s a
decision, as the title screen shows for the shipped maps), the first
player's (Anchor's) win rate, income and army size per day, battles and how
often the attacker won, heroes lost to upkeep, and games that raised an error
(caught per game, with seed and traceback summary).

``--compare`` plays the same seeds twice: Normal vs Campaign, or, with
``--rules FILE``, the mode's defaults vs that overlay file; figures are shown
side by side (JSON: {"a": {...}, "b": {...}}), followed by b minus a for the
main figures with 95% intervals and a plain verdict ("within the noise" when the
interval holds 0; JSON: ``b.differences_from_a``). ``--max-days`` switches on the
engine's day-limit rule (R-END-2 [OPT]); default 60, 0 = no limit.
Progress, with the time left, goes to stderr; games run on ``--jobs`` processes
(default: one less than the cores); ``--time-limit S`` stops a game still running
after S seconds and reports it as an error (TimeLimit). ``--seats hard,standard`` gives each seat its
own level for every game (no rotation). ``--out games.jsonl`` (or ``.csv``) keeps
one row per game as it finishes: seed, map, mode, seat levels, winners, end
reason, days, income / Cities / heroes / army by Day and seat, and counts of
every rule sign and event (``game.lab.coverage``), so any statistic can be
computed later. The report ends with end reasons by seat and a rule-coverage
report: which rules came up in how many games, and which never did.
Shared wins (a last alliance, a tied day limit) count for every winner, but
never as the first player's win; a game ended by the day limit reports the
limit's day. ``--plot OUT.png`` draws game lengths, win rate by seat, income by
Day with the games still running, and rule coverage (``game.lab.plots``).
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.cli import MAX_DAYS, MAX_SEED, bounded_int, map_argument, png_path, run_tool  # noqa: E402
from game.lab.calibration import minutes_for  # noqa: E402

DEFAULT_MAX_DAYS = 60
END_REASONS = ("conquest", "day_limit", "alliance")   # alliance: the [OPT] shared victory (R-END-2)
MAX_GAMES = 100_000      # each game's figures are kept until the report
MAX_JOBS = 64


# --- one game ----------------------------------------------------------------------------------------
def seat_levels(levels: list[str], players: int, game_index: int) -> list[str]:
    """Levels by seat for game ``game_index``: cyclic, rotated one seat per game."""
    return [levels[(i + game_index) % len(levels)] for i in range(players)]


def _income(state, seat: int) -> int:
    from game.engine.flow import daily_income     # the engine loads after the arguments are read
    return sum(daily_income(state, seat).values())


def _army(state, seat: int) -> int:
    return sum(sum(h.army.values()) for h in state.heroes_of(seat)) + \
        sum(sum(c.garrison.values()) for c in state.cities_of(seat))


_BOARDS: dict = {}


def play_one(job: dict) -> dict:
    """Play one game; never raises (an error is part of the result)."""
    from game.ai import play_game
    from game.engine import Seat
    from game.maps import load_map
    seed, levels = job["seed"], job["levels"]
    result = {"variant": job.get("variant", "a"), "seed": seed, "levels": levels, "map": Path(job["map"]).stem,
              "mode": job["mode"], "error": None}
    started = time.perf_counter()
    try:
        if job["map"] not in _BOARDS:
            _BOARDS[job["map"]] = load_map(job["map"])
        board = _BOARDS[job["map"]]
        seats = [Seat(f"P{i + 1}", "computer", lvl) for i, lvl in enumerate(levels)]
        income: list[dict] = []
        army: list[dict] = []
        cities: list[dict] = []
        heroes: list[dict] = []

        def on_day(state):
            income.append({s: _income(state, s) for s in state.players})
            army.append({s: _army(state, s) for s in state.players})
            cities.append({s: len(state.cities_of(s)) for s in state.players})
            heroes.append({s: len(state.heroes_of(s)) for s in state.players})

        state = play_game(board, seats, seed, job["mode"], job["max_days"] or None, rules=job["rules"],
                          on_day=on_day)
        upkeep_by_seat = {s: 0 for s in state.players}
        for event in state.log:
            if event.kind == "hero_died" and event.data.get("cause") == "upkeep":
                upkeep_by_seat[event.data["player"]] = upkeep_by_seat.get(event.data["player"], 0) + 1
        from collections import Counter
        from game.lab.coverage import rule_counts
        days = state.day
        if state.end_reason == "day_limit" and job["max_days"]:
            days = min(days, job["max_days"])       # the limit's day, not the Day the verdict came on
        result.update(
            finished=state.phase == "over", winners=list(state.winners), end_reason=state.end_reason,
            days=days, anchor=state.turn_order[0], turn_order=list(state.turn_order),
            battles=state.stats.get("battles", 0), attacker_wins=state.stats.get("attacker_wins", 0),
            conquests=state.stats.get("conquests", 0), upkeep_deaths=state.stats.get("upkeep_deaths", 0),
            upkeep_by_seat={str(k): v for k, v in upkeep_by_seat.items()},
            ai_refused=state.stats.get("ai_refused", 0), dead_actor_skips=state.stats.get("dead_actor_skips", 0),
            actions=len(state.actions),
            income=[{str(k): v for k, v in day.items()} for day in income],
            army=[{str(k): v for k, v in day.items()} for day in army],
            cities=[{str(k): v for k, v in day.items()} for day in cities],
            heroes=[{str(k): v for k, v in day.items()} for day in heroes],
            rules=rule_counts(state.log), events=dict(Counter(e.kind for e in state.log)))
    except Exception as exc:  # noqa: BLE001 - every error is counted and reported
        tb = traceback.extract_tb(exc.__traceback__)
        where = f"{Path(tb[-1].filename).name}:{tb[-1].lineno} in {tb[-1].name}" if tb else "?"
        result.update(finished=False, error=f"{type(exc).__name__}: {exc} (at {where})")
    result["seconds"] = round(time.perf_counter() - started, 3)
    return result


# --- many games ---------------------------------------------------------------------------------------
def run_games(args, mode: str, rules_file: str | None, label: str = "", out=None) -> list[dict]:
    levels = args.ai.split(",")
    jobs = [game_job(args.seed + g, list(args.seats) if args.seats else seat_levels(levels, args.players, g),
                     args.map, mode, args.max_days, rules_file, label or "a") for g in range(args.games)]
    return run_jobs(jobs, args.jobs, label, out, args.time_limit)


def game_job(seed: int, levels: list[str], map_path: str, mode: str, max_days: int | None,
             rules: str | None = None, variant: str = "a") -> dict:
    """One game for ``play_one``: its seed, the computer level of each seat, map, mode and rules."""
    return {"seed": seed, "levels": levels, "map": str(map_path), "mode": mode, "max_days": max_days,
            "rules": rules, "variant": variant}


def default_jobs() -> int:
    """One less than the cores, so the machine stays usable while games run."""
    return max(1, (os.cpu_count() or 2) - 1)


def run_jobs(jobs: list[dict], jobs_wanted: int | None = None, label: str = "", out=None,
             time_limit: float | None = None) -> list[dict]:
    """Play every job (see ``play_one``) on worker processes; results sorted by seed.

    Progress, with an estimate of the time left, goes to stderr; ``out`` (a ``GameRows``)
    gets each game's row as soon as it is played, so an interrupted run keeps what it played.
    With ``time_limit`` (seconds) each game runs in its own process and one that takes
    longer is stopped and reported as an error, so one stalled game cannot stop a long run."""
    results = []
    workers = max(1, min(jobs_wanted or default_jobs(), len(jobs)))
    prefix = f"[{label}] " if label else ""
    started = time.perf_counter()

    def report(res):
        results.append(res)
        if out is not None:
            out.write(res)
        what = f"ERROR {res['error']}" if res["error"] else \
            f"winners {res['winners']} by {res['end_reason'] or '-'} on day {res['days']}"
        elapsed = time.perf_counter() - started
        left = elapsed / len(results) * (len(jobs) - len(results))
        print(f"{prefix}{len(results)}/{len(jobs)} seed {res['seed']} {res['levels']}: {what} "
              f"({res['seconds']:.2f}s; about {_duration(left)} left)", file=sys.stderr, flush=True)

    if time_limit:
        _run_time_limited(jobs, workers, time_limit, report)
    elif workers == 1:
        for job in jobs:
            report(play_one(job))
    else:
        context = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
        with context.Pool(workers, initializer=_leave_ctrl_c_to_the_parent) as pool:
            for res in pool.imap_unordered(play_one, jobs):
                report(res)
    return sorted(results, key=lambda r: r["seed"])


def _leave_ctrl_c_to_the_parent() -> None:
    """Worker processes ignore Ctrl+C: the parent stops them and says so in one line (each worker printed
    its own interrupted traceback)."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_child(job: dict, conn) -> None:
    _leave_ctrl_c_to_the_parent()
    conn.send(play_one(job))
    conn.close()


def _run_time_limited(jobs: list[dict], workers: int, limit: float, report) -> None:
    from multiprocessing.connection import wait
    context = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    waiting, running = list(jobs), []
    while waiting or running:
        while waiting and len(running) < workers:
            job = waiting.pop(0)
            receiver, sender = context.Pipe(duplex=False)
            process = context.Process(target=_play_in_child, args=(job, sender), daemon=True)
            process.start()
            sender.close()
            running.append((process, receiver, job, time.perf_counter()))
        wait([receiver for _, receiver, _, _ in running], timeout=0.25)
        for entry in list(running):
            process, receiver, job, began = entry
            seconds = time.perf_counter() - began
            if receiver.poll():
                result = receiver.recv()
            elif process.is_alive() and seconds <= limit:
                continue
            else:
                why = f"no result within the time limit of {limit:g} s" if process.is_alive() else \
                    f"the game's process ended without a result (exit code {process.exitcode})"
                process.kill()           # SIGKILL: a child may have inherited a SIGTERM handler
                result = {"variant": job.get("variant", "a"), "seed": job["seed"], "levels": job["levels"],
                          "map": Path(job["map"]).stem, "mode": job["mode"], "finished": False,
                          "error": f"TimeLimit: {why}", "seconds": round(seconds, 3)}
            process.join()
            receiver.close()
            running.remove(entry)
            report(result)


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    return f"{seconds // 60} min {seconds % 60:02d} s" if seconds >= 60 else f"{seconds} s"


class GameRows:
    """Per-game rows for ``--out``: JSON Lines (``.jsonl``) or CSV (``.csv``, nested figures as JSON text)."""

    CSV_FIELDS = ["variant", "seed", "map", "mode", "levels", "winners", "end_reason", "days", "anchor", "error",
                  "income", "cities", "heroes", "army", "rules", "events"]

    def __init__(self, path: str):
        self.path = Path(path)
        self.csv = self.path.suffix.lower() == ".csv"
        self.file = open(self.path, "w", encoding="utf-8", newline="")
        if self.csv:
            import csv
            self.writer = csv.DictWriter(self.file, fieldnames=self.CSV_FIELDS, extrasaction="ignore")
            self.writer.writeheader()

    def write(self, result: dict) -> None:
        row = {k: v for k, v in result.items() if k not in ("upkeep_by_seat",)}
        if self.csv:
            self.writer.writerow({k: json.dumps(v) if isinstance(v, (dict, list)) else v for k, v in row.items()})
        else:
            self.file.write(json.dumps(row) + "\n")
        self.file.flush()

    def close(self) -> None:
        self.file.close()


def _mean(values):
    return sum(values) / len(values) if values else 0.0


def _std(values):
    if len(values) < 2:
        return 0.0
    m = _mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def summarize(results: list[dict], args, mode: str, rules_file: str | None) -> dict:
    levels = list(dict.fromkeys(args.seats or args.ai.split(",")))
    ok = [r for r in results if not r["error"]]
    done = [r for r in ok if r["finished"]]
    seats = [str(s) for s in range(1, args.players + 1)]
    wins_by_seat = {s: 0 for s in seats}
    wins_by_ai = {lvl: 0 for lvl in levels}
    seat_games_by_ai = {lvl: 0 for lvl in levels}
    upkeep_by_ai = {lvl: 0 for lvl in levels}
    anchor_wins = 0
    for r in done:
        for seat, lvl in enumerate(r["levels"], start=1):
            seat_games_by_ai[lvl] += 1
            upkeep_by_ai[lvl] += r["upkeep_by_seat"].get(str(seat), 0)
        for w in r["winners"]:
            wins_by_seat[str(w)] += 1
            wins_by_ai[r["levels"][w - 1]] += 1
        anchor_wins += r["winners"] == [r["anchor"]]      # a shared win is not the first player's win
    decided = [r for r in done if len(r["winners"]) == 1]
    sole_by_ai = {lvl: 0 for lvl in levels}
    for r in decided:
        sole_by_ai[r["levels"][r["winners"][0] - 1]] += 1
    days = [r["days"] for r in done]

    def per_day(key):
        """Per AI level: the mean over seats (of that level) of ``key`` on each Day."""
        out = {}
        for lvl in levels:
            sums, counts = [], []
            for r in done:
                for seat, l in enumerate(r["levels"], start=1):
                    if l != lvl:
                        continue
                    for d, row in enumerate(r[key]):
                        while len(sums) <= d:
                            sums.append(0.0)
                            counts.append(0)
                        sums[d] += row.get(str(seat), 0)
                        counts[d] += 1
            out[lvl] = [round(s / c, 3) for s, c in zip(sums, counts)]
        return out

    battles = sum(r["battles"] for r in done)
    attacker_wins = sum(r["attacker_wins"] for r in done)
    running = [sum(1 for r in done if r["days"] >= d) for d in range(1, max(days, default=0) + 1)]
    decisions = [r["actions"] for r in done if "actions" in r]
    return {
        "map": args.map, "mode": mode, "rules": rules_file, "players": args.players, "ai": levels,
        "max_days": args.max_days or None, "seeds": [args.seed, args.seed + args.games - 1],
        "games": len(results), "finished": len(done),
        "end_reasons": {k: sum(1 for r in done if r["end_reason"] == k) for k in END_REASONS},
        "errors": len(results) - len(ok),
        "error_games": [{"seed": r["seed"], "error": r["error"]} for r in results if r["error"]],
        "wins_by_seat": wins_by_seat, "wins_by_ai": wins_by_ai,
        "sole_wins_by_ai": sole_by_ai, "shared_wins": len(done) - len(decided),
        "win_rate_by_ai": {lvl: round(wins_by_ai[lvl] / seat_games_by_ai[lvl], 4) if seat_games_by_ai[lvl] else None
                           for lvl in levels},
        "seat_games_by_ai": seat_games_by_ai,
        "days_mean": round(_mean(days), 3), "days_std": round(_std(days), 3),
        "days_min": min(days, default=0), "days_max": max(days, default=0),
        "decisions_mean": round(_mean(decisions), 1), "play_minutes": list(minutes_for(_mean(decisions))),
        "first_player_win_rate": round(anchor_wins / len(done), 4) if done else None,
        "battles": battles, "battles_per_game": round(battles / len(done), 3) if done else 0,
        "attacker_win_rate": round(attacker_wins / battles, 4) if battles else None,
        "conquests": sum(r["conquests"] for r in done),
        "upkeep_deaths": sum(r["upkeep_deaths"] for r in done), "upkeep_deaths_by_ai": upkeep_by_ai,
        "ai_refused_actions": sum(r["ai_refused"] for r in done),
        "dead_actor_skips": sum(r["dead_actor_skips"] for r in done),
        "seconds_per_game": round(_mean([r["seconds"] for r in results]), 3),
        "income_by_day": per_day("income"), "army_by_day": per_day("army"),
        "cities_by_day": per_day("cities"), "heroes_by_day": per_day("heroes"), "running_by_day": running,
        "days_all": days, "end_reasons_by_seat": end_reasons_by_seat(done, seats),
        "rule_coverage": rule_coverage(done, mode),
    }


def end_reasons_by_seat(done: list[dict], seats: list[str]) -> dict:
    """Per seat: sole wins by conquest and by the day limit, shared wins, and losses."""
    out = {s: {"conquest": 0, "day_limit": 0, "shared": 0, "lost": 0} for s in seats}
    for r in done:
        for seat in seats:
            if int(seat) not in r["winners"]:
                out[seat]["lost"] += 1
            elif len(r["winners"]) > 1:
                out[seat]["shared"] += 1
            else:
                out[seat][r["end_reason"] if r["end_reason"] in ("conquest", "day_limit") else "conquest"] += 1
    return out


def rule_coverage(done: list[dict], mode: str) -> dict:
    """Per rule sign (``game.lab.coverage``): its rule ID, the games it came up in, and how often in all."""
    from game.lab.coverage import LABELS, RULE_OF, applicable
    out = {}
    for label in LABELS:
        if not applicable(label, mode):
            continue
        games = sum(1 for r in done if r["rules"].get(label))
        out[label] = {"rule": RULE_OF[label], "games": games, "total": sum(r["rules"].get(label, 0) for r in done),
                      "share": round(games / len(done), 4) if done else 0.0}
    return out


def compare(a: dict, b: dict, results_a: list[dict], results_b: list[dict]) -> list[dict]:
    """b minus a for the figures playtesters ask about, each with its 95% interval and a plain verdict."""
    from game.lab.stats import mean_difference, rate_difference, verdict
    rows = []

    def add(name, diff, low, high, a_value, b_value):
        rows.append({"figure": name, "a": a_value, "b": b_value, "difference": round(diff, 4),
                     "ci95": [round(low, 4), round(high, 4)], "verdict": verdict(low, high)})

    done_a = [r for r in results_a if not r["error"] and r["finished"]]
    done_b = [r for r in results_b if not r["error"] and r["finished"]]
    add("days per game", *mean_difference([r["days"] for r in done_a], [r["days"] for r in done_b]),
        a["days_mean"], b["days_mean"])
    sole_a = sum(r["winners"] == [r["anchor"]] for r in done_a)
    sole_b = sum(r["winners"] == [r["anchor"]] for r in done_b)
    add("first player's win rate", *rate_difference(sole_a, len(done_a), sole_b, len(done_b)),
        a["first_player_win_rate"], b["first_player_win_rate"])
    limit_a = sum(r["end_reason"] == "day_limit" for r in done_a)
    limit_b = sum(r["end_reason"] == "day_limit" for r in done_b)
    add("games reaching the day limit", *rate_difference(limit_a, len(done_a), limit_b, len(done_b)),
        round(limit_a / len(done_a), 4) if done_a else None, round(limit_b / len(done_b), 4) if done_b else None)
    add("decisions per game", *mean_difference([r["actions"] for r in done_a], [r["actions"] for r in done_b]),
        a["decisions_mean"], b["decisions_mean"])
    for lvl in a["wins_by_ai"] if len(a["wins_by_ai"]) > 1 else ():     # one level only: it wins every game
        if lvl in b["wins_by_ai"] and a["seat_games_by_ai"][lvl] and b["seat_games_by_ai"][lvl]:
            add(f"{lvl} win rate", *rate_difference(a["sole_wins_by_ai"][lvl], a["seat_games_by_ai"][lvl],
                                                   b["sole_wins_by_ai"][lvl], b["seat_games_by_ai"][lvl]),
                a["win_rate_by_ai"][lvl], b["win_rate_by_ai"][lvl])
    add("battles per game", *mean_difference([r["battles"] for r in done_a], [r["battles"] for r in done_b]),
        a["battles_per_game"], b["battles_per_game"])
    return rows


# --- text --------------------------------------------------------------------------------------------
def _fmt(value) -> str:
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".")
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_fmt(v)}" for k, v in value.items())
    return str(value)


def _series_text(series: dict, days=(1, 5, 10, 20, 30, 40, 60)) -> dict:
    return {lvl: " ".join(f"d{d}={vals[d - 1]:.1f}" for d in days if d <= len(vals)) for lvl, vals in series.items()}


ROWS = ["games", "finished", "end_reasons", "errors", "wins_by_seat", "wins_by_ai", "win_rate_by_ai",
        "shared_wins", "days_mean", "days_std", "days_min", "days_max", "decisions_mean", "play_minutes",
        "first_player_win_rate", "battles_per_game",
        "attacker_win_rate", "conquests", "upkeep_deaths", "upkeep_deaths_by_ai", "ai_refused_actions",
        "seconds_per_game"]


def text_report(summaries: dict[str, dict], comparison: list[dict] | None = None) -> str:
    lines = []
    first = next(iter(summaries.values()))
    lines.append(f"map {first['map']}, {first['players']} players, AI {','.join(first['ai'])}, "
                 f"seeds {first['seeds'][0]}..{first['seeds'][1]}, day limit {first['max_days'] or 'none'}")
    heads = {k: f"{s['mode']}" + (f" + {Path(s['rules']).name}" if s["rules"] else "") for k, s in summaries.items()}
    width = 26
    lines.append(" " * width + "".join(f"{heads[k]:<44}" for k in summaries))
    for row in ROWS:
        lines.append(f"{row:<{width}}" + "".join(f"{_fmt(s[row]):<44}" for s in summaries.values()))
    for key in ("income_by_day", "army_by_day"):
        lines.append(f"{key} (mean per seat):")
        for k, s in summaries.items():
            for lvl, text in _series_text(s[key]).items():
                lines.append(f"  {heads[k]:<18} {lvl:<10} {text}")
    for k, s in summaries.items():
        lines.append(f"end of game by seat ({heads[k]}): " + "; ".join(
            f"seat {seat}: " + ", ".join(f"{n} {what.replace('_', ' ')}" for what, n in row.items())
            for seat, row in s["end_reasons_by_seat"].items()))
    for k, s in summaries.items():
        seen = {label: c for label, c in s["rule_coverage"].items() if c["games"]}
        never = [f"{label} ({c['rule']})" for label, c in s["rule_coverage"].items() if not c["games"]]
        lines.append(f"rules in play ({heads[k]}, share of games): " +
                     ", ".join(f"{label} {c['share']:.0%}" for label, c in seen.items()))
        lines.append(f"rules that never came up ({heads[k]}): " + (", ".join(never) or "none"))
    for row in comparison or []:
        lo, hi = row["ci95"]
        lines.append(f"b - a, {row['figure']}: {row['difference']:+.3f} (95% CI {lo:+.3f} to {hi:+.3f}): {row['verdict']}")
    for s in summaries.values():
        for err in s["error_games"]:
            lines.append(f"ERROR seed {err['seed']}: {err['error']}")
    return "\n".join(lines)


# --- command line --------------------------------------------------------------------------------------
def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--map", default=str(ROOT / "maps" / "meadow.tmx"),
                   help="a .tmx map, or a shipped map's name such as highlands (default maps/meadow.tmx)")
    p.add_argument("--mode", default="normal", choices=("normal", "campaign"))
    p.add_argument("--players", type=bounded_int(2, 4), default=2, help="2 to 4 (default 2)")
    p.add_argument("--ai", default="standard", help="AI levels, comma-separated, given to seats cyclically")
    p.add_argument("--games", type=bounded_int(1, MAX_GAMES), default=10, help=f"1 to {MAX_GAMES} (default 10)")
    p.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=1)
    p.add_argument("--max-days", type=bounded_int(0, MAX_DAYS), default=DEFAULT_MAX_DAYS,
                   help=f"day-limit rule after D Days, up to {MAX_DAYS} (default {DEFAULT_MAX_DAYS}; 0 = none)")
    p.add_argument("--rules", default=None, help="a rules overlay TOML file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--compare", action="store_true",
                   help="Normal vs Campaign; with --rules: the mode's defaults vs that file")
    p.add_argument("--plot", default=None, metavar="OUT.png", type=png_path,
                   help="plot game lengths, win rate by seat, income by Day and rule coverage (PNG); "
                        "its folder is checked before any game")
    p.add_argument("--jobs", type=bounded_int(1, MAX_JOBS), default=None,
                   help=f"worker processes, 1 to {MAX_JOBS} (default: one less than the cores)")
    p.add_argument("--time-limit", type=bounded_int(1, 86_400), default=None, metavar="SECONDS",
                   help="stop a game that takes longer and count it as an error (default: no limit)")
    p.add_argument("--seats", default=None, metavar="A,B,...",
                   help="one AI level per seat, in seat order, kept every game (sets --players; no rotation)")
    p.add_argument("--out", default=None, metavar="GAMES.jsonl",
                   help="one row per game (.jsonl, or .csv): seed, seats, winner, end reason, days, figures by Day, "
                        "rule counts; written as games finish")
    args = p.parse_args(argv)
    from game.ai.levels import style_of
    args.seats = [s.strip() for s in args.seats.split(",")] if args.seats else None
    if args.seats:
        if not 2 <= len(args.seats) <= 4:
            p.error("--seats needs 2 to 4 levels, one per seat")
        args.players = len(args.seats)
    for lvl in args.seats or args.ai.split(","):
        if lvl != "random" and style_of(lvl) is None:
            p.error(f"unknown AI level {lvl!r}: expected random, easy, standard, hard, standard:VARIANT or hard:VARIANT")
    if args.out:
        out = Path(args.out)
        if out.suffix.lower() not in (".jsonl", ".csv"):
            p.error(f"--out must end in .jsonl or .csv: {args.out}")
        if not out.parent.is_dir():
            p.error(f"--out: no such folder: {out.parent}")
    args.map = str(map_argument(args.map, p))
    board = usable_map(args.map)
    if not board.takes(args.players, args.mode):
        from game.map_players import made_for
        p.error(f"{board.title} ({args.map}) is a map for {made_for(board.counts_for(args.mode), board.counts)}, not {args.players}; "
                "change --players or --seats")
    if args.rules and not Path(args.rules).exists():
        p.error(f"rules file not found: {args.rules}")
    return args


def usable_map(path: str):
    """The board, or one line naming the map's first problem and exit status 1."""
    from game.maps import MapError, load_map
    try:
        return load_map(path)
    except MapError as error:
        more = (f" ({len(error.problems) - 1} more; python tools/validate_map.py {path} lists them)"
                if len(error.problems) > 1 else "")
        print(f"simulate.py: cannot use map {path}: {error.problems[0]}{more}", file=sys.stderr)
        sys.exit(1)


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.rules:
        from game.engine import RulesError, load_rules
        try:
            load_rules(args.mode, overlay=args.rules)
        except RulesError as problem:
            print(f"simulate.py: cannot use the rules: {problem}", file=sys.stderr)
            return 1
    if args.compare:
        if args.rules:
            plan = {"a": (args.mode, None), "b": (args.mode, args.rules)}
        else:
            plan = {"a": ("normal", None), "b": ("campaign", None)}
    else:
        plan = {"a": (args.mode, args.rules)}
    summaries, errors, all_results = {}, [], {}
    try:
        out = GameRows(args.out) if args.out else None
    except OSError as problem:
        print(f"simulate.py: cannot write {args.out}: {problem}", file=sys.stderr)
        return 1
    try:
        for key, (mode, rules_file) in plan.items():
            results = run_games(args, mode, rules_file, label=key if len(plan) > 1 else "", out=out)
            all_results[key] = results
            summaries[key] = summarize(results, args, mode, rules_file)
            errors += [r["error"] for r in results if r["error"]]
    finally:
        if out is not None:
            out.close()
    comparison = compare(summaries["a"], summaries["b"], all_results["a"], all_results["b"]) if args.compare else None
    if args.json:            # the figures first: a failing plot never loses them
        if comparison is not None:
            summaries["b"]["differences_from_a"] = comparison     # the top level stays {"a", "b"}
        report = summaries if args.compare else summaries["a"]
        print(json.dumps(report), flush=True)
    else:
        print(text_report(summaries, comparison), flush=True)
    if args.plot:
        import pygame
        try:
            from game.lab.plots import plot
            plot(summaries, args.plot)
        except (OSError, pygame.error) as problem:
            print(f"simulate.py: cannot write the plot {args.plot}: {problem}", file=sys.stderr)
            return 1
        print(f"plot written to {args.plot}", file=sys.stderr)
    games = args.games * len(plan)
    if len(errors) == games:
        print(f"simulate.py: every game failed; the first: {errors[0]}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(run_tool(main))
