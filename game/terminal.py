"""A seeded game between computer players, told day by day in the terminal."""
from __future__ import annotations

import random
import sys

from game.names import PLAYER_NAMES
from game.narration import narrate

DEFAULT_MAX_DAYS = 40


def play_in_terminal(args) -> int:
    """Exit status 0 after a whole game; 1 when the map or rules file cannot be used;
    2 when the command line asks for something the map or rules refuse (e.g. too many players)."""
    from game.ai import choose_action
    from game.engine import IllegalAction, RulesError, Seat, apply, load_rules, new_game
    from game.maps import DEFAULT_MAP, MapError, load_map

    try:
        board = load_map(args.map or DEFAULT_MAP)
    except MapError as exc:
        print(f"cannot load the map: {exc}", file=sys.stderr)
        for problem in getattr(exc, "problems", []):
            print(f"  {problem}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"cannot read the map {args.map}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    try:
        rules = load_rules(args.mode, overlay=args.rules)
        days = args.max_days
        if days is None:
            days = rules["options"]["day_limit_days"] if rules.option("day_limit") else DEFAULT_MAX_DAYS
        rules = load_rules(args.mode, overlay=args.rules, options={"day_limit": True, "day_limit_days": days})
    except RulesError as problem:
        print(f"cannot use the rules: {problem}", file=sys.stderr)
        return 1
    players = args.players or 2
    seats = [Seat(PLAYER_NAMES[i], "computer", args.ai) for i in range(players)]
    try:
        state, events = new_game(board, seats, seed, rules=rules)
    except IllegalAction as refusal:
        print(f"python -m game: error: cannot start the game: {refusal}", file=sys.stderr)
        return 2
    print(f"Fuzzy Knights — {rules.mode.title()} game on {board.title}, {players} computer players, seed {seed}")
    ai_rng = random.Random(seed)
    try:
        for event in events:
            _print(state, event)
        while state.phase != "over":
            for event in apply(state, choose_action(state, ai_rng, args.ai)):
                _print(state, event)
    except BrokenPipeError:      # the reader (e.g. `| head`) has seen enough
        sys.stderr.close()
    except IllegalAction as refusal:     # a computer player cannot play these rules: say so, stop
        print(f"python -m game: day {state.day}: a computer player's move was refused ({refusal}); "
              f"the game stops", file=sys.stderr)
        return 1
    return 0


def _print(state, event) -> None:
    line = narrate(state, event)
    if line:
        print(line, flush=True)
