"""The HHH rules over a flat state: every action's effect, with chance through
:mod:`.chance` (sampled or enumerated). One function per reference rule; the name and
the rulebook citation are those of ``models/hhh/`` (setup, heal, player_actions,
patient_phase, rooms), which stays the readable reference. Readings and config values
come in ``K`` (:mod:`.layout`), so every ``--interpret`` and ``--set`` reaches here.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import board
from .chance import chain, hyper, no_black, plain
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
    ADMIN_HOLDER,
    ADMIN_TOKENS,
    ADMIN_TOTAL,
    BAG,
    BLACK,
    BLOOD,
    CEMETERY,
    CHAPLAIN_USED,
    CURSOR,
    DISCARD,
    ER,
    H_BLOOD,
    H_BONUS,
    H_COLOUR,
    H_DRAWN,
    H_LATEST,
    H_LEVEL,
    H_PLACE,
    H_PLAYER,
    H_REBAG,
    HEAL_ON,
    JANITOR_USED,
    K_ADMIN,
    K_ARRIVAL,
    K_BB_BLACK_REFILL,
    K_BB_FLIPS,
    K_BEDS,
    K_BEDS_PER_PATIENT,
    K_C,
    K_COO_NOW,
    K_COOKE,
    K_DECK,
    K_DOCTORS,
    K_END_REACTION,
    K_END_REACTION_LAST,
    K_ER_DEATH,
    K_ER_DRAW,
    K_ER_PAY,
    K_ER_RETURN_FIRST,
    K_EXHAUSTED_STUCK,
    K_IMPROVED_START,
    K_INTERN_ER,
    K_INTERN_TREATS,
    K_LAST_ROUND,
    K_MARKERS_OUT_AFTER,
    K_MEDICAL_TOKENS,
    K_NO_ABILITIES,
    K_NURSE_REFILL,
    K_P,
    K_PLANTED,
    K_REBAG_NEEDS_RED,
    K_RESEARCH_ALL,
    K_RESEARCH_MUST,
    K_REVEAL,
    K_ROOM_CAP,
    K_ROOM_LIMIT,
    K_RTYPES,
    K_SETUP_BEFORE_WAITING,
    K_SETUP_CUBES,
    K_SETUP_LEVEL,
    K_SETUP_LEVEL5_DIES,
    K_SETUP_MARKERS,
    K_SHIELD,
    K_SPOTS,
    K_STAFF_COST,
    K_STAFF_LAST_ROUND,
    K_STAFF_POOL_SUM,
    K_STAFF_ROUND1_SETUP,
    K_STAFF_SPACES,
    K_STAFF_THIS_ROUND,
    K_TR_OVERFLOW_DIES,
    K_TRAINING_BONUS,
    K_TRAINING_FACE_UP,
    K_TWO_ROOMS,
    K_VISIT_REBAG,
    K_WAITING_DEATH,
    K_WAITING_ROOMS,
    K_WARD_DEATH,
    K_WARD_DRAW,
    K_WARD_PAY,
    MEDICAL,
    NC,
    NURSE_USED,
    PHASE,
    PICK_KIND,
    PICK_LEFT,
    R_CARD,
    R_DRAWN,
    RDECK,
    RDISCARD,
    REASON,
    RES_ON,
    ROOMS,
    ROOMS_PLACED,
    ROUND,
    STAFF_HIDDEN,
    STAFF_HIRED,
    STAFF_OPEN,
    STAFF_PASSED,
    SUPPLY,
    TRAIN_HIDDEN,
    TRAIN_OPEN,
    TRAINING,
    TREAT_LEVEL,
    TREAT_SIDE,
    WAITING,
    WARDS,
    WHITE,
)

RESEARCH_CUBES = 5
RESEARCH_HIRE_COST = 2
CFO_GAIN = 10
INTERN_HEAL = 3
ADMIN_BLACK_PAY = 2


# Rooms ------------------------------------------------------------------------------------


@njit(cache=True)
def fill_blood_bank(K, s, ch, rs) -> None:
    """rooms.fill_blood_bank: 3 cubes (5 Improved), black ones returned and redrawn."""
    n = board.blood_size(s) - s[BLOOD : BLOOD + NC].sum()
    got = np.zeros(NC, dtype=np.int64)
    drawn = no_black(
        ch, rs, s[BAG : BAG + NC], s[DISCARD : DISCARD + NC], n, K[K_BB_BLACK_REFILL] != 0, got
    )
    for i in range(NC):
        s[BLOOD + i] += got[i]
    if s[DISCARD : DISCARD + K[K_C]].any():  # stopped by HHH-BB-BLACK-ONLY=stop, not exhausted
        n = drawn
    board.short_draw(K, s, drawn, n, K[K_EXHAUSTED_STUCK] != 0)


@njit(cache=True)
def install_room(K, s, kind, improved: bool, fill: bool, ch, rs) -> None:
    """rooms.install_room: Basic side (Improved under the $0 variant); the Blood Bank fills."""
    s[ROOMS + kind] = 2 if improved else 1
    s[ROOMS_PLACED] += 1
    if kind == board.BLOOD_BANK and fill:
        fill_blood_bank(K, s, ch, rs)


@njit(cache=True)
def improve_room(K, s, kind, ch, rs) -> None:
    """rooms.improve_room: flip to Improved; the Blood Bank discards and draws 5."""
    s[ROOMS + kind] = 2
    if kind != board.BLOOD_BANK:
        return
    for i in range(NC):
        s[DISCARD + i] += s[BLOOD + i]
        s[BLOOD + i] = 0
    fill_blood_bank(K, s, ch, rs)


@njit(cache=True)
def room_cap_reached(K, s) -> bool:
    mode = K[K_ROOM_CAP]
    if mode == 0:
        return s[ROOMS_PLACED] >= K[K_ROOM_LIMIT]
    if mode == 1:
        start = 2 if K[K_TWO_ROOMS] else 1
        return s[ROOMS_PLACED] - start >= K[K_ROOM_LIMIT]
    return False


@njit(cache=True)
def installable_count(K, s) -> int:
    if room_cap_reached(K, s):
        return 0
    n = 0
    for k in range(8):
        if K[K_DECK + k] and not s[ROOMS + k]:
            n += 1
    return n


# Setup ------------------------------------------------------------------------------------


@njit(cache=True)
def reveal_training(K, s, ch, rs) -> None:
    """setup.reveal_training: refill the face-up Training markers from the face-down ones."""
    need = min(
        K[K_TRAINING_FACE_UP] - s[TRAIN_OPEN : TRAIN_OPEN + 6].sum(),
        s[TRAIN_HIDDEN : TRAIN_HIDDEN + 6].sum(),
    )
    if need <= 0:
        return
    d = np.zeros(6, dtype=np.int64)
    hyper(ch, rs, s[TRAIN_HIDDEN : TRAIN_HIDDEN + 6].copy(), need, d)
    for i in range(6):
        s[TRAIN_OPEN + i] += d[i]
        s[TRAIN_HIDDEN + i] -= d[i]


@njit(cache=True)
def staff_to_reveal(K, s) -> int:
    if s[ROUND] > K[K_STAFF_LAST_ROUND]:
        return 0
    hidden = s[STAFF_HIDDEN : STAFF_HIDDEN + 11].sum()
    revealed = K[K_STAFF_POOL_SUM] - hidden
    return max(0, min(K[K_REVEAL], K[K_STAFF_SPACES] - revealed, hidden))


@njit(cache=True)
def to_play(K, s) -> None:
    if K[K_STAFF_ROUND1_SETUP] and staff_to_reveal(K, s):
        board.set_cursor(s, board.PP_STAFF, 0)
    else:
        board.set_cursor(s, board.ACTIONS, 0)


@njit(cache=True)
def to_training(K, s) -> None:
    if K[K_TRAINING_FACE_UP] and s[TRAIN_HIDDEN : TRAIN_HIDDEN + 6].sum():
        board.set_cursor(s, board.SETUP_TRAINING, 0)
    else:
        to_play(K, s)


@njit(cache=True)
def draw_markers(K, s, ch, rs) -> None:
    """setup.draw_markers: Patient markers into the Wards at the setup level."""
    C = K[K_C]
    pool = np.zeros(5, dtype=np.int64)
    for c in range(C):
        pool[c] = s[SUPPLY + c]
    d = np.zeros(5, dtype=np.int64)
    hyper(ch, rs, pool, K[K_SETUP_MARKERS], d)
    for c in range(C):
        placed = min(d[c], K[K_BEDS])
        for lv in range(4):
            s[WARDS + 4 * c + lv] = 0
        s[WARDS + 4 * c + K[K_SETUP_LEVEL] - 1] = placed
        s[SUPPLY + c] -= placed
        if K[K_MARKERS_OUT_AFTER] and s[SUPPLY + c] > 0:  # HHH-FEWER-MARKERS=after-setup
            s[SUPPLY + c] -= 1
    board.set_cursor(s, board.SETUP_ROOM, 2 if K[K_TWO_ROOMS] else 1)


@njit(cache=True)
def choose_room(K, s, kind, ch, rs) -> None:
    """setup.choose_room: the starting room, its Blood Bank fill per HHH-SETUP-ORDER."""
    improved = K[K_IMPROVED_START] != 0 and s[ROOMS_PLACED] == 0
    install_room(K, s, kind, improved, K[K_SETUP_BEFORE_WAITING] != 0, ch, rs)
    if s[REASON]:
        return
    left = s[CURSOR] - 1
    if left:
        s[CURSOR] = left
    else:
        board.set_cursor(s, board.SETUP_WAITING, 0)


@njit(cache=True)
def draw_waiting(K, s, ch, rs) -> None:
    """setup.draw_waiting: 6 cubes per Waiting Room, black and no-space cubes to the bag."""
    w = s[CURSOR]
    C = K[K_C]
    cap = K[K_SPOTS] if K[K_SETUP_LEVEL5_DIES] else min(K[K_SPOTS], 4)
    d = np.zeros(NC, dtype=np.int64)
    got = plain(ch, rs, s[BAG : BAG + NC], s[DISCARD : DISCARD + NC], K[K_SETUP_CUBES], d)
    room = WAITING + 5 * w
    for k in range(NC):
        placed = min(d[k], cap - s[room + k]) if k < C else 0
        if k < C:
            s[room + k] += placed
        s[BAG + k] += d[k] - placed
    for k in range(C):
        if s[room + k] >= board.DEATH_LEVEL and not s[REASON]:
            s[DISCARD + k] += s[room + k]
            s[room + k] = 0
            board.die(K, s, k, False, K[K_WAITING_DEATH])
    board.short_draw(K, s, got, K[K_SETUP_CUBES], K[K_EXHAUSTED_STUCK] != 0)
    if s[REASON]:
        return
    if w + 1 < K[K_WAITING_ROOMS]:
        s[CURSOR] = w + 1
        return
    if (
        not K[K_SETUP_BEFORE_WAITING]
        and s[ROOMS + board.BLOOD_BANK]
        and not s[BLOOD : BLOOD + NC].any()
    ):
        fill_blood_bank(K, s, ch, rs)
        if s[REASON]:
            return
    to_training(K, s)


@njit(cache=True)
def draw_training(K, s, ch, rs) -> None:
    reveal_training(K, s, ch, rs)
    to_play(K, s)


# Heal -------------------------------------------------------------------------------------


@njit(cache=True)
def draw_count(K, s, where, colour) -> tuple[int, int]:
    if where == board.WARD:
        return K[K_WARD_DRAW], K[K_WARD_PAY]
    if where == board.TREATMENT:
        return board.treatment_draw(s, colour), board.treatment_pay(s, colour)
    return K[K_ER_DRAW], K[K_ER_PAY]


@njit(cache=True)
def doctor_rebag(K, player, where, colour) -> int:
    doctor = K[K_DOCTORS + player]
    if doctor == board.NOWITZ and where != board.WARD:
        return 2
    if doctor == board.URA and colour == board.GRAY:
        return 2
    return 0


@njit(cache=True)
def _heal_short(K, s, got, wanted) -> None:
    """heal._short: a stuck game discards the cubes in hand first."""
    if got < wanted and K[K_EXHAUSTED_STUCK] and s[HEAL_ON]:
        for i in range(NC):
            s[DISCARD + i] += s[H_DRAWN + i]
        board.short_draw(K, s, got, wanted, True)


@njit(cache=True)
def heal_start(K, s, a, ch, rs) -> None:
    """heal.start: flip a Medical token, Treated side, Blood Bank cube, draw."""
    player, where, colour, level, blood = a[1], a[2], a[3], a[4], a[5]
    s[MEDICAL + player] -= 1
    if where == board.TREATMENT:
        s[TREAT_LEVEL + colour] = level
        s[TREAT_SIDE + colour] = board.TREATED
    n, _ = draw_count(K, s, where, colour)
    for i in range(NC):
        s[H_DRAWN + i] = 0
    if blood >= 0:
        s[BLOOD + blood] -= 1
        s[H_DRAWN + blood] += 1
        n -= 1
    s[H_BONUS] = 0
    s[H_BONUS + 1] = 0
    s[H_BONUS + 2] = 0
    if K[K_DOCTORS + player] == board.NOWITZ and colour == board.GRAY:
        s[H_BONUS + 2] += 1
    s[H_BONUS + K[K_TRAINING_BONUS]] += s[TRAINING + 6 * player + colour]
    s[H_REBAG] = (
        doctor_rebag(K, player, where, colour) + s[TRAINING + 6 * player + board.TRAINING_REBAG]
    )
    d = np.zeros(NC, dtype=np.int64)
    got = plain(ch, rs, s[BAG : BAG + NC], s[DISCARD : DISCARD + NC], n, d)
    for i in range(NC):
        s[H_DRAWN + i] += d[i]
    s[HEAL_ON] = 1
    s[H_PLAYER] = player
    s[H_PLACE] = where
    s[H_COLOUR] = colour
    s[H_LEVEL] = level
    s[H_BLOOD] = blood
    s[H_LATEST] = d[BLACK]
    s[PHASE] = board.HEAL_DRAWN
    _heal_short(K, s, got, n)


@njit(cache=True)
def heal_bonus(K, s, size, ch, rs) -> None:
    """heal.bonus: draw all the cubes of one bonus."""
    s[H_BONUS + size] -= 1
    d = np.zeros(NC, dtype=np.int64)
    got = plain(ch, rs, s[BAG : BAG + NC], s[DISCARD : DISCARD + NC], size, d)
    for i in range(NC):
        s[H_DRAWN + i] += d[i]
    s[H_LATEST] = d[BLACK]
    _heal_short(K, s, got, size)


@njit(cache=True)
def janitor(K, s) -> None:
    s[H_DRAWN + BLACK] -= 1
    s[H_LATEST] = max(0, s[H_LATEST] - 1)
    s[DISCARD + BLACK] += 1
    s[JANITOR_USED] = 1


@njit(cache=True)
def redraw(K, s, ch, rs) -> None:
    """heal.redraw: Cooke De Buchs puts the black cube back and redraws one."""
    s[H_DRAWN + BLACK] -= 1
    s[BAG + BLACK] += 1
    s[ADMIN_TOKENS] -= 1
    s[ADMIN_FACE_UP] = 0
    d = np.zeros(NC, dtype=np.int64)
    got = plain(ch, rs, s[BAG : BAG + NC], s[DISCARD : DISCARD + NC], 1, d)
    for i in range(NC):
        s[H_DRAWN + i] += d[i]
    s[H_LATEST] = d[BLACK]
    _heal_short(K, s, got, 1)


@njit(cache=True)
def rebag_allowance(K, s) -> int:

    c = s[H_COLOUR]
    if K[K_REBAG_NEEDS_RED] and s[H_DRAWN + c] - s[H_DRAWN + BLACK] <= 0:
        return s[H_REBAG] - doctor_rebag(K, s[H_PLAYER], s[H_PLACE], c)
    return s[H_REBAG]


@njit(cache=True)
def return_to_waiting(K, s, c, cubes) -> None:
    """heal.return_to_waiting: an Emergency Room patient's cubes join a Waiting Room."""
    if cubes <= 0:
        return
    w = 0
    if not K[K_ER_RETURN_FIRST]:
        for i in range(1, K[K_WAITING_ROOMS]):
            if s[WAITING + 5 * i + c] < s[WAITING + 5 * w + c]:
                w = i
    slot = WAITING + 5 * w + c
    merged = s[slot] + cubes
    keep = min(merged, K[K_SPOTS])
    s[slot] = keep
    s[DISCARD + c] += merged - keep
    if keep >= board.DEATH_LEVEL:
        s[slot] = 0
        s[DISCARD + c] += keep
        board.die(K, s, c, False, K[K_WAITING_DEATH])


@njit(cache=True)
def settle(K, s, a) -> None:
    """heal.settle: level change, cure or death, re-bag and discard, then pay."""
    c = s[H_COLOUR]
    where = s[H_PLACE]
    level = s[H_LEVEL]
    C = K[K_C]
    reduction = s[H_DRAWN + c] - s[H_DRAWN + BLACK]
    for i in range(NC):
        r = a[1 + i] if i < C else 0
        if i == BLACK:
            r = a[1 + C]
        s[BAG + i] += r
        s[DISCARD + i] += s[H_DRAWN + i] - r
    for i in range(HEAL_ON, H_LATEST + 1):
        s[i] = 0
    s[PHASE] = board.ACTIONS
    _, pay = draw_count(K, s, where, c)
    earned = 0
    if where == board.WARD:
        board.ward_remove(s, c, level)
        new = level - reduction
        if new <= 0:
            s[SUPPLY + c] += 1
            earned = level
        elif new >= board.DEATH_LEVEL:
            board.die(K, s, c, True, K[K_WARD_DEATH])
        else:
            board.ward_add(s, c, new)
            earned = max(0, reduction)
    elif where == board.TREATMENT:
        new = level - reduction
        if new <= 0:
            s[TREAT_LEVEL + c] = 0
            s[TREAT_SIDE + c] = 0
            s[SUPPLY + c] += 1
            earned = level
        else:
            top = board.treatment_max(s, c)
            dead = False
            if new > top:
                if K[K_TR_OVERFLOW_DIES]:
                    cost = board.treatment_death(s, c)
                    s[TREAT_LEVEL + c] = 0
                    s[TREAT_SIDE + c] = 0
                    board.die(K, s, c, True, cost)
                    dead = True
                else:
                    new = top
            if not dead:
                s[TREAT_LEVEL + c] = new
                s[TREAT_SIDE + c] = board.TREATED
                earned = max(0, reduction)
    else:
        if reduction <= 0:
            return
        r = min(reduction, board.DEATH_LEVEL)
        s[ER + c] -= 1
        s[DISCARD + c] += r
        return_to_waiting(K, s, c, board.DEATH_LEVEL - r)
        if s[REASON]:
            return
        board.gain(K, s, r * pay)
        return
    if s[REASON]:
        return
    if K[K_PLANTED] == 1 and where == board.WARD:
        earned += 1  # planted bug (tests only): a Ward heal pays $1 too much
    board.gain(K, s, earned * pay)


# Transfer, Staff, Research, picks ---------------------------------------------------------


@njit(cache=True)
def transfer(K, s, a) -> None:
    """player_actions.transfer."""
    player, source, room, c, level, target = a[1], a[2], a[3], a[4], a[5], a[6]
    s[MEDICAL + player] -= 1
    if source == board.WAITING_PLACE:
        s[WAITING + 5 * room + c] = 0
        s[DISCARD + c] += level
        s[SUPPLY + c] -= 1
    elif source == board.WARD:
        board.ward_remove(s, c, level)
    else:
        s[TREAT_LEVEL + c] = 0
        s[TREAT_SIDE + c] = 0
    if target == board.TREATMENT:
        s[TREAT_LEVEL + c] = level
        s[TREAT_SIDE + c] = board.CRITICAL
        return
    if level >= board.DEATH_LEVEL:
        board.die(K, s, c, True, K[K_WARD_DEATH])
        return
    board.ward_add(s, c, level)


@njit(cache=True)
def improvable_count(s) -> int:
    n = 0
    for k in range(8):
        if s[ROOMS + k] == 1:
            n += 1
    return n


@njit(cache=True)
def intern_target_count(K, s) -> int:

    n = 0
    for c in range(K[K_C]):
        for lv in range(4):
            if s[WARDS + 4 * c + lv]:
                n += 1
        if s[TREAT_LEVEL + c]:
            n += 1
        if s[ER + c] and K[K_INTERN_ER]:
            n += 1
        for w in range(K[K_WAITING_ROOMS]):
            if s[WAITING + 5 * w + c]:
                n += 1
    return n


@njit(cache=True)
def hire(K, s, staff, cost) -> None:
    """player_actions.hire: pay, to the Office, then the Staff's one-time effect."""
    board.pay(s, cost)
    if s[REASON]:
        return
    s[STAFF_OPEN + staff] -= 1
    s[STAFF_HIRED + staff] += 1
    if staff == board.COO:
        s[ADMIN_TOTAL] += 1
        if K[K_COO_NOW]:
            s[ADMIN_TOKENS] += 1
    elif staff == board.CFO:
        board.gain(K, s, CFO_GAIN)
    elif staff == board.INTERN and intern_target_count(K, s):
        s[PHASE] = board.PICKS
        s[PICK_KIND] = board.PICK_INTERN
        s[PICK_LEFT] = 1
    elif staff == board.BUREAUCRAT and improvable_count(s):
        s[PHASE] = board.PICKS
        s[PICK_KIND] = board.PICK_IMPROVE
        s[PICK_LEFT] = 1
    elif staff == board.MANAGER and s[ABILITIES : ABILITIES + K[K_C]].any():
        s[PHASE] = board.PICKS
        s[PICK_KIND] = board.PICK_MANAGER
        s[PICK_LEFT] = 1


@njit(cache=True)
def research(K, s, ch, rs) -> None:
    """player_actions.research: a card (reshuffle when empty) and a 5-cube chain draw."""
    s[ADMIN_TOKENS] -= 1
    if not s[RDECK : RDECK + 5].any():
        for i in range(5):
            s[RDECK + i] = s[RDISCARD + i]
            s[RDISCARD + i] = 0
    d = np.zeros(5, dtype=np.int64)
    hyper(ch, rs, s[RDECK : RDECK + 5].copy(), 1, d)
    card = 0
    for i in range(5):
        if d[i]:
            card = i
    s[RDECK + card] -= 1
    cubes = np.zeros(NC, dtype=np.int64)
    owed = chain(ch, rs, s[BAG : BAG + NC], s[DISCARD : DISCARD + NC], RESEARCH_CUBES, cubes)
    s[RES_ON] = 1
    s[R_CARD] = card
    for i in range(NC):
        s[R_DRAWN + i] = cubes[i]
    s[PHASE] = board.RESEARCH_DRAWN
    if owed and K[K_EXHAUSTED_STUCK]:  # board.dry_chain
        for i in range(NC):
            s[DISCARD + i] += cubes[i]
        s[RDISCARD + card] += 1
        board.short_draw(K, s, 0, owed, True)


@njit(cache=True)
def research_colours(K, card) -> tuple[int, int, int]:
    C = K[K_C]
    if K[K_RTYPES] == 1:  # identical cards: Training by green (or one colour: all alike)
        return card % C, (card + 2) % C, (card + 1) % C
    return card % C, (card + 1) % C, (card + 2) % C


@njit(cache=True)
def finish_picks(K, s, ch, rs) -> None:
    if s[REASON]:
        return
    kind = s[PICK_KIND]
    s[PHASE] = board.ACTIONS
    s[PICK_KIND] = 0
    s[PICK_LEFT] = 0
    if kind == board.PICK_TRAINING:
        reveal_training(K, s, ch, rs)


@njit(cache=True)
def pick_option_count(K, s) -> int:
    kind = s[PICK_KIND]
    C = K[K_C]
    if kind == board.PICK_TRAINING:
        return s[TRAIN_OPEN : TRAIN_OPEN + 6].sum() + s[TRAIN_HIDDEN : TRAIN_HIDDEN + 6].sum()
    if kind == board.PICK_REPLACE or kind == board.PICK_REPLACE_FIRST:
        return s[CEMETERY : CEMETERY + C].sum() if s[SUPPLY + WHITE] else 0
    if kind == board.PICK_INTERN:
        return intern_target_count(K, s)
    if kind == board.PICK_IMPROVE:
        return improvable_count(s)
    if kind == board.PICK_MANAGER:
        return s[ABILITIES : ABILITIES + C].sum()
    return 0


@njit(cache=True)
def after_pick(K, s, ch, rs) -> None:
    if s[REASON]:
        return
    if s[PICK_KIND] == board.PICK_REPLACE_FIRST:
        s[PICK_KIND] = board.PICK_REPLACE
    s[PICK_LEFT] -= 1
    if s[PICK_LEFT] > 0 and pick_option_count(K, s):
        return
    finish_picks(K, s, ch, rs)


@njit(cache=True)
def intern(K, s, a) -> None:
    """player_actions.intern: the chosen patient's level -3, no pay."""

    where, room, c, level = a[1], a[2], a[3], a[4]
    new = level - INTERN_HEAL
    if where == board.WARD:
        board.ward_remove(s, c, level)
        if new <= 0:
            s[SUPPLY + c] += 1
        else:
            board.ward_add(s, c, new)
    elif where == board.TREATMENT:
        if new <= 0:
            s[TREAT_LEVEL + c] = 0
            s[TREAT_SIDE + c] = 0
            s[SUPPLY + c] += 1
        else:
            if K[K_INTERN_TREATS]:
                s[TREAT_SIDE + c] = board.TREATED
            s[TREAT_LEVEL + c] = new
    elif where == board.EMERGENCY:
        s[ER + c] -= 1
        s[DISCARD + c] += INTERN_HEAL
        return_to_waiting(K, s, c, board.DEATH_LEVEL - INTERN_HEAL)
    else:
        slot = WAITING + 5 * room + c
        removed = min(INTERN_HEAL, s[slot])
        s[slot] -= removed
        s[DISCARD + c] += removed


@njit(cache=True)
def choose_benefit(K, s, a, ch, rs) -> None:
    """player_actions.choose_benefit, then "Discard the card and cubes"."""
    card = s[R_CARD]
    hire_c, train_c, replace_c = research_colours(K, card)
    drawn = s[R_DRAWN : R_DRAWN + NC].copy()
    for i in range(NC):
        s[DISCARD + i] += drawn[i]
    s[RDISCARD + card] += 1
    for i in range(RES_ON, R_DRAWN + NC):
        s[i] = 0
    s[PHASE] = board.ACTIONS
    benefit = a[1]
    if benefit == 0:
        hire(K, s, a[2], max(0, RESEARCH_HIRE_COST - drawn[hire_c]))
    elif benefit == 1:
        s[PHASE] = board.PICKS
        s[PICK_KIND] = board.PICK_TRAINING
        s[PICK_LEFT] = drawn[train_c]
    elif benefit == 2:
        s[PHASE] = board.PICKS
        first = K[K_RESEARCH_MUST] and not K[K_RESEARCH_ALL]
        s[PICK_KIND] = board.PICK_REPLACE_FIRST if first else board.PICK_REPLACE
        s[PICK_LEFT] = drawn[replace_c]


@njit(cache=True)
def take_training(K, s, kind, player, ch, rs) -> None:
    if kind >= 0:
        s[TRAIN_OPEN + kind] -= 1
        s[TRAINING + 6 * player + kind] += 1
    else:
        d = np.zeros(6, dtype=np.int64)
        hyper(ch, rs, s[TRAIN_HIDDEN : TRAIN_HIDDEN + 6].copy(), 1, d)
        for i in range(6):
            s[TRAIN_HIDDEN + i] -= d[i]
            s[TRAINING + 6 * player + i] += d[i]
    after_pick(K, s, ch, rs)


@njit(cache=True)
def restock_blood(K, s, ch, rs) -> None:
    s[ADMIN_TOKENS] -= 1
    if K[K_BB_FLIPS]:
        s[ADMIN_FACE_UP] = 0
    board.pay(s, 5 if s[ROOMS + board.BLOOD_BANK] == 2 else 3)
    if s[REASON]:
        return
    fill_blood_bank(K, s, ch, rs)


@njit(cache=True)
def nurse_training(K, s, player, kind, ch, rs) -> None:
    s[TRAIN_OPEN + kind] -= 1
    s[TRAINING + 6 * player + kind] += 1
    s[NURSE_USED + player] = 1
    if K[K_NURSE_REFILL]:
        reveal_training(K, s, ch, rs)


# Patient Phase ----------------------------------------------------------------------------


@njit(cache=True)
def housekeeping(K, s) -> None:
    """patient_phase.housekeeping: last round ends the game; else the next round."""
    if s[ROUND] >= K[K_LAST_ROUND]:
        board.end(s, board.COMPLETED)
        return
    if K[K_STAFF_THIS_ROUND]:
        for t in range(11):
            s[STAFF_PASSED + t] += s[STAFF_OPEN + t]
            s[STAFF_OPEN + t] = 0
    s[ROUND] += 1
    s[ADMIN_FACE_UP] = 1 if K[K_ADMIN] else 0
    s[ADMIN_HOLDER] = (s[ADMIN_HOLDER] + 1) % K[K_P]
    for p in range(K[K_P]):
        s[MEDICAL + p] = K[K_MEDICAL_TOKENS]
    s[ADMIN_TOKENS] = s[ADMIN_TOTAL]
    s[CHAPLAIN_USED] = 0
    s[JANITOR_USED] = 0
    for i in range(HEAL_ON, R_DRAWN + NC):
        s[i] = 0
    s[PICK_KIND] = 0
    s[PICK_LEFT] = 0
    if staff_to_reveal(K, s):
        board.set_cursor(s, board.PP_STAFF, 0)
    else:
        board.set_cursor(s, board.ACTIONS, 0)


@njit(cache=True)
def end_reaction_available(K, s) -> bool:

    return (
        K[K_ADMIN] != 0
        and K[K_COOKE] != 0
        and K[K_END_REACTION] != 0
        and s[ADMIN_FACE_UP] != 0
        and s[ADMIN_TOKENS] > 0
        and (K[K_END_REACTION_LAST] != 0 or s[ROUND] < K[K_LAST_ROUND])
    )


@njit(cache=True)
def to_end(K, s) -> None:
    if end_reaction_available(K, s):
        board.set_cursor(s, board.PP_END, 0)
    else:
        housekeeping(K, s)


@njit(cache=True)
def to_visit(K, s, done) -> None:
    """patient_phase.to_visit: the players choose the next Ward among those with patients."""
    n = 0
    last = 0
    for c in range(K[K_C]):
        if not (done >> c) & 1 and board.ward_size(s, c):
            n += 1
            last = c
    if n == 0:
        to_end(K, s)
    elif n == 1:
        board.set_cursor(s, board.PP_VISIT, board.place(done, last))
    else:
        board.set_cursor(s, board.PP_VISIT_ORDER, done)


@njit(cache=True)
def to_arrive(K, s, done) -> None:
    n = 0
    last = 0
    for w in range(K[K_WAITING_ROOMS]):
        if not (done >> w) & 1:
            n += 1
            last = w
    if n == 0:
        to_visit(K, s, 0)
    elif n == 1:
        board.set_cursor(s, board.PP_ARRIVE, board.place(done, last))
    else:
        board.set_cursor(s, board.PP_ARRIVE_ORDER, done)


@njit(cache=True)
def restock(K, s) -> None:
    for i in range(NC):
        s[BAG + i] += s[DISCARD + i]
        s[DISCARD + i] = 0
    to_arrive(K, s, 0)


@njit(cache=True)
def pp_start(K, s) -> None:
    """patient_phase.start: Critical Treatment Room and Emergency Room patients die."""
    C = K[K_C]
    for k in range(C):
        level = s[TREAT_LEVEL + k]
        if not level:
            continue
        if s[TREAT_SIDE + k] == board.CRITICAL:
            s[TREAT_LEVEL + k] = 0
            s[TREAT_SIDE + k] = 0
            board.die(K, s, k, True, board.treatment_death(s, k))
            if s[REASON]:
                return
        else:
            s[TREAT_SIDE + k] = board.CRITICAL
    for k in range(C):
        while s[ER + k]:
            s[ER + k] -= 1
            s[DISCARD + k] += board.DEATH_LEVEL
            board.die(K, s, k, False, K[K_ER_DEATH])
            if s[REASON]:
                return
    if installable_count(K, s):
        board.set_cursor(s, board.PP_INSTALL, 0)
    else:
        restock(K, s)


@njit(cache=True)
def settle_arrivals(K, s, w, done) -> None:
    """patient_phase.settle_arrivals: 5-cube patients to the Emergency Room or death."""
    C = K[K_C]
    room = WAITING + 5 * w
    nfives = 0
    for k in range(C):
        if s[room + k] >= board.DEATH_LEVEL:
            nfives += 1
    space = board.er_capacity(s) - s[ER : ER + 5].sum()
    if nfives and 0 < space < nfives:
        board.set_cursor(s, board.PP_ER_ADMIT, board.place(done, w))
        return
    for k in range(C):
        if s[room + k] < board.DEATH_LEVEL:
            continue
        s[room + k] = 0
        if space > 0:
            s[ER + k] += 1
            space -= 1
            continue
        s[DISCARD + k] += board.DEATH_LEVEL
        board.die(K, s, k, False, K[K_WAITING_DEATH])
        if s[REASON]:
            return
    to_arrive(K, s, done | (1 << w))


@njit(cache=True)
def arrive(K, s, ch, rs) -> None:
    """patient_phase.arrive: a chain draw of 6 into one Waiting Room."""
    w = s[CURSOR] % 8
    done = s[CURSOR] // 8
    C = K[K_C]
    n = K[K_ARRIVAL]
    d = np.zeros(NC, dtype=np.int64)
    owed = chain(ch, rs, s[BAG : BAG + NC], s[DISCARD : DISCARD + NC], n, d)
    if owed and K[K_EXHAUSTED_STUCK]:  # board.dry_chain
        for i in range(NC):
            s[DISCARD + i] += d[i]
        board.short_draw(K, s, 0, owed, True)
        return
    room = WAITING + 5 * w
    for k in range(C):
        placed = min(d[k], K[K_SPOTS] - s[room + k])
        v = s[room + k] + placed
        over = max(0, v - board.DEATH_LEVEL)
        s[room + k] = min(v, board.DEATH_LEVEL)
        s[DISCARD + k] += d[k] - placed + over
    settle_arrivals(K, s, w, done)


@njit(cache=True)
def visit(K, s, ch, rs) -> None:
    """patient_phase.visit: one Ward's patients draw, lowest level first."""
    c = s[CURSOR] % 8
    done = s[CURSOR] // 8
    no_ab = K[K_NO_ABILITIES] != 0
    shield = K[K_SHIELD] != 0 and s[ABILITIES + c] != 0 and not no_ab
    patients = np.zeros(8, dtype=np.int64)
    npat = 0
    for lv in range(4):
        for _ in range(s[WARDS + 4 * c + lv]):
            patients[npat] = lv + 1
            npat += 1
    surv = np.zeros(8, dtype=np.int64)
    nsurv = 0
    d = np.zeros(NC, dtype=np.int64)
    for i in range(npat):
        level = patients[i]
        if shield and i == 0:
            surv[nsurv] = level
            nsurv += 1
            continue
        if s[REASON]:
            break
        rest = npat - i - 1
        in_ward = nsurv + 1 + rest if K[K_BEDS_PER_PATIENT] else npat
        n = (K[K_BEDS] - in_ward) if no_ab else 1
        owed = chain(ch, rs, s[BAG : BAG + NC], s[DISCARD : DISCARD + NC], n, d)
        if owed and K[K_EXHAUSTED_STUCK]:  # board.dry_chain
            for lv in range(4):
                s[WARDS + 4 * c + lv] = 0
            for j in range(nsurv):
                board.ward_add(s, c, surv[j])
            for j in range(i, npat):
                board.ward_add(s, c, patients[j])
            for k in range(NC):
                s[DISCARD + k] += d[k]
            board.short_draw(K, s, 0, owed, True)
            break
        if no_ab:
            up = 0 if d[c] else 1
        else:
            up = d[c]
        for k in range(NC):
            if K[K_VISIT_REBAG]:
                s[BAG + k] += d[k]
            else:
                s[DISCARD + k] += d[k]
        new = level + up
        if new >= board.DEATH_LEVEL:
            for lv in range(4):
                s[WARDS + 4 * c + lv] = 0
            for j in range(nsurv):
                board.ward_add(s, c, surv[j])
            for j in range(i + 1, npat):
                board.ward_add(s, c, patients[j])
            board.die(K, s, c, True, K[K_WARD_DEATH])
        else:
            surv[nsurv] = new
            nsurv += 1
    if s[REASON]:
        return
    for lv in range(4):
        s[WARDS + 4 * c + lv] = 0
    for j in range(nsurv):
        board.ward_add(s, c, surv[j])
    to_visit(K, s, done | (1 << c))


@njit(cache=True)
def reveal_staff(K, s, ch, rs) -> None:
    n = staff_to_reveal(K, s)
    d = np.zeros(11, dtype=np.int64)
    hyper(ch, rs, s[STAFF_HIDDEN : STAFF_HIDDEN + 11].copy(), n, d)
    for t in range(11):
        s[STAFF_OPEN + t] += d[t]
        s[STAFF_HIDDEN + t] -= d[t]
    board.set_cursor(s, board.ACTIONS, 0)


@njit(cache=True)
def return_blacks(K, s) -> None:
    n = s[DISCARD + BLACK]
    s[DISCARD + BLACK] = 0
    s[BAG + BLACK] += n
    s[ADMIN_TOKENS] -= 1
    s[ADMIN_FACE_UP] = 0
    board.gain(K, s, ADMIN_BLACK_PAY * n)
    housekeeping(K, s)


# Dispatch ---------------------------------------------------------------------------------


@njit(cache=True)
def apply(K, s, a, ch, rs) -> None:
    """``s`` becomes one successor of action row ``a`` (model._apply)."""

    verb = a[0]
    ph = s[PHASE]
    if verb == A_DRAW:
        if ph == board.SETUP_MARKERS:
            draw_markers(K, s, ch, rs)
        elif ph == board.SETUP_WAITING:
            draw_waiting(K, s, ch, rs)
        elif ph == board.SETUP_TRAINING:
            draw_training(K, s, ch, rs)
        elif ph == board.PP_ARRIVE:
            arrive(K, s, ch, rs)
        elif ph == board.PP_VISIT:
            visit(K, s, ch, rs)
        elif ph == board.PP_STAFF:
            reveal_staff(K, s, ch, rs)
    elif verb == A_INSTALL_ROOM:
        if ph == board.SETUP_ROOM:
            choose_room(K, s, a[1], ch, rs)
        else:
            install_room(K, s, a[1], False, True, ch, rs)
            if not s[REASON]:
                restock(K, s)
    elif verb == A_HEAL:
        heal_start(K, s, a, ch, rs)
    elif verb == A_BONUS:
        heal_bonus(K, s, a[1], ch, rs)
    elif verb == A_JANITOR_IGNORE:
        janitor(K, s)
    elif verb == A_ADMIN_REDRAW:
        redraw(K, s, ch, rs)
    elif verb == A_SETTLE:
        settle(K, s, a)
    elif verb == A_TRANSFER:
        transfer(K, s, a)
    elif verb == A_HIRE_STAFF:
        s[ADMIN_TOKENS] -= 1
        hire(K, s, a[1], K[K_STAFF_COST])
    elif verb == A_RESEARCH:
        research(K, s, ch, rs)
    elif verb == A_CHOOSE_BENEFIT:
        choose_benefit(K, s, a, ch, rs)
    elif verb == A_TAKE_TRAINING:
        take_training(K, s, a[1], a[2], ch, rs)
    elif verb == A_REPLACE_MARKER:
        c = a[1]
        s[CEMETERY + c] -= 1
        s[CEMETERY + WHITE] += 1
        s[SUPPLY + c] += 1
        s[SUPPLY + WHITE] -= 1
        after_pick(K, s, ch, rs)
    elif verb == A_INTERN_TREAT:
        intern(K, s, a)
        after_pick(K, s, ch, rs)
    elif verb == A_IMPROVE_ROOM:
        s[PHASE] = board.ACTIONS
        s[PICK_KIND] = 0
        s[PICK_LEFT] = 0
        improve_room(K, s, a[1], ch, rs)
    elif verb == A_REMOVE_ABILITY:
        s[ABILITIES + a[1]] = 0
        s[PHASE] = board.ACTIONS
        s[PICK_KIND] = 0
        s[PICK_LEFT] = 0
    elif verb == A_END_PICKS:
        finish_picks(K, s, ch, rs)
    elif verb == A_RESTOCK_BLOOD_BANK:
        restock_blood(K, s, ch, rs)
    elif verb == A_CHAPLAIN_FLIP:
        s[ADMIN_FACE_UP] = 1
        s[CHAPLAIN_USED] = 1
    elif verb == A_NURSE_TRAINING:
        nurse_training(K, s, a[1], a[2], ch, rs)
    elif verb == A_ARRIVE_AT:
        board.set_cursor(s, board.PP_ARRIVE, board.place(s[CURSOR], a[1]))
    elif verb == A_ADMIT_TO_ER:
        w = s[CURSOR] % 8
        done = s[CURSOR] // 8
        s[WAITING + 5 * w + a[1]] = 0
        s[ER + a[1]] += 1
        settle_arrivals(K, s, w, done)
    elif verb == A_VISIT_WARD:
        board.set_cursor(s, board.PP_VISIT, board.place(s[CURSOR], a[1]))
    elif verb == A_END_ACTIONS:
        pp_start(K, s)
    elif verb == A_RETURN_BLACKS:
        return_blacks(K, s)
    elif verb == A_PASS:
        housekeeping(K, s)
