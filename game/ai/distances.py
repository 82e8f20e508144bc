"""Static 🐎 distance fields, cached per board.

A field from one cell over the whole map, ignoring tokens (no stop tiles), depends
only on the board's fixed move costs, so computer players compute it once per cell
and board instead of once per decision. The cache holds at most ``FIELDS_PER_BOARD``
fields per board (the oldest are dropped) and goes when the board does.
"""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict

import numpy as np

from game.board.pathfinding import MAX_BUDGET, reachable

FIELDS_PER_BOARD = 256
_CACHES: dict[int, tuple[weakref.ref, OrderedDict]] = {}
_LOCK = threading.Lock()       # a computer player may think off the screen's thread (game.ui.session.think)


def _cache_of(board) -> OrderedDict:
    key = id(board)
    entry = _CACHES.get(key)
    if entry is None or entry[0]() is not board:
        entry = (weakref.ref(board, lambda _ref, key=key: _CACHES.pop(key, None)), OrderedDict())
        _CACHES[key] = entry
    return entry[1]


def whole_map_budget(board) -> int:
    """🐎 enough for a search from any cell to reach every cell of the board (a distance field's, and a
    computer player's search over the whole board)."""
    return min(MAX_BUDGET, 64 * (board.width + board.height))


def distance_field(board, cell) -> np.ndarray:
    """int16 (height, width): the cheapest 🐎 from ``cell`` to every cell, -1 where unreachable.

    The array is shared between callers: read it, never write to it."""
    cell = (int(cell[0]), int(cell[1]))
    with _LOCK:
        cache = _cache_of(board)
        field = cache.get(cell)
        if field is not None:
            cache.move_to_end(cell)
            return field
    field = reachable(board.topology, board.move_cost, None, cell, whole_map_budget(board)).costs
    field.flags.writeable = False
    with _LOCK:
        cache[cell] = field
        if len(cache) > FIELDS_PER_BOARD:
            cache.popitem(last=False)
    return field
