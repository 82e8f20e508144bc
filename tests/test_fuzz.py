"""Seeded games of random legal actions, with the invariants checked after every action."""
import random

import pytest

from game.board import Board, MapToken
from game.engine import (AnswerAlliance, EndDaybreak, EndTurn, ProposeAlliance, ProposeRuleChange, Seat, apply,
                         legal_actions, load_rules, new_game, replay, snapshot)

GAMES_PER_MODE = 42       # every board, player count and day-limit switch (14 cases) three times over
DAY_CAP = 8

BOARDS = [
    lambda: Board.blank(9, 7, "square", tokens=[MapToken("start", (1, 1), seat=1), MapToken("start", (7, 5), seat=2)]),
    lambda: Board.blank(8, 8, "hex", stagger_axis="x", tokens=[MapToken("city", (4, 4)), MapToken("monster", (3, 3))]),
    lambda: Board.blank(8, 7, "hex", stagger_axis="y", stagger_index="even"),
]


def random_action(state, rng):
    options = legal_actions(state)
    enders = [a for a in options if isinstance(a, (EndTurn, EndDaybreak))]
    talk = (ProposeAlliance, AnswerAlliance, ProposeRuleChange)
    if enders and rng.random() < 0.2:
        return enders[0]
    rest = [a for a in options if not isinstance(a, talk)] or options
    if rng.random() < 0.02:
        rest = options
    return rng.choice(rest)


_OPEN_CELLS: dict[int, tuple] = {}


def open_cells(board) -> frozenset:
    """The board's passable cells (asked after every action of 300 games: a board's cells never change)."""
    known = _OPEN_CELLS.get(id(board))
    if known is None or known[0] is not board:
        known = _OPEN_CELLS[id(board)] = (board, frozenset(board.open_cells()))
    return known[1]


def check_invariants(state):
    topo = state.board.topology
    on_board = open_cells(state.board)
    live = set(state.live_players())
    actor = state.actor()
    assert actor is None or state.players[actor].alive, f"eliminated player {actor} is asked to act"
    for player in state.players.values():
        assert all(v >= 0 for v in player.purse.values()), f"purse below zero: {player.purse}"
    for hero in state.heroes.values():
        assert hero.owner in live, f"hero {hero.id} belongs to eliminated player {hero.owner}"
        assert hero.cell in on_board, f"hero {hero.id} off the board at {hero.cell}"
        assert all(n > 0 for n in hero.army.values()), f"hero army counts {hero.army}"
        assert hero.moves_left is None or hero.moves_left >= 0
    for city in state.cities.values():
        assert topo.in_bounds(city.cell)
        assert all(n > 0 for n in city.garrison.values()), f"garrison counts {city.garrison}"
    for token in state.tokens.values():
        assert token.cell in on_board, f"token off the board {token}"
    if state.phase == "turn" and not state.pending and state.battle is None and state.interaction is None:
        for hero in state.heroes_of(state.current_player):       # R-MOV-7: a Monster is faced first
            assert not state.tokens_at(hero.cell, "monster"), f"hero {hero.id} stands with a Monster"
    if state.battle is not None:
        for side in state.battle.sides:
            for squad in side.squads:
                assert all(n > 0 for n in squad.units.values())


@pytest.mark.rule("R-DICE-5", "R-END-2")
@pytest.mark.parametrize("mode", ["normal", "campaign"])
def test_random_games_keep_invariants_and_replay(mode):
    """R-DICE-5, R-END-2 (day limit): same seed + same actions = same game; no purse below zero, no negative units."""
    finished = battles = limited = votes = 0
    for game in range(GAMES_PER_MODE):
        rng = random.Random(game)
        board = BOARDS[game % len(BOARDS)]()
        players = 2 + game // len(BOARDS) % 3 if board.width * board.height > 60 else 2   # not tied to the board
        seats = [Seat(f"P{i + 1}", "computer", "random") for i in range(players)]
        options = {"day_limit": game % 2 == 1, "day_limit_days": DAY_CAP}
        state, _ = new_game(board, seats, seed=game, rules=load_rules(mode, options=options))
        steps = 0
        while state.phase != "over" and state.day <= DAY_CAP and steps < 3000:
            apply(state, random_action(state, rng))
            check_invariants(state)
            steps += 1
        if state.rules.option("day_limit"):        # still on: no vote has switched it off
            limited += 1
            finished += state.phase == "over"
        votes += any(type(a).__name__ == "CastVote" for a in state.actions)
        battles += state.stats.get("battles", 0)
        if game % 10 == 0:
            assert snapshot(replay(state)) == snapshot(state), f"game {game} does not replay"
    assert finished == limited >= GAMES_PER_MODE // 3, "games with the day limit on must end"
    assert votes, "random play should propose and vote on rule changes (R-VOTE-1)"
    assert battles >= GAMES_PER_MODE // 2, "random play should reach battles"


@pytest.mark.rule("R-MOV-7")
@pytest.mark.parametrize("mode", ["normal", "campaign"])
def test_random_games_with_monsters_arriving_on_heroes(mode):
    """R-MOV-7: now and then a Monster appears on a hero's tile (as a death there would leave one);
    random legal play goes on, every such hero faces it first, and the invariants hold."""
    from game.engine.state import Token
    faced = 0
    for game in range(30):                                    # ten games on each board
        rng = random.Random(1000 + game)
        board = BOARDS[game % len(BOARDS)]()
        seats = [Seat(f"P{i + 1}", "computer", "random") for i in range(2)]
        state, _ = new_game(board, seats, seed=game, rules=load_rules(mode))
        steps = 0
        while state.phase != "over" and state.day <= DAY_CAP and steps < 2000:
            heroes = sorted(state.heroes.values(), key=lambda h: h.id)
            if heroes and not state.battle and not state.pending and rng.random() < 0.02:
                hero = rng.choice(heroes)                     # arrange: a Monster comes to this hero
                token = Token(id=state.new_id(), kind="monster", cell=hero.cell)
                state.tokens[token.id] = token
            act = random_action(state, rng)
            faced += type(act).__name__ == "FaceMonster"
            apply(state, act)
            check_invariants(state)
            steps += 1
    assert faced >= 10, "random play should meet the face_monster decision"
