"""Test setup shared by every test module: headless SDL, private data folders, longest tests first."""
import atexit
import os
import shutil
import sys
import tempfile

import pytest

# Python's bytecode cache is on for the run even where the environment turns it off
# (PYTHONDONTWRITEBYTECODE): each test that starts the game or a tool in a new process, and each
# test worker, would otherwise compile the whole package again (a tenth of the suite's time).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# A save is written whole and flushed to the disk before it replaces the last one (8 ms on the
# development machine's disk); the suite writes some 1,800, so its files go to a RAM disk where
# there is one (tmp_path's folders too: pytest reads PYTEST_DEBUG_TEMPROOT).
_RAM_DISK = "/dev/shm"
_TEMP_ROOT = _RAM_DISK if os.path.isdir(_RAM_DISK) and os.access(_RAM_DISK, os.W_OK) else None
if _TEMP_ROOT:
    os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", _TEMP_ROOT)
# Autosaves and the save dialogs write here, never into the tester's home folder.
os.environ["FUZZYKNIGHTS_SAVES"] = tempfile.mkdtemp(prefix="fuzzyknights-saves-", dir=_TEMP_ROOT)
# Settings, the player's own maps (and the rest of the player data folder) too.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="fuzzyknights-data-", dir=_TEMP_ROOT)
# And the decoded pictures the game caches (game.ui.kit.decoded).
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="fuzzyknights-cache-", dir=_TEMP_ROOT)
for _folder in (os.environ["FUZZYKNIGHTS_SAVES"], os.environ["XDG_DATA_HOME"], os.environ["XDG_CACHE_HOME"]):
    atexit.register(shutil.rmtree, _folder, ignore_errors=True)

# The board works hover odds out off the frame and shows "working it out" when they take longer than
# a few milliseconds; a test waits for every answer, so what it sees does not depend on the machine's
# load (tests/test_ui_background.py checks the waiting itself).
import game.ui.kit.background  # noqa: E402

game.ui.kit.background.WAIT_S = 30.0

# CI runs the same property-test examples every time, so a red run can be reproduced.
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


# The suite runs on every core (pytest-xdist, `-n auto --dist worksteal` in pyproject.toml: an idle
# worker takes tests queued for a busy one, where plain `load` scheduling left one core idle for a
# third of the run). A few whole-game tests take most of the time; started last they would leave one
# core idle at the end, so tests run longest first: by their durations in the last run (pytest's
# cache), else these modules first.
DURATIONS_KEY = "fuzzyknights/durations"
LONG_MODULES = ("test_cli_bad_args", "test_pathfinding_bench_json", "test_rules_keys", "test_ui_watch", "test_ai_hard",
                "test_fuzz", "test_ui_monkey", "test_install", "test_ai", "test_maps_hostile")
_durations: dict[str, float] = {}


def pytest_collection_modifyitems(config, items):
    cache = getattr(config, "cache", None)
    known = cache.get(DURATIONS_KEY, {}) if cache is not None else {}

    def expected_seconds(item) -> float:
        if item.nodeid in known:
            return known[item.nodeid]
        module = item.nodeid.split("::")[0].rsplit("/", 1)[-1].removesuffix(".py")
        return 30.0 - LONG_MODULES.index(module) if module in LONG_MODULES else 0.0
    items.sort(key=lambda item: -expected_seconds(item))


def pytest_runtest_logreport(report):
    if report.when == "call":
        _durations[report.nodeid] = round(report.duration, 3)


def pytest_sessionfinish(session):
    cache = getattr(session.config, "cache", None)
    if cache is None or hasattr(session.config, "workerinput") or not _durations:
        return                      # the workers report to the main process, which keeps the record
    cache.set(DURATIONS_KEY, {**cache.get(DURATIONS_KEY, {}), **_durations})


@pytest.fixture
def no_hints():
    """Screen tests that click where a first-game hint box would sit turn the hints off."""
    from game import settings as game_settings
    game_settings.reset_for_tests(game_settings.Settings(hints=False))
    yield
    game_settings.reset_for_tests()


@pytest.fixture
def own_settings_file(tmp_path, monkeypatch):
    """A test that changes settings (by the settings screen, or a monkey at the mouse) writes them to a
    file of its own, and starts and leaves the running settings unread, the text size at 100%: none
    reach a later test."""
    from game import settings as game_settings
    from game.ui.kit import theme
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    game_settings.reset_for_tests()
    yield tmp_path / "fuzzyknights" / "settings.toml"
    game_settings.reset_for_tests()
    theme.set_ui_scale(1.0)

