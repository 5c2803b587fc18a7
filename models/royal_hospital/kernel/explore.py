"""Breadth-first over every reachable state inside the kernel (``explore --engine
kernel``): states stored as ``int16`` rows in one growing array, interned through an
open-addressing hash table; counts only, no property is checked."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from numba import njit

from hhh_verify.model import ModelError

from . import layout as L
from .legal import legal
from .play import MAX_OUT
from .rules import apply, outcomes

LO, HI = -32768, 32767


@njit(cache=True)
def row_hash(row):
    h = np.uint64(1469598103934665603)
    for x in row:
        h = (h ^ np.uint64(np.int64(x) & 0xFFFF)) * np.uint64(1099511628211)
    return h ^ (h >> np.uint64(29))


@njit(cache=True)
def find_or_add(store, n, table, row):
    """(index, added): ``row``'s index in ``store[:n]``, adding it at ``n`` if new."""
    mask = np.uint64(table.shape[0] - 1)
    i = row_hash(row) & mask
    while True:
        j = table[i]
        if j == 0:
            store[n] = row
            table[i] = n + 1
            return n, True
        if np.array_equal(store[j - 1], row):
            return j - 1, False
        i = (i + np.uint64(1)) & mask


@njit(cache=True)
def rehash(store, n, size):
    table = np.zeros(size, dtype=np.int64)
    mask = np.uint64(size - 1)
    for k in range(n):
        i = row_hash(store[k]) & mask
        while table[i] != 0:
            i = (i + np.uint64(1)) & mask
        table[i] = k + 1
    return table


@njit(cache=True)
def bfs(K, init, max_states, stats):
    """stats: states, transitions, deadlocks, complete, overflow, over."""
    width = init.shape[0]
    store = np.zeros((1024, width), dtype=np.int16)
    table = np.zeros(4096, dtype=np.int64)
    acts = np.zeros((L.MAX_ACTIONS, L.NA), dtype=np.int64)
    keys = np.zeros(MAX_OUT, dtype=np.int64)
    weights = np.zeros(MAX_OUT, dtype=np.int64)
    seen = np.zeros(MAX_OUT, dtype=np.int64)
    s = np.empty(width, dtype=np.int64)
    t = np.empty(width, dtype=np.int64)
    packed = np.empty(width, dtype=np.int16)
    store[0] = init.astype(np.int16)
    table = rehash(store, 1, table.shape[0])
    n = 1
    head = 0
    transitions = 0
    while head < n:
        s[:] = store[head]
        head += 1
        if s[L.S_PHASE] == 5:  # OVER
            stats[5] += 1
            continue
        na = legal(K, s, acts)
        if na == 0:
            stats[2] += 1
            continue
        if na > L.MAX_ACTIONS:
            stats[4] = 1
            break
        for a in range(na):
            m = outcomes(K, s, acts[a], keys, weights)
            distinct = 0
            for o in range(m):
                t[:] = s
                apply(K, t, acts[a], keys[o])
                if t[L.S_ERR]:
                    stats[4] = 1
                    return store[:n]
                for j in range(width):
                    if t[j] < LO or t[j] > HI:
                        stats[4] = 1
                        return store[:n]
                    packed[j] = t[j]
                if n >= store.shape[0]:
                    bigger = np.zeros((2 * store.shape[0], width), dtype=np.int16)
                    bigger[:n] = store[:n]
                    store = bigger
                if 2 * (n + 1) > table.shape[0]:
                    table = rehash(store, n, 2 * table.shape[0])
                idx, added = find_or_add(store, n, table, packed)
                if added:
                    if n >= max_states:
                        stats[0] = n
                        stats[1] = transitions
                        return store[:n]
                    n += 1
                new = True
                for q in range(distinct):
                    if seen[q] == idx:
                        new = False
                if new:
                    seen[distinct] = idx
                    distinct += 1
            transitions += distinct
    stats[0] = n
    stats[1] = transitions
    stats[3] = 1
    return store[:n]


def explore_counts(kernel: Any, max_states: int) -> dict[str, Any]:
    """Every reachable state of ``kernel``'s model, counted."""
    stats = np.zeros(6, dtype=np.int64)
    start = time.perf_counter()
    store = bfs(kernel.K, kernel.init, max_states, stats)
    seconds = time.perf_counter() - start
    if stats[4]:
        raise ModelError(
            "a state outgrew the kernel explorer's packing (a value beyond int16 or a list "
            "beyond its room); explore this config with --engine reference"
        )
    n = int(stats[0])
    return {
        "states": n,
        "transitions": int(stats[1]),
        "terminal": {"over:completed": int(stats[5])} if stats[5] else {},
        "deadlocks": int(stats[2]),
        "complete": bool(stats[3]),
        "seconds": seconds,
        "bytes_per_state": store.nbytes / max(1, n) * 1.0 + 16.0,
    }
