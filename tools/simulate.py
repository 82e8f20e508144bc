"""Headless balance simulator: computer players play whole games; figures for playtesters.

    python tools/simulate.py --map maps/meadow.tmx --mode normal --players 2 \\
        --ai standard,random --games 40 --seed 1 [--max-days 60] [--rules FILE] \\
        [--json] [--compare] [--plot OUT.png] [--jobs J]

Game g uses seed S+g. AI levels go to seats cyclically and rotate by one seat
per game, so every level sits in every seat. Reports: games finished and how
(conquest / day limit), wins by seat and by AI level, days per game, the first
player's (Anchor's) win rate, income and army size per day, battles and how
often the attacker won, heroes lost to upkeep, and games that raised an error
(caught per game, with seed and traceback summary).

``--compare`` plays the same seeds twice: Normal vs Campaign, or, with
``--rules FILE``, the mode's defaults vs that overlay file; figures are shown
side by side (JSON: {"a": {...}, "b": {...}}). ``--max-days`` switches on the
engine's day-limit rule (R-END-2 [OPT]); default 60, 0 = no limit.
Progress goes to stderr; games run on ``--jobs`` processes (default: all cores).
Shared wins (a last alliance, a tied day limit) count for every winner.
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

from game.cli import MAX_DAYS, MAX_SEED, bounded_int, png_path  # noqa: E402

DEFAULT_MAX_DAYS = 60
MAX_GAMES = 100_000      # each game's figures are kept until the report
MAX_JOBS = 64


# --- one game ----------------------------------------------------------------------------------------
def seat_levels(levels: list[str], players: int, game_index: int) -> list[str]:
    """Levels by seat for game ``game_index``: cyclic, rotated one seat per game."""
    return [levels[(i + game_index) % len(levels)] for i in range(players)]


def _income(state, seat: int) -> int:
    rules = state.rules
    total = sum(sum(rules["daybreak"]["city_income_by_tier"][c.tier].values()) for c in state.cities_of(seat))
    return total + len(state.mines_of(seat)) * rules["daybreak"]["mine_income"]


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
    result = {"seed": seed, "levels": levels, "error": None}
    started = time.perf_counter()
    try:
        if job["map"] not in _BOARDS:
            _BOARDS[job["map"]] = load_map(job["map"])
        board = _BOARDS[job["map"]]
        seats = [Seat(f"P{i + 1}", "computer", lvl) for i, lvl in enumerate(levels)]
        income: list[dict] = []
        army: list[dict] = []

        def on_day(state):
            income.append({s: _income(state, s) for s in state.players})
            army.append({s: _army(state, s) for s in state.players})

        state = play_game(board, seats, seed, job["mode"], job["max_days"] or None, rules=job["rules"],
                          on_day=on_day)
        upkeep_by_seat = {s: 0 for s in state.players}
        for event in state.log:
            if event.kind == "hero_died" and event.data.get("cause") == "upkeep":
                upkeep_by_seat[event.data["player"]] = upkeep_by_seat.get(event.data["player"], 0) + 1
        result.update(
            finished=state.phase == "over", winners=list(state.winners), end_reason=state.end_reason,
            days=state.day, anchor=state.turn_order[0], turn_order=list(state.turn_order),
            battles=state.stats.get("battles", 0), attacker_wins=state.stats.get("attacker_wins", 0),
            conquests=state.stats.get("conquests", 0), upkeep_deaths=state.stats.get("upkeep_deaths", 0),
            upkeep_by_seat={str(k): v for k, v in upkeep_by_seat.items()},
            ai_refused=state.stats.get("ai_refused", 0), dead_actor_skips=state.stats.get("dead_actor_skips", 0),
            actions=len(state.actions),
            income=[{str(k): v for k, v in day.items()} for day in income],
            army=[{str(k): v for k, v in day.items()} for day in army])
    except Exception as exc:  # noqa: BLE001 - every error is counted and reported
        tb = traceback.extract_tb(exc.__traceback__)
        where = f"{Path(tb[-1].filename).name}:{tb[-1].lineno} in {tb[-1].name}" if tb else "?"
        result.update(finished=False, error=f"{type(exc).__name__}: {exc} (at {where})")
    result["seconds"] = round(time.perf_counter() - started, 3)
    return result


# --- many games ---------------------------------------------------------------------------------------
def run_games(args, mode: str, rules_file: str | None, label: str = "") -> list[dict]:
    levels = args.ai.split(",")
    jobs = [{"seed": args.seed + g, "levels": seat_levels(levels, args.players, g), "map": args.map,
             "mode": mode, "max_days": args.max_days, "rules": rules_file} for g in range(args.games)]
    return run_jobs(jobs, args.jobs, label)


def run_jobs(jobs: list[dict], jobs_wanted: int | None = None, label: str = "") -> list[dict]:
    """Play every job (see ``play_one``) on worker processes; results sorted by seed."""
    results = []
    workers = max(1, min(jobs_wanted or os.cpu_count() or 1, len(jobs)))
    prefix = f"[{label}] " if label else ""

    def report(res):
        results.append(res)
        what = f"ERROR {res['error']}" if res["error"] else \
            f"winners {res['winners']} by {res['end_reason'] or '-'} on day {res['days']}"
        print(f"{prefix}{len(results)}/{len(jobs)} seed {res['seed']} {res['levels']}: {what} "
              f"({res['seconds']:.2f}s)", file=sys.stderr, flush=True)

    if workers == 1:
        for job in jobs:
            report(play_one(job))
    else:
        with multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(workers) as pool:
            for res in pool.imap_unordered(play_one, jobs):
                report(res)
    return sorted(results, key=lambda r: r["seed"])


def _mean(values):
    return sum(values) / len(values) if values else 0.0


def _std(values):
    if len(values) < 2:
        return 0.0
    m = _mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def summarize(results: list[dict], args, mode: str, rules_file: str | None) -> dict:
    levels = list(dict.fromkeys(args.ai.split(",")))
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
        anchor_wins += r["anchor"] in r["winners"]
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
    return {
        "map": args.map, "mode": mode, "rules": rules_file, "players": args.players, "ai": levels,
        "max_days": args.max_days or None, "seeds": [args.seed, args.seed + args.games - 1],
        "games": len(results), "finished": len(done),
        "end_reasons": {k: sum(1 for r in done if r["end_reason"] == k) for k in ("conquest", "day_limit")},
        "errors": len(results) - len(ok),
        "error_games": [{"seed": r["seed"], "error": r["error"]} for r in results if r["error"]],
        "wins_by_seat": wins_by_seat, "wins_by_ai": wins_by_ai,
        "sole_wins_by_ai": sole_by_ai, "shared_wins": len(done) - len(decided),
        "win_rate_by_ai": {lvl: round(wins_by_ai[lvl] / seat_games_by_ai[lvl], 4) if seat_games_by_ai[lvl] else None
                           for lvl in levels},
        "seat_games_by_ai": seat_games_by_ai,
        "days_mean": round(_mean(days), 3), "days_std": round(_std(days), 3),
        "days_min": min(days, default=0), "days_max": max(days, default=0),
        "first_player_win_rate": round(anchor_wins / len(done), 4) if done else None,
        "battles": battles, "battles_per_game": round(battles / len(done), 3) if done else 0,
        "attacker_win_rate": round(attacker_wins / battles, 4) if battles else None,
        "conquests": sum(r["conquests"] for r in done),
        "upkeep_deaths": sum(r["upkeep_deaths"] for r in done), "upkeep_deaths_by_ai": upkeep_by_ai,
        "ai_refused_actions": sum(r["ai_refused"] for r in done),
        "dead_actor_skips": sum(r["dead_actor_skips"] for r in done),
        "seconds_per_game": round(_mean([r["seconds"] for r in results]), 3),
        "income_by_day": per_day("income"), "army_by_day": per_day("army"),
    }


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
        "shared_wins", "days_mean", "days_std", "days_min", "days_max", "first_player_win_rate", "battles_per_game",
        "attacker_win_rate", "conquests", "upkeep_deaths", "upkeep_deaths_by_ai", "ai_refused_actions",
        "seconds_per_game"]


def text_report(summaries: dict[str, dict]) -> str:
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
    for s in summaries.values():
        for err in s["error_games"]:
            lines.append(f"ERROR seed {err['seed']}: {err['error']}")
    return "\n".join(lines)


# --- plot --------------------------------------------------------------------------------------------
COLOURS = [(31, 119, 180), (214, 39, 40), (44, 160, 44), (255, 127, 14), (148, 103, 189), (140, 86, 75)]


def plot(summaries: dict[str, dict], out: str) -> None:
    import pygame
    pygame.init()
    font_dir = ROOT / "game" / "ui" / "kit" / "fonts"
    font = pygame.font.Font(str(font_dir / "DejaVuSans.ttf"), 15)
    title_font = pygame.font.Font(str(font_dir / "DejaVuSans-Bold.ttf"), 18)
    panel_w, panel_h = 620, 420
    surface = pygame.Surface((panel_w * 2, panel_h + 40))
    surface.fill((255, 255, 255))
    first = next(iter(summaries.values()))
    caption = (f"{Path(first['map']).name}: {first['players']} players, {first['games']} games, "
               f"AI {','.join(first['ai'])}")
    surface.blit(title_font.render(caption, True, (0, 0, 0)), (20, 8))
    for panel, (key, label) in enumerate((("income_by_day", "Income per Day (resources)"),
                                          ("army_by_day", "Army size (units)"))):
        series = []
        for name, s in summaries.items():
            tag = s["mode"] + (f"+{Path(s['rules']).stem}" if s["rules"] else "")
            for lvl, values in s[key].items():
                label_text = f"{tag} {lvl}" if len(summaries) > 1 else lvl
                series.append((label_text, values))
        _panel(surface, pygame, font, title_font, pygame.Rect(panel * panel_w, 40, panel_w, panel_h), label, series)
    pygame.image.save(surface, out)


def _panel(surface, pygame, font, title_font, rect, title, series) -> None:
    left, top, right, bottom = rect.x + 70, rect.y + 40, rect.right - 20, rect.bottom - 60
    surface.blit(title_font.render(title, True, (0, 0, 0)), (rect.x + 70, rect.y + 8))
    max_day = max((len(v) for _, v in series), default=1) or 1
    max_val = max((max(v) for _, v in series if v), default=1.0) or 1.0
    step = 10 ** math.floor(math.log10(max_val)) if max_val > 0 else 1
    for mult in (1, 2, 5, 10):
        if max_val / (step * mult) <= 6:
            step *= mult
            break
    top_val = math.ceil(max_val / step) * step
    axis = (40, 40, 40)
    grid = (225, 225, 225)
    value = 0.0
    while value <= top_val + 1e-9:
        y = bottom - (bottom - top) * value / top_val
        pygame.draw.line(surface, grid, (left, y), (right, y))
        text = font.render(f"{value:g}", True, axis)
        surface.blit(text, (left - 8 - text.get_width(), y - text.get_height() / 2))
        value += step
    day_step = max(1, math.ceil(max_day / 10))
    for day in range(1, max_day + 1, day_step):
        x = left + (right - left) * (day - 1) / max(1, max_day - 1)
        pygame.draw.line(surface, axis, (x, bottom), (x, bottom + 5))
        text = font.render(str(day), True, axis)
        surface.blit(text, (x - text.get_width() / 2, bottom + 7))
    pygame.draw.line(surface, axis, (left, top), (left, bottom), 2)
    pygame.draw.line(surface, axis, (left, bottom), (right, bottom), 2)
    xlabel = font.render("Day", True, axis)
    surface.blit(xlabel, ((left + right) / 2 - xlabel.get_width() / 2, bottom + 26))
    ylabel = pygame.transform.rotate(font.render("mean per seat", True, axis), 90)
    surface.blit(ylabel, (rect.x + 8, (top + bottom) / 2 - ylabel.get_height() / 2))
    for index, (label, values) in enumerate(series):
        colour = COLOURS[index % len(COLOURS)]
        points = [(left + (right - left) * d / max(1, max_day - 1), bottom - (bottom - top) * v / top_val)
                  for d, v in enumerate(values)]
        if len(points) >= 2:
            pygame.draw.lines(surface, colour, False, points, 3)
        elif points:
            pygame.draw.circle(surface, colour, points[0], 3)
        ly = top + 6 + 20 * index
        pygame.draw.line(surface, colour, (right - 170, ly + 8), (right - 145, ly + 8), 3)
        surface.blit(font.render(label, True, (0, 0, 0)), (right - 140, ly))


# --- command line --------------------------------------------------------------------------------------
def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--map", default=str(ROOT / "maps" / "meadow.tmx"), help="a .tmx map (default maps/meadow.tmx)")
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
                   help="plot income and army per Day (pygame); its folder is checked before any game")
    p.add_argument("--jobs", type=bounded_int(1, MAX_JOBS), default=None,
                   help=f"worker processes, 1 to {MAX_JOBS} (default: all cores)")
    args = p.parse_args(argv)
    from game.ai import LEVELS
    for lvl in args.ai.split(","):
        if lvl not in LEVELS:
            p.error(f"unknown AI level {lvl!r}: expected {', '.join(LEVELS)}")
    if not Path(args.map).exists():
        p.error(f"map not found: {args.map}")
    if args.rules and not Path(args.rules).exists():
        p.error(f"rules file not found: {args.rules}")
    return args


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
    summaries, errors = {}, []
    for key, (mode, rules_file) in plan.items():
        results = run_games(args, mode, rules_file, label=key if len(plan) > 1 else "")
        summaries[key] = summarize(results, args, mode, rules_file)
        errors += [r["error"] for r in results if r["error"]]
    if args.json:            # the figures first: a failing plot never loses them
        print(json.dumps(summaries if args.compare else summaries["a"]), flush=True)
    else:
        print(text_report(summaries), flush=True)
    if args.plot:
        import pygame
        try:
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
    sys.exit(main())
