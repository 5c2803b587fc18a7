"""Whole games inside the kernel: policies (random, greedy, mixed) and playouts.

The greedy policy is ``models/hhh/policies.greedy_score`` over action rows, with the
same float arithmetic in the same order, so it scores every action exactly as the
reference does; ties are broken uniformly like ``greedy_policy`` (tests prove the sets
of best actions equal on sampled states).

Randomness: step ``k`` of game seed ``g`` draws its decision from stream 0 and its
chance from stream 1 of :func:`.chance.seed_stream`, so two readings of a rule share
their random numbers step by step (the pairing ``impact`` relies on).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import board
from .chance import SAMPLE, new_chance, randbelow, seed_stream, unit
from .layout import (
    A_ADMIN_REDRAW,
    A_BONUS,
    A_CHAPLAIN_FLIP,
    A_END_ACTIONS,
    A_HEAL,
    A_HIRE_STAFF,
    A_INSTALL_ROOM,
    A_JANITOR_IGNORE,
    A_NURSE_TRAINING,
    A_PASS,
    A_RESEARCH,
    A_RESTOCK_BLOOD_BANK,
    A_RETURN_BLACKS,
    A_SETTLE,
    A_TRANSFER,
    BAG,
    BLACK,
    DEATHS,
    K_C,
    K_P,
    K_STAFF_COST,
    MAX_ACTIONS,
    MEDICAL,
    MONEY,
    NA,
    NSTATE,
    PHASE,
    REASON,
    ROUND,
)
from .legal import legal
from .rules import apply

RANDOM, GREEDY, MIXED = 0, 1, 2
RESERVE = 10
MIXED_P_RANDOM = 0.2


@njit(cache=True)
def heal_value(K, s, a) -> float:
    """policies._heal_value."""
    where, colour, level, blood = a[2], a[3], a[4], a[5]
    if where == board.WARD:
        n, pay, urgency = 6, 1, 0
        if level == 4:
            urgency = 30
        elif level == 3:
            urgency = 10
    elif where == board.TREATMENT:
        n, pay, urgency = 8, 3, 40
    else:
        n, pay, urgency = 6, 1, 30
    C = K[K_C]
    total = 0
    for i in range(6):
        total += s[BAG + i]
    expected = 0.0
    if total and 0 <= colour < C:
        expected = float(n * (s[BAG + colour] - s[BAG + BLACK])) / float(total)
    gain = float(pay) * min(max(expected, 0.0), float(level))
    penalty = 0.5 if blood != -1 else 0.0
    return float(urgency) + 5.0 * gain + float(level) - penalty


@njit(cache=True)
def greedy_score(K, s, a) -> float:
    """policies.greedy_score."""
    verb = a[0]
    money = s[MONEY]
    if verb == A_HEAL:
        return 100.0 + heal_value(K, s, a)
    if verb == A_TRANSFER:
        level = a[5]
        tokens = 0
        for p in range(K[K_P]):
            tokens += s[MEDICAL + p]
        if a[6] == board.TREATMENT:
            return 70.0 + level if tokens >= 2 else -5.0
        if a[2] == board.WAITING_PLACE and a[6] == board.WARD:
            if level == 4:
                return 140.0
            if level == 3:
                return 120.0
            return 30.0 + level
        if a[2] == board.WAITING_PLACE:
            return 60.0 + level
        return 20.0
    if verb == A_JANITOR_IGNORE or verb == A_ADMIN_REDRAW:
        return 200.0
    if verb == A_BONUS:
        return 150.0 + a[1]
    if verb == A_SETTLE:
        t = 0
        for i in range(1, 7):
            t += a[i]
        return 50.0 - t
    if verb == A_CHAPLAIN_FLIP:
        return 80.0
    if verb == A_NURSE_TRAINING:
        return 85.0
    if verb == A_HIRE_STAFF:
        return 70.0 if money >= K[K_STAFF_COST] + RESERVE else -10.0
    if verb == A_RESEARCH:
        return 65.0 if money >= RESERVE else -10.0
    if verb == A_RESTOCK_BLOOD_BANK:
        return 40.0 if money >= RESERVE + 5 else -10.0
    if verb == A_INSTALL_ROOM:
        kind = a[1]
        if kind == 5:
            return 20.0
        if kind == 6:
            return 5.0
        return 10.0 - kind
    if verb == A_RETURN_BLACKS:
        return 10.0
    if verb == A_PASS:
        return 5.0
    if verb == A_END_ACTIONS:
        return 0.0
    return 1.0


@njit(cache=True)
def greedy_best(K, s, acts, n, best_idx) -> int:
    """Indices of the best-scored actions (in order) into ``best_idx``; their number."""
    best = -1e300
    m = 0
    for i in range(n):
        sc = greedy_score(K, s, acts[i])
        if sc > best:
            best = sc
            m = 0
        if sc == best:
            best_idx[m] = i
            m += 1
    return m


@njit(cache=True)
def choose_action(K, s, acts, n, policy, rs, best_idx) -> np.int64:
    if policy == RANDOM:
        return randbelow(rs, n)
    if policy == MIXED and unit(rs) < MIXED_P_RANDOM:
        return randbelow(rs, n)
    m = greedy_best(K, s, acts, n, best_idx)
    if m == 1:
        return best_idx[0]
    return best_idx[randbelow(rs, m)]


@njit(cache=True)
def advance_game(K, s, acts, ch, rs, policy, seed, k, best_idx) -> int:
    """Step ``k`` of game ``seed`` in place: -1 the game was over (or deadlocked: -2),
    else 1 when the policy chose among two or more actions, 0 when forced."""
    if s[PHASE] == board.OVER:
        return -1
    n = legal(K, s, acts)
    if n == 0:
        return -2
    chose = 0
    i: int | np.int64 = 0
    if n > 1:
        if n > MAX_ACTIONS:
            n = MAX_ACTIONS
        seed_stream(rs, seed, k, 0)
        i = choose_action(K, s, acts, n, policy, rs, best_idx)
        chose = 1
    seed_stream(rs, seed, k, 1)
    ch[1] = 0
    apply(K, s, acts[i], ch, rs)
    return chose


def work_arrays() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Scratch space of :func:`.parted.play_until_parted`: both readings' legal actions,
    the greedy player's best indices."""
    acts = np.zeros((MAX_ACTIONS, NA), dtype=np.int64)
    return acts, acts.copy(), np.zeros(MAX_ACTIONS, dtype=np.int64)


@njit(cache=True)
def play_games(K, init, seeds, policy, max_steps, results) -> None:
    """Play one game per seed from ``init``; ``results`` rows: reason (0 = cut at
    ``max_steps``, -2 = deadlock), money, deaths, round, steps, decisions."""
    acts = np.zeros((MAX_ACTIONS, NA), dtype=np.int64)
    best_idx = np.zeros(MAX_ACTIONS, dtype=np.int64)
    ch = new_chance(SAMPLE)
    rs = np.zeros(1, dtype=np.uint64)
    s = np.empty(NSTATE, dtype=np.int64)
    for g in range(seeds.shape[0]):
        for j in range(NSTATE):
            s[j] = init[j]
        steps = 0
        decisions = 0
        reason = 0
        while steps < max_steps:
            r = advance_game(K, s, acts, ch, rs, policy, seeds[g], steps, best_idx)
            if r == -1:
                reason = s[REASON]
                break
            if r == -2:
                reason = -2
                break
            decisions += r
            steps += 1
        if reason == 0 and s[PHASE] == board.OVER:
            reason = s[REASON]
        results[g, 0] = reason
        results[g, 1] = s[MONEY]
        results[g, 2] = s[DEATHS]
        results[g, 3] = s[ROUND]
        results[g, 4] = steps
        results[g, 5] = decisions


@njit(cache=True)
def play_paired(KA, KB, init_a, init_b, seeds, policy, max_steps, results) -> None:
    """Each seed's game under two readings side by side (``impact``); ``results`` rows:
    A's six result fields (as :func:`play_games`), B's six, then the first step at which
    the two states differ (-1: never; a game that ended differently parts at its end)."""
    acts = np.zeros((MAX_ACTIONS, NA), dtype=np.int64)
    best_idx = np.zeros(MAX_ACTIONS, dtype=np.int64)
    ch = new_chance(SAMPLE)
    rs = np.zeros(1, dtype=np.uint64)
    sa = np.empty(NSTATE, dtype=np.int64)
    sb = np.empty(NSTATE, dtype=np.int64)
    for g in range(seeds.shape[0]):
        sa[:] = init_a
        sb[:] = init_b
        parted = -1
        done_a = 0
        done_b = 0
        steps_a = steps_b = dec_a = dec_b = 0
        k = 0
        while not (done_a and done_b):
            if parted < 0:
                for j in range(NSTATE):
                    if sa[j] != sb[j]:
                        parted = k
                        break
            if not done_a:
                if steps_a >= max_steps:
                    done_a = 1
                else:
                    r = advance_game(KA, sa, acts, ch, rs, policy, seeds[g], k, best_idx)
                    if r < 0:
                        done_a = 1 if r == -1 else 2
                    else:
                        dec_a += r
                        steps_a += 1
            if not done_b:
                if steps_b >= max_steps:
                    done_b = 1
                else:
                    r = advance_game(KB, sb, acts, ch, rs, policy, seeds[g], k, best_idx)
                    if r < 0:
                        done_b = 1 if r == -1 else 2
                    else:
                        dec_b += r
                        steps_b += 1
            k += 1
        for side in range(2):
            s = sa if side == 0 else sb
            done = done_a if side == 0 else done_b
            o = 6 * side
            results[g, o] = s[REASON] if s[PHASE] == board.OVER else (-2 if done == 2 else 0)
            results[g, o + 1] = s[MONEY]
            results[g, o + 2] = s[DEATHS]
            results[g, o + 3] = s[ROUND]
            results[g, o + 4] = steps_a if side == 0 else steps_b
            results[g, o + 5] = dec_a if side == 0 else dec_b
        results[g, 12] = parted
