"""A kernel step's exact law, from the leaves of its chance tree, alike in every game:
leaves that reach the same successor array are merged (the model's ``step`` merges equal
states the same way), and the merged arrays are decoded only once."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import numpy as np


def merged(leaves: Iterable[tuple[np.ndarray, Fraction]]) -> dict[bytes, Fraction]:
    """The exact outcome distribution over kernel arrays (``bytes`` keys), in order of
    each successor's first leaf."""
    acc: dict[bytes, Fraction] = {}
    for succ, p in leaves:
        key = succ.tobytes()
        acc[key] = acc.get(key, Fraction(0)) + p
    return acc


def decoded(
    dist: dict[bytes, Fraction], decode: Callable[[np.ndarray], Any]
) -> tuple[tuple[Any, Fraction], ...]:
    """``dist`` (:func:`merged`) over the model's states."""
    return tuple((decode(np.frombuffer(k, dtype=np.int64)), p) for k, p in dist.items())
