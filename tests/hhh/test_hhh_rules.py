"""HHH rules, each test naming the rulebook section it checks. The rulebook's worked
examples are here verbatim as tests."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hhh_helpers import (
    BLACK,
    BLUE,
    GRAY,
    GREEN,
    RED,
    YELLOW,
    action_phase,
    cubes,
    drawn_is,
    force,
    model,
)

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.outcomes import check_distribution
from hhh_verify.models.hhh.rules.actions import (
    Bonus,
    Draw,
    EndActions,
    Heal,
    HireStaff,
    InstallRoom,
    Settle,
    Transfer,
)
from hhh_verify.models.hhh.rules.config import LAWYER, SETUP_TABLE, TRAINING_REBAG
from hhh_verify.models.hhh.rules.state import (
    ACTIONS,
    CRITICAL,
    EMERGENCY,
    OVER,
    PP_ARRIVE,
    PP_ARRIVE_ORDER,
    TREATED,
    TREATMENT,
    WAITING,
    WARD,
)


def test_heal_example_doctor_nowitz():
    """Healing a Patient Example: Nowitz heals the level-4 gray Ward patient. Draw red,
    black, yellow, yellow, black, gray (net +1: would die); Nowitz's +2 gives blue, gray
    (net 0); the Psychiatric Training marker gives gray: level 4 -> 3, +$1; the two
    Re-bag Training markers put the two yellows back into the bag."""
    m = model("full")
    training = [0] * 6
    training[GRAY] = 1
    training[TRAINING_REBAG] = 2
    s = action_phase(
        m, wards=((), (4,), (), (), ()), money=15, training=(tuple(training), (0,) * 6)
    )
    bag_before = s.bag
    dist = m.step(s, Heal(0, WARD, GRAY, 4, -1))
    check_distribution(dist)
    first = cubes((RED, 1), (BLACK, 2), (YELLOW, 2), (GRAY, 1))
    s1, p = force(dist, drawn_is(first))
    assert p > 0 and s1.heal.bonuses == (1, 2) and s1.heal.rebag == 2
    # Settling now would kill the patient: 1 gray - 2 black = level 5 in the Wards.
    dead = m.step(s1, Settle((0,) * 6))[0][0]
    assert dead.deaths == 1 and dead.money == 15 - 10 and dead.wards[GRAY] == ()
    s2, _ = force(m.step(s1, Bonus(2)), drawn_is(first[:1] + (2,) + first[2:4] + (1,) + first[5:]))
    assert s2.heal.drawn == cubes((RED, 1), (BLACK, 2), (YELLOW, 2), (GRAY, 2), (BLUE, 1))
    s3, _ = force(
        m.step(s2, Bonus(1)),
        drawn_is(cubes((RED, 1), (BLACK, 2), (YELLOW, 2), (GRAY, 3), (BLUE, 1))),
    )
    assert s3.heal.bonuses == ()
    rebag = cubes((YELLOW, 2))
    assert Settle(rebag) in m.legal_actions(s3)
    ((end, p_end),) = m.step(s3, Settle(rebag))
    assert end.wards[GRAY] == (3,) and end.money == 16 and end.phase == ACTIONS
    drawn_total = cubes((RED, 1), (BLACK, 2), (YELLOW, 2), (GRAY, 3), (BLUE, 1))
    assert end.bag == tuple(b - d + r for b, d, r in zip(bag_before, drawn_total, rebag))
    assert end.discard == tuple(d - r for d, r in zip(drawn_total, rebag))
    assert end.medical == (3, 4)


def test_heal_pays_only_down_to_zero():
    """Heal, step Gain Money: "If you reduce the Illness level by 3 for a level-2 Patient
    in the Wards, you only gain $2." The patient is cured: marker back to the supply."""
    m = model("full")
    s = action_phase(m, wards=((), (), (), (2,), ()), money=5)
    supply = s.supply[RED]
    s1, _ = force(m.step(s, Heal(1, WARD, RED, 2, -1)), drawn_is(cubes((RED, 3), (GREEN, 3))))
    ((end, _),) = m.step(s1, Settle((0,) * 6))
    assert end.money == 7 and end.wards[RED] == () and end.supply[RED] == supply + 1


def test_black_cubes_make_a_patient_worse_without_charge():
    """Heal: "You do not pay any money if the Patient's Illness level increases"."""
    m = model("full")
    s = action_phase(m, wards=((2,), (), (), (), ()), money=5)
    s1, _ = force(m.step(s, Heal(0, WARD, YELLOW, 2, -1)), drawn_is(cubes((BLACK, 1), (GREEN, 5))))
    ((end, _),) = m.step(s1, Settle((0,) * 6))
    assert end.wards[YELLOW] == (3,) and end.money == 5


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_table(players):
    """Setup table: Medical tokens each, Administrative tokens, starting money."""
    medical, admin, money = SETUP_TABLE[players]
    m = model("full", players=players, doctors=("plain",) * players)
    s = m.initial_state()
    assert s.medical == (medical,) * players and s.admin_tokens == admin and s.money == money
    assert (players, medical, admin, money) in {
        (2, 4, 2, 15),
        (3, 3, 1, 15),
        (4, 2, 2, 15),
        (5, 2, 1, 10),
    }


def test_six_players_is_rejected():
    """Setup table has rows for 2-5 players; solo plays a 2-4 player setup."""
    with pytest.raises(ModelError, match="players=6"):
        model("full", ("players=6",))


def test_death_with_no_tombstone_left_is_a_loss():
    """Hide The Bodies: "If there is no empty space to place a dead Patient, you
    immediately lose the game. The Cemetery can hold up to 5 Patient markers"."""
    m = model("full")
    full = (1, 1, 1, 1, 1, 0, 0)
    s = action_phase(m, wards=((4,), (), (), (), ()), money=50, cemetery=full)
    s1, _ = force(m.step(s, Heal(0, WARD, YELLOW, 4, -1)), drawn_is(cubes((BLACK, 1), (GREEN, 5))))
    ((end, _),) = m.step(s1, Settle((0,) * 6))
    assert end.phase == OVER and m.outcome(end).reason == "arrested"
    assert m.legal_actions(end) == ()


@pytest.mark.parametrize("money, reason", [(10, None), (9, "bankrupt")])
def test_money_below_zero_is_a_loss_and_zero_is_not(money, reason):
    """Money: "If you ever have less than $0, all players immediately lose the game! If
    you have exactly $0, keep playing". A Ward death costs $10."""
    m = model("full")
    s = action_phase(m, wards=((4,), (), (), (), ()), money=money)
    s1, _ = force(m.step(s, Heal(0, WARD, YELLOW, 4, -1)), drawn_is(cubes((BLACK, 1), (GREEN, 5))))
    ((end, _),) = m.step(s1, Settle((0,) * 6))
    out = m.outcome(end)
    if reason is None:
        assert out is None and end.money == 0 and end.phase == ACTIONS
    else:
        assert out.reason == reason and end.money == -1


def test_lawyer_reduces_settlement_by_two():
    """Staff Index, Lawyer: "Reduce the amount of Money you lose by $2 for each Patient that dies"."""
    m = model("full")
    hired = [0] * 11
    hired[LAWYER] = 1
    s = action_phase(m, wards=((4,), (), (), (), ()), money=20, staff_hired=tuple(hired))
    s1, _ = force(m.step(s, Heal(0, WARD, YELLOW, 4, -1)), drawn_is(cubes((BLACK, 1), (GREEN, 5))))
    ((end, _),) = m.step(s1, Settle((0,) * 6))
    assert end.money == 12 and end.cemetery[YELLOW] == 1


def test_patient_phase_treatment_and_emergency_rooms():
    """Patient Phase step 1: critical Treatment Room patients die ($12), treated ones move
    to critical; Emergency Room patients die (HHH-ER-COSTS ward-like: $5, white marker)."""
    m = model("full")
    rooms = (1, 1, 0, 0, 0, 1, 0, 0)
    treatment = ((2, CRITICAL), (3, TREATED), (0, 0), (0, 0), (0, 0))
    s = action_phase(
        m, rooms=rooms, rooms_placed=3, treatment=treatment, er=(0, 0, 1, 0, 0), money=40
    )
    ((after, _),) = m.step(s, EndActions())
    assert after.treatment[YELLOW] == (0, 0) and after.treatment[GRAY] == (3, CRITICAL)
    assert after.er == (0,) * 5 and after.deaths == 2 and after.money == 40 - 12 - 5
    assert after.cemetery[YELLOW] == 1 and after.cemetery[5] == 1 and after.supply[5] == 9


def test_new_patients_arrive_five_cubes_go_to_the_er_or_die():
    """New Patients Arrive: the 5-cube patient moves to the ER if it has space, otherwise
    dies for $5 and its cubes are discarded."""
    m = model("full")
    for er_built, expect_er, expect_money in ((1, 1, 20), (0, 0, 15)):
        rooms = (0, 0, 0, 0, 0, er_built, 0, 0)
        s = action_phase(
            m,
            phase=PP_ARRIVE,
            rooms=rooms,
            money=20,
            waiting=((0, 0, 0, 4, 0), (0,) * 5),
            discard=(0,) * 6,
        )
        dist = m.step(s, Draw())
        check_distribution(dist)
        hit = [
            (st, p)
            for st, p in dist
            if st.er[RED] == expect_er
            and st.money == expect_money
            and st.waiting[0][RED] == 0
            and st.deaths == 1 - expect_er
        ]
        assert hit, "a red cube arrival must complete the 5-cube patient"


def test_blood_bank_fill_never_holds_black():
    """Blood Bank: "Draw 1 replacement cube for each black cube ... return the black cube"."""
    m = model("full")
    s = action_phase(m, phase=9, rooms_placed=1, bag=(1, 1, 0, 0, 0, 8))  # PP_INSTALL
    dist = m.step(s, InstallRoom(6))
    check_distribution(dist)
    for st, _ in dist:
        assert st.blood[BLACK] == 0 and sum(st.blood) <= 3


def test_transfer_from_waiting_room_needs_level_3_or_4_and_a_marker():
    """Transfer a Patient: "Only Patients of Illness levels 3 and 4 may be transferred
    from the Waiting Rooms to a Ward"; "If the required Patient marker is not available in
    the supply, you cannot transfer this Patient here!\""""
    m = model("full")
    s = action_phase(m, waiting=((2, 3, 4, 0, 0), (0,) * 5))
    moves = {a for a in m.legal_actions(s) if isinstance(a, Transfer) and a.player == 0}
    assert Transfer(0, WAITING, 0, GRAY, 3, WARD) in moves
    assert Transfer(0, WAITING, 0, GREEN, 4, WARD) in moves
    assert not any(a.colour == YELLOW for a in moves)
    no_gray = action_phase(m, waiting=((2, 3, 4, 0, 0), (0,) * 5), supply=(4, 0, 4, 4, 4, 10))
    assert not any(isinstance(a, Transfer) and a.colour == GRAY for a in m.legal_actions(no_gray))
    ((after, _),) = m.step(s, Transfer(0, WAITING, 0, GRAY, 3, WARD))
    assert after.wards[GRAY] == (3,) and after.supply[GRAY] == 3 and after.discard[GRAY] == 3


def test_transfer_to_treatment_room_lands_on_critical_side():
    """Transfer e.: "When you Transfer a Patient to a Treatment Room, place them on the Critical side"."""
    m = model("full")
    s = action_phase(
        m, wards=((), (), (), (), (2,)), rooms=(0, 0, 0, 0, 1, 0, 0, 0), rooms_placed=1
    )
    ((after, _),) = m.step(s, Transfer(0, WARD, 0, BLUE, 2, TREATMENT))
    assert after.treatment[BLUE] == (2, CRITICAL) and after.wards[BLUE] == ()


def test_emergency_room_patient_healed_below_five_returns_to_waiting_room():
    """Emergency Room: "If a Patient in the Emergency Room is healed below 5 cubes,
    immediately move them to a matching-colored space in the Waiting Room"."""
    m = model("full")
    s = action_phase(m, rooms=(0, 0, 0, 0, 0, 1, 0, 0), rooms_placed=1, er=(0, 0, 1, 0, 0), money=0)
    s1, _ = force(
        m.step(s, Heal(0, EMERGENCY, GREEN, 5, -1)), drawn_is(cubes((GREEN, 2), (RED, 4)))
    )
    ((end, _),) = m.step(s1, Settle((0,) * 6))
    assert end.er[GREEN] == 0 and end.waiting[0][GREEN] == 3 and end.money == 2


def test_emergency_room_patient_cannot_die_during_heal():
    """Emergency Room: "Patients in the Emergency Room cannot die during a Heal action"."""
    m = model("full")
    s = action_phase(m, rooms=(0, 0, 0, 0, 0, 1, 0, 0), rooms_placed=1, er=(0, 0, 1, 0, 0), money=0)
    s1, _ = force(
        m.step(s, Heal(0, EMERGENCY, GREEN, 5, -1)), drawn_is(cubes((BLACK, 3), (RED, 3)))
    )
    ((end, _),) = m.step(s1, Settle((0,) * 6))
    assert end.er[GREEN] == 1 and end.deaths == 0


def test_hire_staff_costs_five_and_cat_cannot_be_hired():
    """Hire Staff: "Pay $5"; "Cats cannot be hired, but they are cute!\""""
    m = model("full")
    open_ = (1,) * 11
    s = action_phase(m, staff_open=open_, money=7)
    hires = [a for a in m.legal_actions(s) if isinstance(a, HireStaff)]
    assert len(hires) == 10 and HireStaff(10) not in hires
    ((after, _),) = m.step(s, HireStaff(9))  # CFO: gain $10
    assert after.money == 7 - 5 + 10 and after.admin_tokens == s.admin_tokens - 1


def test_six_total_room_cap_skips_the_last_install():
    """HHH-ROOM-CAP six-total: after 6 cards no Install step is offered."""
    m = model("full")
    s = action_phase(m, rooms=(1, 1, 1, 1, 1, 1, 0, 0), rooms_placed=6)
    ((after, _),) = m.step(s, EndActions())
    assert after.phase == PP_ARRIVE_ORDER  # straight to step 4: which Waiting Room first
    m7 = model("full", interpret=("HHH-ROOM-CAP=six-installed",))
    ((after7, _),) = m7.step(s, EndActions())
    assert after7.phase == 9  # PP_INSTALL


def test_step_probabilities_are_exact_fractions():
    m = model("full")
    s = action_phase(m, wards=((3,), (), (), (), ()))
    dist = m.step(s, Heal(0, WARD, YELLOW, 3, -1))
    assert all(isinstance(p, Fraction) for _, p in dist)
    assert sum(p for _, p in dist) == 1


def test_illegal_action_is_a_clear_error():
    m = model("full")
    s = action_phase(m)
    with pytest.raises(ModelError, match="illegal action"):
        m.step(s, Heal(0, WARD, YELLOW, 3, -1))


def test_state_fields_keep_their_meaning():
    """replace() keeps the state hashable and comparable (the contract)."""
    m = model("tiny")
    s = m.initial_state()
    assert hash(s) == hash(replace(s)) and s == replace(s)
