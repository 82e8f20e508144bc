"""The board's comfort controls: Undo (button, Ctrl+Z or U), Equip on the selected hero's card, the hints.

``BoardComfort(scene).widgets()`` is added to the board scene's widgets after
each rebuild; everything goes through the session like every other action.
"""
from __future__ import annotations

import pygame

from game import engine as A      # its action classes (A.Move, ...): loaded when first used (game.engine)
from game.names import state_item_name
from game.ui.kit import theme, widgets
from game.ui.kit.hints import HintPanel

UNDO_KEYS = (pygame.K_u,)


class UndoButton(widgets.Button):
    """Takes back the last quiet move; its tooltip says why when it cannot (R-DICE-5: no re-rolls)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.visible and (
                event.key in UNDO_KEYS and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
                or event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            if self.on_click:
                self.on_click()
            return True
        return super().handle_event(event)


class BoardComfort:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.undo_button = UndoButton("Undo", self.undo, icon="move", size=15)
        self.equip_button = widgets.Button("Equip", self.open_equip, icon="item", size=14,
                                           tooltip="Choose the items this hero fights with (R-ITEM-3)")
        self.hints = HintPanel(scene)
        self._checked: tuple | None = None
        self._reason: str | None = None

    # undo -----------------------------------------------------------------------------------
    def undo_reason(self) -> str | None:
        """Why the last action cannot be undone (None: it can); a replay decides, so it is kept per action."""
        state = self.scene.state
        key = (len(state.actions), id(state.actions[-1]) if state.actions else None)
        if key != self._checked:
            self._checked, self._reason = key, self.scene.session.undo_refusal()
        return self._reason

    def undo(self) -> None:
        scene = self.scene
        if not scene.human_to_act() or scene.walks or scene.dialog is not None:
            return
        outcome = scene.session.undo()
        if not outcome.ok:
            scene.toast.show(outcome.reason)
            return
        from game.ui.board.action_labels import label
        scene.log_lines.append(f"↶ Undone: {label(scene.state, outcome.undone)}")
        scene._remember_positions()
        scene.refresh()

    # equip ------------------------------------------------------------------------------------
    def _hero(self):
        scene = self.scene
        hero = scene.state.heroes.get(scene.selected) if scene.selected else None
        return hero if hero is not None and hero.owner == scene.actor else None

    def open_equip(self) -> None:
        from game.ui.board.dialogs import Dialog
        scene, hero = self.scene, self._hero()
        if hero is None or not scene.human_to_act():
            return
        rows = []
        for item in hero.items:
            on = item.id in hero.equipped
            button = widgets.Button("Equipped" if on else "Equip", (lambda i=item.id: self.equip(i)), size=14)
            button.enabled = not on
            rows.append((state_item_name(scene.state, item), button))
        scene.dialog = Dialog(f"{hero.name or 'Hero'}: equipment", ["One item of each type fights (R-ITEM-3)."],
                              [("Done", scene.close_dialog)], rows=rows, width=560, cancel=scene.close_dialog,
                              key="ui:equip", icon="item")
        scene._layout_dialog()

    def equip(self, item_id: int) -> None:
        hero = self._hero()
        if hero is not None and self.scene.submit(A.EquipItem(hero.owner, hero.id, item_id)):
            self.open_equip()

    def _place_equip(self, hero) -> None:
        """On the hero list's heading, right of "<player>'s heroes" (the cards themselves are full)."""
        side = self.scene.side
        name = hero.name or "the hero"
        self.equip_button.tooltip = f"Choose the items {name} fights with, anywhere on the map (R-ITEM-3)"
        px = theme.px
        self.equip_button.fit_to_scale()
        heading = widgets.text(f"{self.scene.state.players[hero.owner].name}'s heroes", px(20), style="heading")
        free = side.right - px(12) - (side.x + px(16) + heading.get_width() + px(8))
        self.equip_button.label = "Equip" if free >= px(84) else ""
        width = px(84) if self.equip_button.label else px(36)
        self.equip_button.rect = pygame.Rect(side.right - px(12) - width, side.y + px(9), width, px(30))

    def covers(self, pos) -> bool:
        """The mouse is on one of these controls (the board's own tooltip stays away)."""
        return any(w.visible and w.rect.collidepoint(pos)
                   for w in (self.undo_button, self.equip_button, self.hints.box))

    def hide_hint_when_covered(self) -> None:
        """A dialog or a screen over the board (the Daybreak panel) hides the hint: it would show half
        under it, and what it says belongs to the board beneath."""
        scene = self.scene
        covered = scene.dialog is not None or (scene.app is not None and scene.app.scene is not scene)
        shown = self.hints.hint is not None and not covered
        for w in (self.hints.box, self.hints.got_it, self.hints.stop):
            w.visible = shown

    def rects(self) -> list[pygame.Rect]:
        """Where these controls lie over the board (the hovered tile and the path are drawn under them)."""
        return [w.rect.copy() for w in (self.undo_button, self.equip_button, self.hints.box, self.hints.got_it,
                                        self.hints.stop) if w.visible]

    # the widgets --------------------------------------------------------------------------------
    def widgets(self) -> list[widgets.Widget]:
        scene = self.scene
        human = scene.human_to_act()
        state = scene.state
        self.undo_button.visible = human and state.phase == "turn"
        if self.undo_button.visible:
            reason = self.undo_reason()
            self.undo_button.enabled = reason is None
            self.undo_button.tooltip = "Take back the last move (Ctrl+Z or U)" if reason is None else reason
        log = scene.log_rect
        px = theme.px
        self.undo_button.fit_to_scale()
        self.undo_button.rect = pygame.Rect(log.right + px(12), log.bottom - px(42), px(110), px(42))
        hero = self._hero()
        card = next((c for c in scene.hero_buttons if c.hero_id == getattr(hero, "id", None)), None)
        # shown when there is a choice: an item the hero carries but does not fight with
        spare = hero is not None and any(i.id not in hero.equipped for i in hero.items)
        self.equip_button.visible = bool(human and card is not None and spare and state.battle is None
                                         and not state.pending)
        if self.equip_button.visible:
            self._place_equip(hero)
        area = pygame.Rect(log.x, log.y - 22, log.w, 0)      # above the log's own caption line
        return [self.undo_button, self.equip_button] + self.hints.widgets(area)
