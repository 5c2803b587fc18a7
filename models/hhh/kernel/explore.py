"""Breadth-first search of every reachable state inside the kernel, for the counts of
large reduced configurations (``explore --engine kernel``).

States are bit-packed (:func:`packing`): only the slots a config can make non-zero, each
in a width that covers its range, checked on every pack (a value outside its range stops
the search with ``overflow``, never a wrong count). A state id is its BFS position; an
open-addressing table of ids finds duplicates. Each expanded state's actions are
enumerated exactly (:mod:`.chance`, enumerate mode); a transition is a distinct
(state, action, successor), as the reference explorer counts them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from hhh_verify.kernel.packing import Packing, bits, lay_out, pack, unpack

from . import board, layout
from .chance import (
    ENUMERATE,
    OVERFLOW,
    POS,
    PREFIX_LEN,
    advance,
    new_chance,
)
from .legal import legal
from .rules import apply

EMPTY = np.int64(0)


def packing(ctx: Any) -> Packing:
    """(slots, lows, widths, words, shifts, number of 64-bit words) of one config."""
    c = ctx.config
    C, P, W = ctx.C, ctx.P, c.waiting_rooms
    cubes = bits(c.cubes_each * C + c.black_cubes)
    fields: list[tuple[int, int, int]] = []  # (slot, low, width)

    def add(slot: int, width: int, low: int = 0) -> None:
        fields.append((slot, low, width))

    for slot, width in (
        (layout.PHASE, 5),
        (layout.CURSOR, 9),
        (layout.ROUND, 3),
        (layout.REASON, 3),
        (layout.ROOMS_PLACED, 4),
        (layout.DEATHS, 8),
        (layout.ADMIN_TOKENS, 5),
        (layout.ADMIN_TOTAL, 5),
        (layout.ADMIN_HOLDER, 3),
        (layout.ADMIN_FACE_UP, 1),
        (layout.CHAPLAIN_USED, 1),
        (layout.JANITOR_USED, 1),
        (layout.PICK_KIND, 3),
        (layout.PICK_LEFT, 5),
        (layout.HEAL_ON, 1),
        (layout.H_PLAYER, 3),
        (layout.H_PLACE, 2),
        (layout.H_COLOUR, 3),
        (layout.H_LEVEL, 3),
        (layout.H_BONUS + 1, 4),
        (layout.H_BONUS + 2, 4),
        (layout.H_REBAG, 5),
        (layout.H_LATEST, 5),
        (layout.RES_ON, 1),
        (layout.R_CARD, 3),
    ):
        add(slot, width)
    add(layout.MONEY, 12, -256)
    add(layout.H_BLOOD, 3, -1)
    for k in [*range(C), layout.BLACK]:
        for base in (layout.BAG, layout.DISCARD, layout.H_DRAWN):
            add(base + k, cubes)
    for k in range(C):
        add(layout.BLOOD + k, 3)
        add(layout.R_DRAWN + k, cubes)
        add(layout.ER + k, 2)
        add(layout.TREAT_LEVEL + k, 3)
        add(layout.TREAT_SIDE + k, 1)
        add(layout.ABILITIES + k, 1)
        for lv in range(4):
            add(layout.WARDS + 4 * k + lv, 4)
        for w in range(W):
            add(layout.WAITING + 5 * w + k, 4)
    for k in [*range(C), layout.WHITE]:
        add(layout.SUPPLY + k, 5)
    for k in [*range(C), layout.WHITE, layout.UNMARKED]:
        add(layout.CEMETERY + k, 6)
    for kind in range(8):
        add(layout.ROOMS + kind, 2)
    for p in range(P):
        add(layout.MEDICAL + p, 3)
        add(layout.NURSE_USED + p, 1)
    for t, n in enumerate(ctx.staff_pool):
        if n:
            for base in (
                layout.STAFF_HIDDEN,
                layout.STAFF_OPEN,
                layout.STAFF_PASSED,
                layout.STAFF_HIRED,
            ):
                add(base + t, bits(n))
    for t, n in enumerate(ctx.training_pool):
        if n:
            add(layout.TRAIN_OPEN + t, bits(n))
            add(layout.TRAIN_HIDDEN + t, bits(n))
            for p in range(P):
                add(layout.TRAINING + 6 * p + t, bits(n))
    for r in range(ctx.research_types):
        add(layout.RDECK + r, bits(c.research_cards))
        add(layout.RDISCARD + r, bits(c.research_cards))
    return lay_out(fields)


@njit(cache=True)
def _hash(row) -> np.uint64:
    h = np.uint64(0x9E3779B97F4A7C15)
    for i in range(row.shape[0]):
        h ^= row[i]
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(29)
    return h


@njit(cache=True)
def _find(table, states, row, nwords) -> tuple[np.int64, int]:
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
    overflow, then terminal counts by reason (indices 5..9). Returns the packed states."""
    cap = 1 << 16
    states = np.zeros((cap, nwords), dtype=np.uint64)
    table = np.zeros(1 << 17, dtype=np.int64)
    row = np.zeros(nwords, dtype=np.uint64)
    s = np.zeros(layout.NSTATE, dtype=np.int64)
    out = np.zeros(layout.NSTATE, dtype=np.int64)
    acts = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)
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
        if s[layout.PHASE] == board.OVER:
            stats[5 + s[layout.REASON]] += 1
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
    import time

    slots, lows, widths, words, shifts, nwords = packing(kernel.ctx)
    stats = np.zeros(10, dtype=np.int64)
    start, cpu = time.perf_counter(), time.process_time()
    states = bfs(
        kernel.K, kernel.init, slots, lows, widths, words, shifts, nwords, max_states, stats
    )
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    n = int(stats[0])
    table = 1 << max(17, (2 * n - 1).bit_length())
    names = ("", "bankrupt", "arrested", "completed", "stuck")
    outcomes = {
        ("won:" if r == 3 else "lost:") + names[r]: int(stats[5 + r])
        for r in range(1, 5)
        if stats[5 + r]
    }
    return {
        "states": n,
        "transitions": int(stats[1]),
        "deadlocks": int(stats[2]),
        "complete": bool(stats[3]),
        "overflow": bool(stats[4]),
        "outcomes": outcomes,
        "seconds": seconds,
        "cpu_seconds": cpu,
        "bytes_per_state": (states.nbytes + 8 * table) / max(1, n),
        "words_per_state": nwords,
    }
