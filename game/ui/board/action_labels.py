"""Short button labels for engine actions (the choices panel)."""
from __future__ import annotations

from game.engine import actions as A


def _hero(state, hero_id: int) -> str:
    hero = state.heroes.get(hero_id)
    return (hero.name or f"Hero {hero_id}") if hero else f"Hero {hero_id}"


def _city(state, city_id: int) -> str:
    city = state.cities.get(city_id)
    return (city.name or f"{city.tier.title()} {city_id}") if city else f"City {city_id}"


def _player(state, seat: int) -> str:
    player = state.players.get(seat)
    return player.name if player else f"Player {seat}"


def label(state, action) -> str:
    if isinstance(action, A.Build):
        return f"Build {action.building.replace('_', ' ')} in {_city(state, action.city)}"
    if isinstance(action, A.Recruit):
        what = action.recruit.replace("_", " ")
        return f"Recruit {action.count} {what} in {_city(state, action.city)}"
    if isinstance(action, A.FoundCity):
        return f"{_hero(state, action.hero)} founds a City"
    if isinstance(action, A.PickUp):
        token = state.tokens.get(action.token)
        return f"{_hero(state, action.hero)} picks up the {token.kind if token else 'token'}"
    if isinstance(action, A.FinishPickups):
        return "Leave the rest"
    if isinstance(action, A.TakeMonsters):
        return f"Take {action.count} monsters"
    if isinstance(action, A.Siege):
        return f"{_hero(state, action.hero)} besieges {_city(state, action.city)}"
    if isinstance(action, A.ArrangeBattle):
        return f"{len(action.squads)} squads, {action.mode} rolls"
    if isinstance(action, A.Attack):
        return f"Squad {action.squad + 1} attacks squad {action.target + 1}"
    if isinstance(action, A.Retreat):
        return "Retreat"
    if isinstance(action, A.ChooseUpkeepDeaths):
        names = ", ".join(_hero(state, h) for h in action.heroes) or "nobody"
        return f"Let die: {names}"
    if isinstance(action, A.TransferUnits):
        return f"{'Take' if action.count > 0 else 'Leave'} {abs(action.count)} {action.unit}"
    if isinstance(action, A.TransferItem):
        return f"{'Take' if action.to_hero else 'Store'} item {action.item}"
    if isinstance(action, A.EquipItem):
        return f"Equip item {action.item}"
    if isinstance(action, A.AnswerAlliance):
        return f"{'Accept' if action.accept else 'Refuse'} {_player(state, action.proposer)}'s alliance"
    if isinstance(action, A.ProposeAlliance):
        return f"Propose an alliance to {_player(state, action.to)}"
    if isinstance(action, A.EndAlliance):
        return f"End the alliance with {_player(state, action.ally)}"
    name = type(action).__name__
    fields = [f"{k}={v}" for k, v in vars(action).items() if k != "player"] if hasattr(action, "__dict__") else []
    return f"{name} {' '.join(fields)}".strip()
