"""Computer players (R-SET-1): determinism, whole games in both modes, strength, battle odds."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.ai import LEVELS, choose_action, play_game
from game.ai import battle_odds as BO
from game.ai.play import seat_rng
from game.board import Board
from game.engine import Seat, apply, legal_actions, new_game
from game.engine import actions as A

MEADOW = Path(__file__).resolve().parent.parent / "maps" / "meadow.tmx"


def blank():
    return Board.blank(14, 10, "square")


def boards():
    out = [("blank", blank)]
    if MEADOW.exists():
        from game.maps import load_map
        out.append(("meadow", lambda: load_map(str(MEADOW))))
    return out


def seats(*levels):
    return [Seat(f"P{i + 1}", "computer", lvl) for i, lvl in enumerate(levels)]


@pytest.mark.rule("R-SET-1")
@pytest.mark.rule("R-DICE-5")
def test_same_seed_same_game():
    """The AI's own rng and the game's seed fix the whole game: same actions, same result."""
    games = [play_game(blank(), seats("standard", "random"), 11, "normal", max_days=8, strict=True)
             for _ in range(2)]
    assert games[0].actions == games[1].actions
    assert games[0].winners == games[1].winners
    other = play_game(blank(), seats("standard", "random"), 12, "normal", max_days=8, strict=True)
    assert other.actions != games[0].actions


@pytest.mark.rule("R-SET-1")
def test_choose_action_does_not_touch_the_game_rng():
    state, _ = new_game(blank(), seats("standard", "standard"), 5)
    for _ in range(60):
        before = state.rng._random.getstate() if hasattr(state.rng, "_random") else None
        act = choose_action(state, random.Random(1), "standard")
        if before is not None:
            assert state.rng._random.getstate() == before
        apply(state, act)


@pytest.mark.rule("R-SET-1")
@pytest.mark.rule("R-END-2")
@pytest.mark.parametrize("mode", ["normal", "campaign"])
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name,make", boards())
def test_level_completes_a_short_game(mode, level, name, make):
    days = 2 if level == "hard" else 6          # hard searches at every choice: fewer days keep the test fast
    state = play_game(make(), seats(level, level), 3, mode, max_days=days, strict=True)
    assert state.phase == "over"
    assert state.end_reason in ("conquest", "day_limit")
    assert state.winners
    assert state.stats.get("ai_refused", 0) == 0


@pytest.mark.rule("R-SET-1")
def test_standard_beats_random():
    """Verified on seeds 0..9 of meadow (Normal), seats swapped every game: standard wins them all."""
    board = MEADOW if MEADOW.exists() else None
    wins = 0
    for seed in range(10):
        levels = ["standard", "random"] if seed % 2 == 0 else ["random", "standard"]
        if board is not None:
            from game.maps import load_map
            b = load_map(str(board))
        else:
            b = blank()
        state = play_game(b, seats(*levels), seed, "normal", max_days=30, strict=True)
        wins += any(levels[w - 1] == "standard" for w in state.winners) and len(state.winners) == 1
    assert wins >= 8


@pytest.mark.rule("R-ALLY-1")
def test_standard_never_accepts_an_alliance_with_two_players():
    state, _ = new_game(blank(), seats("standard", "standard"), 7)
    rngs = {1: seat_rng(7, 1), 2: seat_rng(7, 2)}
    while not (state.phase == "turn" and not state.pending and state.battle is None):
        apply(state, choose_action(state, rngs[state.actor()], "standard"))
    me = state.actor()
    other = 2 if me == 1 else 1
    # R-ALLY-1: with two players no alliance can even be offered
    assert not [a for a in legal_actions(state) if isinstance(a, A.ProposeAlliance)]
    state.alliance_offers.add((me, other))                    # arrange: an offer left from a 3-player game
    apply(state, A.EndTurn(me))
    for _ in range(400):
        if state.actor() == other:
            act = choose_action(state, rngs[other], "standard")
            assert act == A.AnswerAlliance(other, me, False)
            return
        apply(state, choose_action(state, rngs[state.actor()], "standard"))
    pytest.fail("the offered player never acted")


def _first_battle(seed):
    from game.maps import load_map
    board = load_map(str(MEADOW)) if MEADOW.exists() else blank()
    state, _ = new_game(board, seats("standard", "standard"), seed)
    rngs = {1: seat_rng(seed, 1), 2: seat_rng(seed, 2)}
    for _ in range(3000):
        if state.phase == "over":
            return None
        if state.battle is not None and all(s.arranged for s in state.battle.sides):
            return state
        apply(state, choose_action(state, rngs[state.actor()], "standard"))
    return None


@pytest.mark.rule("R-BAT-4")
def test_battle_odds_match_the_legal_attacks():
    found = 0
    for seed in range(12):
        state = _first_battle(seed)
        if state is None:
            continue
        found += 1
        p = BO.battle_win_probability(state)
        assert 0.0 <= p <= 1.0
        chances = BO.attack_chances(state)
        legal = {(a.squad, a.target) for a in legal_actions(state) if isinstance(a, A.Attack)}
        assert set(chances) == legal
        assert BO.best_attack(state) in legal
        assert max(chances.values()) == pytest.approx(
            p if state.battle.to_act == 0 else 1 - p, abs=1e-9)
        if found >= 3:
            break
    assert found


def first_hero_game():
    """A game between two standard players, played until the first hero is hired: (state, that hero)."""
    state, _ = new_game(blank(), seats("standard", "standard"), 2)
    rngs = {1: seat_rng(2, 1), 2: seat_rng(2, 2)}
    while not any(state.heroes_of(s) for s in state.players):
        apply(state, choose_action(state, rngs[state.actor()], "standard"))
    return state, next(iter(state.heroes.values()))


@pytest.mark.rule("R-HERO-1")
@pytest.mark.rule("R-CITY-1")
def test_pre_battle_estimate_hero_against_a_city():
    state, hero = first_hero_game()
    rival = next(c for c in state.cities.values() if c.owner != hero.owner)
    alone = BO.hero_vs(state, hero, BO.city_defence(state, rival))
    stronger = BO.hero_vs(state, hero, BO.city_defence(state, rival), extra_units={"mercenary": 12})
    assert 0.0 < alone < stronger <= 1.0


@pytest.mark.rule("R-ITEM-3")
@pytest.mark.rule("R-HERO-1")
def test_a_pre_battle_estimate_follows_the_hero_as_it_changes():
    """The estimates are remembered per matchup: a hero who equips an item, hires a unit or loses one
    must not be given the odds it had before."""
    from game.engine.state import Item
    state, hero = first_hero_game()
    rival = next(c for c in state.cities.values() if c.owner != hero.owner)
    defence = BO.city_defence(state, rival)
    hero.army = {}
    bare = BO.hero_vs(state, hero, defence)
    hero.items.append(Item(900, "main_hand", 4, "3d10"))
    hero.equipped.append(900)
    armed = BO.hero_vs(state, hero, defence)
    hero.army = {"mercenary": 6}
    with_army = BO.hero_vs(state, hero, defence)
    hero.army = {}
    hero.equipped.remove(900)
    assert bare < armed < with_army
    assert BO.hero_vs(state, hero, defence) == bare


@pytest.mark.rule("R-CITY-4")
def test_what_defends_a_city_follows_its_garrison_and_the_heroes_in_it():
    """A City's defenders are remembered by what they are: a unit recruited, a hero walking in or
    equipping an item must show in its defence at once."""
    from game.engine.state import Item
    state, hero = first_hero_game()
    city = next(c for c in state.cities.values() if c.owner == hero.owner)
    hero.cell = (city.cell[0] + 1, city.cell[1])              # out of the City
    hero.army = {}
    alone = BO.city_defence(state, city)
    city.garrison["mercenary"] = city.garrison.get("mercenary", 0) + 3
    garrisoned = BO.city_defence(state, city)
    hero.cell = city.cell
    held = BO.city_defence(state, city)
    hero.items.append(Item(901, "main_hand", 4, "3d10"))
    hero.equipped.append(901)
    armed = BO.city_defence(state, city)
    assert len(set(map(tuple, (alone, garrisoned, held, armed)))) == 4
    hero.equipped.remove(901)
    assert BO.city_defence(state, city) == held
