"""A new game opens with the Anchor roll shown as dice (R-SET-3) and where the capitals go (R-SET-4)."""
import pygame
import pytest

from game.maps import MAPS_DIR
from game.ui.board.anchor_panel import AnchorPanel, anchor_rounds
from game.ui.app import App
from game.ui.board.scene import GameScene
from game.ui.menus.options import NewGameOptions, Seat
from game.ui.session import GameSession
from uikit import shipped_map

MAP = MAPS_DIR / "riverlands.tmx"


def new_game(seed):
    options = NewGameOptions(str(MAP), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "human"),
                                              Seat("Cy", 3, "computer")], seed=seed)
    return GameSession.start(options, shipped_map(MAP))


@pytest.mark.rule("R-SET-3", "R-SET-4")
def test_a_new_game_shows_the_anchor_roll_then_the_board():
    session = new_game(seed=0)          # Ann and Bob tie on 5 and roll again
    rounds = anchor_rounds(session.setup_events)
    assert len(rounds) == 2 and set(rounds[1]) == {1, 2}
    assert max(rounds[1], key=rounds[1].get) == session.state.turn_order[0]
    app = App(headless=True)
    app.push(GameScene(session))
    app.frame(1 / 60)
    panel = app.scene
    assert isinstance(panel, AnchorPanel)
    app.frame(1 / 60)
    centre = panel.begin.rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
        app.dispatch(pygame.event.Event(kind, pos=centre, button=1))
    assert isinstance(app.scene, GameScene)
    assert not session.state.actions, "telling the setup changes nothing"


@pytest.mark.rule("R-SET-3")
def test_the_anchor_panel_names_the_rulesets_die(monkeypatch):
    """"Every player rolls 1d6" was written in; a rules file may roll another die."""
    import game.ui.board.anchor_panel as anchor_panel
    session = new_game(seed=3)
    session.state.rules["setup"]["anchor_die"] = "1d8"
    drawn = []
    real = anchor_panel.render
    monkeypatch.setattr(anchor_panel, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    app = App(headless=True)
    panel = AnchorPanel(session, session.setup_events)
    app.push(panel)
    app.frame(1 / 60)
    assert any(t.startswith("Every player rolls 1d8; the highest goes first") for t in drawn), drawn


@pytest.mark.rule("R-SET-3")
def test_a_tie_broken_by_a_second_roll_is_labelled(monkeypatch):
    """Played: two dice beside each name read like a 2d6; the columns say roll / re-roll. Two ties in a row
    wrote "tie: again" twice, one caption over the other: each column's caption stays clear of the next."""
    from layoutkit import problems, record, recording
    with recording(monkeypatch):
        for seed, captions in ((0, ["roll", "re-roll"]), (27, ["roll", "re-roll", "re-roll"]), (1, [])):
            session = new_game(seed)
            app = App(headless=True)
            panel = AnchorPanel(session, session.setup_events)
            app.push(panel)
            drawing = record(panel.draw, app.size)
            assert [t for t, _ in drawing.texts if t in ("roll", "re-roll")] == captions
            assert not problems(drawing), problems(drawing)
