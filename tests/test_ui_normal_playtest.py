"""What a newcomer stumbled on in a whole Normal game against the computer on Meadow Ford, each
checked by posting the events a player makes and reading what the board then says."""
import pytest

from game.engine import actions as A
from uikit import click, meadow_board_scene, to_turn


def click_cell(scene, cell):
    scene.view.center_on(cell)
    click(scene, scene.view.cell_center(cell))


def hero_beside_the_rivals_capital(scene, moves=20):
    """The player's hero, rolled, on a free tile next to the rival's walled capital (arranged)."""
    to_turn(scene)
    seat = scene.actor
    hero = scene.state.heroes[scene.selected]
    city = next(c for c in scene.state.cities.values() if c.owner not in (seat, None) and c.owner > 0)
    board = scene.state.board
    hero.cell = next(c for c in board.topology.neighbours(city.cell) if board.passable(c)
                     and not scene.state.heroes_at(c) and not scene.state.tokens_at(c)
                     and scene.state.city_at(c) is None and scene.state.mine_at(c) is None)
    hero.moves_left = moves
    scene.refresh()
    return hero, city


@pytest.mark.rule("R-CITY-2")
def test_clicking_a_walled_rival_city_says_to_besiege_it_not_that_the_way_is_blocked():
    scene = meadow_board_scene()
    hero, city = hero_beside_the_rivals_capital(scene)
    actions, cell = len(scene.state.actions), hero.cell
    click_cell(scene, city.cell)
    message = scene.toast.message
    assert scene.toast.visible and "besieged" in message and "Siege" in message, message
    assert message.endswith("(R-CITY-2).") and "in the way" not in message, message
    assert len(scene.state.actions) == actions and hero.cell == cell and hero.moves_left == 20
    outcome = scene.session.submit(A.Siege(scene.actor, hero.id, city.id))     # what the toast points to
    assert outcome.ok, outcome.reason
