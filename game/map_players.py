"""How many players a map is made for, read from its Tiled map properties.

``min_players`` and ``max_players`` give a range (2 to 4 when absent): the seats the map
has room for. ``players`` lists the counts a new game takes when they are not all of
them: "2,4" on a map of four corners that three players would not share fairly (one of
them sits between the other two), "2,3" on one whose fourth seat proved unfair.
``seats_2`` and ``seats_3`` say which start slots a smaller table takes: on a map whose four
slots are numbered round the table, "1,3" seats two players in opposite corners.
Plain Python: the title screen reads this from a map's header before any map loads.
"""
from __future__ import annotations

ANY = (2, 3, 4)


def whole(value) -> int | None:
    """An int from an int, a whole float or such text ("3", 3.0: Tiled writes a float property's 3 so);
    None for 2.5, "two", nan, True..."""
    if value is None or isinstance(value, (bool, dict)):
        return None
    if isinstance(value, int):
        return value
    try:
        number = float(str(value).strip())
    except (TypeError, ValueError, OverflowError):
        return None
    return int(number) if number.is_integer() else None


def parse_counts(value) -> tuple[int, ...] | None:
    """ "2,4" → (2, 4); None unless every part is a count from 2 to 4."""
    parts = [p for p in str(value).replace(" ", "").split(",") if p]
    counts = [whole(p) for p in parts]
    if not counts or any(c is None or c not in ANY for c in counts):
        return None
    return tuple(sorted(set(counts)))


def player_counts(props: dict) -> tuple[tuple[int, ...], list[str]]:
    """The counts a map takes, and what is wrong with its properties (messages start with "map property")."""
    counts, _, problems = read_counts(props)
    return counts, problems


def read_counts(props: dict) -> tuple[tuple[int, ...], tuple[int, int], list[str]]:
    """The counts a new game on the map takes, the fewest and the most seats the map has room for
    (``min_players``, ``max_players``; without them, the counts ``players`` lists: a saved game plays on at
    any of them, even one a new game is no longer offered, as ``players`` "2,3" on a map of four corners
    whose fourth seat proved unfair), and what is wrong with its properties."""
    problems = []
    bounds = {}
    for name, default in (("min_players", 2), ("max_players", 4)):
        raw = props.get(name)
        value = default if raw is None else whole(raw)
        if value is None or value not in ANY:
            problems.append(f"map property {name} {raw!r} must be 2, 3 or 4 (a whole number: "
                            "Map > Map Properties, an int property)")
            value = default
        bounds[name] = value
    lo, hi = bounds["min_players"], bounds["max_players"]
    if lo > hi:
        problems.append(f"map property min_players {lo} is more than max_players {hi}")
        lo, hi = 2, 4
    counts = tuple(range(lo, hi + 1))
    listed = props.get("players")
    if listed in (None, ""):
        return counts, (lo, hi), problems
    parsed = parse_counts(listed)
    if parsed is None:
        problems.append(f"map property players {listed!r} must list counts from 2 to 4, such as \"2,4\"")
        return counts, (lo, hi), problems
    if "min_players" not in props and "max_players" not in props:
        return parsed, (parsed[0], parsed[-1]), problems
    if not set(parsed) <= set(counts):
        problems.append(f"map property players {listed!r} lists a count outside min_players {lo} to max_players "
                        f"{hi}: list only counts from {lo} to {hi} (or leave min_players and max_players out)")
        return counts, (lo, hi), problems
    return parsed, (lo, hi), problems


def campaign_counts(props: dict, counts: tuple[int, ...]) -> tuple[tuple[int, ...], list[str]]:
    """The counts a map takes in the Campaign ruleset: its ``campaign_players`` property ("2": a map whose
    seats are fair in Normal but not in Campaign's long games), else the same as in Normal."""
    listed = props.get("campaign_players")
    if listed in (None, ""):
        return counts, []
    parsed = parse_counts(listed)
    if parsed is None or not set(parsed) <= set(counts):
        return counts, [f"map property campaign_players {listed!r} must list counts the map takes "
                        f"({', '.join(map(str, counts))}), such as \"2\""]
    return parsed, []


def read_seatings(props: dict, max_players: int) -> tuple[dict[int, tuple[int, ...]], list[str]]:
    """The start slots (by their ``seat``) each smaller table takes, from ``seats_2`` and ``seats_3``: "1,3"
    puts player 1 on seat 1's slot and player 2 on seat 3's. Turn order goes round the table in seat
    order (R-SET-3), so the list rises. Without one, P players take seats 1 to P."""
    seatings, problems = {}, []
    for players in range(2, max_players):
        name = f"seats_{players}"
        listed = props.get(name)
        if listed in (None, ""):
            continue
        parts = [whole(p) for p in str(listed).replace(" ", "").split(",") if p]
        if (len(parts) != players or any(p is None or not 1 <= p <= max_players for p in parts)
                or len(set(parts)) != players):
            problems.append(f"map property {name} {listed!r} must list {players} different seats from 1 to "
                            f"{max_players}, such as \"{','.join(map(str, range(1, 2 * players, 2)))}\"")
        elif parts != sorted(parts):
            problems.append(f"map property {name} {listed!r} must list its seats in rising order: play goes "
                            f"round the table in seat order (\"{','.join(map(str, sorted(parts)))}\")")
        else:
            seatings[players] = tuple(parts)
    return seatings, problems


def is_range(counts) -> bool:
    """Every count from the fewest to the most (2–4), not a list with gaps (2 or 4)."""
    counts = tuple(counts)
    return counts == tuple(range(counts[0], counts[-1] + 1))


def made_for(counts_in_mode, counts) -> str:
    """``players_text`` of a ruleset's counts, saying "in Campaign" when they are fewer than the map's."""
    where = " in Campaign" if tuple(counts_in_mode) != tuple(counts) else ""
    return players_text(counts_in_mode) + where


def players_text(counts) -> str:
    """How many may play: "2 players", "2–4 players", "2 or 4 players"."""
    counts = tuple(counts)
    if len(counts) == 1:
        return f"{counts[0]} players"
    if is_range(counts) and len(counts) > 2:
        return f"{counts[0]}–{counts[-1]} players"
    return f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} players"
