"""Big pictures decoded once per machine: ``load(path)`` is ``pygame.image.load(path)``, faster.

A tileset PNG takes 12 ms to decode and the parchment and wood textures 5 ms each:
most of the board's first frame after its terrain. The first time a picture is
loaded its pixels are also written, uncompressed (BMP, 1 ms to read), to the
player's cache folder (``game.userdata.cache_dir()``), named after the size and
CRC-32 of the PNG's bytes: a changed file (a tileset edited in Tiled, a new
texture) has another name, so an old copy is never used for it, and making
the new copy deletes the old ones of that name. Any trouble with the cache (a
read-only folder, a damaged copy) just decodes the PNG.
"""
from __future__ import annotations

import io
import os
import zlib
from pathlib import Path

import pygame

from game.userdata import cache_dir


def _copy_path(path: Path, data: bytes) -> Path:
    return cache_dir() / "images" / f"{path.stem}-{len(data)}-{zlib.crc32(data):08x}.bmp"


def load(path: str | os.PathLike) -> pygame.Surface:
    """The picture at ``path``, as ``pygame.image.load`` gives it (the same pixels); raises what it
    raises for a missing or broken file."""
    path = Path(path)
    with open(path, "rb") as handle:
        data = handle.read()
    copy = _copy_path(path, data)
    try:
        return pygame.image.load(str(copy))
    except (pygame.error, OSError):
        pass
    image = pygame.image.load(io.BytesIO(data), path.name)
    _write(image, copy)
    return image


def _write(image: pygame.Surface, copy: Path) -> None:
    """Keep ``image`` at ``copy``, whole or not at all (written beside it, then renamed), and delete the
    copies of the picture's earlier versions."""
    part = copy.with_name(f"{copy.name}.{os.getpid()}.part")
    try:
        copy.parent.mkdir(parents=True, exist_ok=True)
        with open(part, "wb") as handle:
            pygame.image.save(image, handle, copy.name)
        os.replace(part, copy)
        for old in copy.parent.glob("*.bmp"):
            if old != copy and _picture(old) == _picture(copy):
                old.unlink(missing_ok=True)
    except (pygame.error, OSError):
        try:
            part.unlink(missing_ok=True)
        except OSError:
            pass


def _picture(copy: Path) -> str:
    """The name of the picture a copy was made from (its stem, without size and CRC)."""
    return copy.name.rsplit("-", 2)[0]
