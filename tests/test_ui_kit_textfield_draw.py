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
