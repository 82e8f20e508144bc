<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain_square" tilewidth="64" tileheight="64" tilecount="32" columns="8">
 <image source="terrain_square.png" width="512" height="256"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="grass"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="grass"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="grass"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="forest"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="forest"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="hills"/>
   <property name="move_cost" type="int" value="3"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="hills"/>
   <property name="move_cost" type="int" value="3"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="mountain"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" value="mountain"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="terrain" value="water"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="terrain" value="water"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="terrain" value="ford"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="terrain" value="swamp"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="terrain" value="swamp"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
