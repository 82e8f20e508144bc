"""Checks on the raw TMX/TSX XML, before pytmx sees the file.

pytmx either crashes or silently misreads many things a designer can get
wrong in Tiled; these checks turn them into messages that say what to change.
"""
from __future__ import annotations

import os
from xml.etree import ElementTree as ET

SUPPORTED_ORIENTATIONS = ("orthogonal", "hexagonal")
SUPPORTED_COMPRESSION = (None, "zlib", "gzip")
MAP_PROPERTY_TYPES = {"title": "string", "min_players": "int", "max_players": "int", "diagonal": "bool"}
TILE_PROPERTY_TYPES = {"terrain": "string", "move_cost": "int", "passable": "bool"}


def _parse_xml(path: str, what: str) -> tuple[ET.Element | None, str | None]:
    if not os.path.exists(path):
        return None, f"{what} not found"
    if os.path.isdir(path):
        return None, f"{what} is a directory, not a file"
    try:
        return ET.parse(path).getroot(), None
    except ET.ParseError as e:
        return None, f"{what} is not valid XML ({e}); is it a Tiled .tmx/.tsx file saved as XML?"
    except (OSError, UnicodeError, ValueError) as e:
        return None, f"{what} could not be read ({e})"


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
    for prop in node.findall("./properties/property"):
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


def tileset_problems(map_path: str, tileset: ET.Element) -> list[str]:
    source = tileset.get("source")
    name = tileset.get("name", "?")
    if _int_attr(tileset, "firstgid") is None:
        return [f"{map_path}: tileset {source or name!r} has no valid firstgid"]
    if not source:
        return [f"{map_path}: tileset '{name}' is embedded in the map; export it to a .tsx file "
                "next to the art (Tileset > Export Tileset As...) and use that"]
    if not source.lower().endswith(".tsx"):
        return [f"{map_path}: tileset '{source}' is not a .tsx file; save tilesets in Tiled's XML format (.tsx)"]
    tsx_path = os.path.normpath(os.path.join(os.path.dirname(map_path), source))
    root, err = _parse_xml(tsx_path, f"tileset file {tsx_path}")
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
        if not (_int_attr(root, attr) or 0) > 0:
            problems.append(f"{where}: missing or bad {attr}")
    img_path = os.path.normpath(os.path.join(os.path.dirname(tsx_path), image.get("source", "")))
    if not image.get("source") or not os.path.isfile(img_path):
        problems.append(f"{where}: tileset image {image.get('source')!r} not found (looked for {img_path})")
    for attr in ("width", "height"):
        if not (_int_attr(image, attr) or 0) > 0:
            problems.append(f"{where}: tileset image has no valid {attr}; re-save the tileset in Tiled")
    for tile in root.findall("tile"):
        tile_where = f"{where} tile id {tile.get('id')}"
        problems += _property_problems(tile, tile_where, TILE_PROPERTY_TYPES)
        for prop in tile.findall("./properties/property[@name='move_cost']"):
            if value_ok("int", prop.get("value")) and int(prop.get("value")) < 1:
                problems.append(f"{tile_where}: move_cost {prop.get('value')} must be 1 or more "
                                "(use passable=false for impassable terrain)")
    return problems


def layer_problems(map_path: str, layer: ET.Element, width: int, height: int) -> list[str]:
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
    if encoding == "csv":
        cells = [c for c in (data.text or "").replace("\n", "").split(",") if c.strip()]
        if not all(c.strip().isdigit() for c in cells):
            return [f"{where}: tile data is not a list of numbers"]
        if len(cells) != width * height:
            return [f"{where}: has {len(cells)} cells, the map is {width}x{height} = {width * height}"]
    if (_int_attr(layer, "width", str(width)), _int_attr(layer, "height", str(height))) != (width, height):
        return [f"{where}: is {layer.get('width')}x{layer.get('height')}, the map is {width}x{height}"]
    return []


def structure_problems(path: str) -> list[str]:
    """Problems that stop the map from being read at all; empty when pytmx may read it."""
    root, err = _parse_xml(path, "map file")
    if err:
        return [f"{path}: {err}"]
    if root.tag != "map":
        return [f"{path}: not a Tiled map (root element <{root.tag}>, expected <map>)"]
    problems: list[str] = []
    orientation = root.get("orientation", "orthogonal")
    if orientation not in SUPPORTED_ORIENTATIONS:
        problems.append(f"{path}: orientation '{orientation}' is not supported; make the map orthogonal "
                        "(square cells) or hexagonal (Map > Map Properties > Orientation)")
    if root.get("infinite", "0") == "1":
        problems.append(f"{path}: infinite maps are not supported; untick Map Properties > Infinite")
    for attr in ("width", "height", "tilewidth", "tileheight"):
        if not (_int_attr(root, attr) or 0) > 0:
            problems.append(f"{path}: map attribute {attr}={root.get(attr)!r} must be a whole number above 0")
    if orientation == "hexagonal":
        if root.get("staggeraxis") not in ("x", "y"):
            problems.append(f"{path}: hexagonal map needs staggeraxis x or y, not {root.get('staggeraxis')!r}")
        if root.get("staggerindex") not in ("odd", "even"):
            problems.append(f"{path}: hexagonal map needs staggerindex odd or even, "
                            f"not {root.get('staggerindex')!r}")
        if _int_attr(root, "hexsidelength", "0") is None:
            problems.append(f"{path}: hexsidelength must be a whole number")
    problems += _property_problems(root, f"{path}: map properties", MAP_PROPERTY_TYPES)
    if problems:
        return problems
    width, height = int(root.get("width")), int(root.get("height"))
    for tileset in root.findall("tileset"):
        problems += tileset_problems(path, tileset)
    layers = root.findall(".//layer")
    if not layers:
        problems.append(f"{path}: has no tile layer; paint the terrain on a tile layer")
    for layer in layers:
        problems += layer_problems(path, layer, width, height)
    for group in root.findall(".//objectgroup"):
        for obj in group.findall("object"):
            where = f"{path}: layer '{group.get('name', '?')}', object {obj.get('id')} '{obj.get('name', '')}'"
            if obj.get("template"):
                problems.append(f"{where}: uses the object template {obj.get('template')!r}; templates are "
                                "not supported, detach it (right-click > Detach Template)")
            problems += _property_problems(obj, where)
            for attr in ("x", "y"):
                if not value_ok("float", obj.get(attr, "0")):
                    problems.append(f"{where}: {attr}={obj.get(attr)!r} is not a number")
    if not [g for g in root.findall(".//objectgroup") if g.get("name") == "tokens"]:
        problems.append(f"{path}: has no object layer named 'tokens' (start slots, cities, mines, ...)")
    return problems
