"""The Settings screen (title screen and in-game menu): window, UI scale, speeds, hints, sound.

Every change takes effect at once and is written to the player's settings file
(``game.settings``), so it survives a restart.  ``apply_at_start(app)`` puts the
saved settings into effect when the game opens.
"""
from __future__ import annotations

import pygame

from game import settings
from game.ui.kit import sound, theme, widgets
from game.ui.kit.theme import px
from game.ui.menus.base import OverlayScene

SCALE_LABELS = [f"{round(s * 100)}%" for s in settings.UI_SCALES]


def apply_display(app, fullscreen: bool) -> None:
    """Switch the App's window between fullscreen and a resizable window, and lay every scene out again."""
    if app is None or not pygame.display.get_init():
        return
    from game.ui.app import fit_desktop
    try:
        if fullscreen:
            if not pygame.display.get_surface().get_flags() & pygame.FULLSCREEN:
                app.windowed_size = app.size        # the window comes back at this size
            app.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:   # the window's size before fullscreen, never larger than the screen (a 1024x600 screen
            # got a 1280x720 window back, its foot with the buttons off the screen)
            size = fit_desktop(getattr(app, "windowed_size", None) or theme.WINDOW_SIZE)
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error:
        return
    for scene in app.scenes:
        scene.layout(app.size)


def apply_scale(scale: float) -> None:
    theme.set_ui_scale(scale)


def apply_at_start(app) -> list[str]:
    """The saved settings in effect for a new window; the problems met reading them (for a message)."""
    chosen = settings.current()
    apply_scale(chosen.ui_scale)
    if chosen.fullscreen:
        apply_display(app, True)
    sound.start_music()
    return settings.take_messages()


class SettingsScene(OverlayScene):
    title = "Settings"
    panel_size = (760, 600)

    def __init__(self) -> None:
        super().__init__()
        now = settings.current()
        self.fullscreen = widgets.Checkbox("Fullscreen", now.fullscreen, self._set_fullscreen,
                                           tooltip="Fill the screen, or play in a window")
        self.scale = widgets.Toggle(SCALE_LABELS, self._scale_index(now.ui_scale), self._set_scale, size=14)
        self.battle_speed = widgets.Toggle(list(settings.BATTLE_SPEEDS),
                                           settings.BATTLE_SPEEDS.index(now.battle_speed), self._set_battle, size=14)
        self.computer_speed = widgets.Toggle(["Normal", "Fast"], settings.COMPUTER_SPEEDS.index(now.computer_speed),
                                             self._set_computer, size=14)
        self.hints = widgets.Checkbox("First-game hints", now.hints, lambda on: self._change(hints=on),
                                      tooltip="Point at the next sensible step on the board")
        self.hints_again = widgets.Button("Show every hint again", lambda: self._change(hints_seen=[]), size=14,
                                          tooltip="Hints you closed come back")
        self.sound_volume = widgets.Spinner(round(now.sound_volume * 100), 0, 100, 10,
                                            lambda v: self._change(sound_volume=v / 100), fmt=lambda v: f"{v}%",
                                            typeable=True)
        self.music_volume = widgets.Spinner(round(now.music_volume * 100), 0, 100, 10,
                                            lambda v: self._change(music_volume=v / 100), fmt=lambda v: f"{v}%",
                                            typeable=True)
        self.mute = widgets.Checkbox("Mute", now.mute, lambda on: self._change(mute=on), tooltip="No sound at all")
        self.back = widgets.Button("Back", self.close, size=18, tooltip="Esc")
        self.rows = [("Window", self.fullscreen), ("Text and panels", self.scale), ("Battle speed", self.battle_speed),
                     ("Computer players", self.computer_speed), ("Guidance", self.hints), ("", self.hints_again),
                     ("Sound effects", self.sound_volume), ("Music", self.music_volume), ("", self.mute)]
        self.widgets = [w for _, w in self.rows] + [self.back]

    @staticmethod
    def _scale_index(scale: float) -> int:
        return min(range(len(settings.UI_SCALES)), key=lambda i: abs(settings.UI_SCALES[i] - scale))

    def _change(self, **changes) -> None:
        settings.update(**changes)
        if {"sound_volume", "music_volume", "mute"} & set(changes):
            sound.apply_settings()
            sound.play("click")
        for message in settings.take_messages():
            self.toast.show(message)

    def _set_fullscreen(self, on: bool) -> None:
        self._change(fullscreen=on)
        apply_display(self.app, on)

    def _set_scale(self, index: int) -> None:
        self._change(ui_scale=settings.UI_SCALES[index])
        apply_scale(settings.UI_SCALES[index])
        if self.app is not None:
            for scene in self.app.scenes:
                scene.layout(self.app.size)

    def _set_battle(self, index: int) -> None:
        self._change(battle_speed=settings.BATTLE_SPEEDS[index])

    def _set_computer(self, index: int) -> None:
        speed = settings.COMPUTER_SPEEDS[index]
        self._change(computer_speed=speed)
        session = getattr(getattr(self.below, "game", self.below), "session", None)
        if session is not None:               # the game under the menu follows at once
            session.speed = speed

    def layout(self, size) -> None:
        super().layout(size)
        self.scale_widgets()
        p = self.panel
        top = px(84)
        y = p.y + top
        label_w = min(px(230), p.w // 3)
        step = min(px(48), (p.h - top - px(100)) // len(self.rows))      # a short window: closer rows
        for label, widget in self.rows:
            h = min(px(34), step - px(6))
            w = p.w - label_w - px(70)
            if isinstance(widget, widgets.Spinner):
                w = min(w, px(200))
            elif isinstance(widget, widgets.Button):
                w = min(w, px(240))
            widget.rect = pygame.Rect(p.x + px(30) + label_w, y, w, h)
            y += step
        self.back.rect = pygame.Rect(0, 0, px(200), px(44))
        self.back.rect.midbottom = (p.centerx, p.bottom - px(18))

    def draw_content(self, surface) -> None:
        for label, widget in self.rows:
            if label:
                img = widgets.text(label, px(17), theme.INK, "bold")
                surface.blit(img, img.get_rect(midleft=(self.panel.x + px(36), widget.rect.centery)))
        size, words = widgets.fit_label(f"Kept in {settings.userdata.settings_path()}", px(12),
                                        self.panel.w - px(40), "body")
        note = widgets.text(words, size, theme.INK_SOFT)
        surface.blit(note, note.get_rect(midbottom=(self.panel.centerx, self.back.rect.y - px(8))))
