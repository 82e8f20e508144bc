"""What the battle screen shows, kept one step behind the engine so its events can be animated.

The engine applies a whole action at once (a player's attack and the neutral
side's answer arrive together). ``BattleView`` is a copy of the battle's sides
as the screen draws them; ``beats(events)`` cuts the engine's event list into
steps (an exchange, an arrangement, a retreat, the end), and ``apply(beat)``
moves the copy forward by one step. After a batch the view is re-synced from
the engine state, which stays the only truth.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import odds as O
from game.engine.battle import Squad as EngineSquad
from game.engine.battle import default_arrangement, squad_dice_text
from game.engine.heroes import unit_total
from game.engine.state import NEUTRAL

UNIT_NAMES = {"mercenary": "Mercenaries", "monster": "Monsters"}


def unit_label(unit: str) -> tuple[str, int, int]:
    """(name, tier, rank) of a unit kind; Campaign units are ``unit_<tier>_<rank>`` (R-CMP-7)."""
    if unit.startswith("unit_"):
        try:
            _, tier, rank = unit.split("_")
            return f"Tier {tier}", int(tier), int(rank)
        except ValueError:
            pass
    return UNIT_NAMES.get(unit, unit.replace("_", " ").title()), 0, 0


@dataclass
class ViewSquad:
    units: dict[str, int] = field(default_factory=dict)
    hero: int | None = None
    city: int | None = None
    owner: int = 0
    dice: str = ""
    name: str = ""
    odds: O.Squad | None = None
    city_tier: str | None = None

    @property
    def is_unit_squad(self) -> bool:
        return self.hero is None and self.city is None

    @property
    def count(self) -> int:
        return unit_total(self.units) if self.is_unit_squad else 1


@dataclass
class ViewSide:
    player: int
    squads: list[ViewSquad] = field(default_factory=list)
    pool: dict[str, int] = field(default_factory=dict)
    mode: str = "representative"
    arranged: bool = True
    name: str = ""

    @property
    def wins(self) -> str:
        """The verb for this side: "Aldric wins", "Neutral City wins", "Monsters win"."""
        return "win" if not self.player and self.name.endswith("s") else "wins"

    def unit_count(self) -> int:
        return sum(s.count for s in self.squads if s.is_unit_squad) + unit_total(self.pool)


def squad_name(state, squad) -> str:
    if squad.hero is not None:
        hero = state.heroes.get(squad.hero)
        return (hero.name if hero and hero.name else "Hero")
    if squad.city is not None:
        city = state.cities.get(squad.city)
        return city.name if city and getattr(city, "name", "") else "City"
    kinds = sorted(squad.units)
    if kinds == ["monster"] and state.battle is not None and state.battle.kind == "guardians":
        return "Guardians"                  # a Mine's (R-MINE-2): "attacks Guardians' Monsters" read as two foes
    if len(kinds) == 1:
        return unit_label(kinds[0])[0]
    return "Mixed squad"


def make_squad(state, squad, owner: int) -> ViewSquad:
    from game.ai.battle_odds import to_odds_squad
    tier = None
    if squad.city is not None and squad.city in state.cities:
        tier = state.cities[squad.city].tier
    return ViewSquad(dict(squad.units), squad.hero, squad.city, owner, squad_dice_text(state, squad),
                     squad_name(state, squad), to_odds_squad(state, squad), tier)


def side_name(state, seat: int, kind: str) -> str:
    if seat == NEUTRAL:
        return {"guardians": "Guardians", "city": "Neutral City"}.get(kind, "Monsters")
    player = state.players.get(seat)
    return player.name if player else f"Player {seat}"


class BattleView:
    def __init__(self, state) -> None:
        battle = state.battle
        self.kind = battle.kind
        self.cell = tuple(battle.cell)
        self.hero = battle.hero
        self.sides: list[ViewSide] = []
        self.to_act = battle.to_act
        self.round = battle.round
        self.sync(state)
        self.start_units = [s.unit_count() for s in self.sides]
        self.start_heroes = [sum(1 for q in s.squads if q.hero is not None) for s in self.sides]

    def sync(self, state) -> None:
        """Copy the engine's battle (call when no animation is pending)."""
        battle = state.battle
        if battle is None:
            return
        self.sides = [ViewSide(side.player, [make_squad(state, q, side.player) for q in side.squads],
                               dict(side.pool), side.mode, side.arranged, side_name(state, side.player, battle.kind))
                      for side in battle.sides]
        self.to_act, self.round = battle.to_act, battle.round

    def side_index(self, seat: int) -> int:
        for i, side in enumerate(self.sides):
            if side.player == seat:
                return i
        return 0

    # --- odds -----------------------------------------------------------------------------
    def odds_squads(self, state, index: int) -> list[O.Squad]:
        side = self.sides[index]
        squads = [s.odds or _odds_of(state, s) for s in side.squads]
        if side.pool and unit_total(side.pool):
            limit = state.rules["battle"]["max_player_squads"]
            squads += [_odds_of(state, ViewSquad(dict(p))) for p in default_arrangement(side.pool, limit)]
        return squads

    def mode(self, index: int) -> str:
        side = self.sides[index]
        return O.REPRESENTATIVE if side.player == NEUTRAL else side.mode

    def odds_question(self, state) -> tuple:
        """What the attacker's chance depends on, from what the screen shows now (hashable, and the
        arguments of ``chance_of``: it can be answered off the frame while the screen moves on)."""
        to_move = O.ATTACKER if self.to_act == 0 else O.DEFENDER
        return (tuple(self.odds_squads(state, 0)), tuple(self.odds_squads(state, 1)), self.mode(0), self.mode(1),
                to_move)

    def win_probability(self, state) -> float:
        """The attacker's chance, both sides playing best, from what the screen shows now."""
        return chance_of(*self.odds_question(state))

    # --- stepping ----------------------------------------------------------------------------
    def apply(self, state, beat: "Beat") -> None:
        if beat.kind == "arranged":
            side = self.sides[self.side_index(beat.data["player"])]
            for units in beat.data["squads"]:
                side.squads.append(_unit_view(state, units, side.player))
            side.pool, side.mode, side.arranged = {}, beat.data["mode"], True
        elif beat.kind == "exchange":
            self.round = beat.data.get("round", self.round + 1)
            destroyed = beat.data.get("destroyed")
            if destroyed:
                side = self.sides[destroyed["side"]]
                if 0 <= destroyed["squad"] < len(side.squads):
                    side.squads.pop(destroyed["squad"])
            faint = beat.data.get("fainted")
            if faint and destroyed and "squads_left" in faint:      # R-HERO-2: only its own army deserted
                side = self.sides[destroyed["side"]]              # unit squads follow hero and City squads
                side.squads = [s for s in side.squads if not s.is_unit_squad] + \
                    [_unit_view(state, units, side.player) for units in faint["squads_left"]]
            elif faint and destroyed:
                _desert(state, self.sides[destroyed["side"]], faint["units_before"] - faint["units_after"])
            self.to_act = 1 - beat.data["side"]


def chance_of(attacker: tuple, defender: tuple, attacker_mode: str, defender_mode: str, to_move: str) -> float:
    """The attacker's chance in ``odds_question``'s battle, both sides playing best."""
    if not defender:
        return 1.0
    if not attacker:
        return 0.0
    try:
        return O.win_probability(attacker, defender, attacker_mode, defender_mode, to_move)
    except ValueError:
        return 0.5


def _odds_of(state, squad: ViewSquad) -> O.Squad:
    from game.ai.battle_odds import to_odds_squad
    return to_odds_squad(state, EngineSquad(dict(squad.units), squad.hero, squad.city))


def _unit_view(state, units: dict, owner: int) -> ViewSquad:
    return make_squad(state, EngineSquad(dict(units)), owner)


def _desert(state, side: ViewSide, leaving: int) -> None:
    """R-HERO-2 as the engine does it: one unit at a time from the largest squad."""
    for _ in range(max(0, leaving)):
        squads = [s for s in side.squads if s.is_unit_squad and s.units]
        if not squads:
            break
        squad = max(squads, key=lambda s: unit_total(s.units))
        unit = max(sorted(squad.units), key=lambda u: squad.units[u])
        squad.units[unit] -= 1
        if not squad.units[unit]:
            del squad.units[unit]
    side.squads = [s for s in side.squads if not s.is_unit_squad or s.units]
    for i, s in enumerate(side.squads):
        if s.is_unit_squad:
            side.squads[i] = _unit_view(state, s.units, s.owner)


# --- beats ---------------------------------------------------------------------------------
@dataclass
class Beat:
    kind: str                 # arranged | exchange | retreat | over
    data: dict = field(default_factory=dict)
    events: list = field(default_factory=list)


def beats(events) -> list[Beat]:
    """Cut an action's events into animation steps; everything after battle_over goes with it."""
    out: list[Beat] = []
    current: Beat | None = None
    over: Beat | None = None
    for event in events:
        d, k = event.data, event.kind
        if over is not None:
            over.events.append(event)
            continue
        if k == "squads_arranged":
            out.append(Beat("arranged", dict(d), [event]))
            current = None
        elif k == "squads_picked":
            current = Beat("exchange", {"round": d["round"], "side": d["side"], "squad": d["squad"],
                                        "target": d["target"], "rolls": []}, [event])
            out.append(current)
        elif current is not None and k == "dice" and d.get("purpose") == "battle":
            current.data["rolls"].append(dict(d))
            current.events.append(event)
        elif current is not None and k == "exchange":
            current.data.update(winner=d["winner"], totals=list(d["totals"]), tie=d["tie"])
            current.events.append(event)
        elif current is not None and k == "squad_destroyed":
            current.data["destroyed"] = dict(d)
            current.events.append(event)
        elif current is not None and k == "hero_fainted":
            current.data["fainted"] = dict(d)
            current.events.append(event)
        elif k == "retreat":
            out.append(Beat("retreat", dict(d), [event]))
            current = None
        elif k == "battle_over":
            over = Beat("over", dict(d), [event])
            out.append(over)
            current = None
        elif current is not None:
            current.events.append(event)
        elif out:
            out[-1].events.append(event)
        else:
            out.append(Beat("note", {}, [event]))
    return out


def this_battle(events) -> tuple[list, list]:
    """Split an action's events where the next battle starts (a monster on a City: the monster fight,
    then the City battle). The first part ends with this battle's outcome (spoils, deaths, tokens)."""
    over = next((i for i, e in enumerate(events) if e.kind == "battle_over"), None)
    if over is None:
        return list(events), []
    nxt = next((i for i in range(over + 1, len(events)) if events[i].kind == "battle_started"), len(events))
    return list(events[:nxt]), list(events[nxt:])


def lead_in(events) -> list:
    """The events that led to the last battle of an action: the arrival's rolls (monster reaction and
    count, mine guardians, a neutral City's defenders) and the battle's start, in the order they happened."""
    start = max((i for i, e in enumerate(events) if e.kind == "battle_started"), default=None)
    if start is None:
        return []
    arrival = max((i for i in range(start) if events[i].kind in ("hero_moved", "hero_step", "battle_over")),
                  default=-1)
    return list(events[arrival + 1:])
