"""The ``hard`` computer player: standard's plan, with its choices tried out on copies of the game.

At every Daybreak and turn choice (what to build or recruit, whether to siege,
where each hero walks), the standard planner's generators offer a few candidate
actions. Each candidate is played out on copies of the game (``rollout``): the
copy's dice are reseeded from the hard player's own rng (determinized) and kept
apart by purpose (``AlignedDice``: a hero's rolls on a Day, a battle's, a
player's Daybreak), so every candidate meets the same luck even when it changes
what is rolled before (a fair comparison), then everyone plays
``standard`` until this player's next turn begins, and ``evaluate`` scores the
position (Cities by tier, income, armies, heroes, coin, against the strongest
rival; a City that rival heroes within a turn's reach could take counts only
for the chance it holds, since the look-ahead stops before they strike). The
best average wins. Daybreak choices are weighed only among those that leave
the next upkeep paid and feed every hero (a hero starving a Day later is
beyond the look-ahead too). Battles, pending questions and diplomacy stay
with the standard planner (the exact odds already decide those).

A rollout never touches the real game: it works on a deep copy with its own
``Rng``, so the game's dice and replays (same seed + same actions) are unchanged.
The search is bounded by a number of simulated actions per decision, scaled
down on big boards and with more players, so a decision stays within the
computer players' time budget (``tools/bench_ai.py``). Between two players a
look-ahead still runs to its horizon, however big the board: a round there is
short enough to afford, and a look-ahead stopped before the rival has moved
weighs nothing the rival does (``rollout_limit``).
"""
from __future__ import annotations

import math
import random

from game.ai.appraisal import (
    _covers, _move_dice, _value, beaten_chance, city_strength, hero_strength, income, upkeep_reserve)
from game.ai.standard import STANDARD, Planner, Style
from game.engine import IllegalAction, apply, legal_actions
from game.engine import actions as A
from game.engine.dice import Rng
from game.engine.economy import build_options, building_spent
from game.engine.movement import walled
from game.engine.state import GameState

WIDTH = 4                 # candidates tried per decision
DETERMINIZATIONS = 2      # dice streams per candidate
ACTIONS_PER_DECISION = 360    # simulated actions per decision on a Meadow-sized board, two players
REFERENCE_CELLS = 20 * 16
WIN = 1000.0
# Standard's own pick is kept unless another candidate scores clearly better: two dice streams are
# a noisy estimate (one rollout's score swings by 20+), and a tie must not turn into "save the purse"
# (on the first Daybreak that left hard without a hero or a spawner in about one game in three).
MARGIN = 3.0
# Between two players a look-ahead runs as long as the last round took, with this slack for a longer one,
# up to ROUND_CAP actions (a round late in a Campaign game, with armies everywhere, can take more).
ROUND_SLACK = 1.25
ROUND_CAP = 48
BUILDING_SHARE = 0.8      # a building counts for this share of its cost: money spent on it is not lost
LOSS_SHARE = 0.8          # of a threatened City's worth, counted as lost in proportion to the chance
LAST_CITY = 80.0          # and the last City's loss on top (R-END-1: a player without a City is nearly out)


class AlignedDice(Rng):
    """A look-ahead's dice, one stream per purpose: a hero's rolls on a Day, a battle's, a player's Daybreak.

    Candidates differ in what happens before a roll (one more hero hired, one battle fewer), and with a
    single stream every later roll shifts, so two candidates met different luck and the rollouts' scores
    swung by 50 or more. Keyed streams give the same hero the same 🐎 and the same battle the same dice
    whichever candidate led there (common random numbers).
    """

    def __init__(self, seed: int):
        super().__init__(seed)
        self._streams: dict[int, random.Random] = {}

    def aim(self, state: GameState, action) -> None:
        """Draw the rolls ``action`` makes from their purpose's stream: the battle under way, else the
        acting hero, else the player."""
        if state.battle is not None:
            kind, who = 1, state.battle.hero
        elif getattr(action, "hero", None) is not None:
            kind, who = 2, action.hero
        else:
            kind, who = 3, getattr(action, "player", 0)
        purpose = (state.day << 24) | (kind << 20) | (who & 0xFFFFF)
        stream = self._streams.get(purpose)
        if stream is None:
            stream = self._streams[purpose] = random.Random((self.seed << 64) | purpose)
        self._random = stream


def rollout_copy(state: GameState, seed: int) -> GameState:
    """A copy of ``state`` to play on, with its own dice."""
    return state.lookahead_copy(AlignedDice(seed))


def worth(state: GameState, seat: int, hero_threat: bool = False) -> float:
    """One player's material in coin-equivalents: Cities (tier, walls, garrison), mines, heroes, armies, purse.
    ``hero_threat`` (the lab's ``hard:hero_threat``): a hero in the open that stronger rival heroes can
    reach next turn is worth only what it keeps, as a threatened City is."""
    if not state.players[seat].alive:
        return 0.0
    planner = Planner(state, None, STANDARD, seat)
    rules = state.rules
    tiers = rules["cities"]["tiers"]
    buildings = rules.buildings()
    total = _value(state.players[seat].purse) + 8 * income(state, seat)
    cities = state.cities_of(seat)
    for city in cities:
        value = STANDARD.city_value + 6 * tiers.index(city.tier)
        value += sum(n * planner.unit_worth(u) for u, n in city.garrison.items())
        if walled(state, city):
            value += 4
        value += sum(BUILDING_SHARE * _value(building_spent(buildings[name], level))
                     for name, level in city.buildings.items() if level and name in buildings)
        # A City rival heroes can take next turn is worth only what it keeps: the look-ahead ends at
        # this player's next turn, before the blow falls (hard used to march its army off while a
        # rival stood at its gates).
        chance = loss_chance(state, planner, city)
        total += value * (1 - LOSS_SHARE * chance) - (LAST_CITY * chance if len(cities) == 1 else 0)
    total += 6 * len(state.mines_of(seat))
    reach = _move_dice(state).maximum + 1 if hero_threat else 0
    for hero in state.heroes_of(seat):
        value = planner.hero_loss(hero)
        if hero_threat and not any(c.cell == hero.cell for c in cities):
            value *= 1 - LOSS_SHARE * hero_loss_chance(state, hero, reach)
        total += value
    return total


def hero_loss_chance(state: GameState, hero, reach: int) -> float:
    """How likely the rival heroes within ``reach`` steps (as the crow flies: terrain only lengthens a
    way) beat ``hero`` next turn: their strength against its own, as ``loss_chance`` weighs a City's."""
    x, y = hero.cell
    threat = sum(hero_strength(state, other) for other in state.heroes.values()
                 if other.owner != hero.owner and not state.allied(other.owner, hero.owner)
                 and max(abs(other.cell[0] - x), abs(other.cell[1] - y)) <= reach)
    return beaten_chance(threat, hero_strength(state, hero)) if threat else 0.0


def loss_chance(state: GameState, planner: Planner, city) -> float:
    """How likely the rival heroes within a turn's reach of ``city`` take it: their strength against the
    City's, as standard estimates a battle (0 when none is near)."""
    threat = planner.threat_to(city)
    return beaten_chance(threat, city_strength(state, city)) if threat else 0.0


def evaluate(state: GameState, seat: int, rivals: bool = True, hero_threat: bool = False) -> float:
    """How well ``seat`` stands: its worth against the strongest rival's (a win or a loss dominates);
    with ``rivals=False`` its own worth alone."""
    if state.phase == "over":
        if seat not in state.winners:
            return -WIN
        return WIN / len(state.winners)
    if not state.players[seat].alive:
        return -WIN
    ours = worth(state, seat, hero_threat)
    if not rivals:
        return ours
    others = [p for p in state.live_players() if p != seat and not state.allied(p, seat)]
    return ours - max((worth(state, p, hero_threat) for p in others), default=0.0)


def _horizon_reached(state: GameState, seat: int, start_day: int) -> bool:
    return (state.phase == "over" or
            (state.day > start_day and state.phase == "turn" and state.current_player == seat
             and not state.pending and state.battle is None))


def rollout(state: GameState, first, seat: int, seed: int, limit: int, rivals: bool = True,
            hero_threat: bool = False) -> float:
    """``first`` then ``standard`` for everyone on a copy, until ``seat``'s next turn or ``limit`` actions."""
    twin = rollout_copy(state, seed)
    start_day = twin.day
    players = random.Random(seed)
    dice = twin.rng
    try:
        dice.aim(twin, first)
        apply(twin, first)
        for _ in range(limit):
            if _horizon_reached(twin, seat, start_day):
                break
            action = Planner(twin, players, STANDARD).choose()
            dice.aim(twin, action)
            apply(twin, action)
    except IllegalAction:
        pass                    # a refused move ends the look-ahead where it stands
    return evaluate(twin, seat, rivals, hero_threat)


def action_budget(state: GameState) -> int:
    """Simulated actions per decision: fewer on big boards and with more players (each costs more)."""
    cells = state.board.width * state.board.height
    players = max(2, len(state.live_players()))
    # An action's cost grows about with the square root of the board (path searches are only part of it),
    # and faster than the number of players (each one's heroes are weighed by everyone): with 2 / players
    # alone, The Highlands with 4 players took p99 216 ms a decision over its first 20 Days.
    scale = math.sqrt(REFERENCE_CELLS / cells) * (2 / players) ** 1.5
    return max(WIDTH * DETERMINIZATIONS * 4, int(ACTIONS_PER_DECISION * scale))


def round_length(state: GameState, seat: int) -> int | None:
    """How many actions the last whole round took: between ``seat``'s last two ends of turn (None before that)."""
    ends = []
    for i in range(len(state.actions) - 1, -1, -1):
        action = state.actions[i]
        if type(action) is A.EndTurn and action.player == seat:
            ends.append(i)
            if len(ends) == 2:
                return ends[0] - ends[1]
    return None


def rollout_limit(state: GameState, seat: int, rollouts: int) -> int:
    """Simulated actions for each of ``rollouts`` look-aheads: the decision's budget shared out; between two
    players, enough for a round as long as the last one. On The Highlands in Campaign the budget's share was
    14 actions where a round took about 25, so most look-aheads stopped before the rival moved, and hard
    won 54% there against 73-78% on smaller boards."""
    limit = max(4, action_budget(state) // rollouts)
    if len(state.live_players()) == 2:
        last = round_length(state, seat)
        if last is not None:
            limit = max(limit, min(ROUND_CAP, int(last * ROUND_SLACK)))
    return limit


class HardPlanner(Planner):
    """The standard planner, choosing among its candidate actions by rollouts."""
    hero_threat = False         # the lab's hard:hero_threat (``worth``), set by choose_hard
    streams = DETERMINIZATIONS  # the lab's hard:four_streams: more dice streams per candidate

    def best_of(self, candidates: list, rivals: bool = True):
        """The candidate with the best mean rollout score; standard's own pick (the first) unless beaten by MARGIN."""
        candidates = list(dict.fromkeys(c for c in candidates if c is not None))[:WIDTH]
        if len(candidates) <= 1:
            return candidates[0] if candidates else None
        seeds = [self.rng.getrandbits(63) for _ in range(self.streams)]
        limit = rollout_limit(self.state, self.seat, len(candidates) * len(seeds))
        best, best_score = candidates[0], None
        for act in candidates:
            score = sum(rollout(self.state, act, self.seat, seed, limit, rivals, self.hero_threat)
                        for seed in seeds) / len(seeds)
            if best_score is None or score > best_score + (MARGIN if best is candidates[0] else 1e-9):
                best, best_score = act, score
        return best

    # --- Daybreak: build, recruit or save ------------------------------------------------------
    def daybreak(self):
        planned = super().daybreak()
        if isinstance(planned, (A.FoundCity, A.TransferItem, A.TransferUnits, A.EquipItem)):
            return planned
        # Scored on its own worth: what is built or hired today barely moves a rival before the next
        # turn, while the rivals' dice in the copies (drawn in another order once the choices differ)
        # swing their worth by 20 or more and made "save the purse" win by luck.
        return self.best_of([planned] + self.daybreak_alternatives(), rivals=False)

    def daybreak_alternatives(self) -> list:
        s, seat = self.state, self.seat
        legal = legal_actions(s, moves=False)
        out = []
        purse, reserve = s.players[seat].purse, upkeep_reserve(s, seat)
        # Only what leaves the next upkeep paid: a hero hired or a purse spent beyond it starves heroes
        # a Day or two later, past the look-ahead (in Campaign, hard lost a hero to hunger in half its games).
        hero_cost = s.rules.recruits()["hero"]["cost"]
        if len(s.heroes_of(seat)) < self.heroes_fed() and _covers(purse, hero_cost, upkeep_reserve(s, seat, extra_heroes=1)):
            out += [a for a in legal if isinstance(a, A.Recruit) and a.recruit == "hero"][:1]
        units = [a for a in legal if isinstance(a, A.Recruit) and a.recruit != "hero"]
        if units:
            out.append(self.pick_recruit(s.cities[units[0].city], reserve))
        out += [a for a in legal if isinstance(a, A.Build)
                and _covers(purse, build_options(s, s.cities[a.city])[a.building][0], reserve)][:1]
        out.append(A.EndDaybreak(seat))
        return out

    # --- the turn: siege or roll, and where each hero goes -------------------------------------------
    def turn(self):
        planned = super().turn()
        if isinstance(planned, A.Siege) and self.state.heroes[planned.hero].moves_left is None:
            return self.best_of([planned, A.RollMovement(self.seat, planned.hero)])
        return planned

    def hero_step(self, hero):
        planned = super().hero_step(hero)
        if planned is None and hero.moves_left and self.ranked_targets(hero)[:1] == [hero.cell]:
            # standard waits next to a walled City it will besiege next turn; hard still weighs walking on
            # (the best other tile first, as before standard learnt to wait) against its other targets
            return self.best_of([self.move_toward(hero, cell) for cell in dict.fromkeys(self.ranked_targets(hero))])
        if not isinstance(planned, A.Move) or planned.hero != hero.id:
            return planned
        moves = [planned]
        for cell in dict.fromkeys(self.ranked_targets(hero)):
            moves.append(self.move_toward(hero, cell))
        return self.best_of(moves)


def choose_hard(state: GameState, rng: random.Random, style: Style = STANDARD, variant: str = ""):
    """``variant``: one of the lab's hard:NAME levels (``game.ai.levels.HARD_VARIANTS``), or "" for hard."""
    planner = HardPlanner(state, rng, style)
    planner.hero_threat = variant == "hero_threat"
    if variant == "four_streams":
        planner.streams = 4
    return planner.choose()
