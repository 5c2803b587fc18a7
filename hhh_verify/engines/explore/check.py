"""The explorer as a ``check`` engine: every invariant and goal over one exhaustive
exploration, plus two structural checks (no deadlock, an end is always reachable)."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.model import Model
from hhh_verify.contract.properties import Goal, Invariant, Property
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.trace import Trace
from hhh_verify.contract.vocab import EngineStatus, ExploreStatus, PropertyKind
from hhh_verify.engines import results as check_results
from hhh_verify.engines.explore import analysis
from hhh_verify.engines.explore.explorer import (
    SAFETY_NET,
    Exploration,
    ExplorationError,
    Progress,
    explore,
    split_properties,
)
from hhh_verify.engines.results import CheckOptions, CheckResult


@dataclass
class PropertyResult:
    """One property after one exploration.

    ``status``: ``holds`` / ``violated`` (invariants), ``reachable`` / ``unreachable``
    (goals), or ``unknown`` when the exploration was cut short and found nothing.
    """

    id: str
    kind: PropertyKind
    status: ExploreStatus
    states: int
    complete: bool
    message: str = ""
    depth: int | None = None
    trace: Trace | None = None
    count: int = 0  # violating / satisfying states found
    reason: str = ""  # why the exploration is incomplete ("" when complete)

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
            "reason": self.reason,
            "witness_steps": len(self.trace.steps) if self.trace else None,
        }


#: The time safety net of the explorer in ``check`` (seconds; the state budget decides).
SAFETY_SECONDS = 600.0


def explore_check(
    model: Model,
    properties: Iterable[Property],
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
            trace = analysis.path_trace(model, path, registry, property=pid, engine="explore")
            results.append(
                PropertyResult(
                    pid,
                    PropertyKind.INVARIANT,
                    ExploreStatus.VIOLATED,
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
                PropertyResult(
                    pid, PropertyKind.INVARIANT, _unless_cut(ExploreStatus.HOLDS, done), n, done
                )
            )
    for pid in checks.goals:
        hits = exp.goal_hits[pid]
        if hits:
            results.append(
                PropertyResult(
                    pid,
                    PropertyKind.GOAL,
                    ExploreStatus.REACHABLE,
                    n,
                    done,
                    "",
                    exp.depth(hits[0]),
                    analysis.witness_trace(exp, hits[0], registry, property=pid, engine="explore"),
                    len(hits),
                )
            )
        else:
            results.append(
                PropertyResult(
                    pid, PropertyKind.GOAL, _unless_cut(ExploreStatus.UNREACHABLE, done), n, done
                )
            )
    if structural:
        results.extend(_structural(exp, registry))
    for r in results:
        r.reason = exp.reason
    return results


def _unless_cut(status: ExploreStatus, complete: bool) -> ExploreStatus:
    """``status`` when the exploration finished, else ``unknown``."""
    return status if complete else ExploreStatus.UNKNOWN


def _structural(exp: Exploration, registry: Any) -> list[PropertyResult]:
    n, done = exp.n_states, exp.complete
    out = []
    for pid, bad, msg in (
        (
            "explore:no-deadlock",
            analysis.deadlocks(exp),
            "a non-terminal state has no legal action",
        ),
        ("explore:always-can-end", analysis.cannot_end(exp), "no end of the game is reachable"),
    ):
        if bad:
            trace = analysis.witness_trace(exp, bad[0], registry, property=pid, engine="explore")
            out.append(
                PropertyResult(
                    pid,
                    PropertyKind.INVARIANT,
                    ExploreStatus.VIOLATED,
                    n,
                    done,
                    msg,
                    exp.depth(bad[0]),
                    trace,
                    len(bad),
                )
            )
        else:
            out.append(
                PropertyResult(
                    pid, PropertyKind.INVARIANT, _unless_cut(ExploreStatus.HOLDS, done), n, done
                )
            )
    return out


class ReducedExplorerEngine:
    """The explorer in ``check``: exhaustive on the game's reduced preset.

    ``check`` runs on the real game by default, which no explorer can finish; so this
    engine explores the game's ``reduced_preset`` (``GameSpec``; seconds) under the same
    reading of every ambiguity, and labels its results ``explore:<preset>``. When
    ``check`` already runs on that preset, the checked model is explored as it is; a
    game without a reduced preset (or no spec) has its checked model explored within the
    limits.
    """

    def __init__(
        self,
        spec: GameSpec | None = None,
        max_states: int = 200_000,
        max_seconds: float = SAFETY_SECONDS,
    ):
        self.spec = spec
        self.preset = spec.reduced_preset if spec is not None else None
        self.inner = ExplorerEngine(max_states, max_seconds)
        self.name = f"explore:{self.preset}" if self.preset else "explore"

    def supports(self, prop: Any) -> bool:
        return self.inner.supports(prop)

    def run(
        self,
        model: Model,
        ambiguities: AmbiguityRegistry,
        properties: Sequence[Property],
        options: CheckOptions,
    ) -> list[CheckResult]:
        if self.preset is not None:
            assert self.spec is not None  # the preset comes from the spec
            reduced = self.spec.presets[self.preset]
            if model.config != reduced:
                model = self.spec.make_model(reduced, model.readings)
        results = self.inner.run(model, ambiguities, properties, options)
        for r in results:
            r.engine = self.name
        return results


class ExplorerEngine:
    """The explorer as a ``check`` engine (:class:`hhh_verify.engines.results.Engine`).

    On a configuration too big to finish within the state budget, results say so
    (``details.complete`` false): an invariant's row is then ``inconclusive`` ("undecided:
    state limit of N reached after N states; nothing found among them"), never "holds",
    since an unfinished exhaustive search proves nothing; a goal not found is "not
    reached" without the exhaustive flag, so it never reads as a proof. An exploration
    cut by the time safety net gives ``inconclusive`` rows too: the clock must not decide
    a verdict.
    """

    name = "explore"

    def __init__(self, max_states: int = 500_000, max_seconds: float = SAFETY_SECONDS):
        self.max_states, self.max_seconds = max_states, max_seconds

    def supports(self, prop: Property) -> bool:
        return isinstance(prop, Goal) or (
            isinstance(prop, Invariant) and (prop.check is not None or prop.transition is not None)
        )

    def run(
        self,
        model: Model,
        ambiguities: AmbiguityRegistry,
        properties: Sequence[Property],
        options: CheckOptions,
    ) -> list[CheckResult]:
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
            common = check_results.result_fields(p, model.game, self.name, seconds=seconds)
            r = by_id.get(p.id)
            if error is not None:
                trace = analysis.path_trace(model, error.path, ambiguities, engine=self.name)
                results.append(
                    check_results.CheckResult(
                        status=EngineStatus.ERROR, message=str(error), trace=trace, **common
                    )
                )
            elif r is None:
                results.append(
                    check_results.CheckResult(
                        status=EngineStatus.SKIPPED,
                        message="does not apply to this config",
                        **common,
                    )
                )
            else:
                results.append(self._result(check_results, r, common))
        for r in found:
            if r.id.startswith("explore:"):
                common = {
                    "property": r.id,
                    "game": model.game,
                    "engine": self.name,
                    "kind": PropertyKind.INVARIANT,
                    "expected": "HOLDS",
                    "seconds": seconds,
                    "citation": "model contract (hhh_verify/contract/model.py)",
                }
                results.append(self._result(check_results, r, common))
        return results

    @staticmethod
    def _result(check_results: Any, r: PropertyResult, common: dict[str, Any]) -> Any:
        status = {
            ExploreStatus.HOLDS: EngineStatus.HOLDS,
            ExploreStatus.VIOLATED: EngineStatus.VIOLATED,
            ExploreStatus.REACHABLE: EngineStatus.REACHED,
            ExploreStatus.UNREACHABLE: EngineStatus.NOT_REACHED,
        }.get(r.status)
        message = r.message
        if status is None and r.reason.startswith(SAFETY_NET):  # the clock cut it
            status = EngineStatus.INCONCLUSIVE
            message = f"incomplete: {r.reason} after {r.states:,} states, nothing found"
        elif status is None:  # unknown: the state budget cut the search short
            # an unfinished search proves nothing: an invariant is undecided, not "holds"
            status = (
                EngineStatus.INCONCLUSIVE
                if r.kind == PropertyKind.INVARIANT
                else EngineStatus.NOT_REACHED
            )
            message = (
                f"undecided: {r.reason or 'the search was cut short'} after {r.states:,} "
                "states; nothing found among them"
            )
        details = {
            "states": r.states,
            "complete": r.complete,
            "count": r.count,
            "depth": r.depth,
            "reason": r.reason,
        }
        return check_results.CheckResult(
            status=status, message=message, trace=r.trace, details=details, **common
        )
