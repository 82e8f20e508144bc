"""The minimap: terrain colours, cities in their owners' colours and the camera frame."""
from __future__ import annotations

import pygame

from game.board import Board
from game.ui.kit import theme
from game.ui.board.geometry import BoardGeometry


class Minimap:
    def __init__(self, board: Board, geometry: BoardGeometry, max_size: tuple[int, int] = (220, 160)) -> None:
        self.board, self.geo = board, geometry
        self._cells: pygame.Surface | None = None         # one pixel a cell
        self._resize(max_size)

    def _resize(self, max_size: tuple[int, int]) -> None:
        mw, mh = self.geo.pixel_size
        scale = min(max_size[0] / mw, max_size[1] / mh)
        size = (max(8, round(mw * scale)), max(8, round(mh * scale)))
        if getattr(self, "size", None) == size:
            return
        self.size, self.scale = size, scale
        self.rect = pygame.Rect((0, 0), self.size)
        self._terrain: pygame.Surface | None = None       # scaled when first drawn at this size

    @property
    def terrain(self) -> pygame.Surface:
        if self._terrain is None:
            if self._cells is None:
                self._cells = self._render_cells()
            self._terrain = pygame.transform.scale(self._cells, self.size)
        return self._terrain

    def fit(self, view: pygame.Rect) -> None:
        """Size and place the minimap in the view's bottom-right corner: at most a fifth of the view's
        width and a quarter of its height, so on a small window it covers little of the board."""
        self._resize((min(theme.px(220), max(40, view.w // 5)), min(theme.px(160), max(30, view.h // 4))))
        margin = max(8, min(14, view.w // 80))
        self.rect.bottomright = (view.right - margin, view.bottom - margin)

    def frame_rect(self) -> pygame.Rect:
        """Everything the minimap draws: its map, frame and shadow."""
        return self.rect.inflate(10, 10).union(self.rect.inflate(10, 10).move(3, 4))

    def _render_cells(self) -> pygame.Surface:
        """One pixel a cell in its terrain's colour, darker where no hero can go."""
        h, w = self.board.height, self.board.width
        names = self.board.terrain or [["grass"] * w] * h
        colours: dict[str, tuple[bytes, bytes]] = {}      # terrain -> its colour, and darkened
        for name in {name for row in names for name in row}:
            rgb = theme.terrain_colour(name)[:3]
            colours[name] = (bytes(rgb), bytes(int(v * 0.55) for v in rgb))
        pixels = b"".join(colours[name][cost <= 0] for row, costs in zip(names, self.board.cost_rows())
                          for name, cost in zip(row, costs))
        return pygame.image.frombytes(pixels, (w, h), "RGB")

    def world_to_mini(self, wx: float, wy: float) -> tuple[int, int]:
        return self.rect.x + round(wx * self.scale), self.rect.y + round(wy * self.scale)

    def mini_to_world(self, pos: tuple[int, int]) -> tuple[float, float]:
        return (pos[0] - self.rect.x) / self.scale, (pos[1] - self.rect.y) / self.scale

    def draw(self, surface: pygame.Surface, cities, camera_world: pygame.Rect | tuple) -> None:
        frame = self.rect.inflate(10, 10)
        pygame.draw.rect(surface, (0, 0, 0), frame.move(3, 4), border_radius=6)
        pygame.draw.rect(surface, theme.WOOD_DARK, frame, border_radius=6)
        pygame.draw.rect(surface, theme.GOLD, frame, 2, border_radius=6)
        surface.blit(self.terrain, self.rect)
        dot = max(3, round(min(self.geo.tile_w, self.geo.tile_h) * self.scale * 1.6))
        for cell, owner in cities:
            x, y = self.world_to_mini(*self.geo.cell_center(cell))
            r = pygame.Rect(0, 0, dot, dot)
            r.center = (x, y)
            pygame.draw.rect(surface, theme.seat_colour(owner), r)
            pygame.draw.rect(surface, (20, 14, 8), r, 1)
        x, y, w, h = camera_world
        cam = pygame.Rect(*self.world_to_mini(x, y), round(w * self.scale), round(h * self.scale))
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        pygame.draw.rect(surface, (255, 255, 255), cam, 2)
        surface.set_clip(clip)
