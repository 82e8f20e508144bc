"""The widget kit shared by every screen: widgets, theme, fonts, icons, textures."""
