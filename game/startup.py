"""The garbage collector waits while the game starts (issue 14: start-up CPU).

Starting the game makes tens of thousands of objects that live as long as the game (modules, classes,
the map, the fonts); the collector would go through them some forty times before the first frame
(9 ms of the board's start-up) and find nothing to free. ``main`` holds collection before it imports
the game; ``release_collection`` starts it again once the first frame is on screen (``App.run``), or
when the game does something else than open its window, and first moves what start-up made out of
the collector's way (``gc.freeze``), so that later full collections, during play, skip it too.
"""
import gc

_held = False


def hold_collection() -> None:
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release_collection() -> None:
    global _held
    if _held:
        _held = False
        gc.freeze()
        gc.enable()
