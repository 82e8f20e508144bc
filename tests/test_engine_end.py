"""R-ALLY-1, R-VOTE-1, R-END-1..2."""
import pytest

from enginekit import (assert_refused, capital, dice_events, hero_game, kinds, script, start_game,
                       to_turn_of, to_turns)
from game.board.model import MapToken
from game.engine import apply, hero_reach, legal_actions
from game.engine import actions as A
from game.engine.state import Hero


@pytest.mark.rule("R-ALLY-1")
def test_R_ALLY_1_allies_pass_cities_and_do_not_fight():
    state, hero = hero_game(at=(6, 7), moves=10, players=3, starts=((1, 1), (7, 7), (1, 7)))
    apply(state, A.ProposeAlliance(1, 2))
    assert_refused(state, A.ProposeAlliance(1, 2), "already on the table")
    assert_refused(state, A.AnswerAlliance(3, 1, True), "no such offer")
    apply(state, A.AnswerAlliance(2, 1, True))               # P2 answers any time
    assert state.allied(1, 2) and state.phase == "turn"
    ally_hero = Hero(id=state.new_id(), owner=2, cell=(6, 6), moves_left=0, army={"mercenary": 1})
    state.heroes[ally_hero.id] = ally_hero                  # arrange
    reach = hero_reach(state, hero)
    assert not reach.is_stop((7, 7)) and not reach.is_stop((6, 6))
    script(state)
    apply(state, A.Move(1, hero.id, ((7, 7), (7, 8))))       # through the walled ally capital
    apply(state, A.Move(1, hero.id, ((7, 7), (6, 7), (6, 6))))
    assert state.battle is None and hero.cell == (6, 6)
    # ending the alliance: only at the start of one's own turn
    assert_refused(state, A.EndAlliance(1, 2), "start of your own turn")


@pytest.mark.rule("R-ALLY-1")
def test_R_ALLY_1_end_alliance_at_turn_start():
    state = start_game(players=3)
    to_turns(state)
    apply(state, A.ProposeAlliance(1, 2))
    apply(state, A.AnswerAlliance(2, 1, True))
    assert state.phase == "turn"
    assert_refused(state, A.EndAlliance(3, 2), "move, not yours")
    apply(state, A.EndAlliance(1, 2))
    assert not state.allied(1, 2)


@pytest.mark.rule("R-ALLY-1")
def test_R_ALLY_1_no_alliance_with_only_two_live_players():
    state = start_game()
    to_turns(state)
    assert not [a for a in legal_actions(state) if isinstance(a, A.ProposeAlliance)]
    assert_refused(state, A.ProposeAlliance(1, 2), "at least 3 players")
    assert state.phase == "turn" and not state.alliances


def _grand_alliance(options=None):
    state = start_game(players=3, starts=((1, 1), (7, 7), (1, 7)), options=options)
    to_turns(state)
    for a, b in ((1, 2), (1, 3)):
        apply(state, A.ProposeAlliance(a, b))
        apply(state, A.AnswerAlliance(b, a, True))
    if state.phase == "over":
        return state, []
    apply(state, A.EndTurn(1))
    apply(state, A.ProposeAlliance(2, 3))
    return state, apply(state, A.AnswerAlliance(3, 2, True))


@pytest.mark.rule("R-ALLY-1", "R-END-2")
def test_R_END_2_an_alliance_of_everyone_is_no_victory_it_ends_at_the_next_daybreak():
    state, events = _grand_alliance()
    assert state.phase == "turn" and "game_over" not in kinds(events)
    assert all(state.allied(a, b) for a in (1, 2, 3) for b in (1, 2, 3))
    (formed,) = [e for e in events if e.kind == "grand_alliance_formed"]   # told as it forms, not a Day later
    from game.narration import narrate, turn_summary
    assert "end at the next Daybreak" in narrate(state, formed)
    assert any("next Daybreak" in line for line in turn_summary(state, events, 1))
    apply(state, A.EndTurn(2))
    events = apply(state, A.EndTurn(3))                      # the next Day begins
    (announcement,) = [e for e in events if e.kind == "grand_alliance_dissolved"]
    assert announcement.data["players"] == [1, 2, 3]
    from game.narration import narrate
    assert "no victory" in narrate(state, announcement)                  # announced to all in the log
    assert not state.alliances and state.phase == "daybreak"
    assert len([e for e in events if e.kind == "alliance_ended"]) == 3


@pytest.mark.rule("R-END-1", "R-END-2")
def test_R_END_2_the_last_rival_out_makes_the_allies_a_grand_alliance_told_at_once():
    """Ana and Bela allied; Ana took Corwin's last City and Corwin had no hero: he was out, every player left
    was allied, and nothing was said until the alliance ended at the next Daybreak."""
    from game.engine.flow import check_end
    state = start_game(players=3, starts=((1, 1), (7, 7), (1, 7)))
    to_turns(state)
    apply(state, A.ProposeAlliance(1, 2))
    apply(state, A.AnswerAlliance(2, 1, True))
    events = []
    capital(state, 3).owner = 1                              # arrange: seat 3 lost its City, and has no hero
    check_end(state, events)
    assert "player_eliminated" in kinds(events) and state.phase == "turn"
    (formed,) = [e for e in events if e.kind == "grand_alliance_formed"]
    assert formed.data["players"] == [1, 2]
    events = []
    check_end(state, events)
    assert "grand_alliance_formed" not in kinds(events), "told once"

@pytest.mark.rule("R-ALLY-1", "R-END-2")
def test_R_END_2_shared_victory_option_lets_the_last_alliance_win_together():
    state, events = _grand_alliance(options={"shared_victory": True})
    assert state.phase == "over" and state.winners == [1, 2, 3] and state.end_reason == "alliance"


@pytest.mark.rule("R-ALLY-1", "R-VOTE-1", "R-END-2")
def test_R_END_2_voting_shared_victory_in_ends_a_grand_alliance_at_once():
    state, _ = _grand_alliance()
    seat = state.actor()
    apply(state, A.ProposeRuleChange(seat, "shared_victory", True))
    for _ in range(3):
        apply(state, A.CastVote(state.actor(), True))
    assert state.phase == "over" and state.winners == [1, 2, 3]


@pytest.mark.rule("R-ALLY-1")
@pytest.mark.parametrize("place", ["city", "mine"])
def test_R_ALLY_1_ending_an_alliance_moves_a_hero_off_the_former_allys_city_or_mine(place):
    tokens = [MapToken("mine", (4, 4))] if place == "mine" else []
    state, hero = hero_game(players=3, starts=((1, 1), (7, 7), (1, 7)), tokens=tokens)
    apply(state, A.ProposeAlliance(1, 2))
    apply(state, A.AnswerAlliance(2, 1, True))
    if place == "mine":
        state.mine_at((4, 4)).owner = 2                      # arrange: P2's Mine
    spot = (4, 4) if place == "mine" else (7, 7)
    hero.cell = spot                                         # arrange: P1's hero on the ally's tile
    (first_choice, *_) = state.board.topology.neighbours(spot)
    blocker = Hero(id=state.new_id(), owner=3, cell=first_choice)   # arrange: the first neighbour is taken
    state.heroes[blocker.id] = blocker
    apply(state, A.EndTurn(1)); apply(state, A.EndTurn(2)); apply(state, A.EndTurn(3))
    to_turn_of(state, 1)
    events = apply(state, A.EndAlliance(1, 2))
    assert hero.cell in state.board.topology.neighbours(spot) and hero.cell != first_choice
    assert state.city_at(hero.cell) is None and state.mine_at(hero.cell) is None
    assert state.heroes_at(hero.cell) == [hero] and state.board.passable(hero.cell)
    (moved,) = [e for e in events if e.kind == "hero_stepped_aside"]
    assert moved.data["came_from"] == list(spot)
    assert state.battle is None and not state.allied(1, 2)


@pytest.mark.rule("R-VOTE-1")
@pytest.mark.parametrize("face,passed", [(50, False), (60, True)])
def test_R_VOTE_1_tie_settled_by_dP(face, passed):
    state = start_game()
    to_turns(state)
    assert_refused(state, A.ProposeRuleChange(1, "movement_roll", True), "only optional rules")
    apply(state, A.ProposeRuleChange(1, "hero_cap", True))
    assert [p.player for p in state.pending] == [1, 2]
    apply(state, A.CastVote(1, True))
    dice = script(state, ("1dP", face))
    events = apply(state, A.CastVote(2, False))
    (result,) = [e for e in events if e.kind == "vote_result"]
    assert result.data["passed"] is passed and state.rules.option("hero_cap") is passed
    dice.done()
    from game.narration import narrate
    lines = [narrate(state, e) for e in events]
    assert any(line and line.endswith("votes no") for line in lines)
    assert any(line and line.endswith(f"{'passed' if passed else 'failed'} (1 yes, 1 no)") for line in lines)


@pytest.mark.rule("R-VOTE-1")
def test_R_VOTE_1_every_live_player_votes_computer_players_by_their_interest():
    import random

    from enginekit import board, rules_for
    from game.ai import choose_action
    from game.engine import Seat, new_game
    state, _ = new_game(board(starts=((1, 1), (7, 7), (1, 7))),
                        [Seat("A"), Seat("B"), Seat("C", "computer", "standard")], 0, rules=rules_for())
    while state.phase != "turn":
        apply(state, A.EndDaybreak(state.actor()))
    seat = state.actor()
    proposals = {(a.option, a.value) for a in legal_actions(state) if isinstance(a, A.ProposeRuleChange)}
    assert ("day_limit", True) in proposals and ("shared_victory", True) in proposals
    script(state)
    state.players[3].purse["coin"] = 100                     # arrange: the computer player leads
    apply(state, A.ProposeRuleChange(seat, "day_limit", True))
    assert sorted(p.player for p in state.pending) == [1, 2, 3]
    assert not [a for a in legal_actions(state) if isinstance(a, A.ProposeRuleChange)]
    while state.vote is not None:
        voter = state.actor()
        if voter != 3:
            apply(state, A.CastVote(voter, False))
            continue
        vote = choose_action(state, random.Random(0), "standard")
        assert vote == A.CastVote(3, True), "the leader wants the game to end by count"
        state.players[3].purse["coin"], state.players[1].purse["coin"] = 0, 100    # arrange: now it trails
        assert choose_action(state, random.Random(0), "standard") == A.CastVote(3, False)
        apply(state, vote)
    assert state.rules.option("day_limit") is False and state.vote is None     # 1 yes, 2 no


@pytest.mark.rule("R-END-1", "R-END-2")
def test_R_END_1_cityless_player_is_out_after_its_next_turn_then_game_won():
    state, hero = hero_game(at=(6, 7), moves=5)
    city = capital(state, 2)
    del city.buildings["ramparts"]                           # arrange: walls down
    p2_hero = Hero(id=state.new_id(), owner=2, cell=(3, 3), moves_left=0)
    state.heroes[p2_hero.id] = p2_hero                       # arrange: P2 keeps a hero
    dice = script(state, ("2d6+6", 6, 6), ("3d3+9", 1, 1, 1))
    apply(state, A.Move(1, hero.id, ((7, 7),)))
    apply(state, A.Attack(1, 0, 0))
    assert city.owner == 1 and state.players[2].alive and state.phase == "turn"
    apply(state, A.EndTurn(1))
    assert state.current_player == 2
    events = apply(state, A.EndTurn(2))
    assert not state.players[2].alive and p2_hero.id not in state.heroes
    assert "player_eliminated" in kinds(events)
    assert state.phase == "over" and state.winners == [1] and state.end_reason == "conquest"
    assert_refused(state, A.EndTurn(1), "game is over")
    dice.done()


@pytest.mark.rule("R-END-2")
def test_R_END_2_day_limit_most_cities_then_coin():
    state = start_game(options={"day_limit": True}, overlay={"options": {"day_limit_days": 1}})
    to_turns(state)
    state.players[2].purse["coin"] = 50                      # arrange: equal Cities, P2 richer
    apply(state, A.EndTurn(1))
    events = apply(state, A.EndTurn(2))
    assert state.phase == "over" and state.winners == [2] and state.end_reason == "day_limit"


@pytest.mark.rule("R-DAY-1", "R-END-1")
def test_R_DAY_1_a_new_day_skips_an_eliminated_first_player():
    """The next Day's Daybreak starts with the first live player in turn order."""
    state = start_game(players=3, first=1)
    to_turn_of(state, 3)
    from game.engine import flow
    flow.eliminate(state, 1, [], "test")      # arrange: the Anchor is out
    apply(state, A.EndTurn(3))
    assert state.phase == "daybreak" and state.day == 2
    assert state.actor() == state.current_player != 1
    assert state.players[state.actor()].alive


@pytest.mark.rule("R-END-1", "R-DAY-3")
def test_R_END_1_out_during_its_own_daybreak_play_goes_on():
    """A player whose last hero dies of upkeep, with no City, is out at once; the next player's Daybreak starts."""
    state = start_game(players=3, first=1)
    to_turns(state)
    p1 = state.players[1]
    # arrange: P1 has no City and one unpaid hero; its next Daybreak comes round
    state.cities.pop(capital(state, 1).id)
    from game.engine.heroes import new_hero
    new_hero(state, 1, (4, 4), [])
    p1.purse["coin"] = 0
    for seat in list(state.turn_order):
        if state.phase == "turn" and state.current_player == seat:
            apply(state, A.EndTurn(seat))
    # day 2 opens with P1's Daybreak: it cannot pay, its only hero goes, it has nothing left
    assert state.pending and state.pending[0].kind == "upkeep_deaths" and state.pending[0].player == 1
    (hero_id,) = state.pending[0].data["heroes"]
    events = apply(state, A.ChooseUpkeepDeaths(1, (hero_id,)))
    assert "player_eliminated" in kinds(events)
    assert not state.players[1].alive
    assert state.phase == "daybreak" and state.actor() == state.current_player == state.turn_order[1]


@pytest.mark.rule("R-END-1")
def test_R_END_1_a_city_lost_after_its_own_turn_leaves_the_whole_next_day():
    """P1 plays first; its City falls in P2's turn the same Day. P1's next turn is on Day 2: it is
    still in the game through that Daybreak and out only when that turn ends without a City."""
    from enginekit import end_daybreak
    state = start_game()
    to_turns(state)
    city = capital(state, 1)
    del city.buildings["ramparts"]                                        # arrange: walls down
    p1_hero = Hero(id=state.new_id(), owner=1, cell=(4, 4), moves_left=0)
    raider = Hero(id=state.new_id(), owner=2, cell=(1, 2), moves_left=0)
    state.heroes[p1_hero.id] = p1_hero                                    # arrange
    state.heroes[raider.id] = raider
    apply(state, A.EndTurn(1))
    dice = script(state, ("1d10+10", 1), ("2d6+6", 6, 6), ("3d3+9", 1, 1, 1))
    apply(state, A.RollMovement(2, raider.id))
    apply(state, A.Move(2, raider.id, ((1, 1),)))
    apply(state, A.Attack(2, 0, 0))
    assert city.owner == 2 and state.players[1].alive and not state.cities_of(1)
    state.players[1].purse["coin"] = 3                                    # arrange: upkeep is paid
    apply(state, A.EndTurn(2))                                            # Day 2
    assert state.day == 2 and state.players[1].alive
    end_daybreak(state, 1); end_daybreak(state, 2)
    assert state.current_player == 1 and state.players[1].alive
    events = apply(state, A.EndTurn(1))
    assert not state.players[1].alive and "player_eliminated" in kinds(events)
    assert state.phase == "over" and state.winners == [2]
    dice.done()


@pytest.mark.rule("R-CITY-5")
def test_R_CITY_5_kings_purse_takes_the_whole_purse_of_a_one_city_player():
    state, hero = hero_game(at=(6, 7), moves=5)
    city = capital(state, 2)
    del city.buildings["ramparts"]                                        # arrange: walls down
    state.players[2].purse["coin"] = 7
    p2_hero = Hero(id=state.new_id(), owner=2, cell=(3, 3), moves_left=0)
    state.heroes[p2_hero.id] = p2_hero                                    # arrange: P2 stays in the game
    before = state.players[1].purse["coin"]
    dice = script(state, ("2d6+6", 6, 6), ("3d3+9", 1, 1, 1))
    apply(state, A.Move(1, hero.id, ((7, 7),)))
    apply(state, A.Attack(1, 0, 0))
    assert city.owner == 1
    assert state.players[2].purse["coin"] == 0 and state.players[1].purse["coin"] == before + 7   # trunc(7 / 1)
    dice.done()


@pytest.mark.rule("R-VOTE-1")
def test_R_VOTE_1_a_computer_player_proposes_a_change_most_players_want_once():
    import random

    from game.ai import choose_action
    state = start_game(players=3, starts=((1, 1), (7, 7), (1, 7)))
    state.players[3].kind, state.players[3].ai = "computer", "standard"
    to_turn_of(state, 3)
    state.players[1].purse["coin"] = 100                     # arrange: P1 leads; P2 and P3 trail
    from game.ai.standard import STANDARD
    state.day = STANDARD.first_vote_day                      # arrange: computer players vote from then on
    acts = []
    for _ in range(3):
        act = choose_action(state, random.Random(0), "standard")
        if isinstance(act, A.ProposeRuleChange):
            break
        acts.append(act)
        apply(state, act)
    assert act == A.ProposeRuleChange(3, "legacy_gold_mine", True), acts
    apply(state, act)
    apply(state, A.CastVote(1, False))
    apply(state, A.CastVote(2, True))
    apply(state, choose_action(state, random.Random(0), "standard"))
    assert state.rules.option("legacy_gold_mine") is True and state.vote is None
    follow = choose_action(state, random.Random(0), "standard")
    assert not isinstance(follow, A.ProposeRuleChange), "each change is proposed at most once"


@pytest.mark.rule("R-VOTE-1")
def test_R_VOTE_1_proposals_are_listed_before_the_end_of_the_step():
    state = start_game()
    assert isinstance(legal_actions(state)[-1], A.EndDaybreak)
    assert any(isinstance(a, A.ProposeRuleChange) for a in legal_actions(state))
    to_turns(state)
    assert isinstance(legal_actions(state)[-1], A.EndTurn)


@pytest.mark.rule("R-VOTE-1")
def test_R_VOTE_1_only_the_weaker_ally_votes_to_share_the_win():
    """Without a shared victory the grand alliance ends and its stronger side fights on to win alone
    (R-END-2), so only an ally that some ally outweighs votes to share; the stronger one votes no even
    while a rival outweighs them both."""
    from game.ai.standard import vote_in_interest
    state = start_game(players=3, starts=((1, 1), (7, 7), (1, 7)))
    apply(state, A.ProposeAlliance(1, 2))
    apply(state, A.AnswerAlliance(2, 1, True))
    strength = {1: 5.0, 2: 3.0, 3: 9.0}                      # arrange: P3 leads; P1 outweighs its ally P2
    assert vote_in_interest(state, 2, "shared_victory", True, strength)
    assert not vote_in_interest(state, 1, "shared_victory", True, strength)
    assert not vote_in_interest(state, 3, "shared_victory", True, strength), "no ally, nothing to share"
    assert vote_in_interest(state, 1, "shared_victory", False, strength)
