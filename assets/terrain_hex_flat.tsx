<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain_hex_flat" tilewidth="72" tileheight="64" tilecount="80" columns="8">
 <image source="terrain_hex_flat.png" width="576" height="640"/>
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
 <tile id="32">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="54">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="55">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="56">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="57">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="58">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="59">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="60">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="61">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="62">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="63">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="64">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="65">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="66">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="67">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="68">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="69">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="70">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="71">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="72">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="73">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="74">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="75">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="76">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="77">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="78">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="79">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <wangsets>
  <wangset name="ground" type="mixed" tile="-1">
   <wangcolor name="grass" color="#ff5a9a3c" tile="0" probability="1"/>
   <wangcolor name="forest" color="#ff2e6b2a" tile="3" probability="1"/>
   <wangcolor name="hills" color="#ffa08850" tile="5" probability="1"/>
   <wangcolor name="mountain" color="#ff7a7a7a" tile="7" probability="1"/>
   <wangcolor name="water" color="#ff3c78c8" tile="9" probability="1"/>
   <wangcolor name="ford" color="#ff78b4dc" tile="11" probability="1"/>
   <wangcolor name="swamp" color="#ff5a6e46" tile="12" probability="1"/>
   <wangtile tileid="0" wangid="1,1,1,1,1,1,1,1"/>
   <wangtile tileid="1" wangid="1,1,1,1,1,1,1,1"/>
   <wangtile tileid="2" wangid="1,1,1,1,1,1,1,1"/>
   <wangtile tileid="3" wangid="2,2,2,2,2,2,2,2"/>
   <wangtile tileid="4" wangid="2,2,2,2,2,2,2,2"/>
   <wangtile tileid="5" wangid="3,3,3,3,3,3,3,3"/>
   <wangtile tileid="6" wangid="3,3,3,3,3,3,3,3"/>
   <wangtile tileid="7" wangid="4,4,4,4,4,4,4,4"/>
   <wangtile tileid="8" wangid="4,4,4,4,4,4,4,4"/>
   <wangtile tileid="9" wangid="5,5,5,5,5,5,5,5"/>
   <wangtile tileid="10" wangid="5,5,5,5,5,5,5,5"/>
   <wangtile tileid="11" wangid="6,6,6,6,6,6,6,6"/>
   <wangtile tileid="12" wangid="7,7,7,7,7,7,7,7"/>
   <wangtile tileid="13" wangid="7,7,7,7,7,7,7,7"/>
  </wangset>
 </wangsets>
</tileset>
