"""Importing the game keeps numpy's BLAS to one thread (issue 14: start-up CPU).

The game uses numpy for arrays, never for linear algebra; a BLAS thread pool
per core cost more CPU at start-up than the rest of numpy's import
(``tools/bench_startup.py``). A player's own setting wins.
"""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
PROBE = "import os, game; print(' '.join(os.environ[v] for v in %r))" % (VARIABLES,)


def _run(**extra: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in VARIABLES}
    env.update(extra)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_importing_the_game_asks_blas_for_one_thread():
    assert _run() == ["1", "1", "1"]


def test_a_players_own_thread_setting_is_kept():
    assert _run(OPENBLAS_NUM_THREADS="4") == ["4", "1", "1"]
