"""First-game guidance: a small panel on the board pointing at the next sensible step.

``next_hint(scene)`` reads the board scene (whose move, the selected hero, the
phase) and returns the hint to show, or None.  The player closes one hint with
"Got it" (remembered in the settings' ``hints_seen``, never shown again) or all
of them with "No more hints" (the settings' ``hints`` switch, also on the
Settings screen).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import settings
from game.ui.kit import theme, widgets
from game.ui.kit.rich_text import render


@dataclass(frozen=True)
class Hint:
    """A first-game hint: its text, and the key it is remembered by once dismissed."""
    key: str          # remembered once dismissed
    text: str


HINTS = {
    "capital": "Your capital: click a lit tile to found it (R-SET-4).",
    "daybreak_recruit": "Daybreak: click your City 🏰 to recruit a hero ({hero_cost}), then End Daybreak.",
    "daybreak": "Daybreak: your City builds and recruits now. Click it, or End Daybreak (Space) to go on.",
    "roll": "Roll 🐎 (the Roll button, R, the card's 🎲 roll, or click the selected hero): its movement for this turn (R-MOV-1).",
    "move": "Hover a tile to see the path, its 🐎 cost and your chance to win; click a lit tile to walk there.",
    "siege": "A walled City cannot be attacked until it is besieged: the Siege button spends 🐎{siege_cost} (R-CITY-2).",
    "pickup": "Items and resources lie here: Pick up here takes them (🐎{pickup_cost} each, R-MOV-3).",
    "undo": "Walked the wrong way? Undo (Ctrl+Z) takes back a move that revealed nothing random.",
    "end_turn": "Your heroes have moved: End turn (Space) hands over to the next player.",
    "no_heroes": "No heroes: recruit one in your City at your next Daybreak.",
}


def next_hint(scene) -> Hint | None:
    """The step a new player should take next on the board, if any hint is still wanted."""
    chosen = settings.current()
    if not chosen.hints or not scene.human_to_act() or scene.dialog is not None:
        return None
    for key in _candidates(scene):
        if key not in chosen.hints_seen:
            return Hint(key, HINTS[key].format(**rule_numbers(scene.state.rules)))
    return None


def rule_numbers(rules) -> dict[str, str]:
    """The ruleset's numbers the hints quote (a playtester's rules file changes them)."""
    from game.engine.purse import describe
    return {"hero_cost": describe(rules["recruits"]["hero"]["cost"]), "siege_cost": str(rules["cities"]["siege_cost"]),
            "pickup_cost": str(rules["movement"]["pickup_cost"])}


def _candidates(scene) -> list[str]:
    state = scene.state
    seat = scene.actor
    pending = state.pending[0].kind if state.pending else None
    if pending == "place_capital":
        return ["capital"]
    if pending or state.battle is not None:
        return []
    if state.phase == "daybreak":
        return ["daybreak_recruit" if not state.heroes_of(seat) and state.cities_of(seat) else "daybreak"]
    if state.phase != "turn":
        return []
    heroes = state.heroes_of(seat)
    if not heroes:
        return ["no_heroes"]
    hero = state.heroes.get(scene.selected) if scene.selected else None
    found = []
    if hero is not None and hero.owner == seat:
        if any(b.label.startswith("Siege") for b in scene.action_buttons):
            found.append("siege")
        if any(b.label.startswith("Pick up") for b in scene.action_buttons):
            found.append("pickup")
        if hero.moves_left is None:
            found.append("roll")
        elif hero.moves_left > 0:
            walked = state.actions and type(state.actions[-1]).__name__ == "Move"
            # a walk that revealed something random cannot be undone: no hint pointing at a greyed button
            found += ["undo"] if walked and scene.comfort.undo_reason() is None else []
            found.append("move")
    if not scene.heroes_with_moves():
        found.append("end_turn")
    return found


class HintBox(widgets.Widget):
    """The parchment strip holding the hint's text (its buttons are separate widgets)."""

    def __init__(self) -> None:
        super().__init__((0, 0, 0, 0))
        self.label = ""

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        # a click on the box is not a click on the board beneath it
        return (self.visible and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                and self.rect.collidepoint(event.pos))

    def draw(self, surface: pygame.Surface) -> None:
        box = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (250, 236, 196, 240), box.get_rect(), border_radius=10)
        pygame.draw.rect(box, theme.GOLD, box.get_rect(), 2, border_radius=10)
        surface.blit(box, self.rect)
        title = widgets.text("Hint", theme.px(13), (120, 52, 20), "bold")
        surface.blit(title, (self.rect.x + theme.px(12), self.rect.y + theme.px(6)))
        y = self.rect.y + theme.px(24)
        for line in widgets.wrap(self.label, theme.px(14), self.rect.w - theme.px(24))[:2]:
            surface.blit(render(line, theme.px(14), theme.INK), (self.rect.x + theme.px(12), y))
            y += theme.px(19)


class HintPanel:
    """The hint box and its two buttons, as widgets the board scene draws and feeds events to."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.hint: Hint | None = None
        self.box = HintBox()
        self.got_it = widgets.Button("Got it", self.dismiss, size=13, tooltip="Do not show this hint again")
        self.stop = widgets.Button("No more hints", self.stop_all, size=13,
                                   tooltip="Turn guidance off (Settings can turn it back on)")

    def widgets(self, area: pygame.Rect) -> list[widgets.Widget]:
        """Place the panel in ``area`` (x, bottom y and width are used) and return its widgets."""
        self.hint = next_hint(self.scene)
        shown = self.hint is not None
        for w in (self.box, self.got_it, self.stop):
            w.visible = shown
        if not shown:
            return [self.box, self.got_it, self.stop]
        self.box.label = self.hint.text
        px = theme.px
        self.got_it.fit_to_scale()
        self.stop.fit_to_scale()
        self.box.rect = pygame.Rect(area.x, area.bottom - px(98), area.w, px(96))
        self.stop.rect = pygame.Rect(self.box.rect.right - px(124), self.box.rect.bottom - px(32), px(114), px(26))
        self.got_it.rect = pygame.Rect(self.stop.rect.x - px(84), self.stop.rect.y, px(76), px(26))
        return [self.box, self.got_it, self.stop]

    def dismiss(self) -> None:
        if self.hint is not None:
            settings.update(hints_seen=settings.current().hints_seen + [self.hint.key])
        self._after()

    def stop_all(self) -> None:
        settings.update(hints=False)
        self._after()

    def _after(self) -> None:
        self.hint = None
        refresh = getattr(self.scene, "refresh", None)
        if refresh is not None:
            refresh()
