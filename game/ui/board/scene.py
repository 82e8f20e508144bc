"""The game screen: the board with the engine's heroes, cities and tokens, the HUD and the turn flow.

Everything the player does becomes an engine action handed to ``GameSession.submit``;
a refusal is shown as a toast. Heroes walk their paths step by step (the
camera follows), the dice of every interaction tumble in small pop-ups, and
the rules' decisions (pickups, bribes, upkeep, votes, alliance offers) open
proper dialogs. Computer players act on their own at a watchable pace
(normal/fast). Between two human players a cover screen hides the board.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pygame

from game.engine import actions as A
from game.ui.kit import icons, sound, textures, theme, widgets
from game.ui.board.action_labels import label as action_label
from game.ui.board.still_frame import StillFrame, widget_key
from game.ui.board.view import BoardView, HeroMarker
from game.ui.board.comfort import BoardComfort
from game.ui.board.decisions import DecisionDialogs, allied_already
from game.ui.board.event_log import EventLog, LogScene, draw_hint
from game.ui.board.dialogs import DicePopups, Dialog
from game.ui.board.hud import (HeroCard, draw_log, draw_players, draw_top_bar, player_row_rect, player_rows,
                                players_height, top_bar_height)
from game.ui.kit.background import NOT_YET, BackgroundAnswers
from game.ui.kit.rich_text import render
from game.ui.kit.scene import Scene
from game.ui.session import GameSession

STEP_TIME = 0.08          # seconds per step of a walking hero
SIDE_W = 290              # at scale 1: theme.px(SIDE_W) at the window's scale
MAX_CHOICES = 7
WORKING_OUT = "Working out the odds…"
# Actions with their own control, left out of the choices panel.
_OWN_CONTROLS = (A.Move, A.RollMovement, A.EndTurn, A.EndDaybreak, A.PlaceCapital, A.PlaceToken,
                 A.ProposeAlliance, A.EndAlliance, A.ProposeRuleChange, A.AnswerAlliance, A.Siege, A.FoundCity,
                 A.PickUp, A.FinishPickups, A.TakeMonsters, A.ChooseUpkeepDeaths, A.CastVote,
                 A.ArrangeBattle, A.Attack, A.Retreat, A.FaceMonster)


@dataclass(frozen=True)
class DrawnToken:
    kind: str
    cell: tuple
    owner: int = 0
    tier: str | None = None
    name: str = ""
    owner_name: str = ""          # the owning player's name, for the tooltip
    sieged: bool = False          # a City besieged since its owner's last Daybreak (R-CITY-3)


def _a_question(key) -> bool:
    """An alliance offer or a vote put to the player: the news of the turn may stand in front of it."""
    return isinstance(key, tuple) and (key[0] == "offer" or key[:2] == ("pending", "vote"))


# What to do on the board when the engine waits on a choice made there (the prompt at the top of the board).
BOARD_PROMPTS = {"place_capital": "Click a highlighted tile for your capital",
                 "place_token": "Click a highlighted free tile to place the Daybreak token"}
# What the End button waits for, by the engine's pending choice.
PENDING_FIRST = {**{kind: text[0].lower() + text[1:] for kind, text in BOARD_PROMPTS.items()},
                 "upkeep_deaths": "choose which heroes go (the purse cannot pay them all)",
                 "vote": "vote on the rule change", "face_monster": "face the Monster",
                 "take_monsters": "answer the Monsters", "pickups": "answer what to pick up"}


class GameScene(DecisionDialogs, Scene):
    covers_screen = True          # the still picture (or the handoff cover) paints every pixel
    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.state = session.state
        self.view = BoardView(self.state.board, self.on_cell_click)
        self.view.extra_tooltip = self._tooltip_lines
        self.still = StillFrame()
        self.selected: int | None = None
        self.reach = None
        self.event_log = EventLog()             # the history: scrollable, "since your last turn"
        self.log_lines: list[str] = self.event_log.lines
        self._press_from: str | None = None    # where the mouse press under way began (see _press_target)
        self.handoff_to: int | None = None     # a human seat that must take the mouse
        self.last_human: int | None = None
        self.dialog: Dialog | None = None
        self.dice = DicePopups()
        self.walks: list[list] = []            # [hero id, [cells], elapsed]
        self._positions: dict[int, tuple] = {}
        self._computer_clock = 0.0
        self._pickup_offer: int | None = None  # a hero that just stopped on pickups
        self._battle_seen: object = None
        self._over_shown = False
        self._out_told = False            # "Out of the game", once the last human player is out
        self._setup_shown = False              # the Anchor panel opens once, on a new game
        self._odds = BackgroundAnswers()     # a City held by several big heroes takes ~0.5 s to work out
        self.roll_button = widgets.Button("Roll", self.roll, icon="dice", size=17, tooltip="Roll the selected hero's 🐎 (R)")
        self.end_button = widgets.Button("End turn", self.end_turn, icon="star", size=18,
                                         tooltip="End your turn (Space)")
        self.menu_button = widgets.Button("Menu", self.open_menu, size=16, tooltip="Menu (Esc)")
        self.speed_button = widgets.Button("Speed: normal", self.toggle_speed, icon="move", size=14,
                                           tooltip="How fast computer players play")
        self.handoff_button = widgets.Button("I'm ready", self.take_over, icon="hero", size=20)
        self.over_button = widgets.Button("See the results", lambda: self._show_game_over(again=True), icon="crown",
                                          size=20)
        self.hero_buttons: list[HeroCard] = []
        self.comfort = BoardComfort(self)        # Undo, Equip on the hero card, first-game hints
        self.action_buttons: list[widgets.Button] = []
        self.choice_buttons: list[widgets.Button] = []
        self.player_buttons: list[widgets.Button] = []
        self.offer_buttons: list[widgets.Button] = []
        self.offer_answers: list[str] = []          # the cover's offers answered so far, said in their place
        self._beyond: tuple = (None, None)          # (hero and position, its search past this turn's 🐎)
        self._absorb(session.take_events(), animate=False)
        humans = [seat for seat, player in self.state.players.items() if player.kind == "human"]
        if session.loaded:
            self.event_log.mark_last_acts(humans)     # "since your last turn" goes on after a load
        else:
            for seat in humans:
                self.event_log.mark_seen(seat)
        self.refresh()

    @property
    def dialog(self) -> Dialog | None:
        return self._dialog

    @dialog.setter
    def dialog(self, dialog: Dialog | None) -> None:
        """A dialog that opens or closes ends the press under way: its release clicks nothing."""
        if dialog is not getattr(self, "_dialog", None):
            self._press_from = None
            if hasattr(self, "view"):
                self.view.cancel_press()
        self._dialog = dialog

    # engine state -> screen ---------------------------------------------------------
    @property
    def actor(self) -> int | None:
        return self.session.actor()

    def human_to_act(self) -> bool:
        return self.actor is not None and not self.session.is_computer(self.actor) and self.handoff_to is None

    @property
    def busy(self) -> bool:
        """A hero is still walking: the board waits for it."""
        return bool(self.walks)

    def refresh(self) -> None:
        """Rebuild what the board shows from the engine state (after every action)."""
        state = self.state
        names = {seat: player.name for seat, player in state.players.items()}
        tokens = [DrawnToken("city", c.cell, c.owner, c.tier, c.name, names.get(c.owner, ""), c.sieged)
                  for c in state.cities.values()]
        tokens += [DrawnToken("mine", m.cell, m.owner, owner_name=names.get(m.owner, "")) for m in state.mines.values()]
        tokens += [DrawnToken(t.kind, t.cell) for t in state.tokens.values()]
        self.view.set_tokens(tokens)
        if self.selected not in state.heroes or state.heroes[self.selected].owner != self.actor:
            self.selected = self._default_hero()
        self._odds.clear()
        self._set_hero_markers()
        self._check_handoff()
        self._update_reach()
        self._rebuild_side_panel()
        self._sync_dialog()
        self._preview_path(self.view.hover_cell)     # e.g. just rolled: the path under the mouse at once
        self.view.refresh_tooltip()

    def _set_hero_markers(self) -> None:
        moving = {w[0]: self._walk_position(w) for w in self.walks[:1]}
        names = {seat: player.name for seat, player in self.state.players.items()}
        self.view.set_heroes(HeroMarker(h.cell, h.owner, h.name or f"Hero {h.id}", h.id == self.selected,
                                        moving.get(h.id), names.get(h.owner, "")) for h in self.state.heroes.values())

    def _default_hero(self) -> int | None:
        mine = self.state.heroes_of(self.actor) if self.actor else []
        ready = [h for h in mine if h.moves_left is None or h.moves_left > 0]
        return (ready or mine or [None])[0].id if (ready or mine) else None

    def _update_reach(self) -> None:
        hero = self.state.heroes.get(self.selected) if self.selected else None
        self.reach = None
        self.view.set_path(None)
        pending = self.state.pending[0] if self.state.pending else None
        if pending is not None and pending.kind in ("place_capital", "place_token") and self.human_to_act():
            free = np.full((self.state.board.height, self.state.board.width), -1, dtype=np.int16)
            for c in self.state.board.topology.cells():
                if self.state.is_unoccupied(c):
                    free[c[1], c[0]] = 0
            self.view.set_reach(free)
            return
        if hero is None or not hero.moves_left or self.state.phase != "turn" or not self.human_to_act() \
                or self.state.pending or self.state.battle is not None:
            self.view.set_reach(None)
            return
        from game.engine import hero_reach, movement_masks
        self.reach = hero_reach(self.state, hero)
        stop, _, _ = movement_masks(self.state, hero.owner)
        self.view.set_reach(self.reach.costs, stop)

    def _check_handoff(self) -> None:
        seat = self.actor
        if seat is None or self.session.is_computer(seat):
            return
        humans = [s for s, p in self.state.players.items() if p.kind == "human"]
        if self.last_human is None:
            self.last_human = seat
        elif seat != self.last_human and len(humans) > 1 and self.handoff_to != seat:
            self.handoff_to = seat
            self._forget_press()
            self.dialog = None
            self.offer_answers = []
            self._rebuild_offer_buttons()

    def _absorb(self, events: list, animate: bool = True) -> None:
        from game.narration import narrate
        if animate:
            sound.for_events(events)
        self.event_log.add(events, [line for line in (narrate(self.state, e) for e in events) if line])
        for event in events:
            if event.kind == "dice" and animate:
                seat = event.data.get("player")
                who = self.state.players[seat].name if seat in self.state.players else ""
                self.dice.add_event(event.data, who)
            elif event.kind == "hero_step" and animate:
                hero = event.data["hero"]
                cell = tuple(event.data["cell"])
                if self.walks and self.walks[-1][0] == hero and self.walks[-1][3] is False:
                    self.walks[-1][1].append(cell)
                else:
                    start = self._positions.get(hero, cell)
                    self.walks.append([hero, [start, cell], 0.0, False])
            elif event.kind == "hero_moved" and self.walks and self.walks[-1][0] == event.data["hero"]:
                self.walks[-1][3] = True          # this walk is complete
        self._remember_positions()

    def _remember_positions(self) -> None:
        self._positions = {h.id: h.cell for h in self.state.heroes.values()}

    # actions ---------------------------------------------------------------------------
    def submit(self, action) -> bool:
        self._remember_positions()
        outcome = self.session.submit(action)
        if not outcome.ok:
            self.toast.show(outcome.reason)
            return False
        self._absorb(self.session.take_events())
        if not isinstance(action, A.CastVote):       # a vote's result still goes in the voter's next summary
            self.event_log.mark_seen(action.player)         # a player saw what its own action did
        self.refresh()
        return True

    def roll_hero(self, hero_id: int) -> None:
        """The hero card's "🎲 roll": select that hero and roll its 🐎."""
        self.select_hero(hero_id)
        self.roll()

    def roll(self) -> None:
        hero = self.state.heroes.get(self.selected) if self.selected is not None else None
        if hero is not None and self._can_roll(hero):
            self.submit(A.RollMovement(self.actor, hero.id))
        elif hero is not None and self.human_to_act() and self.state.phase != "turn":
            self.toast.show(self._daybreak_first("Heroes roll their 🐎 in their player's turn", "R-MOV-1"))
        elif hero is not None and hero.moves_left is not None and self.human_to_act():
            self.toast.show(f"{hero.name or 'The hero'} has already rolled its 🐎 this turn (R-MOV-1)")

    def _computer_playing(self) -> bool:
        """A computer player is to act: a key meant for one's own turn says so instead of doing nothing
        (an R pressed while the computers played their Daybreaks was lost without a word)."""
        seat = self.actor
        if seat is None or self.state.phase == "over" or not self.session.is_computer(seat):
            return False
        self.toast.show(f"{self.state.players[seat].name} is playing: wait for your turn")
        return True

    def _daybreak_first(self, what: str, rule: str) -> str:
        """Why a hero cannot roll or move yet, with the step that comes first: the Daybreak token waiting
        for its tile is not ended with End daybreak."""
        pending = self.state.pending[0].kind if self.state.pending else None
        if pending == "place_token":
            return f"{what}: place the Daybreak token first, on a lit free tile (R-DAY-5)"
        return f"{what}: end the Daybreak first ({rule})"

    def heroes_with_moves(self) -> list:
        """The acting player's heroes that could still move (unrolled, or 🐎 left) this turn."""
        if self.state.phase != "turn" or self.actor is None:
            return []
        return [h for h in self.state.heroes_of(self.actor) if h.moves_left is None or h.moves_left > 0]

    def end_turn(self, confirmed: bool = False) -> None:
        if not self.human_to_act():
            return
        if self.state.phase == "daybreak":
            self.submit(A.EndDaybreak(self.actor))
            return
        idle = self.heroes_with_moves()
        if idle and not confirmed and not self.state.pending and self.state.battle is None:
            names = ", ".join(h.name or f"Hero {h.id}" for h in idle[:3]) + ("…" if len(idle) > 3 else "")
            self.dialog = Dialog("End the turn?", [f"{names} can still move.", "Unused 🐎 are lost at the end of the turn."],
                                 [("End turn", lambda: self._close_and(lambda: self.end_turn(True))),
                                  ("Keep playing", self.close_dialog)],
                                 cancel=self.close_dialog, key="ui:confirm", icon="move")
            self._layout_dialog()
            return
        self.submit(A.EndTurn(self.actor))

    def _show_summary(self) -> None:
        """At the start of a human's turn after computer players: what they did (no cover needed). It comes
        before a question they left (an alliance offer, a vote): answering marks the news as seen."""
        seat = self.actor
        if seat is None or self.handoff_to is not None or (self.dialog is not None and not _a_question(self.dialog.key)):
            return
        lines = self.event_log.summary_for(self.state, seat, self.session.watched_battles)
        if not lines:
            return

        def done() -> None:
            self.event_log.mark_seen(seat)
            self.close_dialog()
            if self.dialog is None:
                self._sync_dialog()             # the question the news stood in front of
        self.dialog = Dialog("Since your last turn", lines, [("On we go", done)], cancel=done, key="ui:summary",
                             icon="star", width=560)
        self._layout_dialog()

    def _close_and(self, fn) -> None:
        self.dialog = None
        fn()

    def close_dialog(self) -> None:
        self.dialog = None
        self._sync_dialog()

    def toggle_speed(self) -> None:
        speed = self.session.toggle_speed()
        self.speed_button.label = f"Computer speed: {speed}"

    def open_menu(self) -> None:
        try:
            from game.ui.menus.game_menu import maybe_menu_scene   # the pause menu, when there is one
            scene = maybe_menu_scene(self)
        except Exception:
            scene = None
        if scene is not None:
            self.push(scene)
            return
        self.dialog = Dialog("Menu", ["The game goes on where you left it."],
                             [("Resume", self.close_dialog),
                              (f"Speed: {self.session.speed}", lambda: (self.toggle_speed(), self.open_menu())),
                              ("Quit to title", self._quit)],
                             cancel=self.close_dialog, key="ui:menu", icon="shield")
        self._layout_dialog()

    def _quit(self) -> None:
        self.dialog = None
        self.pop()

    def take_over(self) -> None:
        self.event_log.mark_seen(self.handoff_to)          # the cover showed what happened meanwhile
        self.last_human, self.handoff_to = self.handoff_to, None
        self.refresh()
        self.center_on_actor()

    def center_on_actor(self) -> None:
        seat = self.actor
        if seat is None:
            return
        hero = self.state.heroes.get(self.selected) if self.selected else None
        cities = self.state.cities_of(seat)
        if hero is not None and hero.owner == seat:
            self.view.center_on(hero.cell, tight=True)
        elif cities:
            self.view.center_on(cities[0].cell, tight=True)

    def select_hero(self, hero_id: int) -> None:
        """Select a hero. Selecting never rolls: a hero may siege without rolling (R-CITY-2);
        the Roll button, the R key or a click on the selected hero rolls its 🐎 (R-MOV-1)."""
        hero = self.state.heroes.get(hero_id)
        if hero is None:
            return
        self.selected = hero_id
        self.view.center_on(hero.cell, tight=True)
        self.refresh()

    def _can_roll(self, hero) -> bool:
        return (self.human_to_act() and hero.owner == self.actor and hero.moves_left is None
                and self.state.phase == "turn" and not self.state.pending and self.state.battle is None
                and self.state.interaction is None)

    def next_hero(self) -> None:
        heroes = self.state.heroes_of(self.actor) if self.actor else []
        if not heroes:
            return
        ids = [h.id for h in heroes]
        nxt = ids[(ids.index(self.selected) + 1) % len(ids)] if self.selected in ids else ids[0]
        self.select_hero(nxt)

    def on_cell_click(self, cell, button: int) -> None:
        if button != 1 or not self.human_to_act() or self.dialog is not None:
            return
        if self.walks:
            self._finish_walks()
        seat = self.actor
        pending = self.state.pending[0] if self.state.pending else None
        if pending is not None and pending.kind == "place_capital":
            self.submit(A.PlaceCapital(seat, cell))
            return
        if pending is not None and pending.kind == "place_token":
            self.submit(A.PlaceToken(seat, cell))
            return
        city = self.state.city_at(cell)    # own City: the City screen (at Daybreak, or when no move goes there)
        if city is not None and city.owner == seat and (self.state.phase == "daybreak" or not self.state.heroes_at(cell)
                                                        and (self.reach is None or self.reach.cost(cell) is None)):
            from game.ui.city.scene import open_city_scene
            return open_city_scene(self, city.id)
        own = [h for h in self.state.heroes_at(cell) if h.owner == seat]
        hero = self.state.heroes.get(self.selected) if self.selected else None
        if own and not (hero is not None and hero.cell == cell and len(own) == 1):
            ids = [h.id for h in own]
            nxt = ids[(ids.index(self.selected) + 1) % len(ids)] if self.selected in ids else ids[0]
            self.select_hero(nxt)
            return
        if hero is not None and hero.cell == cell:
            if self._pickups_here(hero):
                self._pickup_offer = hero.id
                self._sync_dialog()
            elif self._can_roll(hero):
                self.roll()
            return
        if hero is None:
            self.toast.show("Select one of your heroes first: click it on the board or its card on the right.")
            return
        if self.state.phase != "turn":
            self.toast.show(self._daybreak_first("Heroes move in their player's turn", "R-DAY-1"))
            return
        if hero.moves_left is None:
            self.toast.show("Roll the hero's 🐎 first: the Roll button or R (R-MOV-1)")
            return
        if self.reach is None or self.reach.cost(cell) is None or cell == self.reach.start:
            reason = self._refusal_for(hero, cell)
            self.toast.show(reason)
            return
        if self.submit(A.Move(seat, hero.id, tuple(self.reach.path_to(cell)))):
            moved = self.state.heroes.get(hero.id)
            if moved is not None and self._pickups_here(moved) and not self.state.pending:
                self._pickup_offer = hero.id
                self._sync_dialog()

    def _refusal_for(self, hero, cell) -> str:
        """Ask the engine why ``cell`` is out of reach: the cheapest path whatever its cost, or the
        straight step, is submitted and refused (a refused action changes nothing)."""
        from game.board.pathfinding import reachable
        from game.engine import movement_masks
        if cell == hero.cell:
            return "The hero is already there"
        stop, pickups, blocked = movement_masks(self.state, hero.owner)
        board = self.state.board
        far = reachable(board.topology, board.move_cost, stop, hero.cell, 1 << 14, pickups=pickups, blocked=blocked)
        path = tuple(far.path_to(cell)) if far.cost(cell) is not None else (cell,)
        outcome = self.session.submit(A.Move(hero.owner, hero.id, path))
        if outcome.ok:          # cannot happen: the preview and the engine share the pathfinder
            self._absorb(self.session.take_events())
            self.refresh()
            return "Moved"
        return outcome.reason or "Out of reach for this hero"

    def _pickups_here(self, hero) -> list:
        cost = self.state.rules["movement"]["pickup_cost"]
        if hero.moves_left is None or hero.moves_left < cost:
            return []
        return [t for t in self.state.tokens_at(hero.cell) if t.kind in ("item", "resource")]

    def _siege_actions(self, hero) -> list:
        if self.state.phase != "turn" or not self.human_to_act():
            return []
        budget = hero.moves_left is None or hero.moves_left >= self.state.rules["cities"]["siege_cost"]
        return [(A.Siege(self.actor, hero.id, self.state.city_at(cell).id), budget)
                for cell in self.state.board.topology.neighbours(hero.cell) if self._walled_rival(cell, hero)]

    def _show_game_over(self, again: bool = False) -> None:
        if (self._over_shown and not again) or self.app is None:
            return
        self._over_shown = True
        self.dice.clear()                 # the last rolls are told on the results screen and in the log
        from game.ui.menus.game_over import GameOverScene
        self.push(GameOverScene(self.session))

    # input & frame ------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        px = theme.px
        top, side_w = top_bar_height(), px(SIDE_W)
        first = not hasattr(self, "side")
        self.log_rect = pygame.Rect(px(12), h - px(150), min(px(540), w - side_w - px(290)), px(138))
        self.view.covered_bottom = h - self.log_rect.top      # the map can be pulled up from under the log
        self.view.layout(pygame.Rect(0, top, w - side_w, h - top))
        if first:
            self.center_on_actor()
        self.side = pygame.Rect(w - side_w, top, side_w, h - top)
        self.menu_button.rect = pygame.Rect(w - px(110), (top - px(38)) // 2, px(98), px(38))
        inner = self.side.inflate(-2 * px(16), 0)
        self.end_button.rect = pygame.Rect(inner.x, self.side.bottom - px(62), inner.w, px(50))
        self.speed_button.rect = pygame.Rect(inner.x, self.side.bottom - px(96), inner.w, px(28))
        self.roll_button.rect = pygame.Rect(inner.x, self.side.bottom - px(150), inner.w, px(44))
        for button, size in ((self.menu_button, 16), (self.end_button, 18), (self.speed_button, 14),
                             (self.roll_button, 17), (self.handoff_button, 20), (self.over_button, 20)):
            button.size = px(size)
        self.handoff_button.rect = pygame.Rect(0, 0, px(260), px(56))
        self.handoff_button.rect.center = (w // 2, h // 2 + px(40))
        self._over_banner()
        if not first:        # back from a pushed scene (battle, city, menu): catch up with the engine
            self._forget_press()
            self._mouse_is_where_it_is()
            events = self.session.take_events()
            if events:
                self._absorb(events, animate=False)
            self.refresh()
        self._rebuild_side_panel()
        self._rebuild_offer_buttons()
        self._layout_dialog()

    def _follow_camera(self) -> None:
        """The map moved under a still mouse (a new turn centres its hero, keys pan), or a dialog or the
        handoff cover came or went over it: the hovered tile, its tooltip and the path preview follow, so
        the preview always shows where a click would go (after "Pick up" on the tile's dialog, the tip of
        the tile clicked before it stayed up beside the mouse)."""
        view = self.view
        camera = (*view.cam, view.zoom, self.dialog is None, self.handoff_to)
        if camera == getattr(self, "_camera_seen", camera):
            self._camera_seen = camera
            return
        self._camera_seen = camera
        if view._drag_button is not None:
            return
        # the mouse as the scene last saw it: a dialog takes its moves, and the view's own copy then
        # lit the tile under where the mouse had been before it went to the dialog's button
        view.mouse = self.mouse
        if self.dialog is None and self.handoff_to is None and view.rect.collidepoint(self.mouse) \
                and not self._over_log_or_hint(self.mouse):
            view._update_hover(self.mouse)
        else:
            view.hover_cell, view.tooltip_lines = None, []
        self._preview_path(view.hover_cell)

    def _over_log_or_hint(self, pos) -> bool:
        """The log and a hint lie over the map and take the mouse: no tile is lit under them."""
        return self.log_rect.collidepoint(pos) or self.comfort.covers(pos)

    def _mouse_is_where_it_is(self) -> None:
        """The screen above had the mouse's moves: the hovered tile (and its tooltip) is the one under it now."""
        if pygame.display.get_init() and pygame.display.get_surface() is not None and pygame.mouse.get_focused():
            self.mouse = pygame.mouse.get_pos()
        self.view.mouse = self.mouse
        self.view.hover_cell, self.view.tooltip_lines = None, []
        if self.view.rect.collidepoint(self.mouse):
            self.view._update_hover(self.mouse)

    def _rebuild_side_panel(self) -> None:
        if not hasattr(self, "side"):
            return
        px = theme.px
        x, y, w = self.side.x + px(14), self.side.y + px(46), self.side.w - px(28)
        seat = self.actor
        state = self.state
        self._side_for = (len(state.actions), seat, state.phase)
        show_seat = seat if seat and (self.human_to_act() or not self.session.is_computer(seat)) else seat
        self.hero_buttons = []
        heroes = state.heroes_of(show_seat) if show_seat and state.phase != "over" else []
        # players' rows sit on the Roll button, the hero cards fill what is left above them
        rows_top = self.roll_button.rect.y - px(10) - players_height(len(state.live_players()))
        fit = max(1, (rows_top - px(40) - y) // px(60))
        for hero in heroes[:min(5, fit)]:
            card = HeroCard(state, hero, (lambda i=hero.id: self.select_hero(i)), rect=(x, y, w, px(54)),
                            on_roll=(lambda i=hero.id: self.roll_hero(i)))
            card.mark_selected(hero.id == self.selected)
            card.enabled = self.human_to_act()
            card.size = px(15)
            self.hero_buttons.append(card)
            y += px(60)
        self.hero_more = max(0, len(heroes) - len(self.hero_buttons))
        if not heroes or self.hero_more:
            y += px(22)                  # room for the "No heroes yet" or "+N more" note
        self.action_buttons = []
        hero = state.heroes.get(self.selected) if self.selected else None
        human = self.human_to_act()
        if human and hero is not None and hero.owner == seat:
            siege_cost = state.rules['cities']['siege_cost']
            for act, ok in self._siege_actions(hero):
                city = state.cities[act.city]
                tip = f"🐎{siege_cost} (or skip the roll): the walls fall, the hero's turn ends"
                if not ok:
                    tip = (f"{hero.name or 'The hero'} has 🐎{hero.moves_left} of the 🐎{siege_cost} a siege costs: "
                           "next turn, siege before rolling")
                b = widgets.Button(f"Siege {city.name or 'the City'}", (lambda a=act: self.submit(a)), icon="shield",
                                   size=15, tooltip=tip)
                b.enabled = ok
                self.action_buttons.append(b)
            if state.phase == "turn" and self._pickups_here(hero) and not state.pending:
                here = self._pickups_here(hero)
                icon = "item" if any(t.kind == "item" for t in here) else "resource"
                cost = state.rules["movement"]["pickup_cost"]
                if len(here) == 1:      # one thing to take: the button takes it (it opened a dialog to ask again)
                    what = "the item" if here[0].kind == "item" else "the resource cache"
                    self.action_buttons.append(widgets.Button(
                        f"Pick up {what}", (lambda h=hero.id, t=here[0].id: self.submit(A.PickUp(seat, h, t))),
                        size=15, icon=icon, tooltip=f"🐎{cost} of {hero.name or 'the hero'}'s 🐎{hero.moves_left} (R-MOV-3)"))
                else:
                    self.action_buttons.append(widgets.Button(f"Pick up here ({len(here)})",
                                                              (lambda i=hero.id: self._open_pickups(i)), size=15,
                                                              icon=icon, tooltip=f"🐎{cost} each (R-MOV-3)"))
        if human and state.phase == "daybreak":
            from game.engine import legal_actions
            from game.engine.purse import describe
            for act in legal_actions(state, moves=False):
                if isinstance(act, A.FoundCity):
                    from game.ui.board.daybreak_panel import ask_found_city
                    self.action_buttons.append(widgets.Button(f"{self._hero_name(act.hero)}: found a City",
                                                              (lambda a=act: ask_found_city(self, a.hero)),
                                                              icon="city", size=15,
                                                              tooltip=f"{describe(state.rules['cities']['found_cost'])}: "
                                                                      "the hero becomes the Mayor (R-BLD-2)"))
        ay = y + px(6)
        for b in self.action_buttons:
            b.rect = pygame.Rect(x, ay, w, px(36))
            b.size = px(15)
            ay += px(42)
        self.choices_top = ay + px(30)
        self.choice_buttons = []
        if human and not state.pending and state.battle is None:
            from game.engine import legal_actions
            choices = [a for a in legal_actions(state, moves=False) if not isinstance(a, _OWN_CONTROLS)]
            cy = self.choices_top
            for action in choices[:MAX_CHOICES]:
                if cy + px(32) > rows_top - px(8):
                    break
                b = widgets.Button(action_label(state, action), (lambda a=action: self.submit(a)),
                                   rect=(x, cy, w, px(30)), size=px(13))
                self.choice_buttons.append(b)
                cy += px(34)
        # players: one row each, with an alliance proposal
        self.players_top = rows_top
        self.player_buttons = []
        self.ally_button_x: dict[int, int] = {}
        turn = human and state.phase == "turn"
        proposals = {a.to: a for a in (self._legal_of(A.ProposeAlliance) if turn else [])}
        endings = {a.ally: a for a in (self._legal_of(A.EndAlliance) if turn else [])}
        for i, other in enumerate(state.live_players()):
            row = player_row_rect(self.players_rect(), i)
            rect = (self.side.right - px(86), row.y, px(70), row.h)
            if other in proposals:
                b = widgets.Button("Ally?", (lambda a=proposals[other]: self.submit(a)), size=px(13), rect=rect,
                                   tooltip="\n".join(filter(None, [f"Propose an alliance to {state.players[other].name}",
                                                                    allied_already(state, other, seat)])))
            elif other in endings:
                b = widgets.Button("End ally", (lambda a=endings[other]: self.submit(a)), size=px(13), rect=rect,
                                   tooltip=f"End the alliance with {state.players[other].name}: only at the start "
                                           "of your turn, before anything else (R-ALLY-1)")
            else:
                continue
            self.player_buttons.append(b)
            self.ally_button_x[other] = b.rect.x
        phase = state.phase
        self.roll_button.visible = phase == "turn" and hero is not None and hero.moves_left is None and human
        self.roll_button.label = f"Roll {hero.name}" if hero is not None and hero.name else "Roll 🐎"
        self.end_button.label = "End daybreak" if phase == "daybreak" else "End turn"
        self.end_button.visible = phase in ("turn", "daybreak")
        self.end_button.enabled = self.roll_button.enabled = human and not state.pending and state.battle is None
        self.end_button.tooltip = self._end_button_tip(human)
        self.speed_button.visible = phase != "over" and any(p.kind == "computer" for p in state.players.values())
        self.speed_button.label = f"Computer speed: {self.session.speed}"
        self.widgets = ([self.menu_button, self.roll_button, self.end_button, self.speed_button] + self.hero_buttons
                        + self.action_buttons + self.choice_buttons + self.player_buttons)
        self.widgets += self.comfort.widgets()

    def _end_button_tip(self, human: bool) -> str:
        """What the End button does, or why it cannot yet (a greyed button said "End your turn")."""
        state = self.state
        if not human:
            return f"{state.players[self.actor].name} is playing" if self.actor is not None else ""
        if state.pending:
            first = PENDING_FIRST.get(state.pending[0].kind, "answer the question on screen")
            return f"First {first}"
        if state.battle is not None:
            return "First finish the battle"
        return "End your Daybreak (Space)" if state.phase == "daybreak" else "End your turn (Space)"

    def players_rect(self) -> pygame.Rect:
        """The players' panel in the side panel, right above the Roll button."""
        return pygame.Rect(self.side.x + theme.px(12), self.players_top, self.side.w - theme.px(24),
                           players_height(len(self.state.live_players())))

    def _legal_of(self, cls) -> list:
        from game.engine import legal_actions
        return [a for a in legal_actions(self.state, moves=False) if isinstance(a, cls)]

    def _open_pickups(self, hero_id: int) -> None:
        self._pickup_offer = hero_id
        self._sync_dialog()

    def _rebuild_offer_buttons(self) -> None:
        self.offer_buttons = []
        seat = self.handoff_to
        if seat is None or not hasattr(self, "side"):
            return
        w, h = self.size
        offers = [p for p, to in sorted(self.state.alliance_offers) if to == seat]
        for i, proposer in enumerate(offers[:3]):
            y = h // 2 + 120 + i * 48
            self.offer_buttons.append(widgets.Button("Accept", (lambda p=proposer: self._answer(p, True)),
                                                     rect=(w // 2 + 40, y, 110, 38), size=15))
            self.offer_buttons.append(widgets.Button("Decline", (lambda p=proposer: self._answer(p, False)),
                                                     rect=(w // 2 + 160, y, 110, 38), size=15))
            self.offer_buttons[-1].proposer = self.offer_buttons[-2].proposer = proposer

    def _answer(self, proposer: int, accept: bool) -> None:
        outcome = self.session.submit(A.AnswerAlliance(self.handoff_to, proposer, accept))
        if not outcome.ok:
            self.toast.show(outcome.reason)
        else:
            name = self.state.players[proposer].name
            self.offer_answers.append(f"🤝 You and {name} are allies now" if self.state.allied(self.handoff_to, proposer)
                                      else f"✖ You declined {name}'s offer")
        self._absorb(self.session.take_events(), animate=False)
        self._rebuild_offer_buttons()

    def _press_target(self) -> str:
        """What a mouse press lands on now: the handoff cover, a dialog or the board."""
        return "cover" if self.handoff_to is not None else "dialog" if self.dialog is not None else "board"

    def _forget_press(self) -> None:
        self._press_from = None
        self.view.cancel_press()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._press_from = self._press_target()
        elif event.type == pygame.MOUSEBUTTONUP:
            started, self._press_from = self._press_from, None
            if started != self._press_target():
                # the release of a click that closed a dialog, a panel or another screen: swallowed
                self.view.cancel_press()
                return True
        if self.handoff_to is not None:
            for b in self.offer_buttons:
                if b.handle_event(event):
                    return True
            if self.handoff_button.handle_event(event):
                return True
            # only the button or a key hands over: a double click on End turn lands its second click here
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.take_over()
            return True
        if self.dialog is not None:
            return self.dialog.handle_event(event)
        if self.state.phase == "over":
            if self.over_button.handle_event(event) or self.menu_button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_menu()
                return True
            if event.key in (pygame.K_SPACE, pygame.K_TAB, pygame.K_r) and self._computer_playing():
                return True
            if event.key == pygame.K_SPACE:
                self.end_turn()
                return True
            if event.key == pygame.K_F5:                      # map designers: reload the map from disk
                from game.ui.menus.game_menu import reload_map
                reload_map(self)
                return True
            if event.key == pygame.K_TAB:
                self.next_hero()
                return True
            if event.key == pygame.K_r:
                self.roll()
                return True
            if event.key == pygame.K_l:
                self.open_log()
                return True
        if super().handle_event(event):
            return True
        if self._log_event(event):
            return True
        used = self.view.handle_event(event)
        if event.type == pygame.MOUSEMOTION and self._over_log_or_hint(event.pos):
            # reading the log or a hint: no tile lit and no path under it
            self.view.hover_cell, self.view.tooltip_lines = None, []
            self.view.set_path(None)
            return True
        if event.type == pygame.MOUSEMOTION:
            self._preview_path(self.view.hover_cell)
        return used

    def _log_event(self, event: pygame.event.Event) -> bool:
        """Over the log, the wheel scrolls its history (not the map) and a click opens the whole log."""
        if not hasattr(self, "log_rect") or not self.log_lines or not self.log_rect.collidepoint(self.mouse):
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.event_log.scroll_by(event.y)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            if event.type == pygame.MOUSEBUTTONUP:
                self.open_log()
            return True
        return False

    def open_log(self) -> None:
        self.push(LogScene(self.event_log))

    def _preview_path(self, cell) -> None:
        if self.reach is None or cell is None or self.reach.cost(cell) is None or cell == self.reach.start:
            self.view.set_path(None)
            return
        path = [self.reach.start] + self.reach.path_to(cell)
        from game.ui.board.odds import headline_text, pickup_notes
        notes = []
        if self.reach.is_stop(cell):
            lines = self._odds_lines(cell)
            chance = headline_text(lines)
            if chance is not None:
                notes.append(f"⚔ {chance}")
            elif lines == [WORKING_OUT]:
                notes.append("⚔ …")
        hero = self.state.heroes.get(self.selected)
        notes.append(pickup_notes(self.state, hero, cell, self.reach.cost(cell))[0])
        self.view.set_path(path, self.reach.cost(cell), "  ".join(n for n in notes if n))

    def _odds_lines(self, cell) -> list[str]:
        """Hover odds for a hostile tile, for the selected hero (R-MON-1, R-MINE-1, R-CITY-2/4), worked
        out off the frame: until they are known the tooltip says so and the path shows no chance."""
        hero = self.state.heroes.get(self.selected) if self.selected else None
        if hero is None or hero.owner != self.actor or self.state.phase != "turn" or not self.human_to_act():
            return []
        from game.ui.battle.plan import remembered
        from game.ui.board.odds import cell_odds, faces_anything
        if not faces_anything(self.state, hero.owner, cell):
            return []
        choice, hero_id = remembered(self.session).get(hero.owner), hero.id
        lines = self._odds.on_copy((cell, hero_id, len(self.state.actions)), self.state,
                                   lambda twin: cell_odds(twin, twin.heroes[hero_id], cell, choice))
        return [WORKING_OUT] if lines is NOT_YET else lines or []

    def _tooltip_lines(self, cell) -> list[str]:
        """The board tooltip's extra lines: what the heroes there fight with, the odds, and the 🐎 left for
        pickups (R-MOV-3)."""
        from game.ui.board.odds import hero_strength
        lines = [hero_strength(self.state, h) for h in self.state.heroes_at(cell)] + self._odds_lines(cell)
        hero = self.state.heroes.get(self.selected) if self.selected else None
        if (hero is not None and self.reach is not None and self.reach.cost(cell) is None and hero.moves_left is not None
                and hero.owner == self.actor and self.state.board.cost(cell) > 0 and not self._walled_rival(cell, hero)):
            name, left = hero.name or "the hero", hero.moves_left
            beyond = self._beyond_reach(hero)
            cost = beyond.cost(cell)
            if cost is not None:
                return lines + [f"Out of reach this turn: 🐎{cost} away, {name} has 🐎{left} left"]
            return lines + [f"Out of reach this turn: over 🐎{beyond.budget} away, {name} has 🐎{left} left"]
        if lines or hero is None or self.reach is None or self.reach.cost(cell) is None or cell == self.reach.start:
            return lines
        from game.ui.board.odds import pickup_notes
        return pickup_notes(self.state, hero, cell, self.reach.cost(cell))[1]

    def _beyond_reach(self, hero):
        """Where the hero could get over this turn's 🐎 and three of the best rolls more: an out-of-reach
        tile says how far it is (one search per hero and position, made when such a tile is first hovered)."""
        key = (hero.id, hero.cell, hero.moves_left, len(self.state.actions))
        if self._beyond[0] != key:
            from game.board.pathfinding import MAX_BUDGET
            from game.engine import hero_reach
            from game.engine.dice import Dice
            budget = min(MAX_BUDGET, hero.moves_left + 3 * Dice.parse(self.state.rules["movement"]["roll"]).maximum)
            self._beyond = key, hero_reach(self.state, hero, budget=budget)
        return self._beyond[1]

    def _walled_rival(self, cell, hero) -> bool:
        """A walled City of a rival: no path enters it on any turn (it is besieged from next to it)."""
        from game.engine.movement import walled
        city = self.state.city_at(cell)
        return city is not None and not self.state.allied(city.owner, hero.owner) and walled(self.state, city)

    # walking ---------------------------------------------------------------------------
    def _walk_position(self, walk) -> tuple[float, float]:
        _, cells, t, _ = walk
        k = min(len(cells) - 1.0, t / STEP_TIME)
        i = int(k)
        a = self.view.geo.cell_center(cells[i])
        b = self.view.geo.cell_center(cells[min(i + 1, len(cells) - 1)])
        f = k - i
        return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f

    def _finish_walks(self) -> None:
        self.walks.clear()
        self._set_hero_markers()
        self._sync_dialog()

    def _update_walks(self, dt: float) -> None:
        walk = self.walks[0]
        speed = 2.0 if self.session.speed == "fast" else 1.0
        walk[2] += dt * speed
        pos = self._walk_position(walk)
        sx, sy = self.view.world_to_screen(*pos)
        if not self.view.rect.inflate(-240, -180).collidepoint(sx, sy):
            self.view.center_on_world(*pos)
        if walk[2] >= STEP_TIME * (len(walk[1]) - 1):
            self.walks.pop(0)
            if not self.walks:
                self._sync_dialog()
                self._update_reach()
        self._set_hero_markers()

    def animating(self) -> bool:
        if self.walks or self.dice.busy or self._odds.pending() or self.view.panning or self.session.thinking():
            return True
        return self.state.phase != "over" and self.handoff_to is None and self.session.is_computer(self.actor)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.view.update(dt)
        self._follow_camera()
        if self._odds.take_arrived():          # odds worked out off the frame: show them where they wait
            self._preview_path(self.view.hover_cell)
            self.view.refresh_tooltip()
            if self.dialog is not None and WORKING_OUT in self.dialog.lines:
                self.dialog = None               # built again, with the odds
                self._sync_dialog()
        if self.walks:
            self._update_walks(dt)
        else:
            self.dice.update(dt, 1.1 if self.session.speed == "fast" else 2.4)
        if self.state.phase == "over" or self.handoff_to is not None or self.walks:
            return
        if self.state.battle is not None and self._battle_seen is not self.state.battle:
            self._sync_dialog()                  # e.g. a game loaded mid-battle: its battle screen
        if not self._setup_shown:
            self._setup_shown = True
            if not self.state.actions and any(e.kind == "anchor" for e in self.session.setup_events):
                from game.ui.board.anchor_panel import AnchorPanel
                self.push(AnchorPanel(self.session, self.session.setup_events))
                return
        from game.ui.board.daybreak_panel import daybreak_tick   # autosave + the Daybreak panel
        daybreak_tick(self)
        if self.session.is_computer(self.actor):
            # a computer attacking a human: the human watches the whole battle, its first exchange too
            # (it is the computer's to play, and a lone hero beaten in it left the human nothing to see)
            if self.human_fights() and self.open_battle_screen():
                return
            self._computer_clock += dt
            waiting = self.dice.busy and self.session.speed != "fast"
            if self._computer_clock >= self.session.computer_delay and not waiting:
                act = self.session.think()
                if act is NOT_YET:
                    return                       # still thinking: the frame goes on
                self._computer_clock = 0.0
                self._remember_positions()
                outcome = self.session.submit(act)
                if outcome is not None:
                    self._absorb(self.session.take_events())
                    self.refresh()
                    if not self.session.is_computer(self.actor):
                        self.center_on_actor()
                        self._show_summary()

    def draw(self, surface: pygame.Surface) -> None:
        if self.handoff_to is not None:
            self._draw_handoff(surface)
            self.toast.draw(surface)
            return
        over_ui = self._over_log_or_hint(self.mouse) or self.side.collidepoint(self.mouse) \
            or self.mouse[1] < self.view.rect.y or self.dialog is not None
        if getattr(self, "_side_for", None) != (len(self.state.actions), self.actor, self.state.phase):
            self._rebuild_side_panel()         # e.g. a vote hands the board to another player under a dialog
        self.comfort.hide_hint_when_covered()
        key = self._still_key()
        if not self.still.fresh(surface.get_size(), key):     # redraw the still picture only on change
            canvas = self.still.begin(surface.get_size(), key)
            self.view.draw_base(canvas)
            draw_log(canvas, self.event_log.visible(), self.log_rect)
            draw_hint(canvas, self.event_log, self.log_rect)
            draw_top_bar(canvas, self.state, self.actor, right=self.menu_button.rect.x)
            self._draw_side(canvas)
            for widget in self.widgets:
                if widget.visible:
                    widget.draw(canvas)
            prompt = self._draw_prompt(canvas)
            self.still.keep_on_top = [self.log_rect] + ([prompt] if prompt else []) + self.comfort.rects()
            self.view.covered = self.still.keep_on_top
        self.still.blit(surface)
        drawn = self.view.draw_dynamic(surface)
        if drawn is not None:
            self.still.restore_on_top(surface, drawn)
        if self.dialog is None:           # a dialog covers the board's buttons: their tips stay hidden
            self.draw_widget_tooltip(surface)
        self.toast.draw(surface)
        self.dice.draw(surface, self.view.rect.y + theme.px(60), self.view.rect.centerx)
        if self.dialog is not None:
            self.dialog.draw(surface)
            self.toast.draw(surface)
        if self.state.phase == "over" and self.dialog is None:
            self._draw_game_over(surface)
        covered = self.app is not None and self.app.scene is not self     # a menu or dialog scene on top
        if not over_ui and not covered and not self.walks and self.state.phase != "over":
            self.view.draw_tooltip(surface)                     # over every panel, whole on screen

    def _still_key(self) -> tuple:
        """Everything the still picture shows (see still_frame.py): add to it what you add to that picture."""
        state = self.state
        return (self.view.base_key(), len(state.actions), state.phase, self.actor, self.selected,
                len(self.log_lines), tuple(self.log_lines[-1:]), self.event_log.scroll, tuple(self.log_rect),
                self.dialog is None,
                self.session.speed, bool(self.walks), widget_key(self.widgets))

    def _draw_side(self, surface: pygame.Surface) -> None:
        px = theme.px
        surface.blit(textures.parchment(self.side.w, self.side.h, seed=9), self.side)
        pygame.draw.line(surface, theme.WOOD_DARK, self.side.topleft, self.side.bottomleft, 4)
        seat = self.actor
        x, width = self.side.x + px(16), self.side.w - px(32)
        if self.state.phase == "over":
            who = "Game over"
        else:
            who = self.state.players[seat].name + "'s heroes" if seat in self.state.players else "Heroes"
        title = widgets.text(who, px(20), theme.INK, "heading")
        surface.blit(title, (x, self.side.y + px(12)), area=pygame.Rect(0, 0, width, title.get_height()))
        note = None
        if not self.hero_buttons and self.state.phase != "over":
            note = "No heroes yet: recruit one at Daybreak"
        elif self.hero_more:
            note = f"+{self.hero_more} more (Tab)"
        if note:
            top = self.hero_buttons[-1].rect.bottom + px(4) if self.hero_buttons else self.side.y + px(46)
            for line in widgets.wrap(note, px(13), width)[:1]:
                surface.blit(widgets.text(line, px(13), theme.INK_SOFT), (x, top))
        if self.choice_buttons:
            cap = widgets.text("Daybreak: build & recruit" if self.state.phase == "daybreak" else "More",
                               px(16), theme.INK, "heading")
            surface.blit(cap, (x, self.choices_top - px(24)))
        # while a computer plays, alliances read from the side of the human at the table
        viewer = self.last_human if seat is not None and self.session.is_computer(seat) else None
        draw_players(surface, self.state, self.players_rect(), seat, player_rows(self.state),
                     stats_right=self.ally_button_x, viewer=viewer)

    def _draw_prompt(self, surface: pygame.Surface) -> pygame.Rect | None:
        text = None
        hero = self.state.heroes.get(self.selected) if self.selected else None
        if self.state.pending and self.human_to_act():
            text = BOARD_PROMPTS.get(self.state.pending[0].kind)
        elif self.session.is_computer(self.actor):
            text = f"{self.state.players[self.actor].name} is thinking…"
        elif self.human_to_act() and self.state.phase == "turn" and hero is not None and not self.dialog:
            if hero.moves_left is None:
                text = f"Click {hero.name or 'the hero'} or press R to roll its 🐎"
            elif hero.moves_left > 0:
                text = f"{hero.name or 'The hero'}: 🐎{hero.moves_left} — click a lit tile to move"
        elif self.human_to_act() and self.state.phase == "daybreak":
            text = "Daybreak: build, recruit, then End daybreak"
        from game.ui.board.hud import cityless_warning
        warning = cityless_warning(self.state, self.actor) if self.human_to_act() else None
        box = None
        top = self.view.rect.y + theme.px(12)
        for line, tint in ((text, (20, 12, 6, 190)), (warning, (120, 24, 18, 215))):
            if not line:
                continue
            size, line = widgets.fit_label(line, theme.px(17), self.view.rect.w - theme.px(60))
            img = render(line, size, theme.CREAM, "bold", (0, 0, 0))
            rect = img.get_rect().inflate(theme.px(30), theme.px(14))
            rect.midtop = (self.view.rect.centerx, top)
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, tint, shade.get_rect(), border_radius=12)
            surface.blit(shade, rect)
            surface.blit(img, img.get_rect(center=rect.center))
            box = rect if box is None else box.union(rect)
            top = rect.bottom + theme.px(6)
        return box

    def _draw_handoff(self, surface: pygame.Surface) -> None:
        """An opaque cover: the next player sees nothing of the last one's turn."""
        w, h = surface.get_size()
        textures.dim_wood_backdrop(surface, seed=13, plank=120)
        seat = self.handoff_to
        player = self.state.players[seat]
        offers = [p for p, to in sorted(self.state.alliance_offers) if to == seat][:3]
        rows = len(offers) + len(self.offer_answers)
        summary = self.event_log.summary_for(self.state, seat, self.session.watched_battles)
        news_h = 52 + 24 * len(summary) if summary else 0
        panel = pygame.Rect(0, 0, min(w - 40, 680), 210 + 48 * rows + (20 if rows else 0))
        panel.center = (w // 2, h // 2 + 20 + 24 * rows)
        panel.y = max(50, min(panel.y, h // 2 - 120) - news_h // 2)
        textures.draw_panel(surface, panel, "parchment", radius=16)
        pygame.draw.rect(surface, theme.WOOD_DARK, panel, 3, border_radius=16)
        img = icons.token_sprite("hero", seat, None, 72)
        surface.blit(img, img.get_rect(midtop=(panel.centerx, panel.y - 40)))
        size, words = widgets.fit_label(f"{player.name}, your move", 30, panel.w - 40, "title")
        title = widgets.text(words, size, theme.seat_colour(seat), "title", (40, 26, 12))
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 40)))
        battle = self.state.battle
        if battle is not None and seat != self.state.current_player and seat in (s.player for s in battle.sides):
            doing = f"{self.state.players[self.state.current_player].name} attacks: arrange your defence"
        else:
            doing = "Daybreak" if self.state.phase == "daybreak" else "your turn"
        day = f"Day {max(1, self.state.day)} · {doing}"
        size, words = widgets.fit_label(f"{day}. Pass the mouse — the board stays hidden until “I'm ready”.", 16,
                                        panel.w - 40, "body")
        sub = widgets.text(words, size, theme.INK)
        surface.blit(sub, sub.get_rect(midtop=(panel.centerx, panel.y + 88)))
        self.handoff_button.rect.midtop = (panel.centerx, panel.y + 124)
        self.handoff_button.draw(surface)
        for i, answer in enumerate(self.offer_answers):
            size, words = widgets.fit_label(answer, 16, panel.w - 60)
            line = render(words, size, theme.INK, "bold")
            surface.blit(line, line.get_rect(midleft=(panel.x + 30, panel.y + 200 + (len(offers) + i) * 48 + 19)))
        for i, proposer in enumerate(offers):
            y = panel.y + 200 + i * 48
            room = panel.w - 250 - 40                  # the words end before the Accept button
            size, words = widgets.fit_label(f"{self.state.players[proposer].name} proposes an alliance", 16, room - 30)
            line = render(f"👑 {words}", size, theme.INK, "bold")
            surface.blit(line, line.get_rect(midleft=(panel.x + 30, y + 19)))
            for b in self.offer_buttons:
                if getattr(b, "proposer", None) == proposer:
                    b.rect.y = y
                    b.rect.x = panel.right - (250 if b.label == "Accept" else 130)
                    b.draw(surface)
        if summary:
            self._draw_summary(surface, pygame.Rect(panel.x, panel.bottom + 14, panel.w, news_h), summary)

    @staticmethod
    def _draw_summary(surface: pygame.Surface, box: pygame.Rect, lines: list[str]) -> None:
        """The "since your last turn" panel of the handoff cover."""
        textures.draw_panel(surface, box, "parchment", radius=12)
        pygame.draw.rect(surface, theme.WOOD_DARK, box, 2, border_radius=12)
        head = widgets.text("Since your last turn", 18, theme.INK, "heading")
        surface.blit(head, (box.x + 20, box.y + 12))
        for i, line in enumerate(lines):
            surface.blit(render(line, 15, theme.INK, "body"), (box.x + 24, box.y + 44 + 24 * i))

    def _over_banner(self) -> pygame.Rect:
        """After the game: a ribbon at the top of the board (the board stays in view), its button on the right."""
        px = theme.px
        banner = pygame.Rect(0, 0, min(px(720), self.view.rect.w - px(24)), px(78))
        banner.midtop = (self.view.rect.centerx, self.view.rect.y + px(10))
        self.over_button.rect.size = (px(230), px(50))
        self.over_button.rect.midright = (banner.right - px(14), banner.centery)
        return banner

    def _draw_game_over(self, surface: pygame.Surface) -> None:
        px = theme.px
        banner = self._over_banner()
        textures.draw_panel(surface, banner, "parchment", radius=14)
        pygame.draw.rect(surface, theme.WOOD_DARK, banner, 3, border_radius=14)
        winners = self.state.winners
        names = " & ".join(self.state.players[s].name for s in winners) or "Nobody"
        room = self.over_button.rect.x - banner.x - px(30)
        headline = f"🏆 {names} win{'s' * (len(winners) == 1)}!"
        size, words = widgets.fit_label(headline, px(26), room, "title")
        if words != headline:
            size, words = widgets.fit_label(f"🏆 {len(winners)} players share the win!", px(26), room, "title")
        title = render(words, size, theme.INK, "title")
        surface.blit(title, (banner.x + px(18), banner.y + px(8)))
        from game.names import end_reason
        size, words = widgets.fit_label(f"Day {max(1, self.state.day)} · {end_reason(self.state.end_reason)}",
                                        px(15), room)
        reason = render(words, size, theme.INK_SOFT)           # "the most 💰": the icon, not a box
        surface.blit(reason, (banner.x + px(20), banner.bottom - px(10) - reason.get_height()))
        self.over_button.draw(surface)

    # the --screenshot picture -------------------------------------------------------------
    def warm_up(self, max_actions: int = 4000) -> None:
        """Let computer players play into a turn of Day 2 (heroes on the board), for a picture."""
        for _ in range(max_actions):
            state = self.state
            if state.phase == "over":
                break
            if state.phase == "turn" and state.day >= 2 and state.heroes_of(state.current_player) \
                    and state.turn_acted and state.battle is None and not state.pending:
                break
            if self.session.computer_step() is None:
                break
        self._absorb(self.session.take_events(), animate=False)
        self.dice.clear()
        self.walks.clear()
        self.refresh()


def screenshot_scene(options) -> Scene:
    """The scene ``--screenshot`` draws: the board mid-turn, the camera on the current player."""
    from game.ui.board.launch import make_board_scene
    scene = make_board_scene(options)
    if isinstance(scene, GameScene):
        scene.warm_up()
    return scene
