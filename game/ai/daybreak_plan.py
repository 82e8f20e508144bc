"""The Daybreak of the ``standard`` computer player: found a City if it has none; recruit heroes as
income allows (fed in Campaign); rebuild walls; grow the economy and open recruiting; spend the rest
on the best units per coin, keeping the next upkeep in reserve; garrisoned heroes take the City's
units and armory items (and, against a turtle, gather at a rally City)."""
from __future__ import annotations

from game.ai.appraisal import _covers, _purse, _value, city_strength, hero_strength, income, unit_mean, upkeep_reserve
from game.engine import actions as A
from game.engine import legal_actions
from game.engine.dice import Dice
from game.engine.economy import build_options
from game.engine.flow import daily_income
from game.engine.heroes import slots_ok
from game.engine.movement import walled
from game.engine.state import NEUTRAL


class DaybreakPlan:
    """``Planner``'s Daybreak (a mixin: ``self`` is the Planner)."""

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

