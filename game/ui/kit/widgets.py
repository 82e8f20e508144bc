"""Small mouse-driven widgets: Button, Label, Toggle, Checkbox, Spinner, TextField, Toast.

Every widget has ``rect``, ``handle_event(event) -> bool`` (True when it used the
event), ``update(dt)`` and ``draw(surface)``. Callbacks receive the new value.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence

import pygame

from game.ui.kit import icons, sound, textures, theme


@lru_cache(maxsize=512)
def wrap(words_text: str, size: int, width: int, style: str = "body", indent: str = "") -> list[str]:
    """Lines of at most ``width`` pixels in the UI font; continuation lines start with ``indent``."""
    from game.ui.kit import rich_text

    def measure(s: str) -> int:
        return rich_text.width(s, size, style)          # emoji as the icons they are drawn with
    lines, line = [], ""
    for word in _fitting_pieces(words_text.split(), measure, width - measure(indent)):
        trial = f"{line} {word}" if line else word
        if measure(trial) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = indent + word
    return lines + ([line] if line else [])


def _fitting_pieces(words: list[str], measure: Callable[[str], int], width: int) -> list[str]:
    """The words, a word wider than ``width`` (a long file path) cut into pieces that fit."""
    out = []
    for word in words:
        while measure(word) > width > 0 and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and measure(word[:cut]) > width:
                cut -= 1
            out.append(word[:cut])
            word = word[cut:]
        out.append(word)
    return out


def text(s: str, size: int, colour: tuple = theme.INK, style: str = "body",
         shadow: tuple | None = None) -> pygame.Surface:
    """Rendered text, optionally with a 1-2 px drop shadow (cached: do not draw on the result)."""
    return _text(s, size, tuple(colour), style, tuple(shadow) if shadow else None)


@lru_cache(maxsize=2048)
def _text(s: str, size: int, colour: tuple, style: str, shadow: tuple | None) -> pygame.Surface:
    main = theme.render_runs(s, size, colour, style)
    if not shadow:
        return main
    off = 2 if size >= 24 else 1
    out = pygame.Surface((main.get_width() + off, main.get_height() + off), pygame.SRCALPHA)
    out.blit(theme.render_runs(s, size, shadow, style), (off, off))
    out.blit(main, (0, 0))
    return out


def rich(s: str, size: int, colour: tuple = theme.INK, style: str = "body",
         shadow: tuple | None = None) -> pygame.Surface:
    """``text``, with any emoji in ``s`` drawn from the shipped icons (the fonts have none: a box instead)."""
    from game.ui.kit import rich_text
    if any(is_emoji for _, is_emoji in rich_text.split(s)):
        return rich_text.render(s, size, colour, style, shadow)
    return text(s, size, colour, style, shadow)


TOOLTIP_WIDTH = 600    # a tooltip's widest line (at 1280x720): longer lines wrap


def _tooltip_lines(lines: Sequence[str]) -> list[pygame.Surface]:
    """The tooltip's lines drawn, each wrapped at ``TOOLTIP_WIDTH``: what a hero with twelve kinds of units
    fights with was one line wider than the window, its start cut off at the window's left."""
    size, width = theme.px(15), theme.px(TOOLTIP_WIDTH)
    out = []
    for i, line in enumerate(lines):
        style = "bold" if i == 0 else "body"
        drawn = rich(line, size, theme.INK, style)
        if drawn.get_width() <= width:
            out.append(drawn)
        else:
            out += [rich(part, size, theme.INK, style) for part in wrap(line, size, width, style, indent="   ")]
    return out


def tooltip_size(lines: Sequence[str]) -> tuple[int, int]:
    """Width and height of the tooltip ``draw_tooltip`` draws for these lines."""
    return _tooltip_size(tuple(lines), theme.px(15), theme.PAD)


@lru_cache(maxsize=256)
def _tooltip_size(lines: tuple[str, ...], _size: int, pad: int) -> tuple[int, int]:
    """(A hovered tile's tooltip is measured several times a frame: to place itself and the path's label.)"""
    rendered = _tooltip_lines(lines)
    return (max(s.get_width() for s in rendered) + 2 * pad,
            sum(s.get_height() + 2 for s in rendered) + 2 * pad - 4)


def tooltip_rect(lines: Sequence[str], pos: tuple[int, int], screen: tuple[int, int]) -> pygame.Rect:
    """Where ``draw_tooltip`` puts a tooltip near ``pos`` on a surface of size ``screen``."""
    return pygame.Rect((pos[0] + 18, pos[1] + 20), tooltip_size(lines)).clamp(pygame.Rect((0, 0), screen))


def draw_tooltip(surface: pygame.Surface, lines: Sequence[str], pos: tuple[int, int]) -> pygame.Rect:
    """A parchment tooltip near ``pos``, kept inside the surface. Returns the rectangle it drew in (its
    shadow included)."""
    rendered = _tooltip_lines(lines)
    rect = tooltip_rect(lines, pos, surface.get_size())
    drawn = textures.draw_panel(surface, rect, "parchment", radius=6)
    y = rect.y + theme.PAD - 2
    for s in rendered:
        surface.blit(s, (rect.x + theme.PAD, y))
        y += s.get_height() + 2
    return drawn


@lru_cache(maxsize=512)
def fit_label(label: str, size: int, width: int, style: str = "bold") -> tuple[int, str]:
    """A font size (down to 70% of ``size``) at which ``label`` fits ``width`` pixels; past that, the label
    shortened with an ellipsis. Returns (size, label)."""
    from game.ui.kit.rich_text import width as drawn_width     # emoji as the icons they are drawn with
    if not label:
        return size, label
    smallest = max(9, round(size * 0.7))
    for candidate in range(size, smallest - 1, -1):
        if drawn_width(label, candidate, style) <= width:
            return candidate, label
    words = label
    while len(words) > 1 and drawn_width(words + "…", smallest, style) > width:
        words = words[:-1]
    return smallest, words.rstrip().rstrip("\ufe0f") + "…"


class Widget:
    tooltip: str = ""

    def __init__(self, rect: pygame.Rect | tuple = (0, 0, 0, 0)) -> None:
        self.rect = pygame.Rect(rect)
        self.visible = True
        self.hovered = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def fit_to_scale(self) -> "Widget":
        """Set this widget's text size (given at 1280x720) for the current UI scale; a scene calls it from
        ``layout`` (``Scene.scale_widgets``), so text grows and shrinks with the window."""
        if hasattr(self, "size"):
            self.design_size = getattr(self, "design_size", self.size)
            self.size = theme.px(self.design_size)
        for part in getattr(self, "parts", ()):
            part.fit_to_scale()
        return self


class Label(Widget):
    def __init__(self, label: str, size: int = 18, colour: tuple = theme.INK, style: str = "body",
                 rect: pygame.Rect | tuple = (0, 0, 0, 0), align: str = "left",
                 shadow: tuple | None = None) -> None:
        super().__init__(rect)
        self.text, self.size, self.colour, self.style = label, size, colour, style
        self.align, self.shadow = align, shadow

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        s = text(self.text, self.size, self.colour, self.style, self.shadow)
        r = s.get_rect()
        r.centery = self.rect.centery
        if self.align == "center":
            r.centerx = self.rect.centerx
        elif self.align == "right":
            r.right = self.rect.right
        else:
            r.x = self.rect.x
        surface.blit(s, r)


class Button(Widget):
    label_in_face = True        # its label drawn on the button's face, cut to fit (a hero card: False)

    def __init__(self, label: str, on_click: Callable[[], None] | None = None,
                 rect: pygame.Rect | tuple = (0, 0, 0, 0), icon: str | None = None,
                 enabled: bool = True, tooltip: str = "", size: int = 18) -> None:
        super().__init__(rect)
        self.label, self.on_click, self.icon = label, on_click, icon
        self.enabled, self.tooltip, self.size = enabled, tooltip, size
        self.marked = False     # a red "!" at its right end, beside the label: what it stands for is broken
        self.pressed = False
        self.selected = False   # drawn as "lit", for radio-like groups

    @property
    def tooltip(self) -> str:
        """Its tip; a label too long for the button (drawn cut, with "…") comes whole on top of it."""
        if self.label_in_face and self.label and self.rect.w > 0 and self.label not in self._tip:
            room = label_room(self.rect.w, self.size, bool(self.icon), self.marked)
            if fit_label(self.label, self.size, room)[1] != self.label:
                return "\n".join(filter(None, [self.label, self._tip]))
        return self._tip

    @tooltip.setter
    def tooltip(self, tip: str) -> None:
        self._tip = tip

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.enabled and self.rect.collidepoint(event.pos):
                sound.play("click")
                self.click()
                return True
        return False

    def click(self) -> None:
        if self.enabled and self.on_click:
            self.on_click()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        lit = bool(self.hovered or self.selected)
        surface.blit(button_picture(self.rect.size, self.label, self.size, self.icon, self.enabled, self.pressed,
                                    lit, self.selected, self.marked), self.rect.topleft)


def label_room(width: int, text_size: int, icon: bool, marked: bool) -> int:
    """The pixels a button of ``width`` leaves its label (beside its icon and its "!" mark)."""
    room = width - 12 - (2 * max(6, text_size // 2) + 8 if marked else 0)
    return room - (text_size + 12 if icon else 0)


@lru_cache(maxsize=256)
def button_picture(size: tuple[int, int], label: str, text_size: int, icon: str | None, enabled: bool,
                   pressed: bool, lit: bool, selected: bool, marked: bool = False) -> pygame.Surface:
    """A button as it looks, its shadow 3 px below included: made once per look (a screen of buttons drew
    five shapes and two texts for each, every frame)."""
    w, h = size
    picture = pygame.Surface((w, h + 3), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, w, h)
    r = rect.move(0, 2 if pressed else 0)
    if not pressed:
        pygame.draw.rect(picture, (20, 12, 6), rect.move(0, 3), border_radius=theme.RADIUS)
    face = theme.BUTTON_DISABLED if not enabled else theme.BUTTON_PRESSED if pressed else \
        theme.BUTTON_HOVER if lit else theme.BUTTON
    pygame.draw.rect(picture, face, r, border_radius=theme.RADIUS)
    # bevel: light top edge, dark frame
    top = pygame.Rect(r.x + 3, r.y + 2, r.w - 6, max(2, r.h // 2 - 2))
    bevel = pygame.Surface(top.size, pygame.SRCALPHA)
    bevel.fill((255, 240, 210, 34 if enabled else 12))
    picture.blit(bevel, top)
    frame = theme.GOLD if (selected and enabled) else theme.WOOD_DARK
    pygame.draw.rect(picture, frame, r, width=2, border_radius=theme.RADIUS)
    colour = theme.CREAM if enabled else (170, 160, 150)
    mark_r = max(6, text_size // 2)
    room = label_room(w, text_size, False, marked)         # the label and its icon, centred in it
    fitted, words = fit_label(label, text_size, label_room(w, text_size, bool(icon), marked))
    text_picture = rich(words, fitted, colour, "bold", (30, 16, 6) if enabled else None)
    content_w = text_picture.get_width()
    icon_surf = None
    if icon:
        icon_surf = icons.icon(icon, fitted + 6)
        if not enabled:
            icon_surf = icon_surf.copy()
            icon_surf.set_alpha(110)
        content_w += icon_surf.get_width() + (6 if label else 0)
    x = r.x + 6 + room // 2 - content_w // 2
    if icon_surf:
        picture.blit(icon_surf, icon_surf.get_rect(midleft=(x, r.centery)))
        x += icon_surf.get_width() + 6
    picture.blit(text_picture, text_picture.get_rect(midleft=(x, r.centery)))
    if marked:
        centre = (r.right - 8 - mark_r, r.centery)
        pygame.draw.circle(picture, theme.DANGER, centre, mark_r)
        bang = text("!", max(8, text_size - 2), (255, 255, 255), "bold")
        picture.blit(bang, bang.get_rect(center=centre))
    return picture


class Toggle(Widget):
    """A segmented choice between a few labels (e.g. Normal | Campaign)."""

    def __init__(self, choices: Sequence[str], index: int = 0,
                 on_change: Callable[[int], None] | None = None,
                 rect: pygame.Rect | tuple = (0, 0, 0, 0), size: int = 16) -> None:
        super().__init__(rect)
        self.choices, self.index, self.on_change, self.size = list(choices), index, on_change, size

    def segment_rects(self) -> list[pygame.Rect]:
        n = len(self.choices)
        w = self.rect.w // n
        return [pygame.Rect(self.rect.x + i * w, self.rect.y, w if i < n - 1 else self.rect.w - w * i,
                            self.rect.h) for i in range(n)]

    @property
    def value(self) -> str:
        return self.choices[self.index]

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            for i, seg in enumerate(self.segment_rects()):
                if seg.collidepoint(event.pos) and i != self.index:
                    self.index = i
                    if self.on_change:
                        self.on_change(i)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.WOOD_DARK, self.rect, border_radius=theme.RADIUS)
        for i, seg in enumerate(self.segment_rects()):
            on = i == self.index
            if on:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, seg.inflate(-4, -4), border_radius=theme.RADIUS - 2)
                pygame.draw.rect(surface, theme.GOLD, seg.inflate(-4, -4), 2, border_radius=theme.RADIUS - 2)
            size, words = fit_label(self.choices[i], self.size, seg.w - 10)
            label = text(words, size, theme.CREAM if on else (190, 170, 140), "bold", (30, 16, 6) if on else None)
            surface.blit(label, label.get_rect(center=seg.center))


class Checkbox(Widget):
    def __init__(self, label: str, checked: bool = False, on_change: Callable[[bool], None] | None = None,
                 rect: pygame.Rect | tuple = (0, 0, 0, 0), tooltip: str = "", size: int = 16) -> None:
        super().__init__(rect)
        self.label, self.checked, self.on_change = label, checked, on_change
        self.tooltip, self.size = tooltip, size

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.checked = not self.checked
            if self.on_change:
                self.on_change(self.checked)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        side = min(theme.px(20), self.rect.h)
        box = pygame.Rect(self.rect.x, self.rect.centery - side // 2, side, side)
        pygame.draw.rect(surface, (250, 242, 220), box, border_radius=4)
        pygame.draw.rect(surface, theme.WOOD_DARK if not self.hovered else theme.BUTTON, box, 2, border_radius=4)
        if self.checked:
            pts = [(box.x + side // 5, box.centery), (box.x + side * 2 // 5, box.bottom - side // 4),
                   (box.right - side // 5, box.y + side // 5)]
            pygame.draw.lines(surface, (40, 110, 40), False, pts, 3)
        size, words = fit_label(self.label, self.size, self.rect.right - box.right - theme.px(8), "body")
        label = text(words, size, theme.INK)
        surface.blit(label, label.get_rect(midleft=(box.right + theme.px(8), self.rect.centery)))


class Spinner(Widget):
    """A number with - and + buttons. Shift-click moves ten steps; holding a button repeats it.
    Steps land on multiples of ``step`` (1 -> 5 -> 10 with a step of 5)."""

    HOLD_DELAY, HOLD_REPEAT = 0.45, 0.08      # seconds before a held button repeats, and between repeats

    def __init__(self, value: int, minimum: int, maximum: int, step: int = 1,
                 on_change: Callable[[int], None] | None = None,
                 rect: pygame.Rect | tuple = (0, 0, 0, 0), fmt: Callable[[int], str] = str,
                 typeable: bool = False) -> None:
        super().__init__(rect)
        self.value, self.minimum, self.maximum, self.step = value, minimum, maximum, step
        self.on_change, self.fmt = on_change, fmt
        self.minus = Button("−", lambda: self._bump(-1), size=18)
        self.plus = Button("+", lambda: self._bump(+1), size=18)
        # typeable: a click on the number lets the player type one (Enter, Tab or a click away sets it)
        self.entry = TextField("", self._typed, allowed=str.isdigit, size=16) if typeable else None
        self._held = 0.0
        self._place()

    @property
    def parts(self) -> tuple[Widget, ...]:
        return (self.minus, self.plus) + ((self.entry,) if self.entry is not None else ())

    def _place(self) -> None:
        b = self.rect.h
        self.minus.rect = pygame.Rect(self.rect.x, self.rect.y, b, b)
        self.plus.rect = pygame.Rect(self.rect.right - b, self.rect.y, b, b)
        self.minus.enabled = self.value > self.minimum
        self.plus.enabled = self.value < self.maximum
        if self.entry is not None:
            self.entry.rect = self.middle_rect()

    def middle_rect(self) -> pygame.Rect:
        """Where the number is shown, between the - and + buttons."""
        return pygame.Rect(self.minus.rect.right + 4, self.rect.y, self.plus.rect.x - self.minus.rect.right - 8,
                           self.rect.h)

    def _set(self, new: int) -> None:
        new = max(self.minimum, min(self.maximum, new))
        if new != self.value:
            self.value = new
            if self.on_change:
                self.on_change(new)
        self._place()

    def _typed(self, digits: str) -> None:
        """Every edit of the typed number: one in range counts at once (a click on Start while typing
        starts with it); out of range or empty, the finished entry settles on the nearest allowed value."""
        if digits and self.minimum <= int(digits) <= self.maximum:
            self._set(int(digits))
        if not self.entry.focused:
            if digits:
                self._set(int(digits))
            self.entry.value = str(self.value)

    def _bump(self, sign: int) -> None:
        step = self.step * (10 if pygame.key.get_mods() & pygame.KMOD_SHIFT else 1)
        if self.value % step:           # off the grid: the next multiple of the step in that direction
            new = (self.value // step + (1 if sign > 0 else 0)) * step
        else:
            new = self.value + sign * step
        self._set(new)

    def update(self, dt: float) -> None:
        held = next((b for b in (self.minus, self.plus) if b.pressed and b.hovered), None) if self.visible else None
        if held is None:
            self._held = 0.0
            return
        before = self._held
        self._held += dt
        if self._held >= self.HOLD_DELAY:
            repeats = int((self._held - self.HOLD_DELAY) / self.HOLD_REPEAT) \
                - (int((before - self.HOLD_DELAY) / self.HOLD_REPEAT) if before >= self.HOLD_DELAY else -1)
            for _ in range(repeats):
                held.click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._place()
        if self.entry is not None:
            was = self.entry.focused
            if self.entry.handle_event(event):
                if not was:             # the number as shown, all selected: typing replaces it
                    self.entry.value, self.entry.max_len = str(self.value), len(str(self.maximum))
                    self.entry.all_selected = True
                return True
        return self.minus.handle_event(event) or self.plus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self._place()
        if self.entry is not None and self.entry.focused:
            self.entry.draw(surface)
            self.minus.draw(surface)
            self.plus.draw(surface)
            return
        mid = self.middle_rect()
        pygame.draw.rect(surface, (250, 242, 220), mid, border_radius=4)
        pygame.draw.rect(surface, theme.WOOD_DARK, mid, 2, border_radius=4)
        size, words = fit_label(self.fmt(self.value), theme.px(16), mid.w - 6)
        label = text(words, size, theme.INK, "bold")
        surface.blit(label, label.get_rect(center=mid.center))
        self.minus.draw(surface)
        self.plus.draw(surface)


_MODIFIER_KEYS = frozenset((pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
                            pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_MODE))


DOUBLE_CLICK_MS = 500       # two clicks on a text field this close select its whole text


class TextField(Widget):
    """A one-line editable text box; click to focus, type, Enter or click away to finish.

    ``on_change`` gets the value after every edit and when the field is finished."""

    def __init__(self, value: str = "", on_change: Callable[[str], None] | None = None,
                 rect: pygame.Rect | tuple = (0, 0, 0, 0), max_len: int = 16,
                 allowed: Callable[[str], bool] | None = None, size: int = 16, tooltip: str = "") -> None:
        super().__init__(rect)
        self.value, self.on_change, self.max_len = value, on_change, max_len
        self.allowed, self.size, self.tooltip = allowed, size, tooltip
        self.focused = False
        self.all_selected = False
        self._blink = 0.0
        self._last_click_ms = -DOUBLE_CLICK_MS
        self.refusal = ""        # why the last typed character was not taken (the screen shows it once)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Characters come only from TEXTINPUT (SDL sends it next to the KEYDOWN of a printable key,
        so reading ``KEYDOWN.unicode`` too would type everything twice); KEYDOWN edits and finishes."""
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self._set_focus(self.rect.collidepoint(event.pos))
            if was and not self.focused:
                self._commit()
            if self.focused:        # a double (or triple) click selects the whole text, as desktop fields do
                now = pygame.time.get_ticks()
                if was and now - self._last_click_ms <= DOUBLE_CLICK_MS:
                    self.all_selected = bool(self.value)
                self._last_click_ms = now
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self._set_focus(False)
                self._commit()
            elif event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
                self.all_selected = bool(self.value)      # Ctrl+A: the next key replaces the whole text
                return True
            elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.value:
                self.value = "" if self.all_selected else self.value[:-1]
                if self.value:      # an emptied field is passed on when finished (its owner may refill it)
                    self._commit()
            if event.key in _MODIFIER_KEYS:
                return True                     # Shift for a capital keeps Ctrl+A's selection
            if not (getattr(event, "unicode", "") or "").isprintable() or not getattr(event, "unicode", ""):
                self.all_selected = False       # a printable key's TEXTINPUT, which follows, replaces the text
            return True
        if event.type == pygame.TEXTINPUT:
            if self.all_selected:
                kept, self.value, self.all_selected = self.value, "", False
                self._insert(event.text)
                if not self.value and self.refusal:       # a refused letter leaves the selected text as it was
                    self.value, self.all_selected = kept, True
                return True
            self._insert(event.text)
            return True
        return False

    def _set_focus(self, focused: bool) -> None:
        if focused == self.focused:
            return
        self.focused = focused
        self.all_selected = False
        if not pygame.display.get_init():
            return
        if focused:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        else:
            pygame.key.stop_text_input()

    def _insert(self, chars: str) -> None:
        before = self.value
        for ch in chars:
            if ch in "\n\r\t":     # pasted or IME text: its line breaks and tabs are spaces on one line
                if self.value.endswith(" "):
                    continue
                ch = " "
            elif not ch.isprintable():
                continue            # a control character has no glyph and no place in a name
            if len(self.value) >= self.max_len:
                self.refusal = f"At most {self.max_len} characters here"     # the rest of a long name vanished
            elif self.allowed is None or self.allowed(ch):
                self.value += ch
            else:       # a letter typed into the seed vanished without a word
                self.refusal = "Only digits here" if self.allowed is str.isdigit else f"“{ch}” cannot be typed here"
        if self.value != before:
            self._commit()          # live: a click elsewhere may never reach this field to finish it

    def _commit(self) -> None:
        if self.on_change:
            self.on_change(self.value)

    def focus(self) -> None:
        """Start typing here with the whole text selected (Tab from the field before)."""
        self._set_focus(True)
        self.all_selected = bool(self.value)

    def finish(self) -> None:
        """Stop typing and hand over what is shown (a click that another control took, a button that
        acts on the field's value)."""
        if self.focused:
            self._set_focus(False)
            self._commit()

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, (252, 246, 228) if self.focused else (244, 234, 210), self.rect, border_radius=4)
        pygame.draw.rect(surface, theme.GOLD if self.focused else theme.WOOD_DARK, self.rect, 2, border_radius=4)
        room = self.rect.w - 16
        if self.focused:
            label = text(self.value, self.size, theme.INK)
        else:                   # finished and too long for the box: shown shortened with an ellipsis, not cut
            size, shown = fit_label(self.value, self.size, room, "body")
            label = text(shown, size, theme.INK)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-8, -4))
        r = label.get_rect(midleft=(self.rect.x + 8, self.rect.centery))
        if self.focused and r.w + 4 > room:     # typing past the box's end: the end of the text and the cursor stay
            r.right = self.rect.x + 8 + room - 4    # in view (the start slides out at the left)
        if self.focused and self.all_selected:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(4, 2), border_radius=3)
        surface.blit(label, r)
        if self.focused and self._blink < 0.55:
            pygame.draw.line(surface, theme.INK, (r.right + 2, r.y + 2), (r.right + 2, r.bottom - 2), 2)
        surface.set_clip(clip)


def text_fields(widgets_: Sequence[Widget]) -> list[TextField]:
    """The text fields among ``widgets_`` and their parts (a typeable Spinner's entry)."""
    found = []
    for widget in widgets_:
        if isinstance(widget, TextField):
            found.append(widget)
        found.extend(text_fields(getattr(widget, "parts", ())))
    return found


class Toast:
    """A short message that fades out on its own: by default a refusal or a problem (e.g. why a click was
    illegal), drawn red; ``show(..., info=True)`` for news (a save, a roll, a vote), drawn in dark wood."""

    MAX_LINES = 3

    def __init__(self, duration: float = 2.5, fade: float = 0.6) -> None:
        self.duration, self.fade = duration, fade
        self.message = ""
        self.info = False
        self.age = 0.0
        self.rect = pygame.Rect(0, 0, 0, 0)     # where it was last drawn (a click there opens a cited rule)

    def show(self, message: str, info: bool = False) -> None:
        self.message, self.info, self.age = message, info, 0.0

    @property
    def visible(self) -> bool:
        return bool(self.message) and self.age < self.duration

    @property
    def colour(self) -> tuple[int, int, int, int]:
        return (58, 40, 24, 235) if self.info else (120, 24, 18, 230)

    @property
    def alpha(self) -> int:
        if not self.visible:
            return 0
        left = self.duration - self.age
        return 255 if left >= self.fade else int(255 * left / self.fade)

    def update(self, dt: float) -> None:
        if self.message:
            self.age += dt
            if self.age >= self.duration:
                self.message = ""

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        from game.ui.kit.rich_text import render
        from game.ui.menus.rulebook import cited_rule
        rule = cited_rule(self.message)
        message = self.message + (f"   · click: read {rule}" if rule else "")
        room = min(surface.get_width() - theme.px(60), theme.px(1000))
        lines = wrap(message, theme.px(18), room, "bold")        # a long message on up to three lines
        if len(lines) > self.MAX_LINES:                          # (on one, its middle was cut off)
            lines = lines[:self.MAX_LINES - 1] + [" ".join(lines[self.MAX_LINES - 1:])]
        rendered = []
        for line in lines:
            size, line = fit_label(line, theme.px(18), room)
            rendered.append(render(line, size, theme.CREAM, "bold", (0, 0, 0)))
        label = pygame.Surface((max(r.get_width() for r in rendered), sum(r.get_height() for r in rendered)),
                               pygame.SRCALPHA)
        y = 0
        for r in rendered:
            label.blit(r, r.get_rect(midtop=(label.get_width() // 2, y)))
            y += r.get_height()
        rect = label.get_rect().inflate(theme.px(40), theme.px(20))
        rect.midbottom = (surface.get_width() // 2, surface.get_height() - theme.px(90))
        self.rect = rect
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(box, self.colour, box.get_rect(), border_radius=10)
        pygame.draw.rect(box, (240, 200, 120, 255), box.get_rect(), 2, border_radius=10)
        box.blit(label, label.get_rect(center=box.get_rect().center))
        box.set_alpha(self.alpha)
        surface.blit(box, rect)
