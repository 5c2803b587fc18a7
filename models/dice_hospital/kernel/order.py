"""The reference's order of legal actions (``model.sort_actions``: the verb's name, then
its fields) over action rows. Whole games do not need it (any fixed order plays the
same law); the explorer does, because its edges name actions by their index in the
model's ``legal_actions``."""

from __future__ import annotations

import numpy as np
from numba import njit

from .layout import (
    DK,
    V_ACTIVATE,
    V_BLOOD_HEAL,
    V_DECLINE,
    V_DISC_SPEC,
    V_DISC_WARD,
    V_DRAW,
    V_END,
    V_EVICT,
    V_KEEP_ADMIN,
    V_KEEP_TILES,
    V_PLACE,
    V_RECOLOUR,
    V_REVEAL,
    V_SET,
    V_SPEC_HEAL,
    V_TAKE_AMB,
    V_TAKE_SPEC,
    V_TAKE_WARD,
    V_TRADE_SPEC,
    V_TRADE_WARD,
)

KL = 28
#: Each verb's rank among the action class names in alphabetical order.
RANK = np.zeros(20, dtype=np.int64)
for _rank, _verb in enumerate(
    (
        V_ACTIVATE,
        V_BLOOD_HEAL,
        V_RECOLOUR,
        V_DECLINE,
        V_DISC_SPEC,
        V_DISC_WARD,
        V_DRAW,
        V_END,
        V_EVICT,
        V_KEEP_ADMIN,
        V_KEEP_TILES,
        V_PLACE,
        V_REVEAL,
        V_SET,
        V_SPEC_HEAL,
        V_TAKE_AMB,
        V_TAKE_SPEC,
        V_TAKE_WARD,
        V_TRADE_SPEC,
        V_TRADE_WARD,
    )
):
    RANK[_verb] = _rank


@njit(cache=True)
def row_key(a, key) -> None:
    """The sort key of one row: the verb's rank, then its fields as the reference
    compares them (a placement: each ambulance's dice, then an end mark below them)."""
    key[:] = 0
    verb = a[0]
    key[0] = RANK[verb]
    if verb == V_ACTIVATE:
        key[1], key[2] = a[1], a[2]
        for i in range(a[3]):
            key[3 + i] = a[4 + i]
    elif verb == V_EVICT or verb == V_SET:
        for i in range(a[1]):
            key[1 + i] = a[2 + i]
    elif verb == V_PLACE:
        q = 1
        for j in range(a[1]):
            packed = a[2 + j]
            for k in range(DK):
                x = packed % 5
                packed //= 5
                for _ in range(x):
                    key[q] = k + 1
                    q += 1
            key[q] = 0
            q += 1
    else:
        key[1], key[2] = a[1], a[2]


@njit(cache=True)
def sort_rows(acts, n) -> None:
    """Rows ``acts[:n]`` in the reference's order, in place (a stable sort per key
    column, last column first)."""
    keys = np.zeros((n, KL), dtype=np.int64)
    for i in range(n):
        row_key(acts[i], keys[i])
    idx = np.arange(n)
    for col in range(KL - 1, -1, -1):
        col_keys = np.empty(n, dtype=np.int64)
        for i in range(n):
            col_keys[i] = keys[idx[i], col]
        idx = idx[np.argsort(col_keys, kind="mergesort")]
    rows = acts[:n].copy()
    for i in range(n):
        acts[i] = rows[idx[i]]
