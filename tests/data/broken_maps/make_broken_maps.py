"""Regenerate the broken-map corpus: python tests/data/broken_maps/make_broken_maps.py

Each map breaks one rule of the map convention; tests/test_maps_broken.py
lists the message each must produce.
"""
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))
from game.maps.tmx_writer import MapObject, TmxMap, tmx_text, tsx_text, write_tmx  # noqa: E402

GRASS, MOUNTAIN, WATER = 1, 8, 10
TILESET = "../../../assets/terrain_square.tsx"


def base(objects=None, ground=None, **props) -> TmxMap:
    if ground is None:
        ground = np.full((4, 6), GRASS)
    objects = objects if objects is not None else [start(1, 0, 0), start(2, 5, 3)]
    return TmxMap(width=6, height=4, tile_width=64, tile_height=64,
                  properties={"title": "broken", "min_players": 2, "max_players": 2, **props},
                  tilesets=[(1, TILESET)], layers=[("ground", ground)], objects=objects)


def at(c, r, **props):
    return MapObject(x=c * 64 + 32, y=r * 64 + 32, properties=props, name=props.get("kind", ""))


def start(seat, c, r):
    return at(c, r, kind="start", seat=seat)


def main():
    good = [start(1, 0, 0), start(2, 5, 3)]
    write_tmx(HERE / "unknown_kind.tmx", base(good + [at(2, 1, kind="dragon")]))
    write_tmx(HERE / "missing_kind.tmx", base(good + [at(2, 1, owner=1)]))
    write_tmx(HERE / "token_outside.tmx", base(good + [MapObject(x=500, y=40, properties={"kind": "item"},
                                                                  name="lost item")]))
    water = np.full((4, 6), GRASS)
    water[1, 2] = WATER
    write_tmx(HERE / "token_on_water.tmx", base(good + [at(2, 1, kind="resource")], ground=water))
    write_tmx(HERE / "two_on_one_cell.tmx", base(good + [at(0, 0, kind="city")]))
    write_tmx(HERE / "missing_seat.tmx", base([start(1, 0, 0)]))
    write_tmx(HERE / "duplicate_seat.tmx", base(good + [start(1, 3, 3)]))
    write_tmx(HERE / "bad_seat.tmx", base(good + [at(3, 3, kind="start", seat=7)]))
    wall = np.full((4, 6), GRASS)
    wall[:, 3] = MOUNTAIN
    write_tmx(HERE / "unreachable.tmx", base(good, ground=wall))
    write_tmx(HERE / "bad_owner_tier.tmx", base(good + [at(2, 1, kind="city", owner=9, tier="palace")]))
    write_tmx(HERE / "bad_players.tmx", base(good, max_players=7))
    write_tmx(HERE / "no_tokens_layer.tmx", base([]))
    (HERE / "no_tokens_layer.tmx").write_text(
        (HERE / "no_tokens_layer.tmx").read_text().replace('name="tokens"', 'name="decoration"'))

    text = tmx_text(base(good))
    (HERE / "isometric.tmx").write_text(text.replace('orientation="orthogonal"', 'orientation="isometric"'))
    (HERE / "staggered.tmx").write_text(text.replace('orientation="orthogonal"', 'orientation="staggered"'))
    (HERE / "infinite.tmx").write_text(text.replace('infinite="0"', 'infinite="1"'))
    (HERE / "zstd.tmx").write_text(text.replace('<data encoding="csv">', '<data encoding="base64" compression="zstd">'))
    (HERE / "template.tmx").write_text(text.replace('<object id="2"', '<object id="2" template="start.tx"'))
    (HERE / "truncated.tmx").write_text(text[: len(text) // 2])
    (HERE / "png_renamed.tmx").write_bytes((HERE.parents[2] / "assets" / "tokens.png").read_bytes()[:400])
    (HERE / "embedded_tileset.tmx").write_text(text.replace(
        f'<tileset firstgid="1" source="{TILESET}"/>',
        '<tileset firstgid="1" name="inline" tilewidth="64" tileheight="64" tilecount="1" columns="1">'
        '<image source="x.png" width="64" height="64"/></tileset>'))
    (HERE / "bad_property_type.tmx").write_text(text.replace('name="max_players" type="int" value="2"',
                                                             'name="max_players" type="int" value="two"'))

    # tilesets of their own: a missing image and broken tile properties
    (HERE / "missing_image.tsx").write_text(tsx_text("missing_image", "no_such_image.png", (64, 64), (64, 64), 1,
                                                     [{"terrain": "grass"}]))
    (HERE / "bad_costs.tsx").write_text(tsx_text("bad_costs", "../../../assets/terrain_square.png", (512, 256),
                                                 (64, 64), 8, [{"terrain": "grass", "move_cost": 0},
                                                               {"terrain": "bog", "move_cost": "slow"}]))
    (HERE / "missing_image.tmx").write_text(text.replace(TILESET, "missing_image.tsx"))
    two = np.full((4, 6), 1)
    two[2, 2] = 2
    (HERE / "bad_move_cost.tmx").write_text(tmx_text(base(good, ground=two)).replace(TILESET, "bad_costs.tsx"))
    # a map from another game: its tileset knows nothing of terrain
    (HERE / "other_game.tsx").write_text(tsx_text("other", "../../../assets/tokens.png", (256, 192), (64, 64), 4, []))
    (HERE / "other_game.tmx").write_text(tmx_text(base([])).replace(TILESET, "other_game.tsx")
                                         .replace('name="tokens"', 'name="Collision"'))


if __name__ == "__main__":
    main()
