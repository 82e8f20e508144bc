"""The app shell: scene stack, screenshots, the toast."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.board import Board
from game.ui import app as app_module
from game.ui.app import App
from game.ui.board.launch import make_board_scene
from game.ui.menus.options import NewGameOptions, default_seats
from game.ui.menus.map_catalog import MapEntry
from game.ui.kit.scene import Scene
from game.ui.menus.title import TitleScene
from game.ui.kit.widgets import Button, Toast


class Probe(Scene):
    def __init__(self):
        super().__init__()
        self.sizes = []

    def layout(self, size):
        super().layout(size)
        self.sizes.append(size)


def test_scene_stack_push_pop_replace():
    app = App(headless=True)
    a, b, c = Probe(), Probe(), Probe()
    app.push(a)
    app.push(b)
    assert app.scene is b and b.app is app
    app.replace(c)
    assert app.scenes == [a, c]
    app.pop()
    assert app.scene is a and app.running
    app.pop()
    assert not app.running


def test_resize_relayouts_every_scene():
    app = App(headless=True)
    probe = Probe()
    app.push(probe)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 600), w=1000, h=600))
    assert probe.sizes[-1] == app.size


def test_screenshot_of_the_title_scene(tmp_path):
    out = tmp_path / "title.png"
    scene = TitleScene(maps=[MapEntry(None, "Blank", Board.blank(10, 8))])
    app_module.screenshot(None, str(out), frames=3, scene=scene)
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)


def test_screenshot_of_a_board(tmp_path):
    out = tmp_path / "board.png"
    options = NewGameOptions(None, seats=default_seats(2), seed=3)      # a generated demo board
    app_module.screenshot(None, str(out), scene=lambda: make_board_scene(options))
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, 1280, 40) for y in range(60, 700, 40)}
    assert len(colours) > 20, "the board is drawn, not a blank screen"


def test_toast_fades_out():
    toast = Toast(duration=2.0, fade=0.5)
    toast.show("That hero has no 🐎 left")
    assert toast.visible and toast.alpha == 255
    toast.update(1.75)
    assert 0 < toast.alpha < 255
    toast.update(1.0)
    assert not toast.visible


def test_button_states_and_click():
    clicks = []
    button = Button("Go", lambda: clicks.append(1), rect=(10, 10, 100, 40))
    button.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(20, 20), rel=(0, 0), buttons=(0, 0, 0)))
    assert button.hovered
    button.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
    assert button.pressed and clicks == []
    button.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(20, 20), button=1))
    assert clicks == [1] and not button.pressed
    button.enabled = False
    button.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
    button.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(20, 20), button=1))
    assert clicks == [1]


def test_icons_fall_back_to_the_emoji_font():
    from game.ui.kit import icons
    pygame.display.init()
    crown = icons.icon("crown", 32)          # no assets/icons/crown.png: baked from the emoji font
    assert crown.get_size() == (32, 32)
    assert crown.get_bounding_rect(min_alpha=8).w > 8
    assert icons.icon("💰", 24).get_size() == (24, 24)


def test_a_still_window_waits_for_input_and_a_moving_one_does_not():
    """A window nobody touches draws 10 frames a second, not 60 (issue 14: half a core while idle);
    a computer's turn keeps the full frame rate."""
    from tests.uikit import meadow_board_scene, to_turn
    scene = meadow_board_scene()
    app = scene.app
    to_turn(scene)
    assert not scene.animating()
    assert app.idle_wait_ms(0.5) == 0, "right after input: full speed"
    assert app.idle_wait_ms(app_module.IDLE_AFTER_S) == 1000 // app_module.IDLE_FPS
    scene.state.players[scene.actor].kind = "computer"     # arrange: a computer's turn
    assert scene.animating()
    assert app.idle_wait_ms(60.0) == 0
    scene.view._held.add(pygame.K_LEFT)
    assert scene.view.panning and scene.animating(), "a held arrow key scrolls the map every frame"


def test_the_window_is_shown_by_copying_pixels_unless_the_player_chose(monkeypatch):
    """Through SDL's OpenGL texture every frame uploaded the whole window: 11 ms of CPU a frame under a
    software OpenGL, against 0.03 ms for a plain copy (issue 14). The game asks for the copy; a player's
    own SDL_FRAMEBUFFER_ACCELERATION stands."""
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    App(headless=True)
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")
    App(headless=True)
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"


def test_the_boards_big_pictures_are_made_in_the_windows_format():
    """The still picture, the board's base and its terrain chunks are blitted to the window every frame:
    made in its pixel format, not converted after (a copy of every pixel, issue 14)."""
    from game.ui.kit.surfaces import screen_like
    App(headless=True)
    display = pygame.display.get_surface()
    made = screen_like((64, 32))
    assert made.get_size() == (64, 32)
    assert (made.get_bitsize(), made.get_masks()) == (display.get_bitsize(), display.get_masks())
    assert not made.get_flags() & pygame.SRCALPHA


def test_the_title_screens_wood_and_panels_are_drawn_once_per_layout(monkeypatch):
    """The wood, the title and the three parchment panels were drawn again every frame, most of the title
    screen's drawing (issue 14); they are drawn again only when the window changes, and look the same."""
    from game.ui.kit import textures
    app = App(headless=True)
    scene = TitleScene(maps=[MapEntry(None, "Blank", Board.blank(10, 8))])
    app.push(scene)
    panels = []
    plain = textures.draw_panel
    monkeypatch.setattr(textures, "draw_panel", lambda surface, rect, *a, **k: (panels.append(tuple(rect)),
                                                                              plain(surface, rect, *a, **k))[1])
    app.frame(1 / 60)
    first = pygame.image.tobytes(app.screen, "RGB")
    drawn = len(panels)
    for _ in range(3):
        app.frame(1 / 60)
    assert len(panels) == drawn and pygame.image.tobytes(app.screen, "RGB") == first
    app.screen = pygame.display.set_mode((1024, 600))
    scene.layout(app.size)
    app.frame(1 / 60)
    assert len(panels) > drawn                       # a new window: drawn again, at its size


def test_an_idle_window_sleeps_between_looks_for_input_and_wakes_on_it(monkeypatch):
    """``pygame.event.wait`` with a timeout looked for events every millisecond (2.7% of a core for a window
    nobody touches, issue 14): the idle loop sleeps 10 ms between looks, and not at all once input waits."""
    App(headless=True)
    naps = []
    monkeypatch.setattr(pygame.time, "wait", lambda ms: naps.append(ms) or ms)
    pygame.event.clear()
    app_module.wait_for_input(100)
    assert naps == [10] * 10
    naps.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app_module.wait_for_input(100)
    assert naps == [] and pygame.event.peek(pygame.MOUSEMOTION), "the input is left for the frame to read"
    pygame.event.clear()


def test_ctrl_c_in_the_terminal_closes_the_window_as_its_close_button_does():
    """Ctrl+C in the terminal that started the game ended it in a KeyboardInterrupt traceback; it now asks the
    window to close (the game saves first, as for the close button). An ignored Ctrl+C stays ignored."""
    import signal
    App(headless=True)
    before = signal.getsignal(signal.SIGINT)
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        app_module.ctrl_c_closes_the_window()
        pygame.event.clear()
        os.kill(os.getpid(), signal.SIGINT)             # no KeyboardInterrupt: a QUIT for the main loop
        assert pygame.event.peek(pygame.QUIT)
        pygame.event.clear()
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        app_module.ctrl_c_closes_the_window()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_a_window_shrunk_below_what_the_scenes_fit_shows_their_top_left_and_plays_on():
    """Resized to 300x200 the board ended in a traceback (its log had a negative width); the scenes are
    laid out no smaller than SMALLEST_CANVAS and the window shows what fits."""
    from tests.uikit import meadow_board_scene, to_turn
    scene = meadow_board_scene()
    to_turn(scene)
    app = scene.app
    app.screen = pygame.display.set_mode((300, 200))
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(300, 200), w=300, h=200))
    assert app.size == app_module.SMALLEST_CANVAS
    app.frame(1 / 60)
    app.present()
    assert app.screen.get_at((10, 10)) == app.canvas().get_at((10, 10))     # its top left, as drawn
    app.screen = pygame.display.set_mode((1280, 720))
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 720), w=1280, h=720))
    assert app.canvas() is app.screen
    app.frame(1 / 60)
