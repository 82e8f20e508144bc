"""Slow odds are worked out off the frame (issue 14): the board never waits for them, says it is
working them out, and shows them once they are known; the work runs on a copy of the game."""
import threading

import pygame
import pytest

import game.ui.board.odds as board_odds
import game.ui.kit.background as background
from game.ui.board.scene import WORKING_OUT
from game.ui.kit.background import NOT_YET, BackgroundAnswers
from tests.uikit import click, meadow_board_scene, to_turn


def gated(value, gate: threading.Event, calls: list):
    def work():
        calls.append(value)
        gate.wait(5)
        return value
    return lambda: work


def wait_idle(answers: BackgroundAnswers) -> None:
    for _ in range(500):
        if not answers.pending():
            return
        threading.Event().wait(0.01)
    raise AssertionError("the background work never finished")


def slowed(monkeypatch, module, name: str):
    """``module.name`` waits for the returned gate and records the game it was given; frames never wait."""
    gate, seen, real = threading.Event(), [], getattr(module, name)

    def slow(state, *args, **kw):
        seen.append(state)
        gate.wait(5)
        return real(state, *args, **kw)
    monkeypatch.setattr(module, name, slow)
    monkeypatch.setattr(background, "WAIT_S", 0.0)
    return gate, seen


def settle(scene) -> None:
    """Frames until nothing is being worked out (one answer may ask the next question)."""
    for _ in range(20):
        wait_idle(scene._odds)
        scene.update(0.016)
        if not scene._odds.pending():
            return
    raise AssertionError("the screen kept working")


def test_a_slow_answer_is_not_waited_for_and_arrives_later():
    answers, gate, calls = BackgroundAnswers(wait_s=0.0), threading.Event(), []
    assert answers.get("a", gated(1, gate, calls)) is NOT_YET
    assert not answers.take_arrived()
    gate.set()
    wait_idle(answers)
    assert answers.take_arrived() and not answers.take_arrived()
    assert answers.get("a", gated(2, gate, calls)) == 1 and calls == [1], "asked once, answered once"


def test_only_the_latest_question_waits_behind_a_running_one():
    answers, gate, calls = BackgroundAnswers(wait_s=0.0), threading.Event(), []
    for key in ("a", "b", "c"):
        answers.get(key, gated(key, gate, calls))
    gate.set()
    wait_idle(answers)
    assert calls == ["a", "c"], "a mouse sweeping over tiles does not queue them all"
    held = threading.Event()           # a new question's work, held: NOT_YET does not hang on thread timing
    assert answers.get("b", gated("b", held, calls)) is NOT_YET
    held.set()


def test_answers_to_a_game_that_moved_on_are_dropped():
    answers, gate, calls = BackgroundAnswers(wait_s=0.0), threading.Event(), []
    answers.get("a", gated(1, gate, calls))
    answers.clear()
    gate.set()
    wait_idle(answers)
    assert not answers.take_arrived()
    held = threading.Event()
    assert answers.get("a", gated(2, held, calls)) is NOT_YET, "asked again, not answered from before the clear"
    held.set()


@pytest.mark.rule("R-CITY-4")
def test_the_board_shows_working_out_then_the_odds_and_the_work_never_sees_the_live_game(monkeypatch):
    scene = meadow_board_scene()
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    hero = scene.state.heroes[scene.selected]
    enemy = next(c for c in scene.state.cities.values() if c.owner not in (0, hero.owner))
    gate, seen = slowed(monkeypatch, board_odds, "cell_odds")

    assert WORKING_OUT in scene._tooltip_lines(enemy.cell), "the frame did not wait"
    gate.set()
    wait_idle(scene._odds)
    scene.view.hover_cell = enemy.cell
    scene.update(0.016)
    assert any("Chance" in line or "besiege" in line for line in scene.view.tooltip_lines)
    assert seen and all(state is not scene.state for state in seen), "the odds are worked out on a copy"
    assert scene.state.battle is None
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)


def test_the_battle_screen_opens_at_once_and_offers_the_best_split_when_it_is_known(monkeypatch):
    """R-BAT-1: the arranging side is offered the best split; a big battle's takes seconds to find,
    so the screen opens on a plain split, says it is working, and takes the best one when it comes
    (unless the player has started arranging by then)."""
    from test_ui_odds_agree import arrange, battle_screen
    import game.ui.battle.scene as battle_scene
    real = battle_scene.default_plan
    gate, seen = slowed(monkeypatch, battle_scene, "default_plan")
    state, hero = arrange(monster=True)
    scene, _ = battle_screen(state, hero, [("1dP", 30), ("1d1+6", 1)])
    assert scene.odds_waiting() and scene.bar_odds() is None and scene.arrange_odds is None
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    gate.set()
    settle(scene)
    best = real(state)
    assert not scene.odds_waiting()
    assert (scene.arrangement.squads(), scene.arrangement.mode) == best[:2]
    assert scene.arrange_odds == pytest.approx(best[2])
    assert seen and all(s is not state for s in seen), "worked out on a copy of the game"


@pytest.mark.rule("R-BAT-1")
def test_a_split_the_player_started_is_not_replaced_by_the_best_one_arriving_late(monkeypatch):
    from test_ui_odds_agree import arrange, battle_screen
    import game.ui.battle.scene as battle_scene
    gate = threading.Event()
    real = battle_scene.default_plan
    monkeypatch.setattr(battle_scene, "default_plan", lambda *a, **kw: (gate.wait(5), real(*a, **kw))[1])
    monkeypatch.setattr(background, "WAIT_S", 0.0)
    state, hero = arrange(monster=True)
    scene, _ = battle_screen(state, hero, [("1dP", 30), ("1d1+6", 1)])
    scene._set_mode(1)                                   # the player picks Individual rolls meanwhile
    gate.set()
    settle(scene)
    assert scene.arrangement.mode == "individual" and not scene.odds_waiting()


@pytest.mark.rule("R-MOV-7", "R-MON-1")
def test_the_face_a_monster_dialog_opens_at_once_and_shows_the_odds_when_they_arrive(monkeypatch):
    from tests.test_ui_odds_agree import monster_at_home_board
    gate, seen = slowed(monkeypatch, board_odds, "monster_lines")
    state, board = monster_at_home_board()
    app = board.app
    assert board.dialog.title == "A Monster!" and WORKING_OUT in board.dialog.lines
    app.frame(1 / 60)                                                    # drawn without waiting
    gate.set()
    settle(board)
    assert WORKING_OUT not in board.dialog.lines and any("win" in line for line in board.dialog.lines)
    assert board.dialog.button("Face it") is not None
    assert seen and all(twin is not state for twin in seen), "worked out on a copy"


def _computer_game(seed=5):
    from game.maps import DEFAULT_MAP, load_map
    from game.ui.menus.options import NewGameOptions, Seat
    from game.ui.session import GameSession
    seats = [Seat("Ann", 1, "computer"), Seat("Bob", 2, "computer")]
    return GameSession.start(NewGameOptions(str(DEFAULT_MAP), seats=seats, seed=seed), load_map(DEFAULT_MAP))


def test_computers_think_off_the_frame_and_play_the_same_game(monkeypatch):
    """Same seed, same actions: a game whose computer players think on a worker thread (the screen's
    way) is the game they play when asked directly (saves, replays and the lab)."""
    monkeypatch.setattr(background, "WAIT_S", 0.0)
    direct, screened = _computer_game(), _computer_game()
    for _ in range(60):
        direct.computer_step()
    played = 0
    while played < 60:
        act = screened.think()
        if act is NOT_YET:
            wait_idle(screened._thinking)
            continue
        assert screened.submit(act).ok
        played += 1
    assert screened.state.actions == direct.state.actions
    assert screened.ai_rng.getstate() == direct.ai_rng.getstate()


def test_the_board_goes_on_drawing_while_a_computer_thinks(monkeypatch):
    """A computer's turn: the frame does not wait for its choice; the action comes when the thinking ends."""
    import game.ai
    gate, seen = slowed(monkeypatch, game.ai, "choose_action")
    board = meadow_board_scene(("computer", "computer"))
    board.session.speed = "fast"
    board.app.frame(0.1)
    click(board.app.scene, board.app.scene.begin.rect.center)          # "Who goes first?": Begin
    assert board.app.scene is board
    before = len(board.state.actions)
    for _ in range(10):
        board.app.frame(0.1)
    assert len(board.state.actions) == before and board.session.thinking() and board.animating()
    assert seen and all(twin is not board.state for twin in seen), "it thinks on a copy"
    gate.set()
    wait_idle(board.session._thinking)
    for _ in range(10):
        board.app.frame(0.1)
    assert len(board.state.actions) > before


@pytest.mark.rule("R-ALLY-1")
def test_a_computer_thinking_off_the_frame_remembers_who_turned_its_alliance_down():
    """The copy it thinks on started with an empty log, where a computer player looks up who said no
    to its alliance lately: in a hotseat game it asked a human again straight after the refusal."""
    import random
    from enginekit import start_game, to_turn_of
    from game.ai import choose_action
    from game.engine import actions as A, apply
    from game.engine.state import Hero
    from game.ui.session import GameSession
    state = start_game(players=3)
    state.rng = random.Random(1)
    state.players[3].ai = "standard"
    rival = Hero(id=state.new_id(), owner=2, cell=(7, 7), army={"mercenary": 30})
    state.heroes[rival.id] = rival                     # arrange: seat 2 leads, so seat 3 courts seat 1
    to_turn_of(state, 3)
    apply(state, A.ProposeAlliance(3, 1))
    apply(state, A.AnswerAlliance(1, 3, False))
    session = GameSession(state)
    session.ai_rng = random.Random(1)
    answer = session.think()
    if answer is NOT_YET:
        wait_idle(session._thinking)
        answer = session.think()
    assert not isinstance(answer, A.ProposeAlliance), "asked again straight after a no"
    assert answer == choose_action(state, random.Random(1), "standard"), "the screen plays the lab's game"
