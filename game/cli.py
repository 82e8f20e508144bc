"""Command line of ``python -m game``.

    python -m game                                   the window, on the title screen
    python -m game --map MAP.tmx                     straight into a quick 2-player test game
    python -m game --map MAP --mode campaign --players 3 --seed 7 --screenshot OUT.png
    python -m game --terminal [--mode campaign]      a seeded game between computer players, in the terminal
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m game", description="Fuzzy Knights, a fantasy dice board game.")
    parser.add_argument("--map", help="a Tiled .tmx file, or a shipped map's name such as 'highlands' "
                                      "(default: the title screen, or meadow)")
    parser.add_argument("--mode", choices=("normal", "campaign"), default="normal")
    parser.add_argument("--players", type=int, default=2, help="2 to 4 players")
    parser.add_argument("--seed", type=int, default=None, help="random seed (shown in game; replays a game)")
    parser.add_argument("--rules", help="a TOML file overlaying the mode's rule data")
    parser.add_argument("--screenshot", metavar="OUT.png", help="draw a few frames, save them as PNG, exit")
    parser.add_argument("--terminal", action="store_true",
                        help="play a seeded game between computer players in the terminal")
    parser.add_argument("--ai", default="standard", help="computer level for --terminal (random, easy, standard, hard)")
    parser.add_argument("--max-days", type=int, default=40, help="day limit for --terminal games")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 4:
        parser.error("--players takes 2 to 4")
    if args.map:
        args.map = str(map_argument(args.map, parser))
    return args


def map_argument(value: str, parser: argparse.ArgumentParser) -> Path:
    """A .tmx path as given, else the shipped (or the player's own) map of that name."""
    from game import resources, userdata
    path = Path(value)
    if path.exists() or path.suffix.lower() == ".tmx" or len(path.parts) > 1:
        return path            # a missing .tmx file is reported by the map loader, naming the file
    named = resources.shipped_map(value) or next(
        (p for p in userdata.user_maps_dir().glob("*.tmx") if p.stem.lower() == value.lower()), None)
    if named is None:
        names = ", ".join(p.stem for p in resources.shipped_maps())
        parser.error(f"--map {value}: no such file and no shipped map of that name (shipped maps: {names}; "
                     f"or give the path of a .tmx file)")
    return named


def run(argv: list[str]) -> int:
    args = parse_args(argv)
    if args.terminal:
        from game.terminal import play_in_terminal
        return play_in_terminal(args)
    from game.ui.menus.options import NewGameOptions, default_seats, random_seed
    options = None
    if args.map or args.screenshot:
        from game.maps import DEFAULT_MAP
        map_path = str(Path(args.map)) if args.map else str(DEFAULT_MAP)
        seats = default_seats(args.players)
        if args.screenshot:
            seats = [seat._replace(kind="computer") for seat in seats]
        options = NewGameOptions(map_path=map_path, mode=args.mode, seats=seats,
                                 seed=args.seed if args.seed is not None else random_seed())
        if args.rules:
            options.rules_file = args.rules
    if args.screenshot:
        from game.ui.app import screenshot
        from game.ui.board.scene import screenshot_scene
        drawn = []
        screenshot(options, args.screenshot, scene=lambda: drawn.append(screenshot_scene(options)) or drawn[-1])
        from game.ui.menus.map_error import MapErrorScene
        if drawn and isinstance(drawn[-1], MapErrorScene):
            print(f"saved {args.screenshot}, but it shows the map-error screen: " + "; ".join(drawn[-1].problems),
                  file=sys.stderr)
            return 1
        print(f"saved {args.screenshot}")
        return 0
    from game.ui.app import run as run_window
    return run_window(options)


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
