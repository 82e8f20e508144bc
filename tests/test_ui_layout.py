"""Every screen at 1280x720, 1920x1080 and 1024x600: no text overlaps another, leaves its panel or button,
or leaves the window (issue 11 item 10). Rectangles come from what is drawn (tests/layoutkit.py)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

import enginekit as K
from game.board.model import MapToken
from game.engine import actions as A
from game.engine import apply
from game.engine.dice import Rng
from game.maps import load_map
from game.ui.app import App
from game.ui.kit import theme
from game.ui.menus.options import NewGameOptions, OptionalRules, Seat
from game.ui.session import GameSession
from layoutkit import problems, record, recording

MAPS = Path(__file__).resolve().parent.parent / "maps"
SIZES = [(1280, 720), (1920, 1080), (1024, 600)]
NAMES = ("Brunhild", "Aldric", "Cunegonde", "Dietrich")


def session_on(map_name="meadow.tmx", players=2, mode="normal", seed=3, day_limit=None) -> GameSession:
    path = MAPS / map_name
    seats = [Seat(NAMES[i], i + 1, "human") for i in range(players)]
    options = NewGameOptions(str(path), mode=mode, seats=seats, seed=seed, rules=OptionalRules(day_limit=day_limit))
    return GameSession.start(options, load_map(path))


def play_until(session: GameSession, done, limit: int = 5000) -> GameSession:
    """The standard computer player plays every seat until ``done(state)``."""
    for _ in range(limit):
        if done(session.state):
            session.take_events()
            return session
        assert session.auto_step().ok
    raise AssertionError("the game never reached the wanted moment")


def turn_with_heroes(state) -> bool:
    return (state.phase == "turn" and state.day >= 2 and state.heroes_of(state.actor())
            and not state.turn_acted and not state.pending and state.battle is None)


def board_scene(session):
    from game.ui.board.scene import GameScene
    scene = GameScene(session)
    scene._setup_shown = True
    return scene


# --- the screens ----------------------------------------------------------------------------------
def board_daybreak_day1(app):
    return [board_scene(session_on())]


def board_turn_four_players(app):
    session = play_until(session_on("highlands.tmx", players=4), turn_with_heroes)
    scene = board_scene(session)
    return [scene]


def board_turn_campaign(app):
    return [board_scene(play_until(session_on(mode="campaign"), turn_with_heroes))]


def board_game_over(app):
    session = play_until(session_on(day_limit=1), lambda s: s.phase == "over")
    return [board_scene(session)]


def anchor_panel(app):
    from game.ui.board.anchor_panel import AnchorPanel
    session = session_on("highlands.tmx", players=4)
    return [board_scene(session), AnchorPanel(session, session.setup_events)]


def daybreak_panel(app, mode="normal"):
    from game.ui.board.daybreak_panel import DaybreakPanel
    session = session_on(mode=mode)
    return [board_scene(session), DaybreakPanel(session)]


def daybreak_panel_campaign(app):
    return daybreak_panel(app, "campaign")


def city_screen(app, mode="normal", coin=3):
    from game.ui.city.scene import CityScene
    session = session_on(mode=mode)
    seat = session.state.actor()
    session.state.players[seat].purse["coin"] = coin
    return [board_scene(session), CityScene(session, session.state.cities_of(seat)[0].id)]


def city_screen_campaign(app):
    return city_screen(app, "campaign")


def battle_screen(app):
    from game.ui.battle.scene import maybe_battle_scene
    state, hero = K.hero_game(tokens=[MapToken("monster", (4, 5))], at=(4, 4), moves=5, army={"mercenary": 7})
    K.script(state, ("1dP", 10), ("4d6", 3, 3, 3, 3))
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    state.rng = Rng(5)
    scene = maybe_battle_scene(GameSession(state), list(events))
    scene.speed = "Instant"
    return [scene]


def game_menu(app):
    from game.ui.menus.game_menu import GameMenu
    board = board_scene(session_on())
    return [board, GameMenu(board)]


def game_over_screen(app):
    from game.ui.menus.game_over import GameOverScene
    session = play_until(session_on("highlands.tmx", players=4, day_limit=1), lambda s: s.phase == "over")
    return [board_scene(session), GameOverScene(session)]


def map_error(app):
    from game.ui.menus.map_error import MapErrorScene
    return [MapErrorScene("maps/broken.tmx", ["layer 'ground' is missing: add a tile layer named ground",
                                              "no start slots: place 'start' objects on an object layer"])]


def title_screen(app, tmp_path):
    from game.ui.menus.title import TitleScene
    return [TitleScene(saves_dir=tmp_path)]


SCREENS = [board_daybreak_day1, board_turn_four_players, board_turn_campaign, board_game_over, anchor_panel,
           daybreak_panel, daybreak_panel_campaign, city_screen, city_screen_campaign, battle_screen, game_menu,
           game_over_screen, map_error, title_screen]


def open_screen(build, size, tmp_path):
    app = App(size, headless=True)
    args = (app, tmp_path) if build is title_screen else (app,)
    for scene in build(*args):
        app.push(scene)
    return app


def draw_top(app):
    """The top scene's frame, drawn with the mouse away from every button (no tooltip, no hover)."""
    scene = app.scene
    for s in app.scenes:
        if hasattr(s, "still"):
            s.still.invalidate()
            s.still.surface = None
        s.mouse = (0, 0)

    def draw(surface):
        scene.draw(surface)
    return draw


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("build", SCREENS, ids=lambda b: b.__name__)
def test_no_text_overlaps_or_leaves_its_panel(build, size, tmp_path, monkeypatch):
    app = open_screen(build, size, tmp_path)
    with recording(monkeypatch):
        monkeypatch.setattr(pygame.display, "get_surface", lambda: None)
        drawing = record(draw_top(app), size)
    assert drawing.texts, "nothing was drawn"
    assert problems(drawing) == []
