"""Check Fuzzy Knights maps: python tools/validate_map.py MAP.tmx [MAP.tmx ...]

Prints "ok <path> ..." for each good map and one line per problem for each
bad one (naming the file, layer, object and cell). Exit status 0 when every
map is good, 1 otherwise. Never crashes on a bad file.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # pytmx imports pygame

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def describe(board) -> str:
    shape = board.kind
    if shape == "hex":
        shape += f", stagger {board.topology.stagger_axis}/{board.topology.stagger_index}"
    players = (f"{board.min_players}" if board.min_players == board.max_players
               else f"{board.min_players}-{board.max_players}")
    return f"'{board.title}', {board.width}x{board.height} {shape}, {players} players, {len(board.tokens)} tokens"


def check(path: str) -> list[str]:
    """Problem lines for one map, or one 'ok ...' line."""
    try:
        from game.maps.loader import read_map
        board, problems = read_map(path)
        if problems:
            return problems
        return [f"ok {path}: {describe(board)}"]
    except Exception as e:  # the validator must report, never crash
        return [f"{path}: cannot be checked: {type(e).__name__}: {e}"]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if args else 2
    failed = False
    for path in args:
        lines = check(path)
        failed |= not lines[0].startswith("ok ")
        for line in lines:
            print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
