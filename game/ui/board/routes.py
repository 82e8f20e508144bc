"""A walk over several days, remembered: a click on a tile beyond this turn's 🐎 walks this turn's part of the
way (or, when its first step costs more than the 🐎 left, none of it), and the board keeps that tile as the
hero's route (``GameScene`` mixes this in).

While the hero is selected a 🚩 marks where its route leads; with the mouse showing no other path (off the
board, on the hero, over a panel) the path preview shows the rest of the way; G goes on along it (rolling
first when the hero has not rolled), walking what a click on the 🚩 would. The route is forgotten when the
hero gets there, when the player moves the hero elsewhere, when the hero is gone, and, said in a toast,
when no path leads there any more. Undo puts back the routes as they were before the move it takes back.

UI memory, not game state: it is kept on the ``GameSession`` (as ``battle/plan.py``'s ``remembered`` keeps the
battle splits), so it lasts while the City, battle and menu screens are pushed over the board; one route per
hero, so each player at a hotseat keeps their own. The save files keep the routes (field ``routes``), so a
game loaded or continued goes on along them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game import engine as A      # its action classes (A.Move, ...): loaded when first used (game.engine)

KEPT_FOR_UNDO = 64                # board moves whose earlier routes are kept for Undo


@dataclass
class RouteBook:
    """A session's routes, and what they were before each recent board move (for Undo)."""
    to: dict = field(default_factory=dict)         # hero id -> the tile its route leads to
    before: dict = field(default_factory=dict)     # action count after a board move -> ``to`` before it
    seen: int | None = None                        # the action count last seen: fewer now, moves were undone


def routes(session) -> RouteBook:
    """The session's routes (``GameSession`` makes them, with those of a loaded save)."""
    return session.hero_routes


class HeroRoutes:
    def route_of(self, hero) -> tuple | None:
        """The tile ``hero``'s route leads to, or None."""
        return None if hero is None else routes(self.session).to.get(hero.id)

    def _shown_route(self):
        """The selected hero and where its route leads, when the player to act may see it; else (hero, None)."""
        hero = self.state.heroes.get(self.selected) if self.selected is not None else None
        if hero is None or hero.owner != self.actor or not self.human_to_act():
            return hero, None
        return hero, self.route_of(hero)

    def _move_hero(self, hero, action, route) -> bool:
        """Submit ``action``, a move of ``hero``; if the engine takes it, the hero's route is ``route`` (None:
        it has none) and the routes before it are kept for Undo."""
        book = routes(self.session)
        earlier = dict(book.to)
        if route is None:
            book.to.pop(hero.id, None)
        else:
            book.to[hero.id] = route
        if not self.submit(action):
            book.to = earlier
            return False
        count = len(self.state.actions)
        book.before[count] = earlier
        for old in [k for k in book.before if k <= count - KEPT_FOR_UNDO]:
            del book.before[old]
        return True

    def _walk_to(self, hero, cell) -> None:
        """What a click on ``cell`` does once the selected, rolled ``hero`` is to walk: beyond this turn's 🐎,
        this turn's part of the way, the route remembered; within it, the whole way (a fight or a pickup at
        its end included), the route forgotten; else the refusal, in a toast."""
        seat = hero.owner
        trip = self._trip(cell) if self.reach is not None and self.reach.cost(cell) is None else None
        if trip is not None and trip.today:
            # beyond this turn's 🐎: this turn's part of the way, as the preview showed it (never onto a pickup)
            self._move_hero(hero, A.Move(seat, hero.id, trip.path[:trip.today]), cell)
            return
        if trip is not None:
            self._set_out_next_turn(hero, cell)
            return
        if self.reach is None or self.reach.cost(cell) is None or cell == self.reach.start:
            self.toast.show(self._refusal_for(hero, cell))
            return
        if self._move_hero(hero, A.Move(seat, hero.id, tuple(self.reach.path_to(cell))), None):
            moved = self.state.heroes.get(hero.id)
            if moved is not None and self._pickups_here(moved) and not self.state.pending:
                self._pickup_offer = hero.id
                self._sync_dialog()

    def _set_out_next_turn(self, hero, cell) -> None:
        """A click on a tile whose way starts dearer than this turn's 🐎 (a forest after a roll of 1): nothing
        moves, the tile becomes the hero's route (it used to be refused, and the player had to come back to
        it next turn)."""
        routes(self.session).to[hero.id] = cell
        self.view.set_flag(cell)
        self.session.autosaver.flush(self.state)
        name = hero.name or "The hero"
        self.toast.show(f"🚩 {name} sets out for it next turn: its first step costs more than 🐎{hero.moves_left} "
                        f"(R-MOV-1); then G goes on along the way", info=True)

    def go_on(self) -> None:
        """G: the selected hero goes on along its route, rolling its 🐎 first if it has not (R-MOV-1)."""
        hero = self.state.heroes.get(self.selected) if self.selected is not None else None
        if hero is None or hero.owner != self.actor or not self.human_to_act() or self.dialog is not None:
            return
        name = hero.name or "The hero"
        if self.route_of(hero) is None:
            self.toast.show(f"{name} has no route to go on along: a click past the lit tiles sets one")
            return
        if self.state.phase != "turn":
            self.toast.show(self._daybreak_first("Heroes move in their player's turn", "R-DAY-1"))
            return
        if self.walks:
            self._finish_walks()
        if hero.moves_left is None:
            if not self._can_roll(hero):
                return
            self.roll()
            hero = self.state.heroes.get(hero.id)
        cell = self.route_of(hero)          # rolling may have found the way blocked
        if hero is not None and cell is not None and hero.moves_left is not None:
            self._walk_to(hero, cell)

    def _check_routes(self) -> None:
        """After every change of the game: Undo puts back the routes it took back, a hero gone or arrived has
        none, and a route no path leads along any more is forgotten, with a toast (for the selected hero
        in its player's turn: the other heroes' are looked at when they are selected). The 🚩 follows."""
        book, state = routes(self.session), self.state
        was = dict(book.to)
        count = len(state.actions)
        if book.seen is not None and count < book.seen:
            undone = sorted(k for k in book.before if k > count)
            if undone:
                book.to = dict(book.before[undone[0]])
            for k in undone:
                del book.before[k]
        book.seen = count
        for hero_id in [h for h in book.to if h not in state.heroes]:
            del book.to[hero_id]
        hero, cell = self._shown_route()
        if cell is not None and hero.cell == cell:
            del book.to[hero.id]
            cell = None
        if cell is not None and state.phase == "turn" and not state.pending and state.battle is None \
                and self._route_blocked(hero, cell):
            del book.to[hero.id]
            cell = None
            self.toast.show(f"{hero.name or 'The hero'}'s route to the 🚩 is blocked: choose another way")
        self.view.set_flag(cell)
        if book.to != was:
            self.session.autosaver.flush(state)      # Continue goes on with the routes as they are now

    def _route_blocked(self, hero, cell) -> bool:
        """No path leads ``hero`` to ``cell`` any more, whatever it costs (or one step on it is dearer than
        any roll: ``plan_trip``)."""
        far = self._beyond_reach(hero)
        if far.cost(cell) is None:
            return True
        if self.reach is not None and self.reach.start == hero.cell and self.reach.cost(cell) is not None:
            return False
        return self._planned_trip(hero, cell) is None

    def _route_words(self) -> str:
        """The prompt's word on the selected hero's route: how G goes on along it, and how many Days it takes."""
        hero, cell = self._shown_route()
        if cell is None or self.state.phase != "turn":
            return ""
        if hero.moves_left is None:
            return ", or G to roll and go on to the 🚩"
        if not hero.moves_left:
            return ""
        if self.reach is not None and self.reach.cost(cell) is not None:
            return ", or G to go on to the 🚩 (this turn)"
        trip = self._trip(cell) if self.reach is not None else None
        if trip is None:
            return ""
        from game.ui.board.hover import days_text
        return f", or G to go on to the 🚩 ({days_text(trip.days)})"
