"""Nothing a player did is lost (issue 11 items 3-5, issue 17 items 2-4, 12): the screens driven by events.

Continue resumes the exact last state after the window is closed, even mid-battle; Quit to title saves
and leaves Continue and Load enabled; a loaded hotseat game opens on the handoff cover; save names in
any script never overwrite each other silently; a failed autosave is told once; a poisoned saves
folder crashes nothing.
"""
import errno
import json
import os
import random

import pygame
import pytest

import game.engine.save as save_module
from game.board import Board, MapToken
from game.engine import Retreat, Seat as EngineSeat, apply, legal_actions, new_game, snapshot
from game.maps import DEFAULT_MAP
from game.ui.app import App
from game.ui.board.scene import GameScene
from game.ui.menus.game_menu import GameMenu, open_game_menu
from game.ui.menus.options import NewGameOptions, Seat
from game.ui.menus.saves import (LeaveUnsaved, LoadDialog, Notice, SaveDialog, autosave_now, continue_newest,
                                 list_saves, tell_save_problem)
from game.ui.menus.title import TitleScene
from game.ui.session import GameSession
from test_save_robust import battle_state
from uikit import click, shipped_map


@pytest.fixture
def folder(tmp_path, monkeypatch):
    path = tmp_path / "saves"
    monkeypatch.setenv("FUZZYKNIGHTS_SAVES", str(path))
    return path


def plain(state):
    return json.loads(json.dumps(snapshot(state)))


def game_on_screen(seats=("human", "human")):
    app = App(headless=True)
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat(f"P{i}", i + 1, kind) for i, kind in enumerate(seats)],
                             seed=11)
    scene = GameScene(GameSession.start(options, shipped_map(DEFAULT_MAP)))
    app.push(scene)
    return app, scene


def play_some(session, count=12, seed=3):
    rng = random.Random(seed)
    for _ in range(count):
        options = legal_actions(session.state)
        if session.state.phase == "over" or not options:
            break
        assert session.submit(rng.choice(options)).ok


def continue_on_a_new_title(folder):
    app = App(headless=True)
    title = TitleScene(saves_dir=folder)
    app.push(title)
    assert title.continue_button.enabled
    click(title, title.continue_button.rect.center)
    assert isinstance(app.scene, GameScene)
    return app.scene


# --- issue 11 item 4: Continue resumes the exact last state --------------------------------------
def test_continue_resumes_the_exact_state_after_the_window_is_closed(folder):
    app, scene = game_on_screen()
    play_some(scene.session)
    expected = plain(scene.state)
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert not app.running
    resumed = continue_on_a_new_title(folder)
    assert plain(resumed.state) == expected and len(resumed.state.actions) == len(scene.state.actions)
    assert resumed.session.game_id == scene.session.game_id       # the same game goes on


def test_continue_tells_of_a_newer_save_it_cannot_read_and_leaves_it_as_it_is(folder):
    """A game's latest state cut short (a full disk, an edit) was passed over in silence: Continue opened an
    older game, and the player thought the newer one lost."""
    app, scene = game_on_screen()
    play_some(scene.session, 3)
    app.dispatch(pygame.event.Event(pygame.QUIT))
    cut = folder / "autosave-abcdef.json"
    cut.write_text('{"format": "fuzzyknights-save", "vers')
    os.utime(cut, (os.stat(cut).st_atime, os.stat(cut).st_mtime + 60))
    resumed = continue_on_a_new_title(folder)
    assert resumed.session.game_id == scene.session.game_id
    message = resumed.toast.message
    assert "autosave-abcdef.json" in message and "is damaged" in message and "Continued from" in message
    assert cut.read_text() == '{"format": "fuzzyknights-save", "vers'


def test_every_action_is_saved_as_it_happens_even_mid_battle(folder):
    session = GameSession(battle_state())
    fight_on = next(a for a in legal_actions(session.state) if not isinstance(a, Retreat))
    assert session.submit(fight_on).ok                    # one decision of the battle (arrange or attack)
    # no quit, no close: the process could die now, and the file already holds this exact state
    resumed = continue_on_a_new_title(folder)
    assert plain(resumed.state) == plain(session.state) and resumed.state.actions == session.state.actions


# --- issue 11 item 5: after Quit to title, Continue and Load work; hotseat loads cover the board ----
def test_quit_to_title_saves_and_leaves_continue_and_load_enabled(folder):
    app = App(headless=True)
    title = TitleScene(saves_dir=folder)
    app.push(title)
    assert not title.continue_button.enabled and not title.load_button.enabled
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "computer")], seed=5)
    game = GameScene(GameSession.start(options, shipped_map(DEFAULT_MAP)))
    app.push(game)
    play_some(game.session, 4)
    expected = plain(game.state)
    open_game_menu(game)
    menu = app.scene
    assert isinstance(menu, GameMenu)
    click(menu, menu.buttons[-1].rect.center)           # Quit to title
    assert app.scene is title and title.continue_button.enabled and title.load_button.enabled
    click(title, title.continue_button.rect.center)
    assert plain(app.scene.state) == expected


def test_an_older_save_of_a_game_goes_on_as_a_new_game_and_continue_skips_finished_games(folder):
    app, scene = game_on_screen()
    older = save_through_the_dialog(app, scene, "before").saved
    play_some(scene.session, 5)
    scene.session.autosaver.flush(scene.state)
    latest = folder / f"autosave-{scene.session.game_id}.json"
    kept = latest.read_bytes()
    from game.ui.menus.saves import load_session
    branch = load_session(older)
    assert branch.game_id != scene.session.game_id       # its moves never overwrite the later state
    play_some(branch, 2, seed=9)
    assert latest.read_bytes() == kept
    assert load_session(latest).game_id == scene.session.game_id
    finished = json.loads(kept)                           # stands in for another game played to its end
    finished["snapshot"]["phase"], finished["game"]["id"] = "over", "0123456789ab"
    (folder / "autosave-0123456789ab.json").write_text(json.dumps(finished))
    assert list_saves(folder)[0].over
    resumed = continue_on_a_new_title(folder)
    assert resumed.state.phase != "over"


def test_continue_after_a_win_does_not_go_back_to_that_games_last_daybreak():
    """Played: after winning, Continue opened that game's Day-6 Daybreak autosave (a save of a game
    "still going") and the won battle could be fought again; now it shows the finished game, or
    another game still going."""
    from pathlib import Path
    from game.ui.menus.saves import SaveInfo, continue_order

    def save(name, when, game, over=False):
        return SaveInfo(Path(name), name, when=when, game=game, over=over)
    won, its_day6, its_named = save("won", 30, "aaaaaaaaaaaa", over=True), save("day6", 20, "aaaaaaaaaaaa"), \
        save("before the end", 25, "aaaaaaaaaaaa")
    other = save("other", 10, "bbbbbbbbbbbb")
    assert [s.name for s in continue_order([its_day6, won, its_named])] == ["won", "before the end", "day6"]
    assert continue_order([its_day6, won, other, its_named])[0] is other, "a game still going comes first"
    later = save("loaded again and played on", 40, "aaaaaaaaaaaa")
    assert continue_order([won, later, its_day6])[0] is later


def test_a_loaded_hotseat_game_opens_on_the_handoff_cover(folder):
    session = GameSession(battle_state())
    session.autosaver.flush(session.state)
    resumed = continue_on_a_new_title(folder)
    seat = resumed.state.actor()
    assert resumed.handoff_to == seat                     # the board is hidden until that player is ready
    resumed.draw(resumed.app.screen)
    click(resumed, resumed.handoff_button.rect.center)
    assert resumed.handoff_to is None and resumed.human_to_act()


def test_a_loaded_game_against_the_computer_has_no_cover(folder):
    app, scene = game_on_screen(("human", "computer"))
    scene.session.autosaver.flush(scene.state)
    resumed = continue_on_a_new_title(folder)
    assert resumed.handoff_to is None


# --- issue 11 item 3 / issue 17 item 1: games are told apart ------------------------------------------
def test_the_load_list_tells_two_games_on_the_same_map_apart(folder):
    first_app, first = game_on_screen(("human", "human"))
    second_app, second = game_on_screen(("human", "computer"))
    for scene in (first, second):
        autosave_now(scene.session)                       # the Daybreak autosave, and the latest state
    assert first.session.game_id != second.session.game_id
    rows = list_saves(folder)       # the second game's autosave left the first game its newest one
    assert sorted(r.game for r in rows) == sorted([second.session.game_id] * 2 + [first.session.game_id])
    assert not any(r.problem for r in rows)
    assert len({(r.name, r.summary) for r in rows}) == 3   # no two rows read the same
    assert all("Meadow" in r.summary and "Day 1" in r.summary and "Normal" in r.summary for r in rows)
    assert {r.game for r in rows} == {first.session.game_id, second.session.game_id}


# --- issue 17 item 2: names never overwrite each other silently ----------------------------------------
def save_through_the_dialog(app, scene, name, clicks=1):
    dialog = SaveDialog(scene.session)
    app.push(dialog)
    dialog.name_field.value = name
    for _ in range(clicks):
        click(dialog, dialog.save_button.rect.center)
    return dialog


def test_names_in_any_script_get_their_own_files_and_an_existing_name_asks_first(folder):
    app, scene = game_on_screen()
    for name in ("游戏一", "游戏二", "Zoé", "Zoë", "a/b: c?"):
        save_through_the_dialog(app, scene, name)
        assert app.scene is scene
    assert sorted(p.name for p in folder.glob("*.json")) == sorted(
        ["游戏一.json", "游戏二.json", "Zoé.json", "Zoë.json", "ab_c.json"])
    assert {r.name for r in list_saves(folder)} == {"游戏一", "游戏二", "Zoé", "Zoë", "ab c"}
    before = (folder / "游戏一.json").read_bytes()
    play_some(scene.session, 3)
    dialog = save_through_the_dialog(app, scene, "游戏一")
    assert app.scene is dialog and dialog.save_button.label == "Write over"      # asked, nothing written
    dialog.draw(app.screen)
    assert (folder / "游戏一.json").read_bytes() == before
    click(dialog, dialog.save_button.rect.center)
    assert app.scene is scene and (folder / "游戏一.json").read_bytes() != before
    # picking a save in the list offers to write over it; an autosave is never offered
    dialog = save_through_the_dialog(app, scene, "", clicks=0)
    rows = dict((info.path.name, row) for (index, row), info in
                ((r, dialog.list.saves[r[0]]) for r in dialog.list.visible_rows()))
    click(dialog, rows["Zoë.json"].center)
    assert dialog.name_field.value == "Zoë"
    autosave_rows = [row for name, row in rows.items() if name.startswith("autosave")]
    click(dialog, autosave_rows[0].center)
    assert dialog.name_field.value == "Zoë"
    dialog.close()
    # a different name that comes to the same file name is asked about too
    dialog = save_through_the_dialog(app, scene, "ab: c")
    assert dialog.confirm_over == folder / "ab_c.json" and app.scene is dialog


# --- issue 17 item 4: a failed autosave is told, once ----------------------------------------------------
def test_a_failed_autosave_is_told_once_and_quitting_then_asks(folder, monkeypatch):
    app, scene = game_on_screen()
    writes = save_module.write_atomic

    def disk_full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(save_module, "write_atomic", disk_full)
    play_some(scene.session, 2)
    assert scene.session.autosaver.problem == "No space left on device"
    assert tell_save_problem(scene)
    notice = app.scene
    assert isinstance(notice, Notice) and "No space left" in notice.message and "NOT being saved" in notice.message
    click(notice, notice.ok.rect.center)
    play_some(scene.session, 2, seed=4)
    assert not tell_save_problem(scene) and app.scene is scene     # once
    app.dispatch(pygame.event.Event(pygame.QUIT))                  # closing the window now asks
    asked = app.scene
    assert app.running and isinstance(asked, LeaveUnsaved)
    asked.draw(app.screen)
    click(asked, asked.back.rect.center)
    assert app.running and app.scene is scene
    monkeypatch.setattr(save_module, "write_atomic", writes)       # space freed: closing saves and quits
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert not app.running
    assert plain(continue_on_a_new_title(folder).state) == plain(scene.state)


# --- issue 17 items 3 and 12: a poisoned saves folder crashes nothing -----------------------------------
def poison(folder):
    folder.mkdir(parents=True, exist_ok=True)
    good = json.loads(next(folder.glob("*.json")).read_text())
    (folder / "deep.json").write_text("[" * 50_000 + "]" * 50_000)
    (folder / "huge_day.json").write_text(json.dumps(good).replace('"day": 1,', '"day": 1e999,', 1))
    (folder / "digits.json").write_text(json.dumps(good).replace('"seed": 11', '"seed": ' + "9" * 5000))
    bad_build = dict(good, actions=good["actions"] + [{"type": "Build", "player": 1, "city": 1, "building": None}])
    (folder / "build_null.json").write_text(json.dumps(bad_build))
    (folder / "map_number.json").write_text(json.dumps(dict(good, map={"path": 5})))
    (folder / "binary.json").write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "gone.json").symlink_to(folder / "nowhere.json")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo.json")


def test_a_poisoned_saves_folder_crashes_neither_save_load_nor_continue(folder):
    app, scene = game_on_screen()
    play_some(scene.session, 3)
    poison(folder)
    rows = list_saves(folder)
    assert len([r for r in rows if r.problem]) >= 8 and all(r.summary.startswith("Damaged") for r in rows if r.problem)
    save_through_the_dialog(app, scene, "still works").draw(app.screen)
    assert app.scene is scene and (folder / "still_works.json").exists()
    loader = LoadDialog(game=scene)
    app.push(loader)
    loader.draw(app.screen)
    poisoned = {"deep", "huge day", "digits", "build null", "map number", "binary", "zero", "gone", "fifo"}
    for index, row in enumerate(loader.list.saves):
        if row.name in poisoned:
            loader.list.selected = index
            click(loader, loader.load_button.rect.center)
            assert app.scene is loader and loader.toast.visible
    loader.close()
    assert app.scene is scene
    os.utime(folder / "build_null.json")                 # the newest save: it only fails when replayed
    title = TitleScene(saves_dir=folder)
    app.push(title)
    continue_newest(title, folder)
    resumed = app.scene
    assert isinstance(resumed, GameScene) and resumed is not scene
    assert "build null" in resumed.toast.message and "Continued from" in resumed.toast.message


def test_a_tool_can_play_without_touching_the_players_saves(folder):
    app, scene = game_on_screen()
    scene.session.autosaver.enabled = False
    play_some(scene.session, 4)
    assert autosave_now(scene.session) is None and scene.session.autosaver.flush(scene.state)
    assert not folder.exists() or not list(folder.iterdir())


def test_a_move_made_after_an_undo_is_not_mistaken_for_the_saved_one():
    from types import SimpleNamespace
    from game.engine.actions import EndTurn
    from game.ui.progress import Autosaver
    saver = Autosaver()
    state = SimpleNamespace(actions=[EndTurn(1), EndTurn(2)])
    saver.saved(state)
    assert not saver.dirty(state)
    state.actions = [EndTurn(1), EndTurn(2)]          # undone, then another move: same count, another action
    assert saver.dirty(state)


def test_a_battle_shown_on_the_battle_screen_loads_back_from_its_autosave(folder):
    """Whatever the screens cache on the state while a battle is shown (its odds), the autosave replays."""
    from game.engine.save import load_save
    from game.ui.battle.scene import BattleScene
    session = GameSession(battle_state())
    app = App(headless=True)
    app.push(GameScene(session))
    for _ in range(30):
        app.frame(1 / 30)
    assert isinstance(app.scene, BattleScene)
    app.scene.draw(app.screen)
    assert any(side.odds_tags is not None for side in session.state.battle.sides)   # the odds were shown
    assert session.autosaver.flush(session.state)
    loaded = load_save(folder / f"autosave-{session.game_id}.json")
    assert plain(loaded.state) == plain(session.state)


def test_continue_in_the_middle_of_a_daybreak_keeps_that_days_autosave_as_the_day_began(folder):
    """The Day's autosave was written again on Continue: a later state, timed after the latest autosave."""
    from game.engine.save import autosave_path, load_game
    from game.ui.board.daybreak_panel import daybreak_tick
    app, scene = game_on_screen()
    session = scene.session
    assert session.state.phase == "daybreak"
    day_file = session.autosaver.daybreak(session.state)        # what the board does at each Day's first Daybreak
    assert day_file == autosave_path(folder, session.game_id, 1)
    began = len(load_game(day_file).actions)
    end = next(a for a in legal_actions(session.state) if type(a).__name__ == "EndDaybreak")
    assert session.submit(end).ok and session.state.phase == "daybreak"       # the next player's Daybreak
    session.autosaver.flush(session.state)
    app.dispatch(pygame.event.Event(pygame.QUIT))
    resumed = continue_on_a_new_title(folder)
    click(resumed, resumed.handoff_button.rect.center)
    daybreak_tick(resumed)
    assert len(load_game(day_file).actions) == began
    assert len(load_game(autosave_path(folder, session.game_id)).actions) == began + 1


def test_a_save_name_that_is_a_device_on_windows_or_only_spaces_still_gets_a_file_of_its_own():
    from game.ui.menus.saves import file_name
    assert [file_name(name) for name in ("con", "Nul.txt", "COM1", "lpt9", "console", "   ", " . ")] == [
        "my_con.json", "my_Nul.txt.json", "my_COM1.json", "my_lpt9.json", "console.json", "save.json", "save.json"]
