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

from hhh_verify.contract.vocab import OptimisationMode

MAX, MIN, RANDOM, ANY = 0, 1, 2, 3
MODE_CODES = {
    OptimisationMode.MAX: MAX,
    OptimisationMode.MIN: MIN,
    OptimisationMode.RANDOM: RANDOM,
    OptimisationMode.ANY: ANY,
}


@njit(cache=True)
def _update(
    lo: int,
    hi: int,
    e_act: np.ndarray,
    e_prob: np.ndarray,
    e_ref: np.ndarray,
    values: np.ndarray,
    c: int,
    mode: int,
) -> float:
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
def local_order(e_start: np.ndarray, e_ref: np.ndarray) -> tuple[np.ndarray, bool]:
    """The partition's states so that every edge between two of them goes forward
    (Kahn), then any left on a cycle in id order; and whether none was."""
    n = e_start.shape[0] - 1
    indeg = np.zeros(n, dtype=np.int64)
    for e in range(e_start[n]):
        if e_ref[e] < n:
            indeg[e_ref[e]] += 1
    order = np.zeros(n, dtype=np.int64)
    k = 0
    for s in range(n):
        if indeg[s] == 0:
            order[k] = s
            k += 1
    i = 0
    while i < k:
        s = order[i]
        i += 1
        for e in range(e_start[s], e_start[s + 1]):
            t = e_ref[e]
            if t < n:
                indeg[t] -= 1
                if indeg[t] == 0:
                    order[k] = t
                    k += 1
    acyclic = k == n
    for s in range(n):
        if indeg[s] > 0:
            order[k] = s
            k += 1
    return order, acyclic


@njit(cache=True)
def predecessors(
    e_start: np.ndarray, e_ref: np.ndarray, nrows: int
) -> tuple[np.ndarray, np.ndarray]:
    """Reverse edges as CSR over all ``nrows`` value rows (states, then ghosts):
    ``(start, source state)``."""
    n = e_start.shape[0] - 1
    start = np.zeros(nrows + 1, dtype=np.int64)
    for e in range(e_start[n]):
        start[e_ref[e] + 1] += 1
    for i in range(nrows):
        start[i + 1] += start[i]
    pos = start[:-1].copy()
    src = np.zeros(e_start[n], dtype=np.int64)
    for s in range(n):
        for e in range(e_start[s], e_start[s + 1]):
            src[pos[e_ref[e]]] = s
            pos[e_ref[e]] += 1
    return start, src


@njit(cache=True)
def mark_changed(
    values: np.ndarray,
    rows: np.ndarray,
    new: np.ndarray,
    r_start: np.ndarray,
    r_src: np.ndarray,
    dirty: np.ndarray,
) -> None:
    """Copy ghost values ``new`` into ``rows`` of ``values``; the predecessors of every
    row that changed must be computed again."""
    for g in range(new.shape[0]):
        at = rows[g]
        same = True
        for c in range(new.shape[1]):
            if values[at, c] != new[g, c]:
                same = False
                values[at, c] = new[g, c]
        if not same:
            for k in range(r_start[at], r_start[at + 1]):
                dirty[r_src[k]] = 1


@njit(cache=True)
def sweep(
    e_start: np.ndarray,
    e_act: np.ndarray,
    e_prob: np.ndarray,
    e_ref: np.ndarray,
    values: np.ndarray,
    target: np.ndarray,
    modes: np.ndarray,
    order: np.ndarray,
    dirty: np.ndarray,
    served: np.ndarray,
    r_start: np.ndarray,
    r_src: np.ndarray,
    max_sweeps: int,
) -> tuple[int, bool]:
    """Sweeps over this partition's states, successors first (``order`` reversed; ghost
    rows of ``values`` beyond its states stay fixed), computing only the ``dirty``
    states (a successor changed) and marking the predecessors of every state that
    changes, until none is dirty or ``max_sweeps`` ran; ``served`` flags the states that
    changed (their ghosts elsewhere are stale). Returns ``(states whose value changed,
    converged)``."""
    n = e_start.shape[0] - 1
    ncols = values.shape[1]
    changes = 0
    for _ in range(max_sweeps):
        changed = False
        for k in range(n - 1, -1, -1):
            s = order[k]
            if not dirty[s]:
                continue
            dirty[s] = 0
            lo, hi = e_start[s], e_start[s + 1]
            if lo == hi:
                continue
            moved = False
            for c in range(ncols):
                if target[s, c]:
                    continue
                v = _update(lo, hi, e_act, e_prob, e_ref, values, c, modes[c])
                if v != values[s, c]:
                    values[s, c] = v
                    moved = True
            if moved:
                changed = True
                changes += 1
                served[s] = 1
                for j in range(r_start[s], r_start[s + 1]):
                    dirty[r_src[j]] = 1
        if not changed:
            return changes, True
    done = True
    for s in range(n):
        if dirty[s]:
            done = False
            break
    return changes, done
