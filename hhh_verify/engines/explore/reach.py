"""The explorer as the engine of ``hhh-verify reach``: can this goal happen, how, and
how likely?

``explore_reach`` answers for one goal with an exhaustive search, the shortest witness
and the max / min / random-play probabilities. Other reach engines (Z3) take the same
:class:`ReachRequest` and return the same :class:`ReachReport`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import Model
from hhh_verify.contract.trace import Trace
from hhh_verify.contract.vocab import ReachEngine
from hhh_verify.engines.explore import analysis
from hhh_verify.engines.explore.explorer import (
    BUILTIN_GOALS,
    Exploration,
    Goal,
    Progress,
    explore,
    outcome_goal,
    split_properties,
)


@dataclass(frozen=True)
class ReachRequest:
    """One reachability question (what every reach engine receives)."""

    model: Model
    goal_id: str
    goal: Goal
    within_rounds: int | None = None
    max_states: int | None = None
    max_seconds: float | None = None  # a safety net only: when it fires, undecided
    exact: bool = True
    registry: Any = None  # the game's AmbiguityRegistry (for traces); None: the model's defaults
    progress: Progress | None = None
    smt: Any = None  # the game's SmtSupport (z3 and both engines); None: no Z3 encoding
    # z3 and both engines: Z3 resource units (None: the engine's default)
    rlimit: int | None = None
    # the search engine: the goal property's heuristic (None: a random beam), node budget
    # (None: the engine's default), beam width, outcomes drawn per chance step, seed
    heuristic: Any = None
    max_nodes: int | None = None
    beam: int = 8
    samples: int = 4
    seed: int = 0


@dataclass
class ReachReport:
    """The answer: ``reachable`` is True/False, or None when the search was cut short."""

    engine: ReachEngine
    goal: str
    reachable: bool | None
    trace: Trace | None = None
    steps: list[str] = field(default_factory=list)
    probabilities: dict[str, analysis.ReachProbability] = field(default_factory=dict)
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "goal": self.goal,
            "reachable": self.reachable,
            "witness_steps": len(self.trace.steps) if self.trace else None,
            "witness": self.steps,
            "probabilities": {k: v.to_json() for k, v in self.probabilities.items()},
            **self.details,
        }


def resolve_goal(game_id: str, name: str, properties: Iterable[Any] = ()) -> Goal:
    """A built-in goal (``won``, ``outcome:arrested``, ...) or a goal of ``properties``
    (the registered properties of game ``game_id``)."""
    builtin = outcome_goal(name)
    if builtin is not None:
        return builtin
    registered = split_properties(properties).goals
    if name in registered:
        return registered[name]
    accepted = ", ".join([*BUILTIN_GOALS, *sorted(registered)])
    raise ModelError(f"unknown goal {name!r} for {game_id}; accepted: {accepted}")


def summary(exp: Exploration) -> dict[str, Any]:
    """The headline numbers of an exploration (the ``explore --json`` core)."""
    return {
        "states": exp.n_states,
        "transitions": exp.n_transitions,
        "complete": exp.complete,
        "incomplete_reason": exp.reason or None,
        "seconds": round(exp.seconds, 3),
        "states_per_second": round(exp.n_states / exp.seconds) if exp.seconds > 0 else None,
        "kinds": analysis.kind_counts(exp),
        "terminal": analysis.terminal_counts(exp),
        "within_rounds": exp.max_round,
    }


def explore_reach(req: ReachRequest) -> ReachReport:
    """The ``explore`` engine of ``reach``: exhaustive search, witness, probabilities."""
    exp = explore(
        req.model,
        goals={req.goal_id: req.goal},
        max_states=req.max_states,
        max_seconds=req.max_seconds,
        max_round=req.within_rounds,
        progress=req.progress,
    )
    hits = exp.goal_hits[req.goal_id]
    reachable: bool | None = True if hits else (False if exp.complete else None)
    report = ReachReport(ReachEngine.EXPLORE, req.goal_id, reachable, details=summary(exp))
    if hits:
        report.trace = analysis.witness_trace(
            exp, hits[0], req.registry, goal=req.goal_id, engine=ReachEngine.EXPLORE
        )
        report.steps = analysis.witness_lines(exp, hits[0])
    report.probabilities = analysis.goal_probabilities(exp, hits, exact=req.exact)
    return report


#: Reach engines by name. Other engines (e.g. ``z3``) add an entry taking a ReachRequest.
REACH_ENGINES: dict[ReachEngine, Callable[[ReachRequest], ReachReport]] = {
    ReachEngine.EXPLORE: explore_reach
}
