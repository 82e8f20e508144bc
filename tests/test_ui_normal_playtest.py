"""What a newcomer stumbled on in a whole Normal game against the computer on Meadow Ford, each
checked by posting the events a player makes and reading what the board then says."""
import pygame
import pytest

from game.engine import actions as A
from uikit import click, meadow_board_scene, to_turn


def click_cell(scene, cell):
    scene.view.center_on(cell)
    click(scene, scene.view.cell_center(cell))


def hero_beside_the_rivals_capital(scene, moves=20):
    """The player's hero, rolled, on a free tile next to the rival's walled capital (arranged)."""
    to_turn(scene)
    seat = scene.actor
    hero = scene.state.heroes[scene.selected]
    city = next(c for c in scene.state.cities.values() if c.owner not in (seat, None) and c.owner > 0)
    board = scene.state.board
    hero.cell = next(c for c in board.topology.neighbours(city.cell) if board.passable(c)
                     and not scene.state.heroes_at(c) and not scene.state.tokens_at(c)
                     and scene.state.city_at(c) is None and scene.state.mine_at(c) is None)
    hero.moves_left = moves
    scene.refresh()
    return hero, city


@pytest.mark.rule("R-CITY-2")
def test_clicking_a_walled_rival_city_says_to_besiege_it_not_that_the_way_is_blocked():
    scene = meadow_board_scene()
    hero, city = hero_beside_the_rivals_capital(scene)
    actions, cell = len(scene.state.actions), hero.cell
    click_cell(scene, city.cell)
    message = scene.toast.message
    assert scene.toast.visible and "besieged" in message and "Siege" in message, message
    assert message.endswith("(R-CITY-2).") and "in the way" not in message, message
    assert len(scene.state.actions) == actions and hero.cell == cell and hero.moves_left == 20
    outcome = scene.session.submit(A.Siege(scene.actor, hero.id, city.id))     # what the toast points to
    assert outcome.ok, outcome.reason


@pytest.mark.rule("R-ITEM-1")
@pytest.mark.rule("R-ITEM-3")
def test_the_item_kinds_the_game_names_are_found_in_the_rulebook_under_the_item_rules():
    from game.names import ITEM_TYPES
    from game.ui.menus import rulebook
    book = rulebook.for_mode(rulebook.load(), "normal")
    for word in ITEM_TYPES.values():                    # "a common shield (1d6)": what is a shield?
        found = {book[si].blocks[bi].rule_id for si, bi in rulebook.search(book, word)}
        assert {"R-ITEM-1", "R-ITEM-3"} <= found, f"searching the rulebook for {word!r} finds {found}"


@pytest.mark.rule("R-END-1")
def test_the_rulebook_says_a_player_without_city_or_hero_is_out_at_once_as_the_log_tells_it():
    from game.ui.menus import rulebook
    book = rulebook.load()
    si, bi = rulebook.find_rule(book, "R-END-1")
    assert "neither a City nor a hero is out at once" in book[si].blocks[bi].text


def test_a_save_name_with_a_slash_is_saved_and_the_menu_says_what_was_left_out(tmp_path, monkeypatch):
    from game.ui.menus.game_menu import GameMenu
    from uikit import save_through_the_menu
    monkeypatch.setenv("FUZZYKNIGHTS_SAVES", str(tmp_path))
    scene = meadow_board_scene()
    menu = save_through_the_menu(scene, "Before the siege/1")
    assert isinstance(scene.app.scene, GameMenu)
    assert menu.note == "Saved as Before the siege1 (/ cannot be in a name)", menu.note
    assert [p.name for p in tmp_path.glob("*.json") if not p.name.startswith("autosave")] == ["Before_the_siege1.json"]


@pytest.mark.rule("R-SET-5")
def test_ending_a_daybreak_with_no_hero_and_the_coin_for_one_asks_first_and_can_open_the_city():
    from game.ui.city.scene import CityScene
    scene = meadow_board_scene(starting_hero=False)
    seat, state = scene.actor, scene.state
    assert state.phase == "daybreak" and not state.heroes_of(seat)
    click(scene, scene.end_button.rect.center)
    assert state.phase == "daybreak" and scene.actor == seat, "ended without a word: a turn with nothing to move"
    question = scene.app.scene
    assert question.title == "End the Daybreak with no hero?" and "R-SET-5" in question.message
    click(question, question.back.rect.center)                    # "Recruit a hero"
    assert isinstance(scene.app.scene, CityScene)
    scene.app.scene.close()
    assert scene.app.scene is scene
    click(scene, scene.end_button.rect.center)
    question = scene.app.scene
    question.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
    assert scene.app.scene is scene and scene.actor == seat and state.phase == "daybreak", "Esc goes back"
    click(scene, scene.end_button.rect.center)
    click(scene.app.scene, scene.app.scene.ok.rect.center)        # "End Daybreak": the player's choice stands
    assert scene.actor != seat or state.phase != "daybreak"


@pytest.mark.rule("R-SET-5")
def test_the_daybreak_panel_asks_too_and_space_answers_end_daybreak():
    from game.ui.board.daybreak_panel import DaybreakPanel
    scene = meadow_board_scene(starting_hero=False)
    seat, state = scene.actor, scene.state
    panel = DaybreakPanel(scene.session)
    scene.app.push(panel)
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    panel.update(1.0)
    panel.handle_event(space)
    question = scene.app.scene
    assert question is not panel and question.title == "End the Daybreak with no hero?"
    assert state.phase == "daybreak" and scene.actor == seat
    question.handle_event(space)
    assert scene.actor != seat or state.phase != "daybreak"


@pytest.mark.rule("R-SET-5")
def test_the_board_and_the_daybreak_panel_ask_the_no_hero_question_alike():
    """Played: End Daybreak with no hero asked in a parchment dialog on the board and in another kind of
    dialog, its buttons elsewhere, from the Daybreak panel. One question, one look, wherever it is asked."""
    from game.ui.board.daybreak_panel import DaybreakPanel

    def asked(from_panel: bool):
        scene = meadow_board_scene(starting_hero=False)
        if from_panel:
            panel = DaybreakPanel(scene.session)
            scene.app.push(panel)
            click(panel, panel.end_button.rect.center)
        else:
            click(scene, scene.end_button.rect.center)
        question = scene.app.scene
        assert scene.dialog is None, "the board's own dialog asked as well"
        rects = tuple((b.rect.topleft, b.rect.size) for b in (question.ok, question.back))
        return type(question).__qualname__, question.title, question.message, question.ok.label, question.back.label, rects

    board, panel = asked(False), asked(True)
    assert board == panel
    assert board[3:5] == ("End Daybreak", "Recruit a hero")


def test_the_board_and_the_daybreak_panel_name_the_end_of_daybreak_alike():
    """Played: the board's button said "End daybreak", the panel's "End Daybreak"."""
    from game.ui.board.daybreak_panel import DaybreakPanel
    scene = meadow_board_scene()
    assert scene.state.phase == "daybreak"
    assert scene.end_button.label == DaybreakPanel(scene.session).end_button.label == "End Daybreak"


def test_the_daybreak_help_names_the_keys_that_end_it_as_the_panel_does():
    from game.ui.kit.help_overlay import SCREEN_HELP
    keys = " ".join(keys for keys, _ in SCREEN_HELP["DaybreakPanel"][1])
    assert "Space" in keys and "Enter" in keys, keys          # the panel's End Daybreak tip says (Space)


def test_a_space_pressed_as_the_daybreak_panel_opens_is_not_taken_as_ending_it():
    """Space ended the turn; pressed again while the computer's empty turn went by at once, it ended the
    next Daybreak before the player saw it."""
    import pygame
    from game.ui.board.daybreak_panel import KEY_GRACE, DaybreakPanel
    scene = meadow_board_scene()
    seat, state = scene.actor, scene.state
    panel = DaybreakPanel(scene.session)
    scene.app.push(panel)
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    panel.update(KEY_GRACE / 2)
    panel.handle_event(space)
    assert state.phase == "daybreak" and scene.actor == seat and scene.app.scene is panel
    panel.update(KEY_GRACE)
    panel.handle_event(space)
    assert scene.actor != seat or state.phase != "daybreak"


@pytest.mark.rule("R-CITY-5", "R-HERO-2")
def test_every_line_of_a_battle_result_stays_inside_its_box_and_clear_of_the_spoils():
    """Played: "City lost: Brunhild's capital" under "Units lost: 3 of 3", "of which 2 deserted" and
    "Hero: lost" was drawn below the defender's box."""
    from test_ui_battle import click as app_click, monster_battle, open_scene
    from uikit import play_to_the_result
    state, hero, events = monster_battle()
    app, scene, _ = open_scene(state, events)
    app_click(app, scene.auto_button.rect.center)
    play_to_the_result(scene, app)
    assert scene.result is not None
    four = ["Units lost: 3 of 3", "   of which 2 deserted", "Hero: lost", "City lost: Brunhild's capital"]
    scene.side_result_lines = lambda i, res: four if i == 1 else ["Hero: lives on"]
    scene.draw(app.screen)
    (box0, lines0), (box1, lines1) = scene.result_rects
    assert len(lines1) == 4 and all(box1.contains(r) for r in lines1), (box1, lines1)
    assert box0.h == box1.h and all(box0.contains(r) for r in lines0)
    assert scene.continue_button.rect.top > box1.bottom


@pytest.mark.rule("R-MINE-2", "R-BAT-7")
def test_a_mines_guardians_are_named_guardians_on_their_cards_and_in_the_battle_log():
    """Played: the cards of a Mine's guardians read "Monsters" and the log "attacks Guardians' Monsters"."""
    from enginekit import script
    from game.engine import apply
    from game.engine.dice import Rng
    from test_ui_battle import click as app_click, open_scene
    from test_ui_odds_agree import arrange
    from uikit import play_to_the_result
    state, hero = arrange(mine=True, army=2)
    script(state, ("1dP", 90), ("1d6", 4))                       # guardians defend it: four of them
    events = apply(state, A.Move(hero.owner, hero.id, ((4, 5),)))
    state.rng = Rng(3)
    assert state.battle is not None and state.battle.kind == "guardians"
    app, scene, _ = open_scene(state, events)
    assert {s.name for s in scene.view.sides[1].squads} == {"Guardians"}
    app_click(app, scene.auto_button.rect.center)
    play_to_the_result(scene, app)
    rounds = [line for line in scene.log if line.startswith("Round")]
    assert rounds and not any("Monsters" in line for line in rounds), rounds


def test_a_refusal_toast_is_drawn_over_the_tile_tooltip_where_they_meet():
    """Played: a refused Daybreak token's reason (R-DAY-5) was half hidden under the tooltip of the tile
    just clicked: the answer to the click comes first."""
    import pygame
    scene = meadow_board_scene()
    to_turn(scene)
    calls = []
    tooltip, toast = scene.view.draw_tooltip, scene.toast.draw
    scene.view.draw_tooltip = lambda surface: calls.append(("tip", tooltip(surface))) or calls[-1][1]
    scene.toast.draw = lambda surface: (toast(surface), calls.append(("toast", scene.toast.rect.copy())))
    scene.toast.show("Place the token on a free tile (nothing on it) (R-DAY-5).")
    scene.draw(scene.app.screen)
    met = False
    for cell in scene.state.board.topology.cells():
        x, y = scene.view.cell_center(cell)
        if not scene.view.rect.collidepoint(x, y) or y < scene.toast.rect.top - 200:
            continue
        scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0)))
        calls.clear()
        scene.draw(scene.app.screen)
        tips = [rect for kind, rect in calls if kind == "tip" and rect is not None]
        if tips and tips[-1].colliderect(scene.toast.rect):
            met = True
            assert calls[-1][0] == "toast", calls
            break
    assert met, "no tile's tooltip met the toast"


@pytest.mark.rule("R-MOV-2")
def test_clicking_a_far_mountain_says_it_is_impassable_not_that_something_is_in_the_way():
    scene = meadow_board_scene()
    hero, _ = hero_beside_the_rivals_capital(scene)
    board = scene.state.board
    far = next(c for c in board.topology.cells() if not board.passable(c)
               and abs(c[0] - hero.cell[0]) + abs(c[1] - hero.cell[1]) > 2)
    click_cell(scene, far)
    assert scene.toast.message.startswith("Nobody can enter that tile: it is impassable"), scene.toast.message


@pytest.mark.rule("R-BLD-2", "R-DAY-4")
def test_the_rulebook_says_founding_is_the_new_citys_building_of_the_day_as_its_city_screen_shows():
    """Played: a City just founded said "this City has built today"; the rulebook did not say why."""
    from game.ui.menus import rulebook
    book = rulebook.load()
    si, bi = rulebook.find_rule(book, "R-BLD-2")
    assert "building of that Day" in book[si].blocks[bi].text
