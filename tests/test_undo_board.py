"""Undo and Equip on the board screen, by mouse and keys (R-MOV-1, R-DICE-5, R-ITEM-3)."""
import pygame
import pytest

from game.engine import actions as A
from game.engine import load_game, save_game, snapshot
from game.engine.state import Item
from uikit import click, meadow_board_scene, to_turn


pytestmark = pytest.mark.usefixtures("no_hints")


@pytest.fixture
def scene():
    return meadow_board_scene()



def walk_one_step(scene):
    target = next(c for c in scene.reach.cells() if scene.reach.cost(c) == 1 and not scene.reach.is_stop(c)
                  and not scene.state.tokens_at(c))
    scene.view.center_on(target)
    click(scene, scene.view.cell_center(target))
    scene._finish_walks()
    return target


def key(scene, k, mod=0):
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


@pytest.mark.rule("R-DICE-5")
def test_the_undo_button_takes_back_a_move_and_never_the_roll(scene):
    to_turn(scene)
    hero_id = scene.selected
    start = scene.state.heroes[hero_id].cell
    click(scene, scene.roll_button.rect.center)
    rolled = scene.state.heroes[hero_id].moves_left
    undo = scene.comfort.undo_button
    assert undo.visible and not undo.enabled and "roll stands" in undo.tooltip
    walk_one_step(scene)
    assert scene.state.heroes[hero_id].cell != start and undo.enabled
    click(scene, undo.rect.center)
    assert scene.state.heroes[hero_id].cell == start
    assert scene.state.heroes[hero_id].moves_left == rolled
    assert isinstance(scene.state.actions[-1], A.RollMovement)
    assert not undo.enabled
    assert scene.log_lines[-1].startswith("↶ Undone")
    from game.engine.save import autosave_path
    resumed = load_game(autosave_path(scene.session.autosaver.where, scene.session.autosaver.game_id))
    assert snapshot(resumed) == snapshot(scene.state)           # Continue resumes the game without the move


@pytest.mark.rule("R-MOV-1")
def test_ctrl_z_and_u_undo_and_the_game_saves_and_loads_exactly(scene, tmp_path):
    to_turn(scene)
    hero_id = scene.selected
    start = scene.state.heroes[hero_id].cell
    click(scene, scene.roll_button.rect.center)
    walk_one_step(scene)
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.state.heroes[hero_id].cell == start
    walk_one_step(scene)
    key(scene, pygame.K_u)
    assert scene.state.heroes[hero_id].cell == start
    moved_to = walk_one_step(scene)
    save_game(scene.state, tmp_path / "undone.json")
    loaded = load_game(tmp_path / "undone.json")
    assert snapshot(loaded) == snapshot(scene.state) and loaded.heroes[hero_id].cell == moved_to


def test_undo_is_refused_with_a_reason_when_nothing_can_be_undone(scene):
    to_turn(scene)
    key(scene, pygame.K_u)
    assert scene.toast.visible and scene.toast.message


@pytest.mark.rule("R-ITEM-3")
def test_the_hero_card_offers_equipping_in_the_field(scene):
    to_turn(scene)
    hero = scene.state.heroes[scene.selected]
    sword, axe = Item(901, "main_hand", 0, "1d4"), Item(902, "main_hand", 2, "1d8")
    hero.items, hero.equipped = [sword, axe], [sword.id]      # arrange: the hero carries two weapons
    scene.refresh()
    equip = scene.comfort.equip_button
    assert equip.visible and scene.side.contains(equip.rect)
    click(scene, equip.rect.center)
    dialog = scene.dialog
    assert dialog is not None and dialog.key == "ui:equip"
    label, button = dialog.rows[1]
    assert "weapon" in label.lower() and button.label == "Equip"
    click(scene, button.rect.center)
    assert scene.state.heroes[hero.id].equipped == [axe.id]
    assert scene.state.actions[-1] == A.EquipItem(hero.owner, hero.id, axe.id)
    assert scene.dialog.rows[1][1].label == "Equipped"
    click(scene, scene.dialog.button("Done").rect.center)
    assert scene.dialog is None
    assert equip.visible, "the sword is still there to take up again"


@pytest.mark.rule("R-ITEM-3")
def test_the_equip_button_shows_only_when_there_is_something_to_change(scene):
    to_turn(scene)
    hero = scene.state.heroes[scene.selected]
    sword, ring = Item(901, "main_hand", 0, "1d4"), Item(902, "amulet", 0, "1")
    hero.items, hero.equipped = [sword, ring], [sword.id, ring.id]      # arrange: both of two types carried
    scene.refresh()
    assert not scene.comfort.equip_button.visible, "every item already fights: nothing to choose"
    hero.equipped = [sword.id]
    scene.refresh()
    assert scene.comfort.equip_button.visible
