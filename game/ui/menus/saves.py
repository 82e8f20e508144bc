"""Saving and loading games: the saves folder, the Save and Load dialogs, Continue.

Saves are the engine's atomic JSON files in ``saves_dir()``:
``$FUZZYKNIGHTS_SAVES``, else ``$XDG_DATA_HOME/fuzzyknights/saves``, else
``~/.local/share/fuzzyknights/saves``. A named save keeps the player's name
(any language) as its file name and asks before writing over another save.
Autosaves belong to their game (``game.ui.progress``). The list shows every
file: a damaged one says why, and nothing in the folder can crash a dialog.
"""
from __future__ import annotations

import os
import re
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.ui.kit import theme, widgets
from game.ui.menus.base import OverlayScene, blit_wrapped
from game.ui.kit.rich_text import render
from game.ui.kit.scene import Scene
from game.ui.kit.theme import px
from game.userdata import saves_dir

# The engine's save code is imported where it is used: the title screen imports this module
# for its Continue and Load buttons and must not wait for the whole engine to load.

MAX_NAME = 40                 # characters of a save's name
_NOT_IN_FILE_NAMES = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')
_DEVICE_NAMES = {"CON", "PRN", "AUX", "NUL", *(f"{port}{n}" for port in ("COM", "LPT") for n in range(1, 10))}


@dataclass
class SaveInfo:
    path: Path
    name: str
    day: int | None = None
    map_name: str = ""
    players: str = ""
    mode: str = ""
    when: float = 0.0
    problem: str = ""        # set when the file is not a readable save
    game: str | None = None  # the game it belongs to
    over: bool = False

    @property
    def autosave(self) -> bool:
        return self.path.name.startswith("autosave")

    @property
    def summary(self) -> str:
        if self.problem:
            return f"Damaged: {self.problem}"
        day = "Game over" if self.over else f"Day {self.day}"
        return f"{day} · {self.map_name} · {self.players} · {self.mode.title()}"

    @property
    def stamp(self) -> str:
        return time.strftime("%d %b %Y %H:%M", time.localtime(self.when)) if self.when else ""


def display_name(path: Path) -> str:
    from game.engine.save import AUTOSAVE_NAME
    match = AUTOSAVE_NAME.fullmatch(path.name)
    if match:
        return f"Autosave, Day {int(match['day'])}" if match["day"] else "Autosave (latest)"
    return path.stem.replace("_", " ")


def read_info(path: Path) -> SaveInfo:
    """What the list shows of one file; never raises (a damaged file says why)."""
    from game.engine.save_checks import SaveError, describe, read_save_data
    info = SaveInfo(path, display_name(path))
    try:
        info.when = os.stat(path).st_mtime
        about = describe(read_save_data(path))
    except SaveError as error:
        info.problem = str(error)
    except OSError as error:
        info.problem = f"cannot read it: {error.strerror or error}"
    except Exception as error:   # a save is outside input: the dialogs showing it must never fall over
        info.problem = f"not a Fuzzy Knights save ({type(error).__name__})"
    else:
        info.day, info.map_name, info.mode = max(1, about["day"]), about["map"], about["mode"]
        info.players, info.game, info.over = ", ".join(about["players"]), about["game"], about["over"]
    return info


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the folder, newest first."""
    from game.engine.save import remove_stale_temp_files
    folder = Path(folder) if folder is not None else saves_dir()
    try:
        if not folder.is_dir():
            return []
        paths = [p for p in folder.glob("*.json") if not p.name.startswith(".")]
    except OSError:
        return []
    remove_stale_temp_files(folder)
    infos = [read_info(p) for p in paths]
    return sorted(infos, key=lambda i: (i.when, i.path.name), reverse=True)


def by_game(saves: list[SaveInfo]) -> list[SaveInfo]:
    """The Load list's order: games newest first, each game's autosaves together (its latest state,
    then its Daybreaks, the last Day first); a named save stands on its own."""
    games = {info.path: autosave_game(info.path) for info in saves}

    def group(info: SaveInfo) -> str:
        game = games[info.path]
        return f"game {game}" if game else f"file {info.path.name}"

    def day(info: SaveInfo) -> int:
        daybreak = autosave_day(info.path)
        return 10 ** 9 if daybreak is None else daybreak     # the latest state first
    newest: dict[str, float] = {}
    for info in saves:
        newest[group(info)] = max(newest.get(group(info), 0.0), info.when)
    return sorted(saves, key=lambda i: (-newest[group(i)], group(i), -day(i), -i.when))


def autosave_day(path: Path) -> int | None:
    """The Day of an autosave made at a Daybreak (``autosave-<game>-dayNNN.json``); None for any other file."""
    from game.engine.save import AUTOSAVE_NAME
    match = AUTOSAVE_NAME.fullmatch(path.name)
    return int(match["day"]) if match and match["day"] else None


def daybreak_autosave(info: SaveInfo) -> bool:
    """An autosave made at a Daybreak (shown under its game's latest autosave)."""
    return autosave_day(info.path) is not None


def autosave_game(path: Path) -> str | None:
    """The game an autosave belongs to (``autosave-<game>[-dayNNN].json``); None for any other file."""
    from game.engine.save import AUTOSAVE_NAME
    match = AUTOSAVE_NAME.fullmatch(path.name)
    return match["game"] if match else None


def has_saves(folder: Path | None = None) -> bool:
    """Any file that looks like a save (the title's Continue and Load buttons)."""
    folder = Path(folder) if folder is not None else saves_dir()
    try:
        return any(not p.name.startswith(".") for p in folder.glob("*.json"))
    except OSError:
        return False


def file_name(name: str) -> str:
    """The save's file name: the player's own name (any script), minus what file names cannot hold."""
    text = unicodedata.normalize("NFC", name)
    text = _NOT_IN_FILE_NAMES.sub("", text).strip().strip(".").replace(" ", "_")[:MAX_NAME] or "save"
    if text.lower().startswith("autosave") or text.split(".")[0].upper() in _DEVICE_NAMES:
        text = "my_" + text          # autosave-… names belong to the autosaves (and their pruning), and
                                     # CON, NUL, COM1 … are devices on Windows, whatever follows the dot
    return f"{text}.json"


def name_changes(name: str) -> str:
    """What ``file_name`` changed of a typed name, said after "Saved as …" ('' when nothing was)."""
    text = unicodedata.normalize("NFC", name).strip()
    said = []
    gone = dict.fromkeys(c for c in text if c.isprintable() and _NOT_IN_FILE_NAMES.fullmatch(c))
    if gone:
        said.append(f"{' '.join(gone)} cannot be in a name")
    if len(_NOT_IN_FILE_NAMES.sub("", text).strip().strip(".")) > MAX_NAME:
        said.append(f"cut to {MAX_NAME} letters")
    return f" ({'; '.join(said)})" if said else ""


def default_save_name(state) -> str:
    board = getattr(state.board, "title", "") or "game"
    return f"{board} day {max(1, state.day)}"


def save_path(name: str, folder: Path | None = None) -> Path:
    return (Path(folder) if folder is not None else saves_dir()) / file_name(name)


def save_to(state, name: str, folder: Path | None = None, game_id: str | None = None,
            routes: dict | None = None) -> Path:
    from game.engine import save_game
    path = save_path(name, folder)
    save_game(state, path, game_id=game_id, routes=routes)
    return path


def autosave_now(session_or_state, folder: Path | None = None) -> Path | None:
    """This Day's autosave of the session's game; a failure is kept for ``tell_save_problem``."""
    session = session_or_state if hasattr(session_or_state, "autosaver") else None
    if session is None:
        from game.ui.progress import Autosaver
        saver, state = Autosaver(folder=folder), session_or_state
    else:
        saver, state = session.autosaver, session.state
        if folder is not None:
            saver.folder = folder
    return saver.daybreak(state)


def tell_save_problem(scene: Scene) -> bool:
    """Once per failure: a dialog over ``scene`` saying the game is not being saved, and why."""
    session = getattr(scene, "session", None)
    news = session.autosaver.news() if session is not None else None
    if news is None or scene.app is None:
        return False
    scene.push(Notice("Autosave failed", news))
    return True


def _holds_all_of(path: Path, latest: Path) -> bool:
    """Whether the save at ``path`` holds every action of the game's latest autosave (a save made at, or
    after, that state): loading it goes on as the same game, with no second "Autosave (latest)"."""
    from game.engine.save_checks import SaveError, read_save_data
    try:
        mine, theirs = read_save_data(path).get("actions"), read_save_data(latest).get("actions")
    except (SaveError, OSError, AttributeError):
        return False
    return isinstance(mine, list) and isinstance(theirs, list) and mine[:len(theirs)] == theirs


def load_session(path: Path, folder: Path | None = None, up_to: int | None = None):
    """A GameSession of the saved game; raises SaveError with the reason.

    The game keeps its id (its autosaves go on) when this is its latest state;
    an older save of it goes on as a new game, so the later state is never overwritten.
    ``up_to``: only its first moves (a damaged save, SaveError.good_moves); it goes on as a new game,
    so the damaged file stays as it is.
    """
    from game.engine.save import autosave_path, load_save
    from game.engine.save_checks import SaveError
    from game.ui.session import GameSession
    try:
        loaded = load_save(path, up_to=up_to)
    except SaveError:
        raise
    except Exception as error:       # the loader's net missed it: still never a crash
        raise SaveError(f"{type(error).__name__}: {error}") from None
    game_id = None if loaded.cut else loaded.game_id
    if game_id is not None:
        latest = autosave_path(Path(folder) if folder is not None else Path(path).parent, game_id)
        if latest.exists() and latest.resolve() != Path(path).resolve() and not _holds_all_of(path, latest):
            game_id = None
    session = GameSession(loaded.state, events=loaded.events, game_id=game_id, routes=loaded.routes)
    session.loaded = True          # the events are the game's past: the screen logs them, plays none of them
    if game_id is not None and Path(path).name == latest.name:
        session.autosaver.saved(loaded.state)
    return session


def cover_for_next_human(game: Scene) -> None:
    """A loaded hotseat game opens on the handoff cover: the next human must take the mouse first."""
    state = game.session.state
    humans = [seat for seat, p in state.players.items() if p.kind == "human"]
    if len(humans) > 1 and state.phase != "over":
        game.last_human = 0          # no seat: whoever plays next gets the cover
        game.refresh()


def start_loaded(scene: Scene, path: Path, replace: Scene | None = None, then=None, failed=None) -> bool:
    """Load ``path``; on success the game screen of it replaces ``replace`` (or is pushed), then ``then()``.

    On failure ``scene`` shows the SaveError message and nothing else changes; when the save's early
    moves still replay, it offers to load the game as it stood before the move that does not.
    ``failed(error)`` hears of the failure first (the Load list marks the save with its reason).
    """
    from game.engine.save_checks import SaveError
    try:
        session = load_session(path)
    except SaveError as error:
        if failed is not None:
            failed(error)
        if error.good_moves:
            scene.push(LoadDamaged(path, error, replace, then))
            return False
        scene.toast.duration = 6.0
        scene.toast.show(f"Cannot load {display_name(Path(path))}: {error}")
        return False
    show_game(scene, session, replace)
    if then is not None:
        then()
    return True


def show_game(scene: Scene, session, replace: Scene | None = None):
    """The game screen of a loaded session, over ``scene`` or in place of ``replace``."""
    from game.ui.board.scene import GameScene
    game = GameScene(session)
    cover_for_next_human(game)
    app = scene.app
    if app is None:
        return game
    if replace is not None and replace in app.scenes:
        leaving = getattr(replace, "session", None)
        if leaving is not None:
            leaving.autosaver.flush(leaving.state)     # the game being left is kept exactly too
        while app.scene is not replace:
            app.pop()
        app.replace(game)
    else:
        app.push(game)
    return game


def continue_order(saves: list[SaveInfo]) -> list[SaveInfo]:
    """Continue's choice, first choice first: the newest save of a game still going, then the rest.
    A save made before its game was won is not "still going": Continue after a win went back to the
    Daybreak before the winning battle, to fight it again."""
    ended: dict[str, float] = {}                          # game -> when it was last saved finished
    for info in saves:
        if info.over and info.game:
            ended[info.game] = max(ended.get(info.game, 0.0), info.when)

    def going(info: SaveInfo) -> bool:
        return not info.over and not (info.game in ended and info.when <= ended[info.game])
    newest = sorted(saves, key=lambda i: i.when, reverse=True)
    return [s for s in newest if going(s)] + [s for s in newest if not going(s)]


def continue_newest(scene: Scene, folder: Path | None = None) -> None:
    """The title screen's Continue: the newest save of a game still going (else the newest save).

    The newest save damaged after moves that still replay offers to go on from before the bad move, as
    Load does (passed over, a day's play or more was lost for one bad move); a save damaged from its
    start is passed over for the next one, and the player is told.
    """
    from game.engine.save_checks import SaveError
    every = list_saves(folder)
    saves = continue_order([s for s in every if not s.problem])
    skipped = None
    for info in saves:
        try:
            session = load_session(info.path)
        except SaveError as error:
            if error.good_moves and skipped is None:
                scene.push(LoadDamaged(info.path, error))
                return
            skipped = skipped or f"{info.name} ({info.stamp}) is damaged: {error}"
            continue
        game = show_game(scene, session)
        skipped = skipped or newer_damaged(every, info.when)
        if skipped:
            game.toast.duration = 8.0
            game.toast.show(f"{skipped}. Continued from {info.name} ({info.stamp}).", info=True)
        return
    skipped = skipped or newer_damaged(every, 0.0)
    scene.toast.duration = 6.0
    scene.toast.show(f"Cannot continue: {skipped}" if skipped else "No saved games yet")


def newer_damaged(saves: list[SaveInfo], when: float) -> str | None:
    """The newest damaged file written after ``when``, in words: Continue passes over a file it cannot read
    (a game's latest state cut short by a full disk), and the player must hear of it, not find an older game."""
    damaged = next((s for s in saves if s.problem and s.when > when), None)
    return damaged and f"{damaged.name} of {damaged.stamp} ({damaged.path.name}) is damaged: {damaged.problem}"


def open_load_dialog(scene: Scene, game: Scene | None = None) -> None:
    scene.push(LoadDialog(game=game))


def save_before_leaving(app, leave, leaving: str = "Quit") -> bool:
    """Write every open game's latest state, then ``leave()``; if a write fails, ask first.

    Returns True when ``leave`` was called.
    """
    if app is None:
        leave()
        return True
    if isinstance(app.scene, LeaveUnsaved):      # asked already: leaving again means leave
        leave()
        return True
    sessions = {id(s.session): s.session for s in app.scenes if getattr(s, "session", None) is not None}
    problems = [session.autosaver.problem for session in sessions.values()
                if not session.autosaver.flush(session.state)]
    if not problems:
        leave()
        return True
    for session in sessions.values():
        session.autosaver.told = True             # this dialog is the telling
    app.push(LeaveUnsaved(leave, leaving, problems[0]))
    return False


class Notice(OverlayScene):
    """A message the player must acknowledge."""

    panel_size = (640, 300)

    def __init__(self, title: str, message: str) -> None:
        super().__init__()
        self.title, self.message = title, message
        self.ok = widgets.Button("OK", self.close, size=18)
        self.widgets = [self.ok]

    def layout(self, size) -> None:
        super().layout(size)
        self.scale_widgets()
        self.ok.rect = pygame.Rect(0, 0, px(140), px(46))
        self.ok.rect.midbottom = (self.panel.centerx, self.panel.bottom - px(20))

    def draw_content(self, surface) -> None:
        p = self.panel
        blit_wrapped(surface, self.message, (p.x + px(40), p.y + px(80)), p.w - px(80), px(17), theme.INK)


class SaveList:
    """The rows of saves in a dialog; click one to select it. Sizes at 1280x720 through ``theme.px``."""

    ROW_H = 52          # at 1280x720

    def __init__(self) -> None:
        self.saves: list[SaveInfo] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.selected = 0
        self.scroll = 0

    def reload(self, folder: Path | None = None) -> None:
        self.saves = by_game(list_saves(folder))
        self.selected = min(self.selected, max(0, len(self.saves) - 1))

    def under_its_game(self, index: int) -> bool:
        """A Daybreak autosave drawn indented under the row above, its game's: not under another game's
        row when its own game's latest autosave is gone (it looked like part of that other game)."""
        info = self.saves[index]
        return daybreak_autosave(info) and index > 0 \
            and autosave_game(self.saves[index - 1].path) == autosave_game(info.path)

    def visible_rows(self) -> list[tuple[int, pygame.Rect]]:
        rows = []
        overflow = len(self.saves) * px(self.ROW_H) > self.rect.h
        bottom = self.rect.bottom - (px(18) if overflow else 0)      # room for the "▼ 3 more · wheel" line
        for i in range(self.scroll, len(self.saves)):
            r = pygame.Rect(self.rect.x, self.rect.y + (i - self.scroll) * px(self.ROW_H), self.rect.w,
                            px(self.ROW_H) - 4)
            if r.bottom > bottom:
                break
            rows.append((i, r))
        return rows

    def rows_shown(self) -> int:
        overflow = len(self.saves) * px(self.ROW_H) > self.rect.h
        return max(1, (self.rect.h - (px(18) if overflow else 0) + 4) // px(self.ROW_H))

    def handle_event(self, event) -> int | None:
        """The index clicked or chosen with the Up/Down keys, if any (the wheel scrolls)."""
        last_top = max(0, len(self.saves) - self.rows_shown())
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(last_top, self.scroll - event.y))
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and self.saves:
            self.selected = max(0, min(len(self.saves) - 1, self.selected + (1 if event.key == pygame.K_DOWN else -1)))
            self.scroll = max(min(self.scroll, self.selected), self.selected - self.rows_shown() + 1)
            return self.selected
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in self.visible_rows():
                if r.collidepoint(event.pos):
                    self.selected = i
                    return i
        return None

    def draw(self, surface: pygame.Surface, empty: str = "No saved games yet") -> None:
        pygame.draw.rect(surface, (226, 206, 160), self.rect.inflate(10, 10), border_radius=8)
        pygame.draw.rect(surface, (170, 140, 96), self.rect.inflate(10, 10), 2, border_radius=8)
        if not self.saves:
            img = render(empty, px(16), theme.INK_SOFT, "bold")
            surface.blit(img, img.get_rect(center=self.rect.center))
            return
        rows = self.visible_rows()
        for i, r in rows:
            info = self.saves[i]
            chosen = i == self.selected
            box = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (134, 84, 44, 200) if chosen else (120, 84, 40, 28 if i % 2 else 12),
                             box.get_rect(), border_radius=6)
            surface.blit(box, r)
            ink = theme.CREAM if chosen else theme.INK
            soft = (236, 220, 190) if chosen else (theme.DANGER if info.problem else theme.INK_SOFT)
            when = render(info.stamp, px(13), soft)
            surface.blit(when, when.get_rect(topright=(r.right - px(10), r.y + px(6))))
            indent = px(22) if self.under_its_game(i) else 0
            icon = render("🎲" if info.autosave else "🏰", px(16), ink, "bold")
            surface.blit(icon, (r.x + px(10) + indent, r.y + px(4)))
            name_x = r.x + px(16) + indent + icon.get_width()
            size, label = widgets.fit_label(info.name, px(16), when.get_rect(topright=(r.right - px(10), 0)).x
                                            - px(12) - name_x, "bold")
            surface.blit(render(label, size, ink, "bold"), (name_x, r.y + px(4)))
            size, label = widgets.fit_label(info.summary, px(13), r.right - px(10) - name_x, "body")
            surface.blit(render(label, size, soft), (name_x, r.y + px(27)))
        hidden = len(self.saves) - self.scroll - len(rows)
        if self.scroll or hidden:          # more saves than rows: how many, and that the wheel shows them
            more = ("▲ " if self.scroll else "") + (f"▼ {hidden} more" if hidden else "") + " · wheel"
            img = render(more.strip(), px(12), theme.INK_SOFT, "bold")
            surface.blit(img, img.get_rect(bottomright=(self.rect.right - px(6), self.rect.bottom)))


class LoadDialog(OverlayScene):
    """Pick a save and load it; a broken save shows why and the game goes on."""

    panel_size = (760, 520)
    title = "Load a game"

    def __init__(self, game: Scene | None = None, folder: Path | None = None) -> None:
        super().__init__()
        self.game = game              # the game screen a load replaces (None: push over the title)
        self.folder = folder
        self.list = SaveList()
        self.list.reload(folder)
        self.list.selected = next((i for i, info in enumerate(self.list.saves) if not info.problem), 0)
        self.load_button = widgets.Button("Load", self.load_selected, icon="swords", size=18)
        self.cancel_button = widgets.Button("Back", self.close, size=17)
        self.widgets = [self.load_button, self.cancel_button]

    def layout(self, size) -> None:
        super().layout(size)
        self.scale_widgets()
        p = self.panel
        self.list.rect = pygame.Rect(p.x + px(34), p.y + px(86), p.w - px(68), p.h - px(86 + 90))
        self.load_button.rect = pygame.Rect(p.right - px(34 + 170), p.bottom - px(66), px(170), px(46))
        self.cancel_button.rect = pygame.Rect(p.x + px(34), p.bottom - px(66), px(130), px(46))
        self.load_button.enabled = bool(self.list.saves)

    def load_selected(self) -> bool:
        if not self.list.saves:
            return False
        info = self.list.saves[self.list.selected]

        def failed(error) -> None:      # the list's header read looked fine: the row now says why (in red)
            info.problem = str(error)
        return start_loaded(self, info.path, replace=self.game, then=self._loaded, failed=failed)

    def _loaded(self) -> None:
        if self.game is None and self.app is not None and self in self.app.scenes:
            self.app.scenes.remove(self)     # over the title: the dialog goes, the loaded game stays on top

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.load_selected()
            return True
        if self.list.handle_event(event) is not None:
            if getattr(event, "clicks", 1) >= 2:
                self.load_selected()
            return True
        return super().handle_event(event)

    def draw_content(self, surface) -> None:
        self.list.draw(surface)


class SaveDialog(OverlayScene):
    """Name the save (or pick one to overwrite) and write it."""

    panel_size = (760, 540)
    title = "Save the game"

    def __init__(self, session, folder: Path | None = None) -> None:
        super().__init__()
        self.session, self.folder = session, folder
        self.name_field = widgets.TextField(default_save_name(session.state), max_len=32, size=18)
        self.name_field.focus()        # type a name at once (it replaces the suggested one), Enter saves
        self.list = SaveList()
        self.list.reload(folder)
        self.list.selected = -1
        self.save_button = widgets.Button("Save", self.save, icon="crown", size=18)
        self.cancel_button = widgets.Button("Back", self.close, size=17)
        self.widgets = [self.name_field, self.save_button, self.cancel_button]
        self.saved: Path | None = None
        self.confirm_over: Path | None = None     # the existing save the player is asked to write over

    def layout(self, size) -> None:
        super().layout(size)
        self.scale_widgets()
        p = self.panel
        self.name_field.rect = pygame.Rect(p.x + px(150), p.y + px(84), p.w - px(184), px(40))
        self.list.rect = pygame.Rect(p.x + px(34), p.y + px(168), p.w - px(68), p.h - px(168 + 90))
        self.save_button.rect = pygame.Rect(p.right - px(34 + 170), p.bottom - px(66), px(170), px(46))
        self.cancel_button.rect = pygame.Rect(p.x + px(34), p.bottom - px(66), px(130), px(46))

    def save(self) -> None:
        name = self.name_field.value.strip() or default_save_name(self.session.state)
        path = save_path(name, self.folder)
        if path.exists() and self.confirm_over != path:
            self.confirm_over = path          # ask first: the next click on the button writes over it
            self.save_button.label = "Write over"
            return
        try:
            self.saved = save_to(self.session.state, name, self.folder, self.session.game_id,
                                 self.session.hero_routes.to)
        except OSError as error:
            self.toast.show(f"Cannot save to {path}: {error.strerror or error}")
            return
        below = self.below
        self.close()
        saved = f"Saved as {display_name(self.saved)}{name_changes(name)}"
        if hasattr(below, "note"):        # the menu says it in its own panel, over none of its buttons
            below.note = saved
        elif below is not None:
            below.toast.show(saved, info=True)

    def _name_changed(self) -> None:
        self.confirm_over = None
        self.save_button.label = "Save"

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.name_field.focused:        # typing a name then Enter saves under it
                self.name_field.handle_event(event)
            self.save()
            return True
        picked = self.list.handle_event(event)
        if picked is not None:
            info = self.list.saves[picked]
            if not info.autosave:         # autosaves are the game's own: a named save never replaces one
                self.name_field.value = display_name(info.path)
                self._name_changed()
            return True
        before = self.name_field.value
        used = super().handle_event(event)
        if self.name_field.value != before:
            self._name_changed()
        return used

    def draw_content(self, surface) -> None:
        p = self.panel
        label = widgets.text("Name", px(18), theme.INK, "bold")
        surface.blit(label, label.get_rect(midleft=(p.x + px(40), self.name_field.rect.centery)))
        if self.confirm_over is not None:
            words, colour, style = (f"“{display_name(self.confirm_over)}” already exists: click Write over to "
                                    "replace it, or change the name.", theme.DANGER, "bold")
        else:
            words, colour, style = ("Click a save below to write over it. The game also saves itself after every "
                                    "move.", theme.INK_SOFT, "body")
        size, words = widgets.fit_label(words, px(14), p.w - px(80), style)
        surface.blit(render(words, size, colour, style), (p.x + px(40), p.y + px(136)))
        self.list.draw(surface)
        where = f"Saves are kept in {self.folder or saves_dir()}"
        blit_wrapped(surface, where, (self.cancel_button.rect.right + px(20), p.bottom - px(58)),
                     self.save_button.rect.x - self.cancel_button.rect.right - px(40), px(12), theme.INK_SOFT)


class Choice(Notice):
    """A notice with two answers: ``ok`` does ``on_ok``, ``back`` closes it; ``ok_left`` puts ``ok`` on the
    left. Widths are at 1280x720."""

    def __init__(self, title: str, message: str, ok_label: str, on_ok, back_label: str,
                 ok_left: bool, widths: tuple[int, int]) -> None:
        super().__init__(title, message)
        self.ok.label, self.ok.on_click = ok_label, on_ok
        self.back = widgets.Button(back_label, self.close, size=18)
        self.widgets = [self.ok, self.back]
        self.ok_left, self.widths = ok_left, widths

    def layout(self, size) -> None:
        super().layout(size)
        p = self.panel
        ok_w, back_w = self.widths
        (left, left_w), (right, right_w) = ((self.ok, ok_w), (self.back, back_w)) if self.ok_left \
            else ((self.back, back_w), (self.ok, ok_w))
        left.rect = pygame.Rect(p.x + px(30), p.bottom - px(66), px(left_w), px(46))
        right.rect = pygame.Rect(p.right - px(30 + right_w), p.bottom - px(66), px(right_w), px(46))


class LoadDamaged(Choice):
    """A save whose later move no longer replays: load the game as it stood before it, or go back."""

    panel_size = (720, 300)

    def __init__(self, path: Path, error, replace: Scene | None = None, then=None) -> None:
        super().__init__("This save is damaged",
                         f"{display_name(Path(path))}: {error}. Its first {error.good_moves} moves still replay: "
                         f"the game can go on from there (Day {error.day}), as a new game; the file stays as it is.",
                         "Load up to there", self.load, "Back", ok_left=False, widths=(240, 130))
        self.path, self.good_moves, self.replace, self.then = path, error.good_moves, replace, then

    def load(self) -> None:
        from game.engine.save_checks import SaveError
        below = self.below
        try:
            session = load_session(self.path, up_to=self.good_moves)
        except SaveError as error:               # cannot happen for moves that replayed; still never a crash
            self.toast.show(f"Cannot load it: {error}")
            return
        self.close()
        show_game(below, session, self.replace)
        if self.then is not None:
            self.then()


class LeaveUnsaved(Choice):
    """The game could not be saved: leave anyway, or go back and save it elsewhere."""

    def __init__(self, leave, leaving: str, problem: str) -> None:
        super().__init__("The game could not be saved",
                         f"Writing the autosave failed: {problem} (in {saves_dir()}). "
                         f"If you {leaving.lower()} now, the game since its last save is lost.",
                         f"{leaving} without saving", self.leave_now, "Back to the game", ok_left=True,
                         widths=(280, 240))
        self.leave = leave

    def leave_now(self) -> None:
        if self.app is not None and self.app.scene is self:
            self.app.pop()
        self.leave()
