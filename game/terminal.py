"""A seeded game between computer players, told day by day in the terminal."""
from __future__ import annotations

import random
import sys

from game.narration import narrate


def play_in_terminal(args) -> int:
    from game.ai import choose_action
    from game.engine import IllegalAction, RulesError, Seat, apply, load_rules, new_game
    from game.maps import DEFAULT_MAP, MapError, load_map

    try:
        board = load_map(args.map or DEFAULT_MAP)
    except MapError as exc:
        print(f"cannot load the map: {exc}")
        for problem in getattr(exc, "problems", []):
            print(f"  {problem}")
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    try:
        rules = load_rules(args.mode, overlay=args.rules, options={"day_limit": True, "day_limit_days": args.max_days})
    except RulesError as problem:
        print(f"cannot use the rules: {problem}", file=sys.stderr)
        return 2
    names = ("Aldric", "Brunhild", "Corwin", "Dagmar")
    seats = [Seat(names[i], "computer", args.ai) for i in range(args.players)]
    try:
        state, events = new_game(board, seats, seed, rules=rules)
    except IllegalAction as refusal:
        print(f"cannot start the game: {refusal}", file=sys.stderr)
        return 2
    print(f"Fuzzy Knights — {rules.mode.title()} game on {board.title}, {args.players} computer players, seed {seed}")
    ai_rng = random.Random(seed)
    try:
        for event in events:
            _print(state, event)
        while state.phase != "over":
            for event in apply(state, choose_action(state, ai_rng, args.ai)):
                _print(state, event)
    except BrokenPipeError:      # the reader (e.g. `| head`) has seen enough
        sys.stderr.close()
    return 0


def _print(state, event) -> None:
    line = narrate(state, event)
    if line:
        print(line, flush=True)
