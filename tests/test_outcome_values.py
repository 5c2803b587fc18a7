"""A game's own end-of-game values (``Outcome.values``): HHH's outcomes keep the JSON they
had when money and rating were fields of every outcome, the seat games' lose the two
empty keys, and a witness written before still reads the same in words."""

from __future__ import annotations

import dataclasses

import pytest

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.outcomes import Outcome
from hhh_verify.models.hhh.rules.outcome import hhh_outcome, money_of, rating_of
from hhh_verify.reporting.witness_text import outcome_text


def test_hhh_outcome_json_keeps_its_keys_in_order() -> None:
    won = hhh_outcome(True, "completed", 42, "Notable")
    assert list(won.to_json()) == ["won", "reason", "money", "rating", "scores"]
    assert won.to_json() == {
        "won": True,
        "reason": "completed",
        "money": 42,
        "rating": "Notable",
        "scores": [],
    }
    assert (money_of(won), rating_of(won)) == (42, "Notable")
    assert rating_of(hhh_outcome(False, "bankrupt", -1)) is None


def test_seat_outcome_json_has_no_team_values() -> None:
    seat = Outcome(None, "completed", scores=(3, 5), winners=(1,))
    assert seat.to_json() == {"won": None, "reason": "completed", "scores": [3, 5], "winners": [1]}
    with pytest.raises(KeyError, match="outcome has no value 'money'"):
        seat.value("money")


def test_outcomes_stay_frozen_hashable_and_compared_by_value() -> None:
    a, b = hhh_outcome(True, "completed", 42, "Notable"), hhh_outcome(True, "completed", 42)
    assert a != b and len({a, hhh_outcome(True, "completed", 42, "Notable"), b}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.reason = "bankrupt"  # type: ignore[misc]
    assert not hasattr(a, "__dict__")  # slotted


def test_a_witness_written_with_empty_team_values_reads_the_same() -> None:
    """Royal and Dice Hospital witnesses committed before carry ``money``/``rating``
    null; their words do not change."""
    new = Outcome(None, "completed", scores=(0, 1)).to_json()
    old = {"money": None, "rating": None, **new}
    assert outcome_text(old) == outcome_text(new) == "ended (completed, scores P0 0, P1 1)"
    hhh = hhh_outcome(True, "completed", 42, "Notable").to_json()
    assert outcome_text(hhh) == "won (completed, money 42, rating Notable)"


@pytest.mark.parametrize("name", ["won", "reason", "scores", "winners"])
def test_a_value_may_not_take_an_outcomes_own_field(name: str) -> None:
    """A game's value named like the outcome's own field would overwrite it in every
    trace and report: refused, saying which names are taken."""
    out = Outcome(True, "completed", values=((name, 1),))
    with pytest.raises(ModelError, match=f"outcome value '{name}' is one of the outcome's own"):
        out.to_json()
