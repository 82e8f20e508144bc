"""One way to write a chance on every screen (issue 11: one odds figure the player can trust)."""
import pytest

from game.names import percent
from test_ui_battle import drawn_text, monster_battle, open_scene  # noqa: F401  (drawn_text is a fixture)


def test_a_chance_is_never_rounded_to_certainty():
    assert percent(0.9996) == ">99%" and percent(0.0004) == "<1%"
    assert percent(1.0) == "100%" and percent(0.0) == "0%" and percent(0.536) == "54%"


def test_the_battle_screen_writes_a_near_sure_chance_as_the_board_does(drawn_text):
    state, hero, events = monster_battle(army={"mercenary": 9})
    app, scene, _ = open_scene(state, events)
    scene.arrange_odds = 0.9996
    drawn_text.clear()
    scene.draw(app.screen)
    assert any(">99%" in s for s in drawn_text if isinstance(s, str)), drawn_text
    assert not any("100%" in s for s in drawn_text if isinstance(s, str))
