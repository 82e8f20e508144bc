"""Test setup shared by every test module: headless SDL."""
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Autosaves and the save dialogs write here, never into the tester's home folder.
os.environ["FUZZYKNIGHTS_SAVES"] = tempfile.mkdtemp(prefix="fuzzyknights-saves-")
# The player's own maps and settings too: the tester's data folder never changes a test.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="fuzzyknights-data-")
# Settings (and the rest of the player data folder) too.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="fuzzyknights-data-")

# CI runs the same property-test examples every time, so a red run can be reproduced.
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
