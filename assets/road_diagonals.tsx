<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="road_diagonals" tilewidth="64" tileheight="64" tilecount="256" columns="8">
 <image source="road_diagonals.png" width="512" height="2048"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
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
 <tile id="80">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="81">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="82">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="83">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="84">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="85">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="86">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="87">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="88">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="89">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="90">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="91">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="92">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="93">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="94">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="95">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="96">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="97">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="98">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="99">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="100">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="101">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="102">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="103">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="104">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="105">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="106">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="107">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="108">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="109">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="110">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="111">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="112">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="113">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="114">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="115">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="116">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="117">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="118">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="119">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="120">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="121">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="122">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="123">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="124">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="125">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="126">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="127">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="128">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="129">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="130">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="131">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="132">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="133">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="134">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="135">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="136">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="137">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="138">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="139">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="140">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="141">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="142">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="143">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="144">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="145">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="146">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="147">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="148">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="149">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="150">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="151">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="152">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="153">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="154">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="155">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="156">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="157">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="158">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="159">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="160">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="161">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="162">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="163">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="164">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="165">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="166">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="167">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="168">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="169">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="170">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="171">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="172">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="173">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="174">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="175">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="176">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="177">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="178">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="179">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="180">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="181">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="182">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="183">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="184">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="185">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="186">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="187">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="188">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="189">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="190">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="191">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="192">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="193">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="194">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="195">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="196">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="197">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="198">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="199">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="200">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="201">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="202">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="203">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="204">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="205">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="206">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="207">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="208">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="209">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="210">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="211">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="212">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="213">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="214">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="215">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="216">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="217">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="218">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="219">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="220">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="221">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="222">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="223">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="224">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="225">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="226">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="227">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="228">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="229">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="230">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="231">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="232">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="233">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="234">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="235">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="236">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="237">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="238">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="239">
  <properties>
   <property name="terrain" value="road"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="passable" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
