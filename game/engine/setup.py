"""A new game: players, tokens from the map or scattered, the Anchor, capitals (R-SET-1..5)."""
from __future__ import annotations

from dataclasses import dataclass

from game.board.model import Board
from game.board.topology import Cell
from game.engine.dice import Rng
from game.engine.errors import IllegalAction
from game.engine.flow import start_day
from game.engine.heroes import new_hero
from game.engine.rules import Rules, copy_data, load_rules
from game.engine.state import NEUTRAL, City, Event, GameState, Mine, Pending, Player, Token
from game.map_players import made_for


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a name, human or computer, and the computer's level."""
    name: str
    kind: str = "human"      # human | computer
    ai: str = ""             # computer level, e.g. "standard"


def new_game(board: Board, seats: list[Seat], seed: int, rules: Rules | None = None,
             mode: str = "normal", replaying: bool = False, hero_names: str = "distinct") -> tuple[GameState, list[Event]]:
    """A new game (R-SET). ``replaying``: a saved game, which plays on at any count from the map's fewest to
    its most, even one the map is no longer made for (a map's ``players`` may change after the save).
    ``hero_names``: how a save's heroes were named ("seeded", "by_id": ``heroes.hero_name``)."""
    rules = rules.copy() if rules else load_rules(mode)
    setup = rules["setup"]
    if not setup["min_players"] <= len(seats) <= setup["max_players"]:
        raise IllegalAction(f"{len(seats)} players: the game takes {setup['min_players']} to {setup['max_players']}")
    fits = board.min_players <= len(seats) <= board.max_players if replaying else board.takes(len(seats), rules.mode)
    if not fits:
        raise IllegalAction(f"{board.title} is a map for {made_for(board.counts_for(rules.mode), board.counts)}, "
                            f"not {len(seats)}")
    players = {}
    for index, seat in enumerate(seats, start=1):
        wallet = {resource: 0 for resource in rules.resources}
        wallet.update(setup["start_purse"])
        players[index] = Player(seat=index, name=seat.name, kind=seat.kind, ai=seat.ai, purse=wallet)
    state = GameState(rules=rules, board=board, seed=seed, rng=Rng(seed), players=players,
                      rules_at_start=copy_data(rules.data), hero_names=hero_names)
    events: list[Event] = []
    place_map_tokens(state, events)
    scatter_missing_tokens(state, events)
    roll_anchor(state, events)
    place_capitals(state, events)
    if not state.pending:
        start_day(state, events)
    state.log.extend(events)
    return state, events


def place_map_tokens(state: GameState, events: list[Event]) -> None:
    tiers = state.rules["cities"]["tiers"]
    players = len(state.players)
    for token in state.board.tokens:
        owner = state.board.player_at_seat(token.owner, players) or NEUTRAL   # a map owner is a seat
        if token.kind == "city":
            tier = token.tier if token.tier in tiers else tiers[0]
            city = City(id=state.new_id(), cell=token.cell, owner=owner, tier=tier, name=token.name)
            state.cities[city.id] = city
        elif token.kind == "mine":
            mine = Mine(id=state.new_id(), cell=token.cell, owner=owner)
            state.mines[mine.id] = mine
        elif token.kind in ("monster", "item", "resource"):
            tok = Token(id=state.new_id(), kind=token.kind, cell=token.cell)
            state.tokens[tok.id] = tok


def scatter_missing_tokens(state: GameState, events: list[Event]) -> None:
    """R-SET-2: a kind the map does not place is scattered on open tiles."""
    count = len(state.players)
    reserved = set(state.board.start_slots().values())
    placed_kinds = {t.kind for t in state.board.tokens}
    for kind, per_player in state.rules["setup"]["scatter_per_player"].items():
        if kind in placed_kinds:
            continue
        free = [c for c in state.unoccupied_cells() if c not in reserved]
        state.rng.shuffle(free)
        for cell in free[:per_player * count]:
            if kind == "mine":
                mine = Mine(id=state.new_id(), cell=cell)
                state.mines[mine.id] = mine
            else:
                token = Token(id=state.new_id(), kind=kind, cell=cell)
                state.tokens[token.id] = token
        state.emit(events, "tokens_scattered", kind=kind, count=min(len(free), per_player * count))


def roll_anchor(state: GameState, events: list[Event]) -> None:
    """R-SET-3: highest 1d6 goes first; tied highest re-roll; then seat order."""
    contenders = sorted(state.players)
    die = state.rules["setup"]["anchor_die"]
    while True:
        rolls = {}
        for seat in contenders:
            roll = state.rng.roll(die)
            rolls[seat] = roll.total
            state.emit(events, "dice", player=seat, purpose="anchor", expr=die,
                       faces=list(roll.faces), total=roll.total)
        best = max(rolls.values())
        contenders = [seat for seat, total in rolls.items() if total == best]
        if len(contenders) == 1:
            break
        state.emit(events, "anchor_tie", players=contenders)
    anchor = contenders[0]
    seats = sorted(state.players)
    start = seats.index(anchor)
    state.turn_order = seats[start:] + seats[:start]
    state.emit(events, "anchor", player=anchor, turn_order=list(state.turn_order))


def place_capitals(state: GameState, events: list[Event]) -> None:
    """R-SET-4: on the map's start slots (those of the seats the players take), else each player clicks a
    cell in turn order."""
    slots = state.board.capital_slots(len(state.players))
    for seat in state.turn_order:
        if state.cities_of(seat):
            continue
        if seat in slots:
            found_capital(state, seat, slots[seat], events)
        else:
            state.pending.append(Pending("place_capital", seat))
    if state.pending:
        state.phase = "capitals"


def found_capital(state: GameState, seat: int, cell: Cell, events: list[Event]) -> City:
    setup = state.rules["setup"]
    existing = state.city_at(cell)
    if existing is not None:
        del state.cities[existing.id]
    city = City(id=state.new_id(), cell=cell, owner=seat, tier=setup["capital_tier"],
                buildings={b: 1 for b in setup["capital_buildings"]}, name=f"{state.players[seat].name}'s capital")
    state.cities[city.id] = city
    state.emit(events, "capital", player=seat, city=city.id, cell=list(cell))
    if state.rules.option("starting_hero"):
        new_hero(state, seat, cell, events)
    return city


def place_capital(state: GameState, seat: int, cell: Cell, events: list[Event]) -> None:
    if not state.is_unoccupied(cell):
        raise IllegalAction("a capital needs an open cell: passable, with nothing on it")
    state.pending.pop(0)
    found_capital(state, seat, cell, events)
    if not state.pending:
        start_day(state, events)
