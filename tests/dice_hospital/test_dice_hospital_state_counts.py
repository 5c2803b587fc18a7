"""Recorded reachable-state counts of the Dice Hospital reduced presets (regression data).

As TLA+ example suites record theirs: a change in these numbers means the rules as
modelled changed; update the table only together with the rule change that explains it.
Counts are for the default interpretation, breadth-first over ``step``.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from hhh_verify.contract.trace import replay
from hhh_verify.engines.explore import analysis as an
from hhh_verify.engines.explore.explorer import explore
from hhh_verify.models.dice_hospital import SPEC

#: preset -> (states, transitions, terminal states)
COUNTS = {
    "tiny": (10_112, 14_153, {"over:completed": 3_260}),
    "small": (228_843, 362_750, {"over:completed": 61_472}),
}


def explored(preset: str, **kw: Any) -> Any:
    return explore(SPEC.model(preset), max_states=1_000_000, **kw)


def test_tiny_counts() -> None:
    exp = explored("tiny")
    states, transitions, terminal = COUNTS["tiny"]
    assert exp.complete
    assert (exp.n_states, exp.n_transitions) == (states, transitions)
    assert an.terminal_counts(exp) == terminal
    assert an.deadlocks(exp) == [] and an.cannot_end(exp) == []


@pytest.mark.skipif(
    os.environ.get("HYPOTHESIS_PROFILE") != "thorough",
    reason="about 40 s; HYPOTHESIS_PROFILE=thorough",
)
def test_small_counts() -> None:
    exp = explored("small")
    states, transitions, terminal = COUNTS["small"]
    assert exp.complete and (exp.n_states, exp.n_transitions) == (states, transitions)
    assert an.terminal_counts(exp) == terminal


def test_empty_hospital_witness_replays() -> None:
    """`reach` on tiny: the +5 bonus position, with a witness that replays exactly."""
    prop = SPEC.load_properties().get("dh.goal-empty-hospital")
    exp = explored("tiny", goals={prop.id: lambda m, s: prop.reached(m, s)})
    hits = exp.goal_hits[prop.id]
    assert hits
    model = SPEC.model("tiny")
    result = replay(an.witness_trace(exp, hits[0], SPEC.ambiguities), model)
    assert result.ok
    assert prop.reached(model, result.final_state)
