"""The rulebook's names for the engine's identifiers: what a player reads, never ``unit_1_1`` or ``True``.

Pure text (no pygame): the on-screen log, the terminal game, the buttons and
the screens all name units, buildings, items, options and purses through here.
"""
from __future__ import annotations

import re

_TIERED = re.compile(r"^(spawner|unit)_(\d)_(\d)$")
# The players' names until they type their own: not among the heroes' (game.engine.heroes.HERO_NAMES),
# where "Brunhild recruits the hero Aldric" read as if the player Aldric had changed sides.
PLAYER_NAMES = ("Rowena", "Brunhild", "Corwin", "Dagmar")
ITEM_TYPES = {"main_hand": "weapon", "off_hand": "shield", "amulet": "amulet"}
OPTION_TITLES = {"starting_hero": "Starting hero", "legacy_gold_mine": "Legacy Gold Mine",
                 "hero_cap": "Hero cap", "day_limit": "Day limit", "shared_victory": "Shared victory"}
# What each optional rule does, wherever it is chosen, voted on or shown ([OPT] in the rulebook).
OPTION_HELP = {"starting_hero": "One free hero at each capital (R-SET-5)",
               "legacy_gold_mine": "The old Gold Mine building, levels 1–5 (R-BLD-5)",
               "hero_cap": "A cap on heroes per player (R-BLD-6)",
               "day_limit": "After N Days the most Cities, then the most 💰, wins (R-END-2)",
               "shared_victory": "The last alliance standing wins together (R-END-2)"}


# The neutral Cities of the maps the project makes (the shipped recipes, random maps). A City keeps its name
# whoever holds it, so a name such as "Neutral villa" still read "neutral" after its conquest.
PLACE_NAMES = ("Ashford", "Briarwick", "Coldharbour", "Dunmere", "Eastwatch", "Fallowby", "Greymarsh", "Hollin",
               "Ivybridge", "Kettleby", "Larkspur", "Marrowdale", "Northolt", "Oakhurst", "Pennyrigg", "Quarrytown",
               "Redbrook", "Saltmarch", "Thistlewood", "Underhill", "Valemont", "Westerfold", "Yarrowby",
               "Amberley", "Bramblegate", "Cinderford", "Dapplemoor", "Elderbrook", "Foxley", "Gildenholm",
               "Harrowgate", "Inglenook", "Kingsmead", "Lindenfall", "Mossgrove", "Nettlebed", "Orchardton",
               "Pebblecombe", "Rookhaven", "Stillwater")
_PLACE_PREFIXES = ("", "Upper ", "Lower ", "New ", "Old ", "Little ", "Great ")


def place_names(count: int, seed: int) -> list[str]:
    """``count`` different City names, the same for the same seed."""
    n = len(PLACE_NAMES)
    start = seed * 7 % n
    names = []
    for i in range(count):
        name, round_ = PLACE_NAMES[(start + i) % n], i // n
        names.append(_PLACE_PREFIXES[round_] + name if round_ < len(_PLACE_PREFIXES) else f"{name} {round_}")
    return names


def with_article(word: str) -> str:
    """``an item``, ``a resource``, ``an Item``: the article a noun takes."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def join_names(names) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cid``."""
    names = list(names)
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]


def stars(rank: int | str) -> str:
    return "⭐" * int(rank)


def nice_name(name: str) -> str:
    """An engine name (building, tier, unit, requirement) in the player's words (R-CMP-4/5)."""
    key = name.strip().lower().replace(" ", "_")
    if key.startswith("tier:"):
        key = key[5:]
    match = _TIERED.match(key)
    if match:
        kind, tier, rank = match.groups()
        return f"Tier {tier} {stars(rank)} spawner" if kind == "spawner" else f"Tier {tier} {stars(rank)} recruits"
    if key == "mercenary":
        return "Mercenary"
    return key.replace("_", " ").title()


def short_unit_name(name: str) -> str:
    """A unit kind where the list's heading already says "recruits": ``Tier 2 ⭐⭐``, ``Mercenary``."""
    match = _TIERED.match(name)
    if match and match.group(1) == "unit":
        return f"Tier {match.group(2)} {stars(match.group(3))}"
    return nice_name(name)


def unit_plural(name: str, count: int) -> str:
    """``7 mercenaries``, ``1 monster``, ``7 × Tier 2 ⭐⭐ recruits``."""
    if _TIERED.match(name):
        return f"{count} × {nice_name(name)}"
    return f"{count} {units_word(name) if count != 1 else nice_name(name).lower()}"


def recruited_units(unit: str, count: int) -> str:
    """What a player recruits, after the verb: "2 mercenaries", "2 × Tier 1 ⭐" (not "recruits … recruits")."""
    name = short_unit_name(unit)
    return f"{count} × {name}" if name.startswith("Tier") else unit_plural(unit, count)


def units_word(name: str) -> str:
    """A unit kind in the plural, with no count: ``mercenaries``, ``Tier 2 ⭐⭐ recruits``."""
    if _TIERED.match(name):
        return nice_name(name)
    word = nice_name(name).lower()
    if word.endswith("y"):
        return word[:-1] + "ies"
    return word if word.endswith("s") else word + "s"


def item_name(rarities: list[str], item_type: str, rarity: int, power: str = "") -> str:
    """``Rare weapon (1d8)``: an item by its rarity and type (R-ITEM-1/2)."""
    grade = rarities[rarity] if 0 <= rarity < len(rarities) else "unknown"
    kind = ITEM_TYPES.get(item_type, item_type.replace("_", " "))
    return f"{grade.title()} {kind}" + (f" ({power})" if power else "")


def state_item_name(state, item) -> str:
    return item_name(state.rules["items"]["rarities"], item.type, item.rarity, item.power)


def option_title(option: str) -> str:
    return OPTION_TITLES.get(option, option.replace("_", " ").capitalize())


_OPTION_COUNTS = {"day_limit": ("day_limit_days", "Days"), "hero_cap": ("hero_cap_count", "heroes each")}


def option_change(option: str, value, options: dict | None = None) -> str:
    """``Day limit on (30 Days)`` / ``Starting hero off``: a vote's subject; ``options`` (the rules'
    [options]) gives a switch's number, which a player needs to judge it."""
    if isinstance(value, bool):
        key, unit = _OPTION_COUNTS.get(option, (None, ""))
        count = f" ({options[key]} {unit})" if value and options and key in options else ""
        return f"{option_title(option)} {'on' if value else 'off'}{count}"
    return f"{option_title(option)}: {value}"


def option_help(option: str, options: dict | None = None) -> str:
    """What an optional rule does, with the game's own number where the words have one
    ("After 30 Days …", not "After N Days …" in a vote on it)."""
    words = OPTION_HELP.get(option, "")
    if option == "day_limit" and options and options.get("day_limit_days"):
        words = words.replace("After N Days", f"After {options['day_limit_days']} Days")
    return words


END_REASONS = {"conquest": "the last player with a City (R-END-2)",
               "alliance": "the last alliance standing, sharing the victory (R-END-2)",
               "day_limit": "the day limit: the most Cities, then the most 💰 (R-END-2)"}


def end_reason(reason: str | None) -> str:
    """Why a game ended, in words."""
    return END_REASONS.get(reason or "", (reason or "").replace("_", " "))


def percent(p: float) -> str:
    """A chance as players read it everywhere (board, tooltips, battle screen): never 0% or 100%
    unless it is certain; "≈43%" for a rough estimate (a battle too big for the exact odds)."""
    about = "≈" if getattr(p, "estimate", False) else ""
    if 0 < p < 0.005:
        return about + "<1%"
    if 0.995 < p < 1:
        return about + ">99%"
    return f"{about}{round(100 * p)}%"
