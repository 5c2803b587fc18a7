"""The legal actions of a position as rows (``model.legal_actions``; the order is the
kernel's, the set the reference's)."""

from __future__ import annotations

from numba import njit

from .borrow import stack_zeros
from .layout import (
    ADMIN,
    AHAND,
    AMB_N,
    BLOOD,
    CURSOR,
    DK,
    FIRST,
    INCOMING,
    K_BOARD,
    K_C,
    K_CAP,
    K_EFFECT_OPT,
    K_EVERY_MEEPLE,
    K_EXP_DISCARD,
    K_NURSE_AGAIN,
    K_NURSES,
    K_P,
    K_PLANTED,
    K_SOLO_BAR,
    NK,
    NPAT,
    NS,
    NURSES,
    NW,
    ORDER,
    PHASE,
    SDECK,
    SMKT,
    SPECS,
    TAKEN,
    US,
    UW,
    V_ACTIVATE,
    V_BLOOD_HEAL,
    V_DECLINE,
    V_DISC_SPEC,
    V_DISC_WARD,
    V_DRAW,
    V_END,
    V_KEEP_ADMIN,
    V_KEEP_TILES,
    V_RECOLOUR,
    V_REVEAL,
    V_SPEC_HEAL,
    V_TAKE_AMB,
    V_TAKE_SPEC,
    V_TAKE_WARD,
    V_TRADE_SPEC,
    V_TRADE_WARD,
    WARDS,
    WDECK,
    WMKT,
)
from .options import (
    arrangements,
    effect_targets,
    evictions,
    health_options,
    kinds_of,
    shown,
    ward_groups,
)
from .rules import (
    ACT_DISCARD,
    ACTIVATE,
    EFFECT,
    EVICT,
    EXPAND,
    EXPAND_DISCARD,
    EXTRA,
    MATRON,
    NURSE,
    OVER,
    PICK,
    PLACE,
    PLANT_PICK,
    SETUP_ADMIN_PICK,
    SETUP_HEALTH,
    current_player,
    hosp,
)

BIG = 1 << 40
NMEEPLES = NS + 1  # the nurse and one per specialist kind


@njit(cache=True)
def put(acts, n, verb, x, y) -> int:
    if n < acts.shape[0]:
        acts[n, :] = 0
        acts[n, 0] = verb
        acts[n, 1] = x
        acts[n, 2] = y
    return n + 1


@njit(cache=True)
def activation(K, s, acts) -> int:
    """model._activation: meeples into wards (activation.activation_options), the end
    of the activation (DH-PLACEMENT-OPTIONAL), blood bags."""
    h = hosp(s[CURSOR])
    ks = stack_zeros(NK)
    cs = stack_zeros(NK)
    m = kinds_of(s, h, ks, cs)
    meeples = stack_zeros(NMEEPLES)
    nm = 0
    nurses = K[K_NURSES] + (1 if s[h + ADMIN] == MATRON else 0)
    if nurses - s[h + NURSES] > 0 or (K[K_NURSE_AGAIN] and nurses > 0):
        meeples[0] = NURSE
        nm = 1
    for k in range(NS):
        if s[h + SPECS + k] > s[h + US + k]:
            meeples[nm] = k
            nm += 1
    n = 0
    if nm and m:
        for w in range(NW):
            if K[K_BOARD + w] + s[h + WARDS + w] > s[h + UW + w]:
                n = ward_groups(K, w, ks, cs, m, meeples, nm, V_ACTIVATE, acts, n)
    if not (n and K[K_EVERY_MEEPLE]):
        n = put(acts, n, V_END, 0, 0)
    if s[h + BLOOD] > 0:
        for i in range(m):
            n = put(acts, n, V_BLOOD_HEAL, ks[i], 0)
        for i in range(m):
            for c in range(K[K_C]):
                if c != shown(ks[i]):
                    n = put(acts, n, V_RECOLOUR, ks[i], c)
    return n


@njit(cache=True)
def legal(K, s, acts) -> int:
    """Every legal action row into ``acts``; the count (rows past its end not written)."""
    ph = s[PHASE]
    P = K[K_P]
    if ph == OVER:
        return 0
    if ph == SETUP_HEALTH:
        return health_options(K, s, acts, 0, BIG)
    if ph == SETUP_ADMIN_PICK:
        n = 0
        for k in range(4):
            if s[AHAND + k]:
                n = put(acts, n, V_KEEP_ADMIN, k, 0)
        return n
    if ph == EXTRA:
        n = 0
        t = 0
        for k in range(NW):
            t += s[WDECK + k]
        if t:
            n = put(acts, n, V_REVEAL, 0, 0)
        t = 0
        for k in range(NS):
            t += s[SDECK + k]
        if t:
            n = put(acts, n, V_REVEAL, 1, 0)
        return n
    if ph == PLACE:
        return arrangements(K, s, acts, 0, BIG)
    if ph == PICK:
        player = s[ORDER + s[CURSOR]]
        barred = player == s[FIRST] and (P > 1 or K[K_SOLO_BAR] == 1)
        n = 0
        last = s[AMB_N] - 1 if K[K_PLANTED] == PLANT_PICK else s[AMB_N]
        for j in range(last):
            free = not (barred and j == 0)
            for p in range(P):
                if s[TAKEN + p] == j:
                    free = False
            if free:
                n = put(acts, n, V_TAKE_AMB, j, 0)
        return n
    if ph == EVICT:
        h = hosp(s[ORDER + s[CURSOR]])
        inc = 0
        for k in range(DK):
            inc += s[INCOMING + k]
        return evictions(K, s, h, s[h + NPAT] + inc - K[K_CAP], acts, 0, BIG)
    if ph == EXPAND:
        n = 0
        for trade in range(2):
            if trade and K[K_EXP_DISCARD] != 0:
                break
            for k in range(NW):
                if s[WMKT + k]:
                    n = put(acts, n, V_TRADE_WARD if trade else V_TAKE_WARD, k, 0)
            for k in range(NS):
                if s[SMKT + k]:
                    n = put(acts, n, V_TRADE_SPEC if trade else V_TAKE_SPEC, k, 0)
        return n
    if ph == EXPAND_DISCARD or ph == ACT_DISCARD:
        h = hosp(current_player(K, s))
        n = put(acts, 0, V_KEEP_TILES, 0, 0)
        for k in range(NW):
            if s[h + WARDS + k]:
                n = put(acts, n, V_DISC_WARD, k, 0)
        for k in range(NS):
            if s[h + SPECS + k]:
                n = put(acts, n, V_DISC_SPEC, k, 0)
        return n
    if ph == ACTIVATE:
        return activation(K, s, acts)
    if ph == EFFECT:
        out = stack_zeros(NK)
        m = effect_targets(K, s, s[CURSOR], out)
        n = 0
        for i in range(m):
            n = put(acts, n, V_SPEC_HEAL, out[i], 0)
        if K[K_EFFECT_OPT]:
            n = put(acts, n, V_DECLINE, 0, 0)
        return n
    return put(acts, 0, V_DRAW, 0, 0)  # a chance phase
