"""Alliances and votes on optional rules (R-ALLY-1, R-VOTE-1)."""
from __future__ import annotations

from game.engine.errors import IllegalAction
from game.engine.flow import check_end, end_alliance, everyone_allied
from game.engine.rules import OPTION_NAMES
from game.engine.state import Event, GameState, Pending


def alliances_allowed(state: GameState) -> bool:
    """R-ALLY-1 [D]: with fewer live players an alliance would end the game at once."""
    return len(state.live_players()) >= state.rules["alliances"]["min_live_players"]


def _require_enough_players(state: GameState) -> None:
    if not alliances_allowed(state):
        raise IllegalAction(f"alliances need at least {state.rules['alliances']['min_live_players']} "
                            "players still in the game")


def propose(state: GameState, seat: int, to: int, events: list[Event]) -> None:
    if to not in state.players or not state.players[to].alive or to == seat:
        raise IllegalAction("propose to another player still in the game")
    _require_enough_players(state)
    if state.allied(seat, to):
        raise IllegalAction("you are already allies")
    if (seat, to) in state.alliance_offers:
        raise IllegalAction("that offer is already on the table")
    state.alliance_offers.add((seat, to))
    state.emit(events, "alliance_proposed", player=seat, to=to)


def answer(state: GameState, seat: int, proposer: int, accept: bool, events: list[Event]) -> None:
    if (proposer, seat) not in state.alliance_offers:
        raise IllegalAction("there is no such offer")
    if accept:
        _require_enough_players(state)
    state.alliance_offers.discard((proposer, seat))
    if accept:
        state.alliances.add(frozenset((proposer, seat)))
    state.emit(events, "alliance_answered", player=seat, proposer=proposer, accepted=accept)
    if accept and everyone_allied(state) and not state.rules.option("shared_victory"):
        # R-END-2: told as it forms (it used to be told only as it ended, a Daybreak later)
        state.emit(events, "grand_alliance_formed", players=state.live_players())
    if accept:
        check_end(state, events)


def end(state: GameState, seat: int, ally: int, events: list[Event]) -> None:
    """An ally may end the alliance at the start of its own turn (R-ALLY-1)."""
    if not state.allied(seat, ally) or seat == ally:
        raise IllegalAction("you are not allied with that player")
    if state.phase != "turn" or state.current_player != seat or state.turn_acted:
        raise IllegalAction("an alliance can only be ended at the start of your own turn")
    end_alliance(state, seat, ally, events)


def propose_rule_change(state: GameState, seat: int, option: str, value, events: list[Event]) -> None:
    if option not in OPTION_NAMES:
        raise IllegalAction(f"only optional rules can be voted on: {', '.join(OPTION_NAMES)}")
    if not isinstance(value, bool):
        raise IllegalAction("an optional rule is switched on (true) or off (false)")
    if state.vote is not None:
        raise IllegalAction("a vote is already under way")
    if state.rules.option(option) == value:
        raise IllegalAction(f"that rule is already {'on' if value else 'off'}")
    voters = state.live_players()        # R-VOTE-1: every live player, computer players too
    state.vote = {"option": option, "value": value, "votes": {}, "proposer": seat}
    state.emit(events, "vote_called", player=seat, option=option, value=value, voters=voters)
    for voter in voters:
        state.pending.append(Pending("vote", voter, {"option": option, "value": value}))


def cast(state: GameState, seat: int, yes: bool, events: list[Event]) -> None:
    state.pending.pop(0)
    state.vote["votes"][seat] = yes
    state.emit(events, "vote_cast", player=seat, yes=yes)
    if not any(p.kind == "vote" for p in state.pending):
        settle_vote(state, events)


def settle_vote(state: GameState, events: list[Event]) -> None:
    """Majority wins; a tie is settled by 1dP (10–50 no, 60–100 yes). A switch that decides the
    end (shared victory) is checked at once."""
    vote = state.vote
    yes = sum(1 for v in vote["votes"].values() if v)
    no = len(vote["votes"]) - yes
    if yes == no:
        rules = state.rules["alliances"]
        roll = state.rng.roll(rules["vote_tie_die"])
        passed = roll.total >= rules["vote_tie_yes_from"]
        state.emit(events, "dice", purpose="vote_tie", expr=rules["vote_tie_die"], faces=list(roll.faces),
                   total=roll.total, success=passed, player=vote["proposer"])
    else:
        passed = yes > no
    if passed:
        state.rules.data["options"][vote["option"]] = vote["value"]
    state.emit(events, "vote_result", option=vote["option"], value=vote["value"], passed=passed,
               yes=yes, no=no)
    state.vote = None
    check_end(state, events)
