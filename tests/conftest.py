"""Test setup shared by every test module: headless SDL."""
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Autosaves and the save dialogs write here, never into the tester's home folder.
os.environ["FUZZYKNIGHTS_SAVES"] = tempfile.mkdtemp(prefix="fuzzyknights-saves-")
