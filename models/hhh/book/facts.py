"""Every number the Healthy Heart Hospital rulebook prints for the real game, as data.

A :class:`Fact` pairs a verbatim quote (``tests/test_rule_quotes.py`` checks it) with the
value it prints and a function that reads that value off a model of the ``full`` preset
(optionally with overrides or readings, e.g. another player count or a variant). Where a
rule function computes the number (a capacity, a cost, a death level) the getter asks that
function on a probe position, so the fact checks what the model does, not a copy of a
constant. ``tests/hhh/test_hhh_facts.py`` evaluates them; changing, say, the number of rounds
in ``config.py`` fails with the sentence it breaks.

``relation`` is ``==`` or ``<=`` (the book's number bounds what the model uses: 10
Medical tokens, of which no player count deals more). :data:`NOT_MODELLED` lists the
printed numbers the model has no use for, and why.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hhh_verify.contract.records import replace

from ..rules import readings as R
from ..rules.board import (
    LAWYER_DISCOUNT,
    blood_size,
    body_capacity,
    er_capacity,
    put,
    settlement,
    treatment_max,
    treatment_numbers,
)
from ..rules.config import (
    ADMIN_BLACK_PAY,
    CAT,
    COO,
    CORONER,
    DEATH_LEVEL,
    GRAY,
    JANITOR,
    LAWYER,
    SETUP_TABLE,
    STAFF,
    TRAINING_REBAG,
)
from ..rules.draws import _chain
from ..rules.heal import (
    _settle_emergency,
    _settle_ward,
    bonuses_and_rebag,
    doctor_rebag,
)
from ..rules.model import HHHModel, rating
from ..rules.player_actions import (
    CFO_GAIN,
    INTERN_HEAL,
    RESEARCH_CUBES,
    RESEARCH_HIRE_COST,
    WAITING_TO_WARD,
    hire,
    restock_cost,
)
from ..rules.setup import ROOMS_AT_START_TWO, after_markers
from ..rules.state import (
    ACTIONS,
    BLOOD_BANK,
    ER,
    HEAL_DRAWN,
    PICK_IMPROVE,
    PICKS,
    PP_STAFF,
    TREATMENT,
    WARD,
    HealInProgress,
)


@dataclass(frozen=True)
class Fact:
    """A number the book prints: where, its words, the value, how the model shows it."""

    section: str
    quote: str
    value: Any
    get: Callable[[Any], Any]
    relation: str = "=="
    overrides: tuple[str, ...] = ()
    readings: tuple[str, ...] = ()

    def holds(self, model: HHHModel) -> bool:
        got = self.get(model)
        return got == self.value if self.relation == "==" else got <= self.value


def _probe(m: HHHModel, **fields: Any) -> Any:
    """A round-1 Action Phase position with nothing on the board, then ``fields``."""
    s = m.initial_state()
    C = m.ctx.C
    s = replace(s, phase=ACTIONS, wards=((),) * C, waiting=((0,) * C,) * len(s.waiting))
    return replace(s, **fields)


def _rooms(kind: int, level: int) -> tuple[int, ...]:
    return put((0,) * 8, kind, level)


def _death_level(m: HHHModel) -> int:
    """The lowest level at which a Ward patient dies after a Heal."""
    for level in range(1, 10):
        s = _probe(m, wards=((4,),) + ((),) * (m.ctx.C - 1), money=99)
        after, _ = _settle_ward(m.ctx, s, 0, 4, 4 - level)
        if after.deaths:
            return level
    return -1


def _bracket(low: int, high: int | None = None) -> Callable[[Any], Any]:
    """The ratings of the bracket's lowest and highest money (a ``$N+`` bracket ends
    where the next begins, $20 higher)."""
    top = low + 19 if high is None else high
    return lambda m: (rating(low), rating(top))


def _setup_row(players: int) -> Fact:
    medical, admin, money = SETUP_TABLE[players]
    doctors = ",".join(["plain"] * players)
    return Fact(
        "Setup",
        f"| {players} | {medical} | {admin} | ${money} |",
        (medical, admin, money),
        lambda m: (
            m.initial_state().medical[0],
            m.initial_state().admin_tokens,
            m.initial_state().money,
        ),
        overrides=(f"players={players}", f"doctors={doctors}"),
    )


def _chain_extra(m: HHHModel) -> int:
    """Colour cubes a chain of 1 ends with after exactly one black cube: 1 - 1 + 2."""
    return max(sum(d[:-1]) for (d, _b, _disc, _owed), _p in _chain((3, 1), (0, 0), 1))


def _coo_tokens(m: HHHModel) -> int:
    from ..rules.actions import HireStaff

    s = _probe(m, staff_open=put((0,) * 11, COO, 1), money=20)
    ((after, _),) = m.step(s, HireStaff(COO))
    return int(after.admin_total - s.admin_total)


def _janitor(m: HHHModel) -> tuple[int, int, int]:
    """A Ward Heal that drew 5 cubes, one of them black, and the Janitor ignoring it: (black
    cubes that left the drawn cubes, black cubes that reached the discard pile, cubes drawn
    from the bag as a replacement)."""
    from ..rules.actions import JanitorIgnore

    B = m.ctx.B
    drawn = (0,) + (1,) * m.ctx.C  # one cube of each colour but the first, and a black one
    heal = HealInProgress(0, WARD, 1, 3, drawn, (), 0, -1, 1)
    s = _probe(m, phase=HEAL_DRAWN, heal=heal, staff_hired=put((0,) * 11, JANITOR, 1))
    s = replace(s, bag=tuple(b - d for b, d in zip(s.bag, drawn)))
    ((after, _),) = m.step(s, JanitorIgnore())
    assert after.heal is not None, "the Janitor leaves the heal in progress"
    return (
        s.heal.drawn[B] - after.heal.drawn[B],
        after.discard[B] - s.discard[B],
        sum(s.bag) - sum(after.bag),
    )


def _rebag_after_a_lowering_heal(m: HHHModel) -> int:
    """The most cubes the Settle of a Treatment Room Heal by player 0's Doctor may re-bag,
    its draw two cubes of the patient's colour and one black (the level one lower)."""
    from ..rules.actions import Settle

    drawn = put(put((0,) * (m.ctx.C + 1), 0, 2), m.ctx.B, 1)
    s = _probe(m, rooms=_rooms(0, 1))
    _bonuses, rebag = bonuses_and_rebag(m.ctx, s, 0, TREATMENT, 0)
    heal = HealInProgress(0, TREATMENT, 0, 3, drawn, (), rebag, -1, 1)
    s = replace(s, phase=HEAL_DRAWN, heal=heal)
    return max(sum(a.rebag) for a in m.legal_actions(s) if isinstance(a, Settle))


def _staff_flipped_per_round(m: HHHModel) -> tuple[int, ...]:
    """Staff markers flipped at each Housekeeping into rounds 2 to the last (the first
    outcome of each reveal, a position with nothing else on the board)."""
    from ..rules.actions import Draw

    s, flipped = _probe(m), []
    for r in range(2, m.ctx.last_round + 1):
        before = sum(s.staff_open)
        s = m.step(replace(s, phase=PP_STAFF, round=r), Draw())[0][0]
        flipped.append(int(sum(s.staff_open) - before))
    return tuple(flipped)


def _blood_bank_at_start(m: HHHModel) -> int:
    """Cubes on the Blood Bank when round 1's Action Phase begins, the Blood Bank chosen
    as the first New Room and setup's chance events drawn with a seeded sampler."""
    from ..rules.actions import Action, InstallRoom

    rng = random.Random(0)
    s = m.initial_state()
    while s.phase != ACTIONS:
        legal = m.legal_actions(s)
        bank: list[Action] = [
            a for a in legal if isinstance(a, InstallRoom) and a.kind == BLOOD_BANK
        ]
        s = m.sample_step(s, (bank or list(legal))[0], rng)
    return int(sum(s.blood))


def _er_patient_healed_by_2(m: HHHModel) -> tuple[int, int]:
    """A 5-cube Emergency Room patient healed by 2 levels, the Waiting Rooms empty: its
    colour's cubes left in the Emergency Room, and in the Waiting Rooms together (either
    room may take it, per HHH-ER-RETURN): a 3-cube patient waits."""
    s = _probe(m, rooms=_rooms(ER, 1), er=put((0,) * m.ctx.C, 0, 1))
    ((t, _p),) = _settle_emergency(m.ctx, s, 0, 2, 1)
    return t.er[0], sum(room[0] for room in t.waiting)


def _improve_on_hire(m: HHHModel) -> tuple[str, ...]:
    """The Staff whose hiring asks which New Room to improve, each hired on its own with a
    Basic room in play, no patient on the board and no Ward Ability left: only the
    Bureaucrat's 1-time effect improves a room."""
    out = []
    for staff in range(CAT):
        s = _probe(m, rooms=_rooms(0, 1), abilities=(False,) * m.ctx.C, money=99)
        s = replace(s, staff_open=tuple(int(t == staff) for t in range(len(s.staff_open))))
        ((t, _p),) = hire(m.ctx, s, staff, m.config.staff_cost)
        if t.phase == PICKS and t.picks[0] == PICK_IMPROVE:
            out.append(STAFF[staff])
    return tuple(out)


def _staff_face_up_in_round_1(m: HHHModel) -> int:
    """Staff markers face up when round 1's Action Phase begins, setup played with a
    seeded draw of every chance event and the first offered New Room card."""
    rng = random.Random(0)
    s = m.initial_state()
    while s.phase != ACTIONS:
        s = m.sample_step(s, m.legal_actions(s)[0], rng)
    return int(sum(s.staff_open))


FACTS: tuple[Fact, ...] = (
    # Objective, Victory and Defeat ------------------------------------------------------
    Fact("Objective", "over the course of six rounds", 6, lambda m: m.config.rounds),
    Fact("Objective", "Make it to the end of the 6th round", 6, lambda m: m.ctx.last_round),
    *(
        Fact("Victory and Defeat", f"${floor}+: {name}.", (name, name), _bracket(floor))
        for floor, name in (
            (20, "Inconsequential"),
            (40, "Notable"),
            (60, "Prosperous"),
            (80, "Triumphant"),
        )
    ),
    Fact(
        "Victory and Defeat", "$0-19: Regrettable.", ("Regrettable", "Regrettable"), _bracket(0, 19)
    ),
    # Components ---------------------------------------------------------------------------
    Fact(
        "Components",
        "88 Wooden Cubes",
        88,
        lambda m: m.ctx.C * m.config.cubes_each + m.config.black_cubes,
    ),
    Fact("Components", "(8 black and 16 of each other color)", 8, lambda m: m.config.black_cubes),
    Fact("Components", "(8 black and 16 of each other color)", 16, lambda m: m.config.cubes_each),
    Fact(
        "Components",
        "30 Patient Markers",
        30,
        lambda m: m.ctx.C * m.config.markers_each + m.config.white_markers,
    ),
    Fact(
        "Setup",
        "Place the 10 white Patient markers in a pile.",
        10,
        lambda m: m.config.white_markers,
    ),
    Fact(
        "Setup",
        "Shuffle the 20 non-white Patient markers",
        20,
        lambda m: m.ctx.C * m.config.markers_each,
    ),
    Fact(
        "Components",
        "10 Medical Action Tokens",
        10,
        lambda m: max(p * SETUP_TABLE[p][0] for p in SETUP_TABLE),
    ),
    Fact(
        "Components",
        "5 Administrative Action Tokens",
        5,
        lambda m: max(a for _med, a, _mon in SETUP_TABLE.values()) + m.ctx.staff_pool[COO],
        relation="<=",
    ),
    Fact(
        "Components",
        "18 Training Markers",
        18,
        lambda m: sum(m.ctx.training_pool),
        readings=("HHH-TRAINING-COUNT=eighteen",),
    ),
    Fact("Components", "12 Staff Markers", 12, lambda m: sum(m.ctx.staff_pool)),
    Fact("Components", "14 New Room Cards", 14, lambda m: len(m.ctx.deck), relation="<="),
    Fact("Components", "20 Research Cards", 20, lambda m: m.config.research_cards),
    Fact("Key Concepts", "The 5 different Illnesses", 5, lambda m: m.ctx.C),
    # Setup ------------------------------------------------------------------------------------
    Fact(
        "Setup",
        "Shuffle all 20 Training markers face down.",
        20,
        lambda m: sum(m.ctx.training_pool),
        readings=("HHH-TRAINING-COUNT=twenty",),
    ),
    Fact(
        "Setup", "Reveal 4 random Training markers face up", 4, lambda m: m.config.training_face_up
    ),
    Fact(
        "Setup",
        "Return the remaining 2 to the box without looking at them.",
        2,
        lambda m: sum(m.ctx.staff_pool) - m.ctx.staff_spaces,
    ),
    Fact("Setup", "Draw 5 of them randomly", 5, lambda m: m.config.setup_markers),
    Fact(
        "Setup",
        'with the "3" of each Patient marker facing left',
        3,
        lambda m: m.config.setup_level,
    ),
    Fact(
        "Setup",
        "Draw 6 random cubes from the bag per Waiting Room",
        6,
        lambda m: m.config.setup_cubes,
    ),
    *(_setup_row(p) for p in (2, 3, 4, 5)),
    # New Rooms ----------------------------------------------------------------------------------
    Fact(
        "New Rooms",
        "You start the game with 1 New Room card",
        1,
        lambda m: after_markers(m.ctx, m.initial_state()).cursor,
    ),
    Fact(
        "New Rooms",
        "Only 6 New Room cards can be placed during the game.",
        6,
        lambda m: m.config.room_limit,
    ),
    Fact(
        "New Room Clarifications",
        "Each Treatment room can hold 1 Patient that matches the color of the room, of Illness level 1, 2, 3, or 4.",
        4,
        lambda m: treatment_max(_probe(m, rooms=_rooms(0, 1)), 0),
    ),
    Fact(
        "New Room Clarifications",
        "they may now hold a Patient up to Illness level 5",
        5,
        lambda m: treatment_max(_probe(m, rooms=_rooms(0, 2)), 0),
    ),
    Fact(
        "New Room Clarifications",
        "When using a Heal action in a Basic Treatment Room, draw 8 cubes, and gain $3 for each illness level healed.",
        (8, 3),
        lambda m: treatment_numbers(_probe(m, rooms=_rooms(0, 1)), 0)[:2],
    ),
    Fact(
        "New Room Clarifications",
        "When using a Heal action in an Improved Treatment Room, draw 10 cubes, and gain $4 for each illness level healed.",
        (10, 4),
        lambda m: treatment_numbers(_probe(m, rooms=_rooms(0, 2)), 0)[:2],
    ),
    Fact(
        "New Room Clarifications",
        "you will lose $12 or $15, respectively",
        (12, 15),
        lambda m: tuple(treatment_numbers(_probe(m, rooms=_rooms(0, v)), 0)[2] for v in (1, 2)),
    ),
    Fact(
        "Emergency Room",
        "The Emergency Room holds up to 1 cube Patient",
        1,
        lambda m: er_capacity(_probe(m, rooms=_rooms(ER, 1))),
    ),
    Fact(
        "Emergency Room",
        "When this room is Improved, it can hold up to 3 Patients",
        3,
        lambda m: er_capacity(_probe(m, rooms=_rooms(ER, 2))),
    ),
    Fact(
        "Emergency Room", "only Patients with an exact Illness level of 5", 5, lambda m: DEATH_LEVEL
    ),
    Fact(
        "Emergency Room",
        "If a Patient in the Emergency Room is healed below 5 cubes, immediately move them to a matching-colored space in the Waiting Room.",
        (0, 3),
        _er_patient_healed_by_2,
    ),
    Fact(
        "Blood Bank",
        "When built, draw 3 random cubes from the bag",
        3,
        lambda m: blood_size(_probe(m, rooms=_rooms(BLOOD_BANK, 1))),
    ),
    *(
        Fact(
            "Blood Bank",
            "When built, draw 3 random cubes from the bag and place them on the Blood Bank.",
            3,
            _blood_bank_at_start,
            readings=(f"{order.ambiguity}={order}",),
        )
        for order in (R.SETUP_ORDER.BEFORE_WAITING, R.SETUP_ORDER.AFTER_WAITING)
    ),
    Fact(
        "Blood Bank",
        "then draw 5 random cubes from the bag and place them on the Blood Bank",
        5,
        lambda m: blood_size(_probe(m, rooms=_rooms(BLOOD_BANK, 2))),
    ),
    Fact(
        "Blood Bank",
        "you may use 1 Administrative action token and spend $3 to refill it with 3 random cubes",
        3,
        lambda m: restock_cost(_probe(m, rooms=_rooms(BLOOD_BANK, 1))),
    ),
    Fact(
        "Blood Bank",
        "spend $5 to refill it with 5 random cubes",
        5,
        lambda m: restock_cost(_probe(m, rooms=_rooms(BLOOD_BANK, 2))),
    ),
    # Patients, death, money ---------------------------------------------------------------------
    Fact(
        "Patient Death",
        "If a Patient reaches an Illness level of 5 in an Infirmary Ward or Waiting Room, they die.",
        5,
        _death_level,
    ),
    Fact(
        "New Patients Arrive",
        "the 5-cube patient",
        5,
        lambda m: m.ctx.spots,
        readings=("HHH-WAITING-SPOTS=as-config",),
    ),
    Fact(
        "Hide The Bodies",
        "When a patient dies in the Infirmary Wards, lose $10.",
        10,
        lambda m: m.config.ward_death_cost,
    ),
    Fact(
        "Hide The Bodies",
        "The Cemetery can hold up to 5 Patient markers.",
        5,
        lambda m: body_capacity(m.ctx, _probe(m)),
    ),
    Fact(
        "Staff Index",
        "It can hold 1 dead Patient marker.",
        1,
        lambda m: (
            body_capacity(m.ctx, _probe(m, staff_hired=put((0,) * 11, CORONER, 1)))
            - body_capacity(m.ctx, _probe(m))
        ),
    ),
    Fact(
        "New Patients Arrive",
        "the Patient immediately dies, costing you $5",
        5,
        lambda m: m.config.waiting_death_cost,
    ),
    Fact(
        "Staff Index",
        "Lawyer: Reduce the amount of Money you lose by $2 for each Patient that dies.",
        2,
        lambda m: 10 - settlement(_probe(m, staff_hired=put((0,) * 11, LAWYER, 1)), 10),
    ),
    Fact("Staff Index", "Reduce the amount of Money you lose by $2", 2, lambda m: LAWYER_DISCOUNT),
    Fact(
        "Money",
        "track funds from $100 to $199",
        199,
        lambda m: m.ctx.money_cap,
        readings=("HHH-MONEY-CAP=capped",),
    ),
    # Actions ------------------------------------------------------------------------------------------
    Fact("Heal a Patient", "In the Wards, you draw 6 cubes", 6, lambda m: m.config.ward_draw),
    Fact(
        "Heal a Patient",
        "Example: Gain $1 per Illness level reduced.",
        1,
        lambda m: m.config.ward_pay,
    ),
    Fact(
        "Healing a Patient Example",
        "+2 cube draws to heal Psychiatric patients",
        (2,),
        lambda m: bonuses_and_rebag(m.ctx, _probe(m), 0, WARD, GRAY)[0],
    ),
    Fact(
        "Healing a Patient Example",
        "After healing a non-Ward patient, may re-bag 2 cubes.",
        2,
        lambda m: doctor_rebag(m.ctx, 0, 1, 0),
    ),
    Fact(
        "Healing a Patient Example",
        "After healing a non-Ward patient, may re-bag 2 cubes.",
        2,
        _rebag_after_a_lowering_heal,
        readings=("HHH-REBAG-AFTER-HEAL=level-reduced",),
    ),
    Fact(
        "Components",
        "After healing a Psychiatric patient, may re-bag 2 cubes.",
        2,
        lambda m: doctor_rebag(m.ctx, 1, WARD, GRAY),
    ),
    Fact(
        "Healing a Patient Example",
        "use your other 2 Training markers to Re-bag 1 cube each",
        2,
        lambda m: bonuses_and_rebag(
            m.ctx, _probe(m, training=(put((0,) * 6, TRAINING_REBAG, 2), (0,) * 6)), 0, WARD, 0
        )[1],
    ),
    Fact(
        "Healing a Patient Example",
        "Nowitz has a Psychiatric Training marker, which allows an additional Training bonus draw.",
        1,
        lambda m: m.ctx.training_bonus,
        readings=("HHH-TRAINING-BONUS=one",),
    ),
    Fact(
        "Transfer a Patient",
        "Only Patients of Illness levels 3 and 4 may be transferred from the Waiting Rooms to a Ward.",
        (3, 4),
        lambda m: WAITING_TO_WARD,
    ),
    Fact("Hire Staff", "Pay $5.", 5, lambda m: m.config.staff_cost),
    Fact("Research", "Draw 5 cubes from the bag.", 5, lambda m: RESEARCH_CUBES),
    Fact("Components", "Hire 1 Staff for $2.", 2, lambda m: RESEARCH_HIRE_COST),
    Fact(
        "Research", "If you draw a black cube, discard it and draw 2 more cubes.", 2, _chain_extra
    ),
    Fact("Components", "Gain $2 for each cube returned.", 2, lambda m: ADMIN_BLACK_PAY),
    Fact("Staff Index", "reduce its Illness level by 3", 3, lambda m: INTERN_HEAL),
    Fact("Staff Index", "CFO (Chief Financial Officer): Gain $10.", 10, lambda m: CFO_GAIN),
    Fact(
        "Staff Index",
        "Janitor: Once per round, discard a just-drawn black cube without applying its effect (do not draw a replacement).",
        (1, 1, 0),
        _janitor,
    ),
    Fact(
        "Staff Index",
        "Bureaucrat: Improve 1 New Room card already in play to the left of the game board for $0.",
        ("Bureaucrat",),
        _improve_on_hire,
    ),
    Fact(
        "Staff Index",
        "The Administrator gains 1 additional Administrative action token",
        1,
        _coo_tokens,
    ),
    # Patient Phase ----------------------------------------------------------------------------------
    Fact("New Patients Arrive", "Draw 6 cubes from the bag.", 6, lambda m: m.config.arrival_cubes),
    Fact(
        "New Patients Arrive",
        "New Patients show up in both Waiting Rooms",
        2,
        lambda m: m.config.waiting_rooms,
    ),
    Fact(
        "Housekeeping",
        "Flip the 2 Staff markers below the round marker face up",
        2,
        lambda m: m.ctx.reveal,
    ),
    Fact(
        "Housekeeping",
        "Flip the 2 Staff markers below the round marker face up",
        (2, 2, 2, 2, 2),
        _staff_flipped_per_round,
        # the book's own count: under reveal-at-setup round 1's pair is flipped at setup
        # and the rounds' pairs shift down one (its promise says so)
        readings=(R.STAFF_ROUND1.NONE_IN_ROUND_1.item,),
    ),
    Fact(
        "Housekeeping",
        "Flip the 2 Staff markers below the round marker face up",
        2,
        _staff_face_up_in_round_1,
        readings=("HHH-STAFF-ROUND1=reveal-at-setup",),
    ),
    Fact(
        "Housekeeping",
        "If it is the 6th round, immediately proceed to Victory and Defeat",
        6,
        lambda m: m.ctx.last_round,
    ),
    # Variants ----------------------------------------------------------------------------------------
    Fact(
        "Variants",
        "Start with $0",
        0,
        lambda m: m.initial_state().money,
        overrides=("variant_improved_start=1",),
    ),
    Fact(
        "Variants", "Begin the game with 2 New Rooms instead of 1", 2, lambda m: ROOMS_AT_START_TWO
    ),
    Fact(
        "Variants",
        "the game ends after 5 rounds instead of 6",
        5,
        lambda m: m.ctx.last_round,
        overrides=("variant_two_rooms=1",),
    ),
    Fact(
        "Variants",
        "Remove the last two Staff markers from the board",
        2,
        lambda m: m.config.staff_spaces - m.ctx.staff_spaces,
        overrides=("variant_two_rooms=1",),
    ),
    Fact(
        "Variants",
        "Start the game with 1 fewer Patient marker of each color in the supply.",
        1,
        lambda m: m.config.markers_per_colour - m.config.markers_each,
        overrides=("variant_fewer_markers=1",),
    ),
    Fact(
        "Variants",
        "Start the game with 2 fewer cubes of each non-black color.",
        2,
        lambda m: m.config.cubes_per_colour - m.config.cubes_each,
        overrides=("variant_fewer_cubes=1",),
    ),
    Fact(
        "Variants",
        "Reveal 1 staff token per round instead of 2.",
        1,
        lambda m: m.ctx.reveal,
        overrides=("variant_one_staff=1",),
    ),
)

#: Printed numbers the model has no use for, and why (the rest are in :data:`FACTS`).
NOT_MODELLED: tuple[tuple[str, str, str], ...] = (
    ("Components", "1 Game Board", "the board is the state itself"),
    (
        "Components",
        "8 Ward Ability Tokens",
        "one token per Ward (5); the other 3 only matter through effects the book does not print (HHH-WARD-ABILITY)",
    ),
    ("Components", "2 Money Trackers", "money is a number; the trackers only display it"),
    ("Components", "1 Round Marker", "the round is a number"),
    ("Components", "1 Cloth Bag", "the bag is a count per colour"),
    ("Components", "7 Administrator Cards", "only Cooke De Buchs is printed: config.administrator"),
    ("Components", "14 Doctor Cards", "only Nowitz and Ura Scapegote are printed: config.doctors"),
    ("Money", "If your Money exceeds $49, flip the $ marker to show +$50.", "display only"),
    (
        "Healing a Patient Example",
        "You draw 6 cubes out of the bag: red, black, yellow, yellow, black, gray.",
        "a worked example: tests/hhh/test_hhh_rules.py",
    ),
)
