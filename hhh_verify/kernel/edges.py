"""The edge buffers of a game kernel's compiled graph source (``expand_rows`` of
``models/<game>/kernel/graph.py``), shared by the games whose explorers store them alike.

An edge is (row index, action index, float probability, packed successor); the chance
outcomes of one action that reach the same successor are merged into one edge. Numba
compiles these into each caller and caches them with it (``cache=True``); a game's
``kernel/cache.py`` names this file among its sources (:mod:`hhh_verify.kernel.cache`)
so that a change here is not served stale from a cache.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def new_edges(rows: int, nwords: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Empty ``(src, act, prob, succ)`` buffers for the edges of ``rows`` states."""
    cap = max(16, 2 * rows)
    return (
        np.zeros(cap, dtype=np.int64),
        np.zeros(cap, dtype=np.int64),
        np.zeros(cap, dtype=np.float64),
        np.zeros((cap, nwords), dtype=np.uint64),
    )


@njit(cache=True)
def _grow1(a: np.ndarray, n: int) -> np.ndarray:
    bigger = np.zeros(2 * n, dtype=a.dtype)
    bigger[:n] = a[:n]
    return bigger


@njit(cache=True)
def _grow2(a: np.ndarray, n: int) -> np.ndarray:
    bigger = np.zeros((2 * n, a.shape[1]), dtype=a.dtype)
    bigger[:n] = a[:n]
    return bigger


# Inlined into the caller's loop: a call returning the four buffers cost the merge
# about 40% more than the same code written inline (measured, synthetic leaves).
@njit(cache=True, inline="always")
def add_edge(
    src: np.ndarray,
    act: np.ndarray,
    prob: np.ndarray,
    succ: np.ndarray,
    ne: int,
    first: int,
    i: int,
    ai: int,
    p: float,
    row: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """Edge ``i --ai--> row`` with probability ``p``: added to an equal successor among
    edges ``first .. ne - 1`` (the same action's), else appended (the buffers doubled
    when full). Returns the buffers and the new edge count."""
    for e in range(first, ne):
        same = True
        for w in range(row.shape[0]):
            if succ[e, w] != row[w]:
                same = False
                break
        if same:
            prob[e] += p
            return src, act, prob, succ, ne
    if ne == src.shape[0]:
        src, act, prob = _grow1(src, ne), _grow1(act, ne), _grow1(prob, ne)
        succ = _grow2(succ, ne)
    src[ne], act[ne], prob[ne] = i, ai, p
    succ[ne] = row
    return src, act, prob, succ, ne + 1
