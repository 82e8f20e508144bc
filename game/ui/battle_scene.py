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
from game.engine.state import NEUTRAL
from game.ui import icons, textures, theme, widgets
from game.ui import battle_draw as D
from game.ui.dice_art import draw_die
from game.ui.battle_arrange import Arrangement
from game.ui.battle_view import Beat, BattleView, beats, unit_label
from game.ui.rich_text import render
from game.ui.scene import Scene

TOP = 56
LOG_W = 300
CARD_W, CARD_H = 150, 168
SPEEDS = {"Normal": 1.0, "Fast": 0.35, "Instant": 0.0}
# Seconds of each part of an exchange at normal speed.
T_PICK, T_ROLL, T_REVEAL, T_DESTROY, T_FAINT = 0.35, 0.6, 0.6, 0.65, 1.3
T_BANNER = 1.3
T_ARRANGED = 0.8
THINK = 0.45
KIND_TITLES = {"monsters": "Monsters", "guardians": "Mine guardians", "hero": "Hero against hero", "city": "Siege battle"}


def maybe_battle_scene(session, events=None) -> "BattleScene | None":
    """The battle screen for the battle under way, or None when there is none."""
    if session.state.battle is None:
        return None
    return BattleScene(session, events)


class BattleScene(Scene):
    def __init__(self, session, events=None, speed: str = "Normal") -> None:
        super().__init__()
        self.session = session
        self.state = session.state
        self.view = BattleView(self.state)
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
        self.p_attacker = self.view.win_probability(self.state)
        self.bottom = self._bottom_side()
        self._log_events(events or [])
        # widgets
        self.speed_toggle = widgets.Toggle(list(SPEEDS), list(SPEEDS).index(speed), self._set_speed, size=14)
        self.auto_button = widgets.Button("Auto-battle", self.toggle_auto, icon="dice", size=15,
                                          tooltip="Let the computer fight for you\n(exact odds, standard level)")
        self.retreat_button = widgets.Button("Retreat", self.ask_retreat, icon="start", size=15,
                                             tooltip="Give up the battle: the hero is lost\nand its army disbands (R-DEATH-3)")
        self.yes_button = widgets.Button("Retreat", self.do_retreat, size=18)
        self.no_button = widgets.Button("Keep fighting", self.cancel_retreat, size=18)
        self.continue_button = widgets.Button("Continue", self.pop, icon="swords", size=20)
        self.mode_toggle = widgets.Toggle(["Representative", "Individual"], 0, self._set_mode, size=14)
        self.suggest_button = widgets.Button("Best split", self.suggest, icon="star", size=15,
                                             tooltip="The split and roll mode with the best exact odds")
        self.confirm_button = widgets.Button("To battle!", self.confirm_arrangement, icon="swords", size=18)
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
        battle = self.state.battle
        return (self.human_to_act() and battle.sides[0].player == self.acting_seat() and battle.to_act == 0
                and all(s.arranged for s in battle.sides))

    # --- turn setup -----------------------------------------------------------------------------
    def _prepare_turn(self) -> None:
        """After the animations: what the human (if it is a human's move) can do now."""
        self.selected, self.chances, self.confirm_retreat = None, None, False
        self.arrangement = None
        battle = self.state.battle
        if battle is None or self.busy or self.result is not None:
            self._rebuild_widgets()
            return
        index = self.arranging_index()
        if index is not None and self._is_human(battle.sides[index].player) and not self.auto:
            side = battle.sides[index]
            self.arrange_side = index
            self.arrangement = Arrangement(side.pool, battle.max_squads(self.state.rules))
            self.mode_toggle.index = 0
            self._update_arrange_odds()
        elif index is None and self.human_to_act():
            from game.ai.battle_odds import attack_chances
            try:
                self.chances = attack_chances(self.state)
            except ValueError:
                self.chances = {}
            own = self.view.sides[battle.to_act].squads
            if len(own) == 1:
                self.selected = 0
        self._rebuild_widgets()

    def _update_arrange_odds(self) -> None:
        self.arrange_odds = self.arrangement.win_probability(self.state, self.arrange_side) if self.arrangement else None

    # --- actions -----------------------------------------------------------------------------------
    def submit(self, action) -> bool:
        outcome = self.session.submit(action)
        if not outcome.ok:
            self.toast.show(outcome.reason)
            return False
        self.play(outcome.events)
        return True

    def play(self, events) -> None:
        """Queue an action's events for the screen."""
        self.all_events.extend(events)
        self.queue.extend(beats(events))
        self.selected, self.chances, self.arrangement, self.hover = None, None, None, None
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
        self.speed = list(SPEEDS)[index]

    def _set_mode(self, index: int) -> None:
        if self.arrangement:
            self.arrangement.mode = ("representative", "individual")[index]
            self._update_arrange_odds()

    def suggest(self) -> None:
        if not self.arrangement:
            return
        from game.ai.battle_odds import best_arrangement
        squads, mode, _ = best_arrangement(self.state)
        self.arrangement.use(squads)
        self.arrangement.mode = mode
        self.mode_toggle.index = 0 if mode == "representative" else 1
        self._update_arrange_odds()
        self._rebuild_widgets()

    def bump(self, slot: int, unit: str, sign: int) -> None:
        if not self.arrangement:
            return
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
        self.submit(A.ArrangeBattle(seat, arr.squads(), arr.mode))

    # --- layout ------------------------------------------------------------------------------------
    def layout(self, size) -> None:
        super().layout(size)
        w, h = size
        self.field = pygame.Rect(0, TOP, w - LOG_W, h - TOP)
        self.log_rect = pygame.Rect(w - LOG_W, TOP, LOG_W, h - TOP)
        self.bar_rect = pygame.Rect(self.field.x + 40, TOP + 16, self.field.w - 80, 28)
        self.top_row_y = TOP + 70
        self.bottom_row_y = h - 74 - CARD_H
        self.arena = pygame.Rect(self.field.x + 20, self.top_row_y + CARD_H + 12, self.field.w - 40,
                                 self.bottom_row_y - self.top_row_y - CARD_H - 24)
        lx, lw = self.log_rect.x + 16, LOG_W - 32
        self.speed_toggle.rect = pygame.Rect(lx, h - 168, lw, 34)
        self.auto_button.rect = pygame.Rect(lx, h - 122, lw, 44)
        self.retreat_button.rect = pygame.Rect(lx, h - 68, lw, 48)
        self.log_box = pygame.Rect(lx, TOP + 50, lw, h - 186 - TOP - 50 - 18)
        cx, cy = self.field.centerx, h // 2
        self.yes_button.rect = pygame.Rect(cx - 190, cy + 30, 170, 48)
        self.no_button.rect = pygame.Rect(cx + 20, cy + 30, 170, 48)
        self.continue_button.rect = pygame.Rect(0, 0, 220, 52)
        self.continue_button.rect.midbottom = (cx, h - 70)
        self.arrange_panel = pygame.Rect(self.field.x + 24, self.arena.y - 4, self.field.w - 48,
                                         h - self.arena.y - 14)
        self._rebuild_widgets()

    def card_rects(self) -> dict[tuple[int, int], pygame.Rect]:
        out = {}
        for side_index in (0, 1):
            squads = self.view.sides[side_index].squads
            n = len(squads)
            if not n:
                continue
            gap = 14
            w = min(CARD_W, (self.field.w - 40 - gap * (n - 1)) // n)
            total = n * w + (n - 1) * gap
            x = self.field.centerx - total // 2
            y = self.bottom_row_y if side_index == self.bottom else self.top_row_y
            if self.arrangement is not None and side_index == self.arrange_side and not self.busy:
                for i, rect in enumerate(getattr(self, "fixed_rects", [])[:n]):
                    out[(side_index, i)] = rect
                continue
            for i in range(n):
                out[(side_index, i)] = pygame.Rect(x + i * (w + gap), y, w, CARD_H)
        return out

    def _rebuild_widgets(self) -> None:
        if not hasattr(self, "field"):
            return
        self.retreat_button.enabled = self.can_retreat()
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
        fixed_w = fixed * 124
        self.fixed_rects = [pygame.Rect(p.x + 16 + i * 124, p.y + 64, 112, min(CARD_H, p.h - 64 - 70))
                            for i in range(fixed)]
        slots_area = pygame.Rect(p.x + 16 + fixed_w, p.y + 60, p.w - 32 - 150 - fixed_w, p.h - 60 - 64)
        self.slot_rects = []
        n = arr.limit
        gap = 12
        sw = (slots_area.w - gap * (n - 1)) // n
        for i in range(n):
            rect = pygame.Rect(slots_area.x + i * (sw + gap), slots_area.y, sw, slots_area.h)
            self.slot_rects.append(rect)
            y = rect.y + 58
            for unit in arr.units:
                minus = widgets.Button("−", (lambda s=i, u=unit: self.bump(s, u, -1)),
                                       rect=(rect.right - 96, y, 30, 30), size=18)
                plus = widgets.Button("+", (lambda s=i, u=unit: self.bump(s, u, +1)),
                                      rect=(rect.right - 38, y, 30, 30), size=18)
                minus.enabled = arr.can_minus(i, unit)
                plus.enabled = arr.can_plus(i, unit)
                self.arrange_buttons[(i, unit, "-")] = minus
                self.arrange_buttons[(i, unit, "+")] = plus
                out += [minus, plus]
                y += 36
        self.reserve_rect = pygame.Rect(slots_area.right + 14, slots_area.y, p.right - 16 - slots_area.right - 14,
                                        slots_area.h)
        by = p.bottom - 54
        self.mode_toggle.rect = pygame.Rect(p.x + 16, by, 300, 38)
        self.suggest_button.rect = pygame.Rect(p.right - 16 - 200 - 12 - 150, by - 2, 150, 42)
        self.confirm_button.rect = pygame.Rect(p.right - 16 - 200, by - 2, 200, 42)
        self.confirm_button.enabled = arr.ready
        return out + [self.mode_toggle, self.suggest_button, self.confirm_button]

    # --- input -----------------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if hasattr(event, "pos"):
            self.mouse = event.pos
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
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.busy:
            self._run_queue(dt)
            return
        battle = self.state.battle
        if battle is None or self.result is not None:
            return
        seat = self.acting_seat()
        if self.session.is_computer(seat) or (self.auto and self._is_human(seat)):
            self.clock += dt
            if self.clock >= THINK * SPEEDS[self.speed]:
                self.clock = 0.0
                if self.session.is_computer(seat):
                    outcome = self.session.computer_step()
                    if outcome is not None and outcome.ok:
                        self.play(outcome.events)
                else:
                    from game.ai import choose_action
                    self.submit(choose_action(self.state, self.ai_rng, "standard"))

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
            if self.state.battle is not None:
                self.view.sync(self.state)
                self.p_attacker = self.view.win_probability(self.state)
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
        self.view.apply(self.state, beat)
        self._log_events(beat.events)
        if beat.kind == "exchange":
            faint = beat.data.get("fainted")
            if faint:
                side = beat.data["destroyed"]["side"]
                self.deserted[side] += faint["units_before"] - faint["units_after"]
            self.p_attacker = self.view.win_probability(self.state)
        if beat.kind == "over":
            self.p_attacker = 1.0 if beat.data["winner"] == 0 else 0.0
            self.result = self._result(beat)
            self.queue.clear()
            self._rebuild_widgets()

    def _log_events(self, events) -> None:
        from game.narration import narrate
        for event in events:
            line = self._narrate(event) or narrate(self.state, event)
            if line:
                self.log.append(_plain(line.strip()))
        del self.log[:-200]

    def _narrate(self, event) -> str | None:
        d = event.data
        if event.kind == "squads_picked":
            side = self.view.sides[d["side"]]
            enemy = self.view.sides[1 - d["side"]]
            own = side.squads[d["squad"]].name if d["squad"] < len(side.squads) else "a squad"
            target = enemy.squads[d["target"]].name if d["target"] < len(enemy.squads) else "a squad"
            return f"Round {d['round']}: {_poss(side.name)} {own} attack {_poss(enemy.name)} {target}"
        if event.kind == "exchange":
            tie = " — tie: the squad attacked wins" if d["tie"] else ""
            return f"⚔ {d['totals'][0]} vs {d['totals'][1]}{tie}"
        if event.kind == "dice" and d.get("purpose") == "battle":
            return f"🎲 {self._side_name(d.get('player'))}: {d['total']}"
        if event.kind == "squads_arranged":
            n = len(d["squads"])
            return f"{self._side_name(d['player'])} forms {n} squad{'s' * (n != 1)}, {d['mode']} rolls"
        if event.kind == "battle_over":
            return f"🏆 {self.view.sides[d['winner']].name} win{'s' if self.view.sides[d['winner']].player else ''} the battle"
        return None

    def _side_name(self, seat) -> str:
        return self.view.sides[self.view.side_index(seat)].name if seat is not None else "?"

    # --- the end ------------------------------------------------------------------------------------------------
    def _result(self, over: Beat) -> dict:
        from game.engine.purse import describe as money
        winner = over.data["winner"]
        lost = []
        for i, side in enumerate(self.view.sides):
            alive = 0 if (over.data.get("retreated") and i == 0) else side.unit_count()
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
                lines.append(f"🎁 {len(d['items'])} item(s) go to the City's armory")
            elif k == "tokens_removed" and d.get("tokens"):
                lines.append("🧟 The monster token is cleared from the board")
            elif k == "mine_captured":
                lines.append(f"⚒️ {self._side_name(d.get('player'))} captures the {d.get('resource', '')} mine")
            elif k == "city_conquered":
                lines.append(f"🏰 {self._side_name(d.get('player'))} conquers the City")
            elif k == "hero_died":
                hero = d.get("hero")
                name = next((s.name for side in self.view.sides for s in side.squads if s.hero == hero), None)
                lines.append(f"💀 {name or 'A hero'} dies ({d.get('cause')})")
            elif k == "token_placed" and d.get("kind") == "monster":
                lines.append("🧟 The deserters become a Monster token")
        return {"winner": winner, "retreated": over.data.get("retreated"), "lost": lost, "lines": lines[:8]}

    # --- drawing --------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._draw_backdrop(surface)
        self._draw_top_bar(surface)
        self._draw_field(surface)
        self._draw_log(surface)
        if self.arrangement is not None and not self.busy:
            self._draw_arrange(surface)
        self._draw_prompt(surface)
        if self.beat is not None:
            self._draw_beat_overlay(surface)
        for widget in self.widgets:
            if widget.visible and widget not in (self.yes_button, self.no_button, self.continue_button):
                widget.draw(surface)
        if self.confirm_retreat:
            self._draw_confirm(surface)
        if self.result is not None:
            self._draw_result(surface)
        self.draw_widget_tooltip(surface)
        self.toast.draw(surface)

    def _draw_backdrop(self, surface) -> None:
        f = self.field
        surface.blit(_battlefield(f.w, f.h), f.topleft)

    def _draw_top_bar(self, surface) -> None:
        w = surface.get_width()
        bar = pygame.Rect(0, 0, w, TOP)
        surface.blit(textures.wood(bar.w, bar.h, seed=5, plank=200), bar)
        pygame.draw.line(surface, (30, 18, 8), bar.bottomleft, bar.bottomright, 3)
        pygame.draw.line(surface, theme.GOLD, (0, bar.bottom - 4), (bar.right, bar.bottom - 4), 1)
        title = render(f"⚔️ {KIND_TITLES.get(self.view.kind, 'Battle')}", 26, theme.GOLD, "heading", (10, 6, 2))
        surface.blit(title, title.get_rect(midleft=(16, bar.centery)))
        a, d = self.view.sides
        vs = widgets.text(f"{a.name}  attacks  {d.name}", 17, theme.CREAM, "bold", (10, 6, 2))
        surface.blit(vs, vs.get_rect(midleft=(title.get_width() + 40, bar.centery)))
        number = self.beat.data.get("round", self.view.round) if self.beat is not None else self.view.round
        rnd = widgets.text(f"Round {number}" if number else "Before the first round", 16,
                           (230, 210, 170), "bold", (10, 6, 2))
        surface.blit(rnd, rnd.get_rect(midright=(w - 20, bar.centery)))

    def _draw_field(self, surface) -> None:
        a, d = self.view.sides
        D.draw_win_bar(surface, self.bar_rect, self.p_attacker, (a.name, a.player), (d.name, d.player))
        for side_index in (0, 1):
            side = self.view.sides[side_index]
            rects = [r for (s, _), r in self.card_rects().items() if s == side_index]
            y = (rects[0].y if rects else (self.bottom_row_y if side_index == self.bottom else self.top_row_y))
            label_y = y - 14 if side_index == self.top else y + CARD_H + 16
            mode = "" if side.player == NEUTRAL else f"  ·  {side.mode} rolls"
            if not side.arranged and side.pool:
                mode = "  ·  arranging…"
            tag = render(f"{'⚔️ Attacker' if side_index == 0 else '🛡️ Defender'}: {side.name}{mode}", 14,
                         theme.CREAM, "bold", (0, 0, 0))
            surface.blit(tag, tag.get_rect(center=(self.field.centerx, label_y)))
        beat = self.beat
        for (side_index, i), rect in self.card_rects().items():
            if self.arrangement is not None and side_index == self.arrange_side and not self.busy:
                continue
            squad = self.view.sides[side_index].squads[i]
            state, alpha, offset, flash, chance = "", 255, (0, 0), 0.0, None
            if beat is not None and beat.kind == "exchange":
                state, alpha, offset, flash = self._card_fx(beat, side_index, i)
            elif self.human_to_act() and self.arranging_index() is None:
                acting = self.state.battle.to_act
                if side_index == acting and i == self.selected:
                    state = "selected"
                elif side_index == acting and self.hover == (side_index, i):
                    state = "hover"
                elif side_index != acting and self.hover == (side_index, i):
                    state = "target"
                    chance = self.hover_chance(i)
            D.draw_card(surface, rect, squad, state=state, alpha=alpha, offset=offset, flash=flash, chance=chance)
            if beat is not None and beat.kind == "exchange" and alpha < 255:
                skull = icons.icon("skull", 64).copy()
                skull.set_alpha(min(255, (255 - alpha) * 2))
                surface.blit(skull, skull.get_rect(center=rect.center))
        if beat is None and not self.busy:
            self._draw_arena_idle(surface)

    def hover_chance(self, target: int) -> float | None:
        if not self.chances:
            return None
        if self.selected is not None:
            return self.chances.get((self.selected, target))
        options = [p for (own, t), p in self.chances.items() if t == target]
        return max(options) if options else None

    def _card_fx(self, beat: Beat, side_index: int, i: int):
        d = beat.data
        t = self.t
        acting, target = (d["side"], d["squad"]), (1 - d["side"], d["target"])
        state = "acting" if (side_index, i) == acting else "target" if (side_index, i) == target else "dim"
        alpha, offset, flash = 255, (0, 0), 0.0
        dead = d.get("destroyed")
        start = T_PICK + T_ROLL + T_REVEAL
        if dead and (dead["side"], dead["squad"]) == (side_index, i) and t >= start:
            k = (t - start) / T_DESTROY
            flash = 1.0 - abs(1 - 2 * min(1.0, k * 1.6))
            offset = D.shake(k)
            alpha = int(255 * (1 - D.ease_out(max(0.0, (k - 0.35) / 0.65))))
        elif (side_index, i) == acting and t < T_PICK:
            offset = (0, -round(10 * (1 - abs(1 - 2 * t / T_PICK))) * (1 if side_index == self.bottom else -1))
        return state, alpha, offset, flash

    def _draw_arena_idle(self, surface) -> None:
        if self.arrangement is not None or self.state.battle is None or self.result is not None:
            return
        ar = self.arena
        if self.human_to_act() and self.arranging_index() is None:
            title = "Your move" if self.selected is None else "Now choose a target"
            sub = ("Click one of your squads, then an enemy squad" if self.selected is None
                   else "Hover an enemy squad for your chance to win, click to attack")
        elif self.arranging_index() is not None:
            title, sub = "Squads are being set", ""
        else:
            title = f"{self.view.sides[self.view.to_act].name} is thinking…"
            sub = ""
        img = widgets.text(title, 28, theme.CREAM, "title", (0, 0, 0))
        surface.blit(img, img.get_rect(center=(ar.centerx, ar.centery - 12)))
        if sub:
            s = widgets.text(sub, 15, (235, 220, 190), "bold", (0, 0, 0))
            surface.blit(s, s.get_rect(center=(ar.centerx, ar.centery + 22)))

    def _draw_prompt(self, surface) -> None:
        pass

    # exchange animation --------------------------------------------------------------------------------
    def _draw_beat_overlay(self, surface) -> None:
        beat, t = self.beat, self.t
        center = (self.field.centerx, self.arena.centery)
        if beat.kind == "retreat":
            alpha = int(255 * min(1.0, t / 0.2))
            D.draw_banner(surface, center, "Retreat!", f"{self.view.sides[0].name} gives up; the hero is lost",
                          (90, 70, 60), alpha)
            return
        if beat.kind == "arranged":
            side = self.view.sides[self.view.side_index(beat.data["player"])]
            n = len(beat.data["squads"])
            D.draw_banner(surface, center, f"{side.name} forms {n} squad{'s' * (n != 1)}",
                          f"{beat.data['mode'].title()} rolls", (60, 70, 110), int(255 * min(1.0, t / 0.2)))
            return
        if beat.kind != "exchange":
            return
        d = beat.data
        ar = self.arena
        panel = pygame.Surface(ar.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (14, 8, 4, 150), panel.get_rect(), border_radius=16)
        surface.blit(panel, ar)
        rows = {self.top: pygame.Rect(ar.x + 20, ar.y + 10, ar.w - 40, ar.h // 2 - 14),
                self.bottom: pygame.Rect(ar.x + 20, ar.centery + 4, ar.w - 40, ar.h // 2 - 14)}
        rolling = t < T_PICK + T_ROLL
        revealed = t >= T_PICK + T_ROLL
        rolls = d.get("rolls", [])
        for k, side_index in enumerate((d["side"], 1 - d["side"])):
            if k < len(rolls) and t >= T_PICK * 0.5:
                self._draw_roll(surface, rows[side_index], rolls[k], side_index, rolling,
                                (t - T_PICK - T_ROLL) if revealed else -1.0,
                                won=(d.get("winner") == side_index))
        if revealed and "totals" in d:
            ours, theirs = d["totals"]
            winner = self.view.sides[d["winner"]]
            if d["tie"]:
                text = "Tie — the squad attacked wins"
            else:
                text = f"{winner.name} win{'s' if winner.player else ''} the exchange"
            img = render(text, 18, theme.GOLD, "bold", (0, 0, 0))
            surface.blit(img, img.get_rect(center=(ar.centerx, ar.centery)))
        faint = d.get("fainted")
        start = T_PICK + T_ROLL + T_REVEAL + T_DESTROY
        if faint and t >= start:
            side = self.view.sides[d["destroyed"]["side"]]
            name = next((s.name for s in side.squads if s.hero == faint["hero"]), "The hero")
            gone = faint["units_before"] - faint["units_after"]
            D.draw_banner(surface, center, f"{name} faints!",
                          f"Items drop; {gone} unit{'s' * (gone != 1)} desert ({faint['units_before']} → {faint['units_after']})",
                          (120, 40, 110), int(255 * min(1.0, (t - start) / 0.2)))

    def _draw_roll(self, surface, row: pygame.Rect, roll: dict, side_index: int, rolling: bool,
                   since_reveal: float, won: bool) -> None:
        from game.engine.dice import Dice
        side = self.view.sides[side_index]
        colour = theme.seat_colour(side.player)
        pygame.draw.circle(surface, colour, (row.x + 12, row.centery), 8)
        name = widgets.text(side.name, 14, theme.CREAM, "bold", (0, 0, 0))
        surface.blit(name, name.get_rect(midleft=(row.x + 26, row.y + 10)))
        x = row.x + 26
        y = row.centery + 8
        size = 44
        shown = 0
        tick = int(self.t * 14)
        for g, group in enumerate(roll.get("rolls", [])):
            dice = Dice.parse(group["expr"])
            faces = group["faces"]
            sets = faces if faces and isinstance(faces[0], list) else [faces]
            for u, face_set in enumerate(sets):
                for f, face in enumerate(face_set):
                    if shown >= 10 or x > row.right - 190:
                        break
                    if rolling:
                        face = 1 + (hash((tick, g, u, f, side_index)) % dice.sides)
                        angle = ((tick * 37 + f * 53 + u * 11) % 40) - 20
                        dy = -abs(((tick + f) % 4) - 2) * 3
                    else:
                        angle, dy = 0, 0
                    draw_die(surface, (x + size // 2, y + dy), dice.sides, face, size, angle)
                    x += size + 6
                    shown += 1
            more = (len(sets) * dice.count) - min(len(sets) * dice.count, shown)
            extra = []
            if dice.bonus:
                extra.append(f"+{dice.bonus}")
            if len(sets) == 1 and group["count"] > 1:
                extra.append(f"× {group['count']}")
            elif len(sets) > 1 and more > 0:
                extra.append(f"… ({len(sets)} units)")
            if extra:
                label = widgets.text(" ".join(extra), 18, theme.CREAM, "bold", (0, 0, 0))
                surface.blit(label, label.get_rect(midleft=(x + 2, y)))
                x += label.get_width() + 14
            if g < len(roll["rolls"]) - 1:
                plus = widgets.text("+", 20, theme.GOLD, "bold", (0, 0, 0))
                surface.blit(plus, plus.get_rect(midleft=(x, y)))
                x += plus.get_width() + 10
        if since_reveal >= 0:
            scale = 1.0 + 0.5 * max(0.0, 1 - since_reveal / 0.25)
            total = widgets.text(str(roll["total"]), int(40 * scale), theme.GOLD if won else theme.CREAM, "title",
                                 (0, 0, 0))
            box = pygame.Rect(0, 0, 96, 62)
            box.midright = (row.right - 6, y - 4)
            pygame.draw.rect(surface, (60, 34, 16) if not won else (90, 60, 16), box, border_radius=12)
            pygame.draw.rect(surface, theme.GOLD if won else (150, 120, 90), box, 2, border_radius=12)
            surface.blit(total, total.get_rect(center=box.center))
            if won:
                crown = icons.icon("crown", 26)
                surface.blit(crown, crown.get_rect(center=(box.right - 4, box.y + 2)))

    # log ---------------------------------------------------------------------------------------------------------
    def _draw_log(self, surface) -> None:
        r = self.log_rect
        surface.blit(textures.parchment(r.w, r.h, seed=9), r)
        pygame.draw.line(surface, theme.WOOD_DARK, r.topleft, r.bottomleft, 4)
        title = widgets.text("Battle log", 22, theme.INK, "heading")
        surface.blit(title, (r.x + 18, r.y + 12))
        box = self.log_box
        pygame.draw.rect(surface, (240, 228, 196), box, border_radius=8)
        pygame.draw.rect(surface, (170, 140, 100), box, 1, border_radius=8)
        lines: list[str] = []
        for line in self.log[-40:]:
            lines += widgets.wrap(line, 13, box.w - 20, "bold", indent="  ")
        y = box.bottom - 8
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-4, -4))
        for line in reversed(lines):
            bold = line.startswith(("Round", "🏆", "⚔ Battle"))
            img = render(line, 13, theme.INK if bold else theme.INK_SOFT, "bold" if bold else "body")
            y -= img.get_height() + 2
            if y < box.y + 2:
                break
            surface.blit(img, (box.x + 10, y))
        surface.set_clip(clip)
        cap = widgets.text("Speed", 14, theme.INK, "bold")
        surface.blit(cap, cap.get_rect(bottomleft=(self.speed_toggle.rect.x, self.speed_toggle.rect.y - 3)))

    # arrange panel --------------------------------------------------------------------------------------------------
    def _draw_arrange(self, surface) -> None:
        arr, p = self.arrangement, self.arrange_panel
        textures.draw_panel(surface, p, "parchment", radius=14)
        side = self.state.battle.sides[self.arrange_side]
        title = widgets.text(f"{self.view.sides[self.arrange_side].name}: arrange your squads", 22, theme.INK, "heading")
        surface.blit(title, (p.x + 18, p.y + 12))
        sub = widgets.text(f"Split your units into up to {arr.limit} squads (at least one unit each). "
                           f"Heroes and Cities fight as squads of their own.", 13, theme.INK_SOFT)
        surface.blit(sub, (p.x + 18, p.y + 40))
        from game.engine.battle import Squad as EngineSquad
        from game.engine.battle import squad_dice_text
        from game.ui.battle_view import ViewSquad
        for i, rect in enumerate(self.fixed_rects):
            D.draw_card(surface, rect, self.view.sides[self.arrange_side].squads[i])
            note = widgets.text("own squad", 12, theme.INK_SOFT, "bold")
            surface.blit(note, note.get_rect(midtop=(rect.centerx, rect.bottom + 6)))
        for i, rect in enumerate(self.slot_rects):
            filled = arr.slot_total(i) > 0
            pygame.draw.rect(surface, (246, 236, 212) if filled else (226, 212, 182), rect, border_radius=10)
            pygame.draw.rect(surface, theme.seat_colour(side.player) if filled else (170, 150, 120), rect, 2,
                             border_radius=10)
            head = widgets.text(f"Squad {i + 1}", 16, theme.INK, "bold")
            surface.blit(head, (rect.x + 10, rect.y + 8))
            if filled:
                dice = squad_dice_text(self.state, EngineSquad(dict(arr.slots[i])))
                img = widgets.text(dice, 13, theme.INK_SOFT, "bold")
                surface.blit(img, (rect.x + 10, rect.y + 30))
            else:
                img = widgets.text("empty — not used", 13, (150, 120, 90))
                surface.blit(img, (rect.x + 10, rect.y + 30))
            y = rect.y + 58
            for unit in arr.units:
                sprite = D.unit_sprite(unit, side.player, 28)
                surface.blit(sprite, (rect.x + 8, y + 1))
                name, tier, rank = unit_label(unit)
                label = render(f"T{tier}{'⭐' * rank}" if tier else name, 12, theme.INK)
                if label.get_width() <= rect.w - 146:
                    surface.blit(label, label.get_rect(midleft=(rect.x + 40, y + 15)))
                count = widgets.text(str(arr.count(i, unit)), 18, theme.INK, "bold")
                surface.blit(count, count.get_rect(center=(rect.right - 52, y + 15)))
                y += 36
            crowd = pygame.Rect(rect.x + 8, y + 6, rect.w - 16, min(90, rect.bottom - y - 12))
            if filled and crowd.h > 30:
                D.draw_crowd(surface, ViewSquad(dict(arr.slots[i]), owner=side.player), crowd)
        rr = self.reserve_rect
        pygame.draw.rect(surface, (226, 212, 182), rr, border_radius=10)
        pygame.draw.rect(surface, (170, 150, 120), rr, 2, border_radius=10)
        head = widgets.text("Not placed", 16, theme.INK, "bold")
        surface.blit(head, (rr.x + 10, rr.y + 8))
        y = rr.y + 58
        for unit in arr.units:
            n = arr.reserve.get(unit, 0)
            sprite = D.unit_sprite(unit, side.player, 28)
            if not n:
                sprite = sprite.copy()
                sprite.set_alpha(90)
            surface.blit(sprite, (rr.x + 8, y + 1))
            count = widgets.text(str(n), 18, theme.DANGER if n else theme.INK_SOFT, "bold")
            surface.blit(count, count.get_rect(midleft=(rr.x + 44, y + 15)))
            y += 36
        odds = self.arrange_odds
        text = f"Win chance {odds:.0%}" if odds is not None else "Place every unit"
        colour = D.chance_colour(odds) if odds is not None else theme.DANGER
        img = widgets.text(text, 20, colour, "bold")
        surface.blit(img, img.get_rect(midleft=(self.mode_toggle.rect.right + 24, self.mode_toggle.rect.centery)))

    # dialogs -------------------------------------------------------------------------------------------------------
    def _dim(self, surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((10, 6, 2, 170))
        surface.blit(veil, (0, 0))

    def _draw_confirm(self, surface) -> None:
        self._dim(surface)
        panel = pygame.Rect(0, 0, 520, 230)
        panel.center = (self.field.centerx, surface.get_height() // 2)
        textures.draw_panel(surface, panel, "parchment", radius=16)
        title = widgets.text("Retreat from the battle?", 28, theme.DANGER, "title")
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 26)))
        hero = self.state.heroes.get(self.view.hero)
        name = hero.name if hero and hero.name else "Your hero"
        for k, line in enumerate((f"{name} will be lost and the army disbands.",
                                  "The hero's items drop on the tile.")):
            img = widgets.text(line, 16, theme.INK)
            surface.blit(img, img.get_rect(midtop=(panel.centerx, panel.y + 76 + k * 24)))
        self.yes_button.rect.y = self.no_button.rect.y = panel.bottom - 74
        self.yes_button.draw(surface)
        self.no_button.draw(surface)

    def _draw_result(self, surface) -> None:
        self._dim(surface)
        res = self.result
        w, h = surface.get_size()
        panel = pygame.Rect(0, 0, 640, 470)
        panel.center = (self.field.centerx, h // 2 + 6)
        textures.draw_panel(surface, panel, "parchment", radius=18)
        winner = self.view.sides[res["winner"]]
        verb = "wins" if winner.player else "win"
        colour = theme.seat_colour(winner.player) if winner.player else theme.INK
        title = widgets.text(f"{winner.name} {verb} the battle!", 32, colour, "title", (40, 26, 12))
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 24)))
        icon = icons.icon("crown", 44)
        surface.blit(icon, icon.get_rect(midbottom=(panel.centerx, panel.y + 26)))
        sub = ("The attacker retreated: the hero is lost." if res["retreated"]
               else f"After {self.view.round} round{'s' * (self.view.round != 1)}.")
        img = widgets.text(sub, 16, theme.INK_SOFT)
        surface.blit(img, img.get_rect(midtop=(panel.centerx, panel.y + 72)))
        col_w = (panel.w - 60) // 2
        for i, side in enumerate(self.view.sides):
            box = pygame.Rect(panel.x + 20 + i * (col_w + 20), panel.y + 104, col_w, 110)
            pygame.draw.rect(surface, (246, 236, 212), box, border_radius=10)
            pygame.draw.rect(surface, theme.seat_colour(side.player), box, 2, border_radius=10)
            head = render(f"{'⚔️' if i == 0 else '🛡️'} {side.name}", 17, theme.INK, "bold")
            surface.blit(head, (box.x + 12, box.y + 10))
            lost = res["lost"][i]
            lines = [f"Units lost: {lost} of {self.view.start_units[i]}"]
            if self.deserted[i]:
                lines.append(f"   of which {self.deserted[i]} deserted")
            if self.view.start_heroes[i]:
                survived = i == res["winner"] and not res["retreated"]
                lines.append("Hero: lives on" if survived else "Hero: lost")
            for k, line in enumerate(lines):
                img = widgets.text(line, 15, theme.INK)
                surface.blit(img, (box.x + 14, box.y + 40 + k * 22))
        y = panel.y + 232
        cap = widgets.text("Spoils and losses", 18, theme.INK, "heading")
        surface.blit(cap, (panel.x + 26, y))
        y += 30
        for line in res["lines"] or ["Nothing else changes on the board."]:
            img = render(line, 15, theme.INK)
            surface.blit(img, (panel.x + 30, y))
            y += 24
        self.continue_button.rect.midbottom = (panel.centerx, panel.bottom - 18)
        self.continue_button.draw(surface)


_SWAP = {"💫": "💀", "☠": "💀", "✝": "💀", "🏳": "🚩", "🏆": "👑", "⚔ ": "⚔️ ", "🤺": "🛡️"}


def _plain(line: str) -> str:
    """Emoji the icon set has no picture for become ones it has (or go)."""
    from game.ui.rich_text import _GLYPHS
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


_BACKDROPS: dict = {}


def _battlefield(w: int, h: int) -> pygame.Surface:
    """A dark green field with a worn centre line and a vignette (cached per size)."""
    key = (w, h)
    if key in _BACKDROPS:
        return _BACKDROPS[key]
    import numpy as np
    base = textures.parchment(w, h, seed=31)
    arr = pygame.surfarray.array3d(base).astype(np.float32)
    lum = arr.mean(axis=2, keepdims=True) / 255.0
    green = np.array([58, 82, 44], np.float32)[None, None, :]
    field = green * (0.65 + 0.6 * lum)
    xs = np.linspace(-1, 1, w, dtype=np.float32)[:, None]
    ys = np.linspace(-1, 1, h, dtype=np.float32)[None, :]
    vignette = np.clip(1.0 - 0.45 * (xs ** 2 + ys ** 2), 0.35, 1.0)[:, :, None]
    field *= vignette
    surf = pygame.surfarray.make_surface(np.clip(field, 0, 255).astype(np.uint8))
    mid = h // 2 + 20
    line = pygame.Surface((w, 6), pygame.SRCALPHA)
    line.fill((230, 220, 180, 26))
    surf.blit(line, (0, mid))
    _BACKDROPS[key] = surf
    return surf
