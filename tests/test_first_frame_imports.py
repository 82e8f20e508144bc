"""The board's first frame is drawn before numpy and the engine's actions, moves, battles and saves are
imported, and they are imported once it is on screen (issue 14: start-up CPU; ``tools/bench_startup.py``).
One fresh interpreter starts the board as ``fuzzyknights --map highlands`` does and reports what it had
imported at its first frame, and which of the dataclasses it made have no docstring of their own."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from bench_startup import BOARD  # noqa: E402

LATER = ("numpy", "game.engine.actions", "game.engine.apply", "game.engine.battle", "game.engine.movement",
         "game.engine.save", "game.board.pathfinding", "game.ai")
PROBE = BOARD + """
import game.engine
print("loaded", json.dumps([name for name in LATER if name in sys.modules]))
print("scene", type(app.scene).__name__, type(app.scenes[0]).__name__)
import dataclasses
made = [(name, cls) for name, module in list(sys.modules.items()) if name.startswith("game")
        for cls in vars(module).values() if isinstance(cls, type) and dataclasses.is_dataclass(cls)]
print("undocumented", json.dumps(sorted(f"{name}.{cls.__name__}" for name, cls in made if cls.__module__ == name
                                        and (cls.__doc__ or "").startswith(cls.__name__ + "("))))
import game.engine.save
print("apply", game.engine.apply.__module__, game.engine.apply.__name__)
for scene in app.scenes:
    scene.after_first_frame()
print("after", json.dumps([name for name in LATER[:-1] if name not in sys.modules]))
"""


def test_the_boards_first_frame_imports_neither_numpy_nor_the_rest_of_the_engine():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",      # conftest's folders
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    code = f"import json\nLATER = {LATER!r}\n" + PROBE
    out = subprocess.run([sys.executable, "-c", code, "highlands"], env=env, cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    lines = dict(line.split(" ", 1) for line in out.splitlines())
    assert json.loads(lines["loaded"]) == []
    assert lines["scene"] == "AnchorPanel GameScene"        # the real board, under the anchor roll
    assert json.loads(lines["undocumented"]) == []          # dataclass would build a docstring with inspect.signature
    assert lines["apply"] == "game.engine.apply apply"      # the function, even once its module is imported
    assert json.loads(lines["after"]) == []                 # all loaded once the first frame is on screen
