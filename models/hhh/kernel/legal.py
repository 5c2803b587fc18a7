"""Legal actions over the flat state, as rows sorted like ``sort_actions`` (model._legal
and the option functions of heal, player_actions, patient_phase, rooms, setup)."""

from __future__ import annotations

import numpy as np
from numba import njit

from . import board
from .layout import (
    A_ADMIN_REDRAW,
    A_ADMIT_TO_ER,
    A_ARRIVE_AT,
    A_BONUS,
    A_CHAPLAIN_FLIP,
    A_CHOOSE_BENEFIT,
    A_DRAW,
    A_END_ACTIONS,
    A_END_PICKS,
    A_HEAL,
    A_HIRE_STAFF,
    A_IMPROVE_ROOM,
    A_INSTALL_ROOM,
    A_INTERN_TREAT,
    A_JANITOR_IGNORE,
    A_NURSE_TRAINING,
    A_PASS,
    A_REMOVE_ABILITY,
    A_REPLACE_MARKER,
    A_RESEARCH,
    A_RESTOCK_BLOOD_BANK,
    A_RETURN_BLACKS,
    A_SETTLE,
    A_TAKE_TRAINING,
    A_TRANSFER,
    A_VISIT_WARD,
    ABILITIES,
    ADMIN_FACE_UP,
    ADMIN_TOKENS,
    BLACK,
    BLOOD,
    CEMETERY,
    CHAPLAIN_USED,
    CURSOR,
    ER,
    H_BLOOD,
    H_BONUS,
    H_DRAWN,
    H_LATEST,
    JANITOR_USED,
    K_ADMIN,
    K_BB_FLIPS,
    K_BB_REBAG,
    K_BEDS,
    K_C,
    K_CHAPLAIN_IN_HEAL,
    K_COOKE,
    K_DECK,
    K_DOCTORS,
    K_INTERN_ER,
    K_OFFICE,
    K_P,
    K_REACTION_LATEST,
    K_RESEARCH_ALL,
    K_RESEARCH_HIRE_WITHOUT,
    K_RESEARCH_MUST,
    K_STAFF_COST,
    K_STARTING_ROOM,
    K_TR5_TO_WARD,
    K_TRANSFER_WR,
    K_UNAFFORDABLE_OK,
    K_WAITING_ROOMS,
    MAX_ACTIONS,
    MEDICAL,
    MONEY,
    NA,
    NC,
    NURSE_USED,
    PHASE,
    PICK_KIND,
    R_CARD,
    R_DRAWN,
    RDECK,
    RDISCARD,
    ROOMS,
    ROOMS_PLACED,
    STAFF_HIRED,
    STAFF_OPEN,
    SUPPLY,
    TRAIN_HIDDEN,
    TRAIN_OPEN,
    TREAT_LEVEL,
    WAITING,
    WARDS,
    WHITE,
)
from .rules import (
    RESEARCH_HIRE_COST,
    rebag_allowance,
    research_colours,
    room_cap_reached,
)


@njit(cache=True)
def _row(out, n, verb, f1=0, f2=0, f3=0, f4=0, f5=0, f6=0) -> int:
    if n >= MAX_ACTIONS:
        return n
    out[n, 0] = verb
    out[n, 1] = f1
    out[n, 2] = f2
    out[n, 3] = f3
    out[n, 4] = f4
    out[n, 5] = f5
    out[n, 6] = f6
    out[n, 7] = 0
    return n + 1


@njit(cache=True)
def can_pay(K, s, cost) -> bool:
    return K[K_UNAFFORDABLE_OK] != 0 or s[MONEY] >= cost


@njit(cache=True)
def can_chaplain(K, s) -> bool:
    return (
        K[K_ADMIN] != 0
        and s[STAFF_HIRED + board.CHAPLAIN] != 0
        and not s[CHAPLAIN_USED]
        and not s[ADMIN_FACE_UP]
    )


@njit(cache=True)
def _hireable(K, s, cost, out, n, verb, benefit) -> int:
    if not can_pay(K, s, cost) or s[STAFF_HIRED : STAFF_HIRED + 11].sum() >= K[K_OFFICE]:
        return n
    for t in range(11):
        if s[STAFF_OPEN + t] and t != board.CAT:
            if verb == A_HIRE_STAFF:
                n = _row(out, n, verb, t)
            else:
                n = _row(out, n, verb, benefit, t)
    return n


@njit(cache=True)
def _intern_targets(K, s, out, n) -> int:
    for c in range(K[K_C]):
        for lv in range(4):
            if s[WARDS + 4 * c + lv]:
                n = _row(out, n, A_INTERN_TREAT, board.WARD, 0, c, lv + 1)
        if s[TREAT_LEVEL + c]:
            n = _row(out, n, A_INTERN_TREAT, board.TREATMENT, 0, c, s[TREAT_LEVEL + c])
        if s[ER + c] and K[K_INTERN_ER]:
            n = _row(out, n, A_INTERN_TREAT, board.EMERGENCY, 0, c, board.DEATH_LEVEL)
        for w in range(K[K_WAITING_ROOMS]):
            if s[WAITING + 5 * w + c]:
                n = _row(out, n, A_INTERN_TREAT, board.WAITING_PLACE, w, c, s[WAITING + 5 * w + c])
    return n


@njit(cache=True)
def _transfers(K, s, p, out, n) -> int:
    nurse = s[STAFF_HIRED + board.INTAKE_NURSE] != 0
    mode = K[K_TRANSFER_WR]
    for c in range(K[K_C]):
        bed = board.ward_size(s, c) < K[K_BEDS]
        room = s[ROOMS + c] != 0 and s[TREAT_LEVEL + c] == 0
        top = board.treatment_max(s, c) if s[ROOMS + c] else 0
        marker = s[SUPPLY + c] > 0
        for w in range(K[K_WAITING_ROOMS]):
            level = s[WAITING + 5 * w + c]
            if not level or not marker:
                continue
            if bed and ((3 <= level <= 4) or (nurse and level <= 4)):
                n = _row(out, n, A_TRANSFER, p, board.WAITING_PLACE, w, c, level, board.WARD)
            ok = mode == 2 or (mode == 0 and 3 <= level <= 4)
            if room and level <= top and ok:
                n = _row(out, n, A_TRANSFER, p, board.WAITING_PLACE, w, c, level, board.TREATMENT)
        if room:
            for lv in range(4):
                if s[WARDS + 4 * c + lv] and lv + 1 <= top:
                    n = _row(out, n, A_TRANSFER, p, board.WARD, 0, c, lv + 1, board.TREATMENT)
        tr = s[TREAT_LEVEL + c]
        if tr and bed and (tr < board.DEATH_LEVEL or K[K_TR5_TO_WARD]):
            n = _row(out, n, A_TRANSFER, p, board.TREATMENT, 0, c, tr, board.WARD)
    return n


@njit(cache=True)
def _black_available(K, s) -> bool:
    if K[K_REACTION_LATEST]:
        return s[H_LATEST] > 0
    return s[H_DRAWN + BLACK] > 0


@njit(cache=True)
def _settles(K, s, out, n) -> int:
    """heal.rebag_choices: every multiset of at most the allowance of drawn cubes."""
    C = K[K_C]
    avail = np.zeros(6, dtype=np.int64)  # reference order: colours, then black
    for i in range(C):
        avail[i] = s[H_DRAWN + i]
    avail[C] = s[H_DRAWN + BLACK]
    if s[H_BLOOD] >= 0 and not K[K_BB_REBAG]:
        avail[s[H_BLOOD]] -= 1
    allowance = rebag_allowance(K, s)
    m = C + 1
    x = np.zeros(6, dtype=np.int64)
    while True:
        if n < MAX_ACTIONS:
            out[n, 0] = A_SETTLE
            for i in range(6):
                out[n, 1 + i] = x[i]
            out[n, 7] = 0
        n += 1
        # next vector in lexicographic order with sum <= allowance, x <= avail
        i = m - 1
        used = x[:m].sum()
        while i >= 0:
            if x[i] < avail[i] and used < allowance:
                x[i] += 1
                break
            used -= x[i]
            x[i] = 0
            i -= 1
        if i < 0:
            return n


@njit(cache=True)
def _unsorted(K, s, out) -> int:
    ph = s[PHASE]
    C = K[K_C]
    n = 0
    if ph == board.OVER:
        return 0
    if ph in (
        board.SETUP_MARKERS,
        board.SETUP_WAITING,
        board.SETUP_TRAINING,
        board.PP_ARRIVE,
        board.PP_VISIT,
        board.PP_STAFF,
    ):
        return _row(out, n, A_DRAW)
    if ph == board.ACTIONS:
        n = _row(out, n, A_END_ACTIONS)
        for p in range(K[K_P]):
            if not s[MEDICAL + p]:
                continue
            for c in range(C):
                for kind in range(3):
                    levels = 4 if kind == 0 else 1
                    for lv in range(levels):
                        if kind == 0:
                            if not s[WARDS + 4 * c + lv]:
                                continue
                            level = lv + 1
                        elif kind == 1:
                            level = s[TREAT_LEVEL + c]
                            if not level:
                                continue
                        else:
                            if not s[ER + c]:
                                continue
                            level = board.DEATH_LEVEL
                        n = _row(out, n, A_HEAL, p, kind, c, level, -1)
                        for k in range(C):
                            if s[BLOOD + k]:
                                n = _row(out, n, A_HEAL, p, kind, c, level, k)
            n = _transfers(K, s, p, out, n)
        if s[ADMIN_TOKENS] > 0:
            n = _hireable(K, s, K[K_STAFF_COST], out, n, A_HIRE_STAFF, 0)
            if s[RDECK : RDECK + 5].sum() + s[RDISCARD : RDISCARD + 5].sum():
                n = _row(out, n, A_RESEARCH)
            bb = s[ROOMS + board.BLOOD_BANK]
            if (
                bb
                and not s[BLOOD : BLOOD + NC].any()
                and can_pay(K, s, 5 if bb == 2 else 3)
                and (s[ADMIN_FACE_UP] or not K[K_BB_FLIPS])
                and board.blood_size(s) > 0
            ):
                n = _row(out, n, A_RESTOCK_BLOOD_BANK)
        if can_chaplain(K, s):
            n = _row(out, n, A_CHAPLAIN_FLIP)
        for p in range(K[K_P]):
            if K[K_DOCTORS + p] == board.URA and not s[NURSE_USED + p]:
                for k in range(6):
                    if s[TRAIN_OPEN + k]:
                        n = _row(out, n, A_NURSE_TRAINING, p, k)
        return n
    if ph == board.HEAL_DRAWN:
        for size in range(1, 3):
            if s[H_BONUS + size]:
                n = _row(out, n, A_BONUS, size)
        if s[STAFF_HIRED + board.JANITOR] and not s[JANITOR_USED] and _black_available(K, s):
            n = _row(out, n, A_JANITOR_IGNORE)
        if (
            K[K_ADMIN]
            and K[K_COOKE]
            and s[ADMIN_FACE_UP]
            and s[ADMIN_TOKENS] > 0
            and _black_available(K, s)
        ):
            n = _row(out, n, A_ADMIN_REDRAW)
        if K[K_CHAPLAIN_IN_HEAL] and can_chaplain(K, s):
            n = _row(out, n, A_CHAPLAIN_FLIP)
        return _settles(K, s, out, n)
    if ph == board.RESEARCH_DRAWN:
        hire_c, train_c, replace_c = research_colours(K, s[R_CARD])
        dh = s[R_DRAWN + hire_c]
        dt = s[R_DRAWN + train_c]
        dr = s[R_DRAWN + replace_c]
        failed = not (dh or dt or dr)
        start = n
        if dh or (K[K_RESEARCH_HIRE_WITHOUT] and not failed):
            n = _hireable(K, s, max(0, RESEARCH_HIRE_COST - dh), out, n, A_CHOOSE_BENEFIT, 0)
        if dt and (
            s[TRAIN_OPEN : TRAIN_OPEN + 6].sum() or s[TRAIN_HIDDEN : TRAIN_HIDDEN + 6].sum()
        ):
            n = _row(out, n, A_CHOOSE_BENEFIT, 1, 0)
        if dr and s[CEMETERY : CEMETERY + C].any() and s[SUPPLY + WHITE]:
            n = _row(out, n, A_CHOOSE_BENEFIT, 2, 0)
        if n == start or not K[K_RESEARCH_MUST]:
            n = _row(out, n, A_CHOOSE_BENEFIT, -1, 0)
        return n
    if ph == board.PICKS:
        kind = s[PICK_KIND]
        if kind == board.PICK_TRAINING:
            for k in range(6):
                if s[TRAIN_OPEN + k]:
                    for p in range(K[K_P]):
                        n = _row(out, n, A_TAKE_TRAINING, k, p)
            if s[TRAIN_HIDDEN : TRAIN_HIDDEN + 6].sum():
                for p in range(K[K_P]):
                    n = _row(out, n, A_TAKE_TRAINING, -1, p)
        elif kind == board.PICK_REPLACE or kind == board.PICK_REPLACE_FIRST:
            if s[SUPPLY + WHITE]:
                for c in range(C):
                    if s[CEMETERY + c]:
                        n = _row(out, n, A_REPLACE_MARKER, c)
        elif kind == board.PICK_INTERN:
            n = _intern_targets(K, s, out, n)
        elif kind == board.PICK_IMPROVE:
            for k in range(8):
                if s[ROOMS + k] == 1:
                    n = _row(out, n, A_IMPROVE_ROOM, k)
        elif kind == board.PICK_MANAGER:
            for c in range(C):
                if s[ABILITIES + c]:
                    n = _row(out, n, A_REMOVE_ABILITY, c)
        if not K[K_RESEARCH_ALL] and kind == board.PICK_REPLACE:
            n = _row(out, n, A_END_PICKS)
        return n
    if ph == board.SETUP_ROOM:
        if K[K_STARTING_ROOM] >= 0 and s[ROOMS_PLACED] == 0:
            return _row(out, n, A_INSTALL_ROOM, K[K_STARTING_ROOM])
        for k in range(8):
            if K[K_DECK + k] and not s[ROOMS + k]:
                n = _row(out, n, A_INSTALL_ROOM, k)
        return n
    if ph == board.PP_INSTALL:
        if room_cap_reached(K, s):
            return 0
        for k in range(8):
            if K[K_DECK + k] and not s[ROOMS + k]:
                n = _row(out, n, A_INSTALL_ROOM, k)
        return n
    if ph == board.PP_END:
        n = _row(out, n, A_PASS)
        return _row(out, n, A_RETURN_BLACKS)
    if ph == board.PP_ARRIVE_ORDER:
        for w in range(K[K_WAITING_ROOMS]):
            if not (s[CURSOR] >> w) & 1:
                n = _row(out, n, A_ARRIVE_AT, w)
        return n
    if ph == board.PP_ER_ADMIT:
        w = s[CURSOR] % 8
        for c in range(C):
            if s[WAITING + 5 * w + c] >= board.DEATH_LEVEL:
                n = _row(out, n, A_ADMIT_TO_ER, c)
        return n
    if ph == board.PP_VISIT_ORDER:
        for c in range(C):
            if not (s[CURSOR] >> c) & 1 and board.ward_size(s, c):
                n = _row(out, n, A_VISIT_WARD, c)
        return n
    return 0


@njit(cache=True)
def _key(row) -> np.int64:
    k = np.int64(0)
    for j in range(NA):
        k = k * 64 + (row[j] + 2)
    return k


@njit(cache=True)
def legal(K, s, out) -> int:
    """The legal actions of ``s`` into ``out`` rows, sorted; returns their number (more
    than ``MAX_ACTIONS`` means ``out`` was too small)."""
    n = _unsorted(K, s, out)
    if n > MAX_ACTIONS or n < 2:
        return n
    keys = np.empty(n, dtype=np.int64)
    for i in range(n):
        keys[i] = _key(out[i])
    order = np.argsort(keys)
    rows = out[:n].copy()
    for i in range(n):
        for c in range(NA):
            out[i, c] = rows[order[i], c]
    return n
