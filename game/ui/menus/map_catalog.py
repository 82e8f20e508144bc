"""The maps the title screen offers: the shipped maps, then the player's own maps.

Listing reads only each file's ``<map>`` header (title, size, players), so the
title screen opens without loading every map; a map is loaded and checked when
it is chosen (``MapEntry.load``). The player's own maps are the ``*.tmx`` files
in ``game.userdata.user_maps_dir()``.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from xml.etree import ElementTree as ET

from game import resources, userdata
from game.map_players import campaign_counts, player_counts

if TYPE_CHECKING:
    from game.board import Board

HEADER_BYTES = 64 * 1024   # the <map> element and its properties come first in every Tiled file


@dataclass
class MapHeader:
    title: str
    kind: str                      # "square" or "hex"
    width: int
    height: int
    players: tuple[int, int]
    counts: tuple[int, ...] = ()   # the player counts it is made for (its ``players`` property, else the range)
    campaign_counts: tuple[int, ...] = ()   # ... in Campaign (its ``campaign_players``), when fewer

    def counts_for(self, mode: str) -> tuple[int, ...]:
        """The player counts the map is made for in ``mode``."""
        return self.campaign_counts if mode == "campaign" and self.campaign_counts else self.counts


@dataclass
class MapEntry:
    path: str | None
    title: str
    board: Board | None = None
    problems: list[str] = field(default_factory=list)
    header: MapHeader | None = None
    own: bool = False              # from the player's maps folder
    stamp: tuple | None = None     # its files' times when ``load`` read it (game.maps.watch.sources_stamp)

    @property
    def ok(self) -> bool:
        """Nothing wrong found so far (a map not loaded yet is only checked by ``load``)."""
        return not self.problems and (self.board is not None or (self.path is not None and self.header is not None))

    @property
    def loaded(self) -> bool:
        return self.board is not None or bool(self.problems)

    @property
    def players(self) -> tuple[int, int]:
        if self.board is not None:
            counts = self.board.counts          # a new game's counts: a seat only a save may hold is not offered
            return max(2, counts[0]), min(4, max(2, counts[-1]))
        return self.header.players if self.header else (2, 4)

    @property
    def counts(self) -> tuple[int, ...]:
        """The numbers of players the map is made for ("2,4": not 3)."""
        if self.board is not None:
            return self.board.counts
        if self.header is not None and self.header.counts:
            return self.header.counts
        lo, hi = self.players
        return tuple(range(lo, hi + 1))

    def counts_for(self, mode: str) -> tuple[int, ...]:
        """The numbers of players the map is made for in ``mode`` (fewer in Campaign on some maps)."""
        if self.board is not None:
            return self.board.counts_for(mode)
        if self.header is not None and self.header.counts:
            return self.header.counts_for(mode)
        return self.counts

    @property
    def size_text(self) -> str:
        """``64×48 hex``, or ``unreadable``."""
        if self.board is not None:
            kind = "hex" if self.board.kind == "hex" else "square"
            return f"{self.board.width}×{self.board.height} {kind}"
        if self.header:                  # a map with problems is still that size
            return f"{self.header.width}×{self.header.height} {self.header.kind}"
        return "unreadable"

    def load(self) -> "MapEntry":
        """Load and check the map; its problems, if any, land in ``problems``. Read once, and again when
        the map or one of its tilesets was saved since (a designer fixing it while the game is open)."""
        if self.path is None:
            return self
        from game.maps import MapError, load_map
        from game.maps.watch import sources_stamp
        if self.loaded:
            if self.stamp is None or sources_stamp(self.path) == self.stamp:
                return self
            self.board, self.problems = None, []
            try:
                self.header = read_header(Path(self.path))
                self.title = self.header.title
            except (OSError, ValueError):
                pass                     # load_map says what is wrong
        self.stamp = sources_stamp(self.path)
        try:
            self.board = load_map(self.path)
        except MapError as error:
            self.problems = list(error.problems)
        except Exception as error:   # a broken map must never take the title screen down
            self.problems = [f"{self.path}: {type(error).__name__}: {error}"]
        if self.board is not None and getattr(self.board, "title", None):
            self.title = self.board.title
        return self


def read_header(path: Path) -> MapHeader:
    """The title, grid and player range of a TMX file from its first bytes; ValueError if unreadable."""
    with open(path, "rb") as f:
        head = f.read(HEADER_BYTES)
    parser = ET.XMLPullParser(events=("start", "end"))
    try:
        parser.feed(head)
        root, props = None, {}
        for event, element in parser.read_events():
            if event == "start" and root is None:
                root = element
                if element.tag != "map":
                    raise ValueError(f"{path}: not a Tiled map (its first element is <{element.tag}>)")
            elif event == "end" and element.tag == "property":
                props[element.get("name")] = element.get("value")
            elif event == "start" and element.tag in ("tileset", "layer", "objectgroup", "group", "imagelayer"):
                break
    except ET.ParseError as error:
        raise ValueError(f"{path}: not readable XML ({error})") from None
    if root is None:
        raise ValueError(f"{path}: empty file")
    try:
        width, height = int(root.get("width", "")), int(root.get("height", ""))
    except ValueError:
        raise ValueError(f"{path}: the <map> element has no whole-number width and height") from None
    counts, _ = player_counts(props)        # a wrong property is reported when the map is chosen and loaded
    campaign, _ = campaign_counts(props, counts)
    kind = "hex" if root.get("orientation") == "hexagonal" else "square"
    return MapHeader(props.get("title") or _title_from_name(path), kind, width, height,
                     (counts[0], counts[-1]), counts, campaign if campaign != counts else ())


def _title_from_name(path: Path) -> str:
    return path.stem.replace("_", " ").title()


def entry_for(path: Path, own: bool = False) -> MapEntry:
    """A map from its header only; an unreadable header becomes the entry's problem."""
    try:
        header = read_header(path)
    except (OSError, ValueError) as error:
        problem = str(error) if isinstance(error, ValueError) else f"{path}: cannot be read ({error.strerror or error})"
        return MapEntry(str(path), _title_from_name(path), problems=[problem], own=own)
    return MapEntry(str(path), header.title, header=header, own=own)


def load_entry(path: Path) -> MapEntry:
    """A map loaded and checked now."""
    return entry_for(path).load()


def user_maps() -> list[Path]:
    folder = userdata.user_maps_dir()
    try:
        return sorted(p for p in folder.glob("*.tmx") if p.is_file())
    except OSError:
        return []


def catalog(maps_dir: Path | None = None, own_maps: list[Path] | None = None) -> list[MapEntry]:
    """The shipped maps (headers only), then the player's own; sample boards if none can be read."""
    shipped = sorted(Path(maps_dir).glob("*.tmx")) if maps_dir is not None else resources.shipped_maps()
    entries = [entry_for(p) for p in shipped]
    entries += [entry_for(p, own=True) for p in (user_maps() if own_maps is None else own_maps)]
    if not any(e.ok for e in entries):
        from game.ui.menus.demo_boards import demo_board
        entries += [MapEntry(None, "Sample Realm (square)", demo_board(32, 24, "square", seed=2)),
                    MapEntry(None, "Sample Isles (hex)", demo_board(32, 24, "hex", seed=5, title="Sample Isles"))]
    return entries


def labels(entries: list[MapEntry]) -> list[str]:
    """Each map's button label: its title, its file's name when another of the player's own maps (or
    another shipped map) has the same title (copies of one map, kept while it is being made), and "(yours)"
    on the player's own maps."""
    titles = Counter((entry.title, entry.own) for entry in entries)
    return [entry.title + (f" · {Path(entry.path).stem}" if titles[entry.title, entry.own] > 1 and entry.path else "")
            + (" (yours)" if entry.own else "") for entry in entries]


def default_index(entries: list[MapEntry]) -> int:
    """The shipped default map if listed and readable, else the first readable map."""
    default = resources.default_map().resolve()
    readable = [i for i, e in enumerate(entries) if e.ok]
    chosen = [i for i in readable if entries[i].path and Path(entries[i].path).resolve() == default]
    return (chosen or readable or [0])[0]
