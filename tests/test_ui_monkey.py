"""A monkey at the mouse: hundreds of random clicks, drags, wheels and keys on a real game.

Whatever screen is on top (board, city, daybreak, battle, dialogs, menus), nothing may crash,
and the game state only ever changes through the engine's actions.
"""
import random

import pygame
import pytest

from game.engine import replay, snapshot
from game.maps import MAPS_DIR, load_map
from game.ui.app import App
from game.ui.board.scene import GameScene
from game.ui.menus.options import NewGameOptions, OptionalRules, Seat
from game.ui.session import GameSession

STEPS = 400    # with this seed the two games between them open the anchor, Daybreak, city, log, rules, game
#                menu and settings screens and reach a turn by step 350 (1,100 steps with seed 7 saw fewer)
KEYS = [pygame.K_SPACE, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
        pygame.K_RETURN, pygame.K_a, pygame.K_d]


def random_event(rng, size):
    w, h = size
    pos = (rng.randrange(w), rng.randrange(h))
    roll = rng.random()
    if roll < 0.55:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    if roll < 0.75:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 2), buttons=(0, 0, 0))]
    if roll < 0.82:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False,
                                   precise_x=0.0, precise_y=float(rng.choice((-1, 1))))]
    if roll < 0.9:
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3),
                pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + 20, pos[1] + 5), rel=(20, 5), buttons=(0, 0, 1)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(pos[0] + 20, pos[1] + 5), button=3)]
    return [pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="", scancode=0)]


@pytest.mark.rule("R-SET-1")
@pytest.mark.parametrize("map_name,mode", [("meadow.tmx", "normal"), ("riverlands.tmx", "campaign")])
def test_random_mouse_and_keys_never_crash(map_name, mode, own_settings_file, tmp_path, monkeypatch):
    """The monkey plays with the default settings, and what it saves or changes stays its own."""
    monkeypatch.setenv("FUZZYKNIGHTS_SAVES", str(tmp_path / "saves"))
    rng = random.Random(2)
    path = MAPS_DIR / map_name
    app = App(headless=True)
    options = NewGameOptions(str(path), mode=mode, seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "human")], seed=5,
                             rules=OptionalRules(starting_hero=True))
    session = GameSession.start(options, load_map(path))
    app.push(GameScene(session))
    for step in range(STEPS):
        for event in random_event(rng, app.size):
            app.dispatch(event)
        app.frame(1 / 30)
        if app.scene is None:
            break
    assert session.state.actions, "the monkey should have got something done"
    # the state is exactly what the actions the screen submitted make of the seed
    assert snapshot(replay(session.state)) == snapshot(session.state)
