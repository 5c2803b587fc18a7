"""One step of the kernel run from Python (``api.py``): one leaf of an action's chance
tree (exact enumeration), or one sampled successor.

Generated from ``hhh_verify/kernel/templates/leaf.py.tmpl`` by ``python -m
hhh_verify.kernel.generate`` with this game's hooks (``kernel/drivers.py``); do not edit
(``tests/test_kernel_generated.py`` keeps it equal to what the generator writes).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .chance import POS, SAMPLE, new_chance, seed_stream
from .rules import apply


@njit(cache=True)
def run_leaf(K, s0, a, ch, out) -> None:
    """Action row ``a`` on ``s0`` into ``out``, along the leaf of the chance tree that
    ``ch`` (enumerate mode) points at, logging its events in ``ch``."""
    rs = np.zeros(1, dtype=np.uint64)
    out[:] = s0
    ch[POS] = 0
    apply(K, out, a, ch, rs)


@njit(cache=True)
def sample_leaf(K, s0, a, seed, k, out) -> None:
    """Action row ``a`` on ``s0`` into ``out``, its chance drawn from stream 1 of step
    ``k`` of game ``seed`` (as a game played inside the kernel draws it)."""
    ch = new_chance(SAMPLE)
    rs = np.zeros(1, dtype=np.uint64)
    seed_stream(rs, seed, k, 1)
    out[:] = s0
    apply(K, out, a, ch, rs)
