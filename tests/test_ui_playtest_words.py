"""What a playtest by mouse found on screen (issue 11): log lines with a subject and the right article,
a passed vote in "Since your last turn", the vote's numbers, the computer's level in the save list,
no button tooltip drawn over an open menu, and every [options] switch on the title screen."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from enginekit import hero_game
from game.engine import actions as A
from game.engine import apply
from game.engine.save import to_json
from game.engine.save_checks import describe
from game.engine.state import Event
from game.maps import DEFAULT_MAP, load_map
from game.narration import narrate, turn_summary
from game.ui.app import App
from game.ui.kit import widgets
from game.ui.menus.options import NewGameOptions, Seat
from game.ui.session import GameSession
from uikit import click, meadow_board_scene, offer_bribe, to_turn


@pytest.mark.rule("R-MOV-3")
def test_a_pickup_reads_an_item_and_the_find_names_the_hero():
    state, hero = hero_game()
    picked = narrate(state, Event("picked_up", {"hero": hero.id, "token": 1, "kind": "item", "cost": 1}))
    found = narrate(state, Event("item_found", {"hero": hero.id, "item": 1, "type": "amulet",
                                                "rarity": "common", "power": "1d6"}))
    resource = narrate(state, Event("picked_up", {"hero": hero.id, "token": 2, "kind": "resource", "cost": 1}))
    assert f"{hero.name} (P1) picks up an item" in picked
    assert f"{hero.name} (P1) finds a common amulet (1d6)" in found
    assert "picks up a resource" in resource


@pytest.mark.rule("R-MON-1")
def test_sending_bribe_monsters_away_is_not_zero_monsters_joining():
    state, hero = hero_game()
    away = narrate(state, Event("monsters_joined", {"hero": hero.id, "offer": "bribe", "count": 0, "left": 3}))
    joined = narrate(state, Event("monsters_joined", {"hero": hero.id, "offer": "bribe", "count": 2, "left": 1}))
    assert "sends the monsters away" in away and "0 monsters" not in away
    assert "2 monsters join" in joined and "bribed" in joined


def voted_day_limit():
    state, _ = hero_game()
    events = apply(state, A.ProposeRuleChange(1, "day_limit", True))
    events += apply(state, A.CastVote(1, True))
    events += apply(state, A.CastVote(2, True))
    return state, events


@pytest.mark.rule("R-VOTE-1")
def test_a_passed_vote_is_in_every_players_summary_with_its_days():
    state, events = voted_day_limit()
    days = state.rules["options"]["day_limit_days"]
    for seat in (1, 2):
        assert f"🗳 Rule changed: Day limit on ({days} Days)" in turn_summary(state, events, seat)
    assert any(f"({days} Days): passed" in (narrate(state, e) or "") for e in events)


@pytest.mark.rule("R-VOTE-1")
def test_a_failed_vote_is_not_reported_as_a_change():
    state, _ = hero_game()
    events = apply(state, A.ProposeRuleChange(1, "day_limit", True))
    events += apply(state, A.CastVote(1, False))
    events += apply(state, A.CastVote(2, False))
    assert not any("Rule changed" in line for line in turn_summary(state, events, 2))


@pytest.fixture
def board_scene():
    return meadow_board_scene()



@pytest.mark.rule("R-VOTE-1")
def test_the_vote_dialog_says_how_many_days(board_scene):
    to_turn(board_scene)
    board_scene.submit(A.ProposeRuleChange(board_scene.actor, "day_limit", True))
    board_scene.update(0.016)
    board_scene.draw(pygame.Surface(board_scene.size))
    days = board_scene.state.rules["options"]["day_limit_days"]
    assert board_scene.dialog is not None and board_scene.dialog.title == "A vote"
    assert any(f"Day limit on ({days} Days)" in line for line in board_scene.dialog.lines)
    assert f"After {days} Days the most Cities, then the most 💰, wins (R-END-2)" in board_scene.dialog.lines, \
        "what the rule does: 'Legacy Gold Mine on' alone told a player nothing"
    assert board_scene.dialog.icon == "ballot"          # the vote's own icon, as in the log
    votes = len(board_scene.state.actions)
    board_scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40))
    assert len(board_scene.state.actions) == votes and board_scene.dialog.title == "A vote", \
        "Enter, meant for a notice before it, is no Yes: a vote is answered with the mouse"


def test_the_menu_buttons_tooltip_is_not_drawn_over_the_open_menu(board_scene, monkeypatch):
    drawn = []
    monkeypatch.setattr(widgets, "draw_tooltip", lambda surface, lines, pos: drawn.append(list(lines)) or
                        pygame.Rect(pos, (1, 1)))
    surface = pygame.Surface(board_scene.size)
    board_scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=board_scene.menu_button.rect.center,
                                                rel=(0, 0), buttons=(0, 0, 0)))
    board_scene.draw(surface)
    assert ["Menu (Esc)"] in drawn                     # hovering the button shows its tip
    drawn.clear()
    click(board_scene, board_scene.menu_button.rect.center)
    menu = board_scene.app.scene
    assert menu is not board_scene
    menu.draw(surface)
    assert ["Menu (Esc)"] not in drawn


def test_the_save_list_names_the_computers_level():
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "human"), Seat("Brunhild", 2, "computer", "hard"),
                                                      Seat("Corwin", 3, "computer", "normal")], seed=5)
    board = load_map(DEFAULT_MAP)
    board.max_players = max(board.max_players, 3)
    session = GameSession.start(options, board)
    players = describe(to_json(session.state))["players"]
    assert players == ["Ann", "Brunhild (computer, hard)", "Corwin (computer, standard)"]


@pytest.mark.rule("R-END-2")
def test_the_title_screen_offers_shared_victory_and_the_game_gets_it(tmp_path):
    from game.ui.menus.title import TitleScene
    app = App(headless=True)
    started = []
    title = TitleScene(on_start=started.append, saves_dir=tmp_path)
    app.push(title)
    box = title.rule_boxes["shared_victory"]
    assert box.visible and title.right.contains(box.rect)
    click(title, box.rect.center)
    assert title.options.rules.shared_victory
    session = GameSession.start(title.options, load_map(DEFAULT_MAP))
    assert session.state.rules.option("shared_victory")


@pytest.mark.rule("R-MON-1")
def test_a_bribe_nobody_can_pay_offers_only_send_them_away(board_scene):
    to_turn(board_scene)
    state = board_scene.state
    hero = state.heroes[board_scene.selected]
    board_scene.submit(A.RollMovement(hero.owner, hero.id))
    dialog = offer_bribe(board_scene, offered=8, coin=0, price=3)
    assert [b.label for b in dialog.buttons] == ["Send them away"] and dialog.spinner is None
    assert not any("takes 0" in line for line in dialog.lines)
    assert any(line.startswith("Your purse (") and "cannot pay for one" in line for line in dialog.lines), \
        dialog.lines          # which of the two stops it: not "the purse, or the army's slots"
    assert not any("free slot" in line for line in dialog.lines)
    click(board_scene, dialog.buttons[0].rect.center)
    assert state.actions[-1] == A.TakeMonsters(hero.owner, 0)


def test_ctrl_a_then_a_capital_typed_with_shift_replaces_the_name():
    """As xdotool and a real keyboard send it: Ctrl down, A, then Shift down before the capital letter."""
    from game.ui.kit.widgets import TextField
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    field = TextField("Meadow Ford day 2", rect=(10, 10, 150, 30), max_len=32)
    click(field, field.rect.center)

    def down(key, mod=0, text=""):
        field.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0))
        if text.isprintable() and text:
            field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))

    down(pygame.K_LCTRL, pygame.KMOD_LCTRL)
    down(pygame.K_a, pygame.KMOD_LCTRL, "\x01")
    for ch in "Partie de Zoé":
        if ch.isupper():
            down(pygame.K_LSHIFT, pygame.KMOD_LSHIFT)
        down(ord(ch.lower()) if ch.isascii() else pygame.K_e, pygame.KMOD_LSHIFT if ch.isupper() else 0, ch)
    assert field.value == "Partie de Zoé"


@pytest.mark.rule("R-DAY-4")
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_a_recruit_row_says_it_is_too_dear_in_full_beside_its_stepper(size, monkeypatch):
    """The mercenary row at 💰1 once read "not enough in" (cut by the stepper)."""
    from enginekit import capital, start_game
    from game.ui.city import scene as city_module
    from game.ui.kit import theme
    state = start_game()
    seat = state.actor()
    state.players[seat].purse["coin"] = 1
    app = App(size, headless=True)
    city = city_module.CityScene(GameSession(state), capital(state, seat).id)
    app.push(city)
    shown = []
    real = city_module.fitted_status
    monkeypatch.setattr(city_module, "fitted_status",
                        lambda status, width, style="bold": shown.append((real(status, width, style), width, style))
                        or real(status, width, style))
    city.draw(pygame.Surface(city.size))
    dear = [(words, size_, width, style) for (size_, words), width, style in shown if words == "Needs 💰1 more"]
    assert dear, "the mercenary row should say the purse is short"
    for words, font_size, width, style in dear:
        assert "…" not in words and theme.font(font_size, style).size(words)[0] <= width


@pytest.mark.rule("R-VOTE-1")
def test_the_deciding_voter_still_reads_the_passed_vote_in_its_next_summary(board_scene):
    to_turn(board_scene)
    state = board_scene.state
    proposer = board_scene.actor
    other = next(seat for seat in state.players if seat != proposer)
    board_scene.event_log.mark_seen(other)
    board_scene.submit(A.ProposeRuleChange(proposer, "day_limit", True))
    while state.pending and state.pending[0].kind == "vote":
        board_scene.submit(A.CastVote(state.pending[0].player, True))
    assert state.rules.option("day_limit")
    summary = board_scene.event_log.summary_for(state, other)
    assert any(line.startswith("🗳 Rule changed: Day limit on") for line in summary)


@pytest.mark.rule("R-BAT-2")
def test_the_battle_bar_and_the_arrangement_give_the_same_chance(monkeypatch):
    """Before the fix the bar counted only the hero (units not yet placed): 'Aldric 3%' beside 'Win chance 4%'."""
    from test_ui_battle import monster_battle, open_scene
    from game.ui.battle import draw as D
    state, hero, events = monster_battle(army={"mercenary": 2})
    app, scene, _ = open_scene(state, events)
    assert scene.arrangement is not None and scene.arrange_odds is not None
    bars = []
    monkeypatch.setattr(D, "draw_win_bar", lambda surface, rect, p, left, right: bars.append(p))
    scene.draw(app.screen)
    assert bars and round(100 * bars[-1]) == round(100 * scene.arrange_odds)
    # the figure behind the bar, before the squads are set, is the best split's too (it was the hero alone's,
    # then the units split evenly): the screen opens on the best split, so the two agree
    assert scene.p_attacker == pytest.approx(scene.arrange_odds)


def test_a_save_made_at_the_latest_state_goes_on_as_the_same_game(tmp_path, monkeypatch):
    """Save 'Partie de Zoé', Quit to title, Continue (it is the newest file): one game in the Load list, not two
    'Autosave (latest)' rows of the same Day."""
    import random
    from game.engine import legal_actions
    from game.engine.save import save_game
    from game.ui.menus.saves import list_saves, load_session
    folder = tmp_path / "saves"
    monkeypatch.setenv("FUZZYKNIGHTS_SAVES", str(folder))
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "human")], seed=11)
    session = GameSession.start(options, load_map(DEFAULT_MAP))
    rng = random.Random(3)
    for _ in range(6):
        assert session.submit(rng.choice(legal_actions(session.state))).ok
    session.autosaver.flush(session.state)
    named = folder / "Partie de Zoé.json"
    save_game(session.state, named, game_id=session.game_id)
    resumed = load_session(named)
    assert resumed.game_id == session.game_id
    for _ in range(2):
        assert resumed.submit(rng.choice(legal_actions(resumed.state))).ok
    resumed.autosaver.flush(resumed.state)
    latest_rows = [info for info in list_saves(folder) if info.path.name.startswith("autosave-")
                   and "-day" not in info.path.name]
    assert len(latest_rows) == 1


@pytest.mark.rule("R-CMP-1")
def test_a_button_label_with_a_star_draws_the_star_icon_not_a_box(monkeypatch):
    """The Campaign side panel's 'Build Tier 1 ⭐ spawner' button showed a box where the star goes."""
    from game.ui.kit import icons
    pygame.display.init()
    drawn = []
    real = icons.icon
    monkeypatch.setattr(icons, "icon", lambda name, size, *a, **kw: drawn.append(name) or real(name, size, *a, **kw))
    button = widgets.Button("Build Tier 1 ⭐ spawner", lambda: None, rect=(0, 0, 300, 36), size=14)
    button.draw(pygame.Surface((320, 60), pygame.SRCALPHA))
    assert "⭐" in drawn
    drawn.clear()
    widgets.draw_tooltip(pygame.Surface((400, 200), pygame.SRCALPHA), ["Pick up here: 🐎1"], (10, 10))
    assert "🐎" in drawn


def recruit_statuses_drawn(state, city_id, size, monkeypatch) -> list:
    """The City screen drawn once at ``size``: each recruit row's (status, width, style, (size, words)
    fitted) as ``fitted_status`` was asked and answered."""
    from game.ui.city import scene as city_module
    app = App(size, headless=True)
    city = city_module.CityScene(GameSession(state), city_id)
    app.push(city)
    shown = []
    real = city_module.fitted_status
    monkeypatch.setattr(city_module, "fitted_status", lambda status, width, style="bold":
                        shown.append((status, width, style, real(status, width, style))) or real(status, width, style))
    city.draw(pygame.Surface(city.size))
    return shown


@pytest.mark.rule("R-CMP-3")
def test_a_campaign_recruit_row_names_its_missing_spawner_without_cutting_it(monkeypatch):
    """'needs Tier 1 ⭐⭐ spawn' was cut by the Recruit button at 1280x720."""
    from enginekit import capital, start_game
    from game.ui.kit.rich_text import render
    state = start_game("campaign")
    shown = recruit_statuses_drawn(state, capital(state, state.actor()).id, (1280, 720), monkeypatch)
    needs = [(width, style, fitted) for status, width, style, fitted in shown if status.startswith("Needs")]
    assert needs
    for width, style, (size, words) in needs:
        assert "…" not in words and render(words, size, (0, 0, 0), style).get_width() <= width


def test_the_window_is_never_larger_than_the_screen(monkeypatch):
    """On a 1024x600 screen the game opened a 1280x720 window, its edges off screen."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 600)])
    app = App((1280, 720))
    assert app.size == (1024, 600)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    assert App((1280, 720)).size == (1280, 720)


@pytest.mark.rule("R-END-2")
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_day_limit_spinner_stays_inside_the_game_panel(size, tmp_path):
    from game.ui.menus.title import TitleScene
    app = App(size, headless=True)
    title = TitleScene(saves_dir=tmp_path)
    app.push(title)
    click(title, title.rule_boxes["day_limit"].rect.center)
    assert title.day_spinner.visible
    assert title.right.contains(title.day_spinner.rect)
    assert not title.day_spinner.rect.colliderect(title.start_button.rect)
    boxes = [box.rect for box in title.rule_boxes.values()]
    assert all(title.right.contains(r) for r in boxes)
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


@pytest.mark.rule("R-DAY-5")
def test_a_daybreak_token_says_who_placed_it():
    """"An item token appears in the north" did not say whose Daybreak it was: a Monster placed beside a
    rival's City is that rival's news. A token a fallen hero leaves behind still just appears."""
    state = meadow_board_scene().state
    seat = min(state.players)
    name = state.players[seat].name
    placed = narrate(state, Event("token_placed", {"kind": "monster", "cell": [3, 14], "player": seat}))
    assert placed == f"🧟 {name} places a monster token in the south-west"
    dropped = narrate(state, Event("token_placed", {"kind": "item", "cell": [3, 14], "dropped": True}))
    assert dropped == "🎁 An item token appears in the south-west"


def test_the_log_says_where_on_the_map_not_coordinates():
    """"Aldric founds a capital at (2, 5)" told a player nothing: the log names the map's region."""
    from game.narration import region
    state = meadow_board_scene().state                      # 20x16
    assert region(state, (0, 0)) == "in the north-west" and region(state, (19, 15)) == "in the south-east"
    assert region(state, (10, 8)) == "in the centre" and region(state, (10, 0)) == "in the north"
    line = narrate(state, Event("capital", {"player": 1, "cell": [19, 8]}))
    assert line.endswith("founds a capital in the east") and "(" not in line
    token = narrate(state, Event("token_placed", {"kind": "monster", "cell": [3, 14]}))
    assert token.endswith("token appears in the south-west")
    hero = next(iter(state.heroes.values()))
    moved = narrate(state, Event("hero_moved", {"hero": hero.id, "cell": [10, 8], "cost": 4, "moves_left": 3}))
    # "moves 🐎2 in the north-west" read as a heading, for a step south-east within the north-west
    assert moved.endswith("moves 🐎4 (3 left), now in the centre"), moved


def test_a_roll_with_a_bonus_adds_up_on_the_log():
    """Played: "Mara rolls 🐎: 1d10+10 → 1 = 11" read as if 1 made 11."""
    from game.narration import _dice
    assert _dice({"expr": "1d10+10", "faces": [1], "total": 11}) == "1d10+10 → 1 + 10 = 11"
    assert _dice({"expr": "2d6", "faces": [3, 3], "total": 6}) == "2d6 → 3+3 = 6"
    assert _dice({"expr": "1d6-1", "faces": [4], "total": 3}) == "1d6-1 → 4 − 1 = 3"


@pytest.mark.rule("R-ALLY-1")
def test_the_log_says_whose_alliance_is_accepted_or_declined():
    """Two offers reached one player in one turn; the log read "declines the alliance" and then "accepts
    the alliance" without saying whose (seen in a real window on The Three Fords)."""
    from enginekit import start_game, to_turn_of
    state = start_game(players=3)
    to_turn_of(state, 1)
    apply(state, A.ProposeAlliance(1, 3))
    events = apply(state, A.AnswerAlliance(3, 1, False))
    lines = [narrate(state, e) for e in events if e.kind == "alliance_answered"]
    assert lines == ["🤝 P3 declines P1's alliance"]


@pytest.mark.rule("R-ALLY-1")
def test_since_your_last_turn_tells_of_an_alliance_between_two_rivals():
    """Two rivals who ally against you is news; "Since your last turn" said only that your own offer was
    declined. An alliance ended with you (or between others) is news too."""
    from enginekit import start_game, to_turn_of
    state = start_game(players=3)
    to_turn_of(state, 2)
    events = apply(state, A.ProposeAlliance(2, 3)) + apply(state, A.AnswerAlliance(3, 2, True))
    assert "🤝 P2 and P3 are now allies" in turn_summary(state, events, 1)
    assert "🤝 P2 and P3 are now allies" not in turn_summary(state, events, 2), "P2 knows; P3 accepted it"
    ended = [Event("alliance_ended", {"player": 3, "ally": 1})]
    assert turn_summary(state, ended, 1) == ["🤝 P3 ended our alliance"]
    assert turn_summary(state, ended, 2) == ["🤝 P3 ended the alliance with P1"]


@pytest.mark.rule("R-CMP-5")
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_a_campaign_recruit_row_says_how_much_more_without_cutting_it(size, monkeypatch):
    """Played: beside its stepper the Tier 1 ⭐⭐ row read "Needs 💰2…" (its 🥩 cost takes the room)."""
    from enginekit import capital, start_game
    from game.ui.kit.rich_text import render
    state = start_game("campaign")
    seat = state.actor()
    city_obj = capital(state, seat)
    city_obj.buildings.update(spawner_1_1=1, spawner_1_2=1)
    state.players[seat].purse.update(coin=0, food=5)
    shown = recruit_statuses_drawn(state, city_obj.id, size, monkeypatch)
    short = [(width, style, fitted) for status, width, style, fitted in shown if status == "Needs 💰2 more"]
    assert short, [s for s, *_ in shown]
    for width, style, (font_size, words) in short:
        assert "…" not in words and "💰2" in words and render(words, font_size, (0, 0, 0), style).get_width() <= width


@pytest.mark.rule("R-BAT-5")
def test_a_neutral_side_that_wins_is_named_as_the_battle_screen_names_it():
    """The log said "The monsters win the battle" when a neutral City or a Mine's guardians held; the battle
    screen said "Neutral City wins"."""
    state = meadow_board_scene().state
    seat = min(state.players)

    def won(kind):
        return narrate(state, Event("battle_over", {"winner": 1, "kind": kind, "retreated": False,
                                                    "attacker": seat, "defender": None}))
    assert won("city") == "⚔ The neutral City wins the battle"
    assert won("guardians") == "⚔ The mine guardians win the battle"
    assert won("monsters") == "⚔ The monsters win the battle"
    name = state.players[seat].name
    assert narrate(state, Event("battle_over", {"winner": 0, "kind": "city", "retreated": False, "attacker": seat,
                                                "defender": None})) == f"⚔ {name} wins the battle"


@pytest.mark.rule("R-CMP-5")
def test_a_recruit_row_short_of_two_resources_says_so_without_cutting_it(monkeypatch):
    """Played: with no coin and no food the Tier 1 ⭐⭐ row read "💰2 🥩1 mo…" beside its stepper."""
    from enginekit import capital, start_game
    from game.ui.kit.rich_text import render
    state = start_game("campaign")
    seat = state.actor()
    city = capital(state, seat)
    city.buildings.update({"spawner_1_1": 1, "spawner_1_2": 1})     # arrange: both Tier 1 spawners built
    state.players[seat].purse.update(coin=0, food=0)
    shown = recruit_statuses_drawn(state, city.id, (1280, 720), monkeypatch)
    short = [(width, style, fitted) for status, width, style, fitted in shown if "🥩" in status and "more" in status]
    assert short, [s[0] for s in shown]
    for width, style, (size, words) in short:
        assert "…" not in words and render(words, size, (0, 0, 0), style).get_width() <= width, words
