"""Synthetic mouse input for the screen tests, and the games they are played on."""
import copy
import functools

import pygame


@functools.lru_cache(maxsize=None)
def _read_map(path: str):
    from game.maps import load_map
    return load_map(path)


def shipped_map(path):
    """``load_map(path)`` for a screen test's game: each map file is read once per test process, and every
    test gets a copy of its own (a test may change its board)."""
    return copy.deepcopy(_read_map(str(path)))


def click(scene, pos, button=1):
    """Move to ``pos`` and click there, as a player would."""
    pos = tuple(round(v) for v in pos)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def meadow_board_scene(kinds=("human", "human"), seed=11, starting_hero=True, map_name=None):
    """The board scene of a 2-player game on the default map (or the shipped 2-player map ``map_name``)
    between Ann and Bob, pushed on a headless App."""
    from game.maps import DEFAULT_MAP
    from game.ui.app import App
    from game.ui.board.scene import GameScene
    from game.ui.menus.options import NewGameOptions, OptionalRules, Seat
    from game.ui.session import GameSession
    app = App(headless=True)
    seats = [Seat(name, i + 1, kind) for i, (name, kind) in enumerate(zip(("Ann", "Bob"), kinds))]
    path = DEFAULT_MAP.with_name(f"{map_name}.tmx") if map_name else DEFAULT_MAP
    options = NewGameOptions(str(path), seats=seats, seed=seed, rules=OptionalRules(starting_hero=starting_hero))
    scene = GameScene(GameSession.start(options, shipped_map(path)))
    app.push(scene)
    return scene


def to_turn(scene):
    """Click End Daybreak (and the handoff) until a player's turn starts; a player with no hero ends
    the Daybreak all the same when asked (the question's first answer)."""
    for _ in range(10):
        if scene.handoff_to is not None:
            click(scene, scene.handoff_button.rect.center)
        if scene.state.phase == "turn":
            return
        click(scene, scene.end_button.rect.center)
        if getattr(scene.app.scene, "title", None) == "End the Daybreak with no hero?":
            click(scene.app.scene, scene.app.scene.ok.rect.center)
    raise AssertionError("never reached a turn")


def play_to_turn_of(session, seat, limit=300):
    """Play ``session`` until ``seat``'s turn starts with nothing pending: computer players choose for
    themselves, the humans' moves (anchor, Daybreak, turns) are the standard computer player's."""
    import random

    from game.ai import choose_action
    state = session.state
    for _ in range(limit):
        if state.phase == "turn" and state.actor() == seat and not state.pending:
            return
        if session.computer_step() is None:
            assert session.submit(choose_action(state, random.Random(1), "standard")).ok
    raise AssertionError(f"seat {seat}'s turn never came")


def type_keys(scene, text):
    """Type ``text`` as a real keyboard does: a KEYDOWN and a TEXTINPUT for each character."""
    for ch in text:
        key = pygame.K_SPACE if ch == " " else ord(ch.lower())
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=ch, scancode=0))
        scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def save_through_the_menu(scene, name):
    """Menu, Save, the name field cleared (Ctrl+A) and ``name`` typed, Enter: the menu the save returns to."""
    from game.ui.menus.game_menu import open_game_menu
    from game.ui.menus.saves import SaveDialog
    open_game_menu(scene)
    menu = scene.app.scene
    click(menu, menu.save_button.rect.center)
    dialog = scene.app.scene
    assert isinstance(dialog, SaveDialog)
    click(dialog, dialog.name_field.rect.center)
    dialog.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    type_keys(dialog, name)
    dialog.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    return menu


def play_to_the_result(scene, app, dt=1 / 10, seconds=60):
    """Frames until the battle's result is up. Computer choices are worked out off the frame, so on a
    loaded machine many frames pass while one is thought out: the bound is in seconds, not frames."""
    import time
    end = time.monotonic() + seconds
    while scene.result is None and time.monotonic() < end:
        app.frame(dt)
        if scene.session.thinking():
            time.sleep(0.002)
    assert scene.result is not None, "the battle never ended"


def offer_bribe(scene, offered, coin, price, stage="bribe"):
    """The selected hero meets Monsters that offer to join for ``price`` coin each (R-MON-1), with ``coin``
    in the purse: the scene's dialog is the player's choice."""
    from game.engine.state import Interaction, Pending
    state = scene.state
    hero = state.heroes[scene.selected]
    state.players[hero.owner].purse["coin"] = coin
    state.interaction = Interaction(hero=hero.id, cell=hero.cell,
                                    monsters={"tokens": [], "fight": 0, "bribe": offered, "defect": 0, "stage": stage})
    state.pending.append(Pending("take_monsters", hero.owner, {"hero": hero.id, "offer": "bribe", "max": offered,
                                                               "cost": {"coin": price}}))
    scene.refresh()
    return scene.dialog
