"""Nothing a player did is lost: each game's autosaves, written as the game goes.

Every game has its own id (random, never from the game's dice). After every
completed action the game's latest state goes to ``autosave-<game>.json`` in
the saves folder (a computer's run of actions is written when it hands over to
a human, or every few seconds); each Daybreak also keeps
``autosave-<game>-dayNNN.json``. Continue resumes the newest save, so it
resumes the exact last state. A save that fails (full disk, read-only folder)
is reported once; ``flush`` tells the quit paths whether the game is safe.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

from game.userdata import saves_dir

DAYBREAKS_KEPT = 5
COMPUTER_SAVE_SECONDS = 3.0     # a computer's actions are saved at least this often


def new_game_id() -> str:
    return os.urandom(6).hex()     # secrets.token_hex(6) without importing secrets (and hashlib, OpenSSL)


class Autosaver:
    def __init__(self, game_id: str | None = None, folder: Path | None = None) -> None:
        self.game_id = game_id or new_game_id()
        self.folder = folder          # None: the player's saves folder, looked up at each write
        self.enabled = True           # tools that play games the player never saw switch it off
        self.problem: str | None = None   # why the last write failed
        self.told = False             # the player has been told about ``problem``
        self._saved: tuple | None = None  # (action count, last action, routes) of the state last written
        self._last_write = 0.0
        self.routes = dict                # the board's routes (hero id -> tile), written with the game

    @property
    def where(self) -> Path:
        return Path(self.folder) if self.folder is not None else saves_dir()

    def _mark(self, state) -> tuple:
        return len(state.actions), state.actions[-1] if state.actions else None, dict(self.routes())

    def dirty(self, state) -> bool:
        """Not yet written: compared by count and by the last action itself (an undo then a new move), and
        by the routes (Undo puts back a route after the game has changed)."""
        if not self.enabled:
            return False
        if self._saved is None:
            return True
        count, last, routes = self._mark(state)
        return count != self._saved[0] or last is not self._saved[1] or routes != self._saved[2]

    def saved(self, state) -> None:
        """``state`` is already on disk (a save just loaded)."""
        self._saved = self._mark(state)

    def after_action(self, state, computer_next: bool) -> None:
        """Write the latest state, except in the middle of a computer's quick run of actions."""
        if computer_next and state.phase != "over" and time.monotonic() - self._last_write < COMPUTER_SAVE_SECONDS:
            return
        self.flush(state)

    def flush(self, state) -> bool:
        """The latest state is on disk (written now if it was not); False when writing failed."""
        if not self.dirty(state):
            return True
        from game.engine.save import save_latest
        return self._write(lambda: save_latest(state, self.where, self.game_id, self.routes()), state)

    def daybreak(self, state) -> Path | None:
        """This Day's autosave (kept among the game's newest few) and the latest state. The Day's autosave
        is the Day as it began: written once, never over (Continue in the middle of a Daybreak rewrote
        it, and the start of the Day was lost behind a later time than the latest autosave's)."""
        from game.engine.save import autosave, autosave_path
        if not self.enabled:
            return None
        day_file = autosave_path(self.where, self.game_id, state.day)
        if day_file.exists():
            self.flush(state)
            return day_file
        path = None

        def write():
            nonlocal path
            path = autosave(state, self.where, DAYBREAKS_KEPT, self.game_id, self.routes())
        if self._write(write, None):
            self.flush(state)
        return path

    def _write(self, write, state) -> bool:
        try:
            write()
        except OSError as error:
            reason = error.strerror or str(error)
            if reason != self.problem:
                self.problem, self.told = reason, False
            return False
        self._last_write = time.monotonic()
        if state is not None:
            self.saved(state)
        self.problem = None
        return True

    def news(self) -> str | None:
        """The message for a failure the player has not heard of yet (then it is marked told)."""
        if self.problem is None or self.told:
            return None
        self.told = True
        return (f"The game could not write its autosave: {self.problem} (in {self.where}). Your progress is "
                "NOT being saved: free some disk space or make the folder writable. The game tries again "
                "after every move.")
