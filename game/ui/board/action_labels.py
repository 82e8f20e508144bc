"""Short button labels for engine actions (the choices panel), in the rulebook's words."""
from __future__ import annotations

from game.engine import actions as A
from game.names import nice_name, option_change, recruited_units, state_item_name, unit_plural


def _hero(state, hero_id: int) -> str:
    hero = state.heroes.get(hero_id)
    return (hero.name or "the hero") if hero else "the hero"


def _city(state, city_id: int) -> str:
    city = state.cities.get(city_id)
    return (city.name or f"the {nice_name(city.tier)}") if city else "the City"


def _player(state, seat: int) -> str:
    player = state.players.get(seat)
    return player.name if player else "another player"


def _item(state, hero_id: int, item_id: int) -> str:
    """An item by rarity and type, wherever it lies (the hero's pack or a City's armory)."""
    hero = state.heroes.get(hero_id)
    places = [hero.items] if hero else []
    places += [c.armory for c in state.cities.values()]
    for items in places:
        for item in items:
            if item.id == item_id:
                return state_item_name(state, item)
    return "an item"


def _squad_units(squad) -> str:
    return " + ".join(unit_plural(u, n) for u, n in squad)


_SIMPLE = {
    A.EndDaybreak: "End Daybreak", A.EndTurn: "End turn", A.Retreat: "Retreat", A.FinishPickups: "Leave the rest",
}


def label(state, action) -> str:
    if type(action) in _SIMPLE:
        return _SIMPLE[type(action)]
    if isinstance(action, A.Build):
        return f"Build {nice_name(action.building)} in {_city(state, action.city)}"
    if isinstance(action, A.Recruit):
        if action.recruit == "hero":
            return f"Recruit a hero in {_city(state, action.city)}"
        unit = state.rules["recruits"].get(action.recruit, {}).get("unit", action.recruit)
        return f"Recruit {recruited_units(unit, action.count)} in {_city(state, action.city)}"
    if isinstance(action, A.FoundCity):
        return f"{_hero(state, action.hero)} founds a City"
    if isinstance(action, A.PickUp):
        token = state.tokens.get(action.token)
        what = {"item": "item", "resource": "resource cache"}.get(token.kind if token else "", "token")
        return f"{_hero(state, action.hero)} picks up the {what}"
    if isinstance(action, A.FaceMonster):
        return f"{_hero(state, action.hero)} faces the Monster"
    if isinstance(action, A.TakeMonsters):
        return f"Take {action.count} monster{'s' * (action.count != 1)}"
    if isinstance(action, A.Siege):
        return f"{_hero(state, action.hero)} besieges {_city(state, action.city)}"
    if isinstance(action, A.ArrangeBattle):
        n = len(action.squads)
        return f"{n} squad{'s' * (n != 1)}, {action.mode} rolls"
    if isinstance(action, A.Attack):
        return f"Squad {action.squad + 1} attacks squad {action.target + 1}"
    if isinstance(action, A.ChooseUpkeepDeaths):
        names = ", ".join(_hero(state, h) for h in action.heroes) or "nobody"
        return f"Let die: {names}"
    if isinstance(action, A.TransferUnits):
        verb = "Take" if action.count > 0 else "Leave"
        return f"{_hero(state, action.hero)}: {verb} {unit_plural(action.unit, abs(action.count))}"
    if isinstance(action, A.TransferItem):
        # the hero first, as its units' transfers say it: two heroes in a City each have these
        return f"{_hero(state, action.hero)}: {'Take' if action.to_hero else 'Store'} the " \
               f"{_item(state, action.hero, action.item)}"
    if isinstance(action, A.EquipItem):
        return f"{_hero(state, action.hero)} equips the {_item(state, action.hero, action.item)}"
    if isinstance(action, A.AnswerAlliance):
        return f"{'Accept' if action.accept else 'Refuse'} {_player(state, action.proposer)}'s alliance"
    if isinstance(action, A.ProposeAlliance):
        return f"Propose an alliance to {_player(state, action.to)}"
    if isinstance(action, A.EndAlliance):
        return f"End the alliance with {_player(state, action.ally)}"
    if isinstance(action, A.ProposeRuleChange):
        return f"Call a vote: {option_change(action.option, action.value, state.rules['options'])}"
    if isinstance(action, A.CastVote):
        return "Vote yes" if action.yes else "Vote no"
    if isinstance(action, A.RollMovement):
        return f"Roll {_hero(state, action.hero)}'s 🐎"
    if isinstance(action, A.Move):
        return f"Move {_hero(state, action.hero)}"
    if isinstance(action, A.PlaceCapital):
        return "Place the capital"
    if isinstance(action, A.PlaceToken):
        return "Place the Daybreak token"
    return "Do it"
