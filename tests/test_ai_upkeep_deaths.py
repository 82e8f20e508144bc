"""A computer player that cannot pay every hero's upkeep lets the weakest go (R-DAY-3, R-CMP-3),
without listing every way to choose them (20 starving heroes have 184,756 ways to lose 10)."""
import copy
import random

import pytest
from enginekit import hero_game

from game.ai import standard
from game.engine import actions as A
from game.engine.state import Pending


@pytest.mark.rule("R-DAY-3")
@pytest.mark.rule("R-CMP-3")
def test_the_weakest_heroes_go_and_no_combination_is_listed(monkeypatch):
    state, hero = hero_game(mode="campaign")
    owing = [hero.id]
    for n in range(19):
        twin = copy.deepcopy(hero)
        twin.id, twin.name, twin.army = state.new_id(), f"H{n}", {"unit_1_1": n % 5}
        state.heroes[twin.id] = twin
        owing.append(twin.id)
    state.pending.insert(0, Pending("upkeep_deaths", 1, {"count": 10, "heroes": owing}))
    listed = []
    monkeypatch.setattr(standard, "legal_actions", lambda *a, **k: listed.append(a) or [])
    act = standard.choose_standard(state, random.Random(1))
    assert not listed
    assert isinstance(act, A.ChooseUpkeepDeaths) and len(act.heroes) == 10 and set(act.heroes) <= set(owing)
    strength = {h: standard.hero_strength(state, state.heroes[h]) for h in owing}
    kept = [h for h in owing if h not in act.heroes]
    assert max(strength[h] for h in act.heroes) <= min(strength[h] for h in kept)
