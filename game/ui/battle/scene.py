"""The battle screen (R-BAT-1..7, R-HERO-2, R-DEATH-3): arrange squads, pick attacks, watch the dice.

Push ``BattleScene(session)`` when ``session.state.battle`` is set (or call
``maybe_battle_scene(session)``, which returns None when there is no battle).
The scene never changes the game: every choice is an engine action handed to
``session.submit``; computer sides play through ``session.computer_step``;
neutral sides act inside the engine and their exchanges arrive with the
player's, so the scene animates the event list one step (``Beat``) at a time.
"""
from __future__ import annotations

import random

import pygame

from game.engine import actions as A
from game.engine.battle import split_unseen
from game.engine.state import NEUTRAL
from game import settings
from game.ui.kit import sound, widgets
from game.ui.battle.arrange import Arrangement, split_chance
from game.ui.battle.plan import default_plan, remembered
from game.ui.battle.painting import (CARD_H, CARD_W, LOG_W, T_ARRANGED, T_BANNER, T_DESTROY, T_FAINT, T_PICK,
                                     T_REVEAL, T_ROLL, TOP, BattlePainting)
from game.ui.battle.handoff import BattleHandoff
from game.ui.battle.view import Beat, BattleView, beats, chance_of, this_battle
from game.ui.kit.background import NOT_YET, BackgroundAnswers
from game.ui.kit.scene import Scene
from game.ui.kit.theme import px

SPEEDS = {"Normal": 1.0, "Fast": 0.35, "Instant": 0.0}
THINK = 0.45
SKIP_AFTER = 0.3          # seconds of an animation before a click on the field skips it (a double click attacks once)
MODE_TIP = ("Representative: one unit rolls for the squad, times its units (5 × one 1d6): all or nothing\n"
            "Individual: every unit rolls and the dice add up (5d6): steadier (R-DICE-3, R-BAT-3)")
RETREAT_TIP = ("Give up the battle: the hero is lost (R-DEATH-3);\nits units still standing desert"
               " as a Monster on the tile (R-DEATH-2)")


def maybe_battle_scene(session, events=None) -> "BattleScene | None":
    """The battle screen for the battle under way, or None when there is none."""
    if session.state.battle is None:
        return None
    return BattleScene(session, events)


class BattleScene(BattlePainting, Scene):
    def __init__(self, session, events=None, speed: str | None = None) -> None:
        speed = speed or settings.current().battle_speed      # the player's default (Settings)
        super().__init__()
        self.session = session
        self.state = session.state
        self.battle = self.state.battle          # this screen's battle; the action may start another one
        self.view = BattleView(self.state)
        # the Cities that fight, by side (the result names the one that fell or held)
        self.start_cities = [[s.city for s in side.squads if s.city is not None] for side in self.view.sides]
        self.ai_rng = random.Random(self.state.seed * 7 + 11)
        self.log: list[str] = []
        self.all_events: list = []
        self.queue: list[Beat] = []
        self.beat: Beat | None = None
        self.t = 0.0
        self.clock = 0.0
        self.speed = speed
        self.auto = False
        self.selected: int | None = None
        self.hover: tuple[int, int] | None = None
        self.chances: dict | None = None
        self.confirm_retreat = False
        self.result: dict | None = None
        self.arrangement: Arrangement | None = None
        self.arrange_side: int | None = None
        self.arrange_buttons: dict = {}
        self.deserted = [0, 0]
        self.fainted = [0, 0]                       # heroes that fainted, by side (R-HERO-2), for the result
        self.playing_for = 0.0                      # seconds the animations under way have played
        # Odds are worked out off the frame (a City held by several big heroes takes seconds): until an
        # answer comes the screen says so, and the bar keeps its last figure.
        self._odds = BackgroundAnswers()
        self._plan_key: tuple | None = None         # the best split being worked out for the arrangement
        self._asked_best = False                    # "Best split" was clicked: say so when it changes nothing
        self._chances_key: tuple | None = None      # the attack chances being worked out
        self.arrange_waiting = False                # the arrangement's own figure is being worked out
        self.arrange_odds: float | None = None
        self.p_attacker: float | None = None        # the bar's figure; None until first worked out
        self._bar_hold: float | None = None         # the split just confirmed: the bar's figure until all are set
        self._refresh_bar()
        self.bottom = self._bottom_side()
        self._held_lines: list[str] = []            # a human's split, kept from the other human until both are set
        self._log_events(events or [])
        self._count_what_fell_before(events or [])
        # widgets
        self.speed_toggle = widgets.Toggle(list(SPEEDS), list(SPEEDS).index(speed), self._set_speed, size=14)
        self.auto_button = widgets.Button("Auto-battle", self.toggle_auto, icon="dice", size=15,
                                          tooltip="Let the computer fight for you\n(exact odds, standard level)")
        self.retreat_button = widgets.Button("Retreat", self.ask_retreat, icon="start", size=15, tooltip=RETREAT_TIP)
        self.yes_button = widgets.Button("Retreat", self.do_retreat, size=18)
        self.no_button = widgets.Button("Keep fighting", self.cancel_retreat, size=18)
        self.continue_button = widgets.Button("Continue", self.pop, icon="swords", size=20)
        self.mode_toggle = widgets.Toggle(["Representative", "Individual"], 0, self._set_mode, size=14)
        self.mode_toggle.tooltip = MODE_TIP
        self.suggest_button = widgets.Button("Best split", self.suggest, icon="star", size=15,
                                             tooltip="The split and roll mode with the best exact odds")
        self.confirm_button = widgets.Button("To battle!", self.confirm_arrangement, icon="swords", size=18)
        self.handoff = BattleHandoff(self._rebuild_widgets)
        self.handoff.follow(self.state.actor(), False, False)   # who is at the screen as it opens (the board's
        #                                                      own cover has already passed the mouse to it)
        self._prepare_turn()

    # --- who is who ------------------------------------------------------------------------
    def _bottom_side(self) -> int:
        """The side drawn at the bottom: the first human side (the attacker if both or neither)."""
        humans = [i for i, s in enumerate(self.view.sides) if self._is_human(s.player)]
        return humans[0] if humans else 0

    def _is_human(self, seat) -> bool:
        return bool(seat) and seat != NEUTRAL and not self.session.is_computer(seat)

    @property
    def top(self) -> int:
        return 1 - self.bottom

    @property
    def busy(self) -> bool:
        return self.beat is not None or bool(self.queue)

    def acting_seat(self) -> int | None:
        battle = self.state.battle
        return battle.acting_player() if battle is not None else None

    def human_to_act(self) -> bool:
        return (self.state.battle is not None and not self.busy and self.result is None
                and self._is_human(self.acting_seat()) and not self.auto)

    def arranging_index(self) -> int | None:
        battle = self.state.battle
        if battle is None:
            return None
        return next((i for i, s in enumerate(battle.sides) if not s.arranged), None)

    def can_retreat(self) -> bool:
        return not self.why_no_retreat()

    def why_no_retreat(self) -> str:
        """Why Retreat is greyed, for its tooltip ("" when it is not): it looked broken before the first round."""
        battle = self.state.battle
        if battle is None or self.result is not None:
            return "The battle is over"
        attacker = battle.sides[0].player
        if not self._is_human(attacker):
            return "Only the attacker may retreat (R-DEATH-3)"
        if self.auto and self.acting_seat() == attacker:
            return "Auto-battle is on: turn it off to retreat"
        if not all(s.arranged for s in battle.sides):
            return "Retreat comes at the start of your battle turns,\nonce the squads are set: To battle! first (R-DEATH-3)"
        if not self.human_to_act() or battle.to_act != 0 or self.acting_seat() != attacker:
            return "At the start of your next battle turn (R-DEATH-3)"
        return ""

    # --- turn setup -----------------------------------------------------------------------------
    def _prepare_turn(self) -> None:
        """After the animations: what the human (if it is a human's move) can do now."""
        self.selected, self.chances, self.confirm_retreat = None, None, False
        self.arrangement = None
        battle = self.state.battle
        if battle is None or battle is not self.battle or self.busy or self.result is not None:
            self._rebuild_widgets()
            return
        index = self.arranging_index()
        both_human = all(self._is_human(side.player) for side in battle.sides)
        if index is not None and self._is_human(battle.sides[index].player):
            self.handoff.follow(battle.sides[index].player, True, both_human)
        elif index is None and self.human_to_act():
            self.handoff.follow(battle.sides[battle.to_act].player, False, both_human)
        if index is not None and self._is_human(battle.sides[index].player) and not self.auto:
            side = battle.sides[index]
            self.arrange_side = index
            self.arrangement = Arrangement(side.pool, battle.max_squads(self.state.rules))
            self._plan_key = ("plan", len(self.state.actions), index, remembered(self.session).get(side.player))
            self._apply_plan_when_known()
        elif index is None and self.human_to_act():
            self._chances_key = ("attack", len(self.state.actions))
            self._take_chances_when_known()
            own = self.view.sides[battle.to_act].squads
            if len(own) == 1:
                self.selected = 0
        self._rebuild_widgets()

    # --- odds, worked out off the frame ----------------------------------------------------------
    def _on_copy(self, key: tuple, compute):
        """``compute(a copy of the game)`` for ``key``: its answer, or NOT_YET while a worker thread has it."""
        return self._odds.on_copy(key, self.state, compute)

    def _best_plan_key(self) -> tuple:
        """The question "which split is best" for the side arranging now."""
        return ("plan", len(self.state.actions), self.arranging_index(), None)

    def _best_plan(self):
        """The best split for the side arranging now (``default_plan``), or NOT_YET while it is worked out."""
        secret = self._splits_secret()
        return self._on_copy(self._best_plan_key(), lambda twin: default_plan(twin, secret=secret))

    def odds_waiting(self) -> bool:
        """A figure the screen shows is still being worked out."""
        return self._plan_key is not None or self.arrange_waiting

    def _refresh_bar(self) -> None:
        if self.hidden_split() is not None and not self.busy:
            self._bar_hold = None      # the figure of the split the other human set unseen: not the defender's to see
        if self._bar_hold is not None and not all(side.arranged for side in self.view.sides):
            self.p_attacker = self._bar_hold     # not the figure of a split nobody chose (the pool shared evenly)
            return
        self._bar_hold = None
        if not all(side.arranged for side in self.view.sides):
            self._refresh_bar_before_the_squads()
            return
        question = self.view.odds_question(self.state)
        answer = self._odds.get(("bar",) + question, lambda: (lambda: chance_of(*question)))
        if answer is not NOT_YET:
            self.p_attacker = answer

    def _refresh_bar_before_the_squads(self) -> None:
        """Before a side has set its squads, the bar shows the figure the board showed: that side's best split
        (or its player's remembered one) against the other's best answer; the units split evenly, a split no
        one chose, gave 29% and then 41% when the computer set its squads."""
        battle = self.state.battle
        index = self.arranging_index()
        if battle is None or index is None:
            return                                # the squads are set: the view catches up after the animation
        choice = remembered(self.session).get(battle.sides[index].player) if self._is_human(
            battle.sides[index].player) else None
        secret = self._splits_secret()
        plan = self._on_copy(("plan", len(self.state.actions), index, choice),
                             lambda twin: default_plan(twin, choice=choice, secret=secret))
        if plan is not NOT_YET and plan[2] is not None:
            self.p_attacker = plan[2] if index == 0 else 1.0 - plan[2]

    def _apply_plan_when_known(self) -> None:
        """The split the screen offers first (the best one, or the player's remembered choice), once known."""
        if self._plan_key is None or self.arrangement is None:
            return
        choice, secret = self._plan_key[3], self._splits_secret()
        plan = self._on_copy(self._plan_key, lambda twin: default_plan(twin, choice=choice, secret=secret))
        if plan is NOT_YET:
            return
        self._plan_key = None
        squads, mode, _ = plan
        if self._asked_best and (self.arrangement.squads(), self.arrangement.mode) == (squads, mode):
            self.toast.show("This is already the best split", info=True)     # the button changed nothing
        self._asked_best = False
        self.arrangement.use(squads)
        self.arrangement.mode = mode
        self.mode_toggle.index = 0 if mode == "representative" else 1
        self._update_arrange_odds()

    def _take_chances_when_known(self) -> None:
        if self._chances_key is None:
            return
        chances = self._on_copy(self._chances_key, _attack_chances)
        if chances is not NOT_YET:
            self.chances, self._chances_key = chances, None

    def _update_arrange_odds(self) -> None:
        arr, self.arrange_odds, self.arrange_waiting = self.arrangement, None, False
        if arr is None or not arr.ready:
            return
        index, squads, mode, secret = self.arrange_side, arr.squads(), arr.mode, self._splits_secret()
        odds = self._on_copy(("split", len(self.state.actions), index, squads, mode),
                             lambda twin: split_chance(twin, index, squads, mode, secret))
        self.arrange_waiting = odds is NOT_YET
        self.arrange_odds = None if odds is NOT_YET else odds

    def _odds_arrived(self) -> None:
        self._refresh_bar()
        self._apply_plan_when_known()
        self._take_chances_when_known()
        if self.arrangement is not None and self._plan_key is None:
            self._update_arrange_odds()
        self._rebuild_widgets()

    # --- actions -----------------------------------------------------------------------------------
    def submit(self, action) -> bool:
        outcome = self.session.submit(action)
        if not outcome.ok:
            self.toast.show(outcome.reason)
            return False
        self.play(outcome.events)
        return True

    def play(self, events) -> None:
        """Queue an action's events for the screen: this battle's only (the board shows the next one)."""
        events, _ = this_battle(events)
        if not self.busy:
            self.playing_for = 0.0
        self.all_events.extend(events)
        self.queue.extend(beats(events))
        self.selected, self.chances, self.arrangement, self.hover = None, None, None, None
        self._plan_key = self._chances_key = None
        self._rebuild_widgets()
        if SPEEDS[self.speed] == 0:
            self._run_queue(0.0)

    def attack(self, squad: int, target: int) -> bool:
        return self.submit(A.Attack(self.acting_seat(), squad, target))

    def ask_retreat(self) -> None:
        if self.can_retreat():
            self.confirm_retreat = True
            self._rebuild_widgets()

    def do_retreat(self) -> None:
        self.confirm_retreat = False
        if self.can_retreat():
            self.submit(A.Retreat(self.acting_seat()))
        self._rebuild_widgets()

    def cancel_retreat(self) -> None:
        self.confirm_retreat = False
        self._rebuild_widgets()

    def toggle_auto(self) -> None:
        self.auto = not self.auto
        self.clock = 0.0
        if not self.auto:
            self._prepare_turn()
        self._rebuild_widgets()

    def _set_speed(self, index: int) -> None:
        """The speed chosen here is the next battle's too (kept in the player's settings)."""
        self.speed = list(SPEEDS)[index]
        settings.update(battle_speed=self.speed)

    def _set_mode(self, index: int) -> None:
        if self.arrangement:
            self._plan_key = None                  # the player's own choice wins over a split still coming
            self.arrangement.mode = ("representative", "individual")[index]
            self._update_arrange_odds()

    def suggest(self) -> None:
        if not self.arrangement:
            return
        self._plan_key = self._best_plan_key()
        self._asked_best = True
        self._apply_plan_when_known()
        self._rebuild_widgets()

    def bump(self, slot: int, unit: str, sign: int) -> None:
        if not self.arrangement:
            return
        self._plan_key = None
        (self.arrangement.plus if sign > 0 else self.arrangement.minus)(slot, unit)
        self._update_arrange_odds()
        self._rebuild_widgets()

    def confirm_arrangement(self) -> None:
        arr = self.arrangement
        if not arr:
            return
        if not arr.ready:
            self.toast.show("Place every unit in a squad first")
            return
        seat = self.state.battle.sides[self.arrange_side].player
        best = self._best_plan()
        plans = remembered(self.session)
        if best is not NOT_YET and (arr.squads(), arr.mode) == best[:2]:
            plans.pop(seat, None)            # the best split stays the default
        else:
            plans[seat] = (len(arr.squads()), arr.mode)
        if self.arrange_odds is not None:     # while "forms N squads" plays, the bar keeps the figure just shown
            self._bar_hold = self.arrange_odds if self.arrange_side == 0 else 1.0 - self.arrange_odds
            self.p_attacker = self._bar_hold
        self.submit(A.ArrangeBattle(seat, arr.squads(), arr.mode))

    # --- layout ------------------------------------------------------------------------------------
    def layout(self, size) -> None:
        super().layout(size)
        self.scale_widgets([self.speed_toggle, self.auto_button, self.retreat_button, self.yes_button, self.no_button,
                            self.continue_button, self.mode_toggle, self.suggest_button, self.confirm_button])
        w, h = size
        self.field = pygame.Rect(0, px(TOP), w - px(LOG_W), h - px(TOP))
        self.log_rect = pygame.Rect(w - px(LOG_W), px(TOP), px(LOG_W), h - px(TOP))
        self.bar_rect = pygame.Rect(self.field.x + px(40), px(TOP) + px(16), self.field.w - px(80), px(28))
        self.top_row_y = px(TOP) + px(70)
        self.bottom_row_y = h - px(74) - px(CARD_H)
        self.arena = pygame.Rect(self.field.x + px(20), self.top_row_y + px(CARD_H) + px(12), self.field.w - px(40),
                                 self.bottom_row_y - self.top_row_y - px(CARD_H) - px(24))
        lx, lw = self.log_rect.x + px(16), px(LOG_W) - px(32)
        self.speed_toggle.rect = pygame.Rect(lx, h - px(168), lw, px(34))
        self.auto_button.rect = pygame.Rect(lx, h - px(122), lw, px(44))
        self.retreat_button.rect = pygame.Rect(lx, h - px(68), lw, px(48))
        self.log_box = pygame.Rect(lx, px(TOP) + px(50), lw, h - px(186) - px(TOP) - px(50) - px(18))
        cx, cy = self.field.centerx, h // 2
        self.yes_button.rect = pygame.Rect(cx - px(190), cy + px(30), px(170), px(48))
        self.no_button.rect = pygame.Rect(cx + px(20), cy + px(30), px(170), px(48))
        self.continue_button.rect = pygame.Rect(0, 0, px(220), px(52))
        self.continue_button.rect.midbottom = (cx, h - px(70))
        self.arrange_panel = pygame.Rect(self.field.x + px(24), self.arena.y - px(4), self.field.w - px(48),
                                         h - self.arena.y - px(14))
        self._rebuild_widgets()

    def card_rects(self) -> dict[tuple[int, int], pygame.Rect]:
        out = {}
        for side_index in (0, 1):
            squads = self.view.sides[side_index].squads
            n = len(squads)
            if not n:
                continue
            gap = px(14)
            w = min(px(CARD_W), (self.field.w - px(40) - gap * (n - 1)) // n)
            total = n * w + (n - 1) * gap
            x = self.field.centerx - total // 2
            y = self.bottom_row_y if side_index == self.bottom else self.top_row_y
            if self.arrangement is not None and side_index == self.arrange_side and not self.busy:
                for i, rect in enumerate(getattr(self, "fixed_rects", [])[:n]):
                    out[(side_index, i)] = rect
                continue
            for i in range(n):
                out[(side_index, i)] = pygame.Rect(x + i * (w + gap), y, w, px(CARD_H))
        return out

    def _rebuild_widgets(self) -> None:
        if not hasattr(self, "field"):
            return
        why_not = self.why_no_retreat()
        self.retreat_button.enabled = not why_not
        self.retreat_button.tooltip = why_not or RETREAT_TIP
        self.retreat_button.visible = self.state.battle is not None and self.result is None
        self.auto_button.selected = self.auto
        self.auto_button.label = "Auto-battle: on" if self.auto else "Auto-battle"
        self.auto_button.visible = self.result is None
        self.auto_button.enabled = self.state.battle is not None and any(
            self._is_human(s.player) for s in self.view.sides)
        ws: list[widgets.Widget] = [self.speed_toggle, self.auto_button, self.retreat_button]
        self.arrange_buttons = {}
        if self.arrangement is not None and not self.confirm_retreat:
            ws += self._arrange_widgets()
        if self.confirm_retreat:
            ws = [self.yes_button, self.no_button]
        if self.result is not None:
            ws = [self.continue_button]
        self.widgets = ws

    def _arrange_widgets(self) -> list[widgets.Widget]:
        arr = self.arrangement
        p = self.arrange_panel
        out: list[widgets.Widget] = []
        fixed = len(self.view.sides[self.arrange_side].squads)
        fixed_w = fixed * px(124)
        self.fixed_rects = [pygame.Rect(p.x + px(16) + i * px(124), p.y + px(64), px(112), min(px(CARD_H), p.h - px(64) - px(70) - px(22)))
                            for i in range(fixed)]       # room below for its "own squad" note
        slots_area = pygame.Rect(p.x + px(16) + fixed_w, p.y + px(60), p.w - px(32) - px(150) - fixed_w, p.h - px(60) - px(64))
        self.slot_rects = []
        n = arr.limit
        gap = px(12)
        sw = (slots_area.w - gap * (n - 1)) // n
        for i in range(n):
            rect = pygame.Rect(slots_area.x + i * (sw + gap), slots_area.y, sw, slots_area.h)
            self.slot_rects.append(rect)
            y = rect.y + px(58)
            for unit in arr.units:
                minus = widgets.Button("−", (lambda s=i, u=unit: self.bump(s, u, -1)),
                                       rect=(rect.right - px(96), y, px(30), px(30)), size=px(18))
                plus = widgets.Button("+", (lambda s=i, u=unit: self.bump(s, u, +1)),
                                      rect=(rect.right - px(38), y, px(30), px(30)), size=px(18))
                minus.enabled = arr.can_minus(i, unit)
                plus.enabled = arr.can_plus(i, unit)
                self.arrange_buttons[(i, unit, "-")] = minus
                self.arrange_buttons[(i, unit, "+")] = plus
                out += [minus, plus]
                y += px(36)
        self.reserve_rect = pygame.Rect(slots_area.right + px(14), slots_area.y, p.right - px(16) - slots_area.right - px(14),
                                        slots_area.h)
        by = p.bottom - px(54)
        narrow = p.w < px(820)                 # a small window: narrower buttons leave the win chance its room
        toggle_w, suggest_w, confirm_w = (px(n) for n in ((230, 124, 150) if narrow else (300, 150, 200)))
        self.mode_toggle.rect = pygame.Rect(p.x + px(16), by, toggle_w, px(38))
        self.confirm_button.rect = pygame.Rect(p.right - px(16) - confirm_w, by - px(2), confirm_w, px(42))
        self.suggest_button.rect = pygame.Rect(self.confirm_button.rect.x - px(12) - suggest_w, by - px(2), suggest_w, px(42))
        self.confirm_button.enabled = arr.ready
        return out + [self.mode_toggle, self.suggest_button, self.confirm_button]

    # --- input -----------------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if hasattr(event, "pos"):
            self.mouse = event.pos
        if self.handoff.up:
            return self.handoff.handle_event(event)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.confirm_retreat:
                self.cancel_retreat()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_SPACE) and self.result is not None:
                self.pop()
                return True
            if event.key == pygame.K_SPACE and self.busy:     # skip the animation
                self._run_queue(None)
                return True
        if super().handle_event(event):
            return True
        if self.confirm_retreat or self.result is not None:
            return False
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.busy
                and self.field.collidepoint(event.pos)):
            if self.playing_for >= SKIP_AFTER:      # not the second half of the double click that attacked
                self._run_queue(None)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        return False

    def _card_at(self, pos) -> tuple[int, int] | None:
        for key, rect in self.card_rects().items():
            if rect.collidepoint(pos):
                return key
        return None

    def _click(self, pos) -> bool:
        key = self._card_at(pos)
        if key is None or not self.human_to_act() or self.arranging_index() is not None:
            return False
        side, index = key
        acting = self.state.battle.to_act
        if side == acting:
            self.selected = None if self.selected == index else index
            return True
        if self.selected is None:
            self.toast.show("First pick one of your squads")
            return True
        return self.attack(self.selected, index)

    # --- frame ----------------------------------------------------------------------------------------------
    def animating(self) -> bool:
        battle = self.state.battle
        if self.busy or self._odds.pending() or self.session.thinking():
            return True
        if self.handoff.up or battle is None or battle is not self.battle or self.result is not None:
            return False
        seat = self.acting_seat()
        return self.session.is_computer(seat) or (self.auto and self._is_human(seat))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._odds.take_arrived():
            self._odds_arrived()
        if self.handoff.up:
            return
        if self.busy:
            self.playing_for += dt
            self._run_queue(dt)
            return
        battle = self.state.battle
        if battle is None or battle is not self.battle or self.result is not None:
            return
        seat = self.acting_seat()
        if self.session.is_computer(seat) or (self.auto and self._is_human(seat)):
            self.clock += dt
            if self.clock >= THINK * SPEEDS[self.speed]:
                computer = self.session.is_computer(seat)
                if computer:
                    act = self.session.think()
                elif self.hidden_split() is not None:     # the computer player would arrange against the
                    plan = self._best_plan()               # hidden split: the best split as the human knows it
                    act = plan if plan is NOT_YET else A.ArrangeBattle(seat, plan[0], plan[1])
                else:
                    act = self.session.think("standard", self.ai_rng)
                if act is NOT_YET:
                    return                       # still thinking (a huge battle's odds): the frame goes on
                self.clock = 0.0
                if computer:
                    outcome = self.session.submit(act)
                    if outcome.ok:
                        self.play(outcome.events)
                else:
                    from game.ui.session import fighting_on
                    self.submit(fighting_on(self.state, act))

    def _run_queue(self, dt: float | None) -> None:
        """Advance the animations by ``dt`` seconds (None or instant speed: to the end)."""
        factor = SPEEDS[self.speed]
        while True:
            if self.beat is None:
                if not self.queue:
                    break
                self.beat, self.t = self.queue.pop(0), 0.0
            if dt is None or factor == 0:
                self._finish_beat()
                continue
            self.t += dt / factor
            dt = 0.0
            if self.t >= self.beat_length(self.beat):
                self._finish_beat()
                continue
            break
        if not self.busy:
            if self.state.battle is self.battle:
                self.view.sync(self.state)
                self._refresh_bar()
            self._prepare_turn()

    def beat_length(self, beat: Beat) -> float:
        if beat.kind == "exchange":
            return T_PICK + T_ROLL + T_REVEAL + T_DESTROY + (T_FAINT if beat.data.get("fainted") else 0)
        if beat.kind == "retreat":
            return T_BANNER
        if beat.kind == "arranged":
            return T_ARRANGED
        return 0.0

    def _finish_beat(self) -> None:
        beat, self.beat = self.beat, None
        self._log_events(beat.events)            # named as the squads stood when they fought
        self.view.apply(self.state, beat)
        if beat.kind == "exchange":
            faint = beat.data.get("fainted")
            if faint:
                side = beat.data["destroyed"]["side"]
                self.deserted[side] += faint["units_before"] - faint["units_after"]
                self.fainted[side] += 1
            self._refresh_bar()
        if beat.kind == "over":
            self.p_attacker = 1.0 if beat.data["winner"] == 0 else 0.0
            self.result = self._result(beat)
            seen = {side.player for side in self.view.sides if self._is_human(side.player)}
            # not news again in "Since your last turn": the battle and its outcome (deaths, a City taken),
            # which the result panel lists ("P1 lost a hero" came after a defence the person had won)
            over = next((i for i, e in enumerate(self.all_events) if e is beat.events[0]), None)
            for event in self.all_events[over:] if over is not None else beat.events:
                self.session.watched_battles[id(event)] = seen
            self.queue.clear()
            self._rebuild_widgets()

    def _log_events(self, events) -> None:
        from game.narration import narrate
        sound.for_events(events)
        for event in events:
            line = self._narrate(event) or narrate(self.state, event)
            if not line:
                continue
            if event.kind == "squads_arranged" and self._splits_secret():
                self._held_lines.append(_plain(line.strip()))     # told once the other human has arranged too
                continue
            if self._held_lines and not self._splits_secret():
                self.log.extend(self._held_lines)
                self._held_lines = []
            self.log.append(_plain(line.strip()))
        del self.log[:-200]

    def _splits_secret(self) -> bool:
        """In a battle between two players with a human among them, a split stays hidden from the other side
        until both have arranged (R-BAT-2; the defender, arranging second, read "Bela fights with Brienne and
        1 squad, individual rolls" in the log)."""
        battle = self.state.battle
        return (battle is not None and not all(side.arranged for side in battle.sides)
                and all(side.player != NEUTRAL for side in battle.sides)
                and any(self._is_human(side.player) for side in battle.sides))

    def hidden_split(self) -> int | None:
        """The side whose squads the human arranging now has not seen (the other player's, set unseen),
        else None. Every figure this human reads counts on the best split that side could have made
        against its own (``battle.as_seen_by``): its win chance against the real one told that split."""
        index = self.arranging_index()
        if index is None or not self._is_human(self.state.battle.sides[index].player):
            return None
        return 1 - index if split_unseen(self.state, index) else None

    def _count_what_fell_before(self, events) -> None:
        """Squads destroyed before this screen opened (a computer attacker's first exchange, played before
        the defender's first choice) count in the result: the view starts from the battle as it is now."""
        from game.engine.heroes import unit_total
        for event in events:
            if event.kind == "squad_destroyed":
                side = event.data["side"]
                self.view.start_units[side] += unit_total(event.data.get("units") or {})
                self.view.start_heroes[side] += event.data.get("hero") is not None
                self.fainted[side] += event.data.get("hero") is not None
        started = next((i for i, e in enumerate(events) if e.kind == "battle_started"), -1)
        self.all_events.extend(events[started + 1:])

    def _narrate(self, event) -> str | None:
        d = event.data
        if event.kind == "squads_picked":
            side = self.view.sides[d["side"]]
            enemy = self.view.sides[1 - d["side"]]
            own = side.squads[d["squad"]] if d["squad"] < len(side.squads) else None
            target = enemy.squads[d["target"]] if d["target"] < len(enemy.squads) else None

            def called(squad, whose, index) -> str:
                name = squad.name if squad is not None else f"squad {index + 1}"
                if squad is not None and squad.city is not None:
                    # "Neutral City", not "…'s City"; a City's own name alone ("Fenwick's town", not
                    # "Brunhild's Fenwick's town"): the banner says whose it is
                    return whose.name if name in ("", "City") else name
                if name == whose.name or name.startswith(_poss(whose.name)):      # "Aldric's capital" once
                    return name
                return f"{_poss(whose.name)} {name}"
            verb = "attacks" if own is not None and not own.is_unit_squad else "attack"
            return f"Round {d['round']}: {called(own, side, d['squad'])} {verb} {called(target, enemy, d['target'])}"
        if event.kind == "exchange":
            tie = " — tie: the squad attacked wins" if d["tie"] else ""
            return f"⚔ {d['totals'][0]} vs {d['totals'][1]}{tie}"
        if event.kind == "dice" and d.get("purpose") == "battle":
            return f"🎲 {self._side_name(d.get('player'))}: {d['total']}"
        if event.kind == "squads_arranged":
            side = self.view.sides[self.view.side_index(d["player"])]
            own = [s.name for s in side.squads if not s.is_unit_squad]       # its heroes and City fight as they are
            n = len(d["squads"])
            parts = own + ([f"{n} squad{'s' * (n != 1)}"] if n else [])
            from game.names import join_names
            fights = join_names(parts)
            return f"{self._side_name(d['player'])} fights with {fights}, {d['mode']} rolls"
        if event.kind == "battle_over":
            return f"🏆 {self.view.sides[d['winner']].name} {self.view.sides[d['winner']].wins} the battle"
        return None

    def _side_name(self, seat) -> str:
        return self.view.sides[self.view.side_index(seat)].name if seat is not None else "?"

    # --- the end ------------------------------------------------------------------------------------------------
    def _result(self, over: Beat) -> dict:
        from game.engine.purse import describe as money
        winner = over.data["winner"]
        lost, disbanded = [], []
        for i, side in enumerate(self.view.sides):
            retreating = over.data.get("retreated") and i == 0
            disbanded.append(side.unit_count() if retreating else 0)      # alive, but gone with the army (R-DEATH-3)
            alive = 0 if retreating else side.unit_count()
            if i != winner and not over.data.get("retreated"):
                alive = 0
            lost.append(max(0, self.view.start_units[i] - alive))
        lines: list[str] = []
        for event in self.all_events:
            d, k = event.data, event.kind
            if k == "purse" and d.get("reason") in ("bounty", "king's purse", "city lost"):
                lines.append(f"💰 {self._side_name(d.get('player'))}: {money(d['change'])} ({d['reason']})")
            elif k == "token_placed" and d.get("kind") == "item":
                lines.append("🎁 An item is dropped on the battlefield")
            elif k == "items_to_armory":
                count = len(d['items'])
                lines.append(f"🎁 {'An item goes' if count == 1 else f'{count} items go'} to the City's armory")
            elif k == "tokens_removed" and d.get("tokens"):
                lines.append("🧟 The monster token is cleared from the board")
            elif k == "mine_captured":
                lines.append(f"⚒️ {self._side_name(d.get('player'))} captures the {d.get('resource', '')} mine")
            elif k == "city_conquered":
                lines.append(f"🏰 {self._side_name(d.get('player'))} conquers the City")
            elif k == "hero_died":
                hero = d.get("hero")
                name = next((s.name for side in self.view.sides for s in side.squads if s.hero == hero), None)
                if name is None:             # its squad has fallen already: the game's history names it
                    from game.narration import hero_label
                    name = hero_label(self.state, hero)
                from game.narration import death_cause, sentence_start
                lines.append(f"💀 {sentence_start(name)} dies ({death_cause(d.get('cause'))})")
            elif k == "token_placed" and d.get("kind") == "monster":
                lines.append("🧟 The deserters become a Monster token")
        return {"winner": winner, "retreated": over.data.get("retreated"), "lost": lost, "disbanded": disbanded,
                "lines": lines[:8]}


_SWAP = {"💫": "💀", "☠": "💀", "✝": "💀", "🏳": "🚩", "🏆": "👑", "⚔ ": "⚔️ ", "🤺": "🛡️"}


def _plain(line: str) -> str:
    """Emoji the icon set has no picture for become ones it has (or go)."""
    from game.ui.kit.rich_text import _GLYPHS
    for old, new in _SWAP.items():
        line = line.replace(old, new)
    out = []
    for ch in line:
        if ord(ch) >= 0x2190 and ch not in "".join(_GLYPHS) + "\ufe0f→—…×−·":
            continue
        out.append(ch)
    return "".join(out).replace("  ", " ").strip()


def _poss(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _attack_chances(state) -> dict:
    from game.ai.battle_odds import attack_chances
    try:
        return attack_chances(state)
    except ValueError:
        return {}
