"""The shape of a Day: Daybreak for every player, then every player's turn (R-DAY, R-END)."""
from __future__ import annotations

from game.engine import purse
from game.engine.dice import table_lookup
from game.engine.heroes import kill_hero, step_aside
from game.engine.state import NEUTRAL, Event, GameState, Pending


# --- Daybreak ---------------------------------------------------------------------
def start_day(state: GameState, events: list[Event]) -> None:
    state.day += 1
    state.emit(events, "day_started", day=state.day)
    if state.rules.option("day_limit") and state.day > state.rules["options"]["day_limit_days"]:
        end_by_day_limit(state, events)
        return
    state.phase = "daybreak"
    state.current = -1
    if everyone_allied(state) and not state.rules.option("shared_victory"):
        dissolve_grand_alliance(state, events)
    next_daybreak(state, events)


def begin_daybreak(state: GameState, events: list[Event]) -> None:
    """Steps 1 and 2 of the current player's Daybreak; step 3 waits for its actions."""
    seat = state.current_player
    state.emit(events, "daybreak", player=seat, day=state.day)
    for city in state.cities_of(seat):
        city.built_today = 0
    collect_income(state, seat, events)
    charge_upkeep(state, seat, events)


def city_income(rules, city, tier: str | None = None) -> dict[str, int]:
    """What one unsieged City pays at Daybreak (R-DAY-2, R-CMP-2), its Gold Mine included (R-BLD-5);
    ``tier`` overrides the City's own (the Daybreak panel asks for the tier it had at dawn)."""
    income = dict(rules["daybreak"]["city_income_by_tier"][tier or city.tier])
    gold_mine = city.buildings.get("gold_mine", 0)
    if gold_mine and rules.option("legacy_gold_mine"):
        bonus = sum(rules["buildings"]["gold_mine"]["level_income"][:gold_mine])
        income["coin"] = income.get("coin", 0) + bonus
    return income


def mine_income(rules, mine) -> dict[str, int]:
    """What one Mine pays at Daybreak (R-DAY-2; its resource in Campaign, R-CMP-2)."""
    return {mine.resource or rules.resources[0]: rules["daybreak"]["mine_income"]}


def pays_income(rules, city) -> bool:
    """R-CITY-3: a besieged City yields nothing unless the rules say otherwise."""
    return not city.sieged or rules["daybreak"]["sieged_city_income"]


def daily_income(state: GameState, seat: int) -> dict[str, int]:
    """What ``seat``'s next Daybreak will pay as things stand: Cities not besieged, then Mines."""
    rules = state.rules
    income: dict[str, int] = {}
    for city in state.cities_of(seat):
        if pays_income(rules, city):
            for resource, amount in city_income(rules, city).items():
                income[resource] = income.get(resource, 0) + amount
    for mine in state.mines_of(seat):
        for resource, amount in mine_income(rules, mine).items():
            income[resource] = income.get(resource, 0) + amount
    return income


def collect_income(state: GameState, seat: int, events: list[Event]) -> None:
    """R-DAY-2, R-CMP-2, R-BLD-5, R-CITY-3."""
    for city in state.cities_of(seat):
        if not pays_income(state.rules, city):
            state.emit(events, "city_besieged_no_income", city=city.id)
    purse.change(state, seat, daily_income(state, seat), events, "income")


def upkeep_cost(state: GameState, seat: int) -> tuple[dict[str, int], list[int]]:
    """The per-hero upkeep and the heroes that owe it (R-DAY-3, R-CMP-3)."""
    rules = state.rules
    each = rules["daybreak"]["hero_upkeep"]
    owing = [h.id for h in state.heroes_of(seat)
             if rules["daybreak"]["upkeep_garrisoned_heroes"] or not state.is_garrisoned(h)]
    return each, owing


def deaths_needed(state: GameState, seat: int) -> int:
    each, owing = upkeep_cost(state, seat)
    wallet = state.players[seat].purse
    payable = min((wallet.get(r, 0) // n for r, n in each.items() if n), default=len(owing))
    return max(0, len(owing) - payable)


def charge_upkeep(state: GameState, seat: int, events: list[Event]) -> None:
    needed = deaths_needed(state, seat)
    if needed:
        _, owing = upkeep_cost(state, seat)
        state.pending.append(Pending("upkeep_deaths", seat, {"count": needed, "heroes": owing}))
        state.emit(events, "upkeep_short", player=seat, deaths=needed)
        return
    pay_upkeep(state, seat, events)


def pay_upkeep(state: GameState, seat: int, events: list[Event]) -> None:
    each, owing = upkeep_cost(state, seat)
    purse.pay(state, seat, purse.scaled(each, len(owing)), events, "upkeep")


def resolve_upkeep_deaths(state: GameState, seat: int, hero_ids: tuple[int, ...], events: list[Event]) -> None:
    for hero_id in hero_ids:
        kill_hero(state, state.heroes[hero_id], events, cause="upkeep")
        state.stats["upkeep_deaths"] = state.stats.get("upkeep_deaths", 0) + 1
    pay_upkeep(state, seat, events)
    check_end(state, events)


def end_daybreak(state: GameState, events: list[Event]) -> None:
    """After step 3: the siege's one Daybreak is over; step 4, the token roll (R-DAY-5)."""
    seat = state.current_player
    for city in state.cities_of(seat):
        city.sieged = False
    rules = state.rules["daybreak"]
    if state.day >= rules["token_roll_from_day"]:
        roll = state.rng.roll("1dP")
        success = roll.total >= rules["token_roll_success"]
        state.emit(events, "dice", player=seat, purpose="token_roll", expr="1dP",
                   faces=list(roll.faces), total=roll.total, success=success)
        if success and state.unoccupied_cells():
            kind_roll = state.rng.roll(rules["token_kind_die"])
            kind = table_lookup(rules["token_kind_table"], kind_roll.total)
            state.emit(events, "dice", player=seat, purpose="token_kind", expr=rules["token_kind_die"],
                       faces=list(kind_roll.faces), total=kind_roll.total, kind=kind)
            state.pending.append(Pending("place_token", seat, {"kind": kind}))
            return
    next_daybreak(state, events)


def advance_to_next_live_player(state: GameState) -> bool:
    """Move ``state.current`` on to the next live player; False when the round is over."""
    state.current += 1
    while state.current < len(state.turn_order) and not state.players[state.current_player].alive:
        state.current += 1
    return state.current < len(state.turn_order)


def next_daybreak(state: GameState, events: list[Event]) -> None:
    if not advance_to_next_live_player(state):
        state.phase = "turn"
        state.current = -1
        next_turn(state, events)
        return
    begin_daybreak(state, events)


# --- turns -------------------------------------------------------------------------
def next_turn(state: GameState, events: list[Event]) -> None:
    if not advance_to_next_live_player(state):
        start_day(state, events)
        return
    begin_turn(state, events)


def begin_turn(state: GameState, events: list[Event]) -> None:
    seat = state.current_player
    state.turn_acted = False
    for hero in state.heroes_of(seat):
        hero.moves_left = None
    player = state.players[seat]
    if not state.cities_of(seat):
        player.cityless_turns += 1
    state.emit(events, "turn_started", player=seat, day=state.day)


def end_turn(state: GameState, events: list[Event]) -> None:
    seat = state.current_player
    for hero in state.heroes_of(seat):
        hero.moves_left = 0
    state.emit(events, "turn_ended", player=seat)
    player = state.players[seat]
    if state.cities_of(seat):
        player.cityless_turns = 0
    elif player.cityless_turns >= state.rules["end"]["grace_turns_without_city"]:
        eliminate(state, seat, events, "no City by the end of its turn")   # play moves on from there
        return
    next_turn(state, events)


# --- the end --------------------------------------------------------------------------
def eliminate(state: GameState, seat: int, events: list[Event], reason: str) -> None:
    """R-END-1: the player is out; its heroes are removed."""
    player = state.players[seat]
    if not player.alive:
        return
    player.alive = False
    for hero in state.heroes_of(seat):
        del state.heroes[hero.id]
    for mine in state.mines_of(seat):
        mine.owner = NEUTRAL
    state.alliances = {pair for pair in state.alliances if seat not in pair}
    state.alliance_offers = {o for o in state.alliance_offers if seat not in o}
    state.pending = [p for p in state.pending if p.player != seat]
    state.emit(events, "player_eliminated", player=seat, reason=reason)
    check_end(state, events)
    if state.phase in ("daybreak", "turn") and state.current_player == seat:
        # out in the middle of its own Daybreak or turn: the next player goes on
        state.interaction = None
        (next_daybreak if state.phase == "daybreak" else next_turn)(state, events)


# --- alliances (R-ALLY-1, R-END-2) --------------------------------------------------------
def everyone_allied(state: GameState) -> bool:
    alive = state.live_players()
    return len(alive) > 1 and all(state.allied(a, b) for a in alive for b in alive)


def dissolve_grand_alliance(state: GameState, events: list[Event]) -> None:
    """R-END-2 [D]: an alliance of every live player is no victory; it ends at Daybreak, announced."""
    alive = state.live_players()
    state.emit(events, "grand_alliance_dissolved", players=alive, day=state.day)
    for pair in sorted(state.alliances, key=sorted):
        a, b = sorted(pair)
        end_alliance(state, a, b, events)


def end_alliance(state: GameState, seat: int, ally: int, events: list[Event]) -> None:
    """R-ALLY-1: the pair is no longer allied; a hero left standing on the other's City or Mine
    steps aside to the nearest free tile [D]."""
    state.alliances.discard(frozenset((seat, ally)))
    state.emit(events, "alliance_ended", player=seat, ally=ally)
    for hero in sorted(state.heroes.values(), key=lambda h: h.id):
        other = {seat: ally, ally: seat}.get(hero.owner)
        if other is None:
            continue
        city, mine = state.city_at(hero.cell), state.mine_at(hero.cell)
        if (city is not None and city.owner == other) or (mine is not None and mine.owner == other):
            step_aside(state, hero, events)


def check_end(state: GameState, events: list[Event]) -> None:
    """R-END-1 (no City and no hero: out at once) and R-END-2 (the last player standing; the last
    alliance only with the [OPT] shared victory)."""
    if state.phase == "over":
        return
    allied_before = everyone_allied(state)
    for seat in state.live_players():
        if not state.cities_of(seat) and not state.heroes_of(seat) and state.phase != "capitals":
            eliminate(state, seat, events, "no City and no hero")
            if state.phase == "over":
                return
    alive = state.live_players()
    if len(alive) <= 1:
        finish(state, events, alive, "conquest")
    elif state.rules.option("shared_victory") and everyone_allied(state):
        finish(state, events, alive, "alliance")
    elif everyone_allied(state) and not allied_before:
        # R-END-2: the one player outside the alliance is out, so the alliance is everyone's now: told as it
        # forms, as when an offer's acceptance forms it (it was told only as it ended, a Daybreak later)
        state.emit(events, "grand_alliance_formed", players=alive)


def end_by_day_limit(state: GameState, events: list[Event]) -> None:
    """R-END-2 [OPT]: the most Cities, then the most coin."""
    alive = state.live_players()
    def score(seat: int) -> tuple[int, int]:
        return len(state.cities_of(seat)), state.players[seat].purse.get("coin", 0)
    best = max(score(s) for s in alive)
    finish(state, events, [s for s in alive if score(s) == best], "day_limit")


def finish(state: GameState, events: list[Event], winners: list[int], reason: str) -> None:
    state.phase = "over"
    state.winners = list(winners)
    state.end_reason = reason
    state.pending.clear()
    state.battle = None
    state.interaction = None
    state.emit(events, "game_over", winners=list(winners), reason=reason, day=state.day)
