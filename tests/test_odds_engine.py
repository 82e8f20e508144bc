"""tools/odds.py --simulate plays its battles through the rules engine, and agrees with the exact odds (R-BAT-4..6, R-HERO-2, R-CITY-1)."""
import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.engine_battles import engine_battle_state, play_engine_battle
from game.engine.odds import parse_squads, win_probability

ROOT = Path(__file__).resolve().parents[1]

BATTLES = [
    # attacker, defender, attacker rolls, defender rolls
    ("hero:1x2d6+6,5x1d6,4x1d6&2x2d6", "6x1d6,5x1d6", "representative", "representative"),
    ("hero:1x2d6+6&1x1d6+2,3x1d6", "city:1x3d3+9,4x1d6", "individual", "representative"),
    ("4x1d6,3x1d6", "hero:1x2d6+6,2x1d6", "representative", "individual"),
]


def run_cli(*args):
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "odds.py"), *args],
                         capture_output=True, text=True, check=True)
    return out.stdout


_spec = importlib.util.spec_from_file_location("odds_tool", ROOT / "tools" / "odds.py")
odds_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(odds_tool)


def run_here(capsys, *args):
    """What tools/odds.py prints for ``args``, its main() called in this process (the simulations are
    most of the time, not the command line: its own tests run it as a program)."""
    capsys.readouterr()
    assert odds_tool.main(list(args)) == 0
    return capsys.readouterr().out


@pytest.mark.rule("R-BAT-4", "R-BAT-6", "R-HERO-2", "R-CITY-1")
@pytest.mark.parametrize("attacker,defender,a_mode,d_mode", BATTLES)
def test_simulate_through_the_engine_is_within_4_standard_errors(attacker, defender, a_mode, d_mode, capsys):
    report = json.loads(run_here(capsys, "--attacker", attacker, "--defender", defender, "--attacker-rolls", a_mode,
                                 "--defender-rolls", d_mode, "--simulate", "400", "--seed", "3", "--json"))
    assert set(report) == {"p_attacker_wins", "simulated"}
    sim = report["simulated"]
    assert set(sim) == {"battles", "attacker_wins", "rate", "stderr", "seed"}
    assert sim["battles"] == 400 and sim["seed"] == 3
    p = report["p_attacker_wins"]
    stderr = (p * (1 - p) / sim["battles"]) ** 0.5
    assert abs(sim["rate"] - p) <= 4 * stderr, (sim["rate"], p)


def test_simulate_is_seeded_and_says_it_used_the_engine(capsys):
    args = ("--attacker", "hero:1x2d6+6,3x1d6", "--defender", "4x1d6,3x1d6", "--simulate", "50", "--seed", "9")
    first = run_cli(*args)
    assert first == run_here(capsys, *args)          # the same again, in another process
    assert "through the engine" in first


@pytest.mark.rule("R-HERO-1", "R-CITY-1")
def test_engine_battle_state_fields_the_squads_with_their_dice():
    from game.engine.battle import squad_dice_text
    att = parse_squads("hero:1x2d6+6&1x1d6+2,5x1d6")
    dfn = parse_squads("city:1x3d3+9,2x2d6&3x1d6")
    state = engine_battle_state(att, dfn, seed=1)
    battle = state.battle
    texts = [[squad_dice_text(state, s) for s in side.squads] for side in battle.sides]
    assert texts == [["2d6+6 + 1d6+2", "5 × 1d6"], ["3d3+9", "3 × 1d6 + 2 × 2d6"]]
    assert battle.to_act == 0 and all(s.arranged for s in battle.sides)


def test_play_engine_battle_is_reproducible():
    att, dfn = parse_squads("hero:1x2d6+6,4x1d6"), parse_squads("5x1d6,4x1d6")
    runs = [[play_engine_battle(att, dfn, random.Random(s)) for s in range(20)] for _ in range(2)]
    assert runs[0] == runs[1]
    assert 0 < sum(runs[0]) < 20 or win_probability(att, dfn) in (0.0, 1.0)


EXACT_MATCHUPS = [
    # a garrisoned hero that faints: only its own army deserts, the garrison stays
    ("hero:1x2d6+6,4x1d6,4x1d6", "city:1x3d3+9,hero@a:1x2d6+6,3x1d6@a,6x1d6@city"),
    # two heroes on one side, each with its own army; one mixed squad
    ("hero:1x2d6+6&1x1d6+2,5x1d6", "hero@a:1x2d6+6,hero@b:1x2d6+6,4x1d6@a&2x2d6@b,3x1d6@b"),
    ("hero:1x2d6+6,5x1d6,4x1d6&2x2d6", "6x1d6,5x1d6"),
]


@pytest.mark.rule("R-HERO-2", "R-BAT-4", "R-BAT-8", "R-CITY-4")
@pytest.mark.parametrize("attacker,defender", EXACT_MATCHUPS)
def test_every_engine_exchange_leads_to_the_state_the_exact_odds_expect(attacker, defender):
    """Exact agreement, step by step: the engine plays the odds' best move, and after every
    exchange (faints included) each side holds exactly the squads the odds model moves to, so
    the odds shown are the odds of the battle fought."""
    from game.engine import apply
    from game.engine.actions import Attack
    from game.engine.battle_odds import best_attack, side_squads
    from game.engine.odds import best_move, desert, format_squad
    att, dfn = parse_squads(attacker), parse_squads(defender)
    faints = 0
    for seed in range(40):
        state = engine_battle_state(att, dfn, seed)
        as_odds = lambda: [sorted(side_squads(state, s), key=format_squad) for s in state.battle.sides]
        assert [sorted(map(format_squad, side)) for side in as_odds()] == \
            [sorted(map(format_squad, att)), sorted(map(format_squad, dfn))]
        while state.battle is not None:
            battle = state.battle
            mover = battle.to_act
            before = [list(side_squads(state, s)) for s in battle.sides]
            own, target = best_attack(state)
            odds_move = best_move(before[0], before[1], to_move="attacker" if mover == 0 else "defender")
            assert (own, target) == (odds_move.own, odds_move.target)
            events = apply(state, Attack(battle.sides[mover].player, own, target))
            (result,) = [e for e in events if e.kind == "exchange"]
            loser = 1 - result.data["winner"]
            rest = list(before[loser])
            dead = rest.pop(own if loser == mover else target)
            if dead.is_hero and rest:
                rest = desert(rest, dead)
                faints += 1
            expected = [before[0], before[1]]
            expected[loser] = rest
            if state.battle is None:
                assert not rest
                break
            assert [sorted(map(format_squad, side)) for side in as_odds()] == \
                [sorted(map(format_squad, side)) for side in expected]
    assert faints, "the seeds should reach at least one faint"
