"""Saves: JSON holding the map reference, seed, rule data and action list, plus a
snapshot of the state that loading checks the replay against.  Never pickle.

Writes are atomic: a new save is written beside the old one and swapped in
only once it is complete.
"""
from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable

from game.board.model import Board, MapToken
from game.engine.actions import action_from_json, action_to_json
from game.engine.apply import apply
from game.engine.errors import IllegalAction
from game.engine.rules import Rules, RulesError
from game.engine.setup import Seat, new_game
from game.engine.state import GameState

FORMAT = "fuzzyknights-save"
VERSION = 1


class SaveError(ValueError):
    pass


def snapshot(state: GameState) -> dict[str, Any]:
    """Everything that changes during a game, as plain JSON data (for saves and replay checks)."""
    def plain(value: Any) -> Any:
        if dataclasses.is_dataclass(value):
            return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if isinstance(value, dict):
            return {str(k): plain(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        if isinstance(value, (set, frozenset)):
            return sorted((plain(v) for v in value), key=json.dumps)
        return value
    return plain({
        "day": state.day, "phase": state.phase, "current": state.current, "turn_order": state.turn_order,
        "players": state.players, "heroes": state.heroes, "cities": state.cities, "mines": state.mines,
        "tokens": state.tokens, "next_id": state.next_id, "pending": state.pending,
        "interaction": state.interaction, "battle": state.battle, "alliances": state.alliances,
        "alliance_offers": state.alliance_offers, "vote": state.vote, "turn_acted": state.turn_acted,
        "winners": state.winners, "end_reason": state.end_reason, "options": state.rules["options"],
    })


def board_reference(board: Board) -> dict[str, Any]:
    if board.source:
        return {"path": str(Path(board.source).resolve())}
    topo = board.topology
    return {"blank": {"width": topo.width, "height": topo.height, "kind": topo.kind,
                      "diagonal": getattr(topo, "diagonal", False),
                      "stagger_axis": getattr(topo, "stagger_axis", "y"),
                      "stagger_index": getattr(topo, "stagger_index", "odd"),
                      "tokens": [dataclasses.asdict(t) for t in board.tokens]}}


def to_json(state: GameState, seats: list[Seat] | None = None) -> dict[str, Any]:
    seats = seats or [Seat(p.name, p.kind, p.ai) for _, p in sorted(state.players.items())]
    return {"format": FORMAT, "version": VERSION, "map": board_reference(state.board),
            "mode": state.rules.mode, "rules": state.rules_at_start, "seed": state.seed,
            "seats": [dataclasses.asdict(s) for s in seats],
            "actions": [action_to_json(a) for a in state.actions],
            "snapshot": snapshot(state)}


def write_atomic(path: str | os.PathLike, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def save_game(state: GameState, path: str | os.PathLike, seats: list[Seat] | None = None) -> None:
    write_atomic(path, json.dumps(to_json(state, seats), indent=1))


def autosave(state: GameState, folder: str | os.PathLike, keep: int = 5) -> Path:
    """Save as ``autosave-dayNNN.json`` and keep only the newest ``keep`` autosaves."""
    folder = Path(folder)
    path = folder / f"autosave-day{state.day:03d}.json"
    save_game(state, path)
    old = sorted(folder.glob("autosave-day*.json"))
    for stale in old[:-keep]:
        stale.unlink(missing_ok=True)
    return path


def _field(data: dict, name: str, kind: type | tuple) -> Any:
    if name not in data:
        raise SaveError(f"save field '{name}' is missing")
    if not isinstance(data[name], kind) or isinstance(data[name], bool) and kind is int:
        raise SaveError(f"save field '{name}' has the wrong type")
    return data[name]


def _board(reference: dict, map_loader: Callable[[str], Board] | None) -> Board:
    if "path" in reference:
        if map_loader is None:
            from game.maps import load_map as map_loader
        try:
            return map_loader(reference["path"])
        except (OSError, ValueError) as exc:
            raise SaveError(f"save field 'map': the map {reference['path']} cannot be loaded: {exc}") from None
    if "blank" in reference:
        spec = dict(reference["blank"])
        try:
            tokens = [MapToken(**{**t, "cell": tuple(t["cell"])}) for t in spec.pop("tokens", [])]
            return Board.blank(tokens=tokens, **spec)
        except (TypeError, ValueError, KeyError) as exc:
            raise SaveError(f"save field 'map.blank' is broken: {exc}") from None
    raise SaveError("save field 'map' names no map")


def from_json(data: Any, map_loader: Callable[[str], Board] | None = None) -> GameState:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a Fuzzy Knights save (field 'format' is missing or wrong)")
    if _field(data, "version", int) > VERSION:
        raise SaveError(f"save field 'version': {data['version']} is newer than this game understands")
    board = _board(_field(data, "map", dict), map_loader)
    try:
        rules = Rules(_field(data, "rules", dict), "save field 'rules'")
    except (RulesError, KeyError, TypeError) as exc:
        raise SaveError(f"save field 'rules' is broken: {exc}") from None
    seats = []
    for index, seat in enumerate(_field(data, "seats", list)):
        try:
            seats.append(Seat(**seat))
        except TypeError:
            raise SaveError(f"save field 'seats[{index}]' is broken") from None
    state, _ = new_game(board, seats, _field(data, "seed", int), rules=rules)
    for index, entry in enumerate(_field(data, "actions", list)):
        try:
            apply(state, action_from_json(entry))
        except (ValueError, TypeError, IllegalAction) as exc:
            raise SaveError(f"save field 'actions[{index}]' does not replay: {exc}") from None
    expected = data.get("snapshot")
    if expected is not None:
        actual = json.loads(json.dumps(snapshot(state)))
        if actual != expected:
            differing = sorted(k for k in set(actual) | set(expected) if actual.get(k) != expected.get(k))
            raise SaveError(f"save field 'snapshot' does not match the replayed game (differs in {', '.join(differing)})")
    return state


def replay(state: GameState) -> GameState:
    """The same game rebuilt through a JSON save: seed, starting rules and actions."""
    return from_json(json.loads(json.dumps(to_json(state))))


def load_game(path: str | os.PathLike, map_loader: Callable[[str], Board] | None = None) -> GameState:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"cannot read the save {path}: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"the save {path} is not valid JSON (line {exc.lineno}): it may be truncated") from None
    return from_json(data, map_loader)
