"""F1 / ``?``: every key and mouse action of the screen on top, in a panel over it.

The App asks ``wants_help(event, scene)`` for every event; the help of a scene is
``SCREEN_HELP[its class name]`` (the board, battle, City, title, rules… screens),
or the general help.  Any key or click closes the panel.
"""
from __future__ import annotations

import pygame

from game.ui.kit import textures, theme, widgets
from game.ui.kit.rich_text import render
from game.ui.kit.scene import Scene

Rows = list[tuple[str, str]]

GENERAL: Rows = [
    ("Mouse", "everything is played with the mouse; hover a control for a tip"),
    ("Right-click a tip", "a tip or message that names a rule (R-…) opens that rule"),
    ("Esc", "back / close the dialog"),
    ("F1 or ?", "this help"),
]

SCREEN_HELP: dict[str, tuple[str, Rows]] = {
    "GameScene": ("The board", [
        ("Click a hero card", "select that hero"),
        ("Click the selected hero / R / 🎲 roll", "roll its 🐎 (R-MOV-1)"),
        ("Hover a tile", "the path, its 🐎 cost and, on a hostile tile, your chance to win"),
        ("Click a lit tile", "walk there"),
        ("Click a tile past the lit ones", "walk this turn's part of the way, to the ⏳ (the rest dashed, its Days)"),
        ("G", "go on to the 🚩 that far click left (rolls the 🐎 first if needed)"),
        ("Click your City", "build and recruit (at Daybreak), or the garrison"),
        ("Ctrl+Z or U / Undo", "take back a move that revealed nothing (no die, token or fight)"),
        ("Space", "end the turn / the Daybreak"),
        ("Enter or Space in a notice", "its first button (an alliance offer or a vote takes a click)"),
        ("Ally? / End ally by a player", "propose an alliance; end one (only as your turn starts, R-ALLY-1)"),
        ("Tab", "next hero with 🐎 left (or still to roll)"),
        ("Computer speed button", "computer players at normal or fast speed (kept, as in Settings)"),
        ("Arrows / WASD, drag", "pan the board (up past its foot: the tiles under the log)"),
        ("Wheel, + / −", "zoom, out to the whole map (over the log: scroll back through the game)"),
        ("L, or click the log", "the whole log"),
        ("Esc", "menu: save, load, rules, settings, votes"),
        ("F5", "reload the map from disk (map makers)"),
    ]),
    "BattleScene": ("Battle", [
        ("Before the fight", "split your units into squads, Representative | Individual, Best split, To battle!"),
        ("Click your squad, then an enemy", "attack with it (R-BAT-4); click it again to unselect"),
        ("Normal | Fast | Instant", "how fast the dice roll"),
        ("Auto-battle", "the computer fights for you (it never retreats for you)"),
        ("Attacked by a computer", "this screen opens at once: watch, and choose on your move"),
        ("Space or a click on the field", "skip the animation; after the battle, Space continues"),
        ("Enter", "continue after the battle"),
        ("Retreat", "give up the battle (R-DEATH-3); Esc cancels the question"),
    ]),
    "CityScene": ("Your City", [
        ("Build", "one building per City per Day (R-DAY-4)"),
        ("Recruit", "heroes and units into the garrison"),
        ("◀ ▶ beside units", "move units between the City and the garrisoned hero (Shift: all of them)"),
        ("◀ ▶ beside the heroes", "the previous / next hero in the City, when more than three are there"),
        ("Shift-click − +", "ten at a time; hold a button to repeat"),
        ("Give / Store / Equip", "items between the armory and the hero; equip one per type (R-ITEM-3)"),
        ("Esc / Back to board", "back to the board"),
    ]),
    "TitleScene": ("New game", [
        ("Click a map", "choose the map (the picture shows it)"),
        ("Click a seat's kind / level / colour", "human or computer, its strength, its colour"),
        ("Normal | Campaign", "the ruleset"),
        ("Seed", "type digits, or 🎲 for a new one: the same seed replays the same game"),
        ("Day limit's number", "click it to type the days; − / + step, Shift for 50"),
        ("Enter, Tab", "in a name, the seed or the days: done typing (Tab: the next field); else Enter starts"),
        ("Start game", "start; the next new game opens with these choices"),
        ("Rules, Settings", "the rulebook; window, sound, speeds, hints"),
    ]),
    "RulesScene": ("Rules", [
        ("Click a section", "jump to it"),
        ("Wheel, arrows, PgUp/PgDn", "scroll (or drag the bar)"),
        ("Search box, Ctrl+F or /", "only the rules holding those words"),
        ("Click a search result", "read it in place"),
        ("Normal | Campaign", "the book of that ruleset"),
    ]),
    "DaybreakPanel": ("Daybreak", [
        ("Open", "a City's screen: build one building, recruit heroes and units (R-DAY-4)"),
        ("Found a City here", "a hero becomes the Mayor of a new Encampment (R-BLD-2)"),
        ("See the board / Esc", "look at the board; click your City there to come back"),
        ("End Daybreak, Space or Enter", "the next player's Daybreak, or the turns (with no hero yet: asked first)"),
    ]),
    "GameMenu": ("Menu", [
        ("Save game / Load game", "keep this game, or go back to a saved one"),
        ("Rules & votes", "propose switching an optional rule; every player votes (R-VOTE-1)"),
        ("Rulebook", "the rules of this mode, searchable"),
        ("Settings", "window, text size, speeds, hints, sound"),
        ("Esc / Resume", "back to the board"),
    ]),
    "SettingsScene": ("Settings", [
        ("Click a choice", "it takes effect at once and is kept for the next start"),
        ("Fullscreen", "fill the screen, or a resizable window"),
        ("Text and panels", "the size of text and panels, 80% to 150%"),
        ("Battle speed", "how fast new battles roll their dice; each battle can still switch"),
        ("− / +", "sound effects and music volume, in steps of 10%"),
        ("Show every hint again", "hints you closed with Got it come back"),
    ]),
}


def help_for(scene: Scene | None) -> tuple[str, Rows]:
    for cls in type(scene).__mro__ if scene is not None else ():
        if cls.__name__ in SCREEN_HELP:
            title, rows = SCREEN_HELP[cls.__name__]
            own = {keys for keys, _ in rows}
            return title, rows + [row for row in GENERAL if row[0] not in own]
    return "Help", GENERAL


def _typing(scene: Scene | None) -> bool:
    return any(getattr(w, "focused", False) for w in getattr(scene, "widgets", []))


def wants_help(event: pygame.event.Event, scene: Scene | None) -> bool:
    if isinstance(scene, HelpOverlay) or scene is None:
        return False
    if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
        return True
    return event.type == pygame.TEXTINPUT and event.text == "?" and not _typing(scene)


class HelpOverlay(Scene):
    def __init__(self, below: Scene | None) -> None:
        super().__init__()
        self.below = below
        self.title, self.rows = help_for(below)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.pop()
            return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if self.below is not None:
            self.below.apply_scale()
            self.below.draw(surface)
            self.apply_scale()
        textures.dim(surface, 170)
        self.panel = self.layout_panel(surface.get_size())
        panel, line_h = self.panel, self.line_h
        textures.draw_panel(surface, panel, "parchment", radius=16)
        size, words = widgets.fit_label(f"{self.title} — keys and mouse", theme.px(26), panel.w - theme.px(40), "title")
        title = widgets.text(words, size, theme.INK, "title")
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + theme.px(16))))
        y = panel.y + theme.px(66)
        text_size = theme.px(15)
        keys_w = max(render(keys, text_size, (120, 52, 20), "bold").get_width() for keys, _ in self.rows)
        split = panel.x + theme.px(28) + min(keys_w + theme.px(24), panel.w // 2)
        for keys, what in self.rows:
            if y + line_h > panel.bottom - theme.px(30):
                break
            surface.blit(render(keys, text_size, (120, 52, 20), "bold"), (panel.x + theme.px(28), y))
            size, what = widgets.fit_label(what, text_size, panel.right - theme.px(20) - split, "body")
            surface.blit(render(what, size, theme.INK), (split, y + (text_size - size) // 2))
            y += line_h
        foot = widgets.text("Any key or click closes this help", theme.px(13), theme.INK_SOFT)
        surface.blit(foot, foot.get_rect(midbottom=(panel.centerx, panel.bottom - theme.px(10))))

    def layout_panel(self, size: tuple[int, int]) -> pygame.Rect:
        """The help's parchment for this window (sizes at 1280x720 through theme.px); sets ``line_h``."""
        w, h = size
        self.line_h = max(theme.px(20), min(theme.px(30), (h - theme.px(150)) // max(1, len(self.rows))))
        panel = pygame.Rect(0, 0, min(theme.px(900), w - theme.px(40)),
                            min(h - theme.px(40), theme.px(110) + self.line_h * len(self.rows)))
        panel.center = (w // 2, h // 2)
        return panel
