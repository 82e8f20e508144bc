"""Command line of ``python -m game`` (and ``fuzzyknights``).

    python -m game                                   the window, on the title screen
    python -m game --rules MINE.toml [--mode M]      the title screen with that rule data loaded
    python -m game --map MAP.tmx                     straight into a quick 2-player test game
    python -m game --map highlands                   the same on a shipped map, by name
    python -m game --map MAP --mode campaign --players 3 --seed 7 --screenshot OUT.png
    python -m game --terminal [--mode campaign]      a seeded game between computer players, in the terminal

A ``--rules`` file overlays the mode's rule data on every path, its [options]
included.  Exit status: 0 done; 2 the command line is wrong (usage shown);
1 a file it names cannot be used (one line naming the file and the problem).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Callable

MAX_SEED = 999_999_999      # nine digits, as the title screen's seed field takes
MAX_DAYS = 1000


def bounded_int(low: int, high: int):
    """An argparse type: a whole number from ``low`` to ``high``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is out of range: {low} to {high}")
        return value
    return parse


def computer_level(text: str) -> str:
    from game.ai import LEVELS
    from game.ai.levels import style_of
    if text != "random" and style_of(text) is None:
        raise argparse.ArgumentTypeError(f"unknown computer level {text!r}: expected one of {', '.join(LEVELS)}")
    return text


def png_path(text: str) -> str:
    """``--screenshot``: a file to write in a folder that exists."""
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder; give a file name such as {path / 'shot.png'}")
    if path.suffix.lower() != ".png":      # pygame wrote TGA into any other name, shot.txt or shot.jpg alike
        raise argparse.ArgumentTypeError(f"{text}: the file name must end in .png")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"the folder {folder} cannot be written to")
    return text


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m game", description="Fuzzy Knights, a fantasy dice board game.")
    parser.add_argument("--map", help="a Tiled .tmx file, or a shipped map's name such as 'highlands' "
                                      "(default: the title screen, or meadow)")
    parser.add_argument("--mode", choices=("normal", "campaign"), default=None,
                        help="the ruleset (default: normal; the title screen opens on the last game's)")
    parser.add_argument("--players", type=bounded_int(2, 4), default=None, help="2 to 4 players (default: the fewest the map allows)")
    parser.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=None,
                        help=f"random seed, 0 to {MAX_SEED} (shown in game; replays a game)")
    parser.add_argument("--rules", metavar="FILE.toml",
                        help="a TOML file overlaying the mode's rule data (its [options] preselected)")
    parser.add_argument("--screenshot", metavar="OUT.png", type=png_path,
                        help="draw a few frames, save them as PNG, exit")
    parser.add_argument("--terminal", action="store_true",
                        help="play a seeded game between computer players in the terminal")
    # No default here: argparse would check a default with computer_level, which loads the computer
    # players (and the engine) at every start, the title screen's too; parse_args fills in "standard".
    parser.add_argument("--ai", type=computer_level, default=None,
                        help="computer level for --terminal (random, easy, standard, hard)")
    parser.add_argument("--max-days", type=bounded_int(1, MAX_DAYS), default=None,
                        help=f"day limit for --terminal games, 1 to {MAX_DAYS} "
                             "(default: the rules file's day limit, else 40)")
    args = parser.parse_args(argv)
    args.ai = args.ai or "standard"
    # the ruleset asked for (None: the title screen opens on the last game's), and the one to play
    args.mode_chosen, args.mode = args.mode, args.mode or "normal"
    if args.map:
        args.map = str(map_argument(args.map, parser))
    return args


def named_map(value: str) -> Path | None:
    """A map as a player names it: a .tmx path as given, else the shipped (or the player's own) map of that
    name; None when it is neither."""
    from game import resources, userdata
    path = Path(value)
    if path.exists() or path.suffix.lower() == ".tmx" or len(path.parts) > 1:
        return path            # a missing .tmx file is reported by the map loader, naming the file
    return resources.shipped_map(value) or next(
        (p for p in sorted(userdata.user_maps_dir().glob("*.tmx")) if p.stem.lower() == value.lower()), None)


def map_argument(value: str, parser: argparse.ArgumentParser, option: str = "--map") -> Path:
    """``--map``: ``named_map``, or the parser's error listing the shipped maps."""
    named = named_map(value)
    if named is None:
        from game import resources
        names = ", ".join(p.stem for p in resources.shipped_maps())
        parser.error(f"{option} {value}: no such file and no shipped map of that name (shipped maps: {names}; "
                     f"or give the path of a .tmx file)")
    return named


def run_tool(main: Callable[[], int | None]) -> int | None:
    """A command-line tool's ``main``, run as its users meet it: Ctrl+C stops it with one line, not a
    traceback, and output piped into a program that stops reading (``| head``) ends it quietly."""
    try:
        return main()
    except KeyboardInterrupt:
        print(f"{Path(sys.argv[0]).name}: stopped (Ctrl+C)", file=sys.stderr)
        return 130
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())    # Python's last flush must not fail too
        return 1


def fail(problem: str) -> int:
    print(f"python -m game: {problem}", file=sys.stderr)
    return 1


def run(argv: list[str]) -> int:
    args = parse_args(argv)
    rules = None
    if args.rules:
        from game.engine import RulesError, load_rules
        try:
            rules = load_rules(args.mode, overlay=args.rules)
        except RulesError as problem:
            return fail(f"cannot use the rules: {problem}")
    if args.terminal:
        from game.startup import release_collection
        from game.terminal import play_in_terminal
        release_collection()      # no window: a game in the terminal collects garbage from its start
        return play_in_terminal(args)
    if not (args.map or args.screenshot):
        from game.ui.app import run as run_window
        from game.ui.menus.title import TitlePreset
        return run_window(TitlePreset(args.mode_chosen, args.players, args.seed, args.rules))
    return run_game(args, rules)


def run_game(args: argparse.Namespace, rules) -> int:
    """``--map`` or ``--screenshot``: a quick test game with the command line's choices."""
    from game.maps import DEFAULT_MAP
    from game.ui.menus.options import NewGameOptions, default_seats, random_seed
    map_path = str(Path(args.map)) if args.map else str(DEFAULT_MAP)
    seats = default_seats(args.players or fewest_players(map_path))
    if args.screenshot:
        seats = [seat._replace(kind="computer") for seat in seats]
    options = NewGameOptions(map_path=map_path, mode=args.mode, seats=seats,
                             seed=args.seed if args.seed is not None else random_seed(), rules_file=args.rules)
    if rules is not None:
        from game.ui.menus.title import optional_rules_of
        options.rules = optional_rules_of(rules)
    if not args.screenshot:
        from game.ui.app import run as run_window
        return run_window(options)
    return take_screenshot(options, args.screenshot)


def fewest_players(map_path: str) -> int:
    """The smallest player count ``map_path`` allows (2 when its header cannot tell)."""
    from game.ui.menus.map_catalog import read_header
    try:
        return read_header(Path(map_path)).players[0]
    except (OSError, ValueError):
        return 2


def take_screenshot(options, out_path: str) -> int:
    from game.engine import IllegalAction
    from game.maps import MapError, load_map
    from game.ui.session import GameSession
    try:
        board = load_map(options.map_path)
        GameSession.start(options, board)               # the game must start, or there is nothing to draw
    except MapError as problem:
        return fail(f"cannot load the map: {problem}")
    except OSError as problem:
        return fail(f"cannot read the map {options.map_path}: {problem.strerror or problem}")
    except IllegalAction as refusal:
        return fail(f"the game cannot start: {refusal}")
    import pygame
    from game.ui.app import screenshot
    from game.ui.board.scene import screenshot_scene
    try:
        screenshot(options, out_path, scene=lambda: screenshot_scene(options))
    except (OSError, pygame.error) as problem:
        return fail(f"cannot save {out_path}: {problem}")
    print(f"saved {out_path}")
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
