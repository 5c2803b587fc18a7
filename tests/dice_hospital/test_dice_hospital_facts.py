"""Every number the Dice Hospital aid prints, as a tested fact on the ``full`` preset, and
the aid's worked scoring example."""

from __future__ import annotations

import pytest
from dice_hospital_helpers import AID_PL, model

from hhh_verify.models.dice_hospital.rules import components as K
from hhh_verify.models.dice_hospital.rules.scoring import (
    discharge_points,
    empty_bonus,
    final_adjustment,
    points_for_patient,
)
from hhh_verify.models.dice_hospital.rules.state import SETUP_HEALTH


def test_the_aids_example_seven_patients_score_fourteen() -> None:
    """Wypisani pacjenci: "Jeśli więc wypiszej 7 pacjentów w jednej rundzie, otrzymasz 14
    punktów (1+2+2+2+2+2+3)"."""
    assert "otrzymasz 14 punktów (1+2+2+2+2+2+3)" in AID_PL.read_text(encoding="utf-8")
    assert discharge_points(7) == 14
    assert [points_for_patient(i, "five-each") for i in range(1, 8)] == [1, 2, 2, 2, 2, 2, 3]


@pytest.mark.parametrize(
    "number, points",
    [(1, 1), (2, 2), (6, 2), (7, 3), (8, 3), (9, 4), (10, 4), (11, 5), (12, 5)],
)
def test_the_discharge_table(number: int, points: int) -> None:
    """Nr pacjenta / Punkty: 1 -> 1, 2-6 -> 2, 7-8 -> 3, 9-10 -> 4, 11-12 -> 5."""
    for reading in ("five-each", "rising", "nothing"):
        assert points_for_patient(number, reading) == points


def test_discharge_totals_for_every_row() -> None:
    assert [discharge_points(n) for n in range(13)] == [
        0, 1, 3, 5, 7, 9, 11, 14, 17, 21, 25, 30, 35,
    ]  # fmt: skip


def test_after_the_twelfth_patient_each_reading() -> None:
    assert points_for_patient(13, "five-each") == 5
    assert [points_for_patient(n, "rising") for n in (13, 14, 15, 16)] == [6, 6, 7, 7]
    assert points_for_patient(13, "nothing") == 0


def test_empty_hospital_bonus_is_five() -> None:
    """Wypisani pacjenci: "Dodatkowe 5 punktów jeśli szpital pozostał pusty"."""
    assert K.EMPTY_BONUS == 5
    assert empty_bonus(True, 3, 0, "discharged-and-empty") == 5
    assert empty_bonus(True, 0, 0, "discharged-and-empty") == 0
    assert empty_bonus(True, 0, 1, "any-empty") == 5
    assert empty_bonus(True, 2, 1, "all-discharged") == 0
    assert empty_bonus(False, 5, 0, "any-empty") == 0


def test_end_of_game_blood_bags_and_mortality() -> None:
    """Koniec gry: +1 per blood bag left, -2 per mortality token."""
    assert (K.BLOOD_BAG_POINTS, K.MORTALITY_PENALTY) == (1, 2)
    assert final_adjustment(3, 2) == 3 - 4


def test_printed_numbers_on_the_full_preset() -> None:
    m = model("full")
    c = m.config
    assert c.rounds == K.ROUNDS == 8  # "na koniec 8. rundy"
    assert c.start_health == K.START_HEALTH == (3, 4, 5)  # "na 3, 4 i 5"
    assert c.crisis_health == K.CRISIS_HEALTH == (3, 3, 4, 5, 5)  # Kryzys na początek
    assert K.ADMIN_DRAW == 2  # "dobiera dwie karty administratora"
    assert K.ROLL_FACES == (2, 3, 4, 5)  # "wartości między 2 i 5"
    assert (K.MIN_HEALTH, K.MAX_HEALTH) == (1, 6)  # "1 – ... 6 – ..."
    assert (K.NEGLECT_LOSS, K.SUPERBUG_LOSS) == (1, 2)  # "o 1"; "traci 2 oczka"
    assert (K.EXPERIMENTAL_WARDS, K.EXPERIMENTAL_SPECIALISTS) == (8, 12)
    assert sum(c.experimental_wards) == 8 and sum(c.experimental_specialists) == 12
    assert K.DISCHARGE_TABLE == ((1, 1, 1), (2, 6, 2), (7, 8, 3), (9, 10, 4), (11, 12, 5))


def test_experimental_medicine_adds_eight_wards_and_twelve_specialists() -> None:
    base = model("full")
    exp = model("full", variant_experimental=True)
    assert sum(exp.config.wards_in_deck) - sum(base.config.wards_in_deck) == 8
    assert sum(exp.config.specialists_in_deck) - sum(base.config.specialists_in_deck) == 12
    s = exp.initial_state()
    assert sum(s.ward_deck) == sum(base.initial_state().ward_deck) + 8


def test_full_setup_gives_each_player_three_patients_set_to_3_4_5() -> None:
    m = model("full")
    s = m.initial_state()
    dist = m.step(s, m.legal_actions(s)[0])
    assert len(dist) == 10  # colour multisets of 3 dice from 3 colours
    for t, _ in dist:
        if t.phase == SETUP_HEALTH:  # mixed colours: the player assigns 3, 4, 5
            options = [a.dice for a in m.legal_actions(t)]
            assert len(options) > 1
        else:  # one colour: nothing to choose, already set
            options = [t.hospitals[0].patients]
        assert all(sorted(d[1] for d in o) == [3, 4, 5] for o in options)
