"""Write TMX maps and TSX tilesets in the project's map convention.

Used by the map and asset generators and by tests that need handmade maps.
Output is what Tiled 1.8 itself writes (XML, CSV layer data), so the files
open and save in Tiled without changes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

import numpy as np

# Properties whose values come from an enum of the Tiled project (dropdowns in Tiled).
ENUM_PROPERTIES = {"kind": "kind", "tier": "tier"}


@dataclass
class MapObject:
    x: float
    y: float
    properties: dict = field(default_factory=dict)
    name: str = ""
    gid: int = 0              # tile object when non-zero
    width: float = 0
    height: float = 0


@dataclass
class TmxMap:
    width: int
    height: int
    tile_width: int
    tile_height: int
    orientation: str = "orthogonal"
    stagger_axis: str = "y"
    stagger_index: str = "odd"
    hex_side_length: int = 0
    properties: dict = field(default_factory=dict)
    tilesets: list[tuple[int, str]] = field(default_factory=list)   # (firstgid, relative .tsx path)
    layers: list[tuple[str, np.ndarray]] = field(default_factory=list)
    objects: list[MapObject] = field(default_factory=list)
    objects_layer: str = "tokens"


def _fmt(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def properties_xml(props: dict, indent: str) -> str:
    if not props:
        return ""
    lines = [f"{indent}<properties>"]
    for name, value in props.items():
        if isinstance(value, bool):
            kind, text = "bool", "true" if value else "false"
        elif isinstance(value, int):
            kind, text = "int", str(value)
        elif isinstance(value, float):
            kind, text = "float", _fmt(value)
        else:
            kind, text = "string", str(value)
        attrs = f"name={quoteattr(name)}"
        if kind != "string":
            attrs += f' type="{kind}"'
        elif name in ENUM_PROPERTIES:
            attrs += f' propertytype="{ENUM_PROPERTIES[name]}"'
        lines.append(f"{indent} <property {attrs} value={quoteattr(text)}/>")
    lines.append(f"{indent}</properties>")
    return "\n".join(lines) + "\n"


def tmx_text(m: TmxMap) -> str:
    attrs = (f'version="1.8" tiledversion="1.8.2" orientation="{m.orientation}" renderorder="right-down" '
             f'width="{m.width}" height="{m.height}" tilewidth="{m.tile_width}" tileheight="{m.tile_height}" '
             'infinite="0"')
    if m.orientation == "hexagonal":
        attrs += (f' hexsidelength="{m.hex_side_length}" staggeraxis="{m.stagger_axis}"'
                  f' staggerindex="{m.stagger_index}"')
    next_layer = len(m.layers) + 2
    attrs += f' nextlayerid="{next_layer}" nextobjectid="{len(m.objects) + 1}"'
    out = ['<?xml version="1.0" encoding="UTF-8"?>', f"<map {attrs}>"]
    text = "\n".join(out) + "\n" + properties_xml(m.properties, " ")
    for firstgid, source in m.tilesets:
        text += f' <tileset firstgid="{firstgid}" source={quoteattr(source)}/>\n'
    for i, (name, data) in enumerate(m.layers, start=1):
        rows = [",".join(str(int(v)) for v in row) for row in np.asarray(data)]
        csv = ",\n".join(rows)
        text += (f' <layer id="{i}" name={quoteattr(name)} width="{m.width}" height="{m.height}">\n'
                 f'  <data encoding="csv">\n{csv}\n</data>\n </layer>\n')
    text += f' <objectgroup id="{len(m.layers) + 1}" name={quoteattr(m.objects_layer)}>\n'
    for oid, obj in enumerate(m.objects, start=1):
        attrs = f'id="{oid}"'
        if obj.name:
            attrs += f" name={quoteattr(obj.name)}"
        if obj.gid:
            attrs += f' gid="{obj.gid}"'
        attrs += f' x="{_fmt(obj.x)}" y="{_fmt(obj.y)}"'
        if obj.gid:
            attrs += f' width="{_fmt(obj.width)}" height="{_fmt(obj.height)}"'
        props = properties_xml(obj.properties, "   ")
        point = "" if obj.gid else "   <point/>\n"
        text += f"  <object {attrs}>\n{props}{point}  </object>\n"
    text += " </objectgroup>\n</map>\n"
    return text


def write_tmx(path: str | Path, m: TmxMap) -> None:
    Path(path).write_text(tmx_text(m), encoding="utf-8")


def tsx_text(name: str, image: str, image_size: tuple[int, int], tile_size: tuple[int, int],
             columns: int, tiles: list[dict], *, tile_count: int | None = None, wang_sets: str = "") -> str:
    """A tileset with one image; ``tiles[i]`` are the properties of tile id i; ``wang_sets`` is a
    <wangsets> element (game.maps.wang) for Tiled's terrain brush."""
    tw, th = tile_size
    count = len(tiles) if tile_count is None else tile_count
    text = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<tileset version="1.8" tiledversion="1.8.2" name={quoteattr(name)} '
            f'tilewidth="{tw}" tileheight="{th}" tilecount="{count}" columns="{columns}">\n'
            f' <image source={quoteattr(image)} width="{image_size[0]}" height="{image_size[1]}"/>\n')
    for tid, props in enumerate(tiles):
        if props:
            text += f' <tile id="{tid}">\n{properties_xml(props, "  ")} </tile>\n'
    return text + wang_sets + "</tileset>\n"
