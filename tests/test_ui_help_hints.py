"""First-game guidance on the board: the next sensible step, dismissed once and remembered (R-MOV-1, R-SET-4)."""
import pytest

from game import settings
from game.ui.kit.hints import next_hint
from uikit import click, meadow_board_scene, to_turn


pytestmark = pytest.mark.usefixtures("own_settings_file")      # (conftest.py)


def new_scene(starting_hero=True):
    scene = meadow_board_scene(starting_hero=starting_hero)
    app = scene.app
    while app.scene is not scene:
        app.pop()
    return scene



def test_daybreak_without_heroes_points_at_the_city():
    scene = new_scene(starting_hero=False)
    assert scene.state.phase == "daybreak"
    assert next_hint(scene).key == "daybreak_recruit"
    assert scene.comfort.hints.box.visible


@pytest.mark.rule("R-BLD-4")
def test_the_hints_quote_the_rulesets_numbers():
    """A playtester's rules file changes the hero's price: the hint said 💰5 whatever it was."""
    from game.ui.kit.hints import HINTS, rule_numbers
    scene = new_scene(starting_hero=False)
    scene.state.rules["recruits"]["hero"]["cost"] = {"coin": 7}
    assert next_hint(scene).text == "Daybreak: click your City 🏰 to recruit a hero (💰7), then End Daybreak."
    scene.state.rules["cities"]["siege_cost"] = 12
    scene.state.rules["movement"]["pickup_cost"] = 2
    numbers = rule_numbers(scene.state.rules)
    assert "🐎12" in HINTS["siege"].format(**numbers) and "🐎2 each" in HINTS["pickup"].format(**numbers)


@pytest.mark.rule("R-MOV-1")
def test_a_turn_points_at_the_roll_then_at_the_lit_tiles():
    scene = new_scene()
    to_turn(scene)
    assert next_hint(scene).key == "roll"
    click(scene, scene.roll_button.rect.center)
    assert next_hint(scene).key == "move"


def test_got_it_dismisses_a_hint_for_good():
    scene = new_scene()
    to_turn(scene)
    panel = scene.comfort.hints
    assert panel.hint.key == "roll" and panel.got_it.visible
    click(scene, panel.got_it.rect.center)
    assert "roll" in settings.current().hints_seen
    settings.reset_for_tests()                                  # a restart reads the file
    assert "roll" in settings.current().hints_seen
    assert next_hint(scene) is None or next_hint(scene).key != "roll"


def test_no_more_hints_turns_guidance_off():
    scene = new_scene()
    to_turn(scene)
    click(scene, scene.comfort.hints.stop.rect.center)
    assert settings.current().hints is False
    assert next_hint(scene) is None and not scene.comfort.hints.box.visible


def test_a_click_on_the_hint_text_does_not_reach_the_board():
    scene = new_scene()
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    box = scene.comfort.hints.box
    assert box.visible
    lit = [c for c in scene.reach.cells() if c != scene.reach.start and not scene.reach.is_stop(c)]
    target = lit[-1]
    scene.view.center_on(target)
    x, y = scene.view.cell_center(target)
    scene.view.center_on_world(*scene.view.screen_to_world(x - (box.rect.centerx - x), y - (box.rect.centery - y)))
    under = next(c for c in lit if box.rect.inflate(-20, -20).collidepoint(scene.view.cell_center(c)))
    count = len(scene.state.actions)
    click(scene, scene.view.cell_center(under))
    assert len(scene.state.actions) == count


def test_the_mouse_over_the_hint_lights_no_tile_and_draws_no_path_over_it():
    """Reading a hint is not pointing at the board: no lit tile, no path, and the box stays on top (R-MOV-6)."""
    import pygame
    scene = new_scene()
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    box = scene.comfort.hints.box
    lit = [c for c in scene.reach.cells() if c != scene.reach.start and not scene.reach.is_stop(c)]
    target = lit[-1]
    x, y = scene.view.cell_center(target)
    scene.view.center_on_world(*scene.view.screen_to_world(x - (box.rect.centerx - x), y - (box.rect.centery - y)))
    under = next(c for c in lit if box.rect.inflate(-20, -20).collidepoint(scene.view.cell_center(c)))
    pos = scene.view.cell_center(under)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    assert scene.view.hover_cell is None and not scene.view.tooltip_lines
    screen = pygame.Surface(scene.app.screen.get_size())
    scene.draw(screen)
    assert box.rect in scene.still.keep_on_top
    # the same spot beside the box lights its tile
    beside = (box.rect.right + 40, pos[1])
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=beside, rel=(1, 1), buttons=(0, 0, 0)))
    assert scene.view.hover_cell is not None


def test_a_dialog_or_the_daybreak_panel_over_the_board_hides_the_hint():
    """The hint showed half under the Daybreak panel and under "On this tile": covered, it is not drawn."""
    import pygame
    from game.ui.board.daybreak_panel import DaybreakPanel
    from game.ui.board.dialogs import Dialog
    scene = new_scene(starting_hero=False)
    screen = pygame.Surface(scene.app.screen.get_size())
    scene.draw(screen)
    assert scene.comfort.hints.box.visible
    scene.push(DaybreakPanel(scene.session))
    scene.draw(screen)
    assert not scene.comfort.hints.box.visible and not scene.comfort.hints.got_it.visible
    scene.app.pop()
    scene.draw(screen)
    assert scene.comfort.hints.box.visible
    scene.dialog = Dialog("A question", ["Yes or no?"], [("Yes", lambda: None)])
    scene.draw(screen)
    assert not scene.comfort.hints.box.visible


@pytest.mark.rule("R-MOV-1")
def test_the_undo_hint_comes_only_when_undo_can_take_the_walk_back(monkeypatch):
    """After a quiet step the hint points at Undo; after one that revealed something random (a Mine's
    guardians rolled), Undo is greyed, and a hint pointing at it would send the player to a dead button."""
    from game.engine import actions as A
    scene = new_scene()
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    hero = scene.state.heroes[scene.selected]
    reach = scene.reach
    quiet = min((c for c in reach.cells() if c != reach.start and not reach.is_stop(c)), key=reach.cost)
    assert scene.submit(A.Move(scene.actor, hero.id, tuple(reach.path_to(quiet))))
    assert next_hint(scene).key == "undo"
    monkeypatch.setattr(scene.session, "undo_refusal", lambda: "the walk revealed a roll")
    scene.comfort._checked = None                      # arrange: as after a walk that rolled dice
    assert next_hint(scene).key == "move"
