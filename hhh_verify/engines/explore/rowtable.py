"""Compiled helpers of the partitioned explorer over packed states (rows of ``uint64``
words): a row's hash (which also picks its owner partition), an open-addressing table
of row ids, and the deduplication of a batch of rows."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def row_hash(row: np.ndarray) -> np.uint64:
    """A 64-bit mix of the words (splitmix64's multiplier and shifts)."""
    h = np.uint64(0x9E3779B97F4A7C15)
    for i in range(row.shape[0]):
        h ^= row[i]
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(29)
    return h


@njit(cache=True)
def owners(rows: np.ndarray, nparts: int) -> np.ndarray:
    """The owner partition of every row: a second mix of its hash, modulo ``nparts``
    (the table below uses the low bits of the first, so the two stay independent)."""
    out = np.zeros(rows.shape[0], dtype=np.int64)
    for i in range(rows.shape[0]):
        h = row_hash(rows[i]) * np.uint64(0x94D049BB133111EB)
        out[i] = np.int64((h >> np.uint64(32)) % np.uint64(nparts))
    return out


@njit(cache=True)
def _find(table: np.ndarray, states: np.ndarray, row: np.ndarray) -> tuple[np.int64, int]:
    """(slot in ``table``, id or -1) of ``row``; ``table`` holds id + 1, 0 empty."""
    mask = np.uint64(table.shape[0] - 1)
    i = np.int64(row_hash(row) & mask)
    nwords = row.shape[0]
    while True:
        e = table[i]
        if e == 0:
            return i, -1
        sid = e - 1
        same = True
        for w in range(nwords):
            if states[sid, w] != row[w]:
                same = False
                break
        if same:
            return i, sid
        i = (i + 1) & np.int64(mask)


@njit(cache=True)
def rebuild(states: np.ndarray, n: int, size: int) -> np.ndarray:
    """A table of size ``size`` (a power of two) over the first ``n`` rows."""
    table = np.zeros(size, dtype=np.int64)
    for sid in range(n):
        slot, _ = _find(table, states, states[sid])
        table[slot] = sid + 1
    return table


@njit(cache=True)
def insert(
    table: np.ndarray, states: np.ndarray, n: int, rows: np.ndarray
) -> tuple[np.ndarray, int]:
    """Intern ``rows`` after the first ``n`` of ``states`` (which must have room for all
    of them; ``table`` at most half full afterwards). Returns ``(ids, new count)``; a
    new row gets the next id, in batch order."""
    ids = np.zeros(rows.shape[0], dtype=np.int64)
    for i in range(rows.shape[0]):
        slot, sid = _find(table, states, rows[i])
        if sid < 0:
            states[n] = rows[i]
            table[slot] = n + 1
            sid = n
            n += 1
        ids[i] = sid
    return ids, n


@njit(cache=True)
def unique(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(first index of each distinct row, in order; index of every row's distinct
    row)``: a batch deduplicated before it is sent."""
    m = rows.shape[0]
    size = 16
    while size < 2 * m:
        size *= 2
    table = np.zeros(size, dtype=np.int64)
    firsts = np.zeros(m, dtype=np.int64)
    where = np.zeros(m, dtype=np.int64)
    k = 0
    for i in range(m):
        mask = np.uint64(size - 1)
        j = np.int64(row_hash(rows[i]) & mask)
        while True:
            e = table[j]
            if e == 0:
                table[j] = k + 1
                firsts[k] = i
                where[i] = k
                k += 1
                break
            u = firsts[e - 1]
            same = True
            for w in range(rows.shape[1]):
                if rows[u, w] != rows[i, w]:
                    same = False
                    break
            if same:
                where[i] = e - 1
                break
            j = (j + 1) & np.int64(mask)
    return firsts[:k], where
