"""The Rules screen: the rulebook for the current mode, with sections, scrolling and search.

``RulesScene(mode, rule_id=None)`` opens over any screen; with ``rule_id`` it
scrolls to that rule and lights it.  ``open_rule(scene, text)`` opens the rule
a refusal message or tooltip cites.  Mouse: click a section on the left, the
wheel or the scroll bar scrolls, type in the search box, click a search result
to read it in place.  Keys: arrows/PgUp/PgDn/Home/End scroll, Ctrl+F or ``/``
searches, Esc closes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from game.ui.kit import textures, theme, widgets
from game.ui.kit.rich_text import render
from game.ui.menus import rulebook
from game.ui.kit.scene import Scene
from game.ui.kit.theme import px
from game.ui.menus.base import OverlayScene

TOC_W = 250
BODY_SIZE = 16
LINE_GAP = 4
MODES = ("normal", "campaign")
_NO_EMOJI = re.compile(r"\s*\(?[\U0001F000-\U0001FFFF\u2600-\u27BF\uFE0F]+\)?")


def _rich_wrap(text: str, size: int, width: int, style: str = "body") -> list[str]:
    """Lines of at most ``width`` pixels as drawn: emoji are icons, wider than the font's own measure
    (which ``widgets.wrap`` uses), and the Campaign costs are full of them."""
    font = theme.font(size, style)
    space = font.size(" ")[0]
    lines, line, used = [], [], 0
    for word in text.split():
        w = font.size(word)[0] if word.isascii() else render(word, size, theme.INK, style).get_width()
        if line and used + space + w > width:
            lines.append(" ".join(line))
            line, used = [], 0
        used += (space if line else 0) + w
        line.append(word)
    return lines + ([" ".join(line)] if line else [])


@dataclass
class Line:
    text: str
    size: int
    style: str
    colour: tuple
    at: tuple[int, int] | None       # (section, block) it belongs to
    indent: int = 0
    gap_before: int = 0


class RulesScene(OverlayScene):
    title = "Rules"
    panel_size = (1200, 700)

    def __init__(self, mode: str = "normal", rule_id: str | None = None, sections=None) -> None:
        super().__init__()
        self.book = sections if sections is not None else rulebook.load()
        self.mode = mode if mode in MODES else "normal"
        self.lit: tuple[int, int] | None = None
        self.scroll = 0
        self.query = ""
        self.lines: list[Line] = []
        self.tops: list[int] = []                 # y of each line inside the text
        self.toc_buttons: list[widgets.Button] = []
        self.search_box = widgets.TextField("", rect=(0, 0, 0, 0), max_len=40, size=16,
                                            tooltip="Search the rules: words or a rule ID (Ctrl+F)")
        self.mode_toggle = widgets.Toggle(["Normal", "Campaign"], MODES.index(self.mode), self._set_mode, size=14)
        self.back = widgets.Button("Back", self.close, size=17, tooltip="Back to the game (Esc)")
        self.clear_button = widgets.Button("×", self.clear_search, size=16, tooltip="Clear the search")
        self._dragging = False
        self._pending_rule = rule_id

    # the book -------------------------------------------------------------------------
    @property
    def sections(self) -> list[rulebook.Section]:
        return rulebook.for_mode(self.book, self.mode)

    def _set_mode(self, index: int) -> None:
        self.mode = MODES[index]
        self.lit = None
        self.scroll = 0
        self._rebuild()

    def show_rule(self, rule_id: str) -> bool:
        """Scroll to a rule and light it (switching to Campaign for a Campaign rule)."""
        self.clear_search()
        found = rulebook.find_rule(self.sections, rule_id)
        if found is None and rulebook.find_rule(self.book, rule_id) is not None:
            self.mode_toggle.index = MODES.index("campaign")
            self._set_mode(self.mode_toggle.index)
            found = rulebook.find_rule(self.sections, rule_id)
        if found is None:
            self.toast.show(f"{rule_id} is not in the rulebook")
            return False
        self.lit = found
        self._rebuild()
        self.scroll_to(found)
        return True

    def clear_search(self) -> None:
        self.search_box.value = ""
        self.query = ""
        self._rebuild()

    def scroll_to(self, at: tuple[int, int] | int) -> None:
        """Scroll so a section (its index) or a block ((section, block)) is near the top."""
        for line, top in zip(self.lines, self.tops):
            if line.at == at or (isinstance(at, int) and line.at is not None and line.at[0] == at):
                self.scroll = top - 12
                break
        self._clamp()

    # text lines ------------------------------------------------------------------------------
    def _rebuild(self) -> None:
        if not hasattr(self, "text_rect"):
            return
        width = self.text_rect.w - 50      # room for the scroll bar
        self.lines = []
        sections = self.sections
        if self.query:
            hits = rulebook.search(sections, self.query)
            count = f"{len(hits)} match{'es' if len(hits) != 1 else ''} for “{self.query}”"
            self.lines.append(Line(count + (" — click one to read it in place" if hits else ""), px(15), "bold",
                                   theme.INK_SOFT, None))
            shown = None
            for si, bi in hits:
                if si != shown:
                    shown = si
                    self.lines.append(Line(sections[si].title, px(20), "heading", theme.INK, None,
                                           gap_before=px(12)))
                self._block_lines(sections[si].blocks[bi], (si, bi), width)
        else:
            for si, section in enumerate(sections):
                size = px(26 if section.level == 1 else 21)
                self.lines.append(Line(section.title, size, "heading", theme.INK, (si, -1),
                                       gap_before=px(18) if si else 0))
                for bi, block in enumerate(section.blocks):
                    self._block_lines(block, (si, bi), width)
        self.tops, y = [], 0
        for line in self.lines:
            y += line.gap_before
            self.tops.append(y)
            y += theme.font(line.size, line.style).get_linesize() + LINE_GAP
        self.text_height = y
        self._rebuild_toc()
        self._clamp()

    def _block_lines(self, block: rulebook.Block, at: tuple[int, int], width: int) -> None:
        colour = theme.INK
        if block.rule_id:
            head = f"{block.rule_id}  {block.title}".strip()
            self.lines.append(Line(head, px(BODY_SIZE), "bold", (120, 52, 20), at, gap_before=px(8)))
            for part in _rich_wrap(block.text, px(BODY_SIZE), width - px(18)):
                self.lines.append(Line(part, px(BODY_SIZE), "body", colour, at, indent=px(18)))
            return
        for i, part in enumerate(_rich_wrap(block.text, px(BODY_SIZE), width)):
            self.lines.append(Line(part, px(BODY_SIZE), "body", colour, at, gap_before=px(8) if i == 0 else 0))

    def _rebuild_toc(self) -> None:
        x, y = self.panel.x + px(20), self.body_top
        sections = self.sections
        step = max(px(18), min(px(34), (self.back.rect.y - px(8) - y) // max(1, len(sections))))   # small: thinner
        self.toc_buttons = []
        for si, section in enumerate(sections):
            title = _NO_EMOJI.sub("", section.title)       # the buttons' font has no emoji
            label = title if len(title) <= 28 else title[:27] + "…"
            b = widgets.Button(label, (lambda i=si: self.goto_section(i)), rect=(x, y, px(TOC_W - 10), step - 4),
                               size=px(13) if step >= px(30) else px(11))
            self.toc_buttons.append(b)
            y += step
        self._sync_widgets()

    def goto_section(self, index: int) -> None:
        if self.query:
            self.clear_search()
        self.scroll_to(index)

    def _sync_widgets(self) -> None:
        self.clear_button.visible = bool(self.search_box.value)
        self.widgets = [self.mode_toggle, self.search_box, self.clear_button, self.back] + self.toc_buttons

    @property
    def max_scroll(self) -> int:
        return max(0, getattr(self, "text_height", 0) - self.text_rect.h + 24)

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    # scene -------------------------------------------------------------------------------------
    def layout(self, size) -> None:
        super().layout(size)
        self.scale_widgets([self.mode_toggle, self.search_box, self.clear_button, self.back])
        p = self.panel
        toc_w = px(TOC_W)
        self.body_top = p.y + px(76)
        self.back.rect = pygame.Rect(p.x + px(20), p.bottom - px(54), toc_w - px(10), px(40))
        self.mode_toggle.rect = pygame.Rect(p.right - px(250), p.y + px(22), px(230), px(34))
        search_w = min(px(340), self.mode_toggle.rect.x - px(50) - (p.x + toc_w + px(30)))
        self.search_box.rect = pygame.Rect(p.x + toc_w + px(30), p.y + px(22), search_w, px(34))
        self.clear_button.rect = pygame.Rect(self.search_box.rect.right + px(4), p.y + px(22), px(34), px(34))
        self.text_rect = pygame.Rect(p.x + toc_w + px(20), self.body_top, p.w - toc_w - px(40),
                                     p.bottom - self.body_top - px(16))
        self._rebuild()
        if self._pending_rule:
            rule, self._pending_rule = self._pending_rule, None
            self.show_rule(rule)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and not self.search_box.focused:
            step = {pygame.K_UP: -40, pygame.K_DOWN: 40, pygame.K_PAGEUP: -self.text_rect.h + 60,
                    pygame.K_PAGEDOWN: self.text_rect.h - 60, pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}
            if event.key in step:
                self.scroll += step[event.key]
                self._clamp()
                return True
            if event.key == pygame.K_SLASH or event.key == pygame.K_f and event.mod & pygame.KMOD_CTRL:
                self.search_box._set_focus(True)
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * 48
            self._clamp()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._scrollbar().collidepoint(event.pos):
            self._dragging = True
            self._drag_to(event.pos[1])
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self._drag_to(event.pos[1])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        used = super().handle_event(event)
        if not used and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.query:
                self._open_result_at(event.pos)
            else:
                self._follow_citation_at(event.pos)
        return used

    def _follow_citation_at(self, pos) -> None:
        """A click on a line that names another rule (``see R-DAY-3``) goes to that rule."""
        line = self.line_at(pos)
        if line is None or line.at is None or line.at[1] < 0:
            return
        own = self.sections[line.at[0]].blocks[line.at[1]].rule_id
        cited = [r for r in rulebook.RULE_ID.findall(line.text) if r != own]
        if cited:
            self.show_rule(cited[0])

    def update(self, dt: float) -> None:
        super().update(dt)
        typed = self.search_box.value.strip()
        if typed != self.query:
            self.query = typed
            self.scroll = 0
            self._rebuild()

    def _open_result_at(self, pos) -> None:
        line = self.line_at(pos)
        if line is not None and line.at is not None and line.at[1] >= 0:
            si, bi = line.at
            self.clear_search()
            self.lit = (si, bi)
            self.scroll_to((si, bi))

    def line_at(self, pos) -> Line | None:
        if not self.text_rect.collidepoint(pos):
            return None
        y = pos[1] - self.text_rect.y - 12 + self.scroll
        for line, top in zip(self.lines, self.tops):
            if top <= y < top + theme.font(line.size, line.style).get_linesize() + LINE_GAP:
                return line
        return None

    def _scrollbar(self) -> pygame.Rect:
        r = self.text_rect
        return pygame.Rect(r.right - 14, r.y + 6, 10, r.h - 12)

    def _drag_to(self, y: int) -> None:
        bar = self._scrollbar()
        self.scroll = int((y - bar.y) / max(1, bar.h) * (self.max_scroll + 1))
        self._clamp()

    # drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_below(surface)
        textures.draw_panel(surface, self.panel, "parchment", radius=16)
        title = widgets.text("Rules", px(30), theme.INK, "title")
        surface.blit(title, (self.panel.x + px(24), self.panel.y + px(20)))
        pygame.draw.rect(surface, (244, 234, 208), self.text_rect, border_radius=10)
        pygame.draw.rect(surface, (170, 140, 96), self.text_rect, 2, border_radius=10)
        self._draw_text(surface)
        self._draw_scrollbar(surface)
        for b in self.toc_buttons:
            b.selected = self._section_on_top() == self.toc_buttons.index(b)
        Scene.draw(self, surface)
        if not self.search_box.value and not self.search_box.focused:
            hint = widgets.text("Search the rules…", px(15), (150, 128, 96))
            surface.blit(hint, hint.get_rect(midleft=(self.search_box.rect.x + 10, self.search_box.rect.centery)))

    def _section_on_top(self) -> int | None:
        current = None
        for line, top in zip(self.lines, self.tops):
            if top > self.scroll + 20:
                break
            if line.at is not None:
                current = line.at[0]
        return current

    def _draw_text(self, surface: pygame.Surface) -> None:
        r = self.text_rect
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-4, -4))
        origin = r.y + 12 - self.scroll
        for line, top in zip(self.lines, self.tops):
            y = origin + top
            height = theme.font(line.size, line.style).get_linesize()
            if y + height < r.y:
                continue
            if y > r.bottom:
                break
            if self.lit is not None and line.at == self.lit and not self.query:
                pygame.draw.rect(surface, (255, 236, 160), (r.x + 8, y - 2, r.w - 30, height + LINE_GAP))
            elif self.query and line.at is not None and self.line_at(self.mouse) is line:
                pygame.draw.rect(surface, (236, 220, 180), (r.x + 8, y - 2, r.w - 30, height + LINE_GAP))
            img = render(line.text, line.size, line.colour, line.style)
            surface.blit(img, (r.x + px(18) + line.indent, y))
        surface.set_clip(clip)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.max_scroll <= 0:
            return
        bar = self._scrollbar()
        pygame.draw.rect(surface, (214, 196, 160), bar, border_radius=5)
        visible = self.text_rect.h / (self.text_height + 24)
        thumb_h = max(30, int(bar.h * visible))
        y = bar.y + int((bar.h - thumb_h) * self.scroll / self.max_scroll)
        pygame.draw.rect(surface, theme.WOOD, (bar.x, y, bar.w, thumb_h), border_radius=5)


def current_mode(scene) -> str:
    """The mode of the game on screen (or chosen on the title screen)."""
    for holder in (scene, getattr(scene, "below", None), getattr(scene, "game", None)):
        state = getattr(holder, "state", None)
        if state is not None and getattr(state, "rules", None) is not None:
            return state.rules.mode
    mode = getattr(scene, "mode", None)        # the title screen's Normal/Campaign choice
    return mode if mode in MODES else "normal"


def open_rules(scene, rule_id: str | None = None) -> RulesScene:
    rules = RulesScene(current_mode(scene), rule_id)
    scene.push(rules)
    return rules


def open_rule(scene, text: str | None) -> bool:
    """Open the rule that ``text`` (a refusal, a tooltip) cites; False when it cites none."""
    rule_id = rulebook.cited_rule(text)
    if rule_id is None:
        return False
    if isinstance(scene, RulesScene):
        scene.show_rule(rule_id)
    else:
        open_rules(scene, rule_id)
    return True
