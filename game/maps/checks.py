"""Game checks on a loaded map: token properties, seats, blocked and unreachable tokens.

Shared by the loader (which refuses a map with problems) and the validator.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.board.model import CITY_TIERS, TOKEN_KINDS, Board, MapToken
from game.board.bitwindow import bit_window
from game.board.topology import Cell


@dataclass(frozen=True)
class ObjectProblem:
    """Where a token object sits, for messages: file, layer, object id and name, cell."""

    path: str
    layer: str
    object_id: int | None
    name: str
    cell: Cell

    def __call__(self, message: str) -> str:
        label = f" '{self.name}'" if self.name else ""
        return (f"{self.path}: layer '{self.layer}', object {self.object_id}{label} "
                f"at cell ({self.cell[0]}, {self.cell[1]}): {message}")

    @classmethod
    def of(cls, path: str, token: MapToken) -> "ObjectProblem":
        return cls(path, "tokens", token.object_id, token.name, token.cell)


def whole(value) -> int | None:
    """An int from an int, a whole float or such text; None for 2.5, "two", nan, True..."""
    if value is None or isinstance(value, (bool, dict)):
        return None
    if isinstance(value, int):
        return value
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return int(number) if number.is_integer() else None


def token_from_properties(board: Board, props: dict, where: ObjectProblem,
                          problems: list[str], found_class: str = "") -> MapToken | None:
    """The token an object stands for; ``found_class`` is its Tiled class (1.8: type), which may name
    the kind when no ``kind`` property does."""
    kind = props.get("kind")
    if isinstance(kind, dict):
        problems.append(where("its 'kind' property is a class value; make 'kind' a string "
                              f"(one of {', '.join(TOKEN_KINDS)})"))
        return None
    if (kind is None or str(kind).strip() == "") and found_class.strip().lower() in TOKEN_KINDS:
        kind = found_class.strip().lower()
    if kind is None or str(kind).strip() == "":
        found = (f"; its class/type is '{found_class}', which is not a kind" if found_class.strip() else "")
        problems.append(where(f"has no 'kind' property (one of {', '.join(TOKEN_KINDS)}){found}"))
        return None
    kind = str(kind).strip()
    if kind not in TOKEN_KINDS:
        problems.append(where(f"unknown kind '{kind}' (expected one of {', '.join(TOKEN_KINDS)})"))
        return None
    owner, tier, seat = 0, None, None
    if kind in ("city", "mine") and props.get("owner") not in (None, ""):
        owner = whole(props.get("owner"))
        if owner is None or not 0 <= owner <= board.max_players:
            problems.append(where(f"owner {props.get('owner')!r} must be a seat 1-{board.max_players} "
                                  "or 0 for neutral"))
            owner = 0
    if kind == "city":
        tier = str(props.get("tier") or "encampment").strip()
        if tier not in CITY_TIERS:
            problems.append(where(f"unknown tier '{tier}' (expected one of {', '.join(CITY_TIERS)})"))
            tier = "encampment"
    if kind == "start":
        seat = whole(props.get("seat"))
        if seat is None or not 1 <= seat <= board.max_players:
            problems.append(where(f"start slot needs a 'seat' from 1 to {board.max_players} "
                                  f"(max_players), not {props.get('seat')!r}"))
            seat = None
    return MapToken(kind=kind, cell=where.cell, owner=owner, tier=tier, seat=seat,
                    object_id=where.object_id, name=where.name)


def placement_problems(path: str, board: Board) -> list[str]:
    problems = []
    settlements: dict[Cell, MapToken] = {}
    for token in board.tokens:
        where = ObjectProblem.of(path, token)
        if not board.topology.in_bounds(token.cell):
            problems.append(where(f"{token.kind} is outside the map "
                                  f"({board.width}x{board.height} cells)"))
            continue
        if not board.passable(token.cell):
            terrain = board.terrain[token.cell[1]][token.cell[0]] or "no terrain"
            problems.append(where(f"{token.kind} is on an impassable cell ({terrain})"))
        if token.kind in ("city", "start"):
            other = settlements.get(token.cell)
            if other is not None:
                problems.append(where(f"{token.kind} shares its cell with {other.kind} object "
                                      f"{other.object_id}; start slots and cities need a cell each"))
            else:
                settlements[token.cell] = token
    return problems


def seat_problems(path: str, board: Board) -> list[str]:
    problems = []
    seats: dict[int, list[MapToken]] = {}
    for token in board.tokens:
        if token.kind == "start" and token.seat is not None:
            seats.setdefault(token.seat, []).append(token)
    for seat in range(1, board.max_players + 1):
        slots = seats.get(seat, [])
        if not slots:
            problems.append(f"{path}: layer 'tokens': no start slot for seat {seat} "
                            f"(max_players is {board.max_players}; add a kind=start object with seat={seat})")
        for extra in slots[1:]:
            problems.append(ObjectProblem.of(path, extra)(
                f"seat {seat} already has a start slot (object {slots[0].object_id})"))
    return problems


def reach_problems(path: str, board: Board) -> list[str]:
    placed = [t for t in board.tokens if board.passable(t.cell)]
    anchors = sorted((t for t in placed if t.kind == "start"), key=lambda t: t.seat or 0)
    anchors = anchors or [t for t in placed if t.kind == "city"]
    if not anchors:
        return []
    home = anchors[0]
    window = bit_window(board.topology, 0, 0, board.width, board.height)     # the whole map, without numpy
    reach = window.spread(window.pack_rows([[cost > 0 for cost in row] for row in board.cost_rows()]),
                          window.bit(*home.cell))
    label = f"seat {home.seat}'s start slot" if home.kind == "start" else f"city object {home.object_id}"
    return [ObjectProblem.of(path, t)(f"{t.kind} cannot be reached from {label} at cell "
                                      f"({home.cell[0]}, {home.cell[1]}) over passable cells")
            for t in placed if not reach & window.bit(*t.cell)]


def board_problems(path: str, board: Board) -> list[str]:
    """All game checks of a loaded board."""
    return placement_problems(path, board) + seat_problems(path, board) + reach_problems(path, board)
