"""Between the reference and the kernel: states to flat arrays and back, actions to rows
and back, and the config with its readings as the data array ``K``."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..rules import readings as R
from ..rules.actions import (
    Activate,
    BloodHeal,
    BloodRecolour,
    DeclineEffect,
    DiscardSpecialist,
    DiscardWard,
    Draw,
    EndActivation,
    Evict,
    KeepAdministrator,
    KeepTiles,
    PlaceDice,
    RevealExtra,
    SetPatients,
    SpecialistHeal,
    TakeAmbulance,
    TakeSpecialist,
    TakeWard,
    TradeSpecialist,
    TradeWard,
)
from ..rules.components import SPECIALISTS, WARDS
from ..rules.state import DHState, Hospital
from . import layout as L

PLAIN = {
    L.V_DRAW: Draw,
    L.V_KEEP_TILES: KeepTiles,
    L.V_DECLINE: DeclineEffect,
    L.V_END: EndActivation,
}
KINDED = {
    L.V_KEEP_ADMIN: KeepAdministrator,
    L.V_REVEAL: RevealExtra,
    L.V_TAKE_AMB: TakeAmbulance,
    L.V_TAKE_WARD: TakeWard,
    L.V_TAKE_SPEC: TakeSpecialist,
    L.V_TRADE_WARD: TradeWard,
    L.V_TRADE_SPEC: TradeSpecialist,
    L.V_DISC_WARD: DiscardWard,
    L.V_DISC_SPEC: DiscardSpecialist,
}
VERB_OF = {cls: v for v, cls in {**PLAIN, **KINDED}.items()}

ONE_OF = {
    R.AMBULANCE_VALUE: (
        R.AMBULANCE_VALUE.NUMBER,
        R.AMBULANCE_VALUE.PIP_SUM,
        R.AMBULANCE_VALUE.NUMBER_ONE,
    ),
    R.EVICT_WHO: (
        R.EVICT_WHO.PLAYER_CHOOSES,
        R.EVICT_WHO.SICKEST_FIRST,
        R.EVICT_WHO.ALL_CURRENT,
    ),
    R.EXPANSION_DISCARD: (
        R.EXPANSION_DISCARD.INSTEAD_OF_TAKING,
        R.EXPANSION_DISCARD.OWNED_TILE,
        R.EXPANSION_DISCARD.SAME_PERMISSION,
    ),
    R.PAST_6: (R.PAST_6.DISCHARGE, R.PAST_6.STOP_AT_6),
    R.OVER_12: (R.OVER_12.FIVE_EACH, R.OVER_12.RISING, R.OVER_12.NOTHING),
    R.EMPTY_HOSPITAL: (
        R.EMPTY_HOSPITAL.DISCHARGED_AND_EMPTY,
        R.EMPTY_HOSPITAL.ANY_EMPTY,
        R.EMPTY_HOSPITAL.ALL_DISCHARGED,
    ),
    R.FINAL_TOKENS: (R.FINAL_TOKENS.PER_TOKEN, R.FINAL_TOKENS.ONCE, R.FINAL_TOKENS.BAG_ONCE),
}
#: "none": no extra reveal (the ambiguity does not arise, as ``context.Ctx`` sets it).
EXTRA = (
    "none",
    R.EXTRA_REVEAL.ADMISSION_ONCE,
    R.EXTRA_REVEAL.EXPANSION_ONCE,
    R.EXTRA_REVEAL.TWICE,
)


def config_array(ctx: Any, planted: int = 0) -> np.ndarray:
    """``K``: the config's numbers and every reading of ``ctx`` (``context.Ctx``) as data,
    so one compiled kernel serves them all."""
    c = ctx.config
    K = np.zeros(L.NK_CONFIG, dtype=np.int64)
    start = c.crisis_health if c.variant_crisis else c.start_health
    K[L.K_P], K[L.K_C], K[L.K_AMBS], K[L.K_AMB_DICE] = ctx.P, ctx.C, ctx.ambulances, ctx.amb_dice
    K[L.K_CAP] = -1 if ctx.capacity is None else ctx.capacity
    K[L.K_NURSES], K[L.K_ROUNDS] = c.nurses, c.rounds
    K[L.K_WREV], K[L.K_SREV] = c.wards_revealed, c.specialists_revealed
    K[L.K_START_N] = len(start)
    K[L.K_START : L.K_START + len(start)] = start
    K[L.K_CRISIS_CHOOSE] = c.variant_crisis and not ctx.crisis_random
    K[L.K_EPIDEMIC], K[L.K_SUPERBUG] = c.variant_epidemic, c.variant_superbug
    K[L.K_BOARD : L.K_BOARD + L.NW] = c.board_wards
    for k, w in enumerate(WARDS):
        K[L.K_WSIZE + k], K[L.K_WSTEPS + k] = w.size, w.steps
        K[L.K_WCOL + k], K[L.K_WMATCH + k] = w.colour, w.match
    for k, sp in enumerate(SPECIALISTS):
        K[L.K_SCOL + k], K[L.K_STARGET + k] = sp.colour, sp.target
    K[L.K_SOLO_BAR] = ctx.solo == R.SOLO.FIRST_PLAYER_BAR
    K[L.K_EXTRA] = EXTRA.index(ctx.extra_reveal)
    for kind, slot in (
        (R.AMBULANCE_VALUE, L.K_AMB_VALUE),
        (R.EVICT_WHO, L.K_EVICT),
        (R.EXPANSION_DISCARD, L.K_EXP_DISCARD),
        (R.PAST_6, L.K_PAST6),
        (R.OVER_12, L.K_OVER12),
        (R.EMPTY_HOSPITAL, L.K_EMPTY),
        (R.FINAL_TOKENS, L.K_FINAL),
    ):
        K[slot] = ONE_OF[kind].index(ctx.interp.reading(kind))
    K[L.K_MORT_RETURN], K[L.K_RECYCLE] = ctx.mortuary_returns, ctx.recycle_when_short
    K[L.K_SUPERBUG_FLOOR] = ctx.superbug_2 == R.SUPERBUG_2.FLOOR_1
    K[L.K_BLOOD_MARKS], K[L.K_TINT_ROUND] = ctx.blood_marks, ctx.tint_round
    K[L.K_EFFECT_OPT] = ctx.effect_optional
    K[L.K_EPI_D6] = len(ctx.epidemic_faces) == 6
    K[L.K_TIE_SHARED] = ctx.tie_shared
    K[L.K_ARRIVAL_MARK], K[L.K_EVERY_MEEPLE] = ctx.arrival_mark, ctx.every_meeple
    K[L.K_DEALT], K[L.K_LAST_SEAT] = ctx.dealt, ctx.last_seat
    K[L.K_PLANTED] = planted
    return K


def _put(v: np.ndarray, base: int, values: Any) -> None:
    v[base : base + len(values)] = values


def _die(d: tuple[int, int]) -> int:
    return d[0] * 6 + d[1] - 1


def _dice(v: np.ndarray, base: int, dice: Any) -> None:
    for d in dice:
        v[base + _die(d)] += 1


def _undice(v: Any, base: int) -> tuple[tuple[int, int], ...]:
    return tuple((k // 6, k % 6 + 1) for k in range(L.DK) for _ in range(int(v[base + k])))


def encode(s: DHState) -> np.ndarray:
    """The flat array of a reference state."""
    v = np.zeros(L.NSTATE, dtype=np.int64)
    v[L.PHASE], v[L.ROUND], v[L.CURSOR] = s.phase, s.round, s.cursor
    v[L.FIRST], v[L.NEXT_FIRST] = s.first, s.next_first
    _put(v, L.ORDER, s.order)
    _put(v, L.SUPPLY, s.supply)
    _put(v, L.DRAWN, s.drawn)
    _dice(v, L.ROLLED, s.rolled)
    v[L.AMB_N] = len(s.ambulances)
    for j, amb in enumerate(s.ambulances):
        _dice(v, L.AMB + j * L.DK, amb)
    _put(v, L.TAKEN, s.taken)
    _dice(v, L.INCOMING, s.incoming)
    for base, values in (
        (L.WDECK, s.ward_deck),
        (L.SDECK, s.specialist_deck),
        (L.WMKT, s.ward_market),
        (L.SMKT, s.specialist_market),
        (L.WGONE, s.ward_gone),
        (L.SGONE, s.specialist_gone),
        (L.ADECK, s.admin_deck),
        (L.AHAND, s.admin_hand),
        (L.ABOX, s.admin_box),
    ):
        _put(v, base, values)
    v[L.EFF_KIND] = -1
    if s.effect is not None:
        v[L.EFF_KIND] = s.effect[0]
        v[L.EFF_N] = len(s.effect[1])
        _put(v, L.EFF_P, [L.pcode(*p) for p in s.effect[1]])
    for p, h in enumerate(s.hospitals):
        b = L.HOSP + p * L.HSZ
        for pat in h.patients:
            v[b + L.PAT + L.pcode(*pat)] += 1
        v[b + L.NPAT] = len(h.patients)
        _put(v, b + L.LOUNGE, h.lounge)
        _put(v, b + L.MORT, h.mortuary)
        v[b + L.MORTALITY], v[b + L.BLOOD], v[b + L.POINTS] = h.mortality, h.blood, h.points
        v[b + L.ADMIN] = h.admin
        _put(v, b + L.WARDS, h.wards)
        _put(v, b + L.SPECS, h.specialists)
        _put(v, b + L.UW, h.used_wards)
        _put(v, b + L.US, h.used_specialists)
        v[b + L.NURSES], v[b + L.EVICTED] = h.nurses_used, h.evicted
    return v


def decode(ctx: Any, v: Any) -> DHState:
    """The reference state of a flat array."""
    P, C = ctx.P, ctx.C

    def t(base: int, n: int) -> tuple[int, ...]:
        return tuple(int(x) for x in v[base : base + n])

    hospitals = []
    for p in range(P):
        b = L.HOSP + p * L.HSZ
        patients = tuple(L.pfields(k) for k in range(L.NK) for _ in range(int(v[b + L.PAT + k])))
        hospitals.append(
            Hospital(
                patients=patients,
                lounge=t(b + L.LOUNGE, C),
                mortuary=t(b + L.MORT, C),
                mortality=int(v[b + L.MORTALITY]),
                blood=int(v[b + L.BLOOD]),
                points=int(v[b + L.POINTS]),
                admin=int(v[b + L.ADMIN]),
                wards=t(b + L.WARDS, L.NW),
                specialists=t(b + L.SPECS, L.NS),
                used_wards=t(b + L.UW, L.NW),
                used_specialists=t(b + L.US, L.NS),
                nurses_used=int(v[b + L.NURSES]),
                evicted=int(v[b + L.EVICTED]),
            )
        )
    effect = None
    if v[L.EFF_KIND] >= 0:
        just = tuple(L.pfields(int(k)) for k in v[L.EFF_P : L.EFF_P + int(v[L.EFF_N])])
        effect = (int(v[L.EFF_KIND]), just)
    return DHState(
        phase=int(v[L.PHASE]),
        round=int(v[L.ROUND]),
        cursor=int(v[L.CURSOR]),
        first=int(v[L.FIRST]),
        next_first=int(v[L.NEXT_FIRST]),
        order=t(L.ORDER, P),
        supply=t(L.SUPPLY, C),
        drawn=t(L.DRAWN, C),
        rolled=_undice(v, L.ROLLED),
        ambulances=tuple(_undice(v, L.AMB + j * L.DK) for j in range(int(v[L.AMB_N]))),
        taken=t(L.TAKEN, P),
        incoming=_undice(v, L.INCOMING),
        ward_deck=t(L.WDECK, L.NW),
        specialist_deck=t(L.SDECK, L.NS),
        ward_market=t(L.WMKT, L.NW),
        specialist_market=t(L.SMKT, L.NS),
        ward_gone=t(L.WGONE, L.NW),
        specialist_gone=t(L.SGONE, L.NS),
        admin_deck=t(L.ADECK, L.NAD),
        admin_hand=t(L.AHAND, L.NAD),
        admin_box=t(L.ABOX, L.NAD),
        effect=effect,
        hospitals=tuple(hospitals),
    )


def row_action(row: Any) -> Any:
    """The reference action of a kernel action row."""
    verb = int(row[0])
    if verb in PLAIN:
        return PLAIN[verb]()
    if verb in KINDED:
        return KINDED[verb](int(row[1]))
    if verb == L.V_SET:
        return SetPatients(tuple((int(d) // 6, int(d) % 6 + 1) for d in row[2 : 2 + row[1]]))
    if verb == L.V_PLACE:
        ambs = []
        for j in range(int(row[1])):
            packed, counts = int(row[2 + j]), []
            for _ in range(L.DK):
                packed, x = divmod(packed, 5)
                counts.append(x)
            ambs.append(_undice(counts, 0))
        return PlaceDice(tuple(ambs))
    if verb == L.V_EVICT:
        return Evict(tuple(L.pfields(int(k)) for k in row[2 : 2 + row[1]]))
    if verb == L.V_ACTIVATE:
        group = tuple(L.pfields(int(k)) for k in row[4 : 4 + row[3]])
        return Activate(int(row[1]), int(row[2]), group)
    if verb == L.V_SPEC_HEAL:
        return SpecialistHeal(L.pfields(int(row[1])))
    if verb == L.V_BLOOD_HEAL:
        return BloodHeal(L.pfields(int(row[1])))
    if verb == L.V_RECOLOUR:
        return BloodRecolour(L.pfields(int(row[1])), int(row[2]))
    raise ValueError(f"unknown action row {list(row)}")


def action_row(a: Any) -> np.ndarray:
    """The kernel row of a reference action."""
    row = np.zeros(L.NA, dtype=np.int64)
    cls = type(a)
    if cls in VERB_OF:
        row[0] = VERB_OF[cls]
        if cls in KINDED.values():
            row[1] = a.number if cls is TakeAmbulance else a.kind
    elif cls is SetPatients:
        row[0], row[1] = L.V_SET, len(a.dice)
        _put(row, 2, [_die(d) for d in a.dice])
    elif cls is PlaceDice:
        row[0], row[1] = L.V_PLACE, len(a.ambulances)
        for j, amb in enumerate(a.ambulances):
            row[2 + j] = sum(5 ** _die(d) for d in amb)
    elif cls is Evict:
        row[0], row[1] = L.V_EVICT, len(a.patients)
        _put(row, 2, [L.pcode(*p) for p in a.patients])
    elif cls is Activate:
        row[0], row[1], row[2], row[3] = L.V_ACTIVATE, a.meeple, a.ward, len(a.patients)
        _put(row, 4, [L.pcode(*p) for p in a.patients])
    elif cls in (SpecialistHeal, BloodHeal):
        row[0] = L.V_SPEC_HEAL if cls is SpecialistHeal else L.V_BLOOD_HEAL
        row[1] = L.pcode(*a.patient)
    elif cls is BloodRecolour:
        row[0], row[1], row[2] = L.V_RECOLOUR, L.pcode(*a.patient), a.colour
    else:
        raise ValueError(f"no kernel row for {a!r}")
    return row
