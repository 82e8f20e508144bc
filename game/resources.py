"""Where the files the game ships are, whatever the working directory.

    from game import resources
    resources.maps_dir()          # the shipped Tiled maps (*.tmx)
    resources.asset("icons", "crown.png")

Installed from a wheel (``pip install .``, ``pipx install .``) the maps, art,
sounds and ``docs/RULES.md`` are inside the package, in ``game/_data/``: the
build copies them there from the top-level ``maps/``, ``assets/`` and ``docs/``
(see ``setup.py``). In a source checkout or an editable install those top-level
folders are used directly, so map designers and Tiled keep editing one copy.
Rule data (``game/rules``) and fonts (``game/ui/kit/fonts``) are package files
in both cases. Nothing here imports pygame.
"""
from __future__ import annotations

from pathlib import Path

DEFAULT_MAP_NAME = "meadow"


_PACKAGE_DIR = Path(__file__).parent


def _package_dir() -> Path:
    # The game is installed as a plain folder (a wheel or a checkout), never zipped: its files are real
    # paths pygame and the map reader can open. (importlib.resources.files() said the same, slower.)
    return _PACKAGE_DIR


def data_root() -> Path:
    """The folder holding ``maps/``, ``assets/`` and ``docs/``: bundled in a wheel, else the checkout."""
    package = _package_dir()
    bundled = package / "_data"
    if bundled.is_dir():
        return bundled
    return package.parent


def maps_dir() -> Path:
    return data_root() / "maps"


def assets_dir() -> Path:
    return data_root() / "assets"


def asset(*parts: str) -> Path:
    """A file under ``assets/``, e.g. ``asset("icons", "crown.png")``."""
    return assets_dir().joinpath(*parts)


def icons_dir() -> Path:
    return assets_dir() / "icons"


def tokens_dir() -> Path:
    return assets_dir() / "tokens"


def sounds_dir() -> Path:
    return assets_dir() / "sounds"


def textures_dir() -> Path:
    """Pre-baked UI textures (parchment and wood), made by ``tools/make_assets.py``."""
    return assets_dir() / "textures"


def fonts_dir() -> Path:
    return _package_dir() / "ui" / "kit" / "fonts"


def rules_dir() -> Path:
    """The rule data: ``normal.toml`` and ``campaign.toml``."""
    return _package_dir() / "rules"


def rules_doc() -> Path:
    """The rulebook the game implements (``docs/RULES.md``)."""
    return data_root() / "docs" / "RULES.md"


def shipped_maps() -> list[Path]:
    return sorted(maps_dir().glob("*.tmx"))


def default_map() -> Path:
    return maps_dir() / f"{DEFAULT_MAP_NAME}.tmx"


def shipped_map(name: str) -> Path | None:
    """The shipped map called ``name`` (``"highlands"`` or ``"highlands.tmx"``, any case), else None."""
    stem = name[:-4] if name.lower().endswith(".tmx") else name
    return next((path for path in shipped_maps() if path.stem.lower() == stem.lower()), None)
