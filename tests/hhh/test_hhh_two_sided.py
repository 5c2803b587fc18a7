"""HHH promises that say what MUST happen under their option, not only what must not
(issue 37): each is asked on the swap mutant that declares the option and plays another
(``Readings.played_as``), where it must fail, and on the option's own model, where it
must hold."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hhh_helpers import GRAY, YELLOW, action_phase, cubes

from hhh_verify.contract.promises import Promise
from hhh_verify.engines.explore import swap
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.book.promises import BOOK
from hhh_verify.models.hhh.rules.actions import ChooseBenefit
from hhh_verify.models.hhh.rules.config import LAWYER
from hhh_verify.models.hhh.rules.player_actions import BENEFIT_HIRE
from hhh_verify.models.hhh.rules.state import RESEARCH_DRAWN, ResearchInProgress

BUDGET = 2000


def _promise(ambiguity: str, option: str) -> Promise:
    found = BOOK.of(ambiguity, option)
    assert isinstance(found, Promise)
    return found


def _model(preset: str, ambiguity: str, declared: str, played: str | None = None) -> Any:
    readings = SPEC.ambiguities.with_readings({ambiguity: declared})
    if played is not None:
        readings = readings.played_as(ambiguity, played)
    return SPEC.make_model(SPEC.config(preset), readings)


@pytest.mark.parametrize(
    ("preset", "ambiguity", "declared", "played", "says"),
    [
        ("interactions", "HHH-STAFF-ROUND1", "reveal-at-setup", "none-in-round-1", "flipped by"),
        ("tiny", "HHH-TRANSFER-WR-DEST", "level-3-4-any", "wards-only", "may not take"),
        ("tiny", "HHH-TRANSFER-WR-DEST", "any-level-rooms", "level-3-4-any", "may not take"),
        ("tiny", "HHH-TRANSFER-WR-DEST", "any-level-rooms", "wards-only", "may not take"),
        ("tiny", "HHH-MORGUE", "in-deck", "absent", "Morgue card was in the deck"),
    ],
)
def test_the_option_s_must_half_kills_the_model_that_plays_another(
    preset: str, ambiguity: str, declared: str, played: str, says: str
) -> None:
    promise = _promise(ambiguity, declared)
    mutant = _model(preset, ambiguity, declared, played)
    message, _ = swap.kill(mutant, "hhh", promise, BUDGET)
    assert says in message
    own, states = swap.kill(_model(preset, ambiguity, declared), "hhh", promise, BUDGET)
    assert own == "" and states > 0


def _hire_only(m: Any) -> Any:
    """A Research that drew one yellow cube (card 0: Hire by yellow, Training by gray,
    Replace by green) with a Lawyer face up: the Hire is the only benefit possible."""
    up = tuple(1 if k == LAWYER else 0 for k in range(11))
    r = ResearchInProgress(0, cubes((YELLOW, 1)))
    return action_phase(m, phase=RESEARCH_DRAWN, research=r, staff_open=up)


def _broken(m: Any, promise: Promise, s: Any, a: Any) -> str | None:
    assert promise.step is not None
    for t, _ in m.step(s, a):
        if msg := promise.step(m, s, a, t):
            return msg
    return None


@pytest.mark.parametrize(
    ("drawn", "says"), [(cubes((YELLOW, 1)), "Hire"), (cubes((GRAY, 1)), "Training")]
)
def test_must_choose_catches_a_model_that_may_decline(drawn: tuple[int, ...], says: str) -> None:
    promise = _promise("HHH-RESEARCH-DECLINE", "must-choose")
    own = _model("full", "HHH-RESEARCH-DECLINE", "must-choose")
    s = replace(_hire_only(own), research=ResearchInProgress(0, drawn))
    decline = ChooseBenefit(-1, 0)
    assert decline not in own.legal_actions(s)
    for a in own.legal_actions(s):
        assert _broken(own, promise, s, a) is None
    mutant = _model("full", "HHH-RESEARCH-DECLINE", "must-choose", "may-decline")
    assert decline in mutant.legal_actions(s)
    msg = _broken(mutant, promise, s, decline)
    assert msg is not None and says in msg


def test_the_hire_only_position_offers_only_the_hire() -> None:
    m = _model("full", "HHH-RESEARCH-DECLINE", "must-choose")
    offered = [a for a in m.legal_actions(_hire_only(m)) if isinstance(a, ChooseBenefit)]
    assert offered and {a.benefit for a in offered} == {BENEFIT_HIRE}
