"""Copies of work the game does on its data files, kept in the player's cache folder so later starts
skip it: decoded pictures (``game.ui.kit.decoded``) and parsed rule files (``game.engine.rules``).

A copy is named after its source's file name, size and CRC-32 (``copy_path``): a changed source has
another name, so an old copy is never used for it, and keeping the new copy deletes the copies of the
source's earlier versions (``keep``). The folder is ``userdata.cache_dir()``; deleting it is always
safe. Nothing here imports pygame.
"""
from __future__ import annotations

import os
import zlib
from pathlib import Path
from typing import BinaryIO, Callable

from game.userdata import cache_dir


def copy_path(kind: str, source: str | os.PathLike, data: bytes, suffix: str) -> Path:
    """Where the copy of ``source`` (whose bytes are ``data``) is kept, in the folder for ``kind``."""
    return cache_dir() / kind / f"{Path(source).stem}-{len(data)}-{zlib.crc32(data):08x}{suffix}"


def keep(copy: Path, write: Callable[[BinaryIO], None]) -> None:
    """Make ``copy`` with ``write(file)``, whole or not at all (written beside it, then renamed), and
    delete the copies of the source's earlier versions. A copy only saves time: anything that goes
    wrong (a read-only folder, a full disk, data ``write`` cannot store) just leaves no copy."""
    part = copy.with_name(f"{copy.name}.{os.getpid()}.part")
    try:
        copy.parent.mkdir(parents=True, exist_ok=True)
        with open(part, "wb") as handle:
            write(handle)
        os.replace(part, copy)
        for old in copy.parent.glob(f"*{copy.suffix}"):
            if old != copy and _source_name(old) == _source_name(copy):
                old.unlink(missing_ok=True)
    except Exception:   # noqa: BLE001  (see above: never worth stopping the game for)
        try:
            part.unlink(missing_ok=True)
        except OSError:
            pass


def _source_name(copy: Path) -> str:
    """The name of the file a copy was made from (its stem, without size and CRC)."""
    return copy.stem.rsplit("-", 2)[0]
