"""What was wrong with the player's own files when the window opened (``settings.toml``, ``new_game.json``).

Each problem names the file and the field, and what the game did instead; the notice stays until the
player closes it (a toast faded before a player looking at the window had read it, and showed only one).
"""
from __future__ import annotations

from game.ui.kit import theme
from game.ui.kit.theme import px
from game.ui.menus.base import blit_wrapped
from game.ui.menus.saves import Notice


class FileProblems(Notice):
    panel_size = (900, 480)

    def __init__(self, problems: list[str]) -> None:
        super().__init__("Some of your files could not be used", "\n".join(problems))
        self.problems = list(problems)

    def draw_content(self, surface) -> None:
        p = self.panel
        y = p.y + px(80)
        for problem in self.problems:
            y = blit_wrapped(surface, problem, (p.x + px(40), y), p.w - px(80), px(16), theme.INK) + px(10)
