"""Time the exact battle odds against a vectorised numpy Monte Carlo.

    python tools/bench_odds.py [--json] [--battles N] [--repeat R]

For a set of battles (typical ones: up to 5 squads a side, up to 40 units, with
and without heroes, both roll modes; and huge late-game ones: hundreds of units,
several heroes on a side) it measures, in CPU time of this process (so other
programs on a shared machine slow the figures little):

- exact, cold: the first computation, every cache cleared (distributions,
  exchange tables, battle states); the median of ``--repeat`` runs (one run
  for the huge battles);
- exact, warm: the same call again (what the screen pays per hover);
- states: the undecided states the battle can reach (both sides' squads and
  whose turn it is), the size of what the exact odds solve;
- Monte Carlo: N battles (default 100,000) played in lockstep with numpy,
  both sides making the exact best moves (looked up once per distinct state,
  outside the timed part), totals sampled from the exact distributions; not
  run for the huge battles (their best moves alone take minutes to look up).

Target: exact cold under 5 ms for every typical battle; the huge rows say
what a late-game battle costs.

``--json`` prints ``{"results": [{"battle", "states", "cold_ms", "warm_ms", ...}, ...]}``
(each row also names the line-up, roll modes, exact chance and Monte Carlo figures).
"""
from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import bounded_int, run_tool  # noqa: E402

# numpy and the odds (game.engine.odds, with the engine) load after the arguments are read: --help and a bad
# argument answer without them.
if TYPE_CHECKING:
    import numpy as np
    from game.engine.odds import Squad

# (name, attacker, defender, defender is a player who picks roll modes too)
BATTLES = [
    ("hero+2 v monsters", "hero:1x2d6+6,6x1d6,5x1d6", "5x1d6,4x1d6", False),
    ("hero+3 v monsters", "hero:1x2d6+6,6x1d6,5x1d6,5x1d6", "7x1d6,6x1d6", False),
    ("hero+3 v hero+3", "hero:1x2d6+6,6x1d6,5x1d6,4x1d6", "hero:1x2d6+6,6x1d6,6x1d6,4x1d6", True),
    ("hero+3 v city+hero+2", "hero:1x2d6+6,6x1d6,6x1d6,5x1d6",
     "city:1x3d3+9,hero:1x2d6+6&1x1d4,5x1d6,5x1d6", True),
    ("hero+3 v neutral city", "hero:1x2d6+6,6x1d6,6x1d6,5x1d6", "city:1x3d3+9,4x1d6,3x1d6", False),
    ("campaign hero+4 v T3", "hero:1x2d6+6&1x1d4,4x1d6,3x2d6,3x2d6&2x1d6+3,2x3d6", "6x3d6,5x3d6", False),
    ("campaign hero+4 v hero+4", "hero:1x2d6+6&1x1d4,6x1d6&2x2d6,4x2d6,3x3d6,5x1d6+3",
     "hero:1x2d6+6,5x1d6&1x2d6+6,4x2d6,2x3d6&1x1d6,3x4d6", True),
    ("5 v 5, no heroes", "7x1d6,6x1d6,5x1d6,4x1d6,3x1d6", "5x1d6,4x2d6,3x1d6,2x1d6,1x1d6", True),
]

# Late-game battles (issue 14): (name, attacker, defender, defender is a player); no Monte Carlo.
_CAMPAIGN_ARMY = "{0}x1d6&{0}x2d6&{1}x3d6&{2}x4d6+12&{3}x5d6+15"
_GARRISONED = "&".join(f"{{{k}}}x{dice}@{owner}" for k, owner in enumerate("xyz") for dice in ("1d6", "2d6", "3d6"))
HUGE_BATTLES = [
    ("huge: hero+3x60 v city+150", "hero:1x2d6+6,60x1d6,60x1d6,60x1d6",
     "city:1x3d3+9,50x1d6@city,50x1d6@city,50x1d6@city", True),
    ("huge: hero+3x60 v city+hero+210", "hero:1x2d6+6,60x1d6,60x1d6,60x1d6",
     "city:1x3d3+9,hero@a:1x2d6+6,50x1d6@city&20x1d6@a,50x1d6@city&20x1d6@a,50x1d6@city&20x1d6@a", True),
    ("huge: campaign hero+4 v city+3 heroes", "hero:1x2d6+6,"
     + ",".join(_CAMPAIGN_ARMY.format(15 + i, 12 + i, 10 - i, 11 - i) for i in range(4)),
     "city:1x3d3+9,hero@x:1x2d6+6,hero@y:1x2d6+6,hero@z:1x2d6+6,"
     + ",".join(_GARRISONED.format(9 + i, 7 + i, 5 + i) + f"&{12 + i}x4d6+12@city" for i in range(4)), True),
]


def time_exact(attacker, defender, modes, repeat: int) -> tuple[float, float, float]:
    """(p, cold ms median, warm ms median), CPU time."""
    from game.engine.odds import clear_caches, win_probability
    cold, warm = [], []
    for _ in range(repeat):
        clear_caches()
        gc.collect()
        start = time.process_time()
        p = win_probability(attacker, defender, *modes)
        cold.append(time.process_time() - start)
        start = time.process_time()
        win_probability(attacker, defender, *modes)
        warm.append(time.process_time() - start)
    return p, 1e3 * statistics.median(cold), 1e3 * statistics.median(warm)


class LockstepBattles:
    """Many battles of one line-up played side by side with numpy.

    Every exchange kills exactly one squad, so all battles take turns in
    lockstep; battles in the same state are rolled together.
    """

    def __init__(self, attacker: list[Squad], defender: list[Squad], modes: tuple[str, str]):
        from game.engine.odds import battle_odds
        self.odds = battle_odds(*modes)
        self.modes = modes
        self.lineups: list[tuple[Squad, ...]] = []
        self.lineup_ids: dict[tuple[Squad, ...], int] = {}
        self.start = (self.lineup_id(attacker), self.lineup_id(defender))
        self.policy: dict[tuple[int, int, int], tuple] = {}
        self.samplers: dict[tuple[Squad, str], tuple[int, np.ndarray]] = {}

    def lineup_id(self, squads) -> int:
        from game.engine.odds import format_squad
        key = tuple(sorted(squads, key=format_squad))
        if key not in self.lineup_ids:
            self.lineup_ids[key] = len(self.lineups)
            self.lineups.append(key)
        return self.lineup_ids[key]

    def after_loss(self, lineup: int, index: int) -> int:
        from game.engine.odds import desert
        squads = list(self.lineups[lineup])
        dead = squads.pop(index)
        return self.lineup_id(desert(squads) if dead.is_hero and squads else squads)

    def sampler(self, squad: Squad, mode: str) -> tuple[int, np.ndarray]:
        from game.engine.odds import total_distribution
        if (squad, mode) not in self.samplers:
            dist = total_distribution(squad, mode)
            self.samplers[squad, mode] = (dist.offset, dist.cdf())
        return self.samplers[squad, mode]

    def prepare_policy(self) -> None:
        """Best move of every reachable state (untimed: it is the exact solver's work)."""
        from game.engine.odds import ATTACKER, DEFENDER
        todo = [(*self.start, 0)]
        while todo:
            a, d, turn = state = todo.pop()
            if state in self.policy or not self.lineups[a] or not self.lineups[d]:
                continue
            att, dfn = self.lineups[a], self.lineups[d]
            own, target, _ = self.odds.best_move(att, dfn, to_move=ATTACKER if turn == 0 else DEFENDER)
            if turn == 0:
                acting, targeted = (att[own], self.modes[0]), (dfn[target], self.modes[1])
                if_win, if_lose = (a, self.after_loss(d, target)), (self.after_loss(a, own), d)
            else:
                acting, targeted = (dfn[own], self.modes[1]), (att[target], self.modes[0])
                if_win, if_lose = (self.after_loss(a, target), d), (a, self.after_loss(d, own))
            self.policy[state] = (self.sampler(*acting), self.sampler(*targeted), if_win, if_lose)
            todo += [(*if_win, 1 - turn), (*if_lose, 1 - turn)]

    def play(self, battles: int, seed: int) -> float:
        """Fraction of ``battles`` the attacker wins."""
        import numpy as np
        rng = np.random.default_rng(seed)
        empty = self.lineup_ids.get((), -1)
        att = np.full(battles, self.start[0])
        dfn = np.full(battles, self.start[1])
        live = np.arange(battles)
        turn = 0
        width = len(self.lineups)
        while live.size:
            keys = att[live] * width + dfn[live]
            order = np.argsort(keys, kind="stable")
            live, keys = live[order], keys[order]
            bounds = np.flatnonzero(np.diff(keys)) + 1
            for group in np.split(live, bounds):
                a, d = int(att[group[0]]), int(dfn[group[0]])
                (a_off, a_cdf), (t_off, t_cdf), if_win, if_lose = self.policy[a, d, turn]
                draws = rng.random((2, group.size))
                acting = a_off + np.searchsorted(a_cdf, draws[0], side="right")
                targeted = t_off + np.searchsorted(t_cdf, draws[1], side="right")
                won = acting > targeted
                att[group] = np.where(won, if_win[0], if_lose[0])
                dfn[group] = np.where(won, if_win[1], if_lose[1])
            live = live[(att[live] != empty) & (dfn[live] != empty)]
            turn = 1 - turn
        return float(np.mean(dfn == empty))


def time_monte_carlo(attacker, defender, modes, battles: int, seed: int = 1) -> tuple[float, float]:
    lockstep = LockstepBattles(attacker, defender, modes)
    lockstep.prepare_policy()
    start = time.process_time()
    rate = lockstep.play(battles, seed)
    return rate, 1e3 * (time.process_time() - start)


def run(battles: int, repeat: int) -> list[dict]:
    from game.engine.odds import INDIVIDUAL, REPRESENTATIVE, battle_odds, parse_squads
    rows = []
    lineups = [(*b, True) for b in BATTLES] + [(*b, False) for b in HUGE_BATTLES]
    for name, att_text, def_text, defender_is_player, typical in lineups:
        attacker, defender = parse_squads(att_text), parse_squads(def_text)
        for mode in (REPRESENTATIVE, INDIVIDUAL):
            modes = (mode, mode if defender_is_player else REPRESENTATIVE)
            p, cold, warm = time_exact(attacker, defender, modes, repeat if typical else 1)
            row = {
                "battle": name, "states": battle_odds(*modes).reachable_states(attacker, defender),
                "cold_ms": round(cold, 3), "warm_ms": round(warm, 4), "typical": typical,
                "attacker": att_text, "defender": def_text,
                "attacker_rolls": modes[0], "defender_rolls": modes[1],
                "squads": [len(attacker), len(defender)],
                "units": sum(s.units for s in attacker + defender), "p_attacker_wins": p,
                "monte_carlo_battles": None, "monte_carlo_rate": None, "monte_carlo_stderr": None,
                "monte_carlo_ms": None,
            }
            if typical:
                rate, mc_ms = time_monte_carlo(attacker, defender, modes, battles)
                row.update({"monte_carlo_battles": battles, "monte_carlo_rate": rate,
                            "monte_carlo_stderr": (rate * (1 - rate) / battles) ** 0.5, "monte_carlo_ms": mc_ms})
            rows.append(row)
    return rows


def print_table(rows: list[dict]) -> None:
    header = (f"{'battle':38} {'rolls':5} {'sq':5} {'units':>5} {'states':>7} {'p exact':>9} "
              f"{'cold ms':>8} {'warm ms':>8} {'MC rate':>8} {'±se':>7} {'MC ms':>8}")
    print(header)
    print("-" * len(header))
    for r in rows:
        rolls = r["attacker_rolls"][0].upper() + "/" + r["defender_rolls"][0].upper()
        squads = f"{r['squads'][0]}v{r['squads'][1]}"
        mc = (f"{r['monte_carlo_rate']:>8.5f} {r['monte_carlo_stderr']:>7.5f} {r['monte_carlo_ms']:>8.1f}"
              if r["monte_carlo_rate"] is not None else f"{'-':>8} {'-':>7} {'-':>8}")
        print(f"{r['battle']:38} {rolls:5} {squads:5} {r['units']:>5} {r['states']:>7} {r['p_attacker_wins']:>9.5f} "
              f"{r['cold_ms']:>8.2f} {r['warm_ms']:>8.3f} {mc}")
    typical = [r for r in rows if r["typical"]]
    worst = max(typical, key=lambda r: r["cold_ms"])
    print(f"\nworst exact cold (CPU), typical battles: {worst['cold_ms']:.2f} ms, {worst['battle']} (target < 5 ms); "
          f"Monte Carlo: {typical[0]['monte_carlo_battles']:,} battles each")
    for r in rows:
        if not r["typical"]:
            print(f"{r['battle']} ({r['attacker_rolls'][0].upper()}): {r['states']:,} states, {r['cold_ms']:.0f} ms cold")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON rows")
    parser.add_argument("--battles", type=bounded_int(1, 10_000_000), default=100_000,
                        help="Monte Carlo battles per line-up, 1 to 10000000")
    parser.add_argument("--repeat", type=bounded_int(1, 100), default=5,
                        help="cold runs per line-up, 1 to 100 (median reported)")
    args = parser.parse_args(argv)
    rows = run(args.battles, args.repeat)
    if args.json:
        print(json.dumps({"results": rows}, indent=1))
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(run_tool(main))
