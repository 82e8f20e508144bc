"""The game screen: the board with the engine's heroes, cities and tokens, the HUD and the turn flow.

Everything the player does becomes an engine action handed to ``GameSession.submit``;
a refusal is shown as a toast. Heroes walk their paths step by step (the
camera follows), the dice of every interaction tumble in small pop-ups, and
the rules' decisions (pickups, bribes, upkeep, votes, alliance offers) open
proper dialogs. Computer players act on their own at a watchable pace
(normal/fast). Between two human players a cover screen hides the board.

The scene's parts live in mixins beside it: the right-hand panel (side_panel.py), the hovered
tile's path preview and tooltip (hover.py), the heroes' routes over several days (routes.py), the
handoff cover and the game-over banner (covers.py) and the rules' decision dialogs (decisions.py).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import engine as A      # its action classes (A.Move, ...): loaded when first used (game.engine)
from game.ui.kit import sound, theme, widgets
from game.ui.board.still_frame import StillFrame, widget_key
from game.ui.board.view import BoardView, HeroMarker
from game.ui.board.comfort import BoardComfort
from game.ui.board.covers import BoardCovers
from game.ui.board.decisions import DecisionDialogs
from game.ui.board.event_log import EventLog, LogScene, draw_hint
from game.ui.board.dialogs import DicePopups, Dialog
from game.ui.board.hover import WORKING_OUT, HoveredTile
from game.ui.board.routes import HeroRoutes, routes
from game.ui.board.hud import HeroCard, draw_log, draw_top_bar, level_name, top_bar_height
from game.ui.board.side_panel import BOARD_PROMPTS, SidePanel
from game.ui.kit.background import NOT_YET, BackgroundAnswers
from game.ui.kit.rich_text import render
from game.ui.kit.scene import Scene
from game.ui.session import GameSession

STEP_TIME = 0.08          # seconds per step of a walking hero
SIDE_W = 290              # at scale 1: theme.px(SIDE_W) at the window's scale


@dataclass(frozen=True)
class DrawnToken:
    """A City, Mine or token of the game as the board view draws it."""
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


class GameScene(SidePanel, HoveredTile, HeroRoutes, BoardCovers, DecisionDialogs, Scene):
    covers_screen = True          # the still picture (or the handoff cover) paints every pixel
    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.state = session.state
        self.view = BoardView(self.state.board, self.on_cell_click)
        self.view.extra_tooltip = self._tooltip_lines
        self.still = StillFrame()
        self.selected: int | None = None
        self._chosen: dict[int, int] = {}       # each seat's selected hero, kept while another seat acts
        self.reach = None
        self.event_log = EventLog()             # the history: scrollable, "since your last turn"
        self.log_lines: list[str] = self.event_log.lines
        self._press_from: str | None = None    # where the mouse press under way began (see _press_target)
        self.handoff_to: int | None = None     # a human seat that must take the mouse
        self.last_human: int | None = None
        self.dialog: Dialog | None = None
        self.dice = DicePopups(session.speed)
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
        self._trips: dict = {}                      # its walks to tiles hovered beyond this turn's 🐎
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
            # the defender arranging its squads made it the actor a moment: the attacker's hero stays chosen
            kept = self._chosen.get(self.actor)
            kept_valid = kept in state.heroes and state.heroes[kept].owner == self.actor
            self.selected = kept if kept_valid else self._default_hero()
        if self.selected is not None and self.actor is not None:
            self._chosen[self.actor] = self.selected
        self._odds.clear()
        self._set_hero_markers()
        self._check_handoff()
        self._update_reach()
        self._check_routes()
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
        self._beyond = (None, None)           # the search past this turn's 🐎 is made again for the new state
        self.view.set_path(None)
        if self.placing() is not None:
            import numpy as np
            free = np.full((self.state.board.height, self.state.board.width), -1, dtype=np.int16)
            for c in self.state.unoccupied_cells():
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
        walked = False                     # the rolls after a step are the arrival's: shown when the hero gets there
        for event in events:
            if event.kind == "dice" and animate:
                seat = event.data.get("player")
                who = self.state.players[seat].name if seat in self.state.players else ""
                self.dice.add_event(event.data, who, arrival=walked)
            elif event.kind == "hero_step" and animate:
                walked = True
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
        for its tile is not ended with End Daybreak."""
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
            from game.ui.board.daybreak_panel import ask_end_without_hero, hero_to_recruit
            city = None if confirmed else hero_to_recruit(self.state, self.actor)
            if city is None:
                self.submit(A.EndDaybreak(self.actor))
            else:
                ask_end_without_hero(self, city, lambda: self.end_turn(True))
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
        from game import settings
        problems = settings.take_messages()      # a settings file damaged since: told now, not at the next Settings
        if problems:
            self.toast.show(" ".join(problems))

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
        self.view.bring_into_view(hero.cell)
        self.refresh()

    def _can_roll(self, hero) -> bool:
        return (self.human_to_act() and hero.owner == self.actor and hero.moves_left is None
                and self.state.phase == "turn" and not self.state.pending and self.state.battle is None
                and self.state.interaction is None)

    def next_hero(self) -> None:
        """Tab: the next hero that can still move (🐎 left, or not rolled yet), else the next hero. On a big
        map with several heroes, Tab went through the spent ones too, and the camera with it."""
        heroes = self.state.heroes_of(self.actor) if self.actor else []
        if not heroes:
            return
        ids = [h.id for h in heroes]
        at = ids.index(self.selected) if self.selected in ids else -1
        after = heroes[at + 1:] + heroes[:at + 1]
        self.select_hero(next((h for h in after if h.moves_left != 0), after[0]).id)

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
        self._walk_to(hero, cell)

    def _refusal_for(self, hero, cell) -> str:
        """Ask the engine why ``cell`` is out of reach: the cheapest path whatever its cost (the search the
        hover made, ``_beyond_reach``), or the straight step, is submitted and refused (a refused action
        changes nothing)."""
        if cell == hero.cell:
            return "The hero is already there"
        far = self._beyond_reach(hero)
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
            if event.key in (pygame.K_SPACE, pygame.K_TAB, pygame.K_r, pygame.K_g) and self._computer_playing():
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
            if event.key == pygame.K_g:
                self.go_on()
                return True
            if event.key == pygame.K_l:
                self.open_log()
                return True
        if self._hero_list_event(event):
            return True
        if super().handle_event(event):
            return True
        if self._log_event(event):
            return True
        used = self.view.handle_event(event)
        if event.type == pygame.MOUSEMOTION and self._over_log_or_hint(event.pos):
            # reading the log or a hint: no tile lit and no path under it (but the route, if any)
            self.view.hover_cell, self.view.tooltip_lines = None, []
            self._preview_path(None)
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
        if not self.view.clear_rect().inflate(-240, -180).collidepoint(sx, sy):
            self.view.center_on_world(*pos)
        if walk[2] >= STEP_TIME * (len(walk[1]) - 1):
            self.walks.pop(0)
            if not self.walks:
                self._sync_dialog()
                self._update_reach()
                self._preview_path(self.view.hover_cell)
        self._set_hero_markers()

    def animating(self) -> bool:
        if self.walks or self.dice.busy or self._odds.pending() or self.view.panning or self.session.thinking():
            return True
        return self.state.phase != "over" and self.handoff_to is None and self.session.is_computer(self.actor)

    def after_first_frame(self) -> None:
        """The board's first frame is drawn without numpy and without the engine's actions, moves and
        battles (issue 14: start-up); they load here, once it is on screen, rather than on the first click,
        and the map's costs and layers become numpy arrays here, on the screen's thread."""
        from game.engine import apply, hero_reach, legal_actions  # noqa: F401
        board = self.state.board
        board.move_cost, board.layers = board.move_cost, board.layers

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
        self.dice.update(dt, self.session.speed, walking=bool(self.walks))
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
                        if self.session.speed == "fast":
                            self.dice.drop_waiting()      # at the normal speed none is skipped: they show first
                        self.center_on_actor()
                        if self.state.current_player == self.actor:   # not when called in a computer's turn
                            self._show_summary()          # (a defence, a vote): that first, the news on its own turn

    def draw(self, surface: pygame.Surface) -> None:
        if self.handoff_to is not None:
            self.still.hidden()
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
        shown_on = (id(surface), surface.get_size(), self.app.frame_count if self.app is not None else None)
        covered = self.app is not None and self.app.scene is not self     # a menu or dialog scene on top
        # what this frame draws over the still picture, when nothing but the view's hover layer and the tips
        # is drawn (None otherwise): a frame like the last one on the same screen draws nothing
        noted = self.app is not None and not covered and self.dialog is None and not self.toast.visible \
            and not self.dice.busy and self.state.phase != "over"
        over = (self.view.dynamic_key(), tuple(self.mouse), over_ui, bool(self.walks), self.tips_quiet()) \
            if noted else None
        if self.still.already_shows(shown_on, over):
            return
        self.still.put_back(surface, shown_on)
        drawn = self.view.draw_dynamic(surface) or []
        if drawn:
            self.still.restore_on_top(surface, drawn)
        tips = list(drawn)
        if self.dialog is None:           # a dialog covers the board's buttons: their tips stay hidden
            tips.append(self.draw_widget_tooltip(surface))
        if self.dialog is not None:
            self._draw_dice(surface)
            self.dialog.draw(surface)
        if self.state.phase == "over" and self.dialog is None:
            self._draw_game_over(surface)
        if not over_ui and not covered and not self.walks and self.state.phase != "over" and not self.tips_quiet():
            tips.append(self.view.draw_tooltip(surface))            # over every panel, whole on screen
        if self.dialog is None:
            # over the tile's tooltip too: a roll's card is the news of a moment (the rolls of an item picked
            # up with the "Pick up" button hid under the tooltip of the tile left under the cursor), while
            # the tooltip stays for as long as the mouse does
            self._draw_dice(surface)
        self.toast.draw(surface)          # last: a click's refusal lay under the tooltip of the tile clicked
        self.still.note_drawn_over(tips if noted else None, shown_on, over)

    def _draw_dice(self, surface: pygame.Surface) -> None:
        """The rolls' cards at the top of the board, in the middle unless they would hide a hero of the
        player to act there (then on the left or the right)."""
        board = self.view.rect
        heroes = [self.view.cell_rect(h.cell) for h in self.view.heroes if h.seat == self.actor]
        self.dice.draw(surface, board.y + theme.px(60), board.centerx,
                       others=(board.x + board.w // 4, board.x + 3 * board.w // 4), avoid=heroes)

    def changed_rects(self) -> list[pygame.Rect] | None:
        return self.still.changed

    def _still_key(self) -> tuple:
        """Everything the still picture shows (see still_frame.py): add to it what you add to that picture."""
        state = self.state
        return (self.view.base_key(), len(state.actions), state.phase, self.actor, self.selected,
                len(self.log_lines), tuple(self.log_lines[-1:]), self.event_log.scroll, tuple(self.log_rect),
                self.dialog is None, routes(self.session).to.get(self.selected),
                self.session.speed, bool(self.walks), widget_key(self.widgets))

    def _draw_prompt(self, surface: pygame.Surface) -> pygame.Rect | None:
        text = None
        hero = self.state.heroes.get(self.selected) if self.selected else None
        if self.state.pending and self.human_to_act():
            text = BOARD_PROMPTS.get(self.state.pending[0].kind)
        elif self.session.is_computer(self.actor):
            player = self.state.players[self.actor]
            text = f"{player.name} ({level_name(player)}) is thinking…"
        elif self.human_to_act() and self.state.phase == "turn" and hero is not None and not self.dialog:
            if hero.moves_left is None:
                text = f"Click {hero.name or 'the hero'} or press R to roll its 🐎" + self._route_words()
            elif hero.moves_left > 0:
                text = f"{hero.name or 'The hero'}: 🐎{hero.moves_left} — click a lit tile to move" + self._route_words()
        elif self.human_to_act() and self.state.phase == "daybreak":
            text = "Daybreak: build, recruit, then End Daybreak"
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
