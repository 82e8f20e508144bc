"""Exact battle odds: dice distributions, exchanges, desertion, whole battles."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.odds import (
    INDIVIDUAL, REPRESENTATIVE, BattleOdds, Squad, SquadSyntaxError, UnitGroup, best_move, city_squad,
    desert, desertion_counts, format_squad, format_squads, group_distribution, hero_squad, move_probabilities, p_win, p_win_matrix,
    parse_squads, simulate_battles, total_distribution, win_probability,
)

rule = pytest.mark.rule


def brute_force(squad: Squad, mode: str) -> dict[int, Fraction]:
    """Every die of the squad (one unit's dice per group when representative), combined exactly."""
    dice, scale = [], []
    for g in squad.groups:
        rolls = g.n if mode == REPRESENTATIVE else g.n * g.count
        dice += [g.sides] * rolls
        scale += [g.count if mode == REPRESENTATIVE else 1] * rolls
    bonus = sum(g.count * g.bonus for g in squad.groups)
    # die by die, with exact fractions: independent of the numpy code under test, and
    # polynomial, where enumerating every face combination (4^18 for 18 d4) never ends
    outcomes: dict[int, Fraction] = {bonus: Fraction(1)}
    for s, k in zip(dice, scale):
        following: dict[int, Fraction] = {}
        for total, p in outcomes.items():
            for face in range(1, s + 1):
                following[total + face * k] = following.get(total + face * k, 0) + p / s
        outcomes = following
    return outcomes


def assert_distribution(squad: Squad, mode: str) -> None:
    exact = brute_force(squad, mode)
    got = total_distribution(squad, mode).as_dict()
    assert set(got) == set(exact)
    for value, p in exact.items():
        assert got[value] == pytest.approx(float(p), abs=1e-12)


# --- dice ------------------------------------------------------------------

@rule("R-DICE-1")
def test_bonus_added_once_per_unit_R_DICE_1():
    dist = group_distribution(UnitGroup(1, 2, 6, 3), REPRESENTATIVE).as_dict()
    assert min(dist) == 5 and max(dist) == 15
    assert dist[10] == pytest.approx(6 / 36)
    assert_distribution(Squad((UnitGroup(1, 2, 6, 3),)), REPRESENTATIVE)


@rule("R-DICE-3")
@pytest.mark.parametrize("mode", [REPRESENTATIVE, INDIVIDUAL])
@pytest.mark.parametrize("text", ["3x1d4", "2x2d3+1", "2x1d4&3x1d2", "1x1d6&2x1d3+2&2x1d2"])
def test_distribution_matches_enumeration_R_DICE_3(text, mode):
    (squad,) = parse_squads(text)
    assert_distribution(squad, mode)


@rule("R-DICE-3")
@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 2), st.integers(1, 4), st.integers(0, 3)),
                min_size=1, max_size=3),
       st.sampled_from([REPRESENTATIVE, INDIVIDUAL]))
def test_distribution_property_R_DICE_3(groups, mode):
    assert_distribution(Squad(tuple(UnitGroup(*g) for g in groups)), mode)


@rule("R-DICE-3")
def test_004_example_ten_d6_and_three_2d6_R_DICE_3():
    """`004`: 10 units of 1d6 and 3 of 2d6 roll 10×1d6 + 3×2d6."""
    (squad,) = parse_squads("10x1d6&3x2d6")
    rep = total_distribution(squad, REPRESENTATIVE)
    ind = total_distribution(squad, INDIVIDUAL)
    assert rep.mean() == pytest.approx(56) and ind.mean() == pytest.approx(56)
    assert rep.probs.sum() == pytest.approx(1) and ind.probs.sum() == pytest.approx(1)
    rep_values = set(rep.as_dict())
    assert rep_values == {10 * a + 3 * b for a in range(1, 7) for b in range(2, 13)}
    assert set(ind.as_dict()) == set(range(16, 97))
    assert min(rep_values) == 16 and max(rep_values) == 96

    def variance(d):
        return float(np.dot((d.values - d.mean()) ** 2, d.probs))
    assert variance(rep) == pytest.approx(100 * 35 / 12 + 9 * 70 / 12)
    assert variance(ind) == pytest.approx(10 * 35 / 12 + 3 * 70 / 12)


@rule("R-DICE-6")
def test_3d3_is_three_three_sided_dice_R_DICE_6():
    dist = total_distribution(city_squad(), REPRESENTATIVE).as_dict()
    counts = [1, 3, 6, 7, 6, 3, 1]
    assert dist == pytest.approx({12 + i: c / 27 for i, c in enumerate(counts)})


@rule("R-CMP-7")
def test_tier_dice_2d6_plus_6_R_CMP_7():
    (squad,) = parse_squads("3x2d6+6")
    rep = total_distribution(squad, REPRESENTATIVE).as_dict()
    assert set(rep) == set(range(24, 55, 3))
    assert rep[39] == pytest.approx(6 / 36)
    ind = total_distribution(squad, INDIVIDUAL)
    assert min(ind.as_dict()) == 24 and max(ind.as_dict()) == 54
    assert ind.mean() == pytest.approx(39)
    assert_distribution(Squad((UnitGroup(2, 2, 6, 6),)), INDIVIDUAL)


def test_hero_is_2d6_plus_6_plus_items():
    hero = hero_squad(UnitGroup(1, 1, 4))
    assert hero.is_hero and hero.mean == pytest.approx(13 + 2.5)
    assert parse_squads("hero:1x2d6+6&1x1d4") == [hero]


# --- one exchange ------------------------------------------------------------

def brute_p_win(acting, targeted, acting_mode, targeted_mode) -> float:
    a, t = brute_force(acting, acting_mode), brute_force(targeted, targeted_mode)
    return float(sum(pa * pt for va, pa in a.items() for vt, pt in t.items() if va > vt))


@rule("R-BAT-4")
def test_tie_goes_to_the_squad_attacked_R_BAT_4():
    (one,) = parse_squads("1x1d1")
    assert p_win(one, one) == 0.0
    (d6,) = parse_squads("1x1d6")
    assert p_win(d6, d6) == pytest.approx(15 / 36)


@rule("R-BAT-3")
def test_each_side_rolls_in_its_own_mode_R_BAT_3():
    (squad,) = parse_squads("2x1d2")
    # individual {2: 1/4, 3: 1/2, 4: 1/4} against representative {2: 1/2, 4: 1/2}
    assert p_win(squad, squad, INDIVIDUAL, REPRESENTATIVE) == pytest.approx(0.375)
    assert p_win(squad, squad, REPRESENTATIVE, INDIVIDUAL) == pytest.approx(0.5 * 0.75)
    army, monsters = parse_squads("6x1d6"), parse_squads("3x1d6,3x1d6")
    assert win_probability(army, monsters, INDIVIDUAL) != pytest.approx(win_probability(army, monsters))


@pytest.mark.parametrize("modes", [(REPRESENTATIVE, REPRESENTATIVE), (INDIVIDUAL, REPRESENTATIVE),
                                   (REPRESENTATIVE, INDIVIDUAL)])
def test_exchange_matches_enumeration(modes):
    squads = parse_squads("2x1d4,1x2d3+1,1x1d3&2x1d2,3x1d3")
    for acting, targeted in itertools.product(squads, repeat=2):
        assert p_win(acting, targeted, *modes) == pytest.approx(brute_p_win(acting, targeted, *modes), abs=1e-12)
    matrix = p_win_matrix(squads, squads, *modes)
    expected = [[p_win(a, t, *modes) for t in squads] for a in squads]
    assert matrix == pytest.approx(np.array(expected), abs=1e-12)


# --- desertion -----------------------------------------------------------------

@rule("R-HERO-2")
@rule("R-DICE-4")
def test_faint_army_of_15_keeps_7_R_HERO_2():
    squads = parse_squads("6x1d6,5x1d6,4x1d6")
    left = desert(squads)
    assert sum(s.units for s in left) == 7
    assert [s.units for s in left] == [2, 2, 3]  # largest first, equal sizes: earlier listed first


@rule("R-DICE-4")
@pytest.mark.parametrize("units, kept", [(1, 0), (2, 1), (3, 1), (15, 7), (16, 8)])
def test_desertion_truncates_R_DICE_4(units, kept):
    left = desert([Squad((UnitGroup(units, 1, 6),))])
    assert sum(s.units for s in left) == kept


@rule("R-HERO-2")
def test_desertion_spares_hero_and_city_and_weakest_units_leave_first_R_HERO_2():
    squads = [hero_squad(), city_squad(), *parse_squads("2x1d6&2x2d6,1x1d6")]
    left = desert(squads)
    assert left[0] == squads[0] and left[1] == squads[1]
    # 5 mercenaries keep 2; three leave the 4-unit squad, its two 1d6 first, then a 2d6
    assert left[2:] == parse_squads("1x2d6,1x1d6")


@rule("R-HERO-2")
@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=5), st.randoms())
def test_desertion_does_not_depend_on_listing_order_R_HERO_2(sizes, rng):
    squads = [Squad((UnitGroup(k, 1, 6),)) if k % 2 else Squad((UnitGroup(k, 2, 6),)) for k in sizes]
    shuffled = list(squads)
    rng.shuffle(shuffled)
    assert sorted(map(str, desert(squads))) == sorted(map(str, desert(shuffled)))
    assert sum(s.units for s in desert(squads)) == sum(sizes) // 2


def one_deserter_at_a_time(squads: list[Squad], hero: Squad | None, keep: float) -> list[list[int]]:
    """R-HERO-2 read literally: each deserter leaves the squad with the most of the hero's units (ties:
    lower expected total, then dice text, then listed first), from its weakest group of the hero's."""
    counts = [[g.count for g in s.groups] for s in squads]
    own = {i: sorted((k for k, g in enumerate(s.groups) if hero is None or g.owner in ("", hero.owner)),
                     key=lambda k, s=s: s.groups[k].unit_mean)
           for i, s in enumerate(squads) if not (s.is_hero or s.is_city)}

    def units(i):
        return sum(counts[i][k] for k in own[i])

    def rank(i):
        left = [(c, g) for c, g in zip(counts[i], squads[i].groups) if c]
        text = "&".join(format_squad(Squad((g.with_count(c),))) for c, g in left)
        return -units(i), sum(c * g.unit_mean for c, g in left), text, i

    total = sum(units(i) for i in own)
    for _ in range(total - int(total * keep)):
        i = min((i for i in own if units(i)), key=rank)
        counts[i][next(k for k in own[i] if counts[i][k])] -= 1
    return counts


deserter_group = st.tuples(st.integers(1, 7), st.integers(1, 3), st.sampled_from([3, 4, 6]), st.sampled_from([0, 0, 3]),
                           st.sampled_from(["", "", "a", "b", "city"]))


@rule("R-HERO-2")
@rule("R-DICE-4")
@settings(max_examples=120, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["mercenary", "mercenary", "mercenary", "hero", "city"]),
                          st.lists(deserter_group, min_size=1, max_size=3)), max_size=6),
       st.sampled_from([None, "a", "b"]), st.sampled_from([0.5, 0.5, 0.25, 1 / 3, 0.0, 1.0]), st.randoms())
def test_desertion_is_one_deserter_at_a_time_R_HERO_2(kinds, fainted, keep, rng):
    squads = [Squad(tuple(UnitGroup(*g) for g in groups), is_hero=kind == "hero", is_city=kind == "city")
              for kind, groups in kinds]
    squads += [rng.choice(squads) for _ in range(rng.randint(0, 2)) if squads]     # identical squads too
    hero = None if fainted is None else Squad((UnitGroup(1, 2, 6, 6),), is_hero=True, owner=fainted)
    assert desertion_counts(squads, hero, keep) == one_deserter_at_a_time(squads, hero, keep)


# --- whole battles -------------------------------------------------------------------

@rule("R-BAT-4")
def test_one_squad_each_is_one_exchange_R_BAT_4():
    a, d = parse_squads("1x1d6"), parse_squads("1x1d6")
    assert win_probability(a, d) == pytest.approx(15 / 36)
    assert win_probability(a, d, to_move="defender") == pytest.approx(21 / 36)
    a, d = parse_squads("3x1d6"), parse_squads("hero:1x2d6+6")
    assert win_probability(a, d, INDIVIDUAL) == pytest.approx(p_win(a[0], d[0], INDIVIDUAL, REPRESENTATIVE))


@rule("R-BAT-4")
def test_attacker_first_ordering_by_hand_R_BAT_4():
    p = 15 / 36  # acting d6 beats the attacked d6
    one, two = parse_squads("1x1d6"), parse_squads("1x1d6,1x1d6")
    # 1 v 2: attacker must win, then survive the defender's attack
    assert win_probability(one, two) == pytest.approx(p * (1 - p))
    # 2 v 1: win now, or lose a squad and survive the defender's attack
    assert win_probability(two, one) == pytest.approx(p + (1 - p) * (1 - p))
    # 2 v 1 with the defender first: it wins and the attacker must win 1 v 1, or it dies
    assert win_probability(two, one, to_move="defender") == pytest.approx(p * p + (1 - p))
    d6, d4 = parse_squads("1x1d6"), parse_squads("1x1d4")
    assert win_probability(d6, d4) == pytest.approx(14 / 24)  # the d6 must roll higher
    assert win_probability(d6, d4, to_move="defender") == pytest.approx(18 / 24)  # the d4 must roll higher


@rule("R-HERO-2")
def test_faint_decides_a_battle_R_HERO_2():
    """Fixed dice: the 6 mercenaries (6) beat a 5, but after the hero (2) falls only 3 stay (3 < 5)."""
    mercs, enemy = parse_squads("6x1d1"), parse_squads("1x1d1+4,1x1d1+4")
    with_hero = [Squad((UnitGroup(1, 1, 1, 1),), is_hero=True), *mercs]
    without = [Squad((UnitGroup(1, 1, 1, 1),)), *mercs]
    assert win_probability(with_hero, enemy) == 0.0
    assert win_probability(without, enemy) == 1.0


def reference_value(att, dfn, turn, modes, memo=None) -> float:
    """Plain minimax over lists (no interning, no shortcuts; positions already solved are
    remembered); a fainting hero takes only its own mercenaries with it (R-HERO-2)."""
    memo = {} if memo is None else memo
    key = (tuple(att), tuple(dfn), turn)
    if key not in memo:
        memo[key] = _reference_value(list(att), list(dfn), turn, modes, memo)
    return memo[key]


def _reference_value(att, dfn, turn, modes, memo) -> float:
    if not dfn:
        return 1.0
    if not att:
        return 0.0

    def kill(side, k):
        rest = side[:k] + side[k + 1:]
        return desert(rest, side[k]) if side[k].is_hero and rest else rest

    values = []
    for i, j in itertools.product(range(len(att)), range(len(dfn))):
        if turn == 0:
            p = p_win(att[i], dfn[j], *modes)
            values.append(p * reference_value(att, kill(dfn, j), 1, modes, memo)
                          + (1 - p) * reference_value(kill(att, i), dfn, 1, modes, memo))
        else:
            q = p_win(dfn[j], att[i], *modes[::-1])
            values.append(q * reference_value(kill(att, i), dfn, 0, modes, memo)
                          + (1 - q) * reference_value(att, kill(dfn, j), 0, modes, memo))
    return max(values) if turn == 0 else min(values)


class RecursiveOdds(BattleOdds):
    """Keeps no solved tables, so every state goes through the memoised recursion."""
    MAX_TABLES = 0


squad_text = st.builds(
    lambda hero, groups: ("hero:" if hero else "") + "&".join(f"{c}x{n}d{s}+{b}" if b else f"{c}x{n}d{s}"
                                                             for c, n, s, b in groups),
    st.booleans(),
    st.lists(st.tuples(st.integers(1, 4), st.integers(1, 2), st.sampled_from([2, 3, 6]), st.integers(0, 2)),
             min_size=1, max_size=2))


@rule("R-BAT-4")
@rule("R-HERO-2")
@settings(max_examples=40, deadline=None)
@given(st.lists(squad_text, min_size=1, max_size=3), st.lists(squad_text, min_size=1, max_size=3),
       st.sampled_from([REPRESENTATIVE, INDIVIDUAL]), st.sampled_from([REPRESENTATIVE, INDIVIDUAL]),
       st.sampled_from([0, 1]))
def test_matches_plain_minimax_R_BAT_4_R_HERO_2(att_text, def_text, att_mode, def_mode, turn):
    att, dfn = parse_squads(",".join(att_text)), parse_squads(",".join(def_text))
    expected = reference_value(att, dfn, turn, (att_mode, def_mode))
    to_move = "attacker" if turn == 0 else "defender"
    assert BattleOdds(att_mode, def_mode).win_probability(att, dfn, to_move) == pytest.approx(expected, abs=1e-12)
    assert RecursiveOdds(att_mode, def_mode).win_probability(att, dfn, to_move) == pytest.approx(expected, abs=1e-12)
    assert win_probability(att, dfn, att_mode, def_mode, to_move) == pytest.approx(expected, abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(st.lists(squad_text, min_size=1, max_size=3), st.lists(squad_text, min_size=1, max_size=3),
       st.sampled_from([REPRESENTATIVE, INDIVIDUAL]))
def test_move_probabilities_match_plain_minimax(att_text, def_text, mode):
    att, dfn = parse_squads(",".join(att_text)), parse_squads(",".join(def_text))
    modes = (mode, REPRESENTATIVE)
    odds = BattleOdds(*modes)
    for (own, target), p in odds.move_probabilities(att, dfn, "attacker").items():
        p_exchange = p_win(att[own], dfn[target], *modes)
        after_win = dfn[:target] + dfn[target + 1:]
        after_win = desert(after_win) if dfn[target].is_hero and after_win else after_win
        after_loss = att[:own] + att[own + 1:]
        after_loss = desert(after_loss) if att[own].is_hero and after_loss else after_loss
        expected = (p_exchange * reference_value(att, after_win, 1, modes)
                    + (1 - p_exchange) * reference_value(after_loss, dfn, 1, modes))
        assert p == pytest.approx(expected, abs=1e-12)


class TinyCacheOdds(BattleOdds):
    """Caches bounded so tightly that they are dropped on almost every call."""
    MAX_SIDES = 3
    MAX_TABLES = 1


def test_bounded_caches_still_give_exact_odds():
    att = parse_squads("hero:1x2d6+6,5x1d6,4x1d6")
    dfn = parse_squads("hero:1x2d6+6,6x1d6,3x1d6")
    odds, tiny = BattleOdds(), TinyCacheOdds()
    for to_move in ("attacker", "defender", "attacker"):
        assert tiny.win_probability(att, dfn, to_move) == pytest.approx(odds.win_probability(att, dfn, to_move))
        assert tiny.move_probabilities(att, dfn, to_move) == pytest.approx(odds.move_probabilities(att, dfn, to_move))


def test_listing_order_does_not_matter():
    att = parse_squads("hero:1x2d6+6,5x1d6,3x2d6,2x1d6")
    dfn = parse_squads("hero:1x2d6+6&1x1d4,4x1d6,4x1d6,city:1x3d3+9")
    p = win_probability(att, dfn)
    rng = random.Random(5)
    for _ in range(3):
        rng.shuffle(att)
        rng.shuffle(dfn)
        assert win_probability(att, dfn) == pytest.approx(p, abs=1e-12)


@pytest.mark.parametrize("to_move", ["attacker", "defender"])
def test_best_move_and_move_probabilities_agree(to_move):
    att = parse_squads("hero:1x2d6+6,5x1d6,4x1d6&1x2d6")
    dfn = parse_squads("6x1d6,5x1d6")
    moves = move_probabilities(att, dfn, to_move=to_move)
    own_count, enemy_count = (3, 2) if to_move == "attacker" else (2, 3)
    assert set(moves) == set(itertools.product(range(own_count), range(enemy_count)))
    best = best_move(att, dfn, to_move=to_move)
    assert best.p_win == pytest.approx(max(moves.values()))
    assert moves[best.own, best.target] == best.p_win
    p_att = win_probability(att, dfn, to_move=to_move)
    assert best.p_win == pytest.approx(p_att if to_move == "attacker" else 1 - p_att)


# --- Monte Carlo -----------------------------------------------------------------------

@pytest.mark.parametrize("att, dfn, att_mode", [
    ("hero:1x2d6+6,4x1d6,3x1d6", "hero:1x2d6+6,5x1d6,2x1d6", REPRESENTATIVE),
    ("hero:1x2d6+6,5x1d6,3x1d6", "4x1d6,4x1d6", INDIVIDUAL),
    ("3x1d6&1x2d6,2x1d6+3", "city:1x3d3+9,3x1d6", REPRESENTATIVE),
])
def test_exact_agrees_with_seeded_monte_carlo(att, dfn, att_mode):
    a, d = parse_squads(att), parse_squads(dfn)
    exact = win_probability(a, d, att_mode)
    result = simulate_battles(a, d, 3000, seed=11, attacker_mode=att_mode)
    assert abs(result.rate - exact) <= 4 * max(result.stderr, 1e-3)


def test_simulate_battles_takes_a_play_one_battle_callable():
    calls = []

    def play_one(att, dfn, rng):
        calls.append((len(att), len(dfn)))
        return rng.random() < 0.5

    result = simulate_battles(parse_squads("1x1d6"), parse_squads("1x1d6,1x1d6"), 50, seed=1, play_one=play_one)
    assert result.battles == 50 and len(calls) == 50 and calls[0] == (1, 2)
    again = simulate_battles(parse_squads("1x1d6"), parse_squads("1x1d6,1x1d6"), 50, seed=1, play_one=play_one)
    assert again == result


# --- text syntax -------------------------------------------------------------------------

def test_parse_and_format_round_trip():
    text = "hero:1x2d6+6&1x1d4,5x1d6,4x1d6&2x2d6,city:1x3d3+9"
    squads = parse_squads(text)
    assert format_squads(squads) == text
    assert squads[0].is_hero and squads[3].is_city and squads[2].units == 6
    assert format_squads(parse_squads("2x1d6-1")) == "2x1d6-1"  # engine dice may carry a malus


@pytest.mark.parametrize("text, token", [("5xd6", "5xd6"), ("1x1d6,king:2x1d6", "king:2x1d6"),
                                         ("1x1d6&", ""), ("0x1d6", "0x1d6"), ("", "")])
def test_bad_syntax_names_the_token(text, token):
    with pytest.raises(SquadSyntaxError) as error:
        parse_squads(text)
    assert error.value.token == token


# --- whose mercenaries desert (R-HERO-2: only the fainted hero's own) --------------------

@rule("R-HERO-2")
def test_owner_tags_round_trip_in_the_squad_syntax():
    text = "city:1x3d3+9,hero@a:1x2d6+6&1x1d6+2,3x1d6@a&2x2d6@city,4x1d6"
    squads = parse_squads(text)
    assert format_squads(squads) == text
    assert squads[1].is_hero and squads[1].owner == "a"
    assert [g.owner for g in squads[2].groups] == ["a", "city"] and squads[3].groups[0].owner == ""
    for bad in ("city@a:1x3d3+9", "hero@:1x2d6+6", "3x1d6@", "3x1d6@a@b"):
        with pytest.raises(SquadSyntaxError):
            parse_squads(bad)


@rule("R-HERO-2")
def test_a_fainting_hero_loses_only_its_own_mercenaries_R_HERO_2():
    hero_a, _, own, other, garrison, shared = parse_squads(
        "hero@a:1x2d6+6,hero@b:1x2d6+6,6x1d6@a,5x1d6@b,10x1d6@city,2x1d6")
    left = desert([own, other, garrison, shared], hero_a)
    # a's own 6 plus the untagged 2 (every hero's): 8 -> 4 stay, from the largest of its squads first
    assert [format_squads([s]) for s in left] == ["2x1d6@a", "5x1d6@b", "10x1d6@city", "2x1d6"]
    assert desert([garrison], hero_a) == [garrison]


@rule("R-HERO-2")
def test_heroes_who_own_no_mercenaries_are_one_kind_to_the_odds_R_HERO_2():
    """Only heroes with mercenaries of their own get a tag (a fainting hero loses only its own); the
    rest are alike, so a City held by many of them is a handful of sides, not one per subset."""
    from game.engine.squads import GARRISON, owner_tags
    assert owner_tags([7, 8, 9], [7, GARRISON]) == {7: "a", GARRISON: "city"}
    assert owner_tags([7, 8, 9], [8]) == {8: "a"}
    attacker = parse_squads("hero:1x2d6+6,9x1d6,6x1d6")
    tagged_alike = "city:1x3d3+9,hero@a:1x2d6+6,{heroes},3x1d6@a,2x1d6@city"
    each_tagged = tagged_alike.format(heroes="hero@b:1x2d6+6,hero@c:1x2d6+6,hero@d:1x2d6+6")
    untagged = tagged_alike.format(heroes="hero:1x2d6+6,hero:1x2d6+6,hero:1x2d6+6")
    for modes in ((REPRESENTATIVE, INDIVIDUAL), (INDIVIDUAL, REPRESENTATIVE)):
        assert win_probability(attacker, parse_squads(untagged), *modes) == \
            pytest.approx(win_probability(attacker, parse_squads(each_tagged), *modes), abs=1e-12)
    six_alike = tagged_alike.format(heroes=",".join(["hero:1x2d6+6"] * 6))
    odds = BattleOdds()
    odds.win_probability(attacker, parse_squads(six_alike))
    assert len(odds._sides) < 200         # with each of the six tagged apart: 1031


@rule("R-HERO-2")
def test_a_garrison_that_never_deserts_wins_the_battle_a_hero_army_would_lose_R_HERO_2():
    """Fixed dice as in test_faint_decides_a_battle: the 6 (6) beat a 5; the hero (2) falls;
    its own army would drop to 3 and lose, a garrison stays 6 and wins."""
    enemy = parse_squads("1x1d1+4,1x1d1+4")
    assert win_probability(parse_squads("hero@a:1x1d1+1,6x1d1@a"), enemy) == 0.0
    assert win_probability(parse_squads("hero@a:1x1d1+1,6x1d1@city"), enemy) == 1.0


class SmallOdds(BattleOdds):
    MAX_SIDES = 60
    MAX_TABLE_STATES = 2_000


def test_a_long_run_of_battles_keeps_every_cache_bounded():
    """Issue 17 item 14: a long simulation must not grow the shared odds caches for ever."""
    from game.engine import odds as O
    rng = random.Random(3)

    def side():
        return [hero_squad()] + [Squad((UnitGroup(rng.randint(1, 6), 1, 6, rng.choice((0, 3))),))
                                 for _ in range(rng.randint(1, 3))]
    odds = SmallOdds()
    biggest_sides = biggest_tables = 0
    for _ in range(300):                # unbounded, these battles intern about 450 sides
        a, d = side(), side()
        assert odds.win_probability(a, d) == pytest.approx(win_probability(a, d))
        biggest_sides = max(biggest_sides, len(odds._sides))
        biggest_tables = max(biggest_tables, odds._table_states())
    one_battle = 2 * 2 ** 4 + 32        # both sides' closures (at most 4 squads each), and some slack
    assert biggest_sides <= SmallOdds.MAX_SIDES + one_battle
    assert len(odds._tables) == 1 or biggest_tables <= SmallOdds.MAX_TABLE_STATES + 2 * 64 * 64
    for cached in (O._dice_sum, O.group_distribution, O.total_distribution, O.p_win):
        assert cached.cache_info().maxsize is not None, f"{cached.__name__} grows without bound"
