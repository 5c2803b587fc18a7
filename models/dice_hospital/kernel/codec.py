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
from . import layout

PLAIN = {
    layout.V_DRAW: Draw,
    layout.V_KEEP_TILES: KeepTiles,
    layout.V_DECLINE: DeclineEffect,
    layout.V_END: EndActivation,
}
KINDED = {
    layout.V_KEEP_ADMIN: KeepAdministrator,
    layout.V_REVEAL: RevealExtra,
    layout.V_TAKE_AMB: TakeAmbulance,
    layout.V_TAKE_WARD: TakeWard,
    layout.V_TAKE_SPEC: TakeSpecialist,
    layout.V_TRADE_WARD: TradeWard,
    layout.V_TRADE_SPEC: TradeSpecialist,
    layout.V_DISC_WARD: DiscardWard,
    layout.V_DISC_SPEC: DiscardSpecialist,
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
    K = np.zeros(layout.NK_CONFIG, dtype=np.int64)
    start = c.crisis_health if c.variant_crisis else c.start_health
    K[layout.K_P], K[layout.K_C], K[layout.K_AMBS], K[layout.K_AMB_DICE] = (
        ctx.P,
        ctx.C,
        ctx.ambulances,
        ctx.amb_dice,
    )
    K[layout.K_CAP] = -1 if ctx.capacity is None else ctx.capacity
    K[layout.K_NURSES], K[layout.K_ROUNDS] = c.nurses, c.rounds
    K[layout.K_WREV], K[layout.K_SREV] = c.wards_revealed, c.specialists_revealed
    K[layout.K_START_N] = len(start)
    K[layout.K_START : layout.K_START + len(start)] = start
    K[layout.K_CRISIS_CHOOSE] = c.variant_crisis and not ctx.crisis_random
    K[layout.K_EPIDEMIC], K[layout.K_SUPERBUG] = c.variant_epidemic, c.variant_superbug
    K[layout.K_BOARD : layout.K_BOARD + layout.NW] = c.board_wards
    for k, w in enumerate(WARDS):
        K[layout.K_WSIZE + k], K[layout.K_WSTEPS + k] = w.size, w.steps
        K[layout.K_WCOL + k], K[layout.K_WMATCH + k] = w.colour, w.match
    for k, sp in enumerate(SPECIALISTS):
        K[layout.K_SCOL + k], K[layout.K_STARGET + k] = sp.colour, sp.target
    K[layout.K_SOLO_BAR] = ctx.solo == R.SOLO.FIRST_PLAYER_BAR
    K[layout.K_EXTRA] = EXTRA.index(ctx.extra_reveal)
    for kind, slot in (
        (R.AMBULANCE_VALUE, layout.K_AMB_VALUE),
        (R.EVICT_WHO, layout.K_EVICT),
        (R.EXPANSION_DISCARD, layout.K_EXP_DISCARD),
        (R.PAST_6, layout.K_PAST6),
        (R.OVER_12, layout.K_OVER12),
        (R.EMPTY_HOSPITAL, layout.K_EMPTY),
        (R.FINAL_TOKENS, layout.K_FINAL),
    ):
        K[slot] = ONE_OF[kind].index(ctx.interp.reading(kind))
    K[layout.K_MORT_RETURN], K[layout.K_RECYCLE] = ctx.mortuary_returns, ctx.recycle_when_short
    K[layout.K_SUPERBUG_FLOOR] = ctx.superbug_2 == R.SUPERBUG_2.FLOOR_1
    K[layout.K_BLOOD_MARKS], K[layout.K_TINT_ROUND] = ctx.blood_marks, ctx.tint_round
    K[layout.K_EFFECT_OPT] = ctx.effect_optional
    K[layout.K_EPI_D6] = len(ctx.epidemic_faces) == 6
    K[layout.K_TIE_SHARED] = ctx.tie_shared
    K[layout.K_ARRIVAL_MARK], K[layout.K_EVERY_MEEPLE] = ctx.arrival_mark, ctx.every_meeple
    K[layout.K_DEALT], K[layout.K_LAST_SEAT] = ctx.dealt, ctx.last_seat
    K[layout.K_NURSE_AGAIN] = ctx.nurse_again
    K[layout.K_GROUP_SIX_OUT] = ctx.group_six_out
    K[layout.K_TILE_WAITS] = ctx.tile_waits
    K[layout.K_UNTAKEN_STAY] = ctx.untaken_stay
    K[layout.K_LOUNGE_IN] = ctx.lounge_in
    K[layout.K_PLANTED] = planted
    return K


def _put(v: np.ndarray, base: int, values: Any) -> None:
    v[base : base + len(values)] = values


def _die(d: tuple[int, int]) -> int:
    return d[0] * 6 + d[1] - 1


def _dice(v: np.ndarray, base: int, dice: Any) -> None:
    for d in dice:
        v[base + _die(d)] += 1


def _undice(v: Any, base: int) -> tuple[tuple[int, int], ...]:
    return tuple((k // 6, k % 6 + 1) for k in range(layout.DK) for _ in range(int(v[base + k])))


def encode(s: DHState) -> np.ndarray:
    """The flat array of a reference state."""
    v = np.zeros(layout.NSTATE, dtype=np.int64)
    v[layout.PHASE], v[layout.ROUND], v[layout.CURSOR] = s.phase, s.round, s.cursor
    v[layout.FIRST], v[layout.NEXT_FIRST] = s.first, s.next_first
    _put(v, layout.ORDER, s.order)
    _put(v, layout.SUPPLY, s.supply)
    _put(v, layout.DRAWN, s.drawn)
    _dice(v, layout.ROLLED, s.rolled)
    v[layout.AMB_N] = len(s.ambulances)
    for j, amb in enumerate(s.ambulances):
        _dice(v, layout.AMB + j * layout.DK, amb)
    _put(v, layout.TAKEN, s.taken)
    _dice(v, layout.INCOMING, s.incoming)
    for base, values in (
        (layout.WDECK, s.ward_deck),
        (layout.SDECK, s.specialist_deck),
        (layout.WMKT, s.ward_market),
        (layout.SMKT, s.specialist_market),
        (layout.WGONE, s.ward_gone),
        (layout.SGONE, s.specialist_gone),
        (layout.ADECK, s.admin_deck),
        (layout.AHAND, s.admin_hand),
        (layout.ABOX, s.admin_box),
    ):
        _put(v, base, values)
    v[layout.EFF_KIND] = -1
    if s.effect is not None:
        v[layout.EFF_KIND] = s.effect[0]
        v[layout.EFF_N] = len(s.effect[1])
        _put(v, layout.EFF_P, [layout.pcode(*p) for p in s.effect[1]])
    for p, h in enumerate(s.hospitals):
        b = layout.HOSP + p * layout.HSZ
        for pat in h.patients:
            v[b + layout.PAT + layout.pcode(*pat)] += 1
        v[b + layout.NPAT] = len(h.patients)
        _put(v, b + layout.LOUNGE, h.lounge)
        _put(v, b + layout.MORT, h.mortuary)
        v[b + layout.MORTALITY], v[b + layout.BLOOD], v[b + layout.POINTS] = (
            h.mortality,
            h.blood,
            h.points,
        )
        v[b + layout.ADMIN] = h.admin
        _put(v, b + layout.WARDS, h.wards)
        _put(v, b + layout.SPECS, h.specialists)
        _put(v, b + layout.UW, h.used_wards)
        _put(v, b + layout.US, h.used_specialists)
        v[b + layout.NURSES], v[b + layout.EVICTED] = h.nurses_used, h.evicted
    return v


def decode(ctx: Any, v: Any) -> DHState:
    """The reference state of a flat array."""
    P, C = ctx.P, ctx.C

    def t(base: int, n: int) -> tuple[int, ...]:
        return tuple(int(x) for x in v[base : base + n])

    hospitals = []
    for p in range(P):
        b = layout.HOSP + p * layout.HSZ
        patients = tuple(
            layout.pfields(k) for k in range(layout.NK) for _ in range(int(v[b + layout.PAT + k]))
        )
        hospitals.append(
            Hospital(
                patients=patients,
                lounge=t(b + layout.LOUNGE, C),
                mortuary=t(b + layout.MORT, C),
                mortality=int(v[b + layout.MORTALITY]),
                blood=int(v[b + layout.BLOOD]),
                points=int(v[b + layout.POINTS]),
                admin=int(v[b + layout.ADMIN]),
                wards=t(b + layout.WARDS, layout.NW),
                specialists=t(b + layout.SPECS, layout.NS),
                used_wards=t(b + layout.UW, layout.NW),
                used_specialists=t(b + layout.US, layout.NS),
                nurses_used=int(v[b + layout.NURSES]),
                evicted=int(v[b + layout.EVICTED]),
            )
        )
    effect = None
    if v[layout.EFF_KIND] >= 0:
        just = tuple(
            layout.pfields(int(k)) for k in v[layout.EFF_P : layout.EFF_P + int(v[layout.EFF_N])]
        )
        effect = (int(v[layout.EFF_KIND]), just)
    return DHState(
        phase=int(v[layout.PHASE]),
        round=int(v[layout.ROUND]),
        cursor=int(v[layout.CURSOR]),
        first=int(v[layout.FIRST]),
        next_first=int(v[layout.NEXT_FIRST]),
        order=t(layout.ORDER, P),
        supply=t(layout.SUPPLY, C),
        drawn=t(layout.DRAWN, C),
        rolled=_undice(v, layout.ROLLED),
        ambulances=tuple(
            _undice(v, layout.AMB + j * layout.DK) for j in range(int(v[layout.AMB_N]))
        ),
        taken=t(layout.TAKEN, P),
        incoming=_undice(v, layout.INCOMING),
        ward_deck=t(layout.WDECK, layout.NW),
        specialist_deck=t(layout.SDECK, layout.NS),
        ward_market=t(layout.WMKT, layout.NW),
        specialist_market=t(layout.SMKT, layout.NS),
        ward_gone=t(layout.WGONE, layout.NW),
        specialist_gone=t(layout.SGONE, layout.NS),
        admin_deck=t(layout.ADECK, layout.NAD),
        admin_hand=t(layout.AHAND, layout.NAD),
        admin_box=t(layout.ABOX, layout.NAD),
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
    if verb == layout.V_SET:
        return SetPatients(tuple((int(d) // 6, int(d) % 6 + 1) for d in row[2 : 2 + row[1]]))
    if verb == layout.V_PLACE:
        ambs = []
        for j in range(int(row[1])):
            packed, counts = int(row[2 + j]), []
            for _ in range(layout.DK):
                packed, x = divmod(packed, 5)
                counts.append(x)
            ambs.append(_undice(counts, 0))
        return PlaceDice(tuple(ambs))
    if verb == layout.V_EVICT:
        return Evict(tuple(layout.pfields(int(k)) for k in row[2 : 2 + row[1]]))
    if verb == layout.V_ACTIVATE:
        group = tuple(layout.pfields(int(k)) for k in row[4 : 4 + row[3]])
        return Activate(int(row[1]), int(row[2]), group)
    if verb == layout.V_SPEC_HEAL:
        return SpecialistHeal(layout.pfields(int(row[1])))
    if verb == layout.V_BLOOD_HEAL:
        return BloodHeal(layout.pfields(int(row[1])))
    if verb == layout.V_RECOLOUR:
        return BloodRecolour(layout.pfields(int(row[1])), int(row[2]))
    raise ValueError(f"unknown action row {list(row)}")


def action_row(a: Any) -> np.ndarray:
    """The kernel row of a reference action."""
    row = np.zeros(layout.NA, dtype=np.int64)
    cls = type(a)
    if cls in VERB_OF:
        row[0] = VERB_OF[cls]
        if cls in KINDED.values():
            row[1] = a.number if cls is TakeAmbulance else a.kind
    elif cls is SetPatients:
        row[0], row[1] = layout.V_SET, len(a.dice)
        _put(row, 2, [_die(d) for d in a.dice])
    elif cls is PlaceDice:
        row[0], row[1] = layout.V_PLACE, len(a.ambulances)
        for j, amb in enumerate(a.ambulances):
            row[2 + j] = sum(5 ** _die(d) for d in amb)
    elif cls is Evict:
        row[0], row[1] = layout.V_EVICT, len(a.patients)
        _put(row, 2, [layout.pcode(*p) for p in a.patients])
    elif cls is Activate:
        row[0], row[1], row[2], row[3] = layout.V_ACTIVATE, a.meeple, a.ward, len(a.patients)
        _put(row, 4, [layout.pcode(*p) for p in a.patients])
    elif cls in (SpecialistHeal, BloodHeal):
        row[0] = layout.V_SPEC_HEAL if cls is SpecialistHeal else layout.V_BLOOD_HEAL
        row[1] = layout.pcode(*a.patient)
    elif cls is BloodRecolour:
        row[0], row[1], row[2] = layout.V_RECOLOUR, layout.pcode(*a.patient), a.colour
    else:
        raise ValueError(f"no kernel row for {a!r}")
    return row
