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

from ..rules import actions
from ..rules import readings as R
from ..rules.config import CAT, DOCTORS, STAFF
from ..rules.context import Ctx
from ..rules.state import HealInProgress, HHHState, ResearchInProgress
from . import layout

VERBS: tuple[type, ...] = (
    actions.AdminRedraw,
    actions.AdmitToER,
    actions.ArriveAt,
    actions.Bonus,
    actions.ChaplainFlip,
    actions.ChooseBenefit,
    actions.Draw,
    actions.EndActions,
    actions.EndPicks,
    actions.Heal,
    actions.HireStaff,
    actions.ImproveRoom,
    actions.InstallRoom,
    actions.InternTreat,
    actions.JanitorIgnore,
    actions.NurseTraining,
    actions.Pass,
    actions.RemoveAbility,
    actions.ReplaceMarker,
    actions.Research,
    actions.RestockBloodBank,
    actions.ReturnBlacks,
    actions.Settle,
    actions.TakeTraining,
    actions.Transfer,
    actions.VisitWard,
)
VERB_ID = {cls: i for i, cls in enumerate(VERBS)}
assert [c.__name__ for c in VERBS] == sorted(c.__name__ for c in VERBS)
assert len(STAFF) == 11 and CAT == 10


def config_array(ctx: Ctx, planted: int = 0) -> np.ndarray:
    """``K``: the config numbers and chosen readings of ``ctx`` (see :mod:`.layout`)."""
    c = ctx.config
    K = np.zeros(layout.NCONFIG, dtype=np.int64)
    K[layout.K_C] = ctx.C
    K[layout.K_P] = ctx.P
    K[layout.K_SPOTS] = ctx.spots
    K[layout.K_BEDS] = ctx.beds
    for k in ctx.deck:
        K[layout.K_DECK + k] = 1
    K[layout.K_ROOM_CAP] = (
        R.ROOM_CAP.SIX_TOTAL,
        R.ROOM_CAP.SIX_INSTALLED,
        R.ROOM_CAP.EVERY_PHASE,
    ).index(ctx.room_cap)
    K[layout.K_SETUP_LEVEL5_DIES] = ctx.setup_level5 == R.SETUP_LEVEL5.DIES
    K[layout.K_SETUP_BEFORE_WAITING] = ctx.setup_order == R.SETUP_ORDER.BEFORE_WAITING
    K[layout.K_STAFF_ROUND1_SETUP] = ctx.staff_round1 == R.STAFF_ROUND1.REVEAL_AT_SETUP
    K[layout.K_STAFF_THIS_ROUND] = ctx.staff_this_round
    K[layout.K_TRANSFER_WR] = (
        R.TRANSFER_WR_DEST.LEVEL_3_4_ANY,
        R.TRANSFER_WR_DEST.WARDS_ONLY,
        R.TRANSFER_WR_DEST.ANY_LEVEL_ROOMS,
    ).index(ctx.transfer_wr)
    K[layout.K_TR_OVERFLOW_DIES] = ctx.tr_overflow == R.TR_OVERFLOW.DIES
    K[layout.K_ER_RETURN_FIRST] = ctx.er_return == R.ER_RETURN.FIRST_ROOM
    K[layout.K_ER_DRAW] = ctx.er_draw
    K[layout.K_ER_PAY] = ctx.er_pay
    K[layout.K_ER_DEATH] = ctx.er_death
    K[layout.K_UNAFFORDABLE_OK] = ctx.unaffordable_ok
    K[layout.K_EXHAUSTED_STUCK] = ctx.exhausted_stuck
    K[layout.K_BB_BLACK_REFILL] = ctx.bb_black_refill
    K[layout.K_REACTION_LATEST] = ctx.reaction_latest
    K[layout.K_END_REACTION] = ctx.end_reaction
    K[layout.K_END_REACTION_LAST] = ctx.end_reaction_last_round
    K[layout.K_BB_FLIPS] = ctx.bb_flips
    K[layout.K_BB_REBAG] = ctx.bb_rebag
    K[layout.K_SHIELD] = ctx.ability_shield
    K[layout.K_RESEARCH_HIRE_WITHOUT] = ctx.research_hire_without
    K[layout.K_RESEARCH_ALL] = ctx.research_all
    K[layout.K_RESEARCH_MUST] = ctx.research_must_choose
    K[layout.K_VISIT_REBAG] = ctx.visit_rebag
    K[layout.K_BEDS_PER_PATIENT] = ctx.beds_per_patient
    K[layout.K_COO_NOW] = ctx.coo_now
    K[layout.K_TRAINING_BONUS] = ctx.training_bonus
    K[layout.K_TR5_TO_WARD] = ctx.tr5_to_ward
    K[layout.K_WHITE_OUT_ARREST] = ctx.white_out_arrest
    K[layout.K_MONEY_CAP] = -1 if ctx.money_cap is None else ctx.money_cap
    K[layout.K_INTERN_ER] = ctx.intern_er
    K[layout.K_INTERN_TREATS] = ctx.intern_treats
    K[layout.K_REBAG_NEEDS_RED] = ctx.rebag_needs_reduction
    K[layout.K_NURSE_REFILL] = ctx.nurse_refill
    K[layout.K_CHAPLAIN_IN_HEAL] = ctx.chaplain_in_heal
    K[layout.K_MARKERS_OUT_AFTER] = ctx.markers_out_after_setup
    K[layout.K_ADMIN] = ctx.admin
    K[layout.K_COOKE] = c.administrator == "cooke"
    K[layout.K_LAST_ROUND] = ctx.last_round
    K[layout.K_STAFF_SPACES] = ctx.staff_spaces
    K[layout.K_REVEAL] = ctx.reveal
    K[layout.K_STAFF_LAST_ROUND] = ctx.staff_last_round
    K[layout.K_RTYPES] = ctx.research_types
    K[layout.K_WAITING_ROOMS] = c.waiting_rooms
    K[layout.K_SETUP_MARKERS] = c.setup_markers
    K[layout.K_SETUP_LEVEL] = c.setup_level
    K[layout.K_SETUP_CUBES] = c.setup_cubes
    K[layout.K_ARRIVAL] = c.arrival_cubes
    K[layout.K_WARD_DRAW] = c.ward_draw
    K[layout.K_WARD_PAY] = c.ward_pay
    K[layout.K_WARD_DEATH] = c.ward_death_cost
    K[layout.K_WAITING_DEATH] = c.waiting_death_cost
    K[layout.K_TOMBSTONES] = c.tombstones
    K[layout.K_MORGUE_CAPACITY] = c.morgue_capacity
    K[layout.K_ROOM_LIMIT] = c.room_limit
    K[layout.K_STARTING_ROOM] = c.starting_room
    K[layout.K_TWO_ROOMS] = c.variant_two_rooms
    K[layout.K_IMPROVED_START] = c.variant_improved_start
    K[layout.K_NO_ABILITIES] = c.variant_no_abilities
    K[layout.K_STAFF_COST] = c.staff_cost
    K[layout.K_OFFICE] = c.office_spaces
    K[layout.K_TRAINING_FACE_UP] = c.training_face_up
    for p, d in enumerate(c.doctors):
        K[layout.K_DOCTORS + p] = DOCTORS.index(d)
    K[layout.K_MEDICAL_TOKENS] = c.medical_tokens
    K[layout.K_STAFF_POOL_SUM] = sum(ctx.staff_pool)
    K[layout.K_PLANTED] = planted
    return K


def _cubes(v: np.ndarray, at: int, C: int, t: tuple[int, ...]) -> None:
    """A reference cube tuple (colours, black at index C) into 6 kernel slots."""
    for i in range(C):
        v[at + i] = t[i]
    v[at + layout.BLACK] = t[C]


def _uncubes(v: Any, at: int, C: int) -> tuple[int, ...]:
    return tuple(int(v[at + i]) for i in range(C)) + (int(v[at + layout.BLACK]),)


def encode(C: int, s: HHHState) -> np.ndarray:
    """The kernel array of a reference state."""
    v = np.zeros(layout.NSTATE, dtype=np.int64)
    v[layout.PHASE], v[layout.CURSOR], v[layout.ROUND], v[layout.MONEY] = (
        s.phase,
        s.cursor,
        s.round,
        s.money,
    )
    v[layout.REASON], v[layout.ROOMS_PLACED], v[layout.DEATHS] = s.reason, s.rooms_placed, s.deaths
    v[layout.ADMIN_TOKENS], v[layout.ADMIN_TOTAL] = s.admin_tokens, s.admin_total
    v[layout.ADMIN_HOLDER], v[layout.ADMIN_FACE_UP] = s.admin_holder, s.admin_face_up
    v[layout.CHAPLAIN_USED], v[layout.JANITOR_USED] = s.chaplain_used, s.janitor_used
    v[layout.PICK_KIND], v[layout.PICK_LEFT] = s.picks
    _cubes(v, layout.BAG, C, s.bag)
    _cubes(v, layout.DISCARD, C, s.discard)
    for w, room in enumerate(s.waiting):
        v[layout.WAITING + 5 * w : layout.WAITING + 5 * w + C] = room
    for c, ward in enumerate(s.wards):
        for level in ward:
            v[layout.WARDS + 4 * c + level - 1] += 1
    v[layout.ROOMS : layout.ROOMS + 8] = s.rooms
    for c, (level, side) in enumerate(s.treatment):
        v[layout.TREAT_LEVEL + c], v[layout.TREAT_SIDE + c] = level, side
    v[layout.ER : layout.ER + C] = s.er
    _cubes(v, layout.BLOOD, C, s.blood)
    _cubes(v, layout.SUPPLY, C, s.supply)
    v[layout.CEMETERY : layout.CEMETERY + C] = s.cemetery[:C]
    v[layout.CEMETERY + layout.WHITE], v[layout.CEMETERY + layout.UNMARKED] = (
        s.cemetery[C],
        s.cemetery[C + 1],
    )
    v[layout.MEDICAL : layout.MEDICAL + len(s.medical)] = s.medical
    for at, t in (
        (layout.STAFF_HIDDEN, s.staff_hidden),
        (layout.STAFF_OPEN, s.staff_open),
        (layout.STAFF_PASSED, s.staff_passed),
        (layout.STAFF_HIRED, s.staff_hired),
        (layout.ABILITIES, s.abilities),
        (layout.TRAIN_OPEN, s.training_open),
        (layout.TRAIN_HIDDEN, s.training_hidden),
        (layout.NURSE_USED, s.nurse_free_used),
        (layout.RDECK, s.research_deck),
        (layout.RDISCARD, s.research_discard),
    ):
        v[at : at + len(t)] = t
    for p, markers in enumerate(s.training):
        v[layout.TRAINING + 6 * p : layout.TRAINING + 6 * p + 6] = markers
    h = s.heal
    if h is not None:
        v[layout.HEAL_ON] = 1
        v[layout.H_PLAYER], v[layout.H_PLACE], v[layout.H_COLOUR], v[layout.H_LEVEL] = (
            h.player,
            h.place,
            h.colour,
            h.level,
        )
        _cubes(v, layout.H_DRAWN, C, h.drawn)
        for size in h.bonuses:
            v[layout.H_BONUS + size] += 1
        v[layout.H_REBAG], v[layout.H_BLOOD], v[layout.H_LATEST] = h.rebag, h.blood, h.latest_black
    r = s.research
    if r is not None:
        v[layout.RES_ON] = 1
        v[layout.R_CARD] = r.card
        _cubes(v, layout.R_DRAWN, C, r.drawn)
    return v


def decode(ctx: Ctx, v: Any) -> HHHState:
    """The reference state of a kernel array (``v`` may be any int sequence)."""
    C, P = ctx.C, ctx.P
    c = ctx.config
    W = c.waiting_rooms
    nt = len(ctx.training_pool)
    heal = None
    if v[layout.HEAL_ON]:
        bonuses = tuple(size for size in (1, 2) for _ in range(int(v[layout.H_BONUS + size])))
        heal = HealInProgress(
            int(v[layout.H_PLAYER]),
            int(v[layout.H_PLACE]),
            int(v[layout.H_COLOUR]),
            int(v[layout.H_LEVEL]),
            _uncubes(v, layout.H_DRAWN, C),
            bonuses,
            int(v[layout.H_REBAG]),
            int(v[layout.H_BLOOD]),
            int(v[layout.H_LATEST]),
        )
    research = None
    if v[layout.RES_ON]:
        research = ResearchInProgress(int(v[layout.R_CARD]), _uncubes(v, layout.R_DRAWN, C))

    def ints(at: int, n: int) -> tuple[int, ...]:
        return tuple(int(x) for x in v[at : at + n])

    def bools(at: int, n: int) -> tuple[bool, ...]:
        return tuple(bool(x) for x in v[at : at + n])

    wards = tuple(
        tuple(
            level for level in range(1, 5) for _ in range(int(v[layout.WARDS + 4 * k + level - 1]))
        )
        for k in range(C)
    )
    return HHHState(
        phase=int(v[layout.PHASE]),
        cursor=int(v[layout.CURSOR]),
        round=int(v[layout.ROUND]),
        money=int(v[layout.MONEY]),
        reason=int(v[layout.REASON]),
        bag=_uncubes(v, layout.BAG, C),
        discard=_uncubes(v, layout.DISCARD, C),
        waiting=tuple(ints(layout.WAITING + 5 * w, C) for w in range(W)),
        wards=wards,
        rooms=ints(layout.ROOMS, 8),
        rooms_placed=int(v[layout.ROOMS_PLACED]),
        treatment=tuple(
            (int(v[layout.TREAT_LEVEL + k]), int(v[layout.TREAT_SIDE + k])) for k in range(C)
        ),
        er=ints(layout.ER, C),
        blood=_uncubes(v, layout.BLOOD, C),
        supply=_uncubes(v, layout.SUPPLY, C),
        cemetery=ints(layout.CEMETERY, C)
        + (int(v[layout.CEMETERY + layout.WHITE]), int(v[layout.CEMETERY + layout.UNMARKED])),
        deaths=int(v[layout.DEATHS]),
        medical=ints(layout.MEDICAL, P),
        admin_tokens=int(v[layout.ADMIN_TOKENS]),
        admin_total=int(v[layout.ADMIN_TOTAL]),
        admin_holder=int(v[layout.ADMIN_HOLDER]),
        admin_face_up=bool(v[layout.ADMIN_FACE_UP]),
        chaplain_used=bool(v[layout.CHAPLAIN_USED]),
        janitor_used=bool(v[layout.JANITOR_USED]),
        staff_hidden=ints(layout.STAFF_HIDDEN, 11),
        staff_open=ints(layout.STAFF_OPEN, 11),
        staff_passed=ints(layout.STAFF_PASSED, 11),
        staff_hired=ints(layout.STAFF_HIRED, 11),
        abilities=bools(layout.ABILITIES, C),
        training_open=ints(layout.TRAIN_OPEN, nt),
        training_hidden=ints(layout.TRAIN_HIDDEN, nt),
        training=tuple(ints(layout.TRAINING + 6 * p, nt) for p in range(P)),
        nurse_free_used=bools(layout.NURSE_USED, P),
        research_deck=ints(layout.RDECK, ctx.research_types),
        research_discard=ints(layout.RDISCARD, ctx.research_types),
        heal=heal,
        research=research,
        picks=(int(v[layout.PICK_KIND]), int(v[layout.PICK_LEFT])),
    )


def action_row(C: int, a: Any) -> np.ndarray:
    """The kernel row of a reference action."""
    row = np.zeros(layout.NA, dtype=np.int64)
    row[0] = VERB_ID[type(a)]
    if isinstance(a, actions.Settle):
        row[1 : 1 + len(a.rebag)] = a.rebag
        return row
    for i, f in enumerate(dataclasses.fields(a)):
        row[1 + i] = getattr(a, f.name)
    return row


def row_action(C: int, row: Any) -> Any:
    """The reference action of a kernel row."""
    cls = VERBS[int(row[0])]
    if cls is actions.Settle:
        return actions.Settle(tuple(int(x) for x in row[1 : 2 + C]))
    return cls(*(int(row[1 + i]) for i in range(len(dataclasses.fields(cls)))))
