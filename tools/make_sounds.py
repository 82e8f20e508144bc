"""Synthesise the game's sound effects into ``assets/sounds/*.wav`` (numpy only, no samples).

    python tools/make_sounds.py [--out assets/sounds]

Every sound is built from sine, triangle and noise with simple envelopes, from
a fixed seed, so running the script again gives the same files.
"""
from __future__ import annotations

import argparse
import sys
import wave
from pathlib import Path
from typing import TYPE_CHECKING

# numpy loads in the functions that use it, after the arguments are read: --help and a bad argument answer
# without it.
if TYPE_CHECKING:
    import numpy as np

RATE = 22050
ROOT = Path(__file__).resolve().parents[1]


def _t(seconds: float) -> np.ndarray:
    import numpy as np
    return np.arange(int(RATE * seconds)) / RATE


def _sine(freq, seconds: float) -> np.ndarray:
    import numpy as np
    return np.sin(2 * np.pi * np.asarray(freq) * _t(seconds))


def _triangle(freq: float, seconds: float) -> np.ndarray:
    import numpy as np
    phase = (freq * _t(seconds)) % 1.0
    return 4 * np.abs(phase - 0.5) - 1


def _decay(seconds: float, rate: float) -> np.ndarray:
    import numpy as np
    return np.exp(-rate * _t(seconds))


def _adsr(n: int, attack: float = 0.01, release: float = 0.1) -> np.ndarray:
    import numpy as np
    env = np.ones(n)
    a, r = max(1, int(attack * RATE)), max(1, int(release * RATE))
    env[:a] = np.linspace(0, 1, a)
    env[-r:] *= np.linspace(1, 0, r)
    return env


def _place(total: np.ndarray, sound: np.ndarray, at: float) -> None:
    start = int(at * RATE)
    end = min(len(total), start + len(sound))
    total[start:end] += sound[:end - start]


def _lowpass(signal: np.ndarray, keep: float) -> np.ndarray:
    """One-pole low-pass: ``keep`` near 1 is darker."""
    import numpy as np
    out = np.empty_like(signal)
    acc = 0.0
    for i, v in enumerate(signal):
        acc = keep * acc + (1 - keep) * v
        out[i] = acc
    return out


def click() -> np.ndarray:
    return 0.5 * _sine(1400, 0.04) * _decay(0.04, 120) + 0.3 * _sine(700, 0.04) * _decay(0.04, 90)


def dice(rng: np.random.Generator) -> np.ndarray:
    import numpy as np
    total = np.zeros(int(RATE * 0.45))
    for at in sorted(rng.uniform(0.0, 0.32, 6)):
        knock = rng.uniform(-1, 1, int(RATE * 0.03)) * _decay(0.03, 160)
        knock += 0.6 * _sine(rng.uniform(1800, 2600), 0.03) * _decay(0.03, 200)
        _place(total, 0.5 * knock, at)
    return total


def step(rng: np.random.Generator) -> np.ndarray:
    thump = _sine(95, 0.09) * _decay(0.09, 45)
    scuff = _lowpass(rng.uniform(-1, 1, len(thump)), 0.85) * _decay(0.09, 60)
    return 0.7 * thump + 0.8 * scuff


def hit(rng: np.random.Generator) -> np.ndarray:
    crash = _lowpass(rng.uniform(-1, 1, int(RATE * 0.22)), 0.5) * _decay(0.22, 22)
    clang = (_sine(520, 0.22) + 0.6 * _sine(1310, 0.22)) * _decay(0.22, 18)
    body = _sine(120, 0.22) * _decay(0.22, 25)
    return 0.6 * crash + 0.25 * clang + 0.5 * body


def _notes(freqs: list[float], each: float, tail: float, wave_fn=_triangle) -> np.ndarray:
    import numpy as np
    total = np.zeros(int(RATE * (each * len(freqs) + tail)))
    for i, freq in enumerate(freqs):
        length = each + tail if i == len(freqs) - 1 else each * 1.6
        tone = wave_fn(freq, length) * _adsr(int(RATE * length), 0.01, length * 0.6)
        _place(total, 0.45 * tone, i * each)
    return total


def win() -> np.ndarray:
    return _notes([523.25, 659.25, 783.99, 1046.5], 0.13, 0.45)


def lose() -> np.ndarray:
    return _notes([440.0, 349.23, 293.66, 220.0], 0.2, 0.5)


def daybreak() -> np.ndarray:
    import numpy as np
    seconds = 1.2
    chord = sum(_sine(f, seconds) * w for f, w in ((392.0, 0.5), (493.88, 0.35), (587.33, 0.3), (783.99, 0.15)))
    swell = np.minimum(1, _t(seconds) / 0.35) * np.exp(-2.2 * np.maximum(0, _t(seconds) - 0.35))
    return 0.35 * chord * swell


def music() -> np.ndarray:
    """A quiet 16-second loop of soft chords (I-vi-IV-V in C) for the menus and the board."""
    import numpy as np
    chords = [(261.63, 329.63, 392.0), (220.0, 261.63, 329.63), (174.61, 220.0, 261.63), (196.0, 246.94, 293.66)]
    bar = 4.0
    total = np.zeros(int(RATE * bar * len(chords)))
    for i, chord in enumerate(chords):
        tone = sum(_sine(f, bar) + 0.25 * _sine(2 * f, bar) for f in chord)
        _place(total, 0.12 * tone * _adsr(int(RATE * bar), 0.8, 1.2), i * bar)
    return total


def _write(path: Path, samples: np.ndarray, step: int = 1) -> None:
    """16-bit mono; ``step`` 2 halves the sample rate (the soft music loses nothing, the file half its size)."""
    import numpy as np
    samples = samples[::step]
    peak = float(np.max(np.abs(samples))) or 1.0
    pcm = (samples / peak * 0.8 * 32767).astype("<i2")
    # The file is opened first: wave.open failing on it left a half-made writer whose clean-up
    # printed a traceback ("Exception ignored in: Wave_write.__del__") after the one-line message.
    with open(path, "wb") as handle, wave.open(handle, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE // step)
        out.writeframes(pcm.tobytes())


def build_all() -> dict[str, np.ndarray]:
    import numpy as np
    rng = np.random.default_rng(7)
    return {"click": click(), "dice": dice(rng), "step": step(rng), "hit": hit(rng), "win": win(),
            "lose": lose(), "daybreak": daybreak(), "music": music()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "assets" / "sounds"), help="folder for the .wav files")
    args = parser.parse_args(argv)
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, samples in build_all().items():
            _write(out / f"{name}.wav", samples, 2 if name == "music" else 1)
            print(f"{out / (name + '.wav')}: {len(samples) / RATE:.2f} s")
    except OSError as exc:
        print(f"make_sounds: cannot write to {out}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from game.cli import run_tool
    sys.exit(run_tool(main))
