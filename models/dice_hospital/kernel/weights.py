"""Exact weights of the kernel's enumerated chance events, in Python integers.

An enumerated step logs each event as ``(kind, a, b, c, value)`` (:mod:`.chance`); a
leaf's probability is the product of its events' weights:

* ``HYP``: ``value`` items of one kind of ``a`` drawn in a batch of ``c`` from ``a + b``
  items: ``C(a, value) C(b, c - value) / C(a + b, c)``;
* ``BIN``: ``value`` of ``a`` dice show one face of the ``b`` faces left:
  ``C(a, value) (b - 1)^(a - value) / b^a``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb

from .chance import EV_BIN, EV_HYP


@lru_cache(maxsize=65536)
def event_weight(kind: int, a: int, b: int, c: int, value: int) -> Fraction:
    if kind == EV_HYP:
        return Fraction(comb(a, value) * comb(b, c - value), comb(a + b, c))
    if kind == EV_BIN:
        return Fraction(comb(a, value) * (b - 1) ** (a - value), b**a)
    raise ValueError(f"unknown chance event kind {kind}")


def leaf_weight(events: Sequence[tuple[int, ...]]) -> Fraction:
    p = Fraction(1)
    for e in events:
        p *= event_weight(*e)
    return p
