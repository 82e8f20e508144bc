"""The hotseat cover inside a battle between two humans: one player's split stays hidden from the other.

The attacker arranges its squads, then the defender arranges, then the attacker chooses its first target;
the cover comes up at each of those changes of hands (not at every round: the rounds are fought in the
open). Only its button, Enter or Space lifts it, so the second click of a double click cannot.
"""
from __future__ import annotations

import pygame

from game.ui.kit import icons, textures, theme, widgets
from game.ui.kit.theme import px


class BattleHandoff:
    def __init__(self, on_ready) -> None:
        self.seat: int | None = None
        self.task = ""
        self._last_seat: int | None = None
        self._last_arranging = False
        self._pressed = False
        self.button = widgets.Button("I'm ready", self._ready, icon="hero", size=20)
        self._on_ready = on_ready

    @property
    def up(self) -> bool:
        return self.seat is not None

    def follow(self, seat: int | None, arranging: bool, both_human: bool) -> None:
        """The human ``seat`` is to choose now (arranging or picking a target): cover if the hands change
        around an arrangement in a battle between two humans."""
        if seat is None:
            return
        if both_human and self._last_seat is not None and seat != self._last_seat \
                and (arranging or self._last_arranging):
            self.seat = seat
            self.task = "arrange your squads" if arranging else "choose your target"
        self._last_seat, self._last_arranging = seat, arranging

    def _ready(self) -> None:
        self.seat = None
        self._on_ready()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Every event while the cover is up is the cover's."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self._ready()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed = self.button.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and not self._pressed:
            return True                          # the release of a click begun before the cover
        self.button.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface, name: str) -> None:
        w, h = surface.get_size()
        textures.dim_wood_backdrop(surface, seed=17, plank=120)
        panel = pygame.Rect(0, 0, min(w - px(40), px(680)), px(210))
        panel.center = (w // 2, h // 2)
        textures.draw_panel(surface, panel, "parchment", radius=px(16))
        pygame.draw.rect(surface, theme.WOOD_DARK, panel, 3, border_radius=px(16))
        img = icons.token_sprite("hero", self.seat, None, px(72))
        surface.blit(img, img.get_rect(midtop=(panel.centerx, panel.y - px(40))))
        size, words = widgets.fit_label(f"{name}, {self.task}", px(30), panel.w - px(40), "title")
        title = widgets.text(words, size, theme.seat_colour(self.seat), "title", (40, 26, 12))
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + px(40))))
        size, words = widgets.fit_label("Pass the mouse — the battle stays hidden until “I'm ready”.", px(16),
                                        panel.w - px(40), "body")
        sub = widgets.text(words, size, theme.INK)
        surface.blit(sub, sub.get_rect(midtop=(panel.centerx, panel.y + px(88))))
        self.button.rect = pygame.Rect(0, 0, px(260), px(56))
        self.button.rect.midtop = (panel.centerx, panel.y + px(124))
        self.button.draw(surface)
