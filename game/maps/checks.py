"""Game checks on a loaded map: token properties, seats, blocked and unreachable tokens.

Shared by the loader (which refuses a map with problems) and the validator.
"""
from __future__ import annotations

import difflib
import math
from dataclasses import dataclass

from game.board.model import CITY_TIERS, TOKEN_KINDS, Board, MapToken
from game.board.bitwindow import bit_window
from game.board.topology import Cell
from game.map_players import whole
from game.maps.geometry import cell_center

TOKEN_PROPERTIES = ("kind", "owner", "seat", "tier")


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


def near_miss(name: str, known) -> str | None:
    """The name of ``known`` that ``name`` is likely a slip for ('knd', 'Kind' -> 'kind'), else None."""
    if name in known:
        return None
    lowered = str(name).strip().lower()
    if lowered in known:
        return lowered
    close = difflib.get_close_matches(lowered, list(known), n=1, cutoff=0.75)
    return close[0] if close else None


def misspelt(props: dict, known) -> list[tuple[str, str]]:
    """(name, meant) for each property that is not one of ``known`` but close to one that is missing."""
    found = []
    for name in props:
        meant = near_miss(name, known)
        if meant is not None and meant not in props:
            found.append((name, meant))
    return found


def meant(value, known) -> str:
    """"; did you mean 'monster'?" when ``value`` is a slip for one of ``known``, else ""."""
    guess = near_miss(str(value), known)
    return f"; did you mean '{guess}'?" if guess else ""


def slip_hint(props: dict, wanted: str) -> str:
    """"; is 'knd' meant to be 'kind'?" when a property of ``props`` is a slip for ``wanted``."""
    slips = [name for name, meant_name in misspelt(props, TOKEN_PROPERTIES) if meant_name == wanted]
    return f"; is '{slips[0]}' meant to be '{wanted}'?" if slips else ""


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
        found = (f"; its class/type is '{found_class}', which is not a kind{meant(found_class, TOKEN_KINDS)}"
                 if found_class.strip() else "")
        problems.append(where(f"has no 'kind' property (one of {', '.join(TOKEN_KINDS)}){found}"
                              f"{slip_hint(props, 'kind')}"))
        return None
    kind = str(kind).strip()
    if kind not in TOKEN_KINDS:
        problems.append(where(f"unknown kind '{kind}' (expected one of {', '.join(TOKEN_KINDS)})"
                              f"{meant(kind, TOKEN_KINDS)}"))
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
            problems.append(where(f"unknown tier '{tier}' (expected one of {', '.join(CITY_TIERS)})"
                                  f"{meant(tier, CITY_TIERS)}"))
            tier = "encampment"
    if kind == "start":
        seat = whole(props.get("seat"))
        if seat is None or not 1 <= seat <= board.max_players:
            given = ("it has none" + slip_hint(props, "seat") if props.get("seat") in (None, "")
                     else f"not {props.get('seat')!r}")
            problems.append(where(f"start slot needs a 'seat' property, a whole number from 1 to "
                                  f"{board.max_players} (max_players): {given}"))
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
                                  f"({board.width}x{board.height} cells); move it onto the map"))
            continue
        if not board.passable(token.cell):
            terrain = board.terrain[token.cell[1]][token.cell[0]] or "no terrain"
            problems.append(where(f"{token.kind} is on an impassable cell ({terrain}); move it to a passable "
                                  "cell or paint passable terrain under it"))
        if token.kind in ("city", "start"):
            other = settlements.get(token.cell)
            if other is not None:
                problems.append(where(f"{token.kind} shares its cell with {other.kind} object "
                                      f"{other.object_id}; start slots and cities need a cell each"))
            else:
                settlements[token.cell] = token
    return problems


def seat_problems(path: str, board: Board, seats_known: bool = True) -> list[str]:
    """Every seat up to max_players has one start slot; with ``seats_known`` False (max_players itself is
    wrong, already reported) only seats with two slots are, not missing ones counted from a guess."""
    problems = []
    seats: dict[int, list[MapToken]] = {}
    for token in board.tokens:
        if token.kind == "start" and token.seat is not None:
            seats.setdefault(token.seat, []).append(token)
    unseated = [t.object_id for t in board.tokens if t.kind == "start" and t.seat is None]
    also = (f"; start slot object {unseated[0]} has no valid seat" if len(unseated) == 1 else
            f"; start slot objects {', '.join(map(str, unseated))} have no valid seat" if unseated else "")
    for seat in range(1, board.max_players + 1):
        slots = seats.get(seat, [])
        if not slots and seats_known:
            problems.append(f"{path}: layer 'tokens': no start slot for seat {seat} "
                            f"(max_players is {board.max_players}; add a kind=start object with seat={seat}{also})")
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
                                      f"({home.cell[0]}, {home.cell[1]}) over passable cells; open a way "
                                      "to it (a ford, a gap in the mountains) or move it")
            for t in placed if not reach & window.bit(*t.cell)]


def board_problems(path: str, board: Board, seats_known: bool = True) -> list[str]:
    """All game checks of a loaded board (``seats_known``: see seat_problems)."""
    return (placement_problems(path, board) + seat_problems(path, board, seats_known)
            + reach_problems(path, board))


def seat_order_warnings(path: str, board: Board) -> list[str]:
    """Turn order follows seat order from the Anchor, round the table (R-SET-3): with four players, each
    next seat's start slot should be the next one round the map, one way or the other."""
    slots = {t.seat: t for t in board.tokens if t.kind == "start" and t.seat is not None}
    warnings = []
    for players in board.counts:
        seats = list(board.seats_taken(players))
        if players < 4 or not all(s in slots for s in seats):
            continue        # three seats always go round, one way or the other
        centres = {s: cell_center(board, slots[s].cell) for s in seats}
        mid_x = sum(x for x, _ in centres.values()) / players
        mid_y = sum(y for _, y in centres.values()) / players
        # counter-clockwise as the map is seen: screen y grows downwards
        angle = {s: math.degrees(math.atan2(mid_y - y, x - mid_x)) % 360 for s, (x, y) in centres.items()}
        ring = sorted(seats, key=angle.get)
        gaps = [(angle[ring[(i + 1) % players]] - angle[ring[i]]) % 360 for i in range(players)]
        if min(gaps) < 15:      # two slots in nearly one direction from the middle: no order to tell
            continue
        start = ring.index(seats[0])
        counter = ring[start:] + ring[:start]
        if seats in (counter, counter[:1] + counter[1:][::-1]):
            continue
        stray = next(seats[i + 1] for i in range(players - 1) if seats[i + 1] != counter[i + 1])
        warnings.append(ObjectProblem.of(path, slots[seats[0]])(
            f"with {players} players play goes seat {' → '.join(map(str, seats))} (R-SET-3), which jumps "
            f"across the map: seat {stray}'s start slot (object {slots[stray].object_id}) is not the next "
            f"one round it. Counter-clockwise from seat {seats[0]} the start slots are seats "
            f"{', '.join(map(str, counter[1:]))}: renumber them {', '.join(map(str, seats[1:]))}"))
    return warnings
