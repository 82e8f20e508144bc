"""The board's dice pop-ups keep the pace of the computer speed: at the fast speed none outlives its roll by
much (they piled up and trailed the game by seconds), at the normal speed none is skipped."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.maps import DEFAULT_MAP, load_map
from game.ui.app import App
from game.ui.board.dialogs import PACES, DicePopups
from game.ui.board.scene import GameScene
from game.ui.menus.options import NewGameOptions, Seat
from game.ui.session import GameSession
from uikit import click, meadow_board_scene, to_turn

ROLL = {"purpose": "movement", "expr": "1d10+10", "faces": [4], "total": 14}
FRAME = 1 / 60


class Watch:
    """Each roll a board's pop-ups are given: when it was rolled (for a roll where a walking hero arrives:
    when the hero got there), whether it was ever shown, and when it left the screen."""

    def __init__(self, scene=None, dice=None) -> None:
        self.scene, self.dice = scene, dice if dice is not None else scene.dice
        self.now = 0.0
        self.rolls: dict[int, dict] = {}
        add = self.dice.add_event

        def add_event(data, who="", **kw):
            count = len(self.dice.queue)
            add(data, who, **kw)
            if len(self.dice.queue) > count:
                roll = self.dice.queue[-1]          # kept here, so that no later roll takes its id
                self.rolls[id(roll)] = {"roll": roll, "title": roll.title, "at": None, "added": self.now,
                                        "arrival": kw.get("arrival", False), "shown": False, "gone": None}
        self.dice.add_event = add_event

    def tick(self, dt: float) -> None:
        self.now += dt
        walking = bool(self.scene is not None and self.scene.walks)
        shown = {id(r) for r in self.dice.rolls}
        waiting = {id(r) for r in self.dice.queue}
        for key, roll in self.rolls.items():
            if roll["at"] is None and (not roll["arrival"] or not walking):
                roll["at"] = roll["added"] if not roll["arrival"] else self.now
            roll["shown"] |= key in shown
            if roll["gone"] is None and key not in shown | waiting:
                roll["gone"] = self.now

    def late(self) -> list[float]:
        """How long after its roll each roll's pop-up left the screen."""
        return [r["gone"] - r["at"] for r in self.rolls.values() if r["gone"] is not None and r["at"] is not None]

    def stale(self, within: float) -> list[str]:
        """The rolls still waiting or on screen more than ``within`` seconds after they were rolled."""
        return [r["title"] for r in self.rolls.values()
                if r["gone"] is None and r["at"] is not None and self.now - r["at"] > within]

    def skipped(self) -> list[str]:
        return [r["title"] for r in self.rolls.values() if r["gone"] is not None and not r["shown"]]


def test_at_the_fast_speed_rolls_coming_faster_than_cards_can_stand_still_keep_pace():
    """A computer at the fast speed acts every 0.08 s: a card leaves the screen at most 1.5 s after its roll
    (they queued three at a time for 2.4-second cards and showed up to 12 s late), and most are read."""
    dice = DicePopups("fast")
    watch = Watch(dice=dice)
    t = 0.0
    while t < 6.0:
        if round(t / FRAME) % 5 == 0 and t < 4.0:
            dice.add_event(ROLL, "Bob")
        dice.update(FRAME, "fast")
        watch.tick(FRAME)
        t += FRAME
        assert len([r for r in dice.rolls if r.cut is None]) <= 3
    late = watch.late()
    assert len(watch.rolls) >= 40 and len(late) == len(watch.rolls)
    assert max(late) <= PACES["fast"].late + 2 * FRAME, max(late)
    assert len(watch.skipped()) <= len(watch.rolls) // 2


def test_at_the_normal_speed_every_roll_shows_whole():
    """Twenty rolls at once (a long battle's spoils): each pops up in turn and stands its whole time (the
    queue kept the last 12)."""
    dice = DicePopups()
    for _ in range(20):
        dice.add_event(ROLL, "Ann")
    made = list(dice.queue)                 # kept alive: their ids stay theirs
    seen: dict[int, float] = {}
    for _ in range(60 * 40):
        ages = {id(r): r.age for r in dice.rolls}
        dice.update(FRAME)
        for key, age in ages.items():
            if key not in {id(r) for r in dice.rolls}:
                seen[key] = age + FRAME
        if not dice.busy:
            break
    assert not dice.busy and len(seen) == len(made) == 20
    assert min(seen.values()) >= PACES["normal"].life - 1e-6


def play(scene, app, seconds: float, watch: Watch, human=None, until=lambda state: state.day > 3) -> None:
    session = scene.session
    for _ in range(round(seconds / FRAME)):
        if until(session.state) or session.state.phase == "over":
            break
        if app.scene is not scene:
            app.pop()                                   # the Daybreak panel: the human plays from the board
        elif human and not session.is_computer(session.state.actor()) and not scene.dice.busy and not scene.walks:
            assert scene.submit(human(session))
        app.frame(FRAME)
        watch.tick(FRAME)


def computers_game(speed: str, kinds=("computer", "computer"), seed=4):
    app = App(headless=True)
    seats = [Seat(name, i + 1, kind) for i, (name, kind) in enumerate(zip(("Ann", "Bob"), kinds))]
    session = GameSession.start(NewGameOptions(str(DEFAULT_MAP), seats=seats, seed=seed), load_map(DEFAULT_MAP))
    session.speed = speed
    scene = GameScene(session)
    app.push(scene)
    app.frame(1 / 30)
    click(app.scene, app.scene.begin.rect.center)
    return app, scene


def test_computers_at_the_fast_speed_the_cards_trail_the_game_by_little():
    """Played at the fast speed: the pop-ups trailed the game by seconds, piled up and stood still while a
    hero walked (a hero's 🐎 roll popped up once it had walked). Each leaves the screen at most 1.5 s after
    its roll (after the walking hero arrived, for the rolls of its arrival)."""
    app, scene = computers_game("fast")
    watch = Watch(scene)
    play(scene, app, 40, watch)
    late = watch.late()
    assert scene.session.state.day == 4 and len(late) >= 20
    assert watch.stale(PACES["fast"].late + 3 * FRAME) == []
    assert max(late) <= PACES["fast"].late + 3 * FRAME, sorted(late)[-5:]
    assert len(watch.skipped()) <= len(late) // 4, watch.skipped()


def test_at_the_normal_speed_a_computers_last_rolls_show_before_the_humans_turn():
    """At the normal speed no roll is skipped: a computer's Daybreak token roll, the last thing it did, was
    dropped when the human's Daybreak began (the fast speed's cure for cards piling up)."""
    from game.ai import choose_action
    app, scene = computers_game("normal", ("human", "computer"), seed=1)
    watch = Watch(scene)
    play(scene, app, 600, watch, human=lambda session: choose_action(session.state, session.ai_rng, "standard"),
         until=lambda state: state.day == 4 and state.phase == "turn")
    assert scene.session.state.day == 4 and scene.session.state.phase == "turn"
    assert any(r["title"].startswith("Bob: 🎲 Daybreak token") for r in watch.rolls.values())
    assert watch.skipped() == []


def test_a_card_shown_goes_on_ageing_while_the_hero_walks():
    """The 🐎 roll's card stood still, tumbling or whole, while the hero walked, and every walk added to
    its time on screen."""
    scene = meadow_board_scene()
    to_turn(scene)
    click(scene, scene.roll_button.rect.center)
    hero = scene.state.heroes[scene.selected]
    scene.update(FRAME)
    card = scene.dice.rolls[0]
    assert card.title.endswith("🐎 roll") and card.age < 0.1
    target = max((c for c in scene.reach.cells() if not scene.reach.is_stop(c)), key=scene.reach.cost)
    scene.view.center_on(target)
    click(scene, scene.view.cell_center(target))
    assert hero.cell == target and scene.walks
    walked = 0.0
    while scene.walks and walked < 1.0:
        scene.update(FRAME)
        walked += FRAME
    assert walked >= 0.2
    assert card not in scene.dice.rolls or card.age >= walked


def test_the_daybreak_panel_opens_once_the_boards_dice_have_shown(tmp_path, monkeypatch):
    """A computer's token roll popped up as the human's Daybreak panel opened over the board, and stood there
    frozen, tumbling, until the panel closed: the panel now opens once the board's cards are gone."""
    from game.ui.board.daybreak_panel import DaybreakPanel
    monkeypatch.setenv("FUZZYKNIGHTS_SAVES", str(tmp_path))
    scene = meadow_board_scene()
    scene._setup_shown = True                       # no Anchor panel
    assert scene.state.phase == "daybreak" and not scene.session.is_computer(scene.state.actor())
    scene.dice.add_event({"purpose": "token_roll", "expr": "1dP", "faces": [30], "total": 30}, "Bob")
    seconds = 0.0
    while scene.app.scene is scene and seconds < 10:
        scene.app.frame(FRAME)
        seconds += FRAME
    assert isinstance(scene.app.scene, DaybreakPanel) and not scene.dice.busy
    assert seconds >= PACES["normal"].life


def test_the_cards_stand_aside_from_the_hero_the_roll_is_about():
    """Played: a hero's 🐎 roll popped up over the hero itself, at the top of the board, just as its player
    looked for where to go. The column stands in the middle, else left or right, where it hides no hero of
    the player to act, and stays there while a card is on screen."""
    surface = pygame.Surface((1000, 700))
    dice = DicePopups()

    def shown(avoid):
        dice.draw(surface, 60, 500, others=(250, 750), avoid=avoid)
        return dice.draw(surface, 60, 500, others=(250, 750), avoid=avoid)[0].centerx

    dice.add_event(ROLL, "Ann")
    dice.update(0.0)
    assert shown([pygame.Rect(100, 500, 50, 50)]) == 500
    dice.clear()
    dice.draw(surface, 60, 500)                        # no card: the column is free to stand elsewhere
    dice.add_event(ROLL, "Ann")
    dice.update(0.0)
    assert shown([pygame.Rect(480, 80, 50, 50)]) == 250
    assert shown([pygame.Rect(230, 80, 50, 50)]) == 250     # where it stood while the card is up
    dice.clear()
    dice.draw(surface, 60, 500)
    dice.add_event(ROLL, "Ann")
    dice.update(0.0)
    assert shown([pygame.Rect(480, 80, 50, 50), pygame.Rect(230, 80, 50, 50)]) == 750


def test_a_heros_movement_roll_does_not_hide_the_hero():
    scene = meadow_board_scene(kinds=("human", "human"))
    to_turn(scene)
    hero = scene.state.heroes[scene.selected]
    view = scene.view
    hero.cell = view.cell_at((view.rect.centerx, view.rect.y + 130))     # under the cards' usual place
    scene.refresh()
    cards = []
    plain = scene.dice.draw

    def draw(*args, **kw):
        cards.extend(plain(*args, **kw))
        return cards
    scene.dice.draw = draw
    scene.roll()
    for _ in range(5):
        scene.app.frame(FRAME)
    hero_rect = view.cell_rect(hero.cell)
    assert cards and all(abs(card.centerx - view.rect.centerx) > 10 for card in cards)
    assert not any(card.colliderect(hero_rect) for card in cards)
