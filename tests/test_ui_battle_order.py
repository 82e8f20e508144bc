"""Battle events in the order they happened; each result panel shows its own battle (issue 11 item 7).

A monster on a Mine: the hero fights the monsters first, then the Mine's guardians (R-MOV-7,
R-MINE-1); the monster fight's panel must not show the guardians' numbers. (A monster on a City
now blocks the City, R-MOV-7, so the Mine is where two battles follow each other in one move.)
"""
import re

import pygame
import pytest

from enginekit import hero_game
from game.board.model import MapToken
from game.engine import actions as A
from game.engine import apply
from game.engine.dice import Dice, Rng, Roll
from game.engine.state import Token
from game.ui.app import App
from game.ui.battle.scene import maybe_battle_scene
from game.ui.battle.view import lead_in, this_battle
from game.ui.session import GameSession
from uikit import play_to_the_result


class Loaded(Rng):
    """Random dice, except the next roll of the scripted expression at the head of ``script``."""

    def __init__(self, seed, *script):
        super().__init__(seed)
        self.script = [(Dice.parse(expr), tuple(faces)) for expr, *faces in script]

    def roll(self, dice):
        dice = Dice.parse(dice) if isinstance(dice, str) else dice
        if self.script and self.script[0][0] == dice:
            return Roll(dice, self.script.pop(0)[1])
        return super().roll(dice)


def monster_on_a_mine():
    """P1's hero (9 mercenaries) steps onto an unowned Mine guarded by 2 monsters (a Fight); once they
    are beaten the Mine's guard roll calls 2 guardians."""
    state, hero = hero_game(tokens=[MapToken("mine", (4, 5))], at=(4, 4), moves=5, army={"mercenary": 9})
    tid = state.new_id()
    state.tokens[tid] = Token(tid, "monster", (4, 5))            # arrange: a monster on the Mine
    guardians = state.rules["mines"]["guardians_by_tier"][state.highest_city_tier()]
    state.rng = Loaded(5, ("1dP", 30), ("2d6", 1, 1), ("1dP", 100), (guardians, *[1] * Dice.parse(guardians).count))
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    return state, hero, events


def fight_to_the_result(scene, app):
    scene.auto = True
    play_to_the_result(scene, app)


@pytest.mark.rule("R-MOV-7", "R-MINE-1")
def test_the_monster_fights_panel_shows_that_fight_not_the_guardians_battle():
    state, hero, events = monster_on_a_mine()
    assert state.battle.kind == "monsters"
    session = GameSession(state)
    app = App((1280, 720), headless=True)
    scene = maybe_battle_scene(session, lead_in(events))
    scene.speed = "Instant"
    app.push(scene)
    fight_to_the_result(scene, app)
    assert scene.result["winner"] == 0
    assert state.battle is not None and state.battle.kind == "guardians", "the guardians' battle follows"
    assert scene.view.kind == "monsters"
    assert [s.name for s in scene.view.sides][1] == "Monsters"
    assert scene.view.start_units == [9, 2]
    assert scene.result["lost"][1] == 2, "both monsters of this fight fell"
    assert scene.view.round >= 1
    rounds = [line for line in scene.log if line.startswith("Round")]
    assert rounds and not any(re.search(r"squad \d|Monsters' Monsters", line) for line in rounds), \
        "each round names the squads as they stood when they fought"
    kinds = [e.kind for e in scene.all_events]
    assert kinds.count("battle_started") == 0 and kinds.count("battle_over") == 1
    app.frame(1 / 60)                                       # the panel draws this battle's numbers


def test_the_lead_in_keeps_the_arrival_rolls_before_the_battle():
    """The monster reaction and count rolls open the battle screen's log, before any round."""
    state, hero, events = monster_on_a_mine()
    lead = lead_in(events)
    assert [e.kind for e in lead] == ["dice", "dice", "battle_started"]
    assert [e.data["purpose"] for e in lead[:2]] == ["monster_reaction", "monster_count"]
    scene = maybe_battle_scene(GameSession(state), lead)
    assert "meets monsters" in scene.log[0] and "counts monsters" in scene.log[1]


def test_an_actions_events_are_cut_where_the_next_battle_starts():
    class E:
        def __init__(self, kind):
            self.kind, self.data = kind, {}
    events = [E(k) for k in ("exchange", "battle_over", "purse", "tokens_removed", "battle_started", "exchange")]
    mine, later = this_battle(events)
    assert [e.kind for e in mine] == ["exchange", "battle_over", "purse", "tokens_removed"]
    assert [e.kind for e in later] == ["battle_started", "exchange"]


def test_the_board_opens_the_guardians_battle_after_the_monster_fight():
    """The board pushes one battle screen per battle, in order, each with its own start."""
    from game.ui.board.scene import GameScene
    state, hero, events = monster_on_a_mine()
    session = GameSession(state)
    session.new_events = list(events)
    app = App((1280, 720), headless=True)
    board = GameScene(session)
    app.push(board)
    app.frame(1 / 60)                                       # a battle under way opens its screen
    first = app.scene
    assert first is not board and first.view.kind == "monsters"
    first.speed = "Instant"
    fight_to_the_result(first, app)
    first.pop()
    app.frame(1 / 60)
    second = app.scene
    assert second is not first and second is not board and second.view.kind == "guardians"
    assert not second.log or "meets monsters" not in " ".join(second.log)


class HighLow(Rng):
    """Dice that roll their lowest (``"low"``) or highest faces, in the order of ``pattern``."""

    def __init__(self, seed, *pattern):
        super().__init__(seed)
        self.pattern = list(pattern)

    def roll(self, dice):
        dice = Dice.parse(dice) if isinstance(dice, str) else dice
        face = 1 if self.pattern.pop(0) == "low" else dice.sides
        return Roll(dice, (face,) * dice.count)


def computer_attacks_person(army=None, defender_army=None):
    """Seat 1, a computer player (``standard``), has a hero with ``army`` at (4, 4) and 5 🐎; seat 2, a
    person, a hero with ``defender_army`` beside it at (4, 5). Nothing has moved yet."""
    from game.engine.state import Hero
    state, hero = hero_game(players=2, at=(4, 4), moves=5, army=dict(army or {}))
    state.players[1].kind, state.players[1].ai = "computer", "standard"
    state.players[2].kind = "human"
    defender = Hero(id=state.new_id(), owner=2, cell=(4, 5), army=dict(defender_army or {}))
    state.heroes[defender.id] = defender
    return state, hero, defender


@pytest.mark.rule("R-BAT-7")
def test_a_computer_attackers_first_round_is_on_the_defenders_battle_screen():
    """A computer player's hero and 2 mercenaries attack a human's lone hero. Its first exchange (the
    mercenaries fall) is an action of its own, played before the defender's first choice opens the
    battle screen: the screen's log and result showed neither, so the human never saw that round."""
    from game.ui.board.scene import GameScene
    state, hero, defender = computer_attacks_person({"mercenary": 2})
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    battle = state.battle
    assert battle is not None and battle.kind == "hero"
    import random
    from game.ai import choose_action
    while not battle.sides[0].arranged:                           # the computer sets its squads
        apply(state, choose_action(state, random.Random(0), "standard"))
    mercenaries = next(i for i, q in enumerate(battle.sides[0].squads) if q.hero is None)
    # arrange: the mercenaries roll low against the hero; then the human's hero high against the attacker's
    state.rng = HighLow(3, "low", "high", "high", "low")
    apply(state, A.Attack(1, mercenaries, 0))
    assert state.battle is battle and state.battle.to_act == 1, "the human defender's turn in the battle"
    app = App((1280, 720), headless=True)
    board = GameScene(GameSession(state))
    app.push(board)
    app.frame(1 / 60)
    scene = app.scene
    assert scene is not board and scene.view.kind == "hero"
    assert any(line.startswith("Round 1") for line in scene.log), scene.log
    assert any("2 mercenaries fall" in line for line in scene.log), scene.log
    assert scene.round_label() == "Round 2", "the header names the round the defender is choosing for"
    scene.speed = "Instant"
    fight_to_the_result(scene, app)
    assert scene.result["winner"] == 1
    assert scene.side_result_lines(0, scene.result)[:2] == ["Units lost: 2 of 2", "Hero: lost"]


@pytest.mark.rule("R-BAT-7")
def test_a_human_watches_a_computers_attack_from_its_first_exchange(monkeypatch):
    """A computer player's hero attacks a human's lone hero: the battle screen opens while the computer
    still has to set its squads, so the human sees every exchange, also when its hero falls in the first
    and the human has nothing to choose (it used to read of it in the log only)."""
    from game.engine.state import Item
    from game.ui.board.scene import GameScene
    state, hero, defender = computer_attacks_person({"mercenary": 2})
    defender.items = [Item(id=state.new_id(), type="amulet", rarity=0, power="1d6")]    # unequipped: no dice
    apply(state, A.Move(1, hero.id, ((4, 5),)))                   # the computer's move starts the battle
    assert state.battle is not None and not state.battle.sides[0].arranged
    state.rng = HighLow(3, "high", "low", *["high"] * 40)        # arrange: the first exchange beats the hero
    app = App((1280, 720), headless=True)
    board = GameScene(GameSession(state))
    app.push(board)
    app.frame(1 / 60)
    scene = app.scene
    assert scene is not board and scene.view.kind == "hero", "the battle screen opens for the human defender"
    assert scene.view.start_units == [2, 0] and not [line for line in scene.log if line.startswith("Round")]
    import game.ui.battle.painting as painting
    banners = []
    plain_banner = painting.D.draw_banner
    monkeypatch.setattr(painting.D, "draw_banner", lambda surface, center, title, sub, *a: (
        banners.append((title, sub)), plain_banner(surface, center, title, sub, *a)))
    scene.speed = "Normal"                                        # (another test may have chosen Instant)
    play_to_the_result(scene, app, dt=1 / 20)                    # watched at the normal speed
    faint = {sub for title, sub in banners if title.endswith("faints!")}
    assert faint == {"1 item drops"}, "a hero alone has no army to desert (R-HERO-2): no '0 units desert (0 → 0)'"
    assert scene.result is not None and scene.result["winner"] == 0, "the human's hero fell in one exchange"
    assert [line for line in scene.log if line.startswith("Round 1")], "the first exchange was shown"
    assert scene.view.round == 1


def test_in_a_hotseat_another_humans_battle_waits_for_the_cover():
    """Ann (seat 3) holds the mouse when the computer attacks Bob (seat 2): the battle screen must not open
    for Ann to play Bob's side; it waits until Bob's first choice, after the cover hands him the mouse."""
    from game.engine.state import Hero
    from game.ui.board.scene import GameScene
    state, hero = hero_game(players=3, starts=((1, 1), (7, 7), (1, 7)), at=(4, 4), moves=5,
                            army={"mercenary": 2})
    state.players[1].kind, state.players[1].ai = "computer", "standard"
    state.players[2].kind = state.players[3].kind = "human"
    defender = Hero(id=state.new_id(), owner=2, cell=(4, 5))
    state.heroes[defender.id] = defender
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    app = App((1280, 720), headless=True)
    board = GameScene(GameSession(state))
    board.last_human = 3                                         # arrange: Ann had the mouse last
    app.push(board)
    app.frame(1 / 60)
    assert app.scene is board and not board.human_fights()
    board.last_human = 2
    assert board.human_fights(), "Bob at the screen watches his own battle"


def test_a_defenders_army_is_named_while_it_arranges(monkeypatch):
    """Played: attacking a rival hero, the screen showed her card alone ("arranging…") while the
    human set its squads; her two mercenaries first came into sight in round 1."""
    from game.engine.state import Hero
    import game.ui.battle.painting as painting
    state, hero = hero_game(players=2, at=(4, 4), moves=5, army={"mercenary": 4})
    state.players[2].kind, state.players[2].ai = "computer", "standard"
    defender = Hero(id=state.new_id(), owner=2, cell=(4, 5), army={"mercenary": 2})
    state.heroes[defender.id] = defender
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    assert state.battle is not None and not state.battle.sides[1].arranged
    drawn = []
    real = painting.render
    monkeypatch.setattr(painting, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    app = App((1280, 720), headless=True)
    scene = maybe_battle_scene(GameSession(state), list(events))
    app.push(scene)
    app.frame(1 / 60)
    assert any(t.endswith("arranging 2 mercenaries…") for t in drawn), [t for t in drawn if "Defender" in t]


def test_a_battle_the_human_watched_is_not_news_in_since_your_last_turn():
    """Played: a computer's attack on my hero opened the battle screen and I watched it to the end; my turn
    then began with "Since your last turn: Brunhild attacked you and lost". A battle watched is no news;
    one not watched (after a load, say) still is."""
    from game.ui.board.scene import GameScene
    state, hero, defender = computer_attacks_person({"mercenary": 2})
    apply(state, A.Move(1, hero.id, ((4, 5),)))                   # the computer's hero attacks
    state.rng = HighLow(3, "high", "low", *["high"] * 40)        # the first exchange beats the lone hero
    app = App((1280, 720), headless=True)
    session = GameSession(state)
    board = GameScene(session)
    board.event_log.mark_seen(2)
    app.push(board)
    app.frame(1 / 60)
    scene = app.scene
    assert scene is not board
    scene.speed = "Instant"
    play_to_the_result(scene, app)
    over = [e for e in board.event_log.events + session.new_events if e.kind == "battle_over"]
    assert len(over) == 1 and session.watched_battles.get(id(over[0])) == {2}
    scene.continue_button.on_click()                              # back to the board, which takes the events
    app.frame(1 / 60)
    assert over[0] in board.event_log.events
    news = board.event_log.summary_for(state, 2, session.watched_battles)
    assert not [line for line in news if "attacked you" in line], news
    assert [line for line in board.event_log.summary_for(state, 2) if "attacked you" in line], \
        "unwatched, the same battle is news"


def test_the_outcome_of_a_battle_the_human_watched_is_not_news_either():
    """Played: I beat a computer's attacking hero on the battle screen; its result listed the hero's death,
    and my turn began with "Since your last turn: Brunhild lost a hero (in battle)"."""
    from game.ui.board.scene import GameScene
    state, hero, defender = computer_attacks_person({"mercenary": 2}, {"mercenary": 12})
    state.rng = Rng(1)
    apply(state, A.Move(1, hero.id, ((4, 5),)))                   # the computer's hero attacks a strong army
    app = App((1280, 720), headless=True)
    session = GameSession(state)
    board = GameScene(session)
    board.event_log.mark_seen(2)
    app.push(board)
    app.frame(1 / 60)
    scene = app.scene
    scene.speed = "Instant"
    scene.toggle_auto()
    play_to_the_result(scene, app)
    scene.continue_button.on_click()
    app.frame(1 / 60)
    died = [e for e in board.event_log.events if e.kind == "hero_died"]
    assert [e.data["player"] for e in died] == [1] and hero.id not in state.heroes
    assert board.event_log.summary_for(state, 2, session.watched_battles) == []
    assert [line for line in board.event_log.summary_for(state, 2) if "lost a hero" in line], \
        "unwatched, the hero's death is news"


@pytest.mark.rule("R-BAT-1")
def test_a_computers_attack_on_the_person_opens_its_battle_before_the_news(monkeypatch):
    """A computer's hero attacks in its turn and the person must arrange the defence: the board showed
    "Since your last turn" first (older news, not the attack) under a top bar saying "Ana to play", and
    the battle screen only after it was closed. The news waits for the person's own turn."""
    from game.ui.board.scene import GameScene
    state, hero, defender = computer_attacks_person(defender_army={"mercenary": 1})
    app = App((1280, 720), headless=True)
    board = GameScene(GameSession(state))
    board._setup_shown = True
    app.push(board)
    monkeypatch.setattr(board.event_log, "summary_for", lambda *a: ["⚒️ Cy captured a coin mine"])
    attack = A.Move(1, hero.id, ((4, 5),))
    monkeypatch.setattr(board.session, "think", lambda *a, **kw: attack)
    for _ in range(40):
        app.frame(1 / 10)
        if app.scene is not board:
            break
    assert state.battle is not None and state.actor() == 2, "the person arranges the defence"
    assert board.dialog is None or board.dialog.key != "ui:summary", "old news before the attack"
    assert app.scene is not board and app.scene.view.kind == "hero", "the battle screen opens at once"


@pytest.mark.rule("R-VOTE-1")
def test_a_computers_vote_asks_the_person_before_the_news(monkeypatch):
    """A computer calls a vote in its turn: the person's answer comes first, "Since your last turn" on its turn."""
    from uikit import meadow_board_scene, play_to_turn_of
    board = meadow_board_scene(("computer", "human"))
    board._setup_shown = True
    play_to_turn_of(board.session, 1)
    board._absorb(board.session.take_events(), animate=False)
    monkeypatch.setattr(board.event_log, "summary_for", lambda *a: ["⚒️ Cy captured a coin mine"])
    vote = A.ProposeRuleChange(1, "day_limit", True)
    monkeypatch.setattr(board.session, "think", lambda *a, **kw: vote)
    for _ in range(40):
        board.update(1 / 10)
        if board.state.actor() == 2:
            break
    board.update(1 / 10)
    assert board.state.pending and board.state.pending[0].kind == "vote"
    assert board.dialog is not None and board.dialog.title == "A vote", board.dialog and board.dialog.title



@pytest.mark.rule("R-BAT-7")
def test_the_hero_that_attacked_stays_selected_after_its_battle():
    """Played: Leofric (🐎16 left) beat a computer's hero, and the board came back with Brienne, the first
    hero of the list, selected: the defender arranging its squads had been the actor for a moment."""
    from game.engine.state import Hero
    from game.ui.board.scene import GameScene
    state, first = hero_game(players=2)
    state.players[2].kind, state.players[2].ai = "computer", "standard"
    # a lone hero has nothing to arrange: the computer arranges its defence from the board, as the actor
    attacker = Hero(id=state.new_id(), owner=1, cell=(4, 4), moves_left=5)
    defender = Hero(id=state.new_id(), owner=2, cell=(4, 5), army={"mercenary": 1})
    state.heroes[attacker.id], state.heroes[defender.id] = attacker, defender
    state.rng = Rng(1)
    app = App((1280, 720), headless=True)
    board = GameScene(GameSession(state))
    app.push(board)
    assert board.selected == first.id                              # arrange: the list's first is selected
    board.select_hero(attacker.id)
    board.submit(A.Move(1, attacker.id, ((4, 5),)))
    for _ in range(300):                                          # the walk, then the battle screen
        if app.scene is not board:
            break
        app.frame(1 / 20)
    battle = app.scene
    assert battle is not board, "the battle screen"
    battle.speed = "Instant"
    from uikit import click
    click(battle, battle.auto_button.rect.center)
    play_to_the_result(battle, app)
    assert attacker.id in state.heroes, "the dice of this seed: the attacker wins"
    while app.scene is not board:
        app.pop()
    board.refresh()
    assert board.selected == attacker.id
