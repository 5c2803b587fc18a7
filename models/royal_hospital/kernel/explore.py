"""Breadth-first over every reachable state inside the kernel (``explore --engine
kernel``), counts only, no property is checked.

Most of a state is zero (an empty task queue, empty list rooms), so each state is kept
as a short byte string in one growing buffer: a run of zeros as ``0, length``, any other
value as a zigzag varint. The encoding is a function of the array (equal states, equal
bytes) and holds any ``int64``, so no value is beyond the packing. States are interned
through an open-addressing hash table of ids."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from numba import njit

from hhh_verify.contract.errors import ModelError

from . import layout
from .legal import legal
from .play import MAX_OUT
from .rules import apply, outcomes

#: bytes one value can take (a 64-bit zigzag varint)
MAX_VARINT = 10


@njit(cache=True)
def encode_row(t, buf):
    """``t`` as bytes into ``buf``; returns how many."""
    w = t.shape[0]
    j = 0
    o = 0
    while j < w:
        v = t[j]
        if v == 0:
            run = 1
            while j + run < w and run < 255 and t[j + run] == 0:
                run += 1
            buf[o] = 0
            buf[o + 1] = run
            o += 2
            j += run
            continue
        z = (v << 1) ^ (v >> 63)
        while z >= 128 or z < 0:
            buf[o] = (z & 127) | 128
            z = (z >> 7) & 0x01FFFFFFFFFFFFFF
            o += 1
        buf[o] = z
        o += 1
        j += 1
    return o


@njit(cache=True)
def decode_row(buf, a, b, s):
    """The state encoded in ``buf[a:b]`` into ``s``."""
    j: int | np.int64 = 0
    o = a
    while o < b:
        x = np.int64(buf[o])
        if x == 0:
            run = np.int64(buf[o + 1])
            for i in range(run):
                s[j + i] = 0
            j += run
            o += 2
            continue
        z = np.int64(0)
        shift = 0
        while True:
            x = np.int64(buf[o])
            o += 1
            z |= (x & 127) << shift
            shift += 7
            if x < 128:
                break
        s[j] = ((z >> 1) & 0x7FFFFFFFFFFFFFFF) ^ -(z & 1)
        j += 1


@njit(cache=True)
def bytes_hash(buf, a, b):
    h = np.uint64(1469598103934665603)
    for i in range(a, b):
        h = (h ^ np.uint64(buf[i])) * np.uint64(1099511628211)
    return h ^ (h >> np.uint64(29))


@njit(cache=True)
def same_bytes(blob, a, b, enc, m):
    if b - a != m:
        return False
    for i in range(m):
        if blob[a + i] != enc[i]:
            return False
    return True


@njit(cache=True)
def find_or_add(blob, starts, n, table, enc, m):
    """(index, added): the state encoded in ``enc[:m]`` among the first ``n``, added
    as state ``n`` (its bytes at ``starts[n]``) if new."""
    mask = np.uint64(table.shape[0] - 1)
    i = bytes_hash(enc, 0, m) & mask
    while True:
        j = table[i]
        if j == 0:
            at = starts[n]
            blob[at : at + m] = enc[:m]
            starts[n + 1] = at + m
            table[i] = n + 1
            return n, True
        if same_bytes(blob, starts[j - 1], starts[j], enc, m):
            return j - 1, False
        i = (i + np.uint64(1)) & mask


@njit(cache=True)
def rehash(blob, starts, n, size):
    table = np.zeros(size, dtype=np.int64)
    mask = np.uint64(size - 1)
    for k in range(n):
        i = bytes_hash(blob, starts[k], starts[k + 1]) & mask
        while table[i] != 0:
            i = (i + np.uint64(1)) & mask
        table[i] = k + 1
    return table


@njit(cache=True)
def bfs(K, init, max_states, stats):
    """stats: states, transitions, deadlocks, complete, overflow, over.
    Returns the byte buffer and each state's start (state ``i``: ``starts[i:i + 2]``)."""
    width = init.shape[0]
    room = width * MAX_VARINT
    blob = np.zeros(1 << 16, dtype=np.uint8)
    starts = np.zeros(1025, dtype=np.int64)
    table = np.zeros(4096, dtype=np.int64)
    acts = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)
    keys = np.zeros(MAX_OUT, dtype=np.int64)
    weights = np.zeros(MAX_OUT, dtype=np.int64)
    seen = np.zeros(MAX_OUT, dtype=np.int64)
    s = np.empty(width, dtype=np.int64)
    t = np.empty(width, dtype=np.int64)
    enc = np.zeros(room, dtype=np.uint8)
    m = encode_row(init, enc)
    find_or_add(blob, starts, 0, table, enc, m)
    n = 1
    head = 0
    transitions = 0
    while head < n:
        decode_row(blob, starts[head], starts[head + 1], s)
        head += 1
        if s[layout.S_PHASE] == 5:  # OVER
            stats[5] += 1
            continue
        na = legal(K, s, acts)
        if na == 0:
            stats[2] += 1
            continue
        if na > layout.MAX_ACTIONS:
            stats[4] = 1
            break
        for a in range(na):
            mo = outcomes(K, s, acts[a], keys, weights)
            distinct = 0
            for o in range(mo):
                t[:] = s
                apply(K, t, acts[a], keys[o])
                if t[layout.S_ERR]:
                    stats[4] = 1
                    stats[0] = n
                    return blob, starts[: n + 1]
                m = encode_row(t, enc)
                if starts[n] + m > blob.shape[0]:
                    bigger = np.zeros(2 * blob.shape[0] + m, dtype=np.uint8)
                    bigger[: starts[n]] = blob[: starts[n]]
                    blob = bigger
                if n + 2 > starts.shape[0]:
                    longer = np.zeros(2 * starts.shape[0], dtype=np.int64)
                    longer[: n + 1] = starts[: n + 1]
                    starts = longer
                if 2 * (n + 1) > table.shape[0]:
                    table = rehash(blob, starts, n, 2 * table.shape[0])
                idx, added = find_or_add(blob, starts, n, table, enc, m)
                if added:
                    if n >= max_states:
                        stats[0] = n
                        stats[1] = transitions
                        return blob, starts[: n + 1]
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
    return blob, starts[: n + 1]


def explore_counts(kernel: Any, max_states: int) -> dict[str, Any]:
    """Every reachable state of ``kernel``'s model, counted."""
    stats = np.zeros(6, dtype=np.int64)
    start = time.perf_counter()
    _, starts = bfs(kernel.K, kernel.init, max_states, stats)
    seconds = time.perf_counter() - start
    if stats[4]:
        raise ModelError(
            "a state outgrew the kernel's room (a list beyond its room); explore this "
            "config with --engine reference"
        )
    n = int(stats[0])
    return {
        "states": n,
        "transitions": int(stats[1]),
        "terminal": {"over:completed": int(stats[5])} if stats[5] else {},
        "deadlocks": int(stats[2]),
        "complete": bool(stats[3]),
        "seconds": seconds,
        # the state's bytes, its start (8) and its share of the hash table (16)
        "bytes_per_state": int(starts[n]) / max(1, n) + 8.0 + 16.0,
    }
