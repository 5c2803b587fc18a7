"""Legal actions, compiled (the model's ``RHModel.legal_actions``), as sorted rows."""

from __future__ import annotations

import numpy as np

from ..rules.cards import CRITICAL
from ..rules.effects import CHOICE, HELICOPTER, INSURANCE
from ..rules.state import (
    ACTIONS,
    CHANCE_TASKS,
    OVER,
    T_ADMIT,
    T_EFFECT,
    T_KEEP,
    TREATMENT,
)
from . import layout
from .board import DOCTOR, RESEARCH, can_pay, pb
from .jit import rule
from .rewards import eff
from .rules import (
    HELI_DISCARDED,
    HELI_DREW,
    can_assign,
    is_pay,
    med,
    prio,
    stage_cost,
    terminal_treatable,
    token_choices,
)

CHANCE_KINDS = np.array(sorted(CHANCE_TASKS), dtype=np.int64)


@rule
def add(acts, n, verb, f1, f2, f3, f4):
    if n < layout.MAX_ACTIONS:
        acts[n, 0] = verb
        acts[n, 1] = f1
        acts[n, 2] = f2
        acts[n, 3] = f3
        acts[n, 4] = f4
    return n + 1


@rule
def add_patient(acts, n, verb, s, r):
    return add(acts, n, verb, s[r], s[r + 1], s[r + 2], s[r + 3])


@rule
def same_row(s, a, b, w):
    for j in range(w):
        if s[a + j] != s[b + j]:
            return False
    return True


@rule
def action_phase(K, s, b, acts):
    """Action Phase choices, generated verb by verb in the model's order (Activate,
    Pass, PlayCard, SellCard, SellResearch; each by card type), so no sort is needed."""
    M = K[layout.K_M]
    tok = b + layout.P_TOK
    hand = b + K[layout.PO_HAND]
    n = 0
    for t in range(M):
        if (
            med(K, t, layout.MED_NACT)
            and s[b + K[layout.PO_PLAYED] + t] > s[b + K[layout.PO_USED] + t]
        ):
            n = add(acts, n, layout.V_ACTIVATE, t, 0, 0, 0)
    n = add(acts, n, layout.V_PASS, 0, 0, 0, 0)
    for t in range(M):
        if (
            s[hand + t]
            and s[b + layout.P_CREDITS] >= med(K, t, layout.MED_CREDITS)
            and s[tok + RESEARCH] + s[tok + DOCTOR] >= med(K, t, layout.MED_RESEARCH)
            and s[b + layout.P_HEALED] >= med(K, t, layout.MED_HEALED)
        ):
            n = add(acts, n, layout.V_PLAY, t, 0, 0, 0)
    for t in range(M):
        if s[hand + t]:
            n = add(acts, n, layout.V_SELL_CARD, t, 0, 0, 0)
    if s[tok + RESEARCH] + s[tok + DOCTOR] and K[layout.K_PLANTED] != 4:
        n = add(acts, n, layout.V_SELL_RESEARCH, 0, 0, 0, 0)
    return n


@rule
def treatment_verb(K, s, p, r):
    """What the patient at ``r`` offers: Diagnose, Heal, Assign or nothing (-1)."""
    card, diagnosed = s[r], s[r + 1]
    d, hh = stage_cost(K, s[r : r + 4])
    critical = card >= 0 and prio(K, card) == CRITICAL
    if can_pay(K, s, p, d, hh):
        return layout.V_HEAL if diagnosed or critical else layout.V_DIAGNOSE
    if can_assign(K, s, p, s[r : r + 4]):
        return layout.V_ASSIGN
    return -1


@rule
def treatment_patients(K, s, p, b, acts, n, verb):
    """Player ``p``'s distinct patients offering ``verb``, in list (sorted) order."""
    at = b + K[layout.PO_PAT]
    for i in range(s[b + layout.P_NPAT]):
        r = at + 4 * i
        if i > 0 and same_row(s, r, r - 4, 4):
            continue
        if treatment_verb(K, s, p, r) == verb:
            n = add_patient(acts, n, verb, s, r)
    return n


@rule
def treatment_phase(K, s, p, b, acts):
    """Treatment Phase choices in the model's order (Assign, Diagnose, EndTreatment,
    Heal, TreatTerminal; each over the sorted lists), so no sort is needed."""
    n = treatment_patients(K, s, p, b, acts, 0, layout.V_ASSIGN)
    n = treatment_patients(K, s, p, b, acts, n, layout.V_DIAGNOSE)
    n = add(acts, n, layout.V_END_TREATMENT, 0, 0, 0, 0)
    n = treatment_patients(K, s, p, b, acts, n, layout.V_HEAL)
    tat = b + K[layout.PO_TERM]
    for i in range(s[b + layout.P_NTERM]):
        r = tat + 3 * i
        if i > 0 and same_row(s, r, r - 3, 3):
            continue
        if terminal_treatable(K, s, p, r):
            n = add(acts, n, layout.V_TREAT_TERMINAL, s[r], 0, 0, 0)
    return n


@rule
def is_chance(kind):
    for k in CHANCE_KINDS:
        if k == kind:
            return True
    return False


@rule
def legal(K, s, acts):
    """The legal actions of ``s`` into ``acts``, in the model's order; returns how many
    (more than ``MAX_ACTIONS``: the caller refuses)."""
    if s[layout.S_PHASE] == OVER:
        return 0
    n = 0
    if s[layout.S_QLEN]:
        h = layout.S_QUEUE
        kind = s[h + layout.Q_KIND]
        p = s[h + layout.Q_PLAYER]
        if is_chance(kind):
            return add(acts, 0, layout.V_DRAW, 0, 0, 0, 0)
        if kind == T_KEEP:
            for t in range(K[layout.K_M]):
                if s[K[layout.O_PICKING] + t]:
                    n = add(acts, n, layout.V_KEEP, t, 0, 0, 0)
            return n
        if kind == T_ADMIT:
            a = K[layout.O_ARR]
            for i in range(s[layout.S_NARR]):
                r = a + 4 * i
                if i == 0 or not same_row(s, r, r - 4, 4):
                    n = add_patient(acts, n, layout.V_REJECT, s, r)
            return n
        if kind == T_EFFECT:
            e = s[h + layout.Q_EFFECT]
            code = eff(K, e, 0)
            if code == CHOICE:
                for i in range(eff(K, e, 3)):
                    n = add(acts, n, layout.V_CHOOSE, i, 0, 0, 0)
                return n
            if code == INSURANCE:
                for c in range(4):
                    if s[pb(K, p) + layout.P_INS + c] < 5:
                        n = add(acts, n, layout.V_CHOOSE_INS, c, 0, 0, 0)
                return n
            if code == HELICOPTER:
                flags = s[h + layout.Q_N]
                may_more = K[layout.K_HELI_BOTH] or flags == 0
                if may_more and not flags & HELI_DISCARDED:
                    b = pb(K, p)
                    at = b + K[layout.PO_PAT]
                    for i in range(s[b + layout.P_NPAT]):
                        r = at + 4 * i
                        if i == 0 or not same_row(s, r, r - 4, 4):
                            n = add_patient(acts, n, layout.V_HELI_DISCARD, s, r)
                n = add(acts, n, layout.V_HELI_DONE, 0, 0, 0, 0)
                if may_more and not flags & HELI_DREW:
                    n = add(acts, n, layout.V_HELI_DRAW, 0, 0, 0, 0)
                return n
            s[layout.S_ERR] = 1
            return 0
        if is_pay(kind):
            mask = token_choices(K, s)
            for k in range(5):
                if mask >> k & 1:
                    n = add(acts, n, layout.V_USE_TOKEN, k, 0, 0, 0)
            return n
        s[layout.S_ERR] = 1
        return 0
    p = s[layout.S_TURN]
    b = pb(K, p)
    if s[layout.S_PHASE] == ACTIONS:
        return action_phase(K, s, b, acts)
    if s[layout.S_PHASE] == TREATMENT:
        return treatment_phase(K, s, p, b, acts)
    s[layout.S_ERR] = 1
    return 0
