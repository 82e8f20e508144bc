"""Hero movement (🐎): where a hero can go, the cheapest path there, and path checking.

Rules R-MOV-2..8 and R-ALLY-1 of RULES.md:

- entering a cell costs its ``move_cost``; 0 means impassable, never entered;
- ``stop`` cells (a mandatory interaction: monster, enemy hero, enemy or
  neutral city, a mine not owned by the player or an ally) may end a path but
  are never passed through; the start cell never stops a hero leaving it;
- ``blocked`` cells (optional) cannot be entered at all;
- item and resource pickups are optional, so they never add to a path's cost:
  ``Reach.pickups(cell)`` reports them for the screen to show;
- no path costs more than the budget.

The screen offers ``reachable(...)`` and the engine's move action checks the
same thing with ``path_cost(...)``, so the two can never disagree.
"""
from __future__ import annotations

from functools import cached_property
from typing import Iterable, Iterator, Protocol

import numpy as np

from game.board.bitwindow import BitWindow, bit_window
from game.board.topology import Cell, Topology
from game.choices import MAX_BUDGET

__all__ = ["Reach", "reachable", "connected", "path_cost", "token_masks", "MAX_BUDGET"]

assert MAX_BUDGET == np.iinfo(np.int16).max      # costs are stored as int16


class Reach:
    """The result of ``reachable``: the cheapest 🐎 cost to end on each cell.

    Internally only the window around the start that the budget can reach is
    stored (``window_costs``, top-left cell ``window_origin``); the full-map
    ``costs`` array is built on first use.
    """

    def __init__(self, topology: Topology, move_cost: np.ndarray, stop: np.ndarray | None,
                 start: Cell, budget: int, window_origin: Cell, window_costs: np.ndarray,
                 pickups: np.ndarray | None) -> None:
        self.topology = topology
        self.start = start
        self.budget = budget
        self.window_origin = window_origin
        self.window_costs = window_costs    # int16 (h, w) of the window; -1 = unreachable
        self._move_cost = move_cost
        self._stop = stop
        self._pickups = pickups
        self._paths: dict[Cell, tuple[Cell, ...]] = {}   # path_to's answers: the screen asks again every frame

    def cost(self, cell: Cell) -> int | None:
        """Cheapest 🐎 to end on ``cell`` (pickups not included), or None if out of reach."""
        c, r = cell[0] - self.window_origin[0], cell[1] - self.window_origin[1]
        rows = self._rows
        if not (0 <= r < len(rows) and 0 <= c < len(rows[r])):
            return None
        k = rows[r][c]
        return None if k < 0 else k

    @cached_property
    def _rows(self) -> list[list[int]]:
        """``window_costs`` as lists: walking paths back asks for many cells, and a list answers far quicker
        than a numpy element."""
        return self.window_costs.tolist()

    def __contains__(self, cell: Cell) -> bool:
        return self.cost(cell) is not None

    def cells(self) -> Iterator[Cell]:
        """Every reachable cell, the start included, in row-major order."""
        c0, r0 = self.window_origin
        rows, cols = np.nonzero(self.window_costs >= 0)
        for r, c in zip(rows.tolist(), cols.tolist()):
            yield (c + c0, r + r0)

    def is_stop(self, cell: Cell) -> bool:
        """Whether a move must end on ``cell``. The start is never one: the hero may leave it."""
        if cell == self.start or self._stop is None or not self.topology.in_bounds(cell):
            return False
        return bool(self._stop[cell[1], cell[0]])

    def pickups(self, cell: Cell) -> int:
        """How many optional item/resource pickups (🐎1 each) ``cell`` holds."""
        if self._pickups is None or not self.topology.in_bounds(cell):
            return 0
        return int(self._pickups[cell[1], cell[0]])

    def path_to(self, cell: Cell) -> list[Cell]:
        """The cheapest path from the start to ``cell``: excluding the start, ending at ``cell``.

        Among equally cheap paths the choice is deterministic: walking back
        from the end, take the first neighbour (in ``topology.offsets`` order)
        that lies on a cheapest path.
        """
        cell = (int(cell[0]), int(cell[1]))
        known = self._paths.get(cell)
        if known is None:
            known = self._walk_back(cell)
        return list(known)

    def _walk_back(self, cell: Cell) -> tuple[Cell, ...]:
        """Walks back to the start, or to a cell whose path is known (each cell's step back is
        fixed, so paths share their beginnings), and remembers the path of every cell passed."""
        if self.cost(cell) is None:
            raise ValueError(f"cell {cell} is out of reach")
        passed = []
        here = cell
        while here != self.start and here not in self._paths:
            passed.append(here)
            here = self._step_back(here)
        path = list(self._paths.get(here, ()))
        for step in reversed(passed):
            path.append(step)
            self._paths[step] = tuple(path)
        return tuple(path)

    def _step_back(self, here: Cell) -> Cell:
        """The first neighbour (in ``topology.offsets`` order) on a cheapest path to ``here``: ``cost`` and
        ``is_stop`` written out, as computer players walk thousands of paths back a decision."""
        rows, (x0, y0), stop, start = self._rows, self.window_origin, self._stop, self.start
        before = rows[here[1] - y0][here[0] - x0] - int(self._move_cost[here[1], here[0]])
        for n in self.topology.neighbours(here):
            c, r = n[0] - x0, n[1] - y0
            if 0 <= r < len(rows) and 0 <= c < len(rows[r]) and rows[r][c] == before \
                    and (n == start or stop is None or not stop[n[1], n[0]]):
                return n
        raise AssertionError(f"no step back from {here}")

    @cached_property
    def costs(self) -> np.ndarray:
        """int16 (height, width) of the whole map: cheapest 🐎 per cell, -1 where out of reach."""
        full = np.full((self.topology.height, self.topology.width), -1, dtype=np.int16)
        c0, r0 = self.window_origin
        h, w = self.window_costs.shape
        full[r0:r0 + h, c0:c0 + w] = self.window_costs
        return full


def reachable(topology: Topology, move_cost: np.ndarray, stop: np.ndarray | None,
              start: Cell, budget: int, pickups: np.ndarray | None = None,
              blocked: np.ndarray | None = None) -> Reach:
    """Every cell a hero on ``start`` can end its move on with ``budget`` 🐎."""
    _check_shape(topology, move_cost, "move_cost")
    for name, array in (("stop", stop), ("pickups", pickups), ("blocked", blocked)):
        if array is not None:
            _check_shape(topology, array, name)
    if not topology.in_bounds(start):
        raise ValueError(f"start {start} is off the {topology.width}x{topology.height} map")
    start, budget = (int(start[0]), int(start[1])), int(budget)
    if not 0 <= budget <= MAX_BUDGET:
        raise ValueError(f"budget must be 0 to {MAX_BUDGET}, not {budget}")

    window = _budget_window(topology, start, budget)
    rows = slice(window.row0, window.row0 + window.height)
    cols = slice(window.col0, window.col0 + window.width)
    window_costs = _window_costs(window, move_cost[rows, cols],
                                 None if stop is None else stop[rows, cols],
                                 None if blocked is None else blocked[rows, cols],
                                 start, budget)
    return Reach(topology, move_cost, stop, start, budget,
                 (window.col0, window.row0), window_costs, pickups)


def _budget_window(topology: Topology, start: Cell, budget: int) -> BitWindow:
    # Every cell costs at least 1, so a path of `budget` 🐎 takes at most
    # `budget` steps, and no step changes a column or row by more than one.
    c, r = start
    col0, row0 = max(0, c - budget), max(0, r - budget)
    col1, row1 = min(int(topology.width), c + budget + 1), min(int(topology.height), r + budget + 1)
    return bit_window(topology, col0, row0, col1 - col0, row1 - row0)


def _window_costs(window: BitWindow, move_cost: np.ndarray, stop: np.ndarray | None,
                  blocked: np.ndarray | None, start: Cell, budget: int) -> np.ndarray:
    """Dial's algorithm, one 🐎 level at a time, on bit sets of cells."""
    enterable = (move_cost > 0) & (move_cost <= budget)
    if blocked is not None:
        enterable &= ~blocked
    step_costs = np.flatnonzero(np.bincount(move_cost[enterable].ravel(), minlength=1)).tolist()

    masks = np.empty((1 + len(step_costs),) + move_cost.shape, dtype=bool)
    masks[0] = False if stop is None else stop
    for i, step in enumerate(step_costs, 1):
        np.equal(move_cost, step, out=masks[i])
        masks[i] &= enterable
    stops, *cells_costing = window.pack(masks)

    start_bit = window.bit(*start)
    stops &= ~start_bit
    largest_step = step_costs[-1] if step_costs else 1
    leaving = [window.dilate(start_bit)]  # leaving[k]: cells next to a non-stop cell costing k
    reached = start_bit
    # The costs go back to numpy as bit planes: plane j holds the cells whose
    # cost has bit j set. That is fewer sets to unpack than one per cost.
    planes = [0] * budget.bit_length()
    for k in range(1, budget + 1):
        level = 0                         # the cells whose cheapest cost is k
        for step, cells in zip(step_costs, cells_costing):
            if step <= k:
                level |= leaving[k - step] & cells
        level &= ~reached
        reached |= level
        leaving.append(window.dilate(level & ~stops) if level else 0)
        for j, plane in enumerate(planes):
            if k >> j & 1:
                planes[j] = plane | level
        if not any(leaving[-largest_step:]):
            break

    unpacked = window.unpack([reached] + planes)
    found, bits = unpacked[0], unpacked[1:]
    weights = (1 << np.arange(len(planes), dtype=np.int16))[:, None, None]
    costs = (bits * weights).sum(axis=0, dtype=np.int16)
    return np.where(found, costs, np.int16(-1))


def connected(topology: Topology, open_cells: np.ndarray, start: Cell) -> np.ndarray:
    """Bool (height, width): every open cell joined to ``start`` by steps between open cells
    (no budget; the whole map). ``start`` counts even if it is not open."""
    _check_shape(topology, open_cells, "open_cells")
    window = bit_window(topology, 0, 0, int(topology.width), int(topology.height))
    (enterable,) = window.pack(open_cells[None].astype(bool))
    return window.unpack([window.spread(enterable, window.bit(*start))])[0].astype(bool)


def path_cost(topology: Topology, move_cost: np.ndarray, stop: np.ndarray | None,
              start: Cell, path: Iterable[Cell], blocked: np.ndarray | None = None) -> int:
    """The 🐎 a move along ``path`` (cells after ``start``) costs; ValueError if illegal."""
    if not topology.in_bounds(start):
        raise ValueError(f"start {start} is off the map")
    total = 0
    here = start
    for cell in path:
        cell = (int(cell[0]), int(cell[1]))
        if not topology.in_bounds(cell):
            raise ValueError(f"{cell} is off the map")
        if cell not in topology.neighbours(here):
            raise ValueError(f"{cell} is not adjacent to {here}")
        if here != start and stop is not None and stop[here[1], here[0]]:
            raise ValueError(f"the move must end at {here}: it cannot pass through")
        step = int(move_cost[cell[1], cell[0]])
        if step <= 0:
            raise ValueError(f"{cell} is impassable")
        if blocked is not None and blocked[cell[1], cell[0]]:
            raise ValueError(f"{cell} is blocked")
        total += step
        here = cell
    return total


class TokenLike(Protocol):
    kind: str
    cell: Cell
    owner: int


def token_masks(board, tokens: Iterable[TokenLike], player: int,
                allies: frozenset[int] = frozenset(),
                enemy_hero_cells: Iterable[Cell] = ()) -> tuple[np.ndarray, np.ndarray]:
    """The ``stop`` (bool) and ``pickups`` (int) arrays for ``player``'s heroes.

    Monsters stop a move (R-MOV-4); so do cities and mines unless owned by the
    player or an ally (R-MOV-5, R-ALLY-1), neutral ones (owner 0) included,
    and enemy heroes. Items and resources are optional pickups (R-MOV-3).
    """
    shape = (board.height, board.width)
    stop = np.zeros(shape, dtype=bool)
    pickups = np.zeros(shape, dtype=np.int16)
    friends = {player} | set(allies)
    for token in tokens:
        c, r = token.cell
        if not board.topology.in_bounds((c, r)):
            raise ValueError(f"{token.kind} token at {token.cell} is off the map")
        if token.kind == "monster":
            stop[r, c] = True
        elif token.kind in ("city", "mine"):
            if token.owner not in friends:
                stop[r, c] = True
        elif token.kind in ("item", "resource"):
            pickups[r, c] += 1
        elif token.kind != "start":
            raise ValueError(f"unknown token kind {token.kind!r} at {token.cell}")
    for c, r in enemy_hero_cells:
        stop[r, c] = True
    return stop, pickups


def _check_shape(topology: Topology, array: np.ndarray, name: str) -> None:
    if array.shape != (topology.height, topology.width):
        raise ValueError(f"{name} has shape {array.shape}, expected "
                         f"{(topology.height, topology.width)} (height, width)")
