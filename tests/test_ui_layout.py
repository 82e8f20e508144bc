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
from game.ui.app import App
from game.ui.kit import theme
from game.ui.menus.options import NewGameOptions, OptionalRules, Seat
from game.ui.session import GameSession
from layoutkit import problems, record, recording
from uikit import shipped_map

MAPS = Path(__file__).resolve().parent.parent / "maps"
SIZES = [(1280, 720), (1920, 1080), (1024, 600)]
NAMES = ("Brunhilde Rauh", "Aldric Vanholt", "Cunegonde Mai", "Dietrich Vogt")   # names as long as the title screen allows


def session_on(map_name="meadow.tmx", players=2, mode="normal", seed=3, day_limit=None) -> GameSession:
    path = MAPS / map_name
    seats = [Seat(NAMES[i], i + 1, "human") for i in range(players)]
    options = NewGameOptions(str(path), mode=mode, seats=seats, seed=seed, rules=OptionalRules(day_limit=day_limit))
    return GameSession.start(options, shipped_map(path))


def play_until(session: GameSession, done, limit: int = 5000) -> GameSession:
    """The standard computer player plays every seat until ``done(state)``. The way there is not autosaved
    move by move (most of the time it took), only the moment reached, as after any move."""
    session.autosaver.enabled = False
    try:
        for _ in range(limit):
            if done(session.state):
                break
            assert session.auto_step().ok
        else:
            raise AssertionError("the game never reached the wanted moment")
    finally:
        session.autosaver.enabled = True
    assert session.autosaver.flush(session.state)
    session.take_events()
    return session


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
    """Four players who only end their Daybreaks and turns tie at a one-Day limit: the longest title."""
    from game.engine import legal_actions
    from game.ui.menus.game_over import GameOverScene
    session = session_on("highlands.tmx", players=4, day_limit=1)
    for _ in range(500):
        if session.state.phase == "over":
            break
        assert session.submit(legal_actions(session.state, moves=False)[-1]).ok   # End… is listed last
    session.take_events()
    assert session.state.phase == "over"
    return [board_scene(session), GameOverScene(session)]


def map_error(app):
    from game.ui.menus.map_error import MapErrorScene
    return [MapErrorScene("maps/broken.tmx", ["layer 'ground' is missing: add a tile layer named ground",
                                              "no start slots: place 'start' objects on an object layer"])]


def title_screen(app, tmp_path):
    from game.ui.menus.title import TitleScene
    return [TitleScene(saves_dir=tmp_path)]


def handoff_with_alliance_offers(app):
    """Three hotseat players: the next one's cover shows two alliance offers to answer."""
    session = play_until(session_on("highlands.tmx", players=4), turn_with_heroes)
    scene = board_scene(session)
    state = session.state
    me = state.actor()
    others = [s for s in state.turn_order if s != me and not state.allied(me, s)]
    for other in others[:2]:
        assert session.submit(A.ProposeAlliance(me, other)).ok
    scene.handoff_to = others[0]
    scene.last_human = me
    return [scene]


def vote_dialog(app):
    from game.ui.menus.game_menu import VoteDialog
    session = play_until(session_on("highlands.tmx", players=4), lambda s: s.phase == "turn" and not s.pending)
    board = board_scene(session)
    assert session.submit(A.ProposeRuleChange(session.state.actor(), "legacy_gold_mine", True)).ok
    return [board, VoteDialog(board)]


def save_dialog(app, tmp_path):
    from game.ui.menus.saves import SaveDialog
    session = session_on()
    return [board_scene(session), SaveDialog(session, folder=tmp_path)]


def load_dialog(app, tmp_path):
    from game.engine.save import save_game
    from game.ui.menus.saves import LoadDialog
    session = session_on("highlands.tmx", players=4, mode="campaign")
    save_game(session.state, tmp_path / "a long name for a saved game of four players.json")
    return [LoadDialog(folder=tmp_path)]


def settings_screen(app, tmp_path):
    from game.ui.menus.settings_screen import SettingsScene
    return [SettingsScene()]


SCREENS = [board_daybreak_day1, board_turn_four_players, board_turn_campaign, board_game_over, anchor_panel,
           daybreak_panel, daybreak_panel_campaign, city_screen, city_screen_campaign, battle_screen, game_menu,
           game_over_screen, map_error, title_screen, handoff_with_alliance_offers, vote_dialog, save_dialog,
           load_dialog, settings_screen]
WITH_FOLDER = (title_screen, save_dialog, load_dialog, settings_screen)


def open_screen(build, size, tmp_path):
    app = App(size, headless=True)
    args = (app, tmp_path) if build in WITH_FOLDER else (app,)
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


# --- the board: tooltips, the still picture, the header (issue 11 items 9 and 13, issue 14) -------------------
def rolled_turn(size=(1280, 720), players=4):
    """A human's Day-2 turn on The Highlands with its hero's 🐎 rolled: reach overlay and path preview live."""
    from game.ui.board.scene import GameScene
    session = play_until(session_on("highlands.tmx", players=players), turn_with_heroes)
    app = App(size, headless=True)
    scene = board_scene(session)
    app.push(scene)
    scene.roll()
    scene.dice.clear()
    assert isinstance(scene, GameScene) and scene.reach is not None
    return app, scene


def hover(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(v) for v in pos), rel=(1, 1),
                                    buttons=(0, 0, 0)))


def reachable_points(scene, inside):
    reach, view = scene.reach, scene.view
    cells = [c for c in scene.state.board.topology.cells() if reach.cost(c) is not None and c != reach.start]
    return [view.cell_center(c) for c in cells if inside.collidepoint(view.cell_center(c))]


def passing_under(scene, panel):
    """Tiles in reach, not under a panel, whose path passes under ``panel`` (the log, the minimap)."""
    reach, view = scene.reach, scene.view
    cells = [c for c in scene.state.board.topology.cells() if reach.cost(c) is not None and c != reach.start]
    return [view.cell_center(c) for c in cells if view.rect.collidepoint(view.cell_center(c))
            and not scene._over_log_or_hint(view.cell_center(c)) and not panel.collidepoint(view.cell_center(c))
            and any(panel.collidepoint(view.cell_center(step)) for step in reach.path_to(c))]


def spread(points, n):
    """At most ``n`` of ``points``, evenly spaced through the list."""
    return points[::max(1, len(points) // n)][:n]


def beyond_points(scene, inside):
    """Tiles beyond this turn's 🐎 a path leads to: their preview is the whole way, dashed past the ⏳."""
    reach, view, board = scene.reach, scene.view, scene.state.board
    cells = [c for c in board.topology.cells() if reach.cost(c) is None and board.passable(c)]
    panels = [view.minimap.frame_rect()] if view.minimap else []
    return [view.cell_center(c) for c in cells if inside.collidepoint(view.cell_center(c))
            and not scene._over_log_or_hint(view.cell_center(c))
            and pygame.Rect(view.cell_center(c), (1, 1)).collidelist(panels) < 0]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_tile_tooltips_are_whole_on_screen_and_drawn_over_everything(size, monkeypatch):
    from game.ui.kit import widgets
    from layoutkit import Tracked
    app, scene = rolled_turn(size)
    view = scene.view
    drawn = []
    plain = widgets.draw_tooltip

    def tooltip(surface, lines, pos):
        rect = plain(surface, lines, pos)
        drawn.append((list(lines), rect, len(surface.drawn)))
        return rect
    monkeypatch.setattr(widgets, "draw_tooltip", tooltip)
    corners = [pygame.Rect(view.rect.right - 60, view.rect.y, 60, view.rect.h // 2),      # by the side panel
               pygame.Rect(view.rect.x, view.rect.y + 10, view.rect.w // 2, 80),          # under the top bar
               pygame.Rect(view.rect.x, scene.log_rect.y, scene.log_rect.w, scene.log_rect.h)]   # on the log
    tried = 0
    for corner in corners:
        for point in reachable_points(scene, corner)[:3]:
            hover(app, point)
            drawn.clear()
            screen = Tracked(size)
            scene.draw(screen)
            if not drawn:
                continue
            tried += 1
            lines, rect, after = drawn[-1]
            assert screen.get_rect().contains(rect), (lines, rect)
            assert not rect.collidepoint(point), "the tooltip hides the tile it describes"
            assert not [r for r in screen.drawn[after:] if r.colliderect(rect)], "something was drawn over the tooltip"
    assert tried >= 2



def test_a_click_hides_the_tooltip_of_the_tile_under_the_cursor_until_the_mouse_moves(monkeypatch):
    """A click (the "Pick up" button of a dialog over the board, say) leaves the cursor over a tile: its
    tooltip waits for the mouse to move, as a control's tip does after a click."""
    from game.ui.kit import widgets
    app, scene = rolled_turn()
    drawn = []
    plain = widgets.draw_tooltip
    monkeypatch.setattr(widgets, "draw_tooltip", lambda surface, lines, pos: drawn.append(lines) or plain(surface, lines, pos))
    point = tuple(round(v) for v in spread(reachable_points(scene, scene.view.rect.inflate(-200, -200)), 5)[0])
    hover(app, point)
    app.frame(1 / 30)
    assert drawn, "a hovered tile has its tooltip"
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    drawn.clear()
    app.frame(1 / 30)
    assert drawn == []
    hover(app, (point[0] + 2, point[1]))
    app.frame(1 / 30)
    assert drawn


def test_a_rolls_card_is_drawn_over_the_tooltip_of_the_tile_under_the_cursor(monkeypatch):
    """Played: an item picked up with the dialog's "Pick up" button, its rarity rolls hid under the tooltip of
    the tile left under the cursor. A card is the news of a moment: it is drawn over a tile's tooltip."""
    from game.ui.board.dialogs import DicePopups
    from game.ui.kit import widgets
    app, scene = rolled_turn()
    order = []
    plain_tooltip, plain_dice = widgets.draw_tooltip, DicePopups.draw

    def tooltip(surface, lines, pos):
        rect = plain_tooltip(surface, lines, pos)
        order.append(("tooltip", rect))
        return rect

    def dice(self, *args, **kw):
        cards = plain_dice(self, *args, **kw)
        order.append(("dice", cards[0] if cards else None))
        return cards
    monkeypatch.setattr(widgets, "draw_tooltip", tooltip)
    monkeypatch.setattr(DicePopups, "draw", dice)
    scene.dice.add_event({"purpose": "item_rarity", "expr": "1dP", "faces": [30], "total": 30}, "P1")
    scene.dice.update(0.0)
    scene.draw(pygame.Surface(app.size))
    card = order[-1][1]
    # a tile near the card whose tooltip covers it (a tooltip moves aside for the path it explains)
    for pos in [(card.left - dx, card.top + dy) for dy in (10, 40, 70) for dx in (10, 40, 70)]:
        hover(app, pos)
        order.clear()
        scene.draw(pygame.Surface(app.size))
        if order and order[0][0] == "tooltip" and order[0][1].colliderect(card):
            break
    else:
        raise AssertionError("no tile near the card has a tooltip over it")
    kinds = [kind for kind, _ in order]
    assert kinds == ["tooltip", "dice"], kinds


def test_hover_frames_redraw_only_what_follows_the_mouse(monkeypatch):
    app, scene = rolled_turn()
    points = reachable_points(scene, scene.view.rect.inflate(-80, -80))[:12]
    assert len(points) >= 6
    hover(app, points[0])
    app.frame(1 / 60)
    calls = {"base": 0, "side": 0}
    for name, key in (("_render_base", "base"),):
        original = getattr(scene.view, name)
        monkeypatch.setattr(scene.view, name, lambda *a, o=original, k=key: (calls.__setitem__(k, calls[k] + 1), o(*a)))
    original_side = scene._draw_side
    monkeypatch.setattr(scene, "_draw_side", lambda *a: (calls.__setitem__("side", calls["side"] + 1), original_side(*a)))
    allocated = []
    plain_surface = pygame.Surface
    monkeypatch.setattr(pygame, "Surface", lambda size, *a, **k: (allocated.append(tuple(size)), plain_surface(size, *a, **k))[1])
    previews = 0
    for point in points[1:]:
        hover(app, point)
        app.frame(1 / 60)
        previews += bool(scene.view.path)
    assert previews >= 5                                   # the path preview was drawn in these frames
    assert calls == {"base": 0, "side": 0}                 # the board and the panels were not drawn again
    view = scene.view.rect
    assert not [s for s in allocated if s[0] * s[1] >= view.w * view.h // 4], "a big surface was made per frame"


def test_a_hover_frame_puts_back_only_the_panels_it_drew_over_and_looks_the_same():
    """The log, the prompt and the minimap lie over the board: a hover frame puts them back over the path
    only where it drew (issue 14). The frame is the same, pixel for pixel, as putting back all of them."""
    app, scene = rolled_turn()
    near_log = passing_under(scene, scene.log_rect)
    near_map = reachable_points(scene, scene.view.minimap.rect.inflate(160, 160)) if scene.view.minimap else []
    points = near_log[:6] + near_map[:4] + reachable_points(scene, scene.view.rect)[:4] \
        + spread(beyond_points(scene, scene.view.rect), 4)
    plain_dynamic = scene.view.draw_dynamic
    crossed = dashed = 0
    for point in points:
        hover(app, point)
        dashed += scene.view.path_today is not None
        fast = pygame.Surface(app.screen.get_size())
        scene.draw(fast)
        drawn = plain_dynamic(pygame.Surface(app.screen.get_size()))
        crossed += drawn is not None and any(box.colliderect(scene.log_rect) for box in drawn)
        whole = pygame.Rect(scene.view.rect)
        scene.view._drawn_boxes = lambda label, pts: [pygame.Rect(whole)]        # arrange: the old way, all of it
        slow = pygame.Surface(app.screen.get_size())
        scene.draw(slow)
        del scene.view._drawn_boxes
        assert pygame.image.tobytes(fast, "RGB") == pygame.image.tobytes(slow, "RGB"), point
    assert crossed >= 2, "no path was drawn near the log"
    assert dashed >= 2, "no path past this turn's 🐎 was drawn"


def test_frames_that_put_back_only_what_the_last_one_drew_over_look_like_whole_frames(monkeypatch):
    """Moving the mouse over the board redraws only what the last frame drew over the still picture: the
    path, the tiles' and buttons' tooltips with their shadows, and the window is sent only what changed
    (issue 14). After every frame the window must hold what a whole redraw shows, through toasts, dice and
    a screen over the board coming and going."""
    app, scene = rolled_turn(players=2)
    points = reachable_points(scene, scene.view.rect)
    beyond = beyond_points(scene, scene.view.rect)
    points = points[::max(1, len(points) // 12)][:12] + beyond[::max(1, len(beyond) // 4)][:4]
    buttons = [w.rect.center for w in scene.widgets if w.visible and w.tooltip][:3]
    assert len(points) >= 8 and buttons
    still = scene.still
    whole_blits = []
    monkeypatch.setattr(still, "blit", lambda surface: (whole_blits.append(1), type(still).blit(still, surface)))

    window = app.screen.copy()                  # what the player sees: App.present sends only what changed

    def matches_a_whole_frame(step):
        changed = scene.changed_rects() if app.scene is scene else None
        for rect in [window.get_rect()] if changed is None else changed:
            window.blit(app.screen, rect, area=rect)
        assert pygame.image.tobytes(window, "RGB") == pygame.image.tobytes(app.screen, "RGB"), step
        whole = pygame.Surface(app.screen.get_size())
        kept = still._over, still._shown_on
        scene.draw(whole)                   # another surface: the whole still picture, then the rest
        still._over, still._shown_on = kept
        assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(whole, "RGB"), step

    put_back = resting = dashed = 0
    for i, pos in enumerate(points + buttons + points[::-1]):
        if i == 5:
            scene.toast.show("A toast over the board")
        if i == 9:
            scene.toast.message = ""
        if i == 17:
            scene.dice.add_event({"purpose": "move", "expr": "2d6", "faces": [3, 4], "total": 7})
            scene.dice.update(0)
            scene.dice.rolls[0].age = 1.0           # settled: a tumbling die shows random faces each draw
        if i == 21:
            scene.dice.clear()
        hover(app, pos)
        dashed += scene.view.path_today is not None
        before = len(whole_blits)
        app.frame(1 / 60)
        put_back += len(whole_blits) == before
        matches_a_whole_frame(i)
        if i % 4 == 0:                      # the mouse rests: the same frame again is not drawn at all
            app.frame(1 / 60)
            resting += scene.changed_rects() == []
            matches_a_whole_frame(f"{i}, resting")
    scene.toast.show("Fading", info=True)
    for _ in range(3):
        app.frame(1.0)
        matches_a_whole_frame("toast fading")
    from game.ui.kit.help_overlay import HelpOverlay
    app.push(HelpOverlay(scene))            # a screen over the board, then gone
    app.frame(1 / 60)
    window = app.screen.copy()
    app.pop()
    app.frame(1 / 60)
    matches_a_whole_frame("after an overlay")
    hover(app, points[0])
    app.frame(1 / 60)
    app.dispatch(pygame.event.Event(pygame.WINDOWEXPOSED))     # uncovered: its pixels are sent whole
    app.frame(1 / 60)
    assert scene.changed_rects() is None
    assert resting >= 4, "a frame like the last one was drawn again"
    assert dashed >= 2, "no path past this turn's 🐎 was drawn"
    assert put_back >= len(points), "the frames were drawn whole: nothing here tests putting back"


def test_during_a_vote_the_header_and_heroes_panel_are_the_voters(monkeypatch):
    from game.ui.menus.options import NewGameOptions
    path = MAPS / "meadow.tmx"
    seats = [Seat(NAMES[i], i + 1, "human") for i in range(2)]
    session = GameSession.start(NewGameOptions(str(path), seats=seats, seed=3,
                                               rules=OptionalRules(starting_hero=True)), shipped_map(path))
    play_until(session, lambda s: s.phase == "turn" and not s.pending)
    app = App((1280, 720), headless=True)
    scene = board_scene(session)
    app.push(scene)
    app.frame(1 / 60)
    proposer = session.state.actor()
    assert scene.submit(A.ProposeRuleChange(proposer, "day_limit", True))
    assert session.submit(A.CastVote(proposer, True)).ok
    voter = session.state.actor()
    assert voter != proposer and session.state.pending[0].kind == "vote"
    scene.still.surface = None
    with recording(monkeypatch):
        monkeypatch.setattr(pygame.display, "get_surface", lambda: None)
        record(scene.draw, (1280, 720))
    words = [label for label, _ in scene.still.surface.texts]      # the board under the vote dialog
    name = session.state.players[voter].name
    assert name in words and f"{name}'s heroes" in words
    voters_heroes = {h.name for h in session.state.heroes_of(voter)}
    others = {h.name for h in session.state.heroes_of(proposer)}
    assert voters_heroes & set(words) and not others & set(words)


def test_after_game_over_the_heroes_panel_does_not_say_no_heroes_yet(monkeypatch):
    app = open_screen(board_game_over, (1280, 720), None)
    with recording(monkeypatch):
        drawing = record(app.scene._draw_side, (1280, 720))
    words = " | ".join(label for label, _ in drawing.texts)
    assert "Game over" in words and "No heroes" not in words


@pytest.mark.parametrize("factor", [0.75, 1.5])
def test_the_players_ui_scale_grows_the_board_text_and_still_fits(factor, monkeypatch):
    scene_at_one = open_screen(board_turn_four_players, (1280, 720), None).scene
    top_at_one = scene_at_one.view.rect.y
    theme.set_ui_scale(factor)
    try:
        app = open_screen(board_turn_four_players, (1280, 720), None)
        assert app.scene.view.rect.y == round(top_at_one * factor)
        with recording(monkeypatch):
            monkeypatch.setattr(pygame.display, "get_surface", lambda: None)
            drawing = record(draw_top(app), (1280, 720))
        assert problems(drawing) == []
    finally:
        theme.set_ui_scale(1.0)


@pytest.mark.parametrize("build", [battle_screen, board_turn_campaign, city_screen_campaign, title_screen],
                         ids=lambda b: b.__name__)
def test_the_busiest_screens_draw_at_the_smallest_size_they_are_laid_out_at(build, tmp_path):
    """A window made tiny ended the game in a traceback (a card or panel of negative size): the scenes are
    laid out no smaller than SMALLEST_CANVAS, and each screen draws there."""
    from game.ui.app import SMALLEST_CANVAS
    app = open_screen(build, SMALLEST_CANVAS, tmp_path)
    for pos in ((5, 5), (SMALLEST_CANVAS[0] // 2, SMALLEST_CANVAS[1] // 2)):
        hover(app, pos)
        app.frame(1 / 60)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("map_name", ["highlands.tmx", "free_cities.tmx"])
def test_the_boards_south_east_corner_can_be_seen_and_clicked_clear_of_the_minimap(map_name, size):
    """Play-testers: on The Highlands, scrolled as far as it goes down and right, the corner's tiles lay under
    the minimap. On a hex and a square map, at both sizes, they stand above it, and the mouse reaches them."""
    app = App(size, headless=True)
    scene = board_scene(session_on(map_name))
    app.push(scene)
    view, board = scene.view, scene.state.board
    view.pan(-100000, -100000)
    covers = [view.minimap.frame_rect(), scene.log_rect]
    for cell in [(board.width - 1, board.height - 1), (board.width - 2, board.height - 1)]:
        centre = tuple(round(v) for v in view.cell_center(cell))
        assert view.rect.collidepoint(centre) and pygame.Rect(centre, (1, 1)).collidelist(covers) < 0, cell
        assert view.cell_rect(cell).clip(covers[0]).h <= 2, "the whole tile above the minimap (pixels rounded)"
        hover(app, centre)
        assert view.hover_cell == cell and view.tooltip_lines
