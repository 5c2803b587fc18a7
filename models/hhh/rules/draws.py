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
When the bag is empty and the discard pile cannot help (empty, or only black cubes
for a chain that would otherwise never end), the draw stops short; the model decides
what that means (HHH-DRAW-EXHAUSTED). A ``chain`` result carries a fourth entry, the
cubes it still owed when it ran dry (0: it ended): each black cube drawn owes one more
cube, so a chain can run dry holding as many colour cubes as it was asked for.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from math import comb

Counts = tuple[int, ...]
Result = tuple[Counts, Counts, Counts]
#: drawn, bag, discard and the cubes the chain still owed when it ran dry (0: it ended)
ChainResult = tuple[Counts, Counts, Counts, int]


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b))


def _sub(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b))


@lru_cache(maxsize=8192)
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

    def hyper(self, pool: Counts, n: int) -> tuple[tuple[Counts, Fraction], ...]:
        """``n`` items without replacement from ``pool`` (markers, cards, Staff)."""
        return hypergeometric(pool, n)

    def plain(self, bag: Counts, discard: Counts, n: int) -> list[tuple[Result, Fraction]]:
        return list(_plain(bag, discard, n))

    def chain(self, bag: Counts, discard: Counts, n: int) -> list[tuple[ChainResult, Fraction]]:
        return list(_chain(bag, discard, n))

    def chain_until(
        self, bag: Counts, discard: Counts, n: int, colour: int, fatal: int
    ) -> list[tuple[ChainResult, Fraction]]:
        """A chain that stops once ``fatal`` cubes of ``colour`` are drawn (a Visit that
        has killed its patient under HHH-VISIT-DEATH-DRAWS=stop): :func:`_chain_until`."""
        return list(_chain_until(bag, discard, n, colour, fatal))

    def no_black(
        self, bag: Counts, discard: Counts, n: int, refill: bool = True
    ) -> list[tuple[Result, Fraction]]:
        return list(_no_black(bag, discard, n, refill))


ONE = Fraction(1)


@lru_cache(maxsize=2048)
def _plain(bag: Counts, discard: Counts, n: int) -> tuple[tuple[Result, Fraction], ...]:
    zero = (0,) * len(bag)
    s = sum(bag)
    if n <= s:
        return tuple(((d, _sub(bag, d), discard), p) for d, p in hypergeometric(bag, n))
    # Empty bag: take everything, put the discard pile into the bag, continue drawing.
    if sum(discard) == 0:  # nothing left anywhere: the draw stops short (HHH-DRAW-EXHAUSTED)
        return (((bag, zero, discard), ONE),)
    out = []
    for (d2, b2, disc2), p in _plain(discard, zero, min(n - s, sum(discard))):
        out.append(((_add(bag, d2), b2, disc2), p))
    return tuple(out)


def _has_colour(counts: Counts) -> bool:
    return any(counts[:-1])


@lru_cache(maxsize=2048)
def _chain(bag: Counts, discard: Counts, need: int) -> tuple[tuple[ChainResult, Fraction], ...]:
    """Draw ``need`` cubes; each black is discarded and replaced by 2 more (repeat).

    Cube by cube, the draws still owed start at ``need``, fall by 1 for a colour cube and
    rise by 1 for a black one; the chain ends when they reach 0. Ending after exactly
    ``k`` black cubes means ``T = need + 2k`` draws, and by the ballot theorem a fraction
    ``need / T`` of the orderings of those T cubes first reach 0 at the end. So
    P(colours ``acc``, k blacks) = need/T * hypergeometric(acc + k blacks; bag, T).
    Whatever mass is left is the case where the whole bag is drawn first: then the
    discard pile (with the black cubes) is put back in the bag and the chain continues.
    A chain that runs dry reports the ``need`` it still owed (HHH-DRAW-EXHAUSTED).
    """
    zero = (0,) * len(bag)
    if need == 0:
        return (((zero, bag, discard, 0), ONE),)
    total = sum(bag)
    if total == 0:
        if not _has_colour(discard):
            # Refilling would bring back only black cubes: the chain could never end
            # (HHH-DRAW-EXHAUSTED): it stops here, still owing ``need`` cubes.
            return (((zero, bag, discard, need), ONE),)
        return _chain(discard, zero, need)
    blacks = bag[-1]
    colours = bag[:-1] + (0,)
    n_colour = total - blacks
    out: list[tuple[ChainResult, Fraction]] = []
    mass = Fraction(0)
    for k in range(blacks + 1):
        t = need + 2 * k
        if t > total or need + k > n_colour:
            break
        pk = Fraction(need * comb(blacks, k) * comb(n_colour, need + k), t * comb(total, t))
        mass += pk
        disc2 = discard[:-1] + (discard[-1] + k,)
        for acc, q in hypergeometric(colours, need + k):
            out.append(((acc, _sub(_sub(bag, acc), zero[:-1] + (k,)), disc2, 0), pk * q))
    rest = 1 - mass
    if rest:
        # The bag runs out before the chain ends: all of it is drawn, then it is refilled.
        got = colours
        owed = need + 2 * blacks - total
        disc2 = discard[:-1] + (discard[-1] + blacks,)
        for (d2, b3, disc3, short), p2 in _chain(zero, disc2, owed):
            out.append(((_add(got, d2), b3, disc3, short), rest * p2))
    return tuple(out)


@lru_cache(maxsize=4096)
def _chain_until(
    bag: Counts, discard: Counts, need: int, colour: int, fatal: int
) -> tuple[tuple[ChainResult, Fraction], ...]:
    """:func:`_chain` cube by cube, stopping early once ``fatal`` cubes of ``colour`` are
    drawn: the draws still owed then are not made (they report 0 owed: the chain ended).
    Each cube is one of the bag's with probability count/total; a black one is discarded
    and owes one more draw, a colour cube pays one; an empty bag is refilled from the
    discard pile as in :func:`_chain` (dry: the need still owed is reported)."""
    zero = (0,) * len(bag)
    if need == 0 or fatal <= 0:
        return (((zero, bag, discard, 0), ONE),)
    total = sum(bag)
    if total == 0:
        if not _has_colour(discard):
            return (((zero, bag, discard, need), ONE),)
        return _chain_until(discard, zero, need, colour, fatal)
    black = len(bag) - 1
    out: dict[ChainResult, Fraction] = {}
    for k, n in enumerate(bag):
        if n == 0:
            continue
        p = Fraction(n, total)
        bag2 = bag[:k] + (n - 1,) + bag[k + 1 :]
        if k == black:
            disc2 = discard[:-1] + (discard[-1] + 1,)
            rest = _chain_until(bag2, disc2, need + 1, colour, fatal)
            one = zero
        else:
            rest = _chain_until(bag2, discard, need - 1, colour, fatal - (k == colour))
            one = zero[:k] + (1,) + zero[k + 1 :]
        for (d, b, disc, short), q in rest:
            key = (_add(d, one), b, disc, short)
            out[key] = out.get(key, Fraction(0)) + p * q
    return tuple(out.items())


@lru_cache(maxsize=2048)
def _no_black(
    bag: Counts, discard: Counts, n: int, refill: bool = True
) -> tuple[tuple[Result, Fraction], ...]:
    """Draw ``n`` cubes, returning each black to the bag and redrawing.

    Equivalent to drawing from the non-black cubes only. When the bag holds only black
    cubes it is treated as empty and refilled from the discard pile (``refill``,
    HHH-BB-BLACK-ONLY "refill") or the draw stops short there ("stop").
    """
    zero = (0,) * len(bag)
    colour_bag = bag[:-1] + (0,)
    s = sum(colour_bag)
    if n <= s:
        return tuple(((d, _sub(bag, d), discard), p) for d, p in hypergeometric(colour_bag, n))
    if not _has_colour(discard) or (not refill and sum(bag) > s):
        return (((colour_bag, _sub(bag, colour_bag), discard), ONE),)
    merged = _add(_sub(bag, colour_bag), discard)  # blacks stay, discard goes into the bag
    out = []
    for (d2, b2, disc2), p in _no_black(merged, zero, n - s, refill):
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

    def hyper(self, pool: Counts, n: int) -> list[tuple[Counts, Fraction]]:
        b, got = list(pool), [0] * len(pool)
        for _ in range(n):
            i = self._one(b)
            b[i] -= 1
            got[i] += 1
        return [(tuple(got), ONE)]

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

    def chain(self, bag: Counts, discard: Counts, n: int) -> list[tuple[ChainResult, Fraction]]:
        b, disc, got = list(bag), list(discard), [0] * len(bag)
        need = n
        while need > 0:
            if sum(b) == 0:
                if not any(disc[:-1]):
                    break
                b, disc = disc, [0] * len(bag)
            i = self._one(b)
            b[i] -= 1
            if i == len(bag) - 1:
                disc[i] += 1
                need += 1  # this draw is replaced by two more
            else:
                got[i] += 1
                need -= 1
        return [((tuple(got), tuple(b), tuple(disc), need), ONE)]

    def chain_until(
        self, bag: Counts, discard: Counts, n: int, colour: int, fatal: int
    ) -> list[tuple[ChainResult, Fraction]]:
        """:meth:`chain` that stops once ``fatal`` cubes of ``colour`` are drawn."""
        b, disc, got = list(bag), list(discard), [0] * len(bag)
        need = n
        while need > 0 and got[colour] < fatal:
            if sum(b) == 0:
                if not any(disc[:-1]):
                    break
                b, disc = disc, [0] * len(bag)
            i = self._one(b)
            b[i] -= 1
            if i == len(bag) - 1:
                disc[i] += 1
                need += 1
            else:
                got[i] += 1
                need -= 1
        return [((tuple(got), tuple(b), tuple(disc), need if got[colour] < fatal else 0), ONE)]

    def no_black(
        self, bag: Counts, discard: Counts, n: int, refill: bool = True
    ) -> list[tuple[Result, Fraction]]:
        b, disc, got = list(bag), list(discard), [0] * len(bag)
        for _ in range(n):
            if not any(b[:-1]):
                if not any(disc[:-1]) or (not refill and b[-1]):
                    break
                b = [x + y for x, y in zip(b, disc)]
                disc = [0] * len(bag)
            colour_only = b[:-1] + [0]
            i = self._one(colour_only)
            b[i] -= 1
            got[i] += 1
        return [((tuple(got), tuple(b), tuple(disc)), ONE)]
