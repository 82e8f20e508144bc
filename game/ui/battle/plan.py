"""One odds figure (issue 11 item 6): the battle a hero would get, arranged the way the battle
screen will first offer it, and that arrangement's chance.

The battle screen opens with ``default_plan``: the player's remembered split (how many squads,
which roll mode) when it has chosen one, else the engine's best split
(``battle_odds.best_arrangement``). The board's badge and tooltip ask the same function about
the battle the engine would start on the hovered tile (``prospective_*``), so the figure on the
board is the figure the battle screen shows first. Pure: no pygame.

Between two humans the first split is set unseen (the hotseat cover): ``secret`` figures are worked
out on ``as_seen_by``'s battle, which holds only what the side arranging second may know.
"""
from __future__ import annotations

from dataclasses import replace

from game.engine.battle import Battle, default_arrangement, neutral_side, player_side
from game.engine.battle_odds import best_arrangement
from game.engine.squads import GARRISON, Squad
from game.engine.state import NEUTRAL, GameState, Hero

Plan = tuple[tuple, str, float]       # (squads as ArrangeBattle wants them, roll mode, chance)


def remembered(session) -> dict[int, tuple[int, str]]:
    """Each seat's chosen split (number of squads, roll mode); a seat that took the best split has none."""
    return session.__dict__.setdefault("battle_plans", {})


def default_plan(state: GameState, battle: Battle | None = None, choice: tuple[int, str] | None = None,
                 secret: bool = False) -> Plan:
    """The arrangement the battle screen offers first to the side that must arrange ``battle``
    (default: the battle under way), with its chance to win. ``secret``: the other player set its squads
    unseen, and the chance is the one against the best split it could have made against this one."""
    saved = state.battle
    battle = battle if battle is not None else state.battle
    index = next(i for i, s in enumerate(battle.sides) if not s.arranged)
    state.battle = battle
    try:
        if choice is None:
            return best_arrangement(state, index=index, seen_by=index if secret else None)
        from game.ui.battle.arrange import Arrangement, split_chance
        side = battle.sides[index]
        parts, mode = choice
        arrangement = Arrangement(side.pool, battle.max_squads(state.rules), mode)
        arrangement.use(default_arrangement(side.pool, max(1, min(parts, arrangement.limit))))
        return arrangement.squads(), mode, split_chance(state, index, arrangement.squads(), mode, secret)
    finally:
        state.battle = saved


def attacking_chance(state: GameState, battle: Battle, choice: tuple[int, str] | None = None) -> float:
    """The attacker's chance in ``battle`` as the battle screen first offers it. An attacker with nothing
    to arrange meets a defender still to arrange at its best answer, as one with an army does
    (``arrangement_chance``): not at its default split, which showed 80% for a battle then at 73%."""
    if battle.sides[0].arranged:
        from game.engine.battle_odds import battle_win_probability
        saved, state.battle = state.battle, battle
        try:
            if not battle.sides[1].arranged:
                return 1.0 - best_arrangement(state)[2]
            return battle_win_probability(state)
        finally:
            state.battle = saved
    return default_plan(state, battle, choice)[2]


# --- the battles the engine would start (interactions.py builds the same sides) ----------------
def _attacker(hero: Hero):
    return player_side(hero.owner, [hero.id], {hero.id: hero.army})


def prospective_neutral(state: GameState, hero: Hero, kind: str, unit: str, count: int, cell,
                        city_id: int | None = None, parts: int | None = None) -> Battle:
    """Monsters, guardians or a neutral City's defenders (``count`` rolled on arrival)."""
    extra = [Squad(city=city_id)] if city_id is not None else None
    return Battle(kind=kind, cell=tuple(cell), hero=hero.id,
                  sides=[_attacker(hero), neutral_side(state, {unit: count}, extra=extra, parts=parts)],
                  city=city_id)


def prospective_heroes(state: GameState, hero: Hero, enemies: list[Hero], cell) -> Battle:
    owner = enemies[0].owner
    group = [h.id for h in enemies if h.owner == owner]
    defender = player_side(owner, group, {h: state.heroes[h].army for h in group})
    return Battle(kind="hero", cell=tuple(cell), hero=hero.id, sides=[_attacker(hero), defender])


def prospective_city(state: GameState, hero: Hero, city) -> Battle:
    """An owned City: its squad, its garrisoned heroes and their armies plus the garrison (R-CITY-4)."""
    assert city.owner != NEUTRAL
    garrisoned = [h.id for h in state.heroes_at(city.cell) if h.owner == city.owner]
    owned = {h: state.heroes[h].army for h in garrisoned}
    owned[GARRISON] = city.garrison
    defender = player_side(city.owner, garrisoned, owned, city_id=city.id)
    return Battle(kind="city", cell=tuple(city.cell), hero=hero.id, sides=[_attacker(hero), defender], city=city.id)
