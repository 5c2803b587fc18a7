"""Dice Hospital readings a blind confirmer left open (issue 38): each option changes
what the model does on a small hand-built position."""

from __future__ import annotations

import pytest
from dice_hospital_helpers import RED, YELLOW, activation, hospital, model, only, patients

from hhh_verify.models.dice_hospital.rules import actions as A

NURSE = -1


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
