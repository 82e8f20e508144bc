"""The screens around the game as a new player meets them (played under a virtual X server with real
key events): what the title's fields show while typing, what the Load list says of a save that did not
load, and maps put in the player's folder while the game runs. Keys are posted as a real keyboard sends
them (KEYDOWN, plus TEXTINPUT for a printable character); clicks land on the widgets' rects."""
import pygame
import pytest

from game.board import Board, MapToken
from game.ui.app import App
from game.ui.menus.map_catalog import MapEntry
from game.ui.menus.title import TitleScene
from uikit import click, type_keys

pytestmark = pytest.mark.usefixtures("no_hints")


def key(scene, k, mod=0, unicode=""):
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))


@pytest.fixture
def title(tmp_path):
    app = App(headless=True)
    board = Board.blank(12, 10, tokens=[MapToken("city", (2, 2), owner=1, tier="encampment")], title="Good")
    scene = TitleScene(maps=[MapEntry("maps/good.tmx", "Good", board)], on_start=lambda options: None,
                       saves_dir=tmp_path)
    app.push(scene)
    app.frame(0.016)
    return scene


def field_pixels(surface, rect):
    return [[surface.get_at((x, y))[:3] for x in range(rect.x, rect.right)] for y in range(rect.y, rect.bottom)]


def test_a_long_name_being_typed_keeps_its_end_and_the_cursor_in_view(title):
    """Played: a name of wide letters ran past the box's end while typed; the cursor and the letters just
    typed were out of sight."""
    field = title.seat_rows[0].name
    click(title, field.rect.center)
    key(title, pygame.K_a, pygame.KMOD_CTRL)
    type_keys(title, "W" * 14)
    assert field.focused and field.value == "W" * 14
    frames = []
    for blink in (0.0, 0.9):                  # the cursor is drawn in the first part of each second only
        field._blink = blink
        title.draw(title.app.screen)
        frames.append(field_pixels(title.app.screen, field.rect))
    assert frames[0] != frames[1], "the cursor is drawn inside the box"


def test_a_finished_name_too_long_for_its_box_is_shortened_not_cut(title):
    field = title.seat_rows[0].name
    click(title, field.rect.center)
    key(title, pygame.K_a, pygame.KMOD_CTRL)
    type_keys(title, "W" * 14)
    key(title, pygame.K_RETURN, unicode="\r")
    assert not field.focused and title.seats[0].name == "W" * 14
    title.draw(title.app.screen)
    box = field_pixels(title.app.screen, field.rect)
    background = box[field.rect.h // 2][-7]
    edge = {row[-8] for row in box[4:-4]} | {row[-6] for row in box[4:-4]}
    assert edge == {background}, "no letter runs into the box's right edge"


def test_a_save_that_fails_to_load_is_marked_in_the_list_and_nothing_else_is_lost(tmp_path, monkeypatch):
    """Played: a save edited by hand ('seed' made text) was listed like a good one; Load showed a toast
    ('has the wrong type (str)') and once it faded the list looked as before. Now the toast says what the
    field must be and the row says why, in red, as a truncated file's row does."""
    import json

    from game.maps import DEFAULT_MAP, load_map
    from game.ui.kit import theme
    from game.ui.menus import saves
    from game.ui.menus.options import NewGameOptions, Seat
    from game.ui.session import GameSession
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "computer")], seed=11)
    session = GameSession.start(options, load_map(DEFAULT_MAP))
    good = saves.save_to(session.state, "Good game", tmp_path)
    data = json.loads(good.read_text())
    data["seed"] = "abc"
    broken = tmp_path / "Edited_by_hand.json"
    broken.write_text(json.dumps(data))
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    app = App(headless=True)
    app.push(TitleScene(maps=[MapEntry(str(DEFAULT_MAP), "Meadow", load_map(DEFAULT_MAP))],
                        on_start=lambda options: None, saves_dir=tmp_path))
    click(app.scene, app.scene.load_button.rect.center)
    loader = app.scene
    assert isinstance(loader, saves.LoadDialog)
    row = next(r for i, r in loader.list.visible_rows() if loader.list.saves[i].path == broken)
    assert not loader.list.saves[[s.path for s in loader.list.saves].index(broken)].problem
    click(loader, row.center)
    click(loader, loader.load_button.rect.center)
    assert app.scene is loader and "must be a whole number, not 'abc'" in loader.toast.message
    drawn = []
    real_render = saves.render
    monkeypatch.setattr(saves, "render", lambda words, *a, **k: drawn.append((words, a)) or real_render(words, *a, **k))
    loader.toast.update(60.0)                   # the toast is gone: the list still says it
    good_row = next(r for i, r in loader.list.visible_rows() if loader.list.saves[i].path == good)
    click(loader, good_row.center)              # another row chosen: the damaged one is drawn as such
    loader.draw(app.screen)
    assert [a[1] for words, a in drawn if words.startswith("Damaged: save field 'seed' must be a whole number")] \
        == [theme.DANGER]
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before      # nothing written, nothing lost
    click(loader, loader.load_button.rect.center)
    assert type(app.scene).__name__ == "GameScene"


def test_a_map_put_in_the_maps_folder_while_the_game_runs_is_listed_back_on_the_title(tmp_path, monkeypatch):
    """Played: a .tmx copied into the player's maps folder with the game open was not on the title screen
    after a game (nor after Settings); only a restart listed it."""
    import shutil

    from game.maps import DEFAULT_MAP
    from game.ui.menus.settings_screen import SettingsScene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = App(headless=True)
    title = TitleScene(saves_dir=tmp_path / "saves", on_start=lambda options: None)
    app.push(title)
    app.frame(0.016)
    assert not any(m.own for m in title.maps)
    click(title, title.settings_button.rect.center)
    assert isinstance(app.scene, SettingsScene)
    folder = tmp_path / "fuzzyknights" / "maps"
    folder.mkdir(parents=True)
    source = DEFAULT_MAP.read_text().replace('name="title" value="Meadow Ford"', 'name="title" value="Ann’s Ford"')
    assert "Ann’s Ford" in source
    (folder / "anns_ford.tmx").write_text(source)
    click(app.scene, app.scene.back.rect.center)
    assert app.scene is title
    labels = [b.label for b in title.map_buttons]
    assert labels.count("Ann’s Ford (yours)") == 1
    while not title.map_buttons[-1].visible:            # a long list scrolls with the wheel
        title.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                              pos=title.map_list_rect.center))
        title.mouse = title.map_list_rect.center
    click(title, title.map_buttons[-1].rect.center)
    assert title.selected_map.title == "Ann’s Ford" and title.selected_map.ok
    app.frame(0.016)
    title.layout(title.size)                             # laid out again: listed once
    assert [b.label for b in title.map_buttons].count("Ann’s Ford (yours)") == 1


def test_leaving_fullscreen_gives_back_the_window_as_it_was_and_never_larger_than_the_screen(tmp_path, monkeypatch):
    """Played: Fullscreen on, then off, gave a 1280x720 window whatever it was before: a window the player
    had made smaller came back larger, and on a small screen its foot (Back, Start game) was off the screen."""
    from game import settings
    from game.ui.menus.settings_screen import SettingsScene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    settings.reset_for_tests(settings.Settings(hints=False))
    app = App(size=(1000, 580), headless=True)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 600)])
    asked = []
    real_set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode",
                        lambda size=(0, 0), flags=0, *a, **k: asked.append((tuple(size), flags)) or real_set_mode(
                            (1000, 580) if flags & pygame.FULLSCREEN else size, flags & ~pygame.FULLSCREEN))
    app.push(TitleScene(saves_dir=tmp_path, on_start=lambda options: None))
    click(app.scene, app.scene.settings_button.rect.center)
    screen = app.scene
    assert isinstance(screen, SettingsScene)
    click(screen, screen.fullscreen.rect.midleft)
    assert asked[-1][1] & pygame.FULLSCREEN
    click(screen, screen.fullscreen.rect.midleft)
    assert asked[-1] == ((1000, 580), pygame.RESIZABLE)
    settings.reset_for_tests()


def test_the_load_list_names_the_mode_the_save_is_played_in(tmp_path, monkeypatch):
    """Played: a save whose top-level 'mode' was edited to 'chess' was listed as a Chess game, and loaded as
    the Normal game its rules are."""
    import json

    from game.maps import DEFAULT_MAP, load_map
    from game.ui.menus import saves
    from game.ui.menus.options import NewGameOptions, Seat
    from game.ui.session import GameSession
    options = NewGameOptions(str(DEFAULT_MAP), seats=[Seat("Ann", 1, "human"), Seat("Bob", 2, "computer")], seed=11)
    path = saves.save_to(GameSession.start(options, load_map(DEFAULT_MAP)).state, "Edited", tmp_path)
    data = json.loads(path.read_text())
    data["mode"] = "chess"
    path.write_text(json.dumps(data))
    app = App(headless=True)
    app.push(TitleScene(maps=[MapEntry(str(DEFAULT_MAP), "Meadow", load_map(DEFAULT_MAP))],
                        on_start=lambda options: None, saves_dir=tmp_path))
    drawn = []
    real_render = saves.render
    monkeypatch.setattr(saves, "render", lambda words, *a, **k: drawn.append(words) or real_render(words, *a, **k))
    click(app.scene, app.scene.load_button.rect.center)
    app.frame(0.016)
    summary = next(words for words in drawn if words.startswith("Day 1 · Meadow Ford"))
    assert summary.endswith("· Normal")
    click(app.scene, app.scene.load_button.rect.center)
    assert app.scene.session.state.rules.mode == "normal"


def test_a_name_typed_past_the_fields_limit_says_why_its_end_was_not_taken(title):
    """Played: "Ingrid Halvorsen" became "Ingrid Halvors" without a word: the field takes 14 characters."""
    field = title.seat_rows[0].name
    click(title, field.rect.center)
    key(title, pygame.K_a, mod=pygame.KMOD_CTRL)
    type_keys(title, "Ingrid Halvorsen")
    assert field.value == "Ingrid Halvors"
    assert title.toast.visible and title.toast.message == "At most 14 characters here"
    title.toast.message = ""
    key(title, pygame.K_BACKSPACE)
    type_keys(title, "s")                     # within the limit: nothing to say
    assert field.value == "Ingrid Halvors" and not title.toast.visible


def test_a_letter_typed_into_the_seed_says_the_seed_takes_digits_only(title):
    """Played: "abc12" typed into the seed became "12" without a word."""
    field = title.seed_field
    click(title, field.rect.center)
    key(title, pygame.K_a, mod=pygame.KMOD_CTRL)
    type_keys(title, "abc12")
    assert field.value == "12"
    assert title.toast.visible and title.toast.message == "Only digits here"
    key(title, pygame.K_a, mod=pygame.KMOD_CTRL)
    type_keys(title, "q")                       # the whole text selected: a refused letter leaves it as it was
    assert field.value == "12" and field.all_selected
    type_keys(title, "7")
    assert field.value == "7"
