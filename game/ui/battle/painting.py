"""How the battle screen is drawn: field, squad cards, rolls, arrangement, log, dialogs.

``BattleScene`` mixes this in; drawing reads the scene's state and never changes the game.
"""
from __future__ import annotations

import pygame

from game.engine.state import NEUTRAL
from game.names import percent
from game.ui.kit import icons, textures, theme, widgets
from game.ui.battle import draw as D
from game.ui.kit.dice_art import draw_die
from game.ui.battle.view import Beat, unit_label
from game.ui.kit.rich_text import render
from game.ui.kit.theme import px

TOP = 56
LOG_W = 300
CARD_W, CARD_H = 150, 168
# Seconds of each part of an exchange at normal speed.
T_PICK, T_ROLL, T_REVEAL, T_DESTROY, T_FAINT = 0.35, 0.6, 0.6, 0.65, 1.3
T_BANNER = 1.3
T_ARRANGED = 0.8
# What the human arranging second reads about the other human's squads, set unseen (``hidden_split``).
HIDDEN_SPLIT = ("{name}'s squads and roll mode are hidden from you. Your win chance counts on the best split "
                "{name} could have made against yours.")
# A City's battle is not called a siege: the siege (R-CITY-2) is the walls-breaking move made beside it, no battle.
KIND_TITLES = {"monsters": "Monsters", "guardians": "Mine guardians", "hero": "Hero against hero",
               "city": "Battle for the City"}


class BattlePainting:
    # --- drawing --------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._draw_backdrop(surface)
        self._draw_top_bar(surface)
        self._draw_field(surface)
        self._draw_log(surface)
        if self.arrangement is not None and not self.busy:
            self._draw_arrange(surface)
        self._draw_prompt(surface)
        if self.beat is not None:
            self._draw_beat_overlay(surface)
        if self.busy and self.result is None:
            self._draw_skip_hint(surface)
        for widget in self.widgets:
            if widget.visible and widget not in (self.yes_button, self.no_button, self.continue_button):
                widget.draw(surface)
        if self.confirm_retreat:
            self._draw_confirm(surface)
        if self.result is not None:
            self._draw_result(surface)
        self.draw_widget_tooltip(surface)
        self.toast.draw(surface)
        if self.handoff.up:
            self.handoff.draw(surface, self.state.players[self.handoff.seat].name)

    def _draw_backdrop(self, surface) -> None:
        f = self.field
        surface.blit(_battlefield(f.w, f.h), f.topleft)

    def _draw_top_bar(self, surface) -> None:
        w = surface.get_width()
        bar = pygame.Rect(0, 0, w, px(TOP))
        surface.blit(textures.wood(bar.w, bar.h, seed=5, plank=200), bar)
        pygame.draw.line(surface, (30, 18, 8), bar.bottomleft, bar.bottomright, px(3))
        pygame.draw.line(surface, theme.GOLD, (0, bar.bottom - px(4)), (bar.right, bar.bottom - px(4)), 1)
        title = render(f"⚔️ {KIND_TITLES.get(self.view.kind, 'Battle')}", px(26), theme.GOLD, "heading", (10, 6, 2))
        surface.blit(title, title.get_rect(midleft=(px(16), bar.centery)))
        a, d = self.view.sides
        vs = widgets.text(f"{a.name}  attacks  {d.name}", px(17), theme.CREAM, "bold", (10, 6, 2))
        surface.blit(vs, vs.get_rect(midleft=(title.get_width() + px(40), bar.centery)))
        rnd = widgets.text(self.round_label(), px(16), (230, 210, 170), "bold", (10, 6, 2))
        surface.blit(rnd, rnd.get_rect(midright=(w - px(20), bar.centery)))

    def round_label(self) -> str:
        """The round being shown: the one animated, else the one about to be fought (the log calls the
        first exchange Round 1; "Round 1" above a choice of the second read as the first), else, with the
        squads still being set or the result up, the rounds fought so far."""
        if self.beat is not None:
            number = self.beat.data.get("round", self.view.round)
        elif getattr(self, "result", None) is not None or not all(s.arranged for s in self.view.sides):
            number = self.view.round
        else:
            number = self.view.round + 1
        if number:
            return f"Round {number}"
        # a retreat at the attacker's first turn ends it with no round fought: not "before" anything
        return "No round fought" if getattr(self, "result", None) is not None else "Before the first round"

    def bar_odds(self) -> float | None:
        """The attacker's chance on the bar: while a side arranges, with the split it is making (the figure
        beside "To battle!"), not with its units still unplaced. None while it is being worked out."""
        arranging = getattr(self, "arrangement", None) is not None
        odds = getattr(self, "arrange_odds", None) if arranging else None
        if odds is None:
            return None if arranging and self.odds_waiting() else self.p_attacker
        return odds if self.arrange_side == 0 else 1.0 - odds

    def _draw_field(self, surface) -> None:
        a, d = self.view.sides
        D.draw_win_bar(surface, self.bar_rect, self.bar_odds(), (a.name, a.player), (d.name, d.player))
        hidden = None if self.busy else self.hidden_split()
        for side_index in (0, 1):
            side = self.view.sides[side_index]
            if side_index == hidden:
                continue                          # its split is not this player's to see: told below instead
            rects = [r for (s, _), r in self.card_rects().items() if s == side_index]
            y = (rects[0].y if rects else (self.bottom_row_y if side_index == self.bottom else self.top_row_y))
            label_y = y - px(14) if side_index == self.top else y + px(CARD_H) + px(16)
            mode = "" if side.player == NEUTRAL else f"  ·  {side.mode} rolls"
            if not side.arranged and side.pool:      # its army, not yet on cards: the hero looked alone
                from game.names import join_names, unit_plural
                army = join_names(unit_plural(unit, n) for unit, n in side.pool.items() if n)
                mode = f"  ·  arranging {army}…"
            if self.arrangement is not None and side_index == self.arrange_side and not self.busy:
                continue                          # the arrange panel stands where this label would be
            tag = render(f"{'⚔️ Attacker' if side_index == 0 else '🛡️ Defender'}: {side.name}{mode}", px(14),
                         theme.CREAM, "bold", (0, 0, 0))
            surface.blit(tag, tag.get_rect(center=(self.field.centerx, label_y)))
        beat = self.beat
        best = self.best_pick() if beat is None or beat.kind != "exchange" else None
        for (side_index, i), rect in self.card_rects().items():
            arranging = self.arrangement is not None and side_index == self.arrange_side and not self.busy
            if arranging or side_index == hidden:
                continue
            squad = self.view.sides[side_index].squads[i]
            state, alpha, offset, flash, chance = "", 255, (0, 0), 0.0, None
            if beat is not None and beat.kind == "exchange":
                state, alpha, offset, flash = self._card_fx(beat, side_index, i)
            elif self.human_to_act() and self.arranging_index() is None:
                acting = self.state.battle.to_act
                if side_index == acting and i == self.selected:
                    state = "selected"
                elif side_index == acting and self.hover == (side_index, i):
                    state = "hover"
                elif side_index != acting and self.hover == (side_index, i):
                    state = "target"
                    chance = self.hover_chance(i)
            D.draw_card(surface, rect, squad, state=state, alpha=alpha, offset=offset, flash=flash, chance=chance,
                        best=best == (side_index, i))
            if beat is not None and beat.kind == "exchange" and alpha < 255:
                skull = icons.icon("skull", px(64)).copy()
                skull.set_alpha(min(255, (255 - alpha) * 2))
                surface.blit(skull, skull.get_rect(center=rect.center))
        if beat is None and not self.busy:
            self._draw_arena_idle(surface)
        if hidden is not None:
            self._draw_hidden_split(surface, hidden)

    def _draw_hidden_split(self, surface, hidden: int) -> None:
        """Above the arrange panel, what the human arranging second knows of the other human's side: who and
        what fights in it, not its split, and what its win chance then counts on."""
        from game.names import join_names, unit_plural
        view = self.view.sides[hidden]
        units = self.state.battle.sides[hidden].survivors()
        army = join_names([s.name for s in view.squads if not s.is_unit_squad] +
                          [unit_plural(unit, n) for unit, n in sorted(units.items()) if n])
        role = "⚔️ Attacker" if hidden == 0 else "🛡️ Defender"
        width = self.field.w - px(80)
        size, words = widgets.fit_label(f"{role}: {view.name}, with {army}", px(18), width)
        lines = [(widgets.text(words, size, theme.CREAM, "bold", (0, 0, 0)), px(6))]
        for line in widgets.wrap(HIDDEN_SPLIT.format(name=view.name), px(15), width, "bold"):
            lines.append((widgets.text(line, px(15), (235, 220, 190), "bold", (0, 0, 0)), px(2)))
        height = sum(img.get_height() + gap for img, gap in lines)
        y = self.top_row_y + (px(CARD_H) - height) // 2
        for img, gap in lines:
            surface.blit(img, img.get_rect(midtop=(self.field.centerx, y)))
            y += img.get_height() + gap

    def best_pick(self) -> tuple[int, int] | None:
        """The card a star marks for the player to move: its squad with the best odds of winning the battle,
        then, once a squad is chosen, the enemy squad that gives it the best odds (None: odds not known)."""
        if not self.chances or not self.human_to_act() or self.arranging_index() is not None:
            return None
        acting = self.state.battle.to_act
        if self.selected is None:
            own, _ = max(self.chances, key=lambda pair: (self.chances[pair], -pair[0], -pair[1]))
            return acting, own
        options = {t: p for (own, t), p in self.chances.items() if own == self.selected}
        if not options:
            return None
        return 1 - acting, max(options, key=lambda t: (options[t], -t))

    def hover_chance(self, target: int) -> float | None:
        if not self.chances:
            return None
        if self.selected is not None:
            return self.chances.get((self.selected, target))
        options = [p for (own, t), p in self.chances.items() if t == target]
        return max(options) if options else None

    def _card_fx(self, beat: Beat, side_index: int, i: int):
        d = beat.data
        t = self.t
        acting, target = (d["side"], d["squad"]), (1 - d["side"], d["target"])
        state = "acting" if (side_index, i) == acting else "target" if (side_index, i) == target else "dim"
        alpha, offset, flash = 255, (0, 0), 0.0
        dead = d.get("destroyed")
        start = T_PICK + T_ROLL + T_REVEAL
        if dead and (dead["side"], dead["squad"]) == (side_index, i) and t >= start:
            k = (t - start) / T_DESTROY
            flash = 1.0 - abs(1 - 2 * min(1.0, k * 1.6))
            offset = D.shake(k)
            alpha = int(255 * (1 - D.ease_out(max(0.0, (k - 0.35) / 0.65))))
        elif (side_index, i) == acting and t < T_PICK:
            offset = (0, -round(10 * (1 - abs(1 - 2 * t / T_PICK))) * (1 if side_index == self.bottom else -1))
        return state, alpha, offset, flash

    def _draw_arena_idle(self, surface) -> None:
        if self.arrangement is not None or self.state.battle is None or self.result is not None:
            return
        ar = self.arena
        if self.human_to_act() and self.arranging_index() is None:
            title = "Your move" if self.selected is None else "Now choose a target"
            sub = ("Click one of your squads, then an enemy squad" if self.selected is None
                   else "Hover an enemy squad for your chance to win, click to attack")
            if self.best_pick() is not None:
                sub += "  ·  ⭐ the best odds"
            if any(getattr(p, "estimate", False) for p in self.chances.values()):
                sub += "  ·  ≈ estimated: too many squads for exact odds"
        elif self.arranging_index() is not None:
            title, sub = "Squads are being set", ""
        else:
            title = f"{self.view.sides[self.view.to_act].name} is thinking…"
            sub = ""
        img = widgets.text(title, px(28), theme.CREAM, "title", (0, 0, 0))
        surface.blit(img, img.get_rect(center=(ar.centerx, ar.centery - px(12))))
        if sub:
            s = render(sub, px(15), (235, 220, 190), "bold", (0, 0, 0))
            surface.blit(s, s.get_rect(center=(ar.centerx, ar.centery + px(22))))

    def _draw_prompt(self, surface) -> None:
        pass

    def _draw_skip_hint(self, surface) -> None:
        """While the dice roll: how to see the outcome at once (Space was told only in the help overlay)."""
        img = widgets.text("Click or Space: skip", px(13), (235, 220, 190), "bold", (0, 0, 0))
        surface.blit(img, img.get_rect(bottomright=(self.field.right - px(14), self.field.bottom - px(10))))

    # exchange animation --------------------------------------------------------------------------------
    def _draw_beat_overlay(self, surface) -> None:
        beat, t = self.beat, self.t
        center = (self.field.centerx, self.arena.centery)
        if beat.kind == "retreat":
            alpha = int(255 * min(1.0, t / 0.2))
            D.draw_banner(surface, center, "Retreat!", f"{self.view.sides[0].name} gives up; the hero is lost",
                          (90, 70, 60), alpha)
            return
        if beat.kind == "arranged":
            side = self.view.sides[self.view.side_index(beat.data["player"])]
            n = len(beat.data["squads"])
            D.draw_banner(surface, center, f"{side.name} forms {n} squad{'s' * (n != 1)}",
                          f"{beat.data['mode'].title()} rolls", (60, 70, 110), int(255 * min(1.0, t / 0.2)))
            return
        if beat.kind != "exchange":
            return
        d = beat.data
        ar = self.arena
        panel = pygame.Surface(ar.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (14, 8, 4, 150), panel.get_rect(), border_radius=16)
        surface.blit(panel, ar)
        rows = {self.top: pygame.Rect(ar.x + px(20), ar.y + px(10), ar.w - px(40), ar.h // 2 - px(14)),
                self.bottom: pygame.Rect(ar.x + px(20), ar.centery + px(4), ar.w - px(40), ar.h // 2 - px(14))}
        rolling = t < T_PICK + T_ROLL
        revealed = t >= T_PICK + T_ROLL
        rolls = d.get("rolls", [])
        for k, side_index in enumerate((d["side"], 1 - d["side"])):
            if k < len(rolls) and t >= T_PICK * 0.5:
                self._draw_roll(surface, rows[side_index], rolls[k], side_index, rolling,
                                (t - T_PICK - T_ROLL) if revealed else -1.0,
                                won=(d.get("winner") == side_index))
        faint = d.get("fainted")
        start = T_PICK + T_ROLL + T_REVEAL + T_DESTROY
        covered = faint and t >= start + 0.2       # the faint banner is up: the words peeped out at its ends
        if revealed and "totals" in d and not covered:
            ours, theirs = d["totals"]
            winner = self.view.sides[d["winner"]]
            if d["tie"]:
                text = "Tie — the squad attacked wins"
            else:
                text = f"{winner.name} win{'s' if winner.player else ''} the exchange"
            img = render(text, px(18), theme.GOLD, "bold", (0, 0, 0))
            surface.blit(img, img.get_rect(center=(ar.centerx, ar.centery)))
        if faint and t >= start:
            side = self.view.sides[d["destroyed"]["side"]]
            name = next((s.name for s in side.squads if s.hero == faint["hero"]), "The hero")
            from game.narration import desertion
            words = desertion(faint["units_before"], faint["units_after"])     # none for a hero alone
            items = faint.get("items", 0)
            news = [f"{items} item{'s' if items > 1 else ''} drop{'' if items > 1 else 's'}"] if items else []
            D.draw_banner(surface, center, f"{name} faints!", "; ".join(news + ([words] if words else [])),
                          (120, 40, 110), int(255 * min(1.0, (t - start) / 0.2)))

    def _draw_roll(self, surface, row: pygame.Rect, roll: dict, side_index: int, rolling: bool,
                   since_reveal: float, won: bool) -> None:
        from game.engine.dice import Dice
        side = self.view.sides[side_index]
        colour = theme.seat_colour(side.player)
        name = widgets.text(side.name, px(14), theme.CREAM, "bold", (0, 0, 0))
        y = row.centery + px(8)
        pygame.draw.circle(surface, colour, (row.x + px(12), y), px(8))
        surface.blit(name, name.get_rect(midleft=(row.x + px(26), y)))
        x = row.x + px(26) + max(px(90), name.get_width() + px(14))
        size = px(44)
        shown = 0
        tick = int(self.t * 14)
        for g, group in enumerate(roll.get("rolls", [])):
            dice = Dice.parse(group["expr"])
            faces = group["faces"]
            sets = faces if faces and isinstance(faces[0], list) else [faces]
            for u, face_set in enumerate(sets):
                for f, face in enumerate(face_set):
                    if shown >= 10 or x > row.right - px(190):
                        break
                    if rolling:
                        face = 1 + (hash((tick, g, u, f, side_index)) % dice.sides)
                        angle = ((tick * 37 + f * 53 + u * 11) % 40) - 20
                        dy = -abs(((tick + f) % 4) - 2) * 3
                    else:
                        angle, dy = 0, 0
                    draw_die(surface, (x + size // 2, y + dy), dice.sides, face, size, angle)
                    x += size + px(6)
                    shown += 1
            more = (len(sets) * dice.count) - min(len(sets) * dice.count, shown)
            extra = []
            if dice.bonus:
                extra.append(f"+{dice.bonus}")
            if len(sets) == 1 and group["count"] > 1:
                extra.append(f"× {group['count']}")
            elif len(sets) > 1 and more > 0:
                extra.append(f"… ({len(sets)} units)")
            if extra:
                label = widgets.text(" ".join(extra), px(18), theme.CREAM, "bold", (0, 0, 0))
                surface.blit(label, label.get_rect(midleft=(x + px(2), y)))
                x += label.get_width() + px(14)
            if g < len(roll["rolls"]) - 1:
                plus = widgets.text("+", px(20), theme.GOLD, "bold", (0, 0, 0))
                surface.blit(plus, plus.get_rect(midleft=(x, y)))
                x += plus.get_width() + px(10)
        if since_reveal >= 0:
            scale = 1.0 + 0.5 * max(0.0, 1 - since_reveal / 0.25)
            total = widgets.text(str(roll["total"]), int(40 * scale), theme.GOLD if won else theme.CREAM, "title",
                                 (0, 0, 0))
            box = pygame.Rect(0, 0, px(96), px(62))
            box.midright = (row.right - px(6), y - px(4))
            pygame.draw.rect(surface, (60, 34, 16) if not won else (90, 60, 16), box, border_radius=12)
            pygame.draw.rect(surface, theme.GOLD if won else (150, 120, 90), box, px(2), border_radius=12)
            surface.blit(total, total.get_rect(center=box.center))
            if won:
                crown = icons.icon("crown", px(26))
                surface.blit(crown, crown.get_rect(center=(box.right - px(4), box.y + px(2))))

    # log ---------------------------------------------------------------------------------------------------------
    def _draw_log(self, surface) -> None:
        r = self.log_rect
        surface.blit(textures.parchment(r.w, r.h, seed=9), r)
        pygame.draw.line(surface, theme.WOOD_DARK, r.topleft, r.bottomleft, px(4))
        title = widgets.text("Battle log", px(22), theme.INK, "heading")
        surface.blit(title, (r.x + px(18), r.y + px(12)))
        box = self.log_box
        pygame.draw.rect(surface, (240, 228, 196), box, border_radius=8)
        pygame.draw.rect(surface, (170, 140, 100), box, 1, border_radius=8)
        lines: list[str] = []
        for line in self.log[-40:]:
            lines += widgets.wrap(line, px(13), box.w - px(20), "bold", indent="  ")
        y = box.bottom - px(8)
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-px(4), -px(4)))
        for line in reversed(lines):
            bold = line.startswith(("Round", "🏆", "⚔ Battle"))
            img = render(line, px(13), theme.INK if bold else theme.INK_SOFT, "bold" if bold else "body")
            y -= img.get_height() + px(2)
            if y < box.y + px(2):
                break
            surface.blit(img, (box.x + px(10), y))
        surface.set_clip(clip)
        if self.speed_toggle in self.widgets:      # the result and the retreat question hide the toggle
            cap = widgets.text("Speed", px(14), theme.INK, "bold")
            surface.blit(cap, cap.get_rect(bottomleft=(self.speed_toggle.rect.x, self.speed_toggle.rect.y - px(3))))

    # arrange panel --------------------------------------------------------------------------------------------------
    def _draw_arrange(self, surface) -> None:
        arr, p = self.arrangement, self.arrange_panel
        textures.draw_panel(surface, p, "parchment", radius=px(14))
        side = self.state.battle.sides[self.arrange_side]
        title = widgets.text(f"{self.view.sides[self.arrange_side].name}: arrange your squads", px(22), theme.INK, "heading")
        surface.blit(title, (p.x + px(18), p.y + px(12)))
        size, words = widgets.fit_label(f"Split your units into up to {arr.limit} squads (at least one unit each). "
                                        f"Heroes and Cities fight as squads of their own.", px(13), p.w - px(36), "body")
        sub = widgets.text(words, size, theme.INK_SOFT)
        surface.blit(sub, (p.x + px(18), p.y + px(40)))
        from game.engine.battle import Squad as EngineSquad
        from game.engine.battle import squad_dice_text
        from game.ui.battle.view import ViewSquad
        for i, rect in enumerate(self.fixed_rects):
            D.draw_card(surface, rect, self.view.sides[self.arrange_side].squads[i])
            note = widgets.text("own squad", px(12), theme.INK_SOFT, "bold")
            surface.blit(note, note.get_rect(midtop=(rect.centerx, rect.bottom + px(6))))
        for i, rect in enumerate(self.slot_rects):
            filled = arr.slot_total(i) > 0
            pygame.draw.rect(surface, (246, 236, 212) if filled else (226, 212, 182), rect, border_radius=10)
            pygame.draw.rect(surface, theme.seat_colour(side.player) if filled else (170, 150, 120), rect, px(2),
                             border_radius=10)
            head = widgets.text(f"Squad {i + 1}", px(16), theme.INK, "bold")
            surface.blit(head, (rect.x + px(10), rect.y + px(8)))
            if filled:
                dice = squad_dice_text(self.state, EngineSquad(dict(arr.slots[i])))
                lines = _dice_lines(dice, px(13), rect.w - px(16))    # mixed tiers ran past a narrow slot
                for k, (size, words) in enumerate(lines):
                    img = widgets.text(words, size, theme.INK_SOFT, "bold")
                    surface.blit(img, (rect.x + px(10), rect.y + (px(30) if len(lines) == 1 else px(27) + k * px(14))))
            else:
                size, words = widgets.fit_label("empty — not used", px(13), rect.w - px(16), "body")
                img = widgets.text(words, size, (150, 120, 90))
                surface.blit(img, (rect.x + px(10), rect.y + px(30)))
            y = rect.y + px(58)
            for unit in arr.units:
                sprite = D.unit_sprite(unit, side.player, px(28))
                surface.blit(sprite, (rect.x + px(8), y + 1))
                name, tier, rank = unit_label(unit)
                label = render(f"T{tier}{'⭐' * rank}" if tier else name, px(12), theme.INK)
                if label.get_width() <= rect.w - px(146):
                    surface.blit(label, label.get_rect(midleft=(rect.x + px(40), y + px(15))))
                count = widgets.text(str(arr.count(i, unit)), px(18), theme.INK, "bold")
                surface.blit(count, count.get_rect(center=(rect.right - px(52), y + px(15))))
                y += px(36)
            crowd = pygame.Rect(rect.x + px(8), y + px(6), rect.w - px(16), min(px(90), rect.bottom - y - px(12)))
            if filled and crowd.h > px(30):
                D.draw_crowd(surface, ViewSquad(dict(arr.slots[i]), owner=side.player), crowd)
        rr = self.reserve_rect
        pygame.draw.rect(surface, (226, 212, 182), rr, border_radius=10)
        pygame.draw.rect(surface, (170, 150, 120), rr, px(2), border_radius=10)
        head = widgets.text("Not placed", px(16), theme.INK, "bold")
        surface.blit(head, (rr.x + px(10), rr.y + px(8)))
        y = rr.y + px(58)
        for unit in arr.units:
            n = arr.reserve.get(unit, 0)
            sprite = D.unit_sprite(unit, side.player, px(28))
            if not n:
                sprite = sprite.copy()
                sprite.set_alpha(90)
            surface.blit(sprite, (rr.x + px(8), y + 1))
            count = widgets.text(str(n), px(18), theme.DANGER if n else theme.INK_SOFT, "bold")
            surface.blit(count, count.get_rect(midleft=(rr.x + px(44), y + px(15))))
            name, tier, rank = unit_label(unit)     # each row's kind, told once (narrow slots have no room)
            label = render(f"T{tier}{'⭐' * rank}" if tier else name, px(12), theme.INK)
            if label.get_width() <= rr.right - px(8) - (rr.x + px(72)):
                surface.blit(label, label.get_rect(midleft=(rr.x + px(72), y + px(15))))
            y += px(36)
        odds = self.arrange_odds
        text = f"Win chance {percent(odds)}" if odds is not None else \
            "Working out the odds…" if self.odds_waiting() else "Place every unit"
        colour = D.chance_colour(odds) if odds is not None else theme.INK_SOFT if self.odds_waiting() else theme.DANGER
        room = pygame.Rect(self.mode_toggle.rect.right, self.mode_toggle.rect.y,
                           self.suggest_button.rect.x - self.mode_toggle.rect.right, self.mode_toggle.rect.h)
        for words in ((text, f"Win {percent(odds)}", percent(odds)) if odds is not None else (text,)):
            size, fitted = widgets.fit_label(words, px(20), room.w - px(20))
            if fitted == words:                # the whole figure, never an ellipsis in place of the odds
                break
        img = widgets.text(fitted, size, colour, "bold")
        surface.blit(img, img.get_rect(center=room.center))

    # dialogs -------------------------------------------------------------------------------------------------------
    def _dim(self, surface) -> None:
        textures.dim(surface, 170)

    def _draw_confirm(self, surface) -> None:
        self._dim(surface)
        panel = pygame.Rect(0, 0, px(520), px(230))
        panel.center = (self.field.centerx, surface.get_height() // 2)
        textures.draw_panel(surface, panel, "parchment", radius=px(16))
        title = widgets.text("Retreat from the battle?", px(28), theme.DANGER, "title")
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + px(26))))
        for k, line in enumerate(self.retreat_words()):
            img = widgets.text(line, px(16), theme.INK)
            surface.blit(img, img.get_rect(midtop=(panel.centerx, panel.y + px(76) + k * px(24))))
        self.yes_button.rect.y = self.no_button.rect.y = panel.bottom - px(74)
        self.yes_button.draw(surface)
        self.no_button.draw(surface)

    def retreat_words(self) -> list[str]:
        """What a retreat costs (R-DEATH-3), and the Monster its standing units become (R-DEATH-2)."""
        hero = self.state.heroes.get(self.view.hero)
        name = hero.name if hero and hero.name else "Your hero"
        battle = self.state.battle
        standing = sum(battle.sides[0].survivors(self.view.hero).values()) if battle is not None else 0
        if not standing:
            return [f"{name} will be lost and the army disbands.", "The hero's items drop on the tile."]
        return [f"{name} will be lost; its {standing} unit{'s' * (standing != 1)} still standing",
                "desert and roam the tile as a Monster (R-DEATH-2).", "The hero's items drop on the tile."]

    def side_result_lines(self, i: int, res: dict) -> list[str]:
        """What the battle did to side ``i``: only what happened (a hero alone has no units to count)."""
        fought = self.view.start_units[i]
        lines = [f"Units lost: {res['lost'][i]} of {fought}"] if fought else []
        if self.deserted[i]:
            lines.append(f"   of which {self.deserted[i]} deserted")
        disbanded = res.get("disbanded", [0, 0])[i]
        if disbanded:       # not killed: they left when the hero retreated, and are a Monster now (R-DEATH-2)
            lines.append(f"   of which {disbanded} disbanded into a Monster")
        heroes = self.view.start_heroes[i]
        if heroes:
            # the winner's heroes live on (a retreat loses the attacker's; the defender's stand), the loser's fall
            survived = i == res["winner"]
            fainted = min(heroes, getattr(self, "fainted", [0, 0])[i]) if survived else 0   # its items dropped
            if heroes == 1:
                lines.append(("Hero: fainted, lives on" if fainted else "Hero: lives on") if survived else "Hero: lost")
            else:
                lines.append((f"Heroes: all {heroes} live on" + (f" ({fainted} fainted)" if fainted else ""))
                             if survived else f"Heroes: all {heroes} lost")
        for city in self._cities_of_side(i):
            lines.append(f"City holds: {city}" if i == res["winner"] else f"City lost: {city}")
        return lines or ["No losses"]

    def _cities_of_side(self, i: int) -> list[str]:
        """The Cities that fought on side ``i`` (a siege's defender), by name."""
        return [(self.state.cities[c].name if c in self.state.cities and self.state.cities[c].name else "the City")
                for c in self.start_cities[i]]

    def _draw_result(self, surface) -> None:
        self._dim(surface)
        res = self.result
        w, h = surface.get_size()
        sides = [self.side_result_lines(i, res) for i in range(len(self.view.sides))]
        # both boxes as tall as the longer list (a lost City under a deserting army and a fallen hero
        # was drawn below its box, over "Spoils and losses"); the panel grows to keep the spoils clear
        box_h = max(px(110), px(40 + 22 * max(map(len, sides)) + 8))
        spoils = res["lines"] or ["Nothing else changes on the board."]
        tall = px(104 + 18 + 30 + 84 + 24 * len(spoils)) + box_h       # boxes, spoils, Continue
        panel = pygame.Rect(0, 0, px(640), min(h - px(12), max(px(470), tall)))
        panel.center = (self.field.centerx, h // 2 + px(6))
        textures.draw_panel(surface, panel, "parchment", radius=px(18))
        winner = self.view.sides[res["winner"]]
        verb = winner.wins
        colour = theme.seat_colour(winner.player) if winner.player else theme.INK
        title = widgets.text(f"{winner.name} {verb} the battle!", px(32), colour, "title", (40, 26, 12))
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + px(24))))
        icon = icons.icon("crown", px(44))
        surface.blit(icon, icon.get_rect(midbottom=(panel.centerx, panel.y + px(26))))
        sub = ("The attacker retreated: the hero is lost." if res["retreated"]
               else f"After {self.view.round} round{'s' * (self.view.round != 1)}.")
        img = widgets.text(sub, px(16), theme.INK_SOFT)
        surface.blit(img, img.get_rect(midtop=(panel.centerx, panel.y + px(72))))
        col_w = (panel.w - px(60)) // 2
        self.result_rects = []
        for i, side in enumerate(self.view.sides):
            box = pygame.Rect(panel.x + px(20) + i * (col_w + px(20)), panel.y + px(104), col_w, box_h)
            pygame.draw.rect(surface, (246, 236, 212), box, border_radius=10)
            pygame.draw.rect(surface, theme.seat_colour(side.player), box, px(2), border_radius=10)
            head = render(f"{'⚔️' if i == 0 else '🛡️'} {side.name}", px(17), theme.INK, "bold")
            surface.blit(head, (box.x + px(12), box.y + px(10)))
            drawn = []
            for k, line in enumerate(sides[i]):
                size, words = widgets.fit_label(line, px(15), box.w - px(24), "body")
                img = widgets.text(words, size, theme.INK)
                drawn.append(surface.blit(img, (box.x + px(14), box.y + px(40) + k * px(22))))
            self.result_rects.append((box, drawn))
        y = panel.y + px(104) + box_h + px(18)
        cap = widgets.text("Spoils and losses", px(18), theme.INK, "heading")
        surface.blit(cap, (panel.x + px(26), y))
        y += px(30)
        for line in spoils:
            img = render(line, px(15), theme.INK)
            surface.blit(img, (panel.x + px(30), y))
            y += px(24)
        self.continue_button.rect.midbottom = (panel.centerx, panel.bottom - px(18))
        self.continue_button.draw(surface)


_BACKDROPS: dict = {}


def _battlefield(w: int, h: int) -> pygame.Surface:
    """A dark green field with a worn centre line and a vignette (cached per size)."""
    key = (w, h)
    if key in _BACKDROPS:
        return _BACKDROPS[key]
    import numpy as np
    base = textures.parchment(w, h, seed=31)
    arr = pygame.surfarray.array3d(base).astype(np.float32)
    lum = arr.mean(axis=2, keepdims=True) / 255.0
    green = np.array([58, 82, 44], np.float32)[None, None, :]
    field = green * (0.65 + 0.6 * lum)
    xs = np.linspace(-1, 1, w, dtype=np.float32)[:, None]
    ys = np.linspace(-1, 1, h, dtype=np.float32)[None, :]
    vignette = np.clip(1.0 - 0.45 * (xs ** 2 + ys ** 2), 0.35, 1.0)[:, :, None]
    field *= vignette
    surf = pygame.surfarray.make_surface(np.clip(field, 0, 255).astype(np.uint8))
    mid = h // 2 + 20
    line = pygame.Surface((w, 6), pygame.SRCALPHA)
    line.fill((230, 220, 180, 26))
    surf.blit(line, (0, mid))
    _BACKDROPS[key] = surf
    return surf


def _dice_lines(dice: str, size: int, width: int) -> list[tuple[int, str]]:
    """A squad's dice on one line, else on two broken between its terms ("3 × 1d6 +" / "2 × 2d6"), written
    tighter ("2×2d6") if need be, else shortened: [(font size, words), ...]."""
    from game.ui.kit.rich_text import width as drawn_width
    if drawn_width(dice, size, "bold") <= width:
        return [(size, dice)]
    small = max(9, size - px(1))
    tight = dice.replace(" × ", "×")
    for words in (dice, tight):
        terms = words.split(" + ")
        for cut in range(len(terms) - 1, 0, -1):
            first, second = " + ".join(terms[:cut]) + " +", " + ".join(terms[cut:])
            if drawn_width(first, small, "bold") <= width and drawn_width(second, small, "bold") <= width:
                return [(small, first), (small, second)]
    return [widgets.fit_label(tight, size, width)]
