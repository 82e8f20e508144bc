"""The engine's refusals as sentences a player reads, citing the rule they come from.

The engine says why an action is illegal in short lower-case phrases (``game/engine``'s
``IllegalAction``), some with map coordinates. ``for_player`` turns one into a sentence and,
when the refusal is about a rule, ends it with the rule's ID: a toast citing an ID opens that
rule in the Rules screen when clicked (``Scene.open_cited_rule``).
"""
from __future__ import annotations

import re

# (pattern of the engine's words, the sentence instead (None: the engine's own words), the rule cited)
_REFUSALS: list[tuple[re.Pattern, str | None, str | None]] = [(re.compile(p), words, rule) for p, words, rule in (
    (r"^cannot move there: .* is impassable", "Nobody can enter that tile: it is impassable", "R-MOV-2"),
    (r"^cannot move there: ", "The hero cannot get there: a Monster, a foe or a wall of impassable tiles is in "
                              "the way (a path may end on such a tile, never pass through)", "R-MOV-6"),
    (r"^that path costs ", None, "R-MOV-6"),
    (r"^roll the hero's 🐎 first", "Roll the hero's 🐎 first: the Roll button or R", "R-MOV-1"),
    (r"^this hero has already rolled", "This hero has already rolled its 🐎 this turn", "R-MOV-1"),
    (r"^heroes move in their player's turn", "Heroes move in their player's turn, after the Daybreak", "R-DAY-1"),
    (r"^picking up costs ", None, "R-MOV-3"),
    (r"^there is no such item or resource", "There is nothing to pick up on the hero's tile", "R-MOV-3"),
    (r"^siege an enemy or neutral City", "Only an enemy or neutral City can be besieged", "R-CITY-2"),
    (r"^that City has no walls", "That City has no walls: attack it by moving onto it", "R-CITY-4"),
    (r"^the hero must stand next to the City", "The hero must stand next to the City to besiege it", "R-CITY-2"),
    (r"^a siege costs ", None, "R-CITY-2"),
    (r"^building and recruiting happen", "Building and recruiting happen at your Daybreak", "R-DAY-4"),
    (r"^a City under siege cannot", "This City was besieged: it cannot build or recruit this Daybreak", "R-CITY-3"),
    (r"^this City has already built today", "This City has already built today: one building a Day", "R-DAY-4"),
    (r"^at most \d+ heroes per player", None, "R-BLD-6"),
    (r"^a City is founded on an otherwise empty tile",
     "A City is founded on a tile with nothing else on it", "R-BLD-2"),
    (r"^the purse is short", None, "R-DAY-3"),
    (r"^choose among your heroes that owe upkeep", "Choose among your heroes that cannot be paid", "R-DAY-3"),
    (r"^(alliances need|propose to another player|you are already allies|that offer is already|"
     r"there is no such offer|you are not allied|an alliance can only be ended)", None, "R-ALLY-1"),
    (r"^(only optional rules can be voted|a vote is already under way|that rule is already)", None, "R-VOTE-1"),
    (r"^only the attacker may retreat", None, "R-DEATH-3"),
    (r"^split your units into", None, "R-BAT-2"),
    (r"^(both sides must set their squads|it is not your turn in this battle)", None, "R-BAT-4"),
    (r"^a Monster blocks this City", None, "R-MOV-7"),
    (r"^a walled City cannot be attacked", "A walled City cannot be attacked until it is besieged: from a tile next "
                                           "to it, Siege costs 🐎15, or skip the hero's roll", "R-CITY-2"),
    (r"^place the Daybreak token first", "Place the Daybreak token first: click a lit free tile", "R-DAY-5"),
    (r"^choose which heroes cannot be paid first", None, "R-DAY-3"),
    (r"^decide how many monsters join you first", None, "R-MON-1"),
    (r"^a Monster stands with one of your heroes", None, "R-MOV-7"),
    (r"^pick up what you want, then face the mine", None, "R-MOV-7"),
    (r"^place the token on an unoccupied tile", "Place the token on a free tile (nothing on it)", "R-DAY-5"),
    (r"^place the token on ground heroes", "Place the token where heroes can walk: this tile is impassable",
     "R-DAY-5"),
    (r"^a capital needs an open cell", "A capital needs a free tile: passable, with nothing on it", "R-SET-4"),
)]


def for_player(reason: str) -> str:
    """A sentence for the refusal ``reason``: capitalised, ended, its rule cited when it has one."""
    reason = reason.strip() or "That is not allowed now"
    rule = None
    for pattern, words, cited in _REFUSALS:
        if pattern.search(reason):
            reason, rule = words or reason, cited
            break
    sentence = reason[:1].upper() + reason[1:]
    if rule and rule not in sentence:
        sentence = f"{sentence.rstrip('.')} ({rule})"
    elif not sentence.endswith((".", "!", "?", ")")):
        sentence += "."
    return sentence if sentence.endswith((".", "!", "?")) else sentence + "."
