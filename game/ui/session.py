"""The one place the UI talks to the engine: start a game, submit actions, let computers play.

Scenes never change the game state: they build actions and call ``submit``,
which returns the engine's events or the reason the engine refused. Every
completed action is autosaved (``game.ui.progress``).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.board import Board
from game.ui.menus.options import NewGameOptions
from game.ui.progress import Autosaver

# How long the screen waits between two computer actions, by speed setting (seconds).
SPEEDS = {"normal": 0.45, "fast": 0.08}
# Our AI level names -> the engine's computer levels.
AI_LEVEL_TO_ENGINE = {"easy": "easy", "normal": "standard", "hard": "hard"}


def engine_rule_options(options: NewGameOptions) -> dict:
    rules = options.rules        # the counts a rules file gives (hero_cap_count, day_limit_days) stay
    return {"starting_hero": rules.starting_hero, "legacy_gold_mine": rules.legacy_gold_mine,
            "hero_cap": rules.hero_cap_2, "day_limit": rules.day_limit is not None,
            "shared_victory": rules.shared_victory,
            **({"day_limit_days": rules.day_limit} if rules.day_limit is not None else {})}


@dataclass
class Outcome:
    """What submitting an action did: its events, or the reason the engine refused it."""
    events: list = field(default_factory=list)
    reason: str | None = None     # set when the engine refused the action
    undone: object = None         # the action an undo took back

    @property
    def ok(self) -> bool:
        return self.reason is None


class GameSession:
    def __init__(self, state, options: NewGameOptions | None = None, events: list | None = None,
                 game_id: str | None = None, routes: dict | None = None) -> None:
        from game.ui.board.routes import RouteBook
        self.state, self.options = state, options
        self.loaded = False          # a saved game: ``events`` is its whole past (see saves.load_session)
        self.hero_routes = RouteBook(to=dict(routes or {}))     # the board's routes, saved with the game
        self.autosaver = Autosaver(game_id)
        self.autosaver.routes = lambda: self.hero_routes.to
        self.new_events: list = list(events or [])   # not yet shown by the screen
        self.setup_events: list = list(events or [])  # the Anchor rolls and capitals, for the setup panel
        self.ai_rng = random.Random(state.seed)
        self._thinking = None        # BackgroundAnswers for ``think``, made when a computer first thinks
        from game import settings
        self.speed = settings.current().computer_speed
        self.last_events: tuple = (None, None)     # (action count, events of the last action): undo checks them
        self.battles_won: dict[int, int] = {}
        self._count_battles(self.new_events)
        # id of a battle's end and outcome events (battle_over, deaths, a City taken) -> the seats that watched it
        self.watched_battles: dict[int, set[int]] = {}

    @property
    def computer_delay(self) -> float:
        return SPEEDS.get(self.speed, SPEEDS["normal"])

    def toggle_speed(self) -> str:
        """Normal <-> fast, kept in the player's settings like the Settings screen's choice (the next game
        and a Continue play at the speed last chosen)."""
        from game import settings
        self.speed = "fast" if self.speed == "normal" else "normal"
        settings.update(computer_speed=self.speed)
        return self.speed

    def _count_battles(self, events) -> None:
        for event in events:
            if event.kind == "battle_over" and not event.data.get("retreated"):
                side = event.data.get("winner")
                seat = event.data.get("attacker") if side == 0 else event.data.get("defender")
                if seat:
                    self.battles_won[seat] = self.battles_won.get(seat, 0) + 1

    @classmethod
    def start(cls, options: NewGameOptions, board: Board) -> "GameSession":
        from game.engine import Seat, load_rules, new_game
        rules = load_rules(options.mode, overlay=getattr(options, "rules_file", None),
                           options=engine_rule_options(options))
        seats = [Seat(s.name, s.kind, AI_LEVEL_TO_ENGINE.get(s.ai_level, "standard") if s.kind == "computer" else "")
                 for s in options.seats]
        state, events = new_game(board, seats, options.seed, rules=rules)
        return cls(state, options, events)

    # --- acting ----------------------------------------------------------------
    def submit(self, action) -> Outcome:
        from game.engine import IllegalAction, apply
        try:
            events = apply(self.state, action)
        except IllegalAction as refusal:
            from game.ui.board.refusals import for_player
            return Outcome(reason=for_player(str(refusal)))
        self.new_events.extend(events)
        self.last_events = (len(self.state.actions), list(events))
        self._count_battles(events)
        self.autosaver.after_action(self.state, computer_next=self.is_computer(self.actor()))
        return Outcome(list(events))

    @property
    def game_id(self) -> str:
        return self.autosaver.game_id

    def undo_refusal(self) -> str | None:
        """Why the last action cannot be taken back now (None: Undo may)."""
        from game.engine.undo import why_not
        count, events = self.last_events
        return why_not(self.state, events if count == len(self.state.actions) else None)

    def undo(self) -> Outcome:
        """Take back the last quiet move: the game is replayed without it, nothing random is re-rolled."""
        from game.engine import IllegalAction
        from game.engine.undo import undo
        try:
            undone = undo(self.state)
        except IllegalAction as refusal:
            return Outcome(reason=str(refusal))
        self.autosaver.after_action(self.state, computer_next=False)     # Continue resumes without the move
        return Outcome(undone=undone)

    def actor(self) -> int | None:
        return self.state.actor()

    def is_computer(self, seat: int | None) -> bool:
        player = self.state.players.get(seat) if seat else None
        return player is not None and player.kind == "computer"

    def computer_step(self) -> Outcome | None:
        """One action for the computer player who must act now, if it is a computer's move."""
        seat = self.actor()
        if not self.is_computer(seat):
            return None
        return self.submit(self.choose_for_computer())

    def think(self, level: str | None = None, rng: random.Random | None = None):
        """The computer's choice for the seat to act (at its own level, or at ``level`` for a human side
        the game plays, e.g. auto-battle), worked out off the frame on a copy of the game: ``NOT_YET``
        until it is known (a ``hard`` player's look-ahead or a huge battle's odds outlast a frame).
        ``rng`` (default: the computer players') goes on exactly as if the choice had been made here,
        so a game plays the same with or without the screen."""
        from game.ui.kit.background import NOT_YET, BackgroundAnswers
        rng = rng if rng is not None else self.ai_rng
        seat = self.actor()
        level = level or self.computer_level()
        if self._thinking is None:
            self._thinking = BackgroundAnswers()

        def prepare():
            twin, mine = self.state.lookahead_copy(), random.Random()
            # the copy's log starts empty, yet a computer player reads it (who turned its alliance down
            # lately, R-ALLY-1): without it, it asked a human who had just said no again at once
            twin.log = list(self.state.log)
            mine.setstate(rng.getstate())

            def work():
                from game.ai import choose_action
                return choose_action(twin, mine, level), mine.getstate()
            return work
        answer = self._thinking.get((id(self.state), len(self.state.actions), seat, level, id(rng)), prepare)
        if answer is NOT_YET:
            return NOT_YET
        self._thinking.clear()
        if answer is None:          # the work failed: choose here, so an error shows where it happens
            from game.ai import choose_action
            return choose_action(self.state, rng, level)
        act, after = answer
        rng.setstate(after)
        return act

    def thinking(self) -> bool:
        return self._thinking is not None and self._thinking.pending()

    def auto_step(self) -> Outcome:
        """The standard computer player's choice, for a human who lets the game decide (e.g. "fight it out")."""
        try:
            from game.ai import choose_action
            act = choose_action(self.state, self.ai_rng, "standard")
        except ImportError:
            act = _fallback_choice(self.state, self.ai_rng)
        return self.submit(fighting_on(self.state, act))

    def computer_level(self) -> str:
        """The computer level of the seat to act (``standard`` when its seat names none)."""
        return self.state.players[self.actor()].ai or "standard"

    def choose_for_computer(self):
        level = self.computer_level()
        try:
            from game.ai import choose_action
        except ImportError:      # the computer player is not there yet: play legal moves at random
            return _fallback_choice(self.state, self.ai_rng)
        return choose_action(self.state, self.ai_rng, level)

    def take_events(self) -> list:
        events, self.new_events = self.new_events, []
        return events

    @property
    def over(self) -> bool:
        return self.state.phase == "over"


def _fallback_choice(state, rng: random.Random):
    from game.engine import legal_actions
    from game.engine.actions import EndAlliance, EndTurn, ProposeAlliance
    options = [a for a in legal_actions(state) if not isinstance(a, (ProposeAlliance, EndAlliance))]
    productive = [a for a in options if not isinstance(a, EndTurn)]
    if productive and rng.random() < 0.85:
        return rng.choice(productive)
    return options[-1] if options else rng.choice(legal_actions(state))


def fighting_on(state, act):
    """A human's auto-battle fights: it never retreats for the player (a retreat loses the hero for
    sure, R-DEATH-3, and is the player's own call: the Retreat button), it attacks as well as it can."""
    from game.engine.actions import Attack, Retreat
    if not isinstance(act, Retreat) or state.battle is None:
        return act
    from game.engine.battle_odds import best_attack
    squad, target = best_attack(state)
    return Attack(act.player, squad, target)
