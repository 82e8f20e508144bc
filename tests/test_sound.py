"""Sound: effects made by tools/make_sounds.py, played at the settings' volume, silent without a device."""
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game import settings
from game.engine.state import Event
from game.ui.kit import sound, widgets
from uikit import click

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def fresh_settings():
    settings.reset_for_tests(settings.Settings())
    sound.history.clear()
    yield
    settings.reset_for_tests()


def test_every_effect_is_a_short_committed_wav():
    for name in sound.EFFECTS:
        with wave.open(str(sound.SOUNDS_DIR / f"{name}.wav")) as wav:
            seconds = wav.getnframes() / wav.getframerate()
            assert 0.02 < seconds < 2.0, name
    assert (sound.SOUNDS_DIR / "music.wav").exists()
    assert "`sounds/*.wav`" in (ROOT / "assets" / "LICENSES.md").read_text()


def test_the_committed_sounds_are_what_the_script_makes(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_sounds.py"), "--out", str(tmp_path)],
                   check=True, capture_output=True)
    for made in tmp_path.glob("*.wav"):
        assert made.read_bytes() == (sound.SOUNDS_DIR / made.name).read_bytes(), made.name


def test_no_audio_device_is_silent_and_harmless(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(sound, "_mixer_ok", None)
    assert sound.play("dice") is False
    assert sound.start_music() is False
    assert list(sound.history) == ["dice"]


def test_mute_plays_nothing(monkeypatch):
    settings.reset_for_tests(settings.Settings(mute=True))
    monkeypatch.setattr(sound, "_mixer", lambda: pytest.fail("a muted game must not touch the mixer"))
    assert sound.play("click") is False


def test_engine_events_sound_once_per_batch():
    events = [Event("dice", {"faces": [3]}), Event("hero_step", {}), Event("hero_step", {}), Event("dice", {}),
              Event("purse", {})]
    assert sound.for_events(events) == ["dice", "step"]


def test_a_button_clicked_with_the_mouse_clicks():
    clicked = []
    button = widgets.Button("Go", lambda: clicked.append(1), rect=(10, 10, 100, 40))
    click(button, (30, 30))
    assert clicked == [1] and list(sound.history) == ["click"]


def test_win_for_a_human_winner_lose_when_computers_beat_the_humans():
    class P:
        def __init__(self, kind):
            self.kind = kind

    class S:
        players = {1: P("human"), 2: P("computer")}
        winners = [1]
    assert sound.game_over(S) == "win"
    S.winners = [2]
    assert sound.game_over(S) == "lose"


def test_a_sound_that_cannot_be_written_raises_once_without_a_stray_traceback(tmp_path, monkeypatch):
    """make_sounds into a folder it cannot write to: one line, and no "Exception ignored in Wave_write"."""
    import gc
    import importlib.util
    import numpy as np
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    make_sounds = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_sounds)
    unraisable = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    (tmp_path / "click.wav").mkdir()                 # stands for a file that cannot be opened for writing
    with pytest.raises(OSError):
        make_sounds._write(tmp_path / "click.wav", np.zeros(100))
    gc.collect()
    assert unraisable == []
