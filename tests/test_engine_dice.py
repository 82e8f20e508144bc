"""R-DICE-1..6 through the engine's rolls (scripted dice check every expression the engine asks for)."""
import pytest

from enginekit import (ScriptedDice, DiceScriptError, dice_events, hero_game, script, snapshot,
                       start_game, to_turns, board, rules_for)
from game.engine import apply, new_game, Seat
from game.engine import actions as A
from game.engine.dice import Dice, Rng, truncate


@pytest.mark.rule("R-DICE-1")
def test_R_DICE_1_movement_roll_adds_bonus_once():
    state, hero = hero_game()
    script(state, ("1d10+10", 4))
    events = apply(state, A.RollMovement(1, hero.id))
    (roll,) = dice_events(events, "movement")
    assert roll.data["faces"] == [4] and roll.data["total"] == 14
    assert hero.moves_left == 14


@pytest.mark.rule("R-DICE-1")
def test_R_DICE_1_parse_and_sum():
    d = Dice.parse("3d6 +4")
    assert (d.count, d.sides, d.bonus, d.percentile) == (3, 6, 4, False)
    rng = Rng(3)
    for _ in range(50):
        roll = rng.roll("3d6+4")
        assert len(roll.faces) == 3 and roll.total == sum(roll.faces) + 4
        assert all(1 <= f <= 6 for f in roll.faces)


@pytest.mark.rule("R-DICE-2")
def test_R_DICE_2_percentile_faces_are_tens():
    rng = Rng(11)
    seen = {rng.roll("1dP").total for _ in range(400)}
    assert seen == set(range(10, 101, 10))


@pytest.mark.rule("R-DICE-2", "R-DAY-5")
@pytest.mark.parametrize("face,places", [(50, False), (60, True), (100, True), (10, False)])
def test_R_DICE_2_one_dP_at_least_60(face, places):
    state = start_game()
    to_turns(state)
    apply(state, A.EndTurn(1))
    apply(state, A.EndTurn(2))
    assert state.day == 2 and state.phase == "daybreak"
    dice = script(state, ("1dP", face))
    if places:
        dice.expect("1d4", 3)
    events = apply(state, A.EndDaybreak(1))
    (roll,) = dice_events(events, "token_roll")
    assert roll.data["success"] is places
    assert bool(state.pending and state.pending[0].kind == "place_token") is places
    dice.done()


@pytest.mark.rule("R-DICE-3")
def test_R_DICE_3_representative_multiplies_one_roll():
    """Battle: 5 mercenaries Representative roll one 1d6, times 5."""
    state, hero = hero_game(tokens=[], army={"mercenary": 5}, at=(4, 4), moves=5)
    from game.board.model import MapToken
    from game.engine.state import Token
    tok = Token(id=state.new_id(), kind="monster", cell=(4, 5))
    state.tokens[tok.id] = tok
    script(state, ("1dP", 30), ("2d6", 1, 1))     # FIGHT 2 monsters -> 2 squads of 1
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    # squad of 5 mercs: 2*5=10 > monster squad 6*1; then the last monster (1) attacks the hero (8)
    dice = script(state, ("1d6", 2), ("1d6", 6), ("1d6", 1), ("2d6+6", 1, 1))
    events = apply(state, A.ArrangeBattle(1, ((("mercenary", 5),),), "representative"))
    events += apply(state, A.Attack(1, 1, 0))
    battle_rolls = dice_events(events, "battle")
    assert battle_rolls[0].data["total"] == 10 and battle_rolls[0].data["rolls"][0]["count"] == 5
    assert battle_rolls[1].data["total"] == 6
    assert state.battle is None and hero.army == {"mercenary": 5}
    dice.done()


@pytest.mark.rule("R-DICE-4")
def test_R_DICE_4_truncate_toward_zero():
    assert truncate(0.6) == 0 and truncate(7.5) == 7 and truncate(-7.5) == -7 and truncate(9.99) == 9


@pytest.mark.rule("R-DICE-5")
def test_R_DICE_5_same_seed_same_actions_same_game():
    def play():
        b = board(tokens=[])
        state, _ = new_game(b, [Seat("A"), Seat("B")], 1234, rules=rules_for("normal"))
        acts = []
        for _ in range(40):
            from game.engine import legal_actions
            options = legal_actions(state, moves=False)
            act = next((o for o in options if type(o).__name__ in ("RollMovement", "Recruit", "PlaceToken")), None) \
                or next(o for o in options if type(o).__name__ in ("EndDaybreak", "EndTurn", "ChooseUpkeepDeaths"))
            apply(state, act)
            acts.append(act)
        return state, acts
    s1, a1 = play()
    s2, a2 = play()
    assert a1 == a2
    assert snapshot(s1) == snapshot(s2)
    assert s1.day >= 3


@pytest.mark.rule("R-DICE-5")
def test_R_DICE_5_engine_uses_the_state_generator_only():
    """With scripted dice and an empty queue, any roll must come from state.rng and fail loudly."""
    state, hero = hero_game()
    script(state)
    with pytest.raises(DiceScriptError):
        apply(state, A.RollMovement(1, hero.id))


@pytest.mark.rule("R-DICE-6")
def test_R_DICE_6_3d3_is_three_three_sided_dice():
    d = Dice.parse("3d3+9")
    assert (d.count, d.sides, d.bonus) == (3, 3, 9)
    assert d.minimum == 12 and d.maximum == 18
    rng = Rng(5)
    faces = set()
    for _ in range(200):
        roll = rng.roll("3d3")
        assert len(roll.faces) == 3
        faces |= set(roll.faces)
    assert faces == {1, 2, 3}


def test_scripted_dice_refuse_a_different_die():
    dice = ScriptedDice().expect("1d6", 3)
    with pytest.raises(DiceScriptError):
        dice.roll("1d4")
