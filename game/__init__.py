"""Fuzzy Knights: a digital edition of a fantasy dice board game."""

import os

# pygame's greeting would land in our tools' JSON output.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The game uses numpy for arrays only, never for linear algebra: without this,
# importing numpy starts a BLAS thread pool per core, which costs more CPU than
# all of numpy's own start-up (measured by tools/bench_startup.py).
for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")
