"""Dice Hospital readings added with the sentence-level rule map: each option of
DH-FINAL-TOKENS, DH-ARRIVAL-NEGLECT, DH-PLACEMENT-OPTIONAL and the number-one option of
DH-AMBULANCE-VALUE changes what the model does on a small hand-built position, and the
properties and the Z3 encoding follow (or refuse) each option."""

from __future__ import annotations

from dataclasses import replace

import pytest
from dice_hospital_helpers import GREEN, RED, YELLOW, activation, hospital, model, only, patients

from hhh_verify.contract.errors import ModelError
from hhh_verify.models.dice_hospital.properties.catalog import blood_accounting, points_accounting
from hhh_verify.models.dice_hospital.rules import actions as A
from hhh_verify.models.dice_hospital.rules import end_round as er
from hhh_verify.models.dice_hospital.rules.state import PICK
from hhh_verify.models.dice_hospital.smt.encoding import DHEncoding
from hhh_verify.models.dice_hospital.smt.layout import scope_error

TRIAGE = 0


@pytest.mark.parametrize(
    ("reading", "points"),
    [("per-token", 10 + 3 - 4), ("once", 10 + 1 - 2), ("bag-once", 10 + 1 - 4)],
)
def test_final_tokens_per_token_or_once(reading: str, points: int) -> None:
    """Koniec gry: "dodatkowy punkt za pozostały żeton ..., traci dwa punkty za żetony
    śmiertelności": 3 bags and 2 mortality tokens under each reading."""
    m = model("full", interpret=(f"DH-FINAL-TOKENS={reading}",))
    s = activation(m, points=10, blood=3, mortality=2)
    t = er.end_of_game(m.ctx, s)
    assert hospital(t).points == points
    assert points_accounting(m, s, A.EndActivation(), t) is None


def test_points_accounting_follows_the_final_tokens_reading() -> None:
    """Planted: a per-token end under the 'once' reading is caught."""
    per_token = model("full")
    once = model("full", interpret=("DH-FINAL-TOKENS=once",))
    s = activation(per_token, points=10, blood=3, mortality=1)
    t = er.end_of_game(per_token.ctx, s)
    assert points_accounting(once, s, A.EndActivation(), t) is not None


def _admitting(m):
    """Player 0 takes ambulance 2 (one red 3); the hospital already holds a yellow 4."""
    s = m.initial_state()
    s = replace(s, hospitals=tuple(replace(h, admin=0) for h in s.hospitals))
    s = replace(
        s,
        phase=PICK,
        cursor=0,
        order=(0, 1),
        ambulances=(((RED, 2),), ((RED, 3),), ((RED, 5),)),
        taken=(-1, -1),
    )
    return replace(
        s,
        hospitals=(replace(s.hospitals[0], patients=patients((YELLOW, 4))), s.hospitals[1]),
    )


@pytest.mark.parametrize(
    ("reading", "after"),
    [
        ("neglected", patients((RED, 2), (YELLOW, 3))),
        ("arrivals-exempt", patients((RED, 3), (YELLOW, 3))),
    ],
)
def test_arrivals_neglected_or_exempt(reading: str, after: tuple) -> None:
    """ "umieszcza zawarte w nim kostki na dole swojej planszy" vs "przesuwany jest w
    dół": the new red 3 loses health at the end of the round, or counts as treated."""
    m = model("full", interpret=(f"DH-ARRIVAL-NEGLECT={reading}",))
    s = only(m.step(_admitting(m), A.TakeAmbulance(1)))
    h, deaths = er.neglect(m.ctx, hospital(s))
    assert deaths == 0
    assert tuple(sorted((c, v) for c, v, _, _ in h.patients)) == tuple(
        sorted((c, v) for c, v, _, _ in after)
    )


@pytest.mark.parametrize(("reading", "can_end"), [("optional", True), ("every-meeple", False)])
def test_placing_meeples_optional_or_every_meeple(reading: str, can_end: bool) -> None:
    """ "przesuwając meeple ... do wybranych oddziałów": with a nurse and a free ward the
    player may stop, or must place it; with no meeple left the end is always legal."""
    m = model("full", interpret=(f"DH-PLACEMENT-OPTIONAL={reading}",))
    s = activation(m, patients=patients((RED, 6)))
    assert (A.EndActivation() in m.legal_actions(s)) == can_end
    spent = activation(m, patients=patients((RED, 6)), nurses_used=m.config.nurses)
    assert A.EndActivation() in m.legal_actions(spent)


def test_every_meeple_still_ends_every_game() -> None:
    from dice_hospital_helpers import play

    m = model("tiny", interpret=("DH-PLACEMENT-OPTIONAL=every-meeple",))
    for seed in range(3):
        assert m.outcome(play(m, seed)) is not None


@pytest.mark.parametrize(
    ("reading", "blood", "next_first"),
    [("number", [1, 0], 0), ("number-one", [0, 0], 1)],
)
def test_blood_bag_for_the_lowest_taken_or_for_ambulance_one_only(
    reading: str, blood: list, next_first: int
) -> None:
    """ "Pierwszy gracz, nie może wybrać ambulansu numer 1. Gracz, który dobrał ambulans
    o najniższej wartości bieże także worek z krwią": nobody takes ambulance 1 (the first
    player, P1, takes 3; P0 takes 2). The lowest taken, or literally number 1: nobody."""
    m = model("full", interpret=(f"DH-AMBULANCE-VALUE={reading}",))
    s = _admitting(m)
    s = replace(
        s, first=1, order=(1, 0), hospitals=tuple(replace(h, patients=()) for h in s.hospitals)
    )
    t = only(m.step(s, A.TakeAmbulance(2)))
    u = only(m.step(t, A.TakeAmbulance(1)))
    assert [h.blood for h in u.hospitals] == blood
    assert u.next_first == next_first
    assert blood_accounting(m, t, A.TakeAmbulance(1), u) is None


def test_z3_encoding_follows_or_refuses_the_new_readings() -> None:
    """The encoding carries DH-FINAL-TOKENS and DH-ARRIVAL-NEGLECT, and says it does not
    carry every-meeple placement or the number-one ambulance."""
    for reading in ("DH-FINAL-TOKENS=once", "DH-ARRIVAL-NEGLECT=arrivals-exempt"):
        assert scope_error(model("tiny", interpret=(reading,))) == ""
    for reading in ("DH-PLACEMENT-OPTIONAL=every-meeple", "DH-AMBULANCE-VALUE=number-one"):
        m = model("tiny", interpret=(reading,))
        assert reading in scope_error(m)
        with pytest.raises(ModelError, match=reading.split("=")[0]):
            DHEncoding(m).state("s0")


def test_ambulances_filled_in_turn_or_dealt() -> None:
    """ "umieszczane są w ambulansach od najmniejszej do największej wartości, od
    pierwszej do n-tego ambulansu": nine dice 2,2,2,3,3,3,5,5,5 (one colour, so one
    arrangement) fill ambulance 1 with the 2s, or are dealt one to each ambulance."""
    from hhh_verify.models.dice_hospital.properties.catalog import ambulance_values_ascending
    from hhh_verify.models.dice_hospital.rules import admission as adm

    rolled = tuple(sorted([(RED, 2)] * 3 + [(RED, 3)] * 3 + [(RED, 5)] * 3))
    filled = model("full")
    dealt = model("full", interpret=("DH-AMBULANCE-FILL=dealt",))
    (a,) = adm.arrangements(filled.ctx, rolled)
    (b,) = adm.arrangements(dealt.ctx, rolled)
    assert a == (((RED, 2),) * 3, ((RED, 3),) * 3, ((RED, 5),) * 3)
    assert b == (((RED, 2), (RED, 3), (RED, 5)),) * 3
    s = filled.initial_state()
    assert ambulance_values_ascending(dealt, replace(s, ambulances=b)) is None
    assert ambulance_values_ascending(dealt, replace(s, ambulances=a)) is not None
    assert ambulance_values_ascending(filled, replace(s, ambulances=b)) is not None


def test_dealt_ties_are_still_arranged_by_the_last_player() -> None:
    from hhh_verify.models.dice_hospital.rules import admission as adm

    dealt = model("full", interpret=("DH-AMBULANCE-FILL=dealt",))
    rolled = tuple(sorted([(RED, 2), (YELLOW, 2), (RED, 3)] + [(RED, 5)] * 6))
    options = adm.arrangements(dealt.ctx, rolled)
    assert len(options) == 2  # which 2 rides in ambulance 1
    assert {d for o in options for d in o[0] if d[1] == 2} == {(RED, 2), (YELLOW, 2)}
    assert all(sorted(v for _, v in o[0]) == [2, 5, 5] for o in options)


def test_the_action_space_refuses_dealt_ambulances_of_several_dice() -> None:
    from hhh_verify.models.dice_hospital import SPEC

    with pytest.raises(ModelError, match="DH-AMBULANCE-FILL=dealt"):
        SPEC.action_space(model("full", interpret=("DH-AMBULANCE-FILL=dealt",)))
    assert SPEC.action_space(model("tiny", interpret=("DH-AMBULANCE-FILL=dealt",)))


@pytest.mark.parametrize(("reading", "placer"), [("last-this-round", 0), ("last-seat", 2)])
def test_last_player_of_this_round_or_the_last_seat(reading: str, placer: int) -> None:
    """ "ostatni gracz decyduje": three seats, seat 1 first this round."""
    from hhh_verify.models.dice_hospital.rules import admission as adm

    m = model("full", players=3, interpret=(f"DH-LAST-PLAYER={reading}",))
    rolled = tuple(sorted([(RED, 2), (RED, 2), (YELLOW, 3), (RED, 3), (GREEN, 3)] + [(RED, 5)] * 7))
    t = adm.placed(m.ctx, replace(m.initial_state(), rolled=rolled, first=1))
    assert m.current_player(t) == placer
