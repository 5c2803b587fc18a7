"""The seeded random streams of the game kernels that sample with plain ``@njit``:
splitmix64, one generator per (game seed, step, stream), so the same step of the same
game draws the same numbers under any reading (common random numbers); integer draws
are unbiased, so sampled chance has exactly the model's odds.

Numba compiles these into each caller and caches them with it (``cache=True``); a
game's ``kernel/cache.py`` names this file among its sources
(:mod:`hhh_verify.kernel.cache`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

MASK64 = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(cache=True)
def splitmix(x: np.uint64) -> np.uint64:
    """splitmix64's output function (Steele, Lea, Flood 2014)."""
    z = x + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def seed_stream(rs: np.ndarray, seed: np.uint64, step: int, stream: int) -> None:
    """Start the generator of (game seed, step, stream) in ``rs[0]``."""
    rs[0] = splitmix(seed ^ splitmix(np.uint64(step) * np.uint64(2) + np.uint64(stream)))


@njit(cache=True)
def next_u64(rs: np.ndarray) -> np.uint64:
    """The stream's next 64 random bits."""
    rs[0] = rs[0] + np.uint64(0x9E3779B97F4A7C15)
    z = rs[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def randbelow(rs: np.ndarray, n: int) -> np.int64:
    """Uniform on 0..n-1, unbiased (rejection of the last partial block)."""
    un = np.uint64(n)
    limit = MASK64 - (MASK64 % un)
    while True:
        r = next_u64(rs)
        if r < limit:
            return np.int64(r % un)


@njit(cache=True)
def unit(rs: np.ndarray) -> float:
    """Uniform on [0, 1) with 53 random bits."""
    return float(next_u64(rs) >> np.uint64(11)) * (1.0 / 9007199254740992.0)
