"""Stumbles found by playing whole games by mouse (issue 11, the known gaps 1-11): each posts the
events a player makes and checks what the screen then says or shows."""
import json
import random

import pygame
import pytest

from game.board import Board, MapToken
from game.engine import Seat as EngineSeat, actions as A, apply, legal_actions, new_game
from game.engine.state import Event
from game.narration import narrate, turn_summary
from game.ui.app import App
from game.ui.board.scene import GameScene
from game.ui.session import GameSession
from uikit import click, meadow_board_scene, to_turn


@pytest.fixture
def folder(tmp_path, monkeypatch):
    path = tmp_path / "saves"
    monkeypatch.setenv("FUZZYKNIGHTS_SAVES", str(path))
    return path


def key(scene, k):
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    scene.handle_event(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def continue_newest(folder):
    from game.ui.menus.title import TitleScene
    app = App(headless=True)
    title = TitleScene(saves_dir=folder)
    app.push(title)
    click(title, title.continue_button.rect.center)
    assert isinstance(app.scene, GameScene)
    return app.scene


def small_game(seed=0, monsters=((2, 2), (3, 1), (1, 3), (5, 4), (6, 3), (4, 4))):
    tokens = [MapToken("start", (1, 1), seat=1), MapToken("start", (6, 4), seat=2)]
    tokens += [MapToken("monster", cell) for cell in monsters]
    state, events = new_game(Board.blank(8, 6, tokens=tokens), [EngineSeat("Ann"), EngineSeat("Bob")], seed=seed)
    return state, events


def played_on_screen(steps, seed=0):
    """A hotseat game on screen, played by legal actions at random through the board scene."""
    state, events = small_game(seed)
    app = App(headless=True)
    scene = GameScene(GameSession(state, events=events))
    app.push(scene)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.phase == "over":
            break
        choices = [a for a in legal_actions(state) if not isinstance(a, (A.Retreat, A.ProposeRuleChange))]
        scene.submit(rng.choice(choices))
    return scene


# --- 1: the log and "since your last turn" after Continue/Load --------------------------------
def test_continue_shows_the_games_past_in_the_log_and_the_battle_count(folder):
    scene = played_on_screen(120, seed=2)
    assert scene.session.battles_won, "the seed should win a battle or two"
    scene.session.autosaver.flush(scene.state)
    resumed = continue_newest(folder)
    assert resumed.event_log.lines == scene.event_log.lines
    assert resumed.session.battles_won == scene.session.battles_won        # the results table counts them


def test_since_your_last_turn_still_works_after_a_load(folder):
    scene = played_on_screen(120, seed=2)
    seat = scene.actor
    expected = scene.event_log.summary_for(scene.state, seat)
    assert expected, "the seed should give the next player some news"
    scene.session.autosaver.flush(scene.state)
    resumed = continue_newest(folder)
    assert resumed.handoff_to == seat
    assert resumed.event_log.summary_for(resumed.state, seat) == expected


def test_a_game_saved_at_a_players_cover_still_has_its_news_after_a_load():
    """Saved on Ida's cover (her Daybreak was her last doing; her turn's start and the offer she answered on
    the cover are not): after Continue the cover still says what Bob did meanwhile."""
    from game.ui.board.event_log import EventLog
    state, _ = small_game()
    ida, bob = 1, 2
    past = [Event("daybreak", {"player": ida, "day": 1}),
            Event("purse", {"player": ida, "change": {"coin": 1}, "reason": "income", "purse": {"coin": 6}}),
            Event("recruited", {"city": 1, "unit": "mercenary", "count": 2, "player": ida}),
            Event("turn_started", {"player": bob, "day": 1}),
            Event("city_founded", {"player": bob, "cell": [3, 3], "city": 99}),
            Event("turn_ended", {"player": bob}),
            Event("turn_started", {"player": ida, "day": 1}),
            Event("alliance_answered", {"player": ida, "proposer": bob, "accepted": False})]
    log = EventLog()
    log.add(past, [])
    log.mark_last_acts([ida, bob])
    news = log.summary_for(state, ida)
    assert news == turn_summary(state, past[3:], ida) and news, news
    assert log.summary_for(state, bob) == turn_summary(state, past[6:], bob)     # after his turn: the answer


def test_a_game_loaded_mid_battle_shows_the_battle_so_far_on_its_screen(folder):
    from game.ui.battle.scene import BattleScene
    state, events = small_game()
    rng = random.Random(0)
    while state.battle is None:
        events += apply(state, rng.choice(legal_actions(state)))
    session = GameSession(state, events=events)
    session.autosaver.flush(state)
    resumed = continue_newest(folder)
    click(resumed, resumed.handoff_button.rect.center)
    for _ in range(5):
        resumed.app.frame(1 / 30)
    battle = resumed.app.scene
    assert isinstance(battle, BattleScene)
    assert any(" attacks " in line for line in battle.log), battle.log      # the battle's start, told again


# --- 2: the tooltip names players, not colours ---------------------------------------------------
def test_the_tile_tooltip_names_the_heros_player_and_a_citys_owner():
    scene = meadow_board_scene()
    hero = next(iter(scene.state.heroes.values()))
    owner = scene.state.players[hero.owner].name
    lines = scene.view.describe(hero.cell)          # the capital's tile: the hero and its City
    assert any(line.startswith("Hero ") and f"({owner})" in line for line in lines), lines
    assert any(line.startswith("City") and owner in line for line in lines), lines
    assert not any("red" in line.lower() or "blue" in line.lower() for line in lines), lines


# --- 3: game over leaves the board in view ------------------------------------------------------
def test_after_game_over_the_board_stays_in_view_with_no_stale_dice_or_speed_button():
    scene = meadow_board_scene(("human", "computer"))
    scene.dice.add_event({"purpose": "movement", "expr": "1d10+10", "faces": [4], "total": 14})
    scene.state.phase, scene.state.winners, scene.state.end_reason = "over", [1], "last_city"
    scene.refresh()
    scene._show_game_over()
    assert not scene.dice.busy, "the last rolls do not stay frozen over the results"
    scene.app.pop()                                         # "Look at the board"
    scene.draw(scene.app.screen)
    assert not scene.speed_button.visible
    banner = scene._over_banner()
    assert banner.h * banner.w < scene.view.rect.w * scene.view.rect.h / 6, "the banner covers little of the board"
    assert banner.contains(scene.over_button.rect)
    click(scene, scene.over_button.rect.center)
    from game.ui.menus.game_over import GameOverScene
    assert isinstance(scene.app.scene, GameOverScene)


# --- 4: "Saved as …" does not cover Quit to title -------------------------------------------------
def test_saved_as_is_said_in_the_menu_panel_clear_of_its_buttons(folder):
    from game.ui.menus.game_menu import GameMenu
    from uikit import save_through_the_menu
    scene = meadow_board_scene()
    menu = save_through_the_menu(scene, "Ann")
    assert isinstance(scene.app.scene, GameMenu)
    assert menu.note == "Saved as Ann" and not menu.toast.visible      # Enter in the name field saves under it
    quit_button = menu.buttons[-1].rect
    menu.draw(scene.app.screen)
    assert menu.panel.contains(quit_button)


# --- 5: the path badge tells a Resource from an Item (R-MOV-3) -------------------------------------
@pytest.mark.rule("R-MOV-3")
def test_the_path_badge_shows_a_purse_for_a_resource_and_a_gift_for_an_item():
    from game.engine.state import Token
    from game.ui.board.odds import pickup_notes
    scene = meadow_board_scene()
    to_turn(scene)
    state = scene.state
    hero = state.heroes[scene.selected]
    hero.moves_left = 20
    cell = next(c for c in state.board.topology.cells() if state.is_unoccupied(c) and c != hero.cell)

    def badge(*kinds):
        for t in [t for t in state.tokens.values() if t.cell == cell]:
            del state.tokens[t.id]
        for kind in kinds:
            tid = state.new_id()
            state.tokens[tid] = Token(tid, kind, cell)
        return pickup_notes(state, hero, cell, 1)[0]
    assert "💰" in badge("resource") and "🎁" not in badge("resource")
    assert "🎁" in badge("item") and "💰" not in badge("item")
    assert "💰" in badge("resource", "item") and "🎁" in badge("resource", "item")


# --- 6: a hero without an army faints with no desertion line (R-HERO-2) ---------------------------
@pytest.mark.rule("R-HERO-2")
def test_a_hero_alone_faints_with_no_desertion_line_and_an_army_says_who_deserted():
    state = meadow_board_scene().state
    hero = next(iter(state.heroes.values()))
    alone = narrate(state, Event("hero_fainted", {"hero": hero.id, "player": 1, "units_before": 0, "units_after": 0}))
    assert "faints" in alone and "0" not in alone and "→" not in alone
    army = narrate(state, Event("hero_fainted", {"hero": hero.id, "player": 1, "units_before": 15, "units_after": 7}))
    assert "8 of its 15 units desert" in army


def result_scene(start_units, start_heroes):
    """A battle screen whose sides began with these units and heroes, for its result lines."""
    from game.ui.battle.scene import BattleScene
    from test_save_robust import battle_state
    scene = BattleScene(GameSession(battle_state()))
    scene.view.start_units, scene.view.start_heroes = start_units, start_heroes
    return scene


@pytest.mark.rule("R-HERO-2")
def test_the_battle_result_counts_units_only_for_a_side_that_had_some():
    scene = result_scene([0, 6], [1, 0])
    res = {"lost": [0, 6], "winner": 0, "retreated": False}
    assert scene.side_result_lines(0, res) == ["Hero: lives on"]
    assert scene.side_result_lines(1, res) == ["Units lost: 6 of 6"]


@pytest.mark.rule("R-DEATH-3")
def test_after_a_retreat_the_defenders_heroes_live_on():
    """Maud retreated from a City held by two heroes: the result said Brunhild's hero was lost too."""
    scene = result_scene([2, 0], [1, 2])
    res = {"lost": [2, 0], "winner": 1, "retreated": True}
    assert scene.side_result_lines(0, res)[-1] == "Hero: lost"
    assert scene.side_result_lines(1, res) == ["Heroes: all 2 live on"]


# --- 7: the same news twice is counted -------------------------------------------------------------
def test_two_mines_taken_in_one_turn_are_one_counted_line():
    state, _ = small_game()
    events = [Event("mine_captured", {"player": 2, "resource": "gold", "previous": None}),
              Event("mine_captured", {"player": 2, "resource": "gold", "previous": None}),
              Event("mine_captured", {"player": 2, "resource": "wood", "previous": None})]
    lines = turn_summary(state, events, 1)
    assert lines == ["⚒️ Bob captured 2 gold mines", "⚒️ Bob captured a wood mine"], \
        "played: 'captured a coin mine (×2)' read as one mine taken twice"


def test_other_news_counted_reads_as_plain_words():
    state, _ = small_game()
    hero_cell = next(iter(state.cities.values())).cell
    events = [Event("hero_died", {"player": 2, "cause": "battle"}), Event("hero_died", {"player": 2, "cause": "battle"}),
              Event("token_placed", {"player": 2, "kind": "monster", "cell": hero_cell}),
              Event("token_placed", {"player": 2, "kind": "monster", "cell": hero_cell}),
              Event("mine_captured", {"player": 2, "resource": "gold", "previous": 1}),
              Event("mine_captured", {"player": 2, "resource": "gold", "previous": 1})]
    lines = turn_summary(state, events, 1)
    assert "⚒️ Bob took 2 of your gold mines" in lines
    assert "✝ Bob lost 2 heroes (in battle)" in lines
    assert any(line.startswith("🧟 2 Monster tokens were placed ") for line in lines), lines
    assert not [line for line in lines if "×" in line]


# --- 8: Space/Enter end the Daybreak on its panel ------------------------------------------------
@pytest.mark.parametrize("k", [pygame.K_SPACE, pygame.K_RETURN])
def test_the_daybreak_panel_continues_on_space_and_enter(k):
    from game.ui.board.daybreak_panel import DaybreakPanel
    scene = meadow_board_scene()
    state = scene.state
    assert state.phase == "daybreak"
    seat = state.actor()
    panel = DaybreakPanel(scene.session)
    scene.app.push(panel)
    panel.update(1.0)                                # shown a moment (a key at once is not taken)
    key(panel, k)
    assert isinstance(state.actions[-1], A.EndDaybreak) and state.actions[-1].player == seat
    assert scene.app.scene is scene


# --- 9: a double click on End turn does not lift the handoff cover ----------------------------------
def test_the_second_click_of_a_double_click_on_end_turn_leaves_the_cover_down():
    scene = meadow_board_scene()
    to_turn(scene)
    first = scene.actor
    for h in scene.state.heroes_of(first):
        h.moves_left = 0                         # nothing left to move: End turn asks nothing
    scene.refresh()
    end = scene.end_button.rect.center
    click(scene, end)
    assert scene.actor != first and scene.handoff_to == scene.actor
    click(scene, end)                            # the double click's second click
    assert scene.handoff_to is not None, "the cover waits for its own button or key"
    click(scene, scene.handoff_button.rect.center)
    assert scene.handoff_to is None


# --- 10: no tooltip of a covered widget or tile -------------------------------------------------------
def test_no_board_tooltip_shows_under_the_game_menu(monkeypatch):
    from game.ui.kit import widgets
    from game.ui.menus.game_menu import open_game_menu
    scene = meadow_board_scene()
    to_turn(scene)
    drawn = []
    monkeypatch.setattr(widgets, "draw_tooltip", lambda surface, lines, pos: drawn.append(lines) or pygame.Rect(pos, (1, 1)))
    for spot in (scene.end_button.rect.center, scene.view.rect.center):
        scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)))
        drawn.clear()
        scene.draw(scene.app.screen)
        assert drawn, f"uncovered, {spot} shows its tooltip"
        open_game_menu(scene)
        menu = scene.app.scene
        menu.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)))
        drawn.clear()
        menu.draw(scene.app.screen)
        assert not drawn, f"the menu covers {spot}: {drawn}"
        scene.app.pop()
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.end_button.rect.center, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    scene.end_turn()                                   # a board dialog ("End the turn?") over the button
    assert scene.dialog is not None
    drawn.clear()
    scene.draw(scene.app.screen)
    assert not drawn, f"the dialog covers the End turn button: {drawn}"


# --- 11: refusals read as sentences and cite their rule ----------------------------------------------
@pytest.mark.rule("R-MOV-1")
@pytest.mark.rule("R-MOV-6")
def test_every_refusal_a_player_meets_on_the_board_is_a_sentence_citing_its_rule():
    from game.ui.menus.rulebook import cited_rule
    from game.ui.board.refusals import for_player
    scene = meadow_board_scene()
    to_turn(scene)
    seat = scene.actor
    hero = scene.state.heroes[scene.selected]
    told = []
    for action in (A.Move(seat, hero.id, ((0, 0),)),                       # not rolled yet
                   A.Siege(seat, hero.id, next(iter(scene.state.cities))),   # own capital
                   A.PickUp(seat, hero.id, 999)):
        outcome = scene.session.submit(action)
        assert not outcome.ok
        told.append(outcome.reason)
    scene.submit(A.RollMovement(seat, hero.id))
    told.append(scene.session.submit(A.RollMovement(seat, hero.id)).reason)
    told.append(scene.session.submit(A.Move(seat, hero.id, ((0, 0),))).reason)
    for reason in told:
        assert reason[0].isupper() and reason.endswith("."), reason
        assert "(" not in reason.split("R-")[0] or cited_rule(reason), reason
        assert cited_rule(reason), f"no rule cited: {reason}"
    assert cited_rule(told[0]) == "R-MOV-1" and cited_rule(told[-1]) == "R-MOV-6"
    assert "(0, 0)" not in told[-1], "no coordinates: a player clicked a tile"
    assert for_player("the game is over") == "The game is over."
    assert for_player("place the token on ground heroes can walk on").startswith(
        "Place the token where heroes can walk: this tile is impassable")


def test_a_cited_refusal_opens_its_rule_when_clicked():
    from game.ui.menus.rules_screen import RulesScene
    scene = meadow_board_scene()
    to_turn(scene)
    hero = scene.state.heroes[scene.selected]
    scene.toast.show(scene.session.submit(A.Move(scene.actor, hero.id, ((0, 0),))).reason)
    scene.draw(scene.app.screen)
    click(scene, scene.toast.rect.center)
    assert isinstance(scene.app.scene, RulesScene)


# --- found while playing the hotseat game by mouse ---------------------------------------------------
def test_space_answers_a_board_dialog_with_its_first_button():
    scene = meadow_board_scene()
    to_turn(scene)
    seat = scene.actor
    key(scene, pygame.K_SPACE)                       # heroes could still move: "End the turn?"
    assert scene.dialog is not None and scene.actor == seat
    key(scene, pygame.K_SPACE)                       # the key that goes on everywhere confirms it
    assert scene.actor != seat


@pytest.mark.rule("R-MOV-3")
def test_the_log_tells_a_resource_pickup_by_its_purse_and_names_what_a_battle_is_against():
    state = meadow_board_scene().state
    hero = next(iter(state.heroes.values()))
    line = narrate(state, Event("picked_up", {"hero": hero.id, "player": hero.owner, "kind": "resource"}))
    assert line.startswith("💰") and "🎁" not in line
    assert narrate(state, Event("picked_up", {"hero": hero.id, "player": hero.owner, "kind": "item"})).startswith("🎁")
    token = narrate(state, Event("token_placed", {"kind": "item", "cell": [1, 2]}))
    assert "An item token appears" in token
    fight = narrate(state, Event("battle_started", {"kind": "guardians", "cell": [1, 2], "attacker": hero.owner,
                                                    "defender": None}))
    assert fight.endswith("attacks the mine guardians")


def test_a_fallen_hero_is_named_in_the_log_and_the_battle_result():
    scene = played_on_screen(120, seed=2)
    state = scene.state
    died = [e for e in state.log if e.kind == "hero_died"]
    assert died, "the seed should lose a hero"
    hero_id = died[0].data["hero"]
    assert hero_id not in state.heroes
    name = next(e.data["name"] for e in state.log if e.kind == "hero_recruited" and e.data["hero"] == hero_id)
    assert narrate(state, died[0]).startswith(f"✝ {name} (")


def test_the_next_players_cover_shows_no_toast_of_the_last_players_daybreak():
    from game.ui.board.daybreak_panel import DaybreakPanel
    scene = meadow_board_scene(seed=2)
    to_turn(scene)
    for seat in list(scene.state.players):
        for h in scene.state.heroes_of(seat):
            h.moves_left = 0
    while scene.state.phase != "daybreak":          # on to Day 2, when ending the Daybreak rolls for a token
        if scene.handoff_to is not None:
            click(scene, scene.handoff_button.rect.center)
        scene.end_turn(confirmed=True)
    if scene.handoff_to is not None:
        click(scene, scene.handoff_button.rect.center)
    panel = DaybreakPanel(scene.session)
    scene.app.push(panel)
    click(panel, panel.end_button.rect.center)
    rolls = [e for e in scene.state.log if e.kind == "dice" and e.data.get("purpose") == "token_roll"]
    assert rolls and not rolls[-1].data["success"], "this seed rolls no token"
    assert scene.handoff_to is not None
    assert not scene.toast.visible, f"the next player's cover shows: {scene.toast.message}"


@pytest.mark.rule("R-DAY-5")
def test_a_pending_decision_refusal_cites_its_rule():
    from game.ui.board.refusals import for_player
    from game.ui.menus.rulebook import cited_rule
    assert cited_rule(for_player("place the Daybreak token first")) == "R-DAY-5"
    assert cited_rule(for_player("choose which heroes cannot be paid first")) == "R-DAY-3"


def test_back_from_another_screen_the_tooltip_is_of_the_tile_under_the_mouse():
    from game.ui.menus.game_menu import open_game_menu
    scene = meadow_board_scene()
    to_turn(scene)
    tile = scene.view.rect.center
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=tile, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.view.tooltip_lines
    open_game_menu(scene)
    menu = scene.app.scene
    button = menu.buttons[0].rect.center
    menu.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=button, rel=(0, 0), buttons=(0, 0, 0)))
    scene.mouse = button                           # where the mouse is as the menu closes (headless: no pointer)
    menu.close()
    assert scene.app.scene is scene
    assert scene.view.hover_cell == scene.view.cell_at(button) or not scene.view.tooltip_lines


@pytest.mark.rule("R-END-2")
def test_the_top_bar_counts_the_days_against_the_day_limit():
    from game.ui.board.hud import day_caption
    state = meadow_board_scene().state
    assert day_caption(state) == "Day 1"
    state.rules["options"]["day_limit"], state.rules["options"]["day_limit_days"] = True, 5
    assert day_caption(state) == "Day 1 of 5"
    state.day = 6                                   # the dawn that ends the game
    assert day_caption(state) == "Day 5 of 5"
