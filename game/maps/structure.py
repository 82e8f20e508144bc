"""Checks on the raw TMX/TSX XML, before the map is read (game.maps.tmx).

They stop what would crash, hang or silently misread the map (bad attributes,
unsupported formats, hostile sizes) with messages that say what to change.
"""
from __future__ import annotations

import math
import os
import struct
from xml.etree import ElementTree as ET

from game.maps.xmlfile import parse_xml, properties_of, read_limited, tileset_file

SUPPORTED_ORIENTATIONS = ("orthogonal", "hexagonal")
SUPPORTED_COMPRESSION = (None, "zlib", "gzip")
MAP_PROPERTY_TYPES = {"title": "string", "min_players": "int", "max_players": "int", "diagonal": "bool"}
TILE_PROPERTY_TYPES = {"terrain": "string", "move_cost": "int", "passable": "bool"}
# Bounds that keep a hostile map from taking minutes or gigabytes; far above any playable map.
MAX_MAP_SIDE = 1024            # cells across or down
MAX_TILE_PIXELS = 1024         # a map's or tileset's tile width/height
MAX_IMAGE_PIXELS = 16384       # a tileset image's width/height
MAX_TILESET_TILES = 65536
MAX_LAYERS = 64
MAX_OFFSET = 1_000_000         # pixels, for layer offsets and object coordinates
MAX_FIRSTGID = 0x0FFFFFFF
MAX_MOVE_COST = 100            # 🐎 to enter one cell
IMAGE_MAGIC = {b"\x89PNG\r\n\x1a\n": "PNG", b"\xff\xd8\xff": "JPEG", b"GIF8": "GIF", b"BM": "BMP"}


def _parse_xml(path: str, what: str) -> tuple[ET.Element | None, str | None]:
    return parse_xml(path, what)


def value_ok(kind: str, text: str | None) -> bool:
    text = "" if text is None else text
    try:
        if kind == "int":
            int(text)
        elif kind == "float":
            float(text)
        elif kind == "bool":
            return text in ("true", "false", "1", "0")
    except ValueError:
        return False
    return True


def _property_problems(node: ET.Element, where: str, expected: dict[str, str] | None = None) -> list[str]:
    problems = []
    for prop in properties_of(node):
        name, kind, value = prop.get("name", ""), prop.get("type", "string"), prop.get("value")
        if value is None:
            value = prop.text
        if kind in ("int", "float", "bool") and not value_ok(kind, value):
            problems.append(f"{where}: property '{name}' = {value!r} is not a valid {kind}")
        want = (expected or {}).get(name)
        if want and want != "string" and kind == "string" and not value_ok(want, value):
            problems.append(f"{where}: property '{name}' = {value!r} should be of type {want}")
    return problems


def _int_attr(node: ET.Element, name: str, default: str | None = None) -> int | None:
    try:
        return int(node.get(name, default))
    except (TypeError, ValueError):
        return None


def _number_problem(node: ET.Element, attr: str, where: str, bound: float) -> str | None:
    """A message if ``attr`` is present and not a finite number within +-bound."""
    text = node.get(attr)
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        return f"{where}: {attr}={text!r} is not a number"
    if not math.isfinite(value) or abs(value) > bound:
        return f"{where}: {attr}={text!r} is not a number between -{bound:,} and {bound:,}; fix it in Tiled"
    return None


def _image_problem(img_path: str, shown: str) -> str | None:
    """Whether the file is an image of a sane size (PNG sizes are read from its header)."""
    head, err = read_limited(img_path, "image", 256 * 1024 * 1024, head=32)
    if err:
        return f"tileset image {shown!r}: {err}"
    kind = next((name for magic, name in IMAGE_MAGIC.items() if head.startswith(magic)), None)
    if kind is None and not (head[:4] == b"RIFF" and head[8:12] == b"WEBP"):
        return f"tileset image {shown!r} is not a PNG, JPEG, GIF, BMP or WebP image; point the tileset at its image"
    if kind == "PNG" and len(head) >= 24:
        w, h = struct.unpack(">II", head[16:24])
        if w > MAX_IMAGE_PIXELS or h > MAX_IMAGE_PIXELS:
            return (f"tileset image {shown!r} is {w}x{h} pixels; images over "
                    f"{MAX_IMAGE_PIXELS}x{MAX_IMAGE_PIXELS} are refused, split the tileset")
    return None


def tileset_problems(map_path: str, tileset: ET.Element) -> list[str]:
    source = tileset.get("source")
    name = tileset.get("name", "?")
    firstgid = _int_attr(tileset, "firstgid")
    if firstgid is None or not 1 <= firstgid <= MAX_FIRSTGID:
        return [f"{map_path}: tileset {source or name!r} has no valid firstgid ({tileset.get('firstgid')!r})"]
    if not source:
        return [f"{map_path}: tileset '{name}' is embedded in the map; export it to a .tsx file next to "
                "its image (the Export Tileset As button under Tiled's Tilesets view), or, if it is a copy of a "
                "shipped one, remove it and add that from assets/ (Map > Add External Tileset)"]
    if not source.lower().endswith(".tsx"):
        return [f"{map_path}: tileset '{source}' is not a .tsx file; save tilesets in Tiled's XML format (.tsx)"]
    tsx_path = tileset_file(os.path.dirname(map_path), source)
    root, err = _parse_xml(tsx_path, f"tileset file {tsx_path}")
    if err and not os.path.exists(tsx_path):
        return [f"{map_path}: tileset '{source}': {err}; point the map at it again (Tiled offers to locate it "
                "when it opens the map) or use a tileset of assets/ (terrain_square.tsx, "
                "terrain_hex_pointy.tsx, terrain_hex_flat.tsx, tokens.tsx)"]
    if err:
        return [f"{map_path}: tileset '{source}': {err}"]
    where = f"{map_path}: tileset '{source}'"
    if root.tag != "tileset":
        return [f"{where}: not a Tiled tileset (root element <{root.tag}>)"]
    image = root.find("image")
    if image is None:
        return [f"{where}: image-collection tilesets are not supported; use one tileset image"]
    problems = []
    for attr in ("tilewidth", "tileheight"):
        if not 0 < (_int_attr(root, attr) or 0) <= MAX_TILE_PIXELS:
            problems.append(f"{where}: {attr}={root.get(attr)!r} must be a whole number from 1 to {MAX_TILE_PIXELS}")
    for attr in ("spacing", "margin"):
        value = _int_attr(root, attr, "0")
        if value is None or not 0 <= value <= MAX_TILE_PIXELS:
            problems.append(f"{where}: {attr}={root.get(attr)!r} must be a whole number from 0 to "
                            f"{MAX_TILE_PIXELS} (Tileset Properties > {attr.capitalize()})")
    for attr in ("width", "height"):
        value = _int_attr(image, attr)
        if not (value or 0) > 0:
            problems.append(f"{where}: tileset image has no valid {attr}; re-save the tileset in Tiled")
        elif value > MAX_IMAGE_PIXELS:
            problems.append(f"{where}: tileset image {attr} {value} is over {MAX_IMAGE_PIXELS} pixels; "
                            "split the tileset into smaller images")
    img_path = os.path.normpath(os.path.join(os.path.dirname(tsx_path), image.get("source", "")))
    if not image.get("source") or not os.path.exists(img_path):
        problems.append(f"{where}: tileset image {image.get('source')!r} not found (looked for {img_path})")
    else:
        bad_image = _image_problem(img_path, image.get("source"))
        if bad_image:
            problems.append(f"{where}: {bad_image}")
    if not problems:
        tw, th = int(root.get("tilewidth")), int(root.get("tileheight"))
        spacing, margin = int(root.get("spacing", "0")), int(root.get("margin", "0"))
        count = (((int(image.get("width")) - 2 * margin + spacing) // (tw + spacing))
                 * ((int(image.get("height")) - 2 * margin + spacing) // (th + spacing)))
        if count > MAX_TILESET_TILES:
            problems.append(f"{where}: holds {count} tiles; tilesets of more than {MAX_TILESET_TILES} "
                            "tiles are refused")
        elif count < 1:
            problems.append(f"{where}: its image holds no whole {tw}x{th} tile; check tile size, margin "
                            "and spacing")
    for tile in root.findall("tile"):
        tile_where = f"{where} tile id {tile.get('id')}"
        problems += _property_problems(tile, tile_where, TILE_PROPERTY_TYPES)
        for prop in (p for p in properties_of(tile) if p.get("name") == "move_cost"):
            if value_ok("int", prop.get("value")) and int(prop.get("value")) < 1:
                problems.append(f"{tile_where}: move_cost {prop.get('value')} must be 1 or more "
                                "(use passable=false for impassable terrain)")
            elif value_ok("int", prop.get("value")) and int(prop.get("value")) > MAX_MOVE_COST:
                problems.append(f"{tile_where}: move_cost {prop.get('value')} is more than {MAX_MOVE_COST}, "
                                "the most a cell may cost (use passable=false for impassable terrain)")
    return problems


def layer_problems(map_path: str, layer: ET.Element, width: int, height: int) -> list[str]:
    """The layer's format; the cells themselves are checked when they are decoded."""
    where = f"{map_path}: layer '{layer.get('name', '?')}'"
    data = layer.find("data")
    if data is None:
        return [f"{where}: has no tile data"]
    if data.find("chunk") is not None:
        return [f"{where}: stored in chunks (infinite map); untick Map Properties > Infinite"]
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding is None:
        return [f"{where}: uses the old XML tile format; set Map Properties > Tile Layer Format to CSV"]
    if encoding not in ("csv", "base64"):
        return [f"{where}: unknown encoding {encoding!r}; set Tile Layer Format to CSV"]
    if compression not in SUPPORTED_COMPRESSION:
        return [f"{where}: compression {compression!r} is not supported; set Tile Layer Format to CSV"]
    if (_int_attr(layer, "width", str(width)), _int_attr(layer, "height", str(height))) != (width, height):
        return [f"{where}: is {layer.get('width')}x{layer.get('height')}, the map is {width}x{height}"]
    return []


def _header_problems(path: str, root: ET.Element) -> list[str]:
    problems: list[str] = []
    orientation = root.get("orientation", "orthogonal")
    if orientation not in SUPPORTED_ORIENTATIONS:
        problems.append(f"{path}: orientation '{orientation}' is not supported; make the map orthogonal "
                        "(square cells) or hexagonal (Map > Map Properties > Orientation)")
    if root.get("infinite", "0") == "1":
        problems.append(f"{path}: infinite maps are not supported; untick Map Properties > Infinite")
    for attr, bound in (("width", MAX_MAP_SIDE), ("height", MAX_MAP_SIDE),
                        ("tilewidth", MAX_TILE_PIXELS), ("tileheight", MAX_TILE_PIXELS)):
        value = _int_attr(root, attr)
        if not (value or 0) > 0:
            problems.append(f"{path}: map attribute {attr}={root.get(attr)!r} must be a whole number above 0")
        elif value > bound:
            problems.append(f"{path}: map {attr} {value} is more than {bound}; make the map smaller "
                            "(Map > Resize Map) or the tiles smaller")
    if orientation == "hexagonal":
        if root.get("staggeraxis") not in ("x", "y"):
            problems.append(f"{path}: hexagonal map needs staggeraxis x or y, not {root.get('staggeraxis')!r} "
                            "(Map > Map Properties > Stagger Axis)")
        if root.get("staggerindex") not in ("odd", "even"):
            problems.append(f"{path}: hexagonal map needs staggerindex odd or even, "
                            f"not {root.get('staggerindex')!r} (Map > Map Properties > Stagger Index)")
        side = _int_attr(root, "hexsidelength", "0")
        if side is None or not 0 <= side <= MAX_TILE_PIXELS:
            problems.append(f"{path}: hexsidelength={root.get('hexsidelength')!r} must be a whole number from "
                            f"0 to {MAX_TILE_PIXELS} (Map > Map Properties > Tile Side Length (Hex))")
    problems += _property_problems(root, f"{path}: map properties", MAP_PROPERTY_TYPES)
    return problems


def _tree_problems(path: str, root: ET.Element, width: int, height: int) -> list[str]:
    problems: list[str] = []
    layers = root.findall(".//layer")
    if not layers:
        problems.append(f"{path}: has no tile layer; paint the terrain on a tile layer")
    if len(layers) > MAX_LAYERS:
        return [f"{path}: has {len(layers)} tile layers; maps of more than {MAX_LAYERS} are refused"]
    for layer in layers:
        problems += layer_problems(path, layer, width, height)
    for node in root.iter():
        if node.tag in ("layer", "objectgroup", "group", "imagelayer"):
            where = f"{path}: layer '{node.get('name', '?')}'"
            for attr in ("offsetx", "offsety"):
                problems.append(_number_problem(node, attr, where, MAX_OFFSET))
    for group in root.findall(".//objectgroup"):
        for obj in group.findall("object"):
            where = f"{path}: layer '{group.get('name', '?')}', object {obj.get('id')} '{obj.get('name', '')}'"
            problems += _object_problems(obj, where)
    return [p for p in problems if p]


def _object_problems(obj: ET.Element, where: str) -> list[str]:
    problems = _property_problems(obj, where)
    for attr in ("x", "y", "width", "height", "rotation"):
        problems.append(_number_problem(obj, attr, where, MAX_OFFSET))
    gid = obj.get("gid")
    if gid is not None and not (gid.isdigit() and int(gid) <= 0xFFFFFFFF):
        problems.append(f"{where}: gid={gid!r} is not a valid tile; pick the tile again in Tiled")
    return [p for p in problems if p]


def template_problems(tx_path: str, root: ET.Element) -> list[str]:
    """A template file's tileset and object, checked like a map's (the message names the .tx file)."""
    if root.tag != "template" or root.find("object") is None:
        return [f"{tx_path}: not a Tiled object template (.tx)"]
    problems = [p for tileset in root.findall("tileset") for p in tileset_problems(tx_path, tileset)]
    return problems + _object_problems(root.find("object"), f"{tx_path}: object")


def _tokens_layer_problems(path: str, root: ET.Element) -> list[str]:
    names = [g.get("name", "") for g in root.findall(".//objectgroup")]
    if "tokens" in names:
        return []
    found = ", ".join(repr(n) for n in names) if names else "none"
    near = [n for n in names if n.strip().lower() == "tokens"]
    hint = f"; rename {near[0]!r} to 'tokens' (names are case-sensitive)" if near else ""
    return [f"{path}: has no object layer named 'tokens' (start slots, cities, mines, ...); "
            f"object layers found: {found}{hint}"]


def structure_problems(path: str, root: ET.Element | None = None) -> list[str]:
    """Problems that stop the map from being read at all; empty when it may be read."""
    if root is None:
        root, err = _parse_xml(path, "map file")
        if err:
            return [f"{path}: {err}"]
    if root.tag != "map":
        return [f"{path}: not a Tiled map (root element <{root.tag}>, expected <map>)"]
    problems = _header_problems(path, root)
    if problems:
        return problems
    width, height = int(root.get("width")), int(root.get("height"))
    for tileset in root.findall("tileset"):
        problems += tileset_problems(path, tileset)
    problems += _tree_problems(path, root, width, height)
    problems += _tokens_layer_problems(path, root)
    return problems
