"""Generate the game's art: terrain tilesets (square and hex), token sprites and HUD icons.

    python tools/make_assets.py            # everything
    python tools/make_assets.py --icons    # only assets/icons (after adding an emoji to game/ui/kit/icons.py)
    python tools/make_assets.py --textures # only assets/textures (the parchment and wood of the UI panels)
    python tools/make_assets.py --fonts    # only the fallback font for player names in other scripts (needs fontTools)

Writes into assets/. Terrain is painted procedurally (numpy noise + pygame
drawing); token sprites and icons are baked from Noto Color Emoji (Debian
package fonts-noto-color-emoji). This generator is the only code that reads
the font: the game draws the baked PNGs. The fallback font (CJK, Hangul and other
scripts the DejaVu fonts lack) is the part of Droid Sans Fallback (Debian package
fonts-droid-fallback, Apache-2.0) that DejaVu Sans does not cover, then the Hangul
of NanumGothic (fonts-nanum, OFL-1.1), subset with fontTools (a tool of this
generator only, not of the game). The output is committed; rerun this
script after changing it.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.cli import run_tool  # noqa: E402

# numpy, pygame and the game's modules load in the functions that use them, after the arguments are read:
# --help and a bad argument answer without them (and tools/make_maps.py borrows value_noise alone).
if TYPE_CHECKING:
    import numpy as np
    import pygame

ASSETS = ROOT / "assets"
EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
FALLBACK_FONT = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"
HANGUL_FONT = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"
APACHE_LICENCE = "/usr/share/common-licenses/Apache-2.0"
FONTS = ROOT / "game" / "ui" / "kit" / "fonts"

# Tile geometry of the three terrain tilesets: (tile width, tile height, hex side length).
SQUARE = (64, 64, 0)
HEX_POINTY = (64, 72, 36)   # hexagonal maps with staggeraxis="y"
HEX_FLAT = (72, 64, 36)     # hexagonal maps with staggeraxis="x"
COLUMNS = 8
ROAD_FIRST_ID = 16

# Ground tiles in tileset order: (name, terrain, move_cost, passable). Ids are positions.
GROUND = [
    ("grass_1", "grass", 1, True), ("grass_2", "grass", 1, True), ("grass_3", "grass", 1, True),
    ("forest_1", "forest", 2, True), ("forest_2", "forest", 2, True),
    ("hills_1", "hills", 3, True), ("hills_2", "hills", 3, True),
    ("mountain_1", "mountain", 1, False), ("mountain_2", "mountain", 1, False),
    ("water_1", "water", 1, False), ("water_2", "water", 1, False),
    ("ford", "ford", 2, True),
    ("swamp_1", "swamp", 2, True), ("swamp_2", "swamp", 2, True),
]
GROUND_IDS = {name: i for i, (name, *_rest) in enumerate(GROUND)}

PLAYER_COLOURS = {0: (150, 150, 150), 1: (214, 48, 49), 2: (41, 98, 214), 3: (46, 160, 67), 4: (142, 68, 173)}
CITY_EMOJI = {"encampment": "⛺", "villa": "🏠", "estate": "🏘️", "castle": "🏰"}
TOKEN_EMOJI = {"mine": "⚒️", "monster": "🧟", "item": "🎁", "resource": "💰", "hero": "🧙", "start": "🚩"}


# ---------------------------------------------------------------- noise and colour

def value_noise(w: int, h: int, period: int, rng: np.random.Generator) -> np.ndarray:
    """Smooth noise in [0, 1], tileable with the tile size."""
    import numpy as np
    gx, gy = max(1, w // period), max(1, h // period)
    grid = rng.random((gy, gx))
    xs = np.arange(w) / w * gx
    ys = np.arange(h) / h * gy
    x0, y0 = np.floor(xs).astype(int), np.floor(ys).astype(int)
    fx, fy = xs - x0, ys - y0
    fx, fy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
    x1, y1 = (x0 + 1) % gx, (y0 + 1) % gy
    x0, y0 = x0 % gx, y0 % gy
    a = grid[np.ix_(y0, x0)] * (1 - fx) + grid[np.ix_(y0, x1)] * fx
    b = grid[np.ix_(y1, x0)] * (1 - fx) + grid[np.ix_(y1, x1)] * fx
    return a * (1 - fy)[:, None] + b * fy[:, None]


def fbm(w: int, h: int, rng: np.random.Generator, periods=(32, 16, 8, 4, 2)) -> np.ndarray:
    import numpy as np
    total, weight = np.zeros((h, w)), 0.0
    amp = 1.0
    for p in periods:
        total += amp * value_noise(w, h, p, rng)
        weight += amp
        amp *= 0.6
    n = total / weight
    return (n - n.min()) / max(1e-9, n.max() - n.min())


def ramp(noise: np.ndarray, dark, light) -> np.ndarray:
    import numpy as np
    dark, light = np.array(dark, float), np.array(light, float)
    return dark + (light - dark) * noise[..., None]


def textured(size, dark, light, rng, periods=(32, 16, 8, 4, 2), speckle=0.0) -> pygame.Surface:
    import numpy as np
    import pygame
    w, h = size
    n = fbm(w, h, rng, periods)
    if speckle:
        n = np.clip(n + speckle * (rng.random((h, w)) - 0.5), 0, 1)
    rgb = ramp(n, dark, light).clip(0, 255).astype(np.uint8)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.surfarray.pixels3d(surf)[:] = rgb.transpose(1, 0, 2)
    pygame.surfarray.pixels_alpha(surf)[:] = 255
    return surf


def shade(colour, f: float):
    return tuple(max(0, min(255, int(c * f))) for c in colour)


# ---------------------------------------------------------------- terrain painters

def paint_grass(size, rng, flowers=False, dark=(58, 112, 42), light=(112, 166, 66)):
    import pygame
    surf = textured(size, dark, light, rng, speckle=0.25)
    w, h = size
    for _ in range(w * h // 40):
        x, y = rng.integers(0, w), rng.integers(3, h)
        c = shade(light, rng.uniform(0.75, 1.15))
        pygame.draw.line(surf, c, (x, y), (x + rng.integers(-1, 2), y - rng.integers(2, 4)))
    if flowers:
        for _ in range(14):
            x, y = rng.integers(3, w - 3), rng.integers(3, h - 3)
            c = [(250, 240, 120), (250, 250, 250), (230, 130, 200)][rng.integers(0, 3)]
            pygame.draw.circle(surf, c, (x, y), 1)
    return surf


def blob_shadow(surf, centre, rx, ry, alpha=70):
    import pygame
    shadow = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, alpha), (centre[0] - rx, centre[1] - ry, 2 * rx, 2 * ry))
    surf.blit(shadow, (0, 0))


def paint_forest(size, rng):
    import pygame
    surf = paint_grass(size, rng, dark=(40, 84, 34), light=(80, 128, 52))
    w, h = size
    trees = [(rng.uniform(0.2, 0.8) * w, rng.uniform(0.22, 0.82) * h) for _ in range(7)]
    for x, y in sorted(trees, key=lambda t: t[1]):
        r = rng.uniform(0.11, 0.15) * min(w, h)
        blob_shadow(surf, (int(x + r * 0.35), int(y + r * 0.55)), int(r), int(r * 0.6))
        pygame.draw.line(surf, (92, 62, 36), (x, y), (x, y + r * 0.9), 3)
        base = (34 + rng.integers(0, 18), 98 + rng.integers(0, 30), 40 + rng.integers(0, 16))
        for dx, dy, f, s in ((0, 0, 0.7, 1.0), (-0.2, -0.25, 1.0, 0.75), (-0.32, -0.38, 1.35, 0.38)):
            pygame.draw.circle(surf, shade(base, f), (x + dx * r, y - r * 0.3 + dy * r), r * s)
    return surf


def paint_hills(size, rng):
    import pygame
    surf = paint_grass(size, rng, dark=(92, 118, 50), light=(140, 160, 78))
    w, h = size
    mounds = [(rng.uniform(0.3, 0.7) * w, rng.uniform(0.35, 0.75) * h) for _ in range(3)]
    for x, y in sorted(mounds, key=lambda t: t[1]):
        rx, ry = rng.uniform(0.2, 0.27) * w, rng.uniform(0.13, 0.17) * h
        blob_shadow(surf, (int(x + 4), int(y + 3)), int(rx), int(ry), 60)
        for f, k, off in ((0.72, 1.0, 0), (0.95, 0.8, -0.15), (1.2, 0.45, -0.35)):
            c = shade((128, 142, 66), f)
            pygame.draw.ellipse(surf, c, (x - rx * k + off * rx, y - ry * k + off * ry * 1.4,
                                          2 * rx * k, 2 * ry * k))
    return surf


def paint_mountain(size, rng):
    import pygame
    surf = textured(size, (88, 82, 72), (140, 132, 116), rng, speckle=0.35)
    w, h = size
    peaks = sorted([(rng.uniform(0.3, 0.7) * w, rng.uniform(0.62, 0.8) * h, rng.uniform(0.22, 0.3) * w)
                    for _ in range(2)], key=lambda p: p[1])
    for x, base, half in peaks:
        top = (x + rng.uniform(-3, 3), base - half * 1.7)
        left, right = (x - half, base), (x + half, base)
        mid = (top[0] + rng.uniform(-2, 2), base)
        blob_shadow(surf, (int(x + 5), int(base)), int(half * 1.05), int(half * 0.25), 80)
        pygame.draw.polygon(surf, (150, 142, 130), [left, top, mid])
        pygame.draw.polygon(surf, (96, 88, 82), [mid, top, right])
        snow_t = 0.38
        sl = (top[0] + (left[0] - top[0]) * snow_t, top[1] + (left[1] - top[1]) * snow_t)
        sr = (top[0] + (right[0] - top[0]) * snow_t, top[1] + (right[1] - top[1]) * snow_t)
        sm = (top[0] + (mid[0] - top[0]) * snow_t * 0.8, top[1] + (mid[1] - top[1]) * snow_t * 1.2)
        pygame.draw.polygon(surf, (246, 248, 252), [sl, top, sm])
        pygame.draw.polygon(surf, (200, 208, 222), [sm, top, sr])
    return surf


def paint_water(size, rng, shallow=False):
    import pygame
    if shallow:
        surf = textured(size, (58, 142, 170), (112, 190, 200), rng)
    else:
        surf = textured(size, (26, 72, 142), (52, 116, 186), rng)
    w, h = size
    for _ in range(9):
        x, y = rng.uniform(0.05, 0.8) * w, rng.uniform(0.1, 0.9) * h
        ww = rng.uniform(0.12, 0.22) * w
        pygame.draw.arc(surf, (170, 210, 240), (x, y, ww, ww * 0.5), 0.4, 2.7, 2)
    if shallow:
        for _ in range(7):
            x, y = rng.uniform(0.15, 0.85) * w, rng.uniform(0.2, 0.8) * h
            r = rng.uniform(3, 6)
            pygame.draw.ellipse(surf, (96, 88, 78), (x - r, y - r * 0.6 + 1, 2 * r, 1.3 * r))
            pygame.draw.ellipse(surf, (176, 160, 126), (x - r, y - r * 0.7, 2 * r, 1.2 * r))
    return surf


def paint_swamp(size, rng):
    import pygame
    surf = textured(size, (56, 70, 38), (98, 104, 58), rng, speckle=0.3)
    w, h = size
    for _ in range(4):
        x, y = rng.uniform(0.2, 0.75) * w, rng.uniform(0.2, 0.8) * h
        rx, ry = rng.uniform(0.09, 0.16) * w, rng.uniform(0.05, 0.09) * h
        pygame.draw.ellipse(surf, (40, 58, 50), (x - rx, y - ry, 2 * rx, 2 * ry))
        pygame.draw.ellipse(surf, (60, 92, 88), (x - rx + 2, y - ry + 1, 2 * rx - 4, 2 * ry - 3))
    for _ in range(12):
        x, y = rng.uniform(0.12, 0.88) * w, rng.uniform(0.25, 0.9) * h
        tall = rng.uniform(6, 11)
        pygame.draw.line(surf, (120, 130, 60), (x, y), (x + rng.uniform(-2, 2), y - tall), 1)
        pygame.draw.ellipse(surf, (110, 72, 40), (x - 1, y - tall - 3, 3, 5))
    return surf


PAINTERS = {
    "grass_1": lambda s, r: paint_grass(s, r), "grass_2": lambda s, r: paint_grass(s, r),
    "grass_3": lambda s, r: paint_grass(s, r, flowers=True),
    "forest_1": paint_forest, "forest_2": paint_forest,
    "hills_1": paint_hills, "hills_2": paint_hills,
    "mountain_1": paint_mountain, "mountain_2": paint_mountain,
    "water_1": paint_water, "water_2": paint_water,
    "ford": lambda s, r: paint_water(s, r, shallow=True),
    "swamp_1": paint_swamp, "swamp_2": paint_swamp,
}


# ---------------------------------------------------------------- cell shapes

def cell_polygon(geometry) -> list[tuple[float, float]]:
    """Outline of a cell inside its tile image, as Tiled draws the grid."""
    w, h, side = geometry
    if side == 0:
        return [(0, 0), (w, 0), (w, h), (0, h)]
    if h > w or geometry == HEX_POINTY:   # pointy top: staggeraxis y
        o = (h - side) / 2
        return [(w / 2, 0), (w, o), (w, o + side), (w / 2, h), (0, o + side), (0, o)]
    o = (w - side) / 2
    return [(o, 0), (o + side, 0), (w, h / 2), (o + side, h), (o, h), (0, h / 2)]


def edge_midpoints(geometry) -> list[tuple[float, float]]:
    """Where a road leaves the cell, one per neighbour direction, in road-bit order."""
    w, h, side = geometry
    if side == 0:
        return [(w / 2, 0), (w, h / 2), (w / 2, h), (0, h / 2)]      # N E S W
    poly = cell_polygon(geometry)
    return [((poly[i][0] + poly[(i + 1) % 6][0]) / 2, (poly[i][1] + poly[(i + 1) % 6][1]) / 2)
            for i in range(6)]


def road_directions(geometry) -> list[float]:
    """Screen angle (radians, y down) from the cell centre to each road exit."""
    w, h, _ = geometry
    return [math.atan2(y - h / 2, x - w / 2) for x, y in edge_midpoints(geometry)]


def clip_to_cell(surf: pygame.Surface, geometry) -> pygame.Surface:
    import numpy as np
    import pygame
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), cell_polygon(geometry))
    out = surf.copy()
    alpha = pygame.surfarray.pixels_alpha(out)
    alpha[:] = np.minimum(alpha, pygame.surfarray.array_alpha(mask))
    del alpha
    return out


def grid_edge(surf: pygame.Surface, geometry) -> None:
    """A faint darker rim so players can count cells, as on a printed board."""
    import pygame
    rim = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(rim, (20, 30, 10, 42), cell_polygon(geometry), 1)
    surf.blit(rim, (0, 0))


# ---------------------------------------------------------------- roads

def paint_road(geometry, mask: int, rng, exits=None) -> pygame.Surface:
    """A road from the cell's centre out of each exit whose bit is set (``exits``: the exit points in
    bit order, the edge midpoints unless given)."""
    w, h, _ = geometry
    centre = (w / 2, h / 2)
    chosen = [p for bit, p in enumerate(exits or edge_midpoints(geometry)) if mask >> bit & 1]
    # run a little past the edge so neighbouring tiles' roads overlap seamlessly
    strokes = [(centre, (x + (x - centre[0]) * 0.08, y + (y - centre[1]) * 0.08)) for x, y in chosen]
    return paint_strokes(geometry, strokes, rng, hub=centre, speckles=6 + 3 * len(chosen))


def paint_strokes(geometry, strokes, rng, hub=None, speckles=6) -> pygame.Surface:
    """Road strokes (pairs of points) with their verge, clipped to the cell; ``hub`` rounds their meeting."""
    import pygame
    w, h, _ = geometry
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    shape = pygame.Surface((w, h), pygame.SRCALPHA)
    edge = pygame.Surface((w, h), pygame.SRCALPHA)
    for target, width in ((edge, 22), (shape, 16)):
        if hub is not None:
            pygame.draw.circle(target, (255, 255, 255), hub, width / 2 + (3 if not strokes else 0))
        for a, b in strokes:
            if hub is None:
                # as thick as pygame's line (its width is measured along an axis), with ends across the road
                # (pygame's end flat on an axis, sticking out of the road beside it)
                dx, dy = b[0] - a[0], b[1] - a[1]
                scale = width / 2 * max(abs(dx), abs(dy)) / (dx * dx + dy * dy)
                nx, ny = -dy * scale, dx * scale
                pygame.draw.polygon(target, (255, 255, 255), [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                                              (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
            else:
                pygame.draw.line(target, (255, 255, 255), a, b, width)
    dirt = textured((w, h), (128, 96, 60), (180, 146, 98), rng, periods=(8, 4, 2), speckle=0.4)
    verge = textured((w, h), (86, 70, 44), (112, 92, 60), rng, periods=(8, 4, 2))
    for layer, m in ((verge, edge), (dirt, shape)):
        a = pygame.surfarray.pixels_alpha(layer)
        a[:] = pygame.surfarray.array_alpha(m)
        del a
        surf.blit(layer, (0, 0))
    for _ in range(speckles):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        if shape.get_at((int(x), int(y))).a:
            pygame.draw.circle(surf, (206, 186, 150), (x, y), 1)
    return clip_to_cell(surf, geometry)


# Square maps whose heroes step diagonally draw their diagonal roads from a tileset of their own, so
# terrain_square.tsx keeps its ids: road tiles with eight exits (N E S W as on terrain_square, then NE SE
# SW NW; only masks with a diagonal exit, tile id = mask - 16) and, after them, the corners a diagonal
# road cuts across in the two cells beside it (decoration: no terrain, a bit per corner NE SE SW NW).
DIAGONAL_ROADS = "road_diagonals"
DIAGONAL_FIRST_MASK = 16
DIAGONAL_CORNER_FIRST_ID = 256 - DIAGONAL_FIRST_MASK


def square_corners(geometry) -> list[tuple[float, float]]:
    w, h, _ = geometry
    return [(w, 0), (w, h), (0, h), (0, 0)]       # NE SE SW NW


def paint_corners(geometry, mask: int, rng) -> pygame.Surface:
    """The verge and dirt a diagonal road leaves in each corner whose bit is set: the road passes the
    corner square to the line from the cell's centre."""
    w, h, _ = geometry
    strokes = []
    for bit, (x, y) in enumerate(square_corners(geometry)):
        if mask >> bit & 1:
            dx, dy = -(y - h / 2) / 2, (x - w / 2) / 2       # along the road: across the corner
            strokes.append(((x - dx, y - dy), (x + dx, y + dy)))
    return paint_strokes(geometry, strokes, rng, speckles=2 * len(strokes))


def build_diagonal_roads(seed: int) -> None:
    import numpy as np
    import pygame
    from game.maps.tmx_writer import tsx_text
    w, h, _ = SQUARE
    rng = np.random.default_rng(seed)
    exits = edge_midpoints(SQUARE) + square_corners(SQUARE)
    count = DIAGONAL_CORNER_FIRST_ID + 15
    rows = math.ceil(count / COLUMNS)
    sheet = pygame.Surface((COLUMNS * w, rows * h), pygame.SRCALPHA)
    props: list[dict] = [{} for _ in range(count)]
    for tid in range(DIAGONAL_CORNER_FIRST_ID):
        sheet.blit(paint_road(SQUARE, tid + DIAGONAL_FIRST_MASK, rng, exits), ((tid % COLUMNS) * w, (tid // COLUMNS) * h))
        props[tid] = {"terrain": "road", "move_cost": 1, "passable": True}
    for corners in range(1, 16):
        tid = DIAGONAL_CORNER_FIRST_ID + corners - 1
        sheet.blit(paint_corners(SQUARE, corners, rng), ((tid % COLUMNS) * w, (tid // COLUMNS) * h))
    pygame.image.save(sheet, str(ASSETS / f"{DIAGONAL_ROADS}.png"))
    (ASSETS / f"{DIAGONAL_ROADS}.tsx").write_text(
        tsx_text(DIAGONAL_ROADS, f"{DIAGONAL_ROADS}.png", sheet.get_size(), (w, h), COLUMNS, props,
                 tile_count=COLUMNS * rows),
        encoding="utf-8")


# ---------------------------------------------------------------- tilesets

def build_tileset(name: str, geometry, seed: int) -> None:
    import numpy as np
    import pygame
    from game.maps.tmx_writer import tsx_text
    from game.maps.wang import tileset_wang_sets
    w, h, side = geometry
    rng = np.random.default_rng(seed)
    n_roads = 16 if side == 0 else 64
    count = ROAD_FIRST_ID + n_roads
    rows = math.ceil(count / COLUMNS)
    sheet = pygame.Surface((COLUMNS * w, rows * h), pygame.SRCALPHA)
    props: list[dict] = [{} for _ in range(count)]
    for tid, (key, terrain, cost, passable) in enumerate(GROUND):
        tile = clip_to_cell(PAINTERS[key]((w, h), rng), geometry)
        grid_edge(tile, geometry)
        sheet.blit(tile, ((tid % COLUMNS) * w, (tid // COLUMNS) * h))
        props[tid] = {"terrain": terrain, "move_cost": cost, "passable": passable}
    for mask in range(n_roads):
        tid = ROAD_FIRST_ID + mask
        sheet.blit(paint_road(geometry, mask, rng), ((tid % COLUMNS) * w, (tid // COLUMNS) * h))
        props[tid] = {"terrain": "road", "move_cost": 1, "passable": True}
    pygame.image.save(sheet, str(ASSETS / f"{name}.png"))
    (ASSETS / f"{name}.tsx").write_text(
        tsx_text(name, f"{name}.png", sheet.get_size(), (w, h), COLUMNS, props, tile_count=COLUMNS * rows,
                 wang_sets=tileset_wang_sets(terrain_manifest(), name)),
        encoding="utf-8")


def terrain_manifest() -> dict:
    return {
        "ground": {name: i for i, (name, *_r) in enumerate(GROUND)},
        "road_first_id": ROAD_FIRST_ID,
        "tilesets": {
            "terrain_square": {"geometry": SQUARE, "road_angles": road_directions(SQUARE)},
            "terrain_hex_pointy": {"geometry": HEX_POINTY, "road_angles": road_directions(HEX_POINTY)},
            "terrain_hex_flat": {"geometry": HEX_FLAT, "road_angles": road_directions(HEX_FLAT)},
        },
        DIAGONAL_ROADS: {"geometry": SQUARE, "first_mask": DIAGONAL_FIRST_MASK,
                         "corner_first_id": DIAGONAL_CORNER_FIRST_ID,
                         "road_angles": [math.atan2(y - SQUARE[1] / 2, x - SQUARE[0] / 2)
                                         for x, y in edge_midpoints(SQUARE) + square_corners(SQUARE)],
                         "corner_angles": [math.atan2(y - SQUARE[1] / 2, x - SQUARE[0] / 2)
                                           for x, y in square_corners(SQUARE)]},
    }


# ---------------------------------------------------------------- emoji sprites

_font = None


def emoji(char: str, size: int) -> pygame.Surface:
    global _font
    import pygame
    if _font is None:
        _font = pygame.font.Font(EMOJI_FONT, 109)   # the only size the colour bitmaps come in
    img = _font.render(char, True, (0, 0, 0))
    bbox = img.get_bounding_rect()
    img = img.subsurface(bbox).copy()
    scale = size / max(bbox.w, bbox.h)
    return pygame.transform.smoothscale(img, (max(1, round(bbox.w * scale)), max(1, round(bbox.h * scale))))


def tinted(img: pygame.Surface, colour, amount: float, desaturate: float = 0.0) -> pygame.Surface:
    import numpy as np
    import pygame
    out = img.copy()
    px = pygame.surfarray.pixels3d(out)
    rgb = px.astype(float)
    grey = rgb.mean(axis=2, keepdims=True)
    rgb = rgb * (1 - desaturate) + grey * desaturate
    lum = grey / 255.0
    rgb = rgb * (1 - amount) + np.array(colour, float) * (0.35 + 0.9 * lum) * amount
    px[:] = rgb.clip(0, 255).astype(np.uint8)
    del px
    return out


def token_sprite(char: str, owner: int | None, size: int = 64) -> pygame.Surface:
    """A board token: emoji on a coloured plinth (owner 1-4), grey plinth (0) or none (None)."""
    import pygame
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    blob_shadow(surf, (size // 2 + 2, int(size * 0.84)), int(size * 0.36), int(size * 0.1), 90)
    if owner is not None:
        colour = PLAYER_COLOURS[owner]
        plinth = (size * 0.12, size * 0.68, size * 0.76, size * 0.26)
        pygame.draw.ellipse(surf, shade(colour, 0.55), plinth)
        pygame.draw.ellipse(surf, colour, (plinth[0] + 2, plinth[1] + 1, plinth[2] - 4, plinth[3] - 5))
    img = emoji(char, int(size * 0.8))
    if owner == 0:
        img = tinted(img, (170, 170, 170), 0.25, desaturate=0.8)
    elif owner:
        img = tinted(img, PLAYER_COLOURS[owner], 0.22)
    surf.blit(img, ((size - img.get_width()) // 2, int(size * 0.86) - img.get_height()))
    return surf


def build_tokens() -> list[tuple[str, pygame.Surface, dict]]:
    """Writes assets/tokens/*.png; returns the sprites the designer tileset shows."""
    import pygame
    out_dir = ASSETS / "tokens"
    out_dir.mkdir(parents=True, exist_ok=True)
    sheet: list[tuple[str, pygame.Surface, dict]] = []
    for tier, char in CITY_EMOJI.items():
        for owner in range(5):
            img = token_sprite(char, owner)
            pygame.image.save(img, str(out_dir / f"city_{tier}_{owner}.png"))
            if owner == 0:
                sheet.append((f"city_{tier}", img, {"kind": "city", "tier": tier}))
    for kind in ("mine", "hero", "start"):
        for owner in range(5):
            img = token_sprite(TOKEN_EMOJI[kind], owner)
            pygame.image.save(img, str(out_dir / f"{kind}_{owner}.png"))
            if kind == "mine" and owner == 0:
                sheet.append(("mine", img, {"kind": "mine"}))
            if kind == "start" and owner:
                sheet.append((f"start_{owner}", img, {"kind": "start", "seat": owner}))
    for kind in ("monster", "item", "resource"):
        img = token_sprite(TOKEN_EMOJI[kind], None)
        pygame.image.save(img, str(out_dir / f"{kind}.png"))
        sheet.append((kind, img, {"kind": kind}))
    return sheet


def build_token_tileset(sheet) -> None:
    import pygame
    from game.maps.tmx_writer import tsx_text
    cols = 4
    rows = math.ceil(len(sheet) / cols)
    img = pygame.Surface((cols * 64, rows * 64), pygame.SRCALPHA)
    for i, (_name, sprite, _props) in enumerate(sheet):
        img.blit(sprite, ((i % cols) * 64, (i // cols) * 64))
    pygame.image.save(img, str(ASSETS / "tokens.png"))
    props = [p for _n, _s, p in sheet]
    (ASSETS / "tokens.tsx").write_text(
        tsx_text("tokens", "tokens.png", img.get_size(), (64, 64), cols, props, tile_count=cols * rows),
        encoding="utf-8")


# ---------------------------------------------------------------- UI textures

TEXTURE_TILE = 512   # tileable squares; game/ui/kit/textures.py repeats them over any panel size


def build_textures() -> None:
    """Parchment and wood tiles and the parchment's edge vignette (the game draws panels from them)."""
    import numpy as np
    from game.ui.kit import theme
    out_dir = ASSETS / "textures"
    out_dir.mkdir(parents=True, exist_ok=True)
    n = TEXTURE_TILE
    rng = np.random.default_rng(7)
    noise = fbm(n, n, rng, periods=(128, 42, 12))
    parchment = np.array(theme.PARCHMENT, float) * (0.86 + 0.2 * noise)[..., None]
    _save_rgb(parchment, out_dir / "parchment.png")
    rng = np.random.default_rng(3)
    noise = fbm(n, n, rng, periods=(256, 128, 32))
    ys = np.arange(n, dtype=float)[:, None]
    grain = 0.5 + 0.5 * np.sin(ys * (2 * math.pi * 45 / n) + noise * 14.0)   # 45 whole waves: tiles seamlessly
    wood = np.array(theme.WOOD, float) * (0.78 + 0.16 * grain + 0.14 * noise)[..., None]
    _save_rgb(wood, out_dir / "wood.png")
    v = np.linspace(-1, 1, 128)
    vignette = np.clip(1.0 - 0.22 * (v[None, :] ** 4 + v[:, None] ** 4), 0.6, 1.0) * 255
    _save_rgb(np.repeat(vignette[..., None], 3, axis=2), out_dir / "vignette.png")


def _save_rgb(rgb: np.ndarray, path: Path) -> None:
    """Save an (h, w, 3) array as a PNG."""
    import numpy as np
    import pygame
    pixels = np.ascontiguousarray(rgb.clip(0, 255).astype(np.uint8).transpose(1, 0, 2))
    pygame.image.save(pygame.surfarray.make_surface(pixels), str(path))


def icon_emoji() -> dict[str, str]:
    """One PNG per icon file name: every emoji the UI draws (game/ui/kit/icons.py EMOJI)."""
    from game.ui.kit.icons import EMOJI, PNG_NAMES
    return {PNG_NAMES.get(name, name): glyph for name, glyph in EMOJI.items()}


def build_icons() -> None:
    import pygame
    out_dir = ASSETS / "icons"
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, char in icon_emoji().items():
        icon = pygame.Surface((64, 64), pygame.SRCALPHA)
        img = emoji(char, 60)
        icon.blit(img, ((64 - img.get_width()) // 2, (64 - img.get_height()) // 2))
        pygame.image.save(icon, str(out_dir / f"{name}.png"))


# Fallback fonts for what DejaVu lacks, tried in this order: (source, shipped file, new family name or None
# to keep the source's names, licence header, licence text file). Nanum's Reserved Font Names (OFL) go with
# the subset, so it is renamed.
FALLBACKS = [
    (FALLBACK_FONT, "FallbackSans.ttf", None,
     "a subset of Droid Sans Fallback (DroidSansFallbackFull.ttf, Debian package fonts-droid-fallback):\n"
     "the glyphs DejaVu Sans lacks (CJK ideographs, kana and other scripts).\n"
     "Copyright (c) 2006, 2007, 2008, 2009, 2010 Google Corp. Droid is a trademark of Google Corp.\n"
     "Licensed under the Apache License, Version 2.0, whose text follows.", APACHE_LICENCE),
    (HANGUL_FONT, "FallbackHangul.ttf", "Fuzzy Knights Hangul",
     "a subset of NanumGothic (Debian package fonts-nanum), renamed as the Reserved Font Names ask:\n"
     "the Hangul glyphs neither DejaVu Sans nor Droid Sans Fallback has.\n"
     "Copyright (c) 2010, NAVER Corporation, with Reserved Font Name Nanum, NanumGothic and others.\n"
     "Licensed under the SIL Open Font License 1.1, whose text follows.", str(ASSETS / "OFL-1.1.txt")),
]


def build_fallback_fonts() -> list[Path]:
    """game/ui/kit/fonts/Fallback*.ttf: the glyphs of each fallback source no earlier font has,
    each with its licence beside it (LICENSE-<name>)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont
    covered = set(TTFont(FONTS / "DejaVuSans.ttf").getBestCmap())
    written = []
    for source, name, family, header, licence in FALLBACKS:
        font = TTFont(source)
        wanted = sorted(c for c in font.getBestCmap() if c not in covered and c > 0x20)
        options = subset.Options()
        options.name_IDs = ["*"]            # keep the copyright and licence records
        options.notdef_outline = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=wanted)
        subsetter.subset(font)
        if family:
            for record in font["name"].names:
                if record.nameID in (1, 3, 4, 6, 16, 17, 21):
                    record.string = family if record.nameID != 6 else family.replace(" ", "")
        out = FONTS / name
        font.save(str(out))
        (FONTS / f"LICENSE-{out.stem}").write_text(f"{name}: {header}\nMade by tools/make_assets.py --fonts.\n\n"
                                                   + Path(licence).read_text(encoding="utf-8"), encoding="utf-8")
        covered |= set(wanted)
        written.append(out)
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="make_assets.py", description=__doc__.splitlines()[0])
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--icons", action="store_true", help="only assets/icons")
    only.add_argument("--textures", action="store_true", help="only assets/textures")
    only.add_argument("--fonts", action="store_true", help="only the fallback font (needs fontTools)")
    args = parser.parse_args(argv)       # --help prints help and writes nothing
    import pygame
    pygame.init()
    ASSETS.mkdir(exist_ok=True)
    if args.textures:
        build_textures()
        print(f"wrote the UI textures to {ASSETS / 'textures'}")
        return 0
    if args.fonts:
        missing = [source for source, *_ in FALLBACKS if not Path(source).is_file()]
        if missing:
            print(f"{missing[0]} not found: install fonts-droid-fallback and fonts-nanum (apt-get install ...)",
                  file=sys.stderr)
            return 2
        for out in build_fallback_fonts():
            print(f"wrote {out}")
        return 0
    if not Path(EMOJI_FONT).is_file():
        print(f"{EMOJI_FONT} not found: install Noto Color Emoji (apt-get install fonts-noto-color-emoji)",
              file=sys.stderr)
        return 2
    if args.icons:
        build_icons()
        print(f"wrote {len(icon_emoji())} icons to {ASSETS / 'icons'}")
        return 0
    build_tileset("terrain_square", SQUARE, seed=11)
    build_tileset("terrain_hex_pointy", HEX_POINTY, seed=12)
    build_tileset("terrain_hex_flat", HEX_FLAT, seed=13)
    build_diagonal_roads(seed=14)
    (ASSETS / "terrain.json").write_text(json.dumps(terrain_manifest(), indent=1) + "\n", encoding="utf-8")
    sheet = build_tokens()
    build_token_tileset(sheet)
    build_icons()
    build_textures()
    print(f"wrote assets to {ASSETS}")
    return 0


if __name__ == "__main__":
    sys.exit(run_tool(lambda: main(sys.argv[1:])))
