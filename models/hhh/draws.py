"""Drawing cubes from the bag: exact distributions, and a sampler of the same process.

Three ways of drawing appear in the rulebook (Key Concepts, "Cubes"):

* ``plain``   — Heal: draw n cubes, black ones count against the patient.
* ``chain``   — Research, New Patients Arrive, Visit the Wards: "black cubes force you
  to discard the black cube and draw 2 more cubes instead. This will repeat".
* ``no_black`` — Blood Bank: "Return and redraw any black cube."

Every draw honours "Empty bag: ... place all discarded cubes back into the bag and
continue drawing". A result is ``(drawn, bag, discard)``: ``drawn`` counts the cubes now
in hand (for ``chain`` only the non-black ones; its black cubes are already in
``discard``).

:class:`ExactDraws` returns every result with its ``Fraction`` probability
(multivariate hypergeometric per batch). :class:`SampledDraws` draws cube by cube with a
``random.Random`` and returns one result with probability 1; it is the same random
process, so simulation and Hypothesis sample the distribution the explorer enumerates.
Both take an ``on_empty`` policy for the two dead ends the rules do not cover
(HHH-EMPTY-BOTH, HHH-BLACK-LOOP): ``"stop"`` ends the draw short.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from math import comb

Counts = tuple[int, ...]
Result = tuple[Counts, Counts, Counts]


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b))


def _sub(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b))


@lru_cache(maxsize=200_000)
def hypergeometric(bag: Counts, n: int) -> tuple[tuple[Counts, Fraction], ...]:
    """Every way to draw ``n`` cubes from ``bag`` (n <= total) with its exact probability."""
    total = sum(bag)
    den = comb(total, n)
    out: list[tuple[Counts, Fraction]] = []
    k = len(bag)

    def rec(i: int, left: int, acc: list[int], ways: int) -> None:
        if i == k - 1:
            if left <= bag[i]:
                acc.append(left)
                out.append((tuple(acc), Fraction(ways * comb(bag[i], left), den)))
                acc.pop()
            return
        rest = sum(bag[i + 1 :])
        for x in range(max(0, left - rest), min(bag[i], left) + 1):
            acc.append(x)
            rec(i + 1, left - x, acc, ways * comb(bag[i], x))
            acc.pop()

    rec(0, n, [], 1)
    return tuple(out)


class ExactDraws:
    """Exact distributions of draw results (lists of ``(result, Fraction)``)."""

    exact = True

    def plain(self, bag: Counts, discard: Counts, n: int) -> list[tuple[Result, Fraction]]:
        return list(_plain(bag, discard, n))

    def chain(self, bag: Counts, discard: Counts, n: int) -> list[tuple[Result, Fraction]]:
        return list(_chain(bag, discard, n))

    def no_black(self, bag: Counts, discard: Counts, n: int) -> list[tuple[Result, Fraction]]:
        return list(_no_black(bag, discard, n))


ONE = Fraction(1)


@lru_cache(maxsize=100_000)
def _plain(bag: Counts, discard: Counts, n: int) -> tuple[tuple[Result, Fraction], ...]:
    zero = (0,) * len(bag)
    s = sum(bag)
    if n <= s:
        return tuple(((d, _sub(bag, d), discard), p) for d, p in hypergeometric(bag, n))
    # Empty bag: take everything, put the discard pile into the bag, continue drawing.
    if sum(discard) == 0:  # nothing left anywhere: the draw stops short (HHH-EMPTY-BOTH)
        return (((bag, zero, discard), ONE),)
    out = []
    for (d2, b2, disc2), p in _plain(discard, zero, min(n - s, sum(discard))):
        out.append(((_add(bag, d2), b2, disc2), p))
    return tuple(out)


def _has_colour(counts: Counts) -> bool:
    return any(counts[:-1])


@lru_cache(maxsize=200_000)
def _chain(bag: Counts, discard: Counts, need: int) -> tuple[tuple[Result, Fraction], ...]:
    """Draw ``need`` cubes; each black is discarded and replaced by 2 more (repeat)."""
    zero = (0,) * len(bag)
    if need == 0:
        return (((zero, bag, discard), ONE),)
    if not _has_colour(bag) and not _has_colour(discard):
        # Only black cubes are left: the chain could never end (HHH-BLACK-LOOP): stop.
        return (((zero, bag, discard), ONE),)
    s = sum(bag)
    if s == 0:
        return _chain(discard, zero, need)
    acc: dict[Result, Fraction] = {}
    if need <= s:
        batches = [(d, p) for d, p in hypergeometric(bag, need)]
    else:  # the whole bag is drawn before it runs empty
        batches = [(bag, ONE)]
    for d, p in batches:
        k = d[-1]
        got = d[:-1] + (0,)
        bag2 = _sub(bag, d)
        disc2 = discard[:-1] + (discard[-1] + k,)
        rest = need - sum(d) + 2 * k
        for (d2, b3, disc3), p2 in _chain(bag2, disc2, rest):
            key = (_add(got, d2), b3, disc3)
            acc[key] = acc.get(key, Fraction(0)) + p * p2
    return tuple(acc.items())


@lru_cache(maxsize=100_000)
def _no_black(bag: Counts, discard: Counts, n: int) -> tuple[tuple[Result, Fraction], ...]:
    """Draw ``n`` cubes, returning each black to the bag and redrawing.

    Equivalent to drawing from the non-black cubes only. When the bag holds only black
    cubes it is treated as empty and refilled from the discard pile (HHH-BB-BLACK-ONLY).
    """
    zero = (0,) * len(bag)
    colour_bag = bag[:-1] + (0,)
    s = sum(colour_bag)
    if n <= s:
        return tuple(((d, _sub(bag, d), discard), p) for d, p in hypergeometric(colour_bag, n))
    if not _has_colour(discard):
        return (((colour_bag, _sub(bag, colour_bag), discard), ONE),)
    merged = _add(_sub(bag, colour_bag), discard)  # blacks stay, discard goes into the bag
    out = []
    for (d2, b2, disc2), p in _no_black(merged, zero, n - s):
        out.append(((_add(colour_bag, d2), b2, disc2), p))
    return tuple(out)


class SampledDraws:
    """The same draws, cube by cube with ``rng``: one result with probability 1."""

    exact = False

    def __init__(self, rng: random.Random):
        self.rng = rng

    def _one(self, bag: list[int]) -> int:
        r = self.rng.randrange(sum(bag))
        for i, c in enumerate(bag):
            if r < c:
                return i
            r -= c
        raise AssertionError("empty bag")

    def plain(self, bag: Counts, discard: Counts, n: int) -> list[tuple[Result, Fraction]]:
        b, disc, got = list(bag), list(discard), [0] * len(bag)
        for _ in range(n):
            if sum(b) == 0:
                if sum(disc) == 0:
                    break
                b, disc = disc, [0] * len(bag)
            i = self._one(b)
            b[i] -= 1
            got[i] += 1
        return [((tuple(got), tuple(b), tuple(disc)), ONE)]

    def chain(self, bag: Counts, discard: Counts, n: int) -> list[tuple[Result, Fraction]]:
        b, disc, got = list(bag), list(discard), [0] * len(bag)
        need = n
        while need > 0:
            if not any(b[:-1]) and not any(disc[:-1]):
                break
            if sum(b) == 0:
                b, disc = disc, [0] * len(bag)
            i = self._one(b)
            b[i] -= 1
            if i == len(bag) - 1:
                disc[i] += 1
                need += 1  # this draw is replaced by two more
            else:
                got[i] += 1
                need -= 1
        return [((tuple(got), tuple(b), tuple(disc)), ONE)]

    def no_black(self, bag: Counts, discard: Counts, n: int) -> list[tuple[Result, Fraction]]:
        b, disc, got = list(bag), list(discard), [0] * len(bag)
        for _ in range(n):
            if not any(b[:-1]):
                if not any(disc[:-1]):
                    break
                b = [x + y for x, y in zip(b, disc)]
                disc = [0] * len(bag)
            colour_only = b[:-1] + [0]
            i = self._one(colour_only)
            b[i] -= 1
            got[i] += 1
        return [((tuple(got), tuple(b), tuple(disc)), ONE)]
