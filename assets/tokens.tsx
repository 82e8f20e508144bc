<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="tokens" tilewidth="64" tileheight="64" tilecount="12" columns="4">
 <image source="tokens.png" width="256" height="192"/>
 <tile id="0">
  <properties>
   <property name="kind" propertytype="kind" value="city"/>
   <property name="tier" propertytype="tier" value="encampment"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" propertytype="kind" value="city"/>
   <property name="tier" propertytype="tier" value="villa"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" propertytype="kind" value="city"/>
   <property name="tier" propertytype="tier" value="estate"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" propertytype="kind" value="city"/>
   <property name="tier" propertytype="tier" value="castle"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" propertytype="kind" value="mine"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" propertytype="kind" value="start"/>
   <property name="seat" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="kind" propertytype="kind" value="start"/>
   <property name="seat" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="kind" propertytype="kind" value="start"/>
   <property name="seat" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="kind" propertytype="kind" value="start"/>
   <property name="seat" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="kind" propertytype="kind" value="monster"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="kind" propertytype="kind" value="item"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="kind" propertytype="kind" value="resource"/>
  </properties>
 </tile>
</tileset>
