"""The menu screens: title and new game, in-game menu, saves, game over, map errors."""
