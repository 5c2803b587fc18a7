"""Every placement of tied dice (``PlaceDice``) a game can offer, numbered without listing.

Przyjmowanie pacjentów: dice go "w ambulansach od najmniejszej do największej wartości,
od pierwszej do n-tego ambulansu", and on tied values "ostatni gracz decyduje gdzie trafią
kostki poszczególnych kolorów". A ``PlaceDice`` names the whole arrangement: one sorted
tuple of ``(colour, value)`` dice per ambulance, the values never falling from one
ambulance to the next, every ambulance full but (a short supply, DH-SUPPLY-SHORT) a last
partial one followed by empty ones. On the real game that is 568,856 arrangements of nine
dice in three ambulances alone, and millions with more seats, too many to hold as a
tuple; :class:`Placements` computes the id of an arrangement and the arrangement of an
id instead (a ``RankedActions`` block of the action list).

The order is Python's order of the ``ambulances`` tuples (the order ``legal_actions``
sorts in). An arrangement is read as a word: each ambulance's dice, then an end mark,
then an end-of-word mark after the last ambulance; with the end-of-word mark below the
end mark below every die, the dictionary order of the words is the order of the tuples
(a shorter tuple that is a prefix of a longer one comes first). :meth:`_count` counts
the words that complete a prefix (memoised on a small automaton state), which ranks and
unranks in a few hundred steps.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from ..rules.actions import PlaceDice
from ..rules.components import ROLL_FACES

#: Word marks (dice are the tokens from 2 on, in (colour, value) order).
EOS, END = 0, 1
#: A placement is a decision only when two dice tie on a value.
MIN_DICE = 2

#: (slot, dice in it, last die token or -1, floor value, highest value in the slot,
#: tail: an earlier ambulance was not full so the rest are empty, dice so far)
_State = tuple[int, int, int, int, int, bool, int]


class Ranked(Sequence[Any]):
    """A computed list (``RankedActions``): ids are calculated, so membership asks
    :meth:`position` instead of scanning."""

    def position(self, action: Any) -> int:
        raise NotImplementedError

    def __contains__(self, action: object) -> bool:
        try:
            self.position(action)
        except KeyError:
            return False
        return True


class Placements(Ranked):
    """The ``PlaceDice`` of ``colours`` colours, ``per_ambulance`` dice per ambulance
    and any of ``counts`` ambulances, in sorted order (a computed list)."""

    verb = PlaceDice

    def __init__(self, colours: int, per_ambulance: int, counts: tuple[int, ...]):
        self.dice = tuple((c, v) for c in range(colours) for v in ROLL_FACES)
        self.tokens = {d: i + 2 for i, d in enumerate(self.dice)}
        self.d = per_ambulance
        self.counts = frozenset(counts)
        self.most = max(counts)
        self._count = lru_cache(maxsize=None)(self._count_uncached)
        self._len = self._count((0, 0, -1, 0, 0, False, 0))

    def __repr__(self) -> str:
        return f"Placements({len(self.dice) // len(ROLL_FACES)}, {self.d}, {sorted(self.counts)})"

    # The automaton ---------------------------------------------------------------------
    def _next(self, st: _State, token: int) -> _State | None:
        """The state after ``token`` (the end mark or a die), ``None`` when no word
        continues so; the end-of-word mark is :meth:`_ends`."""
        slot, inside, last, floor, high, tail, n = st
        if token == END:
            if slot >= self.most:
                return None
            full = inside == self.d
            return (slot + 1, 0, -1, high if full else floor, 0, tail or not full, n)
        if tail or inside == self.d or token < last:
            return None
        value = self.dice[token - 2][1]
        if value < floor:
            return None
        return (slot, inside + 1, token, floor, max(high, value), tail, n + 1)

    def _ends(self, st: _State) -> bool:
        slot, inside, _, _, _, _, n = st
        return inside == 0 and slot in self.counts and n >= MIN_DICE

    def _tokens(self) -> range:
        return range(END, len(self.dice) + 2)

    def _count_uncached(self, st: _State) -> int:
        total = 1 if self._ends(st) else 0
        for token in self._tokens():
            nxt = self._next(st, token)
            if nxt is not None:
                total += self._count(nxt)
        return total

    # Sequence --------------------------------------------------------------------------
    def __len__(self) -> int:
        return self._len

    # integer indices only (Sequence's slice overload is not offered)
    def __getitem__(self, i: int) -> PlaceDice:  # type: ignore[override]
        if not 0 <= i < self._len:
            raise IndexError(i)
        st: _State = (0, 0, -1, 0, 0, False, 0)
        ambulances: list[tuple[Any, ...]] = []
        current: list[Any] = []
        while True:
            if self._ends(st):
                if i == 0:
                    return PlaceDice(tuple(ambulances))
                i -= 1
            for token in self._tokens():
                nxt = self._next(st, token)
                if nxt is None:
                    continue
                n = self._count(nxt)
                if i < n:
                    if token == END:
                        ambulances.append(tuple(current))
                        current = []
                    else:
                        current.append(self.dice[token - 2])
                    st = nxt
                    break
                i -= n
            else:  # pragma: no cover - the counts say an id below len always lands
                raise AssertionError("placement ranking lost its place")

    def position(self, action: Any) -> int:
        """The id of ``action`` in this block; ``KeyError`` when it is not listed."""
        if type(action) is not PlaceDice:
            raise KeyError(action)
        st: _State = (0, 0, -1, 0, 0, False, 0)
        rank = 0
        for amb in action.ambulances:
            for die in (*amb, None):
                token = END if die is None else self.tokens.get(die)
                if token is None:
                    raise KeyError(action)
                rank += 1 if self._ends(st) else 0
                for smaller in range(END, token):
                    nxt = self._next(st, smaller)
                    if nxt is not None:
                        rank += self._count(nxt)
                nxt = self._next(st, token)
                if nxt is None:
                    raise KeyError(action)
                st = nxt
        if not self._ends(st):
            raise KeyError(action)
        return rank

    def __iter__(self) -> Iterator[PlaceDice]:
        """Every arrangement in order (a depth-first walk, no ranking)."""
        stack: list[tuple[_State, tuple[Any, ...], tuple[Any, ...]]] = []
        stack.append(((0, 0, -1, 0, 0, False, 0), (), ()))
        while stack:
            st, done, current = stack.pop()
            children = []
            for token in self._tokens():
                nxt = self._next(st, token)
                if nxt is None or not self._count(nxt):
                    continue
                if token == END:
                    children.append((nxt, done + (current,), ()))
                else:
                    children.append((nxt, done, current + (self.dice[token - 2],)))
            stack.extend(reversed(children))
            if self._ends(st):
                yield PlaceDice(done)
