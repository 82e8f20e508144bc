"""No internal identifier reaches a player (issue 11 item 2): every log line, dice caption and
choice label of whole seeded games, Normal and Campaign, reads in the rulebook's words."""
import re

import pytest

from game.ai.play import choose_action, rules_with_day_limit, seat_rng
from game.engine import IllegalAction, apply, legal_actions, new_game
from game.engine import actions as A
from game.engine.setup import Seat
from game.maps import DEFAULT_MAP, load_map
from game.names import nice_name, option_change, short_unit_name, unit_plural
from game.narration import narrate, roll_outcome
from game.ui.board.action_labels import label

LEAKS = {
    "snake_case identifier": re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),
    "unit id in words": re.compile(r"\bunit \d \d\b"),
    "Python bool/None": re.compile(r"\b(True|False|None)\b"),
    "Python container": re.compile(r"[{}\[\]]"),
    "key=value": re.compile(r"\w="),
    "raw item id": re.compile(r"\bitem \d+"),
    "raw hero or player id": re.compile(r"\b(hero|player|Hero|Player) \d+"),
    "class repr": re.compile(r"\b[A-Z][a-z]+[A-Z]\w*\b|\bobject at 0x"),
    "empty purse as 'free'": re.compile(r"→ free"),
}


def leaks(line: str) -> list[str]:
    return [name for name, pattern in LEAKS.items() if pattern.search(line)]


def play_and_read(mode: str, seed: int, max_days: int = 10):
    """Every line a player could read during a seeded computer game: log lines, dice notes, choice labels."""
    board = load_map(DEFAULT_MAP)
    state, events = new_game(board, [Seat("Ann", 1, "computer"), Seat("Bob", 2, "computer")], seed,
                             rules=rules_with_day_limit(mode, max_days), mode=mode)
    rngs = {s: seat_rng(seed, s) for s in state.players}
    lines = [(e.kind, narrate(state, e)) for e in events]
    for _ in range(20_000):
        if state.phase == "over":
            break
        lines += [("label", label(state, a)) for a in legal_actions(state, moves=False)
                  if not isinstance(a, (A.ArrangeBattle, A.Attack))]
        seat = state.actor()
        try:
            events = apply(state, choose_action(state, rngs[seat], "standard"))
        except IllegalAction:
            events = apply(state, choose_action(state, rngs[seat], "random"))
        for event in events:
            lines.append((event.kind, narrate(state, event)))
            if event.kind == "dice":
                lines.append(("dice note", roll_outcome(event.data)))
    return state, [(kind, line) for kind, line in lines if line]


@pytest.mark.parametrize("mode,seed", [("normal", 1), ("normal", 2), ("campaign", 1), ("campaign", 3)])
def test_no_identifier_leaks_into_the_log_or_the_labels(mode, seed):
    state, lines = play_and_read(mode, seed)
    assert state.phase == "over" and len(lines) > 200
    bad = [(kind, line, leaks(line)) for kind, line in lines if leaks(line)]
    assert not bad, "\n".join(f"{kind}: {line!r} ({', '.join(why)})" for kind, line, why in bad[:15])


@pytest.mark.rule("R-CMP-5")
def test_campaign_units_and_spawners_have_rulebook_names():
    assert nice_name("unit_2_2") == "Tier 2 ⭐⭐ recruits"
    assert nice_name("spawner_1_1") == "Tier 1 ⭐ spawner"
    assert unit_plural("unit_1_1", 7) == "7 × Tier 1 ⭐ recruits"
    assert short_unit_name("unit_3_2") == "Tier 3 ⭐⭐"                  # under a "Recruit" heading
    assert unit_plural("mercenary", 4) == "4 mercenaries" and unit_plural("mercenary", 1) == "1 mercenary"


@pytest.mark.rule("R-VOTE-1")
def test_a_vote_and_its_tie_break_read_as_words():
    assert option_change("day_limit", True) == "Day limit on"
    tie = {"purpose": "vote_tie", "expr": "1dP", "faces": [70], "total": 70, "success": True}
    assert roll_outcome(tie) == "the change passes"
    assert roll_outcome({**tie, "purpose": "item_rarity"}) == "the rarity goes up"


def test_the_leak_check_catches_the_old_wordings():
    for old in ("🤺 Ann recruits 7 × unit 1 1", "Store item 25", "Take 4 mercenary_camp", "🗳 day_limit = True: passed",
                "💰 Ann: 💰-2 (upkeep) → free", "RollMovement hero=23", "💫 hero 22 faints"):
        assert leaks(old), old


def test_a_purse_line_shows_the_whole_purse_after_the_change_even_an_empty_coin_box():
    """The log's "→" part is what the player now has: 💰0 is shown, not left out (Campaign, R-CMP-1)."""
    from game.engine.state import Event
    board = load_map(DEFAULT_MAP)
    state, _ = new_game(board, [Seat("Ann", 1, "human"), Seat("Bob", 2, "computer")], 1, mode="campaign")
    line = narrate(state, Event("purse", {"player": 1, "change": {"stone": 1}, "reason": "mine captured",
                                         "purse": {"coin": 0, "wood": 6, "food": 1, "stone": 2}}))
    assert line.endswith("→ 💰0 🌳6 🥩1 ⛏️2"), line
    with pytest.raises(IllegalAction, match="you have 💰0"):
        state.players[1].purse.update(coin=0)
        from game.engine.purse import require
        require(state, 1, {"coin": 5}, "A hero")


@pytest.mark.rule("R-CMP-5")
def test_the_log_says_recruits_once_when_units_are_recruited():
    """Played: "Rowena recruits 2 × Tier 1 ⭐ recruits" and "(recruit Tier 1 ⭐ recruits)" said it twice."""
    board = load_map(DEFAULT_MAP)
    state, _ = new_game(board, [Seat("Ann", 1, "human"), Seat("Bob", 2, "computer")], 1, mode="campaign")
    seat = state.actor()
    city = next(c for c in state.cities.values() if c.owner == seat)
    city.buildings["spawner_1_1"] = 1
    state.players[seat].purse.update(coin=20)
    before = len(state.log)
    apply(state, A.Recruit(seat, city.id, "unit_1_1", 2))
    lines = [narrate(state, e) for e in state.log[before:]]
    assert f"🤺 {state.players[seat].name} recruits 2 × Tier 1 ⭐" in lines, lines
    assert any("(recruit Tier 1 ⭐) →" in line for line in lines), lines
    assert not any(line.count("recruit") > 1 for line in lines), lines
    choice = label(state, A.Recruit(seat, city.id, "unit_1_1", 1))      # the side panel's choice says it once too
    assert choice.startswith("Recruit 1 × Tier 1 ⭐ in ") and choice.count("ecruit") == 1, choice


@pytest.mark.rule("R-BLD-3")
@pytest.mark.parametrize("building, told", [("ramparts", "builds Ramparts"), ("estate", "builds an Estate"),
                                            ("mercenary_camp", "builds a Mercenary Camp")])
def test_a_building_is_told_with_the_article_it_takes(building, told):
    """Played: "ælfgifu builds a Ramparts"."""
    from enginekit import start_game
    from game.engine.state import Event
    state = start_game()
    line = narrate(state, Event("built", {"player": 1, "city": 0, "building": building}))
    assert line.endswith(told), line
