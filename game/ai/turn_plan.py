"""The turn of the ``standard`` computer player: each hero rolls (or sieges at once, skipping the roll),
picks up what lies on its tile, and walks to the best target by value / distance: resources, items,
mines, monsters and neutral Cities when the exact odds are good, rival heroes and Cities when clearly
stronger (walled Cities are sieged first), home when the capital is threatened. One search over the
whole map per hero gives distances and paths."""
from __future__ import annotations

import heapq
import math

from game.ai import battle_odds as BO
from game.ai.appraisal import _move_dice, _value, beaten_chance, hero_strength, roll_at_least, shared_reach, unit_mean
from game.ai.distances import whole_map_budget
from game.engine import actions as A
from game.engine.dice import Dice
from game.engine.heroes import equipped_items
from game.engine.monsters import bribe_cost, joining_unit, monster_unit
from game.engine.movement import movement_masks, walled
from game.engine.state import NEUTRAL


EXACT_ODDS_UNITS = 20        # beyond this many units in a pre-battle estimate, a strength estimate (fast)
EXACT_ODDS_HEROES = 2        # likewise beyond this many defending heroes: each one triples the exact table
# On a board bigger than this, a hero looks for targets within HORIZON_TURNS of movement first, and over
# the whole board only when nothing is that near: a whole-board search with the tokens as stops took
# 17-30 ms on a 256x256 map at every step. No shipped map is this big, so their play is unchanged.
BIG_BOARD_CELLS = 128 * 128
HORIZON_TURNS = 8
LOOT_KINDS = ("resource", "item")
SAFE_STOP = 0.25             # a hero stops short of a cell where rival heroes are likelier than this to beat it
THREAT_CHECKS = 12           # at most this many targets weighed for where the hero would stop (best first)


class TurnPlan:
    """``Planner``'s turn (a mixin: ``self`` is the Planner)."""

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
        return beaten_chance(ours, theirs)

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
        """The Move toward ``cell`` as far as this turn's 🐎 allow (a cautious style stops short where rival
        heroes could beat the hero: ``safe_walk``); None: no step."""
        steps = self.safe_walk(hero, cell)
        return A.Move(self.seat, hero.id, steps) if steps else None

    def walk_today(self, hero, cell) -> tuple:
        """The cells of the cheapest path to ``cell`` that this turn's 🐎 pay for."""
        s = self.state
        steps, spent = [], 0
        for step in self.far(hero).path_to(cell):
            spent += int(s.board.move_cost[step[1], step[0]])
            if spent > hero.moves_left:
                break
            steps.append(step)
        return tuple(steps)

    def safe_walk(self, hero, cell) -> tuple:
        """``walk_today``; for a cautious style (``Style.caution``), cut at the last cell where the hero stands
        safe from rival heroes when the walk would end short of ``cell`` in their reach (a person picked off
        armyless heroes one by one that way). A walk that gets there is left whole: what it risks is weighed
        with the target's value (``mind_threats``)."""
        steps = self.walk_today(hero, cell)
        if not self.style.caution or not steps or steps[-1] == cell or self.stop_danger(hero, steps[-1]) <= SAFE_STOP:
            return steps
        for n in range(len(steps) - 1, 0, -1):
            if self.stop_danger(hero, steps[n - 1]) <= SAFE_STOP:
                return steps[:n]
        return steps

    # --- rival heroes' reach ---------------------------------------------------------------------------------
    def stop_danger(self, hero, cell) -> float:
        """How likely rival heroes reach and beat ``hero`` standing on ``cell`` in their next turns (0 in a
        City of its side: a City's threats are weighed as the City's). A strength estimate, not exact odds."""
        s = self.state
        city = s.city_at(cell)
        if city is not None and s.allied(city.owner, hero.owner):
            return 0.0
        return self.once(("danger", self.hero_kind(hero), cell), lambda: self._stop_danger(hero, cell))

    def _stop_danger(self, hero, cell) -> float:
        s = self.state
        move = _move_dice(s)
        ours = hero_strength(s, hero)
        safe = 1.0
        for rival in self.once(("rival threats",), self._rival_threats):
            if max(abs(rival.cell[0] - cell[0]), abs(rival.cell[1] - cell[1])) > move.maximum:
                continue          # every step costs a 🐎 or more: out of reach
            cost = self.rival_reach(rival).cost(cell)
            if cost:
                safe *= 1 - roll_at_least(move, cost) * beaten_chance(hero_strength(s, rival), ours)
        return 1 - safe

    def _rival_threats(self) -> list:
        s = self.state
        return [h for h in sorted(s.heroes.values(), key=lambda h: h.id) if not s.allied(h.owner, self.seat)]

    def rival_reach(self, rival):
        """Where ``rival`` could walk next turn with the best roll."""
        s = self.state

        def search():
            masks = self.once(("masks", rival.owner), lambda: movement_masks(s, rival.owner))
            return shared_reach(s.board, rival.cell, _move_dice(s).maximum, masks)
        return self.once(("rival reach", rival.owner, rival.cell), search)

    def mind_threats(self, hero, candidates: list, loss: float) -> list:
        """``candidates`` (score, tie-break, cell), each less what the hero risks where this turn's walk
        toward it ends (the style's ``caution`` share of it: a rival in reach may well go elsewhere),
        dropped when nothing is left: best first, at most THREAT_CHECKS weighed."""
        heap = [(-score, key, cell, False) for score, key, cell in candidates]
        heapq.heapify(heap)
        out, checks = [], 0
        while heap:
            neg, key, cell, checked = heapq.heappop(heap)
            if checked or checks >= THREAT_CHECKS:
                out.append((-neg, key, cell))
                continue
            checks += 1
            steps = self.safe_walk(hero, cell)
            score = -neg - self.style.caution * self.stop_danger(hero, steps[-1] if steps else hero.cell) * loss
            if score > 0:
                heapq.heappush(heap, (-score, key, cell, True))
        return out

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
        if not ranked or ranked[0] == hero.cell:
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

        def add(cell, value, p=1.0, here_ok=False):
            """``here_ok``: the hero's own tile may be a target (it waits there: ``best_target``)."""
            cost = far.cost(cell)
            if cost is None or (cell == hero.cell and not here_ok):
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
                if hero.cell in s.board.topology.neighbours(city.cell):
                    # Already next to it, with too few 🐎 left to besiege it this turn: this tile is as good as
                    # the others around it (a hero walked from one to the next, back and forth, all turn).
                    add(hero.cell, value * 0.8, p, here_ok=True)
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
                add(other.cell, self.style.hero_bounty + hero_strength(s, other) * 0.5, p)
        if not candidates and self.far_is_near(hero):
            self.far(hero, whole=True)           # nothing near on a big board: look over all of it
            return self._rank_targets(hero)
        if self.style.caution:
            candidates = self.mind_threats(hero, candidates, loss)
        if not candidates:
            # Nothing worth doing: head home, or to the rally City.
            homes = sorted(s.cities_of(seat), key=lambda c: (far.cost(c.cell) if far.cost(c.cell) is not None else 1e9, c.id))
            if rally is not None and far.cost(rally[0].cell) is not None:
                homes = [rally[0]]
            if homes and homes[0].cell != hero.cell and far.cost(homes[0].cell) is not None:
                return [homes[0].cell]
            return []
        candidates.sort(reverse=True)
        return [c[2] for c in candidates]     # the hero's own tile first: it waits there (``best_target``)

