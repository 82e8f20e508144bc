"""Saving and loading games: the saves folder, the Save and Load dialogs, Continue.

Saves are the engine's atomic JSON files (``save_game``) in ``saves_dir()``:
``$FUZZYKNIGHTS_SAVES``, else ``$XDG_DATA_HOME/fuzzyknights/saves``, else
``~/.local/share/fuzzyknights/saves``. Autosaves (``autosave-dayNNN.json``) are
written at every Daybreak and the newest 5 are kept. A save that cannot be
loaded shows its SaveError message and the current game goes on.
"""
from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.ui.kit import theme, widgets
from game.ui.menus.base import OverlayScene, blit_wrapped
from game.ui.kit.rich_text import render
from game.ui.kit.scene import Scene
from game.userdata import saves_dir

AUTOSAVE_KEEP = 5


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

    @property
    def summary(self) -> str:
        if self.problem:
            return self.problem
        return f"Day {self.day} · {self.map_name} · {self.players} · {self.mode.title()}"

    @property
    def stamp(self) -> str:
        return time.strftime("%d %b %Y %H:%M", time.localtime(self.when))


def read_info(path: Path) -> SaveInfo:
    info = SaveInfo(path, path.stem.replace("_", " "), when=path.stat().st_mtime if path.exists() else 0.0)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        snap = data["snapshot"]
        info.day = max(1, int(snap.get("day", 1)))
        ref = data.get("map", {})
        info.map_name = Path(ref["path"]).stem.replace("_", " ").title() if "path" in ref else "Blank board"
        info.players = ", ".join(p.get("name", "?") for p in snap.get("players", {}).values())
        info.mode = str(data.get("mode", "normal"))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        info.problem = "damaged or not a Fuzzy Knights save"
    return info


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the folder, newest first."""
    folder = Path(folder) if folder is not None else saves_dir()
    if not folder.is_dir():
        return []
    infos = [read_info(p) for p in folder.glob("*.json") if not p.name.startswith(".")]
    return sorted(infos, key=lambda i: i.when, reverse=True)


def slug(name: str) -> str:
    text = re.sub(r"[^A-Za-z0-9 _-]+", "", name).strip().replace(" ", "_")
    return text[:40] or "save"


def default_save_name(state) -> str:
    board = getattr(state.board, "title", "") or "game"
    return f"{board} day {max(1, state.day)}"


def save_to(state, name: str, folder: Path | None = None) -> Path:
    from game.engine import save_game
    path = (Path(folder) if folder is not None else saves_dir()) / f"{slug(name)}.json"
    save_game(state, path)
    return path


def autosave_now(state, folder: Path | None = None) -> Path | None:
    from game.engine import autosave
    try:
        return autosave(state, Path(folder) if folder is not None else saves_dir(), AUTOSAVE_KEEP)
    except OSError:
        return None


def load_session(path: Path):
    """A GameSession of the saved game; raises SaveError with the reason."""
    from game.engine import load_game
    from game.ui.session import GameSession
    return GameSession(load_game(path))


def start_loaded(scene: Scene, path: Path, replace: Scene | None = None) -> bool:
    """Load ``path``; on success the game screen of it replaces ``replace`` (or is pushed).

    On failure ``scene`` shows the SaveError message and nothing else changes.
    """
    from game.engine import SaveError
    try:
        session = load_session(path)
    except SaveError as error:
        scene.toast.duration = 6.0
        scene.toast.show(f"Cannot load {path.name}: {error}")
        return False
    from game.ui.board.scene import GameScene
    game = GameScene(session)
    app = scene.app
    if app is None:
        return True
    if replace is not None and replace in app.scenes:
        while app.scene is not replace:
            app.pop()
        app.replace(game)
    else:
        app.push(game)
    return True


def continue_newest(scene: Scene, folder: Path | None = None) -> None:
    """The title screen's Continue: the newest save."""
    saves = [s for s in list_saves(folder) if not s.problem]
    if not saves:
        scene.toast.show("No saved games yet")
        return
    start_loaded(scene, saves[0].path)


def open_load_dialog(scene: Scene, game: Scene | None = None) -> None:
    scene.push(LoadDialog(game=game))


class SaveList:
    """The rows of saves in a dialog; click one to select it."""

    ROW_H = 52

    def __init__(self) -> None:
        self.saves: list[SaveInfo] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.selected = 0
        self.scroll = 0

    def reload(self, folder: Path | None = None) -> None:
        self.saves = list_saves(folder)
        self.selected = min(self.selected, max(0, len(self.saves) - 1))

    def visible_rows(self) -> list[tuple[int, pygame.Rect]]:
        rows = []
        for i in range(self.scroll, len(self.saves)):
            r = pygame.Rect(self.rect.x, self.rect.y + (i - self.scroll) * self.ROW_H, self.rect.w, self.ROW_H - 4)
            if r.bottom > self.rect.bottom:
                break
            rows.append((i, r))
        return rows

    def handle_event(self, event) -> int | None:
        """The index clicked, if any."""
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(max(0, len(self.saves) - 1), self.scroll - event.y))
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
            img = render(empty, 16, theme.INK_SOFT, "bold")
            surface.blit(img, img.get_rect(center=self.rect.center))
            return
        for i, r in self.visible_rows():
            info = self.saves[i]
            chosen = i == self.selected
            box = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (134, 84, 44, 200) if chosen else (120, 84, 40, 28 if i % 2 else 12),
                             box.get_rect(), border_radius=6)
            surface.blit(box, r)
            ink = theme.CREAM if chosen else theme.INK
            soft = (236, 220, 190) if chosen else (theme.DANGER if info.problem else theme.INK_SOFT)
            icon = "🎲" if info.path.name.startswith("autosave") else "🏰"
            name = render(f"{icon} {info.name}", 16, ink, "bold")
            surface.blit(name, (r.x + 10, r.y + 4))
            when = render(info.stamp, 13, soft)
            surface.blit(when, when.get_rect(topright=(r.right - 10, r.y + 6)))
            summary = render(info.summary, 13, soft)
            surface.blit(summary, (r.x + 36, r.y + 27))


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
        self.load_button = widgets.Button("Load", self.load_selected, icon="swords", size=18)
        self.cancel_button = widgets.Button("Back", self.close, size=17)
        self.widgets = [self.load_button, self.cancel_button]

    def layout(self, size) -> None:
        super().layout(size)
        p = self.panel
        self.list.rect = pygame.Rect(p.x + 34, p.y + 86, p.w - 68, p.h - 86 - 90)
        self.load_button.rect = pygame.Rect(p.right - 34 - 170, p.bottom - 66, 170, 46)
        self.cancel_button.rect = pygame.Rect(p.x + 34, p.bottom - 66, 130, 46)
        self.load_button.enabled = bool(self.list.saves)

    def load_selected(self) -> bool:
        if not self.list.saves:
            return False
        info = self.list.saves[self.list.selected]
        below = self.below
        ok = start_loaded(self, info.path, replace=self.game)
        if ok and self.game is None and self.app is not None and self in self.app.scenes:
            # over the title: the dialog goes, the loaded game stays on top
            scenes = self.app.scenes
            scenes.remove(self)
        del below
        return ok

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
        self.list = SaveList()
        self.list.reload(folder)
        self.list.selected = -1
        self.save_button = widgets.Button("Save", self.save, icon="crown", size=18)
        self.cancel_button = widgets.Button("Back", self.close, size=17)
        self.widgets = [self.name_field, self.save_button, self.cancel_button]
        self.saved: Path | None = None

    def layout(self, size) -> None:
        super().layout(size)
        p = self.panel
        self.name_field.rect = pygame.Rect(p.x + 150, p.y + 84, p.w - 184, 40)
        self.list.rect = pygame.Rect(p.x + 34, p.y + 168, p.w - 68, p.h - 168 - 90)
        self.save_button.rect = pygame.Rect(p.right - 34 - 170, p.bottom - 66, 170, 46)
        self.cancel_button.rect = pygame.Rect(p.x + 34, p.bottom - 66, 130, 46)

    def save(self) -> None:
        name = self.name_field.value.strip() or default_save_name(self.session.state)
        try:
            self.saved = save_to(self.session.state, name, self.folder)
        except OSError as error:
            self.toast.show(f"Cannot save: {error}")
            return
        below = self.below
        self.close()
        if below is not None:
            below.toast.show(f"Saved as {self.saved.stem}")

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and not self.name_field.focused:
            self.save()
            return True
        picked = self.list.handle_event(event)
        if picked is not None:
            self.name_field.value = self.list.saves[picked].path.stem
            return True
        return super().handle_event(event)

    def draw_content(self, surface) -> None:
        p = self.panel
        label = widgets.text("Name", 18, theme.INK, "bold")
        surface.blit(label, label.get_rect(midleft=(p.x + 40, self.name_field.rect.centery)))
        hint = render("Click a save below to write over it. The game also saves itself at every Daybreak.",
                      14, theme.INK_SOFT)
        surface.blit(hint, (p.x + 40, p.y + 136))
        self.list.draw(surface)
        where = f"Saves are kept in {self.folder or saves_dir()}"
        blit_wrapped(surface, where, (self.cancel_button.rect.right + 20, p.bottom - 58),
                     self.save_button.rect.x - self.cancel_button.rect.right - 40, 12, theme.INK_SOFT)
