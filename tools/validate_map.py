"""Check Fuzzy Knights maps: python tools/validate_map.py [--json] MAP.tmx [MAP.tmx ...]

Prints "ok <path> ..." for each good map and one line per problem for each
bad one (naming the file, layer, object and cell); warnings (things that load
but likely differ from what the designer meant) read "<path>: warning: ...".
Exit status 0 when every map is good, 1 otherwise, 2 for bad arguments.
Never crashes on a bad file.

--json prints one object instead, for editors and other tools:
  {"maps": [{"path": str, "ok": bool, "summary": str|null,
             "problems": [ISSUE, ...], "warnings": [ISSUE, ...]}]}
  ISSUE = {"message": str, "layer": str|null, "object_id": int|null, "cell": [col, row]|null}
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import named_map, run_tool  # noqa: E402

WHERE = re.compile(r"layer '(?P<layer>[^']*)'(?:, object (?P<id>\d+))?(?:.*? at cell \((?P<c>-?\d+), (?P<r>-?\d+)\))?")


def describe(board) -> str:
    shape = board.kind
    if shape == "hex":
        shape += f", stagger {board.topology.stagger_axis}/{board.topology.stagger_index}"
    from game.map_players import players_text
    return f"'{board.title}', {board.width}x{board.height} {shape}, {players_text(board.counts)}, {len(board.tokens)} tokens"


def report(path: str):
    """The loader's MapReport, or one made from an unexpected error."""
    from game.maps.loader import MapReport, check_map
    try:
        return check_map(path)
    except Exception as e:  # the validator must report, never crash
        return MapReport(None, [f"{path}: cannot be checked: {type(e).__name__}: {e}"])


def check(path: str) -> list[str]:
    """Problem and warning lines for one map, or one 'ok ...' line (then its warnings)."""
    result = report(path)
    warnings = [w.replace(f"{path}: ", f"{path}: warning: ", 1) for w in result.warnings]
    if result.problems:
        return result.problems + warnings
    return [f"ok {path}: {describe(result.board)}"] + warnings


def issue(path: str, message: str) -> dict:
    found = WHERE.search(message[len(path):] if message.startswith(path) else message)
    layer = object_id = cell = None
    if found:
        layer = found["layer"]
        object_id = int(found["id"]) if found["id"] else None
        cell = [int(found["c"]), int(found["r"])] if found["c"] else None
    return {"message": message, "layer": layer, "object_id": object_id, "cell": cell}


def as_json(path: str) -> dict:
    result = report(path)
    return {"path": path, "ok": not result.problems,
            "summary": describe(result.board) if result.board is not None and not result.problems else None,
            "problems": [issue(path, m) for m in result.problems],
            "warnings": [issue(path, m) for m in result.warnings]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="validate_map.py", description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[1:]))
    parser.add_argument("maps", nargs="+", metavar="MAP.tmx", help="map files to check")
    parser.add_argument("--json", action="store_true", help="print one JSON object (see below)")
    args = parser.parse_args(argv)
    args.maps = [str(named_map(name) or name) for name in args.maps]     # 'meadow' is the shipped map
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.json:
        results = [as_json(path) for path in args.maps]
        print(json.dumps({"maps": results}))
        return 0 if all(r["ok"] for r in results) else 1
    failed = False
    for path in args.maps:
        lines = check(path)
        failed |= not lines[0].startswith("ok ")
        for line in lines:
            print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(run_tool(main))
