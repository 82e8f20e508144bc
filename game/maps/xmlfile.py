"""Reading the XML files of a map (.tmx, .tsx, .tx, .tiled-project) safely.

Only regular files are read, and only up to a size limit, so a FIFO, a
symlink to /dev/zero or a giant file cannot hang or exhaust the game.
"""
from __future__ import annotations

import os
import stat
from xml.etree import ElementTree as ET

MAX_FILE_BYTES = 64 * 1024 * 1024


def read_limited(path: str, what: str, limit: int = MAX_FILE_BYTES,
                 head: int | None = None) -> tuple[bytes | None, str | None]:
    """The bytes of a regular file of at most ``limit`` bytes (only the first ``head``
    if given), or (None, why not)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None, f"{what} not found"
    except OSError as e:
        return None, f"{what} could not be read ({e.strerror or e})"
    if stat.S_ISDIR(info.st_mode):
        return None, f"{what} is a directory, not a file"
    if not stat.S_ISREG(info.st_mode):
        return None, f"{what} is not a regular file"
    if info.st_size > limit:
        return None, f"{what} is {info.st_size // 1_000_000} MB; files over {limit // 1_000_000} MB are refused"
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1 if head is None else head)
    except OSError as e:
        return None, f"{what} could not be read ({e.strerror or e})"
    if len(data) > limit:
        return None, f"{what} is over {limit // 1_000_000} MB; files that large are refused"
    return data, None


def parse_xml(path: str, what: str) -> tuple[ET.Element | None, str | None]:
    """The root element of an XML file, or (None, a message saying what is wrong)."""
    data, err = read_limited(path, what)
    if err:
        return None, err
    try:
        return ET.fromstring(data), None
    except ET.ParseError as e:
        return None, f"{what} is not valid XML ({e}); is it a Tiled .tmx/.tsx file saved as XML?"
    except LookupError as e:     # <?xml encoding="..."?> names no known encoding
        return None, f"{what} could not be read ({e}); save it again in Tiled (UTF-8)"
    except (ValueError, RecursionError) as e:
        return None, f"{what} could not be read ({type(e).__name__}: {e})"


def properties_of(node: ET.Element) -> list[ET.Element]:
    """The ``<property>`` elements of a node's ``<properties>``: what ``node.findall("./properties/property")``
    finds, without an ElementPath query per node (a map and its tilesets ask for hundreds of nodes')."""
    return [prop for props in node.findall("properties") for prop in props.findall("property")]


def tileset_file(folder: str, source: str) -> str:
    """The .tsx a map (or template) in ``folder`` refers to as ``source``.

    A map copied out of the checkout keeps references such as ``../assets/terrain_square.tsx``
    that no longer exist next to it; those fall back to the shipped tileset of that file name."""
    path = os.path.normpath(os.path.join(folder, source))
    if os.path.exists(path):
        return path
    from game import resources
    shipped = resources.assets_dir() / os.path.basename(source.replace("\\", "/"))
    return str(shipped) if shipped.is_file() else path
