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

import random
from dataclasses import dataclass
from typing import Callable

import numpy as np

from game.ai import battle_odds as BO
from game.ai.appraisal import (  # noqa: F401  (income, leader, ...: what other modules and tests know from here)
    _covers, _move_dice, _purse, _value, city_strength, hero_strength, income, leader, player_strength, shared_reach,
    upkeep_reserve)
from game.ai.daybreak_plan import DaybreakPlan
from game.ai.diplomacy import VOTE_MEMORY, AlliancePlan, vote_in_interest  # noqa: F401  (tests know it from here)
from game.ai.distances import distance_field
from game.ai.turn_plan import BIG_BOARD_CELLS, TurnPlan  # noqa: F401
from game.engine import actions as A
from game.engine import legal_actions
from game.engine.battle import split_unseen
from game.engine.movement import walled
from game.engine.state import NEUTRAL, GameState


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
    vote_cooldown: int = 5           # ... nor on a rule voted on within this many Days
    vote_memory: int = VOTE_MEMORY   # Days a player's stance on a rule is remembered (its own, and a human's)
    alliance_patience: int = 5       # Days before asking again a player who refused an alliance (R-ALLY-1)
    max_heroes: int = 10 ** 6        # never more heroes than this (a cap of 12 lost 14 of 18 long 4-player games)
    stay_home: bool = False          # heroes never leave their Cities: the lab's turtle, all income into defence
    rally: bool = True               # against a turtle's City no hero can take alone, heroes gather their units
    rally_alone: float = 1.3         # ... unless a hero already has this times its strength
    rally_together: float = 1.5      # ... and only once all heroes together have this times its strength
    rally_day: int = 15              # ... from this Day on (early on every rival is still at home)
    hero_bounty: float = 20.0        # a rival hero out of its Cities as a target (+ half its strength)
    caution: float = 0.0             # a walk ending where rival heroes may beat the hero costs this share of its
                                     # worth times that chance, and stops short of there (the lab's cautious)


STANDARD = Style()


class Planner(DaybreakPlan, TurnPlan, AlliancePlan):
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
            return A.CastVote(seat, self.cast_vote(p.data["option"], p.data["value"]))
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

    # --- battles ------------------------------------------------------------------------------------------
    def battle(self):
        s, seat = self.state, self.seat
        battle = s.battle
        if not self.style.best_battles:     # any arrangement, any attack, never a retreat
            return self.rng.choice([a for a in legal_actions(s) if not isinstance(a, A.Retreat)])
        if any(not side.arranged for side in battle.sides):
            index = next(i for i, side in enumerate(battle.sides) if not side.arranged)
            if split_unseen(s, index):
                # after a human who set its split unseen: the best split against any it could have made
                squads, mode, _ = BO.best_arrangement(s, index=index, seen_by=index)
                return A.ArrangeBattle(seat, squads, mode)
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

    # --- threats to a City ---------------------------------------------------------------------------------
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



def choose_standard(state: GameState, rng: random.Random, style: Style = STANDARD):
    return Planner(state, rng, style).choose()
