"""R-SET-1..5: players, tokens, the Anchor, capitals, the starting purse."""
import pytest

from enginekit import assert_refused, board, capital, purse_of, rules_for, start_game
from game.board.model import Board, MapToken
from game.engine import IllegalAction, apply, load_rules, new_game, Seat
from game.engine import actions as A


@pytest.mark.rule("R-SET-1")
@pytest.mark.parametrize("count", [1, 5])
def test_R_SET_1_two_to_four_players(count):
    with pytest.raises(IllegalAction, match="2 to 4"):
        new_game(board(starts=()), [Seat(f"P{i}") for i in range(count)], 1, rules=rules_for())


@pytest.mark.rule("R-SET-1")
def test_R_SET_1_humans_and_computers():
    seats = [Seat("Ann"), Seat("Bot", "computer", "standard"), Seat("Cy"), Seat("Di", "computer", "easy")]
    state, _ = new_game(board(starts=((1, 1), (7, 7), (1, 7), (7, 1))), seats, 3, rules=rules_for())
    assert [(p.name, p.kind, p.ai) for p in state.players.values()] == [
        ("Ann", "human", ""), ("Bot", "computer", "standard"), ("Cy", "human", ""), ("Di", "computer", "easy")]
    assert len(state.cities) == 4


@pytest.mark.rule("R-SET-2")
def test_R_SET_2_scatter_per_player_when_map_has_none():
    b = Board.blank(12, 12, tokens=[MapToken("start", (0, 0), seat=1), MapToken("start", (11, 11), seat=2),
                                    MapToken("start", (0, 11), seat=3)])
    state, events = new_game(b, [Seat("A"), Seat("B"), Seat("C")], 9, rules=load_rules("normal"))
    kinds = [t.kind for t in state.tokens.values()]
    assert kinds.count("item") == 9 and kinds.count("resource") == 12 and kinds.count("monster") == 12
    assert len(state.mines) == 9
    occupied = [t.cell for t in state.tokens.values()] + [m.cell for m in state.mines.values()]
    assert len(occupied) == len(set(occupied))                 # open tiles: one thing each
    assert not set(occupied) & {(0, 0), (11, 11), (0, 11)}      # not on the capitals


@pytest.mark.rule("R-SET-2")
def test_R_SET_2_map_tokens_are_used_and_that_kind_not_scattered():
    b = Board.blank(10, 10, tokens=[MapToken("start", (0, 0), seat=1), MapToken("start", (9, 9), seat=2),
                                    MapToken("monster", (5, 5)), MapToken("mine", (3, 3))])
    state, _ = new_game(b, [Seat("A"), Seat("B")], 4, rules=load_rules("normal"))
    monsters = [t.cell for t in state.tokens.values() if t.kind == "monster"]
    assert monsters == [(5, 5)]
    assert [m.cell for m in state.mines.values()] == [(3, 3)]
    kinds = [t.kind for t in state.tokens.values()]
    assert kinds.count("item") == 6 and kinds.count("resource") == 8


def _anchor_rounds(events):
    rounds, current = [], {}
    for e in events:
        if e.kind == "dice" and e.data["purpose"] == "anchor":
            if e.data["player"] in current:
                rounds.append(current)
                current = {}
            current[e.data["player"]] = e.data["total"]
        elif e.kind == "anchor_tie":
            rounds.append(current)
            current = {}
    if current:
        rounds.append(current)
    return rounds


@pytest.mark.rule("R-SET-3")
def test_R_SET_3_anchor_highest_first_ties_reroll_counter_clockwise():
    seats = [Seat("A"), Seat("B"), Seat("C")]
    b = board(starts=((1, 1), (7, 7), (1, 7)))
    saw_tie = False
    for seed in range(60):
        state, events = new_game(b, seats, seed, rules=rules_for())
        rounds = _anchor_rounds(events)
        for before, after in zip(rounds, rounds[1:]):
            best = max(before.values())
            assert sorted(after) == sorted(p for p, v in before.items() if v == best)
            assert len(after) > 1, "only tied highest players roll again"
            saw_tie = True
        last = rounds[-1]
        anchor = state.turn_order[0]
        assert last[anchor] == max(last.values())
        assert list(last.values()).count(last[anchor]) == 1
        assert state.turn_order == [anchor] + [s for s in (1, 2, 3) if s > anchor] + [s for s in (1, 2, 3) if s < anchor]
        for r in rounds[:-1]:
            assert list(r.values()).count(max(r.values())) > 1
    assert saw_tie


@pytest.mark.rule("R-SET-4")
def test_R_SET_4_capital_on_start_slot_is_encampment_with_ramparts_and_camp():
    state = start_game()
    for seat, cell in ((1, (1, 1)), (2, (7, 7))):
        city = capital(state, seat)
        assert city.cell == cell and city.tier == "encampment"
        assert city.buildings == {"ramparts": 1, "mercenary_camp": 1}


@pytest.mark.rule("R-SET-4")
def test_R_SET_4_players_click_capitals_in_turn_order():
    b = Board.blank(6, 6, tokens=[MapToken("monster", (2, 2))])
    state, _ = new_game(b, [Seat("A"), Seat("B")], 0, rules=rules_for())
    assert state.phase == "capitals" and state.day == 0
    first, second = state.turn_order
    assert [p.player for p in state.pending] == [first, second]
    assert_refused(state, A.PlaceCapital(second, (0, 0)), "move, not yours")
    assert_refused(state, A.PlaceCapital(first, (2, 2)), "open cell")
    apply(state, A.PlaceCapital(first, (0, 0)))
    assert_refused(state, A.PlaceCapital(second, (0, 0)), "open cell")
    events = apply(state, A.PlaceCapital(second, (5, 5)))
    assert state.phase == "daybreak" and state.day == 1
    assert capital(state, first).cell == (0, 0) and capital(state, second).cell == (5, 5)
    assert capital(state, second).buildings == {"ramparts": 1, "mercenary_camp": 1}
    assert "day_started" in [e.kind for e in events]


@pytest.mark.rule("R-SET-5")
def test_R_SET_5_purse_5_and_no_hero():
    state = start_game()
    assert purse_of(state, 2) == 5          # P2's Daybreak has not come yet
    assert purse_of(state, 1) == 6          # 5 + its Encampment's income
    assert state.heroes == {}


@pytest.mark.rule("R-SET-5")
def test_R_SET_5_option_starting_hero():
    state = start_game(options={"starting_hero": True})
    assert sorted((h.owner, h.cell) for h in state.heroes.values()) == [(1, (1, 1)), (2, (7, 7))]


@pytest.mark.rule("R-SET-1")
def test_R_SET_1_the_map_sets_how_many_players_it_takes():
    from game.board import Board
    from game.engine import IllegalAction, Seat, new_game
    board = Board.blank(8, 8)
    board.max_players = 2
    with pytest.raises(IllegalAction, match="map for 2 to 2|map for 2 players"):
        new_game(board, [Seat("A"), Seat("B"), Seat("C")], seed=1)
    state, _ = new_game(board, [Seat("A"), Seat("B")], seed=1)
    assert len(state.players) == 2
