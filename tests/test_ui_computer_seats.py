"""A person at a table of computer players: the board says which seat plays at which level (top bar,
"is thinking", the players' rows, the results), what the computer-speed button does, and Tab goes to
the heroes that can still move."""
import pygame
import pytest

from game.engine.state import Hero
from game.ui.board import hud
from game.ui.kit import widgets
from uikit import meadow_board_scene, play_to_turn_of, to_turn


def texts_drawn(monkeypatch, module, name="text"):
    """Record every string ``module.<name>`` draws (widgets.text or rich_text.render)."""
    drawn = []
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda words, *a, **kw: drawn.append(words) or real(words, *a, **kw))
    return drawn


def tips_drawn(monkeypatch):
    drawn = []
    monkeypatch.setattr(widgets, "draw_tooltip", lambda surface, lines, pos: drawn.append(list(lines))
                        or pygame.Rect(pos, (1, 1)))
    return drawn


def hover(scene, pos):
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(pos), rel=(0, 0), buttons=(0, 0, 0)))


@pytest.mark.rule("R-SET-1")
def test_the_top_bar_and_the_thinking_prompt_name_the_computers_level(monkeypatch):
    scene = meadow_board_scene(("computer", "computer"))
    actor = scene.actor
    scene.state.players[actor].ai = "hard"
    bar = texts_drawn(monkeypatch, hud.widgets)
    hud.draw_top_bar(pygame.Surface(scene.size), scene.state, actor)
    assert "computer · Hard" in bar, "the bar said only 'computer': which of three was playing?"
    from game.ui.board import scene as board_scene
    prompt = texts_drawn(monkeypatch, board_scene, "render")
    scene._draw_prompt(pygame.Surface(scene.size))
    name = scene.state.players[actor].name
    assert any(f"{name} (Hard) is thinking" in line for line in prompt)


def test_a_human_is_to_play_and_a_lab_variant_reads_as_its_base_level():
    scene = meadow_board_scene(("human", "computer"))
    human, computer = scene.state.players[1], scene.state.players[2]
    assert hud.level_name(human) == ""
    for ai, name in (("easy", "Easy"), ("standard", "Standard"), ("hard", "Hard"), ("standard:bold", "Standard (bold)")):
        computer.ai = ai
        assert hud.level_name(computer) == name


@pytest.mark.rule("R-SET-1")
def test_hovering_a_players_row_tells_human_or_computer_and_its_level(monkeypatch):
    scene = meadow_board_scene(("human", "computer"))
    play_to_turn_of(scene.session, 1)
    scene._absorb(scene.session.take_events(), animate=False)
    scene.state.players[2].ai = "easy"
    scene.refresh()
    scene._rebuild_side_panel()
    tips = tips_drawn(monkeypatch)
    rows = [r["seat"] for r in hud.player_rows(scene.state)]
    tip = scene.player_tips[rows.index(2)]
    assert tip.rect.right <= scene.ally_button_x.get(2, tip.rect.right), "the Ally? button keeps its own tip"
    hover(scene, tip.rect.center)
    scene.draw(pygame.Surface(scene.size))
    assert tips and tips[-1][0] == "Bob: computer player, Easy"
    assert any("clear mistakes" in line for line in tips[-1]), "what the level means, as on the title screen"
    hover(scene, scene.player_tips[rows.index(1)].rect.center)
    scene.draw(pygame.Surface(scene.size))
    assert tips[-1][0] == "Ann: human player"


def test_the_computer_speed_button_says_what_a_click_does(monkeypatch):
    scene = meadow_board_scene(("human", "computer"))
    scene.session.speed = "normal"
    scene._rebuild_side_panel()
    tips = tips_drawn(monkeypatch)
    hover(scene, scene.speed_button.rect.center)
    scene.draw(pygame.Surface(scene.size))
    assert tips and "normal now" in tips[-1][0] and tips[-1][1].startswith("Click for fast")


def test_the_results_name_each_computers_level(monkeypatch):
    from game.ui.menus import game_over
    scene = meadow_board_scene(("human", "computer"))
    scene.state.players[2].ai = "hard"
    over = game_over.GameOverScene(scene.session)
    scene.app.push(over)
    drawn = texts_drawn(monkeypatch, game_over.widgets)
    over.draw(pygame.Surface(scene.size))
    assert "Bob · Hard" in drawn and "Ann" in drawn


def test_tab_goes_to_the_next_hero_that_can_still_move():
    """Four heroes, two of them spent: Tab skipped none, and the camera went to each spent one in turn."""
    scene = meadow_board_scene()
    to_turn(scene)
    state = scene.state
    first = state.heroes_of(scene.actor)[0]
    heroes = [first]
    for name, moves in (("Spent", 0), ("Rolled", 5), ("Tired", 0)):
        hid = state.new_id()
        state.heroes[hid] = Hero(hid, first.owner, first.cell, name=name, moves_left=moves)
        heroes.append(state.heroes[hid])
    scene.refresh()
    scene.select_hero(first.id)
    tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)
    scene.handle_event(tab)
    assert state.heroes[scene.selected].name == "Rolled"
    scene.handle_event(tab)
    assert scene.selected == first.id, "the spent heroes are passed over while one still has to roll"
    first.moves_left = 0
    heroes[2].moves_left = 0
    scene.handle_event(tab)
    assert state.heroes[scene.selected].name == "Spent", "all spent: Tab goes round them all"


@pytest.mark.rule("R-ALLY-1")
def test_a_game_continued_in_a_computers_turn_marks_no_rivals_alliance_as_yours(monkeypatch):
    """Continue in a computer's turn: the players' rows read "ally" from that computer's side, so its ally
    was marked as the person's ally until the person's turn came."""
    from game.maps import DEFAULT_MAP, load_map
    from game.ui.app import App
    from game.ui.board.scene import GameScene
    from game.ui.menus.options import NewGameOptions, Seat
    from game.ui.session import GameSession
    path = DEFAULT_MAP.with_name("three_fords.tmx")
    seats = [Seat("Ann", 1, "computer"), Seat("Bob", 2, "computer"), Seat("Cy", 3, "computer")]
    session = GameSession.start(NewGameOptions(str(path), seats=seats, seed=11), load_map(path))
    actor = session.actor()
    human = next(s for s in session.state.players if s != actor)
    ally = next(s for s in session.state.players if s not in (actor, human))
    session.state.players[human].kind = "human"
    session.state.alliances.add(frozenset((actor, ally)))
    app = App(headless=True)
    scene = GameScene(session)
    app.push(scene)
    assert scene.last_human is None and session.is_computer(scene.actor)
    drawn = texts_drawn(monkeypatch, hud, "render")
    scene._draw_side(pygame.Surface(scene.size))
    assert not any("ally" in line for line in drawn), f"a rival's alliance marked as the person's: {drawn}"
    scene._rebuild_side_panel()
    rows = [r["seat"] for r in hud.player_rows(session.state)]
    assert not any("Allied" in line for line in scene.player_tips[rows.index(ally)].tooltip.split("\n"))
    session.state.alliances.add(frozenset((human, ally)))
    drawn.clear()
    scene._draw_side(pygame.Surface(scene.size))
    assert any(line.endswith("ally") for line in drawn), "the person's own ally is marked"
