<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="bad_costs" tilewidth="64" tileheight="64" tilecount="2" columns="8">
 <image source="../../../assets/terrain_square.png" width="512" height="256"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="grass"/>
   <property name="move_cost" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="bog"/>
   <property name="move_cost" value="slow"/>
  </properties>
 </tile>
</tileset>
