"""HHH's declared chance ceiling: the recorded per-preset maxima are recomputed by
exhaustive exploration (``tiny`` and ``interactions`` always, ``small`` and every single
reading under the ``thorough`` profile: minutes), hold only for their own config and
readings, and reach the OpenSpiel adapter. A planted extra outcome shows the recomputation can fail.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from hhh_verify.model import ModelError
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh import chance_bounds as cb

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
#: States explored at most per preset (``small`` has 423,829).
STATE_BUDGET = 1_000_000


def _presets() -> list[Any]:
    out = []
    for name in cb.EXPLORED:
        marks = [] if name != "small" or THOROUGH else [pytest.mark.skip("thorough only")]
        out.append(pytest.param(name, id=name, marks=marks))
    return out


@pytest.mark.parametrize("preset", _presets())
def test_recorded_maximum_is_the_explored_one(preset: str) -> None:
    assert cb.explore_largest_step(SPEC.model(preset), STATE_BUDGET) == cb.EXPLORED[preset]


@pytest.mark.parametrize("preset", cb.ONE_READING)
def test_one_reading_maximum_is_the_explored_one(preset: str) -> None:
    """One reading (every reading under ``thorough``: about two minutes on ``tiny``, three on ``interactions``)."""
    readings = cb.single_readings() if THOROUGH else ["HHH-VISIT-CUBES=rebag"]
    largest = cb.EXPLORED[preset].max_outcomes
    for reading in readings:
        model = SPEC.model(preset, (), (reading,))
        assert cb.recorded(model) == cb.ONE_READING[preset]
        largest = max(largest, cb.explore_largest_step(model, STATE_BUDGET).max_outcomes)
    assert largest <= cb.ONE_READING[preset]
    if THOROUGH:
        assert largest == cb.ONE_READING[preset]


def test_declaration_uses_the_recorded_maximum() -> None:
    model = SPEC.model("tiny")
    assert SPEC.action_space(model).max_chance_outcomes == cb.EXPLORED["tiny"].max_outcomes


@pytest.mark.parametrize(
    "overrides, readings",
    [
        (("rounds=1",), ()),
        (("arrival_cubes=3",), ()),
        ((), ("HHH-TRAINING-BONUS=two", "HHH-VISIT-CUBES=rebag")),
        (("rounds=1",), ("HHH-VISIT-CUBES=rebag",)),
    ],
    ids=["override", "bigger-draw", "two-readings", "override-and-reading"],
)
def test_a_changed_preset_falls_back(overrides: tuple[str, ...], readings: tuple[str, ...]) -> None:
    model = SPEC.model("tiny", overrides, readings)
    assert cb.recorded(model) is None
    assert cb.max_chance_outcomes(model) == cb.UNPROVEN_CEILING


def test_the_full_game_falls_back() -> None:
    assert cb.max_chance_outcomes(SPEC.model("full")) == cb.UNPROVEN_CEILING


class _ExtraOutcome:
    """Planted bug: every step also leads back to the state it started from."""

    def __init__(self, model: Any):
        self.model = model

    def __getattr__(self, name: str) -> Any:
        return getattr(self.model, name)

    def step(self, s: Any, a: Any) -> Any:
        return [*self.model.step(s, a), (s, 0)]


def test_planted_extra_outcome_is_caught() -> None:
    found = cb.explore_largest_step(_ExtraOutcome(SPEC.model("tiny")), STATE_BUDGET)
    assert found.max_outcomes == cb.EXPLORED["tiny"].max_outcomes + 1
    assert found != cb.EXPLORED["tiny"]


def test_an_incomplete_exploration_is_refused() -> None:
    with pytest.raises(ModelError, match="incomplete"):
        cb.explore_largest_step(SPEC.model("tiny"), 100)


def test_openspiel_reports_the_bound() -> None:
    osp = pytest.importorskip("hhh_verify.adapters.openspiel")
    game = osp.load_game("hhh", "tiny")
    assert game.max_chance_outcomes() == cb.EXPLORED["tiny"].max_outcomes
