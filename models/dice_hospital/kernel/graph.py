"""The kernel as a state-graph source for the compiled explorer
(:mod:`hhh_verify.engines.explore.kernel`): expand a batch of bit-packed states into
their labelled, weighted edges.

A state is a row of ``uint64`` words (:func:`.explore.packing`). :func:`expand_rows`
expands each row as the reference explorer does: a terminal state is ``over:completed``,
a state without a legal action is a deadlock, and every legal action's chance tree is
enumerated (:mod:`.chance`) with each leaf's weight in float64 (:func:`leaf_weight`, the
float twin of :mod:`.weights`); leaves reaching the same successor are merged, so an
edge is a distinct (state, action index, successor), the reference's transition. No
property has a compiled check: the explorer checks them all on decoded states.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from hhh_verify.kernel.edges import add_edge, new_edges
from hhh_verify.kernel.packing import pack, unpack

from . import layout as L
from .chance import (
    ENUMERATE,
    EV_BIN,
    EV_HYP,
    LOG,
    OVERFLOW,
    POS,
    PREFIX_LEN,
    advance,
    new_chance,
)
from .codec import decode, row_action
from .explore import packing
from .legal import legal
from .order import sort_rows
from .rules import OVER, apply

#: Status of an expanded row: a deadlock, or expanded with edges; a terminal row has its
#: outcome's index in :data:`OUTCOMES`; a row whose successor outgrew the packing ``OUT``.
DEADLOCK, EXPANDED, OUT = -1, 0, -2
OUTCOMES = ("", "over:completed")
COMPILED: tuple[tuple[str, str], ...] = ()


@njit(cache=True)
def _comb(n: int, k: int) -> float:
    if k < 0 or k > n:
        return 0.0
    r = 1.0
    for i in range(min(k, n - k)):
        r = r * (n - i) / (i + 1)
    return r


@njit(cache=True)
def leaf_weight(ch) -> float:
    """The float weight of the leaf just run: the product of its logged events."""
    p = 1.0
    for i in range(ch[POS]):
        row = LOG + 5 * i
        kind, a, b, c, v = ch[row], ch[row + 1], ch[row + 2], ch[row + 3], ch[row + 4]
        if kind == EV_HYP:
            p *= _comb(a, v) * _comb(b, c - v) / _comb(a + b, c)
        elif kind == EV_BIN:
            p *= _comb(a, v) * float(b - 1) ** (a - v) / float(b) ** a
    return p


@njit(cache=True)
def expand_rows(K, rows, slots, lows, widths, words, shifts):
    """Expand every row of ``rows``. Returns ``(status, bits, src, act, prob, succ)``:
    per row its status and check bits (none compiled: all zero); per edge its row index, action index,
    float probability and packed successor (rows' edges in order, actions in legal
    order, successors in order of their first leaf)."""
    m, nwords = rows.shape
    status = np.zeros(m, dtype=np.int64)
    bits = np.zeros(m, dtype=np.uint64)
    src, act, prob, succ = new_edges(m, nwords)
    ne = 0
    s = np.zeros(L.NSTATE, dtype=np.int64)
    out = np.zeros(L.NSTATE, dtype=np.int64)
    acts = np.zeros((L.MAX_ACTIONS, L.NA), dtype=np.int64)
    ch = new_chance(ENUMERATE)
    rs = np.zeros(1, dtype=np.uint64)
    row = np.zeros(nwords, dtype=np.uint64)
    for i in range(m):
        unpack(rows[i], slots, lows, widths, words, shifts, s)
        if s[L.PHASE] == OVER:
            status[i] = 1
            continue
        na = legal(K, s, acts)
        if 0 < na <= L.MAX_ACTIONS:
            sort_rows(acts, na)  # edges name actions by their index in the model's order
        if na == 0:
            status[i] = DEADLOCK
            continue
        if na > L.MAX_ACTIONS:
            status[i] = OUT
            return status, bits, src[:ne], act[:ne], prob[:ne], succ[:ne]
        for ai in range(na):
            first = ne
            ch[PREFIX_LEN] = 0
            while True:
                out[:] = s
                ch[POS] = 0
                apply(K, out, acts[ai], ch, rs)
                if ch[OVERFLOW] or not pack(out, slots, lows, widths, words, shifts, row):
                    status[i] = OUT
                    return status, bits, src[:ne], act[:ne], prob[:ne], succ[:ne]
                p = leaf_weight(ch)
                src, act, prob, succ, ne = add_edge(src, act, prob, succ, ne, first, i, ai, p, row)
                if not advance(ch):
                    break
    return status, bits, src[:ne], act[:ne], prob[:ne], succ[:ne]


class DHGraph:
    """One Dice Hospital model's kernel as the compiled explorer's graph source."""

    compiled = COMPILED
    outcomes = OUTCOMES

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel
        self.model = kernel.model
        self.pk = packing(kernel.ctx)
        self.nwords = int(self.pk[5])

    def initial_row(self) -> np.ndarray:
        row = np.zeros(self.nwords, dtype=np.uint64)
        if not pack(self.kernel.init, *self.pk[:5], row):
            raise ValueError("the initial state is outside the kernel explorer's packing")
        return row

    def expand(self, rows: np.ndarray) -> tuple[np.ndarray, ...]:
        """:func:`expand_rows` of ``rows`` (``uint64[m, nwords]``)."""
        return tuple(expand_rows(self.kernel.K, rows, *self.pk[:5]))

    def state(self, row: np.ndarray) -> Any:
        """The reference state of a packed row."""
        s = np.zeros(L.NSTATE, dtype=np.int64)
        unpack(row, *self.pk[:5], s)
        return decode(self.kernel.ctx, s)

    def actions(self, row: np.ndarray) -> list[Any]:
        """The legal actions of a packed row (the edges' action indices), as reference
        actions."""
        s = np.zeros(L.NSTATE, dtype=np.int64)
        unpack(row, *self.pk[:5], s)
        return [row_action(r) for r in self.kernel.legal_rows(s)]
