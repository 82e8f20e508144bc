"""A walk over several days is remembered: a click past this turn's 🐎 walks this turn's part and leaves the
hero a route, a 🚩 where it leads; the next turns show the rest of the way and G goes on along it."""
import pygame
import pytest

from game.engine import actions as A
from game.ui.board.routes import routes
from tests.test_ui_board_hover import hover, put, rolled_with_the_whole_map
from tests.uikit import click

pytestmark = pytest.mark.usefixtures("no_hints")


def key(scene, k, mod=0):
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def move_mouse(scene, pos):
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(v) for v in pos), rel=(0, 0),
                                          buttons=(0, 0, 0)))


def on_to_the_turn_of(scene, seat):
    """Space ends this turn, and the Daybreaks (a Daybreak token placed on a free tile), until ``seat``'s turn
    starts; the questions on the way get their first answer and each handoff is taken."""
    key(scene, pygame.K_SPACE)
    for _ in range(40):
        state = scene.state
        if scene.handoff_to is not None:
            click(scene, scene.handoff_button.rect.center)
        elif scene.app.scene is not scene:                      # "End the Daybreak with no hero?"
            click(scene.app.scene, scene.app.scene.ok.rect.center)
        elif scene.dialog is not None:
            key(scene, pygame.K_RETURN)
        elif state.phase == "turn" and scene.actor == seat:
            return
        elif state.pending and state.pending[0].kind == "place_token":
            free = next(iter(state.unoccupied_cells()))
            click(scene, hover(scene, free))
        else:
            key(scene, pygame.K_SPACE)
    raise AssertionError(f"seat {seat}'s turn never came")


def settle(scene):
    """Frames until the walking hero gets there (the board waits for it: Undo, the pickup offer)."""
    for _ in range(200):
        if not scene.walks:
            return
        scene.update(0.1)
    raise AssertionError("the hero never got there")


def two_days_away(scene, hero, whole):
    """The dearest clear tile (nothing on it or on the way) that the next turn's least roll gets to; else
    the nearest clear tile past this turn's 🐎 (nothing said of the way)."""
    left = hero.moves_left
    beyond = sorted((c for c in whole.cells() if left < whole.cost(c) and empty(scene, c)), key=whole.cost)
    clear = [c for c in beyond if whole.cost(c) <= left + 9 and all(empty(scene, step) for step in whole.path_to(c))]
    return clear[-1] if clear else beyond[0]


def empty(scene, cell):
    return not scene.state.tokens_at(cell) and not scene.state.heroes_at(cell)


def walked_part_of_the_way(scene=None):
    """A rolled hero clicks a clear tile two Days away (``two_days_away``): it walks to the ⏳.
    Returns (scene, hero, the tile)."""
    if scene is None:
        scene, hero, whole = rolled_with_the_whole_map()
    else:
        from game.board.pathfinding import MAX_BUDGET
        from game.engine import hero_reach
        hero = scene.state.heroes[scene.selected]
        whole = hero_reach(scene.state, hero, budget=MAX_BUDGET)
    target = two_days_away(scene, hero, whole)
    click(scene, hover(scene, target))
    settle(scene)
    assert isinstance(scene.state.actions[-1], A.Move) and hero.cell != target
    assert routes(scene.session).to.get(hero.id) == target          # the hero keeps where it was going
    return scene, hero, target


def preview(view):
    return list(view.path), view.path_today, view.path_cost, view.path_note


@pytest.mark.rule("R-MOV-1")
def test_a_far_click_leaves_a_flag_and_next_turn_g_rolls_and_walks_on_to_it():
    """The hero forgot where it was going: next turn the player had to find the far tile again."""
    scene, hero, target = walked_part_of_the_way()
    seat = hero.owner
    assert routes(scene.session).to == {hero.id: target} and scene.view.flag == target
    on_to_the_turn_of(scene, 3 - seat)
    assert scene.state.heroes[scene.selected].owner != seat and scene.view.flag is None    # not the rival's to see
    on_to_the_turn_of(scene, seat)
    assert scene.selected == hero.id and hero.moves_left is None and scene.view.flag == target
    count = len(scene.state.actions)
    key(scene, pygame.K_g)
    rolled, walked = scene.state.actions[count:]
    assert rolled == A.RollMovement(seat, hero.id)                  # G rolls first, as R does (R-MOV-1)...
    assert isinstance(walked, A.Move) and walked.path[-1] == target == hero.cell     # ...and walks the rest
    assert hero.id not in routes(scene.session).to and scene.view.flag is None      # arrived: forgotten


def test_hotseat_players_each_keep_their_own_route():
    scene, hero, target = walked_part_of_the_way()
    seat = hero.owner
    on_to_the_turn_of(scene, 3 - seat)
    click(scene, scene.roll_button.rect.center)
    _, rival, rival_target = walked_part_of_the_way(scene)
    assert scene.view.flag == rival_target
    on_to_the_turn_of(scene, seat)
    assert scene.view.flag == target
    on_to_the_turn_of(scene, 3 - seat)
    assert scene.view.flag == rival_target
    assert routes(scene.session).to == {hero.id: target, rival.id: rival_target}


def next_turn_with_few_moves(moves=3):
    """The hero's turn after the far click, rolled, with only ``moves`` 🐎 (arranged): the 🚩 still a turn away."""
    scene, hero, target = walked_part_of_the_way()
    on_to_the_turn_of(scene, 3 - hero.owner)
    on_to_the_turn_of(scene, hero.owner)
    key(scene, pygame.K_r)
    hero.moves_left = moves
    scene.refresh()
    assert scene.reach.cost(target) is None
    return scene, hero, target


@pytest.mark.rule("R-MOV-1")
def test_where_the_mouse_shows_no_other_path_the_preview_shows_the_route():
    scene, hero, target = next_turn_with_few_moves()
    view = scene.view
    hover(scene, target)
    way = preview(view)
    assert way[0][0] == hero.cell and way[0][-1] == target and way[1] is not None and way[3].endswith("days")
    hover(scene, hero.cell)
    assert preview(view) == way                                   # over the hero itself
    move_mouse(scene, scene.side.center)
    assert view.hover_cell is None and preview(view) == way       # over the side panel
    move_mouse(scene, scene.log_rect.center)
    assert preview(view) == way                                   # over the log
    near = next(c for c in scene.reach.cells() if c != hero.cell and c not in way[0])
    hover(scene, near)
    assert view.path[-1] == near and view.path_today is None       # a tile of its own: its own path


@pytest.mark.rule("R-MOV-1", "R-MOV-3")
def test_g_short_of_the_flag_walks_this_turns_part_as_a_click_on_it_would():
    scene, hero, target = next_turn_with_few_moves()
    trip = scene._trip(target)
    count = len(scene.state.actions)
    key(scene, pygame.K_g)
    assert scene.state.actions[count:] == [A.Move(hero.owner, hero.id, trip.path[:trip.today])]
    assert routes(scene.session).to[hero.id] == target and scene.view.flag == target    # still on its way


@pytest.mark.rule("R-MOV-3", "R-MOV-6")
@pytest.mark.parametrize("kind", ["item", "monster"])
def test_g_that_reaches_the_flag_deals_with_what_is_there(kind):
    """The player pointed at the tile: the pickup or the fight at its end is the walk's (a click's too),
    while this turn's part of the way stopped short of nothing."""
    scene, hero, whole = rolled_with_the_whole_map()
    target = two_days_away(scene, hero, whole)
    token = put(scene, kind, target)
    click(scene, hover(scene, target))
    assert routes(scene.session).to == {hero.id: target}
    on_to_the_turn_of(scene, 3 - hero.owner)
    on_to_the_turn_of(scene, hero.owner)
    key(scene, pygame.K_g)
    settle(scene)
    assert scene.state.actions[-1].path[-1] == target
    if kind == "item":
        assert hero.cell == target and scene.dialog is not None and scene._pickup_offer == hero.id    # R-MOV-3
    else:
        assert scene.state.interaction is not None or scene.state.battle is not None or token.id not in scene.state.tokens
    assert hero.id not in routes(scene.session).to


def test_another_click_forgets_the_route_and_undo_puts_it_back():
    scene, hero, target = walked_part_of_the_way()
    key(scene, pygame.K_u)                                 # the far click taken back: no route with it
    assert scene.state.actions[-1] == A.RollMovement(hero.owner, hero.id)
    assert routes(scene.session).to == {} and scene.view.flag is None
    scene, hero, target = walked_part_of_the_way(scene)
    on_to_the_turn_of(scene, 3 - hero.owner)
    on_to_the_turn_of(scene, hero.owner)
    key(scene, pygame.K_r)
    elsewhere = next(c for c in scene.reach.cells() if c != hero.cell and empty(scene, c)
                     and target not in scene.reach.path_to(c) and not scene.reach.is_stop(c))
    click(scene, hover(scene, elsewhere))
    settle(scene)
    assert hero.cell == elsewhere and routes(scene.session).to == {} and scene.view.flag is None
    key(scene, pygame.K_z, pygame.KMOD_CTRL)               # that move taken back: the route with it
    assert scene.state.heroes[hero.id].cell != elsewhere and routes(scene.session).to == {hero.id: target} and scene.view.flag == target


def test_a_route_no_path_leads_along_is_forgotten_with_one_toast():
    scene, hero, target = walked_part_of_the_way()
    scene.toast.message = ""
    scene.state.board.move_cost[target[1], target[0]] = 0            # arrange: the tile becomes impassable
    scene.refresh()
    assert scene.toast.message == f"{hero.name}'s route to the 🚩 is blocked: choose another way"
    assert routes(scene.session).to == {} and scene.view.flag is None
    scene.toast.message = ""
    scene.refresh()
    assert scene.toast.message == ""                                  # said once


def test_a_hero_gone_takes_its_route_with_it():
    scene, hero, target = walked_part_of_the_way()
    del scene.state.heroes[hero.id]                                    # arrange: the hero fell
    scene.refresh()
    assert routes(scene.session).to == {} and scene.view.flag is None


def test_the_route_outlives_a_screen_pushed_over_the_board():
    scene, hero, target = walked_part_of_the_way()
    key(scene, pygame.K_ESCAPE)
    menu = scene.app.scene
    assert menu is not scene
    scene.app.pop()
    assert scene.app.scene is scene and scene.view.flag == target


def test_the_prompt_and_the_help_tell_of_g_and_g_without_a_route_says_so(monkeypatch):
    from game.ui.board import scene as board_scene
    from game.ui.board.hover import days_text
    from game.ui.kit.help_overlay import SCREEN_HELP
    assert any(keys == "G" for keys, _ in SCREEN_HELP["GameScene"][1])
    scene, hero, target = next_turn_with_few_moves()
    days = days_text(scene._trip(target).days)
    said = []
    plain = board_scene.render
    monkeypatch.setattr(board_scene, "render", lambda text, *a, **k: (said.append(text), plain(text, *a, **k))[1])
    scene._draw_prompt(pygame.Surface(scene.app.size))
    assert said[0] == f"{hero.name}: 🐎3 — click a lit tile to move, or G to go on to the 🚩 ({days})"
    routes(scene.session).to.clear()
    key(scene, pygame.K_g)
    assert scene.toast.message.startswith(f"{hero.name} has no route to go on along")


def test_the_flag_comes_and_goes_without_a_stale_pixel():
    """The 🚩 is drawn over the still picture with the path preview: the frames that put back only what the
    last one drew must still look like whole frames when the 🚩 comes, the hero changes and the route ends."""
    from game.engine.state import Hero
    scene, hero, target = walked_part_of_the_way()
    app, still = scene.app, scene.still
    other = Hero(id=scene.state.new_id(), owner=hero.owner, cell=scene.state.cities_of(hero.owner)[0].cell)
    scene.state.heroes[other.id] = other                  # arrange: a second hero to select
    scene.refresh()
    scene.dice.clear()
    app.frame(1 / 60)
    window = app.screen.copy()

    def frame(step, pos=None):
        if pos is not None:
            app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(v) for v in pos), rel=(1, 1),
                                            buttons=(0, 0, 0)))
        app.frame(1 / 60)
        changed = scene.changed_rects()
        for rect in [window.get_rect()] if changed is None else changed:
            window.blit(app.screen, rect, area=rect)
        whole = pygame.Surface(app.screen.get_size())
        kept = still._over, still._shown_on
        scene.draw(whole)
        still._over, still._shown_on = kept
        assert pygame.image.tobytes(window, "RGB") == pygame.image.tobytes(whole, "RGB"), step

    scene.view.center_on(target)
    flag = scene.view.flag_rect()
    frame("the flag", scene.view.rect.topleft)
    frame("the mouse on it", flag.center)
    assert scene.view.draw_dynamic(pygame.Surface(app.screen.get_size())) is not None
    frame("the mouse away", scene.side.center)
    assert still._over and any(box.contains(flag) for box in still._over), "the flag's pixels are noted"
    click(scene, hover(scene, other.cell))               # another hero: no flag
    assert scene.selected == other.id and scene.view.flag is None
    frame("another hero")
    click(scene, hover(scene, hero.cell))
    assert scene.selected == hero.id and scene.view.flag == target
    scene.view.center_on(target)
    frame("back again", scene.side.center)
    scene.state.board.move_cost[target[1], target[0]] = 0             # the route ends (blocked)
    scene.refresh()
    scene.toast.message = ""
    assert scene.view.flag is None
    frame("the route gone", scene.side.center)
    frame("still gone", scene.side.center)


def test_a_route_outlives_quit_and_continue_and_a_named_save_and_its_end_is_saved_too(tmp_path, monkeypatch):
    """Routes were the board's memory only: a game quit and continued, or loaded, had lost every 🚩."""
    from game.engine.save import autosave_path
    from game.ui.menus.saves import SaveDialog, load_session
    from game.ui.menus.title import TitleScene
    monkeypatch.setenv("FUZZYKNIGHTS_SAVES", str(tmp_path))
    scene, hero, target = walked_part_of_the_way()
    app = scene.app
    dialog = SaveDialog(scene.session)                              # Menu > Save, under a name
    app.push(dialog)
    dialog.name_field.value = "far walk"
    click(dialog, dialog.save_button.rect.center)
    named = dialog.saved
    app.dispatch(pygame.event.Event(pygame.QUIT))                   # the window closed mid-turn
    title = TitleScene(saves_dir=tmp_path)
    app.push(title)
    click(title, title.continue_button.rect.center)
    resumed = app.scene
    assert resumed is not scene and resumed.state.heroes[hero.id].cell == hero.cell
    click(resumed, resumed.handoff_button.rect.center)              # a hotseat game opens on the cover
    assert routes(resumed.session).to == {hero.id: target} and resumed.view.flag == target
    assert routes(load_session(named)).to == {hero.id: target}              # a named save keeps it too
    resumed.state.board.move_cost[target[1], target[0]] = 0        # arrange: no way there any more
    resumed.refresh()
    assert routes(resumed.session).to == {} and resumed.view.flag is None
    again = load_session(autosave_path(tmp_path, scene.session.game_id))
    assert routes(again).to == {}                  # the route's end is saved at once: Continue goes on without it


@pytest.mark.rule("R-MOV-1")
def test_a_far_tile_whose_first_step_is_dearer_than_the_moves_left_becomes_the_route_for_next_turn():
    """Played: a roll of 1 in a forest; a click on a tile two Days away was refused ("That path costs 🐎5;
    the hero has 1 left"), so the player had to find it again next turn. Now it is the route, nothing moves,
    and next turn G goes on along it."""
    scene, hero, _ = rolled_with_the_whole_map()
    state, board = scene.state, scene.state.board
    dear = lambda c: board.move_cost[c[1], c[0]] >= 2                               # noqa: E731
    hero.cell = next(c for c in sorted(state.unoccupied_cells()) if all(map(dear, board.topology.neighbours(c))))
    hero.moves_left = 1                                           # arrange: a roll of 1, every way out costs 🐎2+
    scene.refresh()
    far = scene._beyond_reach(hero)
    target = next(c for c in sorted(far.cells(), key=far.cost)
                  if scene.reach.cost(c) is None and empty(scene, c) and scene._trip(c) is not None)
    assert scene._trip(target).today == 0
    assert "a click makes it the route (🚩) for next turn" in " ".join(scene._tooltip_lines(target))
    count, start = len(scene.state.actions), hero.cell
    click(scene, hover(scene, target))
    assert len(scene.state.actions) == count and hero.cell == start, "nothing moves"
    assert routes(scene.session).to == {hero.id: target} and scene.view.flag == target
    assert "next turn" in scene.toast.message and scene.toast.info
    on_to_the_turn_of(scene, 3 - hero.owner)
    on_to_the_turn_of(scene, hero.owner)
    key(scene, pygame.K_g)                                        # rolls, then walks towards the 🚩
    settle(scene)
    assert hero.cell != start and isinstance(scene.state.actions[-1], A.Move)
