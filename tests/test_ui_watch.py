"""Computer players play a whole game on screen, from the Anchor panel to the game-over screen."""
import pytest

from game.maps import DEFAULT_MAP, load_map
from game.ui.board.anchor_panel import AnchorPanel
from game.ui.app import App
from game.ui.menus.game_over import GameOverScene
from game.ui.board.scene import GameScene
from game.ui.menus.options import NewGameOptions, Seat
from game.ui.session import GameSession
from uikit import click


@pytest.mark.rule("R-SET-1", "R-END-2")
def test_a_game_between_computer_players_runs_to_the_end_on_screen():
    app = App(headless=True)
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "computer"), Seat("Bob", 2, "computer")], seed=4)
    session = GameSession.start(options, load_map(DEFAULT_MAP))
    session.speed = "fast"
    app.push(GameScene(session))
    app.frame(1 / 30)
    assert isinstance(app.scene, AnchorPanel)
    click(app.scene, app.scene.begin.rect.center)
    for _ in range(20000):          # ten frames a second, as on a slow machine: the game is the same
        if session.state.phase == "over":
            break
        app.frame(1 / 10)
    assert session.state.phase == "over" and session.state.winners
    for _ in range(60):
        app.frame(1 / 30)
    assert isinstance(app.scene, GameOverScene)
