"""Bag draws bounded below: only the results that leave at least ``floor`` in the bag.

:class:`FloorDraws` is a draw engine with the interface of :class:`.draws.ExactDraws`
(``hyper``, ``plain``, ``chain``, ``no_black``). With ``floor`` set, a cube draw yields
exactly those results of :class:`.draws.ExactDraws` whose bag afterwards holds at least
``floor[i]`` cubes of every colour ``i``, with the same ``Fraction`` probabilities (no
renormalisation). Point probabilities (:mod:`.point`) run the rules with it: when the bag
only loses cubes for the rest of a step, a draw that leaves less than the target
successor's bag cannot lead there, so it is never built.

The bounded results come from closed forms, without enumerating the rest: a draw without
refill is multivariate hypergeometric, ``prod C(bag_i, d_i) / C(total, n)``, and the
black-cube chain is the ballot form of :func:`.draws._chain`,
``need / T * C(blacks, k) * prod C(colour_i, d_i) / C(total, T)`` with ``T = need + 2k``.
A draw that may empty the bag (and so refill it from the discard pile) is the exact
distribution filtered by the floor.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from math import comb
from typing import Any, TypeVar

from .draws import ChainResult, Counts, ExactDraws, Result

#: a draw's result: ``(drawn, bag, discard)``, a chain's with the cubes it still owed
R = TypeVar("R", bound=tuple[Any, ...])


def bounded(pool: Counts, cap: Counts, n: int) -> Iterator[tuple[Counts, int]]:
    """Every ``d`` with ``sum(d) == n`` and ``d[i] <= min(pool[i], cap[i])``, with its number
    of ways ``prod C(pool[i], d[i])`` (the hypergeometric numerator)."""
    top = [min(p, c) for p, c in zip(pool, cap)]
    k = len(pool)
    room = [0] * (k + 1)  # room[i]: most cubes the colours from i on can still give
    for i in range(k - 1, -1, -1):
        room[i] = room[i + 1] + top[i]
    if n > room[0] or n < 0:
        return
    acc = [0] * k

    def rec(i: int, left: int, ways: int) -> Iterator[tuple[Counts, int]]:
        if i == k - 1:
            acc[i] = left
            yield tuple(acc), ways * comb(pool[i], left)
            return
        for x in range(max(0, left - room[i + 1]), min(top[i], left) + 1):
            acc[i] = x
            yield from rec(i + 1, left - x, ways * comb(pool[i], x))

    yield from rec(0, n, 1)


class FloorDraws:
    """The exact draws restricted to results that leave at least ``floor`` in the bag.

    ``floor`` is ``None`` (no restriction: the exact draws) or a bag vector. Hyper draws
    (markers, cards, Staff) are not from the bag and stay unrestricted.
    """

    exact = True

    def __init__(self) -> None:
        self.floor: Counts | None = None
        self._exact = ExactDraws()

    def _cap(self, bag: Counts) -> Counts | None:
        """Most cubes of each colour a result may take, or ``None`` if none can do."""
        assert self.floor is not None
        cap = tuple(b - f for b, f in zip(bag, self.floor))
        return None if min(cap) < 0 else cap

    def _filtered(self, results: list[tuple[R, Fraction]]) -> list[tuple[R, Fraction]]:
        floor = self.floor
        assert floor is not None
        return [(r, p) for r, p in results if all(x >= f for x, f in zip(r[1], floor))]

    def hyper(self, pool: Counts, n: int) -> tuple[tuple[Counts, Fraction], ...]:
        return self._exact.hyper(pool, n)

    def plain(self, bag: Counts, discard: Counts, n: int) -> list[tuple[Result, Fraction]]:
        if self.floor is None:
            return self._exact.plain(bag, discard, n)
        total = sum(bag)
        if n > total:  # the bag empties: refill from the discard pile
            return self._filtered(self._exact.plain(bag, discard, n))
        cap = self._cap(bag)
        if cap is None:
            return []
        den = comb(total, n)
        return [
            ((d, _sub(bag, d), discard), Fraction(ways, den)) for d, ways in bounded(bag, cap, n)
        ]

    def chain(self, bag: Counts, discard: Counts, need: int) -> list[tuple[ChainResult, Fraction]]:
        if self.floor is None or need == 0:
            return self._exact.chain(bag, discard, need)
        total = sum(bag)
        blacks = bag[-1]
        if need + 2 * blacks > total:  # the bag may empty before the chain ends
            return self._filtered(self._exact.chain(bag, discard, need))
        cap = self._cap(bag)
        if cap is None:
            return []
        colours = bag[:-1] + (0,)
        out: list[tuple[ChainResult, Fraction]] = []
        for k in range(min(blacks, cap[-1]) + 1):
            t = need + 2 * k
            head = need * comb(blacks, k)
            den = t * comb(total, t)
            bag_k = bag[:-1] + (blacks - k,)
            disc_k = discard[:-1] + (discard[-1] + k,)
            for d, ways in bounded(colours, cap[:-1] + (0,), need + k):
                out.append(((d, _sub(bag_k, d), disc_k, 0), Fraction(head * ways, den)))
        return out

    def chain_until(
        self, bag: Counts, discard: Counts, n: int, colour: int, fatal: int
    ) -> list[tuple[ChainResult, Fraction]]:
        results = self._exact.chain_until(bag, discard, n, colour, fatal)
        return results if self.floor is None else self._filtered(results)

    def no_black(
        self, bag: Counts, discard: Counts, n: int, refill: bool = True
    ) -> list[tuple[Result, Fraction]]:
        if self.floor is None:
            return self._exact.no_black(bag, discard, n, refill)
        colour_bag = bag[:-1] + (0,)
        total = sum(colour_bag)
        if n > total:  # no colour cube left before the end: refill or stop
            return self._filtered(self._exact.no_black(bag, discard, n, refill))
        cap = self._cap(bag)
        if cap is None:
            return []
        den = comb(total, n)
        return [
            ((d, _sub(bag, d), discard), Fraction(ways, den))
            for d, ways in bounded(colour_bag, cap, n)
        ]


def _sub(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b))
