"""The board view: geometry round trips, camera, hover, overlays (headless pygame)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np
import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.board import Board, MapToken
from game.ui.board.view import BoardView, HeroMarker

VARIANTS = [("square", "y", "odd"), ("hex", "y", "odd"), ("hex", "y", "even"),
            ("hex", "x", "odd"), ("hex", "x", "even")]
VIEW = pygame.Rect(0, 0, 1280, 720)


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    yield


def make_view(kind="square", axis="y", index="odd", w=40, h=30, tokens=(), side=37, **kw) -> BoardView:
    board = Board.blank(w, h, kind, stagger_axis=axis, stagger_index=index, tokens=list(tokens))
    if kind == "hex":
        board.tile_width, board.tile_height, board.hex_side_length = (64, 74, side) if axis == "y" else (74, 64, side)
    view = BoardView(board, **kw)
    view.layout(VIEW)
    return view


def motion(pos, buttons=(0, 0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


@pytest.mark.parametrize("kind,axis,index", VARIANTS)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_cell_at_cell_center_round_trip(kind, axis, index, data):
    view = make_view(kind, axis, index, w=17, h=13, show_minimap=False)
    view.zoom_index = data.draw(st.integers(0, len(view.zoom_levels) - 1))
    view.cam = [data.draw(st.floats(-300, 900)), data.draw(st.floats(-300, 900))]
    cell = (data.draw(st.integers(0, 16)), data.draw(st.integers(0, 12)))
    center = view.cell_center(cell)
    if VIEW.collidepoint(center):
        assert view.cell_at(center) == cell
    else:
        assert view.cell_at(center) is None


@pytest.mark.parametrize("kind,axis,index", VARIANTS)
def test_every_cell_center_maps_back_at_zoom_one(kind, axis, index):
    view = make_view(kind, axis, index, w=9, h=7, show_minimap=False)
    for cell in view.board.topology.cells():
        assert view.geo.cell_at(*view.geo.cell_center(cell)) == cell


@pytest.mark.parametrize("kind,axis,index", VARIANTS)
def test_cell_rect_holds_the_center(kind, axis, index):
    view = make_view(kind, axis, index, show_minimap=False)
    cell = (5, 4)
    assert view.cell_rect(cell).collidepoint(view.cell_center(cell))


def test_hex_pixel_geometry_follows_tiled():
    view = make_view("hex", "y", "odd", w=4, h=3, side=37, show_minimap=False)
    geo = view.geo
    # pointy hexes 64x74, side 37: rows 55.5 -> Tiled rounds tile height to even: 74, offset 18
    assert (geo.side_offset_y, geo.row_height) == (18, 55)
    assert geo.cell_origin((0, 1)) == (32, 55)      # odd row shifted right by half a tile
    assert geo.cell_origin((1, 0)) == (64, 0)
    assert geo.pixel_size == (4 * 64 + 32, 3 * 55 + 18)
    flat = make_view("hex", "x", "even", w=3, h=3, side=37, show_minimap=False).geo
    assert flat.cell_origin((0, 0)) == (0, flat.row_height)   # even column shifted down
    assert flat.cell_origin((1, 0)) == (flat.column_width, 0)


@pytest.mark.parametrize("kind,axis,index", VARIANTS)
def test_wheel_zoom_keeps_the_cell_under_the_cursor(kind, axis, index):
    view = make_view(kind, axis, index, w=60, h=50, show_minimap=False)
    pos = (700, 300)
    view.handle_event(motion(pos))
    before = view.cell_at(pos)
    world = view.screen_to_world(*pos)
    zoom = view.zoom
    view.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert view.zoom > zoom
    assert view.cell_at(pos) == before
    assert view.screen_to_world(*pos) == pytest.approx(world)
    view.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    view.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert view.zoom < zoom
    assert view.cell_at(pos) == before


def test_zoom_out_stops_where_the_whole_map_is_in_view():
    """Played on The Skirmish: the view stopped zooming out where the map still filled it, so the small
    board was never seen whole; it now stops at the nearest zoom that shows all of it."""
    view = make_view(show_minimap=False)
    for _ in range(30):
        view.zoom_at((640, 360), 1)
    assert view.zoom == max(view.zoom_levels)
    for _ in range(30):
        view.zoom_at((640, 360), -1)
    mw, mh = view.geo.pixel_size
    assert mw * view.zoom <= VIEW.w and mh * view.zoom <= VIEW.h, "the whole map in view"
    closer = view.zoom_levels[view.zoom_levels.index(view.zoom) + 1]
    assert mw * closer > VIEW.w or mh * closer > VIEW.h, "the nearest such zoom, no further"
    x, y, w, h = view.camera_world_rect()
    assert x < 0 and abs((x + w / 2) - mw / 2) < 1, "a map smaller than the view is centred"


@pytest.mark.parametrize("kind,axis,index", VARIANTS)
@settings(max_examples=40, deadline=None)
@given(moves=st.lists(st.tuples(st.sampled_from(["pan", "zoom", "centre"]), st.integers(-3000, 3000),
                                st.integers(-3000, 3000)), max_size=12),
       size=st.sampled_from([(990, 664), (1630, 1024), (734, 544)]))
def test_camera_never_shows_space_past_the_map_edge(kind, axis, index, moves, size):
    view = make_view(kind, axis, index, w=14, h=11, show_minimap=False)
    view.layout(pygame.Rect((0, 56), size))
    for move, a, b in moves:
        if move == "pan":
            view.pan(a, b)
        elif move == "zoom":
            view.zoom_at((abs(a) % size[0], 56 + abs(b) % size[1]), 1 if a > 0 else -1)
        else:
            view.center_on((abs(a) % 14, abs(b) % 11))
        x, y, w, h = view.camera_world_rect()
        mw, mh = view.geo.pixel_size
        for start, shown, whole in ((x, w, mw), (y, h, mh)):
            if shown <= whole + 1e-6:              # the map is bigger than the view: nothing past its edges
                assert start >= -1e-6 and start + shown <= whole + 1e-6
            else:                                  # zoomed out past it: the map is centred
                assert abs(start + shown / 2 - whole / 2) < 1e-6


@pytest.mark.parametrize("button", [1, 2, 3])
def test_dragging_pans_the_map(button):
    clicks = []
    view = make_view(w=80, h=60, show_minimap=False, on_cell_click=lambda c, b: clicks.append(c))
    start = (640, 360)
    grabbed = view.screen_to_world(*start)
    view.handle_event(down(start, button))
    view.handle_event(motion((620, 350)))
    view.handle_event(motion((540, 320)))
    view.handle_event(up((540, 320), button))
    assert view.screen_to_world(540, 320) == pytest.approx(grabbed)
    assert clicks == []          # a drag is not a click


def test_click_without_drag_reports_the_cell():
    clicks = []
    view = make_view(show_minimap=False, on_cell_click=lambda c, b: clicks.append((c, b)))
    cell = view.cell_at(VIEW.center)
    pos = tuple(round(v) for v in view.cell_center(cell))
    view.handle_event(down(pos))
    view.handle_event(motion((pos[0] + 2, pos[1] + 1)))
    view.handle_event(up((pos[0] + 2, pos[1] + 1)))
    assert clicks == [(cell, 1)]


def test_arrow_keys_pan():
    view = make_view(w=80, h=60, show_minimap=False)
    cam = list(view.cam)
    view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    view.update(0.1)
    view.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0))
    view.update(0.1)
    moved = view.cam[0] - cam[0]
    assert moved > 0 and view.cam[1] == cam[1]
    view.update(0.1)
    assert view.cam[0] - cam[0] == moved     # released: no more panning


def test_hover_sets_tooltip_text():
    tokens = [MapToken("city", (5, 5), owner=2, tier="villa"), MapToken("monster", (5, 5))]
    view = make_view(w=10, h=10, tokens=tokens, show_minimap=False)
    view.board.move_cost[5, 5] = 2
    view.set_heroes([HeroMarker((5, 5), 1, "Aldric")])
    view.handle_event(motion(tuple(round(v) for v in view.cell_center((5, 5)))))
    assert view.hover_cell == (5, 5)
    text = "\n".join(view.tooltip_lines)
    assert "Grass" in text and "Move cost: 2" in text
    assert "City (Azure, Villa)" in text and "Monster" in text and "Hero Aldric" in text
    view.handle_event(motion((-50, -50)))
    assert view.tooltip_lines == []


def test_minimap_click_jumps_the_camera():
    view = make_view(w=80, h=60)
    mini = view.minimap.rect
    target = (mini.right - 4, mini.bottom - 4)
    view.handle_event(down(target))
    view.handle_event(up(target))
    cx, cy = view.screen_to_world(*VIEW.center)
    wx, wy = view.minimap.mini_to_world(target)
    assert (cx, cy) != pytest.approx((0, 0))
    # the view centres on the clicked point unless the camera hits the map's edge margin
    x, y, w, h = view.camera_world_rect()
    assert x + w > wx * 0.9 and y + h > wy * 0.9


def test_rendered_frame_shows_the_city_token():
    city = MapToken("city", (4, 4), owner=1, tier="castle")
    view = make_view("hex", "y", "odd", w=10, h=8, tokens=[city], show_minimap=False)
    empty = make_view("hex", "y", "odd", w=10, h=8, show_minimap=False)
    frames = []
    for v in (view, empty):
        surface = pygame.Surface(VIEW.size)
        v.draw(surface)
        frames.append(surface)
    cx, cy = (round(c) for c in view.cell_center((4, 4)))
    differing = sum(frames[0].get_at((cx + dx, cy + dy)) != frames[1].get_at((cx + dx, cy + dy))
                    for dx in range(-10, 11, 2) for dy in range(-10, 11, 2))
    assert differing > 40
    background = (28, 40, 52)
    assert frames[0].get_at((cx, cy))[:3] != background


def test_reach_and_path_overlays_draw_and_dim():
    view = make_view(w=12, h=10, show_minimap=False)
    costs = -np.ones((10, 12), dtype=int)
    costs[5, 5:9] = [0, 1, 2, 3]
    stop = np.zeros((10, 12), dtype=bool)
    stop[5, 8] = True
    base = pygame.Surface(VIEW.size)
    view.draw(base)
    view.set_reach(costs, stop)
    view.set_path([(5, 5), (6, 5), (7, 5), (8, 5)], 3)
    shown = pygame.Surface(VIEW.size)
    view.draw(shown)
    view.center_on((1, 1))
    far = tuple(round(v) for v in view.cell_center((1, 1)))
    base, shown = pygame.Surface(VIEW.size), pygame.Surface(VIEW.size)
    view.set_reach(None)
    view.draw(base)
    view.set_reach(costs, stop)
    view.draw(shown)
    assert sum(shown.get_at(far)[:3]) < sum(base.get_at(far)[:3])          # out of reach: dimmed
    assert view.in_reach((6, 5)) and not view.in_reach((1, 1))
    view.clear_overlays()
    assert view.path == [] and not view.in_reach((6, 5))


def test_a_path_longer_than_this_turn_is_dashed_past_an_hourglass(monkeypatch):
    """Past the ⏳ where this turn's walk ends the path is one pale dash a step, and its end a hollow ring."""
    from game.ui.kit import icons
    asked = []
    plain_icon = icons.icon
    monkeypatch.setattr(icons, "icon", lambda name, size: (asked.append(name), plain_icon(name, size))[1])
    view = make_view(w=12, h=10, show_minimap=False)
    cells = [(c, 5) for c in range(2, 10)]
    frames = {}
    for today in (None, 4):
        view.set_path(cells, 7, "2 days", today=today)
        asked.clear()
        frames[today] = pygame.Surface(VIEW.size)
        view.draw(frames[today], tooltip=False)
        frames[today, "hourglass"] = "hourglass" in asked
    assert not frames[None, "hourglass"] and frames[4, "hourglass"]

    def at(cell_a, cell_b, f):
        (ax, ay), (bx, by) = view.cell_center(cell_a), view.cell_center(cell_b)
        return round(ax + (bx - ax) * f), round(ay + (by - ay) * f)
    solid, pale, end = (255, 226, 120), (236, 226, 200), (230, 80, 40)
    assert frames[None].get_at(at(cells[1], cells[2], 0.5))[:3] == solid == frames[4].get_at(at(cells[1], cells[2], 0.5))[:3]
    assert frames[None].get_at(at(cells[5], cells[6], 0.5))[:3] == solid
    assert frames[4].get_at(at(cells[5], cells[6], 0.5))[:3] == pale               # a dash...
    assert frames[4].get_at(at(cells[5], cells[6], 0.1))[:3] not in (solid, pale)   # ...and a gap
    last = tuple(round(v) for v in view.cell_center(cells[-1]))
    assert frames[None].get_at(last)[:3] == end and frames[4].get_at(last)[:3] != end


def test_the_tooltip_keeps_clear_of_the_hourglass_before_the_paths_other_steps():
    """A four-line tooltip over a long path covers some step wherever it goes: it hid the ⏳ it talks of."""
    from game.ui.board.view import tooltip_anchor
    from game.ui.kit import widgets
    view = make_view(w=12, h=10, show_minimap=False)
    cells = [(c, 5) for c in range(2, 10)]
    view.set_path(cells, 7, "2 days", today=4)
    hero, steps = view._path_boxes()
    assert len(hero) == 2 and hero[1].center == tuple(round(v) for v in view.cell_center(cells[3]))
    lines = ["Grass", "Move cost: 1", "Out of reach this turn: 🐎9 away, Ann has 🐎3 left",
             "2 days' walk: a click walks 🐎3 of it now, to the ⏳"]
    w, h = widgets.tooltip_size(lines)
    mouse = (400, 300)
    below_right = pygame.Rect(mouse[0] + 30, mouse[1] + 30, 8, 8)            # the ⏳ where the tip would go
    above_right = [pygame.Rect(mouse[0] + 40 + 20 * i, mouse[1] - 40, 8, 8) for i in range(2)]   # two steps
    at = tooltip_anchor(VIEW.size, lines, mouse, [hero[0], below_right] + above_right, first=2)
    assert not widgets.tooltip_rect(lines, at, VIEW.size).colliderect(below_right)


def test_a_long_paths_frame_notes_only_what_it_drew_not_the_box_round_it():
    """The next hover frame puts back what this one drew: one box round a path across the board was most of
    the board (bench_screen's far row: 2.2x its floor on The Meadow)."""
    view = make_view(w=40, h=30, show_minimap=False)
    view.zoom_index = 3
    view.center_on((10, 8))
    cells = [(c, c // 2 + 2) for c in range(4, 17)] + [(16, r) for r in range(11, 13)]
    view.set_path(cells, 14, "2 days", today=6)
    surface = pygame.Surface(VIEW.size)
    view.draw_base(surface)
    drawn = view.draw_dynamic(surface)
    outline = drawn[0].unionall(drawn[1:])
    assert sum(box.w * box.h for box in drawn) < outline.w * outline.h / 3
    for cell in cells:
        assert pygame.Rect(0, 0, 1, 1).move(*map(round, view.cell_center(cell))).collidelist(drawn) >= 0


def test_a_routes_flag_is_drawn_over_the_base_and_every_pixel_of_it_noted(monkeypatch):
    """The 🚩 where a hero's route leads is drawn with the path preview: the next frame puts back only the
    boxes this one noted, so a pixel of the flag outside them would stay on the board after it went."""
    from game.ui.kit import icons
    asked = []
    plain_icon = icons.icon
    monkeypatch.setattr(icons, "icon", lambda name, size: (asked.append(name), plain_icon(name, size))[1])
    view = make_view(w=12, h=10, show_minimap=False)
    surface = pygame.Surface(VIEW.size)
    view.draw_base(surface)
    assert view.draw_dynamic(surface) is None
    bare, key = surface.copy(), view.dynamic_key()
    view.set_flag((6, 5))
    assert view.dynamic_key() != key                        # a frame with the flag is not the frame without
    drawn = view.draw_dynamic(surface)
    assert "flag" in asked and drawn and any(box.contains(view.flag_rect()) for box in drawn)
    assert pygame.image.tobytes(surface, "RGB") != pygame.image.tobytes(bare, "RGB")
    for box in drawn:
        surface.blit(bare, box, area=box)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(bare, "RGB")
    view.set_flag(None)
    assert view.dynamic_key() == key and view.draw_dynamic(surface) is None


def test_the_paths_label_keeps_clear_of_the_routes_flag_at_its_end():
    """The label sat above the path's last tile, right over the 🚩 planted there."""
    view = make_view(w=12, h=10, show_minimap=False)
    cells = [(c, 5) for c in range(2, 8)]
    view.set_path(cells, 5)
    above = view.path_label_rect(80)
    view.set_flag(cells[-1])
    assert above.colliderect(view.flag_rect())           # where the label would go
    assert not view.path_label_rect(80).colliderect(view.flag_rect())


def test_large_map_frame_blits_only_visible_chunks():
    view = make_view(w=128, h=128, show_minimap=True)
    surface = pygame.Surface(VIEW.size)
    view.draw(surface)
    from game.ui.board.terrain import CHUNK
    meeting_the_view = (-(-VIEW.w // CHUNK) + 1) * (-(-VIEW.h // CHUNK) + 1)     # 12 for 512-pixel chunks
    assert 0 < len(view.terrain._opaque) <= meeting_the_view


def test_bench_screen_json_has_the_promised_rows(capsys):
    """tools/bench_screen.py --json: one row per map, size and state with ms, the floor and their ratio (issue 14)."""
    import json
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import bench_screen
    assert bench_screen.main(["--json", "--frames", "3", "--maps", "meadow", "--sizes", "1024x600"]) == 0
    rows = json.loads(capsys.readouterr().out)["results"]
    assert [(r["map"], r["size"], r["state"]) for r in rows] == [("meadow.tmx", "1024x600", "idle"),
                                                                ("meadow.tmx", "1024x600", "hover"),
                                                                ("meadow.tmx", "1024x600", "far")]
    for row in rows:
        assert set(row) == {"map", "size", "state", "ms", "floor_ms", "ratio"}
        assert row["ms"] > 0 and row["floor_ms"] > 0
        assert row["ratio"] == pytest.approx(row["ms"] / row["floor_ms"], abs=0.01)
    with pytest.raises(SystemExit):
        bench_screen.main(["--maps", "atlantis"])
    assert "choose from" in capsys.readouterr().err


def test_a_monster_stays_on_top_of_the_items_dropped_beside_it_and_two_items_show_a_count():
    """Played: a hero beaten by a Monster dropped two Items on its tile, and the two 🎁 hid the Monster;
    now one 🎁 with "×2" lies behind the Monster, which is drawn last."""
    from game.ui.board.view import token_stack
    monster, item_a, item_b = MapToken("monster", (4, 4)), MapToken("item", (4, 4)), MapToken("item", (4, 4))
    stack = token_stack([item_a, monster, item_b])
    assert [(t.kind, count, slot, slots) for t, count, slot, slots in stack] == [("item", 2, 1, 2), ("monster", 1, 0, 2)]
    frames = {}
    for name, tokens in (("two", [item_a, monster, item_b]), ("one", [item_a, monster])):
        view = make_view("square", w=10, h=8, tokens=tokens, show_minimap=False)
        surface = pygame.Surface(VIEW.size)
        view.draw(surface)
        frames[name] = pygame.surfarray.array3d(surface)
    assert (frames["two"] != frames["one"]).any(axis=2).sum() > 30, "two Items carry a count badge"


@pytest.mark.parametrize("w,h", [(40, 30), (8, 6)])
def test_a_tile_under_the_log_can_be_panned_into_the_clear(w, h):
    """Played on Meadow Ford: a rival hero stood on a bottom-row tile under the log, which takes the
    mouse; the map may now be pulled up past its edge by the log's height (and no further)."""
    bottom = (1, h - 1)
    for covered in (0, 150):
        view = make_view(w=w, h=h, show_minimap=False)
        view.covered_bottom = covered
        view.pan(0, -5000)
        y = view.cell_center(bottom)[1]
        if covered:
            assert y < VIEW.bottom - covered
            x, top, vw, vh = view.camera_world_rect()
            assert top + vh <= view.geo.pixel_size[1] + (covered + max(0, VIEW.h - view.geo.pixel_size[1] * view.zoom) / 2) / view.zoom + 1e-6
        else:
            assert y > VIEW.bottom - 150, "the map alone never leaves space past its edge"


@pytest.mark.parametrize("kind,axis,index", VARIANTS)
@pytest.mark.parametrize("size", [(990, 664), (1630, 1024)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_south_east_corner_comes_out_from_under_the_minimap(kind, axis, index, size):
    """Play-testers: scrolled as far as it goes to the bottom right, the tiles of that corner lay under the
    minimap, out of sight and reach. At every zoom the map can be pulled up past its foot until the last
    tiles stand above the minimap, and a click there reaches the tile."""
    clicks = []
    w, h = 40, 30
    view = make_view(kind, axis, index, w=w, h=h, side=36,      # the shipped maps' even side: hexes fill the map's size
                     on_cell_click=lambda cell, button: clicks.append(cell))
    view.layout(pygame.Rect((0, 56), size))                       # a board beside the side panel, below the top bar
    frame = view.minimap.frame_rect()
    view.zoom_at(view.rect.center, -30)
    corner = [(c, r) for c in range(w - 2, w) for r in range(h - 2, h)]
    for _ in range(len(view.zoom_levels)):
        view.pan(-100000, -100000)                                # as far as it goes, down and right
        for cell in corner:
            box = pygame.Rect(view.cell_rect(cell)).clip(view.rect)
            assert box.w and box.h and box.clip(frame).h <= 2, (view.zoom, cell)     # (pixels rounded)
            centre = view.cell_center(cell)
            view.handle_event(motion(centre))
            view.handle_event(down(centre))
            view.handle_event(up(centre))
            assert view.hover_cell == cell and clicks[-1] == cell, (view.zoom, cell)
        view.zoom_at(view.rect.center, 1)


def test_a_tiles_tooltip_near_the_boards_right_edge_opens_to_its_left():
    """Played: near the board's right edge a tile's tooltip spread over the heroes panel beside the board
    (the window had room for it there); it opens to the left of the mouse, on the board, when it fits."""
    view = make_view(w=40, h=30, show_minimap=False)
    screen = (VIEW.right + 300, VIEW.bottom)             # a side panel 300 px wide right of the board
    view.handle_event(motion((VIEW.right - 20, VIEW.centery)))
    assert view.tooltip_lines
    assert VIEW.contains(view.tooltip_rect(screen))
    view.handle_event(motion(VIEW.center))              # in the middle it opens right of the mouse as before
    assert view.tooltip_lines and view.tooltip_rect(screen).left > view.mouse[0]
