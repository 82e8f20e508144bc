"""The game state: plain dataclasses, plus read-only queries over them."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from game.board.model import Board
from game.board.topology import Cell
from game.engine.dice import Rng
from game.engine.rules import Rules

NEUTRAL = 0


@dataclass
class Item:
    """An Item (R-ITEM): a hero's or a City armory's, or lying on the board in a token."""
    id: int
    type: str          # main_hand, off_hand, amulet
    rarity: int        # 0 = common .. 4 = legendary
    power: str         # dice expression


@dataclass
class Hero:
    """A hero on the board: its cell, mercenaries (``army``), items and what is left of its 🐎 this turn."""
    id: int
    owner: int
    cell: Cell
    army: dict[str, int] = field(default_factory=dict)
    items: list[Item] = field(default_factory=list)
    equipped: list[int] = field(default_factory=list)   # item ids, at most one per type
    moves_left: int | None = None                       # None: has not rolled 🐎 this turn
    name: str = ""


@dataclass
class City:
    """A City: tier, buildings, garrison and armory; owned by a seat, or NEUTRAL."""
    id: int
    cell: Cell
    owner: int
    tier: str
    buildings: dict[str, int] = field(default_factory=dict)   # name -> level (1 for plain buildings)
    garrison: dict[str, int] = field(default_factory=dict)
    armory: list[Item] = field(default_factory=list)
    sieged: bool = False
    built_today: int = 0
    name: str = ""

    def has(self, building: str) -> bool:
        return self.buildings.get(building, 0) > 0


@dataclass
class Mine:
    """A Mine and its owner (NEUTRAL until captured); ``resource`` once known."""
    id: int
    cell: Cell
    owner: int = NEUTRAL
    resource: str | None = None


@dataclass
class Token:
    """A Monster, Item or Resource token lying on the board."""
    id: int
    kind: str
    cell: Cell
    item: Item | None = None     # a dropped item keeps what it was


@dataclass
class Player:
    """A seat in the game: who plays it, its purse, and whether it is still in the game."""
    seat: int
    name: str
    kind: str = "human"            # human | computer
    ai: str = ""                   # computer level
    purse: dict[str, int] = field(default_factory=dict)
    alive: bool = True
    cityless_turns: int = 0        # R-END-1: its turns begun without a City, since it had one


@dataclass
class Pending:
    """A decision the rules leave to one player, which must come before play goes on."""
    kind: str
    player: int
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Interaction:
    """What is left to resolve on the cell a hero has just entered (R-MOV-7 order)."""
    hero: int
    cell: Cell
    done: list[str] = field(default_factory=list)      # steps already resolved
    monsters: dict[str, Any] = field(default_factory=dict)
    monsters_only: bool = False    # R-MOV-7: a Monster came to the hero; the rest of the cell was done


@dataclass
class Event:
    """Something that happened, for the screen, the log and the saves: ``kind`` and its data."""
    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"kind": self.kind, **self.data}


@dataclass
class GameState:
    """The whole game: rules, board, dice, players, what is on the board, and whose move it is."""
    rules: Rules                   # in force now (a vote may switch an optional rule)
    board: Board
    seed: int
    rng: Rng
    players: dict[int, Player]
    turn_order: list[int] = field(default_factory=list)
    day: int = 0
    phase: str = "setup"           # capitals | daybreak | turn | over
    current: int = 0               # index into turn_order
    heroes: dict[int, Hero] = field(default_factory=dict)
    cities: dict[int, City] = field(default_factory=dict)
    mines: dict[int, Mine] = field(default_factory=dict)
    tokens: dict[int, Token] = field(default_factory=dict)
    next_id: int = 1
    pending: list[Pending] = field(default_factory=list)
    interaction: Interaction | None = None
    battle: Any = None             # game.engine.battle.Battle while a battle is on
    alliances: set[frozenset[int]] = field(default_factory=set)
    alliance_offers: set[tuple[int, int]] = field(default_factory=set)   # (from, to)
    vote: dict[str, Any] | None = None
    turn_acted: bool = False       # the current player has done something this turn
    winners: list[int] = field(default_factory=list)
    end_reason: str = ""
    log: list[Event] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
    rules_at_start: dict[str, Any] = field(default_factory=dict)   # what a replay starts from
    hero_names: str = "distinct"   # how heroes are named (heroes.hero_name): "seeded" and "by_id" for older saves

    def lookahead_copy(self, rng: Rng | None = None) -> "GameState":
        """A copy to try things on (a computer player's rollout, the odds worked out off the frame).

        Board, rule tables and the rules the game started with are shared: nothing writes to them.
        The optional rules get their own dict, since a vote switches one in place. The history is
        copied shallowly (actions are frozen) and the log starts empty; ``rng`` replaces the dice."""
        rules = copy.copy(self.rules)
        rules.data = dict(rules.data, options=dict(rules.data["options"]))
        memo = {id(self.board): self.board, id(self.rules): rules, id(self.log): [],
                id(self.actions): list(self.actions), id(self.rules_at_start): self.rules_at_start}
        if rng is not None:
            memo[id(self.rng)] = rng
        self._copy_pieces(memo)
        return copy.deepcopy(self, memo)

    def _copy_pieces(self, memo: dict) -> None:
        """The many small pieces (heroes, Cities, Mines, tokens, players) copied directly into ``memo``:
        deepcopy's general walk was a fifth of a ``hard`` player's thinking. Their dicts and lists hold
        only numbers, names and Items, and an Item is never changed once made, so one level of copying
        is a deep copy."""
        def piece(old):
            new = copy.copy(old)
            for name, value in old.__dict__.items():
                if type(value) in (dict, list):
                    new.__dict__[name] = memo[id(value)] = type(value)(value)
            memo[id(old)] = new
            return new

        for table in (self.heroes, self.cities, self.players, self.mines, self.tokens):
            memo[id(table)] = {key: piece(value) for key, value in table.items()}

    # --- ids -----------------------------------------------------------------
    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    # --- whose move ----------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.turn_order[self.current] if self.turn_order else 0

    def actor(self) -> int | None:
        """The seat that must act now, or None when the game is over."""
        if self.phase == "over":
            return None
        if self.pending:
            return self.pending[0].player
        if self.battle is not None:
            return self.battle.acting_player()
        return self.current_player

    # --- queries -------------------------------------------------------------
    def live_players(self) -> list[int]:
        return [seat for seat in self.turn_order if self.players[seat].alive]

    def allied(self, a: int, b: int) -> bool:
        return a == b or (bool(self.alliances) and frozenset((a, b)) in self.alliances)

    def allies_of(self, seat: int) -> frozenset[int]:
        return frozenset(other for pair in self.alliances if seat in pair for other in pair if other != seat)

    def heroes_of(self, seat: int) -> list[Hero]:
        return [h for h in self.heroes.values() if h.owner == seat]

    def cities_of(self, seat: int) -> list[City]:
        return [c for c in self.cities.values() if c.owner == seat]

    def mines_of(self, seat: int) -> list[Mine]:
        return [m for m in self.mines.values() if m.owner == seat]

    def city_at(self, cell: Cell) -> City | None:
        return next((c for c in self.cities.values() if c.cell == cell), None)

    def mine_at(self, cell: Cell) -> Mine | None:
        return next((m for m in self.mines.values() if m.cell == cell), None)

    def tokens_at(self, cell: Cell, kind: str | None = None) -> list[Token]:
        return [t for t in self.tokens.values() if t.cell == cell and (kind is None or t.kind == kind)]

    def heroes_at(self, cell: Cell) -> list[Hero]:
        return [h for h in self.heroes.values() if h.cell == cell]

    def is_garrisoned(self, hero: Hero) -> bool:
        city = self.city_at(hero.cell)
        return city is not None and city.owner == hero.owner

    def occupied_cells(self) -> set[Cell]:
        """Every cell with a token, City, Mine or hero on it."""
        return ({t.cell for t in self.tokens.values()} | {c.cell for c in self.cities.values()}
                | {m.cell for m in self.mines.values()} | {h.cell for h in self.heroes.values()})

    def is_unoccupied(self, cell: Cell) -> bool:
        """Passable, with no token, city, mine or hero (R-DAY-5 placement)."""
        return self.board.passable(cell) and cell not in self.occupied_cells()

    def unoccupied_cells(self) -> list[Cell]:
        """Every unoccupied cell (``is_unoccupied``), in the topology's order."""
        taken = self.occupied_cells()
        return [cell for cell in self.board.open_cells() if cell not in taken]

    def highest_city_tier(self) -> str:
        tiers = self.rules["cities"]["tiers"]
        owned = [tiers.index(c.tier) for c in self.cities.values() if c.owner != NEUTRAL]
        return tiers[max(owned)] if owned else "none"

    def emit(self, events: list[Event], kind: str, /, **data: Any) -> Event:
        event = Event(kind, data)
        events.append(event)
        return event
