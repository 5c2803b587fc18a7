"""Fixed-width bit packing of a game kernel's flat state, shared by the games whose
compiled explorers and graph sources store states as rows of ``uint64`` words.

A game lists its fields (slot, lowest value, width in bits) for one config, only the
slots that config can make non-zero; :func:`lay_out` places them in 64-bit words and
:func:`pack` checks every value against its range, so a state outside the packing is
reported, never stored wrong. Numba compiles :func:`pack` and :func:`unpack` into each
caller and caches them with it (``cache=True``); a game's ``kernel/cache.py`` names this
file among its sources (:mod:`hhh_verify.kernel.cache`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

#: (slots, lows, widths, words, shifts, number of 64-bit words)
Packing = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]


def bits(n: int) -> int:
    """The width that holds every value from 0 to ``n`` (at least one bit)."""
    return max(1, int(n).bit_length())


def lay_out(fields: Sequence[tuple[int, int, int]]) -> Packing:
    """The packing of ``fields`` (slot, low, width), in order, a field never split
    across two words."""
    slots, lows, widths, words, shifts = [], [], [], [], []
    word = bit = 0
    for slot, low, width in fields:
        if bit + width > 64:
            word, bit = word + 1, 0
        slots.append(slot)
        lows.append(low)
        widths.append(width)
        words.append(word)
        shifts.append(bit)
        bit += width
    arr = [np.array(x, dtype=np.int64) for x in (slots, lows, widths, words, shifts)]
    return arr[0], arr[1], arr[2], arr[3], arr[4], word + 1


@njit(cache=True)
def pack(
    s: np.ndarray,
    slots: np.ndarray,
    lows: np.ndarray,
    widths: np.ndarray,
    words: np.ndarray,
    shifts: np.ndarray,
    out: np.ndarray,
) -> bool:
    """``s`` into ``out`` (uint64 words); False when a value is outside its range."""
    for i in range(out.shape[0]):
        out[i] = np.uint64(0)
    for i in range(slots.shape[0]):
        v = s[slots[i]] - lows[i]
        if v < 0 or v >= (np.int64(1) << widths[i]):
            return False
        out[words[i]] |= np.uint64(v) << np.uint64(shifts[i])
    return True


@njit(cache=True)
def unpack(
    row: np.ndarray,
    slots: np.ndarray,
    lows: np.ndarray,
    widths: np.ndarray,
    words: np.ndarray,
    shifts: np.ndarray,
    s: np.ndarray,
) -> None:
    """The state packed in ``row`` into ``s`` (slots outside the packing are zero)."""
    s[:] = 0
    for i in range(slots.shape[0]):
        mask = (np.uint64(1) << np.uint64(widths[i])) - np.uint64(1)
        s[slots[i]] = np.int64((row[words[i]] >> np.uint64(shifts[i])) & mask) + lows[i]
