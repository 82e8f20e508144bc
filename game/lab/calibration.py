"""What the playtest lab measured on each shipped map: seat win rates and an estimate of play time.

``tools/calibrate_maps.py`` plays computer games on every shipped map and player
count and writes ``maps/calibration.json``; the title screen shows the estimate
("about 45 min"). Human play time is estimated from the decisions the table makes
(every action of every player) at ``SECONDS_PER_DECISION`` each — a low and a high
figure — because a computer game's length in days is what a human game would take.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

SECONDS_PER_DECISION = (5, 10)
FILE_NAME = "calibration.json"


def minutes_for(decisions: float) -> tuple[int, int]:
    low, high = (decisions * s / 60 for s in SECONDS_PER_DECISION)
    return max(1, round(low)), max(1, round(high))


def load(maps_dir: Path | None = None) -> dict:
    """The calibration table (``{}`` when missing or unreadable: it is advice, never required)."""
    if maps_dir is None:
        from game import resources
        maps_dir = resources.maps_dir()
    try:
        data = json.loads((Path(maps_dir) / FILE_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


@lru_cache(maxsize=1)
def shipped_table() -> dict:
    return load()


NOT_MEASURED = "play time not measured yet"


def maps_key(mode: str) -> str:
    """Where a mode's rows live in the table: ``maps`` (Normal, as it always was) or ``campaign_maps``."""
    return "maps" if mode == "normal" else f"{mode}_maps"


def play_time_text(map_name: str | None, players: int, table: dict | None = None, mode: str = "normal") -> str:
    """'about 40–80 min' for a shipped map, player count and ruleset, or NOT_MEASURED (a player's own
    map, a count or ruleset the lab has not played)."""
    maps = (table if table is not None else shipped_table()).get(maps_key(mode), {})
    entry = maps.get(map_name, {}).get(str(players)) if map_name is not None and isinstance(maps, dict) else None
    minutes = entry.get("minutes") if isinstance(entry, dict) else None
    if not (isinstance(minutes, list) and len(minutes) == 2 and all(isinstance(m, int) for m in minutes)) \
            or not entry.get("games"):
        return NOT_MEASURED
    low, high = minutes
    if entry.get("left_out", 0) > entry["games"]:     # most games ran past the lab's time limit: the long ones
        return f"over {_hours(low)} hours" if low >= 120 else f"over {low} min"
    if high >= 120:                                   # "584–1168 min" is hard to read: hours
        return f"about {_hours(low)}–{_hours(high)} hours"
    return f"about {low}–{high} min"


def _hours(minutes: int) -> int:
    return max(1, round(minutes / 60))
