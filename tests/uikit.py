"""Synthetic mouse input for the screen tests."""
import pygame


def click(scene, pos, button=1):
    """Move to ``pos`` and click there, as a player would."""
    pos = tuple(round(v) for v in pos)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
