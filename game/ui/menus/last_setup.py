"""The last new game's setup (map, mode, seats, optional rules), kept for the next visit to the title screen.

Written to ``new_game.json`` in the player's data folder when a game is started from the title screen,
so the seats and names a hotseat group chose are still there after the game and after a restart.
Reading never fails: a missing file gives no setup; a damaged one is set aside as new_game.json.broken
(with a message), and a part that does not fit (a seat of an unknown kind) is left at the title screen's
default, with a message naming the field.
"""
from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from game import userdata
from game.ui.menus.options import AI_LEVELS, MODES, SEAT_KINDS, NewGameOptions, OptionalRules, Seat

FILE_NAME = "new_game.json"


def setup_path() -> Path:
    return userdata.data_dir() / FILE_NAME


def remember(options: NewGameOptions, day_limit_days: int, path: Path | None = None) -> bool:
    """Keep the setup of a game being started (the seed is not kept: the next game rolls a new one).
    False when it could not be written (the game starts all the same)."""
    from game.engine.save import write_atomic
    data = {"map": str(options.map_path) if options.map_path else None, "mode": options.mode,
            "seats": [seat._asdict() for seat in options.seats], "rules": asdict(options.rules),
            "day_limit_days": day_limit_days}
    try:
        write_atomic(path or setup_path(), json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    except OSError:
        return False
    return True


class LastSetup:
    """What could be read back: every attribute is None when that part was missing or did not fit.
    ``problems``: a line for each part that was there and did not fit, naming the file and the field."""

    def __init__(self, data: dict, where: str = FILE_NAME) -> None:
        self.map = data.get("map") if isinstance(data.get("map"), str) else None
        self.mode = data.get("mode") if data.get("mode") in MODES else None
        self.seats = _seats(data.get("seats"))
        self.rules = _rules(data.get("rules"))
        days = data.get("day_limit_days")
        self.day_limit_days = days if isinstance(days, int) and not isinstance(days, bool) and days > 0 else None
        self.problems = [f"{where}: field '{name}' {EXPECTED[name]}; the title screen's default is used"
                         for name in EXPECTED if name in data and getattr(self, name) is None]


EXPECTED = {"map": "must be a map file's path", "mode": f"must be {' or '.join(map(repr, MODES))}",
            "seats": "must list 2 to 4 seats, each with a name, a colour 1-4 of its own, a kind and a level",
            "rules": "must be a group of the optional rules {...}", "day_limit_days": "must be a whole number above 0"}


def recall(path: Path | None = None) -> LastSetup | None:
    """The setup in ``path`` (default: the player's new_game.json); None when there is no file. A file that
    cannot be read as a setup at all is set aside as ``new_game.json.broken`` (the next game's setup would
    write over it), and the LastSetup, empty, says so in its ``problems``."""
    path = path or setup_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        why = getattr(error, "strerror", None) or str(error)
        return _unreadable(path, f"cannot be read ({why})" if isinstance(error, OSError) else f"is not valid JSON ({why})")
    if not isinstance(data, dict):
        return _unreadable(path, "does not hold a setup (a group of fields {...})")
    return LastSetup(data, str(path))


def _unreadable(path: Path, why: str) -> LastSetup:
    empty = LastSetup({})
    aside = userdata.set_aside(path)
    kept = f"; the file is kept as {aside.name}" if aside else "; the file is left as it is"
    empty.problems = [f"{path} {why}: the title screen starts with its defaults{kept}"]
    return empty


def _seats(raw) -> list[Seat] | None:
    if not isinstance(raw, list) or not 2 <= len(raw) <= 4:
        return None
    seats = []
    for item in raw:
        if not isinstance(item, dict):
            return None
        name, colour, kind, level = (item.get(k) for k in ("name", "colour", "kind", "ai_level"))
        if not (isinstance(name, str) and name.strip() and isinstance(colour, int) and 1 <= colour <= 4
                and kind in SEAT_KINDS and level in AI_LEVELS):
            return None
        seats.append(Seat(name.strip()[:14], colour, kind, level))
    if len({s.colour for s in seats}) != len(seats):
        return None
    return seats


def _rules(raw) -> OptionalRules | None:
    if not isinstance(raw, dict):
        return None
    rules = OptionalRules()
    for name in ("starting_hero", "legacy_gold_mine", "hero_cap_2", "shared_victory"):
        if isinstance(raw.get(name), bool):
            setattr(rules, name, raw[name])
    days = raw.get("day_limit")
    if isinstance(days, int) and not isinstance(days, bool) and days > 0:
        rules.day_limit = days
    return rules
