"""Tiled maps: loading TMX files into Boards, checking them, and their pixel geometry.

    from game.maps import load_map, validate_map, MapError, DEFAULT_MAP
"""
from __future__ import annotations

from pathlib import Path

from game.maps.errors import MapError
from game.maps.geometry import Grid, cell_center, pixel_to_cell
from game.maps.loader import load_map, validate_map

ROOT = Path(__file__).resolve().parent.parent.parent
MAPS_DIR = ROOT / "maps"
ASSETS_DIR = ROOT / "assets"
DEFAULT_MAP = MAPS_DIR / "meadow.tmx"


def shipped_maps() -> list[Path]:
    return sorted(MAPS_DIR.glob("*.tmx"))


__all__ = ["MapError", "Grid", "cell_center", "pixel_to_cell", "load_map", "validate_map",
           "DEFAULT_MAP", "MAPS_DIR", "ASSETS_DIR", "shipped_maps"]
