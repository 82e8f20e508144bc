"""Regenerate the 4x4 fixture maps: python tests/data/maps/make_fixture_maps.py

Object positions are computed here straight from Tiled's hexagonal layout
(not from game.maps.geometry) so the tests check the loader against Tiled.
"""
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))
from game.maps.tmx_writer import MapObject, TmxMap, write_tmx  # noqa: E402

GRASS, WATER = 1, 10
# (file, stagger axis, stagger index, tile w, tile h, tileset)
HEX = [("hex_y_odd", "y", "odd", 64, 72, "terrain_hex_pointy"), ("hex_y_even", "y", "even", 64, 72, "terrain_hex_pointy"),
       ("hex_x_odd", "x", "odd", 72, 64, "terrain_hex_flat"), ("hex_x_even", "x", "even", 72, 64, "terrain_hex_flat")]
# The cells each fixture puts a token on, with a nudge (dx, dy) away from the centre.
TOKENS = [((1, 1), (0, 0), {"kind": "start", "seat": 1}), ((2, 2), (0, 0), {"kind": "start", "seat": 2}),
          ((0, 3), (5, -20), {"kind": "mine"}), ((3, 0), (-20, 8), {"kind": "monster"}),
          ((2, 1), (13, 13), {"kind": "item"})]


def hex_centre(axis, index, tw, th, side, c, r):
    shifted = ((r if axis == "y" else c) % 2 == 1) == (index == "odd")
    if axis == "y":
        return c * tw + ((tw // 2) if shifted else 0) + tw / 2, r * ((th - side) // 2 + side) + th / 2
    return c * ((tw - side) // 2 + side) + tw / 2, r * th + ((th // 2) if shifted else 0) + th / 2


def main():
    for name, axis, index, tw, th, tileset in HEX:
        ground = np.full((4, 4), GRASS)
        ground[3, 3] = WATER
        objects = []
        for (c, r), (dx, dy), props in TOKENS:
            x, y = hex_centre(axis, index, tw, th, 36, c, r)
            objects.append(MapObject(x=x + dx, y=y + dy, properties=dict(props), name=props["kind"]))
        write_tmx(HERE / f"{name}.tmx", TmxMap(
            width=4, height=4, tile_width=tw, tile_height=th, orientation="hexagonal", stagger_axis=axis,
            stagger_index=index, hex_side_length=36, properties={"title": name, "min_players": 2, "max_players": 2},
            tilesets=[(1, f"../../../assets/{tileset}.tsx")], layers=[("ground", ground)], objects=objects))
    ground = np.full((4, 4), GRASS)
    ground[3, 3] = WATER
    objects = [
        MapObject(x=64 + 32, y=64 + 32, properties={"kind": "start", "seat": 1}, name="point start"),
        # a 64x64 tile object covering cell (2, 2): Tiled anchors it at its bottom-left corner
        MapObject(x=128, y=192, gid=33 + 6, width=64, height=64, properties={"kind": "start", "seat": 2},
                  name="tile start"),
        MapObject(x=10, y=250, properties={"kind": "mine"}, name="mine"),
        MapObject(x=3 * 64, y=64, gid=33 + 3, width=64, height=64, properties={"kind": "city", "owner": 1},
                  name="castle"),
    ]
    write_tmx(HERE / "square.tmx", TmxMap(
        width=4, height=4, tile_width=64, tile_height=64, properties={"title": "square", "min_players": 2,
                                                                     "max_players": 2, "diagonal": True},
        tilesets=[(1, "../../../assets/terrain_square.tsx"), (33, "../../../assets/tokens.tsx")],
        layers=[("ground", ground)], objects=objects))


if __name__ == "__main__":
    main()
