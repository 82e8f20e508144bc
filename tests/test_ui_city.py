"""The City screen submits Build/Recruit/Transfer actions; refusals are toasts (headless, synthetic clicks)."""
import pygame
import pytest

from enginekit import capital, start_game
from game.engine.dice import Rng
from game.ui.app import App
from game.ui.kit import theme
from game.ui.city.scene import CityScene, open_city_scene
from game.ui.session import GameSession
from uikit import click


def city_scene(mode="normal", coin=None, **purse):
    state = start_game(mode)
    state.rng = Rng(state.seed)
    seat = state.actor()
    if coin is not None:
        state.players[seat].purse["coin"] = coin
    state.players[seat].purse.update(purse)
    session = GameSession(state)
    app = App(headless=True)
    scene = CityScene(session, capital(state, seat).id)
    app.push(scene)
    scene.draw(app.screen)
    return scene


@pytest.mark.rule("R-BLD-1")
def test_build_an_affordable_tier_submits_build_and_the_purse_drops():
    scene = city_scene(coin=12)
    city, purse = scene.city, scene.state.players[scene.seat].purse
    assert scene.status_text("villa") == "Ready to build"
    click(scene, scene.build_buttons["villa"].rect.center)
    assert city.tier == "villa" and purse["coin"] == 2
    assert type(scene.state.actions[-1]).__name__ == "Build"
    assert "villa" not in scene.build_buttons          # the next tier is offered now
    assert "estate" in scene.build_buttons


@pytest.mark.rule("R-BLD-3")
def test_missing_prerequisite_is_shown_in_words_and_a_click_is_a_toast():
    scene = city_scene(coin=40)
    assert scene.status_text("fortifications") == "Needs Castle"
    before = len(scene.state.actions)
    click(scene, scene.build_buttons["fortifications"].rect.center)
    assert scene.toast.visible and "Castle" in scene.toast.message
    assert len(scene.state.actions) == before and not scene.city.has("fortifications")
    scene.draw(scene.app.screen)


@pytest.mark.rule("R-BLD-1")
def test_unaffordable_building_says_so_and_is_refused():
    scene = city_scene(coin=3)
    assert scene.status_text("villa") == "Needs 💰7 more"             # costs 💰10
    click(scene, scene.build_buttons["villa"].rect.center)
    assert scene.toast.visible and scene.toast.message == "Upgrade to Villa: Needs 💰7 more"
    assert scene.city.tier == "encampment" and scene.state.players[scene.seat].purse["coin"] == 3


@pytest.mark.rule("R-DAY-4")
def test_one_build_per_day():
    scene = city_scene(coin=40)
    click(scene, scene.build_buttons["villa"].rect.center)
    assert scene.status_text("estate") == "This City built today"
    # what else a row needs is for another Day: grey, not the red that said "Needs 💰3 more" as if the
    # coin alone stood in the way today
    row = next(r for r in scene.build_rows if r.name == "fortifications")
    assert row.status == "Needs Castle" and row.status_colour == theme.INK_SOFT
    click(scene, scene.build_buttons["estate"].rect.center)
    assert "built today" in scene.toast.message and scene.city.tier == "villa"


@pytest.mark.rule("R-BLD-4")
@pytest.mark.rule("R-DAY-6")
def test_recruit_mercenaries_with_the_spinner():
    scene = city_scene(coin=9)
    spinner = scene.recruit_spinners["mercenary"]
    click(scene, spinner.plus.rect.center)
    click(scene, scene.recruit_spinners["mercenary"].plus.rect.center)
    assert scene.counts["mercenary"] == 3
    click(scene, scene.recruit_buttons["mercenary"].rect.center)
    assert scene.city.garrison["mercenary"] == 3
    assert scene.state.players[scene.seat].purse["coin"] == 3
    assert scene.recruit_spinners["mercenary"].value == 1, "a recruit done, the stepper starts at 1 again"
    click(scene, scene.recruit_spinners["mercenary"].plus.rect.center)
    click(scene, scene.recruit_spinners["mercenary"].plus.rect.center)
    click(scene, scene.recruit_buttons["mercenary"].rect.center)   # 3 more cost 6: refused
    assert scene.toast.visible and scene.city.garrison["mercenary"] == 3
    assert scene.recruit_spinners["mercenary"].value == 3, "a refused count stays for another try"


@pytest.mark.rule("R-BLD-4")
def test_a_count_is_typed_as_well_as_stepped():
    """Played: the recruit count looks like a box to type in, and typing "7" there did nothing. A click on
    it takes digits from the keyboard (a KEYDOWN and a TEXTINPUT each) for recruits and for units moved."""
    from uikit import type_keys
    scene = city_scene(coin=20)
    click(scene, scene.recruit_spinners["mercenary"].middle_rect().center)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0))
    type_keys(scene, "7")
    assert scene.recruit_spinners["mercenary"].value == 7 and scene.counts["mercenary"] == 7
    click(scene, scene.recruit_buttons["mercenary"].rect.center)
    assert scene.city.garrison["mercenary"] == 7
    click(scene, scene.recruit_buttons["hero"].rect.center)
    hero = scene.state.heroes[scene.hero_id]
    click(scene, scene.unit_spinners["mercenary"].middle_rect().center)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0))
    type_keys(scene, "5")
    click(scene, scene.unit_buttons[("mercenary", 1)].rect.center)
    assert hero.army == {"mercenary": 5} and scene.city.garrison["mercenary"] == 2


@pytest.mark.rule("R-BLD-4")
def test_recruit_a_hero_then_move_units_and_items():
    from game.engine.state import Item
    scene = city_scene(coin=20)
    click(scene, scene.recruit_buttons["hero"].rect.center)
    assert len(scene.heroes_here()) == 1 and scene.hero_id is not None
    scene.city.garrison["mercenary"] = 4
    scene.city.armory.append(Item(900, "main_hand", 1, "1d6+3"))
    scene.rebuild()
    hero = scene.state.heroes[scene.hero_id]
    click(scene, scene.unit_spinners["mercenary"].plus.rect.center)
    click(scene, scene.unit_buttons[("mercenary", 1)].rect.center)
    assert hero.army == {"mercenary": 2} and scene.city.garrison["mercenary"] == 2
    click(scene, scene.item_buttons[(900, "give")].rect.center)
    assert [i.id for i in hero.items] == [900] and 900 in hero.equipped
    click(scene, scene.item_buttons[(900, "store")].rect.center)
    assert [i.id for i in scene.city.armory] == [900]
    scene.draw(scene.app.screen)


@pytest.mark.rule("R-BLD-4")
def test_an_arrow_is_off_when_its_side_has_none_and_moves_what_there_is():
    """Moving all of a kind to the hero leaves the count at 2: "give" is off (nothing left in the City, its
    tip says so) and "take back" moves them; with 2 chosen and 1 there, the one there moves, not a refusal."""
    scene = city_scene(coin=20)
    click(scene, scene.recruit_buttons["hero"].rect.center)
    hero = scene.state.heroes[scene.hero_id]
    scene.city.garrison["mercenary"] = 2
    scene.rebuild()
    click(scene, scene.unit_spinners["mercenary"].plus.rect.center)
    click(scene, scene.unit_buttons[("mercenary", 1)].rect.center)
    assert hero.army == {"mercenary": 2} and not scene.city.garrison.get("mercenary")
    give, take = scene.unit_buttons[("mercenary", 1)], scene.unit_buttons[("mercenary", -1)]
    assert not give.enabled and give.tooltip == "The City has no mercenaries" and take.enabled
    click(scene, take.rect.center)
    assert scene.city.garrison["mercenary"] == 2 and not hero.army.get("mercenary")
    assert not scene.unit_buttons[("mercenary", -1)].enabled
    hero.army["mercenary"] = 2
    scene.city.garrison["mercenary"] = 1
    scene.rebuild()
    assert scene.unit_spinners["mercenary"].value == 2                  # the count is kept for both ways
    click(scene, scene.unit_buttons[("mercenary", 1)].rect.center)
    assert hero.army == {"mercenary": 3} and not scene.city.garrison.get("mercenary")
    assert not scene.toast.visible, scene.toast.message


@pytest.mark.rule("R-BLD-4")
def test_shift_click_on_an_arrow_moves_every_unit_of_that_kind(monkeypatch):
    scene = city_scene(coin=20)
    click(scene, scene.recruit_buttons["hero"].rect.center)
    hero = scene.state.heroes[scene.hero_id]
    scene.city.garrison["mercenary"] = 7
    scene.rebuild()
    assert scene.unit_buttons[("mercenary", 1)].tooltip == "Give to the hero (Shift: all)"
    monkeypatch.setattr(pygame.key, "get_mods", lambda: pygame.KMOD_LSHIFT)
    click(scene, scene.unit_buttons[("mercenary", 1)].rect.center)
    assert hero.army == {"mercenary": 7} and not scene.city.garrison.get("mercenary")
    click(scene, scene.unit_buttons[("mercenary", -1)].rect.center)
    assert scene.city.garrison["mercenary"] == 7 and not hero.army.get("mercenary")


@pytest.mark.rule("R-CMP-6")
def test_the_unit_rows_keep_their_places_when_a_kind_leaves_the_city():
    """Giving the hero every Tier 1 ⭐ moved that row below the Tier 1 ⭐⭐ one: the next click, aimed at the
    ⭐⭐ row's arrow, landed on the ⭐ row's (now off) and nothing moved."""
    scene = city_scene("campaign", coin=20)
    click(scene, scene.recruit_buttons["hero"].rect.center)
    hero = scene.state.heroes[scene.hero_id]
    scene.city.garrison.update({"unit_1_1": 2, "unit_1_2": 1})
    scene.rebuild()
    before = [(row.name, row.rect.y) for row in scene.unit_rows]
    assert [name for name, _ in before] == ["unit_1_1", "unit_1_2"]
    click(scene, scene.unit_spinners["unit_1_1"].plus.rect.center)
    click(scene, scene.unit_buttons[("unit_1_1", 1)].rect.center)
    assert hero.army == {"unit_1_1": 2} and not scene.city.garrison.get("unit_1_1")
    assert [(row.name, row.rect.y) for row in scene.unit_rows] == before
    click(scene, scene.unit_buttons[("unit_1_2", 1)].rect.center)
    assert hero.army == {"unit_1_1": 2, "unit_1_2": 1}

def test_outside_daybreak_building_is_refused_with_the_reason():
    scene = city_scene(coin=20)
    from enginekit import to_turns
    to_turns(scene.state)
    scene.rebuild()
    ok, why = scene.can_build_now()
    assert not ok and "Daybreak" in why
    click(scene, scene.build_buttons["villa"].rect.center)
    assert "Daybreak" in scene.toast.message and scene.city.tier == "encampment"


def test_sieged_city_says_why_it_cannot_build():
    scene = city_scene(coin=20)
    scene.city.sieged = True
    scene.rebuild()
    ok, why = scene.can_build_now()
    assert not ok and "siege" in why
    click(scene, scene.build_buttons["villa"].rect.center)
    assert "siege" in scene.toast.message and scene.city.tier == "encampment"
    scene.draw(scene.app.screen)


@pytest.mark.rule("R-CMP-4")
def test_campaign_spawner_tier_2_needs_tier_1():
    scene = city_scene("campaign", coin=20, wood=20)
    assert scene.status_text("spawner_2_1") == "Needs Tier 1 ⭐ spawner"
    assert scene.status_text("spawner_1_1") == "Ready to build"
    click(scene, scene.build_buttons["spawner_2_1"].rect.center)
    assert scene.toast.visible and not scene.city.has("spawner_2_1")
    click(scene, scene.build_buttons["spawner_1_1"].rect.center)
    assert scene.city.has("spawner_1_1") and scene.state.players[scene.seat].purse["wood"] == 15
    assert scene.status_text("unit_1_1") == "1d6 each"
    click(scene, scene.recruit_buttons["unit_1_1"].rect.center)
    assert scene.city.garrison["unit_1_1"] == 1
    scene.draw(scene.app.screen)


def test_open_city_scene_hook_pushes_the_screen_and_back_returns():
    scene = city_scene()
    app, session = scene.app, scene.session

    class Board(CityScene.__mro__[1]):
        pass
    board = Board()
    board.session = session
    app.scenes.clear()
    app.push(board)
    open_city_scene(board, scene.city_id)
    assert isinstance(app.scene, CityScene)
    click(app.scene, app.scene.back.rect.center)
    assert app.scene is board


@pytest.mark.rule("R-CMP-5")
def test_a_unit_the_full_city_cannot_take_is_refused_in_the_rulebooks_words():
    """Leaving a Tier 4 ⭐⭐ unit in a City whose five slots are taken: the toast read "unit 4 2"."""
    scene = city_scene("campaign", coin=20)
    click(scene, scene.recruit_buttons["hero"].rect.center)
    hero = scene.state.heroes[scene.hero_id]
    scene.city.garrison.update({"unit_3_2": 4, "unit_4_1": 7, "unit_2_2": 4, "unit_5_2": 4, "unit_1_1": 1})
    hero.army = {"unit_4_2": 1}                                              # arrange
    scene.rebuild()
    scene.draw(scene.app.screen)
    click(scene, scene.unit_buttons[("unit_4_2", -1)].rect.center)
    assert hero.army == {"unit_4_2": 1} and scene.toast.visible
    assert "Tier 4 ⭐⭐" in scene.toast.message and "unit 4 2" not in scene.toast.message


@pytest.mark.rule("R-DAY-6")
def test_every_hero_in_the_city_can_be_picked_with_more_than_three_there():
    """Five heroes in a City: only the first three had a tab, so the others could not take units."""
    scene = city_scene(coin=40)
    for _ in range(5):
        click(scene, scene.recruit_buttons["hero"].rect.center)
    heroes = scene.heroes_here()
    assert len(heroes) == 5
    scene.city.garrison["mercenary"] = 5
    scene.rebuild()
    reached = []
    for _ in range(len(heroes)):
        reached.append(scene.hero_id)
        tabs = [b for b in scene.hero_tabs if b.label not in ("◀", "▶")]
        assert len(tabs) == 3 and any(t.selected for t in tabs), "the picked hero's tab is in view"
        assert all(scene.right.contains(b.rect) for b in scene.hero_tabs)
        click(scene, next(b for b in scene.hero_tabs if b.label == "▶").rect.center)
    assert sorted(reached) == sorted(h.id for h in heroes)
    last = heroes[-1]
    while scene.hero_id != last.id:
        click(scene, next(b for b in scene.hero_tabs if b.label == "▶").rect.center)
    click(scene, scene.unit_buttons[("mercenary", 1)].rect.center)
    assert last.army == {"mercenary": 1}
    scene.draw(scene.app.screen)


def test_a_click_hides_the_tips_until_the_mouse_moves(monkeypatch):
    """Played: a click on Recruit spent the purse, the button turned grey under the cursor and its why
    ("Needs 💰1 more") popped up at once, over the garrison row the click had just filled. A click hides
    the tips, as on any desktop, until the mouse moves."""
    from game.ui.kit import widgets
    drawn = []
    plain = widgets.draw_tooltip
    monkeypatch.setattr(widgets, "draw_tooltip", lambda surface, lines, pos: drawn.append(lines) or plain(surface, lines, pos))
    scene = city_scene(coin=1)
    app = scene.app
    at = scene.recruit_buttons["hero"].rect.center        # muted: 💰5 needed
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 1), buttons=(0, 0, 0)))
    app.frame(1 / 30)
    assert drawn and "Needs" in drawn[-1][0]              # hovered: its why
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.dispatch(pygame.event.Event(kind, pos=at, button=1))
    drawn.clear()
    app.frame(1 / 30)
    assert drawn == []
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(at[0] + 2, at[1]), rel=(2, 0), buttons=(0, 0, 0)))
    app.frame(1 / 30)
    assert drawn and "Needs" in drawn[-1][0]
