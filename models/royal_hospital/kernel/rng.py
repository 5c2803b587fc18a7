"""Seeded random streams: splitmix64, one generator per (game seed, step, stream), so the
same step of the same game draws the same numbers under any reading (common random
numbers); integer draws are unbiased, so sampled chance has exactly the model's odds."""

from __future__ import annotations

import numpy as np

from .jit import rule

MASK64 = np.uint64(0xFFFFFFFFFFFFFFFF)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@rule
def splitmix(x):
    """splitmix64's output function (Steele, Lea, Flood 2014)."""
    z = x + GOLDEN
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@rule
def seed_stream(rs, seed, step, stream):
    rs[0] = splitmix(seed ^ splitmix(np.uint64(step) * np.uint64(2) + np.uint64(stream)))


@rule
def next_u64(rs):
    rs[0] = rs[0] + GOLDEN
    return splitmix(rs[0] - GOLDEN)


@rule
def randbelow(rs, n):
    """Uniform on 0..n-1, unbiased (rejection of the last partial block)."""
    un = np.uint64(n)
    limit = MASK64 - (MASK64 % un)
    while True:
        r = next_u64(rs)
        if r < limit:
            return np.int64(r % un)


@rule
def pick(rs, weights, n):
    """An index into ``weights[:n]`` with probability proportional to its weight."""
    total = 0
    for i in range(n):
        total += weights[i]
    r = randbelow(rs, total)
    for i in range(n):
        r -= weights[i]
        if r < 0:
            return i
    return n - 1
