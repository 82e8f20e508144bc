"""One odds figure (issue 11 item 6): the board's figure for a tile is the battle screen's
first figure for the battle the hero then gets, and the screen opens on the best split.

The defenders' count is made certain (``1d1+6``) so the board's averaged figure is a single battle.
"""
import pytest

from enginekit import hero_game, script
from game.board.model import MapToken
from game.engine import actions as A
from game.engine import apply
from game.engine.battle import default_arrangement
from game.engine.battle_odds import best_arrangement
from game.engine.dice import Rng
from game.engine.state import Token
from game.ui.app import App
from game.ui.battle.plan import remembered
from game.ui.battle.scene import maybe_battle_scene
from game.ui.board.odds import cell_odds, headline_chance
from game.ui.session import GameSession
from uikit import click

SEVEN = "1d1+6"
CERTAIN = {"cities": {"neutral_defenders": SEVEN},
           "monsters": {"count": {"hard_fight": SEVEN, "fight": SEVEN, "bribe": "2d6", "defect": "1d6+3"}}}


@pytest.fixture(autouse=True)
def fresh_settings():
    from game import settings
    settings.reset_for_tests(settings.Settings())
    yield
    settings.reset_for_tests()


def arrange(city=False, monster=False, army=9, mode="normal", mine=False):
    unit = "mercenary" if mode == "normal" else "unit_1_1"
    tokens = [MapToken("city", (4, 5), tier="encampment")] if city else []
    tokens += [MapToken("mine", (4, 5))] if mine else []
    state, hero = hero_game(mode=mode, tokens=tokens, at=(4, 4), moves=5, army={unit: army}, overlay=CERTAIN)
    if monster:
        tid = state.new_id()
        state.tokens[tid] = Token(tid, "monster", (4, 5))
    return state, hero


def fight_line_chance(lines):
    """The board's 'Fight 1d1+6 (60%): win 81%' figure."""
    line = next(l for l in lines if l.strip().startswith("Fight"))
    return int(line.rsplit("win ", 1)[1].strip("%<>")) / 100


def battle_screen(state, hero, dice):
    script(state, *dice)
    events = apply(state, A.Move(1, hero.id, ((4, 5),)))
    state.rng = Rng(3)
    session = GameSession(state)
    app = App((1280, 720), headless=True)
    scene = maybe_battle_scene(session, events)
    app.push(scene)
    return scene, session


@pytest.mark.rule("R-MON-1")
@pytest.mark.parametrize("mode", ["normal", "campaign"])
def test_a_monster_tiles_fight_figure_is_the_battle_screens_first_figure(mode):
    state, hero = arrange(monster=True, mode=mode)
    board = fight_line_chance(cell_odds(state, hero, (4, 5)))
    scene, _ = battle_screen(state, hero, [("1dP", 30), (SEVEN, 1)])
    assert state.battle.kind == "monsters"
    assert round(100 * scene.arrange_odds) == round(100 * board)
    assert scene.arrange_odds == pytest.approx(best_arrangement(state)[2]), "the screen opens on the best split"


@pytest.mark.rule("R-MON-3")
def test_two_monster_tokens_on_a_tile_are_weighed_together_as_the_engine_fights_them():
    """Deserters dropped as a Monster on a Monster's tile: the board gave one token's odds (43%), while
    each token rolls its reaction and every one that fights fights in one battle."""
    state, hero = arrange(monster=True)
    tid = state.new_id()
    state.tokens[tid] = Token(tid, "monster", (4, 5))               # arrange: a second Monster token
    lines = cell_odds(state, hero, (4, 5))
    assert lines[0].startswith("2 Monster tokens"), lines
    board = headline_chance(lines)
    one, _ = battle_screen(*arrange(monster=True), [("1dP", 30), (SEVEN, 1)])          # 7 monsters
    both, _ = battle_screen(state, hero, [("1dP", 30), (SEVEN, 1), ("1dP", 10), (SEVEN, 1)])
    assert state.battle.kind == "monsters" and sum(sum(q.units.values()) for q in state.battle.sides[1].squads) == 14
    # per token: 30% none fight (bribe or defect), 70% seven fight (fight or hard fight, both 1d1+6 here)
    expected = 0.3 * 0.3 + 2 * 0.7 * 0.3 * one.arrange_odds + 0.7 * 0.7 * both.arrange_odds
    assert round(100 * board) == round(100 * expected)

@pytest.mark.rule("R-CITY-6")
def test_a_neutral_camps_figure_is_the_battle_screens_first_figure():
    state, hero = arrange(city=True)
    board = headline_chance(cell_odds(state, hero, (4, 5)))
    scene, _ = battle_screen(state, hero, [(SEVEN, 1)])
    assert state.battle.kind == "city"
    assert round(100 * scene.arrange_odds) == round(100 * board)
    squads, mode, p = best_arrangement(state)
    assert (scene.arrangement.squads(), scene.arrangement.mode) == (squads, mode)
    scene.suggest()                                        # "Best split" changes nothing: it is the default
    assert scene.arrange_odds == pytest.approx(p)
    assert scene.toast.visible and scene.toast.message == "This is already the best split", "played: a click seemed lost"
    scene.toast.show("")
    scene.bump(0, scene.arrangement.squads()[0][0][0], -1)    # one unit out of its squad: the button has work
    scene.suggest()
    assert not scene.toast.visible and scene.arrange_odds == pytest.approx(p)


@pytest.mark.rule("R-MOV-7", "R-MINE-1")
def test_a_monster_on_a_mine_shows_the_monster_fights_figure():
    """A monster on a Mine is fought first (a monster on a City now blocks it, R-MOV-7)."""
    state, hero = arrange(mine=True, monster=True)
    board = fight_line_chance(cell_odds(state, hero, (4, 5)))
    scene, _ = battle_screen(state, hero, [("1dP", 30), (SEVEN, 1)])
    assert state.battle.kind == "monsters"
    assert round(100 * scene.arrange_odds) == round(100 * board)


def test_a_chosen_split_and_speed_are_remembered_and_the_board_follows():
    """A player who confirms its own split (three squads, Representative) gets it again next battle,
    and the board's figure is that split's; the battle speed chosen is the next battle's too."""
    from game import settings
    state, hero = arrange(city=True)
    scene, session = battle_screen(state, hero, [(SEVEN, 1)])
    scene._set_speed(2)                                    # Instant
    arr = scene.arrangement
    arr.use(default_arrangement({"mercenary": 9}, 3))
    arr.mode = "representative"
    assert (arr.squads(), arr.mode) != best_arrangement(state)[:2]
    scene.confirm_arrangement()
    assert remembered(session)[1] == (3, "representative")
    assert settings.current().battle_speed == "Instant"
    again, hero2 = arrange(city=True)
    chosen = headline_chance(cell_odds(again, hero2, (4, 5), remembered(session)[1]))
    best = headline_chance(cell_odds(again, hero2, (4, 5)))
    script(again, (SEVEN, 1))
    apply(again, A.Move(1, hero2.id, ((4, 5),)))
    session.state = again
    app = App((1280, 720), headless=True)
    scene2 = maybe_battle_scene(session)
    app.push(scene2)
    assert scene2.speed == "Instant"
    assert (scene2.arrangement.squads(), scene2.arrangement.mode) == (default_arrangement({"mercenary": 9}, 3),
                                                                       "representative")
    assert round(100 * scene2.arrange_odds) == round(100 * chosen)
    assert chosen != best


@pytest.mark.rule("R-MOV-7")
def test_a_monster_on_a_city_offers_no_odds_it_blocks_the_city():
    state, hero = arrange(city=True, monster=True)
    lines = cell_odds(state, hero, (4, 5))
    assert headline_chance(lines) is None and "no hero enters" in " ".join(lines)


def monster_at_home_board():
    """(state, board scene): a Monster came onto the capital its hero stands in; the board asks to face it."""
    from game.engine.state import Pending
    from game.ui.board.scene import GameScene
    state, hero = arrange()
    (city,) = state.cities_of(hero.owner)
    hero.cell = city.cell                                                # arrange: the hero in its capital
    tid = state.new_id()
    state.tokens[tid] = Token(tid, "monster", hero.cell)                 # arrange: a Monster comes to it
    state.pending.append(Pending("face_monster", hero.owner, {"hero": hero.id}))
    app = App((1280, 720), headless=True)
    board = GameScene(GameSession(state))
    app.push(board)
    return state, board


@pytest.mark.rule("R-MOV-7", "R-MON-1")
def test_a_monster_on_a_city_faced_by_its_hero_shows_the_battle_screens_figure():
    """A Monster that came onto a City with a hero in it is faced from the board's dialog; the dialog's
    fight figure is the battle screen's first figure."""
    state, board = monster_at_home_board()
    app = board.app
    dialog = board.dialog
    assert dialog is not None and dialog.title == "A Monster!"
    figure = fight_line_chance(dialog.lines)
    script(state, ("1dP", 30), (SEVEN, 1))
    click(board, dialog.button("Face it").rect.center)
    state.rng = Rng(3)
    app.frame(1 / 60)
    screen = app.scene
    assert screen is not board and screen.view.kind == "monsters"
    assert round(100 * screen.arrange_odds) == round(100 * figure)


@pytest.mark.rule("R-BAT-2", "R-BAT-3")
def test_a_rival_heros_figure_counts_on_the_rivals_best_answer():
    """Against a player's hero the defender arranges second, with the split its screen offers first
    (its best answer to the attacker's squads): the board's figure, the attacker's figure on the
    battle screen and the battle once both sides have arranged all agree."""
    from game.engine.battle_odds import battle_win_probability
    from game.engine.state import Hero
    state, hero = arrange(army=6)
    rival = Hero(state.new_id(), 2, (4, 5), army={"mercenary": 7}, name="Rival")
    state.heroes[rival.id] = rival
    board = headline_chance(cell_odds(state, hero, (4, 5)))
    scene, _ = battle_screen(state, hero, [])
    assert state.battle.kind == "hero"
    assert round(100 * scene.arrange_odds) == round(100 * board)
    apply(state, A.ArrangeBattle(1, scene.arrangement.squads(), scene.arrangement.mode))
    squads, mode, p_rival = best_arrangement(state)
    apply(state, A.ArrangeBattle(2, squads, mode))
    assert battle_win_probability(state) == pytest.approx(1 - p_rival)
    assert round(100 * battle_win_probability(state)) == round(100 * board)


@pytest.mark.rule("R-CMP-10")
def test_a_campaign_monster_tile_names_the_monsters_tier():
    """Played: a Tier 2 spawner made every Monster Tier 2, and the tooltip's chance just fell from 62%
    to a 22% fight with nothing saying why; the tooltip names the tier."""
    from game.engine.monsters import monster_tier
    state, hero = arrange(monster=True, mode="campaign")
    assert cell_odds(state, hero, (4, 5))[0].startswith("Monsters of Tier 1 ⭐ (R-CMP-10):")
    city = next(c for c in state.cities.values() if c.owner == hero.owner)
    city.buildings["spawner_2_1"] = 1
    assert monster_tier(state) == 2
    assert cell_odds(state, hero, (4, 5))[0].startswith("Monsters of Tier 2 ⭐ (R-CMP-10):")
    normal, hero = arrange(monster=True)
    assert cell_odds(normal, hero, (4, 5))[0] == "Monsters: the reaction is rolled on arrival"


@pytest.mark.rule("R-CMP-10", "R-CMP-11")
def test_a_campaign_monster_tile_cites_each_rule_beside_what_it_says():
    """Played: 'Monsters of Tier 1 ⭐: the reaction is rolled on arrival (R-CMP-10)' sent the player to the
    monsters' tier for the reaction table, which is R-CMP-11."""
    state, hero = arrange(monster=True, mode="campaign")
    assert cell_odds(state, hero, (4, 5))[0] == \
        "Monsters of Tier 1 ⭐ (R-CMP-10): the reaction is rolled on arrival (R-CMP-11)"


@pytest.mark.rule("R-BAT-2", "R-BAT-3", "R-CITY-4")
def test_a_lone_heros_figure_against_a_guarded_city_counts_on_the_defenders_best_answer():
    """Played: a hero with no army (nothing to arrange) saw 80% on the board against a City with a hero
    and three mercenaries in it, and 73% on the battle screen once the defender had arranged: the board
    had scored the defender's default split, not its best answer as it does for an attacker with an army."""
    from game.engine.battle_odds import battle_win_probability
    from game.engine.state import Hero
    state, hero = hero_game(tokens=[MapToken("city", (4, 5), tier="encampment")], at=(4, 4), moves=5, overlay=CERTAIN)
    hero.army = {}
    (city,) = [c for c in state.cities.values() if c.cell == (4, 5)]
    city.owner = 2                                                      # arrange: P2's unwalled City,
    keeper = Hero(state.new_id(), 2, (4, 5), army={"mercenary": 3}, name="Keeper")   # a hero and 3 units in it
    state.heroes[keeper.id] = keeper
    board = headline_chance(cell_odds(state, hero, (4, 5)))
    apply(state, A.Move(1, hero.id, ((4, 5),)))
    assert state.battle.kind == "city" and state.battle.sides[0].arranged and not state.battle.sides[1].arranged
    squads, mode, p_defender = best_arrangement(state)                 # what P2's screen offers, a computer picks
    apply(state, A.ArrangeBattle(2, squads, mode))
    assert battle_win_probability(state) == pytest.approx(1 - p_defender)
    assert round(100 * battle_win_probability(state)) == round(100 * board)
