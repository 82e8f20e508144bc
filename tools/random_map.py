"""Make a random Fuzzy Knights map that is fair to every seat.

    python tools/random_map.py OUT.tmx --width W --height H --players N --shape square|hex --seed S

Writes a normal TMX (CSV layers, the project's tilesets in assets/, tokens as
tile objects of tokens.tsx) that opens and edits in Tiled. The same arguments
give the same map. Each seat gets the same mines, resources, items, monsters
and a neutral encampment in the cells nearer to it than to any other seat;
the mean 🐎 cost from each start to its tokens of a kind may differ between
seats by at most 15% (at least 2 🐎), checked before writing
(game/maps/random_map.py). The map must also pass the validator.
Exit 0 when written, 1 if no fair valid layout was found, 2 for bad arguments.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.cli import MAX_SEED, bounded_int, run_tool  # noqa: E402

from game.choices import MAX_SIDE, MIN_SIDE  # noqa: E402

# The map maker (numpy) loads after the arguments are read: --help and a bad argument answer without it
# (the bounds on a side come from game.choices, which does not load it).


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="random_map.py", description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[2:]))
    parser.add_argument("out", metavar="OUT.tmx", help="the map file to write")
    parser.add_argument("--width", type=int, required=True, help=f"cells across, {MIN_SIDE}-{MAX_SIDE}")
    parser.add_argument("--height", type=int, required=True, help=f"cells down, {MIN_SIDE}-{MAX_SIDE}")
    parser.add_argument("--players", type=int, default=2, help="2-4 (default 2)")
    parser.add_argument("--shape", choices=("square", "hex"), default="square")
    parser.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=1)
    args = parser.parse_args(argv)
    for name in ("width", "height"):
        if not MIN_SIDE <= getattr(args, name) <= MAX_SIDE:
            parser.error(f"--{name} must be {MIN_SIDE} to {MAX_SIDE}")
    if not 2 <= args.players <= 4:
        parser.error("--players must be 2, 3 or 4")
    if not 0 <= args.seed < 2 ** 63:
        parser.error("--seed must be 0 or more")
    if not args.out.endswith(".tmx"):
        parser.error("OUT must end in .tmx")
    out = Path(args.out)
    if not out.resolve().parent.is_dir():
        print(f"random_map.py: folder {out.resolve().parent} does not exist", file=sys.stderr)
        return 1
    from game.maps.random_map import Unfair, write_random_map
    try:
        write_random_map(out, args.width, args.height, players=args.players, shape=args.shape, seed=args.seed)
    except Unfair as e:
        print(f"random_map.py: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"random_map.py: cannot write {out}: {e.strerror or e}", file=sys.stderr)
        return 1
    from game.maps.loader import check_map
    problems = check_map(out).problems
    if problems:
        print("random_map.py: the map does not validate:\n" + "\n".join(problems), file=sys.stderr)
        return 1
    print(f"wrote {out}: {args.width}x{args.height} {args.shape}, {args.players} players, seed {args.seed}")
    return 0


if __name__ == "__main__":
    sys.exit(run_tool(main))
