"""Enter in the save dialog's name field saves under the name shown, typed as a real keyboard sends it
(KEYDOWN + TEXTINPUT), and closes the dialog (issue 11: Enter commits what is shown)."""
import pygame

from game.ui.menus.saves import SaveDialog, list_saves
from test_ui_save import game  # noqa: F401  (the fixture: a hotseat game whose saves go to tmp_path)
from uikit import click, type_keys


def test_enter_in_the_name_field_saves_under_the_name_shown(game):
    dialog = SaveDialog(game.session)
    game.app.push(dialog)
    dialog.draw(game.app.screen)
    click(dialog, dialog.name_field.rect.center)
    dialog.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="",
                                           scancode=0))
    type_keys(dialog, "nc hotseat d1")
    assert dialog.name_field.value == "nc hotseat d1"
    dialog.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert dialog.saved is not None and dialog.saved.name == "nc_hotseat_d1.json"
    assert [info.name for info in list_saves() if not info.autosave] == ["nc hotseat d1"]
    assert game.app.scene is game


def test_a_long_save_list_says_how_many_more_and_the_keys_reach_them(game):
    from game.ui.menus.saves import LoadDialog, save_to
    for i in range(14):
        save_to(game.session.state, f"game {i:02d}")
    dialog = LoadDialog(game=game)
    game.app.push(dialog)
    words = []
    import game.ui.menus.saves as saves_module
    real = saves_module.render
    saves_module.render = lambda s, *a, **k: (words.append(s), real(s, *a, **k))[1]
    try:
        dialog.draw(game.app.screen)
    finally:
        saves_module.render = real
    shown = dialog.list.visible_rows()
    hidden = len(dialog.list.saves) - len(shown)
    assert hidden > 0 and f"▼ {hidden} more · wheel" in words
    assert all(dialog.list.rect.contains(r) for _, r in shown)
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
    for _ in range(len(dialog.list.saves) + 2):
        dialog.handle_event(down)
    assert dialog.list.selected == len(dialog.list.saves) - 1
    assert dialog.list.selected in [i for i, _ in dialog.list.visible_rows()]


def test_the_save_dialog_opens_ready_to_type_a_name_over_the_suggested_one(game):
    """Played by keyboard in a real window: typing right after "Save game" went nowhere until the field
    was clicked. The field now has the focus, the suggested name selected: typing replaces it."""
    dialog = SaveDialog(game.session)
    game.app.push(dialog)
    dialog.draw(game.app.screen)
    assert dialog.name_field.focused and dialog.name_field.value
    type_keys(dialog, "Ann's plan")
    assert dialog.name_field.value == "Ann's plan"
    dialog.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert dialog.saved is not None and [i.name for i in list_saves() if not i.autosave] == ["Ann's plan"]
