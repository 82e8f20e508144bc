"""Pre-battle odds for the board's hover tooltip: what a hero risks by stopping on a cell.

Known defenders (enemy heroes, Cities) get the attacker's chance to win
(``game.ai.battle_odds.hero_vs``). Monsters and mine guardians are rolled on
arrival (R-MON-1, R-MINE-1/2, R-CMP-9/11), so their lines give each outcome's
chance and the chance to win averaged over the rolled count.
"""
from __future__ import annotations

from functools import lru_cache

from game.engine.dice import Dice, table_lookup
from game.engine.state import NEUTRAL, GameState, Hero


@lru_cache(maxsize=64)
def distribution(expr: str) -> dict[int, float]:
    """Exact distribution of a dice expression (``2d6+3``, ``1dP``, ``1d20``)."""
    dice = Dice.parse(expr)
    faces = [10 * (i + 1) for i in range(10)] if dice.percentile else list(range(1, dice.sides + 1))
    dist = {0: 1.0}
    for _ in range(dice.count):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in faces:
                nxt[total + face] = nxt.get(total + face, 0.0) + p / len(faces)
        dist = nxt
    return {total + dice.bonus: p for total, p in dist.items()}


def outcome_chances(die: str, table: list) -> dict[str, float]:
    chances: dict[str, float] = {}
    for value, p in distribution(die).items():
        outcome = table_lookup(table, value)
        chances[outcome] = chances.get(outcome, 0.0) + p
    return chances


def pct(p: float) -> str:
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{round(100 * p)}%"


def win_vs_rolled(state: GameState, hero: Hero, expr: str) -> float:
    """The hero's chance to beat monsters/guardians whose count is ``expr``, averaged over the roll."""
    from game.ai.battle_odds import hero_vs, monster_defence
    from game.engine.interactions import monster_unit
    unit = monster_unit(state)
    return sum(p * hero_vs(state, hero, monster_defence(state, {unit: max(1, n)}))
               for n, p in distribution(expr).items())


NAMES = {"hard_fight": "Hard fight", "fight": "Fight", "bribe": "Bribe", "defect": "Defect"}


def monster_lines(state: GameState, hero: Hero) -> list[str]:
    rules = state.rules["monsters"]
    chances = outcome_chances("1dP", rules["reaction_table"])
    lines = ["Monsters: the reaction is rolled on arrival"]
    overall = 0.0
    for reaction in ("defect", "bribe", "fight", "hard_fight"):
        p = chances.get(reaction, 0.0)
        if not p:
            continue
        expr = rules["count"][reaction]
        if reaction in ("fight", "hard_fight"):
            win = win_vs_rolled(state, hero, expr)
            overall += p * win
            lines.append(f"  {NAMES[reaction]} {expr} ({pct(p)}): win {pct(win)}")
        else:
            overall += p
            extra = "join free" if reaction == "defect" else "join for a price"
            lines.append(f"  {NAMES[reaction]} {expr} ({pct(p)}): {extra}")
    lines.append(f"Chance to come out on top: {pct(overall)}")
    return lines


def mine_lines(state: GameState, hero: Hero, mine) -> list[str]:
    rules = state.rules["mines"]
    chances = outcome_chances(rules["guard_die"], rules["guard_table"])
    capture = chances.get("capture", 0.0)
    guarded = 1.0 - capture
    expr = rules["guardians_by_tier"][state.highest_city_tier()]
    win = win_vs_rolled(state, hero, expr)
    owner = "enemy" if mine.owner != NEUTRAL else "unowned"
    return [f"Mine ({owner}): captured at once {pct(capture)}",
            f"  Guardians {expr} ({pct(guarded)}): win {pct(win)}",
            f"Chance to capture: {pct(capture + guarded * win)}"]


def cell_odds(state: GameState, hero: Hero, cell) -> list[str]:
    """Tooltip lines with the odds of stopping ``hero`` on ``cell`` (empty when nothing hostile is there)."""
    from game.ai.battle_odds import city_defence, hero_defence, hero_vs
    from game.engine.movement import walled
    seat = hero.owner
    try:
        if state.tokens_at(cell, "monster"):
            return monster_lines(state, hero)
        enemies = [h for h in state.heroes_at(cell) if not state.allied(h.owner, seat) and not state.is_garrisoned(h)]
        if enemies:
            owner = enemies[0].owner
            group = [h for h in enemies if h.owner == owner]
            p = hero_vs(state, hero, hero_defence(state, group))
            return [f"Battle against {state.players[owner].name}'s hero", f"Chance to win: {pct(p)}"]
        city = state.city_at(cell)
        if city is not None and not state.allied(city.owner, seat):
            if walled(state, city):
                return ["Walled City: besiege it first (🐎15, R-CITY-2)"]
            p = hero_vs(state, hero, city_defence(state, city))
            about = "about " if city.owner == NEUTRAL else ""
            return ["Attack the City", f"Chance to win: {about}{pct(p)}"]
        mine = state.mine_at(cell)
        if mine is not None and not state.allied(mine.owner, seat):
            return mine_lines(state, hero, mine)
    except (ValueError, KeyError):
        return []
    return []


def win_chance(state: GameState, hero: Hero, cell) -> float | None:
    """The headline chance from ``cell_odds`` as a number (for tests and the path pill)."""
    return headline_chance(cell_odds(state, hero, cell))


def headline_chance(lines: list[str]) -> float | None:
    for line in reversed(lines):
        if line.rstrip().endswith("%"):
            digits = line.rsplit(" ", 1)[-1].strip("<>%")
            return int(digits) / 100
    return None


def pickup_notes(state: GameState, hero: Hero, cell, arrival_cost: int) -> tuple[str, list[str]]:
    """The path badge's pickup part and tooltip lines for stopping on ``cell`` (R-MOV-3).

    Each Item or Resource token costs 🐎``pickup_cost`` more on top of ``arrival_cost``;
    the lines say when the hero arrives with too few 🐎 left to pick any (or all) of them."""
    tokens = [t for t in state.tokens_at(cell) if t.kind in ("item", "resource")]
    if not tokens or hero.moves_left is None:
        return "", []
    each = state.rules["movement"]["pickup_cost"]
    left = hero.moves_left - arrival_cost
    affordable = min(len(tokens), left // each) if each else len(tokens)
    badge = f"+🐎{each * len(tokens)} 🎁" if len(tokens) == 1 else f"+🐎{each}×{len(tokens)} 🎁"
    if affordable == 0:
        lines = [f"No 🐎 left to pick up here: arrives with 🐎{left}, each pickup costs 🐎{each}"]
    elif affordable < len(tokens):
        lines = [f"🐎 left for {affordable} of the {len(tokens)} pickups here (🐎{each} each)"]
    else:
        lines = [f"Pick up here: 🐎{each} each, 🐎{left - each * len(tokens)} left after"]
    return badge, lines
