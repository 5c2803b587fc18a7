"""The model contract's capability protocols (hhh_verify/contract/model.py): engines recognise a
model's optional methods by ``isinstance`` against ``SamplingModel`` and
``PointProbabilityModel``, and the moved contract names stay importable from
``hhh_verify.contract.model``."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
import toy_model

from hhh_verify.contract import actions, configs, errors, model, outcomes, spec
from hhh_verify.contract import kernel as kernel_protocol
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import (
    Model,
    PointProbabilityModel,
    SamplingModel,
    outcome_probability,
)
from hhh_verify.contract.registry import games
from hhh_verify.engines.stateful import resolve_chance


class _Sampling(toy_model.ToyModel):
    def sample_step(self, s: Any, a: Any, rng: random.Random) -> Any:
        return self.step(s, a)[0][0]


class _SamplerSwitchedOff(_Sampling):
    """A subclass that switches its parent's sampler off (the attribute is None)."""

    sample_step = None  # type: ignore[assignment]


class _WrongPoint(toy_model.ToyModel):
    """Planted: a point probability that disagrees with ``step``."""

    def outcome_probability(self, s: Any, a: Any, successor: Any) -> Fraction:
        return Fraction(1, 7)


#: The games whose full-game draws need a sampler (a bag of 88 cubes, decks, dice pools);
#: sampling is optional for any other installed game (examples/pig enumerates its die).
SAMPLING = ("hhh", "royal-hospital", "dice-hospital")


def test_every_registered_game_is_a_model_and_the_hospital_games_sample() -> None:
    for game in games().values():
        m = game.model(game.reduced_preset or "")
        assert isinstance(m, Model), game.id
        assert isinstance(m, SamplingModel) or game.id not in SAMPLING, game.id


def test_the_toy_has_neither_capability_and_plays_exact() -> None:
    m = toy_model.toy()
    assert isinstance(m, Model)
    assert not isinstance(m, SamplingModel)
    assert not isinstance(m, PointProbabilityModel)
    assert resolve_chance(m, "auto") == "exact"
    with pytest.raises(ModelError, match="cannot sample"):
        resolve_chance(m, "sampled")


def test_a_sampler_is_recognised_and_one_switched_off_is_not() -> None:
    assert resolve_chance(_Sampling(), "auto") == "sampled"
    assert not isinstance(_SamplerSwitchedOff(), SamplingModel)
    assert resolve_chance(_SamplerSwitchedOff(), "auto") == "exact"


def test_outcome_probability_asks_the_model_only_when_it_has_a_point_probability() -> None:
    m, wrong = toy_model.toy(), _WrongPoint()
    s = m.initial_state()
    a = m.legal_actions(s)[0]
    succ, p = m.step(s, a)[0]
    assert outcome_probability(m, s, a, succ) == p
    assert outcome_probability(wrong, s, a, succ) == Fraction(1, 7)  # the model's own


def test_the_model_module_is_no_facade() -> None:
    """Each name is imported from the module that defines it: ``model`` no longer
    re-exports the contract's other parts (and so no longer closes an import circle)."""
    assert not hasattr(model, "__all__")
    for home in (actions, configs, errors, kernel_protocol, spec):
        for name, value in vars(home).items():
            if getattr(value, "__module__", None) == home.__name__:
                assert not hasattr(model, name), f"model re-exports {name}"


class _ReadsOutcome:
    """A kernel that reads a finished game's outcome off its flat array."""

    def encode(self, s: Any) -> Any:
        return s

    def outcome(self, v: Any) -> outcomes.Outcome | None:
        return None


class _OutcomeSwitchedOff(_ReadsOutcome):
    outcome = None  # type: ignore[assignment]


def test_a_kernel_that_reads_outcomes_is_recognised_by_its_protocol() -> None:
    """The kernel engine compares outcomes with a kernel only when it is an
    ``OutcomeKernel`` (Royal Hospital's is; Dice Hospital's is not)."""
    from hhh_verify.models.dice_hospital.kernel.api import DHKernel
    from hhh_verify.models.royal_hospital.kernel.api import RHKernel

    assert isinstance(_ReadsOutcome(), kernel_protocol.OutcomeKernel)
    assert not isinstance(_OutcomeSwitchedOff(), kernel_protocol.OutcomeKernel)
    assert issubclass(RHKernel, kernel_protocol.OutcomeKernel)
    assert not issubclass(DHKernel, kernel_protocol.OutcomeKernel)


def test_a_config_declares_its_seats_by_a_players_field() -> None:
    """The strong player keeps rewards for ``players`` seats when the config declares
    them, one seat otherwise (the toy's config has no such field)."""
    for spec_ in games().values():
        assert isinstance(spec_.presets[spec_.default_preset], configs.SeatedConfig), spec_.id
    assert not isinstance(toy_model.ToyConfig(), configs.SeatedConfig)
