"""The in-game menu (Esc): Resume, Save, Load, Rules (a vote, R-VOTE-1), Quit to title;
and the map designer's F5 reload.

Hooks for the board scene:
    from game.ui.menus.game_menu import open_game_menu, reload_map
    open_game_menu(self)      # on Esc
    reload_map(self)          # on F5: the map from disk, a new game with the same seats and mode
"""
from __future__ import annotations

import pygame

from game import engine as A      # its action classes (A.Move, ...): loaded when first used (game.engine)
from game.ui.kit import theme, widgets
from game.ui.menus.base import OverlayScene, blit_wrapped, refresh_board
from game.ui.kit.rich_text import render
from game.ui.kit.scene import Scene
from game.ui.kit.theme import px

RULE_TITLES = {"starting_hero": "Starting hero", "legacy_gold_mine": "Legacy gold mine",
               "hero_cap": "At most 2 heroes each", "day_limit": "Day limit", "shared_victory": "Shared victory"}


def open_game_menu(scene: Scene) -> None:
    scene.push(GameMenu(scene))


def maybe_menu_scene(scene: Scene) -> "GameMenu | None":
    """The board scene's Esc hook: the menu for a game scene with a session."""
    return GameMenu(scene) if getattr(scene, "session", None) is not None else None


# --- F5: reload the map ------------------------------------------------------------------
def options_from_state(state):
    """NewGameOptions that start the same kind of game again (for a loaded game without options)."""
    from game.ui.menus.options import NewGameOptions, OptionalRules, Seat
    levels = {"random": "easy", "easy": "easy", "standard": "normal", "hard": "hard"}
    seats = [Seat(p.name, seat if seat in theme.SEAT_COLOURS and seat else 1, p.kind, levels.get(p.ai, "normal"))
             for seat, p in sorted(state.players.items())]
    opts = state.rules["options"]
    rules = OptionalRules(bool(opts.get("starting_hero")), bool(opts.get("legacy_gold_mine")),
                          bool(opts.get("hero_cap")),
                          opts.get("day_limit_days") if opts.get("day_limit") else None,
                          bool(opts.get("shared_victory")))
    return NewGameOptions(map_path=state.board.source or None, mode=state.rules.mode, seats=seats,
                          seed=state.seed, rules=rules)


def reload_map(scene: Scene) -> bool:
    """Read the map file again and start a new game on it with the same options.

    A map that fails validation opens the map-error screen over the running game.
    """
    from game.ui.menus.map_error import MapErrorScene
    session = getattr(scene, "session", None)
    if session is None:
        return False
    options = session.options or options_from_state(session.state)
    path = options.map_path or session.state.board.source
    if not path:
        scene.toast.show("This board has no map file to reload")
        return False
    options.map_path = str(path)
    from game.maps import MapError, load_map
    try:
        board = load_map(path)
    except MapError as error:
        scene.push(MapErrorScene(str(path), error.problems))
        return False
    except (OSError, ValueError) as error:
        scene.push(MapErrorScene(str(path), [str(error)]))
        return False
    from game.ui.session import GameSession
    try:
        new_session = GameSession.start(options, board)
    except Exception as error:     # the engine refused the setup (e.g. too few start slots now)
        scene.push(MapErrorScene(board.title or str(path), [f"The game cannot start: {error}"]))
        return False
    from game.ui.board.scene import GameScene
    game = GameScene(new_session)
    app = scene.app
    if app is not None and scene in app.scenes:
        while app.scene is not scene:          # dialogs and the map-error screen of the old game
            app.pop()
        app.replace(game)
        old_view = getattr(scene, "view", None)
        if old_view is not None:               # the designer keeps looking where they were
            game.view.zoom_index, game.view.cam = old_view.zoom_index, list(old_view.cam)
    game.toast.show(f"Map reloaded: a new game on {board.title or path}", info=True)
    return True


def live_reload_tick(app, force: bool = False) -> bool:
    """A quick test game (``python -m game --map MAP``) follows its map: when MAP, one of its tilesets or
    templates is saved, the game starts again on it with the same seats and seed, the camera where it was.
    A broken save shows its problems; the next good save (or F5 there) recovers."""
    watch = getattr(app, "map_watch", None)
    if watch is None or not (watch.poll() or force):
        return False
    games = [s for s in app.scenes if getattr(s, "session", None) is not None]
    if games:
        while app.scene is not games[-1]:      # an earlier save's problems, the old game's dialogs
            app.pop()
        return reload_map(games[-1])
    from game.ui.board.launch import make_board_scene    # the map was broken from the start
    scene = make_board_scene(app.map_options)
    while len(app.scenes) > 1:
        app.pop()
    app.replace(scene)
    return getattr(scene, "session", None) is not None


# --- the menu -------------------------------------------------------------------------------
class GameMenu(OverlayScene):
    panel_size = (420, 570)
    title = "Menu"

    def __init__(self, game: Scene) -> None:
        super().__init__()
        self.game = game
        self.buttons = [
            widgets.Button("Resume", self.close, icon="swords", size=19),
            widgets.Button("Save game", self.save, icon="crown", size=19),
            widgets.Button("Load game", self.load, icon="city", size=19),
            widgets.Button("Rules & votes", self.rules, icon="dice", size=19),
            widgets.Button("Rulebook", self.rulebook, icon="star", size=19),
            widgets.Button("Settings", self.settings, icon="move", size=19),
            widgets.Button("Quit to title", self.quit_to_title, icon="shield", size=19),
        ]
        self.save_button, self.load_button, self.rules_button = self.buttons[1:4]
        self.widgets = list(self.buttons)
        self.note = ""            # e.g. "Saved as …", under the last button

    def layout(self, size) -> None:
        """Designed at 1280x720 through ``theme.px``; a short window (or large text) packs the buttons closer,
        keeping room for the note under them."""
        super().layout(size)
        self.scale_widgets()
        top, note_h = px(84), px(48)
        step = min(px(66), (self.panel.h - top - note_h) // len(self.buttons))
        y = self.panel.y + top
        for b in self.buttons:
            b.rect = pygame.Rect(self.panel.x + px(50), y, self.panel.w - px(100), step - max(4, step // 5))
            y += step

    def draw_content(self, surface) -> None:
        if not self.note:
            return
        size, words = widgets.fit_label(self.note, px(15), self.panel.w - px(40))
        img = render(words, size, theme.INK, "bold")
        below = self.buttons[-1].rect.bottom
        surface.blit(img, img.get_rect(center=(self.panel.centerx, (below + self.panel.bottom) // 2)))

    def save(self) -> None:
        from game.ui.menus.saves import SaveDialog
        self.push(SaveDialog(self.game.session))

    def load(self) -> None:
        from game.ui.menus.saves import LoadDialog
        self.push(LoadDialog(game=self.game))

    def rules(self) -> None:
        self.push(RulesDialog(self.game))

    def rulebook(self) -> None:
        from game.ui.menus.rules_screen import open_rules
        open_rules(self)

    def settings(self) -> None:
        from game.ui.menus.settings_screen import SettingsScene
        self.push(SettingsScene())

    def quit_to_title(self) -> None:
        """The game is saved first (Continue resumes it); if that fails the player is asked."""
        from game.ui.menus.saves import save_before_leaving
        if self.app is not None:
            save_before_leaving(self.app, self._to_title, "Quit to title")

    def _to_title(self) -> None:
        app = self.app
        if app is None:
            return
        while app.scene is not self.game and len(app.scenes) > 1:
            app.pop()
        if len(app.scenes) > 1:
            app.pop()
        else:
            from game.ui.menus.title import TitleScene
            app.replace(TitleScene(remember_setup=True))


def vote_rule_words(rules) -> str:
    """R-VOTE-1 in one sentence, with the tie die of these rules."""
    tie = rules["alliances"]
    return (f"Changing a rule during a game takes a vote of every player still in it, computer players too; "
            f"a tie is settled by the dice ({tie['vote_tie_die']}: {tie['vote_tie_yes_from']} or more passes).")


class RulesDialog(OverlayScene):
    """The optional rules; changing one calls a vote of every live player, computer players too (R-VOTE-1)."""

    panel_size = (700, 510)
    title = "Optional rules"

    def __init__(self, game: Scene) -> None:
        super().__init__()
        self.game = game
        self.session = game.session
        self.propose_buttons: dict[str, widgets.Button] = {}
        from game.engine.rules import OPTION_NAMES
        for name in OPTION_NAMES:
            self.propose_buttons[name] = widgets.Button("", (lambda n=name: self.propose(n)), size=14)
        self.back = widgets.Button("Back", self.close, size=17)
        self.widgets = list(self.propose_buttons.values()) + [self.back]

    def layout(self, size) -> None:
        """At 1280x720 sizes through ``theme.px``; the rows share the height between the intro and Back."""
        super().layout(size)
        self.scale_widgets()
        p = self.panel
        self.back.rect = pygame.Rect(p.x + px(34), p.bottom - px(64), px(130), px(44))
        self.rows_top = p.y + px(118)
        self.row_step = min(px(64), (self.back.rect.y - px(8) - self.rows_top) // len(self.propose_buttons))
        y = self.rows_top
        for b in self.propose_buttons.values():
            b.rect = pygame.Rect(p.right - px(40 + 180), y + (self.row_step - px(36)) // 2, px(180), px(36))
            y += self.row_step
        self._sync()

    def _sync(self) -> None:
        options = self.session.state.rules["options"]
        for name, b in self.propose_buttons.items():
            # every player votes, the caller too: "Vote to turn on" read as the caller's vote, then it was asked
            b.label = "Call a vote: off" if options.get(name) else "Call a vote: on"

    def propose(self, name: str) -> None:
        state = self.session.state
        seat = state.actor()
        if seat is None or self.session.is_computer(seat):
            self.toast.show("A vote can be called when a human player is to move")
            return
        value = not bool(state.rules["options"].get(name))
        outcome = self.session.submit(A.ProposeRuleChange(seat, name, value))
        if not outcome.ok:
            self.toast.show(outcome.reason)
            return
        self.replace_with_votes()

    def replace_with_votes(self) -> None:
        """The vote takes the place of this dialog; it is drawn over the board and closes back to it."""
        vote = VoteDialog(self.game)
        if self.app is not None:
            self.app.pop()
            self.app.push(vote)
            vote.check_done()

    def draw_content(self, surface) -> None:
        p = self.panel
        blit_wrapped(surface, vote_rule_words(self.session.state.rules), (p.x + px(40), p.y + px(70)),
                     p.w - px(80), px(14), theme.INK_SOFT)
        options = self.session.state.rules["options"]
        for name, button in self.propose_buttons.items():
            title, help_text = rule_words(name, options)
            on = bool(options.get(name))
            room = button.rect.x - px(16) - (p.x + px(40))
            state_img = render("ON" if on else "off", px(14), (40, 110, 40) if on else theme.INK_SOFT, "bold")
            size, words = widgets.fit_label(title, px(17), room - state_img.get_width() - px(10))
            title_img = render(words, size, theme.INK, "bold")
            y = button.rect.centery - (title_img.get_height() + px(20)) // 2
            surface.blit(title_img, (p.x + px(40), y))
            surface.blit(state_img, (p.x + px(40) + title_img.get_width() + px(10), y + px(3)))
            size, words = widgets.fit_label(help_text, px(13), room, "body")
            surface.blit(render(words, size, theme.INK_SOFT), (p.x + px(40), y + title_img.get_height() + px(2)))


def rule_words(name: str, options: dict) -> tuple[str, str]:
    """An optional rule's title (with its numbers: the hero cap's count, the day limit's days) and what it does."""
    from game.names import option_help
    title, help_text = RULE_TITLES.get(name, name.replace("_", " ").title()), option_help(name, options)
    if name == "hero_cap":
        n = options.get("hero_cap_count", 2)
        title = f"At most {n} hero{'' if n == 1 else 'es'} each"
    if name == "day_limit" and options.get(name):
        title += f" ({options.get('day_limit_days')} days)"
    return title, help_text


class VoteDialog(OverlayScene):
    """Each human votes in turn (CastVote) on the pending rule change; computer players vote by
    their own interest as their turn to vote comes (R-VOTE-1), and the dialog shows how.

    Called from the in-game menu, it stands over the board, not over the menu (the menu had done its
    part: a vote drawn over a dimmed menu over the dimmed board read as a menu still waiting), and the
    vote over, the player is back on the board with the result, not on the menu that one more click on
    Resume closed. The menu stays in the stack, unseen, until the vote is over: closed earlier, the board
    would be laid out again mid-vote and take the voters' turns for a hand-over from one player to the next."""

    panel_size = (560, 320)
    title = "A vote on the rules"

    def __init__(self, game: Scene) -> None:
        super().__init__()
        self.game = game
        self.session = game.session
        self.yes = widgets.Button("Yes", lambda: self.cast(True), icon="crown", size=19)
        self.no = widgets.Button("No", lambda: self.cast(False), icon="skull", size=19)
        self.widgets = [self.yes, self.no]
        self.cast_so_far: list[tuple[int, bool]] = []

    def layout(self, size) -> None:
        super().layout(size)
        self.scale_widgets()
        p = self.panel
        self.yes.rect = pygame.Rect(p.centerx + px(20), p.bottom - px(80), px(160), px(50))
        self.no.rect = pygame.Rect(p.centerx - px(180), p.bottom - px(80), px(160), px(50))

    def pending_vote(self):
        state = self.session.state
        return state.pending[0] if state.pending and state.pending[0].kind == "vote" else None

    def cast(self, yes: bool) -> None:
        pending = self.pending_vote()
        if pending is None:
            self.close()
            return
        outcome = self.session.submit(A.CastVote(pending.player, yes))
        if not outcome.ok:
            self.toast.show(outcome.reason)
            return
        self._note(outcome.events)
        self.check_done()

    def _note(self, events) -> None:
        for event in events:
            if event.kind == "vote_cast":
                self.cast_so_far.append((event.data["player"], event.data["yes"]))
            elif event.kind == "vote_result":
                self._result = event.data

    def let_computers_vote(self) -> None:
        """Cast the votes of the computer players whose turn to vote it is: only humans are asked."""
        while (pending := self.pending_vote()) is not None and self.session.is_computer(pending.player):
            outcome = self.session.computer_step()
            if outcome is None or not outcome.ok:
                break
            self._note(outcome.events)

    def check_done(self) -> None:
        self.let_computers_vote()
        if self.pending_vote() is not None:
            return
        result = getattr(self, "_result", None)
        if result is None:
            from game.engine.state import Event
            result = next((e.data for e in reversed(self.session.state.log) if isinstance(e, Event)
                           and e.kind == "vote_result"), None)
        below = self.below
        self.close()
        if result is not None and below is not None:
            from game.names import option_change      # the log's words: "Day limit on (30 Days)"
            change = option_change(result["option"], result["value"], self.session.state.rules["options"])
            verdict = "passed" if result["passed"] else "failed"
            below.toast.show(info=True, message=f"Vote {verdict} ({result['yes']} yes, {result['no']} no): {change}"
                             if result["passed"] else
                             f"Vote {verdict} ({result['yes']} yes, {result['no']} no): the rules stay as they were")

    def draw_content(self, surface) -> None:
        pending = self.pending_vote()
        if pending is None:
            return
        state = self.session.state
        p = self.panel
        voter = state.players[pending.player]
        room = p.w - px(48)
        size, words = widgets.fit_label(f"{voter.name}, your vote", px(22), room, "heading")
        who = widgets.text(words, size, theme.seat_colour(pending.player), "heading")
        surface.blit(who, who.get_rect(midtop=(p.centerx, p.y + px(78))))
        from game.names import option_change, option_help
        option, value = pending.data["option"], pending.data["value"]
        question = f"{option_change(option, value, state.rules['options'])}?"      # "Day limit on (60 Days)?"
        size, words = widgets.fit_label(question, px(19), room)
        img = render(words, size, theme.INK, "bold")
        surface.blit(img, img.get_rect(midtop=(p.centerx, p.y + px(124))))
        humans = [x.player for x in state.pending if x.kind == "vote" and not self.session.is_computer(x.player)]
        what = option_help(option, state.rules["options"])                 # what the rule does
        lines = [what] if what else []
        if self.cast_so_far:
            lines.append("So far: " + ", ".join(f"{state.players[seat].name} {'yes' if yes else 'no'}"
                                                for seat, yes in self.cast_so_far))
        if len(humans) > 1:
            lines.append(f"{len(humans)} players still to vote · pass the mouse between them")
        y = p.y + px(160)
        for line in lines:
            size, words = widgets.fit_label(line, px(14), room, "body")
            note = render(words, size, theme.INK_SOFT)
            surface.blit(note, note.get_rect(midtop=(p.centerx, y)))
            y += note.get_height() + px(4)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return True      # a vote must be answered
        return super().handle_event(event)

    def enter(self, app) -> None:
        super().enter(app)
        if self.game in app.scenes:
            self.below = self.game           # drawn over the board; the result is told there

    def close(self) -> None:
        app = self.app
        if app is None or self.game not in app.scenes or app.scene is not self:
            super().close()
            refresh_board(self.game)
            return
        refresh_board(self.game)          # the vote's events reach the board's log (a tie's dice roll shown)
        while app.scene is not self.game:      # this dialog, then the menu it was called from
            app.pop()
