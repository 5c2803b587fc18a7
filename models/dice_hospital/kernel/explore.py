"""Breadth-first search of every reachable state inside the kernel, for the counts of
reduced configurations (``explore --engine kernel``, ``count_states``).

A state is stored as a short byte string over the slots a config can make non-zero
(:func:`packing`'s slots): a run of zeros as ``0, length``, any other value as a zigzag
varint (most of a hospital's patient kinds are empty, so a state takes a few dozen
bytes, and any ``int64`` fits). The strings sit end to end in one growing buffer; a
state id is its BFS position, and an open-addressing table of ids finds duplicates.
Each expanded state's actions are enumerated exactly (:mod:`.chance`, enumerate mode);
a transition is a distinct (state, action, successor), as the reference explorer counts
them. The fixed-width packing (:func:`packing`, :mod:`hhh_verify.kernel.packing`) stays
for the graph source (:mod:`.graph`).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from numba import njit

from hhh_verify.kernel.packing import Packing, bits, lay_out

from . import layout
from .borrow import borrow, held
from .chance import (
    ENUMERATE,
    OVERFLOW,
    POS,
    PREFIX_LEN,
    advance,
    new_chance,
)
from .legal import legal
from .rules import OVER, apply


def packing(ctx: Any) -> Packing:
    """(slots, lows, widths, words, shifts, number of 64-bit words) of one config."""
    c = ctx.config
    P, C = ctx.P, ctx.C
    dice = bits(c.dice_each * C)
    fields: list[tuple[int, int, int]] = []  # (slot, low, width)

    def add(slot: int, width: int, low: int = 0) -> None:
        fields.append((slot, low, width))

    for slot, width in (
        (layout.PHASE, 5),
        (layout.ROUND, 4),
        (layout.CURSOR, 3),
        (layout.FIRST, 2),
    ):
        add(slot, width)
    add(layout.NEXT_FIRST, 2)
    add(layout.AMB_N, 3)
    add(layout.EFF_KIND, 3, -1)
    add(layout.EFF_N, 2)
    for i in range(3):
        add(layout.EFF_P + i, 8)
    for p in range(P):
        add(layout.ORDER + p, 2)
        add(layout.TAKEN + p, 3, -1)
    for k in range(C):
        add(layout.SUPPLY + k, dice)
        add(layout.DRAWN + k, dice)
    for k in range(6 * C):
        add(layout.ROLLED + k, dice)
        add(layout.INCOMING + k, dice)
        for j in range(ctx.ambulances):
            add(layout.AMB + j * layout.DK + k, 3)
    decks = (
        (c.wards_in_deck, (layout.WDECK, layout.WMKT, layout.WGONE)),
        (c.specialists_in_deck, (layout.SDECK, layout.SMKT, layout.SGONE)),
        (c.admin_deck, (layout.ADECK, layout.AHAND, layout.ABOX)),
    )
    for counts, bases in decks:
        for k, n in enumerate(counts):
            if n:
                for base in bases:
                    add(base + k, bits(n))
    for p in range(P):
        h = layout.HOSP + p * layout.HSZ
        for k in range(48 * C):
            add(h + layout.PAT + k, dice)
        for k in range(C):
            add(h + layout.LOUNGE + k, dice)
            add(h + layout.MORT + k, dice)
        add(h + layout.MORTALITY, 8)
        add(h + layout.BLOOD, 7)
        add(h + layout.POINTS, 11, -512)
        add(h + layout.ADMIN, 3, -1)
        for counts, base, used in (
            (c.wards_in_deck, layout.WARDS, layout.UW),
            (c.specialists_in_deck, layout.SPECS, layout.US),
        ):
            for k, n in enumerate(counts):
                if n:
                    add(h + base + k, bits(n))
                board = c.board_wards[k] if base == layout.WARDS else 0
                if n + board:
                    add(h + used + k, bits(n + board))
        add(h + layout.NURSES, 4)
        add(h + layout.EVICTED, 4)
        add(h + layout.NPAT, dice)
    return lay_out(fields)


#: bytes one value can take (a 64-bit zigzag varint)
MAX_VARINT = 10


@njit(cache=True)
def encode_slots(s, slots, buf) -> int:
    """``s`` at ``slots`` as bytes into ``buf``; returns how many."""
    w = slots.shape[0]
    j = 0
    o = 0
    while j < w:
        v = s[slots[j]]
        if v == 0:
            run = 1
            while j + run < w and run < 255 and s[slots[j + run]] == 0:
                run += 1
            buf[o] = 0
            buf[o + 1] = run
            o += 2
            j += run
            continue
        z = np.uint64((v << 1) ^ (v >> 63))
        while z >= np.uint64(128):
            buf[o] = np.uint8((z & np.uint64(127)) | np.uint64(128))
            z >>= np.uint64(7)
            o += 1
        buf[o] = np.uint8(z)
        o += 1
        j += 1
    return o


@njit(cache=True)
def decode_slots(blob, a, b, slots, s) -> None:
    """The state encoded in ``blob[a:b]`` into ``s`` (every other slot zero)."""
    s[:] = 0
    j: int | np.int64 = 0
    o = a
    while o < b:
        x = blob[o]
        if x == 0:
            j += np.int64(blob[o + 1])
            o += 2
            continue
        z = np.uint64(0)
        shift = np.uint64(0)
        while True:
            x = blob[o]
            o += 1
            z |= np.uint64(x & 127) << shift
            if x < 128:
                break
            shift += np.uint64(7)
        s[slots[j]] = np.int64(z >> np.uint64(1)) ^ -np.int64(z & np.uint64(1))
        j += 1


@njit(cache=True)
def bytes_hash(buf, a, b) -> np.uint64:
    """FNV-1a over ``buf[a:b]``, finished by splitmix64's mixer."""
    h = np.uint64(0xCBF29CE484222325)
    for i in range(a, b):
        h = (h ^ np.uint64(buf[i])) * np.uint64(0x100000001B3)
    h = (h ^ (h >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    h = (h ^ (h >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return h ^ (h >> np.uint64(31))


@njit(cache=True)
def find_slot(table, blob, starts, enc, m) -> tuple[np.int64, int | np.int64]:
    """(slot in ``table``, state id or -1) of the string ``enc[0:m]``."""
    mask = np.uint64(table.shape[0] - 1)
    i = np.int64(bytes_hash(enc, 0, m) & mask)
    while True:
        e = table[i]
        if e == 0:
            return i, -1
        sid = np.int64(e) - 1
        a = starts[sid]
        if starts[sid + 1] - a == m:
            same = True
            for q in range(m):
                if blob[a + q] != enc[q]:
                    same = False
                    break
            if same:
                return i, sid
        i = (i + 1) & np.int64(mask)


@njit(cache=True)
def rehash(size, blob, starts, n):
    """A table of ``size`` slots holding states ``0..n-1``."""
    table = np.zeros(size, dtype=np.uint32)
    mask = np.uint64(size - 1)
    for sid in range(n):
        i = np.int64(bytes_hash(blob, starts[sid], starts[sid + 1]) & mask)
        while table[i] != 0:
            i = (i + 1) & np.int64(mask)
        table[i] = sid + 1
    return table


@njit(cache=True)
def distinct(ids, m) -> int:
    """How many distinct values ``ids[0:m]`` holds (sorted in place)."""
    if m == 0:
        return 0
    ids[:m].sort()
    d = 1
    for i in range(1, m):
        if ids[i] != ids[i - 1]:
            d += 1
    return d


@njit(cache=True)
def bfs(K, init, slots, max_states, stats):
    """Breadth-first from ``init``. ``stats``: states, transitions, deadlocks, complete,
    (unused), terminal states, bytes of the strings, table slots."""
    blob = np.zeros(1 << 20, dtype=np.uint8)
    starts = np.zeros(1 << 16, dtype=np.int64)
    table = np.zeros(1 << 17, dtype=np.uint32)
    enc_own = np.zeros(MAX_VARINT * slots.shape[0] + 2, dtype=np.uint8)
    s_own = np.zeros(layout.NSTATE, dtype=np.int64)
    out_own = np.zeros(layout.NSTATE, dtype=np.int64)
    acts_own = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)
    ch_own = new_chance(ENUMERATE)
    rs_own = np.zeros(1, dtype=np.uint64)
    succ = np.zeros(1024, dtype=np.int64)
    # borrowed views (:mod:`.borrow`): no atomic reference counts per successor
    enc, s, out, acts = borrow(enc_own), borrow(s_own), borrow(out_own), borrow(acts_own)
    ch, rs, K, slots = borrow(ch_own), borrow(rs_own), borrow(K), borrow(slots)
    m0 = encode_slots(init, slots, enc)
    blob[:m0] = enc[:m0]
    starts[1] = m0
    slot, _ = find_slot(table, blob, starts, enc, m0)
    table[slot] = 1
    n = 1
    head = 0
    transitions = 0
    deadlocks = 0
    complete = 1
    while head < n:
        decode_slots(blob, starts[head], starts[head + 1], slots, s)
        head += 1
        if s[layout.PHASE] == OVER:
            stats[5] += 1
            continue
        na = legal(K, s, acts)
        if na == 0:
            deadlocks += 1
            continue
        for ai in range(min(na, layout.MAX_ACTIONS)):
            ch[PREFIX_LEN] = 0
            m = 0
            while True:
                out[:] = s
                ch[POS] = 0
                apply(K, out, acts[ai], ch, rs)
                if ch[OVERFLOW]:
                    stats[4] = 1
                    break
                e = encode_slots(out, slots, enc)
                slot, sid = find_slot(table, blob, starts, enc, e)
                if sid < 0:
                    if n >= max_states:
                        complete = 0
                        head = n  # stop expanding
                        break
                    if n + 1 == starts.shape[0]:
                        starts = np.concatenate((starts, np.zeros_like(starts)))
                    a = starts[n]
                    while a + e > blob.shape[0]:
                        blob = np.concatenate((blob, np.zeros_like(blob)))
                    blob[a : a + e] = enc[:e]
                    starts[n + 1] = a + e
                    table[slot] = n + 1
                    sid = n
                    n += 1
                    if 2 * n > table.shape[0]:
                        table = rehash(2 * table.shape[0], blob, starts, n)
                if m == succ.shape[0]:
                    succ = np.concatenate((succ, np.zeros_like(succ)))
                succ[m] = sid
                m += 1
                if not advance(ch):
                    break
            if stats[4]:
                break
            transitions += distinct(succ, m)
            if not complete:
                break
        if not complete or stats[4]:
            break
    held(enc_own)
    held(s_own)
    held(out_own)
    held(acts_own)
    held(ch_own)
    held(rs_own)
    stats[0] = n
    stats[1] = transitions
    stats[2] = deadlocks
    stats[3] = complete
    stats[6] = starts[n]
    stats[7] = table.shape[0]


def explore_counts(kernel: Any, max_states: int = 50_000_000) -> dict[str, Any]:
    """Every reachable state of ``kernel``'s model, counted (no properties checked).
    ``bytes_per_state``: the strings, their offsets and the table, over the states."""
    slots = packing(kernel.ctx)[0]
    stats = np.zeros(10, dtype=np.int64)
    start, cpu = time.perf_counter(), time.process_time()
    bfs(kernel.K, kernel.init, slots, max_states, stats)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    n = int(stats[0])
    return {
        "states": n,
        "transitions": int(stats[1]),
        "deadlocks": int(stats[2]),
        "complete": bool(stats[3]),
        "overflow": bool(stats[4]),
        "outcomes": {"over:completed": int(stats[5])} if stats[5] else {},
        "seconds": seconds,
        "cpu_seconds": cpu,
        "bytes_per_state": (int(stats[6]) + 8 * (n + 1) + 4 * int(stats[7])) / max(1, n),
    }
