"""One step of Dice Hospital over the flat state, in place: a decision's one successor,
or (``V_DRAW``) one leaf of the chance step (:mod:`.chance`: sampled, or the leaf the
enumerator's odometer names). Each function names the reference function it repeats;
the rulebook sentence is cited there (``setup``, ``admission``, ``expansion``,
``activation``, ``end_round``, ``turns``)."""

from __future__ import annotations

from numba import njit

from .borrow import stack_zeros, stack_zeros2
from .chance import draw, roll
from .layout import (
    ABOX,
    ADECK,
    ADMIN,
    AHAND,
    AMB,
    AMB_N,
    BLOOD,
    CURSOR,
    DK,
    DRAWN,
    EFF_KIND,
    EFF_N,
    EFF_P,
    EVICTED,
    FIRST,
    HOSP,
    HSZ,
    INCOMING,
    K_AMB_DICE,
    K_AMB_VALUE,
    K_AMBS,
    K_ARRIVAL_MARK,
    K_BLOOD_MARKS,
    K_BOARD,
    K_C,
    K_CAP,
    K_CRISIS_CHOOSE,
    K_EFFECT_OPT,
    K_EMPTY,
    K_EPI_D6,
    K_EPIDEMIC,
    K_EXP_DISCARD,
    K_EXTRA,
    K_FINAL,
    K_LAST_SEAT,
    K_LOUNGE_IN,
    K_MORT_RETURN,
    K_NURSES,
    K_OVER12,
    K_P,
    K_PAST6,
    K_PLANTED,
    K_RECYCLE,
    K_ROUNDS,
    K_SREV,
    K_START_N,
    K_SUPERBUG,
    K_SUPERBUG_FLOOR,
    K_TILE_WAITS,
    K_TINT_ROUND,
    K_UNTAKEN_STAY,
    K_WREV,
    K_WSTEPS,
    LOUNGE,
    MORT,
    MORTALITY,
    MP,
    NA,
    NEXT_FIRST,
    NK,
    NPAT,
    NS,
    NURSES,
    NW,
    ORDER,
    PAT,
    PHASE,
    POINTS,
    ROLLED,
    ROUND,
    SDECK,
    SGONE,
    SMKT,
    SPECS,
    SUPPLY,
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
    V_EVICT,
    V_KEEP_ADMIN,
    V_KEEP_TILES,
    V_PLACE,
    V_RECOLOUR,
    V_REVEAL,
    V_SET,
    V_SPEC_HEAL,
    V_TAKE_AMB,
    V_TAKE_SPEC,
    V_TAKE_WARD,
    V_TRADE_SPEC,
    V_TRADE_WARD,
    WARDS,
    WDECK,
    WGONE,
    WMKT,
)
from .options import (
    arrangements,
    effect_targets,
    evictions,
    health_options,
)

# Phases (state.py)
SETUP_DICE, SETUP_HEALTH, SETUP_ADMIN, SETUP_ADMIN_PICK, MARKET, EXTRA, EXTRA_DRAW = range(7)
DICE_DRAW, ROLL, PLACE, PICK, EPIDEMIC, EVICT, EXPAND, EXPAND_DISCARD = range(7, 15)
ACT_DISCARD, ACTIVATE, EFFECT, OVER = range(15, 19)
GUARDIAN, DONOR, MATRON = 1, 2, 3
NURSE = -1
#: Planted bugs (tests prove each caught): a neglected patient loses 2, the discharge
#: table's first row scores 2, an administrator draw of one card, the last ambulance
#: unpickable (:mod:`.legal`).
PLANT_NEGLECT, PLANT_TABLE, PLANT_ADMIN_DRAW, PLANT_PICK = 1, 2, 3, 4


@njit(cache=True)
def hosp(p) -> int:
    return HOSP + p * HSZ


@njit(cache=True)
def add_patient(s, h, code, k) -> None:
    s[h + PAT + code] += k
    s[h + NPAT] += k


# Setup ------------------------------------------------------------------------------


@njit(cache=True)
def forced(K, s) -> None:
    """setup.forced, repeated while the next decision is forced too (a loop, not
    recursion: the compiled functions call no one back)."""
    one = stack_zeros2(2, NA)
    while True:
        if s[PHASE] == SETUP_HEALTH:
            if health_options(K, s, one, 0, 2) != 1:
                return
            give_patients(K, s, one[0])
        elif s[PHASE] == SETUP_ADMIN_PICK:
            kinds = 0
            last = -1
            for k in range(4):
                if s[AHAND + k]:
                    kinds += 1
                    last = k
            if kinds == 1:
                keep_admin(K, s, last)
            return
        else:
            return


@njit(cache=True)
def set_patients(K, s, a) -> None:
    """setup.set_patients, then setup.forced."""
    give_patients(K, s, a)
    forced(K, s)


@njit(cache=True)
def give_patients(K, s, a) -> None:
    """setup.set_patients without its closing ``forced``."""
    p = s[CURSOR]
    h = hosp(p)
    for i in range(a[1]):
        die = a[2 + i]
        c, v = die // 6, die % 6 + 1
        if K[K_CRISIS_CHOOSE]:
            s[SUPPLY + c] -= 1
        add_patient(s, h, ((c * 6 + v - 1) * 2) * 4, 1)
    for c in range(3):
        s[DRAWN + c] = 0
    if p + 1 < K[K_P]:
        s[CURSOR] = p + 1
        s[PHASE] = SETUP_HEALTH if K[K_CRISIS_CHOOSE] else SETUP_DICE
    else:
        s[PHASE] = SETUP_ADMIN
        s[CURSOR] = 0


@njit(cache=True)
def keep_admin(K, s, kind) -> None:
    """setup.keep_admin."""
    p = s[CURSOR]
    h = hosp(p)
    if kind == DONOR:
        s[h + BLOOD] += 2
    s[h + ADMIN] = kind
    s[AHAND + kind] -= 1
    for k in range(4):
        s[ABOX + k] += s[AHAND + k]
        s[AHAND + k] = 0
    if p + 1 < K[K_P]:
        s[PHASE] = SETUP_ADMIN
        s[CURSOR] = p + 1
    else:
        s[PHASE] = MARKET
        s[CURSOR] = 0


# Admission --------------------------------------------------------------------------


@njit(cache=True)
def placed(K, s) -> None:
    """admission.placed."""
    one = stack_zeros2(2, NA)
    if arrangements(K, s, one, 0, 2) == 1:
        place(K, s, one[0])
    else:
        s[PHASE] = PLACE


@njit(cache=True)
def place(K, s, a) -> None:
    """admission.place: the ambulances as the row packs them (base 5 per die kind)."""
    P = K[K_P]
    na = a[1]
    for j in range(na):
        packed = a[2 + j]
        for k in range(DK):
            s[AMB + j * DK + k] = packed % 5
            packed //= 5
    for k in range(DK):
        s[ROLLED + k] = 0
    s[AMB_N] = na
    s[PHASE] = PICK
    s[CURSOR] = 0
    for i in range(P):
        s[ORDER + i] = (s[FIRST] + i) % P


@njit(cache=True)
def take(K, s, j) -> None:
    """admission.take."""
    player = s[ORDER + s[CURSOR]]
    s[TAKEN + player] = j
    for k in range(DK):
        s[INCOMING + k] = s[AMB + j * DK + k]
    if K[K_EPIDEMIC]:
        t = 0
        for c in range(3):
            t += s[SUPPLY + c]
        if t:
            s[PHASE] = EPIDEMIC
            return
    admit(K, s)


@njit(cache=True)
def admit(K, s) -> None:
    """admission.admit."""
    player = s[ORDER + s[CURSOR]]
    h = hosp(player)
    if K[K_CAP] >= 0:
        inc = 0
        for k in range(DK):
            inc += s[INCOMING + k]
        over = s[h + NPAT] + inc - K[K_CAP]
        if over > 0:
            one = stack_zeros2(2, NA)
            if evictions(K, s, h, over, one, 0, 2) > 1:
                s[PHASE] = EVICT
                return
            evict(K, s, one[0])
            return
    mark = K[K_ARRIVAL_MARK]
    for k in range(DK):
        x = s[INCOMING + k]
        if x:
            add_patient(s, h, (k * 2 + mark) * 4, x)
            s[INCOMING + k] = 0
    next_pick(K, s)


@njit(cache=True)
def evict(K, s, a) -> None:
    """admission.evict (row field -1: every current patient)."""
    player = s[ORDER + s[CURSOR]]
    h = hosp(player)
    gone = 0
    if a[1] < 0:
        for k in range(NK):
            x = s[h + PAT + k]
            if x:
                s[h + MORT + k // 48] += x
                add_patient(s, h, k, -x)
                gone += x
    else:
        for i in range(a[1]):
            k = a[2 + i]
            s[h + MORT + k // 48] += 1
            add_patient(s, h, k, -1)
            gone += 1
    mark = K[K_ARRIVAL_MARK]
    for k in range(DK):
        x = s[INCOMING + k]
        if x:
            add_patient(s, h, (k * 2 + mark) * 4, x)
            s[INCOMING + k] = 0
    s[h + MORTALITY] += gone
    if K[K_EMPTY] == 2:
        s[h + EVICTED] += gone
    next_pick(K, s)


@njit(cache=True)
def next_pick(K, s) -> None:
    if s[CURSOR] + 1 < K[K_P]:
        s[PHASE] = PICK
        s[CURSOR] += 1
    else:
        after_picks(K, s)


@njit(cache=True)
def amb_key(K, s, number) -> int:
    """turns.ambulance_key as one number (value, then ambulance number)."""
    if K[K_AMB_VALUE] == 1:
        t = 0
        for k in range(DK):
            t += s[AMB + number * DK + k] * (k % 6 + 1)
        return t * 8 + number
    return number


@njit(cache=True)
def after_picks(K, s) -> None:
    """expansion.after_picks (turns.blood_bag_takers, draft_order, next_first)."""
    P = K[K_P]
    keys = stack_zeros(MP)
    for p in range(P):
        keys[p] = amb_key(K, s, s[TAKEN + p])
    low = keys[0]
    for p in range(1, P):
        low = min(low, keys[p])
    mode = K[K_AMB_VALUE]
    if P == 1:  # alone the solo reading gives the bag every round (turns.blood_bag_takers)
        mode = 0
    for p in range(P):
        take_bag = False
        if mode == 2:
            take_bag = s[TAKEN + p] == 0
        elif mode == 1:
            take_bag = keys[p] // 8 == low // 8
        else:
            take_bag = keys[p] == low
        if take_bag:
            s[hosp(p) + BLOOD] += 1
    order = stack_zeros(MP)  # seats by key, ties in seat order (a stable sort)
    for p in range(P):
        j = p
        while j > 0 and keys[order[j - 1]] > keys[p]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = p
    if mode == 2:
        nf = s[FIRST]
        for p in range(P):
            if s[TAKEN + p] == 0:
                nf = p
                break
    else:
        nf = order[0]
    for j in range(s[AMB_N]):
        taken = False
        for p in range(P):
            if s[TAKEN + p] == j:
                taken = True
        for k in range(DK):
            if not taken and K[K_UNTAKEN_STAY]:  # DH-UNTAKEN-DICE=stay
                s[ROLLED + k] += s[AMB + j * DK + k]
            elif not taken:
                s[SUPPLY + k // 6] += s[AMB + j * DK + k]
            s[AMB + j * DK + k] = 0
    for p in range(P):
        s[ORDER + p] = order[p]
        s[TAKEN + p] = -1
    s[NEXT_FIRST] = nf
    s[CURSOR] = 0
    s[AMB_N] = 0
    ext = K[K_EXTRA]
    if (ext == 2 or ext == 3) and extra_possible(s):
        s[PHASE] = EXTRA
        s[CURSOR] = 1
    else:
        s[PHASE] = EXPAND


# Expansion --------------------------------------------------------------------------


@njit(cache=True)
def extra_possible(s) -> bool:
    t = 0
    for k in range(NW):
        t += s[WDECK + k]
    for k in range(NS):
        t += s[SDECK + k]
    return t > 0


@njit(cache=True)
def next_draft(K, s) -> None:
    """expansion.next_draft."""
    if s[CURSOR] + 1 < K[K_P]:
        s[PHASE] = EXPAND
        s[CURSOR] += 1
        return
    for k in range(NW):
        s[WGONE + k] += s[WMKT + k]
        s[WMKT + k] = 0
    for k in range(NS):
        s[SGONE + k] += s[SMKT + k]
        s[SMKT + k] = 0
    start_activation(K, s, 0)


@njit(cache=True)
def start_activation(K, s, player) -> None:
    """expansion.start_activation."""
    h = hosp(player)
    owns = 0
    for k in range(NW):
        owns += s[h + WARDS + k]
    for k in range(NS):
        owns += s[h + SPECS + k]
    s[PHASE] = ACT_DISCARD if owns else ACTIVATE
    s[CURSOR] = player
    for p in range(K[K_P]):
        s[ORDER + p] = p


# Activation -------------------------------------------------------------------------


@njit(cache=True)
def heal(K, s, h, code, steps, mark) -> int:
    """activation.heal: the patient's kind now, or -1 once discharged (DH-PAST-6)."""
    add_patient(s, h, code, -1)
    c = code // 48
    hv = (code // 8) % 6 + 1
    t = (code // 4) % 2
    tint = code % 4
    if K[K_PAST6] == 0:
        for _ in range(steps):
            if hv == 6:
                s[h + LOUNGE + c] += 1
                return -1
            hv += 1
    elif hv == 6:
        s[h + LOUNGE + c] += 1
        return -1
    else:
        hv = min(6, hv + steps)
    now = ((c * 6 + hv - 1) * 2 + (1 if mark else t)) * 4 + tint
    add_patient(s, h, now, 1)
    return now


@njit(cache=True)
def finish(K, s) -> None:
    """activation.finish."""
    s[PHASE] = ACTIVATE
    s[EFF_KIND] = -1
    s[EFF_N] = 0
    for i in range(3):
        s[EFF_P + i] = 0
    if K[K_TINT_ROUND]:
        return
    h = hosp(s[CURSOR])
    for k in range(NK):
        if k % 4 and s[h + PAT + k]:
            x = s[h + PAT + k]
            s[h + PAT + k] = 0
            s[h + PAT + k - k % 4] += x


@njit(cache=True)
def activate(K, s, a) -> None:
    """activation.activate."""
    meeple, kind, size = a[1], a[2], a[3]
    h = hosp(s[CURSOR])
    s[h + UW + kind] += 1
    if meeple == NURSE:
        # DH-NURSE-MOVES=again: a nurse moved on is one already placed
        nurses = K[K_NURSES] + (1 if s[h + ADMIN] == MATRON else 0)
        s[h + NURSES] = min(s[h + NURSES] + 1, nurses)
    else:
        s[h + US + meeple] += 1
    just = stack_zeros(3)
    nj = 0
    for i in range(size):
        now = heal(K, s, h, a[4 + i], K[K_WSTEPS + kind], True)
        if now >= 0:
            just[nj] = now
            nj += 1
    if meeple == NURSE:
        finish(K, s)
        return
    just[:nj].sort()
    s[EFF_KIND] = meeple
    s[EFF_N] = nj
    for i in range(3):
        s[EFF_P + i] = just[i] if i < nj else 0
    out = stack_zeros(NK)
    m = effect_targets(K, s, s[CURSOR], out)
    if m == 0:
        finish(K, s)
    elif m == 1 and not K[K_EFFECT_OPT]:
        specialist_heal(K, s, out[0])
    else:
        s[PHASE] = EFFECT


@njit(cache=True)
def specialist_heal(K, s, code) -> None:
    heal(K, s, hosp(s[CURSOR]), code, 1, True)
    finish(K, s)


@njit(cache=True)
def discharge_points(K, n) -> int:
    """scoring.discharge_points (DH-OVER-12)."""
    total = 0
    for i in range(1, n + 1):
        if i == 1:
            total += 2 if K[K_PLANTED] == PLANT_TABLE else 1
        elif i <= 6:
            total += 2
        elif i <= 8:
            total += 3
        elif i <= 10:
            total += 4
        elif i <= 12:
            total += 5
        elif K[K_OVER12] == 0:
            total += 5
        elif K[K_OVER12] == 1:
            total += 5 + (i - 12 + 1) // 2
    return total


@njit(cache=True)
def close_hospital(K, s, player) -> None:
    """end_round.close_hospital: neglect (guardian, superbug, DH-SUPERBUG-2), discharge
    scoring (DH-OVER-12, DH-EMPTY-HOSPITAL), the lounge back to the bag."""
    h = hosp(player)
    loss = 2 if K[K_SUPERBUG] or K[K_PLANTED] == PLANT_NEGLECT else 1
    spared = -1
    if s[h + ADMIN] == GUARDIAN:
        for hv in range(1, 7):
            for c in range(3):
                k = (c * 6 + hv - 1) * 8  # untreated kinds of this health
                for tint in range(4):
                    if s[h + PAT + k + tint] and spared < 0:
                        spared = k + tint
            if spared >= 0:
                break
    deaths = 0
    new = stack_zeros(NK)
    for k in range(NK):
        x = s[h + PAT + k]
        if x == 0:
            continue
        c = k // 48
        hv = (k // 8) % 6 + 1
        plain = (c * 6 + hv - 1) * 8
        if (k // 4) % 2:
            new[plain] += x
            continue
        if k == spared:
            new[plain] += 1
            x -= 1
        if x == 0:
            continue
        if hv == 1 or (hv - loss < 1 and K[K_SUPERBUG_FLOOR] == 0):
            s[h + MORT + c] += x
            deaths += x
        else:
            new[(c * 6 + max(1, hv - loss) - 1) * 8] += x
    npat = 0
    for k in range(NK):
        s[h + PAT + k] = new[k]
        npat += new[k]
    s[h + NPAT] = npat
    s[h + MORTALITY] += deaths
    n = 0
    for c in range(3):
        n += s[h + LOUNGE + c]
    gain = discharge_points(K, n)
    if npat == 0 and not (K[K_LOUNGE_IN] and n > 0):  # DH-LOUNGE
        e = K[K_EMPTY]
        if not ((e == 0 and n == 0) or (e == 2 and (n == 0 or deaths + s[h + EVICTED] > 0))):
            gain += 5
    s[h + POINTS] += gain
    for c in range(3):
        s[SUPPLY + c] += s[h + LOUNGE + c]
        s[h + LOUNGE + c] = 0
    for k in range(NW):
        s[h + UW + k] = 0
    for k in range(NS):
        s[h + US + k] = 0
    s[h + NURSES] = 0
    s[h + EVICTED] = 0


@njit(cache=True)
def end_of_round(K, s) -> None:
    """end_round.end_of_round and end_of_game (DH-MORTUARY-DICE, DH-FINAL-TOKENS)."""
    P = K[K_P]
    if K[K_MORT_RETURN]:
        for p in range(P):
            for c in range(3):
                s[SUPPLY + c] += s[hosp(p) + MORT + c]
                s[hosp(p) + MORT + c] = 0
    s[CURSOR] = 0
    if s[ROUND] < K[K_ROUNDS]:
        s[PHASE] = MARKET
        s[ROUND] += 1
        s[FIRST] = s[NEXT_FIRST]
        return
    for p in range(P):
        h = hosp(p)
        blood, mort = s[h + BLOOD], s[h + MORTALITY]
        bags = blood if K[K_FINAL] == 0 else min(blood, 1)
        dead = min(mort, 1) if K[K_FINAL] == 1 else mort
        s[h + POINTS] += bags - 2 * dead
    s[PHASE] = OVER


# Chance -----------------------------------------------------------------------------


@njit(cache=True)
def kept_dice(s) -> int:
    """Dice already rolled before the draw: kept from an untaken ambulance
    (DH-UNTAKEN-DICE=stay)."""
    n = 0
    for k in range(DK):
        n += s[ROLLED + k]
    return n


@njit(cache=True)
def chance_step(K, s, ch, rs) -> None:
    """model._chance: one leaf (sampled or enumerated) of the phase's chance step."""
    ph = s[PHASE]
    got = stack_zeros(NW)
    if ph == SETUP_DICE:
        draw(ch, rs, s, SUPPLY, K[K_C], K[K_START_N], got)
        for c in range(K[K_C]):
            s[SUPPLY + c] -= got[c]
            s[DRAWN + c] = got[c]
        s[PHASE] = SETUP_HEALTH
        forced(K, s)
    elif ph == SETUP_ADMIN:
        draw(ch, rs, s, ADECK, 4, 1 if K[K_PLANTED] == PLANT_ADMIN_DRAW else 2, got)
        for k in range(4):
            s[ADECK + k] -= got[k]
            s[AHAND + k] = got[k]
        s[PHASE] = SETUP_ADMIN_PICK
        forced(K, s)
    elif ph == MARKET:
        draw(ch, rs, s, WDECK, NW, K[K_WREV], got)
        for k in range(NW):
            s[WDECK + k] -= got[k]
            s[WMKT + k] = got[k]
        draw(ch, rs, s, SDECK, NS, K[K_SREV], got)
        for k in range(NS):
            s[SDECK + k] -= got[k]
            s[SMKT + k] = got[k]
        ext = K[K_EXTRA]
        s[PHASE] = EXTRA if ext == 1 or ext == 3 else DICE_DRAW
        s[CURSOR] = 0
    elif ph == EXTRA_DRAW:
        stage, kind = s[CURSOR] // 2, s[CURSOR] % 2
        if kind == 0:
            draw(ch, rs, s, WDECK, NW, 1, got)
            for k in range(NW):
                s[WDECK + k] -= got[k]
                s[WMKT + k] += got[k]
        else:
            draw(ch, rs, s, SDECK, NS, 1, got)
            for k in range(NS):
                s[SDECK + k] -= got[k]
                s[SMKT + k] += got[k]
        s[PHASE] = DICE_DRAW if stage == 0 else EXPAND
        s[CURSOR] = 0
    elif ph == DICE_DRAW:
        C = K[K_C]
        need = K[K_AMBS] * K[K_AMB_DICE] - kept_dice(s)
        total = 0
        for c in range(C):
            total += s[SUPPLY + c]
        if total < need and K[K_RECYCLE]:
            for p in range(K[K_P]):
                for c in range(C):
                    s[SUPPLY + c] += s[hosp(p) + MORT + c]
                    total += s[hosp(p) + MORT + c]
                    s[hosp(p) + MORT + c] = 0
        n = min(need, total)
        if n == 0:
            placed(K, s)
            return
        draw(ch, rs, s, SUPPLY, C, n, got)
        first = -1
        for c in range(C):
            s[SUPPLY + c] -= got[c]
            s[DRAWN + c] = got[c]
            if got[c] and first < 0:
                first = c
        s[PHASE] = ROLL
        s[CURSOR] = first
    elif ph == ROLL:
        c = s[CURSOR]
        k = s[DRAWN + c]
        s[DRAWN + c] = 0
        nxt = -1
        for d in range(c + 1, K[K_C]):
            if s[DRAWN + d]:
                nxt = d
                break
        roll(ch, rs, k, 4, got)
        for i in range(4):
            s[ROLLED + c * 6 + i + 1] += got[i]
        if nxt >= 0:
            s[CURSOR] = nxt
        else:
            placed(K, s)
    elif ph == EPIDEMIC:
        draw(ch, rs, s, SUPPLY, K[K_C], 1, got)
        c = 0
        while got[c] == 0:
            c += 1
        faces = 6 if K[K_EPI_D6] else 4
        roll(ch, rs, 1, faces, got)
        i = 0
        while got[i] == 0:
            i += 1
        v = i + 1 if K[K_EPI_D6] else i + 2
        s[SUPPLY + c] -= 1
        s[INCOMING + c * 6 + v - 1] += 1
        admit(K, s)


# Decisions --------------------------------------------------------------------------


@njit(cache=True)
def current_player(K, s) -> int:
    """model.current_player for decision phases (turns.last_player for tied dice)."""
    ph = s[PHASE]
    if ph == PICK or ph == EVICT or ph == EXPAND or ph == EXPAND_DISCARD:
        return s[ORDER + s[CURSOR]]
    if ph == PLACE:
        P = K[K_P]
        first = 0 if K[K_LAST_SEAT] else s[FIRST]
        return (first + P - 1) % P
    if ph == EXTRA:
        return s[FIRST]
    return s[CURSOR]


@njit(cache=True)
def apply(K, s, a, ch, rs) -> None:
    """model._apply: the action row ``a`` in ``s``, in place."""
    verb = a[0]
    ph = s[PHASE]
    if verb == V_DRAW:
        chance_step(K, s, ch, rs)
    elif verb == V_ACTIVATE:
        activate(K, s, a)
    elif verb == V_SPEC_HEAL:
        specialist_heal(K, s, a[1])
    elif verb == V_DECLINE:
        finish(K, s)
    elif verb == V_BLOOD_HEAL:
        h = hosp(s[CURSOR])
        s[h + BLOOD] -= 1
        heal(K, s, h, a[1], 1, K[K_BLOOD_MARKS] == 1)
    elif verb == V_RECOLOUR:
        h = hosp(s[CURSOR])
        s[h + BLOOD] -= 1
        code, colour = a[1], a[2]
        add_patient(s, h, code, -1)
        tint = -1 if colour == code // 48 else colour
        add_patient(s, h, code - code % 4 + tint + 1, 1)
    elif verb == V_END:
        close_hospital(K, s, s[CURSOR])
        if s[CURSOR] + 1 < K[K_P]:
            start_activation(K, s, s[CURSOR] + 1)
        else:
            end_of_round(K, s)
    elif verb == V_KEEP_TILES or verb == V_DISC_WARD or verb == V_DISC_SPEC:
        player = current_player(K, s)
        h = hosp(player)
        if verb == V_DISC_WARD:
            s[h + WARDS + a[1]] -= 1
            s[h + UW + a[1]] = min(s[h + UW + a[1]], K[K_BOARD + a[1]] + s[h + WARDS + a[1]])
            s[WGONE + a[1]] += 1
            s[h + BLOOD] += 1
        elif verb == V_DISC_SPEC:
            s[h + SPECS + a[1]] -= 1
            s[h + US + a[1]] = min(s[h + US + a[1]], s[h + SPECS + a[1]])
            s[SGONE + a[1]] += 1
            s[h + BLOOD] += 1
        if ph == EXPAND_DISCARD:
            next_draft(K, s)
        else:
            s[PHASE] = ACTIVATE
    elif verb == V_TAKE_WARD or verb == V_TAKE_SPEC:
        h = hosp(s[ORDER + s[CURSOR]])
        k = a[1]
        if verb == V_TAKE_WARD:
            s[WMKT + k] -= 1
            s[h + WARDS + k] += 1
            s[h + UW + k] += K[K_TILE_WAITS]  # DH-NEW-TILE=next-round: used this round
        else:
            s[SMKT + k] -= 1
            s[h + SPECS + k] += 1
            s[h + US + k] += K[K_TILE_WAITS]
        if K[K_EXP_DISCARD] == 1:
            s[PHASE] = EXPAND_DISCARD
        else:
            next_draft(K, s)
    elif verb == V_TRADE_WARD or verb == V_TRADE_SPEC:
        h = hosp(s[ORDER + s[CURSOR]])
        k = a[1]
        if verb == V_TRADE_WARD:
            s[WMKT + k] -= 1
            s[WGONE + k] += 1
        else:
            s[SMKT + k] -= 1
            s[SGONE + k] += 1
        s[h + BLOOD] += 1
        next_draft(K, s)
    elif verb == V_TAKE_AMB:
        take(K, s, a[1])
    elif verb == V_EVICT:
        evict(K, s, a)
    elif verb == V_PLACE:
        place(K, s, a)
    elif verb == V_REVEAL:
        s[PHASE] = EXTRA_DRAW
        s[CURSOR] = 2 * s[CURSOR] + a[1]
    elif verb == V_SET:
        set_patients(K, s, a)
    elif verb == V_KEEP_ADMIN:
        keep_admin(K, s, a[1])
