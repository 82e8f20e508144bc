"""The ``hard`` computer player searches on copies of the game (R-SET-1): the real game, its dice and
its replays stay untouched, and the search prefers what the rules make clearly better."""
from __future__ import annotations

import random

import pytest
from enginekit import capital, end_daybreak, hero_game, recruit_hero, snapshot, start_game, to_daybreak_of

from game.ai import choose_action, play_game
from game.ai.hard import (DETERMINIZATIONS, ROUND_CAP, WIDTH, HardPlanner, action_budget, evaluate, rollout_copy,
                          rollout_limit)
from game.ai.play import seat_rng
from game.lab.coverage import rule_counts
from game.board import Board
from game.engine import Seat, apply, new_game
from game.engine import actions as A
from game.engine.dice import Rng


def _real_dice(state, seed=5):
    state.rng = Rng(seed)
    return state


@pytest.mark.rule("R-SET-1")
@pytest.mark.rule("R-DICE-5")
def test_a_hard_decision_leaves_the_game_and_its_dice_untouched():
    state, _ = new_game(Board.blank(14, 10, "square"), [Seat("A", "computer", "hard"), Seat("B", "computer", "hard")], 5)
    rngs = {1: seat_rng(5, 1), 2: seat_rng(5, 2)}
    searched = 0
    for _ in range(40):
        if state.phase == "over":
            break
        before = snapshot(state)
        act = choose_action(state, rngs[state.actor()], "hard")
        assert snapshot(state) == before, "the search changed the real game"
        searched += state.phase in ("daybreak", "turn")
        apply(state, act)
    assert searched


@pytest.mark.rule("R-SET-1")
@pytest.mark.rule("R-DICE-5")
@pytest.mark.parametrize("mode", ["normal", "campaign"])
def test_hard_plays_only_legal_actions_and_the_same_seed_plays_the_same_game(mode):
    """``strict``: an action the engine refuses fails the game."""
    games = [play_game(Board.blank(14, 10, "square"), [Seat("A", "computer", "hard"), Seat("B", "computer", "standard")],
                       21, mode, max_days=2, strict=True) for _ in range(2)]
    assert games[0].phase == "over"
    assert games[0].actions == games[1].actions


@pytest.mark.rule("R-DICE-5")
def test_a_rollout_copy_has_its_own_dice():
    state = _real_dice(start_game())
    twin = rollout_copy(state, 99)
    twin.rng.roll("1d6")
    twin.players[1].purse["coin"] += 50
    assert state.rng._random.getstate() == Rng(5)._random.getstate()
    assert state.players[1].purse["coin"] != twin.players[1].purse["coin"]
    assert twin.board is state.board


@pytest.mark.rule("R-BAT-1")
@pytest.mark.rule("R-MON-1")
def test_hard_prefers_a_sure_win_to_a_sure_death():
    """Two handcrafted moves, the worse one offered first: walking onto 40 Monsters (certain death, R-MON-1)
    or onto a lone Item next to the hero. The search takes the Item."""
    from game.board.model import MapToken
    state, hero = hero_game(tokens=[MapToken("item", (1, 3))], at=(1, 2), moves=3)
    _real_dice(state)
    from game.engine.state import Token
    for _ in range(40):
        token = Token(state.new_id(), "monster", (2, 2))
        state.tokens[token.id] = token
    planner = HardPlanner(state, random.Random(1))
    death, win = A.Move(1, hero.id, ((2, 2),)), A.Move(1, hero.id, ((1, 3),))
    assert planner.best_of([death, win]) == win


@pytest.mark.rule("R-CITY-1")
@pytest.mark.rule("R-BLD-4")
def test_hard_recruits_when_a_rival_hero_threatens_its_capital():
    """A strong rival hero waits next to P1's unwalled, empty capital; at P1's Daybreak, ending it with 💰30
    unspent loses the capital in the rival's turn; buying mercenaries holds it."""
    state = start_game()
    end_daybreak(state, 1)
    state.players[2].purse["coin"] = 5
    rival = recruit_hero(state, 2)
    end_daybreak(state, 2)
    to_daybreak_of(state, 1)
    city = capital(state, 1)
    city.buildings.pop("ramparts", None)
    rival.cell, rival.army = (2, 1), {"mercenary": 14}
    state.players[1].purse["coin"] = 30
    _real_dice(state)
    save, buy = A.EndDaybreak(1), A.Recruit(1, city.id, "mercenary", 12)
    assert HardPlanner(state, random.Random(1)).best_of([save, buy]) == buy


@pytest.mark.rule("R-BLD-5")
def test_hard_counts_a_levelled_gold_mine_by_what_its_levels_cost():
    """The optional Gold Mine has a cost per level, not one cost: hard's worth crashed on it."""
    from game.ai.hard import BUILDING_SHARE, worth
    state = start_game(options={"legacy_gold_mine": True})
    city = capital(state, 1)
    before = worth(state, 1)
    city.buildings["gold_mine"] = 2
    gold_mine = state.rules["buildings"]["gold_mine"]
    spent = gold_mine["level_cost"][0] + gold_mine["level_cost"][1]
    pays = sum(gold_mine["level_income"][:2])         # worth counts 8 Days of income
    assert worth(state, 1) == pytest.approx(before + BUILDING_SHARE * spent + 8 * pays)


@pytest.mark.rule("R-END-2")
def test_a_lab_game_ends_at_its_day_cap_even_when_a_vote_switched_the_day_limit_off():
    """Computer players behind on Cities vote the day limit off (R-VOTE-1); the lab's cap still holds."""
    from game.board.model import MapToken
    board = Board.blank(9, 9, tokens=[MapToken("start", (1, 1), seat=1), MapToken("start", (7, 7), seat=2)])

    def vote_it_off(state):               # as a passed vote does: the optional rule switches off in play
        if state.day == 2:
            state.rules.data["options"]["day_limit"] = False
    state = play_game(board, [Seat("A", "computer", "random"), Seat("B", "computer", "random")], 5,
                      max_days=3, on_day=vote_it_off)
    assert state.phase == "over" and state.day == 4
    assert state.end_reason == "day_limit" and state.stats.get("day_limit_voted_off")
    # ... and the verdict is in the game's log, so the lab's rule coverage counts it
    ends = [e for e in state.log if e.kind == "game_over"]
    assert [e.data["reason"] for e in ends] == ["day_limit"]
    assert rule_counts(state.log).get("game ended by the day limit") == 1


@pytest.mark.rule("R-CITY-2")
@pytest.mark.rule("R-END-1")
def test_hard_counts_a_city_a_rival_can_take_next_turn_as_likely_lost():
    """hard's look-ahead ends at its own next turn, before a rival standing at its gates strikes: its
    worth counts the chance of losing the City (its last one above all), so it comes home to defend."""
    from game.ai.hard import loss_chance, worth
    from game.ai.standard import STANDARD, Planner
    from game.engine.state import Hero
    state = start_game()
    city = capital(state, 1)
    safe = worth(state, 1)
    rival = Hero(state.new_id(), 2, (city.cell[0] + 1, city.cell[1]), army={"mercenary": 30}, name="Rival")
    state.heroes[rival.id] = rival                                       # arrange: a big army at the gates
    chance = loss_chance(state, Planner(state, None, STANDARD, 1), city)
    assert chance > 0.9
    assert worth(state, 1) < safe - 80
    city.garrison = {"mercenary": 40}                                    # arrange: a garrison that holds
    assert loss_chance(state, Planner(state, None, STANDARD, 1), city) < 0.1


def _containers(obj, seen, skip):
    """Ids of every dict, list and set reachable from ``obj`` (through dataclasses and containers)."""
    if id(obj) in seen or id(obj) in skip:
        return
    if isinstance(obj, (dict, list, set)):
        seen.add(id(obj))
        for value in (list(obj.keys()) + list(obj.values())) if isinstance(obj, dict) else list(obj):
            _containers(value, seen, skip)
    elif hasattr(obj, "__dataclass_fields__"):
        for value in vars(obj).values():
            _containers(value, seen, skip)


def test_a_rollout_copy_shares_nothing_that_play_changes():
    """The copy builds heroes, Cities, Mines, tokens and players itself (deepcopy was a fifth of hard's time):
    it must equal the game and share no dict or list with it, battles and pending choices included."""
    from game.engine.state import Item
    state, hero = hero_game(army={"mercenary": 3})
    hero.items.append(Item(state.new_id(), "shield", 0, "1d6"))
    hero.equipped.append(hero.items[0].id)
    capital(state, 1).garrison["mercenary"] = 4
    capital(state, 1).armory.append(Item(state.new_id(), "amulet", 1, "1d6+1"))
    twin = rollout_copy(state, 3)
    for table in ("heroes", "cities", "mines", "tokens", "players", "pending", "alliances", "turn_order"):
        assert getattr(twin, table) == getattr(state, table), table
    shared = {id(state.board), id(state.rules_at_start), id(state.actions)}
    ours, theirs = set(), set()
    _containers(state, ours, shared | {id(state.rules)})
    _containers(twin, theirs, shared | {id(twin.rules), id(twin.actions)})
    assert not ours & theirs
    twin.heroes[hero.id].army["mercenary"] = 99
    twin.players[1].purse["coin"] = 99
    assert hero.army == {"mercenary": 3} and state.players[1].purse["coin"] != 99


@pytest.mark.rule("R-DICE-5")
@pytest.mark.rule("R-MOV-1")
def test_look_ahead_dice_give_a_hero_the_same_roll_whatever_was_rolled_before():
    """Common random numbers: two candidates' copies with the same seed give a hero the same 🐎 even when
    one copy rolled other dice first (one more battle, one more hire), so candidates meet the same luck."""
    state, hero = hero_game()
    _real_dice(state)
    for seed in range(20):
        calm, busy = rollout_copy(state, seed), rollout_copy(state, seed)
        busy.rng.aim(busy, A.EndTurn(1))
        busy.rng.roll("2d6")
        rolls = []
        for twin in (calm, busy):
            roll = A.RollMovement(1, hero.id)
            twin.rng.aim(twin, roll)
            apply(twin, roll)
            rolls.append(twin.heroes[hero.id].moves_left)
        assert rolls[0] == rolls[1], f"seed {seed}"


def _after_a_round_of(actions: int, seats: int):
    state, _ = new_game(Board.blank(64, 48, "square"), [Seat(f"P{i}", "computer", "hard") for i in range(seats)], 3)
    state.actions += [A.EndTurn(1)] + [A.EndTurn(2)] * (actions - 1) + [A.EndTurn(1)]
    return state


def test_between_two_players_a_look_ahead_lasts_a_round_however_big_the_board():
    # On a board this size the decision's budget gives each of its 8 look-aheads about 14 actions, fewer
    # than a round takes: they stopped before the rival moved (hard won 54% on The Highlands in Campaign).
    state = _after_a_round_of(30, seats=2)
    rollouts = WIDTH * DETERMINIZATIONS
    assert action_budget(state) // rollouts < 30
    assert rollout_limit(state, 1, rollouts) >= 30
    assert rollout_limit(state, 1, rollouts) <= ROUND_CAP


def test_with_more_players_a_look_ahead_keeps_to_the_budget():
    # Four players' round is long and every action costs more: the time budget (bench_ai.py) rules.
    state = _after_a_round_of(30, seats=4)
    rollouts = WIDTH * DETERMINIZATIONS
    assert rollout_limit(state, 1, rollouts) == action_budget(state) // rollouts < 30


@pytest.mark.rule("R-BAT-1")
def test_hard_hero_threat_counts_a_hero_in_reach_of_a_stronger_rival_at_what_it_keeps():
    """The lab's ``hard:hero_threat``: a hero in the open next to a much stronger rival hero is worth little,
    one far from it or in its own City its full worth; plain ``hard`` counts it whole, and the variant plays."""
    from game.ai.hard import worth
    from game.engine.state import Hero
    state = start_game()
    city = capital(state, 1)
    ours = Hero(state.new_id(), 1, (city.cell[0] + 4, city.cell[1]), army={"mercenary": 3}, name="Ours")
    state.heroes[ours.id] = ours
    whole = worth(state, 1, hero_threat=True)
    assert worth(state, 1) == whole
    rival = Hero(state.new_id(), 2, (ours.cell[0] + 1, ours.cell[1]), army={"mercenary": 30}, name="Rival")
    state.heroes[rival.id] = rival                                       # arrange: a big army beside it
    assert worth(state, 1, hero_threat=True) < whole - 5
    assert worth(state, 1) == whole
    ours.cell = city.cell                                                # in its City, the City's walls count
    assert worth(state, 1, hero_threat=True) == worth(state, 1)
    state2, _ = new_game(Board.blank(14, 10, "square"), [Seat("A", "computer", "hard:hero_threat"),
                                                        Seat("B", "computer", "standard")], 5)
    for _ in range(30):
        apply(state2, choose_action(state2, seat_rng(5, state2.actor()), state2.players[state2.actor()].ai))


def test_hard_four_streams_tries_each_candidate_on_four_dice_streams(monkeypatch):
    """The lab's ``hard:four_streams``: twice the look-aheads of ``hard`` for each candidate."""
    import game.ai.hard as hard
    from game.board.model import MapToken
    state, hero = hero_game(tokens=[MapToken("item", (1, 3))], at=(1, 2), moves=3)
    _real_dice(state)
    seen = []
    monkeypatch.setattr(hard, "rollout", lambda state, act, seat, seed, *rest: seen.append((act, seed)) or 0.0)
    moves = [A.Move(1, hero.id, ((2, 2),)), A.Move(1, hero.id, ((1, 3),))]
    for streams in (DETERMINIZATIONS, 4):
        seen.clear()
        planner = HardPlanner(state, random.Random(1))
        planner.streams = streams
        planner.best_of(moves)
        assert len(seen) == 2 * streams and len({seed for _, seed in seen}) == streams
    monkeypatch.setattr(hard.HardPlanner, "choose", lambda self: self.streams)
    assert hard.choose_hard(state, random.Random(1), variant="four_streams") == 4
    assert hard.choose_hard(state, random.Random(1)) == DETERMINIZATIONS
