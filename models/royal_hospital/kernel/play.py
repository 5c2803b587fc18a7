"""Whole games inside the kernel: the random player and the model's greedy player
(``policies.greedy``, mirrored score for score), single, paired (``impact``) and in
lockstep until two readings part (``diverge --engine kernel``)."""

from __future__ import annotations

import numpy as np

from hhh_verify.kernel.parted import FULL, LEGAL, NONE, SUCCESSORS
from hhh_verify.kernel.parted import OVER as ENDED

from ..rules.cards import CHRONIC, CRITICAL, SEVERE
from ..rules.state import OVER
from . import layout
from .board import capacity, pb
from .jit import driver, rule
from .legal import legal
from .rng import pick, randbelow, seed_stream
from .rules import apply, current_player, outcomes, prio
from .score import final_scores, winners_mask

RANDOM, GREEDY = 0, 1
#: result row: reason (1 over, 0 cut, -2 deadlock, -3 beyond the kernel), steps,
#: decisions, round, winners (bit mask), then each seat's final score
RES_W = 5 + 4
MAX_OUT = 64


@rule
def patient_score(K, F, card, tokens):
    """policies._patient_score."""
    if card < 0:
        return 40.0 + 10 * tokens
    worth = F[K[layout.K_M] + card]
    pr = prio(K, card)
    if pr == CRITICAL:
        return 100.0 + worth
    if pr == SEVERE:
        return 80.0 + 10 * tokens + worth
    if pr == CHRONIC:
        return 60.0 - 5 * tokens + worth
    return 30.0 + worth


@rule
def greedy_score(K, F, s, acts, i):
    """policies.greedy_score, for row ``i`` of ``acts`` (read in place: no row view)."""
    v = acts[i, 0]
    f1 = acts[i, 1]
    if v == layout.V_HEAL or v == layout.V_DIAGNOSE:
        return 200 + patient_score(K, F, f1, acts[i, 3])
    if v == layout.V_TREAT_TERMINAL:
        return 250.0
    if v == layout.V_ASSIGN:
        return 150 + patient_score(K, F, f1, acts[i, 3]) / 10
    if v == layout.V_ACTIVATE:
        return 120.0
    if v == layout.V_PLAY:
        return 100 + F[f1]
    if v == layout.V_KEEP:
        return F[f1]
    if v == layout.V_REJECT:
        return -patient_score(K, F, f1, acts[i, 3])
    if v == layout.V_CHOOSE_INS:
        return -float(s[pb(K, current_player(K, s)) + layout.P_INS + f1])
    if v == layout.V_HELI_DRAW:
        p = current_player(K, s)
        return 5.0 if s[pb(K, p) + layout.P_NPAT] < capacity(K, s, p) else -5.0
    if v == layout.V_HELI_DISCARD:
        return -patient_score(K, F, f1, acts[i, 3]) / 10
    if v == layout.V_SELL_RESEARCH or v == layout.V_SELL_CARD:
        return -20.0
    return 0.0


@rule
def greedy_best(K, F, s, acts, n, idx):
    """The indices of the best-scored actions, in legal order; returns how many."""
    best = -1e300
    m = 0
    for i in range(n):
        sc = greedy_score(K, F, s, acts, i)
        if sc > best:
            best = sc
            m = 0
        if sc == best:
            idx[m] = i
            m += 1
    return m


@rule
def choose(K, F, s, acts, n, policy, rs, idx):
    if policy == GREEDY:
        m = greedy_best(K, F, s, acts, n, idx)
        return idx[randbelow(rs, m)] if m > 1 else idx[0]
    return randbelow(rs, n)


@rule
def sampled(K, s, a, rs, keys, weights):
    """Apply ``a`` with its chance outcome drawn from ``rs`` (exact odds)."""
    m = outcomes(K, s, a, keys, weights)
    if m <= 0 or m > MAX_OUT:
        s[layout.S_ERR] = 1
        return
    i = pick(rs, weights, m) if m > 1 else 0
    apply(K, s, a, keys[i])


@rule
def step_game(K, F, s, acts, rs, policy, seed, k, idx, keys, weights):
    """One step of game ``seed`` (step ``k``): -1 over, -2 deadlock, -3 beyond the
    kernel, else 1 if the policy chose among several actions, 0 if not."""
    if s[layout.S_ERR]:
        return -3
    if s[layout.S_PHASE] == OVER:
        return -1
    n = legal(K, s, acts)
    if n == 0:
        return -2
    if n > layout.MAX_ACTIONS:
        return -3
    i = 0
    if n > 1:
        seed_stream(rs, seed, k, 0)
        i = choose(K, F, s, acts, n, policy, rs, idx)
    seed_stream(rs, seed, k, 1)
    sampled(K, s, acts[i], rs, keys, weights)
    return 1 if n > 1 else 0


@driver
def result(K, s, done, steps, decisions, out):
    if s[layout.S_ERR]:
        out[0] = -3
    elif s[layout.S_PHASE] == OVER:
        out[0] = 1
    else:
        out[0] = -2 if done == 2 else 0
    out[1] = steps
    out[2] = decisions
    out[3] = s[layout.S_ROUND]
    if out[0] == 1:
        out[4] = winners_mask(K, s)
        scores = np.zeros(K[layout.K_P], dtype=np.int64)
        final_scores(K, s, scores)
        for p in range(K[layout.K_P]):
            out[5 + p] = scores[p]


@driver
def play_games(K, F, init, seeds, policy, max_steps, results):
    acts = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)
    idx = np.zeros(layout.MAX_ACTIONS, dtype=np.int64)
    keys = np.zeros(MAX_OUT, dtype=np.int64)
    weights = np.zeros(MAX_OUT, dtype=np.int64)
    rs = np.zeros(1, dtype=np.uint64)
    s = np.empty_like(init)
    for g in range(seeds.shape[0]):
        s[:] = init
        steps = decisions = 0
        done = 0
        while steps < max_steps:
            r = step_game(K, F, s, acts, rs, policy, seeds[g], steps, idx, keys, weights)
            if r < 0:
                done = 2 if r == -2 else 1
                break
            decisions += r
            steps += 1
        result(K, s, done, steps, decisions, results[g])


@driver
def play_paired(KA, FA, KB, FB, init_a, init_b, seeds, policy, max_steps, results):
    """Each seed's game under two readings side by side; rows: A's result, B's result,
    then the first step at which the two states differ (-1: never)."""
    acts = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)
    idx = np.zeros(layout.MAX_ACTIONS, dtype=np.int64)
    keys = np.zeros(MAX_OUT, dtype=np.int64)
    weights = np.zeros(MAX_OUT, dtype=np.int64)
    rs = np.zeros(1, dtype=np.uint64)
    sa = np.empty_like(init_a)
    sb = np.empty_like(init_b)
    for g in range(seeds.shape[0]):
        sa[:] = init_a
        sb[:] = init_b
        parted = -1
        done_a = done_b = 0
        steps_a = steps_b = dec_a = dec_b = 0
        k = 0
        while not (done_a and done_b):
            if parted < 0 and (sa.shape[0] != sb.shape[0] or not np.array_equal(sa, sb)):
                parted = k
            if not done_a:
                if steps_a >= max_steps:
                    done_a = 1
                else:
                    r = step_game(KA, FA, sa, acts, rs, policy, seeds[g], k, idx, keys, weights)
                    if r < 0:
                        done_a = 2 if r == -2 else 1
                    else:
                        dec_a += r
                        steps_a += 1
            if not done_b:
                if steps_b >= max_steps:
                    done_b = 1
                else:
                    r = step_game(KB, FB, sb, acts, rs, policy, seeds[g], k, idx, keys, weights)
                    if r < 0:
                        done_b = 2 if r == -2 else 1
                    else:
                        dec_b += r
                        steps_b += 1
            k += 1
        result(KA, sa, done_a, steps_a, dec_a, results[g, :RES_W])
        result(KB, sb, done_b, steps_b, dec_b, results[g, RES_W : 2 * RES_W])
        results[g, 2 * RES_W] = parted


@driver
def play_until_parted(KA, FA, KB, init, seed, policy, max_steps, rows, states, other):
    """Game ``seed`` under ``KA`` and ``KB`` in lockstep, A's decisions; step ``j``'s
    action to ``rows[j]``, A's successor to ``states[j]``, B's parting successor to
    ``other``. Returns ``(k, how)``: NONE, LEGAL, SUCCESSORS, ENDED, or FULL."""
    acts_a = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)
    acts_b = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)
    idx = np.zeros(layout.MAX_ACTIONS, dtype=np.int64)
    keys = np.zeros(MAX_OUT, dtype=np.int64)
    weights = np.zeros(MAX_OUT, dtype=np.int64)
    rs = np.zeros(1, dtype=np.uint64)
    s = init.copy()
    t = np.empty_like(init)
    for k in range(max_steps):
        if k == rows.shape[0]:
            return k, FULL
        if s[layout.S_ERR]:
            return k, NONE
        if s[layout.S_PHASE] == OVER:
            return k, ENDED
        na = legal(KA, s, acts_a)
        nb = legal(KB, s, acts_b)
        if na != nb:
            return k, LEGAL
        n = min(na, layout.MAX_ACTIONS)
        for i in range(n):
            if not np.array_equal(acts_a[i], acts_b[i]):
                return k, LEGAL
        if n == 0:
            return k, NONE
        i = 0
        if n > 1:
            seed_stream(rs, seed, k, 0)
            i = choose(KA, FA, s, acts_a, n, policy, rs, idx)
        t[:] = s
        seed_stream(rs, seed, k, 1)
        sampled(KA, s, acts_a[i], rs, keys, weights)
        seed_stream(rs, seed, k, 1)
        sampled(KB, t, acts_a[i], rs, keys, weights)
        rows[k, :] = acts_a[i]
        states[k, :] = s
        if not np.array_equal(s, t):
            other[:] = t
            return k, SUCCESSORS
    return max_steps, NONE
