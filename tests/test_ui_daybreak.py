"""The Daybreak panel: income, upkeep, choosing exactly N heroes to die (R-DAY-3), End Daybreak."""
import pytest

import enginekit as K
from game.engine.dice import Rng
from game.ui.app import App
from game.ui.board.daybreak_panel import DaybreakPanel, daybreak_tick, income_lines, upkeep_paid
from game.ui.session import GameSession
from uikit import click




def short_purse_game():
    """P1 with three heroes and an empty purse reaches Day 2's Daybreak: 2 heroes must die."""
    state = K.start_game("normal")
    seat = state.actor()
    state.players[seat].purse["coin"] = 15
    for _ in range(3):
        K.recruit_hero(state, seat)
    state.players[seat].purse["coin"] = 0
    K.end_daybreak(state, seat)
    K.to_turns(state)
    K.to_pending(state)
    return state, seat


def panel_for(state):
    app = App(headless=True)
    panel = DaybreakPanel(GameSession(state))
    app.push(panel)
    panel.draw(app.screen)
    return panel


@pytest.mark.rule("R-DAY-3")
def test_upkeep_needs_exactly_the_required_number_of_heroes():
    state, seat = short_purse_game()
    pending = state.pending[0]
    assert pending.kind == "upkeep_deaths" and pending.data["count"] == 2
    panel = panel_for(state)
    heroes = list(pending.data["heroes"])
    click(panel, panel.hero_boxes[heroes[0]].rect.center)
    click(panel, panel.confirm.rect.center)
    assert "exactly 2" in panel.toast.message and len(state.heroes_of(seat)) == 3
    click(panel, panel.end_button.rect.center)
    assert state.phase == "daybreak" and state.pending
    click(panel, panel.hero_boxes[heroes[1]].rect.center)
    assert panel.confirm.label == "Dismiss 2 of 2"
    click(panel, panel.confirm.rect.center)
    assert not state.pending and [h.id for h in state.heroes_of(seat)] == [heroes[2]]
    assert state.players[seat].purse["coin"] == 0        # 💰1 income paid the last hero
    panel.draw(panel.app.screen)


@pytest.mark.rule("R-DAY-2")
def test_income_lines_by_tier_and_a_sieged_city_yields_nothing():
    state = K.start_game("normal")
    seat = state.actor()
    city = K.capital(state, seat)
    assert income_lines(state, seat) == [(f"{city.name} (Encampment)", {"coin": 1})]
    city.sieged = True
    assert income_lines(state, seat)[0][1] == {}


@pytest.mark.rule("R-DAY-2")
def test_mines_alike_in_one_region_are_one_line_with_their_count():
    """Played: "Coin mine in the north" twice read as one mine counted twice."""
    from game.engine.state import Mine
    from game.narration import region
    state = K.start_game("normal")
    seat = state.actor()
    state.mines = {}
    for cell in ((4, 0), (4, 1), (8, 8)):
        mine = Mine(id=state.new_id(), cell=cell, owner=seat, resource="coin")
        state.mines[mine.id] = mine
    assert region(state, (4, 0)) == region(state, (4, 1)) != region(state, (8, 8))
    mines = [line for line in income_lines(state, seat) if "mine" in line[0]]
    assert mines == [(f"2 coin mines {region(state, (4, 0))}", {"coin": 2}),
                     (f"Coin mine {region(state, (8, 8))}", {"coin": 1})]


def test_end_daybreak_closes_the_panel_and_open_city_pushes_the_city_screen():
    state = K.start_game("normal")
    state.rng = Rng(state.seed)
    seat = state.actor()
    panel = panel_for(state)
    city = K.capital(state, seat)
    click(panel, panel.city_buttons[city.id].rect.center)
    from game.ui.city.scene import CityScene
    assert isinstance(panel.app.scene, CityScene)
    panel.app.scene.close()
    assert panel.app.scene is panel
    click(panel, panel.end_button.rect.center)
    question = panel.app.scene                      # no hero yet, and the coin for one: asked first
    assert question is not panel and question.title == "End the Daybreak with no hero?"
    click(question, question.ok.rect.center)          # "End Daybreak"
    assert state.current_player != seat or state.phase != "daybreak"


def hero_away_from_home(coin: int):
    """P1 at its Day-1 Daybreak with ``coin`` and one hero out on (4, 4), where a City may be founded."""
    state = K.start_game("normal")
    state.rng = Rng(state.seed)
    seat = state.actor()
    state.players[seat].purse["coin"] = coin
    hero = K.recruit_hero(state, seat)
    hero.cell = (4, 4)
    return state, seat, hero


def test_found_a_city_here():
    state, seat, hero = hero_away_from_home(10)
    panel = panel_for(state)
    click(panel, panel.found_buttons[hero.id].rect.center)
    ask = panel.app.scene                                       # it asks first (the hero is given up)
    click(ask, ask.ok.rect.center)
    assert state.city_at((4, 4)) is not None and hero.id not in state.heroes


def test_daybreak_tick_autosaves_and_opens_the_panel_once(tmp_path, monkeypatch):
    monkeypatch.setenv("FUZZYKNIGHTS_SAVES", str(tmp_path))
    from game.ui.kit.scene import Scene
    state = K.start_game("normal")
    board = Scene()
    board.session = GameSession(state)
    app = App(headless=True)
    app.push(board)
    daybreak_tick(board)
    assert isinstance(app.scene, DaybreakPanel)
    assert [p.name for p in tmp_path.glob("autosave-*-day*.json")] == [f"autosave-{board.session.game_id}-day001.json"]
    app.pop()
    daybreak_tick(board)
    assert app.scene is board


def drawn_words(panel, monkeypatch) -> str:
    """Every text the panel draws, joined (read from the drawing itself)."""
    from layoutkit import record, recording
    with recording(monkeypatch):
        drawing = record(panel.draw, panel.app.size)
    return " | ".join(label for label, _ in drawing.texts)


@pytest.mark.rule("R-DAY-3")
def test_day_one_charges_no_upkeep_for_a_hero_recruited_after_dawn(monkeypatch):
    state = K.start_game("normal")
    seat = state.actor()
    state.players[seat].purse["coin"] = 15
    K.recruit_hero(state, seat)
    assert upkeep_paid(state, seat) == {}
    words = drawn_words(panel_for(state), monkeypatch)
    assert "Nothing to pay today" in words and "Paid" not in words


@pytest.mark.rule("R-DAY-3")
def test_the_next_daybreak_shows_the_upkeep_paid_for_the_heroes_of_its_dawn(monkeypatch):
    state = K.start_game("normal")
    seat = state.actor()
    state.players[seat].purse["coin"] = 15
    K.recruit_hero(state, seat)
    K.to_daybreak_of(state, seat)
    assert upkeep_paid(state, seat) == {"coin": 1}
    words = drawn_words(panel_for(state), monkeypatch)
    assert "✓ Paid -" in words and "Nothing to pay" not in words


def test_a_hero_with_one_unit_reads_1_unit(monkeypatch):
    state = K.start_game("normal")
    seat = state.actor()
    state.players[seat].purse["coin"] = 15
    hero = K.recruit_hero(state, seat)
    hero.army = {"mercenary": 1}                      # arrange: one mercenary with the hero
    words = drawn_words(panel_for(state), monkeypatch)
    assert "1 unit" in words and "1 units" not in words and "  ·" not in words


@pytest.mark.rule("R-DAY-2")
@pytest.mark.rule("R-BLD-2")
def test_the_income_list_shows_what_dawn_paid_not_what_was_founded_or_built_since():
    from game.engine import actions as A, apply
    state, seat, hero = hero_away_from_home(30)
    capital = state.cities_of(seat)[0]
    before = income_lines(state, seat)
    apply(state, A.FoundCity(seat, hero.id))
    apply(state, A.Build(seat, capital.id, "villa"))
    assert capital.tier == "villa" and len(state.cities_of(seat)) == 2
    assert income_lines(state, seat) == before            # the Encampment's +1 at dawn, no new City


@pytest.mark.rule("R-BLD-5", "R-DAY-2")
def test_a_citys_income_line_names_its_gold_mine_at_the_level_dawn_paid_for():
    """Bela's Encampment paid +💰3 with nothing said of its Gold Mine; and a level built during the
    Daybreak was counted as paid at dawn."""
    from game.engine import actions as A, apply
    state = K.start_game("normal", options={"legacy_gold_mine": True})
    seat = state.actor()
    city = K.capital(state, seat)
    city.buildings["gold_mine"] = 1                      # arrange: level 1 stood at dawn
    assert income_lines(state, seat) == [(f"{city.name} (Encampment, Gold Mine 1)", {"coin": 2})]
    state.players[seat].purse["coin"] = 20
    apply(state, A.Build(seat, city.id, "gold_mine"))
    assert city.buildings["gold_mine"] == 2
    assert income_lines(state, seat) == [(f"{city.name} (Encampment, Gold Mine 1)", {"coin": 2})]

@pytest.mark.rule("R-BLD-5")
def test_a_long_income_line_is_fitted_beside_its_amounts_not_cut_mid_word(monkeypatch):
    """'Ana's capital (Villa, Gold Mine level 1' was drawn cut off under the amounts, without its ')'."""
    import game.ui.board.daybreak_panel as daybreak_panel
    from game.ui.kit.rich_text import width
    state = K.start_game("normal", options={"legacy_gold_mine": True})
    seat = state.actor()
    city = K.capital(state, seat)
    city.buildings["gold_mine"] = 1
    city.name = "The Lord Protector's Summer Capital"              # arrange: a name that cannot fit whole
    panel = panel_for(state)
    drawn, real = [], daybreak_panel.render
    monkeypatch.setattr(daybreak_panel, "render", lambda s, size, *a, **k: drawn.append((s, size)) or real(s, size, *a, **k))
    panel.draw(panel.app.screen)
    (words, size), = {(s, size) for s, size in drawn if s.startswith("The Lord Protector") and s != city.name}
    room = panel.left.w - 20 - 8 - width(daybreak_panel._signed({"coin": 2}), 14, "bold")
    assert width(words, size) <= room, (words, size)
    assert words.endswith(("…", ")"))


@pytest.mark.rule("R-BLD-4")
def test_without_heroes_the_panel_says_where_to_recruit_one_and_its_price(monkeypatch):
    """A first game without the starting hero opened on "No heroes" and nothing more to go on."""
    state = K.start_game("normal")
    seat = state.actor()
    assert not state.heroes_of(seat)
    words = drawn_words(panel_for(state), monkeypatch)
    assert "No heroes: Open your City and recruit one ( | 5)" in words      # 💰 is drawn as an icon


@pytest.mark.rule("R-DAY-5")
def test_the_panel_says_what_ending_the_daybreak_rolls_with_the_rules_numbers_then_the_last_roll():
    """"Last token roll: 🎲 60 — a token" alone read as today's roll, made before the click; the first Day
    and the needed score are the ruleset's, not the rulebook's 2 and 60."""
    from game.engine import actions as A, apply
    from game.engine.legal import legal_actions
    state = K.start_game("normal", overlay={"daybreak": {"token_roll_from_day": 3, "token_roll_success": 75}})
    seat = state.actor()
    assert panel_for(state).token_roll_note() == [
        "From Day 3, ending the Daybreak rolls 1dP for a token (75 or more)"]
    K.to_turns(state)
    while state.day < 3 or state.phase != "daybreak" or state.actor() != seat:
        if state.phase == "daybreak":
            K.end_daybreak(state, state.actor())
        else:
            apply(state, A.EndTurn(state.current_player))
    assert panel_for(state).token_roll_note() == ["Ending the Daybreak rolls 1dP for a token (75 or more)"]
    state.rng.expect("1dP", 80)
    state.rng.expect("1d4", 1)                            # a resource token, placed as the engine asks
    apply(state, A.EndDaybreak(seat))
    while state.pending:
        apply(state, next(iter(legal_actions(state, moves=False))))
    assert DaybreakPanel(GameSession(state), seat).token_roll_note() == [
        "Ending the Daybreak rolls 1dP for a token (75 or more)", "Your last roll: 🎲 80 — a token"]


@pytest.mark.rule("R-DAY-4")
def test_many_cities_and_heroes_fit_the_panel_the_rest_counted(monkeypatch):
    """Eight Cities and twelve heroes: the heroes' rows ran over the token-roll note and past the panel,
    and Cities past the sixth were not there at all."""
    from game.board import MapToken
    import game.ui.board.daybreak_panel as daybreak_panel
    cells = [(3, 1), (5, 1), (1, 3), (3, 3), (5, 3), (1, 5), (3, 5), (5, 5)]
    state = K.start_game("normal", tokens=[MapToken("city", c, owner=1, tier="villa") for c in cells], w=12, h=12)
    state.rng = Rng(state.seed)
    seat = state.actor()
    state.players[seat].purse["coin"] = 200
    capital = state.cities_of(seat)[0]
    heroes = [K.recruit_hero(state, seat, capital) for _ in range(12)]
    heroes[-1].cell = (10, 2)                               # one out on an empty tile: it may found a City
    drawn = []
    real = daybreak_panel.render
    monkeypatch.setattr(daybreak_panel, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    app = App(headless=True)
    panel = DaybreakPanel(GameSession(state), seat)
    app.push(panel)
    app.frame(1 / 60)
    buttons = list(panel.city_buttons.values()) + list(panel.found_buttons.values())
    assert buttons and all(panel.right.contains(b.rect) for b in buttons)
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    assert heroes[-1].id in panel.found_buttons, "a hero who may found a City is listed first"
    cities_more = len(state.cities_of(seat)) - len(panel.city_buttons)
    assert any(t.startswith(f"… and {cities_more} more Cities: click them on the board") for t in drawn)
    assert any(t == f"… and {12 - len(panel.shown_heroes)} more heroes" for t in drawn)
    assert panel.heroes_bottom <= panel.right.bottom - 36, "clear of the token-roll note"


@pytest.mark.rule("R-BLD-2")
def test_founding_a_city_asks_first_it_gives_up_the_hero():
    """A click on "Found a City here" turned the hero into the Mayor at once: the player lost the hero
    without being told (the tip said so, but a click needs no hover). Now it asks, and says what goes."""
    state = K.start_game("normal")
    seat = state.actor()
    state.players[seat].purse["coin"] = 20
    hero = K.recruit_hero(state, seat)
    hero.cell, hero.army, hero.name = (4, 4), {"mercenary": 2}, "Kestrel"    # arrange: out on an empty tile
    panel = panel_for(state)
    assert hero.id in panel.found_buttons
    click(panel, panel.found_buttons[hero.id].rect.center)
    ask = panel.app.scene
    assert ask is not panel and hero.id in state.heroes and state.city_at(hero.cell) is None
    assert "Kestrel becomes the Mayor" in ask.message and "2 mercenaries" in ask.message and "💰5" in ask.message
    click(ask, ask.back.rect.center)                            # "Keep Kestrel"
    assert panel.app.scene is panel and hero.id in state.heroes
    click(panel, panel.found_buttons[hero.id].rect.center)
    ask = panel.app.scene
    click(ask, ask.ok.rect.center)                              # "Found the City"
    assert panel.app.scene is panel and hero.id not in state.heroes
    assert state.city_at((4, 4)) is not None and state.city_at((4, 4)).garrison == {"mercenary": 2}


@pytest.mark.rule("R-BLD-2")
def test_the_boards_found_a_city_button_asks_first_too():
    from uikit import meadow_board_scene
    scene = meadow_board_scene(starting_hero=True)
    app = scene.app
    while app.scene is not scene:
        app.pop()
    state = scene.state
    (hero,) = state.heroes_of(scene.actor)
    hero.cell = next(c for c in state.board.topology.cells() if state.board.passable(c)
                     and state.city_at(c) is None and state.mine_at(c) is None and not state.tokens_at(c)
                     and abs(c[0] - hero.cell[0]) + abs(c[1] - hero.cell[1]) > 3)    # arrange: out on an empty tile
    state.players[scene.actor].purse["coin"] = 20
    scene.refresh()
    button = next(b for b in scene.action_buttons if b.label.endswith("found a City"))
    click(scene, button.rect.center)
    assert app.scene is not scene and "becomes the Mayor" in app.scene.message
    assert hero.id in state.heroes, "nothing happens before the player says so"


def test_the_daybreak_panel_warns_of_rival_heroes_in_reach_of_a_city(monkeypatch):
    """A rival hero stood next to a player's capital and the Daybreak panel said nothing: the player
    spent the coin elsewhere. The City's row names who could reach it next turn (walled: who could
    besiege it), by the measure the computer players use."""
    from game.engine.state import Hero
    import game.ui.board.daybreak_panel as daybreak_panel
    state = K.start_game("normal")
    seat = state.actor()
    capital = state.cities_of(seat)[0]
    rival = next(p for p in state.players if p != seat)
    far = Hero(id=state.new_id(), owner=rival, cell=(8, 8) if capital.cell[0] < 4 else (0, 0), name="Far")
    state.heroes[far.id] = far
    quiet = daybreak_panel.rival_heroes_near(state, [capital])
    assert quiet == {}, "a hero across the map is not a warning"
    x, y = capital.cell
    near = Hero(id=state.new_id(), owner=rival, cell=(x + 1, y), name="Isolde")
    state.heroes[near.id] = near
    rival_name = state.players[rival].name
    assert daybreak_panel.rival_heroes_near(state, [capital]) == {capital.id: f"Isolde ({rival_name})"}
    drawn = []
    real = daybreak_panel.render
    monkeypatch.setattr(daybreak_panel, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    panel = panel_for(state)
    assert any(f"in reach of Isolde ({rival_name}) next turn" in t for t in drawn), drawn
    assert panel.threats == {capital.id: f"Isolde ({rival_name})"}


@pytest.mark.rule("R-BLD-4")
def test_without_heroes_and_short_of_coin_the_panel_says_how_much_is_missing(monkeypatch):
    """"Open your City and recruit one (💰5)" with 💰2 in the purse sent a player to a greyed button."""
    state = K.start_game("normal")
    seat = state.actor()
    state.players[seat].purse["coin"] = 2
    words = drawn_words(panel_for(state), monkeypatch)
    assert "Open your City" not in words
    assert "No heroes: one costs" in words and "needs" in words and "3 more" in words


@pytest.mark.rule("R-DAY-4")
def test_the_token_roll_toast_names_whose_roll_it_was():
    """A computer's own Daybreak rolls show on the board at the same moment: "Token roll 🎲 30" alone
    read as theirs."""
    from game.engine import actions as A, apply
    from game.ui.board.daybreak_panel import token_roll_toast
    state = K.start_game("normal", overlay={"daybreak": {"token_roll_from_day": 1, "token_roll_success": 75}})
    seat = state.actor()
    name = state.players[seat].name
    state.rng.expect("1dP", 30)
    events = apply(state, A.EndDaybreak(seat))
    assert token_roll_toast(name, seat, events) == f"{name}'s token roll 🎲 30: no token today"
    other = state.actor()
    assert state.phase == "daybreak" and other != seat
    state.rng.expect("1dP", 80)
    state.rng.expect("1d4", 1)
    events = apply(state, A.EndDaybreak(other))
    other_name = state.players[other].name
    assert token_roll_toast(other_name, other, events).startswith(f"{other_name}'s token roll 🎲 80: place a")
    assert token_roll_toast(name, seat, events) == ""      # not the other player's roll


@pytest.mark.rule("R-BLD-2")
def test_founding_with_one_mercenary_says_it_joins_the_garrison():
    """"1 mercenary join its garrison", the question read when the hero had a single unit."""
    from game.ui.board.daybreak_panel import found_city_message
    state = K.start_game("normal")
    seat = state.actor()
    state.players[seat].purse["coin"] = 20
    hero = K.recruit_hero(state, seat)
    hero.army = {"mercenary": 1}
    assert "1 mercenary joins its garrison." in found_city_message(state, hero)
    hero.army = {"mercenary": 3}
    assert "3 mercenaries join its garrison." in found_city_message(state, hero)


def test_the_boards_menu_button_above_the_panel_opens_the_menu():
    """Seen in a real window: Menu, dimmed above the Daybreak panel, did nothing when clicked, so a player
    who wanted to save at Daybreak was stuck until Esc. It opens the game menu, the panel put away."""
    from game.ui.menus.game_menu import GameMenu
    from uikit import meadow_board_scene
    board = meadow_board_scene()
    board.draw(board.app.screen)
    panel = DaybreakPanel(board.session)
    board.app.push(panel)
    panel.draw(board.app.screen)
    click(panel, panel.panel.center)          # inside the panel: nothing of the board's
    assert board.app.scene is panel
    click(panel, board.menu_button.rect.center)
    assert isinstance(board.app.scene, GameMenu) and board.state.phase == "daybreak"
