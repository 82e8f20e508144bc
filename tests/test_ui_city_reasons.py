"""Every muted button on the City screen says one reason, once, in the player's words (issue 11): what it
needs first, else what the purse lacks ("Needs 💰3 more"; Campaign names every resource short), the hero cap,
full slots, or when building happens; a click on it says the same and submits nothing; the reasons are
whole (never cut) at 1024x600 in both modes."""
import pygame
import pytest

from enginekit import capital, start_game, to_turns
from game.engine.dice import Rng
from game.ui.app import App
from game.ui.city.scene import CityScene
from game.ui.kit import widgets
from game.ui.menus.base import needs_more
from game.ui.session import GameSession
from uikit import click


def city_scene(mode="normal", size=(1280, 720), options=None, **purse):
    state = start_game(mode, options=options)
    state.rng = Rng(state.seed)
    seat = state.actor()
    state.players[seat].purse.update({r: 0 for r in state.rules.resources})
    state.players[seat].purse.update(purse)
    app = App(size, headless=True)
    scene = CityScene(GameSession(state), capital(state, seat).id)
    app.push(scene)
    scene.draw(app.screen)
    return scene


def test_needs_more_names_every_resource_short_once():
    assert needs_more({"coin": 10}, {"coin": 7}) == "Needs 💰3 more"
    assert needs_more({"coin": 10, "wood": 10, "stone": 5}, {"coin": 1, "wood": 12, "stone": 0}) == "Needs 💰9 ⛏️5 more"
    assert needs_more({"coin": 10}, {"coin": 10}) == ""


@pytest.mark.rule("R-BLD-1")
@pytest.mark.rule("R-BLD-4")
def test_normal_rows_say_how_much_is_missing_and_a_click_says_it_too():
    scene = city_scene(coin=2)
    assert scene.status_text("villa") == "Needs 💰8 more"        # 💰10
    assert scene.status_text("hero") == "Needs 💰3 more"         # 💰5
    assert scene.status_text("mercenary") == "1d6 each"          # 💰2: affordable
    for _ in range(2):
        click(scene, scene.recruit_spinners["mercenary"].plus.rect.center)
    assert scene.status_text("mercenary") == "Needs 💰4 more"    # 3 × 💰2
    before = len(scene.state.actions)
    click(scene, scene.recruit_buttons["hero"].rect.center)
    assert scene.toast.message == "Hero: Needs 💰3 more" and len(scene.state.actions) == before
    statuses = [row.status for row in scene.build_rows + scene.recruit_rows]
    assert not any("purse" in s or "dear" in s for s in statuses)


@pytest.mark.rule("R-CMP-4")
def test_campaign_rows_name_each_resource_short_and_the_missing_spawner():
    scene = city_scene("campaign", coin=1, wood=1, food=1, stone=1)
    scene.city.buildings.update({"spawner_1_1": 1, "spawner_2_1": 1})
    scene.rebuild()
    assert scene.status_text("spawner_3_1") == "Needs 💰9 🌳9 ⛏️4 more"     # 💰10 🌳10 ⛏️5 (R-CMP-4)
    assert scene.status_text("spawner_4_1") == "Needs Tier 3 ⭐ spawner"      # one reason: what comes first
    assert scene.status_text("unit_3_1") == "Needs its spawner"
    assert scene.status_text("unit_2_1") == "Needs 💰1 more"
    click(scene, scene.recruit_buttons["unit_3_1"].rect.center)
    assert scene.toast.message == "Tier 3 ⭐: Needs its spawner"
    assert "unit_3_1" not in scene.city.garrison


@pytest.mark.rule("R-CMP-5")
def test_full_recruit_slots_are_the_reason():
    scene = city_scene("campaign", coin=40)
    scene.city.buildings.update({"spawner_1_1": 1, "spawner_1_2": 1})
    scene.city.garrison.update({f"unit_{t}_1": 1 for t in range(1, 6)})
    scene.rebuild()
    assert scene.status_text("unit_1_2") == "All 5 slots are full"
    assert scene.status_text("unit_1_1") == "1d6 each"                    # its own slot takes more
    click(scene, scene.recruit_buttons["unit_1_2"].rect.center)
    assert scene.toast.message == "Tier 1 ⭐⭐: All 5 slots are full" and "unit_1_2" not in scene.city.garrison


@pytest.mark.rule("R-BLD-6")
def test_the_hero_cap_is_the_reason_when_reached():
    scene = city_scene(coin=40, options={"hero_cap": True})
    click(scene, scene.recruit_buttons["hero"].rect.center)
    click(scene, scene.recruit_buttons["hero"].rect.center)
    cap = scene.state.rules["options"]["hero_cap_count"]
    assert len(scene.state.heroes_of(scene.seat)) == cap
    assert scene.status_text("hero") == f"At most {cap} heroes each"


@pytest.mark.rule("R-DAY-6")
def test_outside_daybreak_rows_say_when_and_a_click_says_why_in_full():
    scene = city_scene(coin=40)
    to_turns(scene.state)
    scene.rebuild()
    assert scene.status_text("villa") == "Only at your Daybreak"
    click(scene, scene.build_buttons["villa"].rect.center)
    assert scene.toast.message == "Upgrade to Villa: Building and recruiting happen at your Daybreak"


def cut_statuses(scene, monkeypatch):
    """The row statuses drawn shortened with an ellipsis in one frame."""
    statuses = {row.status for row in scene.build_rows + scene.recruit_rows}
    cut = []
    real = widgets.fit_label

    def spy(label, *a, **k):
        size, words = real(label, *a, **k)
        if label in statuses and words != label:
            cut.append(label)
        return size, words
    monkeypatch.setattr(widgets, "fit_label", spy)
    scene.draw(scene.app.screen)
    monkeypatch.setattr(widgets, "fit_label", real)
    return cut


@pytest.mark.parametrize("mode", ["normal", "campaign"])
@pytest.mark.parametrize("purse", [0, 1, 3])
def test_every_reason_is_whole_at_1024x600(mode, purse, monkeypatch):
    scene = city_scene(mode, (1024, 600), **{"coin": purse, "wood": purse, "food": purse, "stone": purse})
    if mode == "campaign":
        scene.city.buildings.update({"spawner_1_1": 1, "spawner_2_1": 1, "spawner_1_2": 1})
        scene.city.garrison.update({f"unit_{t}_1": 1 for t in range(1, 6)})
        scene.rebuild()
    assert cut_statuses(scene, monkeypatch) == []
    to_turns(scene.state)
    scene.rebuild()
    assert cut_statuses(scene, monkeypatch) == []


@pytest.mark.rule("R-CMP-10")
def test_a_spawner_that_raises_every_monsters_tier_says_so():
    """Played: building a Tier 2 spawner made every Monster Tier 2, and a 62% fight became 22%."""
    scene = city_scene("campaign", coin=50, wood=50, stone=50, food=50)
    first, second = scene.build_buttons["spawner_1_1"], scene.build_buttons["spawner_2_1"]
    assert "Monster" not in first.tooltip, "Tier 1 is the monsters' tier already"
    assert second.tooltip.endswith("then fights as Tier 2 (R-CMP-10)"), "muted too, it says what it would do"
    city = scene.city
    city.buildings["spawner_1_1"] = 1
    scene.layout(scene.size)
    assert scene.build_buttons["spawner_2_1"].tooltip.endswith("then fights as Tier 2 (R-CMP-10)")
    assert "Monster" not in scene.build_buttons["spawner_1_2"].tooltip      # ⭐⭐ Tier 1: no higher tier
    normal = city_scene(coin=50)
    assert all("Monster" not in b.tooltip for b in normal.build_buttons.values())


def _tip_over(scene, point, monkeypatch):
    """The lines the screen's tooltip shows with the mouse at ``point``."""
    shown = []
    monkeypatch.setattr(widgets, "draw_tooltip", lambda surface, lines, pos: shown.append(lines))
    scene.mouse = point
    scene.draw_widget_tooltip(scene.app.screen)
    return shown[-1] if shown else []


@pytest.mark.rule("R-CITY-2", "R-BLD-4")
def test_a_building_row_says_what_the_building_does(monkeypatch):
    """Played: a rival's conquered Encampment offered Ramparts and a Mercenary Camp for 💰5 each, and
    nothing on the screen said what either does. Built rows and Build buttons both tell it now."""
    scene = city_scene(coin=50)
    rows = {row.name: row for row in scene.build_rows}
    ramparts = _tip_over(scene, rows["ramparts"].rect.move(8, 0).midleft, monkeypatch)   # built: no button
    assert any("besiege" in line and "🐎15" in line and "R-CITY-2" in line for line in ramparts), ramparts
    camp = _tip_over(scene, rows["mercenary_camp"].rect.move(8, 0).midleft, monkeypatch)
    assert any(line.startswith("Recruits here: Mercenary, 1d6 each") for line in camp), camp
    villa = scene.build_buttons["villa"]
    assert "The City yields 💰2 a Day (R-DAY-2)" in villa.tooltip.split("\n")
    campaign = city_scene("campaign", coin=50, wood=50)
    assert "Recruits here: Tier 1 ⭐" in campaign.build_buttons["spawner_1_1"].tooltip
