<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="missing_image" tilewidth="64" tileheight="64" tilecount="1" columns="1">
 <image source="no_such_image.png" width="64" height="64"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
</tileset>
