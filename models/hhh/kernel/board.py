"""Board facts and shared rules of the kernel: capacities, money, Patient Death, Wards
as level counts. Each mirrors the function of the same name in ``models/hhh/rules/board.py``
(rulebook citations there); tests/hhh/test_hhh_kernel.py proves the two equal."""

from __future__ import annotations

from numba import njit

from .layout import (
    CEMETERY,
    CURSOR,
    DEATHS,
    H_LATEST,
    HEAL_ON,
    K_MONEY_CAP,
    K_MORGUE_CAPACITY,
    K_TOMBSTONES,
    K_WHITE_OUT_ARREST,
    MONEY,
    NC,
    PHASE,
    PICK_KIND,
    PICK_LEFT,
    R_DRAWN,
    REASON,
    ROOMS,
    STAFF_HIRED,
    SUPPLY,
    UNMARKED,
    WARDS,
    WHITE,
)

# Phases and constants of models/hhh/rules/state.py and config.py (same numbers)
SETUP_MARKERS, SETUP_ROOM, SETUP_BLOOD, SETUP_WAITING, SETUP_TRAINING = 0, 1, 2, 3, 4
ACTIONS, HEAL_DRAWN, RESEARCH_DRAWN, PICKS, PP_INSTALL = 5, 6, 7, 8, 9
PP_TRAINING_REFILL, PP_ARRIVE, PP_VISIT, PP_END, PP_STAFF, OVER = 10, 11, 12, 13, 14, 15
PP_ARRIVE_ORDER, PP_ER_ADMIT, PP_VISIT_ORDER = 16, 17, 18
ER_KIND, BLOOD_BANK, MORGUE = 5, 6, 7
PICK_TRAINING, PICK_REPLACE, PICK_INTERN, PICK_IMPROVE, PICK_MANAGER = 1, 2, 3, 4, 5
PICK_REPLACE_FIRST = 6  # state.PICK_REPLACE_FIRST
WARD, TREATMENT, EMERGENCY, WAITING_PLACE = 0, 1, 2, 3
CRITICAL, TREATED = 0, 1
BANKRUPT, ARRESTED, COMPLETED, STUCK = 1, 2, 3, 4
LAWYER, CHAPLAIN, INTAKE_NURSE, JANITOR, CORONER = 0, 1, 2, 3, 4
INTERN, BUREAUCRAT, MANAGER, COO, CFO, CAT = 5, 6, 7, 8, 9, 10
GRAY = 1
DEATH_LEVEL = 5
TRAINING_REBAG = 5
NOWITZ, URA = 0, 1


@njit(cache=True)
def end(s, reason: int) -> None:
    """The game is over: no Heal, Research or picks pending."""
    s[PHASE] = OVER
    s[REASON] = reason
    for i in range(HEAL_ON, H_LATEST + 1):
        s[i] = 0
    for i in range(R_DRAWN - 2, R_DRAWN + NC):
        s[i] = 0
    s[PICK_KIND] = 0
    s[PICK_LEFT] = 0


@njit(cache=True)
def pay(s, amount: int) -> None:
    s[MONEY] -= amount
    if s[MONEY] < 0:
        end(s, BANKRUPT)


@njit(cache=True)
def gain(K, s, amount: int) -> None:
    s[MONEY] += amount
    if K[K_MONEY_CAP] >= 0 and s[MONEY] > K[K_MONEY_CAP]:
        s[MONEY] = K[K_MONEY_CAP]


@njit(cache=True)
def short_draw(K, s, got: int, wanted: int, stuck_reading: bool) -> None:
    if got < wanted and stuck_reading and s[REASON] == 0:
        end(s, STUCK)


@njit(cache=True)
def body_capacity(K, s) -> int:
    cap = K[K_TOMBSTONES] + (1 if s[STAFF_HIRED + CORONER] else 0)
    if s[ROOMS + MORGUE]:
        cap += K[K_MORGUE_CAPACITY] + (1 if s[ROOMS + MORGUE] == 2 else 0)
    return cap


@njit(cache=True)
def die(K, s, colour: int, marker: bool, cost: int) -> None:
    """Hide the body, then pay the settlement (Lawyer: $2 less each)."""
    s[DEATHS] += 1
    bodies = 0
    for i in range(7):
        bodies += s[CEMETERY + i]
    arrested = bodies >= body_capacity(K, s)
    if not marker and s[SUPPLY + WHITE] == 0 and K[K_WHITE_OUT_ARREST]:
        arrested = True
    if arrested:
        end(s, ARRESTED)
        return
    if marker:
        s[CEMETERY + colour] += 1
    elif s[SUPPLY + WHITE] > 0:
        s[SUPPLY + WHITE] -= 1
        s[CEMETERY + WHITE] += 1
    else:
        s[CEMETERY + UNMARKED] += 1
    pay(s, max(0, cost - 2 * s[STAFF_HIRED + LAWYER]))


@njit(cache=True)
def er_capacity(s) -> int:
    v = s[ROOMS + ER_KIND]
    return 0 if v == 0 else (1 if v == 1 else 3)


@njit(cache=True)
def blood_size(s) -> int:
    v = s[ROOMS + BLOOD_BANK]
    return 0 if v == 0 else (3 if v == 1 else 5)


@njit(cache=True)
def treatment_max(s, colour: int) -> int:
    return 5 if s[ROOMS + colour] == 2 else 4


@njit(cache=True)
def treatment_draw(s, colour: int) -> int:
    return 10 if s[ROOMS + colour] == 2 else 8


@njit(cache=True)
def treatment_pay(s, colour: int) -> int:
    return 4 if s[ROOMS + colour] == 2 else 3


@njit(cache=True)
def treatment_death(s, colour: int) -> int:
    return 15 if s[ROOMS + colour] == 2 else 12


@njit(cache=True)
def ward_size(s, c: int) -> int:
    b = WARDS + 4 * c
    return s[b] + s[b + 1] + s[b + 2] + s[b + 3]


@njit(cache=True)
def ward_add(s, c: int, level: int) -> None:
    s[WARDS + 4 * c + level - 1] += 1


@njit(cache=True)
def ward_remove(s, c: int, level: int) -> None:
    s[WARDS + 4 * c + level - 1] -= 1


@njit(cache=True)
def place(done: int, item: int) -> int:
    return done * 8 + item


@njit(cache=True)
def set_cursor(s, phase: int, cursor: int) -> None:
    s[PHASE] = phase
    s[CURSOR] = cursor
