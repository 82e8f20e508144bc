"""The battle screen, headless: arranging, attacking, retreating, odds on hover, dice on screen (R-BAT, R-HERO-2, R-DEATH-3)."""
import pygame
import pytest

from enginekit import hero_game, script
from game.board.model import MapToken
from game.engine import actions as A
from game.engine import apply
from game.engine.battle import default_arrangement
from game.engine.dice import Rng
from game.ui.kit import rich_text, widgets
from game.ui.app import App
from game.ui.battle.scene import BattleScene, maybe_battle_scene
from game.ui.session import GameSession
from uikit import play_to_the_result


def monster_battle(army=None, faces=(3, 3, 3, 3)):
    """P1's hero steps onto 12 monsters (two squads of 6); real dice from then on."""
    state, hero = hero_game(tokens=[MapToken("monster", (4, 5))], at=(4, 4), moves=5,
                            army={"mercenary": 7} if army is None else army)
    script(state, ("1dP", 10), ("4d6", *faces))
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    state.rng = Rng(5)
    return state, hero, events


class Recorder:
    """Wraps session.submit to record every action the screen hands over."""

    def __init__(self, session):
        self.actions = []
        self._submit = session.submit
        session.submit = self

    def __call__(self, action):
        self.actions.append(action)
        return self._submit(action)


def open_scene(state, events=(), speed="Instant"):
    session = GameSession(state)
    recorder = Recorder(session)
    app = App((1280, 720), headless=True)
    scene = maybe_battle_scene(session, list(events))
    scene.speed = speed
    app.push(scene)
    app.frame(1 / 60)
    return app, scene, recorder


def click(app, pos):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.dispatch(pygame.event.Event(kind, pos=pos, button=1))


def hover(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


@pytest.fixture
def drawn_text(monkeypatch):
    """Every string the widgets render during the test. Text made before (rich_text.render keeps what it
    made) would not reach widgets.text again: the recording starts with that kept text forgotten (the
    tie test failed after test_ui_battle_playtest had drawn the same words)."""
    seen = []
    rich_text.render.cache_clear()
    original = widgets.text

    def recording(s, *args, **kw):
        seen.append(s)
        return original(s, *args, **kw)

    monkeypatch.setattr(widgets, "text", recording)
    return seen


def test_no_battle_no_scene():
    state, hero = hero_game()
    assert maybe_battle_scene(GameSession(state)) is None


@pytest.mark.rule("R-BAT-2", "R-BAT-3")
def test_plus_minus_move_units_and_confirm_arranges_exactly_the_pool():
    state, hero, events = monster_battle()
    app, scene, rec = open_scene(state, events)
    arr = scene.arrangement
    assert arr is not None and arr.limit == 3
    arr.use(default_arrangement({"mercenary": 7}, 3))                        # arrange: three even squads
    scene._rebuild_widgets()
    before = [arr.count(i, "mercenary") for i in range(3)]
    assert sum(before) == 7
    click(app, scene.arrange_buttons[(0, "mercenary", "+")].rect.center)    # one unit moves into squad 1
    after = [arr.count(i, "mercenary") for i in range(3)]
    assert after[0] == before[0] + 1 and sum(after) == 7
    click(app, scene.arrange_buttons[(2, "mercenary", "-")].rect.center)    # one unit leaves squad 3
    assert arr.reserve == {"mercenary": 1} and not scene.confirm_button.enabled
    click(app, scene.confirm_button.rect.center)
    assert rec.actions == []                                               # not every unit is placed
    click(app, scene.arrange_buttons[(1, "mercenary", "+")].rect.center)
    click(app, scene.mode_toggle.rect.move(-8, 0).midright)                          # Individual rolls
    click(app, scene.confirm_button.rect.center)
    (action,) = rec.actions
    assert isinstance(action, A.ArrangeBattle) and action.player == 1 and action.mode == "individual"
    assert sum(n for squad in action.squads for _, n in squad) == 7
    assert all(sum(n for _, n in squad) >= 1 for squad in action.squads)
    assert state.battle.sides[0].arranged


@pytest.mark.rule("R-BAT-4")
def test_click_own_squad_then_enemy_squad_attacks_with_those_indices():
    state, hero, events = monster_battle()
    apply(state, A.ArrangeBattle(1, ((("mercenary", 3),), (("mercenary", 2),), (("mercenary", 2),))))
    app, scene, rec = open_scene(state, events)
    rects = scene.card_rects()
    assert len([k for k in rects if k[0] == 0]) == 4 and len([k for k in rects if k[0] == 1]) == 2
    click(app, rects[(1, 0)].center)                       # an enemy first: the screen asks for our squad
    assert rec.actions == [] and scene.toast.visible
    click(app, rects[(0, 2)].center)
    assert scene.selected == 2
    click(app, rects[(1, 1)].center)
    assert rec.actions == [A.Attack(1, 2, 1)]


def three_squads_against_monsters():
    """The monster battle with P1's 7 mercenaries arranged 3, 2 and 2, and its exact chances per attack."""
    from game.ai.battle_odds import attack_chances
    state, hero, events = monster_battle()
    apply(state, A.ArrangeBattle(1, ((("mercenary", 3),), (("mercenary", 2),), (("mercenary", 2),))))
    return state, events, attack_chances(state)


def wait_for_chances(app, scene):
    """Frames until the background worker has the attack chances."""
    import time
    for _ in range(200):
        if scene.chances:
            return
        time.sleep(0.01)
        app.frame(1 / 60)


def pick_second_squad_and_hover_first_enemy(app, scene, drawn_text):
    """Select our squad 1, hover enemy squad 0, and draw a frame with only that in ``drawn_text``."""
    rects = scene.card_rects()
    click(app, rects[(0, 1)].center)
    hover(app, rects[(1, 0)].center)
    drawn_text.clear()
    app.frame(1 / 60)


@pytest.mark.rule("R-BAT-4")
def test_hovering_an_enemy_squad_shows_the_win_chance(drawn_text):
    state, events, chances = three_squads_against_monsters()
    app, scene, rec = open_scene(state, events)
    pick_second_squad_and_hover_first_enemy(app, scene, drawn_text)
    want = f"{chances[(1, 0)]:.0%}"
    assert want in drawn_text
    assert "6 × 1d6" in drawn_text and "2d6+6" in drawn_text and "3 × 1d6" in drawn_text   # the dice text


@pytest.mark.rule("R-DEATH-3")
def test_retreat_asks_for_confirmation_before_submitting():
    state, hero, events = monster_battle()
    apply(state, A.ArrangeBattle(1, ((("mercenary", 7),),)))
    app, scene, rec = open_scene(state, events)
    assert scene.retreat_button.enabled
    click(app, scene.retreat_button.rect.center)
    assert rec.actions == [] and scene.confirm_retreat
    app.frame(1 / 60)
    click(app, scene.no_button.rect.center)                 # keep fighting
    assert rec.actions == [] and not scene.confirm_retreat
    click(app, scene.retreat_button.rect.center)
    app.frame(1 / 60)
    click(app, scene.yes_button.rect.center)
    assert rec.actions == [A.Retreat(1)]
    app.frame(1 / 60)
    assert state.battle is None and scene.result is not None and scene.result["retreated"]
    died = [line for line in scene.result["lines"] if " dies " in line]
    assert died and died[0].endswith("dies (in the retreat)"), scene.result["lines"]   # the log's words
    assert scene.round_label() == "No round fought", "it said 'Before the first round' over the result"
    fought = scene.view.start_units[0]
    assert scene.side_result_lines(0, scene.result)[:2] == [
        f"Units lost: {fought} of {fought}", f"   of which {fought} disbanded into a Monster"], "none was killed"


@pytest.mark.rule("R-DEATH-2", "R-DEATH-3")
def test_the_retreat_question_says_the_units_still_standing_become_a_monster(drawn_text):
    """"The army disbands", said the question; the hero's 7 mercenaries then stood on the tile as a Monster."""
    state, hero, events = monster_battle()
    apply(state, A.ArrangeBattle(1, ((("mercenary", 7),),)))
    cell = hero.cell
    app, scene, rec = open_scene(state, events)
    click(app, scene.retreat_button.rect.center)
    drawn_text.clear()
    app.frame(1 / 60)
    said = " ".join(drawn_text)
    assert "7 units still standing" in said and "as a Monster (R-DEATH-2)" in said, said
    assert "Monster" in scene.retreat_button.tooltip
    monsters_there = lambda: sum(t.kind == "monster" and t.cell == cell for t in state.tokens.values())  # noqa: E731
    before = monsters_there()
    click(app, scene.yes_button.rect.center)
    assert monsters_there() == before + 1                 # the deserters, as the question said


@pytest.mark.rule("R-DEATH-3")
def test_retreat_is_not_offered_while_arranging():
    state, hero, events = monster_battle()
    app, scene, rec = open_scene(state, events)
    assert not scene.retreat_button.enabled
    assert "To battle! first" in scene.retreat_button.tooltip, "played: a grey Retreat said only what it does"
    click(app, scene.retreat_button.rect.center)
    assert not scene.confirm_retreat and rec.actions == []
    apply(state, A.ArrangeBattle(1, ((("mercenary", 7),),)))
    scene._rebuild_widgets()
    assert scene.retreat_button.enabled and scene.retreat_button.tooltip.startswith("Give up the battle")


@pytest.mark.rule("R-BAT-4", "R-HERO-2", "R-BAT-7")
def test_tie_goes_to_the_squad_attacked_and_the_faint_is_shown(drawn_text):
    state, hero, events = monster_battle(army={})           # the hero alone: no pool, it attacks at once
    app, scene, rec = open_scene(state, events, speed="Normal")
    dice = script(state, ("2d6+6", 3, 3), ("1d6", 2))       # 12 against 6 × 2 = 12: a tie
    rects = scene.card_rects()
    assert scene.selected == 0                              # the only squad is picked for us
    click(app, rects[(1, 0)].center)
    assert rec.actions == [A.Attack(1, 0, 0)]
    dice.done()
    seen = set()
    for _ in range(400):
        drawn_text.clear()
        app.frame(1 / 30)
        seen.update(drawn_text)
        if scene.result is not None:
            break
    assert any("Tie — the squad attacked wins" in s for s in seen)
    assert any("faints" in s for s in seen)
    assert "12" in seen                                     # both totals on screen
    assert scene.result["winner"] == 1
    assert any("tie" in line for line in scene.log)


@pytest.mark.rule("R-BAT-5", "R-BAT-7")
def test_auto_battle_plays_to_the_result_and_continue_pops():
    state, hero, events = monster_battle(army={"mercenary": 9})
    app, scene, rec = open_scene(state, events)
    click(app, scene.auto_button.rect.center)
    play_to_the_result(scene, app)
    assert scene.result is not None and state.battle is None
    assert isinstance(rec.actions[0], A.ArrangeBattle)
    assert all(isinstance(a, (A.ArrangeBattle, A.Attack, A.Retreat)) for a in rec.actions)
    lost = scene.result["lost"]
    assert lost[1 - scene.result["winner"]] == scene.view.start_units[1 - scene.result["winner"]]
    app.frame(1 / 60)
    click(app, scene.continue_button.rect.center)
    assert scene not in app.scenes


def test_frames_at_every_moment_render(tmp_path):
    """Arrange, mid-roll and result frames draw without error at 1280×720 (and save as PNG)."""
    state, hero, events = monster_battle()
    app, scene, rec = open_scene(state, events, speed="Normal")
    pygame.image.save(app.screen, str(tmp_path / "arrange.png"))
    scene.confirm_arrangement()
    for _ in range(200):
        app.frame(1 / 60)
    rects = scene.card_rects()
    click(app, rects[(0, 1)].center)
    click(app, rects[(1, 0)].center)
    for _ in range(30):
        app.frame(1 / 60)
    assert scene.beat is not None and scene.beat.kind == "exchange"
    pygame.image.save(app.screen, str(tmp_path / "roll.png"))
    scene.speed = "Instant"
    scene.auto = True
    play_to_the_result(scene, app)
    app.frame(1 / 60)
    pygame.image.save(app.screen, str(tmp_path / "result.png"))
    assert scene.result is not None


@pytest.mark.rule("R-BAT-4")
def test_a_star_marks_the_squad_then_the_target_with_the_best_odds(monkeypatch):
    """The exact odds pick out the best move: first your squad with the best chance, then its best target."""
    from game.ui.battle import draw as D
    state, events, chances = three_squads_against_monsters()
    app, scene, rec = open_scene(state, events)
    wait_for_chances(app, scene)
    starred = []
    real = D.draw_card
    monkeypatch.setattr(D, "draw_card", lambda surface, rect, squad, **kw: (
        starred.append(squad) if kw.get("best") else None, real(surface, rect, squad, **kw)))
    app.frame(1 / 60)
    own, _ = max(chances, key=chances.get)
    assert scene.best_pick() == (0, own) and len(starred) == 1
    rects = scene.card_rects()
    pick = next(i for (side, i) in rects if side == 0 and i != own)
    click(app, rects[(0, pick)].center)
    starred.clear()
    app.frame(1 / 60)
    target = max((t for (o, t) in chances if o == pick), key=lambda t: chances[(pick, t)])
    assert scene.best_pick() == (1, target) and len(starred) == 1


@pytest.mark.rule("R-BAT-4")
def test_a_battle_too_big_for_the_exact_odds_shows_its_chances_as_estimates(monkeypatch, drawn_text):
    """Past the exact odds' size limit the chances are rough: the cards, the bar and the prompt say so
    with "≈" instead of passing an estimate off as exact odds."""
    from game.engine import odds as O
    O.clear_caches()
    monkeypatch.setattr(O.BattleOdds, "MAX_EXACT_STATES", 1)
    monkeypatch.setattr(O.BattleOdds, "MAX_EXACT_SIDES", 1)
    try:
        state, events, _ = three_squads_against_monsters()
        app, scene, rec = open_scene(state, events)
        wait_for_chances(app, scene)
        assert all(getattr(p, "estimate", False) for p in scene.chances.values())
        pick_second_squad_and_hover_first_enemy(app, scene, drawn_text)
        shown = " ".join(drawn_text)
        assert f"≈{scene.chances[(1, 0)]:.0%}" in shown
        assert "too many squads for exact odds" in shown
    finally:
        O.clear_caches()


def test_exact_chances_carry_no_estimate_mark(drawn_text):
    state, events, chances = three_squads_against_monsters()
    app, scene, rec = open_scene(state, events)
    pick_second_squad_and_hover_first_enemy(app, scene, drawn_text)
    assert not any("≈" in s for s in drawn_text)


@pytest.mark.rule("R-DEATH-3")
def test_auto_battle_fights_on_for_a_human_and_never_retreats(monkeypatch):
    """Auto-battle ("the computer fights for you") gave up a City assault at once, as the computer player
    does to leave a Monster on the City: the hero was lost for sure, and the player had not chosen it."""
    from game.engine.battle_odds import best_attack
    state, hero, events = monster_battle()
    apply(state, A.ArrangeBattle(1, ((("mercenary", 7),),)))
    app, scene, rec = open_scene(state, events)
    monkeypatch.setattr(scene.session, "think", lambda *a, **k: A.Retreat(1))   # what `standard` would say
    expected = A.Attack(1, *best_attack(state))
    click(app, scene.auto_button.rect.center)
    for _ in range(200):
        if rec.actions:
            break
        app.frame(0.05)
    assert rec.actions and rec.actions[0] == expected
    assert not any(isinstance(a, A.Retreat) for a in rec.actions)
