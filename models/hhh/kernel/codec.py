"""Between the reference model and the kernel: states, actions, config and readings.

``config_array(ctx)`` turns one (config, interpretation) pair into the kernel's ``K``:
every reading the reference consults through ``Ctx`` becomes a number there, so every
``--interpret`` and ``--set`` reaches the kernel. States and actions convert both ways
exactly (tests/hhh/test_hhh_kernel.py round-trips every state of ``tiny``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from ..rules import actions as act
from ..rules import readings as R
from ..rules.config import CAT, DOCTORS, STAFF
from ..rules.context import Ctx
from ..rules.state import HealInProgress, HHHState, ResearchInProgress
from . import layout as L

VERBS: tuple[type, ...] = (
    act.AdminRedraw,
    act.AdmitToER,
    act.ArriveAt,
    act.Bonus,
    act.ChaplainFlip,
    act.ChooseBenefit,
    act.Draw,
    act.EndActions,
    act.EndPicks,
    act.Heal,
    act.HireStaff,
    act.ImproveRoom,
    act.InstallRoom,
    act.InternTreat,
    act.JanitorIgnore,
    act.NurseTraining,
    act.Pass,
    act.RemoveAbility,
    act.ReplaceMarker,
    act.Research,
    act.RestockBloodBank,
    act.ReturnBlacks,
    act.Settle,
    act.TakeTraining,
    act.Transfer,
    act.VisitWard,
)
VERB_ID = {cls: i for i, cls in enumerate(VERBS)}
assert [c.__name__ for c in VERBS] == sorted(c.__name__ for c in VERBS)
assert len(STAFF) == 11 and CAT == 10


def config_array(ctx: Ctx, planted: int = 0) -> np.ndarray:
    """``K``: the config numbers and chosen readings of ``ctx`` (see :mod:`.layout`)."""
    c = ctx.config
    K = np.zeros(L.NCONFIG, dtype=np.int64)
    K[L.K_C] = ctx.C
    K[L.K_P] = ctx.P
    K[L.K_SPOTS] = ctx.spots
    K[L.K_BEDS] = ctx.beds
    for k in ctx.deck:
        K[L.K_DECK + k] = 1
    K[L.K_ROOM_CAP] = (
        R.ROOM_CAP.SIX_TOTAL,
        R.ROOM_CAP.SIX_INSTALLED,
        R.ROOM_CAP.EVERY_PHASE,
    ).index(ctx.room_cap)
    K[L.K_SETUP_LEVEL5_DIES] = ctx.setup_level5 == R.SETUP_LEVEL5.DIES
    K[L.K_SETUP_BEFORE_WAITING] = ctx.setup_order == R.SETUP_ORDER.BEFORE_WAITING
    K[L.K_STAFF_ROUND1_SETUP] = ctx.staff_round1 == R.STAFF_ROUND1.REVEAL_AT_SETUP
    K[L.K_STAFF_THIS_ROUND] = ctx.staff_this_round
    K[L.K_TRANSFER_WR] = (
        R.TRANSFER_WR_DEST.LEVEL_3_4_ANY,
        R.TRANSFER_WR_DEST.WARDS_ONLY,
        R.TRANSFER_WR_DEST.ANY_LEVEL_ROOMS,
    ).index(ctx.transfer_wr)
    K[L.K_TR_OVERFLOW_DIES] = ctx.tr_overflow == R.TR_OVERFLOW.DIES
    K[L.K_ER_RETURN_FIRST] = ctx.er_return == R.ER_RETURN.FIRST_ROOM
    K[L.K_ER_DRAW] = ctx.er_draw
    K[L.K_ER_PAY] = ctx.er_pay
    K[L.K_ER_DEATH] = ctx.er_death
    K[L.K_UNAFFORDABLE_OK] = ctx.unaffordable_ok
    K[L.K_EXHAUSTED_STUCK] = ctx.exhausted_stuck
    K[L.K_BB_BLACK_REFILL] = ctx.bb_black_refill
    K[L.K_REACTION_LATEST] = ctx.reaction_latest
    K[L.K_END_REACTION] = ctx.end_reaction
    K[L.K_END_REACTION_LAST] = ctx.end_reaction_last_round
    K[L.K_BB_FLIPS] = ctx.bb_flips
    K[L.K_BB_REBAG] = ctx.bb_rebag
    K[L.K_SHIELD] = ctx.ability_shield
    K[L.K_RESEARCH_HIRE_WITHOUT] = ctx.research_hire_without
    K[L.K_RESEARCH_ALL] = ctx.research_all
    K[L.K_RESEARCH_MUST] = ctx.research_must_choose
    K[L.K_VISIT_REBAG] = ctx.visit_rebag
    K[L.K_BEDS_PER_PATIENT] = ctx.beds_per_patient
    K[L.K_COO_NOW] = ctx.coo_now
    K[L.K_TRAINING_BONUS] = ctx.training_bonus
    K[L.K_TR5_TO_WARD] = ctx.tr5_to_ward
    K[L.K_WHITE_OUT_ARREST] = ctx.white_out_arrest
    K[L.K_MONEY_CAP] = -1 if ctx.money_cap is None else ctx.money_cap
    K[L.K_INTERN_ER] = ctx.intern_er
    K[L.K_INTERN_TREATS] = ctx.intern_treats
    K[L.K_REBAG_NEEDS_RED] = ctx.rebag_needs_reduction
    K[L.K_NURSE_REFILL] = ctx.nurse_refill
    K[L.K_CHAPLAIN_IN_HEAL] = ctx.chaplain_in_heal
    K[L.K_MARKERS_OUT_AFTER] = ctx.markers_out_after_setup
    K[L.K_ADMIN] = ctx.admin
    K[L.K_COOKE] = c.administrator == "cooke"
    K[L.K_LAST_ROUND] = ctx.last_round
    K[L.K_STAFF_SPACES] = ctx.staff_spaces
    K[L.K_REVEAL] = ctx.reveal
    K[L.K_STAFF_LAST_ROUND] = ctx.staff_last_round
    K[L.K_RTYPES] = ctx.research_types
    K[L.K_WAITING_ROOMS] = c.waiting_rooms
    K[L.K_SETUP_MARKERS] = c.setup_markers
    K[L.K_SETUP_LEVEL] = c.setup_level
    K[L.K_SETUP_CUBES] = c.setup_cubes
    K[L.K_ARRIVAL] = c.arrival_cubes
    K[L.K_WARD_DRAW] = c.ward_draw
    K[L.K_WARD_PAY] = c.ward_pay
    K[L.K_WARD_DEATH] = c.ward_death_cost
    K[L.K_WAITING_DEATH] = c.waiting_death_cost
    K[L.K_TOMBSTONES] = c.tombstones
    K[L.K_MORGUE_CAPACITY] = c.morgue_capacity
    K[L.K_ROOM_LIMIT] = c.room_limit
    K[L.K_STARTING_ROOM] = c.starting_room
    K[L.K_TWO_ROOMS] = c.variant_two_rooms
    K[L.K_IMPROVED_START] = c.variant_improved_start
    K[L.K_NO_ABILITIES] = c.variant_no_abilities
    K[L.K_STAFF_COST] = c.staff_cost
    K[L.K_OFFICE] = c.office_spaces
    K[L.K_TRAINING_FACE_UP] = c.training_face_up
    for p, d in enumerate(c.doctors):
        K[L.K_DOCTORS + p] = DOCTORS.index(d)
    K[L.K_MEDICAL_TOKENS] = c.medical_tokens
    K[L.K_STAFF_POOL_SUM] = sum(ctx.staff_pool)
    K[L.K_PLANTED] = planted
    return K


def _cubes(v: np.ndarray, at: int, C: int, t: tuple[int, ...]) -> None:
    """A reference cube tuple (colours, black at index C) into 6 kernel slots."""
    for i in range(C):
        v[at + i] = t[i]
    v[at + L.BLACK] = t[C]


def _uncubes(v: Any, at: int, C: int) -> tuple[int, ...]:
    return tuple(int(v[at + i]) for i in range(C)) + (int(v[at + L.BLACK]),)


def encode(C: int, s: HHHState) -> np.ndarray:
    """The kernel array of a reference state."""
    v = np.zeros(L.NSTATE, dtype=np.int64)
    v[L.PHASE], v[L.CURSOR], v[L.ROUND], v[L.MONEY] = s.phase, s.cursor, s.round, s.money
    v[L.REASON], v[L.ROOMS_PLACED], v[L.DEATHS] = s.reason, s.rooms_placed, s.deaths
    v[L.ADMIN_TOKENS], v[L.ADMIN_TOTAL] = s.admin_tokens, s.admin_total
    v[L.ADMIN_HOLDER], v[L.ADMIN_FACE_UP] = s.admin_holder, s.admin_face_up
    v[L.CHAPLAIN_USED], v[L.JANITOR_USED] = s.chaplain_used, s.janitor_used
    v[L.PICK_KIND], v[L.PICK_LEFT] = s.picks
    _cubes(v, L.BAG, C, s.bag)
    _cubes(v, L.DISCARD, C, s.discard)
    for w, room in enumerate(s.waiting):
        v[L.WAITING + 5 * w : L.WAITING + 5 * w + C] = room
    for c, ward in enumerate(s.wards):
        for level in ward:
            v[L.WARDS + 4 * c + level - 1] += 1
    v[L.ROOMS : L.ROOMS + 8] = s.rooms
    for c, (level, side) in enumerate(s.treatment):
        v[L.TREAT_LEVEL + c], v[L.TREAT_SIDE + c] = level, side
    v[L.ER : L.ER + C] = s.er
    _cubes(v, L.BLOOD, C, s.blood)
    _cubes(v, L.SUPPLY, C, s.supply)
    v[L.CEMETERY : L.CEMETERY + C] = s.cemetery[:C]
    v[L.CEMETERY + L.WHITE], v[L.CEMETERY + L.UNMARKED] = s.cemetery[C], s.cemetery[C + 1]
    v[L.MEDICAL : L.MEDICAL + len(s.medical)] = s.medical
    for at, t in (
        (L.STAFF_HIDDEN, s.staff_hidden),
        (L.STAFF_OPEN, s.staff_open),
        (L.STAFF_PASSED, s.staff_passed),
        (L.STAFF_HIRED, s.staff_hired),
        (L.ABILITIES, s.abilities),
        (L.TRAIN_OPEN, s.training_open),
        (L.TRAIN_HIDDEN, s.training_hidden),
        (L.NURSE_USED, s.nurse_free_used),
        (L.RDECK, s.research_deck),
        (L.RDISCARD, s.research_discard),
    ):
        v[at : at + len(t)] = t
    for p, markers in enumerate(s.training):
        v[L.TRAINING + 6 * p : L.TRAINING + 6 * p + 6] = markers
    h = s.heal
    if h is not None:
        v[L.HEAL_ON] = 1
        v[L.H_PLAYER], v[L.H_PLACE], v[L.H_COLOUR], v[L.H_LEVEL] = (
            h.player,
            h.place,
            h.colour,
            h.level,
        )
        _cubes(v, L.H_DRAWN, C, h.drawn)
        for size in h.bonuses:
            v[L.H_BONUS + size] += 1
        v[L.H_REBAG], v[L.H_BLOOD], v[L.H_LATEST] = h.rebag, h.blood, h.latest_black
    r = s.research
    if r is not None:
        v[L.RES_ON] = 1
        v[L.R_CARD] = r.card
        _cubes(v, L.R_DRAWN, C, r.drawn)
    return v


def decode(ctx: Ctx, v: Any) -> HHHState:
    """The reference state of a kernel array (``v`` may be any int sequence)."""
    C, P = ctx.C, ctx.P
    c = ctx.config
    W = c.waiting_rooms
    nt = len(ctx.training_pool)
    heal = None
    if v[L.HEAL_ON]:
        bonuses = tuple(size for size in (1, 2) for _ in range(int(v[L.H_BONUS + size])))
        heal = HealInProgress(
            int(v[L.H_PLAYER]),
            int(v[L.H_PLACE]),
            int(v[L.H_COLOUR]),
            int(v[L.H_LEVEL]),
            _uncubes(v, L.H_DRAWN, C),
            bonuses,
            int(v[L.H_REBAG]),
            int(v[L.H_BLOOD]),
            int(v[L.H_LATEST]),
        )
    research = None
    if v[L.RES_ON]:
        research = ResearchInProgress(int(v[L.R_CARD]), _uncubes(v, L.R_DRAWN, C))

    def ints(at: int, n: int) -> tuple[int, ...]:
        return tuple(int(x) for x in v[at : at + n])

    def bools(at: int, n: int) -> tuple[bool, ...]:
        return tuple(bool(x) for x in v[at : at + n])

    wards = tuple(
        tuple(level for level in range(1, 5) for _ in range(int(v[L.WARDS + 4 * k + level - 1])))
        for k in range(C)
    )
    return HHHState(
        phase=int(v[L.PHASE]),
        cursor=int(v[L.CURSOR]),
        round=int(v[L.ROUND]),
        money=int(v[L.MONEY]),
        reason=int(v[L.REASON]),
        bag=_uncubes(v, L.BAG, C),
        discard=_uncubes(v, L.DISCARD, C),
        waiting=tuple(ints(L.WAITING + 5 * w, C) for w in range(W)),
        wards=wards,
        rooms=ints(L.ROOMS, 8),
        rooms_placed=int(v[L.ROOMS_PLACED]),
        treatment=tuple((int(v[L.TREAT_LEVEL + k]), int(v[L.TREAT_SIDE + k])) for k in range(C)),
        er=ints(L.ER, C),
        blood=_uncubes(v, L.BLOOD, C),
        supply=_uncubes(v, L.SUPPLY, C),
        cemetery=ints(L.CEMETERY, C)
        + (int(v[L.CEMETERY + L.WHITE]), int(v[L.CEMETERY + L.UNMARKED])),
        deaths=int(v[L.DEATHS]),
        medical=ints(L.MEDICAL, P),
        admin_tokens=int(v[L.ADMIN_TOKENS]),
        admin_total=int(v[L.ADMIN_TOTAL]),
        admin_holder=int(v[L.ADMIN_HOLDER]),
        admin_face_up=bool(v[L.ADMIN_FACE_UP]),
        chaplain_used=bool(v[L.CHAPLAIN_USED]),
        janitor_used=bool(v[L.JANITOR_USED]),
        staff_hidden=ints(L.STAFF_HIDDEN, 11),
        staff_open=ints(L.STAFF_OPEN, 11),
        staff_passed=ints(L.STAFF_PASSED, 11),
        staff_hired=ints(L.STAFF_HIRED, 11),
        abilities=bools(L.ABILITIES, C),
        training_open=ints(L.TRAIN_OPEN, nt),
        training_hidden=ints(L.TRAIN_HIDDEN, nt),
        training=tuple(ints(L.TRAINING + 6 * p, nt) for p in range(P)),
        nurse_free_used=bools(L.NURSE_USED, P),
        research_deck=ints(L.RDECK, ctx.research_types),
        research_discard=ints(L.RDISCARD, ctx.research_types),
        heal=heal,
        research=research,
        picks=(int(v[L.PICK_KIND]), int(v[L.PICK_LEFT])),
    )


def action_row(C: int, a: Any) -> np.ndarray:
    """The kernel row of a reference action."""
    row = np.zeros(L.NA, dtype=np.int64)
    row[0] = VERB_ID[type(a)]
    if isinstance(a, act.Settle):
        row[1 : 1 + len(a.rebag)] = a.rebag
        return row
    for i, f in enumerate(dataclasses.fields(a)):
        row[1 + i] = getattr(a, f.name)
    return row


def row_action(C: int, row: Any) -> Any:
    """The reference action of a kernel row."""
    cls = VERBS[int(row[0])]
    if cls is act.Settle:
        return act.Settle(tuple(int(x) for x in row[1 : 2 + C]))
    return cls(*(int(row[1 + i]) for i in range(len(dataclasses.fields(cls)))))
