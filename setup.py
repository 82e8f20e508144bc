"""Build hook: the wheel carries the shipped maps, art, sounds and rulebook inside the package.

The top-level ``maps/``, ``assets/`` and ``docs/RULES.md`` stay the one copy in
git that designers and Tiled edit; building a wheel copies them into
``game/_data/`` (where ``game.resources`` finds them). Editable installs read
the top-level folders directly, so nothing is copied for them. Everything
else about the project is in ``pyproject.toml``.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLED = {"maps": "maps", "assets": "assets", "docs/RULES.md": "docs/RULES.md"}
SKIPPED = ("__pycache__", ".*", "*.tiled-session", "*.pyc")


def copy_game_data(build_lib: Path) -> None:
    """Copy the shipped maps, art, sounds and rulebook into ``build_lib/game/_data``."""
    target = Path(build_lib) / "game" / "_data"
    for source, dest in BUNDLED.items():
        src, dst = ROOT / source, target / dest
        if src.is_dir():
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns(*SKIPPED), dirs_exist_ok=True)
        elif src.is_file():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)


class BuildPyWithGameData(build_py):
    def run(self) -> None:
        super().run()
        if not getattr(self, "editable_mode", False):
            copy_game_data(Path(self.build_lib))


if __name__ == "__main__":     # as pip and the build backends run it
    setup(cmdclass={"build_py": BuildPyWithGameData})
