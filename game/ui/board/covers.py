"""What the board scene draws over the board: the opaque handoff cover between two human
players (with the alliance offers to answer on it and the "since your last turn" summary) and
the game-over banner at the top of the board (``GameScene`` mixes this in).
"""
from __future__ import annotations

import pygame

from game import engine as A      # its action classes (A.Move, ...): loaded when first used (game.engine)
from game.ui.board.decisions import allied_already
from game.ui.kit import icons, textures, theme, widgets
from game.ui.kit.rich_text import render


class BoardCovers:
    def _rebuild_offer_buttons(self) -> None:
        self.offer_buttons = []
        seat = self.handoff_to
        if seat is None or not hasattr(self, "side"):
            return
        w, h = self.size
        offers = [p for p, to in sorted(self.state.alliance_offers) if to == seat]
        for i, proposer in enumerate(offers[:3]):
            y = h // 2 + 120 + i * 48
            self.offer_buttons.append(widgets.Button("Accept", (lambda p=proposer: self._answer(p, True)),
                                                     rect=(w // 2 + 40, y, 110, 38), size=15))
            self.offer_buttons.append(widgets.Button("Decline", (lambda p=proposer: self._answer(p, False)),
                                                     rect=(w // 2 + 160, y, 110, 38), size=15))
            self.offer_buttons[-1].proposer = self.offer_buttons[-2].proposer = proposer

    def _answer(self, proposer: int, accept: bool) -> None:
        outcome = self.session.submit(A.AnswerAlliance(self.handoff_to, proposer, accept))
        if not outcome.ok:
            self.toast.show(outcome.reason)
        else:
            name = self.state.players[proposer].name
            self.offer_answers.append(f"🤝 You and {name} are allies now" if self.state.allied(self.handoff_to, proposer)
                                      else f"✖ You declined {name}'s offer")
        self._absorb(self.session.take_events(), animate=False)
        self._rebuild_offer_buttons()

    def _handoff_doing(self, seat: int) -> str:
        """What the cover calls the player to: its Daybreak or turn, or, in another player's turn, the
        defence of a battle or a vote (R-VOTE-1; a vote called in a computer's turn said "your turn")."""
        state = self.state
        current = state.players[state.current_player].name if state.current_player in state.players else "another player"
        if seat == state.current_player:
            return "Daybreak" if state.phase == "daybreak" else "your turn"
        battle = state.battle
        if battle is not None and seat in (s.player for s in battle.sides):
            return f"{current} attacks: arrange your defence"
        vote = state.vote
        if vote is not None and any(p.kind == "vote" and p.player == seat for p in state.pending[:1]):
            caller = state.players.get(vote.get("proposer"))
            return f"{caller.name if caller else 'A player'} calls a vote: cast yours"
        return f"{current}'s {'Daybreak' if state.phase == 'daybreak' else 'turn'}: a question for you"

    def _draw_handoff(self, surface: pygame.Surface) -> None:
        """An opaque cover: the next player sees nothing of the last one's turn."""
        w, h = surface.get_size()
        textures.dim_wood_backdrop(surface, seed=13, plank=120)
        seat = self.handoff_to
        player = self.state.players[seat]
        offers = [p for p, to in sorted(self.state.alliance_offers) if to == seat][:3]
        rows = len(offers) + len(self.offer_answers)
        summary = self.event_log.summary_for(self.state, seat, self.session.watched_battles)
        news_h = 52 + 24 * len(summary) if summary else 0
        panel = pygame.Rect(0, 0, min(w - 40, 680), 210 + 48 * rows + (20 if rows else 0))
        panel.center = (w // 2, h // 2 + 20 + 24 * rows)
        panel.y = max(50, min(panel.y, h // 2 - 120) - news_h // 2)
        textures.draw_panel(surface, panel, "parchment", radius=16)
        pygame.draw.rect(surface, theme.WOOD_DARK, panel, 3, border_radius=16)
        img = icons.token_sprite("hero", seat, None, 72)
        surface.blit(img, img.get_rect(midtop=(panel.centerx, panel.y - 40)))
        size, words = widgets.fit_label(f"{player.name}, your move", 30, panel.w - 40, "title")
        title = widgets.text(words, size, theme.seat_colour(seat), "title", (40, 26, 12))
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 40)))
        day = f"Day {max(1, self.state.day)} · {self._handoff_doing(seat)}"
        size, words = widgets.fit_label(f"{day}. Pass the mouse — the board stays hidden until “I'm ready”.", 16,
                                        panel.w - 40, "body")
        sub = widgets.text(words, size, theme.INK)
        surface.blit(sub, sub.get_rect(midtop=(panel.centerx, panel.y + 88)))
        self.handoff_button.rect.midtop = (panel.centerx, panel.y + 124)
        self.handoff_button.draw(surface)
        for i, answer in enumerate(self.offer_answers):
            size, words = widgets.fit_label(answer, 16, panel.w - 60)
            line = render(words, size, theme.INK, "bold")
            surface.blit(line, line.get_rect(midleft=(panel.x + 30, panel.y + 200 + (len(offers) + i) * 48 + 19)))
        for i, proposer in enumerate(offers):
            y = panel.y + 200 + i * 48
            room = panel.w - 250 - 40                  # the words end before the Accept button
            size, words = widgets.fit_label(f"{self.state.players[proposer].name} proposes an alliance", 16, room - 30)
            line = render(f"👑 {words}", size, theme.INK, "bold")
            already = allied_already(self.state, proposer, seat)       # as the offer's dialog says it
            surface.blit(line, line.get_rect(midleft=(panel.x + 30, y + (10 if already else 19))))
            if already:
                size, words = widgets.fit_label(already, 13, room - 30)
                note = render(words, size, theme.INK_SOFT)
                surface.blit(note, note.get_rect(midleft=(panel.x + 30, y + 31)))
            for b in self.offer_buttons:
                if getattr(b, "proposer", None) == proposer:
                    b.rect.y = y
                    b.rect.x = panel.right - (250 if b.label == "Accept" else 130)
                    b.draw(surface)
        if summary:
            self._draw_summary(surface, pygame.Rect(panel.x, panel.bottom + 14, panel.w, news_h), summary)

    @staticmethod
    def _draw_summary(surface: pygame.Surface, box: pygame.Rect, lines: list[str]) -> None:
        """The "since your last turn" panel of the handoff cover."""
        textures.draw_panel(surface, box, "parchment", radius=12)
        pygame.draw.rect(surface, theme.WOOD_DARK, box, 2, border_radius=12)
        head = widgets.text("Since your last turn", 18, theme.INK, "heading")
        surface.blit(head, (box.x + 20, box.y + 12))
        for i, line in enumerate(lines):
            surface.blit(render(line, 15, theme.INK, "body"), (box.x + 24, box.y + 44 + 24 * i))

    def _over_banner(self) -> pygame.Rect:
        """After the game: a ribbon at the top of the board (the board stays in view), its button on the right."""
        px = theme.px
        banner = pygame.Rect(0, 0, min(px(720), self.view.rect.w - px(24)), px(78))
        banner.midtop = (self.view.rect.centerx, self.view.rect.y + px(10))
        self.over_button.rect.size = (px(230), px(50))
        self.over_button.rect.midright = (banner.right - px(14), banner.centery)
        return banner

    def _draw_game_over(self, surface: pygame.Surface) -> None:
        px = theme.px
        banner = self._over_banner()
        textures.draw_panel(surface, banner, "parchment", radius=14)
        pygame.draw.rect(surface, theme.WOOD_DARK, banner, 3, border_radius=14)
        winners = self.state.winners
        names = " & ".join(self.state.players[s].name for s in winners) or "Nobody"
        room = self.over_button.rect.x - banner.x - px(30)
        headline = f"🏆 {names} win{'s' * (len(winners) == 1)}!"
        size, words = widgets.fit_label(headline, px(26), room, "title")
        if words != headline:
            size, words = widgets.fit_label(f"🏆 {len(winners)} players share the win!", px(26), room, "title")
        title = render(words, size, theme.INK, "title")
        surface.blit(title, (banner.x + px(18), banner.y + px(8)))
        from game.names import end_reason
        size, words = widgets.fit_label(f"Day {max(1, self.state.day)} · {end_reason(self.state.end_reason)}",
                                        px(15), room)
        reason = render(words, size, theme.INK_SOFT)           # "the most 💰": the icon, not a box
        surface.blit(reason, (banner.x + px(20), banner.bottom - px(10) - reason.get_height()))
        self.over_button.draw(surface)
