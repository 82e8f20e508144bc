"""A text field is drawn with what it holds (the title's name and seed fields once vanished)."""
import pygame

from game.ui.kit.widgets import TextField, Widget


def test_a_text_field_draws_its_box_and_value():
    pygame.init()
    surface = pygame.Surface((200, 40))
    surface.fill((0, 0, 0))
    field = TextField("Ann", lambda value: None, rect=(0, 0, 200, 40))
    assert type(field).draw is not Widget.draw and type(field).update is not Widget.update
    field.draw(surface)
    box = surface.get_at((100, 3))[:3]
    assert box != (0, 0, 0)                                # the field's box
    inked = {surface.get_at((x, 20))[:3] for x in range(8, 60)}
    assert len(inked) > 2                                  # and the letters of its value


def test_a_field_being_typed_into_shows_no_tip_over_what_the_typing_shows(monkeypatch):
    """Played: searching the rulebook, the search box's tip sat over the first matches while typing."""
    from game.ui.app import App
    from game.ui.kit import widgets
    from game.ui.kit.scene import Scene
    app = App(headless=True)
    scene = Scene()
    field = TextField("", lambda value: None, rect=(10, 10, 200, 40), tooltip="Search the rules")
    scene.widgets = [field]
    app.push(scene)
    scene.mouse = (50, 30)
    tips = []
    monkeypatch.setattr(widgets, "draw_tooltip", lambda surface, lines, pos: tips.append(lines))
    scene.draw_widget_tooltip(app.screen)
    assert tips == [["Search the rules"]]
    field.focused = True
    scene.draw_widget_tooltip(app.screen)
    assert tips == [["Search the rules"]], "no tip while typing"
