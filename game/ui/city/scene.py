"""The City screen: tier, buildings, recruiting, garrison and armory of one City.

Opened by clicking an own City on the board (``open_city_scene(scene, city_id)``)
or from the Daybreak panel. Every button becomes an engine action (Build,
Recruit, TransferUnits, TransferItem, EquipItem) submitted through the session;
a refusal is shown as a toast with the engine's reason. Buildings that cannot
be built say why in words ("needs Castle"), and costs the purse cannot pay are
drawn in red.
"""
from __future__ import annotations

import pygame

from game.engine import actions as A
from game.engine.economy import build_options
from game.engine.purse import scaled
from game.names import short_unit_name, state_item_name, units_word
from game.ui.city.effects import building_effect
from game.ui.kit import icons, textures, theme, widgets
from game.ui.menus.base import submit_and_rebuild
from game.ui.menus.base import (GOOD, MutedButton, banner, cost_surface, needs_more, nice_name, purse_surface,
                               refresh_board, section)
from game.ui.kit.rich_text import render
from game.ui.kit.scene import Scene
from game.ui.kit.theme import px

HEADER_H = 92


def open_city_scene(scene: Scene, city_id: int) -> None:
    """The board's hook: show the City screen of ``city_id`` over ``scene``."""
    session = getattr(scene, "session", None)
    if session is None or city_id not in session.state.cities:
        return
    scene.push(CityScene(session, city_id))


def _spawner_key(name: str) -> tuple:
    parts = name.split("_")
    if name.startswith(("spawner_", "unit_")) and len(parts) == 3:
        return (1, int(parts[2]), int(parts[1]))
    return (0, 0, 0)


def item_text(state, item) -> str:
    return state_item_name(state, item)


class Row:
    """One line of a list: what it shows, and its button(s)."""

    def __init__(self, rect: pygame.Rect, name: str, title: str, status: str = "", status_colour=theme.INK_SOFT,
                 cost: dict | None = None, blocked: bool = False) -> None:
        self.rect, self.name, self.title = rect, name, title
        self.status, self.status_colour, self.cost = status, status_colour, cost
        self.blocked = blocked          # its button is muted: a click says the status instead of acting


TABS = 3                  # hero tabs shown at once on the garrison panel


class CityScene(Scene):
    design_room = (1180, 660)      # three fixed columns: a large text setting grows them only where they fit

    def __init__(self, session, city_id: int) -> None:
        super().__init__()
        self.session, self.state, self.city_id = session, session.state, city_id
        self.below: Scene | None = None
        self.counts: dict[str, int] = {}          # recruit spinner values
        self.move_counts: dict[str, int] = {}     # unit transfer spinner values
        self.hero_id: int | None = None
        self.back = widgets.Button("Back to board", self.close, icon="shield", size=17)
        self.build_rows: list[Row] = []
        self.recruit_rows: list[Row] = []
        self.unit_rows: list[Row] = []
        self.item_rows: list[Row] = []
        self.build_buttons: dict[str, MutedButton] = {}
        self.recruit_buttons: dict[str, MutedButton] = {}
        self.recruit_spinners: dict[str, widgets.Spinner] = {}
        self.hero_tabs: list[widgets.Button] = []
        self.unit_buttons: dict[tuple[str, int], widgets.Button] = {}
        self.unit_spinners: dict[str, widgets.Spinner] = {}
        self.item_buttons: dict[tuple[int, str], widgets.Button] = {}
        self.scroll = {"build": 0, "recruit": 0}     # pixels scrolled in a list taller than its panel

    # --- engine state ---------------------------------------------------------------
    @property
    def city(self):
        return self.state.cities[self.city_id]

    @property
    def seat(self) -> int:
        return self.city.owner

    @property
    def campaign(self) -> bool:
        return self.state.rules.mode == "campaign"

    def heroes_here(self) -> list:
        city = self.city
        return [h for h in self.state.heroes_at(city.cell) if h.owner == city.owner]

    def can_build_now(self) -> tuple[bool, str]:
        """Whether the Daybreak build step is open for this City, and if not, why (in words)."""
        ok, why, _ = self._build_step()
        return ok, why

    def _build_step(self) -> tuple[bool, str, str]:
        """``can_build_now`` and the same reason in the few words a row has room for."""
        state, city = self.state, self.city
        if city.sieged:
            return False, "Under siege: no income, building or recruiting this Daybreak", "Not while besieged"
        if state.phase != "daybreak" or state.current_player != city.owner:
            return False, "Building and recruiting happen at your Daybreak", "Only at your Daybreak"
        if state.pending:
            return False, "Answer the question on the board first", "Answer the board first"
        return True, "", ""

    def builds_left(self) -> int:
        return max(0, self.state.rules["daybreak"]["builds_per_city_per_day"] - self.city.built_today)

    def status_text(self, name: str) -> str:
        """What a building or recruit row says about ``name`` (for the screen and tests)."""
        row = self._row(name)
        return row.status if row is not None else ""

    def _row(self, name: str) -> Row | None:
        return next((row for row in self.build_rows + self.recruit_rows if row.name == name), None)

    def _refused(self, name: str) -> bool:
        """A click on a muted button: the row's reason as a message (the closed step's reason in full),
        and nothing is submitted."""
        row = self._row(name)
        if row is None or not row.blocked:
            return False
        open_now, why = self.can_build_now()
        self.toast.show(f"{row.title}: {row.status if row.status_colour == theme.DANGER or open_now else why}")
        return True

    def _blocking_status(self, cost: dict, missing: list[str], own_spawner: str | None = None) -> str:
        """Why a building or recruit cannot be had, one reason in the player's words ("" if none):
        what it needs first, else what the purse lacks."""
        if missing:
            if missing == [own_spawner]:
                return "Needs its spawner"            # beside its own "Tier 1 ⭐⭐" title
            return "Needs " + ", ".join(nice_name(m) for m in missing)
        return needs_more(cost, self.state.players[self.city.owner].purse)

    # --- acting ---------------------------------------------------------------------
    def submit(self, action) -> bool:
        return submit_and_rebuild(self, action)

    def build(self, name: str) -> None:
        if not self._refused(name):
            self.submit(A.Build(self.seat, self.city_id, name))

    def recruit(self, name: str) -> None:
        if self._refused(name):
            return
        count = 1 if name == "hero" else self.counts.pop(name, 1)    # a recruit done, the stepper starts at 1 again
        if not self.submit(A.Recruit(self.seat, self.city_id, name, count)) and name != "hero":
            self.counts[name] = count                                  # refused: the count stays for another try

    def move_units(self, unit: str, sign: int) -> None:
        if self.hero_id is None:
            self.toast.show("A hero must stand in this City to take units")
            return
        hero = self.state.heroes[self.hero_id]
        have = (self.city.garrison if sign > 0 else hero.army).get(unit, 0)
        # the stepper may show more than this side holds (it counts for both ways): move what there is;
        # Shift moves them all
        wanted = have if pygame.key.get_mods() & pygame.KMOD_SHIFT else self.move_counts.get(unit, 1)
        self.submit(A.TransferUnits(self.seat, self.hero_id, unit, sign * max(1, min(have, wanted))))

    def move_item(self, item_id: int, to_hero: bool) -> None:
        if self.hero_id is not None:
            self.submit(A.TransferItem(self.seat, self.hero_id, item_id, to_hero))

    def equip(self, item_id: int) -> None:
        if self.hero_id is not None:
            self.submit(A.EquipItem(self.seat, self.hero_id, item_id))

    def pick_hero(self, hero_id: int) -> None:
        self.hero_id = hero_id
        self.rebuild()

    def close(self) -> None:
        below = self.below
        if self.app is not None and self.app.scene is self:
            self.app.pop()
        refresh_board(below)

    # --- layout ---------------------------------------------------------------------
    def enter(self, app) -> None:
        super().enter(app)
        self.below = app.scene

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        gap, top = px(14), px(HEADER_H + 10)
        body_h = h - top - px(12)
        left_w = max(px(440), int(w * 0.39)) if w >= px(1200) else int((w - 4 * gap) * 0.41)
        right_w = max(px(330), int(w * 0.285)) if w >= px(1200) else int((w - 4 * gap) * 0.28)
        self.left = pygame.Rect(gap, top, left_w, body_h)
        self.right = pygame.Rect(w - gap - right_w, top, right_w, body_h)
        self.middle = pygame.Rect(self.left.right + gap, top, self.right.x - self.left.right - 2 * gap, body_h)
        self.back.rect = pygame.Rect(w - px(200), px(12), px(186), px(40))
        self.rebuild()

    def rebuild(self) -> None:
        """Rows and buttons from the engine state (after every action)."""
        if not hasattr(self, "left"):
            return
        self._build_list()
        self._recruit_list()
        self._garrison_list()
        self.scale_widgets([self.back] + list(self.recruit_spinners.values()) + list(self.unit_spinners.values()))
        self.widgets = ([self.back] + list(self.build_buttons.values()) + list(self.recruit_spinners.values())
                        + list(self.recruit_buttons.values()) + self.hero_tabs + list(self.unit_spinners.values())
                        + list(self.unit_buttons.values()) + list(self.item_buttons.values()) + self.build_tips)

    def _build_list(self) -> None:
        state, city = self.state, self.city
        open_now, _, closed = self._build_step()
        tiers = state.rules["cities"]["tiers"]
        options = build_options(state, city)
        names = [t for t in tiers if t in options] + sorted(
            (n for n in state.rules.buildings()), key=lambda n: (_spawner_key(n), list(state.rules.buildings()).index(n)))
        row_h = px(40 if len(names) > 8 else 52)
        x, w = self.left.x + px(14), self.left.w - px(28)
        self.build_area = self._list_area(self.left)
        y = self.build_area.y - self._scrolled("build", len(names) * row_h, self.build_area)
        self.build_rows, self.build_buttons, self.build_tips = [], {}, []
        for name in names:
            rect = pygame.Rect(x, y, w, row_h - px(4))
            y += row_h
            effect = building_effect(state, name)
            if name in tiers:
                title = f"Upgrade to {nice_name(name)}"
            elif "levels" in state.rules.buildings()[name]:
                level = city.buildings.get(name, 0)
                title = f"{nice_name(name)} level {level + 1}" if name in options else f"{nice_name(name)} (level {level})"
            else:
                title = nice_name(name)
            if name not in options:
                self.build_rows.append(Row(rect, name, title, "✓ Built", GOOD))
                self._row_tip(rect, effect)
                continue
            cost, missing = options[name]
            blocking = self._blocking_status(cost, missing)
            if open_now and self.builds_left() == 0:
                # today's building is what stops it now (the header says so): what else a row needs is
                # for another Day, in grey, not in the red of "this is what stands in your way"
                status, colour = blocking or "This City built today", theme.INK_SOFT
            elif blocking:
                status, colour = blocking, theme.DANGER
            elif not open_now:
                status, colour = closed, theme.INK_SOFT
            else:
                status, colour = "Ready to build", GOOD
            button = MutedButton("Build", (lambda n=name: self.build(n)), size=px(15),
                                 rect=(rect.right - px(76), rect.centery - px(15), px(76), px(30)))
            button.muted = bool(blocking) or not open_now or self.builds_left() == 0
            self.build_rows.append(Row(rect, name, title, status, colour, cost, blocked=button.muted))
            button.tooltip = "\n".join(filter(None, [f"Build {title}" if not button.muted else f"{title}: {status}",
                                                     effect])) + monster_note(state, name)
            button.visible = self.build_area.contains(button.rect)
            self.build_buttons[name] = button
            self._row_tip(rect.clip(pygame.Rect(rect.x, rect.y, button.rect.x - px(4) - rect.x, rect.h)), effect)
        self.build_rows_bottom = min(y, self.build_area.bottom)

    def _row_tip(self, rect: pygame.Rect, effect: str) -> None:
        """The row's name and status (beside its button) tell what the building does when hovered."""
        if effect and self.build_area.contains(rect):
            tip = widgets.Widget(rect)
            tip.tooltip = effect
            self.build_tips.append(tip)

    def _recruit_list(self) -> None:
        state, city = self.state, self.city
        open_now, _, closed = self._build_step()
        recruits = state.rules.recruits()
        names = sorted(recruits, key=lambda n: (n != "hero", _spawner_key(n), list(recruits).index(n)))
        row_h = px(46 if len(names) > 4 else 60)
        x, w = self.middle.x + px(14), self.middle.w - px(28)
        self.recruit_area = self._list_area(self.middle)
        y = self.recruit_area.y - self._scrolled("recruit", len(names) * row_h, self.recruit_area)
        narrow = w < px(330)                       # a small window: smaller controls leave the row its words
        button_w, spinner_w = (px(70), px(80)) if narrow else (px(82), px(92))
        self.recruit_rows, self.recruit_buttons, self.recruit_spinners = [], {}, {}
        for name in names:
            entry = recruits[name]
            rect = pygame.Rect(x, y, w, row_h - px(4))
            y += row_h
            count = 1 if name == "hero" else self.counts.setdefault(name, 1)
            cost = scaled(entry["cost"], count)
            missing = [m for m in entry["requires"] if not city.has(m)]
            title = "Hero" if name == "hero" else short_unit_name(entry.get("unit", name))
            own_spawner = "spawner" + entry.get("unit", "")[4:] if entry.get("unit", "").startswith("unit_") else None
            limit = self._recruit_limit(name, entry)
            blocking = limit or self._blocking_status(cost, missing, own_spawner)
            if blocking:
                status, colour = blocking, theme.DANGER
            elif not open_now:
                status, colour = closed, theme.INK_SOFT
            elif name == "hero":
                status, colour = f"Fights {state.rules['hero']['dice']}", theme.INK_SOFT
            else:
                dice = state.rules["units"].get(entry.get("unit", name), "")
                status, colour = (f"{dice} each" if dice else ""), theme.INK_SOFT
            button = MutedButton("Recruit", (lambda n=name: self.recruit(n)), size=px(14),
                                 rect=(rect.right - button_w, rect.centery - px(15), button_w, px(30)))
            button.muted = bool(blocking) or not open_now
            button.tooltip = f"{title}: {status}" if button.muted else ""
            self.recruit_rows.append(Row(rect, name, title, status, colour, cost, blocked=button.muted))
            button.visible = self.recruit_area.contains(button.rect)
            self.recruit_buttons[name] = button
            if name != "hero" and not missing and not limit and open_now:   # a count to choose (and afford)
                spinner = widgets.Spinner(count, 1, 99, 1, (lambda v, n=name: self._set_count(n, v)),
                                          rect=(rect.right - button_w - px(8) - spinner_w, rect.centery - px(14), spinner_w, px(28)),
                                          typeable=True)
                spinner.visible = button.visible
                self.recruit_spinners[name] = spinner
        self.recruit_rows_bottom = min(y, self.recruit_area.bottom)

    def _recruit_limit(self, name: str, entry: dict) -> str:
        """The hero cap (an optional rule, R-BLD-6) or full recruit slots, in words ("" when neither)."""
        state, city = self.state, self.city
        if name == "hero":
            cap = state.rules["options"]["hero_cap_count"]
            if state.rules.option("hero_cap") and len(state.heroes_of(city.owner)) >= cap:
                return f"At most {cap} hero{'' if cap == 1 else 'es'} each"
            return ""
        from game.engine.heroes import slots_ok
        slots = state.rules["hero"]["city_slots"]
        return "" if slots_ok(city.garrison, entry["unit"], slots) else f"All {slots} slots are full"

    def _list_area(self, panel: pygame.Rect) -> pygame.Rect:
        """Where a panel's rows go: under its heading, above its footnote."""
        return pygame.Rect(panel.x + px(14), panel.y + px(56), panel.w - px(28), panel.h - px(56) - px(34))

    def _scrolled(self, key: str, content_h: int, area: pygame.Rect) -> int:
        """The list's scroll, kept between 0 and what its content overflows the area by."""
        self.scroll[key] = max(0, min(self.scroll[key], content_h - area.h))
        return self.scroll[key]

    def _set_count(self, name: str, value: int) -> None:
        self.counts[name] = value
        self.rebuild()

    def _set_move(self, unit: str, value: int) -> None:
        self.move_counts[unit] = value

    def _garrison_list(self) -> None:
        city = self.city
        heroes = self.heroes_here()
        if self.hero_id not in [h.id for h in heroes]:
            self.hero_id = heroes[0].id if heroes else None
        hero = self.state.heroes.get(self.hero_id) if self.hero_id else None
        x, y, w = self.right.x + px(14), self.right.y + px(56), self.right.w - px(28)
        self.hero_tabs = []
        if heroes:
            # three tabs at a time; with more heroes here, ◀ ▶ step through them (a fourth hero had no tab)
            ids = [h.id for h in heroes]
            at = ids.index(self.hero_id)
            first = min(max(0, at - 1), max(0, len(heroes) - TABS))
            shown = heroes[first:first + TABS]
            left, room = x, w
            if len(heroes) > TABS:
                arrow = px(30)
                for label, step, ax in (("◀", -1, x), ("▶", 1, x + w - arrow)):
                    target = ids[(at + step) % len(ids)]
                    b = widgets.Button(label, (lambda t=target: self.pick_hero(t)), rect=(ax, y, arrow, px(32)),
                                       size=px(13), tooltip=f"{len(heroes)} heroes here: the {'previous' if step < 0 else 'next'}")
                    self.hero_tabs.append(b)
                left, room = x + arrow + px(6), w - 2 * (arrow + px(6))
            tab_w = min(px(120), (room - px(8) * (len(shown) - 1)) // len(shown))
            for i, h in enumerate(shown):
                tab = widgets.Button(h.name or f"Hero {h.id}", (lambda i=h.id: self.pick_hero(i)), icon="hero",
                                     rect=(left + i * (tab_w + px(8)), y, tab_w, px(32)), size=px(13))
                tab.selected = h.id == self.hero_id
                self.hero_tabs.append(tab)
            y += px(42)
        self.units_top = y
        y += px(26)
        # one order whichever side holds them (tier by rank, as the recruits): a kind whose last unit left
        # the City moved to the end, so the row under the mouse changed between two clicks
        units = sorted(set(city.garrison) | set(hero.army if hero else ()), key=lambda u: (_spawner_key(u), u))
        self.unit_rows, self.unit_buttons, self.unit_spinners = [], {}, {}
        for unit in units:
            rect = pygame.Rect(x, y, w, px(32))
            y += px(36)
            self.unit_rows.append(Row(rect, unit, short_unit_name(unit)))
            if hero is None:
                continue
            most = max(city.garrison.get(unit, 0), hero.army.get(unit, 0), 1)
            value = max(1, min(self.move_counts.get(unit, 1), most))
            self.move_counts[unit] = value
            mid, _, _ = unit_columns(rect)
            in_city, with_hero = city.garrison.get(unit, 0), hero.army.get(unit, 0)
            self.unit_buttons[(unit, -1)] = widgets.Button(
                "◀", (lambda u=unit: self.move_units(u, -1)), size=px(15), enabled=with_hero > 0,
                rect=(mid - px(76), rect.y + px(2), px(28), px(28)),
                tooltip="Move to the City (Shift: all)" if with_hero else f"{hero.name or 'The hero'} has no {units_word(unit)}")
            self.unit_spinners[unit] = widgets.Spinner(value, 1, most, 1, (lambda v, u=unit: self._set_move(u, v)),
                                                       rect=(mid - px(44), rect.y + px(2), px(88), px(28)), typeable=True)
            self.unit_buttons[(unit, 1)] = widgets.Button(
                "▶", (lambda u=unit: self.move_units(u, 1)), size=px(15), enabled=in_city > 0,
                rect=(mid + px(48), rect.y + px(2), px(28), px(28)),
                tooltip="Give to the hero (Shift: all)" if in_city else f"The City has no {units_word(unit)}")
        self.units_bottom = y
        y += px(34)
        self.items_top = y
        y += px(26)
        self.item_rows, self.item_buttons = [], {}
        items = [(i, "city") for i in city.armory] + ([(i, "hero") for i in hero.items] if hero else [])
        for item, where in items:
            rect = pygame.Rect(x, y, w, px(30))
            y += px(34)
            self.item_rows.append(Row(rect, str(item.id), item_text(self.state, item), where))
            if hero is None:
                continue
            if where == "city":
                self.item_buttons[(item.id, "give")] = widgets.Button(
                    "Give", (lambda i=item.id: self.move_item(i, True)), size=px(13),
                    rect=(rect.right - px(62), rect.y + 1, px(62), px(28)), tooltip=f"Give to {hero.name}")
            else:
                self.item_buttons[(item.id, "store")] = widgets.Button(
                    "Store", (lambda i=item.id: self.move_item(i, False)), size=px(13),
                    rect=(rect.right - px(62), rect.y + 1, px(62), px(28)), tooltip="Put in the armory")
                if item.id not in hero.equipped:
                    self.item_buttons[(item.id, "equip")] = widgets.Button(
                        "Equip", (lambda i=item.id: self.equip(i)), size=px(13),
                        rect=(rect.right - px(130), rect.y + 1, px(62), px(28)), tooltip="Fight with this item")

    # --- input & drawing ------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type == pygame.MOUSEWHEEL and event.y:
            for key, panel in (("build", self.left), ("recruit", self.middle)):
                if panel.collidepoint(self.mouse):
                    self.scroll[key] -= 40 * event.y
                    self.rebuild()
                    return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(textures.wood(w, h, seed=21, plank=64), (0, 0))
        self._draw_header(surface)
        self._draw_buildings(surface)
        self._draw_recruits(surface)
        self._draw_garrison(surface)
        super().draw(surface)

    def _draw_header(self, surface: pygame.Surface) -> None:
        state, city = self.state, self.city
        w = surface.get_width()
        bar = pygame.Rect(0, 0, w, px(HEADER_H))
        surface.blit(textures.wood(w, px(HEADER_H), seed=5, plank=200), bar)
        pygame.draw.line(surface, (30, 18, 8), bar.bottomleft, bar.bottomright, px(3))
        pygame.draw.line(surface, theme.GOLD, (0, bar.bottom - px(4)), (w, bar.bottom - px(4)), 1)
        sprite = icons.token_sprite("city", city.owner, city.tier, px(56))
        surface.blit(sprite, (px(14), px(4)))
        name = widgets.text(city.name or "City", px(28), theme.GOLD, "title", (10, 6, 2))
        surface.blit(name, (px(80), px(6)))
        owner = state.players.get(city.owner)
        who = f"{nice_name(city.tier)} of {owner.name}" if owner else nice_name(city.tier)
        sub = widgets.text(who, px(16), theme.CREAM, "bold", (10, 6, 2))
        surface.blit(sub, (px(82), px(40)))
        pygame.draw.circle(surface, theme.seat_colour(city.owner), (px(90) + sub.get_width() + px(12), px(49)), px(8))
        pygame.draw.circle(surface, (20, 12, 6), (px(90) + sub.get_width() + px(12), px(49)), px(8), px(2))
        if owner:
            purse = purse_surface(state, city.owner, px(20))
            surface.blit(purse, purse.get_rect(midright=(w - px(24), px(66))))
        open_now, why = self.can_build_now()
        strip = pygame.Rect(0, px(10), 0, px(36))
        strip.x = px(80) + max(name.get_width(), sub.get_width()) + px(40)
        strip.w = self.back.rect.x - px(24) - strip.x
        day = f"Day {max(1, state.day)}"
        if not open_now:
            banner(surface, strip, f"{day} · {why}", danger=city.sieged)
        else:
            left = self.builds_left()
            built = f"{left} building left today" if left else "this City has built today"
            # a narrow strip says less rather than cutting the count off
            texts = (f"{day} · Daybreak: build and recruit · {built}", f"{day} · {built}", built)
            banner(surface, strip, next((t for t in texts if widgets.fit_label(t, px(16), strip.w - 16)[1] == t),
                                        texts[-1]), danger=False)
        defence = render(f"🛡️ City fights {state.rules['cities']['dice']}", px(14), theme.CREAM, "bold", (10, 6, 2))
        surface.blit(defence, defence.get_rect(midleft=(strip.x + px(4), px(66))))

    def _draw_row_frame(self, surface: pygame.Surface, rect: pygame.Rect, shade: bool) -> None:
        if shade:
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (120, 84, 40, 30), box.get_rect(), border_radius=6)
            surface.blit(box, rect)
        pygame.draw.line(surface, (196, 170, 124), (rect.x + px(4), rect.bottom + 1), (rect.right - px(4), rect.bottom + 1))

    def _draw_buildings(self, surface: pygame.Surface) -> None:
        state, city = self.state, self.city
        section(surface, self.left, "Buildings", "city")
        purse = state.players[city.owner].purse
        resources = state.rules.resources if self.campaign and self.left.w >= px(440) else None   # narrow: no zeros
        clip = surface.get_clip()
        surface.set_clip(self.build_area)
        for i, row in enumerate(self.build_rows):
            self._draw_row_frame(surface, row.rect, i % 2 == 0)
            two = row.rect.h >= px(34)
            cost = cost_surface(row.cost, purse, px(14), theme.INK, resources) if row.cost is not None else None
            room = row.rect.w - px(16) - (px(90) + cost.get_width() + px(8) if cost is not None else 0)
            size, words = widgets.fit_label(row.title, px(15) if row.rect.h < px(40) else px(16), room)
            title = render(words, size, theme.INK, "bold")
            ty = row.rect.y + 1 if two else row.rect.centery - title.get_height() // 2
            surface.blit(title, (row.rect.x + px(8), ty))
            style = "bold" if row.status_colour != theme.INK_SOFT else "body"
            size, words = widgets.fit_label(row.status, px(12) if row.rect.h < px(40) else px(13),
                                            row.rect.w - px(16) - px(80), style)
            status = render(words, size, row.status_colour, style)
            status_y = min(ty + title.get_height(), row.rect.bottom - status.get_height())
            surface.blit(status, (row.rect.x + px(8), status_y))
            if cost is not None:
                cy = ty + title.get_height() // 2 if two else row.rect.centery
                surface.blit(cost, cost.get_rect(midright=(row.rect.right - px(90), cy)))
        surface.set_clip(clip)
        self._draw_more_marks(surface, "build", self.build_area, self.build_rows)
        foot = "One building per City per Day · " + ("built today" if city.built_today else "nothing built yet today")
        size, foot = widgets.fit_label(foot, px(14), self.left.w - px(44))
        img = render(foot, size, theme.INK_SOFT, "bold")
        surface.blit(img, (self.left.x + px(22), min(self.build_rows_bottom + px(4), self.left.bottom - px(26))))

    def _draw_more_marks(self, surface: pygame.Surface, key: str, area: pygame.Rect, rows) -> None:
        """Beside the panel's heading, when its list is taller than the panel: which way there is more
        (the mouse wheel scrolls)."""
        up = self.scroll[key] > 0
        down = bool(rows) and rows[-1].rect.bottom > area.bottom
        if up or down:
            mark = render(("▲" if up else "") + ("▼" if down else "") + " wheel", px(12), theme.INK_SOFT, "bold")
            surface.blit(mark, mark.get_rect(midright=(area.right, area.y - px(33))))

    def _draw_recruits(self, surface: pygame.Surface) -> None:
        state, city = self.state, self.city
        section(surface, self.middle, "Recruit", "hero")
        purse = state.players[city.owner].purse
        clip = surface.get_clip()
        surface.set_clip(self.recruit_area)
        for i, row in enumerate(self.recruit_rows):
            self._draw_row_frame(surface, row.rect, i % 2 == 0)
            controls = self.recruit_spinners.get(row.name) or self.recruit_buttons.get(row.name)
            end = (controls.rect.x if controls is not None else row.rect.right) - px(8)   # words stop before the stepper
            size, words = widgets.fit_label(row.title, px(15), end - row.rect.x - px(8))
            title = render(words, size, theme.INK, "bold")
            surface.blit(title, (row.rect.x + px(8), row.rect.y + px(2)))
            cost = cost_surface(row.cost or {}, purse, px(13), theme.INK)
            line2 = row.rect.y + px(4) + title.get_height()
            surface.blit(cost, (row.rect.x + px(8), line2))
            style = "bold" if row.status_colour != theme.INK_SOFT else "body"
            left = row.rect.x + px(18) + cost.get_width()
            size, words = fitted_status(row.status, max(0, end - left), style)
            status = render(words, size, row.status_colour, style)
            surface.blit(status, (left, line2 + (cost.get_height() - status.get_height()) // 2),
                         area=pygame.Rect(0, 0, max(0, end - left), status.get_height()))
        surface.set_clip(clip)
        self._draw_more_marks(surface, "recruit", self.recruit_area, self.recruit_rows)
        slots = state.rules["hero"]["city_slots"]
        used = len(city.garrison)
        note = f"Recruits join the garrison · slots {used} of {slots}" if slots else "Recruits join the City's garrison"
        size, note = widgets.fit_label(note, px(14), self.middle.w - px(44))
        img = render(note, size, theme.INK_SOFT, "bold")
        surface.blit(img, (self.middle.x + px(22), min(self.recruit_rows_bottom + px(4), self.middle.bottom - px(26))))

    def _draw_garrison(self, surface: pygame.Surface) -> None:
        state, city = self.state, self.city
        section(surface, self.right, "Garrison & Armory", "shield")
        hero = state.heroes.get(self.hero_id) if self.hero_id else None
        x, w = self.right.x + px(14), self.right.w - px(28)
        if hero is None:
            head = "Garrison"
        else:
            head = "Units"
        surface.blit(render(head, px(16), theme.INK, "heading"), (x + px(4), self.units_top))
        if hero is not None:
            mid, city_x, hero_x = unit_columns(pygame.Rect(x, 0, w, 1))
            for label, cx, room in (("City", city_x, px(60)), (hero.name or "Hero", hero_x, 2 * (x + w - hero_x))):
                size, words = widgets.fit_label(label, px(13), room)
                img = render(words, size, theme.INK_SOFT, "bold")
                surface.blit(img, img.get_rect(midtop=(cx, self.units_top + px(3))))
        if not self.unit_rows:
            surface.blit(render("No units", px(14), theme.INK_SOFT), (x + px(8), self.units_top + px(28)))
        for i, row in enumerate(self.unit_rows):
            self._draw_row_frame(surface, row.rect, i % 2 == 0)
            in_city = city.garrison.get(row.name, 0)
            _, city_x, hero_x = unit_columns(row.rect)
            room = (city_x - px(12) if hero is not None else row.rect.right - px(48)) - row.rect.x - px(6)
            size, words = widgets.fit_label(short_unit_name(row.name), px(14), room)
            name = render(words, size, theme.INK, "bold")
            surface.blit(name, name.get_rect(midleft=(row.rect.x + px(6), row.rect.centery)))
            if hero is None:
                n = render(f"× {in_city}", px(15), theme.INK, "bold")
                surface.blit(n, n.get_rect(midright=(row.rect.right - px(8), row.rect.centery)))
            else:
                n = render(str(in_city), px(15), theme.INK, "bold")
                surface.blit(n, n.get_rect(center=(city_x, row.rect.centery)))
                m = render(str(hero.army.get(row.name, 0)), px(15), theme.INK, "bold")
                surface.blit(m, m.get_rect(center=(hero_x, row.rect.centery)))
        surface.blit(render("Armory" if hero is None else "Items", px(16), theme.INK, "heading"), (x + px(4), self.items_top))
        if not self.item_rows:
            surface.blit(render("No items", px(14), theme.INK_SOFT), (x + px(8), self.items_top + px(28)))
        for i, row in enumerate(self.item_rows):
            self._draw_row_frame(surface, row.rect, i % 2 == 0)
            glyph = "🎁" if row.status == "city" else "🧙"
            equipped = hero is not None and row.status == "hero" and int(row.name) in hero.equipped
            label = f"{glyph} {row.title}" + ("  ⚔️" if equipped else "")
            buttons = [b.rect.x for (item_id, _), b in self.item_buttons.items() if str(item_id) == row.name]
            style = "bold" if equipped else "body"
            size, label = widgets.fit_label(label, px(13), min(buttons, default=row.rect.right) - px(8) - row.rect.x
                                            - px(6), style)
            img = render(label, size, theme.INK, style)
            surface.blit(img, img.get_rect(midleft=(row.rect.x + px(6), row.rect.centery)))
        y = max(self.items_top + px(28) + px(34) * len(self.item_rows), self.items_top + px(52)) + px(8)
        if hero is None and y < self.right.bottom - px(40):
            from game.ui.menus.base import blit_wrapped
            blit_wrapped(surface, "A hero standing in this City can take units and items, and leave them here.",
                         (x + px(6), y), w - px(12), px(14), theme.INK_SOFT)


def unit_columns(row: pygame.Rect) -> tuple[int, int, int]:
    """A garrison row's columns with a hero here: the centre of its move controls (◀ − n + ▶, 152 px at
    1280x720), and the centres of the City's count (just left of them) and the hero's (right of them)."""
    mid = row.x + int(row.w * 0.62)
    return mid, mid - px(76 + 16), (mid + px(76) + row.right) // 2


def fitted_status(status: str, width: int, style: str = "bold") -> tuple[int, str]:
    """A recruit row's status in the room left of its stepper: smaller type before any cut ("1d6+3 each"
    without its "each", "Needs 💰2 more" without its "Needs" first)."""
    size, words = widgets.fit_label(status, px(12), width, style)
    if words != status and status.endswith(" each"):
        return widgets.fit_label(status.removesuffix(" each"), px(12), width, style)
    if words != status and status.startswith("Needs ") and status.endswith(" more"):
        shorter = status.removeprefix("Needs ")                 # "💰2 more", not "Needs 💰2…"
        size, words = widgets.fit_label(shorter, px(12), width, style)
        if words != shorter:        # two resources short ("💰2 🥩1 mo…"): the red costs beside say which
            for plain in ("can't afford", "too dear"):
                size, words = widgets.fit_label(plain, px(12), width, style)
                if words == plain:
                    break
    return size, words


def monster_note(state, building: str) -> str:
    """A spawner above every player's highest makes all Monsters and guardians that tier (R-CMP-10):
    played, a Tier 2 spawner turned a 62% fight into 22% with no word of why."""
    from game.engine.monsters import capped_tier, monster_tier
    if not building.startswith("spawner_") or state.rules["monsters"].get("monster_unit") != "tiered":
        return ""
    tier = capped_tier(state, int(building.split("_")[1]))
    return f"\nEvery Monster and Mine guardian then fights as Tier {tier} (R-CMP-10)" if tier > monster_tier(state) else ""
