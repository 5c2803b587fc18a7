"""Card decks: the Medical deck and the 109 Patient cards, as documented stand-ins.

The rulebook prints the card *kinds* and how many cards of each kind exist (Components),
what a card shows (Composition of the Cards: a cost in credits, research or healed
patients; immediate, prolonged and action rewards; a patient's diagnostic and healing
difficulty, priority and reward), but not one card's text. A deck here is therefore a
parameter: a named list of card types, each with a count. ``standard`` keeps every
printed count (asserted by the facts test) and gives each kind a stand-in text built only
from the printed reward vocabulary and the rules the book states for that kind
(outpatient clinics and clinical trials add a patient space; clinical trials cost healed
patients; research projects cost research). The reduced decks keep a few cards so the
explorer can enumerate whole games.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from hhh_verify.contract.errors import ModelError

from .effects import (
    DIAG,
    HEAL,
    P_DIAG,
    P_HEAL,
    P_STAFF,
    PRESTIGE,
    STAFF,
    VP,
    Effect,
    ambulance,
    draw,
    gain,
    helicopter,
    insurance,
    prod,
)

# Medical card kinds (Components; colour key of "Cards from the Medical Deck") ------------
STARTING = "Starting"
RESEARCH_PROJECT = "Research project"
SPECIALIST = "Specialist"
REFERRAL = "Referral"  # the colour key calls these "Consultations (pink)"
OUTPATIENT = "Outpatient clinic"
FACILITY = "Facility"
INSURANCE_KIND = "Insurance company"
RESIDENT = "Resident program"
DIRECTION = "Medical direction"
SUPPLIER = "Supplier"
TRIAL = "Clinical trial"  # the colour key calls these "Clinical sessions (light blue)"
MEDICAL_KINDS = (
    STARTING,
    RESEARCH_PROJECT,
    SPECIALIST,
    REFERRAL,
    OUTPATIENT,
    FACILITY,
    INSURANCE_KIND,
    RESIDENT,
    DIRECTION,
    SUPPLIER,
    TRIAL,
)

#: Components: how many cards of each kind the box holds.
COMPONENT_COUNTS = {
    FACILITY: 19,
    INSURANCE_KIND: 19,
    REFERRAL: 15,
    OUTPATIENT: 15,
    TRIAL: 15,
    SUPPLIER: 12,
    DIRECTION: 13,
    RESIDENT: 16,
    SPECIALIST: 23,
    RESEARCH_PROJECT: 19,
    STARTING: 4,
}
PATIENT_CARDS = 109  # Components: "109 Patient cards"


class MedicalCard(NamedTuple):
    """One Medical card type: cost (credits, research, healed patients) and rewards.

    ``immediate`` applies once when played, ``action`` once per round when activated
    (Composition of the Cards, 3. Rewards). The one prolonged reward the book names, a
    patient space, follows from the kind (Hospital Board), so it is not a field.
    """

    name: str
    kind: str
    # the field shadows tuple.count (the copies in the deck), as the rulebook names it
    count: int  # type: ignore[assignment]
    credits: int = 0
    research: int = 0
    healed: int = 0
    immediate: tuple[Effect, ...] = ()
    action: tuple[Effect, ...] = ()


# Patient priorities (Symbols, "3. Priority type") ------------------------------------------
CRITICAL, SEVERE, CHRONIC, MILD, TERMINAL = 1, 2, 3, 4, 5
PRIORITY_NAMES = {
    CRITICAL: "critical",
    SEVERE: "severe",
    CHRONIC: "chronic",
    MILD: "non-severe",
    TERMINAL: "terminal",
}


class PatientCard(NamedTuple):
    """One Patient card type: priority, difficulties and the reward for curing it.

    A chronic patient's healing difficulty is its time tokens (``heal`` is unused); a
    critical or terminal card shows the same on both sides, so it is visible when drawn.
    """

    name: str
    priority: int
    diag: int
    heal: int
    credits: int
    vp: int
    # the field shadows tuple.count (the copies in the deck), as the rulebook names it
    count: int  # type: ignore[assignment]

    @property
    def open_faced(self) -> bool:
        """Critical and terminal cards "have the same information on the diagnosis and
        the healing side" (Symbols)."""
        return self.priority in (CRITICAL, TERMINAL)


def _m(name: str, kind: str, count: int, **kw: Any) -> MedicalCard:
    return MedicalCard(name, kind, count, **kw)


#: The real game's Medical deck: printed counts per kind, stand-in texts (see module doc).
STANDARD_MEDICAL: tuple[MedicalCard, ...] = (
    _m("Starting card", STARTING, 4, action=(gain(STAFF),)),
    _m(
        "Research project",
        RESEARCH_PROJECT,
        19,
        research=2,
        immediate=(gain(VP, 3), gain(PRESTIGE)),
    ),
    _m("Specialist", SPECIALIST, 23, credits=7, action=(gain(DIAG), gain(HEAL))),
    _m("Referral", REFERRAL, 15, credits=3, action=(gain(DIAG),)),
    _m("Outpatient clinic", OUTPATIENT, 15, credits=5),
    _m("Diagnostic facility", FACILITY, 10, credits=6, immediate=(prod(P_DIAG),)),
    _m("Treatment facility", FACILITY, 9, credits=6, immediate=(prod(P_HEAL),)),
    _m("Blue insurer", INSURANCE_KIND, 5, credits=4, immediate=(insurance(0),)),
    _m("Purple insurer", INSURANCE_KIND, 5, credits=4, immediate=(insurance(1),)),
    _m("Green insurer", INSURANCE_KIND, 5, credits=4, immediate=(insurance(2),)),
    _m("Red insurer", INSURANCE_KIND, 4, credits=4, immediate=(insurance(3),)),
    _m("Resident program", RESIDENT, 16, credits=5, immediate=(prod(P_STAFF),)),
    _m("Medical direction", DIRECTION, 13, credits=8, immediate=(gain(PRESTIGE, 2),)),
    _m("Supplier", SUPPLIER, 12, credits=4, action=(gain(HEAL),)),
    _m("Clinical trial", TRIAL, 15, healed=2, immediate=(gain(VP, 2),)),
)

#: One card besides the starting cards, for the ``small`` preset: playing it moves the
#: ambulance, an insurance track and sends a helicopter.
SMALL_MEDICAL: tuple[MedicalCard, ...] = (
    _m("Starting card", STARTING, 2, action=(gain(STAFF),)),
    _m(
        "Air ambulance",
        REFERRAL,
        1,
        credits=2,
        immediate=(ambulance(1), insurance(3), helicopter()),
    ),
)

#: Probe decks (``probes.py``): the ``tiny`` starting cards plus one card that reaches
#: one ambiguity -- a clinical trial (RH-CARD-NAMES, RH-HEALED-COST), a card whose
#: action raises production (RH-PRODUCTION-BONUS, RH-ACTIVATE-SAME-ROUND), a card that
#: draws (RH-DRAW-CARD), a lap of the ambulance track, six insurance advances.
PROBE_MEDICAL: dict[str, tuple[MedicalCard, ...]] = {
    "probe-trial": (
        _m("Starting card", STARTING, 2, action=(gain(STAFF),)),
        _m("Clinical trial", TRIAL, 1, healed=1, immediate=(gain(VP, 1),)),
    ),
    "probe-lab": (
        _m("Starting card", STARTING, 2, action=(gain(STAFF),)),
        _m("Lab expansion", FACILITY, 1, credits=2, action=(prod(P_DIAG),)),
    ),
    "probe-draw": (
        _m("Starting card", STARTING, 2, action=(gain(STAFF),)),
        _m("Referral desk", REFERRAL, 2, credits=1, immediate=(draw(1),)),
    ),
    # a whole lap of the ambulance track (RH-AMBULANCE-WRAP)
    "probe-ambulance": (
        _m("Starting card", STARTING, 2, action=(gain(STAFF),)),
        _m("Ambulance fleet", FACILITY, 1, immediate=(ambulance(14),)),
    ),
    # six advances on one insurance track (RH-INSURANCE-MAX)
    "probe-insurance": (
        _m("Starting card", STARTING, 2, action=(gain(STAFF),)),
        _m("Red insurer", INSURANCE_KIND, 1, immediate=(insurance(3),) * 6),
    ),
}

#: Only the starting cards, for the ``tiny`` preset (the Medical deck itself is empty).
TINY_MEDICAL: tuple[MedicalCard, ...] = (_m("Starting card", STARTING, 2, action=(gain(STAFF),)),)

MEDICAL_DECKS: dict[str, tuple[MedicalCard, ...]] = {
    "standard": STANDARD_MEDICAL,
    "small": SMALL_MEDICAL,
    "tiny": TINY_MEDICAL,
    **PROBE_MEDICAL,
}

#: The real game's 109 Patient cards: the priority mix and values are stand-ins.
STANDARD_PATIENTS: tuple[PatientCard, ...] = (
    PatientCard("critical A", CRITICAL, 1, 2, 3, 4, 6),
    PatientCard("critical B", CRITICAL, 2, 2, 4, 5, 6),
    PatientCard("severe A", SEVERE, 1, 2, 3, 3, 12),
    PatientCard("severe B", SEVERE, 2, 3, 4, 4, 10),
    PatientCard("chronic A", CHRONIC, 1, 0, 2, 2, 12),
    PatientCard("chronic B", CHRONIC, 2, 0, 3, 3, 10),
    PatientCard("non-severe A", MILD, 1, 1, 1, 1, 14),
    PatientCard("non-severe B", MILD, 2, 2, 2, 2, 14),
    PatientCard("non-severe C", MILD, 3, 3, 3, 3, 11),
    PatientCard("terminal", TERMINAL, 0, 1, 1, 1, 14),
)

#: One card of each priority, for the reduced presets.
TINY_PATIENTS: tuple[PatientCard, ...] = (
    PatientCard("critical", CRITICAL, 1, 1, 2, 3, 1),
    PatientCard("severe", SEVERE, 1, 1, 2, 2, 1),
    PatientCard("chronic", CHRONIC, 1, 0, 1, 2, 1),
    PatientCard("non-severe", MILD, 1, 1, 1, 1, 1),
    PatientCard("terminal", TERMINAL, 0, 1, 1, 1, 1),
)

#: The Patient Treatment Phase Example's four patients, with the only values that make
#: every sentence of it true (see tests/royal_hospital/test_royal_hospital_example.py): a critical
#: patient cured with "1 Staff token, 1 Diagnosis token and 1 Healing token"; three
#: undiagnosed patients whose diagnosis takes the remaining 3 diagnosis and 2 staff; a
#: chronic patient with no time tokens; cures worth "9 victory points and 8 credits".
EXAMPLE_PATIENTS: tuple[PatientCard, ...] = (
    PatientCard("first (non-severe)", MILD, 2, 2, 2, 2, 1),
    PatientCard("second (critical)", CRITICAL, 1, 2, 3, 4, 1),
    PatientCard("third (chronic)", CHRONIC, 1, 0, 2, 2, 1),
    PatientCard("last (severe)", SEVERE, 2, 2, 3, 3, 1),
    PatientCard("filler", MILD, 3, 3, 1, 1, 2),
)

#: ``tiny`` without its critical card, so four patients can all stay in play and leave the
#: Patient deck empty (RH-GAME-END).
PROBE_CALM_PATIENTS: tuple[PatientCard, ...] = TINY_PATIENTS[1:]

#: ``tiny`` with a terminal patient that costs 2 healing (RH-TERMINAL-COST).
PROBE_TERMINAL_PATIENTS: tuple[PatientCard, ...] = TINY_PATIENTS[:4] + (
    PatientCard("terminal", TERMINAL, 0, 2, 1, 1, 1),
)

#: ``tiny`` with a terminal patient whose care earns nothing, so a tie can hinge on
#: whether it counts as a patient (RH-TIE-PATIENTS).
PROBE_QUIET_TERMINAL_PATIENTS: tuple[PatientCard, ...] = TINY_PATIENTS[:4] + (
    PatientCard("terminal", TERMINAL, 0, 1, 0, 0, 1),
)

PATIENT_DECKS: dict[str, tuple[PatientCard, ...]] = {
    "probe-quiet-terminal": PROBE_QUIET_TERMINAL_PATIENTS,
    "probe-terminal": PROBE_TERMINAL_PATIENTS,
    "probe-calm": PROBE_CALM_PATIENTS,
    "standard": STANDARD_PATIENTS,
    "tiny": TINY_PATIENTS,
    "example": EXAMPLE_PATIENTS,
}


def medical_deck(name: str) -> tuple[MedicalCard, ...]:
    try:
        return MEDICAL_DECKS[name]
    except KeyError:
        raise ModelError(
            f"unknown medical_deck {name!r}; accepted: {', '.join(MEDICAL_DECKS)}"
        ) from None


def patient_deck(name: str) -> tuple[PatientCard, ...]:
    try:
        return PATIENT_DECKS[name]
    except KeyError:
        raise ModelError(
            f"unknown patient_deck {name!r}; accepted: {', '.join(PATIENT_DECKS)}"
        ) from None
