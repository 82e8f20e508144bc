"""Terrain drawn into cached chunks per zoom level, so a frame only blits what is visible.

A board with tile images (``Board.layers`` + ``Board.tiles``) is drawn the way Tiled
draws it: each layer in order, each tile image anchored at the bottom-left of its
cell. Cells without any tile (e.g. ``Board.blank``) get a procedural tile by
terrain name.
"""
from __future__ import annotations

import math
import os
import zlib
from collections import OrderedDict

import pygame

from game.board import Board
from game.ui.kit import decoded, theme
from game.ui.board.geometry import BoardGeometry
from game.ui.kit.surfaces import screen_like

CHUNK = 256         # the board's first frame draws the chunks meeting the view: small ones draw less beyond it
MAX_CHUNKS = 256    # 16 million pixels kept
GID_MASK = 0x1FFFFFFF
FLIP_H, FLIP_V = 0x80000000, 0x40000000


def _span(origin: float, length: float, zoom: float) -> tuple[int, int]:
    """Screen start and length of a world span; neighbours share edges, so no seams."""
    start = round(origin * zoom)
    return start, max(1, round((origin + length) * zoom) - start)


class TerrainRenderer:
    def __init__(self, board: Board, geometry: BoardGeometry) -> None:
        self.board, self.geo = board, geometry
        self.layers = board.layer_rows()     # rows of gids: read cell by cell
        self.has_tiles = bool(board.tiles) and bool(self.layers)
        self._images: dict[str, pygame.Surface | None] = {}
        self._tile_cache: dict[tuple, pygame.Surface | None] = {}
        self._chunks: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._opaque: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._tall = self._max_image_height()

    def _max_image_height(self) -> int:
        heights = [info.rect[3] for info in self.board.tiles.values()] or [self.geo.tile_h]
        return max(heights)

    # chunks ---------------------------------------------------------------------
    def chunk(self, zoom: float, cx: int, cy: int) -> pygame.Surface:
        key = (zoom, cx, cy)
        surf = self._chunks.get(key)
        if surf is None:
            surf = self._render_chunk(zoom, cx, cy)
            self._chunks[key] = surf
            while len(self._chunks) > MAX_CHUNKS:
                self._chunks.popitem(last=False)
        else:
            self._chunks.move_to_end(key)
        return surf

    def opaque_chunk(self, zoom: float, cx: int, cy: int, background: tuple) -> pygame.Surface:
        """The chunk on ``background``, in the display's format: the fastest picture to blit (the board view's).
        Its tiles are drawn straight onto the background, not onto a transparent chunk blitted after: quicker
        (opaque blits, no second surface; the board's first frame draws six chunks), and where soft tile edges
        overlap they blend one over the other exactly."""
        key = (zoom, cx, cy, background)
        surf = self._opaque.get(key)
        if surf is None:
            surf = screen_like((CHUNK, CHUNK))
            surf.fill(background)
            self._render_chunk(zoom, cx, cy, onto=surf)
            self._opaque[key] = surf
            while len(self._opaque) > MAX_CHUNKS:
                self._opaque.popitem(last=False)
        else:
            self._opaque.move_to_end(key)
        return surf

    def visible_chunks(self, zoom: float, cam: tuple[float, float], view: pygame.Rect):
        """(cx, cy, screen position) of every chunk that meets ``view``."""
        x0, y0 = cam
        for cy in range(math.floor(y0 / CHUNK), math.floor((y0 + view.h) / CHUNK) + 1):
            for cx in range(math.floor(x0 / CHUNK), math.floor((x0 + view.w) / CHUNK) + 1):
                if cx < 0 or cy < 0 or cx * CHUNK > self.geo.pixel_size[0] * zoom \
                        or cy * CHUNK > self.geo.pixel_size[1] * zoom:
                    continue
                yield cx, cy, (view.x + cx * CHUNK - round(x0), view.y + cy * CHUNK - round(y0))

    def _render_chunk(self, zoom: float, cx: int, cy: int, onto: pygame.Surface | None = None) -> pygame.Surface:
        """The chunk's cells drawn onto ``onto`` (by default a new transparent chunk)."""
        surf = pygame.Surface((CHUNK, CHUNK), pygame.SRCALPHA) if onto is None else onto
        ox, oy = cx * CHUNK, cy * CHUNK
        wx0, wy0 = ox / zoom, oy / zoom
        wx1, wy1 = (ox + CHUNK) / zoom, (oy + CHUNK) / zoom
        extra = math.ceil(self._tall / self.geo.row_step) + 1    # tall images reach up from lower rows
        cols, rows = self.geo.cell_range(wx0, wy0, wx1, wy1 + self._tall, margin=1)
        rows = range(rows.start, min(self.geo.height, rows.stop + extra))
        for r in rows:
            for c in cols:
                self._draw_cell(surf, (c, r), zoom, ox, oy)
        return surf

    def _draw_cell(self, surf: pygame.Surface, cell, zoom: float, ox: int, oy: int) -> None:
        x, y = self.geo.cell_origin(cell)
        drew = False
        if self.has_tiles:
            c, r = cell
            for layer in self.layers:
                gid = layer[r][c]
                if not gid:
                    continue
                info = self.board.tiles.get(gid & GID_MASK)
                if info is None:
                    continue
                iw, ih = info.rect[2], info.rect[3]
                sx, sw = _span(x, iw, zoom)
                sy, sh = _span(y + self.geo.tile_h - ih, ih, zoom)
                tile = self._tile(gid, sw, sh)
                if tile is not None:
                    surf.blit(tile, (sx - ox, sy - oy))
                    drew = True
        if not drew:
            sx, sw = _span(x, self.geo.tile_w, zoom)
            sy, sh = _span(y, self.geo.tile_h, zoom)
            terrain = self.board.terrain[cell[1]][cell[0]] if self.board.terrain else "grass"
            variant = zlib.crc32(f"{cell}".encode()) % 4
            surf.blit(self._procedural(terrain, variant, sw, sh), (sx - ox, sy - oy))

    # tile images ---------------------------------------------------------------
    def _image(self, path: str) -> pygame.Surface | None:
        if path not in self._images:
            self._images[path] = tileset_image(path)
        return self._images[path]

    def _tile(self, gid: int, w: int, h: int) -> pygame.Surface | None:
        key = (gid, w, h)
        if key not in self._tile_cache:
            info = self.board.tiles[gid & GID_MASK]
            image = self._image(info.image)
            tile = None
            if image is not None:
                try:
                    tile = image.subsurface(pygame.Rect(info.rect))
                except ValueError:
                    tile = None
            if tile is not None:
                if gid & (FLIP_H | FLIP_V):
                    tile = pygame.transform.flip(tile, bool(gid & FLIP_H), bool(gid & FLIP_V))
                tile = pygame.transform.smoothscale(tile, (w, h)) if tile.get_size() != (w, h) else tile.copy()
            self._tile_cache[key] = tile
        return self._tile_cache[key]

    def _procedural(self, terrain: str, variant: int, w: int, h: int) -> pygame.Surface:
        key = ("~proc", terrain, variant, w, h)
        if key not in self._tile_cache:
            self._tile_cache[key] = procedural_tile(self.geo, terrain, variant, w, h)
        return self._tile_cache[key]


_TILESETS: dict[tuple, pygame.Surface | None] = {}


def tileset_image(path: str) -> pygame.Surface | None:
    """A tileset's picture, decoded once while its file is unchanged (the title's thumbnails and every
    board drawn after them share it: a hex tileset takes 12 ms to decode); None if it cannot be read."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    key = (path, info.st_mtime_ns, info.st_size, pygame.display.get_surface() is not None)
    if key not in _TILESETS:
        try:
            image = decoded.load(path)
            _TILESETS[key] = image.convert_alpha() if key[3] else image
        except (pygame.error, FileNotFoundError, OSError):
            _TILESETS[key] = None
        if len(_TILESETS) > 16:
            del _TILESETS[next(iter(_TILESETS))]
    return _TILESETS[key]


def procedural_tile(geo: BoardGeometry, terrain: str, variant: int, w: int, h: int) -> pygame.Surface:
    """A board-game style tile for a terrain name: shaded fill, a little decoration, a soft edge."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    poly = [(px * w / geo.tile_w, py * h / geo.tile_h) for px, py in geo.local_polygon()]
    base = pygame.Color(theme.terrain_colour(terrain))
    jitter = (-6, 3, -2, 6)[variant]
    base = pygame.Color(*(max(0, min(255, v + jitter)) for v in base[:3]))
    pygame.draw.polygon(surf, base, poly)
    # lighter top-left, darker bottom-right: a gentle bevel
    surf.blit(_mottle(w, h, variant), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    light = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(light, (255, 250, 230, 22), [(p[0] * 0.85, p[1] * 0.85) for p in poly])
    surf.blit(light, (0, 0))
    import numpy as np     # tiles drawn without a tileset (demo boards); a map's board is drawn before numpy loads
    rng = np.random.default_rng(variant * 7919 + zlib.crc32(terrain.encode()))
    _decorate(surf, terrain.lower(), base, rng, w, h)
    if min(w, h) >= 10:
        edge = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(edge, (20, 16, 8, 70), poly, max(1, round(min(w, h) / 40)))
        surf.blit(edge, (0, 0))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), poly)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return surf


_MOTTLES: dict[tuple, pygame.Surface] = {}


def _mottle(w: int, h: int, variant: int) -> pygame.Surface:
    """A greyish noise texture to multiply into a flat fill, so tiles look painted."""
    key = (w, h, variant)
    if key not in _MOTTLES:
        import numpy as np
        from game.ui.kit.textures import _fractal
        noise = _fractal(max(w, 2), max(h, 2), 100 + variant)[:w, :h]
        shade = (205 + 50 * noise).clip(0, 255).astype(np.uint8)
        _MOTTLES[key] = pygame.surfarray.make_surface(np.repeat(shade[:, :, None], 3, axis=2))
    return _MOTTLES[key]


def _decorate(surf: pygame.Surface, terrain: str, base: pygame.Color, rng, w: int, h: int) -> None:
    s = min(w, h)
    if s < 12:
        return
    dark = pygame.Color(*(int(v * 0.7) for v in base[:3]))
    light = pygame.Color(*(min(255, int(v * 1.2) + 10) for v in base[:3]))
    cx, cy = w / 2, h / 2
    spots = [(cx + rng.uniform(-0.28, 0.28) * w, cy + rng.uniform(-0.25, 0.25) * h) for _ in range(3)]
    if terrain in ("forest",):
        for x, y in spots:
            t = s * 0.16
            pygame.draw.rect(surf, (90, 60, 30), (x - t * 0.12, y + t * 0.5, t * 0.24, t * 0.5))
            pygame.draw.polygon(surf, (30, 80, 34), [(x, y - t), (x - t * 0.7, y + t * 0.6), (x + t * 0.7, y + t * 0.6)])
            pygame.draw.polygon(surf, (60, 120, 56), [(x, y - t), (x - t * 0.35, y), (x + t * 0.1, y)])
    elif terrain in ("mountain", "mountains", "hills"):
        t = s * (0.34 if terrain != "hills" else 0.22)
        pygame.draw.polygon(surf, (96, 90, 84), [(cx - t, cy + t * 0.6), (cx, cy - t * 0.8), (cx + t, cy + t * 0.6)])
        pygame.draw.polygon(surf, (150, 144, 136), [(cx - t * 0.1, cy - t * 0.6), (cx, cy - t * 0.8), (cx + t * 0.9, cy + t * 0.6), (cx + t * 0.2, cy + t * 0.6)])
        if terrain != "hills":
            pygame.draw.polygon(surf, (245, 245, 250), [(cx - t * 0.25, cy - t * 0.42), (cx, cy - t * 0.8), (cx + t * 0.28, cy - t * 0.42)])
    elif terrain in ("water", "sea", "lake", "river"):
        for x, y in spots[:2]:
            t = s * 0.12
            pygame.draw.arc(surf, light, (x - t, y - t / 2, t, t), 0.3, 2.8, max(1, s // 40))
            pygame.draw.arc(surf, light, (x, y - t / 2, t, t), 0.3, 2.8, max(1, s // 40))
    else:
        for x, y in spots:
            t = s * 0.05
            for dx in (-t, 0, t):
                pygame.draw.line(surf, dark, (x + dx * 0.6, y + t), (x + dx, y - t), max(1, s // 48))
