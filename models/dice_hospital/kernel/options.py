"""The choices a position offers, as action rows: the reference's ``setup.health_options``,
``admission.arrangements`` / ``eviction_options``, ``activation.ward_targets`` /
``effect_targets``. Each writes rows into ``acts`` from row ``n`` on (rows past its end
are counted, not written) and returns the new count, stopping once ``stop`` are found
(the rules ask for two to see whether a choice is forced)."""

from __future__ import annotations

import numpy as np
from numba import njit

from .borrow import stack_zeros, stack_zeros2
from .layout import (
    DK,
    DRAWN,
    EFF_KIND,
    EFF_N,
    EFF_P,
    HOSP,
    HSZ,
    K_AMB_DICE,
    K_AMBS,
    K_C,
    K_CRISIS_CHOOSE,
    K_DEALT,
    K_EVICT,
    K_GROUP_SIX_OUT,
    K_SCOL,
    K_STARGET,
    K_START,
    K_START_N,
    K_WCOL,
    K_WMATCH,
    K_WSIZE,
    MAXAMB,
    MC,
    NK,
    PAT,
    ROLLED,
    SUPPLY,
    V_EVICT,
    V_PLACE,
    V_SET,
)
from .multiset import (
    first_comp,
    first_table,
    next_comp,
    next_table,
)

BIG = 1 << 20


@njit(cache=True)
def shown(code: int) -> int:
    """The colour a patient shows (a blood bag's tint, or its own)."""
    tint = code % 4 - 1
    if tint >= 0:
        return tint
    return code // 48


@njit(cache=True)
def health(code: int) -> int:
    return (code // 8) % 6 + 1


@njit(cache=True)
def treated(code: int) -> int:
    return (code // 4) % 2


@njit(cache=True)
def kinds_of(s, h, ks, cs) -> int:
    """The patient kinds present in the hospital at ``h`` (rising) and their counts."""
    m = 0
    for k in range(NK):
        c = s[h + PAT + k]
        if c:
            ks[m] = k
            cs[m] = c
            m += 1
    return m


@njit(cache=True)
def health_options(K, s, acts, n, stop) -> int:
    """setup.health_options: the starting values over the drawn colours (with a
    chosen-colour crisis start, any colours the supply holds)."""
    C = K[K_C]
    vals = np.zeros(6, dtype=np.int64)
    vc = np.zeros(6, dtype=np.int64)
    u = 0
    for i in range(K[K_START_N]):
        v = K[K_START + i]
        if u > 0 and vals[u - 1] == v:
            vc[u - 1] += 1
        else:
            vals[u] = v
            vc[u] = 1
            u += 1
    choose = K[K_CRISIS_CHOOSE]
    if choose:
        X = np.zeros((u, C), dtype=np.int64)
        rem = np.full(C, BIG, dtype=np.int64)
        ok = first_table(X, vc, u, rem, C)
    else:
        X = np.zeros((C, u), dtype=np.int64)
        need = np.zeros(C, dtype=np.int64)
        for c in range(C):
            need[c] = s[DRAWN + c]
        rem = vc[:u].copy()
        ok = first_table(X, need, C, rem, u)
    while ok:
        good = True
        if choose:
            for c in range(C):
                t = 0
                for j in range(u):
                    t += X[j, c]
                if t > s[SUPPLY + c]:
                    good = False
        if good:
            if n < acts.shape[0]:
                acts[n, :] = 0
                acts[n, 0] = V_SET
                acts[n, 1] = K[K_START_N]
                w = 2
                for c in range(C):
                    for j in range(u):
                        x = X[j, c] if choose else X[c, j]
                        for _ in range(x):
                            acts[n, w] = c * 6 + vals[j] - 1
                            w += 1
            n += 1
            if n >= stop:
                return n
        if choose:
            ok = next_table(X, vc, u, rem, C)
        else:
            ok = next_table(X, need, C, rem, u)
    return n


POW5 = np.array([5**k for k in range(DK)], dtype=np.int64)


@njit(cache=True)
def arrangements(K, s, acts, n, stop) -> int:
    """admission.arrangements: the values per ambulance are fixed (lowest first, or dealt
    one at a time: DH-AMBULANCE-FILL); tied dice of several colours are split every
    distinct way (a table per value), and the ways of all values combine. An
    ambulance is one row field: its dice counted per kind in base 5."""
    C = K[K_C]
    na = K[K_AMBS]
    d = K[K_AMB_DICE]
    cntv = stack_zeros(7)
    for c in range(C):
        for v in range(1, 7):
            cntv[v] += s[ROLLED + c * 6 + v - 1]
    need = stack_zeros2(7, MAXAMB)
    idx = 0
    for v in range(1, 7):
        for _ in range(cntv[v]):
            j = idx % na if K[K_DEALT] else idx // d
            need[v, j] += 1
            idx += 1
    vlist = stack_zeros(6)
    nv = 0
    for v in range(1, 7):
        if cntv[v]:
            vlist[nv] = v
            nv += 1
    counts = stack_zeros(6)
    X = stack_zeros2(MAXAMB, MC)
    rem = stack_zeros(MC)
    for u in range(nv):
        v = vlist[u]
        for c in range(C):
            rem[c] = s[ROLLED + c * 6 + v - 1]
        ok = first_table(X, need[v], na, rem, C)
        while ok:
            counts[u] += 1
            ok = next_table(X, need[v], na, rem, C)
    offs = stack_zeros(7)
    for u in range(nv):
        offs[u + 1] = offs[u] + counts[u]
    T = np.zeros((offs[nv], na), dtype=np.int64)
    for u in range(nv):
        v = vlist[u]
        for c in range(C):
            rem[c] = s[ROLLED + c * 6 + v - 1]
        t = offs[u]
        ok = first_table(X, need[v], na, rem, C)
        while ok:
            for j in range(na):
                p = 0
                for c in range(C):
                    p += X[j, c] * POW5[c * 6 + v - 1]
                T[t, j] = p
            t += 1
            ok = next_table(X, need[v], na, rem, C)
    pick = stack_zeros(6)
    while True:
        if n < acts.shape[0]:
            acts[n, :] = 0
            acts[n, 0] = V_PLACE
            acts[n, 1] = na
            for j in range(na):
                p = 0
                for u in range(nv):
                    p += T[offs[u] + pick[u], j]
                acts[n, 2 + j] = p
        n += 1
        if n >= stop:
            return n
        u = nv - 1
        while u >= 0:
            pick[u] += 1
            if pick[u] < counts[u]:
                break
            pick[u] = 0
            u -= 1
        if u < 0:
            return n


@njit(cache=True)
def evictions(K, s, h, over, acts, n, stop) -> int:
    """admission.eviction_options (DH-EVICT-WHO): any ``over`` current patients, the
    sickest ``over`` (ties: any of the tied), or every current patient (row field -1)."""
    mode = K[K_EVICT]
    if mode == 2:
        if n < acts.shape[0]:
            acts[n, :] = 0
            acts[n, 0] = V_EVICT
            acts[n, 1] = -1
        return n + 1
    ks = stack_zeros(NK)
    cs = stack_zeros(NK)
    m = kinds_of(s, h, ks, cs)
    base = stack_zeros(NK)
    caps = stack_zeros(NK)
    for i in range(m):
        caps[i] = cs[i]
    r = over
    if mode == 1:
        cum = 0
        cut = 7
        for hv in range(1, 7):
            for i in range(m):
                if health(ks[i]) == hv:
                    cum += cs[i]
            if cum >= over:
                cut = hv
                break
        for i in range(m):
            hv = health(ks[i])
            if hv < cut:
                base[i] = cs[i]
                r -= cs[i]
                caps[i] = 0
            elif hv > cut:
                caps[i] = 0
    x = stack_zeros(NK)
    ok = first_comp(x, caps, m, r)
    while ok:
        if n < acts.shape[0]:
            acts[n, :] = 0
            acts[n, 0] = V_EVICT
            acts[n, 1] = over
            w = 2
            for i in range(m):
                for _ in range(base[i] + x[i]):
                    acts[n, w] = ks[i]
                    w += 1
        n += 1
        if n >= stop:
            return n
        ok = next_comp(x, caps, m)
    return n


@njit(cache=True)
def ward_groups(K, w, ks, cs, m, meeples, nm, verb, acts, n) -> int:
    """activation.ward_targets for a ward of kind ``w``, one row per free meeple: one
    patient of its colour, or exactly its group (one shown colour / one health)."""
    size = K[K_WSIZE + w]
    col = K[K_WCOL + w]
    match = K[K_WMATCH + w]
    if size == 1:  # one patient: each kind that fits (no composition to walk)
        for i in range(m):
            if col == -1 or shown(ks[i]) == col:
                for mi in range(nm):
                    if n < acts.shape[0]:
                        acts[n, :] = 0
                        acts[n, 0] = verb
                        acts[n, 1] = meeples[mi]
                        acts[n, 2] = w
                        acts[n, 3] = 1
                        acts[n, 4] = ks[i]
                    n += 1
        return n
    caps = stack_zeros(NK)
    for i in range(m):
        if (col == -1 or shown(ks[i]) == col) and not (K[K_GROUP_SIX_OUT] and health(ks[i]) == 6):
            caps[i] = cs[i]
    x = stack_zeros(NK)
    ok = first_comp(x, caps, m, size)
    while ok:
        good = True
        first_k = -1
        for i in range(m):
            if x[i]:
                if first_k < 0:
                    first_k = ks[i]
                elif match == 1 and shown(ks[i]) != shown(first_k):
                    good = False
                elif match == 2 and health(ks[i]) != health(first_k):
                    good = False
        if good:
            for mi in range(nm):
                if n < acts.shape[0]:
                    acts[n, :] = 0
                    acts[n, 0] = verb
                    acts[n, 1] = meeples[mi]
                    acts[n, 2] = w
                    acts[n, 3] = size
                    q = 4
                    for i in range(m):
                        for _ in range(x[i]):
                            acts[n, q] = ks[i]
                            q += 1
                n += 1
        ok = next_comp(x, caps, m)
    return n


@njit(cache=True)
def effect_targets(K, s, player, out) -> int:
    """activation.effect_targets: patients the pending specialist can heal (distinct
    kinds, rising)."""
    kind = s[EFF_KIND]
    col = K[K_SCOL + kind]
    h = HOSP + player * HSZ
    m = 0
    if K[K_STARGET + kind] == 1:
        for k in range(NK):
            if s[h + PAT + k] and treated(k) == 0 and (col == -1 or shown(k) == col):
                out[m] = k
                m += 1
        return m
    for i in range(s[EFF_N]):
        k = s[EFF_P + i]
        if col == -1 or shown(k) == col:
            if m == 0 or out[m - 1] != k:
                out[m] = k
                m += 1
    return m
