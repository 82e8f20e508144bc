"""The rules engine never needs pygame, and owns its only random generator."""
import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "game" / "engine"


def test_engine_imports_without_pygame():
    code = ("import sys; import game.engine, game.engine.save, game.board.pathfinding; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pytmx')]; "
            "assert not bad, bad")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ENGINE.parent.parent)
    assert result.returncode == 0, result.stderr


def test_no_module_level_random_in_engine():
    """R-DICE-5: every die goes through the state's generator; no bare ``random`` calls."""
    offenders = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random" \
                    and node.attr != "Random":
                offenders.append(f"{path.name}:{node.lineno} random.{node.attr}")
    assert not offenders, offenders


# The battle stack, lowest first: a module imports only modules below it (anywhere in the file,
# local imports included), so there is no import circle to work around.
LAYERS = ["state", "heroes", "monsters", "odds", "squads", "battle_odds", "battle", "flow", "outcomes",
          "interactions", "movement", "diplomacy", "legal", "apply"]


def _engine_imports(name: str) -> set[str]:
    """The engine modules ``name`` imports (a package's: what any of its modules imports from outside it)."""
    found = set()
    files = sorted((ENGINE / name).glob("*.py")) if (ENGINE / name).is_dir() else [ENGINE / f"{name}.py"]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.engine"):
                parts = node.module.split(".")
                found.update([parts[2]] if len(parts) > 2 else [a.name for a in node.names])
    return (found - {name}) & set(LAYERS)


def test_the_engine_modules_import_one_way_only():
    upward = [f"{name} imports {other}" for i, name in enumerate(LAYERS)
              for other in _engine_imports(name) if LAYERS.index(other) >= i]
    assert not upward, upward
