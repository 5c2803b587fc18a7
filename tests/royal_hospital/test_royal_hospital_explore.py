"""Recorded reachable-state counts of the Royal Hospital reduced presets (regression
data), and the witnesses the explorer finds there.

A change in these numbers means the rules as modelled changed; update the table only
together with the rule change that explains it. Counts are for the default reading,
breadth-first over ``step``. ``tiny`` (two players, two rounds, one space each, five
patient cards, only the starting cards) reaches every kind of death, a rejected patient,
a win for either seat and a shared win.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from hhh_verify.contract.registry import model_for_trace
from hhh_verify.contract.trace import replay
from hhh_verify.engines.explore import analysis as an
from hhh_verify.engines.explore.explorer import explore
from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.properties.catalog import properties

#: (preset, overrides) -> (states, transitions, terminal outcome counts)
COUNTS: dict[tuple[str, tuple[str, ...]], tuple[int, int, dict[str, int]]] = {
    ("tiny", ()): (23393, 24369, {"over:completed": 9148}),
}

#: The ``small`` preset (one Medical card in play): about two minutes, thorough profile only.
SMALL_COUNT = (485391, 518280, {"over:completed": 188690})

GOALS = (
    "rh.goal-critical-dies",
    "rh.goal-severe-dies",
    "rh.goal-severe-dies-undiagnosed",
    "rh.goal-terminal-dies",
    "rh.goal-rejected",
    "rh.goal-seat-0-wins",
    "rh.goal-seat-1-wins",
    "rh.goal-shared-win",
)


def explored(preset: str, overrides: tuple[str, ...] = (), **kw: Any) -> Any:
    return explore(SPEC.model(preset, overrides), max_states=3_000_000, **kw)


@pytest.mark.parametrize("key", list(COUNTS), ids=lambda k: "-".join([k[0], *k[1]]))
def test_recorded_counts(key: tuple[str, tuple[str, ...]]) -> None:
    exp = explored(*key)
    states, transitions, terminal = COUNTS[key]
    assert exp.complete
    assert (exp.n_states, exp.n_transitions) == (states, transitions)
    assert an.terminal_counts(exp) == terminal
    assert an.deadlocks(exp) == [] and an.cannot_end(exp) == []


def test_every_death_and_a_win_for_each_seat_on_tiny() -> None:
    """Each goal is reached, and its shortest witness replays exactly."""
    props = properties()
    goals = {g: (lambda p: lambda m, s: p.reached(m, s))(props.get(g)) for g in GOALS}
    exp = explored("tiny", goals=goals)
    for goal in GOALS:
        hits = exp.goal_hits[goal]
        assert hits, f"{goal} unreachable on tiny"
        trace = an.witness_trace(exp, hits[0], SPEC.ambiguities)
        model = model_for_trace(trace)
        result = replay(trace, model)
        assert result.ok, (goal, result.error)
        assert props.get(goal).reached(model, result.final_state), goal


@pytest.mark.skipif(
    os.environ.get("HYPOTHESIS_PROFILE") != "thorough",
    reason="minutes; HYPOTHESIS_PROFILE=thorough",
)
def test_small_count() -> None:
    exp = explored("small")
    assert exp.complete and (exp.n_states, exp.n_transitions) == SMALL_COUNT[:2]
    assert an.terminal_counts(exp) == SMALL_COUNT[2]
