"""Small pictures of a whole board (title screen), drawn with the board renderer."""
from __future__ import annotations

import pygame

from game.board import Board
from game.ui.kit import icons
from game.ui.board.geometry import BoardGeometry
from game.ui.board.terrain import CHUNK, TerrainRenderer

DETAIL_TILE_PX = 12   # draw at this tile width, then scale down: smoother than drawing tiny


def render_thumbnail(board: Board, size: tuple[int, int]) -> pygame.Surface:
    """The board fitted into ``size`` (aspect kept, transparent margins), with its cities."""
    size = (int(size[0]), int(size[1]))
    key = (id(board), size)
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not board:   # ids are reused once a board is gone
        if len(_CACHE) > 32:
            _CACHE.clear()
        hit = _CACHE[key] = (board, _thumbnail(board, size))
    return hit[1]


_CACHE: dict[tuple, tuple[Board, pygame.Surface]] = {}


def _thumbnail(board: Board, size: tuple[int, int]) -> pygame.Surface:
    geo = BoardGeometry(board)
    renderer = TerrainRenderer(board, geo)
    pw, ph = geo.pixel_size
    fit = min(size[0] / pw, size[1] / ph)
    zoom = max(fit, DETAIL_TILE_PX / geo.tile_w)
    zoom = min(zoom, 4096 / max(pw, ph))
    full = pygame.Surface((max(1, round(pw * zoom)), max(1, round(ph * zoom))), pygame.SRCALPHA)
    for cy in range(0, full.get_height() // CHUNK + 1):
        for cx in range(0, full.get_width() // CHUNK + 1):
            full.blit(renderer.chunk(zoom, cx, cy), (cx * CHUNK, cy * CHUNK))
    icon_px = max(10, round(min(geo.tile_w, geo.tile_h) * zoom * 1.6), round(min(size) / 14 / fit * zoom))
    for token in board.tokens:
        if token.kind == "city":
            img = icons.token_sprite("city", token.owner, token.tier, icon_px)
            x, y = geo.cell_center(token.cell)
            full.blit(img, img.get_rect(center=(round(x * zoom), round(y * zoom))))
    out_size = (max(1, round(pw * fit)), max(1, round(ph * fit)))
    scaled = pygame.transform.smoothscale(full, out_size)
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(scaled, scaled.get_rect(center=(size[0] // 2, size[1] // 2)))
    return out
