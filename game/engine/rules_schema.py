"""Every key of the rule data: its type, its range, the names it may take.

``check(data, source, partial)`` walks a rules table against ``SCHEMA``:
unknown keys are refused with a "did you mean", wrong types and values out
of range name the key and the bound.  ``partial`` checks one overlay layer
(a playtester's file may hold just a few keys); the merged rule data is
checked whole.  Cross-references between keys (a building's ``requires``, a
cost's resources) are checked by ``game.engine.rules``.

Upper bounds keep every number small enough that no game or odds sum can
hang or exhaust memory (dice: at most ``MAX_DICE`` dice of ``MAX_SIDES``
sides, results up to ``MAX_DICE_RESULT``; amounts up to ``MAX_AMOUNT``).
"""
from __future__ import annotations

import difflib
from contextlib import suppress
from typing import Any, Callable

from game.engine.dice import Dice

MAX_DICE = 50
MAX_SIDES = 1000
MAX_DICE_RESULT = 10_000
MAX_AMOUNT = 1000          # any cost, purse, income or reward, per resource
MAX_NAMES = 50             # entries in a list of names, units, buildings, recruits, table rows

Fail = Callable[[str, str], None]


class RulesError(ValueError):
    """Rule data that cannot be used; the message names the file and the key. ``problems`` holds one line
    per problem (a playtester's file with three slips hears of all three at once)."""

    def __init__(self, *problems: str):
        super().__init__("\n".join(problems))
        self.problems = list(problems)


MAX_PROBLEMS = 12        # problems told at once; a file that is all wrong is not listed line by line


class _Stop(Exception):
    """A value that failed its check: nothing below it is checked; its siblings still are
    (each is checked under ``suppress(_Stop)``)."""


class Spec:
    def check(self, value: Any, key: str, fail: Fail, partial: bool) -> None:
        raise NotImplementedError


class Bool(Spec):
    def check(self, value, key, fail, partial):
        if not isinstance(value, bool):
            fail(key, f"expected true or false, got {value!r}")


class Int(Spec):
    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def check(self, value, key, fail, partial):
        if isinstance(value, bool) or not isinstance(value, int):
            fail(key, f"expected a whole number from {self.low} to {self.high}, got {value!r}")
        if not self.low <= value <= self.high:
            fail(key, f"{value} is out of range: expected {self.low} to {self.high}")


class Fraction(Spec):
    def check(self, value, key, fail, partial):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            fail(key, f"expected a number from 0 to 1 (e.g. 0.5), got {value!r}")


class Name(Spec):
    """A name: one of ``choices`` when given, else any short word."""

    def __init__(self, *choices: str):
        self.choices = choices

    def check(self, value, key, fail, partial):
        if not isinstance(value, str) or not value.strip() or len(value) > 40:
            fail(key, f"expected a name (text of 1 to 40 characters), got {value!r}")
        if self.choices and value not in self.choices:
            fail(key, f"{value!r} is not allowed{_did_you_mean(value, self.choices)}; "
                      f"expected one of {', '.join(self.choices)}")


class DiceText(Spec):
    """``NdS+B`` text; ``may_be_empty`` allows "" (meaning: no roll)."""

    def __init__(self, may_be_empty: bool = False):
        self.may_be_empty = may_be_empty

    def check(self, value, key, fail, partial):
        if self.may_be_empty and value == "":
            return
        if not isinstance(value, str):
            fail(key, f"expected dice text such as \"2d6+3\", got {value!r}")
        try:
            dice = Dice.parse(value)
        except ValueError as exc:
            fail(key, str(exc))
        if dice.count < 1:
            fail(key, f"{value!r} rolls no dice: at least 1 die")
        if dice.count > MAX_DICE or dice.sides > MAX_SIDES:
            fail(key, f"{value!r} is too many dice: at most {MAX_DICE} dice of at most {MAX_SIDES} sides")
        if dice.minimum < 0 or dice.maximum > MAX_DICE_RESULT:
            fail(key, f"{value!r} can roll {dice.minimum} to {dice.maximum}: results must stay "
                      f"from 0 to {MAX_DICE_RESULT}")


class ListOf(Spec):
    def __init__(self, item: Spec, low: int = 0, high: int = MAX_NAMES, unique: bool = False):
        self.item, self.low, self.high, self.unique = item, low, high, unique

    def check(self, value, key, fail, partial):
        if not isinstance(value, list):
            fail(key, f"expected a list, got {value!r}")
        if not self.low <= len(value) <= self.high:
            fail(key, f"expected {self.low} to {self.high} entries, got {len(value)}")
        for index, item in enumerate(value):
            self.item.check(item, f"{key}[{index}]", fail, partial)
        if self.unique and len(set(map(str, value))) != len(value):
            fail(key, "the same name is listed twice")


class Rows(Spec):
    """A lookup table: ``[low, high, outcome]`` rows (coverage is checked against its die later)."""

    def __init__(self, *outcomes: str):
        self.outcome = Name(*outcomes)

    def check(self, value, key, fail, partial):
        if not isinstance(value, list) or not 1 <= len(value) <= MAX_NAMES:
            fail(key, f"expected a list of 1 to {MAX_NAMES} [low, high, outcome] rows, got {value!r}")
        for index, row in enumerate(value):
            where = f"{key}[{index}]"
            if not (isinstance(row, list) and len(row) == 3
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in row[:2])):
                fail(where, f"expected [low, high, outcome], got {row!r}")
            self.outcome.check(row[2], where, fail, partial)


class Table(Spec):
    """A table with fixed keys; all but ``optional`` ones are required in the whole rule data."""

    def __init__(self, fields: dict[str, Spec], optional: tuple[str, ...] = ()):
        self.fields, self.optional = fields, optional

    def check(self, value, key, fail, partial):
        if not isinstance(value, dict):
            fail(key, f"expected a table of {', '.join(self.fields)}, got {value!r}")
        for name, item in value.items():
            where = f"{key}.{name}" if key else name
            with suppress(_Stop):
                if name not in self.fields:
                    fail(where, f"unknown key{_did_you_mean(name, self.fields)}; "
                                f"this table takes {', '.join(self.fields)}")
                self.fields[name].check(item, where, fail, partial)
        if not partial:
            for name in self.fields:
                if name not in value and name not in self.optional:
                    with suppress(_Stop):
                        fail(f"{key}.{name}" if key else name, "missing")


class NamedTables(Spec):
    """A table whose keys the designer names (buildings, units, tiers, resources)."""

    def __init__(self, item: Spec, low: int = 0):
        self.item, self.low = item, low

    def check(self, value, key, fail, partial):
        if not isinstance(value, dict):
            fail(key, f"expected a table, got {value!r}")
        if len(value) > MAX_NAMES:
            fail(key, f"at most {MAX_NAMES} entries, got {len(value)}")
        if not partial and len(value) < self.low:
            fail(key, f"expected at least {self.low} entries")
        for name, item in value.items():
            with suppress(_Stop):
                Name().check(name, f"{key}.{name}", fail, partial)
                self.item.check(item, f"{key}.{name}", fail, partial)


class Building(Table):
    """A building costs ``cost``, or ``level_cost`` per level when it has ``levels``."""

    def check(self, value, key, fail, partial):
        super().check(value, key, fail, True)
        if partial:
            return
        for name in ("requires", *(("levels", "level_cost", "level_income") if "levels" in value else ("cost",))):
            if name not in value:
                fail(f"{key}.{name}", "missing")
        levels = value.get("levels")
        for name in ("level_cost", "level_income"):
            if levels is not None and len(value[name]) != levels:
                fail(f"{key}.{name}", f"expected {levels} entries, one per level")


AMOUNT = Int(0, MAX_AMOUNT)
COST = NamedTables(AMOUNT)
OPTION_SWITCHES = ("starting_hero", "legacy_gold_mine", "hero_cap", "day_limit", "shared_victory")
NAMES = ListOf(Name(), unique=True)

SCHEMA = Table({
    "meta": Table({"mode": Name("normal", "campaign"), "resources": ListOf(Name(), 1, 8, unique=True)}),
    "options": Table({
        "starting_hero": Bool(), "legacy_gold_mine": Bool(), "hero_cap": Bool(),
        "hero_cap_count": Int(1, 20), "day_limit": Bool(), "day_limit_days": Int(1, 1000),
        "shared_victory": Bool()}),
    "setup": Table({
        "min_players": Int(2, 4), "max_players": Int(2, 4), "anchor_die": DiceText(),
        "scatter_per_player": Table({kind: Int(0, 50) for kind in ("item", "resource", "monster", "mine")}),
        "start_purse": COST, "capital_tier": Name(), "capital_buildings": NAMES}),
    "movement": Table({"roll": DiceText(), "pickup_cost": Int(0, 100)}),
    "daybreak": Table({
        "city_income_by_tier": NamedTables(COST), "mine_income": AMOUNT, "sieged_city_income": Bool(),
        "hero_upkeep": COST, "upkeep_garrisoned_heroes": Bool(), "builds_per_city_per_day": Int(1, 10),
        "token_roll_from_day": Int(1, 1000), "token_roll_success": Int(0, 110), "token_kind_die": DiceText(),
        "token_kind_table": Rows("resource", "item", "monster")}),
    "cities": Table({
        "tiers": ListOf(Name(), 1, 10, unique=True), "tier_cost": NamedTables(COST), "found_cost": COST,
        "dice": DiceText(), "siege_cost": Int(0, 100), "neutral_defenders": DiceText(),
        "neutral_defender_squads": Int(1, 10), "neutral_defender_unit": Name()}),
    "buildings": NamedTables(Building({
        "cost": COST, "requires": NAMES, "walls": Bool(), "levels": Int(1, 20),
        "level_cost": ListOf(AMOUNT, 1, 20), "level_income": ListOf(AMOUNT, 1, 20),
        "optional": Name(*OPTION_SWITCHES), "disabled": Bool()}), low=1),
    "recruits": NamedTables(Table({"cost": COST, "requires": NAMES, "unit": Name(), "disabled": Bool()},
                                  optional=("unit", "disabled")), low=1),
    "units": NamedTables(DiceText(), low=1),
    "hero": Table({"dice": DiceText(), "faint_keep_fraction": Fraction(),
                   "army_slots": Int(0, 20), "city_slots": Int(0, 20)}),
    "battle": Table({"max_player_squads": Int(1, 10), "monster_squads": Int(1, 10)}),
    "resource_token": Table({
        "type_die": DiceText(may_be_empty=True), "types": ListOf(Name(), 1, 8),
        "size_die": DiceText(may_be_empty=True), "size_table": Rows("small", "large"),
        "amount": Table({"small": DiceText(), "large": DiceText()})}),
    "items": Table({
        "type_table": Rows("main_hand", "off_hand", "amulet"), "rarities": ListOf(Name(), 1, 10, unique=True),
        "upgrade_success": Int(0, 110),
        "power": Table({kind: ListOf(DiceText(), 1, 10) for kind in ("main_hand", "off_hand", "amulet")})}),
    "mines": Table({
        "guard_die": DiceText(), "guard_table": Rows("capture", "guardians"),
        "guardians_by_tier": NamedTables(DiceText()), "capture_reward": AMOUNT,
        "resource_type_die": DiceText(may_be_empty=True), "resource_types": ListOf(Name(), 1, 8),
        "guardian_bounty_unowned": Bool(), "guardian_bounty_enemy": Bool()}),
    "monsters": Table({
        "reaction_table": Rows("hard_fight", "fight", "bribe", "defect"),
        "count": Table({kind: DiceText() for kind in ("hard_fight", "fight", "bribe", "defect")}),
        "bribe_cost": COST, "bribe_cost_from_tier": Bool(), "bounty": Name("half", "per_kill"),
        "bounty_per_kill": AMOUNT, "tier_cap": Int(1, 10), "monster_unit": Name(), "joins_as": Name()},
        optional=("tier_cap",)),
    "alliances": Table({"min_live_players": Int(2, 4), "vote_tie_die": DiceText(),
                        "vote_tie_yes_from": Int(0, MAX_DICE_RESULT)}),
    "end": Table({"grace_turns_without_city": Int(1, 10)}),
})

# Keys that once existed.  A save made before they were retired still loads
# (they are dropped); a playtester's file that sets one is told why it went.
RETIRED = {
    "movement.default_move_cost": "a tile's 🐎 cost is the map's tile property move_cost (maps/README.md)",
    "movement.square_diagonal_default": "diagonal moves on a square map are the map property diagonal "
                                        "(maps/README.md)",
    "battle.attacker_first": "the attacker always acts first (R-BAT-4); the exact odds shown rely on it",
    "battle.ties_to_attacked": "a tie always goes to the squad attacked (R-BAT-4); the exact odds shown rely on it",
}


def check(data: Any, source: str, partial: bool = False) -> None:
    """Every problem of ``data`` (up to MAX_PROBLEMS), each naming ``source`` and the key, in one RulesError."""
    problems: list[str] = []

    def fail(key: str, problem: str) -> None:
        problems.append(f"{source}: key '{key}': {problem}")
        raise _Stop

    if not isinstance(data, dict):
        raise RulesError(f"{source}: expected a table of rule sections, got {type(data).__name__}")
    for key, why in RETIRED.items():
        section, name = key.split(".")
        if isinstance(data.get(section), dict) and name in data[section]:
            with suppress(_Stop):
                fail(key, f"no longer a rule: {why}; remove the line")
    if not problems:      # a retired key's section may not fit today's table
        with suppress(_Stop):
            SCHEMA.check(data, "", fail, partial)
    if problems:
        more = len(problems) - MAX_PROBLEMS
        raise RulesError(*problems[:MAX_PROBLEMS], *([f"{source}: and {more} more"] if more > 0 else []))


def drop_retired(data: dict) -> dict:
    """``data`` without the retired keys (rule data stored in an older save)."""
    for key in RETIRED:
        section, name = key.split(".")
        if isinstance(data.get(section), dict):
            data[section].pop(name, None)
    return data


def _did_you_mean(word: str, choices) -> str:
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""
