"""Slow answers worked out off the frame: the exact odds of a big battle can take half a second.

``BackgroundAnswers.get(key, work)`` returns the answer for ``key`` when it is known. Otherwise it
starts ``work()`` on a worker thread, waits a few milliseconds (most answers come that fast, and
then nothing flickers) and returns ``NOT_YET``: the screen shows that it is still working and asks again
next frame. One job runs at a time; while it runs, only the latest other request is kept, so a
mouse sweeping over many tiles does not queue them all. The work must not touch the live game:
it gets a copy (``GameState.lookahead_copy``).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable, Hashable

WAIT_S = 0.006       # how long a frame waits for an answer before showing "working it out"
KEEP = 64            # answers remembered
NOT_YET = object()


class BackgroundAnswers:
    def __init__(self, wait_s: float | None = None) -> None:
        self.wait_s = wait_s         # None: the module's WAIT_S (tests raise it to get every answer at once)
        self._answers: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        self._running: tuple[Hashable, threading.Thread] | None = None
        self._next: tuple[Hashable, Callable[[], Any]] | None = None
        self._generation = 0   # bumped by ``clear``: answers to older questions are dropped
        self._arrived = False  # an answer came in since the screen last looked (``take_arrived``)

    def get(self, key: Hashable, prepare: Callable[[], Callable[[], Any]]) -> Any:
        """The answer for ``key``, or ``NOT_YET``. ``prepare()`` runs here, on the screen's thread, only
        when the question is new: it takes what the work needs (a copy of the game) and returns the work."""
        with self._lock:
            if key in self._answers:
                self._answers.move_to_end(key)
                return self._answers[key]
            asked = (self._running is not None and self._running[0] == key) or (self._next is not None and self._next[0] == key)
        if not asked:
            work = prepare()
            with self._lock:
                if self._running is None:
                    self._start(key, work)
                else:
                    self._next = (key, work)
            running = self._running
            if running is not None and running[0] == key:
                running[1].join(WAIT_S if self.wait_s is None else self.wait_s)
        with self._lock:
            return self._answers.get(key, NOT_YET)

    def on_copy(self, key: Hashable, state, compute: Callable[[Any], Any]) -> Any:
        """``get`` for ``compute(a copy of the game)``: the copy is taken now, only when the question is new."""
        return self.get(key, lambda: (lambda twin=state.lookahead_copy(): compute(twin)))

    def pending(self) -> bool:
        return self._running is not None

    def take_arrived(self) -> bool:
        """Whether an answer came in since the last call: the screen redraws what waited for it."""
        with self._lock:
            arrived, self._arrived = self._arrived, False
        return arrived

    def clear(self) -> None:
        """Forget every answer (the game moved on); a job still running finishes into the void."""
        with self._lock:
            self._answers.clear()
            self._next = None
            self._arrived = False
            self._generation += 1

    def _start(self, key: Hashable, work: Callable[[], Any]) -> None:
        thread = threading.Thread(target=self._run, args=(key, work, self._generation), daemon=True,
                                  name="background-answers")
        self._running = (key, thread)
        thread.start()

    def _run(self, key: Hashable, work: Callable[[], Any], generation: int) -> None:
        try:
            answer = work()
        except Exception:        # a question about a game that moved on: no answer
            answer = None
        with self._lock:
            if generation == self._generation:
                self._answers[key] = answer
                self._arrived = True
                while len(self._answers) > KEEP:
                    self._answers.popitem(last=False)
            self._running = None
            if self._next is not None:
                key, work = self._next
                self._next = None
                self._start(key, work)
