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
from . import layout
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
    return K[K[layout.T_PAT] + t * layout.PAT_W + f]


@rule
def med(K, t, f):
    return K[K[layout.T_MED] + t * layout.MED_W + f]


@rule
def prio(K, code):
    """Priority of a seen card (0 while its healing side is hidden)."""
    return pat(K, code, layout.PT_PRIO) if code >= 0 else 0


@rule
def class_of_code(K, code):
    return pat(K, code, layout.PT_CLASS) if code >= 0 else -code - 1


# Patients (patients.py) -------------------------------------------------------------------


@rule
def deck_size(K, s):
    n = s[layout.S_NRET]
    for k in range(K[layout.K_NC]):
        n += s[K[layout.O_SHUF] + k]
    return n


@rule
def shuffled_total(K, s):
    n = 0
    for k in range(K[layout.K_NC]):
        n += s[K[layout.O_SHUF] + k]
    return n


@rule
def take(K, s, key):
    """patients.take: the card of draw outcome ``key``, removed from the deck."""
    if key < 0:
        r = K[layout.O_RET]
        card = s[r]
        n = s[layout.S_NRET]
        for i in range(n - 1):
            s[r + i] = s[r + i + 1]
        s[r + n - 1] = 0
        s[layout.S_NRET] = n - 1
        return card
    s[K[layout.O_SHUF] + key] -= 1
    c = K[layout.T_CLASS] + key * layout.CLASS_W
    if K[c]:
        card = K[c + 2]
        s[K[layout.O_UNRES] + card] -= 1
        return card
    return -(key + 1)


@rule
def arrive(K, s, p, card):
    """patients.arrive: terminal patients to the playing area, others wait to be admitted."""
    vals = (card, ZERO, ZERO, ZERO)
    if card >= 0 and prio(K, card) == TERMINAL:
        b = pb(K, p)
        list_insert(
            s, b + K[layout.PO_TERM], b + layout.P_NTERM, K[layout.TMAX], layout.TERMW, vals
        )
    else:
        list_insert(s, K[layout.O_ARR], layout.S_NARR, K[layout.AMAX], layout.PATW, vals)


@rule
def fits(K, s, p):
    return s[pb(K, p) + layout.P_NPAT] + s[layout.S_NARR] <= capacity(K, s, p)


@rule
def admit_all(K, s, p):
    b = pb(K, p)
    a = K[layout.O_ARR]
    for i in range(s[layout.S_NARR]):
        list_insert(
            s,
            b + K[layout.PO_PAT],
            b + layout.P_NPAT,
            K[layout.PMAX],
            layout.PATW,
            s[a + 4 * i : a + 4 * i + 4],
        )
    for i in range(s[layout.S_NARR] * layout.PATW):
        s[a + i] = 0
    s[layout.S_NARR] = 0


@rule
def reject(K, s, p, pt):
    i = list_find(s, K[layout.O_ARR], layout.S_NARR, layout.PATW, pt)
    if i < 0:
        s[layout.S_ERR] = 1
        return
    list_remove_at(s, K[layout.O_ARR], layout.S_NARR, layout.PATW, i)
    return_card(K, s, pt[0])
    s[pb(K, p) + layout.P_REJECTED] += 1
    if K[layout.K_PLANTED] != 1:
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
    for t in range(K[layout.K_N]):
        if pat(K, t, layout.PT_CLASS) == k and s[K[layout.O_UNRES] + t]:
            keys[n] = t
            weights[n] = s[K[layout.O_UNRES] + t]
            n += 1
    return n


@rule
def cure(K, s, p, pt):
    card = pt[0]
    replace_patient(K, s, p, pt, pt, True)
    b = pb(K, p)
    s[b + layout.P_CREDITS] += pat(K, card, layout.PT_CREDITS)
    s[b + layout.P_VP] += pat(K, card, layout.PT_VP)
    s[b + layout.P_HEALED] += 1
    s[b + layout.P_HEALED_MAX] = max(s[b + layout.P_HEALED_MAX], s[b + layout.P_HEALED])
    return_card(K, s, card)


@rule
def die(K, s, p, code, loss):
    s[pb(K, p) + layout.P_DEAD + prio(K, code)] += 1
    if not (prio(K, code) == TERMINAL and K[layout.K_TERMINAL_STAYS]):
        return_card(K, s, code)
    change_qoc(K, s, p, -loss)


# Paying (treatment.spend / token_choices / use_token) ---------------------------------------


@rule
def spend(K, s, p, k1, n1, k2, n2):
    """Pay parts (k1, n1) then (k2, n2): at once, or as payment steps while tokens are
    scored (treatment.spend)."""
    if K[layout.K_TOKENS_SCORED]:
        if n2 > 0:
            q_push(s, T_PAY_DIAG + k2, p, n2, -1, 0)
        if n1 > 0:
            q_push(s, T_PAY_DIAG + k1, p, n1, -1, 0)
        return
    b = pb(K, p) + layout.P_TOK
    tok = s[b : b + 5]
    if not (pay(K, tok, k1, n1) and pay(K, tok, k2, n2)):
        s[layout.S_ERR] = 1


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
    p = s[layout.S_QUEUE + layout.Q_PLAYER]
    b = pb(K, p) + layout.P_TOK
    kind = s[layout.S_QUEUE + layout.Q_KIND] - T_PAY_DIAG
    n = s[layout.S_QUEUE + layout.Q_N]
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
        while ok and j < s[layout.S_QLEN]:
            t = layout.S_QUEUE + j * layout.TW
            if not is_pay(s[t + layout.Q_KIND]) or s[t + layout.Q_PLAYER] != p:
                break
            ok = pay(K, tok, s[t + layout.Q_KIND] - T_PAY_DIAG, s[t + layout.Q_N])
            j += 1
        s[b], s[b + 1], s[b + 2], s[b + 3], s[b + 4] = t0, t1, t2, t3, t4
        if ok:
            found |= 1 << k
    if K[layout.K_COMPARE_PROD]:  # only the sum of the counted kinds is scored
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
    p = s[layout.S_QUEUE + layout.Q_PLAYER]
    s[pb(K, p) + layout.P_TOK + kind] -= 1
    if s[layout.S_QUEUE + layout.Q_N] > 1:
        s[layout.S_QUEUE + layout.Q_N] -= 1
    else:
        q_pop(s)


# Treatment (treatment.py) --------------------------------------------------------------


@rule
def stage_cost(K, pt):
    """(diagnosis, healing) the patient's next step still costs."""
    card, diagnosed, tokens, paid = pt[0], pt[1], pt[2], pt[3]
    if card >= 0 and prio(K, card) == CRITICAL:
        diag = pat(K, card, layout.PT_DIAG) if K[layout.K_CRITICAL_BOTH] else 0
        return max(diag - paid, 0), pat(K, card, layout.PT_HEAL) - max(paid - diag, 0)
    if not diagnosed:
        k = class_of_code(K, card)
        return K[K[layout.T_CLASS] + k * layout.CLASS_W + 1] - paid, 0
    heal = tokens if prio(K, card) == CHRONIC else pat(K, card, layout.PT_HEAL)
    return 0, max(heal - paid, 0)


@rule
def terminal_cost(K, code):
    return 1 if K[layout.K_TERMINAL_ONE] else pat(K, code, layout.PT_HEAL)


@rule
def can_assign(K, s, p, pt):
    d, h = stage_cost(K, pt)
    if not K[layout.K_PARTIAL] or can_pay(K, s, p, d, h):
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
        s[K[layout.O_UNRES] + card] -= 1
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
    at = b + K[layout.PO_TERM]
    i = 0
    while i < s[b + layout.P_NTERM] and not (s[at + 3 * i] == card and s[at + 3 * i + 1] == 0):
        i += 1
    if i == s[b + layout.P_NTERM]:
        s[layout.S_ERR] = 1
        return
    rewarded = s[at + 3 * i + 2]
    spend1(K, s, p, HEAL, terminal_cost(K, card))
    reward = K[layout.K_TERMINAL_REWARD]
    pays = reward == 0 or (reward == 1 and not rewarded)
    list_remove_at(s, at, b + layout.P_NTERM, layout.TERMW, i)
    vals = (card, ONE, ONE if reward == 1 else ZERO)
    list_insert(s, at, b + layout.P_NTERM, K[layout.TMAX], layout.TERMW, vals)
    if pays:
        s[b + layout.P_CREDITS] += pat(K, card, layout.PT_CREDITS)
        s[b + layout.P_VP] += pat(K, card, layout.PT_VP)


@rule
def terminal_treatable(K, s, p, term_at):
    if s[term_at + 1]:
        return False
    return can_pay(K, s, p, 0, terminal_cost(K, s[term_at]))


# Cleanup (cleanup.py) ----------------------------------------------------------------------


@rule
def add_time_tokens(K, s, p):
    b = pb(K, p)
    at = b + K[layout.PO_PAT]
    for i in range(s[b + layout.P_NPAT]):
        r = at + 4 * i
        if not (s[r + 1] and prio(K, s[r]) == MILD):
            s[r + 2] += 1
    list_sort(s, at, b + layout.P_NPAT, layout.PATW)


@rule
def needs_reveal_at(K, s, r):
    return not s[r + 1] and s[r] < 0 and s[r + 2] >= 2


@rule
def first_reveal(K, s, p):
    b = pb(K, p)
    at = b + K[layout.PO_PAT]
    for i in range(s[b + layout.P_NPAT]):
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
        return tokens >= K[layout.K_CRITICAL_TOKENS]
    if pr == SEVERE:
        return tokens >= 2
    if pr == CHRONIC and K[layout.K_CHRONIC_DIE]:
        return tokens >= 1 and (diagnosed or tokens >= 2)
    return False


@driver
def deaths(K, s, p):
    b = pb(K, p)
    at = b + K[layout.PO_PAT]
    snapshot = s[at : at + 4 * s[b + layout.P_NPAT]].copy()
    for i in range(len(snapshot) // 4):
        pt = snapshot[4 * i : 4 * i + 4]
        if dies(K, pt):
            replace_patient(K, s, p, pt, pt, True)
            if not pt[1] and prio(K, pt[0]) == SEVERE:
                s[b + layout.P_DEAD_UNSEEN] += 1
            die(K, s, p, pt[0], 1 if prio(K, pt[0]) == CHRONIC else 2)
    tat = b + K[layout.PO_TERM]
    n = s[b + layout.P_NTERM]
    terms = s[tat : tat + 3 * n].copy()
    kept = 0
    for i in range(n):
        card, treated = terms[3 * i], terms[3 * i + 1]
        if treated:
            s[tat + 3 * kept] = card
            s[tat + 3 * kept + 1] = 0 if K[layout.K_TERMINAL_EVERY] else 1
            s[tat + 3 * kept + 2] = terms[3 * i + 2]
            kept += 1
        else:
            die(K, s, p, card, 1)
    for i in range(3 * kept, 3 * n):
        s[tat + i] = 0
    s[b + layout.P_NTERM] = kept
    list_sort(s, tat, b + layout.P_NTERM, layout.TERMW)
    if K[layout.K_DISCARD_TOKENS]:
        for k in range(4):
            s[b + layout.P_TOK + k] = 0


# The order of play (flow.py) ---------------------------------------------------------------


@rule
def sum_range(s, at, n):
    t = 0
    for i in range(n):
        t += s[at + i]
    return t


@rule
def begin_round(K, s):
    r = s[layout.S_ROUND]
    cards = K[K[layout.T_ROUND_CARDS] + r - 1]
    arriving = K[K[layout.T_ROUND_PATIENTS] + r - 1]
    P = K[layout.K_P]
    q_push(s, T_START_ACTIONS, 0, 0, -1, 0)
    q_push(s, T_PRODUCE, 0, 0, -1, 0)
    for k in range(P - 1, -1, -1):
        p = seat_at(K, s, k)
        b = pb(K, p)
        extra = s[b + layout.P_PROD + 2] + s[b + layout.P_PROD + 3]
        q_push(s, T_ADMIT, p, 0, -1, 0)
        q_push(s, T_KEEP, p, cards, -1, 0)
        q_push(s, T_DRAW_PATIENT, p, arriving + (extra if K[layout.K_EXTRA_PATIENTS] else 0), -1, 0)
        q_push(s, T_DRAW_PICK, p, cards + extra, -1, 0)
    s[layout.S_PHASE] = PREPARATION


@rule
def keep_rest(K, s, p, n):
    M = K[layout.K_M]
    pk = K[layout.O_PICKING]
    if n > 0:
        h = pb(K, p) + K[layout.PO_HAND]
        for t in range(M):
            s[h + t] += s[pk + t]
            s[pk + t] = 0
    else:
        d = K[layout.O_DISCARD]
        for t in range(M):
            s[d + t] += s[pk + t]
            s[pk + t] = 0


@rule
def produce(K, s):
    for p in range(K[layout.K_P]):
        b = pb(K, p)
        for k in range(4):
            s[b + layout.P_TOK + k] += s[b + layout.P_PROD + k]
        s[b + layout.P_CREDITS] += s[b + layout.P_PROD + 4]
        for t in range(K[layout.K_M]):
            s[b + K[layout.PO_USED] + t] = 0


@rule
def begin_cleanup(K, s):
    s[layout.S_PHASE] = CLEANUP
    P = K[layout.K_P]
    for k in range(P):
        add_time_tokens(K, s, seat_at(K, s, k))
    while s[layout.S_QLEN]:
        q_pop(s)
    q_push(s, T_ROUND_END, 0, 0, -1, 0)
    q_push(s, T_PRESTIGE, 0, 0, -1, 0)
    q_push(s, T_DEATHS, 0, 0, -1, 0)
    for k in range(P - 1, -1, -1):
        q_push(s, T_REVEAL, seat_at(K, s, k), 0, -1, 0)


@rule
def round_end(K, s):
    last = s[layout.S_ROUND] >= K[layout.K_ROUNDS]
    empty = K[layout.K_END_EMPTY] and deck_size(K, s) == 0
    if last or empty:
        s[layout.S_PHASE] = OVER
        return
    s[layout.S_ROUND] += 1
    s[layout.S_FIRST] = (s[layout.S_FIRST] + 1) % K[layout.K_P]
    s[layout.S_TURN] = s[layout.S_FIRST]
    begin_round(K, s)


@rule
def end_treatment(K, s, p):
    i = seat_index(K, s, p)
    if i + 1 < K[layout.K_P]:
        s[layout.S_TURN] = seat_at(K, s, i + 1)
    else:
        begin_cleanup(K, s)


@rule
def end_turn(K, s, p):
    i = seat_index(K, s, p)
    P = K[layout.K_P]
    for k in range(1, P + 1):
        q = seat_at(K, s, (i + k) % P)
        if not s[pb(K, q) + layout.P_PASSED]:
            s[layout.S_TURN] = q
            return
    s[layout.S_PHASE] = TREATMENT
    s[layout.S_TURN] = s[layout.S_FIRST]


@rule
def helicopter_progress(K, s, flag):
    """Mark a helicopter option done; it stays pending while another may follow."""
    done = s[layout.S_QUEUE + layout.Q_N] | flag
    more = K[layout.K_HELI_BOTH] and done != HELI_DISCARDED | HELI_DREW
    if more:
        s[layout.S_QUEUE + layout.Q_N] = done
    else:
        q_pop(s)


@rule
def helicopter_draw(K, s, p):
    P = K[layout.K_P]
    i = seat_index(K, s, p) if K[layout.K_HELI_SENDER] else 0
    helicopter_progress(K, s, HELI_DREW)
    for k in range(P - 1, -1, -1):
        q = seat_at(K, s, (i + k) % P)
        q_push(s, T_ADMIT, q, 0, -1, 0)
        q_push(s, T_DRAW_PATIENT, q, 1, -1, 0)


@rule
def helicopter_discard(K, s, p, pt):
    replace_patient(K, s, p, pt, pt, True)
    return_card(K, s, pt[0])
    if K[layout.K_HELI_QOC]:
        change_qoc(K, s, p, -K[layout.K_HELI_QOC])
    helicopter_progress(K, s, HELI_DISCARDED)


@rule
def waits(K, s):
    """flow.waits: whether the head task needs chance or a player."""
    h = layout.S_QUEUE
    k = s[h + layout.Q_KIND]
    p = s[h + layout.Q_PLAYER]
    n = s[h + layout.Q_N]
    M = K[layout.K_M]
    if k == T_FIRST:
        return True
    if k == T_DRAW_PICK or k == T_DRAW_HAND:
        return n > 0 and sum_range(s, K[layout.O_DECK], M) > 0
    if k == T_DRAW_PATIENT:
        return n > 0 and shuffled_total(K, s) > 0
    if k == T_KEEP:
        return 0 < n < sum_range(s, K[layout.O_PICKING], M)
    if k == T_ADMIT:
        return s[layout.S_NARR] > 0 and not fits(K, s, p)
    if k == T_EFFECT:
        return is_decision(K, s, s[h + layout.Q_EFFECT], p)
    if k == T_REVEAL:
        return first_reveal(K, s, p) >= 0
    if is_pay(k):
        return n_bits(token_choices(K, s)) > 1
    return False


@rule
def run(K, s, k, p, n, e, play):
    """flow.run: one step that needs nobody (its task already off the queue)."""
    M = K[layout.K_M]
    if k == T_EFFECT:
        apply_effect(K, s, p, e, play)
    elif k == T_END_TURN:
        end_turn(K, s, p)
    elif k == T_DRAW_PICK or k == T_DRAW_HAND:
        if n > 0 and K[layout.K_RESHUFFLE] and sum_range(s, K[layout.O_DISCARD], M):
            for t in range(M):
                s[K[layout.O_DECK] + t] = s[K[layout.O_DISCARD] + t]
                s[K[layout.O_DISCARD] + t] = 0
            q_push(s, k, p, n, e, play)
    elif k == T_DRAW_PATIENT:
        if n > 0 and s[layout.S_NRET]:
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
        s[layout.S_PHASE] = ACTIONS
        s[layout.S_TURN] = s[layout.S_FIRST]
        for q in range(K[layout.K_P]):
            s[pb(K, q) + layout.P_PASSED] = 0
    elif k == T_REVEAL:
        pass
    elif k == T_DEATHS:
        for i in range(K[layout.K_P]):
            deaths(K, s, seat_at(K, s, i))
    elif k == T_PRESTIGE:
        for i in range(K[layout.K_P]):
            b = pb(K, seat_at(K, s, i))
            s[b + layout.P_VP] += s[b + layout.P_PRESTIGE] // 2
    elif k == T_ROUND_END:
        round_end(K, s)
    elif is_pay(k):
        q_push(s, k, p, n, e, play)
        mask = token_choices(K, s)
        if n_bits(mask) != 1:
            s[layout.S_ERR] = 1
            return
        for kind in range(5):
            if mask >> kind & 1:
                use_token(K, s, kind)
    else:
        s[layout.S_ERR] = 1


@rule
def advance(K, s):
    """flow.advance: run the steps that need nobody until a decision, chance or the end."""
    while s[layout.S_ERR] == 0:
        if s[layout.S_QLEN]:
            if waits(K, s):
                return
            h = layout.S_QUEUE
            k, p, n = s[h + layout.Q_KIND], s[h + layout.Q_PLAYER], s[h + layout.Q_N]
            e, play = s[h + layout.Q_EFFECT], s[h + layout.Q_PLAY]
            q_pop(s)
            run(K, s, k, p, n, e, play)
            continue
        if s[layout.S_PHASE] == SETUP:
            begin_round(K, s)
            continue
        return


# Chance (flow.chance_weights / chance_apply; treatment.diagnose) --------------------------


@rule
def chance_weights(K, s, keys, weights):
    """The outcomes of the chance step at the head of the queue: (key, weight) pairs."""
    h = layout.S_QUEUE
    k = s[h + layout.Q_KIND]
    p = s[h + layout.Q_PLAYER]
    if k == T_FIRST:
        for q in range(K[layout.K_P]):
            keys[q] = q
            weights[q] = 1
        return K[layout.K_P]
    n = 0
    if k == T_DRAW_PICK or k == T_DRAW_HAND:
        for t in range(K[layout.K_M]):
            w = s[K[layout.O_DECK] + t]
            if w:
                keys[n] = t
                weights[n] = w
                n += 1
        return n
    if k == T_DRAW_PATIENT:
        if shuffled_total(K, s):
            for c in range(K[layout.K_NC]):
                w = s[K[layout.O_SHUF] + c]
                if w:
                    keys[n] = c
                    weights[n] = 1 if K[layout.K_PLANTED] == 2 else w
                    n += 1
            return n
        if s[layout.S_NRET]:
            keys[0] = -1
            weights[0] = 1
            return 1
        return 0
    if k == T_REVEAL:
        r = first_reveal(K, s, p)
        return resolve_weights(K, s, s[r], keys, weights)
    s[layout.S_ERR] = 1
    return 0


@rule
def chance_apply(K, s, key):
    h = layout.S_QUEUE
    k = s[h + layout.Q_KIND]
    p = s[h + layout.Q_PLAYER]
    n = s[h + layout.Q_N]
    if k == T_FIRST:
        s[layout.S_FIRST] = key
        s[layout.S_TURN] = key
        q_pop(s)
        return
    if k == T_REVEAL:
        r = first_reveal(K, s, p)
        pt = (s[r], s[r + 1], s[r + 2], s[r + 3])
        new = (key, pt[1], pt[2], pt[3])
        s[K[layout.O_UNRES] + key] -= 1
        replace_patient(K, s, p, pt, new, False)
        return
    if n > 1:
        s[h + layout.Q_N] = n - 1
    else:
        q_pop(s)
    if k == T_DRAW_PICK or k == T_DRAW_HAND:
        s[K[layout.O_DECK] + key] -= 1
        if k == T_DRAW_PICK:
            s[K[layout.O_PICKING] + key] += 1
        else:
            s[pb(K, p) + K[layout.PO_HAND] + key] += 1
        return
    card = take(K, s, key)
    arrive(K, s, p, card)


# Actions ---------------------------------------------------------------------------------


@rule
def push_effects(K, s, t, imm, p, play):
    """Card ``t``'s immediate (or action) rewards as tasks, then END_TURN, in front."""
    base = K[layout.T_MED] + t * layout.MED_W
    cnt = K[base + (layout.MED_NIMM if imm else layout.MED_NACT)]
    first = base + (layout.MED_IMM if imm else layout.MED_ACT)
    q_push(s, T_END_TURN, p, 0, -1, 0)
    for j in range(cnt - 1, -1, -1):
        q_push(s, T_EFFECT, p, 0, K[first + j], play)


@rule
def current_player(K, s):
    if s[layout.S_QLEN]:
        return s[layout.S_QUEUE + layout.Q_PLAYER]
    return s[layout.S_TURN]


@rule
def act(K, s, a, key):
    """Apply decision row ``a`` (``key``: its chance outcome, if it has one), before
    :func:`advance` (the model's ``RHModel._apply``)."""
    verb = a[0]
    p = current_player(K, s)
    b = pb(K, p)
    pt = a[1:5]
    t = a[1]
    if verb == layout.V_DRAW:
        chance_apply(K, s, key)
    elif verb == layout.V_KEEP:
        s[K[layout.O_PICKING] + t] -= 1
        s[layout.S_QUEUE + layout.Q_N] -= 1
        s[b + K[layout.PO_HAND] + t] += 1
    elif verb == layout.V_REJECT:
        reject(K, s, p, pt)
    elif verb == layout.V_CHOOSE:
        e = s[layout.S_QUEUE + layout.Q_EFFECT]
        play = s[layout.S_QUEUE + layout.Q_PLAY]
        q_pop(s)
        q_push(s, T_EFFECT, p, 0, eff(K, e, 4 + t), play)
    elif verb == layout.V_CHOOSE_INS:
        play = s[layout.S_QUEUE + layout.Q_PLAY]
        q_pop(s)
        advance_insurance(K, s, p, t, play)
    elif verb == layout.V_HELI_DISCARD:
        helicopter_discard(K, s, p, pt)
    elif verb == layout.V_HELI_DRAW:
        helicopter_draw(K, s, p)
    elif verb == layout.V_HELI_DONE:
        q_pop(s)
    elif verb == layout.V_PLAY:
        if K[layout.K_HEALED_SPENT]:
            s[b + layout.P_HEALED] -= med(K, t, layout.MED_HEALED)
        s[b + layout.P_CREDITS] -= med(K, t, layout.MED_CREDITS)
        s[b + K[layout.PO_HAND] + t] -= 1
        s[b + K[layout.PO_PLAYED] + t] += 1
        if not K[layout.K_SAME_ROUND]:
            s[b + K[layout.PO_USED] + t] += 1
        push_effects(K, s, t, True, p, 1)
        spend1(K, s, p, RESEARCH, med(K, t, layout.MED_RESEARCH))
    elif verb == layout.V_ACTIVATE:
        s[b + K[layout.PO_USED] + t] += 1
        push_effects(K, s, t, False, p, 0)
    elif verb == layout.V_SELL_CARD:
        s[b + K[layout.PO_HAND] + t] -= 1
        s[b + layout.P_CREDITS] += K[layout.K_SELL]
        s[K[layout.O_DISCARD] + t] += 1
    elif verb == layout.V_SELL_RESEARCH:
        s[b + layout.P_CREDITS] += K[layout.K_SELL]
        spend1(K, s, p, RESEARCH, 1)
    elif verb == layout.V_PASS:
        s[b + layout.P_PASSED] = 1
        q_push(s, T_END_TURN, p, 0, -1, 0)
    elif verb == layout.V_DIAGNOSE:
        diagnose_paid(K, s, p, pt)
        diagnosed_as(K, s, p, pt, key)
    elif verb == layout.V_HEAL:
        heal(K, s, p, pt)
    elif verb == layout.V_ASSIGN:
        assign(K, s, p, pt)
    elif verb == layout.V_TREAT_TERMINAL:
        treat_terminal(K, s, p, t)
    elif verb == layout.V_END_TREATMENT:
        end_treatment(K, s, p)
    elif verb == layout.V_USE_TOKEN:
        use_token(K, s, t)
    else:
        s[layout.S_ERR] = 1


@rule
def outcomes(K, s, a, keys, weights):
    """The chance outcomes of ``a`` in ``s`` as (key, weight); 1 outcome (key 0) if none."""
    if a[0] == layout.V_DRAW:
        return chance_weights(K, s, keys, weights)
    if a[0] == layout.V_DIAGNOSE:
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
