"""Make the Tiled-semantics fixtures: python tests/data/tiled/make_tiled_fixtures.py

Writes the map by hand, then has Tiled itself (1.8.2, headless) open and
save it, so the fixture is what Tiled writes: a group with an offset around
the tokens layer, a hidden group, a tile layer with an offset, rotated and
hidden tile objects, object templates (.tx) and objects typed with the
project's Token class or a kind. Needs the ``tiled`` command.
"""
import os
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent


def layer(lid, name, cells, extra=""):
    rows = []
    for r in range(6):
        rows.append(",".join(str(cells.get((c, r), 0)) for c in range(8)))
    body = ",\n".join(rows)
    return f''' <layer id="{lid}" name="{name}" width="8" height="6"{extra}>
  <data encoding="csv">
{body}
</data>
 </layer>
'''
ground = layer(1, "ground", {(c, r): 1 for c in range(8) for r in range(6)})
roads = layer(3, "roads", {(4, 4): 10})
lake = layer(4, "lake", {(0, 5): 10}, ' offsetx="64"')
text = f'''<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="8" height="6" tilewidth="64" tileheight="64" infinite="0" nextlayerid="10" nextobjectid="20">
 <properties>
  <property name="title" value="Tiled semantics"/>
  <property name="min_players" type="int" value="2"/>
  <property name="max_players" type="int" value="2"/>
 </properties>
 <tileset firstgid="1" source="../../../assets/terrain_square.tsx"/>
 <tileset firstgid="33" source="../../../assets/tokens.tsx"/>
{ground} <group id="2" name="decor" visible="0">
{roads} </group>
{lake} <group id="5" name="pieces" offsetx="64" offsety="64">
  <objectgroup id="6" name="tokens">
   <object id="1" name="point start" x="32" y="32">
    <properties>
     <property name="kind" propertytype="kind" value="start"/>
     <property name="seat" type="int" value="1"/>
    </properties>
    <point/>
   </object>
   <object id="2" name="rotated start" gid="39" x="256" y="192" width="64" height="64" rotation="90">
    <properties>
     <property name="seat" type="int" value="2"/>
    </properties>
   </object>
   <object id="3" name="upside-down monster" gid="42" x="128" y="64" width="64" height="64" rotation="180"/>
   <object id="4" name="hidden item" gid="43" x="0" y="256" width="64" height="64" visible="0"/>
   <object id="5" name="templated item" template="item.tx" x="320" y="128"/>
   <object id="6" name="templated city" template="city.tx" x="64" y="256">
    <properties>
     <property name="tier" propertytype="tier" value="castle"/>
    </properties>
   </object>
   <object id="7" name="class city" type="Token" x="224" y="32">
    <point/>
   </object>
   <object id="8" name="typed monster" type="monster" x="416" y="288">
    <point/>
   </object>
  </objectgroup>
 </group>
</map>
'''
hand = HERE / "semantics_by_hand.tmx"
hand.write_text(text)
(HERE / "item.tx").open("w").write('''<?xml version="1.0" encoding="UTF-8"?>
<template>
 <tileset firstgid="1" source="../../../assets/tokens.tsx"/>
 <object name="item" gid="11" width="64" height="64"/>
</template>
''')
(HERE / "city.tx").open("w").write('''<?xml version="1.0" encoding="UTF-8"?>
<template>
 <object name="city" type="Token">
  <properties>
   <property name="kind" propertytype="kind" value="city"/>
   <property name="owner" type="int" value="2"/>
   <property name="tier" propertytype="tier" value="villa"/>
  </properties>
  <point/>
 </object>
</template>
''')

subprocess.run(["tiled", "--export-map", "tmx", str(hand), str(HERE / "semantics.tmx")], check=True,
               env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
hand.unlink()
