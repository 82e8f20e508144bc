"""The player's settings: one human-readable TOML file in the player's data folder.

``load()`` never fails: a missing file gives the defaults; a file that cannot be
read gives the defaults plus a message naming the file and what was wrong (the
broken file is kept beside it as ``settings.toml.broken`` and replaced by the
defaults); a wrong value falls back to that key's default with a message naming
the key. ``current()`` is the settings the running game uses.

Changing a setting (``update``) changes only that key's line of the player's file:
its comments, blank lines, unknown keys and the rest of each line stay as written,
and a key the file lacks is added with its comment. Only a new file is written in
full; a file that is damaged by then is set aside as at ``load`` and written anew.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from game import userdata

UI_SCALES = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5)
BATTLE_SPEEDS = ("Normal", "Fast", "Instant")     # the battle screen's speed toggle
COMPUTER_SPEEDS = ("normal", "fast")              # GameSession speeds


@dataclass
class Settings:
    """The player's settings (``settings.toml``), as the Settings screen shows them."""
    fullscreen: bool = False
    ui_scale: float = 1.0           # text and panels
    battle_speed: str = "Normal"
    computer_speed: str = "normal"
    hints: bool = True              # first-game guidance
    sound_volume: float = 0.8       # 0.0 .. 1.0
    music_volume: float = 0.5
    mute: bool = False
    hints_seen: list[str] = field(default_factory=list)   # guidance the player dismissed

    @property
    def effects_gain(self) -> float:
        return 0.0 if self.mute else self.sound_volume


_CHOICES = {"ui_scale": UI_SCALES, "battle_speed": BATTLE_SPEEDS, "computer_speed": COMPUTER_SPEEDS}
_VOLUMES = ("sound_volume", "music_volume")


def _checked(name: str, value, default):
    """``value`` for the key ``name``, or an explanation of what to write instead."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            return None, f"'{name}' must be true or false"
        return value, None
    if name in _VOLUMES:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            return None, f"'{name}' must be a number from 0.0 to 1.0"
        return float(value), None
    if name == "ui_scale":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.75 <= value <= 1.5:
            return None, f"'ui_scale' must be a number from 0.75 to 1.5 (e.g. {', '.join(map(str, UI_SCALES))})"
        return float(value), None
    if name in _CHOICES:
        if value not in _CHOICES[name]:
            return None, f"'{name}' must be one of {', '.join(map(repr, _CHOICES[name]))}"
        return value, None
    if name == "hints_seen":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return None, "'hints_seen' must be a list of names"
        return list(value), None
    return value, None


def from_dict(data: dict, where: str = "settings") -> tuple[Settings, list[str]]:
    """Settings from parsed data; every problem becomes a message and that key's default."""
    defaults = Settings()
    values, problems = {}, []
    known = {f.name for f in dataclasses.fields(Settings)}
    for name, value in data.items():
        if name not in known:
            problems.append(f"{where}: unknown key '{name}' is ignored (known keys: {', '.join(sorted(known))})")
            continue
        checked, problem = _checked(name, value, getattr(defaults, name))
        if problem:
            problems.append(f"{where}: {problem}; using the default {getattr(defaults, name)!r}")
        else:
            values[name] = checked
    return Settings(**values), problems


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return repr(value)


_COMMENTS = {
    "fullscreen": "true: fill the screen; false: a window",
    "ui_scale": "size of text and panels, 0.75 to 1.5",
    "battle_speed": '"Normal", "Fast" or "Instant"',
    "computer_speed": 'how fast computer players play: "normal" or "fast"',
    "hints": "first-game guidance: what to do next",
    "sound_volume": "0.0 to 1.0",
    "music_volume": "0.0 to 1.0",
    "mute": "true: no sound at all",
    "hints_seen": "guidance already dismissed (empty it to see every hint again)",
}


def to_toml(settings: Settings) -> str:
    lines = ["# Fuzzy Knights settings. Edit freely; a wrong value falls back to its default.", ""]
    for f in dataclasses.fields(Settings):
        lines.append(f"# {_COMMENTS[f.name]}")
        lines.append(f"{f.name} = {_toml_value(getattr(settings, f.name))}")
    return "\n".join(lines) + "\n"


def load(path: str | Path | None = None) -> tuple[Settings, list[str]]:
    """The settings in ``path`` (default: the player's settings file) and any problems found."""
    path = Path(path) if path is not None else userdata.settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), []
    except (OSError, UnicodeDecodeError) as exc:
        return _replace_broken(path, f"cannot be read ({exc})")
    import tomllib     # only with a settings file: the first screen of a new player does without (5 ms)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return _replace_broken(path, f"is not valid TOML ({exc})")
    return from_dict(data, str(path))


def _replace_broken(path: Path, why: str) -> tuple[Settings, list[str]]:
    settings = Settings()
    message = f"{path} {why}: the default settings are used"
    aside = userdata.set_aside(path)
    if aside is not None:
        message += f" (the old file is kept as {aside.name})"
        try:
            save(settings, path)
        except OSError:
            pass
    return settings, [message]


def save(settings: Settings, path: str | Path | None = None, keys: Iterable[str] | None = None) -> list[str]:
    """Write ``keys`` of ``settings`` (default: all) to ``path`` (default: the player's file) and return what
    the player should be told. A new file is written whole, a comment above each key. In a file that is
    there only the values that differ change, each in its own line, the rest as the player wrote it (every
    change wrote the file anew: the player's comments and lines were lost). A file that cannot be read or is
    not TOML is set aside, as ``load`` does, and written anew."""
    from game.engine.save import write_atomic
    path = Path(path) if path is not None else userdata.settings_path()
    names = [f.name for f in dataclasses.fields(Settings)] if keys is None else list(keys)
    try:
        text = path.read_bytes().decode("utf-8")          # bytes: its line endings stay as they are
    except FileNotFoundError:
        write_atomic(path, to_toml(settings))
        return []
    except (OSError, UnicodeDecodeError) as exc:
        return _write_anew(settings, path, f"cannot be read ({exc})")
    import tomllib
    try:
        edited = _with_values(text, {name: getattr(settings, name) for name in names})
    except tomllib.TOMLDecodeError as exc:
        return _write_anew(settings, path, f"is not valid TOML ({exc})")
    except _CannotEdit as exc:
        return _write_anew(settings, path, f"could not be changed in place ({exc})")
    if edited != text:
        write_atomic(path, edited, newline="")
    return []


def _write_anew(settings: Settings, path: Path, why: str) -> list[str]:
    """Set a damaged file aside, kept whole for the player to mend, and write ``settings`` in its place."""
    from game.engine.save import write_atomic
    aside = userdata.set_aside(path)
    if aside is None:
        return [f"{path} {why}: the settings are not saved, the file is left as it is"]
    write_atomic(path, to_toml(settings))
    return [f"{path} {why}: the settings are written anew (the old file is kept as {aside.name})"]


class _CannotEdit(ValueError):
    """A key the file holds in a form not found in its lines (no known way to write it in place)."""


def _same(old, new) -> bool:
    return isinstance(old, bool) == isinstance(new, bool) and old == new


def _with_values(text: str, values: dict) -> str:
    """``text``, a TOML file, with the top-level keys of ``values`` set to them. A key's value is replaced where
    it stands (over several lines if it spans them) and the rest of its last line (a comment) stays; a key the
    text lacks is added, with its comment, after the top-level keys (before the first table). Raises
    TOMLDecodeError for a text that is not TOML."""
    import tomllib
    data = tomllib.loads(text)
    lines = re.findall(r"[^\n]*\n|[^\n]+\Z", text)        # each with its line ending (only "\n" ends a line)
    newline = "\r\n" if "\r\n" in text else "\n"

    def parsed(upto: int, more: str = "") -> dict | None:
        """The first ``upto`` lines (and ``more``) as TOML; None where they end inside a statement."""
        try:
            return tomllib.loads("".join(lines[:upto]) + more)
        except tomllib.TOMLDecodeError:
            return None

    def whole(upto: int) -> bool:
        return parsed(upto) is not None

    # the top-level keys stand above the first table header ("[" starting a line between statements)
    top = next((i for i, line in enumerate(lines) if line.lstrip().startswith("[") and whole(i)), len(lines))
    missing = []
    for name, value in values.items():
        if name not in data:
            missing.append(name)
            continue
        if _same(data[name], value):
            continue
        key = re.compile(r"[ \t]*(?:{0}|\"{0}\"|'{0}')[ \t]*=[ \t]*".format(re.escape(name)))
        start = next((i for i in range(top) if key.match(lines[i]) and whole(i)), None)
        if start is None:
            raise _CannotEdit(f"'{name}' is not written as 'name = value'")
        end = next(j for j in range(start + 1, len(lines) + 1) if name in (parsed(j) or {}))
        last = lines[end - 1]
        body = last.rstrip("\r\n")
        first = key.match(lines[start]).end() if end - 1 == start else 0
        cut = next((p for p in range(first, len(body))
                    if body[p] == "#" and name in (parsed(end - 1, body[:p]) or {})), len(body))
        kept = body[len(body[:cut].rstrip()):]          # the spaces and the comment after the value
        lines[start:end] = [lines[start][:key.match(lines[start]).end()] + _toml_value(value) + kept
                            + last[len(body):]]
        top -= end - 1 - start
    if missing:
        at = top
        if top < len(lines):        # a table follows: the new keys go above the comments and blank lines before it
            while at > 0 and (not lines[at - 1].strip() or lines[at - 1].lstrip().startswith("#")):
                at -= 1
        if at > 0 and not lines[at - 1].endswith(("\n", "\r")):
            lines[at - 1] += newline
        lines[at:at] = [f"# {_COMMENTS[name]}{newline}{name} = {_toml_value(values[name])}{newline}"
                        for name in missing]
    out = "".join(lines)
    written = tomllib.loads(out)
    wrong = [name for name, value in values.items() if not _same(written.get(name), value)]
    if wrong or {k: v for k, v in written.items() if k not in values} != {k: v for k, v in data.items() if k not in values}:
        raise _CannotEdit(f"writing {', '.join(wrong) or 'them'} changed other keys")
    return out


# --- the settings of the running game --------------------------------------------------
_current: Settings | None = None
_messages: list[str] = []


def current() -> Settings:
    global _current, _messages
    if _current is None:
        _current, _messages = load()
    return _current


def take_messages() -> list[str]:
    """Problems met loading the settings file, once (for the screen to show)."""
    global _messages
    current()
    messages, _messages = _messages, []
    return messages


def update(**changes) -> Settings:
    """Change the running settings and write them to the player's file (a write failure is not fatal)."""
    global _current
    _current = dataclasses.replace(current(), **changes)
    try:
        _messages.extend(save(_current, keys=changes))
    except OSError as exc:
        _messages.append(f"cannot write the settings to {userdata.settings_path()}: {exc}")
    return _current


def reset_for_tests(settings: Settings | None = None) -> None:
    global _current, _messages
    _current, _messages = settings, []
