"""The game screen drives the engine only through actions (headless, synthetic events)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

pytest.importorskip("game.engine")

from game.engine import actions as A
from game.maps import DEFAULT_MAP, load_map
from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.options import NewGameOptions, OptionalRules, Seat
from game.ui.session import GameSession


def click(scene, pos, button=1):
    pos = tuple(round(v) for v in pos)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


@pytest.fixture
def scene():
    app = App(headless=True)
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "human")], seed=11,
                             rules=OptionalRules(starting_hero=True))
    scene = GameScene(GameSession.start(options, load_map(DEFAULT_MAP)))
    app.push(scene)
    return scene


def to_turn(scene):
    """Click End daybreak (and the handoff) until a player's turn starts."""
    for _ in range(10):
        if scene.handoff_to is not None:
            click(scene, scene.handoff_button.rect.center)
        if scene.state.phase == "turn":
            return
        click(scene, scene.end_button.rect.center)
    raise AssertionError("never reached a turn")


def test_end_daybreak_then_roll_and_move_by_clicking(scene):
    to_turn(scene)
    seat = scene.actor
    hero = scene.state.heroes[scene.selected]
    assert hero.owner == seat and hero.moves_left is None
    click(scene, scene.roll_button.rect.center)
    assert hero.moves_left is not None and hero.moves_left > 0
    assert scene.reach is not None
    target = next(c for c in scene.reach.cells() if scene.reach.cost(c) == 1 and not scene.reach.is_stop(c))
    scene.view.center_on(target)
    before = hero.moves_left
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(v) for v in scene.view.cell_center(target)),
                                          rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.view.path and scene.view.path[-1] == target and scene.view.path_cost == 1
    click(scene, scene.view.cell_center(target))
    assert hero.cell == target and hero.moves_left == before - 1
    assert isinstance(scene.state.actions[-1], A.Move)


def test_an_illegal_click_shows_a_reason_and_changes_nothing(scene):
    to_turn(scene)
    actions = len(scene.state.actions)
    hero = scene.state.heroes[scene.selected]
    far = next(c for c in scene.state.board.topology.cells() if c != hero.cell and scene.state.board.passable(c)
               and not scene.state.heroes_at(c))
    scene.view.center_on(far)
    click(scene, scene.view.cell_center(far))          # not rolled yet
    assert scene.toast.visible and "Roll" in scene.toast.message
    assert len(scene.state.actions) == actions


def test_hotseat_handoff_waits_for_the_next_player(scene):
    to_turn(scene)
    first = scene.actor
    click(scene, scene.end_button.rect.center)
    assert scene.actor != first
    assert scene.handoff_to == scene.actor
    click(scene, scene.end_button.rect.center)      # blocked behind the handoff
    assert scene.handoff_to is not None
    click(scene, scene.handoff_button.rect.center)
    assert scene.handoff_to is None


def test_computer_players_play_on_their_own():
    app = App(headless=True)
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Cy", 1, "computer"), Seat("Dee", 2, "computer")],
                             seed=3)
    scene = GameScene(GameSession.start(options, load_map(DEFAULT_MAP)))
    app.push(scene)
    before = len(scene.state.actions)
    for _ in range(20):
        scene.update(0.25)
    assert len(scene.state.actions) > before
    app.frame(1 / 60)
