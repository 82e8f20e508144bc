"""Checking what a save file holds before the game trusts any of it.

A save is outside input: it may be truncated, edited, huge, or not a file at
all. ``read_save_data`` reads only a regular file of at most ``MAX_SAVE_BYTES``
and parses it strictly (no NaN, no 1e999, no runaway nesting); the other
functions check each field against its type and range. Every problem is a
``SaveError`` whose message names the field.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import math
import os
import re
import stat
import types
import typing
from pathlib import Path
from typing import Any

from game.engine.actions import ACTIONS, action_from_json
from game.engine.setup import Seat

FORMAT = "fuzzyknights-save"
VERSION = 2          # 2: heroes named from a place the seed picks ("hero_names"); 1 named them by id
MAX_SAVE_BYTES = 16 * 1024 * 1024     # a 40-day game is about 60 KB
MAX_ACTIONS = 200_000
MAX_NUMBER = 2 ** 31 - 1              # ids, counts and seeds in a save stay within this
MAX_SEED = 2 ** 63 - 1
MAX_TEXT = 200                        # characters of a name or key
MAX_LIST = 10_000                     # entries of a path, squad list or token list
GAME_ID = re.compile(r"[0-9a-f]{6,32}")


class SaveError(ValueError):
    """A save that cannot be loaded as it is. ``good_moves``: when one of its actions no longer replays,
    how many before it do (the game can still be loaded as it stood then), and that moment's ``day``."""

    def __init__(self, message: str, good_moves: int | None = None, day: int | None = None) -> None:
        super().__init__(message)
        self.good_moves, self.day = good_moves, day


def map_title(reference: Any) -> str:
    """The map's name for a list of saves."""
    if not isinstance(reference, dict):
        return "?"
    if isinstance(reference.get("title"), str) and reference["title"]:
        return reference["title"][:MAX_TEXT]
    for key in ("name", "path"):
        if isinstance(reference.get(key), str):
            return Path(reference[key][:4096]).stem.replace("_", " ").title()
    return "Blank board" if "blank" in reference else "?"


def short(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10 ** 12:
        return f"a number of {len(str(abs(value)))} digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def whole_number(value: Any, where: str, low: int = -MAX_NUMBER, high: int = MAX_NUMBER) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveError(f"save field '{where}' must be a whole number, not {short(value)}")
    if not low <= value <= high:
        raise SaveError(f"save field '{where}' is {short(value)}: it must be from {low} to {high}")
    return value


def field(data: dict, name: str, kind: type | tuple) -> Any:
    if name not in data:
        raise SaveError(f"save field '{name}' is missing")
    if not isinstance(data[name], kind) or isinstance(data[name], bool) and kind is int:
        what = {int: "a whole number", str: "text", list: "a list [...]", dict: "a group of fields {...}"}.get(kind, "")
        raise SaveError(f"save field '{name}' must be {what}, not {short(data[name])}" if what
                        else f"save field '{name}' has the wrong type ({type(data[name]).__name__})")
    return data[name]


def check_value(value: Any, hint: Any, where: str) -> None:
    """``value`` (plain JSON) fits the action field's annotation ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is int:
        whole_number(value, where)
    elif hint is bool:
        if not isinstance(value, bool):
            raise SaveError(f"save field '{where}' must be true or false, not {short(value)}")
    elif hint is str:
        if not isinstance(value, str):
            raise SaveError(f"save field '{where}' must be a name (text), not {short(value)}")
        if len(value) > MAX_TEXT:
            raise SaveError(f"save field '{where}' is longer than {MAX_TEXT} characters")
    elif origin is tuple:
        if not isinstance(value, list):
            raise SaveError(f"save field '{where}' must be a list, not {short(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            if len(value) > MAX_LIST:
                raise SaveError(f"save field '{where}' has {len(value)} entries; at most {MAX_LIST}")
            for index, item in enumerate(value):
                check_value(item, args[0], f"{where}[{index}]")
        else:
            if len(value) != len(args):
                raise SaveError(f"save field '{where}' must have {len(args)} entries, not {len(value)}")
            for index, (item, inner) in enumerate(zip(value, args)):
                check_value(item, inner, f"{where}[{index}]")
    elif origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return
        problems = []
        for option in (a for a in args if a is not type(None)):
            try:
                return check_value(value, option, where)
            except SaveError as problem:
                problems.append(str(problem))
        raise SaveError(problems[0])
    elif hint is Any:          # ProposeRuleChange.value: one plain value
        if isinstance(value, str):
            check_value(value, str, where)
        elif isinstance(value, int) and not isinstance(value, bool):
            whole_number(value, where)
        elif value is not None and not isinstance(value, (bool, float)):
            raise SaveError(f"save field '{where}' must be a single value, not {short(value)}")
    else:
        raise SaveError(f"save field '{where}' cannot be checked (annotation {hint!r})")


@functools.lru_cache(maxsize=None)
def _action_fields(kind: str) -> tuple[tuple[str, Any, bool], ...]:
    cls = ACTIONS[kind]
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name], f.default is dataclasses.MISSING) for f in dataclasses.fields(cls))


def action_from_entry(entry: Any, where: str) -> Any:
    """The action of one save entry, every field checked against its type and range first."""
    if not isinstance(entry, dict):
        raise SaveError(f"save field '{where}' must be an object, not {short(entry)}")
    kind = entry.get("type")
    if not isinstance(kind, str) or kind not in ACTIONS:
        raise SaveError(f"save field '{where}.type' is {short(kind)}: not an action of this game")
    for name, hint, required in _action_fields(kind):
        if name not in entry:
            if required:
                raise SaveError(f"save field '{where}.{name}' is missing ({kind})")
            continue
        check_value(entry[name], hint, f"{where}.{name}")
    return action_from_json(entry)


def seats_from(data: dict) -> list[Seat]:
    entries = field(data, "seats", list)
    if not 1 <= len(entries) <= 16:
        raise SaveError(f"save field 'seats' lists {len(entries)} players")
    seats = []
    for index, seat in enumerate(entries):
        where = f"seats[{index}]"
        if not isinstance(seat, dict) or set(seat) - {"name", "kind", "ai"}:
            raise SaveError(f"save field '{where}' must hold only 'name', 'kind' and 'ai'")
        for key in ("name", "kind", "ai"):
            if key in seat:
                check_value(seat[key], str, f"{where}.{key}")
        if "name" not in seat:
            raise SaveError(f"save field '{where}.name' is missing")
        if seat.get("kind", "human") not in ("human", "computer"):
            raise SaveError(f"save field '{where}.kind' must be \"human\" or \"computer\"")
        seats.append(Seat(**seat))
    return seats


def routes_from(data: dict, width: int, height: int) -> dict[int, tuple[int, int]]:
    """The heroes' routes (optional save field 'routes'): hero id -> the tile its route leads to. A route is
    the board's memory of a walk over several days, kept so that Continue and Load go on along it."""
    entries = data.get("routes", [])
    if not isinstance(entries, list) or len(entries) > MAX_LIST:
        raise SaveError(f"save field 'routes' must be a list [...] of at most {MAX_LIST}, not {short(entries)}")
    routes = {}
    for index, entry in enumerate(entries):
        where = f"routes[{index}]"
        if not isinstance(entry, dict) or set(entry) != {"hero", "to"}:
            raise SaveError(f"save field '{where}' must hold 'hero' and 'to', not {short(entry)}")
        hero = whole_number(entry["hero"], f"{where}.hero", 0)
        to = entry["to"]
        if not isinstance(to, list) or len(to) != 2:
            raise SaveError(f"save field '{where}.to' must be a tile [column, row], not {short(to)}")
        routes[hero] = (whole_number(to[0], f"{where}.to[0]", 0, width - 1),
                        whole_number(to[1], f"{where}.to[1]", 0, height - 1))
    return routes


def game_id_of(data: Any) -> str | None:
    """The save's game identity, or None (saves from before games had one, or a damaged id)."""
    game = data.get("game") if isinstance(data, dict) else None
    game_id = game.get("id") if isinstance(game, dict) else None
    return game_id if isinstance(game_id, str) and GAME_ID.fullmatch(game_id) else None


def check_header(data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a Fuzzy Knights save (field 'format' is missing or wrong)")
    version = field(data, "version", int)
    if version > VERSION:
        raise SaveError(f"save field 'version': {short(version)} is newer than this game understands")
    whole_number(version, "version", 1, VERSION)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is out of range")
    return value


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a save can hold")


def read_save_data(path: str | os.PathLike) -> Any:
    """The JSON of a save file; only a regular file of at most MAX_SAVE_BYTES is read (a FIFO never hangs)."""
    name = Path(path).name
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise SaveError(f"cannot read the save {name}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(f"{name} is a folder, not a save file")
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{name} is not a save file (not a regular file)")
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveError(f"the save {name} is {info.st_size} bytes; a save is at most {MAX_SAVE_BYTES}")
        with os.fdopen(fd, "rb") as handle:
            fd = -1
            raw = handle.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise SaveError(f"cannot read the save {name}: {exc.strerror or exc}") from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"the save {name} is larger than {MAX_SAVE_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"the save {name} is not text (UTF-8): it is damaged or not a save") from None
    if not text.strip():
        raise SaveError(f"the save {name} is empty: nothing was written to it")
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated")   # stops where more was due
        raise SaveError(f"the save {name} is not valid JSON (line {exc.lineno}, column {exc.colno}): "
                        + ("it is cut short" if cut else f"{exc.msg.lower()}")) from None
    except RecursionError:
        raise SaveError(f"the save {name} is nested too deeply to be a save") from None
    except ValueError as exc:       # a number too long to read, 1e999 or NaN
        why = "one with thousands of digits" if str(exc).startswith("Exceeds the limit") else str(exc)
        raise SaveError(f"the save {name} holds a number out of range ({why})") from None


def _computer_level(player: dict) -> str:
    """`` (computer, hard)``: a computer seat with its level, in the title screen's words."""
    if player.get("kind") != "computer":
        return ""
    level = player.get("ai")
    level = level if isinstance(level, str) else ""
    return f" (computer, {level[:MAX_TEXT]})" if level else " (computer)"


def describe(data: Any) -> dict[str, Any]:
    """What a list of saves shows (day, map, players, mode, game); SaveError if the save is damaged."""
    check_header(data)
    snap = field(data, "snapshot", dict)
    players = snap.get("players")
    if not isinstance(players, dict) or not all(isinstance(p, dict) for p in players.values()):
        raise SaveError("save field 'snapshot.players' is damaged")
    names = [p.get("name") for p in players.values()]
    if not all(isinstance(n, str) for n in names):
        raise SaveError("save field 'snapshot.players' has a player without a name")
    reference = field(data, "map", dict)
    if not any(isinstance(reference.get(key), kind) for key, kind in (("name", str), ("path", str), ("blank", dict))):
        raise SaveError("save field 'map' names no map (it needs 'name', 'path' or 'blank')")
    rules = data.get("rules")
    meta = rules.get("meta") if isinstance(rules, dict) else None
    mode = meta.get("mode") if isinstance(meta, dict) else None      # the mode the game is played in
    mode = mode if isinstance(mode, str) else data.get("mode", "normal")   # (the top-level 'mode' only names it)
    return {"day": whole_number(snap.get("day", 1), "snapshot.day", 0, MAX_NUMBER),
            "map": map_title(reference),
            "players": [n[:MAX_TEXT] + _computer_level(p) for n, p in zip(names, players.values())],
            "mode": mode[:MAX_TEXT] if isinstance(mode, str) else "?",
            "over": snap.get("phase") == "over",
            "game": game_id_of(data)}


