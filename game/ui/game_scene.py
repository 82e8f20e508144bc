"""The game screen: the board with the engine's heroes, cities and tokens, the HUD and the turn flow.

Everything the player does becomes an engine action handed to ``GameSession.submit``;
a refusal is shown as a toast. Computer players act on their own, one action
every ``COMPUTER_DELAY`` seconds, so their moves can be followed.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pygame

from game.engine import actions as A
from game.ui import textures, theme, widgets
from game.ui.action_labels import label as action_label
from game.ui.board_view import BoardView, HeroMarker
from game.ui.game_hud import TOP_BAR, draw_log, draw_top_bar
from game.ui.scene import Scene
from game.ui.session import GameSession

COMPUTER_DELAY = 0.2
SIDE_W = 280
MAX_CHOICES = 9
# Actions with their own control, left out of the choices panel.
_OWN_CONTROLS = (A.Move, A.RollMovement, A.EndTurn, A.EndDaybreak, A.PlaceCapital, A.PlaceToken,
                 A.ProposeAlliance, A.EndAlliance, A.ProposeRuleChange)


@dataclass(frozen=True)
class DrawnToken:
    kind: str
    cell: tuple
    owner: int = 0
    tier: str | None = None
    name: str = ""


class GameScene(Scene):
    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.state = session.state
        self.view = BoardView(self.state.board, self.on_cell_click)
        self.selected: int | None = None
        self.reach = None
        self.log_lines: list[str] = []
        self.handoff_to: int | None = None     # a human seat that must take the mouse
        self.last_human: int | None = None
        self._computer_clock = 0.0
        self.roll_button = widgets.Button("Roll", self.roll, icon="move", size=17)
        self.end_button = widgets.Button("End turn", self.end_turn, icon="star", size=18)
        self.menu_button = widgets.Button("Menu", self.pop, size=16)
        self.handoff_button = widgets.Button("Continue", self.take_over, icon="hero", size=20)
        self.over_button = widgets.Button("Back to title", self.pop, size=20)
        self.hero_buttons: list[widgets.Button] = []
        self.choice_buttons: list[widgets.Button] = []
        self._absorb(session.take_events())
        self.refresh()

    # engine state -> screen ---------------------------------------------------------
    @property
    def actor(self) -> int | None:
        return self.session.actor()

    def human_to_act(self) -> bool:
        return self.actor is not None and not self.session.is_computer(self.actor) and self.handoff_to is None

    def refresh(self) -> None:
        """Rebuild what the board shows from the engine state (after every action)."""
        state = self.state
        tokens = [DrawnToken("city", c.cell, c.owner, c.tier, c.name) for c in state.cities.values()]
        tokens += [DrawnToken("mine", m.cell, m.owner) for m in state.mines.values()]
        tokens += [DrawnToken(t.kind, t.cell) for t in state.tokens.values()]
        self.view.set_tokens(tokens)
        if self.selected not in state.heroes or state.heroes[self.selected].owner != self.actor:
            self.selected = self._default_hero()
        self.view.set_heroes(HeroMarker(h.cell, h.owner, h.name or f"Hero {h.id}", h.id == self.selected)
                             for h in state.heroes.values())
        self._update_reach()
        self._rebuild_side_panel()
        self._check_handoff()

    def _default_hero(self) -> int | None:
        mine = self.state.heroes_of(self.actor) if self.actor else []
        ready = [h for h in mine if h.moves_left is None or h.moves_left > 0]
        return (ready or mine or [None])[0].id if (ready or mine) else None

    def _update_reach(self) -> None:
        hero = self.state.heroes.get(self.selected) if self.selected else None
        self.reach = None
        self.view.set_path(None)
        if hero is None or not hero.moves_left or self.state.phase != "turn" or not self.human_to_act():
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
        elif seat != self.last_human and len(humans) > 1:
            self.handoff_to = seat

    def _absorb(self, events: list) -> None:
        from game.narration import narrate
        for event in events:
            line = narrate(self.state, event)
            if line:
                self.log_lines.append(line)
        del self.log_lines[:-40]

    # actions ---------------------------------------------------------------------------
    def submit(self, action) -> bool:
        outcome = self.session.submit(action)
        if not outcome.ok:
            self.toast.show(outcome.reason)
            return False
        self._absorb(self.session.take_events())
        self.refresh()
        return True

    def roll(self) -> None:
        if self.selected is not None and self.human_to_act():
            self.submit(A.RollMovement(self.actor, self.selected))

    def end_turn(self) -> None:
        if not self.human_to_act():
            return
        if self.state.phase == "daybreak":
            self.submit(A.EndDaybreak(self.actor))
        else:
            self.submit(A.EndTurn(self.actor))

    def take_over(self) -> None:
        self.last_human, self.handoff_to = self.handoff_to, None
        self.refresh()
        self.center_on_actor()

    def center_on_actor(self) -> None:
        hero = self.state.heroes.get(self.selected) if self.selected else None
        cities = self.state.cities_of(self.actor) if self.actor else []
        if hero is not None:
            self.view.center_on(hero.cell)
        elif cities:
            self.view.center_on(cities[0].cell)

    def select_hero(self, hero_id: int) -> None:
        self.selected = hero_id
        self.refresh()
        self.view.center_on(self.state.heroes[hero_id].cell)

    def on_cell_click(self, cell, button: int) -> None:
        if button != 1 or not self.human_to_act():
            return
        seat = self.actor
        pending = self.state.pending[0] if self.state.pending else None
        if pending is not None and pending.kind == "place_capital":
            self.submit(A.PlaceCapital(seat, cell))
            return
        if pending is not None and pending.kind == "place_token":
            self.submit(A.PlaceToken(seat, cell))
            return
        own = [h for h in self.state.heroes_at(cell) if h.owner == seat]
        if own and not (self.selected and self.state.heroes[self.selected].cell == cell and len(own) == 1):
            ids = [h.id for h in own]
            nxt = ids[(ids.index(self.selected) + 1) % len(ids)] if self.selected in ids else ids[0]
            self.selected = nxt
            self.refresh()
            return
        hero = self.state.heroes.get(self.selected) if self.selected else None
        if hero is None:
            self.toast.show("Select one of your heroes first")
            return
        if hero.moves_left is None:
            self.toast.show("Roll the hero's 🐎 first")
            return
        if self.reach is None or self.reach.cost(cell) is None:
            self.toast.show("Out of reach for this hero")
            return
        self.submit(A.Move(seat, hero.id, tuple(self.reach.path_to(cell))))

    # input & frame ------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        first = not hasattr(self, "side")
        self.view.layout(pygame.Rect(0, TOP_BAR, w - SIDE_W, h - TOP_BAR))
        if first:
            self.center_on_actor()
        self.side = pygame.Rect(w - SIDE_W, TOP_BAR, SIDE_W, h - TOP_BAR)
        self.menu_button.rect = pygame.Rect(w - 110, 9, 98, 38)
        self.end_button.rect = pygame.Rect(self.side.x + 16, self.side.bottom - 64, SIDE_W - 32, 50)
        self.roll_button.rect = pygame.Rect(self.side.x + 16, self.side.bottom - 120, SIDE_W - 32, 44)
        self.handoff_button.rect = pygame.Rect(0, 0, 240, 54)
        self.handoff_button.rect.center = (w // 2, h // 2 + 50)
        self.over_button.rect = pygame.Rect(0, 0, 240, 54)
        self.over_button.rect.center = (w // 2, h // 2 + 70)
        self.log_rect = pygame.Rect(12, h - 150, min(560, w - SIDE_W - 280), 138)
        self._rebuild_side_panel()

    def _rebuild_side_panel(self) -> None:
        if not hasattr(self, "side"):
            return
        x, y, w = self.side.x + 16, self.side.y + 48, SIDE_W - 32
        self.hero_buttons = []
        seat = self.actor
        for hero in (self.state.heroes_of(seat) if seat else [])[:6]:
            moves = "roll" if hero.moves_left is None else f"🐎 {hero.moves_left}"
            b = widgets.Button(f"{hero.name or 'Hero'}  {moves}", (lambda i=hero.id: self.select_hero(i)),
                               rect=(x, y, w, 36), size=15)
            b.label = f"{hero.name or 'Hero'}"
            b.moves = moves
            b.selected = hero.id == self.selected
            self.hero_buttons.append(b)
            y += 42
        self.choices_top = y + 36
        self.choice_buttons = []
        if self.human_to_act():
            from game.engine import legal_actions
            choices = [a for a in legal_actions(self.state, moves=False) if not isinstance(a, _OWN_CONTROLS)]
            cy = self.choices_top
            for action in choices[:MAX_CHOICES]:
                if cy + 34 > self.roll_button.rect.y - 8:
                    break
                b = widgets.Button(action_label(self.state, action), (lambda a=action: self.submit(a)),
                                   rect=(x, cy, w, 32), size=13)
                self.choice_buttons.append(b)
                cy += 36
        hero = self.state.heroes.get(self.selected) if self.selected else None
        phase = self.state.phase
        self.roll_button.visible = phase == "turn" and hero is not None and hero.moves_left is None
        self.roll_button.label = f"Roll {hero.name}" if hero is not None and hero.name else "Roll"
        self.end_button.label = "End daybreak" if phase == "daybreak" else "End turn"
        self.end_button.visible = phase in ("turn", "daybreak")
        self.end_button.enabled = self.roll_button.enabled = self.human_to_act()
        self.widgets = ([self.menu_button, self.roll_button, self.end_button] + self.hero_buttons
                        + self.choice_buttons)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            self.mouse = event.pos
        if self.state.phase == "over":
            return self.over_button.handle_event(event) or self.menu_button.handle_event(event)
        if self.handoff_to is not None:
            return self.handoff_button.handle_event(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pop()
            return True
        if super().handle_event(event):
            return True
        used = self.view.handle_event(event)
        if event.type == pygame.MOUSEMOTION:
            self._preview_path(self.view.hover_cell)
        return used

    def _preview_path(self, cell) -> None:
        if self.reach is None or cell is None or self.reach.cost(cell) is None or cell == self.reach.start:
            self.view.set_path(None)
            return
        path = [self.reach.start] + self.reach.path_to(cell)
        self.view.set_path(path, self.reach.cost(cell))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.view.update(dt)
        if self.state.phase == "over" or self.handoff_to is not None:
            return
        if self.session.is_computer(self.actor):
            self._computer_clock += dt
            if self._computer_clock >= COMPUTER_DELAY:
                self._computer_clock = 0.0
                outcome = self.session.computer_step()
                if outcome is not None:
                    self._absorb(self.session.take_events())
                    self.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        over_ui = self.side.collidepoint(self.mouse) or self.mouse[1] < TOP_BAR
        self.view.draw(surface, tooltip=not over_ui and self.handoff_to is None)
        draw_log(surface, self.log_lines[-7:], self.log_rect)
        draw_top_bar(surface, self.state, self.actor)
        self._draw_side(surface)
        super().draw(surface)
        self._draw_prompt(surface)
        if self.handoff_to is not None:
            self._draw_handoff(surface)
        if self.state.phase == "over":
            self._draw_game_over(surface)

    def _draw_side(self, surface: pygame.Surface) -> None:
        surface.blit(textures.parchment(self.side.w, self.side.h, seed=9), self.side)
        pygame.draw.line(surface, theme.WOOD_DARK, self.side.topleft, self.side.bottomleft, 4)
        seat = self.actor
        title = widgets.text("Heroes", 22, theme.INK, "heading")
        surface.blit(title, (self.side.x + 18, self.side.y + 12))
        if not self.hero_buttons:
            note = widgets.text("No heroes yet", 15, theme.INK_SOFT)
            surface.blit(note, (self.side.x + 18, self.side.y + 52))
        if self.choice_buttons:
            cap = widgets.text("Choices", 18, theme.INK, "heading")
            surface.blit(cap, (self.side.x + 18, self.choices_top - 28))

    def draw_widget_tooltip(self, surface: pygame.Surface) -> None:
        super().draw_widget_tooltip(surface)
        from game.ui.rich_text import render
        for b in self.hero_buttons:    # the 🐎 left, drawn as an icon at the button's right end
            img = render(b.moves, 15, theme.CREAM, "bold", (20, 10, 4))
            surface.blit(img, img.get_rect(midright=(b.rect.right - 10, b.rect.centery)))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        from game.ui.rich_text import render
        text = None
        if self.state.pending and self.human_to_act():
            kind = self.state.pending[0].kind
            text = {"place_capital": "Click an open tile for your capital",
                    "place_token": "Click an empty tile to place the Daybreak token"}.get(kind, "Choose on the right")
        elif self.session.is_computer(self.actor):
            text = f"{self.state.players[self.actor].name} is thinking…"
        if text:
            img = render(text, 18, theme.CREAM, "bold", (0, 0, 0))
            box = img.get_rect().inflate(30, 14)
            box.midtop = (self.view.rect.centerx, TOP_BAR + 12)
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (20, 12, 6, 190), shade.get_rect(), border_radius=12)
            surface.blit(shade, box)
            surface.blit(img, img.get_rect(center=box.center))

    def _dim(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((10, 6, 2, 170))
        surface.blit(veil, (0, 0))

    def _draw_handoff(self, surface: pygame.Surface) -> None:
        self._dim(surface)
        player = self.state.players[self.handoff_to]
        panel = pygame.Rect(0, 0, 520, 220)
        panel.center = (surface.get_width() // 2, surface.get_height() // 2)
        textures.draw_panel(surface, panel, "parchment", radius=16)
        title = widgets.text(f"{player.name}, your move", 30, theme.seat_colour(self.handoff_to), "title", (40, 26, 12))
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 30)))
        sub = widgets.text("Pass the mouse, then continue.", 17, theme.INK)
        surface.blit(sub, sub.get_rect(midtop=(panel.centerx, panel.y + 84)))
        self.handoff_button.draw(surface)

    def _draw_game_over(self, surface: pygame.Surface) -> None:
        self._dim(surface)
        panel = pygame.Rect(0, 0, 560, 260)
        panel.center = (surface.get_width() // 2, surface.get_height() // 2)
        textures.draw_panel(surface, panel, "parchment", radius=16)
        names = ", ".join(self.state.players[s].name for s in self.state.winners) or "Nobody"
        title = widgets.text(f"{names} wins!", 32, theme.INK, "title")
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 34)))
        reason = widgets.text(self.state.end_reason or "", 16, theme.INK_SOFT)
        surface.blit(reason, reason.get_rect(midtop=(panel.centerx, panel.y + 92)))
        self.over_button.draw(surface)
