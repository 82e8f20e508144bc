"""Battles: squads, dice, faints and retreats, as a stream of events (R-BAT, R-HERO, R-DEATH, R-CITY-4..6)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.board.topology import Cell
from game.engine.errors import IllegalAction
from game.engine.heroes import drop_items, unit_total
from game.engine.squads import (  # noqa: F401  (Squad, Side and the dice helpers are read from here too)
    GARRISON, Side, Squad, _split_set, allocate, as_seen_by, default_arrangement, desert_own, split_evenly, squad_dice,
    squad_dice_text,
)
from game.engine.state import NEUTRAL, Event, GameState

MODES = ("representative", "individual")


@dataclass
class Outcome:
    """How a battle ended: ``winner`` 0 (attacker) or 1; ``retreated`` if the attacker gave up."""
    battle: "Battle"
    winner: int
    retreated: bool


@dataclass
class Battle:
    """The battle under way (``GameState.battle``): what is fought over, both sides, and who acts."""
    kind: str                  # monsters | guardians | hero | city
    cell: Cell
    hero: int                  # the attacking hero
    sides: list[Side]
    to_act: int = 0
    round: int = 0
    city: int | None = None
    mine: int | None = None
    monster_tokens: list[int] = field(default_factory=list)
    neutral_units: int = 0     # monsters or guardians fought, for the bounty
    bounty: bool = False

    def acting_player(self) -> int:
        for side in self.sides:
            if not side.arranged:
                return side.player
        return self.sides[self.to_act].player

    def max_squads(self, rules) -> int:
        return rules["battle"]["max_player_squads"]


# --- starting ------------------------------------------------------------------------
def neutral_side(state: GameState, units: dict[str, int], extra: list[Squad] | None = None,
                 parts: int | None = None) -> Side:
    squads = list(extra or [])
    if units and unit_total(units):
        parts = parts or state.rules["battle"]["monster_squads"]
        squads += [Squad(part) for part in split_evenly(units, parts)]
    return Side(player=NEUTRAL, squads=squads, arranged=True)


def player_side(seat: int, hero_ids: list[int], owned: dict[int, dict[str, int]], city_id: int | None = None) -> Side:
    """A player's side: its City's squad, its heroes' squads, and a pool to arrange; ``owned``
    says whose the pool's units are (hero id or GARRISON), R-BAT-8."""
    squads = [Squad(hero=h) for h in hero_ids]
    if city_id is not None:
        squads.insert(0, Squad(city=city_id))
    owned = {owner: {u: n for u, n in units.items() if n} for owner, units in owned.items()}
    owned = {owner: units for owner, units in owned.items() if units}
    pool: dict[str, int] = {}
    for units in owned.values():
        for unit, count in units.items():
            pool[unit] = pool.get(unit, 0) + count
    side = Side(player=seat, squads=squads, pool=pool, heroes=list(hero_ids), owned=owned)
    side.arranged = not side.pool
    return side


def start_battle(state: GameState, battle: Battle, events: list[Event]) -> Outcome | None:
    state.battle = battle
    state.stats["battles"] = state.stats.get("battles", 0) + 1
    state.emit(events, "battle_started", kind=battle.kind, cell=list(battle.cell), hero=battle.hero,
               attacker=battle.sides[0].player, defender=battle.sides[1].player,
               sides=[describe_side(state, s) for s in battle.sides])
    return auto_play(state, events)


def describe_side(state: GameState, side: Side) -> list[dict]:
    return [{"units": dict(s.units), "hero": s.hero, "city": s.city, "dice": squad_dice_text(state, s)}
            for s in side.squads] + ([{"pool": dict(side.pool)}] if side.pool else [])


# --- arranging (R-BAT-2/3) ----------------------------------------------------------------
def side_of(battle: Battle, seat: int) -> Side:
    for side in battle.sides:
        if side.player == seat:
            return side
    raise IllegalAction("you are not in this battle")


def split_unseen(state: GameState, index: int) -> bool:
    """R-BAT-2 [D]: whether side ``index``, arranging now, must do it without seeing the split the other
    player set first. A player never sees another's split before setting its own, whoever plays either
    side; only between two computer players, where no one sits at the screen to be wronged, does the
    second see the first (a faster answer, and the tournaments' figures were measured so)."""
    battle = state.battle
    return (battle is not None and _split_set(battle.sides[1 - index])
            and any(state.players[side.player].kind != "computer" for side in battle.sides))


def arrange(state: GameState, seat: int, squads: tuple, mode: str, events: list[Event]) -> Outcome | None:
    battle = state.battle
    side = side_of(battle, seat)
    if side.arranged:
        raise IllegalAction("your squads are already set")
    if mode not in MODES:
        raise IllegalAction(f"roll mode must be one of {', '.join(MODES)}")
    limit = battle.max_squads(state.rules)
    if not 1 <= len(squads) <= limit:
        raise IllegalAction(f"split your units into 1 to {limit} squads")
    given: dict[str, int] = {}
    built = []
    for squad in squads:
        units = {}
        for unit, count in squad:
            if count < 0:
                raise IllegalAction("unit counts cannot be negative")
            if count:
                units[unit] = units.get(unit, 0) + count
                given[unit] = given.get(unit, 0) + count
        if not units:
            raise IllegalAction("every squad needs at least one unit")
        built.append(tuple(units.items()))
    if given != side.pool:
        raise IllegalAction("the squads must hold exactly the units you have")
    built = allocate(side.owned, built)
    side.squads.extend(built)
    side.pool = {}
    side.mode = mode
    side.arranged = True
    state.emit(events, "squads_arranged", player=seat, mode=mode, squads=[dict(s.units) for s in built])
    return auto_play(state, events)


# --- rolling ---------------------------------------------------------------------------------
def roll_squad(state: GameState, side: Side, squad: Squad, events: list[Event], seat: int) -> int:
    """R-DICE-3: Representative (one roll × count) or Individual (every unit rolls)."""
    mode = side.mode if side.player != NEUTRAL else "representative"
    total = 0
    rolls = []
    for count, dice in squad_dice(state, squad):
        if mode == "representative" or count == 1:
            roll = state.rng.roll(dice)
            total += roll.total * count
            rolls.append({"expr": str(dice), "count": count, "faces": list(roll.faces), "each": roll.total,
                          "total": roll.total * count})
        else:
            group_rolls = [state.rng.roll(dice) for _ in range(count)]
            subtotal = sum(r.total for r in group_rolls)
            total += subtotal
            rolls.append({"expr": str(dice), "count": count, "faces": [list(r.faces) for r in group_rolls],
                          "total": subtotal})
    state.emit(events, "dice", purpose="battle", player=side.player, mode=mode, rolls=rolls, total=total,
               squad={"units": dict(squad.units), "hero": squad.hero, "city": squad.city})
    return total


# --- fighting (R-BAT-4/5) -------------------------------------------------------------------
def attack(state: GameState, seat: int, squad_index: int, target_index: int, events: list[Event]) -> Outcome | None:
    battle = state.battle
    if any(not s.arranged for s in battle.sides):
        raise IllegalAction("both sides must set their squads first")
    side = battle.sides[battle.to_act]
    if side.player != seat:
        raise IllegalAction("it is not your turn in this battle")
    enemy = battle.sides[1 - battle.to_act]
    if not 0 <= squad_index < len(side.squads):
        raise IllegalAction("pick one of your squads")
    if not 0 <= target_index < len(enemy.squads):
        raise IllegalAction("pick one of the enemy's squads")
    return exchange(state, battle, squad_index, target_index, events)


def exchange(state: GameState, battle: Battle, squad_index: int, target_index: int,
             events: list[Event]) -> Outcome | None:
    side = battle.sides[battle.to_act]
    enemy = battle.sides[1 - battle.to_act]
    battle.round += 1
    squad, target = side.squads[squad_index], enemy.squads[target_index]
    state.emit(events, "squads_picked", round=battle.round, side=battle.to_act,
               squad=squad_index, target=target_index)
    ours = roll_squad(state, side, squad, events, side.player)
    theirs = roll_squad(state, enemy, target, events, enemy.player)
    if ours > theirs:
        state.emit(events, "exchange", winner=battle.to_act, totals=[ours, theirs], tie=False)
        destroy(state, battle, 1 - battle.to_act, target_index, events)
    else:
        state.emit(events, "exchange", winner=1 - battle.to_act, totals=[ours, theirs], tie=ours == theirs)
        destroy(state, battle, battle.to_act, squad_index, events)
    if not all(s.squads for s in battle.sides):
        return end_battle(state, 0 if battle.sides[0].squads else 1, events, retreated=False)
    battle.to_act = 1 - battle.to_act
    return auto_play(state, events)


def destroy(state: GameState, battle: Battle, side_index: int, squad_index: int, events: list[Event]) -> None:
    side = battle.sides[side_index]
    squad = side.squads.pop(squad_index)
    state.emit(events, "squad_destroyed", side=side_index, squad=squad_index,
               units=dict(squad.units), hero=squad.hero, city=squad.city)
    if squad.hero is not None:
        faint(state, battle, side, squad.hero, events)


def faint(state: GameState, battle: Battle, side: Side, hero_id: int, events: list[Event]) -> None:
    """R-HERO-2: items drop; half of the hero's *own* remaining mercenaries desert (largest of its
    squads first); the garrison and other heroes' armies stay."""
    hero = state.heroes[hero_id]
    side.fainted.append(hero_id)
    dropped = len(hero.items)
    drop_items(state, hero.items, battle.cell, events)
    hero.items, hero.equipped = [], []
    before, after = desert_own(state, side, hero_id)
    state.emit(events, "hero_fainted", hero=hero_id, player=side.player, units_before=before, units_after=after,
               items=dropped, squads_left=[dict(s.units) for s in side.squads if s.is_unit_squad])


def auto_play(state: GameState, events: list[Event]) -> Outcome | None:
    """Neutral sides (monsters, guardians, neutral Cities) choose by themselves. They play to
    win with the exact odds the player is shown, so those odds describe the battle fought."""
    battle = state.battle
    if battle is not None and all(s.arranged for s in battle.sides) and battle.sides[battle.to_act].player == NEUTRAL:
        from game.engine.battle_odds import best_attack      # the exact odds load with the first battle
        squad, target = best_attack(state)
        return exchange(state, battle, squad, target, events)
    return None


# --- ending ----------------------------------------------------------------------------------
def retreat(state: GameState, seat: int, events: list[Event]) -> Outcome:
    """R-DEATH-3: at the start of its battle turn the attacker may give up; the hero is lost."""
    battle = state.battle
    if battle.sides[0].player != seat or battle.to_act != 0 or not all(s.arranged for s in battle.sides):
        raise IllegalAction("only the attacker may retreat, at the start of its battle turn")
    state.emit(events, "retreat", hero=battle.hero, player=seat)
    return end_battle(state, winner=1, events=events, retreated=True)


def end_battle(state: GameState, winner: int, events: list[Event], retreated: bool) -> Outcome:
    """The battle is over; what it does to the board is ``outcomes.settle``'s job."""
    battle = state.battle
    state.battle = None
    if winner == 0:
        state.stats["attacker_wins"] = state.stats.get("attacker_wins", 0) + 1
    state.emit(events, "battle_over", winner=winner, kind=battle.kind, retreated=retreated,
               attacker=battle.sides[0].player, defender=battle.sides[1].player)
    return Outcome(battle, winner, retreated)
