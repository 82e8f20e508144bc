"""Sound effects and the music loop, at the volumes of the player's settings.

``play("dice")`` plays ``assets/sounds/dice.wav`` (made by ``tools/make_sounds.py``).
Without an audio device, without the files, or muted, every call is silent
and harmless. ``for_events(events)`` plays what a batch of engine events
sounds like (each sound once per batch).
"""
from __future__ import annotations

import os
from collections import deque
from contextlib import contextmanager

import pygame

from game import resources, settings

SOUNDS_DIR = resources.sounds_dir()
EFFECTS = ("click", "dice", "step", "hit", "win", "lose", "daybreak")
# Engine event kind -> effect.
EVENT_SOUNDS = {"dice": "dice", "hero_step": "step", "exchange": "hit", "squad_destroyed": "hit",
                "daybreak": "daybreak", "day_started": "daybreak", "battle_started": "hit"}

history: deque[str] = deque(maxlen=50)    # effects asked for, audible or not (for tests and debugging)
_mixer_ok: bool | None = None
_cache: dict[str, object] = {}


def _mixer() -> bool:
    global _mixer_ok
    if _mixer_ok is None:
        try:
            with _quiet_stderr():
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            _mixer_ok = True
        except (pygame.error, NotImplementedError):   # no audio device, or no mixer in this pygame
            _mixer_ok = False
    return _mixer_ok


@contextmanager
def _quiet_stderr():
    """The sound libraries print their search for a device (ALSA "cannot find card") straight to the
    process's stderr; a machine without sound should start as quietly as one with it."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _sound(name: str):
    if name not in _cache:
        try:
            _cache[name] = pygame.mixer.Sound(str(SOUNDS_DIR / f"{name}.wav"))
        except (pygame.error, FileNotFoundError, OSError):
            _cache[name] = None
    return _cache[name]


def play(name: str) -> bool:
    """Play one effect; True when it was actually sent to the speakers."""
    history.append(name)
    gain = settings.current().effects_gain
    if gain <= 0 or not _mixer():
        return False
    effect = _sound(name)
    if effect is None:
        return False
    effect.set_volume(gain)
    effect.play()
    return True


def for_events(events) -> list[str]:
    """Play the effects of a batch of engine events, each once; the names played (or meant to be)."""
    names = list(dict.fromkeys(EVENT_SOUNDS[e.kind] for e in events if e.kind in EVENT_SOUNDS))
    for name in names:
        play(name)
    return names


def music_gain() -> float:
    chosen = settings.current()
    return 0.0 if chosen.mute else chosen.music_volume


def start_music() -> bool:
    """Loop the music at the settings' volume (or stop it at volume 0); False when silent."""
    if not _mixer():
        return False
    try:
        if music_gain() <= 0:
            pygame.mixer.music.stop()
            return False
        if not pygame.mixer.music.get_busy():
            pygame.mixer.music.load(str(SOUNDS_DIR / "music.wav"))
            pygame.mixer.music.play(-1)
        pygame.mixer.music.set_volume(music_gain())
        return True
    except (pygame.error, FileNotFoundError, OSError):
        return False


def apply_settings() -> None:
    """After the settings changed: the music follows at once; effects read the volume when played."""
    start_music()


def game_over(state) -> str:
    """Fanfare when a human player won (or computers only play), the sad tune when computers beat the humans."""
    humans = [s for s, p in state.players.items() if p.kind == "human"]
    won = not humans or any(s in humans for s in state.winners)
    name = "win" if won else "lose"
    play(name)
    return name
