"""Every key of both rule files changes play (issue 10, "Rules as data must be true").

The test walks every key of ``normal.toml`` and ``campaign.toml``, changes its
value, and plays a few seeded probe games with the changed rules next to the
same games with the shipped rules.  A key passes when the changed value
changes what happens (the events of a probe differ) or is refused when the
rules load or the game starts.  A key nothing reads fails: a dead key cannot
come back.  Tables keyed by City tier or by resource count as one key
(``daybreak.city_income_by_tier``): every entry is changed at once.
"""
from __future__ import annotations

import copy
import random
import tomllib

import pytest

import enginekit as kit

from game.board import Board, MapToken
from game.ai import choose_action
from game.engine import IllegalAction, RulesError, Seat, apply, legal_actions, load_rules, new_game
from game.engine import actions as A
from game.engine.dice import Dice, Rng
from game.engine.rules import RULES_DIR, deep_merge
from game.engine.rules_schema import OPTION_SWITCHES

STEPS = 400
DAYS = 5
TIER_KEYED = {"city_income_by_tier", "tier_cost", "guardians_by_tier"}
RESOURCES = {"coin", "wood", "food", "stone"}


def leaf_keys(table: dict, prefix: str = "") -> list[str]:
    keys = []
    for name, value in table.items():
        key = f"{prefix}{name}"
        is_cost = isinstance(value, dict) and set(value) <= RESOURCES
        if isinstance(value, dict) and name not in TIER_KEYED and not is_cost:
            keys += leaf_keys(value, f"{key}.")
        else:
            keys.append(key)
    return keys


def file_keys(mode: str) -> list[str]:
    with open(RULES_DIR / f"{mode}.toml", "rb") as handle:
        return leaf_keys(tomllib.load(handle))


# --- changing a value --------------------------------------------------------------------
def changed(value, key: str):
    """A different value of the same kind; ``None`` when there is no second candidate."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value / 2
    if isinstance(value, dict):
        return {k: changed(v, f"{key}.{k}") for k, v in value.items()}
    if isinstance(value, list):
        if value and isinstance(value[0], list):                  # [low, high, outcome] rows
            outcomes = [row[2] for row in value]
            rotated = outcomes[1:] + outcomes[:1]
            return [[row[0], row[1], out] for row, out in zip(value, rotated)]
        if value and all(isinstance(v, int) for v in value):
            return [v + 1 for v in value]
        if value and all(_is_dice(v) for v in value):
            return [changed(v, key) for v in value]
        if key.endswith("requires"):
            return value[:-1] if value else ["fortifications"]
        return value[:-1] if len(value) > 1 else value + ["gem"]
    if isinstance(value, str):
        if value == "":
            return "1d1"
        if _is_dice(value):
            dice = Dice.parse(value)
            return f"{dice.count + 1}dP" if dice.percentile else f"{dice.count}d{dice.sides + 2}{dice.bonus:+d}"
        return NAME_CHANGES.get(value, "monster" if value.startswith("unit_") else None)
    raise AssertionError(f"no change known for {key} = {value!r}")


NAME_CHANGES = {"normal": "campaign", "campaign": "normal", "encampment": "villa", "half": "per_kill",
                "per_kill": "half", "monster": "mercenary", "mercenary": "monster", "tiered": "unit_2_1",
                "legacy_gold_mine": "hero_cap"}


def _is_dice(value) -> bool:
    try:
        Dice.parse(value)
        return True
    except ValueError:
        return False


def overlay_for(key: str, value) -> dict:
    node: dict = {}
    top = node
    parts = key.split(".")
    for part in parts[:-1]:
        node[part] = {}
        node = node[part]
    node[parts[-1]] = value
    return top


def get(data: dict, key: str):
    for part in key.split("."):
        data = data[part]
    return data


# --- probe games ----------------------------------------------------------------------------
def probe_board(players: int) -> Board:
    """Open ground; with fewer than four players, two neutral Cities and two mines on the map."""
    corners = [(1, 1), (14, 9), (1, 9), (14, 1)][:players]
    marks = [MapToken("start", cell, seat=i + 1) for i, cell in enumerate(corners)]
    sights = [MapToken("city", (7, 5)), MapToken("city", (4, 2)), MapToken("mine", (3, 5)), MapToken("mine", (11, 4))]
    return Board.blank(16, 11, "square", tokens=marks + (sights if players < 4 else []))


# Each probe: (players, computer level, seed, overlay on the file's rules).  The rich probe
# (every option on, a full purse, many builds a day) reaches buildings, recruits and options.
RICH = {"options": {"starting_hero": True, "legacy_gold_mine": True, "hero_cap": True, "day_limit": True,
                    "day_limit_days": 8},
        "daybreak": {"builds_per_city_per_day": 8}}
PROBES = [
    (2, "standard", 1, {}),
    (3, "standard", 2, {}),
    (4, "standard", 3, {}),
    (2, "random", 4, RICH),
]


def overlay_stack(mode: str, probe_overlay: dict, overlay: dict) -> dict:
    stacked = copy.deepcopy(probe_overlay) or {"options": {"day_limit": True, "day_limit_days": DAYS}}
    if probe_overlay is RICH:
        stacked["setup"] = {"start_purse": {r: 900 for r in load_rules(mode).resources}}
    return deep_merge(stacked, overlay)


def choose(state, level: str, rng):
    if level != "random":
        return choose_action(state, rng, level)
    options = legal_actions(state)
    builders = [a for a in options if isinstance(a, (A.Build, A.Recruit))]
    if builders and rng.random() < 0.6:
        return rng.choice(builders)
    quiet = [a for a in options if not isinstance(a, (A.ProposeAlliance, A.AnswerAlliance, A.EndAlliance))]
    return rng.choice(quiet or options)


def play(mode: str, overlay: dict, probe, until_differs_from=None):
    """The probe's events, one entry per step; stops at the first step unlike ``until_differs_from``."""
    players, level, seed, probe_overlay = probe
    try:
        rules = load_rules(mode, overlay=overlay_stack(mode, probe_overlay, overlay))
        seats = [Seat(f"P{i}", "computer", level) for i in range(players)]
        state, events = new_game(probe_board(players), seats, seed, rules=rules)
    except (RulesError, IllegalAction) as refusal:
        return ["refused", str(refusal)]
    stream = [[e.to_json() for e in events]]
    rng = random.Random(seed)
    base = until_differs_from
    while state.phase != "over" and len(stream) < STEPS:
        if base is not None and (len(stream) > len(base) or stream[-1] != base[len(stream) - 1]):
            break
        try:
            stream.append([e.to_json() for e in apply(state, choose(state, level, rng))])
        except IllegalAction as refusal:        # the changed rules refuse what the shipped ones allow
            stream.append(["refused", str(refusal)])
            break
    return stream


# --- scenes: one situation each, played over a few seeds ----------------------------------------
def play_out(state, steps: int = 60) -> list:
    """Resolve pending choices and battles (the largest offer taken, the last squad listed
    attacking, the last arrangement listed); the choices offered are part of what happens."""
    events = []
    for _ in range(steps):
        if not state.pending and state.battle is None:
            break
        options = legal_actions(state)
        takes = [a for a in options if isinstance(a, A.TakeMonsters)]
        attacks = [a for a in options if isinstance(a, A.Attack)]     # unit squads (listed last) first
        act = (max(takes, key=lambda a: a.count) if takes
               else max(attacks, key=lambda a: (a.squad, -a.target)) if attacks else options[-1])
        events += [len(options), act] + apply(state, act)
    return events


def units_of(mode: str) -> tuple[str, str]:
    return ("mercenary", "monster") if mode == "normal" else ("unit_1_1", "unit_2_1")


def meet(mode: str, overlay: dict, token: MapToken, seed: int, owner: int | None = None,
         army: dict | None = None, every_building: bool = False) -> list:
    """P1's hero with a small army walks onto ``token`` (a monster, a neutral City, a mine)."""
    army = army or {units_of(mode)[0]: 4}
    state, hero = kit.hero_game(mode, tokens=[token], army=army, moves=5, coin=20, overlay=overlay)
    if owner is not None:
        state.mine_at(token.cell).owner = owner
    if every_building:
        kit.capital(state, 1).buildings = {name: 1 for name in state.rules["buildings"]}
    state.rng = Rng(seed)
    events = apply(state, A.Move(1, hero.id, (token.cell,))) + play_out(state)
    return events + [dict(hero.army), state.players[1].purse]


def scene_monsters(mode, overlay):
    for seed in range(24):
        yield meet(mode, overlay, MapToken("monster", (2, 1)), seed, every_building=seed % 2 == 1)


def scene_unit_dice(mode, overlay):
    """A hero with one unit of each kind in turn fights a monster; the unit's squad rolls first."""
    for unit in load_rules(mode, overlay=overlay).data["units"]:
        yield meet(mode, overlay, MapToken("monster", (2, 1)), 3, army={unit: 1})


def scene_catalogue(mode, overlay):
    """At P1's first Daybreak with a full purse and every option on, every building and recruit
    tried in a bare capital and in one at the top tier holding every other building."""
    first = kit.start_game(mode, overlay=overlay, options={name: True for name in OPTION_SWITCHES})
    data = first.rules.data
    for section in ("buildings", "recruits"):
        for name in data[section]:
            for full in (False, True):
                state = first.lookahead_copy()          # the engine's own quick copy (shares the board)
                city = kit.capital(state, 1)
                state.players[1].purse = {r: 5000 for r in state.rules.resources}
                city.tier = data["cities"]["tiers"][-1] if full else city.tier
                city.buildings = {b: 1 for b in data["buildings"] if b != name} if full else {}
                act = A.Build(1, city.id, name) if section == "buildings" else A.Recruit(1, city.id, name, 1)
                try:
                    yield [e.to_json() for e in apply(state, act)] + [dict(city.garrison), state.players[1].purse]
                except IllegalAction as refusal:
                    yield str(refusal)


def scene_neutral_city(mode, overlay):
    for seed in range(6):
        yield meet(mode, overlay, MapToken("city", (2, 1)), seed)


def scene_mines(mode, overlay):
    for seed in range(12):
        for owner in (None, 2):
            yield meet(mode, overlay, MapToken("mine", (2, 1)), seed, owner)


def scene_enemy_city(mode, overlay):
    """P1's hero with 🐎15 beside P2's capital holding one building: may it besiege or walk in?"""
    for name in load_rules(mode, overlay=overlay).data["buildings"]:
        state, hero = kit.hero_game(mode, at=(6, 7), moves=15, overlay=overlay)
        kit.capital(state, 2).buildings = {name: 1}
        yield sorted(map(repr, legal_actions(state, moves=False)))


def scene_slots(mode, overlay):
    """A garrisoned hero with one unit kind, its City with another: may they swap?"""
    kinds = list(load_rules(mode, overlay=overlay).data["units"])
    for held in range(1, min(len(kinds), 7)):
        for count in (1, -1):
            state, hero = kit.hero_game(mode, overlay=overlay)
            here, there = ({k: 1 for k in kinds[:held]}, {kinds[held]: 1})
            hero.army, kit.capital(state, 1).garrison = (here, there) if count > 0 else (there, here)
            try:
                act = A.TransferUnits(1, hero.id, kinds[held], count)
                yield [e.to_json() for e in apply(state, act)]
            except IllegalAction as refusal:
                yield str(refusal)


def scene_vote(mode, overlay):
    """R-VOTE-1: a rule vote that ties, over a few seeds."""
    for seed in range(8):
        state, _ = kit.hero_game(mode, overlay=overlay)
        state.rng = Rng(seed)
        events = apply(state, A.ProposeRuleChange(1, "day_limit", True))
        while state.pending and state.pending[0].kind == "vote":
            events += apply(state, A.CastVote(state.pending[0].player, state.pending[0].player == 1))
        yield [e.to_json() for e in events] + [state.rules["options"]["day_limit"]]


def scene_pickups(mode, overlay):
    """A hero walks onto an Item and a Resource token and picks both up, over a few seeds."""
    for seed in range(16):
        state, hero = kit.hero_game(mode, tokens=[MapToken("item", (2, 1)), MapToken("resource", (2, 1))], moves=5,
                                    overlay=overlay)
        state.rng = Rng(seed)
        events = apply(state, A.Move(1, hero.id, ((2, 1),)))
        for token in list(state.tokens_at(hero.cell)):
            try:
                events += apply(state, A.PickUp(1, hero.id, token.id))
            except IllegalAction as refusal:
                events.append(str(refusal))
        yield [e if isinstance(e, str) else e.to_json() for e in events] + [state.players[1].purse]


def scene_daybreaks(mode, overlay):
    """P1 (a garrisoned hero, a mine, a Gold Mine of level 2) through two Daybreaks, over a few seeds:
    income, upkeep, the token roll."""
    for seed in range(6):
        state, hero = kit.hero_game(mode, tokens=[MapToken("mine", (2, 1))], coin=3, overlay=overlay,
                                    options={"legacy_gold_mine": True})
        state.mine_at((2, 1)).owner = 1
        kit.capital(state, 1).buildings["gold_mine"] = 2
        state.rng = Rng(seed)
        yield [e.to_json() for e in through_day(state, 3)] + [state.players[1].purse]


def through_day(state, last_day: int) -> list:
    """Every player ends its Daybreaks and turns (the first answer to any decision) until ``last_day`` is over."""
    events = []
    while state.day <= last_day and state.phase != "over":
        options = legal_actions(state, moves=False)
        enders = [a for a in options if isinstance(a, (A.EndTurn, A.EndDaybreak))]
        events += apply(state, enders[0] if enders else options[0])
    return events


def scene_siege(mode, overlay):
    """P1's hero besieges P2's walled capital; P2's next Daybreak."""
    state, hero = kit.hero_game(mode, at=(6, 7), moves=20, overlay=overlay)
    state.rng = Rng(1)
    events = apply(state, A.Siege(1, hero.id, kit.capital(state, 2).id)) + through_day(state, 2)
    yield [e.to_json() for e in events] + [state.players[2].purse]


def scene_building_day(mode, overlay):
    """At P1's first Daybreak with a full purse: every tier and building of the capital tried in turn, and a
    City founded by a hero standing on open ground."""
    state = kit.start_game(mode, overlay=overlay)
    city = kit.capital(state, 1)
    state.players[1].purse = {r: 5000 for r in state.rules.resources}
    for name in [*state.rules["cities"]["tiers"], *state.rules["buildings"]]:
        try:
            yield [e.to_json() for e in apply(state, A.Build(1, city.id, name))] + [dict(state.players[1].purse)]
        except IllegalAction as refusal:
            yield str(refusal)
    hero = kit.recruit_hero(state, 1)
    hero.cell = (4, 4)
    state.players[1].purse["coin"] = 5
    try:
        yield [e.to_json() for e in apply(state, A.FoundCity(1, hero.id))] + [state.players[1].purse]
    except IllegalAction as refusal:
        yield str(refusal)


def scene_alliance(mode, overlay):
    """Three players: may P1 propose an alliance?"""
    state, hero = kit.hero_game(mode, players=3, overlay=overlay)
    yield sorted(repr(a) for a in legal_actions(state, moves=False) if isinstance(a, A.ProposeAlliance))


def scene_cityless(mode, overlay):
    """R-END-1: P1 has lost its only City; how many of its turns does it live through?"""
    state, hero = kit.hero_game(mode, coin=10, overlay=overlay)      # its hero's upkeep is paid
    del state.cities[kit.capital(state, 1).id]
    for _ in range(3):
        apply(state, A.EndTurn(1))
        yield state.players[1].alive
        if not state.players[1].alive:
            return
        kit.to_turn_of(state, 1)


SCENES = [scene_catalogue, scene_unit_dice, scene_monsters, scene_neutral_city, scene_mines, scene_enemy_city,
          scene_slots, scene_vote, scene_cityless, scene_pickups, scene_daybreaks, scene_siege, scene_building_day,
          scene_alliance]


def observe(scene, mode: str, overlay: dict, until_differs_from=None) -> list:
    """The scene's observations; stops at the first one unlike ``until_differs_from``."""
    seen = []
    try:
        for observation in scene(mode, overlay):
            seen.append(observation)
            base = until_differs_from
            if base is not None and (len(seen) > len(base) or observation != base[len(seen) - 1]):
                break
    except (RulesError, IllegalAction, kit.DiceScriptError, AssertionError) as refusal:
        seen.append(["refused", str(refusal)])
    return seen


_BASE: dict = {}


def base(kind, mode: str, context: dict, observer):
    key = (kind, mode, repr(context))
    if key not in _BASE:
        _BASE[key] = observer()
    return _BASE[key]


def changes_play(mode: str, key: str, value) -> bool:
    """Does ``key = value`` change a scene or a probe game (or is it refused)?"""
    context = CONTEXT.get(f"{mode}:{key}", CONTEXT.get(key, {}))
    overlay = deep_merge(context, overlay_for(key, value))
    first = [scene for prefix, scene in HINTS if key.startswith(prefix)]
    for scene in first + PROBES + [s for s in SCENES if s not in first]:
        if callable(scene):
            shipped = base(scene.__name__, mode, context, lambda: observe(scene, mode, context))
            if observe(scene, mode, overlay, until_differs_from=shipped) != shipped:
                return True
        else:
            shipped = base(repr(scene[:3]), mode, context, lambda: play(mode, context, scene))
            if play(mode, overlay, scene, until_differs_from=shipped) != shipped:
                return True
    return False


# Where to look first (only to save time: every key may be proven by any scene or probe).
HINTS = [("buildings.", scene_catalogue), ("recruits.", scene_catalogue), ("units.", scene_unit_dice),
         ("monsters.", scene_monsters), ("cities.neutral_", scene_neutral_city), ("mines.", scene_mines),
         ("cities.siege_cost", scene_enemy_city), ("buildings.", scene_enemy_city), ("hero.", scene_slots),
         ("alliances.", scene_vote), ("end.", scene_cityless), ("items.", scene_pickups),
         ("resource_token.", scene_pickups), ("daybreak.sieged", scene_siege), ("daybreak.builds", scene_building_day),
         ("daybreak.", scene_daybreaks), ("cities.", scene_building_day), ("alliances.min", scene_alliance),
         ("options.day_limit", scene_enemy_city), ("options.hero_cap_count", PROBES[2]),
         ("battle.max_player_squads", PROBES[3])]


# Keys that only matter when another key says so: changed under this context ("mode:key" for one mode).
CONTEXT = {
    "monsters.bounty_per_kill": {"monsters": {"bounty": "per_kill"}},
    "monsters.bribe_cost": {"monsters": {"bribe_cost_from_tier": False}},
    "buildings.gold_mine.optional": {"options": {"legacy_gold_mine": True}},
}


@pytest.mark.parametrize("mode", ["normal", "campaign"])
def test_every_key_of_the_rule_files_changes_play(mode):
    rules = load_rules(mode).data
    dead = []
    for key in file_keys(mode):
        value = changed(get(rules, key), key)
        if value is None or not changes_play(mode, key, value):
            dead.append(f"{key} = {value!r}")
    assert not dead, f"{mode}: changing these keys changes nothing: {dead}"


def test_the_walk_sees_every_key_of_both_files():
    """The walk itself: it reaches the keys this issue named, deep ones included."""
    keys = set(file_keys("normal")) | set(file_keys("campaign"))
    for key in ("daybreak.sieged_city_income", "cities.neutral_defender_squads", "cities.neutral_defender_unit",
                "end.grace_turns_without_city", "daybreak.city_income_by_tier", "buildings.gold_mine.level_income",
                "monsters.count.defect", "units.unit_5_2", "monsters.tier_cap"):
        assert key in keys


# --- the keys that used to change nothing ----------------------------------------------------
@pytest.mark.rule("R-CITY-3")
def test_R_CITY_3_sieged_city_income_switch_decides_the_besieged_daybreak():
    state, hero = kit.hero_game(at=(6, 7), moves=15)
    apply(state, A.Siege(1, hero.id, kit.capital(state, 2).id))
    before = kit.purse_of(state, 2)
    kit.to_daybreak_of(state, 2)
    assert kit.purse_of(state, 2) == before          # the shipped rule: a sieged City yields 0

    state, hero = kit.hero_game(at=(6, 7), moves=15, overlay={"daybreak": {"sieged_city_income": True}})
    apply(state, A.Siege(1, hero.id, kit.capital(state, 2).id))
    before = kit.purse_of(state, 2)
    kit.to_daybreak_of(state, 2)
    assert kit.purse_of(state, 2) == before + 1      # encampment income despite the siege


@pytest.mark.rule("R-CITY-6")
@pytest.mark.parametrize("squads, unit", [(2, "monster"), (3, "mercenary")])
def test_R_CITY_6_neutral_city_defenders_follow_the_rule_data(squads, unit):
    overlay = {"cities": {"neutral_defender_squads": squads, "neutral_defender_unit": unit}}
    state, hero = kit.hero_game(tokens=[MapToken("city", (2, 1))], army={"mercenary": 3}, moves=5, overlay=overlay)
    kit.script(state, ("2d6", 4, 5))                  # nine defenders
    events = apply(state, A.Move(1, hero.id, ((2, 1),)))
    started = next(e for e in events if e.kind == "battle_started")
    monsters = [s["units"] for s in started.data["sides"][1] if s["units"]]
    assert monsters == [{unit: 9 // squads + (1 if i < 9 % squads else 0)} for i in range(squads)]


@pytest.mark.rule("R-END-1")
@pytest.mark.parametrize("grace", [1, 2])
def test_R_END_1_a_player_without_a_city_lasts_grace_turns(grace):
    """The City is lost during P1's own turn: it is out at the end of its ``grace``-th next turn."""
    observed = list(scene_cityless("normal", {"end": {"grace_turns_without_city": grace}}))
    assert observed == [True] * grace + [False]
