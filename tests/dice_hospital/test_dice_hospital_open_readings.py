"""Dice Hospital readings a blind confirmer left open (issue 38): each option changes
what the model does on a small hand-built position."""

from __future__ import annotations

from dataclasses import replace

import pytest
from dice_hospital_helpers import RED, YELLOW, activation, hospital, model, only, patients
from dice_hospital_kernel_helpers import compare_everywhere, model_and_kernel

from hhh_verify.contract.errors import ModelError
from hhh_verify.models.dice_hospital import SPEC
from hhh_verify.models.dice_hospital.rules import actions as A
from hhh_verify.models.dice_hospital.rules import end_round as er
from hhh_verify.models.dice_hospital.rules.state import DICE_DRAW, EXPAND, PICK
from hhh_verify.models.dice_hospital.smt.encoding import DHEncoding
from hhh_verify.models.dice_hospital.smt.layout import scope_error

NURSE = -1
TWIN = 6


def _nurse_moves(m, s):  # type: ignore[no-untyped-def]
    return [a for a in m.legal_actions(s) if isinstance(a, A.Activate) and a.meeple == NURSE]


@pytest.mark.parametrize(("reading", "offered"), [("once", False), ("again", True)])
def test_a_nurse_moves_once_or_again(reading: str, offered: bool) -> None:
    """ "przesuwając meeple ... do wybranych oddziałów" and "wszyskie meeple wracają na
    startowe pozycje": every nurse already placed, a free ward and a patient. Under once
    no nurse moves again; under again one does, and the nurses placed stay at the count."""
    m = model("full", interpret=(f"DH-NURSE-MOVES={reading}",))
    s = activation(m, patients=patients((RED, 3), (YELLOW, 4)), nurses_used=m.config.nurses)
    moves = _nurse_moves(m, s)
    assert bool(moves) == offered
    fresh = activation(m, patients=patients((RED, 3)))
    assert _nurse_moves(m, fresh)
    if offered:
        t = only(m.step(s, moves[0]))
        assert hospital(t).nurses_used == m.config.nurses
        assert sum(hospital(t).used_wards) == 1


def test_without_nurses_none_moves_again() -> None:
    """A board with no nurses (``nurses=0``) has none to move on, under either reading."""
    m = model("full", interpret=("DH-NURSE-MOVES=again",), nurses=0)
    assert not _nurse_moves(m, activation(m, patients=patients((RED, 3))))


#: tiny with a triage and a twin ward printed, two nurses and two beds (DH-GROUP-SIX's
#: probe): a 5 triaged to 6, then a pair for the twin ward
GROUP_PROBE = {
    "board_wards": (1, 0, 0, 0, 0, 0, 1, 0),
    "nurses": 2,
    "capacity": 2,
    "start_health": (5,),
}


@pytest.mark.parametrize(("reading", "offered"), [("counts", True), ("excluded", False)])
def test_a_patient_at_6_in_a_group_or_not(reading: str, offered: bool) -> None:
    """ "musi zebrać się dokładnie taka grupa pacjentów" and "Każdy pacjent ze zdrowiem 6,
    który miałby zostać leczony, jest zamiast tego przenoszony do poczekalni do wypisu":
    a red 6 and a red 3 make the twin ward's pair, or no pair; two red 3s always do."""
    m = model("full", interpret=(f"DH-GROUP-SIX={reading}",))
    s = activation(m, patients=patients((RED, 6), (RED, 3)), wards=(0,) * 6 + (1, 0))
    twin = [a for a in m.legal_actions(s) if isinstance(a, A.Activate) and a.ward == TWIN]
    assert bool(twin) == offered
    if offered:
        t = only(m.step(s, twin[0]))
        assert sum(hospital(t).lounge) == 1
        assert hospital(t).patients == patients((RED, 4, 1))
    pair = activation(m, patients=patients((RED, 3), (RED, 3)), wards=(0,) * 6 + (1, 0))
    assert any(isinstance(a, A.Activate) and a.ward == TWIN for a in m.legal_actions(pair))


@pytest.mark.parametrize("reading", ["counts", "excluded"])
def test_the_kernel_forms_the_groups_of_either_reading(reading: str) -> None:
    """Every state of the group probe (tiny has no group ward), kernel against reference."""
    cfg = replace(SPEC.presets["tiny"], **GROUP_PROBE)
    m, k = model_and_kernel(cfg, {"DH-GROUP-SIX": reading})
    n, err = compare_everywhere(m, k, limit=50_000)
    assert err is None and n > 1000


SURGERY = 2


@pytest.mark.parametrize(("reading", "usable"), [("this-round", True), ("next-round", False)])
def test_a_tile_taken_is_usable_this_round_or_from_the_next(reading: str, usable: bool) -> None:
    """ "wybiera jeden z oddziałów lub specjalistów i dołącza do swojego szpitala": P0
    drafts a surgery; in the activation that follows it can send a nurse there, or not
    until the staff change has reset the round."""
    m = model("full", interpret=(f"DH-NEW-TILE={reading}",))
    s = activation(m, patients=patients((RED, 3)))
    market = tuple(1 if k == SURGERY else 0 for k in range(len(s.ward_market)))
    s = replace(s, phase=EXPAND, ward_market=market)
    t = only(m.step(s, A.TakeWard(SURGERY)))
    h = hospital(t)
    assert h.wards[SURGERY] == 1
    u = activation(m, patients=patients((RED, 3)), wards=h.wards, used_wards=h.used_wards)
    surgery = [a for a in m.legal_actions(u) if isinstance(a, A.Activate) and a.ward == SURGERY]
    assert bool(surgery) == usable
    later = activation(m, patients=patients((RED, 3)), wards=h.wards)
    assert any(isinstance(a, A.Activate) and a.ward == SURGERY for a in m.legal_actions(later))


def test_the_waiting_tile_is_the_one_discarded() -> None:
    """Under next-round a discarded surgery is the new one: the copies usable this round
    (none) stay none, and the count of used wards never exceeds the wards owned."""
    m = model("full", interpret=("DH-NEW-TILE=next-round", "DH-EXPANSION-DISCARD=owned-tile"))
    s = activation(m, patients=patients((RED, 3)))
    market = tuple(1 if k == SURGERY else 0 for k in range(len(s.ward_market)))
    s = replace(s, phase=EXPAND, ward_market=market)
    t = only(m.step(s, A.TakeWard(SURGERY)))
    u = only(m.step(t, A.DiscardWard(SURGERY)))
    assert hospital(u).wards[SURGERY] == 0 and hospital(u).used_wards[SURGERY] == 0


@pytest.mark.parametrize(("reading", "kept"), [("to-bag", ()), ("stay", ((0, 2),))])
def test_the_dice_of_an_untaken_ambulance_go_to_the_bag_or_stay(reading: str, kept: tuple) -> None:
    """ "ambulansy są oddawane i losowani są nowi pacjenci": on tiny P1 takes the last
    pick and ambulance 1 (a red 2) is left. Its die goes back to the bag, or stays rolled
    for the next round, whose draw then takes one die fewer from the bag."""
    m = model("tiny", interpret=(f"DH-UNTAKEN-DICE={reading}",))
    s = m.initial_state()
    s = replace(s, hospitals=tuple(replace(h, patients=(), admin=0) for h in s.hospitals))
    s = replace(
        s,
        phase=PICK,
        cursor=1,
        order=(0, 1),
        ambulances=(((0, 2),), ((0, 3),), ((0, 5),)),
        taken=(1, -1),
    )
    t = only(m.step(s, A.TakeAmbulance(2)))
    assert t.rolled == kept
    assert sum(t.supply) - sum(s.supply) == 1 - len(kept)
    u = replace(t, phase=DICE_DRAW, cursor=0)
    drawn = {sum(v.drawn) for v, _ in m.step(u, A.Draw())}
    assert drawn == {m.ctx.ambulances - len(kept)}


@pytest.mark.parametrize("reading", ["to-bag", "stay"])
def test_the_kernel_keeps_the_dice_of_either_reading(reading: str) -> None:
    """Two rounds of tiny (DH-UNTAKEN-DICE's probe: the second round's ambulances take
    the kept dice beside the new ones), kernel against reference, breadth-first."""
    cfg = SPEC.config(
        "tiny", ("rounds=2", "ward_deck=0,0,6,0,0,0,0,0", "specialist_deck=6,0,0,0,0")
    )
    m, k = model_and_kernel(cfg, {"DH-UNTAKEN-DICE": reading})
    n, err = compare_everywhere(m, k, limit=30_000)
    assert err is None and n > 1000


def test_the_encoding_refuses_kept_dice() -> None:
    """The Z3 encoding has no field for dice kept between rounds: it says so."""
    m = model("tiny", interpret=("DH-UNTAKEN-DICE=stay",))
    assert "DH-UNTAKEN-DICE=stay" in scope_error(m)
    with pytest.raises(ModelError, match="DH-UNTAKEN-DICE"):
        DHEncoding(m).state("s0")
    assert scope_error(model("tiny")) == ""


@pytest.mark.parametrize(("reading", "bonus"), [("out", 5), ("in-hospital", 0)])
def test_lounge_dice_out_of_the_hospital_or_in_it(reading: str, bonus: int) -> None:
    """ "przenoszony do poczekalni do wypisu" and "Dodatkowe 5 punktów jeśli szpital
    pozostał pusty": two discharged this round (1 + 2 points), nobody left on the board.
    Out of the hospital: it is empty, with the bonus; in it: not empty."""
    m = model("full", interpret=(f"DH-LOUNGE={reading}",))
    s = activation(m, patients=(), lounge=(2, 0, 0))
    h = er.score_round(m.ctx, hospital(s), 0)
    assert h.points == 3 + bonus
    board = activation(m, patients=patients((RED, 3, 1)), lounge=(2, 0, 0))
    assert er.score_round(m.ctx, hospital(board), 0).points == 3
