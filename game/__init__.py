"""Fuzzy Knights: a digital edition of a fantasy dice board game."""

import os

# pygame's greeting would land in our tools' JSON output.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
