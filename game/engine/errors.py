class IllegalAction(Exception):
    """An action the rules do not allow now; ``str()`` is the reason, for the player."""
