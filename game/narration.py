"""Events as sentences, for the terminal game, the on-screen log and the battle log."""
from __future__ import annotations

import re

from game.engine.dice import Dice
from game.engine.purse import describe as money, holdings
from game.engine.state import Event, GameState
from game.names import (ITEM_TYPES, end_reason, join_names, nice_name, option_change, recruited_units,
                        short_unit_name, unit_plural, with_article)


def _who(state: GameState, seat) -> str:
    if not seat:
        return "the monsters"
    player = state.players.get(seat)
    return player.name if player else "another player"


def _hero(state: GameState, hero_id) -> str:
    hero = state.heroes.get(hero_id)
    if hero is not None:
        return f"{hero.name} ({state.players[hero.owner].name})"
    # a hero who has died since (a loaded game's history is told after the fact): its recruitment names it
    hired = next((e.data for e in reversed(state.log) if e.kind == "hero_recruited" and e.data.get("hero") == hero_id),
                 None)
    return f"{hired['name']} ({_who(state, hired.get('player'))})" if hired and hired.get("name") else "a hero"


hero_label = _hero      # "Brienne (Aldric)", also for a hero who has died since


_TOKEN_ICONS = {"monster": "🧟", "item": "🎁", "resource": "💰"}


def _token_placed(state: GameState, d: dict, who: str) -> str:
    """A Daybreak token says who placed it (R-DAY-5): a Monster put beside a rival's City is news to that
    rival. A token left by a fallen hero or by Monsters sent away just appears."""
    icon = _TOKEN_ICONS.get(d["kind"], "💰")
    if d.get("player") is not None:
        return f"{icon} {who} places {with_article(d['kind'])} token {region(state, d['cell'])}"
    return f"{icon} {with_article(d['kind']).capitalize()} token appears {region(state, d['cell'])}"


def _monsters_joined(state: GameState, d: dict) -> str:
    if not d["count"]:
        return f"🧟 {_hero(state, d['hero'])} sends the monsters away"
    return f"🧟 {d['count']} monsters join {_hero(state, d['hero'])} ({'bribed' if d['offer'] == 'bribe' else 'defectors'})"


def desertion(units_before: int, units_after: int) -> str | None:
    """R-HERO-2: what a fainting hero's army did ("3 of its 5 units desert"); None without an army."""
    gone = units_before - units_after
    if not units_before:
        return None
    units = f"{units_before} unit{'s' * (units_before != 1)}"
    if not gone:
        return f"its {units} stay{'s' * (units_before == 1)}"
    return f"{gone} of its {units} desert{'s' * (gone == 1)}"


def _fainted(state: GameState, d: dict) -> str:
    """R-HERO-2: the desertion is told only when the hero had an army to desert."""
    line = f"  💫 {_hero(state, d['hero'])} faints"
    words = desertion(d["units_before"], d["units_after"])
    if words is None:
        return line
    deserted = d["units_before"] != d["units_after"]
    return f"{line}: {words}" if deserted else f"{line}; {words}"     # "faints: 2 of its 5 units desert"


def _options(state: GameState) -> dict:
    return state.rules["options"] if getattr(state, "rules", None) else {}


def _purse(purse: dict) -> str:
    return holdings(purse) if any(purse.values()) else "an empty purse"


def _reason(reason: str) -> str:
    """A purse change's reason: "build spawner_1_1" reads "build Tier 1 ⭐ spawner"."""
    verb, _, what = reason.partition(" ")
    if reason == "recruit hero":
        return "recruit a hero"
    if verb in ("build", "recruit") and what:
        name = nice_name(what) if verb == "build" else short_unit_name(what)
        return f"{verb} {name if name.startswith('Tier') else name.lower()}"
    return reason


def roll_outcome(data: dict) -> str:
    """What a roll decided, in words (a success means something different for every purpose)."""
    purpose = data.get("purpose")
    if "success" in data:
        return {"item_rarity": "the rarity goes up" if data["success"] else "the rarity stays",
                "vote_tie": "the change passes" if data["success"] else "the change fails",
                "token_roll": "a token appears" if data["success"] else "no token"}.get(
            purpose, "success" if data["success"] else "failure")
    value = data.get("reaction") or data.get("outcome") or data.get("kind") or data.get("resource") \
        or data.get("size") or data.get("type") or ""
    value = str(value)
    return ITEM_TYPES.get(value, value.replace("_", " "))


def _dice(data: dict) -> str:
    """'1d10+10 → 1 + 10 = 11': the faces, then the expression's bonus, so the sum reads right."""
    faces = data.get("faces", [])
    shown = "+".join(str(f) for f in faces)
    try:
        bonus = Dice.parse(data.get("expr", "")).bonus
    except ValueError:
        bonus = 0
    if bonus and faces and sum(faces) + bonus == data.get("total"):
        shown += f" + {bonus}" if bonus > 0 else f" − {-bonus}"
    return f"{data.get('expr', '')} → {shown} = {data.get('total')}"


_DICE_PURPOSE = {
    "anchor": "rolls for the Anchor", "movement": "rolls 🐎", "token_roll": "rolls for a Daybreak token",
    "token_kind": "rolls the token kind", "monster_reaction": "meets monsters", "monster_count": "counts monsters",
    "mine_guard": "checks the mine for guardians", "guardians": "counts guardians",
    "cache_size": "opens a cache", "cache_amount": "counts the cache", "resource_type": "rolls the resource",
    "item_type": "rolls an item type", "item_rarity": "rolls for rarity", "mine_resource": "rolls the mine's resource",
    "neutral_defenders": "counts the City's defenders", "vote_tie": "breaks the vote tie",
}


def _battle_won(state: GameState, d: dict) -> str:
    """Who won: a player by name; a neutral side as the battle screen names it (a neutral City's defenders
    were "the monsters" in the log and "Neutral City" on the battle screen)."""
    seat = d.get("attacker") if d["winner"] == 0 else d.get("defender")
    if seat:
        who, verb = _who(state, seat), "wins"
    elif d.get("kind") == "city":
        who, verb = "the neutral City", "wins"
    else:
        who, verb = _NEUTRAL_FOES.get(d.get("kind"), "the monsters"), "win"
    return f"⚔ {sentence_start(who)} {verb} the battle" + (" (the attacker retreated)" if d.get("retreated") else "")


_NEUTRAL_FOES = {"guardians": "the mine guardians", "city": "a neutral City"}


def _building(name: str) -> str:
    """"a Villa", "an Estate", "Ramparts": the plural walls take no article."""
    nice = nice_name(name)
    return nice if nice.endswith("s") else with_article(nice)


_GENERIC_STARTS = ("the", "a", "an", "another")


def sentence_start(text: str) -> str:
    """``text`` opening a sentence: a generic phrase capitalised ("The monsters"), a name as its player typed it
    ("ælfgifu" stays "ælfgifu")."""
    return text[:1].upper() + text[1:] if text.split(" ", 1)[0] in _GENERIC_STARTS else text


def _owned_city(state: GameState, city_id, owner) -> str:
    """A City as its players know it: "Aldric's capital", "Brunhild's Villa", "a neutral Encampment"."""
    city = state.cities.get(city_id)
    if city is not None and city.name:
        return city.name
    tier = nice_name(city.tier) if city is not None else "City"
    return f"{_who(state, owner)}'s {tier}" if owner else f"a neutral {tier}"


def _attacker(state: GameState, d: dict) -> str:
    return _hero(state, d["hero"]) if d.get("hero") is not None else _who(state, d["attacker"])


def _defender(state: GameState, d: dict) -> str:
    """Who a battle is fought against: a City by its name, a hero by name, else the monsters or guardians."""
    squads = d.get("sides", [[], []])[1]
    if d["kind"] == "city":
        city = next((s["city"] for s in squads if s.get("city") is not None), None)
        if city is not None:
            return _owned_city(state, city, d["defender"])
    heroes = [s["hero"] for s in squads if s.get("hero") is not None]
    if heroes:
        return join_names(_hero(state, h) for h in heroes)
    return _who(state, d["defender"]) if d["defender"] else _NEUTRAL_FOES.get(d["kind"], "the monsters")


def _fallen(state: GameState, d: dict) -> str:
    """A beaten squad in words: a hero is beaten, a City is beaten (not "falls": it is taken only if all its
    defenders fall, and "Cid's capital falls" above "City holds" read as a contradiction), units fall."""
    if d.get("hero") is not None:
        return f"{_hero(state, d['hero'])} is beaten"
    if d.get("city") is not None:
        city = state.cities.get(d["city"])
        return f"{_owned_city(state, d['city'], city.owner if city else None)} is beaten"
    units = {u: n for u, n in d["units"].items() if n}
    if len(units) == 1:
        (unit, count), = units.items()
        return f"{unit_plural(unit, count)} fall" if count != 1 else f"{unit_plural(unit, count)} falls"
    return f"a squad of {sum(units.values())} falls"
_DEATH_CAUSES = {"battle": "in battle", "retreat": "in the retreat", "upkeep": "unpaid upkeep"}


def death_cause(cause: str) -> str:
    """How a hero died, in the words of the log ("in battle", "unpaid upkeep")."""
    return _DEATH_CAUSES.get(cause, cause)


def region(state: GameState, cell) -> str:
    """Where a cell lies on the map, in words a player reads ("in the north-west", "in the centre"):
    the board shows the spot; a log line of coordinates said nothing."""
    col, row = cell
    across, down = col / max(1, state.board.width - 1), row / max(1, state.board.height - 1)
    ns = "north" if down < 1 / 3 else "south" if down > 2 / 3 else ""
    ew = "west" if across < 1 / 3 else "east" if across > 2 / 3 else ""
    return f"in the {ns}-{ew}" if ns and ew else f"in the {ns or ew or 'centre'}"


def narrate(state: GameState, event: Event) -> str | None:
    """One line for an event, or None for events too small to tell (single steps)."""
    d = event.data
    k = event.kind
    who = _who(state, d.get("player"))
    if k == "dice":
        if d.get("purpose") == "battle":
            return f"  🎲 {sentence_start(_who(state, d.get('player')))}: {d.get('mode')} roll = {d.get('total')}"
        extra = roll_outcome(d)
        return f"🎲 {who} {_DICE_PURPOSE.get(d.get('purpose'), 'rolls')}: {_dice(d)}" + (f" ({extra})" if extra else "")
    simple = {
        "day_started": lambda: f"━━ Day {d['day']} ━━",
        "anchor": lambda: f"{who} is the Anchor; turn order: {', '.join(_who(state, s) for s in d['turn_order'])}",
        "capital": lambda: f"🏰 {who} founds a capital {region(state, d['cell'])}",
        "daybreak": lambda: f"☀ Daybreak for {who}",
        "purse": lambda: f"💰 {who}: {money(d['change'])} ({_reason(d['reason'])}) → {_purse(d['purse'])}",
        "hero_recruited": lambda: f"🧙 {who} recruits the hero {d['name']}",
        "recruited": lambda: f"🤺 {who} recruits {recruited_units(d['unit'], d['count'])}",
        "built": lambda: f"🔨 {who} builds {_building(d['building'])}",
        "city_founded": lambda: f"🏰 {who} founds a City {region(state, d['cell'])}",
        "turn_started": lambda: f"▶ {who}'s turn",
        "hero_moved": lambda: f"🐎 {_hero(state, d['hero'])} moves 🐎{d['cost']} ({d['moves_left']} left), now {region(state, d['cell'])}",
        "picked_up": lambda: f"{'💰' if d['kind'] == 'resource' else '🎁'} {_hero(state, d['hero'])} picks up {with_article(d['kind'])}",
        "item_found": lambda: f"🎁 {_hero(state, d['hero'])} finds "
                              f"{with_article(d['rarity'])} {ITEM_TYPES.get(d['type'], d['type'].replace('_', ' '))} ({d['power']})",
        "monsters_joined": lambda: _monsters_joined(state, d),
        "mine_captured": lambda: f"⚒️ {who} captures a {d['resource']} mine",
        "battle_started": lambda: f"⚔ {_attacker(state, d)} attacks {_defender(state, d)}",
        "exchange": lambda: f"  ⚔ {d['totals'][0]} vs {d['totals'][1]}" + (" — tie goes to the squad attacked" if d["tie"] else ""),
        "squad_destroyed": lambda: f"  ☠ {_fallen(state, d)}",
        "hero_fainted": lambda: _fainted(state, d),
        "retreat": lambda: f"  🏳 {who} retreats; {_hero(state, d['hero'])} is lost",
        "battle_over": lambda: _battle_won(state, d),
        "hero_died": lambda: f"✝ {_hero(state, d['hero'])} dies ({death_cause(d['cause'])})",
        "siege": lambda: f"🛡 {who} besieges {_owned_city(state, d['city'], d['owner'])}",
        "city_conquered": lambda: f"🏰 {who} conquers {_owned_city(state, d['city'], d['previous'])}",
        "token_placed": lambda: _token_placed(state, d, who),
        "alliance_proposed": lambda: f"🤝 {who} proposes an alliance to {_who(state, d['to'])}",
        "alliance_answered": lambda: f"🤝 {who} {'accepts' if d['accepted'] else 'declines'} "
                                     + (f"{_who(state, d['proposer'])}'s alliance" if "proposer" in d else "the alliance"),
        "alliance_ended": lambda: f"🤝 {who} ends the alliance with {_who(state, d['ally'])}",
        "grand_alliance_formed": lambda: "🤝 Every player left is allied now: an alliance is no victory, "
                                         "so all alliances end at the next Daybreak (R-END-2)",
        "grand_alliance_dissolved": lambda: "🤝 Every player left was allied: an alliance is no victory, "
                                            "so all alliances end this Daybreak",
        "hero_stepped_aside": lambda: f"🐎 {_hero(state, d['hero'])} leaves its former ally's tile for {tuple(d['cell'])}",
        "monster_must_be_faced": lambda: f"🧟 A Monster stands with {_hero(state, d['hero'])}: it must be faced first",
        "vote_called": lambda: f"🗳 {who} calls a vote: {option_change(d['option'], d['value'], _options(state))}",
        "vote_cast": lambda: f"🗳 {who} votes {'yes' if d['yes'] else 'no'}",
        "vote_result": lambda: f"🗳 {option_change(d['option'], d['value'], _options(state))}: "
                               f"{'passed' if d['passed'] else 'failed'} ({d['yes']} yes, {d['no']} no)",
        "player_eliminated": lambda: f"☠ {who} is eliminated ({d['reason']})",
        "game_over": lambda: f"🏆 Game over on day {d['day']}, by {end_reason(d['reason'])}: "
                             f"{join_names(_who(state, s) for s in d['winners'])} win{'s' * (len(d['winners']) == 1)}",
        "upkeep_short": lambda: f"⚠ {who} cannot pay every hero: {d['deaths']} must go",
    }
    line = simple.get(k)
    return line() if line else None


_BATTLE_FOES = {"monsters": "monsters", "guardians": "mine guardians", "city": "a City", "hero": "a hero"}


def _city_name(state: GameState, city_id) -> str:
    city = state.cities.get(city_id)
    return (city.name or f"a {nice_name(city.tier)}") if city else "a City"


# The same news n times, as words: "captured a coin mine (×2)" read as one mine taken twice.
_PLURALS = (
    (re.compile(r" captured a (.*?) ?mine$"), lambda n, m: f" captured {n} {m[1]} mines".replace("  ", " ")),
    (re.compile(r" took your (.*?) ?mine$"), lambda n, m: f" took {n} of your {m[1]} mines".replace("  ", " ")),
    (re.compile(r"A Monster token was placed"), lambda n, m: f"{n} Monster tokens were placed"),
    (re.compile(r" lost a hero "), lambda n, m: f" lost {n} heroes "),
    (re.compile(r" founded a City "), lambda n, m: f" founded {n} Cities "),
)


def _counted(lines: list[str]) -> list[str]:
    """The same news twice (two mines taken in one turn) reads once, with its count."""
    counts: dict[str, int] = {}
    for line in lines:
        counts[line] = counts.get(line, 0) + 1
    return [line if n == 1 else _times(line, n) for line, n in counts.items()]


def _times(line: str, n: int) -> str:
    for pattern, words in _PLURALS:
        match = pattern.search(line)
        if match:
            return line[:match.start()] + words(n, match) + line[match.end():]
    return f"{line} (×{n})"


_placed_cache: dict = {}


def tokens_placed_by(state: GameState, seat: int) -> dict[int, dict]:
    """The Daybreak tokens ``seat`` placed in this game (R-DAY-5), by token id: their ``token_placed``
    data (kind, cell). Read from the game's log, kept while the log does not change."""
    log = getattr(state, "log", None) or []
    key = (id(log), len(log), id(log[-1]) if log else None, seat)
    if _placed_cache.get("key") != key:
        _placed_cache["key"] = key
        _placed_cache["tokens"] = {e.data["token"]: e.data for e in log
                                   if e.kind == "token_placed" and e.data.get("player") == seat}
    return _placed_cache["tokens"]


def _hero_owner(state: GameState, hero_id) -> int | None:
    """Whose hero it is, or was (a hero who has died since: its recruitment or death says)."""
    hero = state.heroes.get(hero_id)
    if hero is not None:
        return hero.owner
    return next((e.data.get("player") for e in reversed(getattr(state, "log", None) or [])
                 if e.kind in ("hero_recruited", "hero_died") and e.data.get("hero") == hero_id), None)


class _YourTokens:
    """The tokens ``seat`` placed at its Daybreaks that a rival took in ``events``: picked up, fought,
    or its monsters won over (R-DAY-5, R-MOV-3, R-MON-1). The player placed them to slow a rival
    down or tempt it; whether one was taken is news."""

    def __init__(self, state: GameState, events: list[Event], seat: int) -> None:
        self.state, self.seat = state, seat
        wanted = ("picked_up", "battle_started", "tokens_removed")
        self.placed = tokens_placed_by(state, seat) if any(e.kind in wanted for e in events) else {}
        removed_now = {t for e in events if e.kind == "tokens_removed" for t in e.data.get("tokens", ())}
        # a Monster token of seat's that a battle in these events may be about: still on the board, or
        # taken off in them (one taken off before is no longer where a new battle is fought)
        self.monsters = {t: d for t, d in self.placed.items() if d.get("kind") == "monster"
                         and (t in getattr(state, "tokens", {}) or t in removed_now)}
        self.fight: dict | None = None        # the battle under way over one of them
        self.told: set[int] = set()
        self.joined: dict | None = None       # the last monsters_joined: who won the monsters over

    def _where(self, token: int) -> str:
        return region(self.state, self.placed[token]["cell"])

    def line(self, event: Event) -> str | None:
        """The line for ``event`` about one of the tokens, or None; "" for a battle told here instead."""
        d, k = event.data, event.kind
        if not self.placed:
            return None
        if k == "picked_up" and d.get("token") in self.placed:
            owner = _hero_owner(self.state, d.get("hero"))
            if owner == self.seat or owner is None:
                return None
            self.told.add(d["token"])
            kind = self.placed[d["token"]].get("kind", d.get("kind", "item"))
            return (f"{_TOKEN_ICONS.get(kind, '🎁')} {_who(self.state, owner)} picked up the "
                    f"{kind.capitalize()} token you placed {self._where(d['token'])}")
        if k == "battle_started":
            here = [t for t, data in self.monsters.items() if tuple(data["cell"]) == tuple(d.get("cell", ()))]
            fought = d.get("kind") == "monsters" and here and d.get("attacker") != self.seat
            self.fight = {"tokens": here, "attacker": d.get("attacker")} if fought else None
            return None
        if k == "battle_over" and d.get("kind") == "monsters" and self.fight is not None:
            tokens, self.fight = self.fight["tokens"], None
            self.told.update(tokens)
            outcome = "retreated" if d.get("retreated") else "won" if d.get("winner") == 0 else "lost"
            return (f"🧟 {_who(self.state, d.get('attacker'))} fought the Monster token you placed "
                    f"{self._where(tokens[0])} and {outcome}")
        if k == "monsters_joined":
            self.joined = d
            return None
        if k == "tokens_removed":
            tokens = [t for t in d.get("tokens", ()) if t in self.monsters and t not in self.told]
            owner = _hero_owner(self.state, (self.joined or {}).get("hero"))
            if not tokens or owner is None or owner == self.seat:
                return None
            self.told.update(tokens)
            where = self._where(tokens[0])
            if self.joined.get("count"):
                return f"🧟 The monsters of the token you placed {where} joined {_who(self.state, owner)}"
            return f"🧟 {_who(self.state, owner)} sent away the monsters of the token you placed {where}"
        return None


def turn_summary(state: GameState, events: list[Event], seat: int, limit: int = 8) -> list[str]:
    """What the other players did in ``events`` that ``seat`` should know at the start of its turn:
    battles (yours first), Cities lost or won, Cities founded, sieges, monsters placed, eliminations,
    alliances made or ended, and the Daybreak tokens ``seat`` placed that a rival took."""
    mine, others = [], []
    yours = _YourTokens(state, events, seat)
    for event in events:
        d, k = event.data, event.kind
        actor = d.get("player")
        token_line = yours.line(event)
        if token_line:
            mine.append(token_line)
            continue
        if k == "battle_over":
            attacker, defender = d.get("attacker"), d.get("defender")
            if attacker == seat:
                continue
            won = d["winner"] == 0
            who = _who(state, attacker)
            if defender == seat:
                mine.append(f"⚔ {who} attacked you and {'won' if d['winner'] == 0 else 'lost'}")
            else:
                foe = _who(state, defender) if defender else _BATTLE_FOES.get(d.get("kind"), "a foe")
                outcome = "retreated from" if d.get("retreated") else "beat" if won else "lost to"
                others.append(f"⚔ {who} {outcome} {foe}")
        elif k == "vote_result" and d.get("passed"):
            mine.append(f"🗳 Rule changed: {option_change(d['option'], d['value'], _options(state))}")
        elif k == "grand_alliance_formed":
            mine.append("🤝 Every player is allied now: all alliances end at the next Daybreak (R-END-2)")
        elif k == "grand_alliance_dissolved":
            mine.append("🤝 All alliances have ended: every player was allied (R-END-2)")
        elif actor == seat:
            continue
        elif k == "city_conquered":
            if d.get("previous") == seat:
                mine.append(f"🏰 {_who(state, actor)} took your City {_city_name(state, d['city'])}")
            else:
                others.append(f"🏰 {_who(state, actor)} conquered {_city_name(state, d['city'])}")
        elif k == "city_founded":
            others.append(f"🏰 {_who(state, actor)} founded a City {region(state, d['cell'])}")
        elif k == "siege":
            if d.get("owner") == seat:
                mine.append(f"🛡 {_who(state, actor)} besieges your City {_city_name(state, d['city'])}")
            else:
                others.append(f"🛡 {_who(state, actor)} besieges {_city_name(state, d['city'])}")   # not "a City": whose?
        elif k == "token_placed" and d.get("kind") == "monster":
            others.append(f"🧟 A Monster token was placed {region(state, d['cell'])}"     # where: near home or not
                          + (" (deserters)" if d.get("reason") == "deserters" else ""))
        elif k == "mine_captured":
            if d.get("previous") == seat:
                mine.append(f"⚒️ {_who(state, actor)} took your {d.get('resource', '')} mine")
            else:
                others.append(f"⚒️ {_who(state, actor)} captured a {d.get('resource', '')} mine")
        elif k == "hero_died":
            others.append(f"✝ {_who(state, actor)} lost a hero ({death_cause(d.get('cause', 'battle'))})")
        elif k == "player_eliminated":
            others.append(f"☠ {_who(state, actor)} is out of the game")
        elif k == "alliance_answered" and d.get("proposer") == seat:
            mine.append(f"🤝 {_who(state, actor)} {'accepted' if d['accepted'] else 'declined'} your alliance")
        elif k == "alliance_answered" and d.get("accepted") and "proposer" in d:
            others.append(f"🤝 {_who(state, d['proposer'])} and {_who(state, actor)} are now allies")
        elif k == "alliance_ended":
            ended = "ended our alliance" if d.get("ally") == seat else f"ended the alliance with {_who(state, d['ally'])}"
            (mine if d.get("ally") == seat else others).append(f"🤝 {_who(state, actor)} {ended}")
    lines = _counted(mine) + _counted(others)
    if len(lines) > limit:
        lines = lines[:limit - 1] + [f"… and {len(lines) - limit + 1} more in the log (L)"]
    return lines
