"""The playtest lab: what happened in simulated games, by rule, and how sure we can be of it.

- ``coverage``: which rules a game's events show in play (``rule_counts(log)``).
- ``stats``: confidence intervals for rates and differences (Wilson, Newcombe, Welch).
"""
