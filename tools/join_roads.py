"""Join a map's roads: python tools/join_roads.py [--dry-run] MAP.tmx [MAP.tmx ...]

Paint road cells with any road tile of the shipped tilesets, then run this (or
Tiled's Commands > "Join this map's roads"): every road cell gets the road tile
whose exits lead to its road neighbours, on hex maps and square ones alike. On a
square map with diagonal moves a road may step diagonally: its tiles come from
road_diagonals.tsx (added to the map when missing) and the corners such a step
crosses go to a layer "road_corners" above the roads (maps/README.md). Nothing
else in the map changes. --dry-run says what would change and writes nothing.
Exit status 0 when every map was joined, 1 when one could not be, 2 for bad arguments.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import named_map, run_tool  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="join_roads.py", description=__doc__.splitlines()[0],
                                     epilog="Writes each map in one step (never half a file).")
    parser.add_argument("maps", nargs="+", metavar="MAP.tmx", help="a .tmx map, or a shipped map's name")
    parser.add_argument("--dry-run", action="store_true", help="say what would change; write nothing")
    args = parser.parse_args(argv)
    from game.maps.road_join import JoinError, join_roads
    failed = False
    for name in args.maps:
        path = named_map(name)
        if path is None:
            print(f"join_roads.py: no map '{name}': give a .tmx file or a shipped map's name", file=sys.stderr)
            failed = True
            continue
        try:
            joined = join_roads(path, write=not args.dry_run)
        except JoinError as problem:
            print(problem, file=sys.stderr)
            failed = True
            continue
        would = "would change" if args.dry_run else "changed"
        extra = ""
        if joined.diagonal_tiles or joined.corner_cells:
            extra = (f"; {joined.diagonal_tiles} step diagonally (road_diagonals.tsx"
                     f"{', added to the map' if joined.added_tileset else ''}), "
                     f"{joined.corner_cells} cells show a corner of one on layer 'road_corners'")
        print(f"{path}: {joined.road_cells} road cells on layer '{joined.layer}', {would} {joined.changed}{extra}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(run_tool(main))
