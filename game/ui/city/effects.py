"""What a City's building does, in the rulebook's words and the rule data's numbers: the City screen's
tips ("What does Ramparts do?" had no answer on the screen)."""
from __future__ import annotations

from game.engine.purse import describe
from game.names import short_unit_name


def building_effect(state, name: str) -> str:
    """One line per effect of building ``name`` (a tier upgrade or a building), each citing its rule."""
    rules = state.rules
    if name in rules["cities"]["tiers"]:
        income = rules["daybreak"]["city_income_by_tier"].get(name) or {}
        return f"The City yields {describe(income)} a Day (R-DAY-2)"
    building = rules.buildings().get(name, {})
    lines = []
    if building.get("walls"):
        lines.append(f"Walls: a rival must besiege the City (🐎{rules['cities']['siege_cost']}) before "
                     "attacking it (R-CITY-2)")
    if "level_income" in building:
        lines.append(f"Each level adds to the City's income: 💰{', 💰'.join(map(str, building['level_income']))} "
                     "(R-BLD-5)")
    recruits = [short_unit_name(entry.get("unit", recruit)) + _dice(rules, entry)
                for recruit, entry in rules.recruits().items() if name in entry["requires"]]
    if recruits:
        rule = "R-CMP-5" if name.startswith("spawner_") else "R-BLD-4"
        lines.append(f"Recruits here: {', '.join(recruits)} ({rule})")
    return "\n".join(lines)


def _dice(rules, entry: dict) -> str:
    dice = rules["units"].get(entry.get("unit", ""), "")
    return f", {dice} each" if dice else ""
