"""The compiled parts of Dice Hospital's graph source (:mod:`.graph`) that are its own,
called by the generated :func:`.expand.expand_rows`: each leaf's weight in float64
(:func:`leaf_weight`, the float twin of :mod:`.weights`), a finished state's status
(its outcome's index in :data:`OUTCOMES`), the action order (the model's, as ``api.py``
sorts the kernel's rows) and the compiled checks (none: the explorer checks every
property on decoded states).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .chance import EV_BIN, EV_HYP, LOG, POS
from .order import sort_rows

#: The outcomes' labels by a finished state's status.
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
def end_status(s) -> np.int64:
    """The status of a finished state: its outcome's index in :data:`OUTCOMES`."""
    return np.int64(1)


@njit(cache=True)
def model_order(acts, n: int) -> None:
    """Put the ``n`` legal action rows in the model's order (:func:`.order.sort_rows`)."""
    sort_rows(acts, n)


@njit(cache=True)
def state_bits(K, s, na: int, params) -> np.uint64:
    """The bits of :data:`COMPILED` (none) for flat state ``s``."""
    return np.uint64(0)
