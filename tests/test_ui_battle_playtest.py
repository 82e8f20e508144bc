"""Stumbles met playing battles through the screen (a play-through of monsters, rival heroes, Cities)."""
import time

import pytest

from game.names import percent
from game.ui.battle.painting import T_ARRANGED
from test_ui_battle import click, drawn_text, open_scene  # noqa: F401  (drawn_text is a fixture)
from test_ui_battle_handoff import _hero_against_hero


def _frames_until(app, condition, dt=1 / 60, limit=400):
    for _ in range(limit):
        if condition():
            return
        time.sleep(0.005)              # the odds come from a worker thread
        app.frame(dt)
    raise AssertionError("never happened")


@pytest.mark.rule("R-BAT-2", "R-BAT-3")
def test_the_bar_keeps_the_confirmed_splits_figure_while_the_squads_form(drawn_text):
    """After "To battle!" the bar showed the chance of the pool split evenly (58% beside a 96% fight) for as
    long as "Ann forms 1 squad" played: one fight, two figures."""
    state, events = _hero_against_hero(kinds=("human", "computer"))
    app, scene, rec = open_scene(state, events, speed="Normal")
    _frames_until(app, lambda: scene.arrange_odds is not None and not scene.odds_waiting())
    bar = f"{scene.view.sides[0].name}  {percent(scene.arrange_odds)}"
    drawn_text.clear()
    app.frame(1 / 60)
    assert bar in drawn_text                                   # the bar while arranging
    click(app, scene.confirm_button.rect.center)
    assert scene.beat is None and scene.queue[0].kind == "arranged"
    seen = []
    steps = 0
    while scene.busy and scene.queue and scene.queue[0].kind == "arranged" or (
            scene.beat is not None and scene.beat.kind == "arranged"):
        drawn_text.clear()
        time.sleep(0.005)
        app.frame(T_ARRANGED / 12)
        seen.append([t for t in drawn_text if t.startswith(scene.view.sides[0].name + "  ") and "%" in t])
        steps += 1
        assert steps < 100
    assert seen and all(texts == [bar] for texts in seen), seen


@pytest.mark.rule("R-BAT-7")
def test_a_click_on_the_field_skips_the_dice_and_the_screen_says_so(drawn_text):
    """Only Space skipped the animation, and only the help overlay said so: a player clicking through a long
    battle waited 2 s per exchange. A click skips now, but not the second click of a double click."""
    from game.engine import actions as A
    from game.engine import apply
    from test_ui_battle import monster_battle
    state, hero, events = monster_battle()
    apply(state, A.ArrangeBattle(1, ((("mercenary", 7),),)))
    app, scene, rec = open_scene(state, events, speed="Normal")
    rects = scene.card_rects()
    click(app, rects[(0, 1)].center)
    click(app, rects[(1, 0)].center)                          # attack: the dice roll
    assert rec.actions == [A.Attack(1, 1, 0)] and scene.busy
    click(app, rects[(1, 0)].center)                          # a double click's second half: no skip
    app.frame(0.1)
    assert scene.busy and scene.beat is not None
    drawn_text.clear()
    app.frame(0.25)
    assert scene.busy and "Click or Space: skip" in drawn_text
    click(app, (scene.field.x + 20, scene.field.centery))      # anywhere on the field
    assert not scene.busy and scene.view.round >= 1
    assert len(rec.actions) == 1                              # skipping attacked nobody
    drawn_text.clear()
    app.frame(1 / 60)
    assert "Click or Space: skip" not in drawn_text


def test_no_speed_caption_without_its_toggle(drawn_text):
    """The result (and the retreat question) hide the speed toggle; its caption stood alone under the log."""
    from test_ui_battle import monster_battle
    from uikit import play_to_the_result
    state, hero, events = monster_battle()
    app, scene, rec = open_scene(state, events)
    drawn_text.clear()
    app.frame(1 / 60)
    assert "Speed" in drawn_text
    click(app, scene.auto_button.rect.center)
    play_to_the_result(scene, app)
    assert scene.result is not None
    drawn_text.clear()
    app.frame(1 / 60)
    assert "Speed" not in drawn_text
