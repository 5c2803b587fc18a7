"""The model contract every game implements, and exact chance distributions.

A model is a Markov decision process written as plain functions over immutable states:

* ``initial_state()`` is one deterministic state (setup draws are chance steps from it);
* ``legal_actions(s)`` is a sorted tuple of small frozen dataclasses;
* ``step(s, a)`` is the exact outcome distribution, a tuple of ``(state, Fraction)``
  pairs whose probabilities sum to exactly 1 (a deterministic step is one pair);
* ``outcome(s)`` is ``None`` until the game is over, then an :class:`Outcome`;
* ``round_of(s)`` (optional, :class:`RoundModel`) is the round ``s`` is in, for a game
  played in rounds: the engines compare and bound by it. A model without it (or whose
  ``round_of`` returns ``None``) has no rounds: no rounds measure, no rounds column, and
  an engine asked to bound by rounds says so (:func:`round_of`).

A state where only one action exists and that action is a draw is a *chance* state
(``current_player`` returns :data:`CHANCE`); engines do not count it as a decision.
Every engine (simulation, Hypothesis, explorer, Z3 replay) goes through ``step`` and
samples with :func:`sample`, so all of them see the same semantics.

Two optional methods make chance cheap where ``step`` would enumerate thousands of
outcomes (a full-game bag draw):

* ``sample_step(s, a, rng) -> state``: one successor drawn with ``rng`` from exactly the
  distribution ``step`` gives (simulation, the stateful engine, sampled traces);
* ``outcome_probability(s, a, succ) -> Fraction``: the probability ``step(s, a)`` gives
  ``succ`` (0 when it cannot), for that one successor (a *point probability*;
  :func:`outcome_probability` looks ``succ`` up in ``step`` for a model without it).

They are the :class:`SamplingModel` and :class:`PointProbabilityModel` protocols; engines
ask the helpers :func:`sampler` / :func:`sample_successor` and :func:`outcome_probability`,
never for an attribute by name. Everything else about a game (what it
measures, its presets, properties, kernel) reaches the engines through its
:class:`~hhh_verify.contract.spec.GameSpec`. The contract's other parts live in small modules
(:mod:`~hhh_verify.contract.outcomes`, :mod:`~hhh_verify.contract.actions`, :mod:`~hhh_verify.contract.configs`,
:mod:`~hhh_verify.contract.spec`, :mod:`~hhh_verify.contract.kernel`,
:mod:`~hhh_verify.contract.action_space`, :mod:`~hhh_verify.contract.errors`); each name is imported
from the module that defines it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from hhh_verify.contract.outcomes import Distribution, Outcome, sample_index

if TYPE_CHECKING:
    from hhh_verify.contract.interpretations import Readings

S = TypeVar("S")
A = TypeVar("A")

#: ``current_player`` value of a state whose only move is a random draw.
CHANCE = -1
#: ``current_player`` value of a finished game.
TERMINAL = -2


@runtime_checkable
class Model(Protocol[S, A]):
    """What every game model provides. Engines use nothing else (``isinstance`` checks
    that every member is present, not their signatures)."""

    game: str
    config: Any
    readings: Readings

    def initial_state(self) -> S: ...

    def current_player(self, s: S) -> int: ...

    def legal_actions(self, s: S) -> tuple[A, ...]: ...

    def step(self, s: S, a: A) -> Distribution: ...

    def outcome(self, s: S) -> Outcome | None: ...

    def describe_state(self, s: S) -> str: ...

    def describe_action(self, s: S, a: A) -> str: ...

    def action_to_json(self, a: A) -> dict[str, Any]: ...

    def action_from_json(self, d: Mapping[str, Any]) -> A: ...


@runtime_checkable
class RoundModel(Protocol):
    """A model of a game played in rounds: ``round_of(s)`` is the round ``s`` is in
    (from 1), or ``None`` for a game without rounds."""

    def round_of(self, s: Any) -> int | None: ...


def round_of(model: Model[Any, Any], s: Any) -> int | None:
    """The round ``s`` is in, or ``None`` when the game has no rounds (its model has no
    ``round_of``, or it returns ``None``)."""
    return model.round_of(s) if isinstance(model, RoundModel) else None


def rounds_required(model: Model[Any, Any], what: str) -> None:
    """``ModelError`` unless ``model``'s game is played in rounds (``what``: the option
    or engine that bounds by rounds)."""
    from hhh_verify.contract.errors import ModelError  # (model.py re-exports no names)

    if round_of(model, model.initial_state()) is None:
        raise ModelError(f"{what}: game {model.game!r} has no rounds")


@runtime_checkable
class SamplingModel(Protocol):
    """A model that draws one successor without enumerating ``step`` (a full-game bag
    draw would list thousands of outcomes): ``sample_step(s, a, rng)`` draws with
    ``rng`` from exactly the distribution ``step`` gives."""

    def sample_step(self, s: Any, a: Any, rng: random.Random) -> Any: ...


@runtime_checkable
class PointProbabilityModel(Protocol):
    """A model that computes the probability of one successor without enumerating the
    others: ``outcome_probability(s, a, succ)`` equals ``succ``'s entry in ``step(s, a)``
    (0 when it cannot follow)."""

    def outcome_probability(self, s: Any, a: Any, successor: Any) -> Fraction: ...


def outcome_probability(model: Model[Any, Any], s: Any, a: Any, successor: Any) -> Fraction:
    """The exact probability that ``step(s, a)`` leads to ``successor`` (0 if it cannot).

    The model's own point probability (:class:`PointProbabilityModel`: no enumeration of
    the other outcomes) when it has one, else the successor's entry in ``step``.
    """
    if isinstance(model, PointProbabilityModel):
        return model.outcome_probability(s, a, successor)
    for st, p in model.step(s, a):
        if st == successor:
            return p
    return Fraction(0)


#: ``draw(s, a, rng) -> successor``: one successor drawn with ``rng`` from exactly the
#: distribution ``step(s, a)`` gives.
Sampler = Callable[[Any, Any, random.Random], Any]


def sampler(model: Model[Any, Any]) -> Sampler | None:
    """The model's own draw of one successor (:class:`SamplingModel`'s ``sample_step``),
    or ``None`` for a model that only enumerates ``step``."""
    return model.sample_step if isinstance(model, SamplingModel) else None


def sample_successor(model: Model[Any, Any], s: Any, a: Any, rng: random.Random) -> Any:
    """One successor of ``a`` in ``s`` drawn with ``rng`` from the exact law: the model's
    :func:`sampler` when it has one, else an entry of ``step`` picked by :func:`sample_index`
    (the same distribution either way)."""
    draw = sampler(model)
    if draw is not None:
        return draw(s, a, rng)
    dist = model.step(s, a)
    return dist[sample_index(dist, rng)][0]
