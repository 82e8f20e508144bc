"""Which units board monsters, guardians and neutral City defenders are, and what bribes cost
(R-MON-1, R-CITY-6, R-CMP-10/11). Plain queries on the state, below every battle module."""
from __future__ import annotations

from game.engine.state import NEUTRAL, GameState


def monster_unit(state: GameState) -> str:
    rules = state.rules["monsters"]
    if rules["monster_unit"] != "tiered":
        return rules["monster_unit"]
    return f"unit_{monster_tier(state)}_1"


def neutral_defender_unit(state: GameState) -> str:
    """R-CITY-6: the unit kind of a neutral City's monsters ("tiered" as R-CMP-10)."""
    unit = state.rules["cities"]["neutral_defender_unit"]
    return f"unit_{monster_tier(state)}_1" if unit == "tiered" else unit


def monster_tier(state: GameState) -> int:
    """R-CMP-10: the highest spawner tier any player owns, capped; tier 1 without spawners."""
    cap = state.rules["monsters"].get("tier_cap")
    best = 1
    for city in state.cities.values():          # asked thousands of times a decision by a look-ahead
        if city.owner == NEUTRAL:
            continue
        for name in city.buildings:
            tier = _SPAWNER_TIER.get(name)
            if tier is None:
                tier = _SPAWNER_TIER[name] = int(name.split("_")[1]) if name.startswith("spawner_") else 0
            if tier > best:
                best = tier
        if cap is not None and best >= cap:
            break
    return capped_tier(state, best)


_SPAWNER_TIER: dict[str, int] = {}       # building name -> its spawner tier, 0 for any other building


def capped_tier(state: GameState, spawner_tier: int) -> int:
    """R-CMP-10: the monsters' tier a spawner of ``spawner_tier`` would give (the rules' cap applied)."""
    return min(spawner_tier, state.rules["monsters"].get("tier_cap", spawner_tier))


def joining_unit(state: GameState) -> str:
    joins = state.rules["monsters"]["joins_as"]
    return monster_unit(state) if joins == "tiered" else joins


def bribe_cost(state: GameState) -> dict[str, int]:
    rules = state.rules["monsters"]
    if rules["bribe_cost_from_tier"]:
        return state.rules["recruits"][monster_unit(state)]["cost"]
    return rules["bribe_cost"]
