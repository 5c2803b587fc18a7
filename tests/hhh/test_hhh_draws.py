"""Cube draws (Key Concepts, "Cubes"): the exact distributions equal a cube-by-cube
enumeration of the rulebook's process, and the sampler draws from the same process."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from hhh_verify.models.hhh.rules.draws import (
    SampledDraws,
    _chain,
    _no_black,
    _plain,
    hypergeometric,
)


def brute(bag, disc, need, kind):
    """Enumerate the rulebook's process one cube at a time, exactly."""
    res: Counter = Counter()
    B = len(bag) - 1

    def key(got, b, d, need):
        # a chain's result also says what it still owed when it ran dry (0: it ended)
        return (got, b, d, need) if kind == "chain" else (got, b, d)

    def rec(b, d, need, got, p):
        if need == 0:
            res[key(got, b, d, 0)] += p
            return
        pool = b if kind != "no_black" else b[:-1] + (0,)
        if sum(pool) == 0:
            refill_ok = any(d[:-1]) if kind != "plain" else sum(d) > 0
            if not refill_ok:
                res[key(got, b, d, need)] += p
                return
            if kind == "no_black":
                b, d = tuple(x + y for x, y in zip(b, d)), (0,) * len(d)
            else:
                b, d = d, (0,) * len(d)
            pool = b if kind != "no_black" else b[:-1] + (0,)
        tot = sum(pool)
        for i, c in enumerate(pool):
            if not c:
                continue
            q = p * Fraction(c, tot)
            b2 = b[:i] + (b[i] - 1,) + b[i + 1 :]
            if kind == "chain" and i == B:
                rec(b2, d[:-1] + (d[-1] + 1,), need + 1, got, q)
            else:
                rec(b2, d, need - 1, got[:i] + (got[i] + 1,) + got[i + 1 :], q)

    rec(bag, disc, need, (0,) * len(bag), Fraction(1))
    return res


EXACT = {"chain": _chain, "plain": _plain, "no_black": _no_black}


@pytest.mark.parametrize("kind", ["chain", "plain", "no_black"])
def test_exact_draws_match_cube_by_cube_enumeration(kind):
    rng = random.Random(7)
    for _ in range(120):
        C = rng.randint(1, 3)
        bag = tuple(rng.randint(0, 3) for _ in range(C)) + (rng.randint(0, 3),)
        disc = tuple(rng.randint(0, 2) for _ in range(C)) + (rng.randint(0, 2),)
        need = rng.randint(1, 4)
        exact: Counter = Counter()
        for key, p in EXACT[kind](bag, disc, need):
            exact[key] += p
        assert exact == brute(bag, disc, need, kind), (kind, bag, disc, need)


def test_hypergeometric_sums_to_one():
    dist = hypergeometric((16, 16, 16, 16, 16, 8), 6)
    assert len(dist) == 462 and sum(p for _, p in dist) == 1


def test_full_bag_chain_is_exact_and_fast_enough():
    """Arrivals in the real game (88 cubes): an exact distribution, not an approximation."""
    dist = _chain((16, 16, 16, 16, 16, 8), (0,) * 6, 6)
    assert sum(p for _, p in dist) == 1 and len(dist) > 10_000


@pytest.mark.parametrize("kind", ["chain", "plain", "no_black"])
def test_sampler_draws_the_same_distribution(kind):
    """Empirical frequencies of the cube-by-cube sampler sit close to the exact law
    (fixed seed, so the check is deterministic)."""
    bag, disc, need = (3, 2, 2), (1, 1, 0), 3
    exact = {k: p for k, p in EXACT[kind](bag, disc, need)}
    sampler = SampledDraws(random.Random(11))
    n = 20_000
    seen: Counter = Counter()
    for _ in range(n):
        ((key, _),) = getattr(sampler, kind)(bag, disc, need)
        seen[key] += 1
    assert set(seen) <= set(exact)
    for key, p in exact.items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen[key] / n - float(p)) <= 5 * sd + 1e-9, key
