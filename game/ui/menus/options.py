"""What the title screen hands to the engine's setup: NewGameOptions."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import NamedTuple

from game.names import PLAYER_NAMES

MODES = ("normal", "campaign")
SEAT_KINDS = ("human", "computer")
AI_LEVELS = ("easy", "normal", "hard")
# What a player reads: "Normal" beside the Normal/Campaign switch read as the ruleset.
LEVEL_LABELS = {"easy": "Easy", "normal": "Standard", "hard": "Hard"}
LEVEL_HELP = {"easy": "Easy: plays sensibly, but makes clear mistakes",
              "normal": "Standard: grows, recruits, and fights when its odds are good",
              "hard": "Hard: tries its choices out on copies of the game first\nand beats Standard in most games"}


def next_level(level: str) -> str:
    """The level a click on the level button turns ``level`` into."""
    return AI_LEVELS[(AI_LEVELS.index(level) + 1) % len(AI_LEVELS)] if level in AI_LEVELS else AI_LEVELS[0]


class Seat(NamedTuple):
    name: str
    colour: int            # seat colour index 1-4 (see theme.SEAT_COLOURS)
    kind: str = "human"    # 'human' | 'computer'
    ai_level: str = "normal"


@dataclass
class OptionalRules:
    """The RULES.md [OPT] switches, all off by default."""

    starting_hero: bool = False      # R-SET-5
    legacy_gold_mine: bool = False   # R-BLD-5
    hero_cap_2: bool = False         # R-BLD-6
    day_limit: int | None = None     # R-END-2; None = no limit
    shared_victory: bool = False     # R-END-2: the last alliance standing wins together


@dataclass
class NewGameOptions:
    """Everything a new game starts from: map, ruleset, seats, seed and optional rules."""
    map_path: str | None
    mode: str = "normal"
    seats: list[Seat] = field(default_factory=lambda: default_seats(2))
    seed: int = field(default_factory=lambda: random_seed())
    rules: OptionalRules = field(default_factory=OptionalRules)
    rules_file: str | None = None    # a playtester's TOML overlay of the rule data

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {self.mode!r}")
        if not 2 <= len(self.seats) <= 4:
            raise ValueError("a game needs 2 to 4 seats")


DEFAULT_NAMES = PLAYER_NAMES


def default_seats(n: int) -> list[Seat]:
    return [Seat(DEFAULT_NAMES[i], i + 1, "human" if i == 0 else "computer") for i in range(n)]


def random_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)
