"""The battle log says what the player sees: who fights with what, each name once (R-BAT-7)."""
import re

import pytest

from test_ui_battle import click, monster_battle, open_scene
from uikit import play_to_the_result
from enginekit import script
from game.engine.dice import Rng
from test_ui_odds_agree import SEVEN, arrange


def _play_out(app, scene):
    click(app, scene.auto_button.rect.center)
    play_to_the_result(scene, app)


@pytest.mark.rule("R-BAT-7")
def test_the_arrangement_line_names_the_hero_beside_its_squads():
    state, hero, events = monster_battle(army={"mercenary": 7})
    app, scene, _ = open_scene(state, events)
    _play_out(app, scene)
    lines = [line for line in scene.log if "fights with" in line]
    assert lines and hero.name in lines[0] and "squad" in lines[0], scene.log
    assert not any("forms 1 squad" in line for line in scene.log)


@pytest.mark.rule("R-BAT-7")
def test_no_name_is_doubled_in_a_city_battle_log():
    state, hero = arrange(city=True)
    from game.engine import apply
    from game.engine import actions as A
    script(state, (SEVEN, 1))                               # the neutral City's 2d6 monsters: one die scripted
    events = apply(state, A.Move(hero.owner, hero.id, ((4, 5),)))
    state.rng = Rng(3)
    assert state.battle is not None and state.battle.kind == "city"
    app, scene, _ = open_scene(state, events)
    _play_out(app, scene)
    doubled = [line for line in scene.log if re.search(r"\b(\w+'s?) \1 ", line) or "City's City" in line]
    assert not doubled, doubled
    assert not any(re.search(r"\((city|hero|monsters|City)\)", line) for line in scene.log), scene.log


@pytest.mark.rule("R-CITY-4")
def test_a_fallen_city_is_told_in_the_result_not_no_losses():
    state, hero = arrange(city=True)
    from game.engine import apply
    from game.engine import actions as A
    script(state, (SEVEN, 1))
    events = apply(state, A.Move(hero.owner, hero.id, ((4, 5),)))
    state.rng = Rng(3)
    app, scene, _ = open_scene(state, events)
    _play_out(app, scene)
    res = scene.result
    city_side = 1
    lines = scene.side_result_lines(city_side, res)
    assert any(line.startswith("City lost" if res["winner"] != city_side else "City holds") for line in lines), lines
    assert lines != ["No losses"]
    if res["winner"] == city_side:
        assert any("Neutral City wins the battle" in line for line in scene.log), scene.log



@pytest.mark.rule("R-BAT-7")
def test_a_name_typed_in_lower_case_keeps_its_case_at_a_sentence_start():
    """A player named "ælfgifu" reads "ælfgifu: representative roll = 19" and "ælfgifu wins the battle" in the
    board's log, as the name was typed; generic sides still open with a capital ("The monsters win")."""
    from game.narration import narrate
    state, hero, events = monster_battle(army={"mercenary": 7})
    state.players[hero.owner].name = "ælfgifu"
    hero.name = "ædric"
    app, scene, _ = open_scene(state, events)
    _play_out(app, scene)
    told = [line for line in (narrate(state, e) for e in state.log) if line]
    assert any(line.strip().startswith("🎲 ælfgifu:") for line in told), told
    assert not any("Ælfgifu" in line or "Ædric" in line for line in told + scene.log), told + scene.log
    assert any(re.search(r"(ælfgifu|The monsters) wins? the battle", line) for line in told), told


@pytest.mark.rule("R-BAT-7")
def test_a_rivals_named_city_is_called_by_its_name_alone():
    """Played: "Round 2: Brunhild's Fenwick's town attacks ælfgifu's Brienne". A City's name says
    whose it is already, as the board's log says it: "Fenwick's town attacks ælfgifu's Brienne"."""
    from game.engine import apply
    from game.engine import actions as A
    state, hero = arrange(city=True)
    city = next(c for c in state.cities.values() if tuple(c.cell) == (4, 5))
    rival = next(seat for seat in state.players if seat != hero.owner)
    city.owner, city.name = rival, "Fenwick's town"
    events = apply(state, A.Move(hero.owner, hero.id, ((4, 5),)))
    state.rng = Rng(3)
    assert state.battle is not None
    app, scene, _ = open_scene(state, events)
    _play_out(app, scene)
    rounds = [line for line in scene.log if line.startswith("Round")]
    assert rounds and any("Fenwick's town" in line for line in rounds), scene.log
    assert not any("'s Fenwick's town" in line for line in scene.log), scene.log
