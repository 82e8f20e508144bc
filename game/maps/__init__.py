"""Tiled maps: loading TMX files into Boards, checking them, and their pixel geometry.

    from game.maps import load_map, validate_map, MapError, DEFAULT_MAP

``MAPS_DIR`` and ``ASSETS_DIR`` are the shipped maps and art wherever the game
is installed (``game.resources``).
"""
from __future__ import annotations

from pathlib import Path

from game import resources
from game.maps.errors import MapError
from game.maps.geometry import Grid, cell_center, pixel_to_cell
from game.maps.loader import load_map, validate_map

MAPS_DIR = resources.maps_dir()
ASSETS_DIR = resources.assets_dir()
DEFAULT_MAP = resources.default_map()


def shipped_maps() -> list[Path]:
    return resources.shipped_maps()


__all__ = ["MapError", "Grid", "cell_center", "pixel_to_cell", "load_map", "validate_map",
           "DEFAULT_MAP", "MAPS_DIR", "ASSETS_DIR", "shipped_maps"]
