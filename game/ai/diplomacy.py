"""Alliances and votes of the ``standard`` computer player (R-ALLY-1, R-VOTE-1, R-END-2).

Never an alliance in a 2-player game (it would end it as a shared win); with more players, accept and
offer only against a stronger third player. A shared victory gets its vote only from an ally some ally
outweighs, and the strongest player leaves its allies while the victory would be shared."""
from __future__ import annotations

from game.ai.appraisal import leader, player_strength
from game.engine import actions as A
from game.engine import legal_actions


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


class AlliancePlan:
    """``Planner``'s alliances and rule proposals (a mixin: ``self`` is the Planner)."""

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

