"""The error a map raises when the game cannot use it."""
from __future__ import annotations


class MapError(ValueError):
    """A map file the game cannot use; ``problems`` holds one message per problem."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems) or "unusable map")
