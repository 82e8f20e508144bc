"""The game screen drives the engine only through actions (headless, synthetic events)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

pytest.importorskip("game.engine")

from game.engine import actions as A
from game.maps import DEFAULT_MAP
from game.ui.app import App
from game.ui.board.scene import GameScene
from game.ui.menus.options import NewGameOptions, OptionalRules, Seat
from game.ui.session import GameSession




@pytest.fixture
def scene():
    return meadow_board_scene()



def test_end_daybreak_then_roll_and_move_by_clicking(scene):
    to_turn(scene)
    seat = scene.actor
    hero = scene.state.heroes[scene.selected]
    assert hero.owner == seat and hero.moves_left is None
    click(scene, scene.roll_button.rect.center)
    assert hero.moves_left is not None and hero.moves_left > 0
    assert scene.reach is not None
    target = next(c for c in scene.reach.cells() if scene.reach.cost(c) == 1 and not scene.reach.is_stop(c))
    scene.view.center_on(target)
    before = hero.moves_left
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(v) for v in scene.view.cell_center(target)),
                                          rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.view.path and scene.view.path[-1] == target and scene.view.path_cost == 1
    click(scene, scene.view.cell_center(target))
    assert hero.cell == target and hero.moves_left == before - 1
    assert isinstance(scene.state.actions[-1], A.Move)


def test_an_illegal_click_shows_a_reason_and_changes_nothing(scene):
    to_turn(scene)
    actions = len(scene.state.actions)
    hero = scene.state.heroes[scene.selected]
    far = next(c for c in scene.state.board.topology.cells() if c != hero.cell and scene.state.board.passable(c)
               and not scene.state.heroes_at(c))
    scene.view.center_on(far)
    click(scene, scene.view.cell_center(far))          # not rolled yet
    assert scene.toast.visible and "Roll" in scene.toast.message
    assert len(scene.state.actions) == actions


def test_hotseat_handoff_waits_for_the_next_player(scene):
    to_turn(scene)
    first = scene.actor
    click(scene, scene.end_button.rect.center)
    if scene.dialog is not None:                      # heroes with 🐎 left: confirm
        click(scene, scene.dialog.button("End turn").rect.center)
    assert scene.actor != first
    assert scene.handoff_to == scene.actor
    seat, actions = scene.actor, len(scene.state.actions)
    key(scene, pygame.K_SPACE)                      # the cover screen only hands over: nothing is played
    assert scene.handoff_to is None and scene.actor == seat and len(scene.state.actions) == actions
    scene.last_human = first
    scene.refresh()
    assert scene.handoff_to == seat
    click(scene, scene.handoff_button.rect.center)
    assert scene.handoff_to is None


def test_computer_players_play_on_their_own():
    app = App(headless=True)
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Cy", 1, "computer"), Seat("Dee", 2, "computer")],
                             seed=3)
    scene = GameScene(GameSession.start(options, shipped_map(DEFAULT_MAP)))
    app.push(scene)
    before = len(scene.state.actions)
    for _ in range(20):
        scene.update(0.25)
    assert len(scene.state.actions) > before
    app.frame(1 / 60)


# --- the board scene driven by the mouse and keys ------------------------------------------------
from game.engine import hero_reach  # noqa: E402
from game.engine.state import Interaction, Pending, Token  # noqa: E402
from uikit import click, meadow_board_scene, play_to_turn_of, shipped_map, to_turn


def key(scene, k):
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def hover(scene, cell):
    scene.view.center_on(cell)
    pos = tuple(round(v) for v in scene.view.cell_center(cell))
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def click_cell(scene, cell):
    scene.view.center_on(cell)
    click(scene, scene.view.cell_center(cell))


def selected_and_rolled(scene):
    to_turn(scene)
    hero = scene.state.heroes[scene.selected]
    click_cell(scene, hero.cell)                          # clicking the hero rolls its 🐎
    assert hero.moves_left is not None
    return hero


def test_clicking_a_hero_rolls_its_movement_and_shows_the_dice(scene):
    """R-MOV-1: selecting a hero that has not rolled submits RollMovement; the roll pops up as dice."""
    to_turn(scene)
    hero = scene.state.heroes[scene.selected]
    assert hero.moves_left is None
    click_cell(scene, hero.cell)
    assert isinstance(scene.state.actions[-1], A.RollMovement)
    assert hero.moves_left is not None
    assert scene.dice.busy
    scene.update(0.1)
    scene.app.frame(1 / 60)


def test_click_a_reachable_cell_moves_along_the_pathfinders_path(scene):
    """R-MOV-6: the Move submitted is the preview's cheapest path; the hero then walks it step by step."""
    hero = selected_and_rolled(scene)
    reach = hero_reach(scene.state, hero)
    target = max((c for c in reach.cells() if not reach.is_stop(c) and 1 < reach.cost(c) <= hero.moves_left),
                 key=reach.cost)
    path = tuple(reach.path_to(target))
    hover(scene, target)
    assert scene.view.path[-1] == target and scene.view.path_cost == reach.cost(target)
    click_cell(scene, target)
    assert scene.state.actions[-1] == A.Move(hero.owner, hero.id, path)
    assert hero.cell == target
    assert scene.walks, "the hero walks its path"
    for _ in range(200):
        scene.update(0.05)
        if not scene.walks:
            break
    assert not scene.walks


def test_an_unreachable_click_shows_the_engines_reason_and_changes_nothing(scene):
    """R-MOV-6: no path leads to the tile (a tile beyond this turn's 🐎 a path leads to walks this turn's
    part of it: test_ui_board_hover.py); the toast gives the engine's reason."""
    hero = selected_and_rolled(scene)
    reach = hero_reach(scene.state, hero)
    board = scene.state.board
    far = next(c for c in board.topology.cells() if board.passable(c)
               and reach.cost(c) is None and not scene.state.heroes_at(c)
               and abs(c[0] - hero.cell[0]) + abs(c[1] - hero.cell[1]) > hero.moves_left + 4)
    for cell in board.topology.neighbours(far):
        board.move_cost[cell[1], cell[0]] = 0            # arrange: rocks all round it
    scene.refresh()
    actions, cell, left = len(scene.state.actions), hero.cell, hero.moves_left
    click_cell(scene, far)
    assert scene.toast.visible
    assert "🐎" in scene.toast.message or "cannot" in scene.toast.message
    assert len(scene.state.actions) == actions and hero.cell == cell and hero.moves_left == left


def test_space_with_movement_left_asks_for_confirmation(scene):
    """R-MOV-1: unused 🐎 are lost, so ending the turn with heroes able to move asks first."""
    selected_and_rolled(scene)
    seat = scene.actor
    key(scene, pygame.K_SPACE)
    assert scene.dialog is not None and scene.dialog.key == "ui:confirm"
    click(scene, scene.dialog.button("Keep playing").rect.center)
    assert scene.dialog is None and scene.actor == seat and scene.state.phase == "turn"
    key(scene, pygame.K_SPACE)
    click(scene, scene.dialog.button("End turn").rect.center)
    assert isinstance(scene.state.actions[-1], A.EndTurn)


def test_tab_selects_the_next_hero_and_escape_opens_the_menu(scene):
    to_turn(scene)
    key(scene, pygame.K_TAB)
    assert scene.selected is not None
    assert not any(isinstance(a, A.RollMovement) for a in scene.state.actions), "Tab never rolls"
    key(scene, pygame.K_ESCAPE)
    if scene.app.scene is not scene:         # the pause menu screen
        scene.app.pop()
    else:                                    # the board's own menu dialog; Esc closes it
        assert scene.dialog is not None and scene.dialog.key == "ui:menu"
        key(scene, pygame.K_ESCAPE)
        assert scene.dialog is None


def test_take_monsters_dialog_plus_minus_sets_the_count(scene):
    """R-MON-1: defecting monsters join; the player may take fewer (TakeMonsters with the chosen count)."""
    hero = selected_and_rolled(scene)
    state = scene.state
    state.interaction = Interaction(hero=hero.id, cell=hero.cell,
                                    monsters={"tokens": [], "fight": 0, "bribe": 0, "defect": 6, "stage": "bribe"})
    state.pending.append(Pending("take_monsters", hero.owner, {"hero": hero.id, "offer": "defect", "max": 6, "cost": {}}))
    scene.refresh()
    dialog = scene.dialog
    assert dialog is not None and dialog.spinner is not None and dialog.spinner.value == 6
    click(scene, dialog.spinner.minus.rect.center)
    click(scene, dialog.spinner.minus.rect.center)
    click(scene, dialog.spinner.minus.rect.center)
    click(scene, dialog.spinner.plus.rect.center)
    assert dialog.spinner.value == 4
    before = sum(hero.army.values())
    click(scene, dialog.buttons[0].rect.center)
    assert state.actions[-1] == A.TakeMonsters(hero.owner, 4)
    assert sum(hero.army.values()) == before + 4


def monster_next_to_selected_hero(scene):
    """Arrange: a Monster token on a free cell beside the selected, rolled hero."""
    hero = selected_and_rolled(scene)
    state = scene.state
    cell = next(c for c in state.board.topology.neighbours(hero.cell) if state.is_unoccupied(c))
    tid = state.new_id()
    state.tokens[tid] = Token(tid, "monster", cell)
    scene.refresh()
    return hero, cell


def test_hovering_a_monster_shows_the_odds(scene):
    """R-MON-1: a monster's reaction and count are rolled on arrival; the tooltip gives the chances."""
    _, cell = monster_next_to_selected_hero(scene)
    hover(scene, cell)
    text = "\n".join(scene.view.tooltip_lines)
    assert "Monster" in text and "%" in text
    assert scene.view.path_note.endswith("%")


def test_the_path_badge_words_the_chance_as_the_tooltip_does(scene):
    """Played: a Mine the tooltip gave ">99%" read "99%" on the path's badge, parsed back from the
    tooltip's words; the badge now shows the tooltip's own words."""
    hero, cell = monster_next_to_selected_hero(scene)
    hero.army = {"mercenary": 80}
    scene.refresh()
    hover(scene, cell)
    headline = next(line for line in scene.view.tooltip_lines if line.startswith("Chance")).rsplit(" ", 1)[-1]
    assert headline == ">99%"
    assert scene.view.path_note.endswith("⚔ >99%")


def hero_beside_the_enemy_capital(scene):
    """The acting player's selected hero, put on a free tile next to the rival's walled capital."""
    to_turn(scene)
    state = scene.state
    hero = state.heroes[scene.selected]
    enemy = next(c for c in state.cities.values() if c.owner not in (0, hero.owner))
    hero.cell = next(c for c in state.board.topology.neighbours(enemy.cell) if state.board.passable(c)
                     and not state.city_at(c))
    return hero, enemy


def test_siege_button_next_to_a_walled_enemy_city(scene):
    """R-CITY-2: a hero next to a walled enemy City may siege (here before rolling)."""
    hero, enemy = hero_beside_the_enemy_capital(scene)
    state = scene.state
    state.rules["cities"]["siege_cost"] = 12                # a playtester's number, not the rulebook's 15
    scene.select_hero(hero.id)
    assert hero.moves_left is None, "a hero that can siege keeps its roll"
    siege = next(b for b in scene.action_buttons if b.label.startswith("Siege"))
    assert siege.tooltip.startswith("🐎12 (or skip the roll)")
    click(scene, siege.rect.center)
    assert state.actions[-1] == A.Siege(hero.owner, hero.id, enemy.id)
    assert state.cities[enemy.id].sieged


@pytest.mark.rule("R-CITY-2")
def test_a_siege_button_off_for_want_of_moves_says_why_and_what_to_do(scene):
    hero, _ = hero_beside_the_enemy_capital(scene)
    hero.moves_left = 3
    scene.select_hero(hero.id)
    siege = next(b for b in scene.action_buttons if b.label.startswith("Siege"))
    assert not siege.enabled
    assert siege.tooltip == f"{hero.name} has 🐎3 of the 🐎15 a siege costs: next turn, siege before rolling"


def three_humans_at_turn(map_name: str, rules: OptionalRules | None = None) -> GameScene:
    """Three human seats on a shipped map (alliances take at least three players), at the first turn."""
    from game.maps import MAPS_DIR
    app = App(headless=True)
    path = MAPS_DIR / f"{map_name}.tmx"
    options = NewGameOptions(str(path), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "human"),
                                               Seat("Cid", 3, "human")], seed=11, rules=rules or OptionalRules())
    scene = GameScene(GameSession.start(options, shipped_map(path)))
    app.push(scene)
    to_turn(scene)
    return scene


def test_handoff_cover_answers_an_alliance_offer():
    """R-ALLY-1: an offer made during one player's turn is answered on the next player's cover screen
    (alliances take at least three players)."""
    scene = three_humans_at_turn("riverlands", OptionalRules(starting_hero=True))
    first = scene.actor
    other = scene.state.turn_order[(scene.state.turn_order.index(first) + 1) % 3]
    assert scene.submit(A.ProposeAlliance(first, other))
    scene.end_turn(confirmed=True)
    assert scene.handoff_to == other
    scene.app.frame(1 / 60)
    accept = next(b for b in scene.offer_buttons if b.label == "Accept")
    click(scene, accept.rect.center)
    assert scene.state.allied(first, other)
    click(scene, scene.handoff_button.rect.center)
    assert scene.handoff_to is None


@pytest.mark.rule("R-ALLY-1")
@pytest.mark.parametrize("answer, words", [("Accept", "You and {} are allies now"), ("Decline", "You declined {}'s offer")])
def test_the_cover_says_what_became_of_an_answered_offer(monkeypatch, answer, words):
    """The offer's row went away without a word: did the click take? The cover says what was answered."""
    from layoutkit import record, recording
    scene = three_humans_at_turn("riverlands", OptionalRules(starting_hero=True))
    first = scene.actor
    other = scene.state.turn_order[(scene.state.turn_order.index(first) + 1) % 3]
    assert scene.submit(A.ProposeAlliance(first, other))
    scene.end_turn(confirmed=True)
    scene.app.frame(1 / 60)
    click(scene, next(b for b in scene.offer_buttons if b.label == answer).rect.center)
    assert not scene.offer_buttons
    with recording(monkeypatch):
        drawing = record(scene.draw, scene.app.size)
    drawn = " | ".join(label for label, _ in drawing.texts)
    assert words.format(scene.state.players[first].name) in drawn
    click(scene, scene.handoff_button.rect.center)
    scene.end_turn(confirmed=True)                       # the next player's cover starts with no answers
    assert scene.handoff_to is not None and scene.offer_answers == []


@pytest.mark.rule("R-ALLY-1")
def test_ally_button_says_whom_that_player_is_allied_with_already():
    """Before asking Bob, Ann sees on the Ally? button's tip that Bob and Cid are allies already."""
    scene = three_humans_at_turn("three_fords")
    first = scene.actor
    b, c = [p for p in scene.state.turn_order if p != first]
    scene.state.alliances.add(frozenset((b, c)))          # arrange: the other two allied earlier
    scene.refresh()
    tips = {button.tooltip for button in scene.player_buttons}
    names = scene.state.players
    assert f"Propose an alliance to {names[b].name}\n{names[b].name} is already allied with {names[c].name}." in tips
    assert f"Propose an alliance to {names[c].name}\n{names[c].name} is already allied with {names[b].name}." in tips



@pytest.mark.rule("R-ALLY-1")
def test_an_offer_on_the_cover_says_whom_the_proposer_is_allied_with_already(monkeypatch):
    """Accept on the cover answered an offer without what its dialog says: who the proposer's allies are."""
    from layoutkit import record, recording
    scene = three_humans_at_turn("three_fords")
    first = scene.actor
    other, third = [scene.state.turn_order[(scene.state.turn_order.index(first) + k) % 3] for k in (1, 2)]
    scene.state.alliances.add(frozenset((first, third)))          # arrange: the proposer has an ally
    assert scene.submit(A.ProposeAlliance(first, other))
    scene.end_turn(confirmed=True)
    assert scene.handoff_to == other
    with recording(monkeypatch):
        drawing = record(scene.draw, scene.app.size)
    names = scene.state.players
    assert f"{names[first].name} is already allied with {names[third].name}." in [t for t, _ in drawing.texts]


@pytest.mark.rule("R-VOTE-1")
def test_the_cover_for_a_vote_in_another_players_turn_says_it_is_a_vote_not_your_turn(monkeypatch):
    """A vote called in Corwin's turn brought Ana's cover up saying "Day 5 · your turn"."""
    from layoutkit import record, recording
    scene = three_humans_at_turn("three_fords")
    first = scene.actor
    other = scene.state.turn_order[(scene.state.turn_order.index(first) + 1) % 3]
    assert scene.submit(A.ProposeRuleChange(first, "legacy_gold_mine", True))
    assert scene.submit(A.CastVote(first, True))
    scene.app.frame(1 / 60)
    assert scene.handoff_to == other
    with recording(monkeypatch):
        drawing = record(scene.draw, scene.app.size)
    drawn = " | ".join(t for t, _ in drawing.texts)
    assert f"{scene.state.players[first].name} calls a vote: cast yours" in drawn
    assert "your turn" not in drawn

def ann_and_two_computers():
    """Ann (seat 1, human) against Bob and Cid (computers) on The Three Fords, on the board screen."""
    from game.maps import MAPS_DIR
    path = MAPS_DIR / "three_fords.tmx"
    seats = [Seat("Ann", 1, "human"), Seat("Bob", 2, "computer"), Seat("Cid", 3, "computer")]
    session = GameSession.start(NewGameOptions(str(path), seats=seats, seed=11), shipped_map(path))
    scene = GameScene(session)
    App(headless=True).push(scene)
    return session, scene


@pytest.mark.rule("R-ALLY-1")
def test_players_panel_shows_your_alliances_while_a_computer_plays(monkeypatch):
    """While Bob (a computer) plays, the panel's "ally" is Ann's ally, the human at the table: it read
    as Bob's, so Ann saw "ally" beside a rival."""
    import re

    from game.ui.board import hud
    session, scene = ann_and_two_computers()
    state = session.state
    play_to_turn_of(session, 2)
    state.alliances = {frozenset((1, 3))}        # arrange: Ann and Cid allied, Bob alone
    scene.last_human = 1
    drawn = []
    monkeypatch.setattr(hud, "render", lambda text, *a, **k: drawn.append(text) or pygame.Surface((10, 10)))
    scene.refresh()
    scene.draw(scene.app.screen)
    stats = [t for t in drawn if re.match(r"🏰\d+ 🧙\d+", t)]          # the rows' stats, not the log
    assert len(stats) == 3 and sum("ally" in t for t in stats) == 1
    assert "ally" in stats[[r["seat"] for r in hud.player_rows(state)].index(3)]


@pytest.mark.rule("R-ALLY-1")
def test_a_human_ends_an_alliance_at_the_start_of_the_turn_from_the_players_panel():
    """Computer players could end an alliance; a human had no control for it at all."""
    import re
    session, scene = ann_and_two_computers()
    state = session.state
    play_to_turn_of(session, 1)
    state.alliances = {frozenset((1, 3))}
    scene.refresh()
    end = next(b for b in scene.player_buttons if b.label == "End ally")
    assert "Cid" in end.tooltip and "start of your turn" in end.tooltip
    from game.ui.board import hud
    drawn, real = [], hud.render
    hud.render = lambda text, *a, **k: drawn.append(text) or real(text, *a, **k)
    try:
        scene.draw(scene.app.screen)
    finally:
        hud.render = real
    shown = [t for t in drawn if re.match(r"🏰\d+ 🧙\d+", t)]
    assert len(shown) == 3 and not any("ally" in t for t in shown), "the button says it; 'ally' showed cut to 'al'"
    assert not any(b.label == "Ally?" and b.rect.y == end.rect.y for b in scene.player_buttons)
    click(scene, end.rect.center)                         # it cannot be taken back: asked first
    assert scene.dialog is not None and "Cid" in scene.dialog.title and state.allied(1, 3)
    click(scene, scene.dialog.button("Stay allies").rect.center)
    assert scene.dialog is None and state.allied(1, 3)
    click(scene, end.rect.center)
    click(scene, scene.dialog.button("End the alliance").rect.center)
    assert state.actions[-1] == A.EndAlliance(1, 3) and not state.allied(1, 3)
    assert any(b.label == "Ally?" for b in scene.player_buttons), "Cid may be asked again"

    state.alliances = {frozenset((1, 3))}
    hero = state.heroes_of(1)[0]
    scene.select_hero(hero.id)
    click(scene, scene.roll_button.rect.center)          # the turn has begun: too late to end it
    scene.refresh()
    assert not any(b.label == "End ally" for b in scene.player_buttons)


@pytest.mark.rule("R-ALLY-1")
def test_ending_an_alliance_with_two_players_left_says_none_can_be_made_again():
    """Corwin was out; ending Ana's alliance, Bela read 'A new alliance needs their yes', yet with two
    players left no alliance can be made at all."""
    session, scene = ann_and_two_computers()
    state = session.state
    play_to_turn_of(session, 1)
    state.alliances = {frozenset((1, 3))}
    scene.refresh()
    click(scene, next(b for b in scene.player_buttons if b.label == "End ally").rect.center)
    assert "A new alliance needs their yes (R-ALLY-1)." in scene.dialog.lines
    click(scene, scene.dialog.button("Stay allies").rect.center)
    state.players[2].alive = False                       # arrange: Bob is out of the game
    scene.refresh()
    click(scene, next(b for b in scene.player_buttons if b.label == "End ally").rect.center)
    assert "With two players left, no alliance can be made again (R-ALLY-1)." in scene.dialog.lines

def test_game_over_opens_the_summary_scene(scene):
    """R-END-2: the winners and a line per player."""
    from game.ui.menus.game_over import GameOverScene
    state = scene.state
    state.phase, state.winners, state.end_reason = "over", [1], "last player with a City"
    scene.refresh()
    top = scene.app.scene
    assert isinstance(top, GameOverScene)
    assert {row["seat"] for row in top.summaries} == set(state.players)
    scene.app.frame(1 / 60)


@pytest.mark.rule("R-END-2")
def test_the_results_table_puts_the_winner_first(scene):
    """The winner's row sat second, below the loser's, when the loser had played first."""
    from game.ui.menus.game_over import GameOverScene
    state = scene.state
    last = state.turn_order[-1]
    state.phase, state.winners, state.end_reason = "over", [last], "day_limit"
    assert [row["seat"] for row in GameOverScene(scene.session).summaries][0] == last


def test_battle_never_leaves_the_player_stuck(scene):
    """R-BAT-5: with or without the battle screen, a human's battle can be fought to the end."""
    hero, cell = monster_next_to_selected_hero(scene)
    state = scene.state
    click_cell(scene, cell)
    for _ in range(50):
        if state.battle is None and not state.pending:
            break
        if scene.app.scene is not scene:
            scene.app.pop()                      # leave a battle screen at once
        scene.refresh()
        if scene.dialog is not None:
            click(scene, scene.dialog.buttons[0].rect.center)
    assert state.battle is None


def second_hero(scene):
    """Arrange: the acting player gets a second hero on its capital."""
    from game.engine.state import Hero
    state = scene.state
    first = state.heroes[scene.selected]
    hid = state.new_id()
    state.heroes[hid] = Hero(hid, first.owner, first.cell, name="Second")
    scene.refresh()
    return first, state.heroes[hid]


@pytest.mark.rule("R-CITY-2")
def test_tab_never_rolls_so_a_hero_can_still_siege_without_rolling(scene):
    """Issue 11 item 11: Tab only selects; R (or the Roll button) rolls the selected hero (R-MOV-1)."""
    to_turn(scene)
    first, other = second_hero(scene)
    key(scene, pygame.K_TAB)
    assert scene.selected == other.id
    key(scene, pygame.K_TAB)
    assert scene.selected == first.id
    assert first.moves_left is None and other.moves_left is None
    assert not any(isinstance(a, A.RollMovement) for a in scene.state.actions)
    key(scene, pygame.K_r)
    assert scene.state.actions[-1] == A.RollMovement(first.owner, first.id)
    assert first.moves_left is not None and other.moves_left is None
    actions = len(scene.state.actions)
    key(scene, pygame.K_r)                                # a second roll is refused with a reason
    assert len(scene.state.actions) == actions and "already rolled" in scene.toast.message


def test_clicking_a_hero_card_selects_without_rolling(scene):
    to_turn(scene)
    first, other = second_hero(scene)
    card = next(c for c in scene.hero_buttons if c.hero_id == other.id)
    click(scene, card.rect.center)
    assert scene.selected == other.id and other.moves_left is None


@pytest.mark.rule("R-MOV-1")
def test_the_roll_pill_on_a_hero_card_selects_that_hero_and_rolls_it(scene):
    """The card's "🎲 roll" looks like a button: a click on it rolls that hero (a click elsewhere on the
    card only selects, as above); once rolled, the pill shows its 🐎 and a click there only selects."""
    to_turn(scene)
    first, other = second_hero(scene)
    card = next(c for c in scene.hero_buttons if c.hero_id == other.id)
    assert card.moves == "🎲 roll" and card.pill().right <= card.rect.right
    click(scene, card.pill().center)
    assert scene.selected == other.id and other.moves_left is not None
    assert scene.state.actions[-1] == A.RollMovement(other.owner, other.id) and first.moves_left is None
    actions = len(scene.state.actions)
    card = next(c for c in scene.hero_buttons if c.hero_id == other.id)
    click(scene, card.pill().center)
    assert len(scene.state.actions) == actions


def press(scene, pos, kind, button=1):
    scene.handle_event(pygame.event.Event(kind, pos=tuple(round(v) for v in pos), button=button))


def test_the_release_of_a_click_that_closed_a_dialog_never_reaches_the_board(scene):
    """Issue 11 item 15: a dialog closed on the press; the release over a lit tile moves no hero."""
    hero = selected_and_rolled(scene)
    reach = hero_reach(scene.state, hero)
    target = next(c for c in reach.cells() if reach.cost(c) == 1 and not reach.is_stop(c))
    hover(scene, target)
    pos = scene.view.cell_center(target)
    press(scene, pos, pygame.MOUSEBUTTONDOWN)          # a press on the board …
    key(scene, pygame.K_SPACE)                         # … the "End the turn?" dialog opens meanwhile …
    assert scene.dialog is not None
    key(scene, pygame.K_ESCAPE)                        # … and is closed
    assert scene.dialog is None
    actions = len(scene.state.actions)
    press(scene, pos, pygame.MOUSEBUTTONUP)
    assert len(scene.state.actions) == actions and hero.cell != target
    scene.end_turn()                                   # a dialog closed by its own press
    press(scene, pos, pygame.MOUSEBUTTONDOWN)
    scene.close_dialog()
    press(scene, pos, pygame.MOUSEBUTTONUP)
    assert len(scene.state.actions) == actions and hero.cell != target
    click(scene, pos)                                  # a whole new click on the board does move
    assert hero.cell == target


def test_a_press_that_began_in_another_screen_does_not_click_the_board(scene):
    """Issue 11 item 15: back from a pushed screen (closed on the press), the release is swallowed."""
    hero = selected_and_rolled(scene)
    reach = hero_reach(scene.state, hero)
    target = next(c for c in reach.cells() if reach.cost(c) == 1 and not reach.is_stop(c))
    hover(scene, target)
    pos = scene.view.cell_center(target)
    press(scene, pos, pygame.MOUSEBUTTONDOWN)          # a press on the board …
    scene.layout(scene.size)                           # … a screen came and went before the release
    actions = len(scene.state.actions)
    press(scene, pos, pygame.MOUSEBUTTONUP)
    assert len(scene.state.actions) == actions


def test_the_handoff_cover_ignores_a_release_that_started_on_the_board(scene):
    to_turn(scene)
    scene.end_turn(confirmed=True)
    assert scene.handoff_to is not None
    press(scene, scene.handoff_button.rect.center, pygame.MOUSEBUTTONUP)
    assert scene.handoff_to is not None, "only a click made on the cover hands over"
    click(scene, scene.handoff_button.rect.center)
    assert scene.handoff_to is None


def item_on_a_reachable_tile(scene, spare):
    """Arrange: an Item token on a free tile the rolled hero reaches with exactly ``spare`` 🐎 left."""
    hero = selected_and_rolled(scene)
    state = scene.state
    reach = hero_reach(state, hero)
    cell = next(c for c in reach.cells() if c != hero.cell and not reach.is_stop(c) and state.is_unoccupied(c)
                and reach.cost(c) <= hero.moves_left)
    hero.moves_left = reach.cost(cell) + spare
    tid = state.new_id()
    state.tokens[tid] = Token(tid, "item", cell)
    scene.refresh()
    return hero, cell


@pytest.mark.rule("R-MOV-3")
def test_the_path_badge_shows_the_pickup_cost_and_warns_when_no_horse_is_left(scene):
    """Issue 11 item 12: a hero arriving with 🐎0 cannot pick up; the badge and tooltip say so before the move."""
    hero, cell = item_on_a_reachable_tile(scene, spare=0)
    hover(scene, cell)
    assert "no 🐎 left for 🎁" in scene.view.path_note and "+🐎" not in scene.view.path_note
    assert any("No moves left to pick up" in line for line in scene.view.tooltip_lines)
    hero.moves_left += 1
    scene.refresh()
    hover(scene, cell)
    assert "+🐎1 🎁" in scene.view.path_note


@pytest.mark.rule("R-MOV-3")
def test_the_tooltip_says_what_is_left_after_a_pickup_the_hero_can_afford(scene):
    hero, cell = item_on_a_reachable_tile(scene, spare=2)
    hover(scene, cell)
    assert "+🐎1" in scene.view.path_note
    assert any("1 move left after" in line for line in scene.view.tooltip_lines)
    assert not any("No moves left" in line for line in scene.view.tooltip_lines)


def test_rolling_shows_the_path_under_the_mouse_at_once(scene):
    """After R the path to the hovered tile appears without moving the mouse (R-MOV-6 preview)."""
    to_turn(scene)
    hero = scene.state.heroes[scene.selected]
    target = next(c for c in scene.state.board.topology.neighbours(hero.cell) if scene.state.is_unoccupied(c)
                  and scene.state.board.passable(c))
    hover(scene, target)
    assert not scene.view.path
    key(scene, pygame.K_r)
    assert scene.view.path and scene.view.path[-1] == target


def test_a_player_asked_for_an_alliance_shows_asked_in_full():
    """R-ALLY-1: once asked, a player's row loses its Ally? button and says "asked"; the word was cut to
    "as" at the edge where the other rows' buttons begin (seen in a real window, The Three Fords)."""
    from game.ui.board.hud import player_row_rect, player_rows
    scene = three_humans_at_turn("three_fords", OptionalRules(starting_hero=True))
    first = scene.actor
    asked, still = [s for s in scene.state.turn_order if s != first]
    assert scene.submit(A.ProposeAlliance(first, asked))
    scene.app.frame(1 / 60)
    button = next(b for b in scene.player_buttons if b.visible)
    assert scene.ally_button_x == {still: button.rect.x}
    index = [row["seat"] for row in player_rows(scene.state)].index(asked)
    row = player_row_rect(scene.players_rect(), index)
    beyond = pygame.Rect(button.rect.x, row.y, row.right - button.rect.x, row.h)
    ink = sum(1 for x in range(beyond.x, beyond.right) for y in range(beyond.y, beyond.bottom)
              if sum(scene.app.screen.get_at((x, y))[:3]) < 400)
    assert ink > 20, "the end of the row's stats (\"asked\") is drawn where the buttons of other rows stand"


def test_an_alliance_offer_says_whom_the_proposer_is_already_allied_with():
    """R-ALLY-1: a computer already allied with the third player offered an alliance too, and the dialog
    did not say so (seen in a real window on The Three Fords)."""
    scene = three_humans_at_turn("three_fords")
    state, first = scene.state, scene.actor
    second, third = [s for s in state.turn_order if s != first]
    state.alliances.add(frozenset((second, third)))          # arranged: second and third allied earlier
    state.alliance_offers.add((second, first))
    scene.refresh()
    names = state.players
    assert scene.dialog.title == "An alliance?" and scene.dialog.icon == "handshake"
    assert f"{names[second].name} is already allied with {names[third].name}." in scene.dialog.lines
    state.alliances.clear()
    state.alliance_offers = {(second, first)}
    scene.dialog = None
    scene.refresh()
    assert not any("already allied" in line for line in scene.dialog.lines)


def test_the_paths_cost_label_moves_below_a_tile_the_prompt_covers(scene):
    """R-MOV-6: the path and its 🐎 cost show before the click; under the prompt at the top of the board the
    label would be hidden, so it goes below the tile."""
    hero = selected_and_rolled(scene)
    reach = hero_reach(scene.state, hero)
    view = scene.view

    def in_the_open(cell):                               # neither at the board's top edge nor under the log
        view.center_on(cell)
        return view.rect.top + 120 < view.cell_center(cell)[1] < view.rect.bottom - 200
    target = next(c for c in sorted(reach.cells(), key=reach.cost, reverse=True)
                  if not reach.is_stop(c) and reach.cost(c) <= hero.moves_left and in_the_open(c))
    hover(scene, target)
    scene.draw(pygame.Surface(scene.app.screen.get_size()))
    assert scene.view.covered, "the scene tells the view which panels lie over the board"
    x, y = scene.view.cell_center(target)
    prompt = pygame.Rect(0, 0, 400, 40)
    prompt.midbottom = (round(x), round(y - 4))           # a panel right over the label's usual place
    scene.view.covered = [prompt]
    label = scene.view.path_label_rect(120)
    assert not label.colliderect(prompt) and label.top > y
    scene.view.covered = []
    assert scene.view.path_label_rect(120).bottom < y     # above the tile when nothing covers it


@pytest.mark.rule("R-MOV-6")
def test_the_paths_cost_label_does_not_sit_on_the_hero_coming_from_the_tile_above(scene):
    """One step down from the hero: above the target the label covered the hero itself; below it, the
    tile's tooltip covered the label."""
    hero = selected_and_rolled(scene)
    view = scene.view
    topology = scene.state.board.topology
    below_cell = next(c for c in topology.neighbours(hero.cell)
                      if abs(view.cell_center(c)[0] - view.cell_center(hero.cell)[0]) < 2
                      and view.cell_center(c)[1] > view.cell_center(hero.cell)[1])
    hover(scene, below_cell)
    view.covered = []
    view.path = [hero.cell, below_cell]
    x, y = view.cell_center(below_cell)
    hx, hy = view.cell_center(hero.cell)
    label = view.path_label_rect(120)
    assert not label.collidepoint(round(hx), round(hy)) and label.bottom > hy + 10
    assert label.right <= x, "left of the tile: the tile's tooltip opens to the right of the mouse"
    view.path = [below_cell]
    assert view.path_label_rect(120).bottom < y


@pytest.mark.rule("R-MOV-6")
@pytest.mark.parametrize("map_name", ["meadow", "two_crowns"])
def test_the_paths_cost_label_hides_neither_the_hero_nor_the_tiles_tooltip(map_name):
    """Hovering each tile the hero can reach: the 🐎 label is wide, and above a hex one row down and one
    across from the hero it covered the hero; below a tile the tooltip opens over it. The tooltip itself
    opened over the hero and its path when the hero stood below and right of the mouse: it opens away."""
    scene = meadow_board_scene(map_name=map_name)
    hero = selected_and_rolled(scene)
    reach = hero_reach(scene.state, hero)
    view = scene.view
    screen = scene.app.screen.get_size()
    checked = 0
    for target in sorted(reach.cells()):
        if target == hero.cell or reach.is_stop(target) or reach.cost(target) > min(hero.moves_left, 3):
            continue
        hover(scene, target)
        if not view.path or view.path[-1] != target:
            continue
        view.covered = []
        tip = view.tooltip_rect(screen)
        assert tip is not None, "hovering a tile shows its tooltip"
        width = 150                                       # "🐎 2   +🐎 1 💰": a step and a pick-up
        label = view.path_label_rect(width, screen)
        figure = pygame.Rect(0, 0, view._token_size(), view._token_size())
        figure.center = tuple(round(v) for v in view.cell_center(hero.cell))
        assert not label.colliderect(tip), (target, label, tip)
        assert not label.colliderect(figure), (target, label, figure)
        assert not tip.colliderect(figure), (target, tip, figure)
        checked += 1
    assert checked >= 6


@pytest.mark.rule("R-ALLY-1")
def test_the_news_of_the_computers_turns_comes_before_their_alliance_offer(monkeypatch):
    """A computer's offer at the start of your turn hid "Since your last turn", and answering it marked the
    news as seen: you never read it. The news comes first, then the offer."""
    import time

    session, scene = ann_and_two_computers()
    state = session.state
    order = state.turn_order
    before = order[(order.index(1) - 1) % 3]
    play_to_turn_of(session, before)
    scene.refresh()
    seen = []
    monkeypatch.setattr(scene.event_log, "summary_for", lambda st, seat, watched=None: [] if seen or seat != 1 else ["Cid took a mine"])
    real_mark = scene.event_log.mark_seen
    monkeypatch.setattr(scene.event_log, "mark_seen", lambda seat: (seen.append(seat) if seat == 1 else None,
                                                                     real_mark(seat)))
    state.alliance_offers.add((before, 1))                 # the computer before Ann asks her
    for _ in range(3000):
        if scene.actor == 1 and scene.dialog is not None:
            break
        scene.update(0.5)
        time.sleep(0.001)
    assert scene.dialog is not None and scene.dialog.title == "Since your last turn"
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)
    scene.handle_event(enter)                               # Enter goes on past the news...
    assert seen and scene.dialog is not None and scene.dialog.title == "An alliance?"
    for _ in range(2):                                      # ...but a second one, or a held key, is no answer
        scene.handle_event(enter)
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44))
    assert scene.dialog is not None and scene.dialog.title == "An alliance?"
    assert (before, 1) in state.alliance_offers and not state.allied(before, 1)


@pytest.mark.rule("R-END-1")
def test_the_last_human_out_is_told_so_and_may_watch_or_leave():
    """Ann lost her last City to two computer players: they played on and nothing told her she was out."""
    from game.engine.flow import eliminate
    from game.ui.kit.scene import Scene
    session, scene = ann_and_two_computers()
    state = session.state
    play_to_turn_of(session, 1)
    title = Scene()
    scene.app.scenes.insert(0, title)                      # the title the game was started from
    events = []
    state.cities_of(1)[0].owner = 2
    eliminate(state, 1, events, "no City")
    state.log.extend(events)
    scene.refresh()
    assert scene.dialog is not None and scene.dialog.title == "Out of the game"
    assert scene.dialog.lines[0] == "Ann has no City left: out of the game (R-END-1)."
    click(scene, scene.dialog.button("Watch on").rect.center)
    assert scene.dialog is None
    scene.refresh()
    assert scene.dialog is None, "told once"
    scene._out_told = False
    scene.refresh()
    click(scene, scene.dialog.button("Back to title").rect.center)
    assert scene.app.scene is title


@pytest.mark.rule("R-DAY-5")
def test_roll_before_the_daybreak_token_is_placed_says_to_place_it():
    """R at Daybreak said "end the Daybreak first", but End Daybreak was greyed: the token the roll had
    brought waited for its tile. The refusal names the step that comes first."""
    import enginekit as K
    state, hero = K.hero_game()
    K.to_daybreak_of(state, 1)
    K.script(state, ("1dP", 60), ("1d4", 1))
    from game.engine import apply
    apply(state, A.EndDaybreak(1))
    assert state.pending and state.pending[0].kind == "place_token"
    app = App((1280, 720), headless=True)
    board = GameScene(GameSession(state))
    app.push(board)
    board.select_hero(hero.id)
    board.roll()
    assert "place the Daybreak token first" in board.toast.message


def test_a_key_for_ones_own_turn_pressed_while_a_computer_plays_says_so():
    """An R pressed while the computer players played their Daybreaks was lost without a word."""
    from uikit import meadow_board_scene
    scene = meadow_board_scene(kinds=("human", "computer"))
    app = scene.app
    while app.scene is not scene:
        app.pop()
    for _ in range(4):                                        # arrange: on to the computer's step
        if scene.session.is_computer(scene.actor):
            break
        done = A.EndDaybreak(scene.actor) if scene.state.phase == "daybreak" else A.EndTurn(scene.actor)
        assert scene.session.submit(done).ok
    computer = scene.actor
    assert scene.session.is_computer(computer)
    actions = len(scene.state.actions)
    key(scene, pygame.K_r)
    assert scene.toast.message == f"{scene.state.players[computer].name} is playing: wait for your turn"
    assert len(scene.state.actions) == actions


@pytest.mark.rule("R-MOV-3")
def test_the_side_button_picks_up_the_one_thing_on_the_tile_and_asks_only_when_there_are_more(scene):
    """Played: after "Done" on the tile's dialog, "Pick up here (1)" opened the same dialog again, a second
    click for one pickup. With one token the button takes it; with more it still asks which."""
    hero, cell = item_on_a_reachable_tile(scene, spare=3)
    scene.view.center_on(cell)
    scene.update(0.016)
    click(scene, tuple(round(v) for v in scene.view.cell_center(cell)))
    for _ in range(200):                                         # the walk is drawn
        if not scene.walks:
            break
        scene.update(0.05)
    assert hero.cell == cell and scene.dialog is not None        # "On this tile", as on arrival
    scene.dialog.cancel()
    assert scene.dialog is None
    button = next(b for b in scene.action_buttons if b.label.startswith("Pick up"))
    assert button.label == "Pick up the item"
    moves = hero.moves_left
    click(scene, button.rect.center)
    assert not scene.state.tokens_at(cell) and hero.moves_left == moves - scene.state.rules["movement"]["pickup_cost"]

    state = scene.state
    for _ in range(2):
        tid = state.new_id()
        state.tokens[tid] = Token(tid, "resource", cell)
    scene.refresh()
    button = next(b for b in scene.action_buttons if b.label.startswith("Pick up"))
    assert button.label == "Pick up here (2)"
    click(scene, button.rect.center)
    assert scene.dialog is not None and len(state.tokens_at(cell)) == 2


def test_the_selected_heros_card_says_what_to_do_next_not_click_to_select(scene):
    """Played: the tip over the selected hero's card still said "Click to select"."""
    to_turn(scene)
    card = next(c for c in scene.hero_buttons if c.hero_id == scene.selected)
    assert card.tooltip.startswith("Selected") and "roll" in card.tooltip
    click(scene, scene.roll_button.rect.center)
    card = next(c for c in scene.hero_buttons if c.hero_id == scene.selected)
    assert card.tooltip == "Selected · click a lit tile on the map to move it"
    others = [c for c in scene.hero_buttons if c.hero_id != scene.selected]
    assert all(c.tooltip.startswith("Click to select") for c in others)


@pytest.mark.rule("R-DAY-5")
def test_the_greyed_end_button_says_what_comes_first():
    """Placing the Daybreak token, the greyed End Daybreak button's tip said "End your turn (Space)"."""
    from game.engine.state import Pending
    scene = meadow_board_scene()
    state = scene.state
    assert state.phase == "daybreak"
    scene.refresh()
    assert scene.end_button.enabled and scene.end_button.tooltip == "End your Daybreak (Space)"
    state.pending.append(Pending("place_token", scene.actor, {"kind": "monster"}))    # arrange: the token rolled
    scene.refresh()
    assert not scene.end_button.enabled
    assert scene.end_button.tooltip == "First click a highlighted free tile to place the Daybreak token"
    state.pending.clear()
    scene.dialog = None
    scene.refresh()
    to_turn(scene)
    assert scene.end_button.tooltip == "End your turn (Space)"


@pytest.mark.rule("R-DAY-5")
def test_placing_the_daybreak_token_the_tooltip_says_whether_a_tile_takes_it():
    """The free tiles are lit faintly on a bright map, and a tile's tooltip said only "Grass"."""
    from game.engine.state import Pending
    scene = meadow_board_scene()
    state = scene.state
    state.pending.append(Pending("place_token", scene.actor, {"kind": "monster"}))
    scene.refresh()
    free = state.unoccupied_cells()[0]
    taken = next(c.cell for c in state.cities.values() if c.owner == scene.actor)
    assert "Click: place the Monster token here" in scene.view.describe(free)
    assert "Not here: this tile is taken; the Monster token goes on a lit, free one" in \
        scene.view.describe(taken)
    water = next(c for c in state.board.topology.cells() if not state.board.passable(c))
    assert "Not here: the Monster token goes on a lit tile, one heroes can walk on" in scene.view.describe(water)
    state.pending.clear()
    scene.refresh()
    assert not any("token" in line for line in scene.view.describe(free))


def test_players_panel_fits_a_long_name_and_keeps_a_player_out_of_the_game(monkeypatch):
    """A long name ran under the counts column, cut mid-letter; a finished game's panel listed only the
    winner. Names are fitted (smaller, then "…"); a player out of the game keeps its row, marked "out"."""
    from layoutkit import record, recording

    from game.ui.board import hud
    session, scene = ann_and_two_computers()
    state = session.state
    state.players[1].name = "Ada Augusta Lovelace"
    state.players[3].alive = False                       # arrange: Cid is out of the game
    for hero in list(state.heroes_of(3)):
        del state.heroes[hero.id]
    scene.refresh()
    scene._rebuild_side_panel()
    with recording(monkeypatch):
        drawing = record(scene._draw_side, scene.app.size)
    panel = scene.players_rect()
    rows = [r["seat"] for r in hud.player_rows(state)]
    assert sorted(rows) == [1, 2, 3]
    drawn = [(t, r) for t, r in drawing.texts if panel.contains(r)]
    ada = next(r for t, r in drawn if t.startswith("Ada"))
    ada_row = hud.player_row_rect(panel, rows.index(1))
    counts = [r for t, r in drawn if ada_row.colliderect(r) and not t.startswith("Ada")]
    assert counts and all(ada.right <= r.x for r in counts), "the name ends before the counts"
    assert any(t.startswith("Ada") and (t == "Ada Augusta Lovelace" or t.endswith("…")) for t, _ in drawn)
    cid_row = hud.player_row_rect(panel, rows.index(3))
    assert any(t == "out" and cid_row.colliderect(r) for t, r in drawn)
    assert "Out of the game" in scene.player_tips[rows.index(3)].tooltip


def test_a_walk_into_the_corner_under_the_minimap_brings_the_hero_out_from_under_it(scene):
    """Played: a hero walked next to a rival's capital in the lower right, and the camera, content that the
    hero was inside the view, left the capital under the minimap."""
    to_turn(scene)
    hero = scene.state.heroes[scene.selected]
    board = scene.state.board
    corner = (board.width - 3, board.height - 2)
    start = (corner[0] - 3, corner[1] - 3)
    view, minimap = scene.view, scene.view.minimap.frame_rect()
    # as the player left the camera: the corner's tile under the minimap, the walk's start well inside the view
    wx, wy = view.geo.cell_center(corner)
    view.cam = [wx * view.zoom - (minimap.left + 20 - view.rect.x), wy * view.zoom - (minimap.top + 30 - view.rect.y)]
    view._clamp()
    assert view.cell_rect(corner).colliderect(minimap) and view.rect.collidepoint(view.cell_center(start))
    assert view.clear_rect().bottom <= minimap.top
    scene.walks.append([hero.id, [start, (start[0] + 1, start[1] + 1), (start[0] + 2, start[1] + 2), corner],
                        0.0, True])
    for _ in range(200):
        scene.update(0.05)
        if not scene.walks:
            break
    end = scene.view.cell_rect(corner)
    assert not end.colliderect(minimap) and not end.inflate(end.w, end.h).colliderect(minimap), (end, minimap)


@pytest.mark.rule("R-MOV-1", "R-DAY-1")
def test_at_daybreak_a_hero_card_says_the_roll_comes_in_the_turn_not_yesterdays_moves(scene):
    """Played: at Daybreak the card read "🐎 0", yesterday's 🐎 left, as if the hero could not move today."""
    assert scene.state.phase == "daybreak"
    hero = next(h for h in scene.state.heroes.values() if h.owner == scene.actor)
    hero.moves_left = 0                                  # arrange: as yesterday's walk left it
    scene.refresh()
    card = next(c for c in scene.hero_buttons if c.hero_id == hero.id)
    assert card.moves == "🎲 later" and card.on_roll is None and "in the turn" in card.tooltip
    to_turn(scene)
    card = next(c for c in scene.hero_buttons if c.hero_id == hero.id)
    assert card.moves == "🎲 roll" and card.on_roll is not None


def test_a_double_click_on_a_choice_does_not_also_click_the_one_that_moves_into_its_place(scene, monkeypatch):
    """Played: a double click on "Recruit 1 mercenary" recruited, then "Percival: Take 1 mercenary", which had
    moved up under the mouse (the hero recruit was too dear now), took the recruit: an action never chosen."""
    from game.ui.board import side_panel
    now = [100.0]
    monkeypatch.setattr(side_panel, "monotonic", lambda: now[0], raising=False)
    scene.refresh()
    labels = [b.label for b in scene.choice_buttons]
    slot = next(i for i, text in enumerate(labels) if text.startswith("Recruit 1 mercenary"))
    assert slot > 0, labels                      # arrange: the hero recruit is listed above it
    pos = scene.choice_buttons[slot].rect.center
    click(scene, pos)
    actions = len(scene.state.actions)
    moved_in = scene.choice_buttons[slot].label
    assert moved_in != labels[slot], "another choice now stands where the click was"
    now[0] += 0.2
    click(scene, pos)                            # the double click's second
    assert len(scene.state.actions) == actions and "moved" in scene.toast.message
    now[0] += 1.0
    click(scene, pos)                            # meant: the choice now there
    assert len(scene.state.actions) == actions + 1


def test_selecting_a_hero_in_sight_keeps_the_map_still_and_one_out_of_sight_brings_it_in():
    """Played: clicking the card of a hero in plain sight re-centred the map, and the next click, aimed at
    a tile beside that hero, walked it ten tiles off. A hero in sight is selected where it stands."""
    from game.engine.state import Hero
    scene = meadow_board_scene(map_name="two_crowns")          # larger than the window: the map can move
    to_turn(scene)
    state, view = scene.state, scene.view
    first = state.heroes[scene.selected]
    board = state.board
    first.cell = min((c for c in board.topology.cells() if state.is_unoccupied(c)),      # arrange: mid-map,
                     key=lambda c: abs(c[0] - board.width // 2) + abs(c[1] - board.height // 2))  # off the edges
    near = next(c for c in board.topology.neighbours(first.cell) if state.is_unoccupied(c))
    other = Hero(id=state.new_id(), owner=first.owner, cell=near)
    state.heroes[other.id] = other
    scene.select_hero(first.id)
    still = list(view.cam)
    scene.select_hero(other.id)
    assert scene.selected == other.id and view.cam == still, "a hero beside the one in view: no jump"
    far = max(state.board.topology.cells(), key=lambda c: abs(c[0] - first.cell[0]) + abs(c[1] - first.cell[1]))
    other.cell = far
    scene.select_hero(other.id)
    x, y = view.world_to_screen(*view.geo.cell_center(far))
    assert view.rect.collidepoint(x, y) and view.cam != still, "out of sight: the map brings it in"
