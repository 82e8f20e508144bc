"""BoardView: draws a Board with its tokens and heroes, and owns the camera.

It is a component a scene places in a rectangle (``layout(rect)``); it turns the
mouse into ``on_cell_click(cell, button)`` calls and never changes game state.
Camera: drag with the right or middle button (or left-drag), arrows/WASD, wheel
zoom around the cursor, minimap click to jump. Overlays: ``set_reach`` and
``set_path`` for the move preview (a path longer than this turn's 🐎 drawn dashed
past the ⏳ where this turn's walk ends), and ``set_flag`` for the 🚩 where the
selected hero's route over several days leads.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

import pygame

from game.board import Board
from game.board.topology import Cell
from game.ui.kit import icons, theme, widgets
from game.ui.board.geometry import BoardGeometry
from game.ui.board.minimap import Minimap
from game.ui.board.terrain import CHUNK, TerrainRenderer
from game.ui.kit.surfaces import screen_like

if TYPE_CHECKING:
    import numpy as np

# On-screen tile widths the zoom steps through; divided by the map's tile width.
ZOOM_TILE_WIDTHS = (14, 20, 28, 40, 56, 72, 96, 128, 160)
DRAG_THRESHOLD = 6
PAN_SPEED = 900        # screen pixels per second for held keys
PAN_KEYS = {
    pygame.K_LEFT: (-1, 0), pygame.K_a: (-1, 0),
    pygame.K_RIGHT: (1, 0), pygame.K_d: (1, 0),
    pygame.K_UP: (0, -1), pygame.K_w: (0, -1),
    pygame.K_DOWN: (0, 1), pygame.K_s: (0, 1),
}
BACKGROUND = (28, 40, 52)          # past the map's edge (only seen while a small map is centred)
TOKEN_NAMES = {"city": "City", "mine": "Mine", "monster": "Monster", "item": "Item",
               "resource": "Resource", "start": "Start"}


@dataclass(frozen=True)
class HeroMarker:
    """A hero as the board view draws it."""
    cell: Cell
    seat: int
    name: str = "Hero"
    selected: bool = False
    world: tuple[float, float] | None = None   # an animated position (world pixels) instead of the cell's centre
    player: str = ""                           # its player's name, for the tooltip


class BoardView:
    def __init__(self, board: Board, on_cell_click: Callable[[Cell, int], None] | None = None,
                 show_minimap: bool = True) -> None:
        self.board = board
        self.geo = BoardGeometry(board)
        self.terrain = TerrainRenderer(board, self.geo)
        self.minimap = Minimap(board, self.geo) if show_minimap else None
        self.on_cell_click = on_cell_click
        self.rect = pygame.Rect(0, 0, *theme.WINDOW_SIZE)
        self.zoom_levels = sorted({w / self.geo.tile_w for w in ZOOM_TILE_WIDTHS})
        self.zoom_index = min(range(len(self.zoom_levels)), key=lambda i: abs(self.zoom_levels[i] * self.geo.tile_w - 64))
        self.cam = [0.0, 0.0]      # zoomed-world pixel shown at rect.topleft
        self.covered_bottom = 0    # screen pixels the scene's log lies over at the view's foot
        self.tokens = list(board.tokens)
        self.heroes: list[HeroMarker] = []
        self.hover_cell: Cell | None = None
        self.tooltip_lines: list[str] = []
        self.mouse = (0, 0)
        self._held: set[int] = set()
        self._drag_button: int | None = None
        self._drag_from: tuple[int, int] | None = None
        self._dragging = False
        self._minimap_drag = False
        self._reach: np.ndarray | None = None
        self._stop: np.ndarray | None = None
        self._budget: int | None = None
        self._overlay_chunks: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._overlay_tiles: dict[tuple, pygame.Surface] = {}
        self._glow_tiles: dict[int, tuple[pygame.Surface, int]] = {}
        self._base: pygame.Surface | None = None   # terrain, overlay, tokens, heroes, minimap: redrawn on change
        self._base_key: tuple | None = None
        self._version = 0                          # bumped by every content change
        self.path: list[Cell] = []
        self.path_today: int | None = None   # how many of the path's cells (the hero's too) are walked this turn
        self._boxes: tuple = (None, None)   # (path and camera, the boxes around the hero and the path's steps)
        self._centres_for: tuple | None = None     # the camera the remembered cell centres are for
        self._centres: dict[Cell, tuple[float, float]] = {}
        self.path_cost: int | None = None
        self.path_note: str = ""          # e.g. "⚔ 54%" or "+🐎1 🎁", shown beside the path's 🐎 cost
        self.flag: Cell | None = None     # the tile the selected hero's route leads to (a 🚩), if it has one
        self.covered: list[pygame.Rect] = []   # panels drawn over the board (prompt, log, hint): labels keep clear
        self.extra_tooltip: Callable[[Cell], list[str]] | None = None   # more tooltip lines (odds)
        self._centered = False

    # layout & camera --------------------------------------------------------------
    @property
    def zoom(self) -> float:
        return self.zoom_levels[self.zoom_index]

    def layout(self, rect: pygame.Rect | tuple) -> None:
        first = not self._centered
        self.rect = pygame.Rect(rect)
        if first:                          # tiles about 64 pixels wide at 1280x720, bigger with the UI scale
            want = 64 * theme.ui_scale()
            self.zoom_index = min(range(len(self.zoom_levels)),
                                  key=lambda i: abs(self.zoom_levels[i] * self.geo.tile_w - want))
        self.zoom_index = max(self.zoom_index, self._min_zoom_index())
        if self.minimap:
            self.minimap.fit(self.rect)
        if first:
            self.center_on_world(self.geo.pixel_size[0] / 2, self.geo.pixel_size[1] / 2)
            self._centered = True
        self._clamp()

    def world_to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        return self.rect.x + wx * self.zoom - self.cam[0], self.rect.y + wy * self.zoom - self.cam[1]

    def screen_to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return (sx - self.rect.x + self.cam[0]) / self.zoom, (sy - self.rect.y + self.cam[1]) / self.zoom

    def cell_at(self, screen_pos: tuple[float, float]) -> Cell | None:
        if not self.rect.collidepoint(screen_pos):
            return None
        return self.geo.cell_at(*self.screen_to_world(*screen_pos))

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        # remembered while the camera stays: a hover frame asks for each step of the path four times
        camera = (self.zoom_index, self.cam[0], self.cam[1], self.rect.x, self.rect.y)
        if camera != self._centres_for:
            self._centres_for, self._centres = camera, {}
        centre = self._centres.get(cell)
        if centre is None:
            centre = self._centres[cell] = self.world_to_screen(*self.geo.cell_center(cell))
        return centre

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        x, y = self.world_to_screen(*self.geo.cell_origin(cell))
        return pygame.Rect(round(x), round(y), round(self.geo.tile_w * self.zoom), round(self.geo.tile_h * self.zoom))

    def cell_polygon(self, cell: Cell) -> list[tuple[float, float]]:
        return [self.world_to_screen(x, y) for x, y in self.geo.cell_polygon(cell)]

    def center_on_world(self, wx: float, wy: float) -> None:
        self.cam = [wx * self.zoom - self.rect.w / 2, wy * self.zoom - self.rect.h / 2]
        self._clamp()

    def center_on(self, cell: Cell, tight: bool = False) -> None:
        """Centre the camera on ``cell``; ``tight`` keeps the map filling the view (no margin past its edge)."""
        self.center_on_world(*self.geo.cell_center(cell))
        if tight:
            self._clamp(margin=0)

    def bring_into_view(self, cell: Cell) -> None:
        """Centre on ``cell`` only if it is not well inside the view already (clear of the edges and of the
        log's corner at the foot): clicking the card of a hero in sight moved the map under the mouse,
        and the next click landed on another tile."""
        x, y = self.world_to_screen(*self.geo.cell_center(cell))
        inner = pygame.Rect(self.rect.x + self.rect.w * 0.1, self.rect.y + self.rect.h * 0.1,
                            self.rect.w * 0.8, self.rect.h * 0.6)
        if not inner.collidepoint(x, y):
            self.center_on(cell, tight=True)

    def pan(self, dx: float, dy: float) -> None:
        """Move the view content by (dx, dy) screen pixels (drag direction)."""
        self.cam[0] -= dx
        self.cam[1] -= dy
        self._clamp()

    def zoom_at(self, screen_pos: tuple[float, float], steps: int) -> None:
        """Zoom in (steps > 0) or out keeping the world point under ``screen_pos`` in place."""
        new = max(self._min_zoom_index(), min(len(self.zoom_levels) - 1, self.zoom_index + steps))
        if new == self.zoom_index:
            return
        wx, wy = self.screen_to_world(*screen_pos)
        self.zoom_index = new
        self.cam = [wx * self.zoom - (screen_pos[0] - self.rect.x), wy * self.zoom - (screen_pos[1] - self.rect.y)]
        self._clamp()

    def _min_zoom_index(self) -> int:
        """The furthest zoom: the one that shows the whole map (centred), else the one at which the map
        still fills the view. The view used to stop where the map filled it, so The Skirmish's small
        board could never be seen whole."""
        mw, mh = self.geo.pixel_size
        fill = next((i for i, z in enumerate(self.zoom_levels) if mw * z >= self.rect.w and mh * z >= self.rect.h),
                    len(self.zoom_levels) - 1)
        whole = [i for i, z in enumerate(self.zoom_levels) if mw * z <= self.rect.w and mh * z <= self.rect.h]
        return min(fill, whole[-1]) if whole else fill

    def overscan(self) -> float:
        """How far the map may be pulled up past its bottom edge: as far as the log and the minimap lie
        over the view's foot, so every tile can be brought out from under them (a rival hero stood
        under the log on Meadow Ford, out of reach of the mouse)."""
        minimap = self.rect.bottom - self.minimap.frame_rect().top if self.minimap else 0
        return max(0, self.covered_bottom, minimap)

    def clear_rect(self) -> pygame.Rect:
        """The part of the view the log and the minimap leave clear: a walk that ended under the minimap
        hid the City its hero had walked to besiege."""
        clear = self.rect.copy()
        clear.height -= round(self.overscan())
        return clear

    def _clamp(self, margin: float = 0) -> None:
        mw, mh = self.geo.pixel_size[0] * self.zoom, self.geo.pixel_size[1] * self.zoom
        for axis, (size, view) in enumerate(((mw, self.rect.w), (mh, self.rect.h))):
            extra = self.overscan() if axis == 1 else 0
            if size <= view:
                centred = (size - view) / 2
                self.cam[axis] = max(centred, min(centred + extra, self.cam[axis]))
            else:
                self.cam[axis] = max(-margin, min(size - view + margin + extra, self.cam[axis]))

    def camera_world_rect(self) -> tuple[float, float, float, float]:
        z = self.zoom
        return self.cam[0] / z, self.cam[1] / z, self.rect.w / z, self.rect.h / z

    # content ----------------------------------------------------------------------
    def set_tokens(self, tokens: Iterable) -> None:
        """Tokens to draw (objects with kind, cell, owner, tier); defaults to the map's."""
        self.tokens = list(tokens)
        self._version += 1

    @property
    def tokens(self) -> list:
        return self._tokens

    @tokens.setter
    def tokens(self, tokens: list) -> None:
        """The tokens, and by tile (a hover frame redraws only those on the path: it looped over all)."""
        self._tokens = tokens
        self._by_cell: dict[Cell, list] = {}
        for token in tokens:
            if token.kind != "start":
                self._by_cell.setdefault(token.cell, []).append(token)
        # a Monster on a City blocks it (R-MOV-7): the cells that need the badge, found once, not every frame
        self._blocked_cells = [cell for cell, here in self._by_cell.items()
                               if {"city", "monster"} <= {t.kind for t in here}]

    def set_heroes(self, heroes: Iterable[HeroMarker]) -> None:
        self.heroes = list(heroes)
        self._version += 1

    def set_reach(self, costs: np.ndarray | None, stop: np.ndarray | None = None, budget: int | None = None) -> None:
        """Highlight cells with 0 <= cost (<= budget), mark stop cells, dim the rest; None clears."""
        if costs is None:      # (clearing it needs no numpy: a board's first frame is drawn before numpy loads)
            self._reach = self._stop = None
        else:
            import numpy as np
            self._reach = np.asarray(costs)
            self._stop = None if stop is None else np.asarray(stop, dtype=bool)
        self._budget = budget
        self._overlay_chunks.clear()
        self._version += 1

    def set_path(self, cells: Iterable[Cell] | None, cost: int | None = None, note: str = "",
                 today: int | None = None) -> None:
        """The path preview: ``cells`` from the hero's on, its 🐎 ``cost`` and ``note`` on its label. ``today``:
        how many of ``cells`` (the hero's counted) the hero walks this turn, when that is not all of them;
        the rest is drawn dashed, and a ⏳ marks where this turn's walk ends."""
        self.path = list(cells or [])
        self.path_cost = cost if self.path else None
        self.path_note = note if self.path else ""
        self.path_today = today if self.path and today is not None and today < len(self.path) else None

    def set_flag(self, cell: Cell | None) -> None:
        """The 🚩 on the tile the selected hero's route leads to (None: no 🚩). It is drawn with the path
        preview, over the still picture: a frame that drops it puts back what it covered."""
        self.flag = None if cell is None else (int(cell[0]), int(cell[1]))

    def clear_overlays(self) -> None:
        self.set_reach(None)
        self.set_path(None)

    def in_reach(self, cell: Cell) -> bool:
        if self._reach is None:
            return False
        cost = int(self._reach[cell[1], cell[0]])
        return cost >= 0 and (self._budget is None or cost <= self._budget)

    # input --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et == pygame.MOUSEMOTION:
            return self._on_motion(event.pos)
        if et == pygame.MOUSEBUTTONDOWN:
            return self._on_down(event.pos, event.button)
        if et == pygame.MOUSEBUTTONUP:
            return self._on_up(event.pos, event.button)
        if et == pygame.MOUSEWHEEL:
            pos = getattr(event, "pos", None) or self.mouse
            if self.rect.collidepoint(pos) and event.y:
                self.zoom_at(pos, 1 if event.y > 0 else -1)
                self._update_hover(pos)
                return True
            return False
        if et == pygame.KEYDOWN:
            if event.key in PAN_KEYS:
                self._held.add(event.key)
                return True
            if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.zoom_at(self.rect.center, 1)
                return True
            if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.zoom_at(self.rect.center, -1)
                return True
        if et == pygame.KEYUP and event.key in self._held:
            self._held.discard(event.key)
            return True
        return False

    def cancel_press(self) -> None:
        """Forget a press whose release went elsewhere (a dialog or screen opened meanwhile): no click, no drag."""
        self._drag_button, self._drag_from, self._dragging, self._minimap_drag = None, None, False, False

    def _on_motion(self, pos) -> bool:
        last = self.mouse
        self.mouse = pos
        if self._minimap_drag and self.minimap:
            self.center_on_world(*self.minimap.mini_to_world(pos))
            return True
        if self._drag_button is not None:
            if not self._dragging and math.dist(pos, self._drag_from) >= DRAG_THRESHOLD:
                self._dragging = True
                last = self._drag_from
            if self._dragging:
                self.pan(pos[0] - last[0], pos[1] - last[1])
                self.hover_cell, self.tooltip_lines = None, []
                return True
        self._update_hover(pos)
        return self.rect.collidepoint(pos)

    def _on_down(self, pos, button: int) -> bool:
        if not self.rect.collidepoint(pos) or button not in (1, 2, 3):
            return False
        self.mouse = pos
        if self.minimap and self.minimap.rect.inflate(10, 10).collidepoint(pos):
            if button == 1:
                self._minimap_drag = True
                self.center_on_world(*self.minimap.mini_to_world(pos))
            return True
        self._drag_button, self._drag_from, self._dragging = button, pos, False
        return True

    def _on_up(self, pos, button: int) -> bool:
        if self._minimap_drag and button == 1:
            self._minimap_drag = False
            return True
        if button != self._drag_button:
            return False
        was_drag = self._dragging
        self._drag_button, self._drag_from, self._dragging = None, None, False
        if not was_drag:
            cell = self.cell_at(pos)
            if cell is not None and self.on_cell_click:
                self.on_cell_click(cell, button)
        self._update_hover(pos)
        return True

    def _update_hover(self, pos) -> None:
        over_minimap = self.minimap and self.minimap.rect.inflate(10, 10).collidepoint(pos)
        cell = None if over_minimap else self.cell_at(pos)
        self.hover_cell = cell
        self.tooltip_lines = self.describe(cell) if cell is not None else []

    def describe(self, cell: Cell) -> list[str]:
        """The tooltip lines for a cell: terrain, move cost, what stands on it."""
        c, r = cell
        terrain = (self.board.terrain[r][c] if self.board.terrain else "grass") or "grass"
        cost = self.board.cost(cell)
        lines = [terrain.replace("_", " ").title(),
                 f"Move cost: {cost}" if cost > 0 else "Impassable"]
        if self._reach is not None and self._reach[r, c] > 0:      # 0: where the hero stands, or a free tile to pick
            lines.append(f"Reach cost: {int(self._reach[r, c])}")
        for hero in self.heroes:
            if hero.cell == cell:
                lines.append(f"Hero {hero.name} ({hero.player or theme.SEAT_COLOUR_NAMES.get(hero.seat, 'neutral')})")
        for token in self.tokens:
            if token.cell == cell:
                lines.append(token_label(token))
                if getattr(token, "sieged", False):
                    lines.append("⚔️ Under siege: its walls are down; no income or building at its next Daybreak")
        if self.extra_tooltip is not None:
            lines += self.extra_tooltip(cell)
        return lines

    def refresh_tooltip(self) -> None:
        """Re-describe the hovered cell (after the game state changed under the mouse)."""
        self.tooltip_lines = self.describe(self.hover_cell) if self.hover_cell is not None else []

    @property
    def panning(self) -> bool:
        """Arrow keys held down: the map scrolls every frame."""
        return bool(self._held)

    def update(self, dt: float) -> None:
        if self._held:
            dx = sum(PAN_KEYS[k][0] for k in self._held)
            dy = sum(PAN_KEYS[k][1] for k in self._held)
            self.pan(-dx * PAN_SPEED * dt, -dy * PAN_SPEED * dt)

    # drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, tooltip: bool = True) -> None:
        self.draw_base(surface)
        self.draw_dynamic(surface)
        if tooltip:
            self.draw_tooltip(surface)

    def base_key(self) -> tuple:
        """Everything the cached base picture depends on; equal keys draw the same pixels."""
        return (tuple(self.rect), round(self.cam[0]), round(self.cam[1]), self.zoom_index, self._version)

    def draw_base(self, surface: pygame.Surface) -> None:
        """Terrain, reach overlay, tokens, heroes and minimap: one blit of a picture redrawn only on change."""
        size = surface.get_size()
        if self._base is None or self._base.get_size() != size:
            self._base = screen_like(size)
            self._base_key = None
        key = self.base_key()
        if key != self._base_key:
            self._render_base(self._base)
            self._base_key = key
        surface.blit(self._base, self.rect, area=self.rect)

    def _render_base(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        surface.fill(BACKGROUND, self.rect)
        for cx, cy, pos in self.terrain.visible_chunks(self.zoom, (self.cam[0], self.cam[1]), self.rect):
            surface.blit(self._ground_chunk(cx, cy), pos)
        self._draw_tokens(surface)
        self._draw_heroes(surface)
        self._draw_blocked_badges(surface)
        if self.minimap:
            cities = [(t.cell, t.owner) for t in self.tokens if t.kind == "city"]
            self.minimap.draw(surface, cities, self.camera_world_rect())
        surface.set_clip(clip)

    def dynamic_key(self) -> tuple:
        """Everything ``draw_dynamic`` and ``draw_tooltip`` show beyond the mouse position and the base."""
        return (self.hover_cell, tuple(self.path), self.path_today, self.path_cost, self.path_note,
                tuple(self.tooltip_lines), self._dragging, self.flag)

    def draw_dynamic(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """What follows the mouse: the hover glow and the path preview with its label, and the route's 🚩,
        over the base. Returns rectangles holding every pixel it drew (None when it drew nothing): what lies
        outside is still the base, and the panels over the board need putting back only inside them."""
        if self.hover_cell is None and not self.path and self.flag is None:
            return None
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        if self.hover_cell is not None:
            self._draw_hover(surface)
        pts = [self.cell_center(c) for c in self.path]
        self._draw_path_line(surface, pts)
        if self.path:                      # what stands on the path stays above its line
            self._draw_tokens(surface, only=set(self.path))
            self._draw_heroes(surface, only=set(self.path))
            self._draw_blocked_badges(surface, only=set(self.path))
        flag = self._draw_flag(surface)
        label = self._draw_path_label(surface)
        drawn = self._drawn_boxes(label, pts) + ([flag] if flag is not None else [])
        if self.minimap and self._base is not None:       # the minimap stays above the path
            minimap = self.minimap.frame_rect().clip(self.rect)
            for box in drawn:
                frame = minimap.clip(box)
                if frame.w and frame.h:
                    surface.blit(self._base, frame, area=frame)
        surface.set_clip(clip)
        return drawn

    def _drawn_boxes(self, label: pygame.Rect | None, pts: list) -> list[pygame.Rect]:
        """Rectangles holding every pixel ``draw_dynamic`` drew: a few pixels round each step of the path's
        line (its dots, end ring and ⏳ too), a tile of margin round the hovered tile and round each tile of
        the path something stands on (sprites, rings and badges stand out of their tile), and the label.
        One rectangle round the whole path held most of the board for a long one, all put back each frame.
        ``pts``: the path's cell centres on screen."""
        _, dot = self._path_widths()
        pad = 2 * dot + 6                       # the end ring and the ⏳'s disc, the line's shadow
        view = self.rect.inflate(2 * pad, 2 * pad)
        vl, vt, vr, vb = view.left, view.top, view.right, view.bottom
        boxes, run = [], None                   # a run of steps in one rectangle: [left, top, right, bottom]
        for (ax, ay), (bx, by) in zip(pts, pts[1:] or pts):
            left, right = (ax, bx) if ax < bx else (bx, ax)
            top, bottom = (ay, by) if ay < by else (by, ay)
            if right < vl or left > vr or bottom < vt or top > vb:
                continue                        # off the view: nothing drawn
            if run is not None:
                l, t = (run[0] if run[0] < left else left), (run[1] if run[1] < top else top)
                r, b = (run[2] if run[2] > right else right), (run[3] if run[3] > bottom else bottom)
                if (r - l + 2 * pad) * (b - t + 2 * pad) <= (run[2] - run[0] + 2 * pad) * (run[3] - run[1] + 2 * pad) \
                        + (right - left + 2 * pad) * (bottom - top + 2 * pad):
                    run = [l, t, r, b]          # a straight run of steps: one rectangle
                    continue
                boxes.append(run)
            run = [left, top, right, bottom]
        if run is not None:
            boxes.append(run)
        boxes = [pygame.Rect(math.floor(l - pad), math.floor(t - pad), math.ceil(r - l) + 2 * pad + 2,
                             math.ceil(b - t) + 2 * pad + 2) for l, t, r, b in boxes]
        on_path = set(self.path)
        crowded = [c for c in on_path if c in self._by_cell]
        for hero in self.heroes:
            if hero.cell in on_path:
                crowded.append(hero.cell)
                if hero.world:
                    x, y = self.world_to_screen(*hero.world)
                    mw, mh = self.geo.tile_w * self.zoom, self.geo.tile_h * self.zoom
                    boxes.append(pygame.Rect(math.floor(x - mw), math.floor(y - mh), math.ceil(2 * mw) + 1,
                                             math.ceil(2 * mh) + 1))
        if self.hover_cell is not None:
            crowded.append(self.hover_cell)
        boxes += [self._around_cells([cell]) for cell in set(crowded)]
        if label is not None:
            boxes.append(label.inflate(8, 8))
        return [box for box in (b.clip(self.rect) for b in boxes) if box.w and box.h]

    def _path_widths(self) -> tuple[int, int]:
        """The path's line width and its dots' radius at this zoom."""
        width = max(3, round(6 * self.zoom * 64 / self.geo.tile_w))
        return width, max(3, width)

    def _around_cells(self, cells) -> pygame.Rect:
        """A rectangle holding every pixel drawn on ``cells`` (a tile of margin each way: sprites, rings and
        badges stand out of their tile)."""
        centres = [self.cell_center(c) for c in cells]
        xs, ys = [x for x, _ in centres], [y for _, y in centres]
        mw, mh = self.geo.tile_w * self.zoom, self.geo.tile_h * self.zoom
        left, top = math.floor(min(xs) - mw), math.floor(min(ys) - mh)
        return pygame.Rect(left, top, math.ceil(max(xs) + mw) - left, math.ceil(max(ys) + mh) - top)

    def draw_tooltip(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The hovered tile's tooltip, whole and inside the window: drawn last, over every panel."""
        if not self.tooltip_lines or self._dragging:
            return None
        return widgets.draw_tooltip(surface, self.tooltip_lines, self._tooltip_anchor(surface.get_size()))

    def _tooltip_anchor(self, screen: tuple[int, int]) -> tuple[int, int]:
        hero, steps = self._path_boxes()
        return tooltip_anchor(screen, self.tooltip_lines, self.mouse, hero + steps, board=self.rect, first=len(hero))

    def _visible_cells(self):
        x, y, w, h = self.camera_world_rect()
        return self.geo.cell_range(x, y, x + w, y + h, margin=1)

    def _is_visible(self, cell: Cell, cols: range, rows: range) -> bool:
        return cell[0] in cols and cell[1] in rows

    def _draw_hover(self, surface: pygame.Surface) -> None:
        x, y = self.world_to_screen(*self.geo.cell_origin(self.hover_cell))
        tile, pad = self._glow_tile()
        surface.blit(tile, (round(x) - pad, round(y) - pad))

    def _glow_tile(self) -> tuple[pygame.Surface, int]:
        """A soft light over one cell, ringed in the highlight, at the current zoom, and the margin the
        ring takes outside the cell (made once per zoom: a thick outline cost more than the rest of the
        hover frame)."""
        glow = self._glow_tiles.get(self.zoom_index)
        if glow is None:
            width = max(2, round(3 * self.zoom))
            pad = width
            poly = [(px + pad, py + pad) for px, py in self.geo.local_polygon(self.zoom)]
            w = math.ceil(max(p[0] for p in poly)) + 1 + pad
            h = math.ceil(max(p[1] for p in poly)) + 1 + pad
            tile = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.polygon(tile, (255, 240, 170, 60), poly)
            pygame.draw.polygon(tile, theme.HIGHLIGHT, poly, width)
            glow = self._glow_tiles[self.zoom_index] = (tile, pad)
        return glow

    # the ground: opaque terrain chunks, with the reach overlay baked in while one is set
    def _ground_chunk(self, cx: int, cy: int) -> pygame.Surface:
        z = self.zoom
        terrain = self.terrain.opaque_chunk(z, cx, cy, BACKGROUND)
        if self._reach is None:
            return terrain
        key = (z, cx, cy)
        chunk = self._overlay_chunks.get(key)
        if chunk is None:
            chunk = self._overlay_chunks[key] = terrain.copy()
            self._draw_reach_chunk(chunk, z, cx, cy)
            while len(self._overlay_chunks) > 128:
                self._overlay_chunks.popitem(last=False)
        return chunk

    def _draw_reach_chunk(self, surf: pygame.Surface, z: float, cx: int, cy: int) -> None:
        from game.ui.board.terrain import _span
        ox, oy = cx * CHUNK, cy * CHUNK
        cols, rows = self.geo.cell_range(ox / z, oy / z, (ox + CHUNK) / z, (oy + CHUNK) / z)
        for r in rows:
            for c in cols:
                if self.in_reach((c, r)):
                    kind = "stop" if self._stop is not None and self._stop[r, c] else "reach"
                else:
                    kind = "dim"
                x, y = self.geo.cell_origin((c, r))
                sx, sw = _span(x, self.geo.tile_w, z)
                sy, sh = _span(y, self.geo.tile_h, z)
                surf.blit(self._overlay_tile(kind, sw, sh), (sx - ox, sy - oy))

    def _overlay_tile(self, kind: str, w: int, h: int) -> pygame.Surface:
        key = (kind, w, h)
        tile = self._overlay_tiles.get(key)
        if tile is None:
            tile = pygame.Surface((w, h), pygame.SRCALPHA)
            poly = [(px * w / self.geo.tile_w, py * h / self.geo.tile_h) for px, py in self.geo.local_polygon()]
            inner = [((px - w / 2) * 0.86 + w / 2, (py - h / 2) * 0.86 + h / 2) for px, py in poly]
            if kind == "dim":
                pygame.draw.polygon(tile, (16, 18, 30, 84), poly)
            elif kind == "reach":
                pygame.draw.polygon(tile, (255, 244, 190, 46), poly)
                pygame.draw.polygon(tile, (255, 240, 170, 150), inner, max(1, round(w / 40)))
            else:
                pygame.draw.polygon(tile, (255, 120, 80, 50), poly)
                pygame.draw.polygon(tile, (220, 60, 40, 210), inner, max(2, round(w / 28)))
            self._overlay_tiles[key] = tile
        return tile

    def _draw_path_line(self, surface: pygame.Surface, pts: list) -> None:
        """The path's line through ``pts``, its cells' centres on screen."""
        if len(pts) < 1:
            return
        width, dot = self._path_widths()
        today = len(pts) if self.path_today is None else self.path_today
        walked = pts[:today]
        if len(walked) > 1:
            pygame.draw.lines(surface, (40, 20, 10), False, [(x + 1, y + 2) for x, y in walked], width + 2)
            pygame.draw.lines(surface, (255, 226, 120), False, walked, width)
        if today < len(pts):
            self._draw_later_steps(surface, pts[today - 1:], width)
        for x, y in pts[1:today]:
            pygame.draw.circle(surface, (40, 20, 10), (x, y), dot + 1)
            pygame.draw.circle(surface, (255, 246, 200), (x, y), dot - 1)
        x, y = pts[-1]
        if today == len(pts):
            pygame.draw.circle(surface, (40, 20, 10), (x, y), dot * 2 + 1)
            pygame.draw.circle(surface, (230, 80, 40), (x, y), dot * 2 - 1)
            return
        # not reached this turn: the end a hollow ring, and this turn's last step the ⏳
        pygame.draw.circle(surface, (40, 20, 10), (x, y), dot * 2 + 1, max(2, dot // 2) + 2)
        pygame.draw.circle(surface, (230, 80, 40), (x, y), dot * 2, max(2, dot // 2))
        if today > 1:
            self._draw_turn_end(surface, pts[today - 1], dot)

    def _draw_later_steps(self, surface: pygame.Surface, pts: list, width: int) -> None:
        """The path's part for later turns: one pale dash per step, none drawn off the view."""
        view = self.rect.inflate(4 * width, 4 * width)
        thin = max(2, width * 2 // 3)
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            if not (view.collidepoint(ax, ay) or view.collidepoint(bx, by)):
                continue
            a = (ax + (bx - ax) * 0.22, ay + (by - ay) * 0.22)
            b = (ax + (bx - ax) * 0.78, ay + (by - ay) * 0.78)
            pygame.draw.line(surface, (40, 20, 10), (a[0] + 1, a[1] + 2), (b[0] + 1, b[1] + 2), thin + 2)
            pygame.draw.line(surface, (236, 226, 200), a, b, thin)

    def _draw_turn_end(self, surface: pygame.Surface, centre: tuple[float, float], dot: int) -> None:
        """Where this turn's walk along a longer path ends: a ⏳ on a disc."""
        r = dot * 2 + 2
        pygame.draw.circle(surface, (40, 20, 10), centre, r + 1)
        pygame.draw.circle(surface, (248, 236, 204), centre, r - 1)
        img = icons.icon("hourglass", round(r * 1.5))
        surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))

    def flag_rect(self) -> pygame.Rect | None:
        """Where the route's 🚩 stands: its pole's foot a little left of its tile's centre, the flag above
        (over the end of the path and whatever stands on the tile); None when there is no 🚩."""
        if self.flag is None:
            return None
        x, y = self.cell_center(self.flag)
        size = max(18, round(min(self.geo.tile_w, self.geo.tile_h) * self.zoom * 0.5))   # in sight zoomed out too
        rect = pygame.Rect(0, 0, size, size)
        rect.bottomleft = (round(x - size * 0.28), round(y + size * 0.12))
        return rect

    def _draw_flag(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The route's 🚩 and its shadow; the rectangle holding what was drawn (None: nothing, or out of view)."""
        rect = self.flag_rect()
        if rect is None or not rect.colliderect(self.rect):
            return None
        img = icons.icon("flag", rect.w)
        shadow = pygame.Rect(0, 0, max(4, rect.w // 3), max(2, rect.w // 9))
        shadow.center = (rect.x + round(rect.w * 0.25), rect.bottom - 1)
        shade = pygame.Surface(shadow.size, pygame.SRCALPHA)
        pygame.draw.ellipse(shade, (0, 0, 0, 110), shade.get_rect())
        surface.blit(shade, shadow)
        surface.blit(img, rect)
        return rect.union(shadow).inflate(4, 4).clip(self.rect)

    def path_label_rect(self, width: int, screen: tuple[int, int] | None = None) -> pygame.Rect:
        """Where the path's 🐎 label goes: above the last tile, else left of it, below it or right of it,
        whichever hides least. A panel over the board (the prompt at the top, say) or the tile's tooltip
        must not hide it; it should not hide the walking hero (nor the ⏳ where this turn's walk ends, nor the
        route's 🚩), nor, last, the path's other steps (above the tile, a wide label sat on a hero one step up and one across)."""
        x, y = self.cell_center(self.path[-1])
        lift = self.geo.tile_h * self.zoom * 0.32
        pill = pygame.Rect(0, 0, width, 30)
        above, left, below_left, below, right = (pill.copy() for _ in range(5))
        above.midbottom = (round(x), round(y - lift))
        left.midright = (round(x - lift), round(y))         # the tile's tooltip opens right of the mouse
        below_left.topright = (round(x + 12), round(y + lift))
        below.midtop = (round(x), round(y + lift))
        right.midleft = (round(x + lift), round(y))
        panels = list(self.covered)
        tip = self.tooltip_rect(screen)
        if tip is not None:
            panels.append(tip)

        hero, steps = self._path_boxes()
        if self.flag is not None and self.flag in self.path:      # the route's 🚩 at the path's end stays in sight
            hero = hero + [self.flag_rect()]

        def hides(rect):
            return (rect.collidelist(panels) >= 0, rect.collidelist(hero) >= 0, len(rect.collidelistall(steps)))
        candidates = [r.clamp(self.rect.inflate(-8, -8)) for r in (above, left, below_left, below, right)]
        return min(candidates, key=hides)       # the first of the least hidden

    def _path_boxes(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """Boxes around what must stay in sight, the walking hero and the ⏳ where this turn's walk ends (a
        list of one or two, or none), and around the path's steps between (the label and the tooltip both
        ask, every frame: kept while the path and the camera stay)."""
        if len(self.path) < 2:
            return [], []
        key = (tuple(self.path), self.path_today, self.zoom, tuple(self.cam), tuple(self.rect))
        if self._boxes[0] != key:
            side = max(4, round(1.6 * self.geo.tile_h * self.zoom * 0.32))

            def box(cell):
                cx, cy = self.cell_center(cell)
                step = pygame.Rect(0, 0, side, side)
                step.center = (round(cx), round(cy))
                return step
            turn_end = [box(self.path[self.path_today - 1])] if self.path_today and self.path_today > 1 else []
            self._boxes = key, ([box(self.path[0])] + turn_end, [box(cell) for cell in self.path[1:-1]])
        return self._boxes[1]

    def tooltip_rect(self, screen: tuple[int, int] | None = None) -> pygame.Rect | None:
        """Where ``draw_tooltip`` puts the hovered tile's tooltip on a window of size ``screen``."""
        if not self.tooltip_lines or self._dragging:
            return None
        size = screen or (self.rect.right, self.rect.bottom)
        return widgets.tooltip_rect(self.tooltip_lines, self._tooltip_anchor(size), size)

    def _draw_path_label(self, surface: pygame.Surface) -> pygame.Rect | None:
        if not self.path or self.path_cost is None:
            return None
        picture = path_label_picture(str(self.path_cost) + (f"   {self.path_note}" if self.path_note else ""))
        pill = self.path_label_rect(picture.get_width() - 2, surface.get_size())
        return surface.blit(picture, pill.topleft)

    def _token_size(self, scale: float = 0.62) -> int:
        return max(8, round(min(self.geo.tile_w, self.geo.tile_h) * self.zoom * scale))

    def _draw_tokens(self, surface: pygame.Surface, only: set | None = None) -> None:
        cols, rows = self._visible_cells()
        cells = self._by_cell if only is None else [c for c in self._by_cell if c in only]
        for cell in cells:
            if not self._is_visible(cell, cols, rows):
                continue
            tokens = self._by_cell[cell]
            cx, cy = self.cell_center(cell)
            for token, count, slot, slots in token_stack(tokens):
                spread = self._token_size(0.3) if slots > 1 else 0
                x, y = cx + (slot - (slots - 1) / 2) * spread, cy + (slot % 2) * spread * 0.3
                self._draw_token(surface, token, x, y)
                if count > 1:
                    self._draw_count_badge(surface, count, x, y)

    def _draw_count_badge(self, surface: pygame.Surface, count: int, x: float, y: float) -> None:
        """"×2" at a sprite's upper right: two Items dropped on one tile show as one 🎁 and a count."""
        size = self._token_size(0.6)
        label = widgets.text(f"×{count}", max(9, round(size * 0.32)), (255, 255, 255), "bold")
        badge = label.get_rect(center=(round(x + size * 0.36), round(y - size * 0.36))).inflate(8, 2)
        pygame.draw.rect(surface, (30, 20, 10), badge, border_radius=badge.h // 2)
        pygame.draw.rect(surface, (250, 236, 200), badge, 1, border_radius=badge.h // 2)
        surface.blit(label, label.get_rect(center=badge.center))

    def _draw_token(self, surface: pygame.Surface, token, x: float, y: float) -> None:
        big = token.kind == "city"
        size = self._token_size(0.86 if big else 0.6)
        shadow = pygame.Rect(0, 0, size * 0.8, size * 0.26)
        shadow.center = (round(x), round(y + size * 0.38))
        shade = pygame.Surface(shadow.size, pygame.SRCALPHA)
        pygame.draw.ellipse(shade, (0, 0, 0, 90), shade.get_rect())
        surface.blit(shade, shadow)
        img = icons.token_sprite(token.kind, token.owner, getattr(token, "tier", None), size)
        surface.blit(img, img.get_rect(center=(round(x), round(y - size * 0.06))))
        if big and token.owner:
            self._draw_banner(surface, token.owner, x + size * 0.34, y - size * 0.5, size)
        if big and getattr(token, "sieged", False):
            self._draw_siege_badge(surface, x - size * 0.36, y + size * 0.2, size)

    def _draw_blocked_badges(self, surface: pygame.Surface, only: set | None = None) -> None:
        """A Monster on a City blocks it until beaten (R-MOV-7): its token lay under the City's heroes, out of
        sight, so a badge over them says so."""
        cols, rows = self._visible_cells()
        for cell in self._blocked_cells:
            if not self._is_visible(cell, cols, rows) or (only is not None and cell not in only):
                continue
            x, y = self.cell_center(cell)
            size = self._token_size(0.86)
            r = max(6, round(size * 0.27))
            centre = (round(x - size * 0.34), round(y - size * 0.28))
            pygame.draw.circle(surface, (40, 70, 30), centre, r)
            pygame.draw.circle(surface, (250, 236, 200), centre, r, max(1, r // 6))
            img = icons.token_sprite("monster", 0, None, max(8, round(r * 1.7)))
            surface.blit(img, img.get_rect(center=centre))

    def _draw_siege_badge(self, surface: pygame.Surface, x: float, y: float, size: int) -> None:
        """⚔️ on a dark disc at the City's foot: besieged, its walls down (R-CITY-2, R-CITY-3)."""
        r = max(5, round(size * 0.2))
        pygame.draw.circle(surface, (120, 24, 16), (round(x), round(y)), r)
        pygame.draw.circle(surface, (250, 236, 200), (round(x), round(y)), r, max(1, r // 6))
        img = icons.icon("swords", max(6, round(r * 1.5)))
        surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _draw_banner(self, surface: pygame.Surface, seat: int, x: float, y: float, size: int) -> None:
        pole = max(1, size // 30)
        h = size * 0.42
        pygame.draw.line(surface, (50, 30, 14), (x, y), (x, y + h), pole + 1)
        flag = [(x, y), (x + size * 0.26, y + h * 0.2), (x, y + h * 0.42)]
        pygame.draw.polygon(surface, theme.seat_colour(seat), flag)
        pygame.draw.polygon(surface, (30, 20, 10), flag, 1)

    def _draw_heroes(self, surface: pygame.Surface, only: set | None = None) -> None:
        cols, rows = self._visible_cells()
        for hero in self.heroes:
            if not self._is_visible(hero.cell, cols, rows) or (only is not None and hero.cell not in only):
                continue
            x, y = self.world_to_screen(*hero.world) if hero.world else self.cell_center(hero.cell)
            size = self._token_size(0.7)
            ring = pygame.Rect(0, 0, size * 0.95, size * 0.4)
            ring.center = (round(x), round(y + size * 0.34))
            if hero.selected:
                pygame.draw.ellipse(surface, theme.HIGHLIGHT, ring.inflate(10, 8))
                pygame.draw.ellipse(surface, (20, 12, 6), ring.inflate(10, 8), 2)
            img = icons.token_sprite("hero", hero.seat, None, size)
            surface.blit(img, img.get_rect(center=(round(x), round(y - size * 0.1))))


STACK_ORDER = {"city": 0, "mine": 1, "monster": 2, "item": 3, "resource": 4}


@lru_cache(maxsize=64)
def path_label_picture(text: str) -> pygame.Surface:
    """The path's label, a pill with the 🐎 and ``text`` and its shadow 2 px right and 3 down: made once per
    text (three rounded rectangles and two texts were a fifth of a hover frame)."""
    from game.ui.kit.rich_text import render
    label = render(text, 18, theme.INK, "bold")
    horse = icons.icon("move", 24)
    pill = pygame.Rect(0, 0, horse.get_width() + label.get_width() + 18, 30)
    picture = pygame.Surface((pill.w + 2, pill.h + 3), pygame.SRCALPHA)
    pygame.draw.rect(picture, (0, 0, 0), pill.move(2, 3), border_radius=15)
    pygame.draw.rect(picture, (248, 236, 204), pill, border_radius=15)
    pygame.draw.rect(picture, theme.WOOD_DARK, pill, 2, border_radius=15)
    picture.blit(horse, horse.get_rect(midleft=(pill.x + 7, pill.centery)))
    picture.blit(label, label.get_rect(midleft=(pill.x + 11 + horse.get_width(), pill.centery)))
    return picture


def token_stack(tokens) -> list[tuple[object, int, int, int]]:
    """What one tile's tokens show: one sprite per kind with how many there are, placed left to right by
    weight (City, Mine, Monster, Item, Resource) and drawn from the lightest up, so a Monster stays in
    sight over the Items a beaten hero dropped beside it. ``(token, count, slot, slots)`` in drawing order."""
    kinds: dict[str, list] = {}
    for token in sorted(tokens, key=lambda t: STACK_ORDER.get(t.kind, 9)):
        kinds.setdefault(token.kind, []).append(token)
    groups = list(kinds.values())
    return [(group[0], len(group), slot, len(groups)) for slot, group in reversed(list(enumerate(groups)))]


def tooltip_anchor(screen: tuple[int, int], lines: list[str], mouse: tuple[int, int],
                   avoid: Sequence[pygame.Rect] = (), board: pygame.Rect | None = None,
                   first: int = 1) -> tuple[int, int]:
    """Where to anchor a tooltip (``widgets.tooltip_rect``): right of and below the cursor, else flipped to
    its left and/or above it, never under the cursor. It goes where it stays whole in the window, then
    whole on the ``board`` (near the board's right edge a tile's tooltip covered the heroes panel beside
    it), then where it hides least of ``avoid``'s ``first`` boxes (the walking hero and the ⏳ where this
    turn's walk ends), then of the rest (its path's steps: a tooltip on the path hid the very preview it
    explains), then in that order."""
    w, h = widgets.tooltip_size(lines)
    x, y = mouse
    sw, sh = screen

    def cost(place):
        rect = pygame.Rect(x + place[0], y + place[1], w, h)
        outside = (rect.left < 0 or rect.right > sw) + (rect.top < 0 or rect.bottom > sh)
        off_board = board is not None and not board.contains(rect)
        return (outside, off_board, len(rect.collidelistall(list(avoid[:first]))),
                len(rect.collidelistall(list(avoid[first:]))))
    dx, dy = min([(18, 20), (-18 - w, 20), (18, -20 - h), (-18 - w, -20 - h)], key=cost)
    return x + dx - 18, y + dy - 20


def token_label(token) -> str:
    name = TOKEN_NAMES.get(token.kind, token.kind.title())
    if token.kind in ("city", "mine"):
        owner = (getattr(token, "owner_name", "") or theme.SEAT_COLOUR_NAMES.get(token.owner, "neutral")) \
            if token.owner else "neutral"
        tier = f", {str(token.tier).replace('_', ' ').title()}" if getattr(token, "tier", None) else ""
        label = f"{name} ({owner}{tier})"
    else:
        label = name
    return f"{label}: {token.name}" if getattr(token, "name", "") else label
