"""Big pictures decoded once per machine: ``load(path)`` is ``pygame.image.load(path)``, faster.

A tileset PNG takes 12 ms to decode and the parchment and wood textures 5 ms each:
most of the board's first frame after its terrain. The first time a picture is
loaded its pixels are also kept, uncompressed (BMP, 1 ms to read), in the
player's cache folder (``game.derived``: named after the size and CRC-32 of the
PNG's bytes, so a changed file, such as a tileset edited in Tiled, is never shown
from an old copy). Any trouble with the cache (a read-only folder, a damaged
copy) just decodes the PNG.
"""
from __future__ import annotations

import io
import os
from pathlib import Path

import pygame

from game import derived


def load(path: str | os.PathLike) -> pygame.Surface:
    """The picture at ``path``, as ``pygame.image.load`` gives it (the same pixels); raises what it
    raises for a missing or broken file."""
    path = Path(path)
    with open(path, "rb") as handle:
        data = handle.read()
    copy = derived.copy_path("images", path, data, ".bmp")
    try:
        return pygame.image.load(str(copy))
    except (pygame.error, OSError):
        pass
    image = pygame.image.load(io.BytesIO(data), path.name)
    derived.keep(copy, lambda handle: pygame.image.save(image, handle, copy.name))
    return image
