"""Small compiled operations the rules share: player blocks, sorted patient lists, the
task queue, congress doctors, quality of care and paying with tokens (the model's
``board.py``, ``patients.py`` list handling and ``treatment.pay``)."""

from __future__ import annotations

from . import layout
from .jit import rule

DIAG, HEAL, RESEARCH, STAFF, DOCTOR = 0, 1, 2, 3, 4
T_QOC = 11


@rule
def pb(K, p):
    """Where player ``p``'s block starts."""
    return K[layout.O_PLAYERS] + p * K[layout.PW]


@rule
def seat_at(K, s, k):
    """The ``k``-th seat in turn order from the starting player."""
    return (s[layout.S_FIRST] + k) % K[layout.K_P]


@rule
def seat_index(K, s, p):
    return (p - s[layout.S_FIRST]) % K[layout.K_P]


# Sorted lists of fixed-width rows ---------------------------------------------------------


@rule
def row_less(s, a, b, w):
    for j in range(w):
        if s[a + j] != s[b + j]:
            return s[a + j] < s[b + j]
    return False


@rule
def cmp_vals(s, a, vals, w):
    """-1, 0 or 1: the row at ``a`` against ``vals``."""
    for j in range(w):
        if s[a + j] != vals[j]:
            return -1 if s[a + j] < vals[j] else 1
    return 0


@rule
def list_insert(s, at, count_at, room, w, vals):
    """Insert ``vals`` into the sorted list at ``at`` (count in ``s[count_at]``)."""
    n = s[count_at]
    if n >= room:
        s[layout.S_ERR] = 1
        return
    i = n
    while i > 0 and cmp_vals(s, at + (i - 1) * w, vals, w) > 0:
        for j in range(w):
            s[at + i * w + j] = s[at + (i - 1) * w + j]
        i -= 1
    for j in range(w):
        s[at + i * w + j] = vals[j]
    s[count_at] = n + 1


@rule
def list_remove_at(s, at, count_at, w, i):
    n = s[count_at]
    for k in range(i, n - 1):
        for j in range(w):
            s[at + k * w + j] = s[at + (k + 1) * w + j]
    for j in range(w):
        s[at + (n - 1) * w + j] = 0
    s[count_at] = n - 1


@rule
def list_find(s, at, count_at, w, vals):
    for i in range(s[count_at]):
        if cmp_vals(s, at + i * w, vals, w) == 0:
            return i
    return -1


@rule
def list_sort(s, at, count_at, w):
    """Insertion sort by swapping neighbours (the lists are short and nearly sorted)."""
    for i in range(1, s[count_at]):
        k = i
        while k > 0 and row_less(s, at + k * w, at + (k - 1) * w, w):
            for j in range(w):
                x = s[at + k * w + j]
                s[at + k * w + j] = s[at + (k - 1) * w + j]
                s[at + (k - 1) * w + j] = x
            k -= 1


@rule
def replace_patient(K, s, p, old, new, remove):
    """Player ``p``'s hospital with ``old`` replaced by ``new`` (or removed)."""
    b = pb(K, p)
    at = b + K[layout.PO_PAT]
    i = list_find(s, at, b + layout.P_NPAT, layout.PATW, old)
    if i < 0:
        s[layout.S_ERR] = 1
        return
    list_remove_at(s, at, b + layout.P_NPAT, layout.PATW, i)
    if not remove:
        list_insert(s, at, b + layout.P_NPAT, K[layout.PMAX], layout.PATW, new)


@rule
def return_card(K, s, code):
    """A card on top of the Patient deck (the returned pile, oldest first)."""
    n = s[layout.S_NRET]
    if n >= K[layout.RMAX]:
        s[layout.S_ERR] = 1
        return
    s[K[layout.O_RET] + n] = code
    s[layout.S_NRET] = n + 1


# The task queue -------------------------------------------------------------------------


@rule
def q_at(i, f):
    return layout.S_QUEUE + i * layout.TW + f


@rule
def q_pop(s):
    n = s[layout.S_QLEN]
    for i in range(layout.S_QUEUE, layout.S_QUEUE + (n - 1) * layout.TW):
        s[i] = s[i + layout.TW]
    for i in range(layout.S_QUEUE + (n - 1) * layout.TW, layout.S_QUEUE + n * layout.TW):
        s[i] = 0
    s[layout.S_QLEN] = n - 1


@rule
def q_open(s, i, k):
    """Make room for ``k`` tasks at position ``i``; False if the queue is full."""
    n = s[layout.S_QLEN]
    if n + k > layout.QMAX:
        s[layout.S_ERR] = 1
        return False
    for j in range(
        layout.S_QUEUE + (n + k) * layout.TW - 1, layout.S_QUEUE + (i + k) * layout.TW - 1, -1
    ):
        s[j] = s[j - k * layout.TW]
    s[layout.S_QLEN] = n + k
    return True


@rule
def q_set(s, i, kind, player, n, effect, play):
    b = layout.S_QUEUE + i * layout.TW
    s[b + layout.Q_KIND] = kind
    s[b + layout.Q_PLAYER] = player
    s[b + layout.Q_N] = n
    s[b + layout.Q_EFFECT] = effect
    s[b + layout.Q_PLAY] = play


@rule
def q_push(s, kind, player, n, effect, play):
    """One task in front of the queue."""
    if q_open(s, 0, 1):
        q_set(s, 0, kind, player, n, effect, play)


# Tracks ---------------------------------------------------------------------------------


@rule
def reached(K, old, new, space):
    if K[layout.K_DOCTOR_EXACT]:
        return new == space and old != space
    return old < space <= new


@rule
def claim_doctors(K, s, p, track, old, new):
    """Every congress doctor still on ``track`` between ``old`` and ``new`` goes to ``p``."""
    if new <= old:
        return
    won = 0
    t0 = K[layout.T_DOCTORS]
    for i in range(K[layout.K_NDOCTORS]):
        d = K[layout.O_DOCTORS] + i
        if K[t0 + 2 * i] == track and s[d] and reached(K, old, new, K[t0 + 2 * i + 1]):
            if K[layout.K_PLANTED] != 3:
                s[d] = 0
            won += 1
    s[pb(K, p) + layout.P_TOK + DOCTOR] += won


@rule
def change_qoc(K, s, p, d):
    b = pb(K, p)
    old = s[b + layout.P_QOC]
    new = min(old + d, K[layout.K_QOC_MAX])
    if K[layout.K_QOC_CLAMP]:
        new = max(new, 0)
    s[b + layout.P_QOC] = new
    claim_doctors(K, s, p, T_QOC, old, new)


@rule
def capacity(K, s, p):
    b = pb(K, p)
    extra = 0
    for t in range(K[layout.K_M]):
        if K[K[layout.T_MED] + t * layout.MED_W + layout.MED_SPACE]:
            extra += s[b + K[layout.PO_PLAYED] + t]
    return K[layout.K_SPACES] + extra


# Paying with tokens (treatment.chain / pay) ------------------------------------------------


@rule
def chain_kind(K, kind, i):
    """The ``i``-th token kind that pays for ``kind`` (treatment.chain: least flexible
    first; -1 past its end)."""
    if kind == RESEARCH:
        return RESEARCH if i == 0 else (DOCTOR if i == 1 else -1)
    if i == 0:
        return kind
    if i == 1:
        return STAFF
    j = 2
    if K[layout.K_RESEARCH_HEALS]:
        if i == j:
            return RESEARCH
        j += 1
    if K[layout.K_DOCTOR_SUBST] and i == j:
        return DOCTOR
    return -1


@rule
def pay(K, tok, kind, amount):
    """Pay ``amount`` of ``kind`` along its chain from ``tok`` (5 counts, changed in
    place); False if short (``tok`` then undefined)."""
    if amount <= 0:
        return True
    for i in range(4):
        k = chain_kind(K, kind, i)
        if k < 0:
            return False
        take = min(tok[k], amount)
        tok[k] -= take
        amount -= take
        if amount == 0:
            return True
    return False


@rule
def can_pay(K, s, p, diag, heal):
    """Whether ``p``'s tokens pay a diagnosis part then a healing part (each along its
    chain: its own kind, staff, then research and doctors where a reading allows)."""
    b = pb(K, p) + layout.P_TOK
    t0, t1, t2, t3, t4 = s[b], s[b + 1], s[b + 2], s[b + 3], s[b + 4]
    rh, ds = K[layout.K_RESEARCH_HEALS], K[layout.K_DOCTOR_SUBST]
    for part in range(2):
        if part == 0:
            need = diag - min(t0, diag)
        else:
            need = heal - min(t1, heal)
        x = min(t3, need)
        t3 -= x
        need -= x
        if rh:
            x = min(t2, need)
            t2 -= x
            need -= x
        if ds:
            x = min(t4, need)
            t4 -= x
            need -= x
        if need > 0:
            return False
    return True
