"""The board screen. Phase 1: a map preview (camera, hover, minimap) until the engine is wired in."""
from __future__ import annotations

import pygame

from game.board import Board
from game.ui import textures, theme, widgets
from game.ui.board_view import BoardView
from game.ui.options import NewGameOptions
from game.ui.scene import Scene

TOP_BAR = 56


def load_board(options: NewGameOptions) -> Board:
    """The options' map; raises game.maps.MapError for a broken one."""
    if options.map_path is None:
        from game.ui.demo_boards import demo_board
        return demo_board(32, 24, "square", seed=options.seed % 1000)
    from game.maps import load_map
    return load_map(options.map_path)


def make_board_scene(options: NewGameOptions, board: Board | None = None) -> Scene:
    if board is None:
        try:
            board = load_board(options)
        except Exception as error:   # MapError, or a loader that is not there yet
            from game.ui.map_error_scene import MapErrorScene
            return MapErrorScene(str(options.map_path), list(getattr(error, "problems", [str(error)])))
    try:
        from game.ui.session import GameSession
        session = GameSession.start(options, board)
    except ImportError:      # no rules engine: show the map
        return BoardPreviewScene(board, options)
    except Exception as error:   # the engine refused the setup (e.g. too many players for the map)
        from game.ui.map_error_scene import MapErrorScene
        return MapErrorScene(board.title, [f"The game cannot start: {error}"])
    from game.ui.game_scene import GameScene
    return GameScene(session)


class BoardPreviewScene(Scene):
    def __init__(self, board: Board, options: NewGameOptions | None = None) -> None:
        super().__init__()
        self.board, self.options = board, options
        self.view = BoardView(board, self.on_cell_click)
        self.back = widgets.Button("Menu", self.pop, size=16)
        self.widgets = [self.back]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.view.layout(pygame.Rect(0, TOP_BAR, size[0], size[1] - TOP_BAR))
        self.back.rect = pygame.Rect(size[0] - 110, 9, 98, 38)

    def on_cell_click(self, cell, button: int) -> None:
        self.toast.show("The rules engine is not connected to this screen yet")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pop()
            return True
        return super().handle_event(event) or self.view.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.view.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, tooltip=not self.back.rect.collidepoint(self.mouse))
        draw_top_bar(surface, self.board.title)
        super().draw(surface)


def draw_top_bar(surface: pygame.Surface, title: str) -> pygame.Rect:
    bar = pygame.Rect(0, 0, surface.get_width(), TOP_BAR)
    surface.blit(textures.wood(bar.w, bar.h, seed=5, plank=200), bar)
    pygame.draw.line(surface, (30, 18, 8), bar.bottomleft, bar.bottomright, 3)
    pygame.draw.line(surface, theme.GOLD, (0, bar.bottom - 4), (bar.right, bar.bottom - 4), 1)
    label = widgets.text(title, 24, theme.GOLD, "heading", (10, 6, 2))
    surface.blit(label, label.get_rect(midleft=(16, bar.centery)))
    return bar
