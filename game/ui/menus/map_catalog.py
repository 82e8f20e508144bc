"""The maps the title screen offers: every ``maps/*.tmx``, loaded or with its problems."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.board import Board

MAPS_DIR = Path(__file__).resolve().parents[3] / "maps"


@dataclass
class MapEntry:
    path: str | None
    title: str
    board: Board | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.board is not None and not self.problems

    @property
    def players(self) -> tuple[int, int]:
        if self.board is None:
            return 2, 4
        return max(2, self.board.min_players), min(4, max(2, self.board.max_players))


def load_entry(path: Path) -> MapEntry:
    try:
        from game.maps import MapError, load_map
    except ImportError:   # the loader is not there yet
        return MapEntry(str(path), path.stem.replace("_", " ").title(), problems=["The map loader is missing."])
    try:
        board = load_map(path)
    except MapError as error:
        return MapEntry(str(path), path.stem.replace("_", " ").title(), problems=list(error.problems))
    except Exception as error:   # a broken map must never take the title screen down
        return MapEntry(str(path), path.stem.replace("_", " ").title(), problems=[f"{type(error).__name__}: {error}"])
    return MapEntry(str(path), board.title or path.stem, board)


def catalog(maps_dir: Path = MAPS_DIR) -> list[MapEntry]:
    entries = [load_entry(p) for p in sorted(Path(maps_dir).glob("*.tmx"))]
    if not any(e.ok for e in entries):
        from game.ui.menus.demo_boards import demo_board
        entries += [MapEntry(None, "Sample Realm (square)", demo_board(32, 24, "square", seed=2)),
                    MapEntry(None, "Sample Isles (hex)", demo_board(32, 24, "hex", seed=5, title="Sample Isles"))]
    return entries
