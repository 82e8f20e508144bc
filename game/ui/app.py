"""The main loop and the scene stack.

``run(options)`` opens the 1280×720 resizable window on the title scene (or
straight into a game when ``options`` is a NewGameOptions); ``screenshot``
draws a few frames off-screen (works with SDL_VIDEODRIVER=dummy) and saves a PNG.
"""
from __future__ import annotations

import os
from typing import Callable

import pygame

from game.startup import release_collection
from game.ui.kit import help_overlay, theme
from game.ui.kit.scene import Scene
from game.ui.kit.surfaces import screen_like

IDLE_AFTER_S = 2.0     # seconds without input before an idle window draws fewer frames
IDLE_FPS = 10          # ... this many a second (a still window took half a core at 60 fps under Xvfb)
SMALLEST_CANVAS = (800, 450)    # the scenes are laid out no smaller (at 320x200 the board could not draw its log,
#                                 at 640x360 the battle screen its squads)
# Events after which the window's pixels must be sent again whole (it was uncovered, restored or resized).
SHOW_WHOLE_WINDOW = {pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
                     pygame.WINDOWMAXIMIZED, pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE}


def fit_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """The window size, no larger than the screen it opens on (a 1024×600 screen got a 1280×720 window)."""
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        return size
    if not desktops or min(desktops[0]) <= 0:
        return size
    return min(size[0], desktops[0][0]), min(size[1], desktops[0][1])


def prefer_plain_window_updates() -> None:
    """Show frames by copying pixels to the window (X11's shared memory, Windows' GDI), not through an
    OpenGL texture. On Linux, SDL may pick the texture: every frame then uploads and draws the whole
    window, also when a frame changed a few tiles. Under a software OpenGL (no GPU, a virtual X server)
    that was 11 ms of CPU a frame, against 0.03 ms for the copy: ten times what drawing the board takes.
    Where a platform has no plain window surface (macOS, Wayland) SDL keeps its texture. A player may
    still choose with ``SDL_FRAMEBUFFER_ACCELERATION``."""
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class App:
    def __init__(self, size: tuple[int, int] = theme.WINDOW_SIZE, headless: bool = False) -> None:
        prefer_plain_window_updates()
        pygame.display.init()
        pygame.font.init()
        flags = 0 if headless else pygame.RESIZABLE
        self.screen = pygame.display.set_mode(size if headless else fit_desktop(size), flags)
        pygame.display.set_caption("Fuzzy Knights")
        self._canvas: pygame.Surface | None = None
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.frame_count = 0       # frames drawn: a scene can tell whether the screen still holds its last one
        self._changed: list[pygame.Rect] | None = None    # where the last frame changed the screen (None: anywhere)

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes are laid out and drawn at: the window's, but never below ``SMALLEST_CANVAS``."""
        w, h = self.screen.get_size()
        return max(w, SMALLEST_CANVAS[0]), max(h, SMALLEST_CANVAS[1])

    def canvas(self) -> pygame.Surface:
        """What the scene draws on: the window, or, in a window smaller than the scenes can be laid out in
        (a 300x200 window ended the game in a traceback), a surface of ``size`` whose top left is shown."""
        if self.size == self.screen.get_size():
            return self.screen
        if self._canvas is None or self._canvas.get_size() != self.size:
            self._canvas = screen_like(self.size)
        return self._canvas

    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        scene.enter(self)
        scene.layout(self.size)
        self.scenes.append(scene)

    def pop(self) -> Scene | None:
        top = self.scenes.pop() if self.scenes else None
        if self.scene:
            self.scene.layout(self.size)
        else:
            self.running = False
        return top

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def quit(self) -> None:
        self.running = False

    def close_window(self) -> None:
        """The window's close button: every open game is saved first (or the player is asked)."""
        from game.ui.menus.saves import save_before_leaving
        save_before_leaving(self, self.quit, "Quit")

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type in SHOW_WHOLE_WINDOW:
            self.frame_count += 1          # the window's pixels were lost: the next frame is drawn and shown whole
        if event.type == pygame.QUIT:
            self.close_window()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface()
            for scene in self.scenes:
                scene.layout(self.size)
        elif help_overlay.wants_help(event, self.scene):
            self.push(help_overlay.HelpOverlay(self.scene))
        elif self.scene:
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.scene.quiet_tip_at = tuple(event.pos)      # its tips wait for the mouse to move
            self.scene.handle_event(event)

    def frame(self, dt: float) -> None:
        scene = self.scene
        if scene is None:
            return
        if getattr(self, "map_watch", None) is not None:    # a quick test game follows its map file
            from game.ui.menus.game_menu import live_reload_tick
            if live_reload_tick(self) or self.scene is not scene:
                scene = self.scene
        scene.update(dt)
        self.frame_count += 1
        canvas = self.canvas()
        if not getattr(scene, "covers_screen", False):     # a scene that paints every pixel needs no clearing
            canvas.fill(theme.BACKGROUND)
        scene.draw(canvas)
        self._changed = scene.changed_rects()
        if canvas is not self.screen:
            self.screen.blit(canvas, (0, 0))
            self._changed = None

    def present(self) -> None:
        """Show the frame just drawn: only where it changed the screen, when the scene knows where."""
        if self._changed is None:
            pygame.display.flip()
        elif self._changed:
            pygame.display.update(self._changed)

    def idle_wait_ms(self, quiet_s: float) -> int:
        """How long the next frame may sleep waiting for input: nothing after ``IDLE_AFTER_S`` without
        input while nothing moves on its own (a computer's turn, a walk, dice, a battle playing out),
        then a frame every ``1 / IDLE_FPS`` s. Input wakes the loop at once."""
        scene = self.scene
        if quiet_s < IDLE_AFTER_S or scene is None or scene.animating():
            return 0
        return 1000 // IDLE_FPS

    def run(self) -> None:
        """Draw and show frames, handing the scenes the window's events, until the window closes."""
        ctrl_c_closes_the_window()
        quiet = 0.0
        first = True
        while self.running and self.scenes:
            wait_for_input(self.idle_wait_ms(quiet))
            dt = self.clock.tick(theme.FPS) / 1000.0
            events = pygame.event.get()
            quiet = 0.0 if events else quiet + dt
            for event in events:
                self.dispatch(event)
            drawn = list(self.scenes)     # the scenes this frame shows (an overlay shows what lies under it)
            self.frame(min(dt, 0.1))
            self.present()
            if first:                     # the window's first frame is on screen:
                first = False
                release_collection()      # garbage is collected again (game.startup)
            for scene in drawn:
                if not getattr(scene, "shown", False):     # the scene's first frame is on screen
                    scene.shown = True
                    scene.after_first_frame()
        pygame.quit()


def ctrl_c_closes_the_window() -> None:
    """Ctrl+C in the terminal the game was started from does what the window's close button does (the game
    saved, or the player asked if the disk refuses) instead of ending in a traceback. A Ctrl+C the
    terminal told the game to ignore (a program started in the background) stays ignored."""
    import signal
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        return
    signal.signal(signal.SIGINT, lambda *_: pygame.event.post(pygame.event.Event(pygame.QUIT)))


def wait_for_input(ms: int, step_ms: int = 10) -> None:
    """Sleep up to ``ms`` milliseconds, waking within ``step_ms`` of any input. (``pygame.event.wait``
    with a timeout looks for events every millisecond: 2.7% of a core for a window that waits, against
    0.7% looking every 10 ms.)"""
    waited = 0
    while waited < ms and not pygame.event.peek():
        pygame.time.wait(min(step_ms, ms - waited))
        waited += step_ms


def _first_scene(options) -> Scene:
    from game.ui.menus.options import NewGameOptions
    if isinstance(options, NewGameOptions):     # straight to the board: the title screen's modules stay unloaded
        from game.ui.board.launch import make_board_scene
        return make_board_scene(options)
    from game.ui.menus.title import TitleScene
    return TitleScene(preset=options, remember_setup=True)   # options: None, or the command line's TitlePreset


def run(options=None) -> int:
    """Open the game window and play until it is closed."""
    app = App()
    from game.ui.menus.settings_screen import apply_at_start
    problems = apply_at_start(app)
    app.push(_first_scene(options))
    if getattr(options, "map_path", None):     # python -m game --map MAP: reload MAP whenever it is saved
        from game.maps.watch import MapWatch
        app.map_watch, app.map_options = MapWatch(options.map_path), options
    problems += getattr(app.scene, "file_problems", [])
    if problems:        # the player's own files: a notice that stays until read, not a toast that fades
        from game.ui.menus.file_problems import FileProblems
        app.push(FileProblems(problems))
    app.run()
    return 0


def screenshot(options, out_path: str, frames: int = 5, size: tuple[int, int] = theme.WINDOW_SIZE,
               scene: Scene | Callable[[], Scene] | None = None) -> str:
    """Draw ``frames`` frames headlessly and save the screen to ``out_path`` (PNG)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    app = App(size, headless=True)
    if scene is None:
        scene = _first_scene(options)
    elif callable(scene) and not isinstance(scene, Scene):
        scene = scene()
    app.push(scene)
    for _ in range(max(1, frames)):
        for event in pygame.event.get():
            app.dispatch(event)
        app.frame(1 / theme.FPS)
    pygame.image.save(app.screen, out_path)
    return out_path
