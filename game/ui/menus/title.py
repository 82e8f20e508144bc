"""The title / new game screen: map, seats, mode, seed and optional rules -> NewGameOptions."""
from __future__ import annotations

from pathlib import Path
from typing import Callable, NamedTuple

import pygame

from game.map_players import made_for, players_text
from game.names import OPTION_HELP
from game.ui.kit import icons, textures, theme, widgets
from game.ui.menus.map_catalog import MapEntry, catalog, default_index, labels as map_labels
from game.ui.menus.options import (LEVEL_HELP, LEVEL_LABELS, MODES, NewGameOptions, OptionalRules, Seat, default_seats,
                                   next_level, random_seed)
from game.ui.kit.scene import Scene
from game.ui.kit.surfaces import screen_like
from game.ui.kit.theme import px

SAVES_DIR = Path.home() / ".fuzzyknights" / "saves"
ROW_H = 56


def _day_limit_range() -> tuple[int, int]:
    """The day limits a rules file may set (the schema's ``options.day_limit_days``)."""
    from game.engine.rules_schema import SCHEMA
    spec = SCHEMA.fields["options"].fields["day_limit_days"]
    return spec.low, spec.high


class ColourSwatch(widgets.Button):
    """The seat's colour with its hero; click to take the next free colour."""

    colour = 1

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surface, (20, 12, 6), r.move(0, 3), border_radius=8)
        pygame.draw.rect(surface, theme.seat_colour(self.colour), r, border_radius=8)
        pygame.draw.rect(surface, theme.GOLD if self.hovered else theme.WOOD_DARK, r, 2, border_radius=8)
        img = icons.token_sprite("hero", self.colour, None, r.h - 6)
        surface.blit(img, img.get_rect(center=r.center))


class SeatRow:
    """The widgets of one seat: colour swatch, name, Human/Computer, AI level, remove."""

    def __init__(self, scene: "TitleScene", index: int) -> None:
        self.scene, self.index = scene, index
        self.swatch = ColourSwatch("", lambda: scene.cycle_colour(index), tooltip="Click to change colour")
        self.name = widgets.TextField("", lambda v: scene.set_seat(index, name=v.strip() or f"Player {index + 1}"),
                                      max_len=14, tooltip="Click to rename")
        self.kind = widgets.Button("", lambda: scene.toggle_kind(index), size=15,
                                   tooltip="Human at this computer, or a computer player")
        self.level = widgets.Button("", lambda: scene.cycle_level(index), size=14)
        self.remove = widgets.Button("×", lambda: scene.remove_seat(index), size=18, tooltip="Remove this player")

    @property
    def widgets(self) -> list[widgets.Widget]:
        return [self.swatch, self.name, self.kind, self.level, self.remove]

    def place(self, x: int, y: int, w: int) -> None:
        self.swatch.rect = pygame.Rect(x, y + px(2), px(48), px(48))
        self.name.rect = pygame.Rect(x + px(58), y + px(8), w - px(58 + 274), px(36))
        self.kind.rect = pygame.Rect(self.name.rect.right + px(10), y + px(8), px(124), px(36))
        self.level.rect = pygame.Rect(self.kind.rect.right + px(8), y + px(8), px(90), px(36))
        self.remove.rect = pygame.Rect(self.level.rect.right + px(8), y + px(8), px(36), px(36))

    def sync(self, seat: Seat, removable: bool) -> None:
        self.name.value = seat.name if not self.name.focused else self.name.value
        self.swatch.colour = seat.colour
        self.kind.label = "Human" if seat.kind == "human" else "Computer"
        self.kind.icon = "hero" if seat.kind == "human" else "dice"
        self.level.label = LEVEL_LABELS.get(seat.ai_level, seat.ai_level.title())
        self.level.tooltip = "\n".join(filter(None, [LEVEL_HELP.get(seat.ai_level),
                                                     f"Click for {LEVEL_LABELS[next_level(seat.ai_level)]}"]))
        self.level.visible = seat.kind == "computer"
        self.remove.visible = removable


MAP_ROW_MIN = 26          # a map button's least height (at 1280x720) before the list scrolls


class TitleScene(Scene):
    design_room = (1280, 720)      # three fixed columns: a large text setting grows them only where they fit

    def __init__(self, maps: list[MapEntry] | None = None,
                 on_start: Callable[[NewGameOptions], None] | None = None,
                 saves_dir: Path | None = None, preset: "TitlePreset | None" = None,
                 remember_setup: bool = False) -> None:
        """``remember_setup``: the player's title screen, which opens on the last new game's setup
        (``last_setup``) and keeps the setup of each game it starts."""
        super().__init__()
        from game.ui.menus.saves import saves_dir as default_saves_dir   # save/load hook
        self.saves_dir = saves_dir = Path(saves_dir) if saves_dir is not None else default_saves_dir()
        self.maps = maps if maps is not None else catalog()
        self.watch_own_maps = maps is None      # maps put in the player's folder later join the list (layout)
        self.on_start = on_start
        self.map_index = default_index(self.maps)
        self.map_scroll = 0               # the first map row shown, when more maps are kept than fit
        self.map_rows_shown = len(self.maps)
        self.map_list_rect = pygame.Rect(0, 0, 0, 0)
        self.shown = False          # the chosen map is loaded after the first frame: the window opens at once
        self.seats: list[Seat] = default_seats(2)
        self.mode = "normal"
        self.seed = random_seed()
        self.seed_chosen = False          # typed or given on the command line: kept for the next game too
        self.rules = OptionalRules()
        self.day_limit_days = 30
        self.rules_file: str | None = None     # python -m game --rules FILE: a playtester's rule data
        self.started: NewGameOptions | None = None

        self.map_buttons = [widgets.Button(label, (lambda i=i: self.select_map(i)), size=16)
                            for i, label in enumerate(map_labels(self.maps))]
        self.seat_rows = [SeatRow(self, i) for i in range(4)]
        self.random_button = widgets.Button("Random map", self.random_map, icon="dice", size=15,
                                            tooltip="A new map, fair to every seat, from the seed and players chosen; again: another")
        self.add_seat_button = widgets.Button("Add player", self.add_seat, icon="hero", size=15)
        self.mode_toggle = widgets.Toggle(["Normal", "Campaign"], 0, self._set_mode, size=16)
        self.seed_field = widgets.TextField(str(self.seed), self._set_seed, max_len=9, allowed=str.isdigit, size=18,
                                            tooltip="The same seed and moves replay the same game")
        self.reroll = widgets.Button("", self.reroll_seed, icon="dice", tooltip="Roll a new seed")
        self.rule_boxes = {
            "starting_hero": widgets.Checkbox("Starting hero", False, lambda v: self._set_rule("starting_hero", v),
                                              tooltip=OPTION_HELP["starting_hero"]),
            "legacy_gold_mine": widgets.Checkbox("Legacy gold mine", False,
                                                 lambda v: self._set_rule("legacy_gold_mine", v),
                                                 tooltip=OPTION_HELP["legacy_gold_mine"]),
            "hero_cap_2": widgets.Checkbox("At most 2 heroes each", False, lambda v: self._set_rule("hero_cap_2", v),
                                           tooltip=OPTION_HELP["hero_cap"]),
            "shared_victory": widgets.Checkbox("Shared victory", False,
                                               lambda v: self._set_rule("shared_victory", v),
                                               tooltip=OPTION_HELP["shared_victory"]),
            "day_limit": widgets.Checkbox("Day limit", False, self._set_day_limit_on,
                                          tooltip=OPTION_HELP["day_limit"]),
        }
        # its range and the hero cap's count come from the rules after the first frame (no engine at start-up)
        self.day_spinner = widgets.Spinner(self.day_limit_days, 1, self.day_limit_days, 5, self._set_day_limit_days,
                                           fmt=lambda d: f"{d} day" if d == 1 else f"{d} days", typeable=True)
        self.day_spinner.tooltip = "Click the number to type one; Shift-click: 50 days at a time"
        self.hero_cap_count = 2
        self.rules_read = False
        self.continue_button = widgets.Button("Continue", self.continue_game, size=17)
        self.load_button = widgets.Button("Load", self.load_game, size=17)
        self._sync_save_buttons()
        self.quit_button = widgets.Button("Quit", self.quit, size=17)
        self.rules_button = widgets.Button("Rules", self.open_rules, size=17, tooltip="The rulebook of the chosen mode")
        self.settings_button = widgets.Button("Settings", self.open_settings, size=17,
                                              tooltip="Window, text size, speeds, hints, sound")
        self.start_button = widgets.Button("Start game", self.start, icon="swords", size=20)
        self.widgets = (self.map_buttons + [self.random_button] + [w for row in self.seat_rows for w in row.widgets]
                        + [self.add_seat_button, self.mode_toggle, self.seed_field, self.reroll]
                        + list(self.rule_boxes.values()) + [self.day_spinner, self.continue_button,
                                                            self.load_button, self.quit_button, self.start_button,
                                                            self.rules_button, self.settings_button])
        self.remember_setup = remember_setup
        self.file_problems: list[str] = []
        if remember_setup:
            from game.ui.menus.last_setup import recall
            self.apply_last_setup(recall())
        if preset is not None and not (remember_setup and preset == TitlePreset()):   # plain `python -m game`
            self.apply_preset(preset)
        self._sync()

    def apply_last_setup(self, last) -> None:
        """The last new game's map, mode, seats and optional rules (parts that no longer fit are skipped)."""
        if last is None:
            return
        self.file_problems = list(last.problems)       # shown when the window opens (game.ui.app.run)
        if last.map is not None:
            exact = [i for i, m in enumerate(self.maps) if m.path and _same_file(m.path, last.map)]
            moved = [i for i, m in enumerate(self.maps)        # a shipped map, the game installed elsewhere
                     if m.path and not m.own and Path(m.path).name == Path(last.map).name]
            if exact or moved:
                self.map_index = (exact or moved)[0]
        if last.mode is not None:
            self.mode = last.mode
            self.mode_toggle.index = MODES.index(last.mode)
        if last.seats is not None:
            self.seats = list(last.seats)
        if last.day_limit_days is not None:
            self.day_limit_days = self.day_spinner.value = last.day_limit_days
            self.day_spinner.maximum = max(self.day_spinner.maximum, last.day_limit_days)
        if last.rules is not None:
            self.rules = last.rules
            if self.rules.day_limit is not None:
                self.day_limit_days = self.day_spinner.value = self.rules.day_limit
                self.day_spinner.maximum = max(self.day_spinner.maximum, self.rules.day_limit)
            for name, box in self.rule_boxes.items():
                box.checked = getattr(self.rules, name) not in (False, None)

    def apply_preset(self, preset: "TitlePreset") -> None:
        """The command line's choices, preselected: mode, players, seed, and a rules file's [options]."""
        # `--seed 7` alone opened a remembered Campaign setup on Normal; a rules file was checked as Normal's
        mode = preset.mode or ("normal" if preset.rules_file else None)
        if mode is not None:
            self.mode = mode
            self.mode_toggle.index = MODES.index(mode)
        if preset.seed is not None:
            self.seed = preset.seed
            self.seed_chosen = True
            self.seed_field.value = str(preset.seed)
        if preset.players:
            lo, hi = self.selected_map.players
            self.seats = default_seats(max(lo, min(hi, preset.players)))
        if preset.rules_file:
            from game.engine import load_rules
            self.rules_file = preset.rules_file
            self.rules = optional_rules_of(load_rules(self.mode, overlay=preset.rules_file))
            self._read_rule_numbers()
            if self.rules.day_limit is not None:
                self.day_limit_days = self.day_spinner.value = self.rules.day_limit
            for name, box in self.rule_boxes.items():
                box.checked = getattr(self.rules, name) not in (False, None)

    # the options ------------------------------------------------------------------
    @property
    def selected_map(self) -> MapEntry:
        return self.maps[self.map_index]

    @property
    def options(self) -> NewGameOptions:
        rules = OptionalRules(self.rules.starting_hero, self.rules.legacy_gold_mine, self.rules.hero_cap_2,
                              self.rules.day_limit, self.rules.shared_victory)
        return NewGameOptions(map_path=self.selected_map.path, mode=self.mode, seats=list(self.seats),
                              seed=self.seed, rules=rules, rules_file=self.rules_file)

    def select_map(self, index: int) -> None:
        self.map_index = index
        if not self.map_scroll <= index < self.map_scroll + self.map_rows_shown:   # the chosen map in view
            self.map_scroll = max(0, index - self.map_rows_shown + 1) if index >= self.map_scroll else index
            if self.app is not None:
                self.layout(self.size)
        self.maps[index].load()      # a map is read and checked when chosen, not at start-up
        self._relabel_maps()
        lo, hi = self.selected_map.players
        while len(self.seats) < lo:
            self.add_seat()
        self.seats = self.seats[:hi]
        self._sync()

    def random_map(self) -> None:
        """Make a fair random map for the seed and seats chosen, keep it with the player's maps, choose it;
        with that map chosen already, a new seed's map."""
        from game import userdata
        from game.maps.random_map import Unfair, game_map_path, new_game_map
        from game.ui.menus.map_catalog import load_entry
        chosen = self.selected_map.path
        again = game_map_path(userdata.user_maps_dir(), players=len(self.seats), seed=self.seed)
        if chosen and Path(chosen).resolve() == again.resolve():
            self.reroll_seed()                  # asked again: another map, not the one already chosen
        try:
            path = new_game_map(userdata.user_maps_dir(), players=len(self.seats), seed=self.seed)
        except (Unfair, OSError) as error:
            from game.ui.menus.map_error import MapErrorScene
            self.push(MapErrorScene("Random map", [f"No random map could be made: {error}"]))
            return
        known = [i for i, m in enumerate(self.maps) if m.path and Path(m.path).resolve() == path.resolve()]
        if known:
            self.select_map(known[0])
            return
        entry = load_entry(path)
        entry.own = True
        index = self._add_map(entry)
        self.select_map(index)
        self.layout(self.size)

    def _add_map(self, entry: MapEntry) -> int:
        """A map at the end of the list, with its button; returns its index."""
        index = len(self.maps)
        self.maps.append(entry)
        button = widgets.Button(entry.title, lambda: self.select_map(index), size=16)
        self.map_buttons.append(button)
        self._relabel_maps()
        self.widgets.insert(self.widgets.index(self.random_button), button)
        return index

    def _relabel_maps(self) -> None:
        """The buttons say the titles read last (a map saved again may have a new one); copies of one map
        show their files."""
        for button, label in zip(self.map_buttons, map_labels(self.maps)):
            button.label = label

    def _pick_up_new_maps(self) -> None:
        """Maps put in the player's maps folder since the list was read (while a game ran, or the title
        stood open) join it when this screen is shown or laid out again: before, only a restart showed them."""
        if not self.watch_own_maps:
            return
        from game.ui.menus.map_catalog import entry_for, user_maps
        known = {Path(entry.path).resolve() for entry in self.maps if entry.path}
        for path in user_maps():
            if path.resolve() not in known:
                self._add_map(entry_for(path, own=True))

    def set_seat(self, index: int, **changes) -> None:
        self.seats[index] = self.seats[index]._replace(**changes)
        self._sync()

    def toggle_kind(self, index: int) -> None:
        self.set_seat(index, kind="computer" if self.seats[index].kind == "human" else "human")

    def cycle_level(self, index: int) -> None:
        self.set_seat(index, ai_level=next_level(self.seats[index].ai_level))

    def cycle_colour(self, index: int) -> None:
        taken = {s.colour for i, s in enumerate(self.seats) if i != index}
        colour = self.seats[index].colour
        for _ in range(4):
            colour = colour % 4 + 1
            if colour not in taken:
                break
        self.set_seat(index, colour=colour)

    def add_seat(self) -> None:
        if len(self.seats) >= min(4, self.selected_map.players[1]):
            return
        taken_colours = {s.colour for s in self.seats}
        taken_names = {s.name for s in self.seats}
        colour = next(c for c in range(1, 5) if c not in taken_colours)
        name = next(s.name for s in default_seats(4) if s.name not in taken_names)
        self.seats.append(Seat(name, colour, "computer"))
        self._sync()

    def remove_seat(self, index: int) -> None:
        if len(self.seats) > self.selected_map.players[0]:
            del self.seats[index]
            self._sync()

    def _set_mode(self, index: int) -> None:
        self.mode = ("normal", "campaign")[index]
        self._read_rule_numbers()
        self._sync()                    # a map may take fewer players in Campaign

    def _read_rule_numbers(self) -> None:
        """The hero cap's count as the chosen mode's rules (and a --rules file) set it (R-BLD-6 [OPT])."""
        from game.engine import load_rules
        from game.engine.rules import RulesError
        self.rules_read = True
        self.day_spinner.minimum, self.day_spinner.maximum = _day_limit_range()
        try:
            self.hero_cap_count = load_rules(self.mode, overlay=self.rules_file)["options"]["hero_cap_count"]
        except (RulesError, OSError):
            return          # the rules file's problem is reported when the game starts
        n = self.hero_cap_count
        self.rule_boxes["hero_cap_2"].label = f"At most {n} hero{'' if n == 1 else 'es'} each"
        self.rule_boxes["hero_cap_2"].tooltip = f"Cap of {n} hero{'' if n == 1 else 'es'} per player (R-BLD-6)"

    def _set_seed(self, text: str) -> None:
        if text.isdigit() and int(text) != self.seed:
            self.seed, self.seed_chosen = int(text), True
        self.seed_field.value = str(self.seed)

    def reroll_seed(self) -> None:
        self.seed, self.seed_chosen = random_seed(), False
        self.seed_field.value = str(self.seed)

    def _set_rule(self, name: str, value: bool) -> None:
        setattr(self.rules, name, value)

    def _set_day_limit_on(self, on: bool) -> None:
        if not self.rules_read:
            self._read_rule_numbers()
        self.rules.day_limit = self.day_limit_days if on else None

    def _set_day_limit_days(self, days: int) -> None:
        self.day_limit_days = days
        if self.rules.day_limit is not None:
            self.rules.day_limit = days

    def _sync(self) -> None:
        lo, hi = self.selected_map.players
        for i, row in enumerate(self.seat_rows):
            shown = i < len(self.seats)
            for w in row.widgets:
                w.visible = shown
            if shown:
                row.sync(self.seats[i], removable=len(self.seats) > lo)
        self.add_seat_button.visible = len(self.seats) < hi
        unfit = self.count_problem() or self.name_problem()
        self.start_button.enabled, self.start_button.tooltip = not unfit, unfit
        for i, button in enumerate(self.map_buttons):
            button.selected = i == self.map_index
            button.marked = not self.maps[i].ok        # a red "!" beside the title of a map found broken
        self.day_spinner.visible = self.rules.day_limit is not None

    # buttons -------------------------------------------------------------------------
    def count_problem(self) -> str:
        """Why the seats cannot play the chosen map ("" when they can): a map may be made for 2 or 4 only."""
        counts = self.selected_map.counts_for(self.mode)
        if len(self.seats) in counts:
            return ""
        return f"Made for {made_for(counts, self.selected_map.counts)}: add or remove a player"

    def name_problem(self) -> str:
        """Why the seats' names cannot start a game ("" when they can): two players of one name made the
        turn order, the log and the handoff cover ("Ana, your move") tell nobody which of them is meant."""
        seen: dict[str, str] = {}
        for seat in self.seats:
            key = " ".join(seat.name.split()).casefold()
            if key in seen:
                return f"Two players are called {seat.name}: give each a name of their own"
            seen[key] = seat.name
        return ""

    def start(self) -> None:
        self.finish_typing()            # the game starts with what the fields show
        entry = self.selected_map.load()
        if not entry.ok:
            from game.ui.menus.map_error import MapErrorScene
            self.push(MapErrorScene(entry.title, entry.problems, source=entry.path, retry=self.start))
            return
        if self.count_problem() or self.name_problem():
            return                      # the Start button is off and says why; a key press lands here
        self.started = self.options
        if not self.seed_chosen:        # back on this screen, the next game gets its own dice
            self.reroll_seed()
        if self.remember_setup:
            from game.ui.menus.last_setup import remember
            remember(self.started, self.day_limit_days)
        if self.on_start:
            self.on_start(self.started)
        else:
            self.push(start_scene_for(self.started, entry.board))

    def _sync_save_buttons(self) -> None:
        """Continue and Load work when the saves folder holds a save (checked again on coming back here)."""
        from game.ui.menus.saves import has_saves
        found = has_saves(self.saves_dir)
        for button in (self.continue_button, self.load_button):
            button.enabled, button.tooltip = found, "" if found else "No saved games yet"

    def continue_game(self) -> None:
        from game.ui.menus.saves import continue_newest
        continue_newest(self, self.saves_dir)

    def load_game(self) -> None:
        from game.ui.menus.saves import LoadDialog
        self.push(LoadDialog(folder=self.saves_dir))

    def open_rules(self) -> None:
        from game.ui.menus.rules_screen import open_rules
        open_rules(self)

    def open_settings(self) -> None:
        from game.ui.menus.settings_screen import SettingsScene
        self.push(SettingsScene())

    def quit(self) -> None:
        if self.app:
            self.app.quit()

    # layout & drawing -----------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Designed at 1280x720; every size goes through ``theme.px`` so the screen scales with the window."""
        super().layout(size)
        self._pick_up_new_maps()
        self.scale_widgets()
        self._sync_save_buttons()
        w, h = size
        top, bottom, gap = px(118), px(84), px(20)
        body_h = h - top - bottom
        left_w, right_w = px(min(380, 1280 // 3 - 40)), px(min(340, 1280 // 4))
        self.left = pygame.Rect(gap, top, left_w, body_h)
        self.right = pygame.Rect(w - gap - right_w, top, right_w, body_h)
        self.middle = pygame.Rect(self.left.right + gap, top, self.right.x - self.left.right - 2 * gap, body_h)

        list_y = self.left.y + px(52)
        inset = px(18)
        room = self.left.h - px(52 + 160)              # the preview and its two lines keep the rest
        rows = len(self.map_buttons)
        shown = max(1, min(rows, room // px(MAP_ROW_MIN + 6) - 1))      # beside the Random map button
        row_h = max(px(MAP_ROW_MIN), min(px(38), room // (shown + 1) - px(6)))  # many maps: thinner, then a scroll
        self.map_rows_shown = shown
        self.map_scroll = min(max(0, self.map_scroll), rows - shown)
        for i, b in enumerate(self.map_buttons):
            row = i - self.map_scroll
            b.visible = 0 <= row < shown
            b.rect = pygame.Rect(self.left.x + inset, list_y + row * (row_h + px(6)), self.left.w - 2 * inset, row_h)
        self.map_list_rect = pygame.Rect(self.left.x, list_y, self.left.w, shown * (row_h + px(6)))
        self.random_button.rect = pygame.Rect(self.left.x + inset, list_y + shown * (row_h + px(6)),
                                              self.left.w - 2 * inset, row_h)
        thumb_top = list_y + (shown + 1) * (row_h + px(6)) + px(10)
        self.thumb_rect = pygame.Rect(self.left.x + inset, thumb_top, self.left.w - 2 * inset,
                                      max(px(40), self.left.bottom - thumb_top - px(62)))   # two lines below

        y = self.middle.y + px(56)
        for row in self.seat_rows:
            row.place(self.middle.x + px(20), y, self.middle.w - px(40))
            y += px(ROW_H + 8)
        self.add_seat_button.rect = pygame.Rect(self.middle.x + px(20), y + px(4), px(170), px(38))
        self.players_hint_y = y + px(56)

        x = self.right.x + px(20)
        rw = self.right.w - px(40)
        self.mode_toggle.rect = pygame.Rect(x, self.right.y + px(56), rw, px(42))
        self.seed_label_y = self.right.y + px(116)
        self.seed_field.rect = pygame.Rect(x, self.right.y + px(140), rw - px(56), px(40))
        self.reroll.rect = pygame.Rect(self.seed_field.rect.right + px(10), self.right.y + px(140), px(46), px(40))
        self.rules_label_y = self.right.y + px(200)
        ry = self.right.y + px(226)
        step = max(px(24), min(px(34), (self.right.bottom - px(12 + 34) - ry) // len(self.rule_boxes)))  # + spinner
        for box in self.rule_boxes.values():
            box.rect = pygame.Rect(x, ry, rw, min(px(30), step - 2))
            ry += step
        self.day_spinner.rect = pygame.Rect(x + px(30), ry, min(px(200), rw - px(30)), px(34))

        by = h - bottom + px(18)
        self.start_button.rect = pygame.Rect(w - gap - px(220), by, px(220), px(52))
        self.quit_button.rect = pygame.Rect(gap, by + px(4), px(120), px(46))
        self.rules_button.rect = pygame.Rect(self.quit_button.rect.right + px(12), by + px(4), px(110), px(46))
        self.settings_button.rect = pygame.Rect(self.rules_button.rect.right + px(12), by + px(4), px(130), px(46))
        self.load_button.rect = pygame.Rect(self.start_button.rect.x - px(140), by + px(4), px(124), px(46))
        self.continue_button.rect = pygame.Rect(self.load_button.rect.x - px(150), by + px(4), px(138), px(46))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not self.typing_in():       # Enter in a field finishes the typing (the field takes it)
            self.start()
            return True
        if event.type == pygame.MOUSEWHEEL and self.map_list_rect.collidepoint(self.mouse) \
                and len(self.map_buttons) > self.map_rows_shown:
            self.map_scroll -= event.y          # more maps than fit: the wheel scrolls the list
            self.layout(self.size)
            return True
        used = super().handle_event(event)
        self._sync()
        return used

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.shown and not self.selected_map.loaded:
            self.select_map(self.map_index)
        if self.shown and not self.rules_read:
            self._read_rule_numbers()

    def draw(self, surface: pygame.Surface) -> None:
        self.shown = True
        surface.blit(self._backdrop(surface.get_size()), (0, 0))
        self._draw_map_preview(surface)
        self._draw_map_scroll_note(surface)
        self._draw_seat_swatches(surface)
        self._draw_game_labels(surface)
        super().draw(surface)

    def _backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """The wood, the title and the three empty panels with their captions: drawn again only when the
        window's size or the layout changes (they were most of every frame's drawing)."""
        key = (size, theme.ui_scale(), tuple(self.left), tuple(self.middle), tuple(self.right))
        if getattr(self, "_backdrop_key", None) != key:
            backdrop = screen_like(size)
            backdrop.blit(textures.wood(size[0], size[1], seed=11, plank=60), (0, 0))
            self._draw_title(backdrop)
            for rect, caption in ((self.left, "Choose a map"), (self.middle, "Players"), (self.right, "Game")):
                textures.draw_panel(backdrop, rect, "parchment", radius=14)
                cap = widgets.text(caption, px(24), theme.INK, "heading")
                backdrop.blit(cap, (rect.x + px(20), rect.y + px(14)))
                pygame.draw.line(backdrop, (170, 140, 96), (rect.x + px(18), rect.y + px(46)),
                                 (rect.right - px(18), rect.y + px(46)), 2)
            self._backdrop_picture, self._backdrop_key = backdrop, key
        return self._backdrop_picture

    def _draw_map_scroll_note(self, surface: pygame.Surface) -> None:
        """"▲ 2 · ▼ 3 more (wheel)" beside the caption when the list holds more maps than it shows."""
        above = self.map_scroll
        below = len(self.map_buttons) - self.map_scroll - self.map_rows_shown
        if above <= 0 and below <= 0:
            return
        parts = ([f"▲ {above}"] if above > 0 else []) + ([f"▼ {below}"] if below > 0 else [])
        caption = widgets.text("Choose a map", px(24), theme.INK, "heading").get_width()
        room = self.left.w - px(40) - caption - px(12)
        for words in (" · ".join(parts) + " more (wheel)", " · ".join(parts) + " more", " ".join(parts)):
            note = widgets.text(words, px(13), theme.INK_SOFT, "bold")
            if note.get_width() <= room:
                break
        surface.blit(note, note.get_rect(bottomright=(self.left.right - px(20), self.left.y + px(42))))

    def _draw_title(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        banner = widgets.text("Fuzzy Knights", px(56), theme.GOLD, "title", (20, 10, 4))
        rect = banner.get_rect(midtop=(w // 2, px(16)))
        surface.blit(banner, rect)
        for side in (-1, 1):
            img = icons.icon("shield" if side < 0 else "swords", px(52))
            surface.blit(img, img.get_rect(center=(rect.centerx + side * (rect.w // 2 + px(44)), rect.centery + 2)))
        sub = widgets.text("A game of dice, heroes and castles", px(17), theme.CREAM, "body", (20, 10, 4))
        surface.blit(sub, sub.get_rect(midtop=(w // 2, rect.bottom + 2)))

    def _play_time(self, entry) -> str:
        """The lab's estimate for a shipped map at this many seats (``maps/calibration.json``);
        says so when there is none (a player's own map, a count not measured)."""
        from game.lab.calibration import play_time_text
        shipped = entry.path is not None and not getattr(entry, "own", False)
        return play_time_text(Path(entry.path).stem if shipped else None, len(self.seats), mode=self.mode)

    def _draw_map_preview(self, surface: pygame.Surface) -> None:
        entry = self.selected_map
        frame = self.thumb_rect
        pygame.draw.rect(surface, (60, 44, 30), frame, border_radius=8)
        if entry.board is not None:
            if frame.h > 40:                     # (too small a window for a picture: the lines below still say)
                from game.ui.menus.thumbnail import render_thumbnail
                thumb = render_thumbnail(entry.board, (frame.w - 12, frame.h - 12))
                surface.blit(thumb, (frame.x + 6, frame.y + 6))
        else:
            count = len(entry.problems)
            msg = widgets.text((f"This map has {count} problem" + ("s" if count != 1 else "")) if entry.loaded
                               else "Reading the map…", px(16), theme.CREAM, "bold")
            surface.blit(msg, msg.get_rect(center=frame.center))
        pygame.draw.rect(surface, theme.WOOD_DARK, frame, 3, border_radius=8)
        size, words = widgets.fit_label(f"{players_text(entry.counts_for(self.mode))} · {entry.size_text}", px(15),
                                        self.left.w - px(24))
        info = widgets.text(words, size, theme.INK_SOFT, "bold")
        surface.blit(info, info.get_rect(midtop=(frame.centerx, frame.bottom + px(10))))
        unfit = self.count_problem() if entry.ok else ""
        line = ((unfit or f"{len(self.seats)} players: {self._play_time(entry)}") if entry.ok
                else "Start game lists what to fix" if entry.loaded else "")
        if line:
            size, words = widgets.fit_label(line, px(14), self.left.w - px(24), "body")
            note = widgets.text(words, size, theme.INK_SOFT if entry.ok and not unfit else theme.DANGER)
            surface.blit(note, note.get_rect(midtop=(frame.centerx, frame.bottom + px(30))))

    def seat_hints(self) -> list[str]:
        """The notes under the seats: taking turns at one computer only matters to two humans or more."""
        hotseat = sum(seat.kind == "human" for seat in self.seats) >= 2
        return ((["Players take turns at this computer; pass the mouse when asked."] if hotseat else [])
                + ["Who goes first is rolled on the dice when the game starts."])

    def _draw_seat_swatches(self, surface: pygame.Surface) -> None:
        clash = self.name_problem()         # in red, first: the reason the Start button is off
        hints = ([clash] if clash else []) + self.seat_hints()
        lines = [(line, hint is clash) for hint in hints for line in widgets.wrap(hint, px(14), self.middle.w - px(44))]
        y = min(self.players_hint_y, self.middle.bottom - px(12) - px(20) * len(lines))
        for line, red in lines:
            surface.blit(widgets.text(line, px(14), theme.DANGER if red else theme.INK_SOFT), (self.middle.x + px(22), y))
            y += px(20)

    def _draw_game_labels(self, surface: pygame.Surface) -> None:
        x = self.right.x + px(20)
        surface.blit(widgets.text("Seed", px(17), theme.INK, "bold"), (x, self.seed_label_y))
        label = "Optional rules" if not self.rules_file else f"Optional rules · {Path(self.rules_file).name}"
        size, label = widgets.fit_label(label, px(17), self.right.w - px(40))
        surface.blit(widgets.text(label, size, theme.INK, "bold"), (x, self.rules_label_y))


def _same_file(path: str, other: str) -> bool:
    try:
        return Path(path).resolve() == Path(other).resolve()
    except OSError:
        return False


class TitlePreset(NamedTuple):
    """What ``python -m game`` without ``--map`` passes to the title screen (``mode`` None: not chosen)."""
    mode: str | None = None
    players: int | None = None
    seed: int | None = None
    rules_file: str | None = None


def optional_rules_of(rules) -> OptionalRules:
    """The title screen's [OPT] switches as a rules file sets them."""
    opts = rules["options"]
    return OptionalRules(opts["starting_hero"], opts["legacy_gold_mine"], opts["hero_cap"],
                         opts["day_limit_days"] if opts["day_limit"] else None, opts["shared_victory"])


def start_scene_for(options: NewGameOptions, board=None) -> Scene:
    """The scene a new game opens on; a broken map opens the map error scene."""
    from game.ui.board.launch import make_board_scene
    return make_board_scene(options, board)
