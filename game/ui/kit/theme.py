"""Colours, fonts and sizes shared by every scene."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game import resources

FONT_DIR = resources.fonts_dir()   # DejaVu, shipped in the package (fonts/LICENSE); never a system font
# Shipped subsets (fonts/LICENSE-*) for what DejaVu lacks, tried in order: CJK and kana, then Hangul.
FALLBACK_FILES = ("FallbackSans.ttf", "FallbackHangul.ttf")

# Seat colours 1-4; 0 is neutral. The same as the token art (tools/make_assets.py).
SEAT_COLOURS: dict[int, tuple[int, int, int]] = {
    0: (150, 150, 150),
    1: (214, 48, 49),     # crimson
    2: (41, 98, 214),     # azure
    3: (46, 160, 67),     # verdant
    4: (142, 68, 173),    # violet
}
SEAT_COLOUR_NAMES = {1: "Crimson", 2: "Azure", 3: "Verdant", 4: "Violet"}

BACKGROUND = (24, 20, 17)
INK = (52, 34, 20)              # dark brown text on parchment
INK_SOFT = (104, 78, 52)
CREAM = (246, 234, 206)         # light text on wood
GOLD = (232, 190, 90)
SHADOW = (0, 0, 0, 110)
PARCHMENT = (232, 214, 172)
WOOD = (98, 62, 36)
WOOD_DARK = (62, 38, 22)
BUTTON = (134, 84, 44)
BUTTON_HOVER = (160, 104, 56)
BUTTON_PRESSED = (104, 62, 32)
BUTTON_DISABLED = (96, 86, 76)
HIGHLIGHT = (255, 236, 150)
DANGER = (190, 40, 30)

WINDOW_SIZE = (1280, 720)
FPS = 60
RADIUS = 8
PAD = 12

# Text and panels scale with the window (1280x720 is 1.0) times the player's own setting.
MIN_SCALE, MAX_SCALE = 0.7, 1.8
_user_scale = 1.0
_window_scale = 1.0
_scale_cap = MAX_SCALE


def set_ui_scale(factor: float) -> None:
    """The player's text-and-panel size (the settings screen's 0.75 to 1.5); screens apply it at their next layout."""
    global _user_scale
    _user_scale = max(0.75, min(1.5, float(factor)))


def window_scale(size: tuple[int, int]) -> float:
    """How much bigger than 1280x720 a window is (the smaller of its two ratios), kept within 0.8 to 1.5."""
    w, h = size
    return max(0.8, min(1.5, w / WINDOW_SIZE[0], h / WINDOW_SIZE[1]))


def fit_window(size: tuple[int, int], room: tuple[int, int] | None = None) -> float:
    """Scale to this window (every scene's layout calls it); returns the scale now in use.

    ``room``: the least window, in 1280x720 sizes, a screen with fixed columns needs: its text and panels
    grow no larger than fits the window (a large text setting would push its columns into each other)."""
    global _window_scale, _scale_cap
    _window_scale = window_scale(size)
    _scale_cap = min(size[0] / room[0], size[1] / room[1]) if room else MAX_SCALE
    return ui_scale()


def ui_scale() -> float:
    return min(_scale_cap, max(MIN_SCALE, min(MAX_SCALE, _user_scale * _window_scale)))


def px(n: float) -> int:
    """A size designed at 1280x720 (pixels, or a font size), at the current scale."""
    return max(1, round(n * ui_scale()))

# Procedural terrain colours by terrain name; unknown names fall back to grass.
TERRAIN_COLOURS: dict[str, tuple[int, int, int]] = {
    "grass": (104, 150, 66),
    "plains": (128, 160, 74),
    "forest": (52, 104, 50),
    "hills": (142, 134, 80),
    "mountain": (120, 112, 104),
    "mountains": (120, 112, 104),
    "water": (52, 108, 170),
    "sea": (40, 90, 160),
    "lake": (60, 120, 180),
    "river": (70, 130, 190),
    "sand": (214, 196, 130),
    "desert": (220, 196, 124),
    "swamp": (84, 104, 70),
    "snow": (232, 238, 242),
    "road": (176, 146, 100),
    "dirt": (150, 116, 76),
}


def seat_colour(seat: int | None) -> tuple[int, int, int]:
    return SEAT_COLOURS.get(seat or 0, SEAT_COLOURS[0])


def terrain_colour(name: str) -> tuple[int, int, int]:
    return TERRAIN_COLOURS.get((name or "grass").lower(), TERRAIN_COLOURS["grass"])


_FONT_FILES = {
    "body": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "title": "DejaVuSerif-Bold.ttf",
    "heading": "DejaVuSerifCondensed-Bold.ttf",
}


@lru_cache(maxsize=64)
def font(size: int, style: str = "body") -> pygame.font.Font:
    """A bundled font; falls back to pygame's default if the file is missing."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = FONT_DIR / _FONT_FILES.get(style, _FONT_FILES["body"])
    try:
        return pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError):
        return pygame.font.Font(None, size)


@lru_cache(maxsize=64)
def fallback_fonts(size: int) -> tuple[pygame.font.Font, ...]:
    if not pygame.font.get_init():
        pygame.font.init()
    found = []
    for name in FALLBACK_FILES:
        try:
            found.append(pygame.font.Font(str(FONT_DIR / name), size))
        except (OSError, FileNotFoundError):
            pass
    return tuple(found)


def _pixels(f: pygame.font.Font, s: str) -> bytes:
    return pygame.image.tobytes(f.render(s, True, (0, 0, 0)), "RGBA")


@lru_cache(maxsize=16)
def _notdef(path: str) -> bytes:
    return _pixels(pygame.font.Font(path, 20), "\U000F0000")      # a private-use point: no font has it


@lru_cache(maxsize=16384)
def _has_glyph(path: str, ch: str) -> bool:
    """True when the font draws ``ch`` as itself, not as its .notdef box (pygame cannot ask the cmap)."""
    return _pixels(_probe_font(path), ch) != _notdef(path)


@lru_cache(maxsize=16)
def _probe_font(path: str) -> pygame.font.Font:
    return pygame.font.Font(path, 20)


def _covered(ch: str) -> bool:
    return ch < "\u0370" or not ch.isprintable()    # Latin, punctuation and controls: DejaVu has them all


def font_runs(s: str, size: int, style: str = "body") -> list[tuple[str, pygame.font.Font]]:
    """``s`` cut into runs, each with the first font that has its glyphs: the style's font, then the
    fallbacks (a name in Chinese, Japanese or Korean is drawn, not boxes). A glyph no font has stays with
    the main font."""
    main = font(size, style)
    if all(_covered(ch) for ch in s):
        return [(s, main)]
    chain = [(str(FONT_DIR / _FONT_FILES.get(style, _FONT_FILES["body"])), main)]
    chain += [(str(FONT_DIR / name), f) for name, f in zip(FALLBACK_FILES, fallback_fonts(size))]
    runs: list[tuple[str, pygame.font.Font]] = []
    for ch in s:
        chosen = main
        if not _covered(ch):
            chosen = next((f for path, f in chain if _safe_has_glyph(path, ch)), main)
        if runs and runs[-1][1] is chosen:
            runs[-1] = (runs[-1][0] + ch, chosen)
        else:
            runs.append((ch, chosen))
    return runs


def _safe_has_glyph(path: str, ch: str) -> bool:
    try:
        return _has_glyph(path, ch)
    except (OSError, FileNotFoundError, pygame.error):
        return False


def text_size(s: str, size: int, style: str = "body") -> tuple[int, int]:
    """Width and height of ``s`` as drawn, fallback fonts included."""
    runs = font_runs(s, size, style)
    return (sum(f.size(part)[0] for part, f in runs), max(f.get_height() for _, f in runs))


def render_runs(s: str, size: int, colour: tuple, style: str = "body") -> pygame.Surface:
    """``s`` rendered with per-run font fallback, the runs sharing one baseline."""
    runs = font_runs(s, size, style)
    if len(runs) == 1:
        return runs[0][1].render(s, True, colour)
    pieces = [(f.render(part, True, colour), f.get_ascent()) for part, f in runs]
    ascent = max(a for _, a in pieces)
    height = max(ascent - a + p.get_height() for p, a in pieces)
    out = pygame.Surface((sum(p.get_width() for p, _ in pieces), height), pygame.SRCALPHA)
    x = 0
    for p, a in pieces:
        out.blit(p, (x, ascent - a))
        x += p.get_width()
    return out
