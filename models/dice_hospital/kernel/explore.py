"""Breadth-first search of every reachable state inside the kernel, for the counts of
reduced configurations (``explore --engine kernel``, ``count_states``).

States are bit-packed (:func:`packing`): only the slots a config can make non-zero, each
in a width that covers its range, checked on every pack (a value outside its range stops
the search with ``overflow``, never a wrong count). A state id is its BFS position; an
open-addressing table of ids finds duplicates. Each expanded state's actions are
enumerated exactly (:mod:`.chance`, enumerate mode); a transition is a distinct
(state, action, successor), as the reference explorer counts them.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from numba import njit

from . import layout as L
from .chance import ENUMERATE, OVERFLOW, POS, PREFIX_LEN, advance, new_chance
from .legal import legal
from .rules import OVER, apply

EMPTY = np.int64(0)


def _bits(n: int) -> int:
    return max(1, int(n).bit_length())


def packing(ctx: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """(slots, lows, widths, words, shifts, number of 64-bit words) of one config."""
    c = ctx.config
    P, C = ctx.P, ctx.C
    dice = _bits(c.dice_each * C)
    fields: list[tuple[int, int, int]] = []  # (slot, low, width)

    def add(slot: int, width: int, low: int = 0) -> None:
        fields.append((slot, low, width))

    for slot, width in ((L.PHASE, 5), (L.ROUND, 4), (L.CURSOR, 3), (L.FIRST, 2)):
        add(slot, width)
    add(L.NEXT_FIRST, 2)
    add(L.AMB_N, 3)
    add(L.EFF_KIND, 3, -1)
    add(L.EFF_N, 2)
    for i in range(3):
        add(L.EFF_P + i, 8)
    for p in range(P):
        add(L.ORDER + p, 2)
        add(L.TAKEN + p, 3, -1)
    for k in range(C):
        add(L.SUPPLY + k, dice)
        add(L.DRAWN + k, dice)
    for k in range(6 * C):
        add(L.ROLLED + k, dice)
        add(L.INCOMING + k, dice)
        for j in range(ctx.ambulances):
            add(L.AMB + j * L.DK + k, 3)
    decks = (
        (c.wards_in_deck, (L.WDECK, L.WMKT, L.WGONE)),
        (c.specialists_in_deck, (L.SDECK, L.SMKT, L.SGONE)),
        (c.admin_deck, (L.ADECK, L.AHAND, L.ABOX)),
    )
    for counts, bases in decks:
        for k, n in enumerate(counts):
            if n:
                for base in bases:
                    add(base + k, _bits(n))
    for p in range(P):
        h = L.HOSP + p * L.HSZ
        for k in range(48 * C):
            add(h + L.PAT + k, dice)
        for k in range(C):
            add(h + L.LOUNGE + k, dice)
            add(h + L.MORT + k, dice)
        add(h + L.MORTALITY, 8)
        add(h + L.BLOOD, 7)
        add(h + L.POINTS, 11, -512)
        add(h + L.ADMIN, 3, -1)
        for counts, base, used in (
            (c.wards_in_deck, L.WARDS, L.UW),
            (c.specialists_in_deck, L.SPECS, L.US),
        ):
            for k, n in enumerate(counts):
                if n:
                    add(h + base + k, _bits(n))
                board = c.board_wards[k] if base == L.WARDS else 0
                if n + board:
                    add(h + used + k, _bits(n + board))
        add(h + L.NURSES, 4)
        add(h + L.EVICTED, 4)
        add(h + L.NPAT, dice)
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
def pack(s, slots, lows, widths, words, shifts, out) -> bool:
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
def unpack(row, slots, lows, widths, words, shifts, s) -> None:
    s[:] = 0
    for i in range(slots.shape[0]):
        mask = (np.uint64(1) << np.uint64(widths[i])) - np.uint64(1)
        s[slots[i]] = np.int64((row[words[i]] >> np.uint64(shifts[i])) & mask) + lows[i]


@njit(cache=True)
def _hash(row) -> np.uint64:
    h = np.uint64(0x9E3779B97F4A7C15)
    for i in range(row.shape[0]):
        h ^= row[i]
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(29)
    return h


@njit(cache=True)
def _find(table, states, row, nwords) -> tuple[np.int64, np.int64]:
    """(slot in ``table``, state id or -1) of ``row``."""
    mask = np.uint64(table.shape[0] - 1)
    i = np.int64(_hash(row) & mask)
    while True:
        e = table[i]
        if e == EMPTY:
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
def _rehash(table_size, states, n, nwords):
    table = np.zeros(table_size, dtype=np.int64)
    for sid in range(n):
        slot, _ = _find(table, states, states[sid], nwords)
        table[slot] = sid + 1
    return table


@njit(cache=True)
def bfs(K, init, slots, lows, widths, words, shifts, nwords, max_states, stats):
    """Breadth-first from ``init``. ``stats``: states, transitions, deadlocks, complete,
    overflow, terminal states. Returns the packed states."""
    cap = 1 << 16
    states = np.zeros((cap, nwords), dtype=np.uint64)
    table = np.zeros(1 << 17, dtype=np.int64)
    row = np.zeros(nwords, dtype=np.uint64)
    s = np.zeros(L.NSTATE, dtype=np.int64)
    out = np.zeros(L.NSTATE, dtype=np.int64)
    acts = np.zeros((L.MAX_ACTIONS, L.NA), dtype=np.int64)
    ch = new_chance(ENUMERATE)
    rs = np.zeros(1, dtype=np.uint64)
    succ = np.zeros(1024, dtype=np.int64)
    pack(init, slots, lows, widths, words, shifts, row)
    states[0] = row
    slot, _ = _find(table, states, row, nwords)
    table[slot] = 1
    n = 1
    head = 0
    transitions = 0
    deadlocks = 0
    complete = 1
    while head < n:
        unpack(states[head], slots, lows, widths, words, shifts, s)
        head += 1
        if s[L.PHASE] == OVER:
            stats[5] += 1
            continue
        na = legal(K, s, acts)
        if na == 0:
            deadlocks += 1
            continue
        for ai in range(min(na, L.MAX_ACTIONS)):
            ch[PREFIX_LEN] = 0
            m = 0
            while True:
                out[:] = s
                ch[POS] = 0
                apply(K, out, acts[ai], ch, rs)
                if ch[OVERFLOW] or not pack(out, slots, lows, widths, words, shifts, row):
                    stats[4] = 1
                    stats[0] = n
                    return states[:n]
                slot, sid = _find(table, states, row, nwords)
                if sid < 0:
                    if n >= max_states:
                        complete = 0
                        head = n  # stop expanding
                        break
                    if n == states.shape[0]:
                        bigger = np.zeros((2 * n, nwords), dtype=np.uint64)
                        bigger[:n] = states
                        states = bigger
                    states[n] = row
                    table[slot] = n + 1
                    sid = n
                    n += 1
                    if 2 * n > table.shape[0]:
                        table = _rehash(2 * table.shape[0], states, n, nwords)
                if m == succ.shape[0]:
                    grown = np.zeros(2 * m, dtype=np.int64)
                    grown[:m] = succ
                    succ = grown
                succ[m] = sid
                m += 1
                if not advance(ch):
                    break
            transitions += np.unique(succ[:m]).shape[0]
            if not complete:
                break
        if not complete:
            break
    stats[0] = n
    stats[1] = transitions
    stats[2] = deadlocks
    stats[3] = complete
    return states[:n]


def explore_counts(kernel: Any, max_states: int = 50_000_000) -> dict[str, Any]:
    """Every reachable state of ``kernel``'s model, counted (no properties checked)."""
    slots, lows, widths, words, shifts, nwords = packing(kernel.ctx)
    stats = np.zeros(10, dtype=np.int64)
    start, cpu = time.perf_counter(), time.process_time()
    states = bfs(
        kernel.K, kernel.init, slots, lows, widths, words, shifts, nwords, max_states, stats
    )
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    n = int(stats[0])
    table = 1 << max(17, (2 * n - 1).bit_length())
    return {
        "states": n,
        "transitions": int(stats[1]),
        "deadlocks": int(stats[2]),
        "complete": bool(stats[3]),
        "overflow": bool(stats[4]),
        "outcomes": {"over:completed": int(stats[5])} if stats[5] else {},
        "seconds": seconds,
        "cpu_seconds": cpu,
        "bytes_per_state": (states.nbytes + 8 * table) / max(1, n),
        "words_per_state": nwords,
    }
