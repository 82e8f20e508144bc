"""The engine's faint desertion removes exactly the units the exact odds assume, and only the
fainted hero's own (R-HERO-2)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import Board
from game.engine import Seat, new_game
from game.engine.squads import GARRISON, Side, Squad, desert_own, side_tags, to_odds_squad
from game.engine.dice import truncate
from game.engine.odds import desert, format_squad
from game.engine.state import Hero

STATE, _ = new_game(Board.blank(6, 6), [Seat("A"), Seat("B")], seed=1, mode="campaign")
for _hero_id in (101, 102):
    STATE.heroes[_hero_id] = Hero(id=_hero_id, owner=1, cell=(0, 0))
UNITS = sorted(STATE.rules["units"])
OWNERS = (101, 102, GARRISON)
squad_units = st.dictionaries(st.tuples(st.sampled_from(OWNERS), st.sampled_from(UNITS)), st.integers(1, 6),
                              min_size=1, max_size=3)


def build_side(squads, heroes=(101, 102)):
    built = []
    for owned in squads:
        squad = Squad({})
        for (owner, unit), count in owned.items():
            squad.set_count(owner, unit, count)
        built.append(squad)
    return Side(player=1, squads=built, heroes=list(heroes))


def owned_total(side, owner):
    return sum(side.survivors(owner).values())


@pytest.mark.rule("R-HERO-2", "R-DICE-4")
@settings(max_examples=150, deadline=None)
@given(st.lists(squad_units, min_size=1, max_size=4), st.sampled_from((101, 102)))
def test_engine_desertion_matches_the_odds_model_and_spares_everyone_else(squads, fainted):
    side = build_side(squads)
    tags = side_tags(side)
    hero = to_odds_squad(STATE, Squad(hero=fainted), tags)
    expected = [format_squad(s) for s in desert([to_odds_squad(STATE, s, tags) for s in side.squads], hero)]
    others = {owner: side.survivors(owner) for owner in OWNERS if owner != fainted}
    own_before = owned_total(side, fainted)
    before, after = desert_own(STATE, side, fainted)
    assert (before, after) == (own_before, truncate(own_before / 2))
    assert owned_total(side, fainted) == after
    assert {owner: side.survivors(owner) for owner in others} == others, "someone else's units deserted"
    assert [format_squad(to_odds_squad(STATE, s, tags)) for s in side.squads] == expected


@pytest.mark.rule("R-HERO-2")
def test_a_lone_hero_loses_half_of_its_army_largest_squad_first():
    side = build_side([{(101, "unit_1_1"): 6}, {(101, "unit_1_1"): 5}, {(101, "unit_1_1"): 4}], heroes=(101,))
    assert side_tags(side) == {}, "a side whose units are all its one hero's needs no owner tags"
    assert desert_own(STATE, side, 101) == (15, 7)
    assert [s.units["unit_1_1"] for s in side.squads] == [2, 2, 3]


@pytest.mark.rule("R-BAT-7")
def test_showing_the_odds_does_not_change_what_a_battle_side_is():
    """The odds' owner tags are a cache: a side whose odds were shown still equals its unshown copy, so a
    look-ahead or a screen that asked for the odds never counts as a change to the game."""
    shown, unshown = build_side([{(101, UNITS[0]): 2}]), build_side([{(101, UNITS[0]): 2}])
    side_tags(shown)
    assert shown.odds_tags is not None and unshown.odds_tags is None
    assert shown == unshown
