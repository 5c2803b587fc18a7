"""The rules, compiled: the order of play (the model's ``flow.py``), patients, treatment,
the Action Phase and Cleanup, over the flat state. Each function names the model
function it repeats; the rulebook sentence is cited there."""

from __future__ import annotations

import numpy as np

from ..rules.cards import CHRONIC, CRITICAL, MILD, SEVERE, TERMINAL
from ..rules.state import (
    ACTIONS,
    CLEANUP,
    OVER,
    PREPARATION,
    SETUP,
    T_ADMIT,
    T_DEATHS,
    T_DRAW_HAND,
    T_DRAW_PATIENT,
    T_DRAW_PICK,
    T_EFFECT,
    T_END_TURN,
    T_FIRST,
    T_KEEP,
    T_PAY_DIAG,
    T_PAY_HEAL,
    T_PAY_RESEARCH,
    T_PRESTIGE,
    T_PRODUCE,
    T_REVEAL,
    T_ROUND_END,
    T_START_ACTIONS,
    TREATMENT,
)
from . import layout as L
from .board import (
    DIAG,
    DOCTOR,
    HEAL,
    RESEARCH,
    can_pay,
    capacity,
    chain_kind,
    change_qoc,
    list_find,
    list_insert,
    list_remove_at,
    list_sort,
    pay,
    pb,
    q_pop,
    q_push,
    replace_patient,
    return_card,
    seat_at,
    seat_index,
)
from .jit import driver, rule
from .rewards import (
    advance_insurance,
    apply_effect,
    eff,
    first_open,
    is_decision,
)

HELI_DISCARDED, HELI_DREW = 1, 2
#: int64 constants, so rows built as tuples (no array allocated) index like arrays
ZERO, ONE = np.int64(0), np.int64(1)


@rule
def pat(K, t, f):
    return K[K[L.T_PAT] + t * L.PAT_W + f]


@rule
def med(K, t, f):
    return K[K[L.T_MED] + t * L.MED_W + f]


@rule
def prio(K, code):
    """Priority of a seen card (0 while its healing side is hidden)."""
    return pat(K, code, L.PT_PRIO) if code >= 0 else 0


@rule
def class_of_code(K, code):
    return pat(K, code, L.PT_CLASS) if code >= 0 else -code - 1


# Patients (patients.py) -------------------------------------------------------------------


@rule
def deck_size(K, s):
    n = s[L.S_NRET]
    for k in range(K[L.K_NC]):
        n += s[K[L.O_SHUF] + k]
    return n


@rule
def shuffled_total(K, s):
    n = 0
    for k in range(K[L.K_NC]):
        n += s[K[L.O_SHUF] + k]
    return n


@rule
def take(K, s, key):
    """patients.take: the card of draw outcome ``key``, removed from the deck."""
    if key < 0:
        r = K[L.O_RET]
        card = s[r]
        n = s[L.S_NRET]
        for i in range(n - 1):
            s[r + i] = s[r + i + 1]
        s[r + n - 1] = 0
        s[L.S_NRET] = n - 1
        return card
    s[K[L.O_SHUF] + key] -= 1
    c = K[L.T_CLASS] + key * L.CLASS_W
    if K[c]:
        card = K[c + 2]
        s[K[L.O_UNRES] + card] -= 1
        return card
    return -(key + 1)


@rule
def arrive(K, s, p, card):
    """patients.arrive: terminal patients to the playing area, others wait to be admitted."""
    vals = (card, ZERO, ZERO, ZERO)
    if card >= 0 and prio(K, card) == TERMINAL:
        b = pb(K, p)
        list_insert(s, b + K[L.PO_TERM], b + L.P_NTERM, K[L.TMAX], L.TERMW, vals)
    else:
        list_insert(s, K[L.O_ARR], L.S_NARR, K[L.AMAX], L.PATW, vals)


@rule
def fits(K, s, p):
    return s[pb(K, p) + L.P_NPAT] + s[L.S_NARR] <= capacity(K, s, p)


@rule
def admit_all(K, s, p):
    b = pb(K, p)
    a = K[L.O_ARR]
    for i in range(s[L.S_NARR]):
        list_insert(
            s, b + K[L.PO_PAT], b + L.P_NPAT, K[L.PMAX], L.PATW, s[a + 4 * i : a + 4 * i + 4]
        )
    for i in range(s[L.S_NARR] * L.PATW):
        s[a + i] = 0
    s[L.S_NARR] = 0


@rule
def reject(K, s, p, pt):
    i = list_find(s, K[L.O_ARR], L.S_NARR, L.PATW, pt)
    if i < 0:
        s[L.S_ERR] = 1
        return
    list_remove_at(s, K[L.O_ARR], L.S_NARR, L.PATW, i)
    return_card(K, s, pt[0])
    s[pb(K, p) + L.P_REJECTED] += 1
    if K[L.K_PLANTED] != 1:
        change_qoc(K, s, p, -1)


@rule
def resolve_weights(K, s, code, keys, weights):
    """patients.resolve_weights: the types a card of ``code`` can be, weighted."""
    if code >= 0:
        keys[0] = code
        weights[0] = 1
        return 1
    k = -code - 1
    n = 0
    for t in range(K[L.K_N]):
        if pat(K, t, L.PT_CLASS) == k and s[K[L.O_UNRES] + t]:
            keys[n] = t
            weights[n] = s[K[L.O_UNRES] + t]
            n += 1
    return n


@rule
def cure(K, s, p, pt):
    card = pt[0]
    replace_patient(K, s, p, pt, pt, True)
    b = pb(K, p)
    s[b + L.P_CREDITS] += pat(K, card, L.PT_CREDITS)
    s[b + L.P_VP] += pat(K, card, L.PT_VP)
    s[b + L.P_HEALED] += 1
    s[b + L.P_HEALED_MAX] = max(s[b + L.P_HEALED_MAX], s[b + L.P_HEALED])
    return_card(K, s, card)


@rule
def die(K, s, p, code, loss):
    s[pb(K, p) + L.P_DEAD + prio(K, code)] += 1
    return_card(K, s, code)
    change_qoc(K, s, p, -loss)


# Paying (treatment.spend / token_choices / use_token) ---------------------------------------


@rule
def spend(K, s, p, k1, n1, k2, n2):
    """Pay parts (k1, n1) then (k2, n2): at once, or as payment steps while tokens are
    scored (treatment.spend)."""
    if K[L.K_TOKENS_SCORED]:
        if n2 > 0:
            q_push(s, T_PAY_DIAG + k2, p, n2, -1, 0)
        if n1 > 0:
            q_push(s, T_PAY_DIAG + k1, p, n1, -1, 0)
        return
    b = pb(K, p) + L.P_TOK
    tok = s[b : b + 5]
    if not (pay(K, tok, k1, n1) and pay(K, tok, k2, n2)):
        s[L.S_ERR] = 1


@rule
def spend1(K, s, p, kind, amount):
    spend(K, s, p, kind, amount, kind, 0)


@rule
def is_pay(kind):
    return kind == T_PAY_DIAG or kind == T_PAY_HEAL or kind == T_PAY_RESEARCH


@rule
def token_choices(K, s):
    """treatment.token_choices: the token kinds that may pay the next unit, as a bit
    mask (bit ``k``: kind ``k``; increasing ``k`` is the model's sorted order). Each
    kind is tried on the player's own tokens, which are put back after the try."""
    p = s[L.S_QUEUE + L.Q_PLAYER]
    b = pb(K, p) + L.P_TOK
    kind = s[L.S_QUEUE + L.Q_KIND] - T_PAY_DIAG
    n = s[L.S_QUEUE + L.Q_N]
    t0, t1, t2, t3, t4 = s[b], s[b + 1], s[b + 2], s[b + 3], s[b + 4]
    tok = s[b : b + 5]
    found = 0
    for i in range(4):
        k = chain_kind(K, kind, i)
        if k < 0:
            break
        if s[b + k] == 0:
            continue
        tok[k] -= 1
        ok = pay(K, tok, kind, n - 1)
        j = 1
        while ok and j < s[L.S_QLEN]:
            t = L.S_QUEUE + j * L.TW
            if not is_pay(s[t + L.Q_KIND]) or s[t + L.Q_PLAYER] != p:
                break
            ok = pay(K, tok, s[t + L.Q_KIND] - T_PAY_DIAG, s[t + L.Q_N])
            j += 1
        s[b], s[b + 1], s[b + 2], s[b + 3], s[b + 4] = t0, t1, t2, t3, t4
        if ok:
            found |= 1 << k
    if K[L.K_COMPARE_PROD]:  # only the sum of the counted kinds is scored
        keep = -1
        for i in range(4):
            k = chain_kind(K, kind, i)
            if k < 0:
                break
            if k != DOCTOR and found >> k & 1:
                keep = k
                break
        for k in range(4):
            if k != keep:
                found &= ~(1 << k)
    return found


@rule
def n_bits(mask):
    """How many kinds a :func:`token_choices` mask holds."""
    c = 0
    for k in range(5):
        c += mask >> k & 1
    return c


@rule
def use_token(K, s, kind):
    p = s[L.S_QUEUE + L.Q_PLAYER]
    s[pb(K, p) + L.P_TOK + kind] -= 1
    if s[L.S_QUEUE + L.Q_N] > 1:
        s[L.S_QUEUE + L.Q_N] -= 1
    else:
        q_pop(s)


# Treatment (treatment.py) --------------------------------------------------------------


@rule
def stage_cost(K, pt):
    """(diagnosis, healing) the patient's next step still costs."""
    card, diagnosed, tokens, paid = pt[0], pt[1], pt[2], pt[3]
    if card >= 0 and prio(K, card) == CRITICAL:
        diag = pat(K, card, L.PT_DIAG) if K[L.K_CRITICAL_BOTH] else 0
        return max(diag - paid, 0), pat(K, card, L.PT_HEAL) - max(paid - diag, 0)
    if not diagnosed:
        k = class_of_code(K, card)
        return K[K[L.T_CLASS] + k * L.CLASS_W + 1] - paid, 0
    heal = tokens if prio(K, card) == CHRONIC else pat(K, card, L.PT_HEAL)
    return 0, max(heal - paid, 0)


@rule
def terminal_cost(K, code):
    return 1 if K[L.K_TERMINAL_ONE] else pat(K, code, L.PT_HEAL)


@rule
def can_assign(K, s, p, pt):
    d, h = stage_cost(K, pt)
    if not K[L.K_PARTIAL] or can_pay(K, s, p, d, h):
        return False
    if d:
        return can_pay(K, s, p, 1, 0)
    return h > 0 and can_pay(K, s, p, 0, 1)


@rule
def assign(K, s, p, pt):
    d, _ = stage_cost(K, pt)
    spend1(K, s, p, DIAG if d else HEAL, 1)
    replace_patient(K, s, p, pt, (pt[0], pt[1], pt[2], pt[3] + ONE), False)


@rule
def diagnose_paid(K, s, p, pt):
    d, _ = stage_cost(K, pt)
    spend1(K, s, p, DIAG, d)


@rule
def diagnosed_as(K, s, p, pt, card):
    flipped = (card, ONE, pt[2], ZERO)
    if pt[0] < 0:
        s[K[L.O_UNRES] + card] -= 1
    replace_patient(K, s, p, pt, flipped, False)
    if prio(K, card) == CHRONIC and pt[2] == 0:
        cure(K, s, p, flipped)


@rule
def heal(K, s, p, pt):
    d, h = stage_cost(K, pt)
    spend(K, s, p, DIAG, d, HEAL, h)
    cure(K, s, p, pt)


@rule
def treat_terminal(K, s, p, card):
    """The first untreated terminal patient of ``card`` is treated (RH-TERMINAL-*)."""
    b = pb(K, p)
    at = b + K[L.PO_TERM]
    i = 0
    while i < s[b + L.P_NTERM] and not (s[at + 3 * i] == card and s[at + 3 * i + 1] == 0):
        i += 1
    if i == s[b + L.P_NTERM]:
        s[L.S_ERR] = 1
        return
    rewarded = s[at + 3 * i + 2]
    spend1(K, s, p, HEAL, terminal_cost(K, card))
    reward = K[L.K_TERMINAL_REWARD]
    pays = reward == 0 or (reward == 1 and not rewarded)
    list_remove_at(s, at, b + L.P_NTERM, L.TERMW, i)
    vals = (card, ONE, ONE if reward == 1 else ZERO)
    list_insert(s, at, b + L.P_NTERM, K[L.TMAX], L.TERMW, vals)
    if pays:
        s[b + L.P_CREDITS] += pat(K, card, L.PT_CREDITS)
        s[b + L.P_VP] += pat(K, card, L.PT_VP)


@rule
def terminal_treatable(K, s, p, term_at):
    if s[term_at + 1]:
        return False
    return can_pay(K, s, p, 0, terminal_cost(K, s[term_at]))


# Cleanup (cleanup.py) ----------------------------------------------------------------------


@rule
def add_time_tokens(K, s, p):
    b = pb(K, p)
    at = b + K[L.PO_PAT]
    for i in range(s[b + L.P_NPAT]):
        r = at + 4 * i
        if not (s[r + 1] and prio(K, s[r]) == MILD):
            s[r + 2] += 1
    list_sort(s, at, b + L.P_NPAT, L.PATW)


@rule
def needs_reveal_at(K, s, r):
    return not s[r + 1] and s[r] < 0 and s[r + 2] >= 2


@rule
def first_reveal(K, s, p):
    b = pb(K, p)
    at = b + K[L.PO_PAT]
    for i in range(s[b + L.P_NPAT]):
        if needs_reveal_at(K, s, at + 4 * i):
            return at + 4 * i
    return -1


@rule
def dies(K, pt):
    card, diagnosed, tokens = pt[0], pt[1], pt[2]
    if card < 0:
        return False
    pr = prio(K, card)
    if pr == CRITICAL:
        return tokens >= K[L.K_CRITICAL_TOKENS]
    if pr == SEVERE:
        return tokens >= 2
    if pr == CHRONIC and K[L.K_CHRONIC_DIE]:
        return tokens >= 1 and (diagnosed or tokens >= 2)
    return False


@driver
def deaths(K, s, p):
    b = pb(K, p)
    at = b + K[L.PO_PAT]
    snapshot = s[at : at + 4 * s[b + L.P_NPAT]].copy()
    for i in range(len(snapshot) // 4):
        pt = snapshot[4 * i : 4 * i + 4]
        if dies(K, pt):
            replace_patient(K, s, p, pt, pt, True)
            if not pt[1] and prio(K, pt[0]) == SEVERE:
                s[b + L.P_DEAD_UNSEEN] += 1
            die(K, s, p, pt[0], 1 if prio(K, pt[0]) == CHRONIC else 2)
    tat = b + K[L.PO_TERM]
    n = s[b + L.P_NTERM]
    terms = s[tat : tat + 3 * n].copy()
    kept = 0
    for i in range(n):
        card, treated = terms[3 * i], terms[3 * i + 1]
        if treated:
            s[tat + 3 * kept] = card
            s[tat + 3 * kept + 1] = 0 if K[L.K_TERMINAL_EVERY] else 1
            s[tat + 3 * kept + 2] = terms[3 * i + 2]
            kept += 1
        else:
            die(K, s, p, card, 1)
    for i in range(3 * kept, 3 * n):
        s[tat + i] = 0
    s[b + L.P_NTERM] = kept
    list_sort(s, tat, b + L.P_NTERM, L.TERMW)
    if K[L.K_DISCARD_TOKENS]:
        for k in range(4):
            s[b + L.P_TOK + k] = 0


# The order of play (flow.py) ---------------------------------------------------------------


@rule
def sum_range(s, at, n):
    t = 0
    for i in range(n):
        t += s[at + i]
    return t


@rule
def begin_round(K, s):
    r = s[L.S_ROUND]
    cards = K[K[L.T_ROUND_CARDS] + r - 1]
    arriving = K[K[L.T_ROUND_PATIENTS] + r - 1]
    P = K[L.K_P]
    q_push(s, T_START_ACTIONS, 0, 0, -1, 0)
    q_push(s, T_PRODUCE, 0, 0, -1, 0)
    for k in range(P - 1, -1, -1):
        p = seat_at(K, s, k)
        b = pb(K, p)
        extra = s[b + L.P_PROD + 2] + s[b + L.P_PROD + 3]
        q_push(s, T_ADMIT, p, 0, -1, 0)
        q_push(s, T_KEEP, p, cards, -1, 0)
        q_push(s, T_DRAW_PATIENT, p, arriving, -1, 0)
        q_push(s, T_DRAW_PICK, p, cards + extra, -1, 0)
    s[L.S_PHASE] = PREPARATION


@rule
def keep_rest(K, s, p, n):
    M = K[L.K_M]
    pk = K[L.O_PICKING]
    if n > 0:
        h = pb(K, p) + K[L.PO_HAND]
        for t in range(M):
            s[h + t] += s[pk + t]
            s[pk + t] = 0
    else:
        d = K[L.O_DISCARD]
        for t in range(M):
            s[d + t] += s[pk + t]
            s[pk + t] = 0


@rule
def produce(K, s):
    for p in range(K[L.K_P]):
        b = pb(K, p)
        for k in range(4):
            s[b + L.P_TOK + k] += s[b + L.P_PROD + k]
        s[b + L.P_CREDITS] += s[b + L.P_PROD + 4]
        for t in range(K[L.K_M]):
            s[b + K[L.PO_USED] + t] = 0


@rule
def begin_cleanup(K, s):
    s[L.S_PHASE] = CLEANUP
    P = K[L.K_P]
    for k in range(P):
        add_time_tokens(K, s, seat_at(K, s, k))
    while s[L.S_QLEN]:
        q_pop(s)
    q_push(s, T_ROUND_END, 0, 0, -1, 0)
    q_push(s, T_PRESTIGE, 0, 0, -1, 0)
    q_push(s, T_DEATHS, 0, 0, -1, 0)
    for k in range(P - 1, -1, -1):
        q_push(s, T_REVEAL, seat_at(K, s, k), 0, -1, 0)


@rule
def round_end(K, s):
    last = s[L.S_ROUND] >= K[L.K_ROUNDS]
    empty = K[L.K_END_EMPTY] and deck_size(K, s) == 0
    if last or empty:
        s[L.S_PHASE] = OVER
        return
    s[L.S_ROUND] += 1
    s[L.S_FIRST] = (s[L.S_FIRST] + 1) % K[L.K_P]
    s[L.S_TURN] = s[L.S_FIRST]
    begin_round(K, s)


@rule
def end_treatment(K, s, p):
    i = seat_index(K, s, p)
    if i + 1 < K[L.K_P]:
        s[L.S_TURN] = seat_at(K, s, i + 1)
    else:
        begin_cleanup(K, s)


@rule
def end_turn(K, s, p):
    i = seat_index(K, s, p)
    P = K[L.K_P]
    for k in range(1, P + 1):
        q = seat_at(K, s, (i + k) % P)
        if not s[pb(K, q) + L.P_PASSED]:
            s[L.S_TURN] = q
            return
    s[L.S_PHASE] = TREATMENT
    s[L.S_TURN] = s[L.S_FIRST]


@rule
def helicopter_progress(K, s, flag):
    """Mark a helicopter option done; it stays pending while another may follow."""
    done = s[L.S_QUEUE + L.Q_N] | flag
    more = K[L.K_HELI_BOTH] and done != HELI_DISCARDED | HELI_DREW
    if more:
        s[L.S_QUEUE + L.Q_N] = done
    else:
        q_pop(s)


@rule
def helicopter_draw(K, s, p):
    P = K[L.K_P]
    i = seat_index(K, s, p) if K[L.K_HELI_SENDER] else 0
    helicopter_progress(K, s, HELI_DREW)
    for k in range(P - 1, -1, -1):
        q = seat_at(K, s, (i + k) % P)
        q_push(s, T_ADMIT, q, 0, -1, 0)
        q_push(s, T_DRAW_PATIENT, q, 1, -1, 0)


@rule
def helicopter_discard(K, s, p, pt):
    replace_patient(K, s, p, pt, pt, True)
    return_card(K, s, pt[0])
    if K[L.K_HELI_QOC]:
        change_qoc(K, s, p, -K[L.K_HELI_QOC])
    helicopter_progress(K, s, HELI_DISCARDED)


@rule
def waits(K, s):
    """flow.waits: whether the head task needs chance or a player."""
    h = L.S_QUEUE
    k = s[h + L.Q_KIND]
    p = s[h + L.Q_PLAYER]
    n = s[h + L.Q_N]
    M = K[L.K_M]
    if k == T_FIRST:
        return True
    if k == T_DRAW_PICK or k == T_DRAW_HAND:
        return n > 0 and sum_range(s, K[L.O_DECK], M) > 0
    if k == T_DRAW_PATIENT:
        return n > 0 and shuffled_total(K, s) > 0
    if k == T_KEEP:
        return 0 < n < sum_range(s, K[L.O_PICKING], M)
    if k == T_ADMIT:
        return s[L.S_NARR] > 0 and not fits(K, s, p)
    if k == T_EFFECT:
        return is_decision(K, s, s[h + L.Q_EFFECT], p)
    if k == T_REVEAL:
        return first_reveal(K, s, p) >= 0
    if is_pay(k):
        return n_bits(token_choices(K, s)) > 1
    return False


@rule
def run(K, s, k, p, n, e, play):
    """flow.run: one step that needs nobody (its task already off the queue)."""
    M = K[L.K_M]
    if k == T_EFFECT:
        apply_effect(K, s, p, e, play)
    elif k == T_END_TURN:
        end_turn(K, s, p)
    elif k == T_DRAW_PICK or k == T_DRAW_HAND:
        if n > 0 and K[L.K_RESHUFFLE] and sum_range(s, K[L.O_DISCARD], M):
            for t in range(M):
                s[K[L.O_DECK] + t] = s[K[L.O_DISCARD] + t]
                s[K[L.O_DISCARD] + t] = 0
            q_push(s, k, p, n, e, play)
    elif k == T_DRAW_PATIENT:
        if n > 0 and s[L.S_NRET]:
            card = take(K, s, -1)
            arrive(K, s, p, card)
            q_push(s, k, p, n - 1, e, play)
    elif k == T_KEEP:
        keep_rest(K, s, p, n)
    elif k == T_ADMIT:
        admit_all(K, s, p)
    elif k == T_PRODUCE:
        produce(K, s)
    elif k == T_START_ACTIONS:
        s[L.S_PHASE] = ACTIONS
        s[L.S_TURN] = s[L.S_FIRST]
        for q in range(K[L.K_P]):
            s[pb(K, q) + L.P_PASSED] = 0
    elif k == T_REVEAL:
        pass
    elif k == T_DEATHS:
        for i in range(K[L.K_P]):
            deaths(K, s, seat_at(K, s, i))
    elif k == T_PRESTIGE:
        for i in range(K[L.K_P]):
            b = pb(K, seat_at(K, s, i))
            s[b + L.P_VP] += s[b + L.P_PRESTIGE] // 2
    elif k == T_ROUND_END:
        round_end(K, s)
    elif is_pay(k):
        q_push(s, k, p, n, e, play)
        mask = token_choices(K, s)
        if n_bits(mask) != 1:
            s[L.S_ERR] = 1
            return
        for kind in range(5):
            if mask >> kind & 1:
                use_token(K, s, kind)
    else:
        s[L.S_ERR] = 1


@rule
def advance(K, s):
    """flow.advance: run the steps that need nobody until a decision, chance or the end."""
    while s[L.S_ERR] == 0:
        if s[L.S_QLEN]:
            if waits(K, s):
                return
            h = L.S_QUEUE
            k, p, n = s[h + L.Q_KIND], s[h + L.Q_PLAYER], s[h + L.Q_N]
            e, play = s[h + L.Q_EFFECT], s[h + L.Q_PLAY]
            q_pop(s)
            run(K, s, k, p, n, e, play)
            continue
        if s[L.S_PHASE] == SETUP:
            begin_round(K, s)
            continue
        return


# Chance (flow.chance_weights / chance_apply; treatment.diagnose) --------------------------


@rule
def chance_weights(K, s, keys, weights):
    """The outcomes of the chance step at the head of the queue: (key, weight) pairs."""
    h = L.S_QUEUE
    k = s[h + L.Q_KIND]
    p = s[h + L.Q_PLAYER]
    if k == T_FIRST:
        for q in range(K[L.K_P]):
            keys[q] = q
            weights[q] = 1
        return K[L.K_P]
    n = 0
    if k == T_DRAW_PICK or k == T_DRAW_HAND:
        for t in range(K[L.K_M]):
            w = s[K[L.O_DECK] + t]
            if w:
                keys[n] = t
                weights[n] = w
                n += 1
        return n
    if k == T_DRAW_PATIENT:
        if shuffled_total(K, s):
            for c in range(K[L.K_NC]):
                w = s[K[L.O_SHUF] + c]
                if w:
                    keys[n] = c
                    weights[n] = 1 if K[L.K_PLANTED] == 2 else w
                    n += 1
            return n
        if s[L.S_NRET]:
            keys[0] = -1
            weights[0] = 1
            return 1
        return 0
    if k == T_REVEAL:
        r = first_reveal(K, s, p)
        return resolve_weights(K, s, s[r], keys, weights)
    s[L.S_ERR] = 1
    return 0


@rule
def chance_apply(K, s, key):
    h = L.S_QUEUE
    k = s[h + L.Q_KIND]
    p = s[h + L.Q_PLAYER]
    n = s[h + L.Q_N]
    if k == T_FIRST:
        s[L.S_FIRST] = key
        s[L.S_TURN] = key
        q_pop(s)
        return
    if k == T_REVEAL:
        r = first_reveal(K, s, p)
        pt = (s[r], s[r + 1], s[r + 2], s[r + 3])
        new = (key, pt[1], pt[2], pt[3])
        s[K[L.O_UNRES] + key] -= 1
        replace_patient(K, s, p, pt, new, False)
        return
    if n > 1:
        s[h + L.Q_N] = n - 1
    else:
        q_pop(s)
    if k == T_DRAW_PICK or k == T_DRAW_HAND:
        s[K[L.O_DECK] + key] -= 1
        if k == T_DRAW_PICK:
            s[K[L.O_PICKING] + key] += 1
        else:
            s[pb(K, p) + K[L.PO_HAND] + key] += 1
        return
    card = take(K, s, key)
    arrive(K, s, p, card)


# Actions ---------------------------------------------------------------------------------


@rule
def push_effects(K, s, t, imm, p, play):
    """Card ``t``'s immediate (or action) rewards as tasks, then END_TURN, in front."""
    base = K[L.T_MED] + t * L.MED_W
    cnt = K[base + (L.MED_NIMM if imm else L.MED_NACT)]
    first = base + (L.MED_IMM if imm else L.MED_ACT)
    q_push(s, T_END_TURN, p, 0, -1, 0)
    for j in range(cnt - 1, -1, -1):
        q_push(s, T_EFFECT, p, 0, K[first + j], play)


@rule
def current_player(K, s):
    if s[L.S_QLEN]:
        return s[L.S_QUEUE + L.Q_PLAYER]
    return s[L.S_TURN]


@rule
def act(K, s, a, key):
    """Apply decision row ``a`` (``key``: its chance outcome, if it has one), before
    :func:`advance` (the model's ``RHModel._apply``)."""
    verb = a[0]
    p = current_player(K, s)
    b = pb(K, p)
    pt = a[1:5]
    t = a[1]
    if verb == L.V_DRAW:
        chance_apply(K, s, key)
    elif verb == L.V_KEEP:
        s[K[L.O_PICKING] + t] -= 1
        s[L.S_QUEUE + L.Q_N] -= 1
        s[b + K[L.PO_HAND] + t] += 1
    elif verb == L.V_REJECT:
        reject(K, s, p, pt)
    elif verb == L.V_CHOOSE:
        e = s[L.S_QUEUE + L.Q_EFFECT]
        play = s[L.S_QUEUE + L.Q_PLAY]
        q_pop(s)
        q_push(s, T_EFFECT, p, 0, eff(K, e, 4 + t), play)
    elif verb == L.V_CHOOSE_INS:
        play = s[L.S_QUEUE + L.Q_PLAY]
        q_pop(s)
        advance_insurance(K, s, p, t, play)
    elif verb == L.V_HELI_DISCARD:
        helicopter_discard(K, s, p, pt)
    elif verb == L.V_HELI_DRAW:
        helicopter_draw(K, s, p)
    elif verb == L.V_HELI_DONE:
        q_pop(s)
    elif verb == L.V_PLAY:
        if K[L.K_HEALED_SPENT]:
            s[b + L.P_HEALED] -= med(K, t, L.MED_HEALED)
        s[b + L.P_CREDITS] -= med(K, t, L.MED_CREDITS)
        s[b + K[L.PO_HAND] + t] -= 1
        s[b + K[L.PO_PLAYED] + t] += 1
        if not K[L.K_SAME_ROUND]:
            s[b + K[L.PO_USED] + t] += 1
        push_effects(K, s, t, True, p, 1)
        spend1(K, s, p, RESEARCH, med(K, t, L.MED_RESEARCH))
    elif verb == L.V_ACTIVATE:
        s[b + K[L.PO_USED] + t] += 1
        push_effects(K, s, t, False, p, 0)
    elif verb == L.V_SELL_CARD:
        s[b + K[L.PO_HAND] + t] -= 1
        s[b + L.P_CREDITS] += K[L.K_SELL]
        s[K[L.O_DISCARD] + t] += 1
    elif verb == L.V_SELL_RESEARCH:
        s[b + L.P_CREDITS] += K[L.K_SELL]
        spend1(K, s, p, RESEARCH, 1)
    elif verb == L.V_PASS:
        s[b + L.P_PASSED] = 1
        q_push(s, T_END_TURN, p, 0, -1, 0)
    elif verb == L.V_DIAGNOSE:
        diagnose_paid(K, s, p, pt)
        diagnosed_as(K, s, p, pt, key)
    elif verb == L.V_HEAL:
        heal(K, s, p, pt)
    elif verb == L.V_ASSIGN:
        assign(K, s, p, pt)
    elif verb == L.V_TREAT_TERMINAL:
        treat_terminal(K, s, p, t)
    elif verb == L.V_END_TREATMENT:
        end_treatment(K, s, p)
    elif verb == L.V_USE_TOKEN:
        use_token(K, s, t)
    else:
        s[L.S_ERR] = 1


@rule
def outcomes(K, s, a, keys, weights):
    """The chance outcomes of ``a`` in ``s`` as (key, weight); 1 outcome (key 0) if none."""
    if a[0] == L.V_DRAW:
        return chance_weights(K, s, keys, weights)
    if a[0] == L.V_DIAGNOSE:
        return resolve_weights(K, s, a[1], keys, weights)
    keys[0] = 0
    weights[0] = 1
    return 1


@rule
def apply(K, s, a, key):
    """Decision ``a`` with chance outcome ``key``, then everything that needs nobody."""
    act(K, s, a, key)
    advance(K, s)


__all__ = ["apply", "advance", "outcomes", "first_open"]
