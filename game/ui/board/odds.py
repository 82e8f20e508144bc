"""Pre-battle odds for the board's hover tooltip: what a hero risks by stopping on a cell.

Every chance is the one the battle screen first offers (``game.ui.battle.plan``):
the battle the engine would start, arranged the best way. Monsters, mine guardians
and a neutral City's defenders are rolled on arrival (R-MON-1, R-MINE-1/2,
R-CITY-6, R-CMP-9/11), so their lines average over the rolled count.
"""
from __future__ import annotations

from game.engine.dice import Dice, distribution, table_lookup
from game.engine.state import NEUTRAL, GameState, Hero
from game.names import percent


def outcome_chances(die: str, table: list) -> dict[str, float]:
    chances: dict[str, float] = {}
    for value, p in distribution(die).items():
        outcome = table_lookup(table, value)
        chances[outcome] = chances.get(outcome, 0.0) + p
    return chances


def win_vs_rolled(state: GameState, hero: Hero, expr: str, battle_for, choice=None) -> float:
    """The hero's chance against defenders whose count is ``expr`` (rolled on arrival), averaged over
    the roll; ``battle_for(n)`` is the battle the engine would start with ``n`` of them."""
    return win_vs_counts(state, distribution(expr), battle_for, choice)


def win_vs_counts(state: GameState, counts: dict[int, float], battle_for, choice=None) -> float:
    """``win_vs_rolled`` over a distribution of defender counts (each weighted by its chance)."""
    from game.ui.battle.plan import attacking_chance
    return sum(p * attacking_chance(state, battle_for(max(1, n)), choice) for n, p in counts.items())


def fighters(rules: dict, tokens: int) -> dict[int, float]:
    """How many Monsters fight, over ``tokens`` Monster tokens on one tile: each rolls its own reaction
    and count, and those that fight, fight together (R-MON-3); 0 when none fights."""
    chances = outcome_chances("1dP", rules["reaction_table"])
    one = {0: sum(p for r, p in chances.items() if r not in ("fight", "hard_fight"))}
    for reaction in ("fight", "hard_fight"):
        for n, q in distribution(rules["count"][reaction]).items():
            one[n] = one.get(n, 0.0) + chances.get(reaction, 0.0) * q
    total = {0: 1.0}
    for _ in range(tokens):
        total = _convolve(total, one)
    return total


def _convolve(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    out: dict[int, float] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


def monster_fight(state: GameState, hero: Hero, cell):
    """``n -> Battle``: the monster fight the hero would get on ``cell`` (R-MON-1)."""
    from game.engine.interactions import monster_unit
    from game.ui.battle.plan import prospective_neutral
    unit = monster_unit(state)
    return lambda n: prospective_neutral(state, hero, "monsters", unit, n, cell)


def guardian_fight(state: GameState, hero: Hero, cell):
    from game.engine.interactions import monster_unit
    from game.ui.battle.plan import prospective_neutral
    unit = monster_unit(state)
    return lambda n: prospective_neutral(state, hero, "guardians", unit, n, cell)


def neutral_city_fight(state: GameState, hero: Hero, city):
    """``n -> Battle``: a neutral City with ``n`` rolled defenders (R-CITY-6)."""
    from game.engine.interactions import neutral_defender_unit
    from game.ui.battle.plan import prospective_neutral
    unit = neutral_defender_unit(state)
    parts = state.rules["cities"]["neutral_defender_squads"]
    return lambda n: prospective_neutral(state, hero, "city", unit, n, city.cell, city_id=city.id, parts=parts)


NAMES = {"hard_fight": "Hard fight", "fight": "Fight", "bribe": "Bribe", "defect": "Defect"}


def tiered_monsters(state: GameState) -> str:
    """" of Tier 2 ⭐" when monsters are Campaign units: building a higher spawner makes every Monster
    and guardian stronger (R-CMP-10), which a changed chance alone would not tell."""
    from game.engine.monsters import monster_unit
    from game.names import short_unit_name
    unit = monster_unit(state)
    return f" of {short_unit_name(unit)}" if unit.startswith("unit_") else ""


def monster_lines(state: GameState, hero: Hero, cell, choice=None) -> list[str]:
    rules = state.rules["monsters"]
    chances = outcome_chances("1dP", rules["reaction_table"])
    tier = tiered_monsters(state)
    tokens = len(state.tokens_at(cell, "monster"))
    if tokens > 1:
        return crowd_lines(state, hero, cell, tokens, tier, choice)
    # each rule beside what it says: the tier is R-CMP-10's, Campaign's reaction table R-CMP-11's
    lines = [f"Monsters{tier} (R-CMP-10): the reaction is rolled on arrival (R-CMP-11)" if tier
             else "Monsters: the reaction is rolled on arrival"]
    overall = 0.0
    for reaction in ("defect", "bribe", "fight", "hard_fight"):
        p = chances.get(reaction, 0.0)
        if not p:
            continue
        expr = rules["count"][reaction]
        if reaction in ("fight", "hard_fight"):
            win = win_vs_rolled(state, hero, expr, monster_fight(state, hero, cell), choice)
            overall += p * win
            lines.append(f"  {NAMES[reaction]} {expr} ({percent(p)}): win {percent(win)}")
        else:
            overall += p
            extra = "join free" if reaction == "defect" else "join for a price"
            lines.append(f"  {NAMES[reaction]} {expr} ({percent(p)}): {extra}")
    lines.append(f"Chance to come out on top: {percent(overall)}")
    return lines


def crowd_lines(state: GameState, hero: Hero, cell, tokens: int, tier: str, choice=None) -> list[str]:
    """Several Monster tokens on one tile (R-MON-3): each rolls its reaction, and every one that fights
    fights in one battle. The odds of a single token, shown for a tile of two, promised 43% where the
    engine's fight against both gave less."""
    counts = fighters(state.rules["monsters"], tokens)
    calm = counts.get(0, 0.0)
    fight = {n: p for n, p in counts.items() if n}
    win = win_vs_counts(state, fight, monster_fight(state, hero, cell), choice)
    lines = [f"{tokens} Monster tokens{tier}: each rolls its reaction on arrival (R-MON-3)",
             f"  none fights ({percent(calm)}): they join or wander off"]
    if fight:
        lines.append(f"  those that fight, fight together ({percent(1.0 - calm)}): win {percent(win / (1.0 - calm))}")
        lines.append("  (not counting any that join first)")
    lines.append(f"Chance to come out on top: {percent(calm + win)}")
    return lines


def mine_lines(state: GameState, hero: Hero, mine, choice=None) -> list[str]:
    rules = state.rules["mines"]
    chances = outcome_chances(rules["guard_die"], rules["guard_table"])
    capture = chances.get("capture", 0.0)
    guarded = 1.0 - capture
    expr = rules["guardians_by_tier"][state.highest_city_tier()]
    win = win_vs_rolled(state, hero, expr, guardian_fight(state, hero, mine.cell), choice)
    owner = "enemy" if mine.owner != NEUTRAL else "neutral"      # as the tile's own line says it
    return [f"Mine ({owner}): captured at once {percent(capture)}",
            f"  Guardians {expr}{tiered_monsters(state)} ({percent(guarded)}): win {percent(win)}",
            f"Chance to capture: {percent(capture + guarded * win)}"]


def faces_anything(state: GameState, seat: int, cell) -> bool:
    """Whether stopping on ``cell`` meets something ``seat`` is not allied with: where ``cell_odds`` has lines."""
    if state.tokens_at(cell, "monster") or any(not state.allied(h.owner, seat) for h in state.heroes_at(cell)):
        return True
    return any(thing is not None and not state.allied(thing.owner, seat)
               for thing in (state.city_at(cell), state.mine_at(cell)))


def cell_odds(state: GameState, hero: Hero, cell, choice: tuple[int, str] | None = None) -> list[str]:
    """Tooltip lines with the odds of stopping ``hero`` on ``cell`` (empty when nothing hostile is there).

    Every chance is the one the battle screen first shows: the same battles, arranged by
    ``battle.plan.default_plan``: the best split, or the player's remembered ``choice``."""
    from game.engine.movement import walled
    from game.ui.battle.plan import attacking_chance, prospective_city, prospective_heroes
    seat = hero.owner
    try:
        if state.tokens_at(cell, "monster"):
            if state.city_at(cell) is not None:
                return ["A Monster holds this City: no hero enters", "until it is beaten (R-MOV-7)"]
            return monster_lines(state, hero, cell, choice)
        enemies = [h for h in state.heroes_at(cell) if not state.allied(h.owner, seat) and not state.is_garrisoned(h)]
        if enemies:
            p = attacking_chance(state, prospective_heroes(state, hero, enemies, cell), choice)
            return [f"Battle against {state.players[enemies[0].owner].name}'s hero", f"Chance to win: {percent(p)}"]
        city = state.city_at(cell)
        if city is not None and not state.allied(city.owner, seat):
            if walled(state, city):
                return ["Walled City: besiege it first (R-CITY-2)",
                        f"  from a tile next to it: 🐎{state.rules['cities']['siege_cost']}, or skip the roll"]
            if city.owner == NEUTRAL:
                expr = state.rules["cities"]["neutral_defenders"]
                p = win_vs_rolled(state, hero, expr, neutral_city_fight(state, hero, city), choice)
                return ["Attack the neutral City", f"  its defenders are rolled on arrival ({expr})",
                        f"Chance to win: {percent(p)}"]
            p = attacking_chance(state, prospective_city(state, hero, city), choice)
            return [city_fights(state, city), "Attack the City", f"Chance to win: {percent(p)}"]
        mine = state.mine_at(cell)
        if mine is not None and not state.allied(mine.owner, seat):
            return mine_lines(state, hero, mine, choice)
    except (ValueError, KeyError):
        return []
    return []


def win_chance(state: GameState, hero: Hero, cell) -> float | None:
    """The headline chance from ``cell_odds`` as a number (for tests and the path pill)."""
    return headline_chance(cell_odds(state, hero, cell))


def headline_text(lines: list[str]) -> str | None:
    """The headline chance as the tooltip words it (">99%", "≈43%"), for the path's badge: one figure, one way."""
    for line in reversed(lines):
        if line.rstrip().endswith("%"):
            return line.rsplit(" ", 1)[-1].strip()
    return None


def headline_chance(lines: list[str]) -> float | None:
    text = headline_text(lines)
    return None if text is None else int(text.strip("<>≈%")) / 100


PICKUP_ICONS = {"resource": "💰", "item": "🎁"}     # as the log and the board's tokens show them


def pickup_notes(state: GameState, hero: Hero, cell, arrival_cost: int) -> tuple[str, list[str]]:
    """The path badge's pickup part and tooltip lines for stopping on ``cell`` (R-MOV-3).

    Each Item or Resource token costs 🐎``pickup_cost`` more on top of ``arrival_cost``;
    the badge and lines say when the hero arrives with too few 🐎 left to pick any (or all) of them."""
    tokens = [t for t in state.tokens_at(cell) if t.kind in ("item", "resource")]
    if not tokens or hero.moves_left is None:
        return "", []
    each = state.rules["movement"]["pickup_cost"]
    left = hero.moves_left - arrival_cost
    affordable = min(len(tokens), left // each) if each else len(tokens)
    icons = "".join(sorted({PICKUP_ICONS[t.kind] for t in tokens}, key=list(PICKUP_ICONS.values()).index))
    badge = f"+🐎{each * len(tokens)} {icons}" if len(tokens) == 1 else f"+🐎{each}×{len(tokens)} {icons}"
    def moves(n: int) -> str:
        return f"{n} move{'s' * (n != 1)}"
    if affordable == 0:
        badge = f"no 🐎 left for {icons}"
        lines = ["No moves left to pick up here:", f"  arrives with {moves(left)}, a pickup costs {moves(each)}"]
    elif affordable < len(tokens):
        lines = [f"Moves left for {affordable} of the {len(tokens)} pickups here ({moves(each)} each)"]
    else:
        lines = [f"Pick up here: {moves(each)} each, {moves(left - each * len(tokens))} left after"]
    return badge, lines


def fights_with(state: GameState, hero: Hero) -> str:
    """What a hero brings to a battle, for the tooltip over it: its own dice, each equipped item's, and its
    units. A chance of 6% against a hero with as many units as one's own said nothing of its items."""
    from game.engine.heroes import equipped_items
    from game.names import ITEM_TYPES, unit_plural
    dice = [state.rules["hero"]["dice"]] + [f"{item.power} ({ITEM_TYPES.get(item.type, item.type)})"
                                            for item in equipped_items(hero)]
    units = [f"{unit_plural(unit, count)} ({state.rules.unit_dice(unit)}{' each' if count > 1 else ''})"
             for unit, count in sorted(hero.army.items()) if count > 0]
    return f"{hero.name or 'The hero'} fights {' + '.join(dice)}; " + (", ".join(units) if units else "no units")


def city_fights(state: GameState, city) -> str:
    """What a City brings to its battle besides its heroes (R-CITY-1, R-CITY-4): its own dice and its garrison.
    The tooltip named the hero inside alone, and 61% for ten mercenaries against a hero with four read wrong."""
    from game.engine.battle import Squad, squad_dice_text
    from game.names import unit_plural
    units = [f"{unit_plural(unit, count)} ({state.rules.unit_dice(unit)}{' each' if count > 1 else ''})"
             for unit, count in sorted(city.garrison.items()) if count > 0]
    return (f"{city.name or 'The City'} fights {squad_dice_text(state, Squad(city=city.id))}; garrison: "
            + (", ".join(units) if units else "none"))
