"""The hovered tile on the board scene: the path the selected hero would walk there (with the
chance of the fight at its end and what it could pick up), and the tooltip's extra lines: what
the heroes there fight with, the odds, and how far an out-of-reach tile is (``GameScene``
mixes this in). The odds are worked out off the frame; until they arrive the tooltip says
``WORKING_OUT``.

A tile beyond this turn's 🐎 shows the whole path there all the same, dashed past the ⏳ where
this turn's walk would end, with the Days the walk takes (``plan_trip``); a click walks this
turn's part, an ordinary move, and the tile becomes the hero's route (routes.py). Where the mouse
shows no other path (off the board, on the hero, over a panel) the preview shows that route.
"""
from __future__ import annotations

from game.ui.kit.background import NOT_YET

WORKING_OUT = "Working out the odds…"


def days_text(days: tuple) -> str:
    """A trip's Days as the path's label and the tooltip say them: "2 days", "2–3 days", "3+ days"."""
    fewest, most = days
    if most is None:
        return f"{fewest}+ days"
    return f"{fewest} days" if fewest == most else f"{fewest}–{most} days"


class HoveredTile:
    def _preview_path(self, cell) -> None:
        if self.reach is not None and (cell is None or cell == self.reach.start):
            cell = self._shown_route()[1]           # nothing else to show: the way to the route's 🚩, if any
        if self.reach is None or cell is None or cell == self.reach.start:
            self.view.set_path(None)
            return
        trip = self._trip(cell) if self.reach.cost(cell) is None else None
        if self.reach.cost(cell) is None and trip is None:
            self.view.set_path(None)
            return
        from game.ui.board.odds import headline_text, pickup_notes
        notes = [] if trip is None else [days_text(trip.days)]
        if self.reach.is_stop(cell):
            lines = self._odds_lines(cell)
            chance = headline_text(lines)
            if chance is not None:
                notes.append(f"⚔ {chance}")
            elif lines == [WORKING_OUT]:
                notes.append("⚔ …")
        if trip is not None:
            self.view.set_path((self.reach.start,) + trip.path, trip.cost, "  ".join(notes), today=trip.today + 1)
            return
        hero = self.state.heroes.get(self.selected)
        notes.append(pickup_notes(self.state, hero, cell, self.reach.cost(cell))[0])
        self.view.set_path([self.reach.start] + self.reach.path_to(cell), self.reach.cost(cell),
                           "  ".join(n for n in notes if n))

    def _odds_lines(self, cell) -> list[str]:
        """Hover odds for a hostile tile, for the selected hero (R-MON-1, R-MINE-1, R-CITY-2/4), worked
        out off the frame: until they are known the tooltip says so and the path shows no chance."""
        hero = self.state.heroes.get(self.selected) if self.selected else None
        if hero is None or hero.owner != self.actor or self.state.phase != "turn" or not self.human_to_act():
            return []
        from game.ui.battle.plan import remembered
        from game.ui.board.odds import cell_odds, faces_anything
        if not faces_anything(self.state, hero.owner, cell):
            return []
        choice, hero_id = remembered(self.session).get(hero.owner), hero.id
        lines = self._odds.on_copy((cell, hero_id, len(self.state.actions)), self.state,
                                   lambda twin: cell_odds(twin, twin.heroes[hero_id], cell, choice))
        return [WORKING_OUT] if lines is NOT_YET else lines or []

    def _tooltip_lines(self, cell) -> list[str]:
        """The board tooltip's extra lines: what the heroes there fight with, the odds, and the 🐎 left for
        pickups (R-MOV-3)."""
        from game.ui.board.odds import fights_with
        lines = self._placing_lines(cell) + [fights_with(self.state, h) for h in self.state.heroes_at(cell)]
        lines += self._odds_lines(cell)
        hero = self.state.heroes.get(self.selected) if self.selected else None
        if (hero is not None and hero.moves_left == 0 and hero.owner == self.actor and cell != hero.cell
                and self.state.phase == "turn" and self.state.board.cost(cell) > 0):
            # no 🐎 left (spent, or a siege ended its turn): a hostile tile next to it showed its odds alone,
            # and the click's refusal lay under this tooltip
            return lines + [f"Out of reach this turn: {hero.name or 'the hero'} has no 🐎 left"]
        if (hero is not None and self.reach is not None and self.reach.cost(cell) is None and hero.moves_left is not None
                and hero.owner == self.actor and self.state.board.cost(cell) > 0 and not self._walled_rival(cell, hero)):
            name, left = hero.name or "the hero", hero.moves_left
            cost = self._beyond_reach(hero).cost(cell)
            if cost is None:
                return lines + [f"Out of reach: no path leads there for {name}"]
            lines = lines + [f"Out of reach this turn: 🐎{cost} away, {name} has 🐎{left} left"]
            trip = self._trip(cell)
            return lines if trip is None else lines + [f"{days_text(trip.days)}' walk: {self._trip_click(cell, trip)}"]
        if lines or hero is None or self.reach is None or self.reach.cost(cell) is None or cell == self.reach.start:
            return lines
        from game.ui.board.odds import pickup_notes
        return pickup_notes(self.state, hero, cell, self.reach.cost(cell))[1]

    def placing(self):
        """The capital or Daybreak token a human is placing now (its pending decision), or None: the free
        tiles are lit for it and the tooltip says whether a tile takes it."""
        pending = self.state.pending[0] if self.state.pending else None
        if pending is None or pending.kind not in ("place_token", "place_capital") or not self.human_to_act():
            return None
        return pending

    def _placing_lines(self, cell) -> list[str]:
        """While a player places the Daybreak token or a capital: whether this tile takes it (R-DAY-5, R-SET-4).
        The free tiles are lit, but faintly on a bright map; the tooltip said only "Grass"."""
        pending = self.placing()
        if pending is None:
            return []
        what = "your capital" if pending.kind == "place_capital" else \
            f"the {str(pending.data.get('kind', 'Daybreak')).title()} token"
        if self.state.is_unoccupied(cell):
            return [f"Click: place {what} here"]
        if not self.state.board.passable(cell):
            return [f"Not here: {what} goes on a lit tile, one heroes can walk on"]
        return [f"Not here: this tile is taken; {what} goes on a lit, free one"]

    def _beyond_reach(self, hero):
        """Where the hero could get on any turn: an out-of-reach tile says how far it is and shows the way
        (one search of the whole map per hero and position, made when such a tile is first hovered: about
        a millisecond on the shipped maps)."""
        key = (hero.id, hero.cell, hero.moves_left, len(self.state.actions))
        if self._beyond[0] != key:
            from game.board.pathfinding import MAX_BUDGET
            from game.engine import hero_reach
            self._beyond = key, hero_reach(self.state, hero, budget=MAX_BUDGET)
            self._trips = {}
        return self._beyond[1]

    def _trip(self, cell):
        """The selected hero's walk to ``cell`` beyond this turn's 🐎 (``plan_trip``), or None: no path gets
        there, or the tile is not one the hero could walk to this turn if it had the 🐎."""
        hero = self.state.heroes.get(self.selected) if self.selected else None
        if hero is None or self.reach is None or hero.cell != self.reach.start or hero.owner != self.actor:
            return None
        return self._planned_trip(hero, cell)

    def _planned_trip(self, hero, cell):
        """``plan_trip`` for ``hero`` to ``cell`` along the whole-map search (``_beyond_reach``), kept per tile
        while that search stands."""
        far = self._beyond_reach(hero)
        if cell not in self._trips:
            from game.engine.movement import plan_trip
            self._trips[cell] = plan_trip(self.state, hero, far, cell)
        return self._trips[cell]

    def _trip_click(self, cell, trip) -> str:
        """What a click on a tile beyond this turn's 🐎 does, as its tooltip says it (``on_cell_click``)."""
        own = [h for h in self.state.heroes_at(cell) if h.owner == self.actor]
        if own:
            return f"a click selects {own[0].name or 'that hero'}"
        city = self.state.city_at(cell)
        if city is not None and city.owner == self.actor and not self.state.heroes_at(cell):
            return "a click opens the City"
        if not trip.today:
            return "no step of it fits this turn's 🐎: a click makes it the route (🚩) for next turn"
        return f"a click walks 🐎{trip.today_cost} of it now, to the ⏳"

    def _walled_rival(self, cell, hero) -> bool:
        """A walled City of a rival: no path enters it on any turn (it is besieged from next to it)."""
        from game.engine.movement import walled
        city = self.state.city_at(cell)
        return city is not None and not self.state.allied(city.owner, hero.owner) and walled(self.state, city)
