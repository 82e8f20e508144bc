"""Tiled terrain brushes (Wang sets) for the project's terrain tilesets.

Two sets per tileset: "ground" (mixed), where every ground tile is all one
colour (grass, forest, hills, ...), so the terrain brush paints an area and
picks among the variants; and, on square tilesets, "roads" (edge), where road
tile 16 + mask has a road colour on each edge whose exit bit is set, so the
brush joins road pieces by itself. Tiled's Wang brush works on square grids
only, so hex tilesets get the ground set alone.
"""
from __future__ import annotations

import math
from xml.sax.saxutils import quoteattr

# Colours as Tiled shows them in the Terrain Sets panel.
GROUND_COLOURS = {"grass": "#ff5a9a3c", "forest": "#ff2e6b2a", "hills": "#ffa08850", "mountain": "#ff7a7a7a",
                  "water": "#ff3c78c8", "ford": "#ff78b4dc", "swamp": "#ff5a6e46"}
ROAD_COLOUR = "#ffc8a060"


def _ground_name(key: str) -> str:
    """"forest_2" -> "forest"."""
    base, _, suffix = key.rpartition("_")
    return base if suffix.isdigit() else key


def _edge_slot(angle: float) -> int:
    """A road exit's direction (radians, screen y down) -> Tiled's wangid slot (0 top, 2 right, 4 bottom, 6 left)."""
    return round((angle + math.pi / 2) / (math.pi / 4)) % 8


def wang_sets_xml(ground: dict[str, int], road_first_id: int, road_angles: list[float], square: bool) -> str:
    """The <wangsets> element for a terrain tileset; ``ground`` maps variant names to tile ids."""
    names = list(dict.fromkeys(_ground_name(key) for key in ground))
    lines = [" <wangsets>", '  <wangset name="ground" type="mixed" tile="-1">']
    for name in names:
        first = min(tid for key, tid in ground.items() if _ground_name(key) == name)
        lines.append(f"   <wangcolor name={quoteattr(name)} color=\"{GROUND_COLOURS.get(name, '#ff808080')}\" "
                     f'tile="{first}" probability="1"/>')
    for key, tid in sorted(ground.items(), key=lambda item: item[1]):
        colour = names.index(_ground_name(key)) + 1
        lines.append(f'   <wangtile tileid="{tid}" wangid="{",".join([str(colour)] * 8)}"/>')
    lines.append("  </wangset>")
    if square:
        full = road_first_id + (1 << len(road_angles)) - 1
        lines += ['  <wangset name="roads" type="edge" tile="-1">',
                  f'   <wangcolor name="road" color="{ROAD_COLOUR}" tile="{full}" probability="1"/>']
        for mask in range(1, 1 << len(road_angles)):
            wangid = [0] * 8
            for bit, angle in enumerate(road_angles):
                if mask >> bit & 1:
                    wangid[_edge_slot(angle)] = 1
            lines.append(f'   <wangtile tileid="{road_first_id + mask}" wangid="{",".join(map(str, wangid))}"/>')
        lines.append("  </wangset>")
    lines.append(" </wangsets>")
    return "\n".join(lines) + "\n"


def tileset_wang_sets(manifest: dict, tileset: str) -> str:
    """The Wang sets of one of the terrain tilesets described by assets/terrain.json."""
    info = manifest["tilesets"][tileset]
    return wang_sets_xml(manifest["ground"], manifest["road_first_id"], info["road_angles"],
                         square=info["geometry"][2] == 0)
