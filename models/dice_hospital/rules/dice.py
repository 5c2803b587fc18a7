"""Exact chance laws of Dice Hospital, and a sampler of the same laws.

* Drawing dice (or tiles, or cards) from a bag is multivariate hypergeometric over the
  colour (kind) counts: "dobiera 3 losowe kostki".
* Re-rolling a die "dotąd, aż pokażą wartości między 2 i 5" makes each of 2..5 equally
  likely (a 1 or a 6 is rolled again), so ``k`` dice of one colour show a multiset of
  values with the multinomial law over four faces: ``k! / prod(n_v!) / 4**k``.

:class:`ExactDice` enumerates each law as ``((outcome, Fraction), ...)``;
:class:`SampledDice` draws one outcome die by die with an ``rng`` (probability 1), so
fast playouts sample exactly what ``step`` enumerates (tests compare the two).
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial

Law = tuple[tuple[tuple[int, ...], Fraction], ...]


@lru_cache(maxsize=4096)
def hypergeometric(counts: tuple[int, ...], n: int) -> Law:
    """Every way to draw ``n`` items from ``counts`` (per kind), with its probability."""
    total = sum(counts)
    if not 0 <= n <= total:
        raise ValueError(f"cannot draw {n} from {total}")
    den = comb(total, n)
    out: list[tuple[tuple[int, ...], Fraction]] = []

    def rec(i: int, left: int, acc: tuple[int, ...], ways: int) -> None:
        if i == len(counts) - 1:
            if left <= counts[i]:
                out.append((acc + (left,), Fraction(ways * comb(counts[i], left), den)))
            return
        rest = sum(counts[i + 1 :])
        for k in range(max(0, left - rest), min(counts[i], left) + 1):
            rec(i + 1, left - k, acc + (k,), ways * comb(counts[i], k))

    rec(0, n, (), 1)
    return tuple(out)


@lru_cache(maxsize=256)
def multiset_roll(k: int, faces: int) -> Law:
    """The values ``k`` fair dice of ``faces`` faces show, as counts per face."""
    den = faces**k
    out: list[tuple[tuple[int, ...], Fraction]] = []

    def rec(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == faces - 1:
            counts = acc + (left,)
            ways = factorial(k)
            for c in counts:
                ways //= factorial(c)
            out.append((counts, Fraction(ways, den)))
            return
        for c in range(left, -1, -1):
            rec(i + 1, left - c, acc + (c,))

    rec(0, k, ())
    return tuple(out)


class ExactDice:
    """The exact laws (``step`` enumerates them)."""

    def draw(self, counts: tuple[int, ...], n: int) -> Law:
        return hypergeometric(counts, n)

    def roll(self, k: int, faces: int) -> Law:
        return multiset_roll(k, faces)


class SampledDice:
    """One outcome of each law, drawn item by item with ``rng`` (for fast playouts)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def draw(self, counts: tuple[int, ...], n: int) -> Law:
        left = list(counts)
        got = [0] * len(counts)
        total = sum(left)
        for _ in range(n):
            r = self.rng.randrange(total)
            for i, c in enumerate(left):
                if r < c:
                    left[i] -= 1
                    got[i] += 1
                    break
                r -= c
            total -= 1
        return ((tuple(got), Fraction(1)),)

    def roll(self, k: int, faces: int) -> Law:
        got = [0] * faces
        for _ in range(k):
            got[self.rng.randrange(faces)] += 1
        return ((tuple(got), Fraction(1)),)
