"""Rewards, compiled (the model's ``resolve.py``): gains, production, the ambulance and
insurance tracks, draws; the "set off" order of RH-REWARD-ORDER."""

from __future__ import annotations

from ..rules.effects import (
    AMBULANCE,
    CHOICE,
    CREDITS,
    DRAW,
    GAIN,
    HEALED,
    HELICOPTER,
    INSURANCE,
    PRESTIGE,
    PROD,
    QOC,
    VP,
)
from ..rules.state import (
    T_ADMIT,
    T_DRAW_HAND,
    T_DRAW_PATIENT,
    T_EFFECT,
)
from . import layout
from .board import (
    change_qoc,
    claim_doctors,
    pb,
    q_open,
    q_push,
    q_set,
)
from .jit import rule

P_CREDIT = 4
T_PRESTIGE_TRACK, T_AMBULANCE_TRACK = 5, 10
INSURANCE_LEVELS = 5


@rule
def eff(K, e, f):
    return K[K[layout.T_EFF] + e * layout.EFF_W + f]


@rule
def reward_tasks(K, s, i, table_row, p, play, more, extra):
    """The effect tasks of one printed reward (``K`` row of n, ids; -1: none) at queue
    position ``i`` in order, then effect ``extra`` if ``more``."""
    n = K[table_row] if table_row >= 0 else 0
    k = n + (1 if more else 0)
    if k == 0 or not q_open(s, i, k):
        return
    for j in range(n):
        q_set(s, i + j, T_EFFECT, p, 0, K[table_row + 1 + j], play)
    if more:
        q_set(s, i + n, T_EFFECT, p, 0, extra, play)


@rule
def set_off(K, s, table_row, p, play):
    """Queue rewards set off by a reward: in front, or after the pending rewards."""
    i = 0
    if not K[layout.K_DEPTH_FIRST]:
        while (
            i < s[layout.S_QLEN] and s[layout.S_QUEUE + i * layout.TW + layout.Q_KIND] == T_EFFECT
        ):
            i += 1
    reward_tasks(K, s, i, table_row, p, play, False, 0)


@rule
def first_open(K, s, p):
    """The first insurance company still open to ``p`` (-1: none) and how many are."""
    b = pb(K, p) + layout.P_INS
    first = -1
    n = 0
    for c in range(4):
        if s[b + c] < INSURANCE_LEVELS:
            n += 1
            if first < 0:
                first = c
    return first, n


@rule
def is_decision(K, s, e, p):
    code = eff(K, e, 0)
    if code == CHOICE or code == HELICOPTER:
        return True
    if code == INSURANCE and eff(K, e, 1) < 0:
        return first_open(K, s, p)[1] > 1
    return False


@rule
def gain(K, s, p, what, n):
    b = pb(K, p)
    if what < 5:
        s[b + layout.P_TOK + what] += n
    elif what == CREDITS:
        s[b + layout.P_CREDITS] += n
    elif what == VP:
        s[b + layout.P_VP] += n
    elif what == PRESTIGE:
        old = s[b + layout.P_PRESTIGE]
        new = min(old + n, K[layout.K_PRESTIGE_MAX])
        s[b + layout.P_PRESTIGE] = new
        claim_doctors(K, s, p, T_PRESTIGE_TRACK, old, new)
    elif what == QOC:
        change_qoc(K, s, p, n)
    elif what == HEALED:
        s[b + layout.P_HEALED] += n
        s[b + layout.P_HEALED_MAX] = max(s[b + layout.P_HEALED_MAX], s[b + layout.P_HEALED])
    else:
        s[layout.S_ERR] = 1


@rule
def produce_more(K, s, p, track, n, play):
    b = pb(K, p)
    cap = K[layout.K_CREDIT_MAX] if track == P_CREDIT else K[layout.K_PROD_MAX]
    old = s[b + layout.P_PROD + track]
    new = min(old + n, cap)
    s[b + layout.P_PROD + track] = new
    if new > old and (K[layout.K_BONUS_ALWAYS] or play):
        if track == P_CREDIT:
            s[b + layout.P_CREDITS] += new - old
        else:
            s[b + layout.P_TOK + track] += new - old
    claim_doctors(K, s, p, track, old, new)


@rule
def ambulance_step(K, s, p, n, play):
    """Move one space, gain its reward; the rest of the move waits (RH-REWARD-ORDER)."""
    b = pb(K, p)
    old = s[b + layout.P_AMB]
    if K[layout.K_AMB_LOOP] == 14:
        new = (old + 1) % 14
        lap = new == 0
    else:
        new = old % 13 + 1
        lap = old == 13
    s[b + layout.P_AMB] = new
    if lap and (not K[layout.K_DOCTOR_EXACT] or (new == 0 and n == 1)):
        claim_doctors(K, s, p, T_AMBULANCE_TRACK, -1, 0)
    row = K[layout.T_AMB] + (new - 1) * layout.REWARD_W if new else -1
    if K[layout.K_DEPTH_FIRST]:
        reward_tasks(K, s, 0, row, p, play, n > 1, K[K[layout.T_AMB_ID] + n - 1] if n > 1 else 0)
        return
    set_off(K, s, row, p, play)
    if n > 1:
        q_push(s, T_EFFECT, p, 0, K[K[layout.T_AMB_ID] + n - 1], play)


@rule
def advance_insurance(K, s, p, company, play):
    b = pb(K, p)
    level = s[b + layout.P_INS + company]
    if level >= INSURANCE_LEVELS:
        if K[layout.K_REDIRECT] and first_open(K, s, p)[0] >= 0:
            q_push(s, T_EFFECT, p, 0, K[layout.K_ANY_INS], play)
        return
    s[b + layout.P_INS + company] = level + 1
    claim_doctors(K, s, p, 6 + company, level, level + 1)
    set_off(K, s, K[layout.T_INS] + (company * 5 + level) * layout.REWARD_W, p, play)


@rule
def apply_effect(K, s, p, e, play):
    """A reward that needs no decision (its task already off the queue)."""
    code = eff(K, e, 0)
    a = eff(K, e, 1)
    n = eff(K, e, 2)
    if code == GAIN:
        gain(K, s, p, a, n)
    elif code == PROD:
        produce_more(K, s, p, a, n, play)
    elif code == AMBULANCE:
        ambulance_step(K, s, p, n, play)
    elif code == INSURANCE:
        if a < 0:
            c = first_open(K, s, p)[0]
            if c >= 0:
                advance_insurance(K, s, p, c, play)
        else:
            advance_insurance(K, s, p, a, play)
    elif code == DRAW:
        if K[layout.K_DRAW_PATIENTS]:
            q_push(s, T_ADMIT, p, 0, -1, 0)
            q_push(s, T_DRAW_PATIENT, p, n, -1, 0)
        else:
            q_push(s, T_DRAW_HAND, p, n, -1, 0)
    else:
        s[layout.S_ERR] = 1
