"""The Daybreak panel: a player's income, upkeep, upkeep deaths and the build step.

Shown over the board at each human player's Daybreak (``daybreak_tick(scene)``
from the board scene's ``update``, which also autosaves once per Day). When the
purse cannot pay every hero, the player picks exactly the required number of
heroes to die (ChooseUpkeepDeaths, R-DAY-3 / R-CMP-3).
"""
from __future__ import annotations


import pygame

from game.engine import actions as A
from game.engine.economy import on_founding_ground
from game.engine.flow import city_income, mine_income, pays_income, upkeep_cost
from game.engine.purse import can_afford, describe
from game.names import with_article
from game.narration import region
from game.ui.kit import icons, theme, widgets
from game.ui.menus.base import submit_and_rebuild
from game.ui.menus.base import (GOOD, RESOURCE_ICONS, MutedButton, OverlayScene, blit_wrapped, cost_surface, needs_more,
                               nice_name, purse_surface, unit_plural)
from game.ui.kit.rich_text import render
from game.ui.kit.widgets import wrap
from game.ui.kit.scene import Scene

# Space or Enter in the panel's first moments was meant for what came before it: a Space that ended the
# turn, pressed again while a computer's turn went by in an instant, ended the next Daybreak unseen.
KEY_GRACE = 1.0          # seconds
_SEEN = "_daybreak_panel_seen"
_SAVED = "_daybreak_autosaved_day"


def daybreak_tick(scene: Scene) -> None:
    """Board hook, every frame: autosave once per Day; open the panel at a human's Daybreak."""
    session = getattr(scene, "session", None)
    if session is None or scene.app is None or scene.app.scene is not scene:
        return
    state = session.state
    from game.ui.menus.saves import autosave_now, tell_save_problem
    if state.phase == "daybreak" and getattr(scene, _SAVED, None) != state.day:
        setattr(scene, _SAVED, state.day)
        autosave_now(session)
    if tell_save_problem(scene):
        return
    seat = state.actor()
    if state.phase != "daybreak" or seat is None or session.is_computer(seat) \
            or getattr(scene, "handoff_to", None) is not None:
        return
    if state.pending and state.pending[0].kind != "upkeep_deaths":
        return
    if getattr(scene, "dialog", None) is not None:
        return          # e.g. "Since your last turn" first: the news comes before the Daybreak's choices
    dice = getattr(scene, "dice", None)
    if dice is not None and dice.busy:
        return          # the last rolls (a computer's token roll) show before the panel covers the board
    key = (state.day, seat)
    if getattr(scene, _SEEN, None) == key:
        return
    setattr(scene, _SEEN, key)
    scene.push(DaybreakPanel(session))


def _since_dawn(state, seat: int) -> tuple[set, dict, dict]:
    """The Cities ``seat`` founded since its Daybreak began, the tier each upgraded City had at dawn
    and how many Gold Mine levels each City built since (income was paid at dawn: R-DAY-2 before the
    build step)."""
    founded, tier_at_dawn, gold_mine_built = set(), {}, {}
    tiers = state.rules["cities"]["tiers"]
    for event in reversed(state.log):
        data = event.data
        if event.kind == "daybreak" and data.get("player") == seat:
            break
        if event.kind == "city_founded" and data.get("player") == seat:
            founded.add(data["city"])
        elif event.kind == "built" and data.get("player") == seat and data["building"] in tiers:
            tier_at_dawn[data["city"]] = tiers[tiers.index(data["building"]) - 1]   # the log is read backwards
        elif event.kind == "built" and data.get("player") == seat and data["building"] == "gold_mine":
            gold_mine_built[data["city"]] = gold_mine_built.get(data["city"], 0) + 1
    return founded, tier_at_dawn, gold_mine_built


def _city_income_at_dawn(state, city, tier: str, built_since: int) -> tuple[str, dict]:
    """A City's income line as dawn paid it: its tier then, and its Gold Mine's level then (R-BLD-5),
    named, since the Gold Mine's coin is in the City's line (a +💰3 Encampment had no reason given)."""
    rules = state.rules
    income = city_income(rules, city, tier)
    level = city.buildings.get("gold_mine", 0) if rules.option("legacy_gold_mine") else 0
    at_dawn = max(0, level - built_since)
    if level > at_dawn:
        income["coin"] -= sum(rules["buildings"]["gold_mine"]["level_income"][at_dawn:level])
    mine = f", Gold Mine {at_dawn}" if at_dawn else ""
    return f"{city.name or 'City'} ({nice_name(tier)}{mine})", income


def income_lines(state, seat: int) -> list[tuple[str, dict]]:
    """What this Daybreak paid: one line per City (by its tier at dawn; a sieged City 0) and per Mine;
    a City founded during this Daybreak paid nothing yet."""
    rules = state.rules
    lines = []
    founded, tier_at_dawn, gold_mine_built = _since_dawn(state, seat)
    for city in state.cities_of(seat):
        if city.id in founded:
            continue
        tier = tier_at_dawn.get(city.id, city.tier)
        if not pays_income(rules, city):
            lines.append((f"{city.name or 'City'} ({nice_name(tier)}) — under siege", {}))
            continue
        lines.append(_city_income_at_dawn(state, city, tier, gold_mine_built.get(city.id, 0)))
    # Mines of one kind in one region are one line ("2 coin mines in the north"): two lines alike read as
    # one mine counted twice
    mines: dict[tuple[str, str], tuple[int, dict]] = {}
    for mine in state.mines_of(seat):
        income = mine_income(rules, mine)
        (resource,) = income
        key = (resource, region(state, mine.cell))
        count, total = mines.get(key, (0, {}))
        mines[key] = (count + 1, {resource: total.get(resource, 0) + income[resource]})
    for (resource, where), (count, income) in mines.items():
        lines.append((f"{resource.capitalize()} mine {where}" if count == 1 else f"{count} {resource} mines {where}",
                      income))
    return lines


def upkeep_paid(state, seat: int) -> dict[str, int]:
    """What this player's current Daybreak charged for upkeep (R-DAY-3): the heroes of its dawn only,
    so nothing on a Day 1 without heroes, even after recruiting one."""
    paid: dict[str, int] = {}
    for event in reversed(state.log):
        data = event.data
        if event.kind == "daybreak" and data.get("player") == seat:
            break
        if event.kind == "purse" and data.get("player") == seat and data.get("reason") == "upkeep":
            for resource, amount in data["change"].items():
                paid[resource] = paid.get(resource, 0) - amount
    return paid


def _signed(amounts: dict, sign: str = "+") -> str:
    parts = [f"{sign}{RESOURCE_ICONS.get(r, r)}{n}" for r, n in amounts.items() if n]
    return " ".join(parts) if parts else "0"


CITY_ROW, HERO_ROW, MORE_ROW = 42, 40, 22     # the right column's rows, in panel pixels
INCOME_ROW, UPKEEP_ROW = 22, 46               # the left column's: an income line, a hero to choose


def _upkeep_columns(heroes: int) -> int:
    """The heroes to choose from stand in one column, more than three in two, more than six in three (eight
    ran off the panel)."""
    return 1 if heroes <= 3 else 2 if heroes <= 6 else 3 if heroes <= 12 else 4


def rival_heroes_near(state, cities) -> dict[int, str]:
    """For each City that rival heroes could reach next turn (or besiege, when walled), who they are: the
    computer players' own measure, so a player learns what they see ("Isolde (Brunhild)")."""
    from game.ai.standard import STANDARD, Planner
    from game.names import join_names
    out: dict[int, str] = {}
    if not cities:
        return out
    planner = Planner(state, None, STANDARD, cities[0].owner)
    for city in cities:
        heroes = planner.heroes_threatening(city)
        if len(heroes) == 1:
            out[city.id] = f"{heroes[0].name or 'a rival hero'} ({state.players[heroes[0].owner].name})"
        elif heroes:
            owners = join_names(sorted({state.players[h.owner].name for h in heroes}))
            out[city.id] = f"{len(heroes)} heroes of {owners}"
    return out


def founding_blocked(state, hero) -> str | None:
    """Why a hero out on the map has no "Found a City here" (R-BLD-2): "can't found a City on an Item token"
    ("on a Mine: no City here" read as a statement about the tile, not about founding).
    The button showed at one Daybreak and was gone at the next without a word. None on founding ground
    or in a City."""
    if state.city_at(hero.cell) is not None or on_founding_ground(state, hero):
        return None
    tokens = state.tokens_at(hero.cell)
    if state.mine_at(hero.cell) is not None:
        what = "on a Mine"
    elif tokens:
        what = f"on {with_article(tokens[0].kind.capitalize())} token"
    else:
        return "can't found a City: not alone on its tile"
    return f"can't found a City {what}"


def found_city_message(state, hero) -> str:
    """What founding a City here costs the player (R-BLD-2): the hero, for good, and the coin."""
    from game.names import join_names, unit_plural
    name = hero.name or "The hero"
    units = [unit_plural(unit, n) for unit, n in sorted(hero.army.items()) if n]
    verb = "joins" if sum(hero.army.values()) == 1 else "join"        # "1 mercenary join its garrison"
    goes = [f"{join_names(units)} {verb} its garrison"] if units else []
    if hero.items:
        goes.append(f"{len(hero.items)} item{' goes' if len(hero.items) == 1 else 's go'} to its armory")
    then = f" {join_names(goes)}." if goes else ""
    return (f"{name} becomes the Mayor of a new Encampment on this tile and leaves your heroes for good "
            f"(R-BLD-2).{then} It costs {describe(state.rules['cities']['found_cost'])}.")


def ask_found_city(scene, hero_id: int) -> None:
    """Founding a City gives up the hero: the player says so first (a click on the button did it at once)."""
    from game.ui.menus.saves import Choice
    state = scene.state
    hero = state.heroes[hero_id]
    choice = Choice("Found a City here?", found_city_message(state, hero), "Found the City", None,
                    f"Keep {hero.name}" if hero.name and len(hero.name) <= 12 else "Not now", ok_left=True,
                    widths=(220, 220))

    def found() -> None:
        choice.close()
        scene.submit(A.FoundCity(hero.owner, hero_id))
    choice.ok.on_click = found
    scene.push(choice)


def hero_to_recruit(state, seat: int):
    """The City where ``seat``, with no hero at all, could recruit one now (R-SET-5, R-BLD-4); else None.
    Ending such a Daybreak leaves the whole turn with nothing to move: the player is asked first."""
    from game.engine import legal_actions
    if state.heroes_of(seat) or state.actor() != seat:
        return None
    recruit = next((a for a in legal_actions(state, moves=False)
                    if isinstance(a, A.Recruit) and a.recruit == "hero"), None)
    return state.cities.get(recruit.city) if recruit is not None else None


def ask_end_without_hero(scene, city, end) -> None:
    """"End the Daybreak with no hero?" over ``scene``, the board or this panel alike: ``city`` could recruit
    one now (``hero_to_recruit``). "End Daybreak" (or Space, or Enter: the key that goes on) calls ``end``;
    "Recruit a hero" opens the City's screen; Esc goes back. The board asked in a dialog of its own look."""
    from game.ui.city.scene import open_city_scene
    from game.ui.menus.saves import Choice

    class Question(Choice):
        def handle_event(self, event) -> bool:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.ok.on_click()
                return True
            return super().handle_event(event)
    cost = describe(scene.state.rules.recruits()["hero"]["cost"])
    choice = Question("End the Daybreak with no hero?",
                      f"Heroes are recruited only at Daybreak: without one, nothing of yours moves this turn "
                      f"(R-SET-5). {city.name or 'Your City'} can recruit a hero now for {cost}.",
                      "End Daybreak", None, "Recruit a hero", ok_left=True, widths=(220, 220))

    def end_it() -> None:
        choice.close()
        end()

    def recruit() -> None:
        choice.close()
        open_city_scene(scene, city.id)
    choice.ok.on_click, choice.back.on_click = end_it, recruit
    scene.push(choice)


def token_roll_toast(name: str, seat: int, events) -> str:
    """What ending the Daybreak rolled for a token, named: a computer player's own rolls show on the board
    at the same moment, so "Token roll 🎲 30" alone did not say whose it was. Empty when nothing was rolled."""
    roll = kind = None
    for event in events:
        if event.kind == "dice" and event.data.get("purpose") == "token_roll" and event.data.get("player") == seat:
            roll = event.data
        elif event.kind == "dice" and event.data.get("purpose") == "token_kind" and roll is not None:
            kind = event.data["kind"]
    if roll is None:
        return ""
    told = f"{name}'s token roll 🎲 {roll['total']}: "
    if kind is not None:
        return told + f"place {with_article(kind.title())} token on an empty tile"
    return told + ("a token!" if roll["success"] else "no token today")


class DaybreakPanel(OverlayScene):
    panel_size = (1000, 620)

    def __init__(self, session, seat: int | None = None) -> None:
        super().__init__()
        self.session, self.state = session, session.state
        self.seat = seat if seat is not None else self.state.actor()
        self.chosen: list[int] = []
        self.hero_boxes: dict[int, widgets.Checkbox] = {}
        self.city_buttons: dict[int, widgets.Button] = {}
        self.found_buttons: dict[int, MutedButton] = {}
        self.shown_cities: list = []          # the right column's rows (rebuild: those that fit)
        self.threats: dict[int, str] = {}     # City id -> the rival heroes that could reach it next turn
        self.shown_heroes: list = []
        self.confirm = widgets.Button("", self.confirm_deaths, icon="skull", size=16)
        self.end_button = widgets.Button("End Daybreak", self.end_daybreak, icon="star", size=19,
                                        tooltip="End your Daybreak (Space)")
        self.board_button = widgets.Button("See the board", self.close, size=16)
        self.age = 0.0                        # seconds shown (KEY_GRACE)

    @property
    def title(self) -> str:
        player = self.state.players[self.seat]
        return f"Daybreak of {player.name} · Day {max(1, self.state.day)}"

    def upkeep_pending(self):
        p = self.state.pending[0] if self.state.pending else None
        return p if p is not None and p.kind == "upkeep_deaths" and p.player == self.seat else None

    # --- acting ---------------------------------------------------------------------
    def submit(self, action) -> bool:
        return submit_and_rebuild(self, action)

    def toggle_hero(self, hero_id: int, on: bool) -> None:
        if on and hero_id not in self.chosen:
            self.chosen.append(hero_id)
        elif not on and hero_id in self.chosen:
            self.chosen.remove(hero_id)
        self.rebuild()

    def confirm_deaths(self) -> None:
        pending = self.upkeep_pending()
        if pending is None:
            return
        if len(self.chosen) != pending.data["count"]:
            n = pending.data["count"]
            self.toast.show(f"Choose exactly {n} hero{'es' if n != 1 else ''} who cannot be paid (R-DAY-3)")
            return
        if self.submit(A.ChooseUpkeepDeaths(self.seat, tuple(self.chosen))):
            self.chosen = []
            self.rebuild()

    def open_city(self, city_id: int) -> None:
        from game.ui.city.scene import CityScene
        self.push(CityScene(self.session, city_id))

    def found_city(self, hero_id: int) -> None:
        ask_found_city(self, hero_id)

    def end_daybreak(self, confirmed: bool = False) -> None:
        if self.upkeep_pending() is not None:
            self.toast.show("Choose which heroes cannot be paid first (R-DAY-3)")
            return
        city = None if confirmed else hero_to_recruit(self.state, self.seat)
        if city is not None:
            ask_end_without_hero(self, city, lambda: self.end_daybreak(confirmed=True))
            return
        outcome = self.session.submit(A.EndDaybreak(self.seat))
        if not outcome.ok:
            self.toast.show(outcome.reason)
            return
        message = token_roll_toast(self.session.state.players[self.seat].name, self.seat, outcome.events)
        below = self.below
        self.close()
        if message and below is not None and getattr(below, "handoff_to", None) is None:
            below.toast.show(message, info=True)     # not on the next player's cover: the log keeps the roll

    # --- layout ---------------------------------------------------------------------
    def layout(self, size) -> None:
        super().layout(size)
        self.rebuild()

    def rebuild(self) -> None:
        if self.app is None and not hasattr(self, "panel"):
            return
        p = self.panel
        state, seat = self.state, self.seat
        self.left = pygame.Rect(p.x + 24, p.y + 76, p.w // 2 - 36, p.h - 76 - 84)
        self.right = pygame.Rect(p.centerx + 12, p.y + 76, p.w // 2 - 36, p.h - 76 - 84)
        pending = self.upkeep_pending()
        self.hero_boxes = {}
        self.income = income_lines(state, seat)
        shown, y = self._income_rows(pending)
        if pending is not None:
            self.chosen = [h for h in self.chosen if h in pending.data["heroes"]]
            heroes = [h for h in pending.data["heroes"] if h in state.heroes]
            columns = _upkeep_columns(len(heroes))
            width = (self.left.w - 20) // columns
            for i, hero_id in enumerate(heroes):
                hero = state.heroes[hero_id]
                row, column = divmod(i, columns)
                box = widgets.Checkbox(hero.name or f"Hero {hero.id}", hero_id in self.chosen,
                                       (lambda v, i=hero_id: self.toggle_hero(i, v)),
                                       rect=(self.left.x + 10 + column * width, y + row * UPKEEP_ROW,
                                             min(200, width - 10), 26), size=16)
                self.hero_boxes[hero_id] = box
            y += -(-len(heroes) // columns) * UPKEEP_ROW
            n = pending.data["count"]
            self.confirm.label = f"Dismiss {len(self.chosen)} of {n}"
            self.confirm.rect = pygame.Rect(self.left.x + 10, min(y + 4, self.left.bottom - 44), 230, 40)
        self.city_buttons, self.found_buttons = {}, {}
        cities, heroes = state.cities_of(seat), state.heroes_of(seat)
        heroes = sorted(heroes, key=lambda h: not on_founding_ground(state, h))   # who may found a City first
        self.shown_cities, self.shown_heroes = self._rows_that_fit(cities, heroes)
        self.threats = rival_heroes_near(state, self.shown_cities)
        y = self.right.y + 34
        for city in self.shown_cities:
            self.city_buttons[city.id] = widgets.Button("Open", (lambda c=city.id: self.open_city(c)), size=15,
                                                        icon="city", rect=(self.right.right - 110, y, 100, 34))
            y += CITY_ROW
        if len(cities) > len(self.shown_cities):
            y += MORE_ROW
        self.cities_bottom = y
        y += 40
        found_cost = state.rules["cities"]["found_cost"]
        for hero in self.shown_heroes:
            if on_founding_ground(state, hero):
                b = MutedButton("Found a City here", (lambda h=hero.id: self.found_city(h)), size=14,
                                rect=(self.right.right - 190, y, 180, 32))
                b.muted = not can_afford(state, seat, found_cost) or pending is not None
                b.tooltip = f"{hero.name} becomes the Mayor of a new Encampment"
                self.found_buttons[hero.id] = b
            y += HERO_ROW
        self.heroes_bottom = y
        self.end_button.rect = pygame.Rect(p.right - 24 - 220, p.bottom - 68, 220, 50)
        self.board_button.rect = pygame.Rect(p.x + 24, p.bottom - 64, 170, 44)
        self.end_button.enabled = True
        self.widgets = ([self.board_button, self.end_button] + list(self.hero_boxes.values())
                        + ([self.confirm] if pending is not None else []) + list(self.city_buttons.values())
                        + list(self.found_buttons.values()))

    def _upkeep_warning(self, pending) -> str:
        n = pending.data["count"]
        return (f"The purse is short: {n} hero{'es' if n != 1 else ''} cannot be paid and "
                f"must die. Choose {'which' if n != 1 else 'who'}:")

    def _warning_height(self, pending) -> int:
        """The height of the short-purse warning (as ``blit_wrapped`` draws it) and a gap below it."""
        lines = wrap(self._upkeep_warning(pending), 15, self.left.w - 20, "bold")
        return sum(render(line, 15, theme.DANGER, "bold").get_height() + 1 for line in lines) + 6

    def _income_rows(self, pending) -> tuple[int, int]:
        """How many of the income lines the left column shows (the rest are counted in a line; the Total
        counts them all) and the y where the heroes to choose from start. Six lines were shown at most,
        with the column half empty, and the Total added up those six only: a late game's Mines were left
        out of it. The heroes to choose started at a fixed height, on the Upkeep lines below six incomes."""
        lines = self.income
        below = 38 + 30 + 26                        # the Total, the Upkeep heading, the upkeep line
        if pending is None:
            below += 20 + 62                        # "Paid", the room of the cityless warning
        else:
            heroes = len([h for h in pending.data["heroes"] if h in self.state.heroes])
            below += self._warning_height(pending) + -(-heroes // _upkeep_columns(heroes)) * UPKEEP_ROW + 44
        room = self.left.h - 30 - below
        shown = len(lines) if len(lines) * INCOME_ROW <= room else max(0, (room - MORE_ROW) // INCOME_ROW)
        shown = min(shown, len(lines))
        y = self.left.y + 30 + shown * INCOME_ROW + (20 if shown < len(lines) else 0) + 38 + 30 + 26
        if pending is not None:
            y += self._warning_height(pending)
        self.income_shown = shown
        return shown, y

    def _rows_that_fit(self, cities: list, heroes: list) -> tuple[list, list]:
        """The Cities and heroes the right column has room for (with 8 Cities and 12 heroes the list ran
        over the token-roll note and past the panel); the rest are counted in a line each."""
        room = self.right.h - 34 - 40 - 40 - 24          # its headings, the token-roll note, the founding cost
        n_cities, n_heroes = min(len(cities), 6), min(len(heroes), 5)

        def height(c, h):
            return (c * CITY_ROW + (MORE_ROW if c < len(cities) else 0)
                    + h * HERO_ROW + (MORE_ROW if h < len(heroes) else 0))
        while height(n_cities, n_heroes) > room and (n_heroes > 1 or n_cities > 1):
            if n_heroes > 2 or (n_heroes > 1 and n_cities <= 2):
                n_heroes -= 1
            else:
                n_cities -= 1
        return cities[:n_cities], heroes[:n_heroes]

    # --- drawing --------------------------------------------------------------------
    def draw_content(self, surface) -> None:
        state, seat = self.state, self.seat
        purse = purse_surface(state, seat, 20, theme.INK, None)     # between the two buttons: clear of the title
        room = self.end_button.rect.x - self.board_button.rect.right - 40
        if purse.get_width() > room:
            purse = purse_surface(state, seat, 15, theme.INK, None)
        surface.blit(purse, purse.get_rect(center=((self.board_button.rect.right + self.end_button.rect.x) // 2,
                                                   self.end_button.rect.centery)))
        self._draw_income(surface)
        self._draw_right(surface)
        from game.ui.board.hud import cityless_warning
        warning = cityless_warning(state, seat)
        if self.upkeep_pending() is not None:
            self.end_button.enabled = True
        elif warning:                                        # R-END-1, at the foot of the left column
            blit_wrapped(surface, warning, (self.left.x + 10, self.left.bottom - 62), self.left.w - 20, 15,
                         theme.DANGER, "bold")

    def _heading(self, surface, text: str, pos) -> None:
        surface.blit(render(text, 19, theme.INK, "heading"), pos)

    def _draw_income(self, surface) -> None:
        state, seat = self.state, self.seat
        x, y, w = self.left.x, self.left.y, self.left.w
        self._heading(surface, "Income", (x, y))
        y += 30
        total: dict[str, int] = {}
        lines = self.income
        for label, amounts in lines:
            for r, n in amounts.items():
                total[r] = total.get(r, 0) + n
        for label, amounts in lines[:self.income_shown]:
            value = render(_signed(amounts), 14, GOOD if amounts else theme.DANGER, "bold")
            place = value.get_rect(topright=(x + w - 10, y))
            # smaller, then shortened with "…", to fit beside the amounts: it was cut off mid-word
            size, fitted = widgets.fit_label(label, 14, place.x - 8 - (x + 10), "body")
            words = render(fitted, size, theme.DANGER if not amounts else theme.INK)
            surface.blit(words, words.get_rect(midleft=(x + 10, place.centery)))
            surface.blit(value, place)
            y += INCOME_ROW
        if len(lines) > self.income_shown:
            more = len(lines) - self.income_shown
            words = f"… and {more} more" if self.income_shown else f"{more} line{'s' * (more != 1)} of income"
            surface.blit(render(f"{words} (in the Total)", 13, theme.INK_SOFT), (x + 10, y))
            y += 20
        pygame.draw.line(surface, (170, 140, 96), (x + 10, y + 2), (x + w - 10, y + 2), 1)
        surface.blit(render("Total", 14, theme.INK, "bold"), (x + 10, y + 6))
        t = render(_signed(total), 14, GOOD, "bold")
        surface.blit(t, t.get_rect(topright=(x + w - 10, y + 6)))
        y += 38
        each, _ = upkeep_cost(state, seat)
        self._heading(surface, "Upkeep", (x, y))
        y += 30
        per = _signed(each, "")
        garrison_note = "" if state.rules["daybreak"]["upkeep_garrisoned_heroes"] else " (in a City: free)"
        surface.blit(render(f"Each hero at dawn costs {per}{garrison_note}", 14, theme.INK), (x + 10, y))
        y += 26
        pending = self.upkeep_pending()
        if pending is None:
            paid = upkeep_paid(state, seat)
            line = f"✓ Paid {_signed(paid, '-')}" if paid else "Nothing to pay today"
            surface.blit(render(line, 14, GOOD, "bold"), (x + 10, y))
            return
        blit_wrapped(surface, self._upkeep_warning(pending), (x + 10, y), w - 20, 15, theme.DANGER, "bold")
        columns = _upkeep_columns(len(self.hero_boxes))
        room = (self.left.w - 20) // columns - 28 - 10
        for hero_id, box in self.hero_boxes.items():
            hero = state.heroes.get(hero_id)
            if hero is None:
                continue
            units = sum(hero.army.values())
            if columns > 1:     # narrow columns: the numbers and the region alone ("⚔ 0 · 🎁 0 · in the so…" was cut)
                where = "in a City" if state.is_garrisoned(hero) else region(state, hero.cell).removeprefix("in the ")
                info = f"⚔{units} 🎁{len(hero.items)} · {where}"
            else:
                kinds = [unit_plural(u, c) for u, c in hero.army.items() if c]
                army = (", ".join(kinds) if len(kinds) <= 2 else f"{units} units" if units else "") or "no army"
                items = f"{len(hero.items)} item{'s' if len(hero.items) != 1 else ''}" if hero.items else "no items"
                where = "in a City" if state.is_garrisoned(hero) else f"out {region(state, hero.cell)}"
                info = f"{army} · {items} · {where}"
            size, info = widgets.fit_label(info, 13, room, "body")
            surface.blit(render(info, size, theme.INK_SOFT), (box.rect.x + 28, box.rect.bottom + 1))

    def _draw_right(self, surface) -> None:
        state, seat = self.state, self.seat
        x, y = self.right.x, self.right.y
        pygame.draw.line(surface, (190, 160, 110), (x - 14, y), (x - 14, self.right.bottom), 2)
        self._heading(surface, "Build and recruit", (x, y))
        for city in self.shown_cities:
            b = self.city_buttons[city.id]
            sprite = icons.token_sprite("city", city.owner, city.tier, 30)
            surface.blit(sprite, (x + 4, b.rect.y + 2))
            surface.blit(render(city.name or "City", 15, theme.INK, "bold"), (x + 40, b.rect.y))
            near = self.threats.get(city.id)
            if city.sieged:
                note, colour = "under siege: no building this Daybreak", theme.DANGER
            elif near:
                note, colour = f"{nice_name(city.tier)} · in reach of {near} next turn", theme.DANGER
            elif city.built_today:
                note, colour = f"{nice_name(city.tier)} · built today", theme.INK_SOFT
            else:
                note, colour = f"{nice_name(city.tier)} · may build one building", theme.INK_SOFT
            style = "bold" if city.sieged or near else "body"
            size, note = widgets.fit_label(note, 12, b.rect.x - 8 - (x + 40), style)
            surface.blit(render(note, size, colour, style), (x + 40, b.rect.y + 19))
        more = len(state.cities_of(seat)) - len(self.shown_cities)
        if more:
            surface.blit(render(f"… and {more} more Cit{'y' if more == 1 else 'ies'}: click them on the board",
                                13, theme.INK_SOFT), (x + 10, self.cities_bottom - MORE_ROW + 2))
        y = self.cities_bottom + 8
        self._heading(surface, "Heroes", (x, y))
        y += 32
        heroes = self.shown_heroes
        if not heroes:
            words = "No heroes"
            if state.cities_of(seat):        # where a new player looks for the next step
                price = state.rules["recruits"]["hero"]["cost"]
                short = needs_more(price, state.players[seat].purse)
                words = (f"No heroes: one costs {describe(price)}; {short[0].lower() + short[1:]} (income comes "
                         "each Daybreak)" if short else f"No heroes: Open your City and recruit one ({describe(price)})")
            blit_wrapped(surface, words, (x + 10, y + 4), self.right.right - x - 10, 14, theme.INK_SOFT)
        for hero in heroes:
            army = sum(hero.army.values())
            where = "garrisoned" if state.is_garrisoned(hero) else founding_blocked(state, hero) or ""
            label = f"🧙 {hero.name}" + (f" · {army} unit{'s' * (army != 1)}" if army else "") + (f" · {where}" if where else "")
            surface.blit(render(label, 14, theme.INK), (x + 6, y + 7))
            y += HERO_ROW
        more = len(state.heroes_of(seat)) - len(heroes)
        if more:
            surface.blit(render(f"… and {more} more hero{'es' if more != 1 else ''}", 13, theme.INK_SOFT),
                         (x + 10, y + 2))
            y += MORE_ROW
        found = state.rules["cities"]["found_cost"]
        if self.found_buttons:
            cost = cost_surface(found, state.players[seat].purse, 13)
            tip = render("Founding costs", 12, theme.INK_SOFT)
            surface.blit(tip, (x + 6, y + 2))
            surface.blit(cost, (x + 12 + tip.get_width(), y))
        for i, line in enumerate(reversed(self.token_roll_note())):
            surface.blit(render(line, 13, theme.INK_SOFT), (x + 6, self.right.bottom - 18 - 18 * i))

    def token_roll_note(self) -> list[str]:
        """What ending this Daybreak rolls for (R-DAY-5), then this player's last such roll. ("Last token
        roll: 🎲 60 — a token" alone read as today's roll, made before the click.)"""
        rules = self.state.rules["daybreak"]
        first, need = rules["token_roll_from_day"], rules["token_roll_success"]
        if self.state.day < first:
            return [f"From Day {first}, ending the Daybreak rolls 1dP for a token ({need} or more)"]
        lines = [f"Ending the Daybreak rolls 1dP for a token ({need} or more)"]
        for event in reversed(self.state.log[-200:]):
            if event.kind == "dice" and event.data.get("purpose") == "token_roll" and event.data.get("player") == self.seat:
                lines.append(f"Your last roll: 🎲 {event.data['total']} — " + ("a token" if event.data["success"] else "none"))
                break
        return lines

    def update(self, dt: float) -> None:
        super().update(dt)
        self.age += dt

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.age >= KEY_GRACE:      # the key that goes on everywhere else ends the Daybreak here too
                self.end_daybreak()
            return True
        if self.clicks_the_boards_menu(event):
            board = self.below
            self.close()            # as Esc does: the board's Daybreak buttons stay
            board.open_menu()
            return True
        return super().handle_event(event)

    def clicks_the_boards_menu(self, event) -> bool:
        """The board's Menu button shows, dimmed, above the panel: a click on it opens the menu (to save,
        say) rather than nothing."""
        button = getattr(self.below, "menu_button", None)
        return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button is not None
                and hasattr(self.below, "open_menu") and button.rect.collidepoint(event.pos)
                and not self.panel.collidepoint(event.pos))
