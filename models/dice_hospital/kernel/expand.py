"""The compiled explorer's expansion of a batch of bit-packed states into their labelled,
weighted edges (:func:`expand_rows`, called by :mod:`.graph`).

A state is a row of ``uint64`` words (:func:`.explore.packing`). Each row is expanded as
the reference explorer expands a state: a terminal state gets its status
(:func:`.graph_checks.end_status`), a state without a legal action is a deadlock, and
every legal action's chance tree is enumerated (:mod:`.chance`) with each leaf's weight
in float64 (:func:`.graph_checks.leaf_weight`, the float twin of :mod:`.weights`);
leaves reaching the same successor are merged, so an edge is a distinct (state, action
index, successor), the reference's transition. The game's own parts are its compiled
functions in :mod:`.graph_checks`.

Generated from ``hhh_verify/kernel/templates/expand.py.tmpl`` by ``python -m
hhh_verify.kernel.generate`` with this game's hooks (``kernel/drivers.py``); do not edit
(``tests/test_kernel_generated.py`` keeps it equal to what the generator writes).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from hhh_verify.kernel.edges import add_edge, new_edges
from hhh_verify.kernel.packing import pack, unpack

from . import layout
from .chance import ENUMERATE, OVERFLOW, POS, PREFIX_LEN, advance, new_chance
from .graph_checks import end_status, leaf_weight, model_order, state_bits
from .legal import legal
from .rules import OVER as PHASE_OVER
from .rules import apply

#: Status of an expanded row: a deadlock, or expanded with edges; a terminal row has its
#: :func:`.graph_checks.end_status` (> 0), a row whose successor outgrew the packing ``OUT``.
DEADLOCK, EXPANDED, OUT = -1, 0, -2


@njit(cache=True)
def expand_rows(K, rows, slots, lows, widths, words, shifts, params):
    """Expand every row of ``rows``. Returns ``(status, bits, src, act, prob, succ)``:
    per row its status and compiled-check bits (:func:`.graph_checks.state_bits` with
    ``params``); per edge its row index, action index, float probability and packed
    successor (rows' edges in order, actions in the model's order, successors in order
    of their first leaf)."""
    m, nwords = rows.shape
    status = np.zeros(m, dtype=np.int64)
    bits = np.zeros(m, dtype=np.uint64)
    src, act, prob, succ = new_edges(m, nwords)
    ne = 0
    s = np.zeros(layout.NSTATE, dtype=np.int64)
    out = np.zeros(layout.NSTATE, dtype=np.int64)
    acts = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)
    ch = new_chance(ENUMERATE)
    rs = np.zeros(1, dtype=np.uint64)
    row = np.zeros(nwords, dtype=np.uint64)
    for i in range(m):
        unpack(rows[i], slots, lows, widths, words, shifts, s)
        if s[layout.PHASE] == PHASE_OVER:
            status[i] = end_status(s)
            bits[i] = state_bits(K, s, 0, params)
            continue
        na = legal(K, s, acts)
        bits[i] = state_bits(K, s, na, params)
        if 0 < na <= layout.MAX_ACTIONS:
            model_order(acts, na)  # edges name actions by their index in the model's order
        if na == 0:
            status[i] = DEADLOCK
            continue
        if na > layout.MAX_ACTIONS:
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
