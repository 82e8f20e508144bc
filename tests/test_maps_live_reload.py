"""Live reload for map designers: a quick test game follows its map file and tilesets (issue 15 item 10)."""
import os
from pathlib import Path

import pytest

from game.maps.watch import MapWatch, map_sources

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
GRASS, WATER = 1, 10


def write_map(path: Path, ground: int = GRASS, broken: bool = False) -> None:
    rows = ",\n".join(",".join([str(ground if (c, r) == (3, 2) else GRASS) for c in range(8)]) for r in range(6))
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="8" height="6" tilewidth="64"
     tileheight="64" infinite="0">
 <properties><property name="max_players" type="int" value="2"/><property name="title" value="Live"/></properties>
 <tileset firstgid="1" source="terrain.tsx"/>
 <layer id="1" name="ground" width="8" height="6"><data encoding="csv">{rows}</data></layer>
 <objectgroup id="2" name="tokens">
  <object id="1" x="32" y="32"><properties><property name="kind" value="start"/>
   <property name="seat" type="int" value="1"/></properties><point/></object>
  <object id="2" x="480" y="352"><properties><property name="kind" value="start"/>
   <property name="seat" type="int" value="2"/></properties><point/></object>
 </objectgroup>
</map>
"""
    path.write_text(text[:200] if broken else text)
    stamp = path.stat().st_mtime_ns + 10_000_000          # a later time even on coarse file systems
    os.utime(path, ns=(stamp, stamp))


@pytest.fixture
def folder(tmp_path):
    tsx = (ASSETS / "terrain_square.tsx").read_text().replace('source="terrain_square.png"',
                                                              f'source="{ASSETS / "terrain_square.png"}"')
    (tmp_path / "terrain.tsx").write_text(tsx)
    write_map(tmp_path / "live.tmx")
    return tmp_path


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_the_watch_follows_the_map_and_its_tileset_and_waits_for_the_save_to_settle(folder):
    path = folder / "live.tmx"
    assert map_sources(str(path)) == [str(path), str(folder / "terrain.tsx")]
    clock = Clock()
    watch = MapWatch(path, interval=0.5, settle=0.3, clock=clock)
    assert not watch.poll()
    tsx = folder / "terrain.tsx"
    tsx.write_text(tsx.read_text() + "\n")
    clock.now = 1.0
    assert not watch.poll()          # just changed: maybe still being written
    clock.now = 1.2
    assert not watch.poll()
    clock.now = 1.4
    assert watch.poll()              # still for 0.4 s: report it, once
    clock.now = 2.0
    assert not watch.poll()


def quick_test_game(path: Path):
    """What ``python -m game --map PATH --seed 5`` opens (game.ui.app.run)."""
    pytest.importorskip("pygame")
    from game.ui.app import App, _first_scene
    from game.ui.menus.options import NewGameOptions, default_seats
    options = NewGameOptions(map_path=str(path), seats=default_seats(2), seed=5)
    app = App(headless=True)
    app.push(_first_scene(options))
    app.map_watch, app.map_options = MapWatch(path, interval=0, settle=0), options
    return app


def frames(app, n=2):
    for _ in range(n):
        app.frame(0.016)


def the_game(app):
    """The game scene under whatever panel its start opened (the Anchor panel, say)."""
    games = [s for s in app.scenes if getattr(s, "session", None) is not None]
    assert len(games) == 1
    return games[0]


def test_saving_the_map_restarts_the_game_keeping_seats_seed_and_camera(folder):
    from game.ui.menus.map_error import MapErrorScene
    path = folder / "live.tmx"
    app = quick_test_game(path)
    old = app.scene
    assert old.session is not None and old.state.board.passable((3, 2))
    old.view.center_on_world(300, 200)          # the designer looked somewhere
    where = (old.view.zoom_index, list(old.view.cam))
    seats = [p.name for p in old.state.players.values()]

    write_map(path, ground=WATER)
    frames(app)
    game = the_game(app)
    assert game is not old and not game.state.board.passable((3, 2))
    assert game.state.seed == 5 and [p.name for p in game.state.players.values()] == seats
    assert (game.view.zoom_index, game.view.cam) == where

    write_map(path, broken=True)       # a save in the middle of an edit
    frames(app)
    assert isinstance(app.scene, MapErrorScene) and any(str(path) in p for p in app.scene.problems)
    write_map(path, broken=True)
    frames(app)
    assert sum(isinstance(s, MapErrorScene) for s in app.scenes) == 1

    write_map(path)                    # the next good save recovers
    frames(app)
    assert the_game(app).state.board.passable((3, 2))
    assert not any(isinstance(s, MapErrorScene) for s in app.scenes)


def test_a_map_broken_from_the_start_opens_once_it_is_fixed_and_f5_works_there(folder):
    import pygame
    from game.ui.menus.map_error import MapErrorScene
    path = folder / "live.tmx"
    write_map(path, broken=True)
    app = quick_test_game(path)
    assert isinstance(app.scene, MapErrorScene)
    app.frame(1 / 60)
    assert app.scene.back.label == "Quit"                    # nothing to go back to: it closes the game
    assert "the game tries it again by itself" in app.scene.hint()
    app.map_watch = MapWatch(path, interval=1e9, settle=0)   # only F5 reloads now
    write_map(path)
    app.scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0, unicode=""))
    assert the_game(app) is app.scenes[0] and not any(isinstance(s, MapErrorScene) for s in app.scenes)
