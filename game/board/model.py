"""The board model every part of the game shares: cells, terrain and map tokens.

A Board is static for a whole game: terrain and the tokens the map placed.
The engine copies the map tokens into its own game state at setup.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.board.topology import Cell, Topology, make_topology

if TYPE_CHECKING:
    import numpy as np

TOKEN_KINDS = ("city", "mine", "monster", "item", "resource", "start")
CITY_TIERS = ("encampment", "villa", "estate", "castle")


@dataclass(frozen=True)
class MapToken:
    """One object of a map's ``tokens`` layer."""

    kind: str
    cell: Cell
    owner: int = 0            # seat 1-4 for cities and mines; 0 = neutral / none
    tier: str | None = None   # cities only
    seat: int | None = None   # start slots only
    object_id: int | None = None
    name: str = ""


@dataclass(frozen=True)
class TileInfo:
    """A tileset tile as the renderer and the rules see it."""

    image: str                          # absolute path of the tileset image
    rect: tuple[int, int, int, int]     # x, y, w, h of the tile inside the image
    terrain: str = ""
    move_cost: int = 1
    passable: bool = True


@dataclass
class Board:
    """A map as the game plays it: its cells' terrain and move costs, tile layers, tokens and player counts."""
    topology: Topology
    move_cost: np.ndarray            # int16 (height, width); 0 = impassable
    terrain: list[list[str]]         # [row][col] terrain name of the top-most terrain tile
    tokens: list[MapToken] = field(default_factory=list)
    title: str = "Untitled"
    min_players: int = 2
    max_players: int = 4
    player_counts: tuple[int, ...] = ()   # the counts the map is made for when not every one from min to max
    campaign_player_counts: tuple[int, ...] = ()   # ... in the Campaign ruleset, when fewer than in Normal
    seatings: dict[int, tuple[int, ...]] = field(default_factory=dict)   # players -> the seats they take
    source: str | None = None        # path of the map file, if loaded from one
    tile_width: int = 64
    tile_height: int = 64
    hex_side_length: int = 0
    layers: list[np.ndarray] = field(default_factory=list)   # per tile layer, (h, w) int32 gids; 0 = empty
    tiles: dict[int, TileInfo] = field(default_factory=dict)  # gid -> TileInfo

    @property
    def width(self) -> int:
        return self.topology.width

    @property
    def height(self) -> int:
        return self.topology.height

    @property
    def kind(self) -> str:
        return self.topology.kind

    def passable(self, cell: Cell) -> bool:
        return self.topology.in_bounds(cell) and self.cost(cell) > 0

    def cost(self, cell: Cell) -> int:
        c, r = cell
        grid = self.__dict__["move_cost"]
        return grid.rows[r][c] if type(grid) is Rows else int(grid[r, c])

    def cost_rows(self) -> list[list[int]]:
        """``move_cost`` as rows of ints, without making it a numpy array if the loader left it as rows."""
        grid = self.__dict__["move_cost"]
        return grid.rows if type(grid) is Rows else grid.tolist()

    def layer_rows(self) -> list[list[list[int]]]:
        """``layers`` as rows of gids, without making them numpy arrays if the loader left them as rows."""
        return [layer.rows if type(layer) is Rows else layer.tolist() for layer in self.__dict__["layers"]]

    @property
    def counts(self) -> tuple[int, ...]:
        """The numbers of players this map is made for."""
        return tuple(self.player_counts) or tuple(range(self.min_players, self.max_players + 1))

    def counts_for(self, mode: str) -> tuple[int, ...]:
        """The numbers of players this map is made for in ``mode`` ("normal" or "campaign")."""
        return tuple(self.campaign_player_counts) if mode == "campaign" and self.campaign_player_counts else self.counts

    def takes(self, players: int, mode: str = "normal") -> bool:
        return players in self.counts_for(mode)

    def start_slots(self) -> dict[int, Cell]:
        """Every start slot's cell by its seat."""
        return {t.seat: t.cell for t in self.tokens if t.kind == "start" and t.seat is not None}

    def seats_taken(self, players: int) -> tuple[int, ...]:
        """The seats ``players`` players sit at, player 1 at the first (the map's ``seats_2``, ``seats_3``)."""
        return self.seatings.get(players) or tuple(range(1, players + 1))

    def capital_slots(self, players: int) -> dict[int, Cell]:
        """Each player's start slot cell, by player number."""
        slots = self.start_slots()
        return {player: slots[seat] for player, seat in enumerate(self.seats_taken(players), start=1)
                if seat in slots}

    def player_at_seat(self, seat: int | None, players: int) -> int | None:
        """The player sitting at a map seat (a city's ``owner``), None if no one sits there."""
        taken = self.seats_taken(players)
        return taken.index(seat) + 1 if seat in taken else None

    def open_cells(self) -> list[Cell]:
        """Every passable cell, in the topology's order."""
        rows = self.cost_rows()
        return [cell for cell in self.topology.cells() if rows[cell[1]][cell[0]] > 0]

    @classmethod
    def blank(cls, width: int, height: int, kind: str = "square", *, diagonal: bool = False,
              stagger_axis: str = "y", stagger_index: str = "odd",
              tokens: list[MapToken] | None = None, title: str = "Blank") -> "Board":
        """A board of plain grass with every cell costing 1: for tests and tools."""
        topo = make_topology(kind, width, height, diagonal=diagonal,
                             stagger_axis=stagger_axis, stagger_index=stagger_index)
        return cls(topology=topo,
                   move_cost=Rows([[1] * width for _ in range(height)], "int16"),
                   terrain=[["grass"] * width for _ in range(height)],
                   tokens=list(tokens or []), title=title)


class Rows:
    """A grid of ints as rows of Python lists, with the numpy dtype it becomes (see ``_ArrayField``)."""
    __slots__ = ("rows", "dtype")

    def __init__(self, rows: list[list[int]], dtype: str):
        self.rows, self.dtype = rows, dtype

    def array(self) -> np.ndarray:
        import numpy as np
        return np.array(self.rows, dtype=self.dtype).reshape(len(self.rows), len(self.rows[0]) if self.rows else 0)


class _ArrayField:
    """``Board.move_cost`` and ``Board.layers`` as the rest of the game reads them: numpy arrays. A loaded
    map keeps them as ``Rows`` until first read, so that the board's first frame is drawn before numpy is
    imported (it reads them through ``cost_rows``/``layer_rows``, ``cost`` and ``passable``)."""

    def __init__(self, name: str):
        self.name = name

    def __get__(self, board: Board | None, owner: type | None = None):
        if board is None:
            return self
        value = board.__dict__[self.name]
        if type(value) is Rows:
            value = board.__dict__[self.name] = value.array()
        elif type(value) is list and any(type(v) is Rows for v in value):
            value = board.__dict__[self.name] = [v.array() if type(v) is Rows else v for v in value]
        return value

    def __set__(self, board: Board, value) -> None:
        board.__dict__[self.name] = value


Board.move_cost = _ArrayField("move_cost")     # set after @dataclass made Board: its __init__ assigns through them
Board.layers = _ArrayField("layers")
