"""Whole games inside the kernel: the random, greedy and mixed players, and playouts.

The greedy player is ``policies.greedy_score`` over action rows, with the same float
arithmetic in the same order, so it scores every action as the reference does; ties
are broken uniformly, like ``greedy_policy`` (a test proves the sets of best actions
equal on sampled states). ``mixed`` is ``policies.mixed_policy()``: a random action with
probability 0.2, else greedy.

Randomness: step ``k`` of game seed ``g`` draws its decision from stream 0 and its
chance from stream 1 of :func:`.chance.seed_stream`, so two readings share their random
numbers step by step (the pairing ``impact`` relies on).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .borrow import borrow, held
from .chance import (
    POS,
    SAMPLE,
    new_chance,
    randbelow,
    seed_stream,
    unit,
)
from .layout import (
    AMB,
    CURSOR,
    DK,
    FIRST,
    HOSP,
    HSZ,
    K_CAP,
    K_P,
    K_TIE_SHARED,
    K_WSIZE,
    K_WSTEPS,
    MAX_ACTIONS,
    NA,
    NK,
    NPAT,
    NSTATE,
    ORDER,
    PAT,
    PHASE,
    POINTS,
    ROUND,
    V_ACTIVATE,
    V_BLOOD_HEAL,
    V_END,
    V_EVICT,
    V_KEEP_ADMIN,
    V_KEEP_TILES,
    V_REVEAL,
    V_SPEC_HEAL,
    V_TAKE_AMB,
    V_TAKE_SPEC,
    V_TAKE_WARD,
    V_TRADE_SPEC,
    V_TRADE_WARD,
)
from .legal import legal
from .options import health, treated
from .rules import (
    DICE_DRAW,
    EPIDEMIC,
    EXTRA_DRAW,
    MARKET,
    NURSE,
    OVER,
    PLACE,
    ROLL,
    SETUP_ADMIN,
    SETUP_DICE,
    apply,
)

RANDOM, GREEDY, MIXED = 0, 1, 2
MIXED_P_RANDOM = 0.2
#: Result rows: how the game ended, steps, decisions, round, winners (a seat mask),
#: then the points of each seat.
R_REASON, R_STEPS, R_DECISIONS, R_ROUND, R_WINNERS, R_POINTS = 0, 1, 2, 3, 4, 5
NR = R_POINTS + 4
#: Reasons: over (completed), cut at ``max_steps``, deadlock, more legal actions than
#: the kernel holds.
DONE, CUT, DEADLOCK, TOO_MANY = 1, 0, -2, -3
#: policies._ADMIN by kind (plain, guardian, donor, matron).
ADMIN_PREF = (1.0, 4.0, 2.0, 3.0)


@njit(cache=True)
def patient_value(code, steps) -> float:
    """policies._patient_value."""
    hv = health(code)
    value = 0.0
    if hv + steps >= 7:
        value += 30
    else:
        value += 2 * steps
    if not treated(code):
        value += 12 if hv <= 2 else 6
    return value


@njit(cache=True, inline="always")
def greedy_score(K, s, a) -> float:
    """policies.greedy_score (inlined into the loop over candidates: a call per
    candidate cost more than most scores)."""
    verb = a[0]
    if verb == V_ACTIVATE:
        steps = K[K_WSTEPS + a[2]]
        value = 0.0
        for i in range(a[3]):
            value += patient_value(a[4 + i], steps)
        return 100 + value + (3 if a[1] != NURSE else 0)
    if verb == V_SPEC_HEAL:
        return 100 + patient_value(a[1], 1)
    if verb == V_BLOOD_HEAL:
        return 95.0 if health(a[1]) == 1 and not treated(a[1]) else 5.0
    if verb == V_END:
        return 10.0
    if verb == V_TAKE_AMB:
        h = HOSP + s[ORDER + s[CURSOR]] * HSZ
        dice = 0
        pips = 0
        for k in range(DK):
            x = s[AMB + a[1] * DK + k]
            dice += x
            pips += x * (k % 6 + 1)
        over = 0
        if K[K_CAP] >= 0:
            over = max(0, s[h + NPAT] + dice - K[K_CAP])
        return float(50 + pips - 25 * over)
    if verb == V_EVICT:
        t = 0
        for i in range(a[1]):
            t += health(a[2 + i])
        return float(-t)
    if verb == V_TAKE_WARD:
        return float(40 + 3 * K[K_WSTEPS + a[1]] * K[K_WSIZE + a[1]])
    if verb == V_TAKE_SPEC:
        return 45.0
    if verb == V_TRADE_WARD or verb == V_TRADE_SPEC:
        return 20.0
    if verb == V_KEEP_TILES:
        return 10.0
    if verb == V_KEEP_ADMIN:
        return ADMIN_PREF[a[1]]
    if verb == V_REVEAL:
        return float(1 - a[1])
    return 0.0


@njit(cache=True)
def greedy_best(K, s, acts, n, best_idx) -> int:
    """Indices of the best-scored actions (in row order) into ``best_idx``; their number.
    Placements all score 0 (``greedy_score`` has no case for them): every one is best,
    without scoring each."""
    if s[PHASE] == PLACE:
        for i in range(n):
            best_idx[i] = i
        return n
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


DRAW_ROW = np.zeros(NA, dtype=np.int64)  # V_DRAW is 0


@njit(cache=True)
def is_chance(ph) -> bool:
    """state.CHANCE_PHASES."""
    return (
        ph == SETUP_DICE
        or ph == SETUP_ADMIN
        or ph == MARKET
        or ph == EXTRA_DRAW
        or ph == DICE_DRAW
        or ph == ROLL
        or ph == EPIDEMIC
    )


@njit(cache=True)
def advance_game(K, s, acts, ch, rs, policy, seed, k, best_idx) -> int:
    """Step ``k`` of game ``seed`` in place: -1 the game was over, -2 deadlocked, -3 too
    many legal actions; else 1 when the policy chose among two or more actions, 0 when
    forced."""
    ph = s[PHASE]
    if ph == OVER:
        return -1
    if is_chance(ph):  # one action, the draw: no legal list, no decision
        seed_stream(rs, seed, k, 1)
        ch[POS] = 0
        apply(K, s, DRAW_ROW, ch, rs)
        return 0
    n = legal(K, s, acts)
    if n == 0:
        return -2
    if n > MAX_ACTIONS:
        return -3
    chose = 0
    i: int | np.int64 = 0
    if n > 1:
        seed_stream(rs, seed, k, 0)
        i = choose_action(K, s, acts, n, policy, rs, best_idx)
        chose = 1
    seed_stream(rs, seed, k, 1)
    ch[POS] = 0
    apply(K, s, acts[i], ch, rs)
    return chose


@njit(cache=True)
def winners_mask(K, s) -> int:
    """end_round.winners as a seat mask (ranking_key; DH-TIE-REMAINS)."""
    P = K[K_P]
    keys = np.zeros((P, 3), dtype=np.int64)
    for p in range(P):
        h = HOSP + p * HSZ
        pips = 0
        for k in range(NK):
            pips += s[h + PAT + k] * health(k)
        keys[p, 0] = s[h + POINTS]
        keys[p, 1] = -s[h + NPAT]
        keys[p, 2] = pips
    best = 0
    for p in range(1, P):
        for j in range(3):
            if keys[p, j] != keys[best, j]:
                if keys[p, j] > keys[best, j]:
                    best = p
                break
    mask = 0
    for p in range(P):
        same = True
        for j in range(3):
            if keys[p, j] != keys[best, j]:
                same = False
        if same:
            mask |= 1 << p
    if K[K_TIE_SHARED]:
        return mask
    for i in range(P):
        p = (s[FIRST] + i) % P
        if mask & (1 << p):
            return 1 << p
    return mask


@njit(cache=True)
def record(K, s, reason, steps, decisions, out) -> None:
    out[R_REASON] = DONE if s[PHASE] == OVER else reason
    out[R_STEPS] = steps
    out[R_DECISIONS] = decisions
    out[R_ROUND] = s[ROUND]
    out[R_WINNERS] = winners_mask(K, s) if s[PHASE] == OVER else 0
    for p in range(K[K_P]):
        out[R_POINTS + p] = s[HOSP + p * HSZ + POINTS]


def work_arrays() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Scratch space of the game loops: two action buffers, the greedy player's picks."""
    acts = np.zeros((MAX_ACTIONS, NA), dtype=np.int64)
    return acts, acts.copy(), np.zeros(MAX_ACTIONS, dtype=np.int64)


@njit(cache=True)
def play_games(K, init, seeds, policy, max_steps, results, work) -> None:
    """One game per seed from ``init``; a result row each (``R_*``). Every array of
    the loop is borrowed (:mod:`.borrow`): no atomic reference counts per step."""
    acts, _, best_idx = work
    acts, best_idx = borrow(acts), borrow(best_idx)
    K, init, seeds, results = borrow(K), borrow(init), borrow(seeds), borrow(results)
    ch_own = new_chance(SAMPLE)
    rs_own = np.zeros(1, dtype=np.uint64)
    s_own = np.empty(NSTATE, dtype=np.int64)
    ch, rs, s = borrow(ch_own), borrow(rs_own), borrow(s_own)
    for g in range(seeds.shape[0]):
        s[:] = init
        steps = 0
        decisions = 0
        reason = CUT
        while steps < max_steps:
            r = advance_game(K, s, acts, ch, rs, policy, seeds[g], steps, best_idx)
            if r == -1:
                break
            if r < -1:
                reason = DEADLOCK if r == -2 else TOO_MANY
                break
            decisions += r
            steps += 1
        record(K, s, reason, steps, decisions, results[g])
    held(ch_own)
    held(rs_own)
    held(s_own)


@njit(cache=True)
def play_paired(KA, KB, init_a, init_b, seeds, policy, max_steps, results, work) -> None:
    """Each seed's game under two readings side by side (``impact``): A's result row,
    B's, then the first step at which the two states differ (-1: never)."""
    acts, _, best_idx = work
    acts, best_idx = borrow(acts), borrow(best_idx)
    KA, KB, seeds, results = borrow(KA), borrow(KB), borrow(seeds), borrow(results)
    ch_own = new_chance(SAMPLE)
    rs_own = np.zeros(1, dtype=np.uint64)
    sa_own = np.empty(NSTATE, dtype=np.int64)
    sb_own = np.empty(NSTATE, dtype=np.int64)
    ch, rs, sa, sb = borrow(ch_own), borrow(rs_own), borrow(sa_own), borrow(sb_own)
    for g in range(seeds.shape[0]):
        sa[:] = init_a
        sb[:] = init_b
        parted = -1
        done = np.zeros(2, dtype=np.int64)
        steps = np.zeros(2, dtype=np.int64)
        dec = np.zeros(2, dtype=np.int64)
        reason = np.full(2, CUT, dtype=np.int64)
        k = 0
        while not (done[0] and done[1]):
            if parted < 0:
                for j in range(NSTATE):
                    if sa[j] != sb[j]:
                        parted = k
                        break
            for side in range(2):
                if done[side]:
                    continue
                s = sa if side == 0 else sb
                K = KA if side == 0 else KB
                if steps[side] >= max_steps:
                    done[side] = 1
                    continue
                r = advance_game(K, s, acts, ch, rs, policy, seeds[g], k, best_idx)
                if r < 0:
                    done[side] = 1
                    if r < -1:
                        reason[side] = DEADLOCK if r == -2 else TOO_MANY
                else:
                    dec[side] += r
                    steps[side] += 1
            k += 1
        record(KA, sa, reason[0], steps[0], dec[0], results[g, :NR])
        record(KB, sb, reason[1], steps[1], dec[1], results[g, NR : 2 * NR])
        results[g, 2 * NR] = parted
    held(ch_own)
    held(rs_own)
    held(sa_own)
    held(sb_own)
