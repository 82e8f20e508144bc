"""The board scene's dialogs for the decisions the rules leave to a player.

Pickups, bribes and defections, upkeep, votes, alliance offers, and a plain
battle panel when the battle screen is not available. Each dialog submits the
engine's own action through the board scene (``GameScene`` mixes this in).
"""
from __future__ import annotations

from game import engine as A      # its action classes (A.Move, ...): loaded when first used (game.engine)
from game.names import percent
from game.ui.kit import widgets
from game.ui.board.dialogs import Dialog


def allied_already(state, seat: int, besides: int) -> str | None:
    """"Brunhild is already allied with Rowena." for an alliance offer to or from ``besides``."""
    partners = [state.players[p].name for p in sorted(state.allies_of(seat)) if p != besides]
    from game.names import join_names
    return f"{state.players[seat].name} is already allied with {join_names(partners)}." if partners else None


class DecisionDialogs:
    # dialogs for the rules' decisions ------------------------------------------------------
    def _sync_dialog(self) -> None:
        state = self.state
        if self.dialog is not None and str(self.dialog.key).startswith("ui:"):
            return
        if state.phase == "over":
            self.dialog = None
            self._show_game_over()
            return
        if not self._out_told and self._humans_out():
            self._tell_out()
            return
        if self.handoff_to is not None or not self.human_to_act() or self.walks:
            self.dialog = None
            return
        seat = self.actor
        key, build = None, None
        if state.pending:
            pending = state.pending[0]
            key = ("pending", pending.kind, len(state.actions))
            build = {"take_monsters": self._take_monsters_dialog, "pickups": self._pickups_dialog,
                     "upkeep_deaths": self._upkeep_dialog, "vote": self._vote_dialog,
                     "face_monster": self._face_monster_dialog}.get(pending.kind)
        elif state.battle is not None:
            key = ("battle", id(state.battle), len(state.actions), self.app is not None)
            build = self._battle
        elif any(to == seat for _, to in state.alliance_offers):
            key = ("offer", tuple(sorted(state.alliance_offers)))
            build = self._offer_dialog
        elif self._pickup_offer is not None:
            hero = state.heroes.get(self._pickup_offer)
            if hero is not None and hero.owner == seat and self._pickups_here(hero) and state.phase == "turn":
                key = ("pickup", hero.id, len(state.actions))
                build = self._pickups_dialog
            else:
                self._pickup_offer = None
        if build is None:
            self.dialog = None
            return
        if self.dialog is not None and self.dialog.key == key:
            return
        self.dialog = build()
        if self.dialog is not None:
            self.dialog.key = key
            self._layout_dialog()

    def _layout_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.layout(self.size, getattr(self.view, "rect", None))

    def _hero_name(self, hero_id) -> str:
        hero = self.state.heroes.get(hero_id)
        return (hero.name or f"Hero {hero_id}") if hero else "the hero"

    def _take_monsters_dialog(self) -> Dialog:
        """R-MON-1 / R-CMP-11: how many bribed or defecting monsters join (limited by purse and slots)."""
        from game.engine import legal_actions
        from game.engine.purse import describe
        pending = self.state.pending[0]
        data = pending.data
        counts = [a.count for a in legal_actions(self.state) if isinstance(a, A.TakeMonsters)]
        limit = max(counts) if counts else 0
        bribe = data["offer"] == "bribe"
        cost = data.get("cost") or {}
        lines = [f"{data['max']} monsters {'offer to join for a price' if bribe else 'defect to your side'}!",
                 (f"Each costs {describe(cost)}." if bribe and cost else "They join for free."),
                 ]
        none = widgets.Button("Send them away", lambda: self.submit(A.TakeMonsters(self.actor, 0)), size=16)
        if not limit:           # nothing to choose: no "Take 0" beside "Send them away"
            from game.engine.purse import can_afford, holdings
            purse = holdings(self.state.players[self.actor].purse)
            lines.append(f"Your purse ({purse}) cannot pay for one." if not can_afford(self.state, self.actor, cost)
                         else f"{self._hero_name(data['hero'])}'s army has no free slot for them.")
            return Dialog("Bribe" if bribe else "Defectors", lines, [none], icon="monster")
        if limit < data["max"]:
            lines.append(f"Your purse and free army slots allow at most {limit}.")
        lines.append("Those you do not take go away (R-MON-1).")    # "and the other 6?"
        lines.append("")

        def cost_line(n: int) -> str:
            total = {k: v * n for k, v in cost.items()}
            return f"{self._hero_name(data['hero'])} takes {n}" + (f" for {describe(total)}" if bribe and n else "")

        def changed(n: int) -> None:
            dialog.lines[-1] = cost_line(n)
            take.label = f"Take {n}"

        spinner = widgets.Spinner(limit, 0, limit, on_change=changed, typeable=True)
        take = widgets.Button(f"Take {limit}", lambda: self.submit(A.TakeMonsters(self.actor, spinner.value)), size=17)
        dialog = Dialog("Bribe" if bribe else "Defectors", lines, [take, none], spinner=spinner, icon="monster")
        dialog.lines[-1] = cost_line(limit)
        return dialog

    def _pickups_dialog(self) -> Dialog | None:
        """R-MOV-3: pick up items and resources, 🐎1 each; "Done" goes on (to the Mine, R-MOV-7)."""
        state = self.state
        pending = state.pending[0] if state.pending and state.pending[0].kind == "pickups" else None
        hero = state.heroes.get(pending.data["hero"] if pending else self._pickup_offer)
        if hero is None:
            return None
        cost = state.rules["movement"]["pickup_cost"]
        rows = []
        for token in state.tokens_at(hero.cell):
            if token.kind not in ("item", "resource"):
                continue
            what = "🎁 An item" if token.kind == "item" else "💰 A resource cache"
            b = widgets.Button(f"Pick up  🐎{cost}".replace("🐎", ""), (lambda t=token.id: self.submit(A.PickUp(self.actor, hero.id, t))),
                               icon="move", size=15)
            b.enabled = (hero.moves_left or 0) >= cost
            rows.append((what, b))
        lines = [f"{hero.name or 'The hero'} has 🐎{hero.moves_left or 0} left; each pickup costs 🐎{cost}."]
        if pending is not None and state.mine_at(hero.cell):
            lines.append("When you are done, the hero goes on to the Mine.")

        def done() -> None:
            if pending is not None:
                self.submit(A.FinishPickups(self.actor, hero.id))
            else:
                self._pickup_offer = None
                self.dialog = None
        kinds = {t.kind for t in state.tokens_at(hero.cell)}
        return Dialog("On this tile", lines, [("Done", done)], rows=rows, cancel=done if pending is None else None,
                      icon="item" if "item" in kinds else "resource")

    def _face_monster_dialog(self) -> Dialog:
        """R-MOV-7: a Monster came to the hero's tile; facing it comes before anything else."""
        from game.ui.battle.plan import remembered
        from game.ui.board.odds import monster_lines
        from game.ui.board.hover import WORKING_OUT
        from game.ui.kit.background import NOT_YET
        hero_id = self.state.pending[0].data["hero"]
        choice = remembered(self.session).get(self.state.heroes[hero_id].owner)

        def odds_of(twin) -> list[str]:       # the odds of the fight the battle screen will open on (R-MON-1)
            hero = twin.heroes[hero_id]
            try:
                return monster_lines(twin, hero, hero.cell, choice)[1:]
            except (ValueError, KeyError):
                return []
        odds = self._odds.on_copy(("face monster", hero_id, len(self.state.actions)), self.state, odds_of)
        odds = [WORKING_OUT] if odds is NOT_YET else odds
        return Dialog("A Monster!", [f"A Monster stands on {self._hero_name(hero_id)}'s tile.",
                                     "The hero must face it before doing anything else (no 🐎)."] + odds,
                      [("Face it", lambda: self.submit(A.FaceMonster(self.actor, hero_id)))], icon="monster",
                      width=560)

    def _humans_out(self) -> list[str]:
        """The human players' names once every one of them is out and computers play on, else []."""
        humans = [p for seat, p in self.state.players.items() if not self.session.is_computer(seat)]
        return [p.name for p in humans] if humans and not any(p.alive for p in humans) else []

    def _tell_out(self) -> None:
        """R-END-1: the last human player is out. The computer players would play on without a word."""
        from game.names import join_names
        self._out_told = True
        names = self._humans_out()
        self.dialog = Dialog("Out of the game", [
            f"{join_names(names)} {'has' if len(names) == 1 else 'have'} no City left: out of the game (R-END-1).",
            "The computer players play on to the end; watch them, or go back to the title."],
            [("Watch on", self.close_dialog), ("Back to title", self._quit)], cancel=self.close_dialog,
            key="ui:out", icon="skull")
        self._layout_dialog()

    def _upkeep_dialog(self) -> Dialog:
        """The choice itself is made on the Daybreak panel, where every hero can be picked."""
        from game.ui.board.daybreak_panel import DaybreakPanel
        pending = self.state.pending[0]
        return Dialog("Upkeep", [f"The purse cannot pay every hero: {pending.data['count']} must go (R-DAY-3)."],
                      [("Choose who goes", lambda: self.push(DaybreakPanel(self.session)))], icon="skull")

    def _vote_dialog(self) -> Dialog:
        vote = self.state.vote or {}
        who = self.state.players.get(vote.get("proposer"))
        from game.names import option_change, option_help
        subject = option_change(vote.get("option", ""), vote.get("value"), self.state.rules["options"])
        lines = [f"{who.name if who else 'A player'} proposes: {subject}"]
        what = option_help(vote.get("option", ""), self.state.rules["options"])
        if what:                                   # "Legacy Gold Mine on" alone told nobody what it does
            lines.append(what)
        return Dialog("A vote", lines,
                      [("Yes", lambda: self.submit(A.CastVote(self.actor, True))),
                       ("No", lambda: self.submit(A.CastVote(self.actor, False)))], icon="ballot", enter_answers=False)

    def _offer_dialog(self) -> Dialog:
        seat = self.actor
        proposer = next(p for p, to in sorted(self.state.alliance_offers) if to == seat)
        name = self.state.players[proposer].name
        lines = [f"{name} proposes an alliance."]
        already = allied_already(self.state, proposer, seat)
        if already:
            lines.append(already)
        lines.append("Allies treat each other's Cities and Mines as their own tiles "
                     "and cannot attack each other (R-ALLY-1).")
        return Dialog("An alliance?", lines,
                      [("Accept", lambda: self.submit(A.AnswerAlliance(seat, proposer, True))),
                       ("Decline", lambda: self.submit(A.AnswerAlliance(seat, proposer, False)))], icon="handshake",
                      enter_answers=False)

    def _battle(self) -> Dialog | None:
        """Push the battle screen; without one, a plain panel that can always finish the battle."""
        if self.open_battle_screen():
            return None
        return self._battle_panel()

    def open_battle_screen(self) -> bool:
        """Push the screen of the battle under way, once per battle and only in a window. True when pushed."""
        battle = self.state.battle
        if battle is None or self._battle_seen is battle or self.app is None:
            return False
        self._battle_seen = battle
        try:
            from game.ui.battle.scene import maybe_battle_scene
            from game.ui.battle.view import lead_in
            # from the game's log, not the last action's events: the battle may have begun an action ago
            scene = maybe_battle_scene(self.session, lead_in(self.state.log) or None)
        except Exception:        # not written yet, or it failed: the plain panel
            return False
        if scene is None:
            return False
        self.dice.clear()        # the arrival's dice open the battle screen's log, before its rounds
        self.push(scene)
        return True

    def human_fights(self) -> bool:
        """Whether the human at the screen is a side of the battle under way (a computer attacking its hero).
        Another human's battle waits for that human's first choice, after the cover hands over the mouse."""
        battle = self.state.battle
        if battle is None:
            return False
        humans = {side.player for side in battle.sides if side.player and not self.session.is_computer(side.player)}
        return bool(humans) and (self.last_human is None or self.last_human in humans)

    def _battle_panel(self) -> Dialog:
        state = self.state
        battle = state.battle
        seat = self.actor
        att, dfn = battle.sides
        names = {0: "the monsters"} | {s: p.name for s, p in state.players.items()}
        lines = [f"{names.get(att.player, '?')} attacks {names.get(dfn.player, '?')} ({battle.kind})."]
        try:
            from game.ai.battle_odds import battle_win_probability
            p = battle_win_probability(state, seat)
            lines.append(f"Your chance to win: {percent(p)}")
        except Exception:
            pass
        buttons = [("Fight it out", self.fight_it_out)]
        if battle.to_act == 0 and att.player == seat and all(s.arranged for s in battle.sides):
            buttons.append(("Retreat", lambda: self.submit(A.Retreat(seat))))
        return Dialog("Battle!", lines, buttons, icon="swords")

    def fight_it_out(self) -> None:
        """Let the standard computer player fight the battle for the human side, to the end."""
        self.dialog = None
        for _ in range(600):
            if self.state.battle is None:
                break
            if self.session.is_computer(self.actor):
                outcome = self.session.computer_step()
            else:
                outcome = self.session.auto_step()
            if outcome is None or not outcome.ok:
                break
        events = self.session.take_events()
        self._absorb(events)
        over = [e for e in events if e.kind == "battle_over"]
        self.refresh()
        if over and self.dialog is None:
            won = over[-1].data["winner"]
            seat = over[-1].data["attacker"] if won == 0 else over[-1].data["defender"]
            name = self.state.players[seat].name if seat in self.state.players else "The monsters"
            self.dialog = Dialog("Battle over", [f"{name} won the battle."], [("Continue", self.close_dialog)],
                                 key="ui:result", icon="swords")
            self._layout_dialog()
