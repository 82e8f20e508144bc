"""The garbage collector waits while the game starts and starts again once its first frame is on screen
(game.startup; issue 14: start-up CPU)."""
import gc
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game import startup
from game.ui import app as app_module
from game.ui.app import App
from game.ui.kit.scene import Scene


def test_collection_held_then_released_and_what_start_up_made_frozen():
    assert gc.isenabled()
    try:
        startup.hold_collection()
        assert not gc.isenabled()
        made = [[] for _ in range(100)]
        frozen = gc.get_freeze_count()
        startup.release_collection()
        assert gc.isenabled() and gc.get_freeze_count() >= frozen + len(made)
        startup.release_collection()                 # once only
        assert gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()


def test_release_leaves_alone_a_collector_someone_else_stopped():
    gc.disable()
    try:
        startup.hold_collection()
        startup.release_collection()
        assert not gc.isenabled()
    finally:
        gc.enable()


class Recorded(Scene):
    seen: list[str] = []

    def __init__(self, name: str, then=None) -> None:
        super().__init__()
        self.name, self.then = name, then

    def draw(self, surface: pygame.Surface) -> None:
        self.seen.append(f"{self.name} drawn, collecting: {gc.isenabled()}")
        if self.then is None:
            self.app.quit()
        elif self.then:
            self.app.push(self.then)     # a scene opened over it: its own first frame comes next
            self.then = False

    def after_first_frame(self) -> None:
        self.seen.append(f"after {self.name}'s first frame, collecting: {gc.isenabled()}")


def test_the_window_collects_again_after_its_first_frame_and_each_scene_loads_the_rest_after_its_own(monkeypatch):
    monkeypatch.setattr(app_module.pygame, "quit", lambda: None)     # the other tests' display stays open
    monkeypatch.setattr(app_module, "ctrl_c_closes_the_window", lambda: None)
    app = App(headless=True)
    app.push(Recorded("board", then=Recorded("menu")))
    try:
        startup.hold_collection()
        app.run()
        assert Recorded.seen == ["board drawn, collecting: False", "after board's first frame, collecting: True",
                                 "menu drawn, collecting: True", "after menu's first frame, collecting: True"]
        assert gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()
