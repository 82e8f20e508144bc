<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="other" tilewidth="64" tileheight="64" tilecount="0" columns="4">
 <image source="../../../assets/tokens.png" width="256" height="192"/>
</tileset>
