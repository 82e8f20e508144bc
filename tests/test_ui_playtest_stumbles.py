"""What a player stumbled on in a played Campaign game against the computer: a rule vote called from
the in-game menu left the menu open behind it, and "Since your last turn" did not say that a rival took
the Daybreak token the player had placed."""
import pygame
import pytest

from game.maps import DEFAULT_MAP, load_map
from game.ui.app import App
from game.ui.board.scene import GameScene
from game.ui.menus.game_menu import GameMenu, RulesDialog, VoteDialog
from game.ui.menus.options import NewGameOptions, Seat
from game.ui.session import GameSession
from uikit import click, play_to_turn_of


def key(scene, k):
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def board(seats, map_path=DEFAULT_MAP):
    app = App(headless=True)
    session = GameSession.start(NewGameOptions(str(map_path), seats=seats, seed=11), load_map(map_path))
    scene = GameScene(session)
    app.push(scene)
    return scene


def call_a_vote(game, option="day_limit") -> VoteDialog:
    """Esc, "Rules & votes", "Vote to turn on": as a player does it."""
    app = game.app
    key(game, pygame.K_ESCAPE)
    menu = app.scene
    assert isinstance(menu, GameMenu)
    click(menu, menu.rules_button.rect.center)
    rules = app.scene
    assert isinstance(rules, RulesDialog)
    click(rules, rules.propose_buttons[option].rect.center)
    return app.scene


@pytest.mark.rule("R-VOTE-1")
def test_a_vote_called_from_the_menu_stands_over_the_board_and_ends_on_it(monkeypatch):
    """Played: the vote opened over the menu (a dimmed menu behind the dialog), and after the last vote the
    menu was still open: one more click on Resume to get back to the game."""
    game = board([Seat("Ann", 1, "human"), Seat("Bob", 2, "human")])
    app = game.app
    game.dialog = None
    vote = call_a_vote(game)
    assert isinstance(vote, VoteDialog) and vote.pending_vote() is not None
    menus_drawn = []
    monkeypatch.setattr(GameMenu, "draw", lambda self, surface: menus_drawn.append(self))
    app.frame(1 / 60)
    assert not menus_drawn, "the vote is drawn over the board, not over the menu it was called from"
    assert game.dialog is None and game.handoff_to is None, "no second vote dialog or hand-over under it"
    click(vote, vote.yes.rect.center)            # Ann
    assert app.scene is vote
    click(vote, vote.yes.rect.center)            # Bob, the mouse passed to him
    assert app.scene is game and app.scenes == [game], "back on the board: no menu left to close"
    assert game.toast.visible and game.toast.message.startswith("Vote passed")
    assert game.state.rules["options"]["day_limit"] is True
    assert game.handoff_to is None and game.dialog is None, "Ann's turn goes on where she left it"
    app.frame(1 / 60)


@pytest.mark.rule("R-VOTE-1")
def test_a_vote_the_computer_players_answer_at_once_ends_on_the_board_too():
    fords = DEFAULT_MAP.parent / "three_fords.tmx"
    game = board([Seat("Bob", 1, "computer", "hard"), Seat("Ann", 2, "human"), Seat("Cyd", 3, "computer")], fords)
    app = game.app
    play_to_turn_of(game.session, 2)
    game.refresh()
    game.dialog = None
    vote = call_a_vote(game)
    assert isinstance(vote, VoteDialog) and vote.below is game
    click(vote, vote.no.rect.center)
    assert app.scenes == [game] and game.toast.message.startswith("Vote ")
    assert game.dialog is None


def test_a_refused_proposal_stays_on_the_rules_dialog():
    """Only a vote that is under way leaves the menu: a refusal is told where the click was."""
    game = board([Seat("Ann", 1, "human"), Seat("Bob", 2, "computer")])
    app = game.app
    play_to_turn_of(game.session, 1)
    game.refresh()
    game.dialog = None
    game.state.vote = {"option": "hero_cap", "value": True, "votes": {}, "proposer": 2}   # arrange: one under way
    rules = call_a_vote(game)
    assert isinstance(rules, RulesDialog) and "already under way" in rules.toast.message
    assert isinstance(app.scenes[-2], GameMenu)
