"""Value iteration over one partition's edges, compiled: the probabilities of the
compiled explorer (:mod:`.partition`).

A column is one question: the probability of reaching a target set under the best
(``MAX``), worst (``MIN``) or uniformly random (``RANDOM``) choice of action, or
(``ANY``) whether a target is reachable at all (0 or 1). Values start at 0 except on
targets (1) and are updated state by state, deepest ids first, with the Bellman update
of :func:`hhh_verify.engines.explore.analysis._bellman` (per action the sum of
probability times successor value, in edge order; then max, min or the mean), until a
sweep changes nothing: the least fixed point, which is the reachability probability
(Baier & Katoen, *Principles of Model Checking*, 2008, sec. 10.6). On an acyclic graph
each value is then the same function of its successors' final values whatever the
order of updates, so a partitioned run gives the same floats as a single one.
"""

from __future__ import annotations

import numpy as np
from numba import njit

MAX, MIN, RANDOM, ANY = 0, 1, 2, 3
MODE_CODES = {"max": MAX, "min": MIN, "random": RANDOM, "any": ANY}


@njit(cache=True)
def _update(lo, hi, e_act, e_prob, e_ref, values, c, mode) -> float:
    if mode == ANY:
        best = 0.0
        for e in range(lo, hi):
            if values[e_ref[e], c] > best:
                best = values[e_ref[e], c]
        return best
    acc = 0.0
    total = 0.0
    count = 0
    out = 0.0
    last = e_act[lo]
    for e in range(lo, hi + 1):
        if e == hi or e_act[e] != last:
            if count == 0 or (mode == MAX and acc > out) or (mode == MIN and acc < out):
                out = acc
            total += acc
            count += 1
            if e == hi:
                break
            acc = 0.0
            last = e_act[e]
        acc += e_prob[e] * values[e_ref[e], c]
    if mode == RANDOM:
        return total / count
    return out


@njit(cache=True)
def sweep(e_start, e_act, e_prob, e_ref, values, target, modes, max_sweeps: np.int64):
    """Sweeps over this partition's states (ghost rows of ``values`` beyond its states
    stay fixed) until one changes nothing or ``max_sweeps`` ran. Returns
    ``(sweeps that changed a value, converged)``."""
    n = e_start.shape[0] - 1
    ncols = values.shape[1]
    changed_sweeps = 0
    for _ in range(max_sweeps):
        changed = False
        for s in range(n - 1, -1, -1):
            lo, hi = e_start[s], e_start[s + 1]
            if lo == hi:
                continue
            for c in range(ncols):
                if target[s, c]:
                    continue
                v = _update(lo, hi, e_act, e_prob, e_ref, values, c, modes[c])
                if v != values[s, c]:
                    values[s, c] = v
                    changed = True
        if not changed:
            return changed_sweeps, True
        changed_sweeps += 1
    return changed_sweeps, False
