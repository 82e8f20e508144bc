"""The hovered tile: its path preview shows where a click would go, and its tooltip says what it costs."""
import pygame
import pytest

from game.engine import actions as A
from tests.uikit import click, meadow_board_scene, to_turn


def hovering_the_nearest_tile():
    """A rolled hero's scene, close up, the mouse on the cheapest tile it reaches (``first``); ``second`` is
    the dearest, for the camera to move to. Returns (scene, first, second, mouse position)."""
    scene = meadow_board_scene()
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    hero = scene.state.heroes[scene.selected]
    near = sorted((c for c in scene.reach.cells() if not scene.reach.is_stop(c) and c != hero.cell),
                  key=scene.reach.cost)
    first, second = near[0], near[-1]
    scene.view.zoom_at(scene.view.rect.center, 10)          # close up, so the camera has room to move
    scene.view.center_on(first)
    pos = tuple(round(v) for v in scene.view.cell_center(first))
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.update(0.016)                                      # a frame is drawn
    return scene, first, second, pos


def test_the_preview_follows_the_tile_under_a_still_mouse_when_the_camera_moves():
    scene, first, second, pos = hovering_the_nearest_tile()
    assert scene.view.hover_cell == first and scene.view.path[-1] == first

    # the camera moves (as when a turn starts and centres its hero); the mouse stays where it was
    scene.view.center_on(second)
    scene.update(0.016)
    under_mouse = scene.view.cell_at(pos)
    assert under_mouse != first
    assert scene.view.hover_cell == under_mouse
    assert not scene.view.path or scene.view.path[-1] == under_mouse


def test_a_tile_out_of_reach_says_so_in_its_tooltip():
    scene = meadow_board_scene()
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    hero = scene.state.heroes[scene.selected]
    board = scene.state.board
    far = next(c for c in board.topology.cells() if board.cost(c) > 0 and scene.reach.cost(c) is None)
    near = next(c for c in scene.reach.cells() if c != hero.cell and not scene.reach.is_stop(c))
    assert any("Out of reach this turn" in line and f"🐎{hero.moves_left}" in line for line in scene._tooltip_lines(far))
    assert not any("Out of reach" in line for line in scene._tooltip_lines(near))


@pytest.mark.rule("R-MOV-6")
def test_a_tile_out_of_reach_says_how_far_it_is():
    """"Out of reach this turn" alone left a player guessing whether the next turn would do. Past four turns'
    walk it said "over 🐎78 away"; now every tile a path leads to says how far, and one none leads to says so."""
    scene, hero, whole = rolled_with_the_whole_map("highlands")
    board = scene.state.board
    beyond = [c for c in whole.cells() if scene.reach.cost(c) is None and not whole.is_stop(c)]
    near_miss = min(beyond, key=whole.cost)
    assert f"Out of reach this turn: 🐎{whole.cost(near_miss)} away, {hero.name} has 🐎{hero.moves_left} left" \
        in scene._tooltip_lines(near_miss)
    far_away = max(beyond, key=whole.cost)
    assert whole.cost(far_away) > hero.moves_left + 3 * 20              # more than four turns' walk
    assert f"Out of reach this turn: 🐎{whole.cost(far_away)} away, {hero.name} has 🐎{hero.moves_left} left" \
        in scene._tooltip_lines(far_away)
    for cell in board.topology.neighbours(far_away):
        board.move_cost[cell[1], cell[0]] = 0            # arrange: rocks all round it
    scene.refresh()
    assert scene._tooltip_lines(far_away)[-1] == f"Out of reach: no path leads there for {hero.name}"


@pytest.mark.rule("R-CITY-2")
def test_a_walled_rival_city_tells_how_to_take_it_not_that_it_is_out_of_reach():
    """"Out of reach this turn" under "besiege it first" said a later turn could walk in: no turn can."""
    from tests.test_ui_background import wait_idle
    scene = meadow_board_scene()
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    hero = scene.state.heroes[scene.selected]
    enemy = next(c for c in scene.state.cities.values() if c.owner not in (0, hero.owner))
    scene.state.rules["cities"]["siege_cost"] = 12
    scene._tooltip_lines(enemy.cell)
    wait_idle(scene._odds)
    lines = [line for line in scene._tooltip_lines(enemy.cell) if " fights " not in line]   # the garrisoned hero
    assert lines[:2] == ["Walled City: besiege it first (R-CITY-2)", "  from a tile next to it: 🐎12, or skip the roll"]
    assert not any("Out of reach" in line for line in lines)


@pytest.mark.rule("R-CITY-3")
def test_a_besieged_city_says_so_in_its_tooltip():
    scene = meadow_board_scene()
    city = next(iter(scene.state.cities.values()))
    assert not any("Under siege" in line for line in scene.view.describe(city.cell))
    city.sieged = True                                  # arrange: a siege has just brought its walls down
    scene.refresh()
    assert any("Under siege" in line for line in scene.view.describe(city.cell))


@pytest.mark.rule("R-CITY-3")
def test_a_besieged_city_wears_crossed_swords_on_the_board(monkeypatch):
    """A siege showed only in the tooltip: the City now carries a ⚔️ badge, drawn while it is besieged."""
    from game.ui.kit import icons
    scene = meadow_board_scene()
    city = next(iter(scene.state.cities.values()))
    scene.view.center_on(city.cell)
    asked = []
    real = icons.icon
    monkeypatch.setattr(icons, "icon", lambda name, size: (asked.append(name), real(name, size))[1])
    screen = pygame.Surface(scene.app.screen.get_size())
    scene.view.draw_base(screen)
    assert "swords" not in asked
    city.sieged = True
    scene.refresh()
    scene.view.draw_base(screen)
    assert "swords" in asked


@pytest.mark.rule("R-MOV-7", "R-DEATH-2")
def test_a_monster_blocking_a_city_shows_over_the_heroes_in_it(monkeypatch):
    """A retreat left a Monster on a rival's capital: its token lay under the garrisoned hero, unseen."""
    from game.engine.state import Token
    from game.ui.kit import icons
    scene = meadow_board_scene()
    state = scene.state
    hero = next(iter(state.heroes.values()))
    city = next(c for c in state.cities.values() if c.cell == hero.cell)
    drawn = []
    real = icons.token_sprite
    monkeypatch.setattr(icons, "token_sprite", lambda kind, *a, **k: drawn.append(kind) or real(kind, *a, **k))
    scene.view.center_on(city.cell)
    screen = pygame.Surface(scene.app.screen.get_size())
    scene.view.draw_base(screen)
    assert drawn[-1] == "hero"                              # the heroes last, over every token
    state.tokens[999] = Token(999, "monster", city.cell)
    scene.refresh()
    drawn.clear()
    scene.view.draw_base(screen)
    assert drawn[-1] == "monster" and "hero" in drawn, "the Monster's badge is drawn last, over the heroes"


@pytest.mark.rule("R-END-1")
def test_a_player_without_a_city_is_told_how_long_it_has(monkeypatch):
    """P1 lost her last City: she was out at the end of her next turn, and nothing on screen said so."""
    import enginekit as K
    import game.ui.board.scene as board_scene
    from game.engine import actions as A, apply
    from game.ui.app import App
    from game.ui.board.hud import cityless_warning
    from game.ui.session import GameSession
    state = K.start_game("normal")
    state.players[1].purse["coin"] = 5
    K.recruit_hero(state, 1)
    K.to_turns(state)
    assert state.actor() == 1 and cityless_warning(state, 1) is None
    K.capital(state, 1).owner = 2                          # taken (as if in P2's turn)
    apply(state, A.EndTurn(1))
    state.players[1].purse["coin"] = 3                     # the hero's upkeep at dawn
    apply(state, A.EndTurn(2))
    assert state.phase == "daybreak" and state.actor() == 1
    assert cityless_warning(state, 1) == ("⚠ No City left: found one now (a hero on an empty tile) or conquer one "
                                          "by the end of this turn, or you are out (R-END-1)")
    state.rules["end"]["grace_turns_without_city"] = 2      # a playtester's rules: one turn more
    assert "within 2 of your turns" in cityless_warning(state, 1)
    state.rules["end"]["grace_turns_without_city"] = 1
    K.end_daybreak(state, 1)
    K.end_daybreak(state, 2)
    assert state.phase == "turn" and state.actor() == 1
    drawn = []
    real = board_scene.render
    monkeypatch.setattr(board_scene, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    scene = board_scene.GameScene(GameSession(state))
    App(headless=True).push(scene)
    scene.draw(pygame.Surface(scene.app.screen.get_size()))
    assert "⚠ No City left: conquer one by the end of this turn, or you are out (R-END-1)" in drawn
    apply(state, A.EndTurn(1))
    assert not state.players[1].alive


def test_no_tile_stays_lit_where_the_mouse_left_it_for_a_dialog_when_the_camera_moves():
    """Played: the mouse went from a tile to a dialog's button (the dialog took its moves), the next turn
    centred another hero, and a tile far from the mouse stayed lit: the one under where it had been."""
    scene, first, second, pos = hovering_the_nearest_tile()
    assert scene.view.hover_cell == first

    scene.end_turn()                                        # "End the turn?": the mouse moves onto its button
    button = scene.dialog.buttons[0].rect.center
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=button, rel=(0, 0), buttons=(0, 0, 0)))
    scene.view.center_on(second)                            # and the map moves under it
    scene.update(0.016)
    assert scene.view.hover_cell is None and not scene.view.path

    scene.close_dialog()                                    # the dialog closes: the tile under the mouse is lit,
    scene.update(0.016)                                     # though neither the map nor the mouse moved
    assert scene.view.hover_cell == scene.view.cell_at(button)
    assert any("Move cost" in line for line in scene.view.tooltip_lines)


@pytest.mark.rule("R-ITEM-3", "R-HERO-1")
def test_a_heros_tooltip_says_what_it_fights_with_its_items_included():
    """"Chance to win: 6%" against a hero with as many units as one's own said nothing of the weapon
    that made the difference."""
    from game.engine.state import Item
    scene = meadow_board_scene()
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    mine = scene.state.heroes[scene.selected]
    rival = next(h for h in scene.state.heroes.values() if h.owner != mine.owner)
    rival.army = {"mercenary": 2}
    rival.items = [Item(id=900, type="main_hand", rarity=0, power="1d6+2")]
    rival.equipped = [900]
    hero_dice = scene.state.rules["hero"]["dice"]
    lines = scene._tooltip_lines(rival.cell)
    assert f"{rival.name} fights {hero_dice} + 1d6+2 (weapon); 2 mercenaries (1d6 each)" in lines
    mine.army = {"mercenary": 1}
    assert f"{mine.name} fights {hero_dice}; 1 mercenary (1d6)" in scene._tooltip_lines(mine.cell)


@pytest.mark.rule("R-MOV-1")
def test_with_no_moves_left_a_tile_says_so_and_a_clicks_refusal_shows_over_the_tooltip(monkeypatch):
    """A hero whose siege ended its turn: the besieged City next to it showed 'Attack the City >99%', and
    the click's refusal was drawn under that tooltip."""
    from layoutkit import record, recording
    scene = meadow_board_scene()
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    hero = scene.state.heroes[scene.selected]
    board = scene.state.board
    step = next(c for c in board.topology.neighbours(hero.cell) if board.cost(c) > 0 and not scene.state.tokens_at(c))
    hero.moves_left = 0                                  # arrange: its 🐎 spent
    scene.refresh()
    words = f"Out of reach this turn: {hero.name} has no 🐎 left"
    assert words in scene._tooltip_lines(step)
    pos = tuple(round(v) for v in scene.view.cell_center(step))
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.update(0.016)
    click(scene, pos)
    assert scene.toast.visible and scene.toast.message.startswith("That path costs")
    with recording(monkeypatch):
        drawing = record(scene.draw, scene.app.size)
    texts = [t for t, _ in drawing.texts]
    tip = max(i for i, t in enumerate(texts) if t.startswith("Out of reach this turn"))      # (emoji apart)
    told = max(i for i, t in enumerate(texts) if t.startswith("That path costs"))
    assert told > tip, "the refusal is drawn over the tooltip"


def rolled_with_the_whole_map(map_name=None):
    """A rolled hero's scene and the cheapest path to every tile a path leads to, whatever its cost."""
    from game.board.pathfinding import reachable
    from game.engine.movement import movement_masks
    scene = meadow_board_scene(map_name=map_name)
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    hero = scene.state.heroes[scene.selected]
    board = scene.state.board
    stop, pickups, blocked = movement_masks(scene.state, hero.owner)
    whole = reachable(board.topology, board.move_cost, stop, hero.cell, 2000, pickups=pickups, blocked=blocked)
    return scene, hero, whole


def hover(scene, cell):
    scene.view.center_on(cell)
    pos = tuple(round(v) for v in scene.view.cell_center(cell))
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return pos


@pytest.mark.rule("R-MOV-1", "R-MOV-6")
def test_a_tile_beyond_this_turns_moves_shows_the_whole_way_and_a_click_walks_this_turns_part():
    """Strategy games show the whole way to a far tile: it showed no path at all, and a click was refused."""
    scene, hero, whole = rolled_with_the_whole_map()
    left, seat = hero.moves_left, hero.owner
    empty = lambda c: not scene.state.tokens_at(c) and not scene.state.heroes_at(c)    # noqa: E731
    target = next(c for c in sorted(whole.cells(), key=whole.cost) if left < whole.cost(c) <= left + 9 and empty(c)
                  and all(empty(step) for step in whole.path_to(c)))
    way = [hero.cell] + whole.path_to(target)
    today = max(i for i, c in enumerate(way) if whole.cost(c) <= left) + 1
    pos = hover(scene, target)
    view = scene.view
    assert view.path == way and view.path_today == today and view.path_cost == whole.cost(target)
    assert view.path_note == "2 days"              # what is left is less than any roll (1d10+10)
    stop, spent = way[today - 1], whole.cost(way[today - 1])
    assert scene._tooltip_lines(target)[-2:] == [
        f"Out of reach this turn: 🐎{whole.cost(target)} away, {hero.name} has 🐎{left} left",
        f"2 days' walk: a click walks 🐎{spent} of it now, to the ⏳"]
    click(scene, pos)
    assert scene.state.actions[-1] == A.Move(seat, hero.id, tuple(way[1:today]))     # one ordinary move
    assert hero.cell == stop and hero.moves_left == left - spent


@pytest.mark.rule("R-MOV-3", "R-MOV-4")
def test_a_click_beyond_this_turns_moves_walks_into_no_pickup_and_no_fight():
    from tests.test_ui_background import wait_idle
    scene, hero, whole = rolled_with_the_whole_map()
    left = hero.moves_left
    empty = lambda c: not scene.state.tokens_at(c) and not scene.state.heroes_at(c)    # noqa: E731
    target = next(c for c in sorted(whole.cells(), key=whole.cost) if left + 2 < whole.cost(c) and empty(c)
                  and all(empty(step) for step in whole.path_to(c)))
    way = [hero.cell] + whole.path_to(target)
    today = max(i for i, c in enumerate(way) if whole.cost(c) <= left) + 1
    item = put(scene, "item", way[today - 1])           # arrange: an Item where this turn's walk would end...
    monster = put(scene, "monster", target)             # ...and a Monster at the far end
    pos = hover(scene, target)
    assert scene.view.path == way and scene.view.path_today == today - 1      # one step short of the 🎁
    click(scene, pos)
    assert hero.cell == way[today - 2] and hero.moves_left == left - whole.cost(way[today - 2])
    assert scene.dialog is None and not scene.state.pending                    # no pickup offered
    assert scene.state.battle is None and scene.state.interaction is None
    assert {item.id, monster.id} <= set(scene.state.tokens)
    wait_idle(scene._odds)


def test_a_click_on_ones_own_city_beyond_this_turns_moves_still_opens_it():
    """The tooltip says what the click does: on one's own City it opens the City, as it always did."""
    from game.ui.city.scene import CityScene
    scene, hero, whole = rolled_with_the_whole_map()
    city = next(c for c in scene.state.cities.values() if c.owner == hero.owner)
    far = max((c for c in whole.cells() if not scene.state.tokens_at(c) and not scene.state.heroes_at(c)
               and not scene.state.city_at(c)), key=lambda c: whole.cost(c))
    hero.cell = far                                     # arrange: the hero far from its City
    scene.refresh()
    assert scene.reach.cost(city.cell) is None
    pos = hover(scene, city.cell)
    assert scene.view.path[-1] == city.cell and scene.view.path_today is not None
    assert scene._tooltip_lines(city.cell)[-1].endswith("' walk: a click opens the City")
    click(scene, pos)
    assert isinstance(scene.app.scene, CityScene) and hero.cell == far


def put(scene, kind, cell):
    from game.engine.state import Token
    token = Token(id=scene.state.new_id(), kind=kind, cell=cell)
    scene.state.tokens[token.id] = token
    scene.refresh()
    return token
