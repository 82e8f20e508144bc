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
from uikit import click, meadow_board_scene, offer_bribe, play_to_turn_of, to_turn


def key(scene, k):
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def board(seats, map_path=DEFAULT_MAP):
    app = App(headless=True)
    session = GameSession.start(NewGameOptions(str(map_path), seats=seats, seed=11), load_map(map_path))
    scene = GameScene(session)
    app.push(scene)
    return scene


def call_a_vote(game, option="day_limit") -> VoteDialog:
    """Esc, "Rules & votes", "Call a vote: on": as a player does it."""
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


def _to_the_turn_of(scene, seat):
    """Hand the mouse over and end Daybreaks and turns (by their buttons) until ``seat``'s turn."""
    for _ in range(20):
        if scene.handoff_to is not None:
            click(scene, scene.handoff_button.rect.center)
        if scene.dialog is not None and scene.dialog.key == "ui:summary":
            click(scene, scene.dialog.buttons[0].rect.center)
        if scene.state.phase == "turn" and scene.actor == seat and scene.handoff_to is None:
            return
        if scene.state.phase == "turn":
            scene.end_turn(confirmed=True)
        else:
            click(scene, scene.end_button.rect.center)
    raise AssertionError(f"seat {seat}'s turn never came")


@pytest.mark.rule("R-DAY-5")
@pytest.mark.rule("R-MOV-3")
def test_the_news_says_a_rival_picked_up_the_daybreak_token_you_placed(monkeypatch):
    """Played: I put an Item token by my rival's hero at Daybreak to see what it would do; it picked it up
    and "Since your last turn" did not say so (the log told only that a hero picked up an item)."""
    from game.engine.state import Pending
    from uikit import meadow_board_scene
    scene = meadow_board_scene()                     # two humans at one screen: the hand-over cover tells the news
    state = scene.state
    placer = scene.actor
    rival = next(seat for seat in state.players if seat != placer)
    (hero,) = state.heroes_of(rival)
    free = set(state.unoccupied_cells())
    cell = next(c for c in state.board.topology.neighbours(hero.cell) if c in free
                and 0 < state.board.move_cost[c[1], c[0]] <= 2)
    state.pending.append(Pending("place_token", placer, {"kind": "item"}))     # arrange: the token roll hit
    scene.refresh()
    scene.view.center_on(cell)
    click(scene, scene.view.cell_center(cell))
    (token,) = state.tokens_at(cell)
    assert token.kind == "item"
    _to_the_turn_of(scene, rival)
    click(scene, scene.roll_button.rect.center)
    state.heroes[hero.id].moves_left = 6                   # arrange: enough 🐎 whatever the roll
    scene.refresh()
    scene.view.center_on(cell)
    click(scene, scene.view.cell_center(cell))
    for _ in range(10):
        scene.update(0.5)                                 # the hero walks there
    assert state.heroes[hero.id].cell == cell and scene.dialog is not None and scene.dialog.rows
    click(scene, scene.dialog.rows[0][1].rect.center)                # "Pick up"
    assert not state.tokens_at(cell)
    scene.end_turn(confirmed=True)
    assert scene.handoff_to == placer
    drawn = []
    monkeypatch.setattr(GameScene, "_draw_summary", staticmethod(lambda s, box, lines: drawn.append(lines)))
    scene.app.frame(1 / 60)
    from game.narration import region
    expected = f"🎁 {state.players[rival].name} picked up the Item token you placed {region(state, cell)}"
    assert drawn and expected in drawn[-1], drawn
    assert expected not in scene.event_log.summary_for(state, rival), "the rival knows what it did"


def _monster_news(*events, on_board=False):
    """Ann (1) placed a Monster token (5) at Daybreak; Bob's (2) hero 7 meets it in ``events``."""
    from types import SimpleNamespace

    from game.engine.state import Event, Player
    from game.narration import turn_summary
    placed = Event("token_placed", {"token": 5, "kind": "monster", "cell": [4, 4], "player": 1})
    state = SimpleNamespace(players={1: Player(1, "Ann"), 2: Player(2, "Bob")}, cities={},
                            heroes={7: SimpleNamespace(owner=2, name="Brak")}, tokens={5: object()} if on_board else {},
                            board=SimpleNamespace(width=9, height=9), log=[placed, *events])
    return turn_summary(state, list(events), 1), turn_summary(state, list(events), 2)


def _ev(event_kind, /, **data):
    from game.engine.state import Event
    return Event(event_kind, data)


@pytest.mark.rule("R-DAY-5")
@pytest.mark.rule("R-MON-1")
def test_the_news_says_a_rival_fought_the_monster_token_you_placed():
    started = _ev("battle_started", kind="monsters", cell=[4, 4], hero=7, attacker=2, defender=0, sides=[[], []])
    won = _ev("battle_over", winner=0, kind="monsters", retreated=False, attacker=2, defender=0)
    ann, bob = _monster_news(started, won, _ev("tokens_removed", tokens=[5]))
    assert ann == ["🧟 Bob fought the Monster token you placed in the centre and won"], "said once, not as '⚔ Bob beat monsters' too"
    assert not any("you placed" in line for line in bob)
    lost = _ev("battle_over", winner=1, kind="monsters", retreated=False, attacker=2, defender=0)
    ann, _ = _monster_news(started, lost, on_board=True)
    assert ann == ["🧟 Bob fought the Monster token you placed in the centre and lost"]


@pytest.mark.rule("R-DAY-5")
@pytest.mark.rule("R-MON-1")
def test_the_news_says_the_monsters_of_your_token_joined_a_rival():
    joined = _ev("monsters_joined", hero=7, offer="defect", count=3, left=0)
    ann, _ = _monster_news(joined, _ev("tokens_removed", tokens=[5]))
    assert ann == ["🧟 The monsters of the token you placed in the centre joined Bob"]
    away = _ev("monsters_joined", hero=7, offer="bribe", count=0, left=3)
    ann, _ = _monster_news(away, _ev("tokens_removed", tokens=[5]))
    assert ann == ["🧟 Bob sent away the monsters of the token you placed in the centre"]


def test_a_monster_fight_elsewhere_is_told_as_before():
    started = _ev("battle_started", kind="monsters", cell=[1, 1], hero=7, attacker=2, defender=0, sides=[[], []])
    won = _ev("battle_over", winner=0, kind="monsters", retreated=False, attacker=2, defender=0)
    ann, _ = _monster_news(started, won, _ev("tokens_removed", tokens=[6]), on_board=True)
    assert ann == ["⚔ Bob beat monsters"]


@pytest.mark.rule("R-MON-1")
def test_the_bribe_dialog_says_the_monsters_not_taken_go_away():
    """Played: 10 monsters offered to join, the purse allowed 4: would the other 6 attack the hero? The
    dialog said nothing of them (they vanish, R-MON-1)."""
    scene = meadow_board_scene()
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    dialog = offer_bribe(scene, offered=10, coin=4, price=1, stage="fight")
    assert dialog is not None and dialog.title == "Bribe"
    assert "Those you do not take go away (R-MON-1)." in dialog.lines
    click(scene, dialog.spinner.minus.rect.center)
    assert dialog.lines[-1].endswith("takes 3 for 💰3"), "the count's line is still the last"


@pytest.mark.rule("R-VOTE-1")
def test_the_vote_result_reads_as_the_log_says_it():
    """Played: the toast said "Day limit (30 days) on" where the log beside it said "Day limit on (30 Days)"."""
    from game.narration import narrate
    game = board([Seat("Ann", 1, "human"), Seat("Bob", 2, "human")])
    game.dialog = None
    vote = call_a_vote(game)
    click(vote, vote.yes.rect.center)
    click(vote, vote.yes.rect.center)
    days = game.state.rules["options"]["day_limit_days"]
    assert game.toast.message == f"Vote passed (2 yes, 0 no): Day limit on ({days} Days)"
    result = next(e for e in reversed(game.state.log) if e.kind == "vote_result")
    assert f"Day limit on ({days} Days)" in narrate(game.state, result)


@pytest.mark.rule("R-BLD-2")
def test_the_daybreak_panel_says_why_a_hero_out_there_cannot_found_a_city(monkeypatch):
    """Played: at one Daybreak the hero had "Found a City here"; at the next, standing on the Item token it
    would pick up, the button was gone without a word. A City is founded on an otherwise empty tile."""
    import enginekit as K
    from game.engine.dice import Rng
    from game.engine.state import Token
    from game.ui.board.daybreak_panel import DaybreakPanel
    from layoutkit import problems, record, recording
    state = K.start_game("normal")
    state.rng = Rng(state.seed)
    seat = state.actor()
    state.players[seat].purse["coin"] = 10
    hero = K.recruit_hero(state, seat)
    hero.cell = (4, 4)                                               # arrange: out on the map
    app = App(headless=True)
    panel = DaybreakPanel(GameSession(state))
    app.push(panel)
    with monkeypatch.context() as patched, recording(patched):
        drawing = record(panel.draw, app.size)
    assert hero.id in panel.found_buttons
    assert not any("can't found a City" in text for text, _ in drawing.texts)
    state.tokens[99] = Token(99, "item", (4, 4))                     # arrange: an Item token on its tile
    panel.layout(app.size)
    with monkeypatch.context() as patched, recording(patched):
        drawing = record(panel.draw, app.size)
    assert hero.id not in panel.found_buttons
    assert any(text.endswith("can't found a City on an Item token") for text, _ in drawing.texts), drawing.texts
    assert not problems(drawing), problems(drawing)


@pytest.mark.rule("R-MINE-3")
def test_a_neutral_mines_tooltip_names_its_owner_one_way():
    """Played: the tooltip of a Mine read "Mine (neutral)", then "Mine (unowned): captured at once 85%"."""
    from uikit import meadow_board_scene, to_turn
    scene = meadow_board_scene()
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    mine = next(m for m in scene.state.mines.values() if not m.owner)
    lines = [line for line in scene.view.describe(mine.cell) if line.startswith("Mine (")]
    assert len(lines) == 2 and all(line.startswith("Mine (neutral)") for line in lines), lines


def test_a_computers_rolls_do_not_pop_up_once_the_human_is_to_play():
    """At the fast computer speed a computer does not wait for its dice to show: four of its item rolls
    were still queued when the human's turn began, and popped up one by one while the human decided
    (the log keeps them)."""
    from game.ai import choose_action
    app = App(headless=True)
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "computer")], seed=1)
    session = GameSession.start(options, load_map(DEFAULT_MAP))
    session.speed = "fast"
    scene = GameScene(session)
    app.push(scene)
    app.frame(1 / 30)
    click(app.scene, app.scene.begin.rect.center)
    handed_over, computers_rolls, was_computer = 0, 0, True
    for _ in range(5000):
        if session.state.day >= 3 or session.state.phase == "over":
            break
        human = not session.is_computer(session.state.actor())
        if human and was_computer:
            handed_over += 1
            computers_rolls += len([r for r in scene.dice.queue if r.title.startswith("Bob")])
        was_computer = not human
        if app.scene is not scene:
            app.pop()                                   # the Daybreak panel: the human plays from the board
        elif human:                                     # the human plays as the standard computer would
            assert scene.submit(choose_action(session.state, session.ai_rng, "standard"))
        app.frame(1 / 30)
    assert session.state.day >= 3 and handed_over >= 2 and computers_rolls == 0


@pytest.mark.rule("R-MON-1")
def test_the_number_of_monsters_taken_is_typed_too():
    """The bribe's count takes digits from the keyboard like the City's counts, and the board's keys
    (R to roll, E to end the turn…) wait while it does."""
    from uikit import type_keys
    scene = meadow_board_scene()
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    dialog = offer_bribe(scene, offered=10, coin=6, price=1)
    click(scene, dialog.spinner.middle_rect().center)
    for _ in range(2):
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0))
    type_keys(scene, "2")
    assert dialog.spinner.value == 2 and dialog.lines[-1].endswith("takes 2 for 💰2")
    actions = len(scene.state.actions)
    type_keys(scene, "e")
    assert len(scene.state.actions) == actions and scene.dialog is dialog
    take = next(b for b in dialog.buttons if b.label.startswith("Take"))
    click(scene, take.rect.center)
    assert scene.state.actions[-1].count == 2
