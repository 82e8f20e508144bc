"""The engine's faint desertion removes exactly the units the exact odds assume (R-HERO-2)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import Board
from game.engine import Seat, new_game
from game.engine.battle import Side, Squad, desert_one
from game.engine.battle_odds import to_odds_squad
from game.engine.dice import truncate
from game.engine.odds import desert, format_squad

STATE, _ = new_game(Board.blank(6, 6), [Seat("A"), Seat("B")], seed=1, mode="campaign")
UNITS = sorted(STATE.rules["units"])
squad_units = st.dictionaries(st.sampled_from(UNITS), st.integers(1, 6), min_size=1, max_size=3)


@pytest.mark.rule("R-HERO-2", "R-DICE-4")
@settings(max_examples=150, deadline=None)
@given(st.lists(squad_units, min_size=1, max_size=4))
def test_engine_desertion_matches_the_odds_model(squads):
    side = Side(player=1, squads=[Squad(dict(units)) for units in squads])
    expected = [format_squad(s) for s in desert([to_odds_squad(STATE, s) for s in side.squads])]
    before = side.unit_count()
    for _ in range(before - truncate(before / 2)):
        desert_one(STATE, side)
    kept = [s for s in side.squads if s.units]
    assert [format_squad(to_odds_squad(STATE, s)) for s in kept] == expected
