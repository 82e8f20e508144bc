"""Where the game keeps a player's files: one data folder per user.

``data_dir()`` is ``$XDG_DATA_HOME/fuzzyknights`` (``~/.local/share/fuzzyknights``
when unset). Inside it: ``saves/`` (``$FUZZYKNIGHTS_SAVES`` moves it), ``maps/``
for the player's own maps, ``settings.toml`` and ``new_game.json`` (the last new
game's setup). Nothing is created until it is first written.

``cache_dir()`` is ``$XDG_CACHE_HOME/fuzzyknights`` (``~/.cache/fuzzyknights``):
files the game can make again at any time (decoded pictures, ``game.ui.kit.decoded``).
"""
from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "fuzzyknights"


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "fuzzyknights"


def saves_dir() -> Path:
    env = os.environ.get("FUZZYKNIGHTS_SAVES")
    return Path(env) if env else data_dir() / "saves"


def user_maps_dir() -> Path:
    return data_dir() / "maps"


def settings_path() -> Path:
    return data_dir() / "settings.toml"


def set_aside(path: Path) -> Path | None:
    """Rename a broken file of the player's out of the game's way, keeping it whole for the player to mend:
    ``NAME.broken``, else ``NAME.broken2``, ... (an earlier broken copy is never written over). The new path,
    or None when it could not be moved (then the game must leave it alone, and not write over it)."""
    for number in range(1, 100):
        aside = path.with_name(f"{path.name}.broken{'' if number == 1 else number}")
        if aside.exists() or aside.is_symlink():
            continue
        try:
            path.replace(aside)
        except OSError:
            return None
        return aside
    return None
