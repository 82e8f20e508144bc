"""Hotseat battles: a cover hides one human's split from the other, and only a deliberate click or key
lifts it (issue 11: a human plays a whole game without a stumble; R-BAT-2, R-SET-1)."""
import pygame

from game.engine import apply
from game.engine import actions as A
from game.engine.state import Hero
from test_ui_battle import open_scene
from test_ui_odds_agree import arrange


def _hero_against_hero(kinds=("human", "human")):
    state, hero = arrange(army=6)
    for seat, kind in zip((1, 2), kinds):
        state.players[seat].kind = kind
        if kind == "computer":
            state.players[seat].ai = "standard"
    rival = Hero(state.new_id(), 2, (4, 5), army={"mercenary": 7}, name="Rival")
    state.heroes[rival.id] = rival
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    assert state.battle is not None and state.battle.kind == "hero"
    return state, events


def _settle(app, scene):
    for _ in range(200):
        app.frame(1 / 10)
        if not scene.busy:
            return


def test_the_defender_arranges_under_a_cover_and_the_attacker_gets_one_back():
    state, events = _hero_against_hero()
    app, scene, rec = open_scene(state, events)
    assert not scene.handoff.up                               # the attacker arranges first: it is at the screen
    scene.confirm_arrangement()
    _settle(app, scene)
    assert scene.handoff.up and scene.handoff.seat == 2       # the defender's turn to arrange: pass the mouse
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):   # a stray click elsewhere does nothing
        app.dispatch(pygame.event.Event(kind, pos=(5, 5), button=1))
    assert scene.handoff.up
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert not scene.handoff.up and scene.arrangement is not None
    scene.confirm_arrangement()
    _settle(app, scene)
    assert scene.handoff.up and scene.handoff.seat == 1       # back to the attacker for its first target


def test_no_cover_against_a_computer():
    state, events = _hero_against_hero(kinds=("human", "computer"))
    app, scene, rec = open_scene(state, events)
    scene.confirm_arrangement()
    _settle(app, scene)
    assert not scene.handoff.up


def test_no_second_cover_when_the_board_has_passed_the_mouse_already():
    """A lone attacking hero has nothing to arrange: the defender arranges first, after the board's own
    handoff cover; the battle screen opens on it without another cover, and covers only for the attacker."""
    state, hero = arrange(army=0)
    hero.army = {}
    for seat in (1, 2):
        state.players[seat].kind = "human"
    rival = Hero(state.new_id(), 2, (4, 5), army={"mercenary": 7}, name="Rival")
    state.heroes[rival.id] = rival
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    assert state.actor() == 2                                 # the defender is to arrange
    app, scene, rec = open_scene(state, events)
    assert not scene.handoff.up and scene.arrangement is not None
    scene.confirm_arrangement()
    _settle(app, scene)
    assert scene.handoff.up and scene.handoff.seat == 1


def test_the_defender_does_not_read_the_attackers_split_in_the_log_before_arranging():
    """'Bela fights with Brienne and 1 squad, individual rolls' stood in the log while Ana arranged unseen."""
    state, events = _hero_against_hero()
    app, scene, rec = open_scene(state, events)
    scene.confirm_arrangement()
    _settle(app, scene)
    assert scene.handoff.up and scene.handoff.seat == 2
    assert not any("fights with" in line for line in scene.log), scene.log
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    scene.confirm_arrangement()
    _settle(app, scene)
    told = [line for line in scene.log if "fights with" in line]
    names = [side.name for side in scene.view.sides]
    assert len(told) == 2 and told[0].startswith(names[0]) and told[1].startswith(names[1]), scene.log
