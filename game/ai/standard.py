"""The ``standard`` computer player: a plan, played through the engine's public actions.

Outline (each call returns one action; the plan is recomputed from the state, so
the player is stateless and deterministic given the state and its own rng):

- Pending decisions: upkeep deaths take the weakest heroes; Daybreak tokens go
  where they help (monsters next to the strongest rival's City, treasure next to
  our own hero); defecting monsters are always taken, bribes while affordable;
  everything on a mine's tile is picked up.
- Battles: the arrangement (squad count and roll mode) and every attack are
  chosen with the exact odds (``game.ai.battle_odds``); the attacker retreats
  only when the battle is as good as lost.
- Daybreak: found a City if we have none; recruit a hero early (a second and
  third as income allows, fed in Campaign); rebuild walls; grow the economy
  (tiers, legacy gold mine), open recruiting (mercenary camp, spawners); spend
  the rest on the best units per coin, keeping the next upkeep in reserve;
  garrisoned heroes take the City's units and armory items.
- Turn: each hero rolls (or sieges at once, skipping the roll), picks up what
  lies on its tile, and walks to the best target by value / distance: resources,
  items, mines, monsters and neutral Cities when the exact odds are good,
  rival heroes and Cities when clearly stronger (walled Cities are sieged
  first), home when the capital is threatened. One ``hero_reach`` over the
  whole map per hero gives distances and paths.
- Alliances: never in a 2-player game (it would end it as a shared win); with
  more players, accept and offer only against a stronger third player. A
  shared victory gets its vote only from an ally some ally outweighs, and the
  strongest player leaves its allies while the victory would be shared.
"""
from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass
from typing import Callable

import numpy as np

from game.ai import battle_odds as BO
from game.ai.distances import distance_field, whole_map_budget
from game.board.pathfinding import reachable
from game.engine import actions as A
from game.engine import legal_actions
from game.engine.dice import Dice
from game.engine.economy import build_options
from game.engine.flow import daily_income
from game.engine.heroes import equipped_items, slots_ok
from game.engine.monsters import bribe_cost, joining_unit, monster_unit
from game.engine.movement import movement_masks, walled
from game.engine.state import NEUTRAL, GameState, Hero



@dataclass(frozen=True)
class Style:
    """The numbers behind a computer player's judgement; levels and lab variants differ only here."""
    retreat_below: float = 0.10      # retreat from a City's walls below these odds, to leave a Monster there
    monster_risk: float = 0.70       # least chance to come out of a board Monster's tile alive (R-MON-1)
    enemy_risk: float = 0.65         # least chance to win against a rival hero or City
    neutral_city_risk: float = 0.75
    first_heroes: int = 3            # heroes wanted before Day 3
    income_per_hero: float = 2       # then 1 (2 from income 3) + one more per this much income
    best_battles: bool = True        # arrange squads and pick attacks by the exact odds
    target_slack: int = 0            # pick among the best N+1 targets at random (mistakes)
    walls: bool = True               # rebuild walls before growing
    hero_worth: float = 2.0          # a hero's loss counted as this many times its recruit cost
    unit_quality: float = 2.0        # recruits scored by mean^this per cost: >1 favours strong units per slot
    break_alliances: bool = True     # end an alliance once the ally is the strongest player
    item_value: float = 5.0          # an item on the board, in coin-equivalents (R-ITEM)
    city_value: float = 60.0         # a rival City, in coin-equivalents (its last City: +80)
    harass: float = 0.0              # worth of a siege that only costs the rival a Daybreak (R-CITY-3)
    heroes_by_all_income: bool = False   # count every resource's income towards more heroes (Campaign: wood, stone too)
    one_coin_spawner: bool = True    # a spawner that costs coin in one City only (R-CMP-4)
    army_per_hero: int = 4           # units a hero should lead before the purse is kept for buildings
    merge_armies: bool = False       # heroes meeting in a City give their units to the strongest of them
    first_vote_day: int = 3          # no rule change proposed before this Day (R-VOTE-1)
    alliance_patience: int = 5       # Days before asking again a player who refused an alliance (R-ALLY-1)
    max_heroes: int = 10 ** 6        # never more heroes than this (a cap of 12 lost 14 of 18 long 4-player games)
    stay_home: bool = False          # heroes never leave their Cities: the lab's turtle, all income into defence
    rally: bool = True               # against a turtle's City no hero can take alone, heroes gather their units
    rally_alone: float = 1.3         # ... unless a hero already has this times its strength
    rally_together: float = 1.5      # ... and only once all heroes together have this times its strength
    rally_day: int = 15              # ... from this Day on (early on every rival is still at home)


STANDARD = Style()
EXACT_ODDS_UNITS = 20        # beyond this many units in a pre-battle estimate, a strength estimate (fast)
EXACT_ODDS_HEROES = 2        # likewise beyond this many defending heroes: each one triples the exact table
# On a board bigger than this, a hero looks for targets within HORIZON_TURNS of movement first, and over
# the whole board only when nothing is that near: a whole-board search with the tokens as stops took
# 17-30 ms on a 256x256 map at every step. No shipped map is this big, so their play is unchanged.
BIG_BOARD_CELLS = 128 * 128
HORIZON_TURNS = 8


# --- small helpers ------------------------------------------------------------------------------
_REACHES: dict[tuple, tuple] = {}
_REACHES_CELLS = 4_000_000       # searches kept, counted in board cells (each keeps arrays the board's size)


def shared_reach(board, cell, budget: int, masks: tuple):
    """The search from ``cell`` with ``budget`` over ``board`` as ``masks`` (stop, pickups, blocked) show it,
    shared by every decision and look-ahead: the same inputs give the same answer, and a ``hard`` player's
    look-aheads play the rival's turn from the same positions again and again (three searches in four
    were repeats late in a game on The Highlands). Bounded; a search is only reused on its own board."""
    digest = hashlib.blake2b(digest_size=16)
    for array in (board.move_cost, *masks):       # the costs too: a board edited in place is another board
        digest.update(array.tobytes())
    key = (id(board), cell, budget, digest.digest())
    found = _REACHES.get(key)
    if found is None or found[0] is not board:
        if len(_REACHES) >= max(16, _REACHES_CELLS // (board.width * board.height)):
            _REACHES.clear()
        stop, pickups, blocked = masks
        found = _REACHES[key] = (board, reachable(board.topology, board.move_cost, stop, cell, budget,
                                                  pickups=pickups, blocked=blocked))
    return found[1]


def _purse(state, seat) -> dict[str, int]:
    return state.players[seat].purse


def _minus(purse: dict, cost: dict, times: int = 1) -> dict:
    out = dict(purse)
    for r, n in cost.items():
        out[r] = out.get(r, 0) - n * times
    return out


def _covers(purse: dict, cost: dict, reserve: dict, times: int = 1) -> bool:
    return all(purse.get(r, 0) - n * times >= reserve.get(r, 0) for r, n in cost.items() if n)


LOOT_KINDS = ("resource", "item")


def _value(cost: dict) -> float:
    weights = {"coin": 1.0, "wood": 0.5, "food": 1.0, "stone": 0.6}
    return sum(weights.get(r, 1.0) * n for r, n in cost.items())


def unit_mean(state, unit: str) -> float:
    return state.rules.unit_dice(unit).mean


def hero_strength(state, hero: Hero) -> float:
    mean = Dice.parse(state.rules["hero"]["dice"]).mean
    mean += sum(Dice.parse(i.power).mean for i in hero.items if i.id in hero.equipped)
    return mean + sum(unit_mean(state, u) * n for u, n in hero.army.items())


def city_strength(state, city) -> float:
    mean = Dice.parse(state.rules["cities"]["dice"]).mean
    mean += sum(unit_mean(state, u) * n for u, n in city.garrison.items())
    for hero in state.heroes_at(city.cell):
        if hero.owner == city.owner:
            mean += hero_strength(state, hero)
    return mean


def player_strength(state, seat: int) -> float:
    total = sum(hero_strength(state, h) for h in state.heroes_of(seat))
    total += sum(sum(unit_mean(state, u) * n for u, n in c.garrison.items()) + 10 for c in state.cities_of(seat))
    return total + 2 * income(state, seat) * 5 + _value(_purse(state, seat))


def leader(strength: dict[int, float]) -> int | None:
    """The player ahead of every other, or None while the lead is shared. (Breaking the tie by seat made
    seat 1 "the strongest" on Day 1, when all are even: the others allied against it, and seat 1 won
    15–28% of 3- and 4-player games.)"""
    ranked = sorted(strength.values(), reverse=True)
    if len(ranked) > 1 and ranked[0] == ranked[1]:
        return None
    return max(strength, key=strength.get)


def income(state, seat: int) -> float:
    """The next Daybreak's income in coin-equivalents (the engine's own sum: besieged Cities pay nothing)."""
    return _value(daily_income(state, seat))


def upkeep_reserve(state, seat: int, extra_heroes: int = 0) -> dict[str, int]:
    """What to keep for the next Daybreak's upkeep, beyond what income will bring."""
    each = state.rules["daybreak"]["hero_upkeep"]
    heroes = len(state.heroes_of(seat)) + extra_heroes
    inc = daily_income(state, seat)
    # Count only half the income: a siege or a lost mine can cut it before the next Daybreak.
    return {r: max(0, n * heroes - inc.get(r, 0) // 2) for r, n in each.items() if n}


def _move_dice(state) -> Dice:
    return Dice.parse(state.rules["movement"]["roll"])


def vote_in_interest(state, seat: int, option: str, value: bool, strength: dict[int, float] | None = None) -> bool:
    """R-VOTE-1: a computer player votes for a switch only when it helps itself (``strength``: every live
    player's ``player_strength``, when the caller has it already)."""
    live = state.live_players()
    if strength is None:
        strength = {p: player_strength(state, p) for p in live}
    leading = strength[seat] >= max(strength.values())
    if option == "day_limit":            # an end by count favours whoever is ahead now
        return value == leading
    if option == "shared_victory":       # the stronger ally would win the alliance's endgame alone (R-END-2)
        junior = any(strength.get(ally, 0) > strength[seat] for ally in state.allies_of(seat))
        return value == junior
    if option == "hero_cap":             # a cap hurts whoever has the most heroes
        most = max(len(state.heroes_of(p)) for p in live)
        return value == (len(state.heroes_of(seat)) < most)
    if option == "legacy_gold_mine":     # more income helps whoever is behind catch up
        return value == (not leading)
    return False                         # no reason to change the rest mid-game


class Planner:
    """One decision of one player (``seat``, the actor unless given). The game does not change while
    it decides, so what does not depend on the hero being weighed is worked out once per decision
    (late in a big game, with 50 heroes and 30 Cities, each hero weighed every City's threat again)."""

    def __init__(self, state: GameState, rng: random.Random | None, style: Style = STANDARD, seat: int | None = None):
        self.state = state
        self.rng = rng
        self.style = style
        self.seat = state.actor() if seat is None else seat
        self.rules = state.rules
        self._far: dict[int, object] = {}
        self._memo: dict[tuple, object] = {}

    def _pick_tied(self, players: list[int], strength: dict[int, float], best=max) -> int:
        """The player of ``players`` with the ``best`` (max or min) strength; a tie is the seeded die's
        (breaking it by seat singled out seat 1)."""
        top = best(strength[p] for p in players)
        tied = [p for p in players if strength[p] == top]
        return tied[0] if len(tied) == 1 or self.rng is None else self.rng.choice(tied)

    def once(self, key: tuple, compute: Callable[[], object]):
        """``compute()``, worked out once per decision under ``key`` (the game does not change meanwhile)."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    # --- entry ------------------------------------------------------------------------------------
    def choose(self):
        s = self.state
        if s.pending:
            return self.pending()
        if s.battle is not None:
            return self.battle()
        offers = [(p, to) for p, to in sorted(s.alliance_offers) if to == self.seat]
        if offers:
            proposer = offers[0][0]
            return A.AnswerAlliance(self.seat, proposer, self.accept_alliance(proposer))
        if s.phase == "daybreak":
            return self.daybreak()
        if s.phase == "turn":
            return self.turn()
        return legal_actions(s, moves=False)[0]

    # --- pending decisions -----------------------------------------------------------------------
    def pending(self):
        s, seat = self.state, self.seat
        p = s.pending[0]
        if p.kind == "place_capital":
            return A.PlaceCapital(seat, self.capital_cell())
        if p.kind == "place_token":
            return A.PlaceToken(seat, self.token_cell(p.data["kind"]))
        if p.kind == "upkeep_deaths":
            # the weakest go: the same pick as the cheapest of all combinations, without listing them
            # (a starving Campaign army of 20 heroes has 184,756 ways to lose 10)
            heroes = p.data["heroes"]
            weakest = sorted(range(len(heroes)), key=lambda i: (hero_strength(s, s.heroes[heroes[i]]), i))
            return A.ChooseUpkeepDeaths(seat, tuple(heroes[i] for i in sorted(weakest[:p.data["count"]])))
        if p.kind == "take_monsters":
            options = legal_actions(s)
            if not p.data["cost"]:
                return options[-1]
            reserve = upkeep_reserve(s, seat)
            best = options[0]
            for opt in options:
                if _covers(_purse(s, seat), p.data["cost"], reserve, opt.count):
                    best = opt
            return best
        if p.kind == "pickups":
            return legal_actions(s)[0]
        if p.kind == "vote":
            return A.CastVote(seat, vote_in_interest(s, seat, p.data["option"], p.data["value"]))
        return legal_actions(s)[0]

    def _free_cells(self) -> np.ndarray:
        """(h, w) bool: passable cells with no token, City, mine or hero (where a capital or token may go)."""
        s = self.state
        free = s.board.move_cost > 0
        for things in (s.tokens, s.cities, s.mines, s.heroes):
            for thing in things.values():
                free[thing.cell[1], thing.cell[0]] = False
        return free

    @staticmethod
    def _least(key: np.ndarray, free: np.ndarray):
        """The free cell with the least ``key``: the top-most, then left-most, of equals."""
        if not free.any():
            raise ValueError("no free cell on the board")
        r, c = divmod(int(np.argmin(np.where(free, key, np.iinfo(np.int64).max))), free.shape[1])
        return c, r

    def capital_cell(self):
        s = self.state
        free = self._free_cells()
        h, w = free.shape
        rows, cols = np.indices((h, w), dtype=np.int64)
        others = [c.cell for c in s.cities.values()]
        if not others:
            goal = (w // 4, h // 4)
            return self._least(abs(cols - goal[0]) + abs(rows - goal[1]), free)
        far = np.min([abs(cols - o[0]) + abs(rows - o[1]) for o in others], axis=0)
        edge = np.minimum.reduce([cols, rows, w - 1 - cols, h - 1 - rows])
        return self._least(-(far + 2 * np.minimum(edge, 2)), free)

    def token_cell(self, kind: str):
        s, seat = self.state, self.seat
        free = self._free_cells()
        if kind == "monster":
            rivals = [r for r in s.live_players() if not s.allied(r, seat)]
            if rivals:
                strongest = self._pick_tied(rivals, {r: player_strength(s, r) for r in rivals})
                cities = s.cities_of(strongest)
                anchors = [c.cell for c in cities] or [h.cell for h in s.heroes_of(strongest)]
                if anchors:
                    return self._least(abs(self._costs_at(self._distance_field(anchors[0])) - 3), free)
        anchors = [h.cell for h in sorted(s.heroes_of(seat), key=lambda h: h.id)] or \
            [c.cell for c in s.cities_of(seat)]
        if anchors:
            costs = self._costs_at(self._distance_field(anchors[0]))
            return self._least(np.where(costs >= 1, costs, 999), free)
        return self._least(np.zeros(free.shape, dtype=np.int64), free)

    def _distance_field(self, cell):
        return distance_field(self.state.board, cell)

    @staticmethod
    def _cost_at(costs: np.ndarray, cell) -> int:
        v = int(costs[cell[1], cell[0]])
        return v if v >= 0 else 10_000

    @staticmethod
    def _costs_at(costs: np.ndarray) -> np.ndarray:
        """``_cost_at`` of every cell at once."""
        return np.where(costs >= 0, costs.astype(np.int64), 10_000)

    # --- alliances -----------------------------------------------------------------------------------
    def accept_alliance(self, proposer: int) -> bool:
        s, seat = self.state, self.seat
        live = s.live_players()
        if len(live) <= 2:
            return False
        strength = {p: player_strength(s, p) for p in live}
        strongest = leader(strength)
        if strongest is not None and (proposer == strongest or seat == strongest):
            return False
        after = set(s.alliances) | {frozenset((seat, proposer))}
        everyone = all(a == b or frozenset((a, b)) in after for a in live for b in live)
        return not everyone or strength[seat] < max(strength.values())

    def alliance_to_end(self):
        """R-ALLY-1: at the start of its turn, leave an ally that has become the strongest player; and
        when the victory is shared (R-END-2 [OPT]), the strongest player leaves its allies, so as not to
        win half of what it would win alone."""
        s, seat = self.state, self.seat
        allies = s.allies_of(seat)
        if not self.style.break_alliances or s.turn_acted or not allies:
            return None
        live = s.live_players()
        strength = {p: player_strength(s, p) for p in live}
        strongest = leader(strength)
        if strongest is not None and strongest != seat and strongest in allies:
            return A.EndAlliance(seat, strongest)
        if strongest == seat and s.rules.option("shared_victory"):
            return A.EndAlliance(seat, min(allies))
        return None

    def maybe_propose(self):
        s, seat = self.state, self.seat
        live = s.live_players()
        if len(live) < 3 or s.allies_of(seat) or s.turn_acted:
            return None
        strength = {p: player_strength(s, p) for p in live}
        strongest = leader(strength)
        if strongest is None or strongest == seat:      # nobody ahead yet (Day 1): nothing to ally against
            return None
        refused = self.refused_alliance_lately()
        others = [p for p in live if p not in (seat, strongest) and (seat, p) not in s.alliance_offers
                  and p not in refused]
        if not others:
            return None
        return A.ProposeAlliance(seat, self._pick_tied(others, strength, best=min))

    def refused_alliance_lately(self) -> set[int]:
        """The players who turned down this player's alliance within ``alliance_patience`` Days (a
        human who said no was asked again at the start of every turn)."""
        s, refused, day = self.state, set(), self.state.day
        for event in reversed(s.log):
            if event.kind == "day_started":
                day = event.data["day"] - 1
                if s.day - day >= self.style.alliance_patience:
                    break
            elif event.kind == "alliance_answered" and event.data["proposer"] == self.seat \
                    and not event.data["accepted"]:
                refused.add(event.data["player"])
        return refused

    def rule_proposal(self):
        """R-VOTE-1: at the start of its turn, propose a switch it wants when most live players would
        vote for it by their own interest too; each change at most once a game, one a turn, and not
        before Day ``first_vote_day`` (on Day 1, when nobody leads yet, a table of computer players
        put three votes in turn to a human)."""
        s, seat = self.state, self.seat
        if s.turn_acted or s.vote is not None or s.day < self.style.first_vote_day or self._proposed_this_turn():
            return None
        tried = {(a.option, a.value) for a in s.actions if isinstance(a, A.ProposeRuleChange) and a.player == seat}
        live = s.live_players()
        strength = {p: player_strength(s, p) for p in live}
        for act in legal_actions(s, moves=False):
            if not isinstance(act, A.ProposeRuleChange) or (act.option, act.value) in tried:
                continue
            yes = sum(vote_in_interest(s, p, act.option, act.value, strength) for p in live)
            if vote_in_interest(s, seat, act.option, act.value, strength) and 2 * yes > len(live):
                return act
        return None

    def _proposed_this_turn(self) -> bool:
        for act in reversed(self.state.actions):
            if isinstance(act, (A.EndTurn, A.EndDaybreak)):
                return False
            if isinstance(act, A.ProposeRuleChange) and act.player == self.seat:
                return True
        return False

    # --- battles ------------------------------------------------------------------------------------------
    def battle(self):
        s, seat = self.state, self.seat
        battle = s.battle
        if not self.style.best_battles:     # any arrangement, any attack, never a retreat
            return self.rng.choice([a for a in legal_actions(s) if not isinstance(a, A.Retreat)])
        if any(not side.arranged for side in battle.sides):
            # against a player still to arrange: its default split, not its best answer (that costs
            # an odds table per answer, seconds for Cities held by several heroes late in big games)
            squads, mode, _ = BO.best_arrangement(s, answered=False)
            return A.ArrangeBattle(seat, squads, mode)
        if battle.to_act == 0 and battle.sides[0].player == seat and self.should_retreat():
            return A.Retreat(seat)
        squad, target = BO.best_attack(s)
        return A.Attack(seat, squad, target)

    def should_retreat(self) -> bool:
        """R-DEATH-2/3: a retreat still loses the hero, but its surviving mercenaries leave a Monster
        on the tile; on a rival City that Monster blocks the City until beaten (R-MOV-7). So give up
        an assault on a rival City once it has turned, while some of the army is still standing;
        anywhere else fighting on is never worse."""
        s = self.state
        battle = s.battle
        if battle.kind != "city" or s.cities[battle.city].owner == NEUTRAL:
            return False
        if not battle.sides[0].survivors(battle.hero):
            return False
        return BO.battle_win_probability(s) < self.style.retreat_below

    # --- daybreak -----------------------------------------------------------------------------------------
    def threat_to(self, city) -> float:
        """Mean strength of the rival heroes that could reach ``city`` next turn."""
        return self.once(("threat", city.id), lambda: self._threat_to(city))

    def city_strength(self, city) -> float:
        """``city_strength``, once per City per decision."""
        return self.once(("strength", city.id), lambda: city_strength(self.state, city))

    def _threat_to(self, city) -> float:
        return sum(hero_strength(self.state, hero) for hero in self.heroes_threatening(city))

    def heroes_threatening(self, city) -> list:
        """The rival heroes that could reach ``city`` next turn (the Daybreak panel warns of them too)."""
        s = self.state
        # A walled City must be besieged first (a turn's warning): only rivals next to it count.
        reach = 3 if walled(s, city) else _move_dice(s).maximum + 1
        costs = self._distance_field(city.cell)
        return [hero for hero in s.heroes.values()
                if not s.allied(hero.owner, city.owner) and self._cost_at(costs, hero.cell) <= reach]

    def daybreak(self):
        s, seat, rules = self.state, self.seat, self.rules
        purse = _purse(s, seat)
        cities = sorted((c for c in s.cities_of(seat) if not c.sieged), key=lambda c: c.id)
        heroes = sorted(s.heroes_of(seat), key=lambda h: h.id)
        reserve = upkeep_reserve(s, seat)

        # No City: found one now (R-END-1) with the strongest hero.
        if not s.cities_of(seat):
            founds = [a for a in legal_actions(s, moves=False) if isinstance(a, A.FoundCity)]
            if founds:
                return founds[0]
            return A.EndDaybreak(seat)

        # Garrison: heroes at home take items and units.
        act = self.garrison_exchange(heroes, leaving=False)
        if act:
            return act

        recruits = rules.recruits()
        hero_cost = recruits["hero"]["cost"]
        want = self.heroes_wanted()
        act = self.rebuild_walls(cities, reserve) if heroes else None
        if act:
            return act
        saving: dict[str, int] = {}
        if len(heroes) < want and cities:
            if _covers(purse, hero_cost, upkeep_reserve(s, seat, extra_heroes=1)):
                # The engine's legality says where a hero may be hired (recruits.hero.requires, the hero cap).
                hires = [a for a in legal_actions(s, moves=False) if isinstance(a, A.Recruit) and a.recruit == "hero"]
                if hires:
                    return hires[0]
            if not heroes:
                return A.EndDaybreak(seat)      # save up for the first hero
            saving = dict(hero_cost)            # units only from what a hero would not need

        act = self.expand(heroes, reserve)
        if act:
            return act

        threats = {c.id: self.threat_to(c) for c in cities}
        for city in cities:
            if city.built_today >= rules["daybreak"]["builds_per_city_per_day"]:
                continue
            choice = self.pick_build(city, threats[city.id], reserve)
            if choice is None:
                continue
            name, cost, ready = choice
            if ready:
                return A.Build(seat, city.id, name)
            for r, n in cost.items():
                saving[r] = max(saving.get(r, 0), n)

        # Recruit units with what is left (keep savings unless threatened or the army is small).
        army_units = sum(sum(h.army.values()) for h in heroes) + sum(sum(c.garrison.values()) for c in cities)
        danger = any(threats[c.id] > 0.7 * city_strength(s, c) for c in cities)
        keep = dict(reserve)
        if not danger and army_units >= max(4, self.style.army_per_hero * len(heroes)):
            for r, n in saving.items():
                keep[r] = keep.get(r, 0) + n
        if self.days_left() <= 2 and not danger:
            return A.EndDaybreak(seat)          # at the day limit, Cities then coin decide (R-END-2)
        for city in cities:
            pick = self.pick_recruit(city, keep)
            if pick:
                return pick
        return A.EndDaybreak(seat)

    def heroes_wanted(self) -> int:
        """How many heroes to keep: ``first_heroes`` at first, then more with the income that hires them."""
        s, style = self.state, self.style
        if style.heroes_by_all_income:
            inc = income(s, self.seat)
        else:   # what pays for heroes and units (coin): Campaign's wood and stone hire no one
            hiring = self.hiring_resources()
            inc = _value({r: n for r, n in daily_income(s, self.seat).items() if r in hiring})
        want = style.first_heroes if s.day < 3 else \
            max(style.first_heroes, (2 if inc >= 3 else 1) + int(inc // style.income_per_hero))
        return min(want, self.heroes_fed(), style.max_heroes)

    def hiring_resources(self) -> set[str]:
        """The resources a hero is hired with (coin): what recruits are paid in."""
        return set(self.rules.recruits()["hero"]["cost"])

    def heroes_fed(self) -> int:
        """The most heroes this player can keep: what its food brings in (R-CMP-3) and the hero cap."""
        s, seat, rules = self.state, self.seat, self.rules
        most = 10 ** 6
        food_per_hero = rules["daybreak"]["hero_upkeep"].get("food", 0)
        if food_per_hero:
            food = daily_income(s, seat).get("food", 0) + _purse(s, seat).get("food", 0) // 8
            most = max(1, food // food_per_hero)
        if rules.option("hero_cap"):
            most = min(most, rules["options"]["hero_cap_count"])
        return most

    def rebuild_walls(self, cities, reserve: dict):
        """R-CITY-2: walls first (before more heroes): a City without them can be attacked at once."""
        if not self.style.walls:
            return None
        s, seat, rules = self.state, self.seat, self.rules
        for city in cities:
            if walled(s, city) or city.built_today >= rules["daybreak"]["builds_per_city_per_day"]:
                continue
            for name, (cost, missing) in build_options(s, city).items():
                if rules["buildings"].get(name, {}).get("walls") and not missing and _covers(_purse(s, seat), cost, reserve):
                    return A.Build(seat, city.id, name)
        return None

    def days_left(self) -> float:
        rules = self.rules
        if not rules.option("day_limit"):
            return float("inf")
        return rules["options"]["day_limit_days"] - self.state.day

    def expand(self, heroes, reserve: dict):
        """Found another City (R-BLD-2) with a spare hero standing on open ground far from home:
        more income, and more Cities is what counts first at a day limit."""
        s, seat = self.state, self.seat
        if len(heroes) < 2 or len(s.cities_of(seat)) >= 2 + s.day // 4:
            return None
        cost = self.rules["cities"]["found_cost"]
        if not _covers(_purse(s, seat), cost, reserve):
            return None
        homes = [c.cell for c in s.cities.values()]
        for act in legal_actions(s, moves=False):
            if isinstance(act, A.FoundCity):
                cell = s.heroes[act.hero].cell
                if all(self._apart(cell, home) >= 4 for home in homes):
                    return act
        return None

    @staticmethod
    def _apart(a, b) -> int:
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    def spawner_wanted(self, city, name: str, cost: dict) -> bool:
        """A spawner paid in coin (what recruits cost) is built once, in one City; one paid in wood alone,
        everywhere: coin spent on the same spawner in every City left nothing to recruit with (R-CMP-4)."""
        if not self.style.one_coin_spawner:
            return True
        if not any(cost.get(r) for r in self.hiring_resources()):
            return True
        return not any(other.buildings.get(name) for other in self.state.cities_of(self.seat) if other.id != city.id)

    def pick_build(self, city, threat: float, reserve: dict):
        """(name, cost, affordable now) of the building this City should get next, or None."""
        s, seat, rules = self.state, self.seat, self.rules
        purse = _purse(s, seat)
        options = {n: c for n, (c, missing) in build_options(s, city).items() if not missing}
        tiers = rules["cities"]["tiers"]
        wants: list[str] = []
        walls = [n for n in options if rules["buildings"].get(n, {}).get("walls")]
        if walls and not walled(s, city) and self.style.walls:
            wants.append(walls[0])
        if "mercenary_camp" in options:
            wants.append("mercenary_camp")
        if "gold_mine" in options:
            wants.append("gold_mine")
        spawners = sorted((n for n in options if n.startswith("spawner_") and self.spawner_wanted(city, n, options[n])),
                          key=lambda n: (_value(options[n]), n))
        if spawners and (s.day >= 2 or spawners[0] == "spawner_1_1"):
            wants.append(spawners[0])
        income_table = rules["daybreak"]["city_income_by_tier"]
        for name in tiers:
            if name in options and _value(income_table[name]) > _value(income_table[city.tier]):
                wants.append(name)
        if "fortifications" in options and threat > 0:
            wants.append("fortifications")
        for name in wants:
            if _covers(purse, options[name], reserve):
                return name, options[name], True
            return name, options[name], False
        return None

    def pick_recruit(self, city, keep: dict):
        s, seat, rules = self.state, self.seat, self.rules
        purse = _purse(s, seat)
        best = None
        for name, entry in rules.recruits().items():
            if name == "hero" or not all(city.has(n) for n in entry["requires"]):
                continue
            unit = entry["unit"]
            if not slots_ok(city.garrison, unit, rules["hero"]["city_slots"]):
                continue
            if not _covers(purse, entry["cost"], keep):
                continue
            # A losing squad dies whole (R-BAT-4) and slots are few (R-CMP-5): strong units pay more than their dice.
            score = unit_mean(s, unit) ** self.style.unit_quality / max(0.5, _value(entry["cost"]))
            if best is None or score > best[0]:
                best = (score, name, entry)
        if best is None:
            return None
        _, name, entry = best
        count = 1
        while _covers(purse, entry["cost"], keep, count + 1):
            count += 1
        return A.Recruit(seat, city.id, name, count)

    def garrison_exchange(self, heroes, leaving: bool):
        s, seat, rules = self.state, self.seat, self.rules
        allowed = None
        for hero in heroes:
            city = s.city_at(hero.cell)
            if city is None or city.owner != seat:
                continue
            if allowed is None:      # the engine says when an exchange may happen (e.g. not under a Monster)
                allowed = self.quiet_actions()
            for item in city.armory:
                act = A.TransferItem(seat, hero.id, item.id, True)
                if act in allowed:
                    return act
            lead = self.lead_hero(city)
            merging = self.style.merge_armies or city is self.rally_city()
            if merging and hero is not lead:
                # One big army beats the same units split (a losing squad dies whole): the others hand
                # theirs to the City and the strongest hero there takes them.
                for unit, count in sorted(hero.army.items()):
                    act = A.TransferUnits(seat, hero.id, unit, -count)
                    if act in allowed:
                        return act
            for unit, count in sorted(city.garrison.items()):
                act = A.TransferUnits(seat, hero.id, unit, count)
                if (hero is lead or not merging) and \
                        slots_ok(hero.army, unit, rules["hero"]["army_slots"]) and act in allowed:
                    return act
            act = self.better_equipment(hero)
            if act:
                return act
        return None

    def rally_city(self):
        """Our City where heroes gather and hand their units to the strongest, or None.

        Against a rival who stays behind its walls (a turtle), each of our heroes alone is too weak
        for its weakest City while all of them together are not: heroes walk their units to our City
        nearest it, and the strongest hero there waits while one army grows until it is worth the attack."""
        rally = self.rally()
        return rally[0] if rally else None

    def rally(self):
        """(our rally City, the rival City, its strength) or None: see ``rally_city``."""
        return self.once(("rally",), self._rally)

    def _rally(self):
        s, seat, style = self.state, self.seat, self.style
        ours = s.cities_of(seat)
        heroes = s.heroes_of(seat)
        if not style.rally or s.day < style.rally_day or not ours or len(heroes) < 2:
            return None
        # A turtle: a rival whose heroes all stay in its Cities (one out on the board is fought there).
        out = {h.owner for h, _ in self.rival_heroes()}
        rivals = [c for c in s.cities.values()
                  if c.owner != NEUTRAL and not s.allied(c.owner, seat) and c.owner not in out]
        if not rivals:
            return None
        target = min(rivals, key=lambda c: (self.city_strength(c), c.id))
        defence = self.city_strength(target)
        # The total counts our garrisons too, so handing units over does not change the answer.
        strengths = [hero_strength(s, h) for h in heroes]
        total = sum(strengths) + sum(unit_mean(s, u) * n for c in ours for u, n in c.garrison.items())
        if max(strengths) >= style.rally_alone * defence or total < style.rally_together * defence:
            return None
        return min(ours, key=lambda c: (self._apart(c.cell, target.cell), c.id)), target, defence

    def quiet_actions(self) -> set:
        """The legal actions other than moves, once per decision."""
        return self.once(("quiet actions",), lambda: set(legal_actions(self.state, moves=False)))

    def lead_hero(self, city):
        """The hero of ours in ``city`` who leads its units: the strongest (the lowest id on a tie), once
        per City per decision (every hero ranked at a rally City asks)."""
        return self.once(("lead", city.id), lambda: self._lead_hero(city))

    def _lead_hero(self, city):
        here = [h for h in self.state.heroes_at(city.cell) if h.owner == self.seat]
        return max(here, key=lambda h: (hero_strength(self.state, h), -h.id), default=None)

    def better_equipment(self, hero):
        """EquipItem when a carried item beats the equipped one of its type."""
        by_type: dict[str, list] = {}
        for item in hero.items:
            by_type.setdefault(item.type, []).append(item)
        for kind, items in sorted(by_type.items()):
            best = max(items, key=lambda i: (Dice.parse(i.power).mean, -i.id))
            if best.id not in hero.equipped:
                return A.EquipItem(self.seat, hero.id, best.id)
        return None

    # --- the turn ----------------------------------------------------------------------------------------------
    def turn(self):
        s, seat = self.state, self.seat
        act = self.alliance_to_end() or self.maybe_propose() or self.rule_proposal()
        if act:
            return act
        heroes = sorted(s.heroes_of(seat), key=lambda h: h.id)
        for hero in heroes:
            act = self.better_equipment(hero)
            if act:
                return act
            if self.style.stay_home:
                continue
            if hero.moves_left is None:
                city = self.siege_target(hero)
                if city is not None:
                    return A.Siege(seat, hero.id, city.id)
                return A.RollMovement(seat, hero.id)
        for hero in heroes if not self.style.stay_home else ():
            act = self.hero_step(hero)
            if act:
                return act
        return A.EndTurn(seat)

    def siege_target(self, hero):
        """An adjacent walled rival City worth besieging now."""
        s = self.state
        for cell in s.board.topology.neighbours(hero.cell):
            city = s.city_at(cell)
            if city is None or s.allied(city.owner, hero.owner) or not walled(s, city):
                continue
            if self.style.harass or self.city_odds(hero, city) >= self.style.enemy_risk:
                return city
        return None

    def hero_odds(self, hero, defender) -> float:
        """``hero`` attacking ``defender`` (odds squads): exact odds while the armies are small; the exact
        table grows with every unit and each defending hero, so huge armies (a turtle's hundreds) and Cities
        held by many heroes get a strength estimate."""
        units = sum(hero.army.values()) + sum(g.count for sq in defender for g in sq.groups)
        if units <= EXACT_ODDS_UNITS and sum(sq.is_hero for sq in defender) <= EXACT_ODDS_HEROES:
            return BO.hero_vs(self.state, hero, defender)
        ours = hero_strength(self.state, hero)
        theirs = sum(g.count * (g.n * (g.sides + 1) / 2 + g.bonus) for sq in defender for g in sq.groups)
        return 1 / (1 + math.exp(-4 * (ours - theirs) / max(1.0, math.sqrt(ours + theirs) * 3)))

    @staticmethod
    def hero_kind(hero) -> tuple:
        """All a battle's odds see of a hero: its army and equipped items (alike heroes are one kind)."""
        return tuple(sorted(hero.army.items())), tuple(i.power for i in equipped_items(hero))

    def odds_against(self, hero, target: tuple, defender) -> float:
        """``hero_odds`` against ``target`` (("city", id) or ("hero", id)), once per kind of hero per
        decision: a City full of alike heroes weighs it once."""
        return self.once(("odds", self.hero_kind(hero), target), lambda: self.hero_odds(hero, defender))

    def _monsters_at(self) -> dict:
        counts: dict = {}
        for token in self.state.tokens.values():
            if token.kind == "monster":
                counts[token.cell] = counts.get(token.cell, 0) + 1
        return counts

    def loot_value(self, token) -> float:
        return 5.0 if token.kind == "resource" else self.style.item_value

    def _loot(self) -> dict:
        """Item and Resource tokens that lie behind a fight (a Monster, a Mine's guardians, a City, a
        rival hero), by cell: what they add to winning it. R-DEATH-1 drops a fallen hero's items behind
        the Monster that killed it, and heroes that walked in for them died there one after another."""
        s, seat = self.state, self.seat
        guarded = set(self.once(("monsters at",), self._monsters_at))
        guarded.update(m.cell for m in s.mines.values() if not s.allied(m.owner, seat))
        guarded.update(c.cell for c in s.cities.values() if not s.allied(c.owner, seat))
        guarded.update(h.cell for h in s.heroes.values() if not s.allied(h.owner, seat))
        loot: dict = {}
        for token in s.tokens.values():
            if token.kind in LOOT_KINDS and token.cell in guarded:
                loot[token.cell] = loot.get(token.cell, 0.0) + self.loot_value(token)
        return loot

    def city_odds(self, hero, city) -> float:
        defence = self.once(("city defence", city.id), lambda: BO.city_defence(self.state, city))
        return self.odds_against(hero, ("city", city.id), defence)

    def _within_reach(self, far, cell) -> bool:
        """Whether ``far`` reaches ``cell`` or a cell next to it (a City is approached either way): the
        odds against a City out of reach are not worked out (on a big board most are)."""
        return far.cost(cell) is not None or \
            any(far.cost(n) is not None for n in self.state.board.topology.neighbours(cell))

    def rival_heroes(self) -> list:
        """Every rival hero out of its Cities (a garrisoned one is fought with its City), by id, each with
        its side's heroes on that cell: worked out once per decision."""
        return self.once(("rival heroes",), self._rival_heroes)

    def _rival_heroes(self) -> list:
        s = self.state
        here: dict[tuple, list] = {}
        for h in s.heroes.values():
            here.setdefault(h.cell, []).append(h)
        cities = {c.cell: c for c in s.cities.values()}
        rivals = []
        for other in sorted(s.heroes.values(), key=lambda h: h.id):
            city = cities.get(other.cell)
            if s.allied(other.owner, self.seat) or (city is not None and city.owner == other.owner):
                continue
            rivals.append((other, [h for h in here[other.cell] if h.owner == other.owner]))
        return rivals

    def far(self, hero, whole: bool = False):
        """Where ``hero`` can go and at what cost, over the whole board (on a big board, unless ``whole``,
        within HORIZON_TURNS of movement: ``far_is_near`` says so)."""
        if hero.id not in self._far or (whole and self.far_is_near(hero)):
            s = self.state
            budget = whole_map_budget(s.board)
            if not whole and s.board.width * s.board.height > BIG_BOARD_CELLS:
                budget = min(budget, (hero.moves_left or 0) + HORIZON_TURNS * _move_dice(s).maximum)
            # a player's heroes on one cell see the same board: one search for a City full of them
            def search():
                masks = self.once(("masks", hero.owner), lambda: movement_masks(s, hero.owner))
                return shared_reach(s.board, hero.cell, budget, masks)
            self._far[hero.id] = self.once(("reach", hero.owner, hero.cell, budget), search)
        return self._far[hero.id]

    def far_is_near(self, hero) -> bool:
        return self._far[hero.id].budget < whole_map_budget(self.state.board)

    def hero_step(self, hero):
        s, seat, rules = self.state, self.seat, self.rules
        if not hero.moves_left:
            return None
        pickup_cost = rules["movement"]["pickup_cost"]
        if hero.moves_left >= pickup_cost:
            for token in sorted(s.tokens_at(hero.cell), key=lambda t: t.id):
                if token.kind in LOOT_KINDS:
                    return A.PickUp(seat, hero.id, token.id)
        home = s.city_at(hero.cell)
        if home is not None and home.owner == seat:
            act = self.garrison_exchange([hero], leaving=True)
            if act:
                return act
        if hero.moves_left >= rules["cities"]["siege_cost"]:
            city = self.siege_target(hero)
            if city is not None:
                return A.Siege(seat, hero.id, city.id)
        target = self.best_target(hero)
        if target is None:
            return None
        return self.move_toward(hero, target)

    def move_toward(self, hero, cell):
        """The Move along the cheapest path to ``cell`` as far as this turn's 🐎 allow (None: no step)."""
        s, seat = self.state, self.seat
        far = self.far(hero)
        path = far.path_to(cell)
        steps, spent = [], 0
        for step in path:
            spent += int(s.board.move_cost[step[1], step[0]])
            if spent > hero.moves_left:
                break
            steps.append(step)
        if not steps:
            return None
        return A.Move(seat, hero.id, tuple(steps))

    # value of targets ---------------------------------------------------------------------------------------
    def monster_odds(self, hero, count: int) -> float:
        s = self.state
        return self.hero_odds(hero, BO.monster_defence(s, {monster_unit(s): count}))

    def unit_worth(self, unit: str) -> float:
        """What one ``unit`` would cost to recruit (its cheapest recruit), in coin-equivalents."""
        costs = [_value(e["cost"]) for n, e in self.rules.recruits().items() if n != "hero" and e["unit"] == unit]
        return min(costs) if costs else unit_mean(self.state, unit) / 3.5 * 2

    def hero_loss(self, hero) -> float:
        """What losing ``hero`` costs: its recruit price (times the style's weight), army and items."""
        worth = self.style.hero_worth * _value(self.rules.recruits()["hero"]["cost"])
        worth += sum(n * self.unit_worth(u) for u, n in hero.army.items())
        return worth + 3 * sum(1 for i in hero.items if i.id in hero.equipped)

    def monster_prospect(self, tokens: int, fight_odds) -> tuple[float, float]:
        """(chance to come out alive, what it brings then) for a hero landing on ``tokens`` Monsters.

        R-MON-1/R-CMP-11: each token rolls on the reaction table, so besides the fights a
        bribe or a defection (free units) may come up; ``fight_odds(count)`` is the chance to
        beat ``count`` monsters."""
        s, rules = self.state, self.rules["monsters"]
        table = rules["reaction_table"]
        share = {out: (hi - lo) // 10 + 1 for lo, hi, out in table}
        total = sum(share.values())
        joiner = self.unit_worth(joining_unit(s))
        per_kill = (lambda c: c / 2) if rules["bounty"] == "half" else (lambda c: c * rules["bounty_per_kill"])
        alive = gain = 0.0
        for out, weight in share.items():
            w = weight / total
            count = Dice.parse(rules["count"][out]).mean * tokens
            if out in ("fight", "hard_fight"):
                p = fight_odds(max(1, int(round(count))))
                alive += w * p
                gain += w * p * per_kill(count)
            elif out == "bribe":
                price = _value(bribe_cost(s))
                alive += w
                gain += w * count * max(0.5, joiner - price)
            else:                       # defect: free units
                alive += w
                gain += w * count * joiner
        return alive, gain / max(alive, 1e-6) + 2

    def best_target(self, hero):
        ranked = self.ranked_targets(hero)
        if not ranked:
            return None
        if self.style.target_slack:
            return self.rng.choice(ranked[:self.style.target_slack + 1])
        return ranked[0]

    def ranked_targets(self, hero) -> list:
        """The cells worth walking to, best first ([] to stay put: e.g. garrisoned against a threat)."""
        return self.once(("ranked", hero.id), lambda: self._rank_targets(hero))

    def _rank_targets(self, hero) -> list:
        s, seat, rules = self.state, self.seat, self.rules
        far = self.far(hero)
        avg = max(1.0, _move_dice(s).mean)
        loss = self.hero_loss(hero)
        candidates: list[tuple[float, tuple, tuple]] = []

        def add(cell, value, p=1.0, adjacent_ok=False):
            cost = far.cost(cell)
            if cost is None or cell == hero.cell:
                return
            turns = 0 if cost <= hero.moves_left else math.ceil((cost - hero.moves_left) / avg)
            score = (p * value - (1 - p) * loss) / (1 + turns) ** 1.2
            if score > 0:
                candidates.append((score, (-cost, -cell[1], -cell[0]), cell))

        # Defend home when a rival could take it.
        for city in sorted(s.cities_of(seat), key=lambda c: c.id):
            threat = self.threat_to(city)
            if threat > 0.7 * (self.city_strength(city) - (hero_strength(s, hero) if hero.cell == city.cell else 0)):
                if hero.cell == city.cell:
                    return []        # stay garrisoned
                add(city.cell, 60)
            elif city.garrison and hero.cell != city.cell:
                gain = sum(unit_mean(s, u) * n for u, n in city.garrison.items())
                add(city.cell, gain * 0.8)

        rally = self.rally()
        if rally is not None:
            home, _, defence = rally
            if hero.cell != home.cell and hero.army:
                add(home.cell, self.style.city_value * min(1.0, hero_strength(s, hero) / defence))
        kind = self.hero_kind(hero)

        def monsters_p(count):
            return self.once(("monster odds", kind, count), lambda: self.monster_odds(hero, count))

        seen_monsters = set()
        monsters_at = self.once(("monsters at",), self._monsters_at)
        loot = self.once(("loot",), self._loot)
        for token in sorted(s.tokens.values(), key=lambda t: t.id):
            if token.kind in LOOT_KINDS:
                if token.cell not in loot:
                    add(token.cell, self.loot_value(token))
            elif token.kind == "monster" and token.cell not in seen_monsters:
                seen_monsters.add(token.cell)
                n = monsters_at[token.cell]
                cost = far.cost(token.cell)
                if cost is None or cost > hero.moves_left + 3 * avg:
                    continue
                p, value = self.once(("monster prospect", kind, n), lambda: self.monster_prospect(n, monsters_p))
                if p >= self.style.monster_risk:
                    add(token.cell, value + loot.get(token.cell, 0.0), p)
        guards = Dice.parse(rules["mines"]["guardians_by_tier"][s.highest_city_tier()]).mean
        guard_share = sum(hi - lo + 1 for lo, hi, out in rules["mines"]["guard_table"] if out == "guardians")
        guard_all = sum(hi - lo + 1 for lo, hi, out in rules["mines"]["guard_table"])
        if rules["mines"]["guard_die"].upper().endswith("P"):
            guard_share = sum((hi - lo) // 10 + 1 for lo, hi, out in rules["mines"]["guard_table"] if out == "guardians")
            guard_all = 10
        q = guard_share / guard_all
        for mine in sorted(s.mines.values(), key=lambda m: m.id):
            if s.allied(mine.owner, seat):
                continue
            cost = far.cost(mine.cell)
            if cost is None:
                continue
            pg = monsters_p(max(1, int(round(guards))))
            p = (1 - q) + q * pg
            value = 12 if mine.owner == NEUTRAL else 16
            add(mine.cell, value + loot.get(mine.cell, 0.0), p)
        others = len(candidates)     # the candidates before the rival Cities
        for city in sorted(s.cities.values(), key=lambda c: c.id):
            if s.allied(city.owner, seat) or not self._within_reach(far, city.cell):
                continue
            p = self.city_odds(hero, city)
            if city.owner == NEUTRAL:
                if p >= self.style.neutral_city_risk:
                    add(city.cell, 25, p)
                continue
            if p < self.style.enemy_risk:
                if self.style.harass and walled(s, city):
                    for cell in s.board.topology.neighbours(city.cell):
                        if far.cost(cell) is not None and not far.is_stop(cell) and s.board.passable(cell):
                            add(cell, self.style.harass)
                continue
            last = len(s.cities_of(city.owner)) == 1
            value = self.style.city_value + (80 if last else 0)
            if walled(s, city):
                for cell in s.board.topology.neighbours(city.cell):
                    if far.cost(cell) is not None and not far.is_stop(cell) and s.board.passable(cell):
                        add(cell, value * 0.8, p)
            else:
                add(city.cell, value, p)
        if rally is not None and hero.cell == rally[0].cell and hero is self.lead_hero(rally[0]):
            del candidates[:others]      # the rally's army waits at home for its attack
            if not candidates:
                return []
        for other, together in self.rival_heroes():
            cost = far.cost(other.cell)
            if cost is None or cost > hero.moves_left + 2 * avg:
                continue
            defence = self.once(("hero defence", other.id), lambda: BO.hero_defence(s, together))
            p = self.odds_against(hero, ("hero", other.id), defence)
            if p >= self.style.enemy_risk:
                add(other.cell, 20 + hero_strength(s, other) * 0.5, p)
        if not candidates and self.far_is_near(hero):
            self.far(hero, whole=True)           # nothing near on a big board: look over all of it
            return self._rank_targets(hero)
        if not candidates:
            # Nothing worth doing: head home, or to the rally City.
            homes = sorted(s.cities_of(seat), key=lambda c: (far.cost(c.cell) if far.cost(c.cell) is not None else 1e9, c.id))
            if rally is not None and far.cost(rally[0].cell) is not None:
                homes = [rally[0]]
            if homes and homes[0].cell != hero.cell and far.cost(homes[0].cell) is not None:
                return [homes[0].cell]
            return []
        candidates.sort(reverse=True)
        return [c[2] for c in candidates]


def choose_standard(state: GameState, rng: random.Random, style: Style = STANDARD):
    return Planner(state, rng, style).choose()
