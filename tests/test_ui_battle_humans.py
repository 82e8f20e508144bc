"""Two human players fight on one screen: each arranges and attacks with the mouse in turn."""
import random

import pygame
import pytest

from enginekit import hero_game
from game.engine import actions as A
from game.engine import apply
from game.engine.dice import Rng
from game.engine.state import Hero
from game.ui.app import App
from game.ui.battle.scene import maybe_battle_scene
from game.ui.session import GameSession


@pytest.mark.rule("R-BAT-1", "R-BAT-2", "R-BAT-4")
def test_hero_against_hero_both_humans_play_through_the_screen():
    state, hero = hero_game(army={"mercenary": 4}, at=(4, 4), moves=5)
    enemy = Hero(id=state.new_id(), owner=2, cell=(4, 5), army={"mercenary": 3}, moves_left=0, name="Odile")
    state.heroes[enemy.id] = enemy                              # arrange: P2's hero next door
    state.rng = Rng(11)
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    assert state.battle is not None and state.battle.kind == "hero"
    session = GameSession(state)
    app = App((1280, 720), headless=True)
    scene = maybe_battle_scene(session, list(events))
    scene.speed = "Instant"
    app.push(scene)
    rng = random.Random(3)
    arranged_by = set()
    for _ in range(3000):
        if state.battle is None:
            break
        app.frame(1 / 60)
        if scene.arrangement is not None and scene.arrangement.ready:
            arranged_by.add(state.battle.acting_player())
            scene.confirm_arrangement()
            continue
        if scene.arrangement is not None:
            scene.suggest()
            continue
        pos = (rng.randrange(1280), rng.randrange(720))
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.dispatch(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0), button=1))
    assert state.battle is None, "the battle ends through the two players' clicks"
    assert arranged_by == {1, 2}, "each human arranged its own squads"
    acts = [a for a in state.actions if isinstance(a, A.Attack)]
    assert acts and acts[0].player == 1, "the attacker acts first"
    if len(acts) > 1:
        assert {a.player for a in acts} == {1, 2}, "the sides take turns"
