"""``apply(state, action)``: check an action against the rules, then carry it out.

An illegal action raises IllegalAction (its message is the reason for the
player) and leaves the state untouched; a legal one returns its events.
"""
from __future__ import annotations

from game.engine import actions as A
from game.engine import battle, diplomacy, economy, flow, interactions, movement, setup
from game.engine.errors import IllegalAction
from game.engine.state import Event, GameState


def apply(state: GameState, act) -> list[Event]:
    seat = getattr(act, "player", None)
    if state.phase == "over":
        raise IllegalAction("the game is over")
    if seat not in state.players or not state.players[seat].alive:
        raise IllegalAction("that player is not in the game")
    handler = _HANDLERS.get(type(act))
    if handler is None:
        raise IllegalAction(f"unknown action {type(act).__name__}")
    pending_kind = state.pending[0].kind if state.pending else None
    allowed = _WHILE_PENDING.get(pending_kind, ())
    if type(act) not in _ANYTIME:
        if state.actor() != seat:
            raise IllegalAction(f"it is {state.players[state.actor()].name}'s move, not yours")
        if pending_kind and type(act) not in allowed:
            raise IllegalAction(_PENDING_REASON.get(pending_kind, "answer the question on screen first"))
        if not pending_kind and state.battle is not None and type(act) not in _BATTLE_ACTIONS:
            raise IllegalAction("finish the battle first")
    events: list[Event] = []
    handler(state, act, events)
    interactions.demand_monster_fights(state, events)
    state.actions.append(act)
    state.log.extend(events)
    return events


def _pending_hero(state: GameState, act) -> None:
    if state.pending[0].data.get("hero") != act.hero:
        raise IllegalAction("that is not the hero on the spot")


def _pickup(state: GameState, act, events) -> None:
    hero = movement.own_hero(state, act.player, act.hero)
    if state.pending:
        _pending_hero(state, act)
    else:
        movement.require_free_turn(state, act.player)
    interactions.pick_up(state, act.player, hero, act.token, events)


def _finish_pickups(state: GameState, act, events) -> None:
    if not state.pending or state.pending[0].kind != "pickups":
        raise IllegalAction("there is nothing to finish")
    _pending_hero(state, act)
    interactions.finish_pickups(state, act.player, events)


def _upkeep_deaths(state: GameState, act, events) -> None:
    pending = state.pending[0]
    chosen = tuple(dict.fromkeys(act.heroes))
    if any(h not in pending.data["heroes"] for h in chosen):
        raise IllegalAction("choose among your heroes that owe upkeep")
    if len(chosen) != pending.data["count"]:
        raise IllegalAction(f"the purse is short: exactly {pending.data['count']} hero(es) must go")
    state.pending.pop(0)
    flow.resolve_upkeep_deaths(state, act.player, chosen, events)


def _place_token(state: GameState, act, events) -> None:
    cell = (int(act.cell[0]), int(act.cell[1]))
    if state.board.topology.in_bounds(cell) and not state.board.passable(cell):
        raise IllegalAction("place the token on ground heroes can walk on")
    if not state.board.topology.in_bounds(cell) or not state.is_unoccupied(cell):
        raise IllegalAction("place the token on an unoccupied tile")
    from game.engine.state import Token
    kind = state.pending.pop(0).data["kind"]
    token = Token(id=state.new_id(), kind=kind, cell=cell)
    state.tokens[token.id] = token
    state.emit(events, "token_placed", token=token.id, kind=kind, cell=list(cell), player=act.player)
    flow.next_daybreak(state, events)


def _place_capital(state: GameState, act, events) -> None:
    cell = (int(act.cell[0]), int(act.cell[1]))
    if not state.board.topology.in_bounds(cell):
        raise IllegalAction("that cell is off the map")
    setup.place_capital(state, act.player, cell, events)


def _end_daybreak(state: GameState, act, events) -> None:
    if state.phase != "daybreak":
        raise IllegalAction("it is not your Daybreak")
    flow.end_daybreak(state, events)


def _end_turn(state: GameState, act, events) -> None:
    movement.require_free_turn(state, act.player)
    flow.end_turn(state, events)


def _arrange(state: GameState, act, events) -> None:
    if state.battle is None:
        raise IllegalAction("there is no battle")
    interactions.after_battle(state, battle.arrange(state, act.player, act.squads, act.mode, events), events)


def _attack(state: GameState, act, events) -> None:
    if state.battle is None:
        raise IllegalAction("there is no battle")
    interactions.after_battle(state, battle.attack(state, act.player, act.squad, act.target, events), events)


def _retreat(state: GameState, act, events) -> None:
    if state.battle is None:
        raise IllegalAction("there is no battle")
    interactions.after_battle(state, battle.retreat(state, act.player, events), events)


def _take_monsters(state: GameState, act, events) -> None:
    interactions.take_monsters(state, act.player, act.count, events)


def _found(state: GameState, act, events) -> None:
    economy.found_city(state, act.player, act.hero, events)
    flow.check_end(state, events)


_HANDLERS = {
    A.PlaceCapital: _place_capital,
    A.ChooseUpkeepDeaths: _upkeep_deaths,
    A.Build: lambda s, a, e: economy.build(s, a.player, a.city, a.building, e),
    A.Recruit: lambda s, a, e: economy.recruit(s, a.player, a.city, a.recruit, a.count, e),
    A.FoundCity: _found,
    A.TransferUnits: lambda s, a, e: economy.transfer_units(s, a.player, a.hero, a.unit, a.count, e),
    A.TransferItem: lambda s, a, e: economy.transfer_item(s, a.player, a.hero, a.item, a.to_hero, e),
    A.EquipItem: lambda s, a, e: economy.equip(s, a.player, a.hero, a.item, e),
    A.EndDaybreak: _end_daybreak,
    A.PlaceToken: _place_token,
    A.RollMovement: lambda s, a, e: movement.roll_movement(s, a.player, a.hero, e),
    A.Move: lambda s, a, e: movement.move(s, a.player, a.hero, a.path, e),
    A.PickUp: _pickup,
    A.FinishPickups: _finish_pickups,
    A.TakeMonsters: _take_monsters,
    A.FaceMonster: lambda s, a, e: interactions.face_monster(s, a.player, a.hero, e),
    A.Siege: lambda s, a, e: movement.siege(s, a.player, a.hero, a.city, e),
    A.ArrangeBattle: _arrange,
    A.Attack: _attack,
    A.Retreat: _retreat,
    A.EndTurn: _end_turn,
    A.ProposeAlliance: lambda s, a, e: diplomacy.propose(s, a.player, a.to, e),
    A.AnswerAlliance: lambda s, a, e: diplomacy.answer(s, a.player, a.proposer, a.accept, e),
    A.EndAlliance: lambda s, a, e: diplomacy.end(s, a.player, a.ally, e),
    A.ProposeRuleChange: lambda s, a, e: diplomacy.propose_rule_change(s, a.player, a.option, a.value, e),
    A.CastVote: lambda s, a, e: diplomacy.cast(s, a.player, a.yes, e),
}

# Decisions that wait for one player, and the only actions that answer them.
_WHILE_PENDING = {
    "place_capital": (A.PlaceCapital,),
    "upkeep_deaths": (A.ChooseUpkeepDeaths,),
    "place_token": (A.PlaceToken,),
    "take_monsters": (A.TakeMonsters,),
    "pickups": (A.PickUp, A.FinishPickups),
    "vote": (A.CastVote,),
    "face_monster": (A.FaceMonster,),
}
_PENDING_REASON = {
    "place_capital": "place your capital first",
    "upkeep_deaths": "choose which heroes cannot be paid first",
    "place_token": "place the Daybreak token first",
    "take_monsters": "decide how many monsters join you first",
    "pickups": "pick up what you want, then face the mine",
    "vote": "cast your vote first",
    "face_monster": "a Monster stands with one of your heroes: face it first",
}
_BATTLE_ACTIONS = (A.ArrangeBattle, A.Attack, A.Retreat)
# Answers to an alliance offer may come from the offered player at any time.
_ANYTIME = (A.AnswerAlliance,)
