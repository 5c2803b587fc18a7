"""The kernel as a state-graph source for the compiled explorer (``explore --engine
kernel``, :mod:`hhh_verify.engines.explore.kernel`): expand a batch of packed states
into their labelled, weighted edges.

A state is its flat array packed four ``int16`` to a ``uint64`` word (a value outside
``int16`` is reported as beyond the packing). Each row is expanded as the reference
explorer does: a finished game gets its outcome label, a state without a legal action
is a deadlock, and each legal action's chance outcomes are enumerated with their exact
odds as float64; outcomes reaching the same successor are merged, so an edge is a
distinct (state, action index, successor). There are no compiled checks: every
registered property is checked on the decoded state.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from hhh_verify.kernel.edges import add_edge, new_edges

from ..rules.state import OVER
from . import layout
from .codec import decode, row_action
from .legal import legal
from .play import MAX_OUT
from .rules import apply, outcomes

DEADLOCK, EXPANDED, OUT = -1, 0, -2
COMPLETED = 1
OUTCOMES = ("", "over:completed")


@njit(cache=True)
def pack(s, row):
    row[:] = 0
    for j in range(s.shape[0]):
        x = s[j]
        if x < -32768 or x > 32767:
            return False
        row[j >> 2] |= np.uint64(x & 0xFFFF) << np.uint64(16 * (j & 3))
    return True


@njit(cache=True)
def unpack(row, s):
    for j in range(s.shape[0]):
        x = np.int64((row[j >> 2] >> np.uint64(16 * (j & 3))) & np.uint64(0xFFFF))
        s[j] = x - 65536 if x >= 32768 else x


@njit(cache=True)
def expand_rows(K, rows, width):
    """Expand every row: ``(status, bits, src, act, prob, succ)`` as the explorer wants."""
    m, nwords = rows.shape
    status = np.zeros(m, dtype=np.int64)
    bits = np.zeros(m, dtype=np.uint64)
    src, act, prob, succ = new_edges(m, nwords)
    ne = 0
    s = np.zeros(width, dtype=np.int64)
    out = np.zeros(width, dtype=np.int64)
    acts = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)
    keys = np.zeros(MAX_OUT, dtype=np.int64)
    weights = np.zeros(MAX_OUT, dtype=np.int64)
    row = np.zeros(nwords, dtype=np.uint64)
    for i in range(m):
        unpack(rows[i], s)
        if s[layout.S_PHASE] == OVER:
            status[i] = COMPLETED
            continue
        na = legal(K, s, acts)
        if na == 0:
            status[i] = DEADLOCK
            continue
        if na > layout.MAX_ACTIONS or s[layout.S_ERR]:
            status[i] = OUT
            return status, bits, src[:ne], act[:ne], prob[:ne], succ[:ne]
        for ai in range(na):
            first = ne
            n = outcomes(K, s, acts[ai], keys, weights)
            total = 0
            for o in range(n):
                total += weights[o]
            for o in range(n):
                out[:] = s
                apply(K, out, acts[ai], keys[o])
                if out[layout.S_ERR] or not pack(out, row):
                    status[i] = OUT
                    return status, bits, src[:ne], act[:ne], prob[:ne], succ[:ne]
                p = weights[o] / total
                src, act, prob, succ, ne = add_edge(src, act, prob, succ, ne, first, i, ai, p, row)
    return status, bits, src[:ne], act[:ne], prob[:ne], succ[:ne]


class RHGraph:
    """One Royal Hospital model's kernel as the compiled explorer's graph source."""

    compiled: tuple[tuple[str, str], ...] = ()
    outcomes = OUTCOMES

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel
        self.model = kernel.model
        self.width = len(kernel.init)
        self.nwords = (self.width + 3) // 4

    def initial_row(self) -> np.ndarray:
        row = np.zeros(self.nwords, dtype=np.uint64)
        if not pack(self.kernel.init, row):
            raise ValueError("the initial state is outside the kernel explorer's packing")
        return row

    def expand(self, rows: np.ndarray) -> tuple[np.ndarray, ...]:
        return tuple(expand_rows(self.kernel.K, rows, self.width))

    def _unpacked(self, row: np.ndarray) -> np.ndarray:
        s = np.zeros(self.width, dtype=np.int64)
        unpack(row, s)
        return s

    def state(self, row: np.ndarray) -> Any:
        """The reference state of a packed row."""
        return decode(self.kernel.K, self.kernel.T, self._unpacked(row))

    def actions(self, row: np.ndarray) -> list[Any]:
        """The legal actions of a packed row, as reference actions (edge action order)."""
        return [row_action(r) for r in self.kernel.legal_rows(self._unpacked(row))]
