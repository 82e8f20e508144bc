"""Fuzzy Knights: a digital edition of a fantasy dice board game."""
