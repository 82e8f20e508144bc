"""Whole battles: minimax over chance nodes (``BattleOdds``), and a rough chance for battles too big for it."""
from __future__ import annotations

import gc
from collections import Counter
from contextlib import contextmanager
from itertools import chain
from typing import NamedTuple, Sequence

import numpy as np

from game.choices import REPRESENTATIVE
from game.engine.odds.desertion import _deserting_groups, _reduced, desert
from game.engine.odds.distributions import _dice_sum, group_distribution, p_win, p_win_matrices, total_distribution
from game.engine.odds.squads import ATTACKER, DEFENDER, Squad, _check_mode


class MoveChoice(NamedTuple):
    """A move of the side to move: its squad ``own`` attacks enemy squad
    ``target`` (indices into the lists given); ``p_win`` is the mover's
    chance to win the battle after it, both sides playing best."""

    own: int
    target: int
    p_win: float


@contextmanager
def _gc_paused():
    """The search allocates many small objects but no cycles; a collector
    pass in the middle of it would only cost time."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _check_side(side: str) -> str:
    if side not in (ATTACKER, DEFENDER):
        raise ValueError(f"to_move must be {ATTACKER!r} or {DEFENDER!r}, not {side!r}")
    return side


class BattleOdds:
    """Exact battle odds for one pair of roll modes, with its caches.

    States are canonical: each side is a sorted tuple of interned squad ids
    (the order squads are listed in never matters), and moves between
    identical squads are tried once. The value of a state is the attacker
    side's chance to win; the attacker maximises it, the defender minimises it.
    """

    # Bounds that keep a long game or simulation flat: the shared caches stay under about 40 MB
    # (measured: 5,000 random battles of a hero and 1-4 squads of up to 8 units a side, two roll
    # mode pairs; memory climbs to 33 MB, then drops as the sides' cache starts afresh).
    MAX_STATES = 200_000  # drop the memo beyond this many states
    MAX_TABLES = 64  # keep the solved tables of this many recent battles (0: always search recursively)
    MAX_TABLE_STATES = 400_000  # ... and of at most this many states in all
    MAX_SIDES = 20_000  # start afresh beyond this many interned sides
    # Beyond this many states (one side's reachable sides times the other's) the exact odds would take
    # minutes: a City held by 18 heroes, half of them with mercenaries of their own who desert apart,
    # kept a computer player thinking for over ten minutes. Such battles get a rough estimate instead.
    MAX_EXACT_STATES = 400_000
    MAX_EXACT_SIDES = 20_000  # ... and of one side's reachable sides (finding them costs too)

    def __init__(self, attacker_mode: str = REPRESENTATIVE, defender_mode: str = REPRESENTATIVE):
        self.attacker_mode = _check_mode(attacker_mode)
        self.defender_mode = _check_mode(defender_mode)
        self._ids: dict[Squad, int] = {}
        self._squads: list[Squad] = []
        # _p[turn][(acting id, targeted id)]: turn 0 attacker acts, 1 defender acts
        self._p: tuple[dict, dict] = ({}, {})
        self._memo: dict[int, float] = {}
        self._side_ids: dict[tuple[int, ...], int] = {}
        self._sides: list[tuple[int, ...]] = []
        self._splits: list[list[tuple[int, int]] | None] = []
        self._closures: dict[int, list[int]] = {}         # side -> the sides it can become (`_closure`)
        self._prepared: set[tuple[int, int]] = set()
        self._sizes: dict[tuple[int, int], bool] = {}     # (side a, side d) -> small enough for the exact odds
        # solved products of two sides' closures: (row of side a, column of side d, (V attacker to move, V defender))
        self._tables: list[tuple[dict, dict, tuple[list, list]]] = []
        self._side_id(())  # side id 0: no squads left

    # -- public -----------------------------------------------------------
    def win_probability(self, attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
                        to_move: str = ATTACKER) -> float:
        """The attacker side's chance to win the battle (rough beyond ``MAX_EXACT_STATES``: ``is_exact``)."""
        turn = 0 if _check_side(to_move) == ATTACKER else 1
        self._trim()
        with _gc_paused():
            a, d = self._side(attacker_squads), self._side(defender_squads)
            if not self._exact(a, d, attacker_squads, defender_squads):
                return rough_chance(attacker_squads, defender_squads)
            self._prepare(a, d)
            return self._value(a, d, turn)

    def is_exact(self, attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad]) -> bool:
        """Whether the battle is small enough for the exact odds (``MAX_EXACT_STATES``)."""
        return self._exact(self._side(attacker_squads), self._side(defender_squads), attacker_squads, defender_squads)

    def _exact(self, a: int, d: int, attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad]) -> bool:
        if (a, d) in self._prepared:
            return True
        if (a, d) not in self._sizes and _subsets(attacker_squads) * _subsets(defender_squads) > 2 * self.MAX_EXACT_STATES:
            self._sizes[a, d] = False               # far too many: known without walking the states
        if (a, d) not in self._sizes:
            try:
                size = len(self._closure(a, self.MAX_EXACT_SIDES))
                self._closure(d, min(self.MAX_EXACT_SIDES, self.MAX_EXACT_STATES // max(1, size)))
                self._sizes[a, d] = True
            except _TooBig:
                self._sizes[a, d] = False
        return self._sizes[a, d]

    def move_probabilities(self, attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
                           to_move: str = ATTACKER) -> dict[tuple[int, int], float]:
        """For every (own squad index, target index) of the side to move, the
        mover's chance to win the battle if it makes that move."""
        attacker_moves = _check_side(to_move) == ATTACKER
        self._trim()
        att_ids = [self._intern(s) for s in attacker_squads]
        def_ids = [self._intern(s) for s in defender_squads]
        a, d = self._side_id(tuple(sorted(att_ids))), self._side_id(tuple(sorted(def_ids)))
        result = {}
        with _gc_paused():
            if not self._exact(a, d, attacker_squads, defender_squads):
                return self._rough_moves(attacker_squads, defender_squads, attacker_moves)
            self._prepare(a, d)
            if attacker_moves:
                for own, i in enumerate(att_ids):
                    for target, j in enumerate(def_ids):
                        result[own, target] = self._move_value(a, d, i, j)
            else:
                for own, j in enumerate(def_ids):
                    for target, i in enumerate(att_ids):
                        result[own, target] = 1.0 - self._move_value_def(a, d, i, j)
        return result

    def best_move(self, attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
                  to_move: str = ATTACKER) -> MoveChoice:
        """The move the side to move should make (ties: lowest indices)."""
        moves = self.move_probabilities(attacker_squads, defender_squads, to_move)
        if not moves:
            raise ValueError("both sides need at least one squad to make a move")
        (own, target), p = max(moves.items(), key=lambda kv: (kv[1], -kv[0][0], -kv[0][1]))
        return MoveChoice(own, target, p)

    def p_exchange(self, acting: Squad, targeted: Squad, acting_side: str = ATTACKER) -> float:
        """P(``acting`` beats ``targeted`` in one exchange, ``targeted`` winning ties)."""
        modes = (self.attacker_mode, self.defender_mode)
        if _check_side(acting_side) == DEFENDER:
            modes = modes[::-1]
        return p_win(acting, targeted, *modes)

    def clear(self) -> None:
        self.__init__(self.attacker_mode, self.defender_mode)

    def reachable_states(self, attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
                         to_move: str = ATTACKER) -> int:
        """How many undecided states (both sides' squads and whose turn) the battle can reach."""
        start = (self._side(attacker_squads), self._side(defender_squads), 0 if _check_side(to_move) == ATTACKER else 1)
        seen, todo = {start}, [start]
        while todo:
            a, d, turn = todo.pop()
            losses = self._splits_of(a) if turn == 0 else self._splits_of(d)   # the mover's squad dies
            wins = self._splits_of(d) if turn == 0 else self._splits_of(a)     # the squad it attacks dies
            for _, rest in losses:
                nxt = (rest, d, 1) if turn == 0 else (a, rest, 0)
                if rest and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
            for _, rest in wins:
                nxt = (a, rest, 1) if turn == 0 else (rest, d, 0)
                if rest and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return len(seen) if start[0] and start[1] else 0

    @property
    def states_cached(self) -> int:
        """Battle states whose value is known (solved tables and memo)."""
        return len(self._memo) + self._table_states()

    # -- internals ----------------------------------------------------------
    # A side (sorted tuple of squad ids) is interned to a side id; a state is
    # the int key (attacker side id, defender side id, turn) so the memo
    # hashes ints, not nested tuples. Side id 0 is the empty side.
    _SHIFT = 24

    def _trim(self) -> None:
        """Forget everything once the caches grow past their bounds (a long game)."""
        if len(self._sides) > self.MAX_SIDES or len(self._memo) > self.MAX_STATES:
            self.clear()

    def _intern(self, squad: Squad) -> int:
        sid = self._ids.get(squad)
        if sid is None:
            sid = self._ids[squad] = len(self._squads)
            self._squads.append(squad)
        return sid

    def _side(self, squads: Sequence[Squad]) -> int:
        return self._side_id(tuple(sorted(self._intern(s) for s in squads)))

    def _side_id(self, members: tuple[int, ...]) -> int:
        side = self._side_ids.get(members)
        if side is None:
            side = self._side_ids[members] = len(self._sides)
            self._sides.append(members)
            self._splits.append(None)
        return side

    def _splits_of(self, side: int) -> list[tuple[int, int]]:
        """(squad id, side id after that squad dies) for each distinct squad."""
        splits = self._splits[side]
        if splits is None:
            members = self._sides[side]
            splits = []
            for sid in dict.fromkeys(members):
                i = members.index(sid)
                rest = members[:i] + members[i + 1:]
                if self._squads[sid].is_hero and rest:
                    before = [self._squads[x] for x in rest]
                    known = {id(squad): x for squad, x in zip(before, rest)}   # squads nobody left: no hashing
                    left = desert(before, self._squads[sid])
                    rest = tuple(sorted(known.get(id(squad)) if id(squad) in known else self._intern(squad)
                                        for squad in left))
                splits.append((sid, self._side_id(rest)))
            self._splits[side] = splits
        return splits

    def _closure(self, side: int, limit: int | None = None) -> list[int]:
        """Every side id reachable from ``side`` as its squads die one by one
        (with desertion after a hero's death), the empty side included; ``_TooBig`` past ``limit``."""
        known = self._closures.get(side)
        if known is not None:
            if limit is not None and len(known) > limit:
                raise _TooBig
            return known
        seen, todo = {side: None}, [side]
        while todo:
            for _, rest in self._splits_of(todo.pop()):
                if rest not in seen:
                    seen[rest] = None
                    todo.append(rest)
                    if limit is not None and len(seen) > limit:
                        raise _TooBig
        if len(self._closures) >= self.MAX_TABLES:
            self._closures.clear()
        known = self._closures[side] = list(seen)
        return known

    def _rough_moves(self, attacker_squads, defender_squads, attacker_moves: bool) -> dict[tuple[int, int], float]:
        """Each move's chance for a battle too big for the exact odds: the exchange's own chance, then
        ``rough_chance`` of the battle after it is won or lost."""
        mover, other = (attacker_squads, defender_squads) if attacker_moves else (defender_squads, attacker_squads)
        side = ATTACKER if attacker_moves else DEFENDER
        result = {}
        if_won = [rough_chance(mover, _without(other, target)) for target in range(len(other))]
        for own, acting in enumerate(mover):
            if_lost = rough_chance(_without(mover, own), other)
            for target, targeted in enumerate(other):
                p = self.p_exchange(acting, targeted, side)
                result[own, target] = Estimate(p * if_won[target] + (1 - p) * if_lost)
        return result

    def _prepare(self, a: int, d: int) -> None:
        """Solve every state the battle from (a, d) can reach, in numpy.

        The two sides evolve independently (an exchange only changes the
        loser's side), so the states are the product of the two sides'
        closures; they are solved in batches by their number of squads in
        all, as every state after an exchange has fewer. The results go into
        the solved tables that `_value` reads.
        """
        if (a, d) in self._prepared:
            return
        self._prepared.add((a, d))
        if self._from_tables(a, d, 0) is not None:
            return
        sides_a, sides_d = self._closure(a), self._closure(d)
        squads_a = list(dict.fromkeys(s for side in sides_a for s in self._sides[side]))
        squads_d = list(dict.fromkeys(s for side in sides_d for s in self._sides[side]))
        p_att, p_def = p_win_matrices([self._squads[i] for i in squads_a], [self._squads[j] for j in squads_d],
                                      self.attacker_mode, self.defender_mode)
        for table, acting, targeted, matrix in ((self._p[0], squads_a, squads_d, p_att),
                                                (self._p[1], squads_d, squads_a, p_def)):
            for row, i in zip(matrix.tolist(), acting):
                table.setdefault(i, {}).update(zip(targeted, row))
        self._solve_product(sides_a, sides_d, squads_a, squads_d, p_att, p_def)

    def _side_arrays(self, sides: list[int], squads: list[int]):
        """The sides' distinct squads and the side after each dies, side after
        side, as local indices: (squad, child, first, count, size), where side
        k's are at ``first[k]:first[k] + count[k]`` and ``size[k]`` is its
        number of squads (a child side always has fewer: desertion only
        removes squads)."""
        all_splits = [self._splits[side] for side in sides]
        count = np.fromiter(map(len, all_splits), dtype=np.intp, count=len(sides))
        pairs = np.fromiter(chain.from_iterable(chain.from_iterable(all_splits)), dtype=np.intp).reshape(-1, 2)
        local_squad = np.zeros(1 + max(squads), dtype=np.intp)
        local_squad[squads] = np.arange(len(squads))
        local_side = np.zeros(1 + max(sides), dtype=np.intp)
        local_side[sides] = np.arange(len(sides))
        size = np.fromiter(map(len, map(self._sides.__getitem__, sides)), dtype=np.intp, count=len(sides))
        return local_squad.take(pairs[:, 0]), local_side.take(pairs[:, 1]), np.cumsum(count) - count, count, size

    def _solve_product(self, sides_a, sides_d, squads_a, squads_d, p_att, p_def) -> None:
        squad_a, child_a, first_a, count_a, size_a = self._side_arrays(sides_a, squads_a)
        squad_d, child_d, first_d, count_d, size_d = self._side_arrays(sides_d, squads_d)
        n_a, n_d = len(sides_a), len(sides_d)
        # values of states (a, d) flattened to a * n_d + d; empty sides are the boundary
        attacker_to_move = np.zeros((n_a, n_d))
        attacker_to_move[:, sides_d.index(0)] = 1.0
        attacker_to_move, defender_to_move = attacker_to_move.ravel(), attacker_to_move.ravel().copy()
        # a state needs only states with fewer squads in all: solve them in batches by that number
        levels = size_a[:, None] + size_d[None, :]
        levels[sides_a.index(0), :] = levels[:, sides_d.index(0)] = 0
        levels = levels.ravel()
        state = np.argsort(levels, kind="stable")
        per_level = np.bincount(levels)
        state = state[per_level[0]:]
        ia, id_ = np.divmod(state, n_d)
        # Everything but the values is known up front. A state's moves are
        # the pairs (attacker's squad k, defender's squad l), listed state
        # after state and k by k (a "row" is one state's k): for each, the
        # state after k dies, after l dies, and the pair of squads.
        moves_a, moves_d = count_a.take(ia), count_d.take(id_)
        moves = moves_a * moves_d
        first_pair = np.cumsum(moves) - moves
        rows = np.repeat(np.arange(len(state)), moves_a)
        row_length = moves_d.take(rows)
        k = np.arange(len(rows)) - np.repeat(np.cumsum(moves_a) - moves_a, moves_a)
        slot_a = np.repeat(first_a.take(ia), moves_a) + k
        row_start = np.cumsum(row_length) - row_length
        slot_d = np.arange(int(row_length.sum())) + np.repeat(first_d.take(id_).take(rows) - row_start, row_length)
        if_att_dies = np.repeat(child_a.take(slot_a) * n_d + id_.take(rows), row_length)
        if_def_dies = child_d.take(slot_d) + np.repeat(ia.take(rows) * n_d, row_length)
        pair = np.repeat(squad_a.take(slot_a) * len(squads_d), row_length) + squad_d.take(slot_d)
        p_attacker_wins = p_att.ravel().take(pair)
        p_defender_wins = np.ascontiguousarray(p_def.T).ravel().take(pair)
        bounds = [0, *np.cumsum(per_level[1:]).tolist()]     # batch n: states bounds[n - 1]:bounds[n]
        first_pair = np.append(first_pair, len(pair))
        edges = first_pair.tolist()
        for start, stop in zip(bounds, bounds[1:]):
            if start == stop:
                continue
            here = state[start:stop]
            span, offsets = slice(edges[start], edges[stop]), first_pair[start:stop] - edges[start]
            lose = defender_to_move.take(if_att_dies[span])
            win = defender_to_move.take(if_def_dies[span])
            attacker_to_move[here] = np.maximum.reduceat(lose + p_attacker_wins[span] * (win - lose), offsets)
            lose = attacker_to_move.take(if_def_dies[span])
            win = attacker_to_move.take(if_att_dies[span])
            defender_to_move[here] = np.minimum.reduceat(lose + p_defender_wins[span] * (win - lose), offsets)
        attacker_to_move = attacker_to_move.reshape(n_a, n_d)
        defender_to_move = defender_to_move.reshape(n_a, n_d)
        self._tables.append((dict(zip(sides_a, range(n_a))), dict(zip(sides_d, range(n_d))),
                             (attacker_to_move.tolist(), defender_to_move.tolist())))
        del self._tables[:-self.MAX_TABLES or len(self._tables)]
        while len(self._tables) > 1 and self._table_states() > self.MAX_TABLE_STATES:
            del self._tables[0]

    def _table_states(self) -> int:
        return sum(2 * len(rows) * len(columns) for rows, columns, _ in self._tables)

    def _from_tables(self, a: int, d: int, turn: int) -> float | None:
        for rows, columns, values in reversed(self._tables):
            row, column = rows.get(a), columns.get(d)
            if row is not None and column is not None:
                return values[turn][row][column]
        return None

    def _exchange(self, turn: int, acting: int, targeted: int) -> float:
        try:
            return self._p[turn][acting][targeted]
        except KeyError:
            modes = (self.attacker_mode, self.defender_mode)
            if turn:
                modes = modes[::-1]
            p = p_win(self._squads[acting], self._squads[targeted], *modes)
            self._p[turn].setdefault(acting, {})[targeted] = p
            return p

    def _move_value(self, a: int, d: int, i: int, j: int) -> float:
        """Attacker to move, its squad i attacks defender squad j."""
        p = self._exchange(0, i, j)
        d_rest = dict(self._splits_of(d))[j]
        a_rest = dict(self._splits_of(a))[i]
        return p * self._value(a, d_rest, 1) + (1.0 - p) * self._value(a_rest, d, 1)

    def _move_value_def(self, a: int, d: int, i: int, j: int) -> float:
        """Defender to move, its squad j attacks attacker squad i (attacker's chance)."""
        q = self._exchange(1, j, i)
        d_rest = dict(self._splits_of(d))[j]
        a_rest = dict(self._splits_of(a))[i]
        return q * self._value(a_rest, d, 0) + (1.0 - q) * self._value(a, d_rest, 0)

    def _value(self, a: int, d: int, turn: int) -> float:
        """Attacker's chance in state (a, d, turn); `_prepare` must have run for it."""
        if d == 0:
            return 1.0
        if a == 0:
            return 0.0
        shift = self._SHIFT
        memo = self._memo
        key = ((a << shift | d) << 1) | turn
        value = memo.get(key)
        if value is None:
            value = self._from_tables(a, d, turn)
        if value is not None:
            return value
        # A move's value mixes "the attacker's squad i dies" (depends on i
        # only) and "the defender's squad j dies" (depends on j only): look
        # each child up once, then combine per pair.
        next_turn = 1 - turn
        att_ids, if_att_dies = [], []
        for i, rest in self._splits[a]:
            att_ids.append(i)
            if rest == 0:
                if_att_dies.append(0.0)
            else:
                v = memo.get(((rest << shift | d) << 1) | next_turn)
                if_att_dies.append(self._value(rest, d, next_turn) if v is None else v)
        def_ids, if_def_dies = [], []
        for j, rest in self._splits[d]:
            def_ids.append(j)
            if rest == 0:
                if_def_dies.append(1.0)
            else:
                v = memo.get(((a << shift | rest) << 1) | next_turn)
                if_def_dies.append(self._value(a, rest, next_turn) if v is None else v)
        if turn == 0:  # attacker's squad i acts on j and wins with p: j dies
            table = self._p[0]
            value = -1.0
            for i, lose in zip(att_ids, if_att_dies):
                row = table[i]
                for j, win in zip(def_ids, if_def_dies):
                    v = lose + row[j] * (win - lose)
                    if v > value:
                        value = v
        else:  # defender's squad j acts on i and wins with q: i dies
            table = self._p[1]
            value = 2.0
            for j, lose in zip(def_ids, if_def_dies):
                row = table[j]
                for i, win in zip(att_ids, if_att_dies):
                    v = lose + row[i] * (win - lose)
                    if v < value:
                        value = v
        if len(memo) >= self.MAX_STATES:
            memo.clear()
        memo[key] = value
        return value


def _subsets(squads: Sequence[Squad]) -> int:
    """How many sets of a side's squads can be left standing (desertion aside): a quick size bound."""
    count = 1
    for n in Counter(squads).values():
        count *= n + 1
    return count


class _TooBig(Exception):
    """A battle with more states than the exact odds can solve in time."""


def _without(squads: Sequence[Squad], index: int) -> list[Squad]:
    """A side after its squad ``index`` dies (and, for a hero, its own mercenaries' desertion)."""
    rest = list(squads[:index]) + list(squads[index + 1:])
    return desert(rest, squads[index]) if squads[index].is_hero and rest else rest


class Estimate(float):
    """A chance from ``rough_chance``, not the exact odds: players see it as "≈43%" (``names.percent``).
    ``1 - p`` stays an estimate, so the other side's share is marked too."""
    __slots__ = ()
    estimate = True

    def __rsub__(self, other):
        return Estimate(float(other) - float(self))


def rough_chance(side_a: Sequence[Squad], side_b: Sequence[Squad]) -> float:
    """``side_a``'s rough chance against ``side_b`` from their expected totals (for battles too big for
    the exact odds): even sides are even, and a side twice as strong wins about nine times in ten."""
    if not side_b:
        return 1.0
    if not side_a:
        return 0.0
    a, b = sum(s.mean for s in side_a), sum(s.mean for s in side_b)
    return Estimate(1.0 / (1.0 + (b / a) ** 3) if a > 0 else 0.0)


_solvers: dict[tuple[str, str], BattleOdds] = {}


def battle_odds(attacker_mode: str = REPRESENTATIVE, defender_mode: str = REPRESENTATIVE) -> BattleOdds:
    """The shared `BattleOdds` (and its caches) for a pair of roll modes."""
    key = (_check_mode(attacker_mode), _check_mode(defender_mode))
    if key not in _solvers:
        _solvers[key] = BattleOdds(*key)
    return _solvers[key]


def clear_caches() -> None:
    """Forget every cached distribution, exchange and battle state."""
    _solvers.clear()
    for cached in (_dice_sum, group_distribution, total_distribution, p_win, _deserting_groups, _reduced):
        cached.cache_clear()


def win_probability(attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
                    attacker_mode: str = REPRESENTATIVE, defender_mode: str = REPRESENTATIVE,
                    to_move: str = ATTACKER) -> float:
    """Exact chance that the attacker side wins, both sides playing best."""
    return battle_odds(attacker_mode, defender_mode).win_probability(attacker_squads, defender_squads, to_move)


def move_probabilities(attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
                       attacker_mode: str = REPRESENTATIVE, defender_mode: str = REPRESENTATIVE,
                       to_move: str = ATTACKER) -> dict[tuple[int, int], float]:
    """Mover's chance to win the battle for each (own index, target index)."""
    return battle_odds(attacker_mode, defender_mode).move_probabilities(attacker_squads, defender_squads, to_move)


def best_move(attacker_squads: Sequence[Squad], defender_squads: Sequence[Squad],
              attacker_mode: str = REPRESENTATIVE, defender_mode: str = REPRESENTATIVE,
              to_move: str = ATTACKER) -> MoveChoice:
    """The best (own index, target index) for the side to move, and its chance."""
    return battle_odds(attacker_mode, defender_mode).best_move(attacker_squads, defender_squads, to_move)
