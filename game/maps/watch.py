"""Notice when a map file, its tilesets or its templates are saved again (live reload for designers).

Polls file times and sizes, cheaply and at most every ``interval`` seconds;
a change is reported once the files have stayed the same for ``settle``
seconds, so a save still being written is not read half-done.
"""
from __future__ import annotations

import os
import time

from game.maps.xmlfile import parse_xml, tileset_file


def map_sources(path: str) -> list[str]:
    """The map file and every .tsx/.tx file it refers to (what Tiled may save separately)."""
    path = os.path.abspath(path)
    found = [path]
    root, _err = parse_xml(path, "map file")
    if root is None:
        return found
    folder = os.path.dirname(path)
    for node in root.iter():
        source = node.get("template") if node.tag == "object" else node.get("source") if node.tag == "tileset" else None
        if source:
            full = (tileset_file(folder, source) if node.tag == "tileset"
                    else os.path.normpath(os.path.join(folder, source)))
            if full not in found:
                found.append(full)
    return found


def _stamp(path: str) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def sources_stamp(path: str | os.PathLike) -> tuple:
    """The times and sizes of a map and its tilesets and templates: unequal once one is saved again."""
    return tuple((f, _stamp(f)) for f in map_sources(os.fspath(path)))


class MapWatch:
    def __init__(self, path: str | os.PathLike, interval: float = 0.5, settle: float = 0.3,
                 clock=time.monotonic) -> None:
        self.path = os.fspath(path)
        self.interval, self.settle, self.clock = interval, settle, clock
        self._files = map_sources(self.path)
        self._seen = self._stamps()
        self._pending: tuple | None = None
        self._pending_since = 0.0
        self._last_poll = -1e9

    def _stamps(self) -> tuple:
        return tuple(_stamp(f) for f in self._files)

    @property
    def files(self) -> list[str]:
        return list(self._files)

    def poll(self) -> bool:
        """True once after the map or one of its files changed and then stayed still."""
        now = self.clock()
        if now - self._last_poll < self.interval and self._pending is None:
            return False
        self._last_poll = now
        stamps = self._stamps()
        if stamps == self._seen:
            self._pending = None
            return False
        if stamps != self._pending:
            self._pending, self._pending_since = stamps, now
            return False
        if now - self._pending_since < self.settle:
            return False
        self._files = map_sources(self.path)      # the save may have added or dropped a tileset
        self._seen, self._pending = self._stamps(), None
        return True
