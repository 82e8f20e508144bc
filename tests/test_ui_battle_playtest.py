"""Stumbles met playing battles through the screen (a play-through of monsters, rival heroes, Cities)."""
import time

import pygame

import pytest

from game.names import percent
from game.ui.battle.painting import T_ARRANGED
from test_ui_battle import click, drawn_text, open_scene  # noqa: F401  (drawn_text is a fixture)
from test_ui_battle_handoff import _hero_against_hero


def _frames_until(app, condition, dt=1 / 60, limit=400):
    for _ in range(limit):
        if condition():
            return
        time.sleep(0.005)              # the odds come from a worker thread
        app.frame(dt)
    raise AssertionError("never happened")


@pytest.mark.rule("R-BAT-2", "R-BAT-3")
def test_the_bar_keeps_the_confirmed_splits_figure_while_the_squads_form(drawn_text):
    """After "To battle!" the bar showed the chance of the pool split evenly (58% beside a 96% fight) for as
    long as "Ann forms 1 squad" played: one fight, two figures."""
    state, events = _hero_against_hero(kinds=("human", "computer"))
    app, scene, rec = open_scene(state, events, speed="Normal")
    _frames_until(app, lambda: scene.arrange_odds is not None and not scene.odds_waiting())
    bar = f"{scene.view.sides[0].name}  {percent(scene.arrange_odds)}"
    drawn_text.clear()
    app.frame(1 / 60)
    assert bar in drawn_text                                   # the bar while arranging
    click(app, scene.confirm_button.rect.center)
    assert scene.beat is None and scene.queue[0].kind == "arranged"
    seen = []
    steps = 0
    while scene.busy and scene.queue and scene.queue[0].kind == "arranged" or (
            scene.beat is not None and scene.beat.kind == "arranged"):
        drawn_text.clear()
        time.sleep(0.005)
        app.frame(T_ARRANGED / 12)
        seen.append([t for t in drawn_text if t.startswith(scene.view.sides[0].name + "  ") and "%" in t])
        steps += 1
        assert steps < 100
    assert seen and all(texts == [bar] for texts in seen), seen


@pytest.mark.rule("R-BAT-7")
def test_a_click_on_the_field_skips_the_dice_and_the_screen_says_so(drawn_text):
    """Only Space skipped the animation, and only the help overlay said so: a player clicking through a long
    battle waited 2 s per exchange. A click skips now, but not the second click of a double click."""
    from game.engine import actions as A
    from game.engine import apply
    from test_ui_battle import monster_battle
    state, hero, events = monster_battle()
    apply(state, A.ArrangeBattle(1, ((("mercenary", 7),),)))
    app, scene, rec = open_scene(state, events, speed="Normal")
    rects = scene.card_rects()
    click(app, rects[(0, 1)].center)
    click(app, rects[(1, 0)].center)                          # attack: the dice roll
    assert rec.actions == [A.Attack(1, 1, 0)] and scene.busy
    click(app, rects[(1, 0)].center)                          # a double click's second half: no skip
    app.frame(0.1)
    assert scene.busy and scene.beat is not None
    drawn_text.clear()
    app.frame(0.25)
    assert scene.busy and "Click or Space: skip" in drawn_text
    click(app, (scene.field.x + 20, scene.field.centery))      # anywhere on the field
    assert not scene.busy and scene.view.round >= 1
    assert len(rec.actions) == 1                              # skipping attacked nobody
    drawn_text.clear()
    app.frame(1 / 60)
    assert "Click or Space: skip" not in drawn_text


def test_no_speed_caption_without_its_toggle(drawn_text):
    """The result (and the retreat question) hide the speed toggle; its caption stood alone under the log."""
    from test_ui_battle import monster_battle
    from uikit import play_to_the_result
    state, hero, events = monster_battle()
    app, scene, rec = open_scene(state, events)
    drawn_text.clear()
    app.frame(1 / 60)
    assert "Speed" in drawn_text
    click(app, scene.auto_button.rect.center)
    play_to_the_result(scene, app)
    assert scene.result is not None
    drawn_text.clear()
    app.frame(1 / 60)
    assert "Speed" not in drawn_text


def campaign_monsters():
    """A Campaign hero with units of two tiers and two ranks meets 7 monsters: (state, events)."""
    from enginekit import script
    from game.engine import actions as A
    from game.engine import apply
    from game.engine.dice import Rng
    from test_ui_odds_agree import SEVEN, arrange
    state, hero = arrange(monster=True, mode="campaign")
    hero.army = {"unit_1_1": 3, "unit_1_2": 2, "unit_2_1": 2}
    script(state, ("1dP", 30), (SEVEN, 1))
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    state.rng = Rng(3)
    return state, events


@pytest.mark.rule("R-CMP-7", "R-CMP-12")
def test_campaign_ranks_are_told_apart_and_mixed_dice_stay_in_their_squad(monkeypatch):
    """Four narrow squad slots (Campaign) had no room for the rows' 'T1⭐' labels, a ⭐⭐ unit's shield was a
    ⭐ unit's, and '3 × 1d6 + 2 × 1d6+3 + 2 × 2d6' ran past its slot into the next."""
    from game.ui.battle import draw as D
    from game.ui.battle import painting
    from game.ui.kit import widgets
    from game.ui.kit.rich_text import width as drawn_width
    app, scene, rec = open_scene(*campaign_monsters())
    assert scene.arrangement.limit == 4
    drawn = []
    for module in (widgets, painting):
        original = getattr(module, "text" if module is widgets else "render")

        def recording(s, size, *args, _original=original, **kw):
            drawn.append((s, size))
            return _original(s, size, *args, **kw)
        monkeypatch.setattr(module, "text" if module is widgets else "render", recording)
    slot = scene.slot_rects[0]
    scene.arrangement.use(((("unit_1_1", 3), ("unit_1_2", 2), ("unit_2_1", 2)),))   # all in squad 1
    scene._rebuild_widgets()
    click(app, scene.arrange_buttons[(1, "unit_1_2", "+")].rect.center)         # one ⭐⭐ to squad 2 by hand
    click(app, scene.arrange_buttons[(1, "unit_1_2", "-")].rect.center)
    click(app, scene.arrange_buttons[(0, "unit_1_2", "+")].rect.center)         # and back
    assert scene.arrangement.slots[0] == {"unit_1_1": 3, "unit_1_2": 2, "unit_2_1": 2}
    drawn.clear()
    app.frame(1 / 60)
    texts = [s for s, _ in drawn]
    for label in ("T1⭐", "T1⭐⭐", "T2⭐"):                    # each row's kind, told once
        assert label in texts
    start = texts.index("Squad 1") + 1
    end = next(i for i in range(start, len(texts)) if texts[i].isdigit() or texts[i].startswith("T1"))
    dice = drawn[start:end]                                          # squad 1's dice line(s)
    for s, size in dice:
        assert drawn_width(s, size, "bold") <= slot.w - 16, (s, size)
        assert "…" not in s
    whole = " ".join(s for s, _ in dice).replace(" × ", "×")
    assert all(term in whole for term in ("3×1d6", "2×1d6+3", "2×2d6")), whole
    one, two = (pygame.image.tobytes(D.unit_sprite(u, 1, 28), "RGBA") for u in ("unit_1_1", "unit_1_2"))
    assert one != two                                               # a ⭐⭐ shield is not a ⭐ shield


@pytest.mark.rule("R-CMP-7")
def test_a_mixed_squads_card_names_its_units_inside_the_card(monkeypatch):
    """On the field, '2 × T1⭐ + 1 × T1⭐⭐ + 2 × T2⭐' under a mixed squad's figures ran past both edges of its card."""
    from game.ui.battle import draw as D
    from game.ui.kit.rich_text import width as drawn_width
    app, scene, rec = open_scene(*campaign_monsters())
    scene.arrangement.use(((("unit_1_1", 3), ("unit_1_2", 2), ("unit_2_1", 2)),))
    scene._rebuild_widgets()
    click(app, scene.confirm_button.rect.center)
    app.frame(1 / 60)
    assert scene.arranging_index() is None and not scene.busy
    drawn = []
    original = D.render

    def recording(s, size, *args, **kw):
        drawn.append((s, size))
        return original(s, size, *args, **kw)
    monkeypatch.setattr(D, "render", recording)
    app.frame(1 / 60)
    card = scene.card_rects()[(0, 1)]
    assert scene.view.sides[0].squads[1].units == {"unit_1_1": 3, "unit_1_2": 2, "unit_2_1": 2}
    (detail,) = [(s, size) for s, size in drawn if "T2" in s]
    assert drawn_width(*detail, "bold") <= card.w - 8, detail
    assert all(kind in detail[0].replace(" × ", "×") for kind in ("3×T1⭐", "2×T1⭐⭐", "2×T2⭐")), detail


@pytest.mark.rule("R-CITY-2", "R-CITY-4")
def test_a_city_battle_is_not_called_a_siege(monkeypatch):
    """The City's battle was headed 'Siege battle', while 'Siege' on the board is the walls-breaking move that
    starts no battle (R-CITY-2): a new player read the one for the other."""
    from enginekit import script
    from game.engine import actions as A
    from game.engine import apply
    from game.engine.dice import Rng
    from game.ui.battle import painting
    from test_ui_odds_agree import SEVEN, arrange
    state, hero = arrange(city=True)
    script(state, (SEVEN, 1))
    events = apply(state, A.Move(hero.owner, hero.id, ((4, 5),)))
    state.rng = Rng(3)
    assert state.battle.kind == "city"
    app, scene, _ = open_scene(state, events)
    drawn = []
    original = painting.render
    monkeypatch.setattr(painting, "render", lambda s, *a, **kw: (drawn.append(s), original(s, *a, **kw))[1])
    app.frame(1 / 60)
    assert "⚔️ Battle for the City" in drawn
    assert not [s for s in drawn if "siege" in s.lower()]


@pytest.mark.rule("R-CITY-1", "R-CITY-4")
def test_a_rival_citys_tooltip_tells_what_defends_it_besides_its_hero():
    """Over a rival City the tooltip named only the hero inside ('Norbert fights 2d6+6; 4 mercenaries') and
    gave 61% to ten mercenaries: the City's own 3d3+9 and its garrison, both in the fight, went unsaid."""
    import time

    from game.ui.board.hover import WORKING_OUT
    from tests.uikit import click as board_click
    from tests.uikit import meadow_board_scene, to_turn
    scene = meadow_board_scene()
    to_turn(scene)
    state = scene.state
    hero = next(h for h in state.heroes.values() if h.owner == state.actor())
    city = next(c for c in state.cities.values() if c.owner not in (0, hero.owner))
    city.buildings.pop("ramparts", None)                          # arrange: an open City with a garrison
    city.garrison = {"mercenary": 3}
    hero.army = {"mercenary": 10}
    hero.cell = next(c for c in state.board.topology.neighbours(city.cell) if state.board.cost(c) > 0
                     and state.is_unoccupied(c))
    board_click(scene, scene.roll_button.rect.center)
    scene.view.center_on(city.cell)
    pos = tuple(round(v) for v in scene.view.cell_center(city.cell))
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(400):
        scene.update(0.016)
        lines = scene.view.tooltip_lines
        if any("Chance to win" in line for line in lines):
            break
        time.sleep(0.01)
    assert WORKING_OUT not in lines and any("Chance to win" in line for line in lines), lines
    name = city.name or "The City"
    assert f"{name} fights 3d3+9; garrison: 3 mercenaries (1d6 each)" in lines, lines


@pytest.mark.rule("R-CITY-4", "R-BAT-7")
def test_a_citys_beaten_squad_is_not_told_as_the_city_falling():
    """'Cid's capital falls' in round 1, then 'Cid wins the battle' and 'City holds': the City's own squad was
    beaten, the City was never taken. The log says it is beaten, as it says of a hero."""
    from enginekit import script
    from game.engine import actions as A
    from game.engine import apply
    from game.engine.dice import Rng
    from test_ui_odds_agree import SEVEN, arrange
    state, hero = arrange(city=True, army=30)
    script(state, (SEVEN, 1))
    events = apply(state, A.Move(hero.owner, hero.id, ((4, 5),)))
    state.rng = Rng(3)
    app, scene, _ = open_scene(state, events)
    click(app, scene.auto_button.rect.center)
    from uikit import play_to_the_result
    play_to_the_result(scene, app)
    beaten = [e for e in scene.all_events if e.kind == "squad_destroyed" and e.data.get("city") is not None]
    assert beaten, "the City's own squad was beaten"
    city_lines = [line for line in scene.log if "encampment" in line.lower() and ("falls" in line or "beaten" in line)]
    assert city_lines and all(line.endswith("is beaten") for line in city_lines), scene.log


@pytest.mark.rule("R-HERO-2")
def test_a_hero_that_fainted_but_won_is_told_as_fainted(drawn_text):
    """'Hero: lives on' under a battle in which the hero fainted, its items dropped and half its army deserted:
    the result hid the faint the player had just watched."""
    from game.engine.dice import Rng
    from test_ui_battle import monster_battle
    from uikit import play_to_the_result
    for seed in range(60):                     # arrange: a battle where the hero faints and its army wins
        state, hero, events = monster_battle(army={"mercenary": 14})
        state.rng = Rng(seed)
        app, scene, rec = open_scene(state, events)
        click(app, scene.auto_button.rect.center)
        play_to_the_result(scene, app)
        fainted = any(e.kind == "hero_fainted" for e in scene.all_events)
        if fainted and scene.result["winner"] == 0:
            break
    else:
        raise AssertionError("no seed gave a faint and a win")
    assert hero.id in scene.state.heroes
    drawn_text.clear()
    app.frame(1 / 60)
    assert "Hero: fainted, lives on" in drawn_text and "Hero: lives on" not in drawn_text


@pytest.mark.rule("R-BAT-3", "R-DICE-3")
def test_the_roll_mode_toggle_says_what_the_modes_are(monkeypatch):
    """'Representative | Individual' stood beside the win chance with no word of what either does."""
    from game.ui.kit import widgets
    from test_ui_battle import hover, monster_battle
    state, hero, events = monster_battle()
    app, scene, rec = open_scene(state, events)
    tips = []
    original = widgets.draw_tooltip
    monkeypatch.setattr(widgets, "draw_tooltip", lambda surface, lines, *a, **kw: (
        tips.append(list(lines)), original(surface, lines, *a, **kw))[1])
    hover(app, scene.mode_toggle.rect.center)
    app.frame(1 / 60)
    assert tips and any(line.startswith("Representative:") for line in tips[-1])
    assert any(line.startswith("Individual:") for line in tips[-1])


@pytest.mark.rule("R-HERO-2", "R-BAT-7")
def test_the_faint_banner_stands_alone_once_it_is_up(monkeypatch):
    """'Tie — the squad attacked wins' was drawn on under 'Isolde faints!', its ends peeping out at both sides
    of the banner (and through it while it faded in)."""
    from enginekit import script
    from game.ui.battle import painting
    from game.ui.battle.painting import T_DESTROY, T_PICK, T_REVEAL, T_ROLL
    from test_ui_battle import monster_battle
    state, hero, events = monster_battle(army={})
    app, scene, rec = open_scene(state, events, speed="Normal")
    script(state, ("2d6+6", 3, 3), ("1d6", 2))                # 12 against 6 × 2: a tie, the hero faints
    drawn = []
    original = painting.render
    monkeypatch.setattr(painting, "render", lambda s, *a, **kw: (drawn.append(s), original(s, *a, **kw))[1])
    click(app, scene.card_rects()[(1, 0)].center)
    start = T_PICK + T_ROLL + T_REVEAL + T_DESTROY
    before, during = set(), set()
    while scene.beat is not None or scene.queue:
        drawn.clear()
        app.frame(0.05)
        if scene.beat is not None and scene.beat.kind == "exchange":
            (during if scene.t >= start + 0.25 else before if scene.t < start else set()).update(drawn)
    tie = "Tie — the squad attacked wins"
    assert tie in before, "the exchange's outcome is told first"
    assert tie not in during


@pytest.mark.rule("R-CITY-4", "R-BAT-2")
def test_while_a_computer_sets_its_squads_the_bar_shows_its_best_split(drawn_text):
    """A computer attacked a human's City: while it set its squads the bar read 29% (its units split evenly,
    a split no one chose), then 41% once they stood. It shows the figure of the best split from the start."""
    from enginekit import capital, hero_game
    from game.engine import actions as A
    from game.engine import apply
    from game.engine.dice import Rng
    from game.engine.state import Hero
    from game.ui.battle.plan import default_plan
    state, hero = hero_game(players=2, moves=8, army={"mercenary": 9})
    state.players[1].kind, state.players[1].ai = "computer", "standard"
    city = capital(state, 2)
    city.buildings.pop("ramparts", None)                       # arrange: an open City, a garrison, a hero inside
    city.garrison = {"mercenary": 4}
    hero.cell = (city.cell[0] - 1, city.cell[1])
    warden = Hero(id=state.new_id(), owner=2, cell=city.cell, army={"mercenary": 2}, name="Warden")
    state.heroes[warden.id] = warden
    events = apply(state, A.Move(1, hero.id, (city.cell,)))
    state.rng = Rng(4)
    assert not state.battle.sides[0].arranged
    best = default_plan(state.lookahead_copy())[2]             # the attacker's best split, the board's figure
    app, scene, rec = open_scene(state, events, speed="Normal")
    _frames_until(app, lambda: scene.p_attacker is not None and not scene._odds.pending(), dt=0.001)
    assert not state.battle.sides[0].arranged, "the computer is still setting its squads"
    drawn_text.clear()
    app.frame(0.001)
    assert f"P1  {percent(best)}" in drawn_text, [t for t in drawn_text if "%" in t]
