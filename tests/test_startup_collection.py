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


class OneFrame(Scene):
    seen: list[str] = []

    def draw(self, surface: pygame.Surface) -> None:
        self.seen.append(f"drawn, collecting: {gc.isenabled()}")
        self.app.quit()

    def after_first_frame(self) -> None:
        self.seen.append(f"after the first frame, collecting: {gc.isenabled()}")


def test_the_window_starts_the_collector_again_and_its_scenes_load_the_rest_after_its_first_frame(monkeypatch):
    monkeypatch.setattr(app_module.pygame, "quit", lambda: None)     # the other tests' display stays open
    monkeypatch.setattr(app_module, "ctrl_c_closes_the_window", lambda: None)
    app = App(headless=True)
    app.push(OneFrame())
    try:
        startup.hold_collection()
        app.run()
        assert OneFrame.seen == ["drawn, collecting: False", "after the first frame, collecting: True"]
        assert gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()
