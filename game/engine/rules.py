"""Rule tables as data: load ``game/rules/<mode>.toml``, overlay, and check.

Campaign overlays Normal; a playtester's own file may overlay either.  Every
layer is checked against the schema of every key (``rules_schema``) before it
is merged, and the merged data is checked whole, including the references
between keys.  A wrong value raises RulesError naming the file and the key.
The player's rulebook is ``docs/RULES.md``.
"""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from game import derived, resources
from game.engine import rules_schema
from game.engine.dice import Dice
from game.engine.rules_schema import RulesError

RULES_DIR = resources.rules_dir()   # game/rules, wherever the game is installed
MODES = ("normal", "campaign")
OPTION_NAMES = rules_schema.OPTION_SWITCHES
MAX_FILE_BYTES = 1_000_000


def copy_data(value):
    """A deep copy of rule data (dicts, lists and plain values), much quicker than ``copy.deepcopy``."""
    kind = type(value)
    if kind is dict:
        return {key: copy_data(item) for key, item in value.items()}
    if kind is list or kind is tuple:
        return kind(copy_data(item) for item in value)
    return value


def deep_merge(base: dict, overlay: dict) -> dict:
    merged = copy_data(base)
    _merge_into(merged, overlay)
    return merged


def _merge_into(target: dict, overlay: dict) -> None:
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge_into(target[key], value)
        else:
            target[key] = copy_data(value)


# A file read and checked before, by path, size and modification time: an edited file is read again.
_READ: dict[tuple, dict] = {}


def read_rules_file(path: str | Path) -> dict:
    """One TOML layer, checked key by key; every problem is a RulesError naming the file."""
    path = Path(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise RulesError(f"{path}: rules file not found") from None
    except OSError as exc:
        raise RulesError(f"{path}: cannot read the rules file: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise RulesError(f"{path}: is a folder; give a .toml rules file")
    if not stat.S_ISREG(info.st_mode):
        raise RulesError(f"{path}: not a regular file; give a .toml rules file")
    if info.st_size > MAX_FILE_BYTES:
        raise RulesError(f"{path}: {info.st_size} bytes is too big for a rules file (at most {MAX_FILE_BYTES})")
    stamp = (str(path), info.st_size, info.st_mtime_ns)
    if stamp in _READ:
        return copy_data(_READ[stamp])
    try:
        with open(path, "rb") as handle:
            data = _parsed(path, handle.read(MAX_FILE_BYTES + 1))
    except UnicodeDecodeError as exc:
        raise RulesError(f"{path}: not UTF-8 text (byte {exc.start}); save the file as UTF-8") from None
    except ValueError as exc:     # tomllib.TOMLDecodeError
        raise RulesError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise RulesError(f"{path}: nested too deeply to be rule data") from None
    except OSError as exc:
        raise RulesError(f"{path}: cannot read the rules file: {exc.strerror or exc}") from None
    rules_schema.check(data, str(path), partial=True)
    if len(_READ) > 16:
        _READ.clear()
    _READ[stamp] = data
    return copy_data(data)


def _parsed(path: Path, raw: bytes) -> dict:
    """The TOML file ``path`` whose bytes are ``raw``, as data. The data is also kept as JSON in the
    player's cache folder (``game.derived``), which the next start reads instead: tomllib takes 3 ms to
    read normal.toml and 5 ms to import, the copy 0.1 ms. Raises what tomllib raises."""
    copy = derived.copy_path("rules", path, raw, ".json")
    try:
        return json.loads(copy.read_bytes())
    except (OSError, ValueError):
        pass
    import tomllib
    data = tomllib.loads(raw.decode("utf-8"))
    try:
        text = json.dumps(data)
    except (TypeError, ValueError):       # a TOML date has no JSON: such a file is read from its TOML each time
        return data
    if json.loads(text) == data:          # (and a NaN would not come back equal)
        derived.keep(copy, lambda handle: handle.write(text.encode()))
    return data


def load_rules(mode: str = "normal", overlay: str | Path | dict | None = None,
               options: dict | None = None) -> "Rules":
    """The rule data for ``mode``, with an optional playtester overlay file and option switches."""
    if mode not in MODES:
        raise RulesError(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
    data = read_rules_file(RULES_DIR / "normal.toml")         # a copy of our own: layers merge into it
    source = str(RULES_DIR / "normal.toml")
    if mode == "campaign":
        _merge_into(data, read_rules_file(RULES_DIR / "campaign.toml"))
        source = str(RULES_DIR / "campaign.toml")
    if isinstance(overlay, dict):
        rules_schema.check(overlay, "rules overlay", partial=True)
        _merge_into(data, overlay)
        source = "rules overlay"
    elif overlay is not None:
        _merge_into(data, read_rules_file(overlay))
        source = str(overlay)
    if data["meta"]["mode"] != mode:
        raise RulesError(f"{source}: key 'meta.mode': the rules file cannot change the mode; "
                         f"remove the line and choose the mode with --mode")
    if options:
        rules_schema.check({"options": options}, "options", partial=True)
        _merge_into(data, {"options": options})
    return Rules(data, source)


class Rules:
    """Checked rule data.  ``rules.get("movement", "roll")`` or ``rules["movement"]``."""

    def __init__(self, data: dict, source: str = "rules"):
        self.data = rules_schema.drop_retired(data) if isinstance(data, dict) else data
        self.source = source
        rules_schema.check(self.data, source)
        _check_references(self.data, source)
        self._checked = copy_data(self.data)      # the data that passed the checks (see ``copy``)

    def copy(self) -> "Rules":
        """Rules of their own with the same data (a new game's), checked as any new Rules are, unless the
        data is still what passed the checks: comparing is a hundredth of checking, and every new game and
        replay copies its rules."""
        data = copy_data(self.data)
        checked = getattr(self, "_checked", None)
        if checked is None or data != checked:
            return Rules(data, self.source)
        twin = object.__new__(Rules)
        twin.data, twin.source, twin._checked = data, self.source, checked    # (``_checked`` is never changed)
        return twin

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


# --- references between keys (types and ranges are the schema's) ----------------------

def _fail(source: str, key: str, problem: str) -> None:
    raise RulesError(f"{source}: key '{key}': {problem}")


def _check_costs(data: dict, source: str, resources: list[str]) -> None:
    costs = {"setup.start_purse": data["setup"]["start_purse"], "daybreak.hero_upkeep": data["daybreak"]["hero_upkeep"],
             "cities.found_cost": data["cities"]["found_cost"], "monsters.bribe_cost": data["monsters"]["bribe_cost"]}
    costs.update({f"daybreak.city_income_by_tier.{t}": c for t, c in data["daybreak"]["city_income_by_tier"].items()})
    costs.update({f"cities.tier_cost.{t}": c for t, c in data["cities"]["tier_cost"].items()})
    for section in ("buildings", "recruits"):
        costs.update({f"{section}.{n}.cost": e["cost"] for n, e in data[section].items() if "cost" in e})
    for key, cost in costs.items():
        for resource in cost:
            if resource not in resources:
                _fail(source, f"{key}.{resource}", f"unknown resource (this mode has {', '.join(resources)})")


def _check_per_tier(source: str, key: str, table: dict, tiers: list[str]) -> None:
    for tier in tiers:
        if tier not in table:
            _fail(source, f"{key}.{tier}", "missing (every City tier needs an entry)")
    for tier in table:
        if tier not in tiers:
            _fail(source, f"{key}.{tier}", f"unknown City tier (tiers are {', '.join(tiers)})")


def _check_rows(source: str, key: str, table: list, die_key: str, die_text: str) -> None:
    """The rows cover every result of their die, in order, without gaps or overlaps."""
    dice = Dice.parse(die_text)
    low, high, step = dice.minimum, dice.maximum, 10 if dice.percentile else 1
    expected = low
    for index, row in enumerate(table):
        if row[0] != expected or row[1] < row[0]:
            _fail(source, f"{key}[{index}]", f"rows must cover {low}..{high} ({die_key} = {die_text!r}) "
                                             f"without gaps; expected a row from {expected}")
        expected = row[1] + step
    if expected != high + step:
        _fail(source, key, f"rows must end at {high}, the highest result of {die_key} = {die_text!r}")


def _check_pick(source: str, die_key: str, die_text: str, list_key: str, names: list) -> None:
    """A die that picks one of ``names`` by its result must roll 1..len(names)."""
    if die_text:
        dice = Dice.parse(die_text)
        if dice.percentile or dice.minimum < 1 or dice.maximum > len(names):
            _fail(source, die_key, f"{die_text!r} must roll 1 to {len(names)} to pick one of {list_key}")


def _unit_kind(source: str, key: str, value: str, units: dict, tiered_units: list[str]) -> None:
    if value == "tiered":
        for unit in tiered_units:
            if unit not in units:
                _fail(source, key, f"'tiered' needs the unit kind {unit!r} in [units]")
    elif value not in units:
        _fail(source, key, f"unknown unit kind {value!r} (units are {', '.join(units)}, or 'tiered')")


def _check_references(data: dict, source: str) -> None:
    resources = data["meta"]["resources"]
    tiers = data["cities"]["tiers"]
    units, buildings, recruits = data["units"], data["buildings"], data["recruits"]
    _check_costs(data, source, resources)
    if data["setup"]["min_players"] > data["setup"]["max_players"]:
        _fail(source, "setup.min_players", "must not be more than setup.max_players")
    if data["setup"]["capital_tier"] not in tiers:
        _fail(source, "setup.capital_tier", f"expected one of {', '.join(tiers)}")
    for name in data["setup"]["capital_buildings"]:
        if name not in buildings:
            _fail(source, "setup.capital_buildings",
                  f"unknown building {name!r} (buildings are {', '.join(buildings)})")
    _check_per_tier(source, "daybreak.city_income_by_tier", data["daybreak"]["city_income_by_tier"], tiers)
    _check_per_tier(source, "cities.tier_cost", data["cities"]["tier_cost"], tiers)
    _check_per_tier(source, "mines.guardians_by_tier", data["mines"]["guardians_by_tier"], ["none", *tiers])

    daybreak, token, mines, monsters = data["daybreak"], data["resource_token"], data["mines"], data["monsters"]
    _check_rows(source, "daybreak.token_kind_table", daybreak["token_kind_table"], "daybreak.token_kind_die",
                daybreak["token_kind_die"])
    if token["size_die"]:
        _check_rows(source, "resource_token.size_table", token["size_table"], "resource_token.size_die",
                    token["size_die"])
    _check_rows(source, "items.type_table", data["items"]["type_table"], "the item type die", "1dP")
    _check_rows(source, "mines.guard_table", mines["guard_table"], "mines.guard_die", mines["guard_die"])
    _check_rows(source, "monsters.reaction_table", monsters["reaction_table"], "the reaction die", "1dP")
    for key, names in (("resource_token.types", token["types"]), ("mines.resource_types", mines["resource_types"])):
        for name in names:
            if name not in resources:
                _fail(source, key, f"unknown resource {name!r} (this mode has {', '.join(resources)})")
    _check_pick(source, "resource_token.type_die", token["type_die"], "resource_token.types", token["types"])
    _check_pick(source, "mines.resource_type_die", mines["resource_type_die"], "mines.resource_types",
                mines["resource_types"])
    rarities = data["items"]["rarities"]
    for kind, powers in data["items"]["power"].items():
        if len(powers) != len(rarities):
            _fail(source, f"items.power.{kind}", f"expected {len(rarities)} dice, one per rarity")

    for name, building in buildings.items():
        for need in building["requires"]:
            if need.startswith("tier:"):
                if need[5:] not in tiers:
                    _fail(source, f"buildings.{name}.requires", f"unknown tier {need[5:]!r}")
            elif need not in buildings:
                _fail(source, f"buildings.{name}.requires", f"unknown building {need!r}")
    for name, recruit in recruits.items():
        for need in recruit["requires"]:
            if need not in buildings:
                _fail(source, f"recruits.{name}.requires", f"unknown building {need!r}")
        if name != "hero" and recruit.get("unit") not in units:
            _fail(source, f"recruits.{name}.unit", f"unknown unit kind {recruit.get('unit')!r}")

    spawner_tiers = [int(n.split("_")[1]) for n in buildings if n.startswith("spawner_") and n.split("_")[1].isdigit()]
    top_tier = monsters.get("tier_cap", max(spawner_tiers, default=1))
    tiered = [f"unit_{t}_1" for t in range(1, top_tier + 1)]
    for key, value in (("monsters.monster_unit", monsters["monster_unit"]), ("monsters.joins_as", monsters["joins_as"]),
                       ("cities.neutral_defender_unit", data["cities"]["neutral_defender_unit"])):
        _unit_kind(source, key, value, units, tiered)
    if monsters["bribe_cost_from_tier"]:
        for unit in (tiered if monsters["monster_unit"] == "tiered" else [monsters["monster_unit"]]):
            if unit not in recruits:
                _fail(source, "monsters.bribe_cost_from_tier", f"a bribe at recruit cost needs [recruits.{unit}]")
