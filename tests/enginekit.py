"""Test kit for the rules engine: scripted dice and game builders.

- ``ScriptedDice`` replaces ``state.rng``: every ``roll(dice)`` must match the
  next queued expression exactly (count, sides, bonus, percentile) and takes
  the queued faces; an empty queue or another die fails the test loudly.
- Builders start a real 2-player game on a blank board (capitals on start
  slots, nothing scattered) and reach phases through real actions only.
- ``snapshot(state)`` is a deep, comparable copy of everything in the state.
"""
from __future__ import annotations

import copy
import dataclasses

from game.board.model import Board, MapToken
from game.engine import apply, load_rules, new_game
from game.engine import actions as A
from game.engine.dice import Dice, Roll
from game.engine.rules import copy_data
from game.engine.setup import Seat

NO_SCATTER = {"setup": {"scatter_per_player": {"item": 0, "resource": 0, "monster": 0, "mine": 0}}}


class DiceScriptError(AssertionError):
    pass


class ScriptedDice:
    """Same interface as ``game.engine.dice.Rng``, but every die is scripted by the test."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.queue: list[tuple[Dice, tuple[int, ...]]] = []
        self.rolled: list[Roll] = []

    def expect(self, expr: str, *faces: int) -> "ScriptedDice":
        """Queue one roll of ``expr`` showing ``faces`` (percentile faces as 10..100)."""
        dice = Dice.parse(expr)
        if len(faces) != dice.count:
            raise DiceScriptError(f"{expr} needs {dice.count} faces, got {faces}")
        for face in faces:
            ok = face in range(10, 101, 10) if dice.percentile else 1 <= face <= dice.sides
            if not ok:
                raise DiceScriptError(f"{face} is not a face of {expr}")
        self.queue.append((dice, tuple(faces)))
        return self

    def roll(self, dice):
        if isinstance(dice, str):
            dice = Dice.parse(dice)
        if not self.queue:
            raise DiceScriptError(f"the engine rolled {dice} but no more dice are scripted")
        want, faces = self.queue.pop(0)
        if want != dice:
            raise DiceScriptError(f"the engine rolled {dice} but the script expected {want}")
        roll = Roll(dice, faces)
        self.rolled.append(roll)
        return roll

    def choice(self, options):
        raise DiceScriptError("the engine asked for a random choice; none is scripted")

    def shuffle(self, items):
        raise DiceScriptError("the engine asked for a shuffle; none is scripted")

    def done(self) -> None:
        assert not self.queue, f"scripted dice left unrolled: {[(str(d), f) for d, f in self.queue]}"


def script(state, *pairs) -> ScriptedDice:
    """Install scripted dice: ``script(state, ("1dP", 60), ("2d6", 3, 4))``."""
    dice = ScriptedDice(state.seed)
    for expr, *faces in pairs:
        dice.expect(expr, *faces)
    state.rng = dice
    return dice


# --- snapshots -------------------------------------------------------------------------
def snapshot(state) -> dict:
    """Everything of the state that can change, deep-copied into plain comparable values."""
    out = {}
    for f in dataclasses.fields(state):
        value = getattr(state, f.name)
        if f.name == "board":
            continue
        if f.name == "rules":
            out["rules"] = copy_data(value.data)
        elif f.name == "rules_at_start":
            out[f.name] = copy_data(value)
        elif f.name == "log":                   # events: a kind and plain data (deepcopy was most of the time)
            out[f.name] = [(e.kind, copy_data(e.data)) for e in value]
        elif f.name == "actions":               # actions are frozen
            out[f.name] = list(value)
        elif f.name == "rng":
            if isinstance(value, ScriptedDice):
                out["rng"] = (list(value.queue), len(value.rolled))
            else:
                out["rng"] = value._random.getstate()
        else:
            out[f.name] = copy.deepcopy(value)
    return out


def assert_refused(state, action, reason_part: str):
    """The action is illegal, its reason says ``reason_part``, and the state is untouched."""
    import pytest
    from game.engine import IllegalAction
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert reason_part in str(info.value), f"reason {str(info.value)!r} lacks {reason_part!r}"
    assert snapshot(state) == before, "a refused action changed the state"
    return str(info.value)


# --- builders ------------------------------------------------------------------------------
def rules_for(mode="normal", options=None, overlay=None):
    merged = copy.deepcopy(NO_SCATTER)
    if overlay:
        from game.engine.rules import deep_merge
        merged = deep_merge(merged, overlay)
    return load_rules(mode, overlay=merged, options=options)


def board(w=9, h=9, kind="square", tokens=(), starts=((1, 1), (7, 7)), diagonal=False):
    marks = [MapToken("start", cell, seat=i + 1) for i, cell in enumerate(starts)]
    return Board.blank(w, h, kind, tokens=marks + list(tokens), diagonal=diagonal)


def start_game(mode="normal", tokens=(), w=9, h=9, kind="square", starts=((1, 1), (7, 7)),
               options=None, overlay=None, players=2, first=1, diagonal=False):
    """A started game with seat ``first`` as the Anchor; scripted dice installed (empty)."""
    if players > 2 and len(starts) < players:
        starts = tuple(starts) + ((1, 7), (7, 1))[:players - len(starts)]
    b = board(w, h, kind, tokens, starts[:players], diagonal)
    rules_key = repr((mode, options, overlay))
    rules = _RULES.get(rules_key)
    if rules is None:                  # (new_game copies the rules it is given: one Rules serves every game)
        rules = _RULES[rules_key] = rules_for(mode, options, overlay)
    seats = [Seat(f"P{i}") for i in range(1, players + 1)]
    key = repr((mode, tokens, w, h, kind, starts, options, overlay, players, first, diagonal))
    known = _ANCHOR_SEED.get(key)
    for seed in ([known] if known is not None else []) + list(range(500)):
        state, events = new_game(b, seats, seed, rules=rules)
        if state.turn_order[0] == first:
            _ANCHOR_SEED[key] = seed
            state.setup_events = events
            script(state)
            return state
    raise AssertionError("no seed makes that player the Anchor")


# The first seed that makes the wanted player the Anchor, by start_game's arguments: the same game is
# started again and again (the search started a few games for each one kept). And the rules, read and
# checked once for each mode, options and overlay.
_ANCHOR_SEED: dict[str, int] = {}
_RULES: dict[str, object] = {}


def capital(state, seat):
    (city,) = state.cities_of(seat)
    return city


def end_daybreak(state, seat, token_roll=None):
    """EndDaybreak for ``seat``; from Day 2 the token roll needs ``token_roll`` (a failing 1dP face)."""
    if state.day >= state.rules["daybreak"]["token_roll_from_day"]:
        state.rng.expect("1dP", token_roll if token_roll is not None else 10)
    return apply(state, A.EndDaybreak(seat))


def to_turns(state):
    """End every remaining Daybreak of this Day (token rolls fail), reaching the first turn."""
    while state.phase == "daybreak" and not state.pending:
        end_daybreak(state, state.actor())
    assert state.phase == "turn", state.phase


def to_turn_of(state, seat):
    """Through real actions, to the start of ``seat``'s turn (EndTurn for the others)."""
    to_turns(state)
    while state.current_player != seat:
        apply(state, A.EndTurn(state.current_player))
        if state.phase == "daybreak":
            to_turns(state)


def to_daybreak_of(state, seat):
    """Through real actions (at least one), to ``seat``'s next Daybreak step 3."""
    guard = 0
    first = True
    while first or not (state.phase == "daybreak" and state.current_player == seat and not state.pending):
        guard += 1
        assert guard < 50, "could not reach that Daybreak"
        first = False
        assert not state.pending, f"unexpected pending {state.pending}"
        if state.phase == "daybreak":
            end_daybreak(state, state.current_player)
        else:
            apply(state, A.EndTurn(state.current_player))


def to_pending(state, guard=50):
    """Through real actions (every Daybreak and turn ended, token rolls failing), until a player has a choice
    to make (e.g. whose heroes die unfed); the dice are then the game's own again."""
    from game.engine.dice import Rng
    while not state.pending:
        guard -= 1
        assert guard > 0, "no choice came up"
        if state.phase == "daybreak":
            end_daybreak(state, state.current_player)
        else:
            apply(state, A.EndTurn(state.current_player))
    state.rng = Rng(state.seed)


def recruit_hero(state, seat, city=None):
    """At ``seat``'s Daybreak: a hero recruited at its capital (💰5, a real action)."""
    city = city or capital(state, seat)
    events = apply(state, A.Recruit(seat, city.id, "hero"))
    hero_id = next(e.data["hero"] for e in events if e.kind == "hero_recruited")
    return state.heroes[hero_id]


def hero_game(mode="normal", tokens=(), army=None, at=None, moves=None, coin=None, **kw):
    """Player 1 with one hero, in P1's turn of Day 1.

    Arrange step (direct state edits, named here): ``coin`` sets P1's purse coin,
    ``army`` sets the hero's army, ``at`` puts the hero on a cell, ``moves`` its 🐎 left.
    """
    state = start_game(mode, tokens, **kw)
    state.players[1].purse["coin"] = max(state.players[1].purse["coin"], 5)
    hero = recruit_hero(state, 1)
    to_turn_of(state, 1)
    if coin is not None:
        state.players[1].purse["coin"] = coin
    if army is not None:
        hero.army = dict(army)
    if at is not None:
        hero.cell = at
    if moves is not None:
        hero.moves_left = moves
    return state, hero


def kinds(events):
    return [e.kind for e in events]


def dice_events(events, purpose):
    return [e for e in events if e.kind == "dice" and e.data.get("purpose") == purpose]


def purse_of(state, seat, resource="coin"):
    return state.players[seat].purse.get(resource, 0)
