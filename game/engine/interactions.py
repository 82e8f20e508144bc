"""What happens where a hero stops: monsters, heroes, Cities, pickups, mines, in R-MOV-7 order."""
from __future__ import annotations

from game.engine import purse
from game.engine.battle import GARRISON, Battle, Outcome, Squad, neutral_side, player_side, start_battle
from game.engine.flow import check_end
from game.engine.outcomes import capture_mine, settle
from game.engine.dice import table_lookup
from game.engine.errors import IllegalAction
from game.engine.heroes import add_units, equip_default, slots_ok
from game.engine.monsters import (  # noqa: F401  (computer players and the screen read them from here)
    bribe_cost, joining_unit, monster_tier, monster_unit, neutral_defender_unit,
)
from game.engine.state import NEUTRAL, Event, GameState, Hero, Interaction, Item, Mine, Pending


def arrive(state: GameState, hero: Hero, events: list[Event]) -> None:
    state.interaction = Interaction(hero=hero.id, cell=hero.cell)
    advance(state, events)


def advance(state: GameState, events: list[Event]) -> None:
    """Resolve the next thing on the cell, until a decision or a battle is needed."""
    inter = state.interaction
    if inter is None:
        return
    hero = state.heroes.get(inter.hero)
    if hero is None or hero.cell != inter.cell or state.phase == "over":
        state.interaction = None
        return
    seat = hero.owner
    if state.tokens_at(hero.cell, "monster"):
        meet_monsters(state, hero, events)
        return
    if inter.monsters_only:
        state.interaction = None
        return
    enemies = [h for h in state.heroes_at(hero.cell) if not state.allied(h.owner, seat) and not state.is_garrisoned(h)]
    if enemies:
        owner = enemies[0].owner
        group = [h.id for h in enemies if h.owner == owner]
        owned = {hero_id: state.heroes[hero_id].army for hero_id in group}
        attack_with(state, hero, "hero", player_side(owner, group, owned), events)
        return
    city = state.city_at(hero.cell)
    if city is not None and not state.allied(city.owner, seat):
        engage_city(state, hero, city, events)
        return
    mine = state.mine_at(hero.cell)
    if mine is not None and not state.allied(mine.owner, seat):
        pickups = state.tokens_at(hero.cell, "item") + state.tokens_at(hero.cell, "resource")
        if pickups and "pickups" not in inter.done and hero.moves_left:
            state.pending.append(Pending("pickups", seat, {"hero": hero.id}))
            return
        state.interaction = None
        meet_mine(state, hero, mine, events)
        return
    state.interaction = None


def face_monster(state: GameState, seat: int, hero_id: int, events: list[Event]) -> None:
    """R-MOV-7: the hero a Monster came to fights (or bribes) it now, for no 🐎."""
    pending = state.pending[0] if state.pending else None
    if pending is None or pending.kind != "face_monster" or pending.data["hero"] != hero_id:
        raise IllegalAction("that hero has no Monster to face")
    state.pending.pop(0)
    hero = state.heroes[hero_id]
    state.interaction = Interaction(hero=hero.id, cell=hero.cell, monsters_only=True)
    advance(state, events)


def demand_monster_fights(state: GameState, events: list[Event]) -> None:
    """R-MOV-7: in its player's turn, a hero standing with a Monster must take the monster
    interaction first: a pending decision for that player until it is done."""
    if state.phase != "turn" or state.pending or state.battle is not None or state.interaction is not None:
        return
    seat = state.current_player
    for hero in sorted(state.heroes_of(seat), key=lambda h: h.id):
        if state.tokens_at(hero.cell, "monster"):
            state.pending.append(Pending("face_monster", seat, {"hero": hero.id}))
            state.emit(events, "monster_must_be_faced", hero=hero.id, player=seat, cell=list(hero.cell))
            return


def attack_with(state: GameState, hero: Hero, kind: str, defender, events: list[Event], **context) -> None:
    attacker = player_side(hero.owner, [hero.id], {hero.id: hero.army})
    outcome = start_battle(state, Battle(kind=kind, cell=hero.cell, hero=hero.id, sides=[attacker, defender],
                                         **context), events)
    after_battle(state, outcome, events)


def after_battle(state: GameState, outcome: Outcome | None, events: list[Event]) -> None:
    """Once a battle is over: settle it, then the winning attacker goes on with its cell (R-MOV-7)."""
    if outcome is None:
        return
    settle(state, outcome, events)
    if outcome.winner == 0:
        advance(state, events)
    else:
        state.interaction = None
    check_end(state, events)


# --- monsters (R-MON-1..3, R-CMP-10/11) ------------------------------------------------------
def meet_monsters(state: GameState, hero: Hero, events: list[Event]) -> None:
    inter = state.interaction
    if not inter.monsters:
        rules = state.rules["monsters"]
        tally = {"fight": 0, "bribe": 0, "defect": 0}
        tokens = [t.id for t in state.tokens_at(hero.cell, "monster")]
        for token_id in tokens:
            roll = state.rng.roll("1dP")
            reaction = table_lookup(rules["reaction_table"], roll.total)
            count = state.rng.roll(rules["count"][reaction])
            state.emit(events, "dice", purpose="monster_reaction", expr="1dP", faces=list(roll.faces),
                       total=roll.total, reaction=reaction, player=hero.owner)
            state.emit(events, "dice", purpose="monster_count", expr=rules["count"][reaction],
                       faces=list(count.faces), total=count.total, reaction=reaction, player=hero.owner)
            tally["fight" if reaction in ("fight", "hard_fight") else reaction] += count.total
        inter.monsters = {"tokens": tokens, **tally, "stage": "defect"}
    m = inter.monsters
    if m["stage"] == "defect":
        m["stage"] = "bribe"
        if m["defect"]:
            state.pending.append(Pending("take_monsters", hero.owner,
                                         {"hero": hero.id, "offer": "defect", "max": m["defect"], "cost": {}}))
            return
    if m["stage"] == "bribe":
        m["stage"] = "fight"
        if m["bribe"]:
            state.pending.append(Pending("take_monsters", hero.owner,
                                         {"hero": hero.id, "offer": "bribe", "max": m["bribe"], "cost": bribe_cost(state)}))
            return
    if m["fight"]:
        unit = monster_unit(state)
        attack_with(state, hero, "monsters", neutral_side(state, {unit: m["fight"]}), events,
                    monster_tokens=list(m["tokens"]), neutral_units=m["fight"], bounty=True)
        return
    for token_id in m["tokens"]:
        state.tokens.pop(token_id, None)
    state.emit(events, "tokens_removed", tokens=list(m["tokens"]))
    inter.monsters = {}
    advance(state, events)


def take_monsters(state: GameState, seat: int, count: int, events: list[Event]) -> None:
    pending = state.pending[0]
    hero = state.heroes[pending.data["hero"]]
    if not 0 <= count <= pending.data["max"]:
        raise IllegalAction(f"take between 0 and {pending.data['max']} monsters")
    cost = purse.scaled(pending.data["cost"], count)
    if count:
        purse.require(state, seat, cost, f"{count} bribed monsters")
        unit = joining_unit(state)
        if not slots_ok(hero.army, unit, state.rules["hero"]["army_slots"]):
            raise IllegalAction("the hero's army has no free slot for them")
    state.pending.pop(0)
    if count:
        purse.pay(state, seat, cost, events, "bribe")
        add_units(hero.army, joining_unit(state), count)
    state.emit(events, "monsters_joined", hero=hero.id, offer=pending.data["offer"], count=count,
               left=pending.data["max"] - count)
    meet_monsters(state, hero, events)


# --- Cities (R-CITY-4, R-CITY-6) --------------------------------------------------------------------
def engage_city(state: GameState, hero: Hero, city, events: list[Event]) -> None:
    if city.owner == NEUTRAL:
        rules = state.rules["cities"]
        roll = state.rng.roll(rules["neutral_defenders"])
        state.emit(events, "dice", purpose="neutral_defenders", expr=rules["neutral_defenders"],
                   faces=list(roll.faces), total=roll.total, player=hero.owner)
        defender = neutral_side(state, {neutral_defender_unit(state): roll.total}, extra=[Squad(city=city.id)],
                                parts=rules["neutral_defender_squads"])
        attack_with(state, hero, "city", defender, events, city=city.id)
        return
    garrisoned = [h.id for h in state.heroes_at(city.cell) if h.owner == city.owner]
    owned = {hero_id: state.heroes[hero_id].army for hero_id in garrisoned}
    owned[GARRISON] = city.garrison       # heroes' units first, as the odds' city_defence assumes
    attack_with(state, hero, "city", player_side(city.owner, garrisoned, owned, city_id=city.id), events,
                city=city.id)


# --- mines (R-MINE-1..3, R-CMP-2, R-CMP-9) ---------------------------------------------------------------
def meet_mine(state: GameState, hero: Hero, mine: Mine, events: list[Event]) -> None:
    rules = state.rules["mines"]
    roll = state.rng.roll(rules["guard_die"])
    outcome = table_lookup(rules["guard_table"], roll.total)
    state.emit(events, "dice", purpose="mine_guard", expr=rules["guard_die"], faces=list(roll.faces),
               total=roll.total, outcome=outcome, player=hero.owner)
    if outcome == "capture":
        capture_mine(state, hero, mine, events)
        return
    dice = rules["guardians_by_tier"][state.highest_city_tier()]
    count = state.rng.roll(dice)
    state.emit(events, "dice", purpose="guardians", expr=dice, faces=list(count.faces), total=count.total,
               player=hero.owner)
    bounty = rules["guardian_bounty_unowned"] if mine.owner == NEUTRAL else rules["guardian_bounty_enemy"]
    attack_with(state, hero, "guardians", neutral_side(state, {monster_unit(state): count.total}), events,
                mine=mine.id, neutral_units=count.total, bounty=bounty)


# --- pickups (R-MOV-3, R-RES-1, R-ITEM-1/2, R-CMP-8) ----------------------------------------------------------
def pick_up(state: GameState, seat: int, hero: Hero, token_id: int, events: list[Event]) -> None:
    token = state.tokens.get(token_id)
    if token is None or token.cell != hero.cell or token.kind not in ("item", "resource"):
        raise IllegalAction("there is no such item or resource on the hero's tile")
    cost = state.rules["movement"]["pickup_cost"]
    if hero.moves_left is None:
        raise IllegalAction("roll the hero's 🐎 first")
    if hero.moves_left < cost:
        raise IllegalAction(f"picking up costs 🐎{cost}; the hero has {hero.moves_left} left")
    hero.moves_left -= cost
    del state.tokens[token_id]
    state.emit(events, "picked_up", hero=hero.id, token=token_id, kind=token.kind, cost=cost)
    if token.kind == "resource":
        collect_resource(state, seat, events)
    else:
        item = token.item or roll_item(state, seat, events)
        hero.items.append(item)
        equip_default(hero, item)
        state.emit(events, "item_found", hero=hero.id, item=item.id, type=item.type,
                   rarity=state.rules["items"]["rarities"][item.rarity], power=item.power)


def collect_resource(state: GameState, seat: int, events: list[Event]) -> None:
    rules = state.rules["resource_token"]
    resource = rules["types"][0]
    if rules["type_die"]:
        roll = state.rng.roll(rules["type_die"])
        resource = rules["types"][roll.total - 1]
        state.emit(events, "dice", purpose="resource_type", expr=rules["type_die"], faces=list(roll.faces),
                   total=roll.total, resource=resource, player=seat)
    size = "small"
    if rules["size_die"]:
        roll = state.rng.roll(rules["size_die"])
        size = table_lookup(rules["size_table"], roll.total)
        state.emit(events, "dice", purpose="cache_size", expr=rules["size_die"], faces=list(roll.faces),
                   total=roll.total, size=size, player=seat)
    amount = state.rng.roll(rules["amount"][size])
    state.emit(events, "dice", purpose="cache_amount", expr=rules["amount"][size], faces=list(amount.faces),
               total=amount.total, player=seat)
    purse.change(state, seat, {resource: amount.total}, events, "resource cache")


def roll_item(state: GameState, seat: int, events: list[Event]) -> Item:
    rules = state.rules["items"]
    roll = state.rng.roll("1dP")
    item_type = table_lookup(rules["type_table"], roll.total)
    state.emit(events, "dice", purpose="item_type", expr="1dP", faces=list(roll.faces), total=roll.total,
               type=item_type, player=seat)
    rarity = 0
    while rarity < len(rules["rarities"]) - 1:
        roll = state.rng.roll("1dP")
        success = roll.total >= rules["upgrade_success"]
        state.emit(events, "dice", purpose="item_rarity", expr="1dP", faces=list(roll.faces), total=roll.total,
                   success=success, player=seat)
        if not success:
            break
        rarity += 1
    return Item(id=state.new_id(), type=item_type, rarity=rarity, power=rules["power"][item_type][rarity])


def finish_pickups(state: GameState, seat: int, events: list[Event]) -> None:
    state.pending.pop(0)
    state.interaction.done.append("pickups")
    advance(state, events)
