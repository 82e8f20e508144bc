"""The late Campaign game as a player sees it: many heroes, Cities of every tier, units of tiers 1–5 in both
ranks. What the first Days never showed: a hero's tooltip with ten kinds of units, a hero list longer than
the side panel."""
import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.app import App
from layoutkit import record, recording
from test_ui_layout import board_scene, hover, play_until, session_on, turn_with_heroes

ALL_UNITS = {f"unit_{tier}_{rank}": tier + rank for tier in range(1, 6) for rank in (1, 2)}


def campaign_turn(size=(1280, 720)):
    """A human's Campaign turn on The Highlands (four players), its board scene on a headless App."""
    session = play_until(session_on("highlands.tmx", players=4, mode="campaign"), turn_with_heroes)
    app = App(size, headless=True)
    scene = board_scene(session)
    app.push(scene)
    return app, scene


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_tooltip_of_a_hero_with_ten_kinds_of_units_wraps_inside_the_window(size, monkeypatch):
    """What a hero with units of every tier and rank fights with was one line of some 1,900 pixels: the
    tooltip, wider than the window, was centred on it and both its ends were cut off."""
    from game.ui.kit import widgets
    app, scene = campaign_turn(size)
    hero = scene.state.heroes_of(scene.actor)[0]
    hero.army = dict(ALL_UNITS)
    scene.select_hero(hero.id)
    drawn = []
    plain = widgets.draw_tooltip
    monkeypatch.setattr(widgets, "draw_tooltip",
                        lambda surface, lines, pos: drawn.append(plain(surface, lines, pos)) or drawn[-1])
    hover(app, scene.view.cell_center(hero.cell))
    assert any("Tier 5" in line for line in scene.view.tooltip_lines)
    with recording(monkeypatch):
        monkeypatch.setattr(pygame.display, "get_surface", lambda: None)
        drawing = record(scene.draw, size)
    assert drawn, "no tooltip over the hero"
    tip = drawn[-1]
    screen = pygame.Rect((0, 0), size)
    assert screen.contains(tip), f"the tooltip {tuple(tip)} leaves the window {size}"
    inside = " ".join(label for label, rect in drawing.texts if tip.contains(rect))
    for unit in ("2d6+6;", "Tier 1", "(5d6+15 each)"):
        assert unit in inside, f"{unit!r} is not in the tooltip: {inside!r}"


def with_heroes(scene, count):
    """The acting player has ``count`` heroes (new ones at its first hero's tile)."""
    from game.engine.heroes import new_hero
    state = scene.state
    seat = scene.actor
    while len(state.heroes_of(seat)) < count:
        new_hero(state, seat, state.heroes_of(seat)[0].cell, [])
    scene.refresh()
    return state.heroes_of(seat)


def wheel(app, pos, y):
    hover(app, pos)
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)))


def drawn_names(scene, size, monkeypatch):
    """The texts drawn in the side panel."""
    with monkeypatch.context() as patched, recording(patched):
        patched.setattr(pygame.display, "get_surface", lambda: None)
        drawing = record(scene.draw, size)
    return [label for label, rect in drawing.texts if scene.side.contains(rect)]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_hero_of_a_long_list_gets_its_card(size, monkeypatch):
    """Seven heroes and room for four cards: the panel showed the first four and "+3 more (Tab)". Tab
    selected the others, but no card showed them (nor their Equip button) and no wheel reached them."""
    from tests.uikit import click
    app, scene = campaign_turn(size)
    heroes = with_heroes(scene, 9)
    shown = len(scene.hero_buttons)
    assert shown < len(heroes)
    # Tab to each hero in turn (all still to roll: Tab passes over spent heroes): the selected one always
    # has a card, marked selected, its name drawn
    for hero in heroes:
        hero.moves_left = None
    scene.select_hero(heroes[0].id)
    for _ in range(len(heroes) - 1):
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))
        cards = {c.hero_id: c for c in scene.hero_buttons}
        assert scene.selected in cards and cards[scene.selected].selected
    last = heroes[-1]
    assert scene.selected == last.id
    assert last.name in drawn_names(scene, size, monkeypatch)
    assert any("above" in t for t in drawn_names(scene, size, monkeypatch))
    # the wheel over the cards scrolls back to the top and down again; a click on a card selects its hero
    top = scene.hero_buttons[0].rect.center
    wheel(app, top, 20)
    assert scene.hero_buttons[0].hero_id == heroes[0].id
    assert any("more" in t for t in drawn_names(scene, size, monkeypatch))
    wheel(app, top, -20)
    assert scene.hero_buttons[-1].hero_id == last.id
    click(scene, scene.hero_buttons[-2].rect.center)
    assert scene.selected == heroes[-2].id


def short_of_food(heroes=8, mines=8):
    """A Campaign game whose first player has ``heroes`` heroes out on the map, ``mines`` Mines and no
    food: at its next Daybreak two heroes cannot be fed (R-CMP-3)."""
    import enginekit as K
    from game.board.model import MapToken
    cells = [(x, y) for y in (3, 5) for x in range(1, 9)]
    state = K.start_game("campaign", tokens=[MapToken("mine", c) for c in cells[:mines]], w=10, h=9)
    seat = state.actor()
    state.players[seat].purse.update(coin=5 * heroes)
    out = [c for c in state.board.topology.cells() if c[1] == 8][:heroes]
    for cell in out:
        K.recruit_hero(state, seat).cell = cell          # out on the map: they eat
    for mine, resource in zip(state.mines.values(), ("coin", "wood", "food", "stone") * 4):
        mine.owner, mine.resource = seat, resource
    fed = 1 + sum(m.resource == "food" for m in state.mines_of(seat))     # the food dawn brings
    state.players[seat].purse["food"] = heroes - 2 - fed                    # it feeds all but two
    K.end_daybreak(state, seat)
    K.to_turns(state)
    K.to_pending(state)
    assert state.pending[0].kind == "upkeep_deaths"
    return state, seat


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_daybreak_with_many_mines_and_hungry_heroes_adds_up_and_fits(size, monkeypatch):
    """Nine income lines: six were shown and the Total added up those six (a late game's Mines missing from
    it). Eight heroes to choose from started at a fixed height, on the Upkeep lines, and ran off the panel."""
    from game.ui.board.daybreak_panel import DaybreakPanel, income_lines
    from game.ui.session import GameSession
    from layoutkit import problems
    from tests.uikit import click
    state, seat = short_of_food()
    lines = income_lines(state, seat)
    assert len(lines) == 9
    app = App(size, headless=True)
    panel = DaybreakPanel(GameSession(state))
    app.push(panel)
    with monkeypatch.context() as patched, recording(patched):
        patched.setattr(pygame.display, "get_surface", lambda: None)
        drawing = record(panel.draw, size)
    total = {}
    for _, amounts in lines:
        for resource, n in amounts.items():
            total[resource] = total.get(resource, 0) + n
    (at,) = [rect for label, rect in drawing.texts if label == "Total"]
    row = sorted((rect.x, label) for label, rect in drawing.texts if at.top <= rect.centery <= at.bottom and rect.x > at.right)
    drawn = [int(n) for n in re.findall(r"\d+", " ".join(label for _, label in row))]
    assert drawn == [n for n in total.values() if n] and sum(drawn) > 0
    assert problems(drawing) == []
    assert not [label for label, _ in drawing.texts if label.endswith("…")], "a hero's line was cut short"
    boxes = list(panel.hero_boxes.values())
    assert len(boxes) == 8 and all(panel.panel.contains(b.rect) for b in boxes)
    assert panel.panel.contains(panel.confirm.rect)
    click(panel, boxes[0].rect.center)
    click(panel, boxes[-1].rect.center)
    click(panel, panel.confirm.rect.center)
    assert not state.pending and len(state.heroes_of(seat)) == 6
