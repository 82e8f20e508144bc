"""The event log's history and "since your last turn" (issue 11 item 14, issue 12 Turn summary)."""
import pygame
import pytest

from game.engine.state import Event
from game.narration import turn_summary
from game.ui.board.event_log import SHOWN, EventLog, LogScene
from game.ui.board.scene import GameScene
from uikit import click, meadow_board_scene, to_turn


def board_scene(kinds=("human", "human"), seed=11):
    return meadow_board_scene(kinds, seed)


def wheel(scene, y, pos):
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                          precise_y=float(y)))


def filled(scene, n=40):
    scene.event_log.add([], [f"line {i}" for i in range(n)])
    return scene


def test_the_wheel_over_the_log_scrolls_its_history_not_the_map():
    scene = filled(board_scene())
    zoom = scene.view.zoom
    newest = scene.event_log.visible()[-1]
    wheel(scene, 3, scene.log_rect.center)
    assert scene.view.zoom == zoom, "the map did not zoom"
    assert scene.event_log.scroll == 3 and scene.event_log.visible()[-1] != newest
    wheel(scene, -10, scene.log_rect.center)
    assert scene.event_log.scroll == 0 and scene.event_log.visible()[-1] == newest
    wheel(scene, 1, scene.view.rect.center)                   # over the map the wheel still zooms
    assert scene.view.zoom != zoom


def test_the_history_keeps_far_more_than_the_box_shows():
    log = EventLog()
    log.add([], [f"line {i}" for i in range(500)])
    assert len(log.lines) == 500 and len(log.visible()) == SHOWN
    log.scroll_by(10_000)
    assert log.visible()[0] == "line 0"
    log.add([], ["new"])                                      # reading old lines: the page stays put
    assert log.visible()[0] == "line 0"


def test_l_or_a_click_on_the_log_opens_the_whole_history():
    scene = filled(board_scene())
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
    top = scene.app.scene
    assert isinstance(top, LogScene)
    top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode="", scancode=0))
    assert top.offset > 0
    scene.app.frame(1 / 60)
    top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert scene.app.scene is scene
    click(scene, scene.log_rect.center)
    assert isinstance(scene.app.scene, LogScene)



def test_the_hotseat_cover_lists_what_the_other_player_did(monkeypatch):
    scene = board_scene()
    to_turn(scene)
    first = scene.actor
    other = next(s for s in scene.state.players if s != first)
    scene.event_log.add([Event("city_founded", {"player": first, "city": 1, "cell": [0, 0], "mayor": 1})], [])
    scene.end_turn(confirmed=True)
    assert scene.handoff_to == other
    news = scene.event_log.summary_for(scene.state, other)
    assert any("founded a City" in line for line in news)
    drawn = []
    monkeypatch.setattr(GameScene, "_draw_summary", staticmethod(lambda s, box, lines: drawn.append(lines)))
    scene.app.frame(1 / 60)
    assert drawn and drawn[-1] == news
    click(scene, scene.handoff_button.rect.center)
    assert scene.event_log.summary_for(scene.state, other) == [], "seen once, then gone"


def _play_until_the_summary(scene, at_daybreak: bool = False) -> None:
    """The human ends every turn and closes every dialog until "Since your last turn" opens."""
    for _ in range(800):
        if scene.dialog is not None and scene.dialog.key == "ui:summary" and \
                (not at_daybreak or scene.state.phase == "daybreak"):
            return
        if scene.human_to_act():
            if scene.dialog is not None:
                click(scene, scene.dialog.buttons[0].rect.center)
            elif scene.app.scene is not scene:
                scene.app.pop()
            else:
                scene.end_turn(confirmed=True)
        scene.update(0.5)


def test_a_human_turn_after_the_computer_opens_the_summary():
    scene = board_scene(kinds=("human", "computer"), seed=5)
    _play_until_the_summary(scene)
    dialog = scene.dialog
    assert dialog is not None and dialog.key == "ui:summary" and dialog.lines
    click(scene, dialog.buttons[0].rect.center)
    assert scene.dialog is None or scene.dialog.key != "ui:summary"


def ev(event_kind, **data):
    return Event(event_kind, data)


class FakeState:
    players = {}
    cities = {}
    board = type("Board", (), {"width": 9, "height": 9})()


def test_turn_summary_puts_your_losses_first_and_skips_your_own_doings():
    from game.engine.state import Player
    state = FakeState()
    state.players = {1: Player(1, "Ann"), 2: Player(2, "Bob")}
    events = [ev("token_placed", kind="monster", cell=[1, 1], player=2),
              ev("battle_over", winner=0, kind="monsters", retreated=False, attacker=2, defender=0),
              ev("city_conquered", city=9, player=2, previous=1),
              ev("city_founded", city=3, player=1, cell=[0, 0], mayor=4),
              ev("mine_captured", mine=5, player=2, previous=0, resource="coin"),
              ev("hero_died", hero=7, player=2, cell=[1, 1], cause="battle")]
    lines = turn_summary(state, events, 1)
    assert lines[0].startswith("🏰 Bob took your City")
    assert any("Bob beat monsters" in l for l in lines)
    assert "🧟 A Monster token was placed in the north-west" in lines        # where, as the log says it
    assert any("Bob captured a coin mine" in l for l in lines)
    assert any("Bob lost a hero (in battle)" in l for l in lines)
    assert not any("founded" in l for l in lines)


@pytest.mark.rule("R-CITY-3")
def test_turn_summary_names_the_city_a_rival_besieges():
    """'Bela besieges a City' left Ana guessing which, on a board with six Cities."""
    from game.engine.state import City, Player
    state = FakeState()
    state.players = {1: Player(1, "Ana"), 2: Player(2, "Bela"), 3: Player(3, "Corwin")}
    state.cities = {9: City(9, (4, 4), 3, "encampment", name="Corwin's capital")}
    lines = turn_summary(state, [ev("siege", hero=7, city=9, player=2, owner=3)], 1)
    assert lines == ["🛡 Bela besieges Corwin's capital"]

def test_the_news_comes_before_the_daybreak_panel():
    """Played: the computer's doings showed only after the player had closed the Daybreak panel, over the
    board, while the Daybreak token waited to be placed."""
    from game.ui.board.daybreak_panel import DaybreakPanel
    scene = board_scene(kinds=("human", "computer"), seed=5)
    _play_until_the_summary(scene, at_daybreak=True)
    assert scene.dialog is not None and scene.dialog.key == "ui:summary" and scene.state.phase == "daybreak"
    scene.update(0.1)
    assert scene.app.scene is scene, "the Daybreak panel waits for the news to be read"
    click(scene, scene.dialog.buttons[0].rect.center)
    scene.update(0.1)
    assert isinstance(scene.app.scene, DaybreakPanel)


def test_a_log_line_too_long_for_the_board_ends_at_a_word_with_an_ellipsis(monkeypatch):
    """'… an alliance is no victory, so all alliances' stopped mid-sentence at the log's edge."""
    import game.ui.board.hud as hud
    from game.ui.kit import theme
    from game.ui.kit.rich_text import width
    drawn, real = [], hud.render
    monkeypatch.setattr(hud, "render", lambda s, size, *a, **k: drawn.append((s, size)) or real(s, size, *a, **k))
    rect = pygame.Rect(0, 0, 540, 140)
    line = "🤝 Every player left is allied now: an alliance is no victory, so all alliances end at the next Daybreak"
    hud.draw_log(pygame.Surface((600, 200)), ["short", line], rect)
    (words, size), = [(s, size) for s, size in drawn if s.startswith("🤝")]
    assert words.endswith(" …") and line.startswith(words[:-2])
    assert width(words, size) <= rect.w - theme.px(20)
    assert ("short", size) in drawn


@pytest.mark.rule("R-ALLY-1")
def test_after_a_load_a_defence_in_a_rivals_turn_does_not_hide_that_turns_news():
    """Bela ended the alliance, then attacked Ana's City; Ana arranged her defence on the battle screen.
    After a load, "since your last turn" counted that defence as Ana's last act and lost the news."""
    from game.engine.state import Player
    state = FakeState()
    state.players = {1: Player(1, "Ana"), 2: Player(2, "Bela")}
    log = EventLog()
    log.add([ev("turn_started", player=1, day=12), ev("hero_moved", player=1, hero=4, cost=1, moves_left=0, cell=[1, 1]),
             ev("turn_started", player=2, day=12), ev("alliance_ended", player=2, ally=1),
             ev("squads_arranged", player=1, mode="representative", squads=[]),
             ev("city_conquered", city=9, player=2, previous=1)], [])
    log.mark_last_acts([1])
    lines = log.summary_for(state, 1)
    assert "🤝 Bela ended our alliance" in lines, lines
