"""Modal dialogs and the dice pop-ups of the game screen.

A ``Dialog`` is a parchment panel with a title, some lines (emoji allowed),
optional rows (a label with its own button, e.g. one per item to pick up), an
optional number picker (``Spinner``) and a row of buttons. It owns its widgets
and never touches the game: its callbacks are the scene's, which submit
actions through the session.

``DicePopups`` shows the dice of board interactions (🐎 rolls, monster
reactions, caches, items, mine guardians …): each die tumbles for a moment,
then settles on the engine's face.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

import pygame

from game.ui.kit import icons, textures, theme, widgets
from game.ui.kit.dice_art import die_face
from game.ui.kit.rich_text import render


class Dialog:
    def __init__(self, title: str, lines: list[str] | tuple = (), buttons: list | tuple = (),
                 rows: list | tuple = (), spinner: widgets.Spinner | None = None, width: int = 480,
                 cancel: Callable[[], None] | None = None, key: object = None, icon: str | None = None,
                 enter_answers: bool = True) -> None:
        self.title, self.lines, self.width, self.icon = title, list(lines), width, icon
        # False for a question with no safe default (an alliance, a vote): the Enter that dismissed the
        # notice before it must not answer it
        self.enter_answers = enter_answers
        self.buttons: list[widgets.Button] = [b if isinstance(b, widgets.Button) else widgets.Button(b[0], b[1], size=17)
                                              for b in buttons]
        self.rows: list[tuple[str, widgets.Button]] = list(rows)
        self.spinner = spinner
        self.cancel = cancel
        self.key = key            # what the dialog answers (e.g. the pending decision), to avoid rebuilding it
        self.rect = pygame.Rect(0, 0, width, 200)

    @property
    def widgets(self) -> list[widgets.Widget]:
        out: list[widgets.Widget] = [b for _, b in self.rows] + self.buttons
        if self.spinner is not None:
            out.append(self.spinner)
        return out

    def button(self, label: str) -> widgets.Button | None:
        return next((b for b in self.buttons if b.label == label), None)

    def shown_lines(self) -> list[str]:
        """The lines wrapped to the dialog's width (at a larger text size a line ran past its edge)."""
        return [part for line in self.lines for part in (widgets.wrap(line, 16, self.width - 52) or [""])]

    def layout(self, size: tuple[int, int], area: pygame.Rect | None = None) -> None:
        area = area or pygame.Rect(0, 0, *size)
        lines = len(self.shown_lines())
        h = 70 + 28 * lines + 44 * len(self.rows) + (64 if self.spinner else 0) + 78
        self.rect = pygame.Rect(0, 0, self.width, min(h, size[1] - 40))
        self.rect.center = area.center
        y = self.rect.y + 64 + 28 * lines + 6
        for _, b in self.rows:
            b.rect = pygame.Rect(self.rect.right - 190, y, 166, 36)
            y += 44
        if self.spinner is not None:
            self.spinner.rect = pygame.Rect(self.rect.centerx - 110, y + 10, 220, 42)
            self.spinner._place()
            y += 64
        n = max(1, len(self.buttons))
        bw = min(200, (self.width - 40 - 12 * (n - 1)) // n)
        x = self.rect.centerx - (bw * n + 12 * (n - 1)) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, self.rect.bottom - 64, bw, 46)
            x += bw + 12

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Modal: every mouse and key event stops here; Enter or Space (the key that goes on) answers with
        the first button unless the question has no default, Esc cancels."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.cancel:
                self.cancel()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.buttons and self.enter_answers:
                self.buttons[0].click()
            return True
        for w in self.widgets:
            if w.visible and w.handle_event(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        textures.dim(surface, 110)
        shadow = textures.shadow(self.rect.w, self.rect.h, radius=14)
        surface.blit(shadow, shadow.get_rect(center=(self.rect.centerx + 4, self.rect.centery + 8)))
        textures.draw_panel(surface, self.rect, "parchment", radius=14)
        pygame.draw.rect(surface, theme.WOOD_DARK, self.rect, 3, border_radius=14)
        x = self.rect.x + 24
        if self.icon:
            img = icons.icon(self.icon, 34)
            surface.blit(img, (x, self.rect.y + 16))
            x += 44
        title = widgets.text(self.title, 24, theme.INK, "heading")
        surface.blit(title, (x, self.rect.y + 18))
        y = self.rect.y + 64
        for line in self.shown_lines():
            img = render(line, 16, theme.INK, "body")
            surface.blit(img, (self.rect.x + 26, y))
            y += 28
        y += 6
        for text, b in self.rows:
            img = render(text, 16, theme.INK, "bold")
            surface.blit(img, img.get_rect(midleft=(self.rect.x + 26, b.rect.centery)))
            pygame.draw.line(surface, (200, 178, 136), (self.rect.x + 22, b.rect.bottom + 4),
                             (self.rect.right - 22, b.rect.bottom + 4), 1)
            b.draw(surface)
        if self.spinner is not None:
            self.spinner.draw(surface)
        for b in self.buttons:
            b.draw(surface)


# --- dice ---------------------------------------------------------------------------------------
PURPOSE_TITLES = {
    "movement": "🐎 roll", "monster_reaction": "🧟 Monster reaction", "monster_count": "🧟 How many",
    "mine_guard": "⚒️ Mine guardians?", "guardians": "⚒️ Guardians", "mine_resource": "⚒️ Mine resource",
    "cache_size": "💰 Cache size", "cache_amount": "💰 Cache", "resource_type": "💰 Resource",
    "item_type": "🎁 Item type", "item_rarity": "🎁 Rarity", "neutral_defenders": "🏰 Defenders",
    "token_roll": "🎲 Daybreak token?", "token_kind": "🎲 Token kind", "vote_tie": "🎲 Vote tie",
}


@dataclass(frozen=True)
class DicePace:
    """How a dice card keeps time at one computer speed (seconds). Every part scales with the speed: at the
    fast speed the cards tumbled, waited their turn and faded as slowly as at the normal one, so they piled
    up and trailed the game by seconds (and stood still while a hero walked)."""
    life: float            # on screen, from popping up to gone
    tumble: float          # the dice roll before settling on the engine's faces
    fade: float            # the end of its life, fading out
    gap: float             # before the next card may pop up below it
    late: float | None     # how long after its roll a card may still be on screen (None: no limit, none skipped)
    read: float = 0.0      # settled this long at least, else a late card is not shown at all (the log has it)


PACES = {"normal": DicePace(life=2.4, tumble=0.45, fade=0.4, gap=0.25, late=None),
         "fast": DicePace(life=1.1, tumble=0.2, fade=0.2, gap=0.1, late=1.5, read=0.3)}
MOST_SHOWN = 3             # cards on screen at once
DIE = 40                   # a die's size on a card


@dataclass
class DiceRoll:
    """A roll shown in the dice pop-up: its faces, total and what it decided."""
    title: str
    faces: list[int]
    sides: int
    total: int
    note: str = ""
    age: float = 0.0       # seconds on screen
    waited: float = 0.0    # seconds queued before it popped up (not counted while held for a walk)
    arrival: bool = False  # rolled where a walking hero arrives: held back until it gets there
    cut: float | None = None   # the age it goes at, having given way to the rolls after it
    jitter: list[int] = field(default_factory=list)

    def end(self, pace: DicePace) -> float:
        """Its age when it goes: its life, less the time it waited where the pace keeps to the game."""
        end = pace.life if pace.late is None else min(pace.life, pace.late - self.waited)
        return end if self.cut is None else min(end, self.cut)


def dice_note(data: dict) -> str:
    """What the roll decided, in words (the log's wording)."""
    from game.narration import roll_outcome
    return roll_outcome(data)


class DicePopups:
    """Dice cards at the top of the board: tumble, settle, fade, at the pace of the computer speed."""

    def __init__(self, speed: str = "normal") -> None:
        self.pace = PACES.get(speed, PACES["normal"])
        self.rolls: list[DiceRoll] = []
        self.queue: list[DiceRoll] = []
        self._rng = random.Random(7)
        self._x: int | None = None        # where the column of cards on screen stands, kept until it empties

    def add_event(self, data: dict, who: str = "", arrival: bool = False) -> None:
        """Queue a dice event's card; ``arrival``: rolled where a walking hero arrives (a cache, a monster)."""
        purpose = data.get("purpose", "")
        if purpose in ("battle", "anchor"):
            return
        expr = str(data.get("expr", ""))
        sides = _die_sides(expr)
        title = PURPOSE_TITLES.get(purpose, "🎲 Roll")
        if who:
            title = f"{who}: {title}"
        self.queue.append(DiceRoll(title, list(data.get("faces", [])), sides, int(data.get("total", 0)),
                                   f"{expr} = {data.get('total')}" + (f" · {dice_note(data)}" if dice_note(data) else ""),
                                   arrival=arrival))

    @property
    def busy(self) -> bool:
        return bool(self.rolls or self.queue)

    def clear(self) -> None:
        self.rolls.clear()
        self.queue.clear()

    def drop_waiting(self) -> None:
        """Forget the rolls not shown yet (the log keeps them): at the fast computer speed a computer's
        rolls queued up and popped up one after another while the human to play next was deciding. (At the
        normal speed a computer waits for its dice, and its last rolls show before the human's turn.)"""
        self.queue.clear()

    def update(self, dt: float, speed: str = "normal", walking: bool = False) -> None:
        """Age the cards by ``dt`` at ``speed``'s pace and pop up the next ones. While a hero is ``walking``
        the rolls of its arrival wait for it to get there; the cards shown go on ageing (they stood still
        through every walk, and a hero's 🐎 roll popped up only once it had walked)."""
        pace = self.pace = PACES.get(speed, PACES["normal"])
        for roll in self.rolls:
            roll.age += dt
        self.rolls = [r for r in self.rolls if r.age < r.end(pace)]
        for roll in self.queue:
            if walking and roll.arrival:
                continue
            roll.arrival = False
            roll.waited += dt
        if pace.late is not None:          # too late to settle and be read: the log tells it
            self.queue = [r for r in self.queue if r.end(pace) >= pace.tumble + pace.read]
        while not self.rolls or self.rolls[-1].age > pace.gap:
            ready = next((r for r in self.queue if not r.arrival), None)
            if ready is None:
                break
            standing = [r for r in self.rolls if r.cut is None]
            if len(standing) >= MOST_SHOWN:
                if pace.late is None or standing[0].age < pace.tumble + pace.read:
                    break
                standing[0].cut = standing[0].age + pace.fade     # read: it fades out for the next one
            self.queue.remove(ready)
            self.rolls.append(ready)

    def draw(self, surface: pygame.Surface, top: int, centre_x: int, others: Sequence[int] = (),
             avoid: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
        """The cards, one under the other from ``top``, centred on ``centre_x``, or on the first of ``others``
        where they hide fewer of ``avoid``'s rectangles (the heroes the rolls are about: a hero's 🐎 roll hid
        the hero, when its player looks for where to go). The column stays where it stood while a card is on
        screen. Returns the cards' rectangles."""
        if not self.rolls:
            self._x = None
            return []
        if self._x is None:
            self._x = self._place(top, (centre_x, *others), avoid)
        y, pace, drawn = top, self.pace, []
        for roll in self.rolls:
            card = self._card(roll)
            left = roll.end(pace) - roll.age
            card.set_alpha(255 if left > pace.fade else int(255 * max(0.0, left / pace.fade)))
            drawn.append(surface.blit(card, card.get_rect(midtop=(self._x, y))))
            y += card.get_height() + 8
        return drawn

    def _place(self, top: int, centres: Sequence[int], avoid: Sequence[pygame.Rect]) -> int:
        """The first of ``centres`` where the column, as tall as the cards shown and those coming (at most
        ``MOST_SHOWN``), hides the fewest of ``avoid``."""
        coming = (self.rolls + self.queue)[:max(MOST_SHOWN, len(self.rolls))]
        sizes = [self._size(roll) for roll in coming]
        w, h = max(w for w, _ in sizes), sum(h + 8 for _, h in sizes)
        return min(centres, key=lambda x: len(pygame.Rect(x - w // 2, top, w, h).collidelistall(list(avoid))))

    @staticmethod
    def _size(roll: DiceRoll) -> tuple[int, int]:
        """A card's size once its dice have settled."""
        return _card_size(render(roll.title, 16, theme.INK, "bold"), render(roll.note, 14, theme.INK_SOFT, "body"),
                          len(roll.faces[:8]))

    def _card(self, roll: DiceRoll) -> pygame.Surface:
        tumbling = roll.age < self.pace.tumble
        faces = [self._rng.randint(1, 10) * 10 if roll.sides == 100 else self._rng.randint(1, max(2, roll.sides))
                 for _ in roll.faces] if tumbling else roll.faces
        faces = faces[:8]
        die = DIE
        title = render(roll.title, 16, theme.INK, "bold")
        note = render(roll.note, 14, theme.INK_SOFT, "body") if not tumbling else render("rolling…", 14, theme.INK_SOFT)
        w, h = _card_size(title, note, len(faces))
        card = pygame.Surface((w, h), pygame.SRCALPHA)
        textures.draw_panel(card, card.get_rect(), "parchment", radius=10)
        pygame.draw.rect(card, theme.WOOD_DARK, card.get_rect(), 2, border_radius=10)
        card.blit(title, title.get_rect(midtop=(w // 2, 6)))
        x = w // 2 - (len(faces) * (die + 6) - 6) // 2
        wobble = 0
        for face in faces:
            if tumbling:
                wobble = self._rng.randint(-4, 4)
            card.blit(die_face(roll.sides, face, die), (x, 28 + wobble))
            x += die + 6
        card.blit(note, note.get_rect(midtop=(w // 2, 28 + die + 10)))
        return card


def _card_size(title: pygame.Surface, note: pygame.Surface, faces: int) -> tuple[int, int]:
    """A dice card's size: its title, its row of dice and its note, with margins."""
    return max(title.get_width(), note.get_width(), faces * (DIE + 6)) + 36, 26 + DIE + 12 + note.get_height() + 12


def _die_sides(expr: str) -> int:
    """The faces of the die an expression rolls ("1d20" → 20, "1dP" → 100), 6 when it is no dice text."""
    from game.engine.dice import Dice
    try:
        dice = Dice.parse(expr)
    except ValueError:
        return 6
    return 100 if dice.percentile else dice.sides
