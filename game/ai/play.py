"""Choosing actions for computer seats, and playing whole games headless."""
from __future__ import annotations

import random
from typing import Callable

from game.choices import LEVELS  # noqa: F401  (game.ai.LEVELS)
from game.engine import IllegalAction, apply, load_rules, new_game
from game.engine.flow import end_by_day_limit
from game.engine.rules import Rules, deep_merge
from game.engine.state import GameState



def choose_action(state: GameState, rng: random.Random, level: str = "standard"):
    """The action the computer player ``state.actor()`` takes now, at ``level``."""
    if state.actor() is None:
        raise ValueError("the game is over: nobody is to act")
    if level == "random":
        from game.ai.random_ai import choose_random
        return choose_random(state, rng)
    from game.ai.levels import style_of
    style = style_of(level)
    if style is None:
        raise ValueError(f"unknown computer level {level!r}: expected one of {', '.join(LEVELS)}")
    base, _, variant = level.partition(":")
    if base == "hard":
        from game.ai.hard import choose_hard
        return choose_hard(state, rng, style, variant)
    from game.ai.standard import choose_standard
    return choose_standard(state, rng, style)


def rules_with_day_limit(mode: str, max_days: int | None, rules: Rules | str | dict | None = None) -> Rules:
    """The rules for ``mode`` (a Rules object or an overlay file/dict), with the [OPT] day limit on when asked."""
    options = {"day_limit": True, "day_limit_days": int(max_days)} if max_days else None
    if isinstance(rules, Rules):
        data = deep_merge(rules.data, {"options": options}) if options else rules.data
        return Rules(data, rules.source)
    return load_rules(mode, overlay=rules, options=options)


def seat_rng(seed: int, seat: int) -> random.Random:
    return random.Random(seed * 1_000_003 + seat * 7919 + 17)


def play_game(board, seats, seed: int, mode: str = "normal", max_days: int | None = None,
              rules: Rules | str | dict | None = None, on_day: Callable[[GameState], None] | None = None,
              strict: bool = False, max_actions: int = 300_000, choose: Callable = choose_action) -> GameState:
    """Play a whole game between computer players and return the final state.

    ``max_days`` switches on the engine's day-limit rule (R-END-2 [OPT]): after
    that many Days the most Cities, then the most coin, wins. The players may vote
    that rule off (R-VOTE-1); the game is still ended at the cap, scored the same
    way, and ``state.stats['day_limit_voted_off']`` says so (without it, a vote
    let a three-player Campaign game run past Day 480, slower every Day). ``on_day(state)``
    is called at the start of every Day's first Daybreak (for statistics).
    An AI action the engine refuses is a bug: with ``strict`` it raises, else the
    ``random`` level chooses instead and ``state.stats['ai_refused']`` counts it.
    Levels come from each seat's ``ai`` (``standard`` when empty). ``choose(state, rng, level)``
    picks each action (``choose_action``; a benchmark passes one that times it).
    """
    state, _ = new_game(board, seats, seed, rules=rules_with_day_limit(mode, max_days, rules), mode=mode)
    rngs = {seat: seat_rng(seed, seat) for seat in state.players}
    day = None
    for _ in range(max_actions):
        if state.phase == "over":
            return state
        if max_days and state.day > max_days and not state.rules.option("day_limit"):
            state.stats["day_limit_voted_off"] = True
            events: list = []
            end_by_day_limit(state, events)
            state.log.extend(events)        # the verdict is in the log like any other game's end
            return state
        if on_day is not None and state.day != day:
            day = state.day
            on_day(state)
        seat = state.actor()
        level = state.players[seat].ai or "standard"
        act = choose(state, rngs[seat], level)
        try:
            apply(state, act)
        except IllegalAction:
            if strict:
                raise
            state.stats["ai_refused"] = state.stats.get("ai_refused", 0) + 1
            apply(state, choose_action(state, rngs[seat], "random"))
    raise RuntimeError(f"game {seed} did not end within {max_actions} actions (day {state.day})")
