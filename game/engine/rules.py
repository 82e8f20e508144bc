"""Rule tables as data: load ``game/rules/<mode>.toml``, overlay, and check.

Campaign overlays Normal; a playtester's own file may overlay either.  A
wrong value raises RulesError naming the file and the key.
"""
from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

from game.engine.dice import Dice

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"
MODES = ("normal", "campaign")
OPTION_NAMES = ("starting_hero", "legacy_gold_mine", "hero_cap", "day_limit")


class RulesError(ValueError):
    pass


def deep_merge(base: dict, overlay: dict) -> dict:
    merged = copy.deepcopy(base)
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def _read_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise RulesError(f"{path}: rules file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{path}: not valid TOML: {exc}") from None


def load_rules(mode: str = "normal", overlay: str | Path | dict | None = None,
               options: dict | None = None) -> "Rules":
    """The rule data for ``mode``, with an optional playtester overlay file and option switches."""
    if mode not in MODES:
        raise RulesError(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
    data = _read_toml(RULES_DIR / "normal.toml")
    source = str(RULES_DIR / "normal.toml")
    if mode == "campaign":
        data = deep_merge(data, _read_toml(RULES_DIR / "campaign.toml"))
        source = str(RULES_DIR / "campaign.toml")
    if isinstance(overlay, dict):
        data = deep_merge(data, overlay)
        source = "rules overlay"
    elif overlay is not None:
        data = deep_merge(data, _read_toml(Path(overlay)))
        source = str(overlay)
    if options:
        data = deep_merge(data, {"options": options})
    return Rules(data, source)


class Rules:
    """Checked rule data.  ``rules.get("movement", "roll")`` or ``rules["movement"]``."""

    def __init__(self, data: dict, source: str = "rules"):
        self.data = data
        self.source = source
        _check(data, source)

    def __getitem__(self, section: str) -> Any:
        return self.data[section]

    def get(self, *keys: str) -> Any:
        node: Any = self.data
        for key in keys:
            node = node[key]
        return node

    @property
    def mode(self) -> str:
        return self.data["meta"]["mode"]

    @property
    def resources(self) -> list[str]:
        return list(self.data["meta"]["resources"])

    def option(self, name: str) -> Any:
        return self.data["options"][name]

    def buildings(self) -> dict[str, dict]:
        return {name: b for name, b in self.data["buildings"].items()
                if not b.get("disabled") and (not b.get("optional") or self.option(b["optional"]))}

    def recruits(self) -> dict[str, dict]:
        return {name: r for name, r in self.data["recruits"].items() if not r.get("disabled")}

    def unit_dice(self, unit: str) -> Dice:
        return Dice.parse(self.data["units"][unit])

    def to_json(self) -> str:
        return json.dumps(self.data, sort_keys=True)


# --- checking --------------------------------------------------------------

def _fail(source: str, key: str, problem: str) -> None:
    raise RulesError(f"{source}: key '{key}': {problem}")


def _need(data: dict, source: str, key: str) -> Any:
    node: Any = data
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            _fail(source, key, "missing")
        node = node[part]
    return node


def _check_dice(source: str, key: str, value: Any, allow_empty: bool = False) -> None:
    if allow_empty and value == "":
        return
    try:
        Dice.parse(value)
    except ValueError as exc:
        _fail(source, key, str(exc))


def _check_int(source: str, key: str, value: Any, minimum: int = 0) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        _fail(source, key, f"expected a whole number >= {minimum}, got {value!r}")


def _check_bool(source: str, key: str, value: Any) -> None:
    if not isinstance(value, bool):
        _fail(source, key, f"expected true or false, got {value!r}")


def _check_cost(source: str, key: str, value: Any, resources: list[str]) -> None:
    if not isinstance(value, dict):
        _fail(source, key, f"expected a table of resource amounts, got {value!r}")
    for resource, amount in value.items():
        if resource not in resources:
            _fail(source, f"{key}.{resource}", f"unknown resource (this mode has {', '.join(resources)})")
        _check_int(source, f"{key}.{resource}", amount)


def _check_table(source: str, key: str, table: Any, low: int, high: int, step: int,
                 outcomes: tuple[str, ...] | None = None) -> None:
    if not isinstance(table, list) or not table:
        _fail(source, key, "expected a list of [low, high, outcome] rows")
    expected = low
    for index, row in enumerate(table):
        if not (isinstance(row, list) and len(row) == 3 and all(isinstance(v, int) for v in row[:2])):
            _fail(source, f"{key}[{index}]", f"expected [low, high, outcome], got {row!r}")
        if row[0] != expected or row[1] < row[0]:
            _fail(source, f"{key}[{index}]", f"rows must cover {low}..{high} without gaps; expected a row from {expected}")
        if outcomes is not None and row[2] not in outcomes:
            _fail(source, f"{key}[{index}]", f"unknown outcome {row[2]!r} (expected one of {', '.join(outcomes)})")
        expected = row[1] + step
    if expected != high + step:
        _fail(source, key, f"rows must end at {high}")


def _die_range(dice_text: str) -> tuple[int, int, int]:
    dice = Dice.parse(dice_text)
    return dice.minimum, dice.maximum, 10 if dice.percentile else 1


def _check(data: dict, source: str) -> None:
    mode = _need(data, source, "meta.mode")
    if mode not in MODES:
        _fail(source, "meta.mode", f"expected one of {', '.join(MODES)}")
    resources = _need(data, source, "meta.resources")
    if not (isinstance(resources, list) and resources and all(isinstance(r, str) for r in resources)):
        _fail(source, "meta.resources", "expected a list of resource names")
    for name in OPTION_NAMES:
        _check_bool(source, f"options.{name}", _need(data, source, f"options.{name}"))
    _check_int(source, "options.hero_cap_count", _need(data, source, "options.hero_cap_count"), 1)
    _check_int(source, "options.day_limit_days", _need(data, source, "options.day_limit_days"), 1)

    for key in ("setup.min_players", "setup.max_players"):
        _check_int(source, key, _need(data, source, key), 1)
    _check_dice(source, "setup.anchor_die", _need(data, source, "setup.anchor_die"))
    for kind, count in _need(data, source, "setup.scatter_per_player").items():
        _check_int(source, f"setup.scatter_per_player.{kind}", count)
    _check_cost(source, "setup.start_purse", _need(data, source, "setup.start_purse"), resources)
    tiers = _need(data, source, "cities.tiers")
    if _need(data, source, "setup.capital_tier") not in tiers:
        _fail(source, "setup.capital_tier", f"expected one of {', '.join(tiers)}")

    _check_dice(source, "movement.roll", _need(data, source, "movement.roll"))
    _check_int(source, "movement.pickup_cost", _need(data, source, "movement.pickup_cost"))
    _check_int(source, "movement.default_move_cost", _need(data, source, "movement.default_move_cost"), 1)

    income = _need(data, source, "daybreak.city_income_by_tier")
    for tier in tiers:
        if tier not in income:
            _fail(source, f"daybreak.city_income_by_tier.{tier}", "missing")
        _check_cost(source, f"daybreak.city_income_by_tier.{tier}", income[tier], resources)
    _check_int(source, "daybreak.mine_income", _need(data, source, "daybreak.mine_income"))
    _check_cost(source, "daybreak.hero_upkeep", _need(data, source, "daybreak.hero_upkeep"), resources)
    _check_int(source, "daybreak.builds_per_city_per_day", _need(data, source, "daybreak.builds_per_city_per_day"), 1)
    _check_int(source, "daybreak.token_roll_from_day", _need(data, source, "daybreak.token_roll_from_day"), 1)
    _check_int(source, "daybreak.token_roll_success", _need(data, source, "daybreak.token_roll_success"))
    low, high, step = _die_range(_need(data, source, "daybreak.token_kind_die"))
    _check_table(source, "daybreak.token_kind_table", _need(data, source, "daybreak.token_kind_table"),
                 low, high, step, ("resource", "item", "monster"))

    tier_cost = _need(data, source, "cities.tier_cost")
    for tier in tiers:
        if tier not in tier_cost:
            _fail(source, f"cities.tier_cost.{tier}", "missing")
        _check_cost(source, f"cities.tier_cost.{tier}", tier_cost[tier], resources)
    _check_cost(source, "cities.found_cost", _need(data, source, "cities.found_cost"), resources)
    _check_dice(source, "cities.dice", _need(data, source, "cities.dice"))
    _check_int(source, "cities.siege_cost", _need(data, source, "cities.siege_cost"))
    _check_dice(source, "cities.neutral_defenders", _need(data, source, "cities.neutral_defenders"))

    units = _need(data, source, "units")
    for unit, dice in units.items():
        _check_dice(source, f"units.{unit}", dice)
    buildings = _need(data, source, "buildings")
    for name, building in buildings.items():
        key = f"buildings.{name}"
        if "levels" in building:
            for index, cost in enumerate(_need(data, source, f"{key}.level_cost")):
                _check_int(source, f"{key}.level_cost[{index}]", cost)
        else:
            _check_cost(source, f"{key}.cost", _need(data, source, f"{key}.cost"), resources)
        for need in _need(data, source, f"{key}.requires"):
            if need.startswith("tier:"):
                if need[5:] not in tiers:
                    _fail(source, f"{key}.requires", f"unknown tier {need[5:]!r}")
            elif need not in buildings:
                _fail(source, f"{key}.requires", f"unknown building {need!r}")
    for name, recruit in _need(data, source, "recruits").items():
        key = f"recruits.{name}"
        _check_cost(source, f"{key}.cost", _need(data, source, f"{key}.cost"), resources)
        for need in _need(data, source, f"{key}.requires"):
            if need not in buildings:
                _fail(source, f"{key}.requires", f"unknown building {need!r}")
        if name != "hero" and recruit.get("unit") not in units:
            _fail(source, f"{key}.unit", f"unknown unit kind {recruit.get('unit')!r}")

    _check_dice(source, "hero.dice", _need(data, source, "hero.dice"))
    _check_int(source, "hero.army_slots", _need(data, source, "hero.army_slots"))
    _check_int(source, "hero.city_slots", _need(data, source, "hero.city_slots"))
    _check_int(source, "battle.max_player_squads", _need(data, source, "battle.max_player_squads"), 1)
    _check_int(source, "battle.monster_squads", _need(data, source, "battle.monster_squads"), 1)

    _check_dice(source, "resource_token.type_die", _need(data, source, "resource_token.type_die"), True)
    size_die = _need(data, source, "resource_token.size_die")
    _check_dice(source, "resource_token.size_die", size_die, True)
    if size_die:
        low, high, step = _die_range(size_die)
        _check_table(source, "resource_token.size_table", _need(data, source, "resource_token.size_table"),
                     low, high, step, ("small", "large"))
    for size in ("small", "large"):
        _check_dice(source, f"resource_token.amount.{size}", _need(data, source, f"resource_token.amount.{size}"))
    for resource in _need(data, source, "resource_token.types"):
        if resource not in resources:
            _fail(source, "resource_token.types", f"unknown resource {resource!r}")

    _check_table(source, "items.type_table", _need(data, source, "items.type_table"), 10, 100, 10,
                 ("main_hand", "off_hand", "amulet"))
    rarities = _need(data, source, "items.rarities")
    _check_int(source, "items.upgrade_success", _need(data, source, "items.upgrade_success"))
    for item_type in ("main_hand", "off_hand", "amulet"):
        powers = _need(data, source, f"items.power.{item_type}")
        if not isinstance(powers, list) or len(powers) != len(rarities):
            _fail(source, f"items.power.{item_type}", f"expected {len(rarities)} dice, one per rarity")
        for index, dice in enumerate(powers):
            _check_dice(source, f"items.power.{item_type}[{index}]", dice)

    guard_die = _need(data, source, "mines.guard_die")
    _check_dice(source, "mines.guard_die", guard_die)
    low, high, step = _die_range(guard_die)
    _check_table(source, "mines.guard_table", _need(data, source, "mines.guard_table"), low, high, step,
                 ("capture", "guardians"))
    guardians = _need(data, source, "mines.guardians_by_tier")
    for tier in ["none", *tiers]:
        if tier not in guardians:
            _fail(source, f"mines.guardians_by_tier.{tier}", "missing")
        _check_dice(source, f"mines.guardians_by_tier.{tier}", guardians[tier])
    _check_int(source, "mines.capture_reward", _need(data, source, "mines.capture_reward"))
    _check_dice(source, "mines.resource_type_die", _need(data, source, "mines.resource_type_die"), True)

    _check_table(source, "monsters.reaction_table", _need(data, source, "monsters.reaction_table"), 10, 100, 10,
                 ("hard_fight", "fight", "bribe", "defect"))
    for reaction in ("hard_fight", "fight", "bribe", "defect"):
        _check_dice(source, f"monsters.count.{reaction}", _need(data, source, f"monsters.count.{reaction}"))
    _check_cost(source, "monsters.bribe_cost", _need(data, source, "monsters.bribe_cost"), resources)
    if _need(data, source, "monsters.bounty") not in ("half", "per_kill"):
        _fail(source, "monsters.bounty", "expected 'half' or 'per_kill'")
    for key in ("monster_unit", "joins_as"):
        value = _need(data, source, f"monsters.{key}")
        if value != "tiered" and value not in units:
            _fail(source, f"monsters.{key}", f"unknown unit kind {value!r}")
    _check_dice(source, "alliances.vote_tie_die", _need(data, source, "alliances.vote_tie_die"))
    _check_int(source, "alliances.vote_tie_yes_from", _need(data, source, "alliances.vote_tie_yes_from"))
    _check_int(source, "end.grace_turns_without_city", _need(data, source, "end.grace_turns_without_city"))
