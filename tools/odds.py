"""Exact battle odds from the command line.

    python tools/odds.py --attacker SQUADS --defender SQUADS
        [--attacker-rolls representative|individual]
        [--defender-rolls representative|individual]
        [--json] [--simulate N] [--seed S]

SQUADS is comma-separated squads; a squad is one or more unit groups joined by
``&``; a group is ``COUNTxNdS`` with an optional ``+B`` (or ``-B``). The prefix ``hero:``
marks a hero's squad (when it dies, half of that hero's own mercenaries desert,
R-HERO-2), ``city:`` a City's squad (it never deserts). Whose mercenaries a
group is: ``hero@NAME:`` names a hero and a group ending ``@NAME`` is that
hero's; an untagged group belongs to every hero of its side (with one hero: its
army); a tag that names no hero, such as ``@city`` for a garrison, never deserts.
Examples:

    python tools/odds.py --attacker hero:1x2d6+6,5x1d6,4x1d6&2x2d6 --defender 6x1d6,5x1d6
    python tools/odds.py --attacker hero:1x2d6+6,6x1d6 --defender city:1x3d3+9,hero@a:1x2d6+6,3x1d6@a,10x1d6@city

The attacker acts first; both sides play their best moves; a retreat counts as
a loss, so it is never chosen. ``--json`` prints ``{"p_attacker_wins": p}``
(plus ``"simulated"`` with ``--simulate``). ``--simulate`` plays the battles
through the rules engine (``game.ai.engine_battles``). Bad squad text exits with status 2,
and so do squads above the bounds: at most 6 squads a side, 1000 units of 50
dice of 1000 sides in a group, a squad's highest total 100000; --simulate at most 100000.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.choices import ROLL_MODES  # noqa: E402
from game.cli import MAX_SEED, bounded_int, run_tool  # noqa: E402

# The odds (game.engine.odds: numpy and the engine) load after the arguments are read: --help and a bad argument
# answer without them (the roll modes come from game.choices, which loads neither).

# Bounds on what the tool is asked (exact odds within seconds, a few hundred MB at most).
MAX_SQUADS = 6
MAX_COUNT = 1000
MAX_DICE = 50
MAX_SIDES = 1000
MAX_BONUS = 1000
MAX_SQUAD_TOTAL = 100_000
MAX_SIMULATE = 100_000


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description="Exact Fuzzy Knights battle odds.", formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="SQUADS: squads joined by ',', a squad's groups by '&'; a group is COUNTxNdS[+B][@OWNER].\n"
               "'hero:' marks a hero's squad ('hero@NAME:' names it), 'city:' a City's squad.\n"
               "A hero's faint halves only its own mercenaries: groups tagged @NAME, or untagged groups\n"
               "(every hero's); a tag no hero has (@city: a garrison) never deserts.\n"
               "e.g. --defender city:1x3d3+9,hero@a:1x2d6+6,3x1d6@a,10x1d6@city")
    parser.add_argument("--attacker", required=True, metavar="SQUADS", help="the attacking side's squads")
    parser.add_argument("--defender", required=True, metavar="SQUADS", help="the defending side's squads")
    parser.add_argument("--attacker-rolls", choices=ROLL_MODES, default="representative")
    parser.add_argument("--defender-rolls", choices=ROLL_MODES, default="representative")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--simulate", type=bounded_int(0, MAX_SIMULATE), default=0, metavar="N",
                        help=f"also play N seeded battles with the best moves (at most {MAX_SIMULATE})")
    parser.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=0, metavar="S", help="seed for --simulate")
    return parser


def _check_bounds(parser: argparse.ArgumentParser, option: str, squads) -> None:
    """Sizes the exact odds answer in seconds; above them the tool says which bound and exits 2."""
    from game.engine.odds import format_group, format_squad
    if len(squads) > MAX_SQUADS:
        parser.error(f"{option}: {len(squads)} squads; at most {MAX_SQUADS} a side")
    for squad in squads:
        for group in squad.groups:
            if group.count > MAX_COUNT or group.n > MAX_DICE or group.sides > MAX_SIDES or abs(group.bonus) > MAX_BONUS:
                parser.error(f"{option}: {format_group(group)} is too big: at most {MAX_COUNT} units "
                             f"of at most {MAX_DICE} dice of {MAX_SIDES} sides, bonus within ±{MAX_BONUS}")
        top = sum(g.count * (g.n * g.sides + max(0, g.bonus)) for g in squad.groups)
        if top > MAX_SQUAD_TOTAL:
            parser.error(f"{option}: {format_squad(squad)} can roll {top}; "
                         f"a squad's highest total is at most {MAX_SQUAD_TOTAL}")


def _parse_side(parser: argparse.ArgumentParser, option: str, text: str):
    from game.engine.odds import SquadSyntaxError, parse_squads
    try:
        return parse_squads(text)
    except SquadSyntaxError as error:
        parser.error(f"{option}: {error}")


def _describe_side(name: str, squads, mode: str) -> list[str]:
    from game.engine.odds import format_squad
    lines = [f"{name} ({mode} rolls):"]
    lines += [f"  [{i}] {format_squad(s)}  ({s.units} unit{'s' * (s.units != 1)}, mean {s.mean:g})"
              for i, s in enumerate(squads)]
    return lines


def _simulate(attacker, defender, args):
    """N seeded battles played through the engine (``apply(Attack)``, best moves on both sides).

    Squads the engine cannot field (heroes with different dice, more than three
    items) are played by the odds model's own simulator instead.
    """
    from game.ai.engine_battles import engine_player
    from game.engine.odds import simulate_battles
    try:
        result = simulate_battles(attacker, defender, args.simulate, args.seed, args.attacker_rolls,
                                  args.defender_rolls, play_one=engine_player(args.attacker_rolls, args.defender_rolls))
        return result, "the engine"
    except ValueError:
        return simulate_battles(attacker, defender, args.simulate, args.seed, args.attacker_rolls,
                                args.defender_rolls), "the odds model"


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    from game.engine.odds import ATTACKER, battle_odds
    attacker = _parse_side(parser, "--attacker", args.attacker)
    defender = _parse_side(parser, "--defender", args.defender)
    _check_bounds(parser, "--attacker", attacker)
    _check_bounds(parser, "--defender", defender)

    odds = battle_odds(args.attacker_rolls, args.defender_rolls)
    p = odds.win_probability(attacker, defender, ATTACKER)
    simulated = None
    if args.simulate:
        result, through = _simulate(attacker, defender, args)
        simulated = {"battles": result.battles, "attacker_wins": result.attacker_wins,
                     "rate": result.rate, "stderr": result.stderr, "seed": args.seed}

    if args.json:
        report = {"p_attacker_wins": p}
        if simulated:
            report["simulated"] = simulated
        print(json.dumps(report))
        return 0

    lines = _describe_side("Attacker", attacker, args.attacker_rolls)
    lines += _describe_side("Defender", defender, args.defender_rolls)
    lines.append("")
    lines.append("Attacker's first move: own squad -> target: exchange win, battle win")
    moves = odds.move_probabilities(attacker, defender, ATTACKER)
    best = odds.best_move(attacker, defender, ATTACKER)
    for (own, target), p_move in moves.items():
        exchange = odds.p_exchange(attacker[own], defender[target], ATTACKER)
        mark = "  <- best" if (own, target) == (best.own, best.target) else ""
        lines.append(f"  [{own}] -> [{target}]: {exchange:7.2%}  {p_move:7.2%}{mark}")
    lines.append("")
    lines.append(f"P(attacker wins) = {p:.9f}  ({p:.2%}), best play on both sides")
    if simulated:
        lines.append(f"Simulated: {simulated['rate']:.4f} ± {simulated['stderr']:.4f} (1 s.e.) "
                     f"over {simulated['battles']} battles through {through}, seed {simulated['seed']}; "
                     f"exact {p:.4f}")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(run_tool(main))
