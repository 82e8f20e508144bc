"""Saves: JSON holding the game's identity, the map reference, seed, rule data and
action list, plus a snapshot of the state that loading checks the replay against.
Never pickle.

Writes are atomic: a new save is written beside the old one and swapped in
only once it is complete. Loading checks every field first (``save_checks``):
every way a save can be wrong becomes a ``SaveError`` whose message names the
field.

Autosaves belong to one game: ``autosave-<game>.json`` is its latest state and
``autosave-<game>-dayNNN.json`` its Daybreaks. Pruning keeps the current game's
newest Daybreaks and every other game's newest autosave (and, when that one is
damaged, its newest that reads).
"""
from __future__ import annotations

import dataclasses
import functools
import json
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from game.board.model import Board, MapToken
from game.engine import apply      # the function, not its module (see game/engine/__init__.py)
from game.engine.actions import action_to_json
from game.engine.errors import IllegalAction
from game.engine.heroes import HERO_NAMINGS
from game.engine.rules import Rules, RulesError
from game.engine.save_checks import (FORMAT, GAME_ID, MAX_ACTIONS, MAX_LIST, MAX_SAVE_BYTES, MAX_SEED, MAX_TEXT,  # noqa: F401
                                     VERSION, SaveError, action_from_entry, check_header, describe, field, game_id_of,
                                     map_title, read_save_data, routes_from, seats_from, short, whole_number)
from game.engine.setup import Seat, new_game
from game.engine.state import GameState

MAX_BLANK_SIDE = 200                  # cells of a blank board's side
STALE_TEMP_SECONDS = 60               # a temp file this old is left from an interrupted save
MAP_NAME = re.compile(r"[^/\\\x00]{1,200}\.tmx")
AUTOSAVE_NAME = re.compile(r"autosave-(?P<game>[0-9a-f]{6,32})(?:-day(?P<day>\d{1,6}))?\.json")


@dataclasses.dataclass
class LoadedSave:
    """A save, loaded: the replayed state, the game's id and the events the replay told."""
    state: GameState
    game_id: str | None          # None for saves made before games had an identity
    events: list = dataclasses.field(default_factory=list)   # what the replay told: the game's history so far
    cut: bool = False            # loaded only up to its last good move (``load_save(up_to=...)``)
    routes: dict = dataclasses.field(default_factory=dict)   # hero id -> where its route leads (the board's)


def snapshot(state: GameState) -> dict[str, Any]:
    """Everything that changes during a game, as plain JSON data (for saves and replay checks)."""
    return _plain({
        "day": state.day, "phase": state.phase, "current": state.current, "turn_order": state.turn_order,
        "players": state.players, "heroes": state.heroes, "cities": state.cities, "mines": state.mines,
        "tokens": state.tokens, "next_id": state.next_id, "pending": state.pending,
        "interaction": state.interaction, "battle": state.battle, "alliances": state.alliances,
        "alliance_offers": state.alliance_offers, "vote": state.vote, "turn_acted": state.turn_acted,
        "winners": state.winners, "end_reason": state.end_reason, "options": state.rules["options"],
    })


_ATOMS = frozenset({str, int, float, bool, type(None)})


@functools.lru_cache(maxsize=None)
def _snapshot_fields(cls: type) -> tuple[str, ...] | None:
    """A dataclass's fields that are game state (a field marked snapshot=False is a cache); None for
    any other type. Asked once per class: the autosave after every action snapshots thousands of values."""
    if not dataclasses.is_dataclass(cls):
        return None
    return tuple(f.name for f in dataclasses.fields(cls) if f.metadata.get("snapshot", True))


def _plain(value: Any) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    names = _snapshot_fields(kind)
    if names is not None:
        return {name: _plain(getattr(value, name)) for name in names}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=json.dumps)
    return value


# --- the map a save refers to ----------------------------------------------------------
def _shipped_maps_dir() -> Path:
    from game import resources
    return resources.maps_dir()


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
    import hashlib     # loads OpenSSL: 5 ms of the board's start-up, where no save is read or written yet
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
        whole_number(spec.get(side), f"map.blank.{side}", 1, MAX_BLANK_SIDE)
    tokens = spec.pop("tokens", [])
    if not isinstance(tokens, list) or len(tokens) > MAX_LIST:
        raise SaveError(f"save field 'map.blank.tokens' must be a list of at most {MAX_LIST} tokens")
    try:
        built = [MapToken(**{**t, "cell": tuple(t["cell"])}) for t in tokens]
        return Board.blank(tokens=built, **spec)
    except Exception as exc:
        raise SaveError(f"save field 'map.blank' is broken: {exc}") from None


# --- writing -------------------------------------------------------------------------------
def to_json(state: GameState, seats: list[Seat] | None = None, game_id: str | None = None,
            actions: bool = True, routes: dict | None = None) -> dict[str, Any]:
    """The save file's data; ``routes`` (hero id -> tile) are the board's routes of heroes still in play."""
    seats = seats or [Seat(p.name, p.kind, p.ai) for _, p in sorted(state.players.items())]
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if game_id:
        data["game"] = {"id": game_id}
    data.update({"map": board_reference(state.board),
                 "mode": state.rules.mode, "rules": state.rules_at_start, "seed": state.seed,
                 "seats": [dataclasses.asdict(s) for s in seats], "hero_names": state.hero_names,
                 **({"actions": [action_to_json(a) for a in state.actions]} if actions else {}),
                 "snapshot": snapshot(state)})
    kept = sorted((hero, to) for hero, to in (routes or {}).items() if hero in state.heroes)
    if kept:
        data["routes"] = [{"hero": hero, "to": list(to)} for hero, to in kept]
    return data


def write_atomic(path: str | os.PathLike, text: str, newline: str | None = None) -> None:
    """Write ``text`` to a temporary file beside ``path`` and put it in its place; ``newline=""`` writes the
    line endings in ``text`` as they are (else each "\\n" is the system's line ending)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as handle:
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
              game_id: str | None = None, routes: dict | None = None) -> None:
    write_atomic(path, json.dumps(to_json(state, seats, game_id, routes=routes), indent=1, ensure_ascii=False))


def autosave_path(folder: str | os.PathLike, game_id: str, day: int | None = None) -> Path:
    """``autosave-<game>.json`` (the latest state) or ``autosave-<game>-dayNNN.json`` (a Daybreak)."""
    if not GAME_ID.fullmatch(game_id):
        raise ValueError(f"a game id is 6-32 lowercase hex digits, not {game_id!r}")
    suffix = "" if day is None else f"-day{day:03d}"
    return Path(folder) / f"autosave-{game_id}{suffix}.json"


def save_latest(state: GameState, folder: str | os.PathLike, game_id: str, routes: dict | None = None) -> Path:
    """The game's latest state, written over its previous one (Continue resumes from it)."""
    path = autosave_path(folder, game_id)
    write_atomic(path, latest_text(state, game_id, routes))
    return path


def latest_text(state: GameState, game_id: str | None = None, routes: dict | None = None) -> str:
    """``to_json`` as compact JSON text, its actions last. The latest state is written after every
    action, and a long game has thousands: each action's text is made once (``_ActionTexts``)."""
    data = to_json(state, game_id=game_id, actions=False, routes=routes)
    head = json.dumps(data, ensure_ascii=False)
    return f'{head[:-1]}, "actions": [{", ".join(_ACTION_TEXTS.of(state.actions))}]}}'


class _ActionTexts:
    """The JSON text of the actions of the game saved last: its list only grows between two saves (an
    undo cuts it, another game replaces it), so the texts of the actions it still starts with stay."""

    def __init__(self) -> None:
        self.actions: list = []
        self.texts: list[str] = []

    def of(self, actions: list) -> list[str]:
        kept = 0
        for mine, theirs in zip(self.actions, actions):
            if mine is not theirs:
                break
            kept += 1
        del self.actions[kept:], self.texts[kept:]
        for act in actions[kept:]:
            self.actions.append(act)
            self.texts.append(json.dumps(action_to_json(act), ensure_ascii=False))
        return self.texts


_ACTION_TEXTS = _ActionTexts()


def autosave(state: GameState, folder: str | os.PathLike, keep: int = 5, game_id: str = "000000",
             routes: dict | None = None) -> Path:
    """Save this Day's Daybreak as ``autosave-<game>-dayNNN.json``, then prune (see ``prune_autosaves``)."""
    path = autosave_path(folder, game_id, state.day)
    save_game(state, path, game_id=game_id, routes=routes)
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
            stale = files[_newest_readable(files) + 1:]
        for *_, path, _ in stale:
            path.unlink(missing_ok=True)
    remove_stale_temp_files(folder)


def _newest_readable(files: list[tuple[int, str, Path, bool]]) -> int:
    """The place in ``files`` (newest first) of the newest that reads as a save; pruning keeps it and every
    newer file: a game whose latest state was cut short (a full disk, a crash, an edit) keeps the Daybreak
    it can go on from, and the damaged file stays for the player to mend or delete."""
    if len(files) < 2:
        return 0
    for index, (*_, path, _daybreak) in enumerate(files):
        try:
            check_header(read_save_data(path))
        except (SaveError, OSError):
            continue
        return index
    return len(files) - 1


# --- reading -------------------------------------------------------------------------------
def from_json(data: Any, map_loader: Callable[[str], Board] | None = None) -> GameState:
    return _load(data, map_loader).state


def _load(data: Any, map_loader: Callable[[str], Board] | None, up_to: int | None = None) -> LoadedSave:
    check_header(data)
    board, changed_map = _board(field(data, "map", dict), map_loader)
    try:
        rules = Rules(field(data, "rules", dict), "save field 'rules'")
    except (SaveError, RulesError) as exc:
        raise SaveError(str(exc)) from None
    except Exception as exc:       # rule data from a file: any failure is a broken save
        raise SaveError(f"save field 'rules' is broken: {exc}") from None
    seats = seats_from(data)
    seed = whole_number(field(data, "seed", int), "seed", -MAX_SEED, MAX_SEED)
    entries = field(data, "actions", list)
    if len(entries) > MAX_ACTIONS:
        raise SaveError(f"save field 'actions' holds {len(entries)} actions; at most {MAX_ACTIONS}")
    actions = [action_from_entry(entry, f"actions[{index}]") for index, entry in enumerate(entries)]
    different_map = (f"this save was made with a different version of {changed_map}: "
                     "the map has changed since, so the game cannot be replayed") if changed_map else None
    hero_names = data.get("hero_names", "by_id" if data["version"] == 1 else None)   # version 1 named by id
    if hero_names is None:
        raise SaveError("save field 'hero_names' is missing")
    if hero_names not in HERO_NAMINGS:
        raise SaveError(f"save field 'hero_names': expected one of {', '.join(HERO_NAMINGS)}, not {short(hero_names)}")
    try:
        state, events = new_game(board, seats, seed, rules=rules, replaying=True, hero_names=hero_names)
    except Exception as exc:       # e.g. the seats do not fit this map or these rules
        raise SaveError(different_map or f"save field 'seats': the game cannot start: {exc}") from None
    cut = up_to is not None and 0 <= up_to < len(actions)
    for index, act in enumerate(actions[:up_to] if cut else actions):
        # a move that no longer replays leaves the moves before it: they can still be loaded (up_to)
        good = None if different_map or index == 0 else index
        try:
            events.extend(apply(state, act))
        except IllegalAction as exc:
            raise SaveError(different_map or f"save field 'actions[{index}]' does not replay: {exc}",
                            good, state.day) from None
        except Exception as exc:   # fields were checked, yet values can still break the rules' arithmetic
            raise SaveError(different_map or f"save field 'actions[{index}]' ({type(act).__name__}) does not "
                            f"replay: {type(exc).__name__}: {exc}", good, state.day) from None
    expected = data.get("snapshot")
    if expected is not None and not cut:
        _keep_city_names(state, expected)
        actual = json.loads(json.dumps(snapshot(state)))
        if actual != expected:
            differing = sorted(k for k in actual if not isinstance(expected, dict) or actual[k] != expected.get(k))
            raise SaveError(different_map or "save field 'snapshot' does not match the replayed game "
                            f"(differs in {', '.join(differing) or 'its keys'})")
    routes = routes_from(data, board.width, board.height)
    return LoadedSave(state, game_id_of(data), events, cut, {h: to for h, to in routes.items() if h in state.heroes})


def _keep_city_names(state: GameState, expected: Any) -> None:
    """The Cities keep the names the save knew them by: a map renamed since (the shipped maps' "Neutral
    villa" became a place name) plays the same game, and its log and news go on naming them as before."""
    cities = expected.get("cities") if isinstance(expected, dict) else None
    if not isinstance(cities, dict):
        return
    for key, saved in cities.items():
        name = saved.get("name") if isinstance(saved, dict) else None
        city = state.cities.get(int(key)) if key.isdigit() else None
        if city is not None and isinstance(name, str) and len(name) <= MAX_TEXT:
            city.name = name


def replay(state: GameState) -> GameState:
    """The same game rebuilt through a JSON save: seed, starting rules and actions."""
    return from_json(json.loads(json.dumps(to_json(state))))


def load_save(path: str | os.PathLike, map_loader: Callable[[str], Board] | None = None,
              up_to: int | None = None) -> LoadedSave:
    """The game in the save file with its identity; SaveError with the reason for anything wrong.
    ``up_to``: replay only that many actions (a save whose later move no longer replays, SaveError.good_moves)."""
    return _load(read_save_data(path), map_loader, up_to)


def load_game(path: str | os.PathLike, map_loader: Callable[[str], Board] | None = None) -> GameState:
    return load_save(path, map_loader).state
