"""The title screen's map list: shipped maps and the player's own, read from their headers, checked when chosen."""
import pytest

from game import resources, userdata
from game.ui.app import App
from game.ui.menus import map_catalog
from game.ui.menus.map_catalog import catalog, entry_for, read_header
from game.ui.menus.map_error import MapErrorScene
from game.ui.menus.title import TitleScene
from uikit import click


@pytest.fixture
def own_maps(tmp_path, monkeypatch):
    """An empty user data folder whose maps/ can use the shipped tilesets (../assets)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = userdata.user_maps_dir()
    folder.mkdir(parents=True)
    (folder.parent / "assets").symlink_to(resources.assets_dir(), target_is_directory=True)
    return folder


def test_the_header_gives_title_grid_and_players_without_loading():
    header = read_header(resources.shipped_map("highlands"))
    assert (header.title, header.kind, header.width, header.height) == ("The Highlands", "hex", 64, 48)
    assert header.players == (2, 4)


def test_the_catalogue_lists_shipped_maps_without_loading_them(own_maps):
    entries = catalog()
    assert [e.path for e in entries] == [str(p) for p in resources.shipped_maps()]
    assert all(e.ok and e.board is None for e in entries)
    highlands = next(e for e in entries if e.path.endswith("highlands.tmx"))
    assert highlands.size_text == "64×48 hex" and highlands.players == (2, 4)
    assert highlands.load().board is not None and highlands.board.kind == "hex"


def test_the_players_own_maps_follow_the_shipped_ones(own_maps):
    (own_maps / "my_vale.tmx").write_bytes(resources.default_map().read_bytes())
    (own_maps / "notes.txt").write_text("not a map")
    entries = catalog()
    own = [e for e in entries if e.own]
    assert [e.path for e in own] == [str(own_maps / "my_vale.tmx")] and entries[-1] is own[0]
    assert own[0].load().ok


def test_a_broken_own_map_is_listed_and_explained_when_chosen(own_maps, tmp_path):
    (own_maps / "broken.tmx").write_text("<map width='10' height='8' orientation='orthogonal'><oops")
    (own_maps / "garbage.tmx").write_bytes(b"\x00\x01 not xml")
    entries = {e.path.rsplit("/", 1)[-1]: e for e in catalog() if e.own}
    assert not entries["garbage.tmx"].ok and "garbage.tmx" in entries["garbage.tmx"].problems[0]
    broken = entries["broken.tmx"]
    assert broken.ok and broken.board is None           # the header reads; the map is checked when chosen
    assert not broken.load().ok and broken.problems


def test_the_title_screen_offers_own_maps_and_checks_a_map_when_chosen(own_maps, monkeypatch):
    (own_maps / "my_vale.tmx").write_bytes(resources.default_map().read_bytes())
    (own_maps / "broken.tmx").write_text("<map width='10' height='8' orientation='orthogonal'></map>")
    loaded = []
    real_load = map_catalog.MapEntry.load
    monkeypatch.setattr(map_catalog.MapEntry, "load", lambda self: loaded.append(self.path) or real_load(self))
    app = App(headless=True)
    started = []
    title = TitleScene(on_start=started.append, saves_dir=own_maps.parent / "saves")
    app.push(title)
    app.frame(1 / 60)
    assert loaded == []                              # the first frame reads headers only
    app.frame(1 / 60)
    assert set(loaded) == {str(resources.default_map())}      # then the map shown, for its picture
    assert title.selected_map.board is not None
    assert [b.label for b in title.map_buttons][-2:] == ["Broken (yours)", "Meadow Ford (yours)"]
    broken = next(i for i, m in enumerate(title.maps) if m.path.endswith("broken.tmx"))
    click(title, title.map_buttons[broken].rect.center)
    app.frame(1 / 60)
    click(title, title.start_button.rect.center)
    assert started == [] and isinstance(app.scene, MapErrorScene)


def test_an_unreadable_file_becomes_the_entrys_problem(tmp_path):
    missing = entry_for(tmp_path / "gone.tmx")
    assert not missing.ok and "gone.tmx" in missing.problems[0] and missing.size_text == "unreadable"


def test_opening_the_title_screen_writes_nothing(tmp_path, monkeypatch):
    """README: the game writes to the player data folder only once a game starts or a setting changes."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("FUZZYKNIGHTS_SAVES", raising=False)
    app = App(headless=True)
    app.push(TitleScene())
    for _ in range(3):
        app.frame(1 / 60)
    assert list(tmp_path.iterdir()) == []


def test_copies_of_one_map_in_the_players_folder_are_told_apart_by_their_files(own_maps):
    """A designer keeps copies while making a map: four buttons read "Hearth Ford (yours)" alike."""
    for name in ("hearth.tmx", "hearth_v2.tmx"):
        (own_maps / name).write_bytes(resources.default_map().read_bytes())
    app = App(headless=True)
    title = TitleScene(on_start=lambda options: None, saves_dir=own_maps.parent / "saves")
    app.push(title)
    app.frame(1 / 60)
    labels = [b.label for b in title.map_buttons]
    assert labels[-2:] == ["Meadow Ford · hearth (yours)", "Meadow Ford · hearth_v2 (yours)"]
    assert "Meadow Ford" in labels                      # the shipped map keeps its plain title
    (own_maps / "hearth_v3.tmx").write_bytes(resources.default_map().read_bytes())
    title.layout(title.size)                            # a copy saved while the title is open joins the list
    assert [b.label for b in title.map_buttons][-1] == "Meadow Ford · hearth_v3 (yours)"


def broken_copy(folder, name="hearth.tmx"):
    """The default map with one token whose kind is misspelt: the designer's map, not yet right."""
    text = resources.default_map().read_text()
    broken = text.replace('propertytype="kind" value="mine"/>', 'propertytype="kind" value="mien"/>', 1)
    assert broken != text
    (folder / name).write_text(broken)
    return folder / name, text


def test_a_map_fixed_on_disk_is_read_again_and_f5_on_its_problems_starts_it(own_maps):
    """A designer chose a broken map, read its problems, fixed it in Tiled: the title screen kept the old
    problems until the game was started again."""
    import pygame
    path, good = broken_copy(own_maps)
    app = App(headless=True)
    started = []
    title = TitleScene(on_start=started.append, saves_dir=own_maps.parent / "saves")
    app.push(title)
    app.frame(1 / 60)
    mine = next(i for i, m in enumerate(title.maps) if m.path == str(path))
    click(title, title.map_buttons[mine].rect.center)
    click(title, title.start_button.rect.center)
    assert isinstance(app.scene, MapErrorScene) and started == []
    errors = app.scene
    assert errors.map_name == f"Meadow Ford ({path})"
    assert errors.lines() and all(not line.startswith(str(path)) for line in errors.lines())   # named once, above
    assert any("unknown kind 'mien'" in line and "did you mean 'mine'?" in line for line in errors.lines())
    assert "press F5" in errors.hint()
    app.frame(1 / 60)
    assert errors.back.label == "Back"                      # to the title screen underneath
    path.write_text(good)                                   # fixed and saved in Tiled
    import os
    os.utime(path, ns=(os.stat(path).st_atime_ns, os.stat(path).st_mtime_ns + 10**9))
    errors.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0, unicode=""))
    assert len(started) == 1 and title.maps[mine].ok


def test_a_broken_map_in_the_list_shows_its_mark_and_its_size(own_maps):
    import pygame
    from game.ui.kit import theme
    path, _ = broken_copy(own_maps)
    app = App(headless=True)
    title = TitleScene(on_start=lambda options: None, saves_dir=own_maps.parent / "saves")
    app.push(title)
    app.frame(1 / 60)
    mine = next(i for i, m in enumerate(title.maps) if m.path == str(path))
    click(title, title.map_buttons[mine].rect.center)
    assert not title.maps[mine].ok and title.maps[mine].size_text == "20×16 square"   # not "unreadable"
    surface = pygame.Surface(title.size)
    title.draw(surface)
    button = title.map_buttons[mine]
    assert button.marked and not title.map_buttons[0].marked
    right_end = [surface.get_at((x, button.rect.centery))[:3] for x in range(button.rect.right - 40, button.rect.right)]
    assert theme.DANGER[:3] in right_end           # the mark is drawn with the button, not under it
