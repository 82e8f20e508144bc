"""Alliances and votes of the ``standard`` computer player (R-ALLY-1, R-VOTE-1, R-END-2).

Never an alliance in a 2-player game (it would end it as a shared win); with more players, accept and
offer only against a stronger third player. A shared victory gets its vote only from an ally some ally
outweighs, and the strongest player leaves its allies while the victory would be shared.

Votes (R-VOTE-1) as a person at the table would expect them: a computer player calls a vote only when
the switch clearly pays for it and most live players would vote for it, each human by what it said the
last time it voted on that rule; after a vote on a rule none calls another on it for a few Days, a failed
one only once the table has changed so that it would pass, and none calls a second vote on a Day that
has had one. It votes by its own interest, and where that is close (nobody clearly ahead, as many heroes
as the most) it keeps the stance it took on the rule lately (its own call, or its vote) rather than
swing with every hero hired."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.ai.appraisal import leader, player_strength
from game.engine import actions as A
from game.engine import legal_actions

CLEAR_LEAD = 0.15       # a lead in strength of this share of the stronger side's is clear; less is close
VOTE_MEMORY = 10        # Days a player's stance on a rule is remembered (``Style.vote_memory``)


@dataclass
class PastVote:
    """A vote on an optional rule, as the log tells it: ``votes`` as cast so far, ``passed`` once settled."""
    day: int
    proposer: int
    option: str
    value: bool
    votes: dict[int, bool] = field(default_factory=dict)
    passed: bool | None = None

    def stance(self, seat: int, value: bool) -> bool | None:
        """Whether ``seat`` was for switching the rule to ``value`` in this vote (its call is a yes)."""
        yes = True if seat == self.proposer else self.votes.get(seat)
        return None if yes is None else yes == (value == self.value)


def recent_votes(state, days: int) -> list[PastVote]:
    """The votes called on this Day and the ``days`` - 1 before it, oldest first, from the game's log (a
    look-ahead's copy starts with an empty log, so it remembers none). Read from the end, so a long game's
    log costs no more than its last Days."""
    found, day, pending = [], state.day, []
    for event in reversed(state.log):
        kind = event.kind
        if kind == "day_started":
            day = event.data["day"] - 1
            if state.day - day >= days:
                break
        elif kind in ("vote_called", "vote_cast", "vote_result"):
            pending.append((day, event))
    vote = None
    for day, event in reversed(pending):
        if event.kind == "vote_called":
            vote = PastVote(day, event.data["player"], event.data["option"], event.data["value"])
            found.append(vote)
        elif vote is None:
            continue                      # the end of a vote called before the window
        elif event.kind == "vote_cast":
            vote.votes[event.data["player"]] = event.data["yes"]
        else:
            vote.passed = event.data["passed"]
            vote = None
    return found


def interest(state, seat: int, option: str, value: bool, strength: dict[int, float]) -> int:
    """R-VOTE-1: 1 when switching ``option`` to ``value`` clearly helps ``seat``, -1 when it clearly does not,
    0 when it is close (then ``vote_in_interest`` keeps the player's stance)."""
    live = state.live_players()

    def lead(mine: float, theirs: float) -> int:       # 1 clearly ahead, -1 clearly behind, 0 close
        top = max(mine, theirs, 1e-9)
        return 0 if abs(mine - theirs) < CLEAR_LEAD * top else (1 if mine > theirs else -1)

    def wants(want: bool, clear: int = 1) -> int:
        return 0 if not clear else (1 if value == want else -1)

    rivals = [strength[p] for p in live if p != seat]
    if option == "day_limit":            # an end by count favours whoever is ahead now
        ahead = lead(strength[seat], max(rivals, default=0.0))
        return wants(ahead > 0, ahead)
    if option == "legacy_gold_mine":     # more income helps whoever is behind catch up
        ahead = lead(strength[seat], max(rivals, default=0.0))
        return wants(ahead < 0, ahead)
    if option == "shared_victory":       # the stronger ally would win the alliance's endgame alone (R-END-2)
        allies = [strength.get(ally, 0) for ally in state.allies_of(seat)]
        if not allies:                   # no ally, nothing to share
            return wants(False)
        ahead = lead(strength[seat], max(allies))
        return wants(ahead < 0, ahead)
    if option == "hero_cap":             # a cap hurts whoever has the most heroes
        mine = len(state.heroes_of(seat))
        most = max((len(state.heroes_of(p)) for p in live if p != seat), default=0)
        return wants(mine < most, mine - most)
    return wants(state.rules.option(option))     # no reason to change the rest mid-game


def _raw_interest(state, seat: int, option: str, value: bool, strength: dict[int, float]) -> bool:
    """Where the interest is close and the player has no stance yet: the leader (even a shared lead)
    wants the day limit and neither the legacy gold mine nor a shared victory; as many heroes as the most
    means no cap."""
    if option in ("day_limit", "legacy_gold_mine"):
        leading = strength[seat] >= max(strength[p] for p in state.live_players())
        return value == (leading if option == "day_limit" else not leading)
    if option == "shared_victory":
        return value == any(strength.get(ally, 0) > strength[seat] for ally in state.allies_of(seat))
    return value is False                # hero_cap at even counts


def last_stance(history: list[PastVote], seat: int, option: str, value: bool) -> bool | None:
    """Whether ``seat`` was last for switching ``option`` to ``value`` (its latest call or vote on it)."""
    for vote in reversed(history):
        if vote.option == option:
            stance = vote.stance(seat, value)
            if stance is not None:
                return stance
    return None


def vote_in_interest(state, seat: int, option: str, value: bool, strength: dict[int, float] | None = None,
                     history: list[PastVote] | None = None, memory: int = VOTE_MEMORY) -> bool:
    """R-VOTE-1: a computer player votes for a switch only when it helps itself (``strength``: every live
    player's ``player_strength``, when the caller has it already). When that is close, it keeps the stance it
    took on the rule within ``memory`` Days (``history``: ``recent_votes``, when the caller has it), so it
    does not vote against what it called the Day before over one hero hired."""
    if strength is None:
        strength = {p: player_strength(state, p) for p in state.live_players()}
    clear = interest(state, seat, option, value, strength)
    if clear:
        return clear > 0
    stance = last_stance(recent_votes(state, memory) if history is None else history, seat, option, value)
    return _raw_interest(state, seat, option, value, strength) if stance is None else stance


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
        """R-VOTE-1: at the start of its turn, propose a switch that clearly pays for it when most live players
        would vote for it: computer players by their own interest, a human as it voted on that rule within
        ``vote_memory`` Days (else by its interest). Each change at most once a game by each player, one a
        turn, none before Day ``first_vote_day`` (on Day 1, when nobody leads yet, a table of computer players
        put three votes in turn to a human), none on a Day that has had a vote, none on a rule voted on in the
        last ``vote_cooldown`` Days. So a failed switch comes up again only once the table has changed so that
        it would pass (a no-voter gone, or now for it): the humans who said no are expected to say it again
        (a human who said no was asked the same again the next Day by the next computer player)."""
        s, seat = self.state, self.seat
        if s.turn_acted or s.vote is not None or s.day < self.style.first_vote_day or self._proposed_this_turn():
            return None
        live = s.live_players()
        strength = {p: player_strength(s, p) for p in live}
        tried = {(a.option, a.value) for a in s.actions if isinstance(a, A.ProposeRuleChange) and a.player == seat}
        wanted = [act for act in legal_actions(s, moves=False) if isinstance(act, A.ProposeRuleChange)
                  and (act.option, act.value) not in tried and interest(s, seat, act.option, act.value, strength) > 0]
        if not wanted:
            return None
        history = self.vote_history()
        if any(vote.day == s.day for vote in history):
            return None
        for act in wanted:
            if any(v.option == act.option and s.day - v.day < self.style.vote_cooldown for v in history):
                continue
            yes = sum(self.expected_vote(p, act.option, act.value, strength, history) for p in live)
            if 2 * yes > len(live):
                return act
        return None

    def vote_history(self) -> list[PastVote]:
        """``recent_votes`` within ``vote_memory`` Days, once per decision."""
        return self.once(("votes",), lambda: recent_votes(self.state, self.style.vote_memory))

    def cast_vote(self, option: str, value: bool) -> bool:
        return vote_in_interest(self.state, self.seat, option, value, history=self.vote_history())

    def expected_vote(self, seat: int, option: str, value: bool, strength: dict[int, float],
                      history: list[PastVote]) -> bool:
        """How ``seat`` would vote on switching ``option`` to ``value``: a computer player as this one would in
        its place, a human as it last stood on that rule (by its interest if it has not voted on it lately)."""
        if self.state.players[seat].kind != "computer":
            stance = last_stance(history, seat, option, value)
            if stance is not None:
                return stance
        return vote_in_interest(self.state, seat, option, value, strength, history)

    def _proposed_this_turn(self) -> bool:
        for act in reversed(self.state.actions):
            if isinstance(act, (A.EndTurn, A.EndDaybreak)):
                return False
            if isinstance(act, A.ProposeRuleChange) and act.player == self.seat:
                return True
        return False

