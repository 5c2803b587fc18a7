"""The explorer as an engine for the ``reach`` and ``check`` commands.

``explore_reach`` answers "can this goal happen, how, and how likely?" for one goal;
``explore_check`` checks a list of properties in one exploration. Both return plain
records that the CLI renders; other engines (Z3) return the same :class:`ReachReport`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from . import analysis as an
from .explore import Exploration, Goal, Progress, explore, outcome_goal, split_properties
from .model import ModelError
from .trace import Trace


@dataclass(frozen=True)
class ReachRequest:
    """One reachability question (what every reach engine receives)."""

    model: Any
    goal_id: str
    goal: Goal
    within_rounds: int | None = None
    max_states: int | None = None
    max_seconds: float | None = None
    exact: bool = True
    registry: Any = None  # the game's AmbiguityRegistry (for traces); looked up if None
    progress: Progress | None = None


@dataclass
class ReachReport:
    """The answer: ``reachable`` is True/False, or None when the search was cut short."""

    engine: str
    goal: str
    reachable: bool | None
    trace: Trace | None = None
    steps: list[str] = field(default_factory=list)
    probabilities: dict[str, an.ReachProbability] = field(default_factory=dict)
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


def resolve_goal(game_id: str, name: str) -> Goal:
    """A built-in goal (``won``, ``outcome:arrested``, ...) or a registered goal property."""
    builtin = outcome_goal(name)
    if builtin is not None:
        return builtin
    registered = _registered_goals(game_id)
    if name in registered:
        return registered[name]
    accepted = ", ".join(["won", "lost", "terminal", "outcome:REASON", *sorted(registered)])
    raise ModelError(f"unknown goal {name!r} for {game_id}; accepted: {accepted}")


def _registered_goals(game_id: str) -> dict[str, Goal]:
    return split_properties(registered_properties(game_id)).goals


def registered_properties(game_id: str) -> list[Any]:
    """The game's properties from :mod:`hhh_verify.properties`, if that registry exists."""
    try:
        from . import properties

        return list(properties.properties_for(game_id))
    except (ImportError, AttributeError, KeyError, ModelError):
        return []


def _registry_for(model: Any, registry: Any) -> Any:
    if registry is not None:
        return registry
    from .registry import get_game

    try:
        return get_game(model.game).ambiguities
    except ModelError:
        return None


def _witness(exp: Exploration, sid: int, registry: Any, **meta: Any) -> Trace | None:
    return _path_witness(exp, exp.path_to(sid), registry, **meta)


def _path_witness(
    exp: Exploration, path: list[tuple[int, int]], registry: Any, **meta: Any
) -> Trace | None:
    registry = _registry_for(exp.model, registry)
    if registry is None:
        return None
    return an.path_trace(exp.model, path, registry, **meta)


def summary(exp: Exploration) -> dict[str, Any]:
    """The headline numbers of an exploration (the ``explore --json`` core)."""
    return {
        "states": exp.n_states,
        "transitions": exp.n_transitions,
        "complete": exp.complete,
        "incomplete_reason": exp.reason or None,
        "seconds": round(exp.seconds, 3),
        "states_per_second": round(exp.n_states / exp.seconds) if exp.seconds > 0 else None,
        "kinds": an.kind_counts(exp),
        "terminal": an.terminal_counts(exp),
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
    report = ReachReport("explore", req.goal_id, reachable, details=summary(exp))
    if hits:
        report.trace = _witness(exp, hits[0], req.registry, goal=req.goal_id, engine="explore")
        report.steps = an.witness_lines(exp, hits[0])
    report.probabilities = an.goal_probabilities(exp, hits, exact=req.exact)
    return report


#: Reach engines by name. Other engines (e.g. ``z3``) add an entry taking a ReachRequest.
REACH_ENGINES: dict[str, Callable[[ReachRequest], ReachReport]] = {"explore": explore_reach}


@dataclass
class PropertyResult:
    """One property after one exploration.

    ``status``: ``holds`` / ``violated`` (invariants), ``reachable`` / ``unreachable``
    (goals), or ``unknown`` when the exploration was cut short and found nothing.
    """

    id: str
    kind: str
    status: str
    states: int
    complete: bool
    message: str = ""
    depth: int | None = None
    trace: Trace | None = None
    count: int = 0  # violating / satisfying states found

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "status": self.status,
            "states": self.states,
            "complete": self.complete,
            "message": self.message,
            "depth": self.depth,
            "count": self.count,
            "witness_steps": len(self.trace.steps) if self.trace else None,
        }


def explore_check(
    model: Any,
    properties: Iterable[Any],
    max_states: int | None = None,
    max_seconds: float | None = None,
    *,
    registry: Any = None,
    structural: bool = True,
    progress: Progress | None = None,
) -> list[PropertyResult]:
    """Check every invariant and goal in ``properties`` over one exhaustive exploration.

    With ``structural`` two more results come back: ``explore:no-deadlock`` (every
    non-terminal state has an action) and ``explore:always-can-end`` (some end is
    reachable from every state).
    """
    checks = split_properties(properties, model)
    exp = explore(
        model,
        checks.invariants,
        checks.goals,
        steps=checks.steps,
        max_states=max_states,
        max_seconds=max_seconds,
        progress=progress,
    )
    n, done = exp.n_states, exp.complete
    results: list[PropertyResult] = []
    for pid in checks.invariant_ids():
        path = exp.first_violation(pid)
        if path is not None:
            trace = _path_witness(exp, path, registry, property=pid, engine="explore")
            results.append(
                PropertyResult(
                    pid,
                    "invariant",
                    "violated",
                    n,
                    done,
                    exp.messages[pid],
                    len(path),
                    trace,
                    exp.violation_count(pid),
                )
            )
        else:
            results.append(
                PropertyResult(pid, "invariant", "holds" if done else "unknown", n, done)
            )
    for pid in checks.goals:
        hits = exp.goal_hits[pid]
        if hits:
            results.append(
                PropertyResult(
                    pid,
                    "goal",
                    "reachable",
                    n,
                    done,
                    "",
                    exp.depth(hits[0]),
                    _witness(exp, hits[0], registry, property=pid, engine="explore"),
                    len(hits),
                )
            )
        else:
            results.append(
                PropertyResult(pid, "goal", "unreachable" if done else "unknown", n, done)
            )
    if structural:
        results.extend(_structural(exp, registry))
    return results


def _structural(exp: Exploration, registry: Any) -> list[PropertyResult]:
    n, done = exp.n_states, exp.complete
    out = []
    for pid, bad, msg in (
        ("explore:no-deadlock", an.deadlocks(exp), "a non-terminal state has no legal action"),
        ("explore:always-can-end", an.cannot_end(exp), "no end of the game is reachable"),
    ):
        if bad:
            trace = _witness(exp, bad[0], registry, property=pid, engine="explore")
            out.append(
                PropertyResult(
                    pid, "invariant", "violated", n, done, msg, exp.depth(bad[0]), trace, len(bad)
                )
            )
        else:
            out.append(PropertyResult(pid, "invariant", "holds" if done else "unknown", n, done))
    return out


class ReducedExplorerEngine:
    """The explorer in ``check``: exhaustive on the game's reduced preset.

    ``check`` runs on the real game by default, which no explorer can finish; so this
    engine explores the game's ``preset`` (``tiny``: seconds) under the same reading of
    every ambiguity, and labels its results ``explore:tiny``. When ``check`` already
    runs on a preset small enough (``tiny``), that model is explored as it is.
    """

    def __init__(self, preset: str = "tiny", max_states: int = 200_000, max_seconds: float = 60.0):
        self.preset = preset
        self.inner = ExplorerEngine(max_states, max_seconds)
        self.name = f"explore:{preset}"

    def supports(self, prop: Any) -> bool:
        return self.inner.supports(prop)

    def run(self, model: Any, ambiguities: Any, properties: Any, options: Any) -> list[Any]:
        from .model import ModelError
        from .registry import get_game

        try:
            spec = get_game(model.game)
        except ModelError:  # a model outside the registry (tests): explore it as it is
            spec = None
        if spec and self.preset in spec.presets and model.config != spec.presets[self.preset]:
            model = spec.make_model(spec.presets[self.preset], model.interpretation)
        results = self.inner.run(model, ambiguities, properties, options)
        for r in results:
            r.engine = self.name
        return results


class ExplorerEngine:
    """The explorer as a ``check`` engine (:class:`hhh_verify.checking.Engine` protocol).

    Add ``ExplorerEngine()`` to ``checking.engines()``. On a configuration too big to
    finish within the limits, results say so (``details.complete`` false, message
    "search incomplete"), and "holds" then means "no counterexample among the states
    explored", as for the stateful engine.
    """

    name = "explore"

    def __init__(self, max_states: int = 500_000, max_seconds: float = 60.0):
        self.max_states, self.max_seconds = max_states, max_seconds

    def supports(self, prop: Any) -> bool:
        return prop.kind in ("invariant", "goal") and (
            getattr(prop, "check", None) is not None
            or getattr(prop, "transition", None) is not None
        )

    def run(self, model: Any, ambiguities: Any, properties: Any, options: Any) -> list[Any]:
        import time

        from . import checking as ck
        from .explore import ExplorationError

        t0 = time.perf_counter()
        relevant = [p for p in properties if p.relevant(model)]
        try:
            found = explore_check(
                model, relevant, self.max_states, self.max_seconds, registry=ambiguities
            )
            error = None
        except ExplorationError as e:
            found, error = [], e
        seconds = time.perf_counter() - t0
        by_id = {r.id: r for r in found}
        results = []
        for p in properties:
            common = ck.result_fields(p, model.game, self.name, seconds=seconds)
            r = by_id.get(p.id)
            if error is not None:
                trace = an.path_trace(model, error.path, ambiguities, engine=self.name)
                results.append(
                    ck.CheckResult(status=ck.ERROR, message=str(error), trace=trace, **common)
                )
            elif r is None:
                results.append(
                    ck.CheckResult(
                        status=ck.SKIPPED, message="does not apply to this config", **common
                    )
                )
            else:
                results.append(self._result(ck, r, common))
        for r in found:
            if r.id.startswith("explore:"):
                common = {
                    "property": r.id,
                    "game": model.game,
                    "engine": self.name,
                    "kind": "invariant",
                    "expected": "HOLDS",
                    "seconds": seconds,
                    "citation": "model contract (hhh_verify/model.py)",
                }
                results.append(self._result(ck, r, common))
        return results

    @staticmethod
    def _result(ck: Any, r: PropertyResult, common: dict[str, Any]) -> Any:
        status = {
            "holds": ck.HOLDS_STATUS,
            "violated": ck.VIOLATED,
            "reachable": ck.REACHED,
            "unreachable": ck.NOT_REACHED,
        }.get(r.status)
        message = r.message
        if status is None:  # unknown: the search was cut short
            status = ck.HOLDS_STATUS if r.kind == "invariant" else ck.NOT_REACHED
            message = "search incomplete: nothing found among the states explored"
        details = {"states": r.states, "complete": r.complete, "count": r.count, "depth": r.depth}
        return ck.CheckResult(
            status=status, message=message, trace=r.trace, details=details, **common
        )
