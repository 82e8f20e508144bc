"""Every glyph the UI draws comes from files the game ships: baked emoji PNGs or the bundled fonts.

Scans the game's code (and the rulebook the rules screen shows) for
characters outside ASCII: each one is either an emoji with an icon PNG in
``assets/icons`` (``rich_text`` draws those as images) or a character the
bundled text fonts have a glyph for. Anything else would draw as a box.
"""
import re
from pathlib import Path

import pygame
import pytest

from game import resources
from game.ui.kit import icons, rich_text, theme

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
VARIATION = "\ufe0f"
HOW_TO_ADD = ("add it to EMOJI in game/ui/kit/icons.py, then run `python tools/make_assets.py --icons` "
              "on a machine with fonts-noto-color-emoji")


def ui_strings() -> list[tuple[str, str]]:
    """(where, text) of every line outside ASCII in game/'s code and rule data (strings and comments alike)
    and in the rulebook."""
    files = sorted(GAME.rglob("*.py")) + sorted(GAME.rglob("*.toml"))
    files += [resources.rules_doc()] * resources.rules_doc().is_file()
    return [(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{n}", line)
            for path in files
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if not line.isascii()]


def icon_names_in_code() -> set[str]:
    pattern = re.compile(r"""\bicon(?:\(|=)\s*["']([a-z_]+)["']""")
    return {name for path in GAME.rglob("*.py") for name in pattern.findall(path.read_text(encoding="utf-8"))}


@pytest.fixture(scope="module")
def fonts():
    pygame.font.init()
    return {style: theme.font(20, style) for style in ("body", "bold")}


def has_glyph(font: pygame.font.Font, ch: str, _boxes: dict = {}) -> bool:
    """False when the font would draw its 'missing glyph' box for ``ch``."""
    if font not in _boxes:   # what the font draws for a private-use code point: its box
        _boxes[font] = pygame.image.tobytes(font.render("\ue000", True, (0, 0, 0)), "RGBA")
    return pygame.image.tobytes(font.render(ch, True, (0, 0, 0)), "RGBA") != _boxes[font]


def test_every_icon_name_has_a_shipped_png_that_loads():
    for name in icons.EMOJI:
        path = icons.icon_file(name)
        assert path.is_file(), f"icon {name!r}: {path} is missing; run `python tools/make_assets.py --icons`"
        assert pygame.image.load(str(path)).get_size() == (64, 64)


def test_every_icon_name_the_code_asks_for_is_shipped():
    missing = sorted(name for name in icon_names_in_code() if not icons.icon_file(name).is_file())
    assert missing == [], f"icons asked for but not shipped: {missing}; {HOW_TO_ADD}"


def test_every_character_in_the_ui_strings_is_drawable(fonts):
    emoji = set(icons.EMOJI.values()) | {g.rstrip(VARIATION) for g in icons.EMOJI.values()}
    problems, text_chars = [], {}
    for where, text in ui_strings():
        for part, is_emoji in rich_text.split(text):
            if is_emoji:
                if not icons.icon_file(part).is_file():
                    problems.append(f"{where}: {part} has no icon PNG")
                continue
            for ch in set(part) - {VARIATION}:
                if not ch.isascii() and ch not in emoji:
                    text_chars.setdefault(ch, where)
    for ch, where in sorted(text_chars.items()):
        lacking = [style for style, font in fonts.items() if not has_glyph(font, ch)]
        if lacking:
            problems.append(f"{where}: {ch!r} (U+{ord(ch):04X}) would draw as a box in the {lacking} font")
    assert problems == [], f"{HOW_TO_ADD}:\n" + "\n".join(problems[:30])


def test_rich_text_draws_each_emoji_as_its_baked_icon():
    pygame.font.init()
    for name, glyph in icons.EMOJI.items():
        baked = pygame.image.load(str(icons.icon_file(name)))
        drawn = icons.icon(glyph, 64)
        # the icon shows the PNG's pixels (spot-checked at the centre), not the placeholder
        assert drawn.get_at((32, 32)) == baked.get_at((32, 32)), name
        line = rich_text.render(f"a {glyph} b", 16)
        assert line.get_width() > rich_text.render("a  b", 16).get_width() + 10


def test_a_missing_icon_draws_a_placeholder_not_a_crash():
    surf = icons.icon("no_such_icon_anywhere", 32)
    assert surf.get_size() == (32, 32)


def test_the_log_draws_every_event_emoji_that_has_an_icon_as_itself():
    """A vote's 🗳, an alliance's 🤝, a win's 🏆, a retreat's 🏳… show their own icons in the log,
    not a stand-in (the swaps predate those icons)."""
    from game.ui.board.hud import _drawable
    for glyph in {g.rstrip("\ufe0f") for g in icons.EMOJI.values()}:
        assert _drawable(f"{glyph} news") == f"{glyph} news", glyph
