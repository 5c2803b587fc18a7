"""Dice Hospital properties on hand-built positions: the aid's scoring example through
the model, the property module's own table, and each goal reached where it should be."""

from __future__ import annotations

from dataclasses import replace

from dice_hospital_helpers import RED, activation, hospital, model, only, patients

from hhh_verify.models.dice_hospital import SPEC
from hhh_verify.models.dice_hospital.properties.catalog import round_points, seven_discharged
from hhh_verify.models.dice_hospital.rules import actions as A

PROPS = SPEC.load_properties()
TRIAGE, PHARMACY, SURGERY, TWIN, TRIPLE = 0, 1, 2, 6, 7


def test_property_table_is_the_aids() -> None:
    """Wypisani pacjenci: 7 patients = 14 points (1+2+2+2+2+2+3); the whole table."""
    assert round_points(7, "five-each") == 14
    assert [round_points(n, "five-each") for n in range(13)] == [
        0, 1, 3, 5, 7, 9, 11, 14, 17, 21, 25, 30, 35,
    ]  # fmt: skip


def test_seven_discharged_in_one_round_score_fourteen_through_the_model() -> None:
    """The aid's example played on a board: seven patients at health 6, four meeples and
    wards for 3 + 2 + 1 + 1 of them; the round then scores 14 (+5: the hospital is empty)."""
    m = model("full")
    sixes = patients(*[(RED, 6)] * 7)
    s = activation(
        m,
        patients=sixes,
        wards=(0, 0, 0, 0, 0, 0, 1, 1),
        specialists=(1, 0, 0, 0, 0),
    )
    s = replace(
        s,
        supply=(s.supply[0] - 7,) + s.supply[1:],  # the seven dice came from the bag
        ward_deck=(s.ward_deck[:6] + (s.ward_deck[6] - 1, s.ward_deck[7] - 1)),
        specialist_deck=(s.specialist_deck[0] - 1,) + s.specialist_deck[1:],
        admin_deck=(s.admin_deck[0] - 2,) + s.admin_deck[1:],
    )
    s = only(m.step(s, A.Activate(-1, TRIPLE, sixes[:3])))
    s = only(m.step(s, A.Activate(-1, TWIN, sixes[:2])))
    s = only(m.step(s, A.Activate(-1, TRIAGE, sixes[:1])))
    assert s.phase != 17  # the assistant has nobody left to heal
    s = only(m.step(s, A.Activate(0, TRIAGE, sixes[:1])))
    assert sum(hospital(s).lounge) == 7 and seven_discharged(m, s)
    t = only(m.step(s, A.EndActivation()))
    assert hospital(t).points == 14 + 5
    for prop in PROPS.invariants():
        assert prop.step_violation(m, s, A.EndActivation(), t) is None, prop.id
        assert prop.violation(m, t) is None, prop.id


def test_points_property_rejects_a_wrong_total() -> None:
    m = model("full")
    s = activation(m, lounge=(3, 2, 2), patients=patients((RED, 4)))
    t = only(m.step(s, A.EndActivation()))
    bad = replace(t, hospitals=(replace(hospital(t), points=15),) + t.hospitals[1:])
    assert PROPS.get("dh.points").step_violation(m, s, A.EndActivation(), t) is None
    assert "points moved" in PROPS.get("dh.points").step_violation(m, s, A.EndActivation(), bad)
