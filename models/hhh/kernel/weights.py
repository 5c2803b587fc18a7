"""Exact weights of the kernel's enumerated chance events, in Python integers.

The kernel logs each random event of an enumerated step as ``(kind, a, b, c, value)``
(:mod:`.chance`); the probability of a leaf is the product of its events' weights:

* ``HYP``: ``value`` of ``a`` items of one kind drawn in a batch of ``c`` from ``a + b``
  items: ``C(a, value) C(b, c - value) / C(a + b, c)`` (multivariate hypergeometric as a
  product of conditionals);
* ``CHAIN``: a "discard the black cube and draw 2 more" chain owing ``a`` cubes, from a bag
  of ``b`` black and ``c`` colour cubes, ends after exactly ``value`` black cubes: the
  ballot theorem's ``a / t`` of the ``t = a + 2 value`` cube orderings,
  ``a C(b, value) C(c, a + value) / (t C(b + c, t))``; ``value = -1`` (the bag runs dry
  first) has the rest of the mass.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from .chance import EV_CHAIN, EV_HYP, RUNOUT


@lru_cache(maxsize=65536)
def event_weight(kind: int, a: int, b: int, c: int, value: int) -> Fraction:
    if kind == EV_HYP:
        return Fraction(comb(a, value) * comb(b, c - value), comb(a + b, c))
    if kind == EV_CHAIN:
        if value != RUNOUT:
            return _chain_k(a, b, c, value)
        return 1 - sum((_chain_k(a, b, c, k) for k in range(min(b, c - a) + 1)), Fraction(0))
    raise ValueError(f"unknown chance event kind {kind}")


def _chain_k(need: int, blacks: int, colours: int, k: int) -> Fraction:
    t = need + 2 * k
    total = blacks + colours
    return Fraction(need * comb(blacks, k) * comb(colours, need + k), t * comb(total, t))


def leaf_weight(events: list[tuple[int, int, int, int, int]]) -> Fraction:
    p = Fraction(1)
    for e in events:
        p *= event_weight(*e)
    return p
