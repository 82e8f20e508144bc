"""Exact odds of late-game battles: several heroes a side, each with its own mercenaries,
solved level by level in numpy, agree with a plain minimax; the reachable-state count the
bench reports; tools/bench_odds.py --json keeps its shape (issue 14). No timings asserted."""
from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

import pytest

from game.engine.odds import (
    INDIVIDUAL,
    REPRESENTATIVE,
    BattleOdds,
    desert,
    parse_squads,
)

from test_odds import reference_value as plain_minimax  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
rule = pytest.mark.rule


class RecursiveOdds(BattleOdds):
    MAX_TABLES = 0


# Two heroes a side, mercenaries of both in the same squads (a City defended by garrisoned heroes).
MULTI_HERO = [
    ("hero@a:1x2d6+6,hero@b:1x2d6+6&1x1d4,3x1d6@a&2x1d6@b,2x2d6@a&1x1d6@b",
     "city:1x3d3+9,hero@x:1x2d6+6,4x1d6@x&2x1d6@city,1x2d6@x&3x1d6@city"),
    ("hero:1x2d6+6,5x1d6,3x2d6", "hero@x:1x2d6+6,hero@y:1x2d6+6,3x1d6@x&3x1d6@y,2x1d6@y&1x3d6@x"),
]


@rule("R-HERO-2")
@rule("R-BAT-4")
@pytest.mark.parametrize("att_text,def_text", MULTI_HERO)
@pytest.mark.parametrize("mode", [REPRESENTATIVE, INDIVIDUAL])
@pytest.mark.parametrize("turn", [0, 1])
def test_several_heroes_a_side_match_plain_minimax_R_HERO_2(att_text, def_text, mode, turn):
    att, dfn = parse_squads(att_text), parse_squads(def_text)
    expected = plain_minimax(att, dfn, turn, (mode, mode))
    to_move = "attacker" if turn == 0 else "defender"
    assert 0.0 < expected < 1.0
    assert BattleOdds(mode, mode).win_probability(att, dfn, to_move) == pytest.approx(expected, abs=1e-12)
    assert RecursiveOdds(mode, mode).win_probability(att, dfn, to_move) == pytest.approx(expected, abs=1e-12)


def test_reachable_states_of_a_two_exchange_battle_by_hand_R_BAT_4():
    # Attacker {A, B} v {C}, attacker to move: start; A or B lost (defender to move) -> 3 states.
    odds = BattleOdds()
    assert odds.reachable_states(parse_squads("2x1d6,1x1d6"), parse_squads("1x1d6")) == 3
    # identical squads are one state: {A, A} v {C} -> start and {A} v {C}
    assert odds.reachable_states(parse_squads("1x1d6,1x1d6"), parse_squads("1x1d6")) == 2


@rule("R-HERO-2")
def test_reachable_states_count_what_plain_recursion_visits_R_HERO_2():
    att, dfn = parse_squads(MULTI_HERO[0][0]), parse_squads(MULTI_HERO[0][1])
    seen = set()

    def key(side):
        return tuple(sorted(side, key=repr))

    def visit(a, d, turn):
        if not a or not d or (key(a), key(d), turn) in seen:
            return
        seen.add((key(a), key(d), turn))
        for i, j in itertools.product(range(len(a)), range(len(d))):
            a_rest = a[:i] + a[i + 1:]
            a_rest = desert(a_rest, a[i]) if a[i].is_hero and a_rest else a_rest
            d_rest = d[:j] + d[j + 1:]
            d_rest = desert(d_rest, d[j]) if d[j].is_hero and d_rest else d_rest
            visit(a_rest, d, 1 - turn)
            visit(a, d_rest, 1 - turn)

    visit(att, dfn, 0)
    assert BattleOdds().reachable_states(att, dfn) == len(seen)


def test_bench_odds_json_keeps_its_contract(monkeypatch, capsys):
    """tools/bench_odds.py --json: {"results": [{"battle", "states", "cold_ms", "warm_ms", ...}]}, typical and huge rows."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import bench_odds
    finally:
        sys.path.remove(str(ROOT / "tools"))
    monkeypatch.setattr(bench_odds, "BATTLES", [("small", "hero:1x2d6+6,3x1d6", "2x1d6", False)])
    monkeypatch.setattr(bench_odds, "HUGE_BATTLES", [("huge: big", "hero:1x2d6+6,60x1d6", "city:1x3d3+9,90x1d6@city", True)])
    assert bench_odds.main(["--json", "--battles", "200", "--repeat", "1"]) == 0
    rows = json.loads(capsys.readouterr().out)["results"]
    assert [(r["battle"], r["attacker_rolls"]) for r in rows] == [
        ("small", REPRESENTATIVE), ("small", INDIVIDUAL), ("huge: big", REPRESENTATIVE), ("huge: big", INDIVIDUAL)]
    for row in rows:
        assert isinstance(row["states"], int) and row["states"] > 0
        assert row["cold_ms"] >= 0 and row["warm_ms"] >= 0
    assert rows[0]["monte_carlo_battles"] == 200 and rows[2]["monte_carlo_rate"] is None


@rule("R-BAT-4")
@rule("R-HERO-2")
def test_a_battle_too_big_for_the_exact_odds_gets_a_rough_chance_instead_of_hanging():
    """A City held by 18 heroes, each with mercenaries of its own (they desert apart, R-HERO-2), has more
    states than the exact odds can solve: a computer player thought about it for over ten minutes. It now
    gets a rough chance from the sides' expected totals; every ordinary battle stays exact."""
    from game.engine.odds import move_probabilities, rough_chance, win_probability
    heroes = ",".join(f"hero@h{i}:1x2d6+6" for i in range(18))
    mercs = ",".join(f"{2 + i}x1d6@h{i}&{1 + i % 3}x1d6@h{i + 9}" for i in range(9))
    defender = parse_squads(f"city:1x3d3+9,{heroes},{mercs}")
    attacker = parse_squads("hero:1x2d6+6,100x1d6,100x1d6,100x1d6")
    odds = BattleOdds()
    assert not odds.is_exact(attacker, defender)
    assert win_probability(attacker, defender) == rough_chance(attacker, defender)
    assert rough_chance(attacker, defender) > 0.9           # 300 mercenaries against about 200 dice
    moves = move_probabilities(attacker, defender)
    assert len(moves) == 4 * len(defender) and all(0 <= p <= 1 for p in moves.values())
    small = parse_squads("hero:1x2d6+6,5x1d6,3x2d6"), parse_squads("city:1x3d3+9,hero@x:1x2d6+6,4x1d6@x")
    assert odds.is_exact(*small)
    assert 0 < win_probability(*small) < 1
