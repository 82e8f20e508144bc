"""Save and load through the in-game menu; a broken save shows why and the game goes on; F5 reload."""
import json

import pygame
import pytest

from game.engine import snapshot
from game.maps import DEFAULT_MAP, load_map
from game.ui.app import App
from game.ui.board.scene import GameScene
from game.ui.menus.game_menu import GameMenu, RulesDialog, VoteDialog, open_game_menu, reload_map
from game.ui.kit import widgets
from game.ui.menus.options import NewGameOptions, Seat
from game.ui.menus.saves import LoadDialog, SaveDialog, list_saves, saves_dir
from game.ui.session import GameSession
from uikit import click, play_to_turn_of, shipped_map




@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.setenv("FUZZYKNIGHTS_SAVES", str(tmp_path / "saves"))
    app = App(headless=True)
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "human")], seed=11)
    scene = GameScene(GameSession.start(options, shipped_map(DEFAULT_MAP)))
    app.push(scene)
    return scene


def test_saves_dir_env_and_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("FUZZYKNIGHTS_SAVES", str(tmp_path / "x"))
    assert saves_dir() == tmp_path / "x"
    monkeypatch.delenv("FUZZYKNIGHTS_SAVES")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert saves_dir() == tmp_path / "fuzzyknights" / "saves"


def test_save_then_load_round_trip_through_the_menu(game):
    app = game.app
    open_game_menu(game)
    menu = app.scene
    assert isinstance(menu, GameMenu)
    click(menu, menu.save_button.rect.center)
    dialog = app.scene
    assert isinstance(dialog, SaveDialog)
    dialog.name_field.value = "round trip"
    dialog.draw(app.screen)
    click(dialog, dialog.save_button.rect.center)
    assert app.scene is menu
    (info,) = list_saves()
    assert info.path.name == "round_trip.json" and info.day == 1 and "Ann" in info.players
    expected = json.loads(json.dumps(snapshot(game.state)))
    click(menu, menu.load_button.rect.center)
    loader = app.scene
    assert isinstance(loader, LoadDialog) and len(loader.list.saves) == 1
    loader.draw(app.screen)
    click(loader, loader.load_button.rect.center)
    loaded = app.scene
    assert isinstance(loaded, GameScene) and loaded is not game and len(app.scenes) == 1
    assert json.loads(json.dumps(snapshot(loaded.state))) == expected


def test_a_corrupted_save_shows_the_error_and_the_game_goes_on(game):
    app = game.app
    folder = saves_dir()
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text('{"format": "fuzzyknights-save", "version": 1, "map"')
    state_before = game.state
    open_game_menu(game)
    menu = app.scene
    click(menu, menu.load_button.rect.center)
    loader = app.scene
    assert loader.list.saves[0].problem
    click(loader, loader.load_button.rect.center)
    assert app.scene is loader and loader.toast.visible and "not valid JSON" in loader.toast.message
    loader.draw(app.screen)
    loader.close()
    menu.close()
    assert app.scene is game and game.session.state is state_before


def test_escape_opens_the_menu_and_quit_returns_to_the_title(game):
    app = game.app
    game.handoff_to = None
    game.dialog = None
    game.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert isinstance(app.scene, GameMenu)
    app.scene.draw(app.screen)
    app.scene.quit_to_title()
    from game.ui.menus.title import TitleScene
    assert isinstance(app.scene, TitleScene)


@pytest.mark.rule("R-VOTE-1")
def test_rule_vote_every_human_votes_on_the_dialog(game, monkeypatch):
    """The dialog says who votes (every live player, R-VOTE-1) and the tie die of the rules in play."""
    from game.ui.menus import base
    seen = []
    monkeypatch.setattr(base, "wrap", lambda text, *a, **k: seen.append(text) or [text])
    app = game.app
    state = game.state
    state.pending.clear()            # a fresh game may wait on nothing, but be sure
    open_game_menu(game)
    click(app.scene, app.scene.rules_button.rect.center)
    rules = app.scene
    assert isinstance(rules, RulesDialog)
    state.rules.data["alliances"]["vote_tie_yes_from"] = 70
    rules.draw(app.screen)
    drawn = " ".join(seen)
    assert "computer players too" in drawn and "1dP: 70 or more passes" in drawn
    click(rules, rules.propose_buttons["starting_hero"].rect.center)
    vote = app.scene
    assert isinstance(vote, VoteDialog) and vote.pending_vote() is not None
    vote.draw(app.screen)
    click(vote, vote.yes.rect.center)
    click(vote, vote.yes.rect.center)
    assert state.rules["options"]["starting_hero"] is True and state.vote is None
    assert not isinstance(app.scene, VoteDialog)


@pytest.mark.rule("R-VOTE-1")
def test_rule_vote_computer_players_vote_for_themselves(tmp_path, monkeypatch):
    """A human calls a vote from the menu: the computer players vote by their own interest and only the
    human is asked; the dialog shows how the others voted."""
    monkeypatch.setenv("FUZZYKNIGHTS_SAVES", str(tmp_path / "saves"))
    app = App(headless=True)
    seats = [Seat("Bob", 1, "computer", "hard"), Seat("Ann", 2, "human"), Seat("Cyd", 3, "computer")]
    fords = DEFAULT_MAP.parent / "three_fords.tmx"
    session = GameSession.start(NewGameOptions(str(fords), seats=seats, seed=11), load_map(fords))
    game = GameScene(session)
    app.push(game)
    state = session.state
    play_to_turn_of(session, 2)
    open_game_menu(game)
    click(app.scene, app.scene.rules_button.rect.center)
    click(app.scene, app.scene.propose_buttons["day_limit"].rect.center)
    vote = app.scene
    assert isinstance(vote, VoteDialog)
    voters = [p.player for p in state.pending if p.kind == "vote"]
    asked = [vote.pending_vote().player]
    assert set(voters) | {seat for seat, _ in vote.cast_so_far} == {1, 2, 3} and asked == [2]
    seen = []
    monkeypatch.setattr(widgets, "fit_label", lambda text, *a, **k: seen.append(text) or (14, text))
    vote.draw(app.screen)
    assert "Ann, your vote" in seen
    days = state.rules["options"]["day_limit_days"]
    assert f"Day limit on ({days} Days)?" in seen, "how many Days: 'Turn “Day limit” on?' did not say"
    assert f"After {days} Days the most Cities, then the most 💰, wins (R-END-2)" in seen, "played: 'After N Days'"
    assert not any("pass the mouse" in line for line in seen)      # no other human is to vote
    click(vote, vote.no.rect.center)
    assert state.vote is None and not any(p.kind == "vote" for p in state.pending)
    assert [seat for seat, _ in vote.cast_so_far if seat != 2] == [s for s in voters if s != 2]
    assert not isinstance(app.scene, VoteDialog)
    assert "Vote " in app.scene.toast.message


def test_f5_reload_starts_a_new_game_with_the_same_seats_and_mode(game, tmp_path):
    from game.maps import ASSETS_DIR
    (tmp_path / "assets").symlink_to(ASSETS_DIR)      # the map's tilesets are ../assets/*.tsx
    (tmp_path / "maps").mkdir()
    tmx = tmp_path / "maps" / "mine.tmx"
    tmx.write_bytes(DEFAULT_MAP.read_bytes())
    game.session.options.map_path = str(tmx)
    app = game.app
    assert reload_map(game)
    new = app.scene
    assert isinstance(new, GameScene) and new is not game
    assert [p.name for p in new.state.players.values()] == ["Ann", "Bob"]
    assert new.state.rules.mode == "normal" and new.state.seed == 11
    tmx.write_text("<map>broken")
    assert not reload_map(new)
    from game.ui.menus.map_error import MapErrorScene
    assert isinstance(app.scene, MapErrorScene)
    click(app.scene, app.scene.back.rect.center)
    assert app.scene is new


def test_title_continue_and_load_open_the_newest_save(game, tmp_path):
    from game.ui.menus.saves import save_to
    from game.ui.menus.title import TitleScene
    folder = tmp_path / "saves"
    save_to(game.state, "first", folder)
    app = App(headless=True)
    title = TitleScene(saves_dir=folder)
    app.push(title)
    assert title.continue_button.enabled and title.load_button.enabled
    click(title, title.continue_button.rect.center)
    assert isinstance(app.scene, GameScene) and app.scene.state.seed == 11
    app.pop()
    click(title, title.load_button.rect.center)
    loader = app.scene
    assert isinstance(loader, LoadDialog)
    click(loader, loader.load_button.rect.center)
    assert isinstance(app.scene, GameScene) and loader not in app.scenes and app.scenes[0] is title


def test_the_load_list_keeps_each_games_autosaves_together_latest_first(game, tmp_path):
    """Several games each leave an "Autosave (latest)": the list shows each with its Daybreak autosaves
    under it, newest game first, so two games' autosaves are never interleaved by their times."""
    import os
    from game.engine.save import autosave_path, save_game
    from game.ui.menus.saves import daybreak_autosave
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    written = [(autosave_path(folder, "aaaaaa", 2), 100), (autosave_path(folder, "bbbbbb", 2), 200),
               (autosave_path(folder, "aaaaaa"), 300), (autosave_path(folder, "aaaaaa", 3), 300),
               (folder / "my_game.json", 250), (autosave_path(folder, "bbbbbb"), 210)]
    for path, when in written:
        save_game(game.state, path)
        os.utime(path, (when, when))
    loader = LoadDialog()
    game.app.push(loader)
    names = [info.path.name for info in loader.list.saves]
    assert names == ["autosave-aaaaaa.json", "autosave-aaaaaa-day003.json", "autosave-aaaaaa-day002.json",
                     "my_game.json", "autosave-bbbbbb.json", "autosave-bbbbbb-day002.json"]
    assert [daybreak_autosave(info) for info in loader.list.saves] == [False, True, True, False, False, True]
    assert [loader.list.under_its_game(i) for i in range(6)] == [False, True, True, False, False, True]
    loader.draw(game.app.screen)

    # a game whose latest autosave is gone: its Daybreak autosave stands alone, not under the game above it
    save_game(game.state, autosave_path(folder, "cccccc", 4))
    os.utime(autosave_path(folder, "cccccc", 4), (205, 205))
    loader.list.reload()
    names = [info.path.name for info in loader.list.saves]
    alone = names.index("autosave-cccccc-day004.json")
    assert names[alone - 1] == "autosave-bbbbbb-day002.json" and not loader.list.under_its_game(alone)
    assert list_saves()[0].path.name in {"autosave-aaaaaa.json", "autosave-aaaaaa-day003.json"}   # Continue: newest


def damaged_save(game, folder):
    """A save of ``game`` after a few moves whose last move no longer replays (another seat plays it)."""
    from game.ui.menus.saves import save_to
    play_to_turn_of(game.session, 2)
    path = save_to(game.session.state, "damaged", folder)
    data = json.loads(path.read_text())
    last = len(data["actions"]) - 1
    data["actions"][last]["player"] = 2 if data["actions"][last]["player"] == 1 else 1
    path.write_text(json.dumps(data))
    return path, last


def test_a_save_whose_later_move_no_longer_replays_loads_up_to_that_move(game, tmp_path):
    """Nothing lost on a damaged save: the moves before the broken one still load (as a new game)."""
    from game.engine.save import load_save
    from game.engine.save_checks import SaveError
    path, last = damaged_save(game, tmp_path / "saves")
    with pytest.raises(SaveError) as caught:
        load_save(path)
    assert f"actions[{last}]" in str(caught.value) and caught.value.good_moves == last
    assert caught.value.day == game.state.day
    loaded = load_save(path, up_to=last)
    assert loaded.cut and len(loaded.state.actions) == last
    assert loaded.state.actions == game.state.actions[:last]


def test_the_load_dialog_offers_a_damaged_save_up_to_its_last_good_move(game, tmp_path):
    from game.ui.menus.saves import LoadDamaged
    from game.ui.menus.title import TitleScene
    folder = tmp_path / "saves"
    path, last = damaged_save(game, folder)
    before = path.read_text()
    app = App(headless=True)
    title = TitleScene(saves_dir=folder)
    app.push(title)
    click(title, title.load_button.rect.center)
    loader = app.scene
    click(loader, loader.load_button.rect.center)
    offer = app.scene
    assert isinstance(offer, LoadDamaged) and f"first {last} moves" in offer.message
    offer.draw(app.screen)
    click(offer, offer.back.rect.center)
    assert app.scene is loader                               # Back: nothing loaded, the list again
    click(loader, loader.load_button.rect.center)
    offer = app.scene
    click(offer, offer.ok.rect.center)
    loaded = app.scene
    assert isinstance(loaded, GameScene) and len(loaded.state.actions) == last
    assert app.scenes == [title, loaded]
    assert loaded.session.game_id != game.session.game_id and path.read_text() == before


def test_continue_offers_the_newest_damaged_save_up_to_its_last_good_move(game, tmp_path):
    """Continue passed over a damaged newest save for an older one: a whole day's play lost for one bad move."""
    from game.ui.menus.saves import LoadDamaged
    from game.ui.menus.title import TitleScene
    folder = tmp_path / "saves"
    path, last = damaged_save(game, folder)
    app = App(headless=True)
    title = TitleScene(saves_dir=folder)
    app.push(title)
    click(title, title.continue_button.rect.center)
    offer = app.scene
    assert isinstance(offer, LoadDamaged) and f"first {last} moves" in offer.message
    click(offer, offer.ok.rect.center)
    loaded = app.scene
    assert isinstance(loaded, GameScene) and loaded.state.actions == game.state.actions[:last]
