"""Where can a hero go? The 🐎 reach of one hero on a Tiled map, for map designers.

    python tools/reach.py MAP.tmx --hero COL,ROW --player SEAT --budget N [--json]

A hero of player SEAT stands on cell COL,ROW (0-based Tiled cell coordinates)
with N 🐎, on the map's tokens as placed (their owner decides own, enemy or
neutral; no alliances). ``--json`` prints every reachable cell as
``{"tiles": [{"col", "row", "cost", "stop", "pickups"}, ...]}``; without it the
map is printed as text. A missing or broken map: a message on stderr and exit
status 1; bad arguments (a cell off the map, a seat the map has not): exit status 2.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout clean if pygame is imported

from game.choices import MAX_BUDGET  # noqa: E402
from game.cli import bounded_int, map_argument, run_tool  # noqa: E402

if TYPE_CHECKING:
    from game.board.model import Board
    from game.board.pathfinding import Reach
    from game.board.topology import Cell

# The board and the pathfinder (numpy) load after the arguments are read: --help and a bad argument answer
# without them (the largest budget comes from game.choices, which loads neither).

LEGEND = """\
legend: number = cheapest 🐎 to end the move there (optional pickups not included)
        @ hero   ! the move must end there (monster, enemy/neutral city or mine)
        + optional item/resource pickups there (🐎1 each)
        ## impassable   .. out of reach"""


class BadInput(Exception):
    """Input the tool refuses, with the message for the user."""


def hero_reach(board: Board, hero: Cell, player: int, budget: int) -> Reach:
    """The reach of a hero of ``player`` on ``hero``, checking the input first."""
    from game.board.pathfinding import reachable, token_masks
    if not 1 <= player <= board.max_players:
        raise BadInput(f"player seat {player} is not on this map (seats 1-{board.max_players})")
    if budget < 0:
        raise BadInput(f"budget {budget} must not be negative")
    if budget > MAX_BUDGET:
        raise BadInput(f"budget {budget} is more than the largest, {MAX_BUDGET}")
    if not board.topology.in_bounds(hero):
        raise BadInput(f"hero cell {hero[0]},{hero[1]} is off the "
                       f"{board.width}x{board.height} map")
    if not board.passable(hero):
        raise BadInput(f"hero cell {hero[0]},{hero[1]} is impassable")
    stop, pickups = token_masks(board, board.tokens, player)
    return reachable(board.topology, board.move_cost, stop, hero, budget, pickups)


def reach_json(reach: Reach) -> dict:
    return {"tiles": [{"col": c, "row": r, "cost": reach.cost((c, r)),
                       "stop": reach.is_stop((c, r)), "pickups": reach.pickups((c, r))}
                      for c, r in reach.cells()]}


def reach_text(board: Board, reach: Reach) -> str:
    """The map as a grid of costs; hex maps drawn with their stagger."""
    from game.board.topology import HexTopology
    width = max(2, len(str(reach.budget)))

    def cell_text(cell: Cell) -> str:
        if cell == reach.start:
            return "@".rjust(width) + " "
        if not board.passable(cell):
            return "#" * width + " "
        cost = reach.cost(cell)
        if cost is None:
            return "." * width + " "
        mark = "!" if reach.is_stop(cell) else "+" if reach.pickups(cell) else " "
        return str(cost).rjust(width) + mark

    field = width + 2                      # the cell's text and a space between cells
    blank = " " * (field - 1)
    topo = board.topology
    stagger_x = isinstance(topo, HexTopology) and topo.stagger_axis == "x"
    lines = [f"{board.title}: hero at {reach.start[0]},{reach.start[1]} with {reach.budget} 🐎",
             "     " + "".join(str(c).rjust(width) + "  " for c in range(board.width)).rstrip()]
    for r in range(board.height):
        cells = [(c, r) for c in range(board.width)]
        if stagger_x:
            # Shifted columns sit half a cell lower: draw them on a second line.
            upper = [blank if topo.is_shifted(cell) else cell_text(cell) for cell in cells]
            lower = [cell_text(cell) if topo.is_shifted(cell) else blank for cell in cells]
            lines.append(f"{r:>4} " + " ".join(upper).rstrip())
            lines.append("     " + " ".join(lower).rstrip())
        else:
            indent = " " * (field // 2) if isinstance(topo, HexTopology) and topo.is_shifted((0, r)) else ""
            lines.append(f"{r:>4} " + indent + " ".join(cell_text(cell) for cell in cells).rstrip())
    lines.append(LEGEND)
    return "\n".join(lines)


def parse_cell(text: str) -> Cell:
    try:
        col, row = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a cell COL,ROW (e.g. 3,4)") from None
    return (col, row)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="reach.py", description="The 🐎 reach of one hero on a Tiled map.")
    parser.add_argument("map", metavar="MAP.tmx", help="the Tiled map file")
    parser.add_argument("--hero", metavar="COL,ROW", type=parse_cell, required=True,
                        help="the hero's cell, 0-based Tiled cell coordinates")
    parser.add_argument("--player", metavar="SEAT", type=bounded_int(1, 4), required=True,
                        help="the hero's player seat (1-4)")
    parser.add_argument("--budget", metavar="N", type=bounded_int(0, MAX_BUDGET), required=True,
                        help=f"the hero's 🐎, 0 to {MAX_BUDGET}")
    parser.add_argument("--json", action="store_true", help="print the reachable cells as JSON")
    args = parser.parse_args(argv)       # bad arguments: argparse says why and exits 2

    args.map = str(map_argument(args.map, parser, "MAP.tmx"))
    if not Path(args.map).is_file():
        what = "is a folder, not a map file" if Path(args.map).is_dir() else "map file not found"
        print(f"reach.py: {args.map}: {what}", file=sys.stderr)
        return 1
    from game.maps import MapError, load_map
    try:
        board = load_map(args.map)
    except MapError as error:
        print("reach.py: cannot use the map:\n  " + "\n  ".join(error.problems), file=sys.stderr)
        return 1
    try:
        reach = hero_reach(board, args.hero, args.player, args.budget)
    except BadInput as error:
        print(f"reach.py: error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(reach_json(reach)) if args.json else reach_text(board, reach))
    return 0


if __name__ == "__main__":
    sys.exit(run_tool(main))
