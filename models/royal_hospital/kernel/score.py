"""End Game Scoring, compiled (the model's ``scoring.py``): final victory points per seat
and the winners after the tie-breakers (RH-FINAL-TIE)."""

from __future__ import annotations

import numpy as np

from . import layout
from .board import pb, seat_at
from .jit import driver

NKEY = 9  # final victory points, then the eight tie-breakers


@driver
def counters(K, s, p, out):
    b = pb(K, p)
    out[0] = s[b + layout.P_QOC]
    ins = 0
    for c in range(4):
        lv = s[b + layout.P_INS + c]
        ins += lv if K[layout.K_INS_SUM] else (1 if lv else 0)
    out[1] = ins
    out[2] = s[b + layout.P_PRESTIGE]
    out[3] = s[b + layout.P_PROD + 4]
    for k in range(4):
        out[4 + k] = s[b + (layout.P_PROD if K[layout.K_COMPARE_PROD] else layout.P_TOK) + k]


@driver
def final_scores(K, s, scores):
    P = K[layout.K_P]
    c = np.zeros((P, 8), dtype=np.int64)
    for p in range(P):
        counters(K, s, p, c[p])
    for p in range(P):
        b = pb(K, p)
        v = s[b + layout.P_VP] + s[b + layout.P_QOC] - K[layout.K_QOC_OFFSET]
        if K[layout.K_VP_FLOOR] and v < 0:
            v = 0
        for q in range(P):
            if q != p:
                for k in range(8):
                    if c[p, k] > c[q, k]:
                        v += 1
        scores[p] = v


@driver
def ranking_keys(K, s, keys):
    P = K[layout.K_P]
    scores = np.zeros(P, dtype=np.int64)
    final_scores(K, s, scores)
    for p in range(P):
        b = pb(K, p)
        patients = s[b + layout.P_NPAT] + (
            s[b + layout.P_NTERM] if K[layout.K_TIE_TERMINALS] else 0
        )
        res = 0
        for k in range(4):
            res += s[b + (layout.P_PROD if K[layout.K_TIE_PROD] else layout.P_TOK) + k]
        full = 0
        for c in range(4):
            if s[b + layout.P_INS + c] >= 5:
                full += 1
        best = 0
        for t in range(K[layout.K_M]):
            if s[b + K[layout.PO_PLAYED] + t]:
                best = max(best, K[K[layout.T_MED] + t * layout.MED_W + layout.MED_VALUE])
        keys[p, 0] = scores[p]
        keys[p, 1] = s[b + layout.P_QOC]
        keys[p, 2] = s[b + layout.P_PRESTIGE]
        keys[p, 3] = -patients
        keys[p, 4] = s[b + layout.P_HEALED_MAX]
        keys[p, 5] = s[b + layout.P_PROD + 4]
        keys[p, 6] = res
        keys[p, 7] = full
        keys[p, 8] = best


@driver
def key_cmp(keys, a, b):
    for j in range(NKEY):
        if keys[a, j] != keys[b, j]:
            return -1 if keys[a, j] < keys[b, j] else 1
    return 0


@driver
def winners_mask(K, s):
    """Bit ``p`` set for each winning seat."""
    P = K[layout.K_P]
    keys = np.zeros((P, NKEY), dtype=np.int64)
    ranking_keys(K, s, keys)
    best = 0
    for p in range(1, P):
        if key_cmp(keys, p, best) > 0:
            best = p
    mask = 0
    count = 0
    for p in range(P):
        if key_cmp(keys, p, best) == 0:
            mask |= 1 << p
            count += 1
    if count == 1 or K[layout.K_TIE_SHARED]:
        return mask
    latest = -1
    for k in range(P):
        q = seat_at(K, s, k)
        if mask >> q & 1:
            latest = q
    return 1 << latest
