"""Saves: JSON holding the game's identity, the map reference, seed, rule data and
action list, plus a snapshot of the state that loading checks the replay against.
Never pickle.

Writes are atomic: a new save is written beside the old one and swapped in
only once it is complete. Reading takes only regular files of at most
``MAX_SAVE_BYTES``, and every way a save can be wrong becomes a ``SaveError``
whose message names the field.

Autosaves belong to one game: ``autosave-<game>.json`` is its latest state and
``autosave-<game>-dayNNN.json`` its Daybreaks. Pruning keeps the current game's
newest Daybreaks and every other game's newest autosave.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import math
import os
import re
import stat
import tempfile
import time
import typing
from pathlib import Path
from typing import Any, Callable

from game.board.model import Board, MapToken
from game.engine.actions import ACTIONS, action_from_json, action_to_json
from game.engine.apply import apply
from game.engine.errors import IllegalAction
from game.engine.rules import Rules, RulesError
from game.engine.setup import Seat, new_game
from game.engine.state import GameState

FORMAT = "fuzzyknights-save"
VERSION = 1
MAX_SAVE_BYTES = 16 * 1024 * 1024     # a 40-day game is about 60 KB
MAX_ACTIONS = 200_000
MAX_NUMBER = 2 ** 31 - 1              # ids, counts and seeds in a save stay within this
MAX_SEED = 2 ** 63 - 1
MAX_TEXT = 200                        # characters of a name or key
MAX_LIST = 10_000                     # entries of a path, squad list or token list
MAX_BLANK_SIDE = 200                  # cells of a blank board's side
STALE_TEMP_SECONDS = 60               # a temp file this old is left from an interrupted save
GAME_ID = re.compile(r"[0-9a-f]{6,32}")
MAP_NAME = re.compile(r"[^/\\\x00]{1,200}\.tmx")
AUTOSAVE_NAME = re.compile(r"autosave-(?P<game>[0-9a-f]{6,32})(?:-day(?P<day>\d{1,6}))?\.json")


class SaveError(ValueError):
    pass


@dataclasses.dataclass
class LoadedSave:
    state: GameState
    game_id: str | None          # None for saves made before games had an identity


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


# --- the map a save refers to ----------------------------------------------------------
def _shipped_maps_dir() -> Path:
    from game.maps import MAPS_DIR
    return MAPS_DIR


def _user_maps_dir() -> Path:
    from game.userdata import user_maps_dir
    return user_maps_dir()


def map_checksum(path: str | os.PathLike) -> str | None:
    """The SHA-256 of a map file (cached while the file is unchanged); None if it cannot be read."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    return _checksum(str(path), info.st_mtime_ns, info.st_size)


@functools.lru_cache(maxsize=32)
def _checksum(path: str, _mtime_ns: int, _size: int) -> str | None:
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for chunk in iter(lambda: handle.read(1 << 16), b""):
                digest.update(chunk)
    except OSError:
        return None
    return digest.hexdigest()


def board_reference(board: Board) -> dict[str, Any]:
    """Shipped and user maps by file name (moving the install keeps saves working), others by path."""
    if board.source:
        source = Path(board.source).resolve()
        reference: dict[str, Any] = {"title": board.title}
        if source.parent == _shipped_maps_dir().resolve():
            reference["name"] = source.name
        elif source.parent == _user_maps_dir().resolve():
            reference.update(name=source.name, where="user")
        else:
            reference["path"] = str(source)
        checksum = map_checksum(source)
        if checksum:
            reference["sha256"] = checksum
        return reference
    topo = board.topology
    return {"blank": {"width": topo.width, "height": topo.height, "kind": topo.kind,
                      "diagonal": getattr(topo, "diagonal", False),
                      "stagger_axis": getattr(topo, "stagger_axis", "y"),
                      "stagger_index": getattr(topo, "stagger_index", "odd"),
                      "tokens": [dataclasses.asdict(t) for t in board.tokens]}}


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


def _map_file(reference: dict) -> Path:
    if "name" in reference:
        name = reference["name"]
        if not isinstance(name, str) or not MAP_NAME.fullmatch(name) or name.startswith(".."):
            raise SaveError("save field 'map.name' must be a map file name such as meadow.tmx")
        user = _user_maps_dir() / name
        places = [user] if reference.get("where") == "user" else [_shipped_maps_dir() / name, user]
        for place in places:
            if place.exists():
                return place
        raise SaveError(f"save field 'map.name': the map {name} is not installed "
                        f"(looked in {', '.join(str(p.parent) for p in places)})")
    path = reference.get("path")
    if not isinstance(path, str) or not 0 < len(path) <= 4096 or "\x00" in path:
        raise SaveError("save field 'map' names no map (it needs 'name', 'path' or 'blank')")
    moved = _shipped_maps_dir() / Path(path).name       # a save from before the install moved
    if not Path(path).exists() and moved.exists():
        return moved
    return Path(path)


def _board(reference: dict, map_loader: Callable[[str], Board] | None) -> tuple[Board, str | None]:
    """The board and, when its file changed since the save was made, the map's name."""
    if "blank" in reference:
        return _blank_board(reference["blank"]), None
    if map_loader is not None:
        return map_loader(str(reference.get("name") or reference.get("path"))), None
    path = _map_file(reference)
    try:
        is_file = stat.S_ISREG(os.stat(path).st_mode)
    except OSError as exc:
        raise SaveError(f"save field 'map': the map {path} cannot be read: {exc.strerror or exc}") from None
    if not is_file:
        raise SaveError(f"save field 'map': {path} is not a map file")
    from game.maps import load_map
    try:
        board = load_map(str(path))
    except Exception as exc:       # a map is outside input too: any failure is the map's, not the game's
        raise SaveError(f"save field 'map': the map {path} cannot be loaded: {exc}") from None
    saved = reference.get("sha256")
    changed = isinstance(saved, str) and saved != map_checksum(path)
    return board, (board.title or path.name) if changed else None


def _blank_board(spec: Any) -> Board:
    if not isinstance(spec, dict):
        raise SaveError("save field 'map.blank' must be an object")
    spec = dict(spec)
    for side in ("width", "height"):
        _int(spec.get(side), f"map.blank.{side}", 1, MAX_BLANK_SIDE)
    tokens = spec.pop("tokens", [])
    if not isinstance(tokens, list) or len(tokens) > MAX_LIST:
        raise SaveError(f"save field 'map.blank.tokens' must be a list of at most {MAX_LIST} tokens")
    try:
        built = [MapToken(**{**t, "cell": tuple(t["cell"])}) for t in tokens]
        return Board.blank(tokens=built, **spec)
    except Exception as exc:
        raise SaveError(f"save field 'map.blank' is broken: {exc}") from None


# --- writing -------------------------------------------------------------------------------
def to_json(state: GameState, seats: list[Seat] | None = None, game_id: str | None = None) -> dict[str, Any]:
    seats = seats or [Seat(p.name, p.kind, p.ai) for _, p in sorted(state.players.items())]
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if game_id:
        data["game"] = {"id": game_id}
    data.update({"map": board_reference(state.board),
                 "mode": state.rules.mode, "rules": state.rules_at_start, "seed": state.seed,
                 "seats": [dataclasses.asdict(s) for s in seats],
                 "actions": [action_to_json(a) for a in state.actions],
                 "snapshot": snapshot(state)})
    return data


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


def remove_stale_temp_files(folder: str | os.PathLike, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Delete the temp files interrupted saves left behind (``.name.json.XXXX.tmp``); how many went."""
    removed = 0
    limit = time.time() - older_than
    try:
        for tmp in Path(folder).glob(".*.json.*.tmp"):
            if tmp.is_file() and tmp.stat().st_mtime < limit:
                tmp.unlink(missing_ok=True)
                removed += 1
    except OSError:
        pass
    return removed


def save_game(state: GameState, path: str | os.PathLike, seats: list[Seat] | None = None,
              game_id: str | None = None) -> None:
    write_atomic(path, json.dumps(to_json(state, seats, game_id), indent=1, ensure_ascii=False))


def autosave_path(folder: str | os.PathLike, game_id: str, day: int | None = None) -> Path:
    """``autosave-<game>.json`` (the latest state) or ``autosave-<game>-dayNNN.json`` (a Daybreak)."""
    if not GAME_ID.fullmatch(game_id):
        raise ValueError(f"a game id is 6-32 lowercase hex digits, not {game_id!r}")
    suffix = "" if day is None else f"-day{day:03d}"
    return Path(folder) / f"autosave-{game_id}{suffix}.json"


def save_latest(state: GameState, folder: str | os.PathLike, game_id: str) -> Path:
    """The game's latest state, written over its previous one (Continue resumes from it)."""
    path = autosave_path(folder, game_id)
    write_atomic(path, json.dumps(to_json(state, game_id=game_id), ensure_ascii=False))
    return path


def autosave(state: GameState, folder: str | os.PathLike, keep: int = 5, game_id: str = "000000") -> Path:
    """Save this Day's Daybreak as ``autosave-<game>-dayNNN.json``, then prune (see ``prune_autosaves``)."""
    path = autosave_path(folder, game_id, state.day)
    save_game(state, path, game_id=game_id)
    prune_autosaves(folder, game_id, keep)
    return path


def prune_autosaves(folder: str | os.PathLike, game_id: str, keep: int) -> None:
    """Keep the ``keep`` newest Daybreak autosaves of this game and the newest autosave of every other game."""
    games: dict[str, list[tuple[int, str, Path, bool]]] = {}
    for path in Path(folder).glob("autosave-*.json"):
        match = AUTOSAVE_NAME.fullmatch(path.name)
        try:
            written = path.stat().st_mtime_ns
        except OSError:
            continue
        if match:
            games.setdefault(match["game"], []).append((written, path.name, path, match["day"] is not None))
    for game, files in games.items():
        files.sort(reverse=True)
        if game == game_id:
            stale = [f for f in files if f[3]][keep:]
        else:
            stale = files[1:]
        for *_, path, _ in stale:
            path.unlink(missing_ok=True)
    remove_stale_temp_files(folder)


# --- reading -------------------------------------------------------------------------------
def _short(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10 ** 12:
        return f"a number of {len(str(abs(value)))} digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(value: Any, where: str, low: int = -MAX_NUMBER, high: int = MAX_NUMBER) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveError(f"save field '{where}' must be a whole number, not {_short(value)}")
    if not low <= value <= high:
        raise SaveError(f"save field '{where}' is {_short(value)}: it must be from {low} to {high}")
    return value


def _field(data: dict, name: str, kind: type | tuple) -> Any:
    if name not in data:
        raise SaveError(f"save field '{name}' is missing")
    if not isinstance(data[name], kind) or isinstance(data[name], bool) and kind is int:
        raise SaveError(f"save field '{name}' has the wrong type ({type(data[name]).__name__})")
    return data[name]


def _check(value: Any, hint: Any, where: str) -> None:
    """``value`` (plain JSON) fits the action field's annotation ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is int:
        _int(value, where)
    elif hint is bool:
        if not isinstance(value, bool):
            raise SaveError(f"save field '{where}' must be true or false, not {_short(value)}")
    elif hint is str:
        if not isinstance(value, str):
            raise SaveError(f"save field '{where}' must be a name (text), not {_short(value)}")
        if len(value) > MAX_TEXT:
            raise SaveError(f"save field '{where}' is longer than {MAX_TEXT} characters")
    elif origin is tuple:
        if not isinstance(value, list):
            raise SaveError(f"save field '{where}' must be a list, not {_short(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            if len(value) > MAX_LIST:
                raise SaveError(f"save field '{where}' has {len(value)} entries; at most {MAX_LIST}")
            for index, item in enumerate(value):
                _check(item, args[0], f"{where}[{index}]")
        else:
            if len(value) != len(args):
                raise SaveError(f"save field '{where}' must have {len(args)} entries, not {len(value)}")
            for index, (item, inner) in enumerate(zip(value, args)):
                _check(item, inner, f"{where}[{index}]")
    elif hint is Any:          # ProposeRuleChange.value: one plain value
        if isinstance(value, str):
            _check(value, str, where)
        elif isinstance(value, int) and not isinstance(value, bool):
            _int(value, where)
        elif value is not None and not isinstance(value, (bool, float)):
            raise SaveError(f"save field '{where}' must be a single value, not {_short(value)}")
    else:
        raise SaveError(f"save field '{where}' cannot be checked (annotation {hint!r})")


@functools.lru_cache(maxsize=None)
def _action_fields(kind: str) -> tuple[tuple[str, Any, bool], ...]:
    cls = ACTIONS[kind]
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name], f.default is dataclasses.MISSING) for f in dataclasses.fields(cls))


def _action(entry: Any, where: str) -> Any:
    """The action of one save entry, every field checked against its type and range first."""
    if not isinstance(entry, dict):
        raise SaveError(f"save field '{where}' must be an object, not {_short(entry)}")
    kind = entry.get("type")
    if not isinstance(kind, str) or kind not in ACTIONS:
        raise SaveError(f"save field '{where}.type' is {_short(kind)}: not an action of this game")
    for name, hint, required in _action_fields(kind):
        if name not in entry:
            if required:
                raise SaveError(f"save field '{where}.{name}' is missing ({kind})")
            continue
        _check(entry[name], hint, f"{where}.{name}")
    return action_from_json(entry)


def _seats(data: dict) -> list[Seat]:
    entries = _field(data, "seats", list)
    if not 1 <= len(entries) <= 16:
        raise SaveError(f"save field 'seats' lists {len(entries)} players")
    seats = []
    for index, seat in enumerate(entries):
        where = f"seats[{index}]"
        if not isinstance(seat, dict) or set(seat) - {"name", "kind", "ai"}:
            raise SaveError(f"save field '{where}' must hold only 'name', 'kind' and 'ai'")
        for key in ("name", "kind", "ai"):
            if key in seat:
                _check(seat[key], str, f"{where}.{key}")
        if "name" not in seat:
            raise SaveError(f"save field '{where}.name' is missing")
        if seat.get("kind", "human") not in ("human", "computer"):
            raise SaveError(f"save field '{where}.kind' must be \"human\" or \"computer\"")
        seats.append(Seat(**seat))
    return seats


def game_id_of(data: Any) -> str | None:
    """The save's game identity, or None (saves from before games had one, or a damaged id)."""
    game = data.get("game") if isinstance(data, dict) else None
    game_id = game.get("id") if isinstance(game, dict) else None
    return game_id if isinstance(game_id, str) and GAME_ID.fullmatch(game_id) else None


def _header(data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a Fuzzy Knights save (field 'format' is missing or wrong)")
    version = _field(data, "version", int)
    if version > VERSION:
        raise SaveError(f"save field 'version': {_short(version)} is newer than this game understands")
    _int(version, "version", 1, VERSION)


def from_json(data: Any, map_loader: Callable[[str], Board] | None = None) -> GameState:
    return _load(data, map_loader).state


def _load(data: Any, map_loader: Callable[[str], Board] | None) -> LoadedSave:
    _header(data)
    board, changed_map = _board(_field(data, "map", dict), map_loader)
    try:
        rules = Rules(_field(data, "rules", dict), "save field 'rules'")
    except (SaveError, RulesError) as exc:
        raise SaveError(str(exc)) from None
    except Exception as exc:       # rule data from a file: any failure is a broken save
        raise SaveError(f"save field 'rules' is broken: {exc}") from None
    seats = _seats(data)
    seed = _int(_field(data, "seed", int), "seed", -MAX_SEED, MAX_SEED)
    entries = _field(data, "actions", list)
    if len(entries) > MAX_ACTIONS:
        raise SaveError(f"save field 'actions' holds {len(entries)} actions; at most {MAX_ACTIONS}")
    actions = [_action(entry, f"actions[{index}]") for index, entry in enumerate(entries)]
    different_map = (f"this save was made with a different version of {changed_map}: "
                     "the map has changed since, so the game cannot be replayed") if changed_map else None
    try:
        state, _ = new_game(board, seats, seed, rules=rules)
    except Exception as exc:       # e.g. the seats do not fit this map or these rules
        raise SaveError(different_map or f"save field 'seats': the game cannot start: {exc}") from None
    for index, act in enumerate(actions):
        try:
            apply(state, act)
        except IllegalAction as exc:
            raise SaveError(different_map or f"save field 'actions[{index}]' does not replay: {exc}") from None
        except Exception as exc:   # fields were checked, yet values can still break the rules' arithmetic
            raise SaveError(different_map or f"save field 'actions[{index}]' ({type(act).__name__}) does not "
                            f"replay: {type(exc).__name__}: {exc}") from None
    expected = data.get("snapshot")
    if expected is not None:
        actual = json.loads(json.dumps(snapshot(state)))
        if actual != expected:
            differing = sorted(k for k in actual if not isinstance(expected, dict) or actual[k] != expected.get(k))
            raise SaveError(different_map or "save field 'snapshot' does not match the replayed game "
                            f"(differs in {', '.join(differing) or 'its keys'})")
    return LoadedSave(state, game_id_of(data))


def replay(state: GameState) -> GameState:
    """The same game rebuilt through a JSON save: seed, starting rules and actions."""
    return from_json(json.loads(json.dumps(to_json(state))))


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
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise SaveError(f"the save {name} is not valid JSON (line {exc.lineno}): it may be truncated") from None
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"the save {name} holds a value out of range or nested too deeply: {exc}") from None


def describe(data: Any) -> dict[str, Any]:
    """What a list of saves shows (day, map, players, mode, game); SaveError if the save is damaged."""
    _header(data)
    snap = _field(data, "snapshot", dict)
    players = snap.get("players")
    if not isinstance(players, dict) or not all(isinstance(p, dict) for p in players.values()):
        raise SaveError("save field 'snapshot.players' is damaged")
    names = [p.get("name") for p in players.values()]
    if not all(isinstance(n, str) for n in names):
        raise SaveError("save field 'snapshot.players' has a player without a name")
    reference = _field(data, "map", dict)
    if not any(isinstance(reference.get(key), kind) for key, kind in (("name", str), ("path", str), ("blank", dict))):
        raise SaveError("save field 'map' names no map (it needs 'name', 'path' or 'blank')")
    mode = data.get("mode", "normal")
    return {"day": _int(snap.get("day", 1), "snapshot.day", 0, MAX_NUMBER),
            "map": map_title(reference),
            "players": [n[:MAX_TEXT] + (" (computer)" if p.get("kind") == "computer" else "")
                        for n, p in zip(names, players.values())],
            "mode": mode[:MAX_TEXT] if isinstance(mode, str) else "?",
            "over": snap.get("phase") == "over",
            "game": game_id_of(data)}


def load_save(path: str | os.PathLike, map_loader: Callable[[str], Board] | None = None) -> LoadedSave:
    """The game in the save file with its identity; SaveError with the reason for anything wrong."""
    return _load(read_save_data(path), map_loader)


def load_game(path: str | os.PathLike, map_loader: Callable[[str], Board] | None = None) -> GameState:
    return load_save(path, map_loader).state
