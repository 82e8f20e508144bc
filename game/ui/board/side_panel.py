"""The board scene's right-hand panel: the acting player's hero cards, the siege, pickup and
found-a-City buttons, the choices of the Daybreak and the turn, the players' rows with their
alliance buttons, and the tooltip of the End button (``GameScene`` mixes this in):
``_rebuild_side_panel`` lays out these widgets after every change of the engine state and
``_draw_side`` paints the panel under them.
"""
from __future__ import annotations

from time import monotonic

import pygame

from game import engine as A      # its action classes (A.Move, ...): loaded when first used (game.engine)
from game.ui.kit import textures, theme, widgets
from game.ui.board.decisions import allied_already
from game.ui.board.hud import (
    HeroCard, draw_players, panel_seats, player_row_rect, player_rows, player_tip, players_height)

MAX_CHOICES = 7
MOVED_IN_GRACE = 0.6     # seconds a button standing where another just stood ignores a click (a double click's second)
# Actions with their own control, left out of the choices panel (classes of game.engine.actions).
_OWN_CONTROLS = {"Move", "RollMovement", "EndTurn", "EndDaybreak", "PlaceCapital", "PlaceToken", "ProposeAlliance",
                 "EndAlliance", "ProposeRuleChange", "AnswerAlliance", "Siege", "FoundCity", "PickUp", "FinishPickups",
                 "TakeMonsters", "ChooseUpkeepDeaths", "CastVote", "ArrangeBattle", "Attack", "Retreat", "FaceMonster"}

# What to do on the board when the engine waits on a choice made there (the prompt at the top of the board).
BOARD_PROMPTS = {"place_capital": "Click a highlighted tile for your capital",
                 "place_token": "Click a highlighted free tile to place the Daybreak token"}
# What the End button waits for, by the engine's pending choice.
PENDING_FIRST = {**{kind: text[0].lower() + text[1:] for kind, text in BOARD_PROMPTS.items()},
                 "upkeep_deaths": "choose which heroes go (the purse cannot pay them all)",
                 "vote": "vote on the rule change", "face_monster": "face the Monster",
                 "take_monsters": "answer the Monsters", "pickups": "answer what to pick up"}


class SidePanel:
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
        rows_top = self.roll_button.rect.y - px(10) - players_height(len(panel_seats(state)))
        fit = max(1, (rows_top - px(40) - y) // px(60))
        first = self._hero_window(heroes, min(5, fit))
        for hero in heroes[first:first + min(5, fit)]:
            card = HeroCard(state, hero, (lambda i=hero.id: self.select_hero(i)), rect=(x, y, w, px(54)),
                            on_roll=(lambda i=hero.id: self.roll_hero(i)))
            card.mark_selected(hero.id == self.selected)
            card.enabled = self.human_to_act()
            card.size = px(15)
            self.hero_buttons.append(card)
            y += px(60)
        self.hero_above = first
        self.hero_more = max(0, len(heroes) - first - len(self.hero_buttons))
        self.hero_list_rect = pygame.Rect(x, self.side.y + px(46), w, y - self.side.y - px(46) + px(22))
        if not heroes or self.hero_more or self.hero_above:
            y += px(22)                  # room for the "No heroes" or "+N more" note
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
            from game.ui.board.action_labels import label
            choices = [a for a in legal_actions(state, moves=False) if type(a).__name__ not in _OWN_CONTROLS]
            cy = self.choices_top
            for action in choices[:MAX_CHOICES]:
                if cy + px(32) > rows_top - px(8):
                    break
                b = widgets.Button(label(state, action), (lambda a=action: self.submit(a)),
                                   rect=(x, cy, w, px(30)), size=px(13))
                self.choice_buttons.append(b)
                cy += px(34)
        self._guard_moved_in(self.action_buttons + self.choice_buttons)
        # players: one row each, with an alliance proposal
        self.players_top = rows_top
        self.player_buttons = []
        self.ally_button_x: dict[int, int] = {}
        turn = human and state.phase == "turn"
        proposals, endings = {}, {}
        if turn:
            proposals = {a.to: a for a in self._legal_of(A.ProposeAlliance)}
            endings = {a.ally: a for a in self._legal_of(A.EndAlliance)}
        for i, other in enumerate(panel_seats(state)):
            row = player_row_rect(self.players_rect(), i)
            rect = (self.side.right - px(86), row.y, px(70), row.h)
            if other in proposals:
                b = widgets.Button("Ally?", (lambda a=proposals[other]: self.submit(a)), size=px(13), rect=rect,
                                   tooltip="\n".join(filter(None, [f"Propose an alliance to {state.players[other].name}",
                                                                    allied_already(state, other, seat)])))
            elif other in endings:
                b = widgets.Button("End ally", (lambda a=endings[other]: self.ask_end_alliance(a)), size=px(13), rect=rect,
                                   tooltip=f"End the alliance with {state.players[other].name}: only at the start "
                                           "of your turn, before anything else (R-ALLY-1)")
            else:
                continue
            self.player_buttons.append(b)
            self.ally_button_x[other] = b.rect.x
        # each row's tip (left of its button): human or computer, and at which level
        viewer = self.table_viewer()
        self.player_tips = []
        for i, other in enumerate(panel_seats(state)):
            row = player_row_rect(self.players_rect(), i)
            row.width = self.ally_button_x.get(other, row.right) - row.x - px(4)
            tip = widgets.Widget(row)
            tip.tooltip = player_tip(state, other, viewer)
            self.player_tips.append(tip)
        phase = state.phase
        self.roll_button.visible = phase == "turn" and hero is not None and hero.moves_left is None and human
        self.roll_button.label = f"Roll {hero.name}" if hero is not None and hero.name else "Roll 🐎"
        self.end_button.label = "End Daybreak" if phase == "daybreak" else "End turn"
        self.end_button.visible = phase in ("turn", "daybreak")
        self.end_button.enabled = self.roll_button.enabled = human and not state.pending and state.battle is None
        self.end_button.tooltip = self._end_button_tip(human)
        self.speed_button.visible = phase != "over" and any(p.kind == "computer" for p in state.players.values())
        self.speed_button.label = f"Computer speed: {self.session.speed}"
        other = "normal" if self.session.speed == "fast" else "fast"
        self.speed_button.tooltip = (f"How fast computer players play: {self.session.speed} now\n"
                                     f"Click for {other} (kept, like the Settings screen's)")
        self.widgets = ([self.menu_button, self.roll_button, self.end_button, self.speed_button] + self.hero_buttons
                        + self.action_buttons + self.choice_buttons + self.player_buttons + self.player_tips)
        self.widgets += self.comfort.widgets()

    def _guard_moved_in(self, buttons: list) -> None:
        """A button that stands where another stood a moment ago ignores a click for ``MOVED_IN_GRACE``: a double
        click on "Recruit 1 mercenary" recruited, then "Percival: Take 1 mercenary", which had moved up under
        the mouse, took the recruit."""
        now = monotonic()
        before = getattr(self, "_panel_layout", [])
        for b in buttons:
            was = next((text for rect, text in before if rect.collidepoint(b.rect.center)), b.label)
            if was != b.label:
                b.on_click = self._guarded(b, b.on_click, now)
        self._panel_layout = [(b.rect.copy(), b.label) for b in buttons]

    def _guarded(self, button, on_click, moved_in_at: float):
        def click() -> None:
            nonlocal moved_in_at
            if moved_in_at is not None and monotonic() - moved_in_at < MOVED_IN_GRACE:
                moved_in_at = None              # a second click, now, is meant
                self.toast.show(f"The choices moved: click again for \"{button.label}\"", info=True)
                return
            on_click()
        return click

    def _hero_window(self, heroes: list, shown: int) -> int:
        """The index of the first hero card shown when only ``shown`` of ``heroes`` fit: the wheel scrolls
        the list, and a newly selected hero (Tab, a click on the map) is scrolled into it. The list showed
        the first heroes only: with seven, Tab selected heroes no card showed (nor their Equip button)."""
        ids = [h.id for h in heroes]
        first = getattr(self, "_hero_first", 0)
        if self.selected in ids and self.selected != getattr(self, "_hero_first_for", None):
            at = ids.index(self.selected)
            first = at if at < first else max(first, at - shown + 1)
        self._hero_first_for = self.selected
        self._hero_first = max(0, min(first, len(ids) - shown))
        return self._hero_first

    def _hero_list_event(self, event) -> bool:
        """The wheel over the hero cards scrolls them when not all fit."""
        rect = getattr(self, "hero_list_rect", None)
        if event.type != pygame.MOUSEWHEEL or rect is None or not rect.collidepoint(self.mouse):
            return False
        if self.hero_above or self.hero_more:
            self._hero_first = getattr(self, "_hero_first", 0) - event.y
            self._rebuild_side_panel()
        return True

    def _siege_actions(self, hero) -> list:
        if self.state.phase != "turn" or not self.human_to_act():
            return []
        budget = hero.moves_left is None or hero.moves_left >= self.state.rules["cities"]["siege_cost"]
        return [(A.Siege(self.actor, hero.id, self.state.city_at(cell).id), budget)
                for cell in self.state.board.topology.neighbours(hero.cell) if self._walled_rival(cell, hero)]

    def ask_end_alliance(self, action) -> None:
        """Ending an alliance cannot be taken back (the other player must accept a new one), so it asks first."""
        from game.engine.diplomacy import alliances_allowed
        from game.ui.board.dialogs import Dialog
        name = self.state.players[action.ally].name
        # with two players left no alliance can be made again: "a new one needs their yes" promised one
        again = ("A new alliance needs their yes (R-ALLY-1)." if alliances_allowed(self.state) else
                 "With two players left, no alliance can be made again (R-ALLY-1).")
        self.dialog = Dialog(f"End the alliance with {name}?",
                             [f"{name}'s Cities and Mines will stop your heroes again, and {name} may attack you.",
                              again],
                             [("End the alliance", lambda: self._close_and(lambda: self.submit(action))),
                              ("Stay allies", self.close_dialog)],
                             cancel=self.close_dialog, key="ui:confirm", icon="shield")
        self._layout_dialog()

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
                           players_height(len(panel_seats(self.state))))

    def _legal_of(self, cls) -> list:
        from game.engine import legal_actions
        return [a for a in legal_actions(self.state, moves=False) if isinstance(a, cls)]

    def _open_pickups(self, hero_id: int) -> None:
        self._pickup_offer = hero_id
        self._sync_dialog()

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
            note = "No heroes: recruit one at Daybreak"
        elif self.hero_more or self.hero_above:
            note = " · ".join(filter(None, [f"▲ {self.hero_above} above" if self.hero_above else "",
                                            f"▼ {self.hero_more} more" if self.hero_more else "",
                                            "wheel or Tab"]))
        if note:
            top = self.hero_buttons[-1].rect.bottom + px(4) if self.hero_buttons else self.side.y + px(46)
            for line in widgets.wrap(note, px(13), width)[:1]:
                surface.blit(widgets.text(line, px(13), theme.INK_SOFT), (x, top))
        if self.choice_buttons:
            cap = widgets.text("Daybreak: build & recruit" if self.state.phase == "daybreak" else "More",
                               px(16), theme.INK, "heading")
            surface.blit(cap, (x, self.choices_top - px(24)))
        draw_players(surface, self.state, self.players_rect(), seat, player_rows(self.state),
                     stats_right=self.ally_button_x, viewer=self.table_viewer())

    def table_viewer(self) -> int | None:
        """Whose side the players' rows read alliances from: the acting player's, or while a computer plays
        the human's at the table: the last human who played, else the only human seat (a game continued
        in a computer's turn read them from that computer's side: its ally was marked "ally" of the
        person), else nobody's (0)."""
        seat = self.actor
        if seat is None or not self.session.is_computer(seat):
            return seat
        if self.last_human is not None:
            return self.last_human
        humans = [s for s, p in self.state.players.items() if p.kind == "human"]
        return humans[0] if len(humans) == 1 else 0
