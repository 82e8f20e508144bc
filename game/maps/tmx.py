"""Read a TMX map the way Tiled draws it: layer tree, offsets, templates, classes.

The result is plain data (``TmxDocument``): the visible tile layers with their
total pixel offsets, the objects of the visible object layers with their
template and class defaults applied, and the tilesets. Call it only after
``structure_problems`` found nothing: attributes are trusted to parse.

Follows Tiled 1.8-1.11: a hidden group hides everything in it, offsets of
groups add up, tile objects anchor at the tileset's object alignment
(bottom-left by default) and rotate about that anchor, an object inherits the
properties of its class (from the Tiled project), of its tile and of its
template, in that order, before its own.
"""
from __future__ import annotations

import array
import base64
import binascii
import glob
import json
import math
import os
import sys
import zlib
from dataclasses import dataclass, field
from xml.etree import ElementTree as ET

from game.maps.structure import template_problems
from game.maps.xmlfile import parse_xml, properties_of, read_limited, tileset_file

GID_MASK = 0x0FFFFFFF          # Tiled keeps flip/rotation flags in the top 4 bits of a gid
FLIP_FLAGS = 0xF0000000
MAX_GID = 0xFFFFFFFF
# Where a tile object's (x, y) sits on its image, as fractions of (width, height).
ALIGNMENT = {"topleft": (0, 0), "top": (0.5, 0), "topright": (1, 0), "left": (0, 0.5),
             "center": (0.5, 0.5), "right": (1, 0.5), "bottomleft": (0, 1), "bottom": (0.5, 1),
             "bottomright": (1, 1)}


@dataclass
class Tileset:
    """A .tsx tileset a map uses: its tile grid in one image, and each tile's properties and class."""
    firstgid: int
    source: str               # as the map (or template) names it
    path: str                 # absolute path of the .tsx
    name: str
    tile_width: int
    tile_height: int
    spacing: int
    margin: int
    columns: int
    tile_count: int
    image: str                # absolute path of the tileset image
    alignment: str            # objectalignment; "unspecified" means bottomleft on our maps
    tile_properties: dict[int, dict] = field(default_factory=dict)
    tile_classes: dict[int, str] = field(default_factory=dict)

    def rect(self, local: int) -> tuple[int, int, int, int]:
        step_x, step_y = self.tile_width + self.spacing, self.tile_height + self.spacing
        return (self.margin + (local % self.columns) * step_x, self.margin + (local // self.columns) * step_y,
                self.tile_width, self.tile_height)


@dataclass
class TileLayer:
    """A visible tile layer: its gids and where it is drawn."""
    name: str
    gids: list[list[int]]          # rows of gids (unsigned 32-bit), flags included
    offset: tuple[float, float]    # total pixel offset, groups included


@dataclass
class MapObject:
    """An object of an object layer, with its template's and class's defaults applied."""
    id: int | None
    name: str
    cls: str                   # Tiled 1.9+ class, or the 1.8 type
    x: float
    y: float
    width: float
    height: float
    rotation: float
    shape: str                 # rectangle, point, ellipse, polygon, polyline, text, tile
    visible: bool
    properties: dict
    tile_alignment: str = ""   # tile objects only


@dataclass
class ObjectLayer:
    """An object layer (inside groups, if any) and its objects."""
    name: str
    visible: bool              # False if it or a group around it is hidden
    offset: tuple[float, float]
    objects: list[MapObject]


@dataclass
class TmxDocument:
    """Everything of a TMX file the loader reads: map attributes and properties, tilesets and layers."""
    path: str
    attrs: dict
    properties: dict
    tilesets: list[Tileset]
    tile_layers: list[TileLayer]        # visible ones, in drawing order
    object_layers: list[ObjectLayer]    # all of them, hidden ones flagged
    hidden_tile_layers: list[str] = field(default_factory=list)


# --- properties ----------------------------------------------------------------

def _typed(kind: str, text: str):
    try:
        if kind == "int":
            return int(text)
        if kind == "float":
            return float(text)
        if kind == "bool":
            return text in ("true", "1")
    except ValueError:
        pass
    return text


def read_properties(node: ET.Element) -> dict:
    """A node's <properties>, typed; a class property becomes a dict of its members."""
    props = {}
    for prop in properties_of(node):
        kind = prop.get("type", "string")
        if kind == "class":
            props[prop.get("name", "")] = read_properties(prop)
            continue
        value = prop.get("value")
        if value is None:
            value = prop.text or ""
        props[prop.get("name", "")] = _typed(kind, value)
    return props


def project_classes(map_path: str) -> dict[str, dict]:
    """Class name -> member defaults, from the Tiled project next to the map (or the shipped one)."""
    for candidate in _project_candidates(os.path.dirname(os.path.abspath(map_path))):
        data, err = read_limited(candidate, "project", 4 * 1024 * 1024)
        if err:
            continue
        try:
            project = json.loads(data)
            return _classes(project.get("propertyTypes") or [])
        except (ValueError, AttributeError, TypeError, RecursionError):
            continue
    return {}


def _project_candidates(folder: str):
    """The Tiled projects in the map's folder and the three above it, nearest first, then the shipped one
    (a folder is only listed if no project before it could be read)."""
    for _ in range(4):
        yield from sorted(glob.glob(os.path.join(glob.escape(folder), "*.tiled-project")))
        folder = os.path.dirname(folder)
    from game import resources
    yield os.path.join(resources.maps_dir(), "fuzzyknights.tiled-project")


def _classes(types: list) -> dict[str, dict]:
    classes = {}
    for entry in types:
        if not isinstance(entry, dict) or entry.get("type") != "class":
            continue
        members = {}
        for member in entry.get("members") or []:
            if isinstance(member, dict) and isinstance(member.get("name"), str):
                members[member["name"]] = member.get("value")
        classes[str(entry.get("name"))] = members
    return classes


# --- tilesets ------------------------------------------------------------------

class TilesetCache:
    """Tilesets by absolute .tsx path, shared by a map and its templates."""

    def __init__(self):
        self._roots: dict[str, ET.Element | None] = {}

    def load(self, tsx_path: str, firstgid: int, source: str) -> Tileset | None:
        tsx_path = os.path.abspath(tsx_path)
        if tsx_path not in self._roots:
            self._roots[tsx_path] = parse_xml(tsx_path, "tileset")[0]
        root = self._roots[tsx_path]
        if root is None or root.find("image") is None:
            return None
        image = root.find("image")
        tw, th = int(root.get("tilewidth")), int(root.get("tileheight"))
        spacing, margin = int(root.get("spacing", "0")), int(root.get("margin", "0"))
        columns = (int(image.get("width")) - 2 * margin + spacing) // (tw + spacing)
        rows = (int(image.get("height")) - 2 * margin + spacing) // (th + spacing)
        ts = Tileset(firstgid=firstgid, source=source, path=tsx_path, name=root.get("name", ""),
                     tile_width=tw, tile_height=th, spacing=spacing, margin=margin,
                     columns=max(columns, 1), tile_count=max(columns, 0) * max(rows, 0),
                     image=os.path.normpath(os.path.join(os.path.dirname(tsx_path), image.get("source"))),
                     alignment=root.get("objectalignment", "unspecified"))
        for tile in root.findall("tile"):
            try:
                local = int(tile.get("id"))
            except (TypeError, ValueError):
                continue
            ts.tile_properties[local] = read_properties(tile)
            ts.tile_classes[local] = tile.get("class") or tile.get("type") or ""
        return ts


# --- tile layer data -----------------------------------------------------------

def decode_layer(data: ET.Element, width: int, height: int) -> tuple[list[list[int]] | None, str | None]:
    """A layer's gids as rows (unsigned 32-bit, flags kept), never decompressing more than the map can hold."""
    cells = width * height
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding == "csv":
        try:
            values = list(map(int, (data.text or "").split(",")))    # int() skips the newlines around a number
        except ValueError:    # an empty item (a trailing comma, no data at all): skipped, as before
            try:
                values = [int(v) for v in (data.text or "").split(",") if v.strip()]
            except ValueError:
                return None, "tile data is not a list of numbers"
        if len(values) != cells:
            return None, f"has {len(values)} cells, the map is {width}x{height} = {cells}"
        if values and (max(values) > MAX_GID or min(values) < 0):
            bad = max(values) if max(values) > MAX_GID else min(values)
            return None, f"tile gid {bad} is not a valid tile (gids are 0 to {MAX_GID})"
        return _rows(values, width, height), None
    try:
        raw = base64.b64decode((data.text or "").strip(), validate=False)
    except (binascii.Error, ValueError):
        return None, "tile data is not valid base64; set Tile Layer Format to CSV and save again"
    expected = 4 * cells
    if compression in ("zlib", "gzip"):
        try:
            inflater = zlib.decompressobj(wbits=47)   # 47: zlib or gzip header, detected
            raw = inflater.decompress(raw, expected + 1)
        except zlib.error as e:
            return None, f"{compression} tile data is damaged ({e}); save the map again in Tiled"
    if len(raw) != expected:
        found = f"{len(raw) // 4} cells" if len(raw) <= expected else "more cells"
        return None, f"has {found}, the map is {width}x{height} = {cells}"
    values = array.array("I" if array.array("I").itemsize == 4 else "L")
    values.frombytes(raw)
    if sys.byteorder == "big":
        values.byteswap()                  # the data is little-endian
    return _rows(values.tolist(), width, height), None


def _rows(values: list[int], width: int, height: int) -> list[list[int]]:
    return [values[r * width:(r + 1) * width] for r in range(height)]


# --- objects -------------------------------------------------------------------

def _float(node: ET.Element, name: str, default: float = 0.0) -> float:
    try:
        return float(node.get(name, default))
    except (TypeError, ValueError):
        return default


def _shape(node: ET.Element) -> str:
    for shape in ("point", "ellipse", "polygon", "polyline", "text"):
        if node.find(shape) is not None:
            return shape
    return "tile" if node.get("gid") else "rectangle"


class ObjectReader:
    """Reads objects with templates, tiles and classes resolved."""

    def __init__(self, path: str, tilesets: list[Tileset], cache: TilesetCache, problems: list[str]):
        self.path = path
        self.map_tilesets = tilesets
        self.cache = cache
        self.problems = problems
        self._templates: dict[str, tuple[ET.Element | None, Tileset | None, str | None]] = {}
        self._classes: dict[str, dict] | None = None

    @property
    def classes(self) -> dict[str, dict]:
        if self._classes is None:
            self._classes = project_classes(self.path)
        return self._classes

    def _template(self, source: str):
        if source not in self._templates:
            tx_path = os.path.normpath(os.path.join(os.path.dirname(self.path), source))
            root, err = parse_xml(tx_path, f"template file {tx_path}")
            obj, ts = None, None
            if root is not None:
                problems = template_problems(tx_path, root)
                obj = None if problems else root.find("object")
                err = "; ".join(problems) if problems else None
                tileset = root.find("tileset")
                if obj is not None and tileset is not None and tileset.get("source"):
                    tsx = tileset_file(os.path.dirname(tx_path), tileset.get("source"))
                    ts = self.cache.load(tsx, int(tileset.get("firstgid", "1")), tileset.get("source"))
            self._templates[source] = (obj, ts, err)
        return self._templates[source]

    def _tile(self, gid: int, tilesets: list[Tileset]) -> tuple[Tileset | None, int]:
        gid &= GID_MASK
        best = None
        for ts in tilesets:
            if ts.firstgid <= gid and (best is None or ts.firstgid > best.firstgid):
                best = ts
        if best is None or gid - best.firstgid >= best.tile_count:
            return None, 0
        return best, gid - best.firstgid

    def read(self, node: ET.Element, layer: str) -> MapObject | None:
        template, template_ts = None, None
        if node.get("template"):
            template, template_ts, err = self._template(node.get("template"))
            if template is None:
                self.problems.append(f"{self.path}: layer '{layer}', object {node.get('id')} "
                                     f"'{node.get('name', '')}': uses the object template "
                                     f"{node.get('template')!r}: {err}; fix the path or detach the template "
                                     "(right-click > Detach Template)")
                return None

        def attr(name: str, default=None):
            if node.get(name) is not None:
                return node.get(name)
            return template.get(name, default) if template is not None else default

        tile_ts, local = None, 0
        if node.get("gid"):
            tile_ts, local = self._tile(int(node.get("gid")), self.map_tilesets)
        elif template is not None and template.get("gid") and template_ts is not None:
            tile_ts, local = self._tile(int(template.get("gid")), [template_ts])
        cls = attr("class") or attr("type") or ""
        props: dict = {}
        props.update(self.classes.get(cls, {}))
        if tile_ts is not None:
            props.update(self.classes.get(tile_ts.tile_classes.get(local, ""), {}))
            props.update(tile_ts.tile_properties.get(local, {}))
        if template is not None:
            props.update(read_properties(template))
        props.update(read_properties(node))
        shape = _shape(node)
        if template is not None and shape == "rectangle" and not node.get("gid"):
            shape = _shape(template)
        width = float(attr("width", tile_ts.tile_width if tile_ts else 0) or 0)
        height = float(attr("height", tile_ts.tile_height if tile_ts else 0) or 0)
        return MapObject(id=_int_or_none(node.get("id")), name=attr("name", "") or "", cls=cls,
                         x=_float(node, "x"), y=_float(node, "y"), width=width, height=height,
                         rotation=float(attr("rotation", 0) or 0), shape=shape,
                         visible=attr("visible", "1") != "0", properties=props,
                         tile_alignment=tile_ts.alignment if tile_ts else "")


def _int_or_none(text) -> int | None:
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def object_anchor_centre(obj: MapObject) -> tuple[float, float]:
    """The centre of what Tiled draws for the object, in map pixels (layer offsets not included)."""
    if obj.shape in ("point", "polygon", "polyline"):
        return obj.x, obj.y
    if obj.shape == "tile":
        align = obj.tile_alignment if obj.tile_alignment in ALIGNMENT else "bottomleft"
        ax, ay = ALIGNMENT[align]
    else:
        ax, ay = 0.0, 0.0
    lx, ly = obj.width * (0.5 - ax), obj.height * (0.5 - ay)
    angle = math.radians(obj.rotation)
    cos, sin = math.cos(angle), math.sin(angle)
    return obj.x + lx * cos - ly * sin, obj.y + lx * sin + ly * cos


# --- the layer tree ------------------------------------------------------------

def _offset(node: ET.Element) -> tuple[float, float]:
    return _float(node, "offsetx"), _float(node, "offsety")


def read_document(path: str, root: ET.Element, problems: list[str]) -> TmxDocument:
    """The map as Tiled draws it; adds a message to ``problems`` for what cannot be read."""
    width, height = int(root.get("width")), int(root.get("height"))
    cache = TilesetCache()
    tilesets = []
    for node in root.findall("tileset"):
        tsx = tileset_file(os.path.dirname(path), node.get("source"))
        ts = cache.load(tsx, int(node.get("firstgid")), node.get("source"))
        if ts is not None:
            tilesets.append(ts)
    doc = TmxDocument(path=path, attrs=dict(root.attrib), properties=read_properties(root),
                      tilesets=tilesets, tile_layers=[], object_layers=[])
    objects = ObjectReader(path, tilesets, cache, problems)

    def walk(parent: ET.Element, offset: tuple[float, float], visible: bool) -> None:
        for node in parent:
            if node.tag not in ("layer", "objectgroup", "group", "imagelayer"):
                continue
            ox, oy = _offset(node)
            here = (offset[0] + ox, offset[1] + oy)
            shown = visible and node.get("visible", "1") != "0"
            name = node.get("name", "")
            if node.tag == "group":
                walk(node, here, shown)
            elif node.tag == "layer":
                if not shown:
                    doc.hidden_tile_layers.append(name)
                    continue
                gids, err = decode_layer(node.find("data"), width, height)
                if err:
                    problems.append(f"{path}: layer '{name}': {err}")
                else:
                    doc.tile_layers.append(TileLayer(name, gids, here))
            elif node.tag == "objectgroup":
                read = [objects.read(o, name) for o in node.findall("object")]
                doc.object_layers.append(ObjectLayer(name, shown, here, [o for o in read if o is not None]))

    walk(root, (0.0, 0.0), True)
    return doc
