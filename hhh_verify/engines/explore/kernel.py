"""The compiled explorer: every reachable state of a game that has a kernel, checked,
with goal probabilities (``explore --engine kernel``).

The search is level-synchronous and hash-partitioned (:mod:`.partition`): with one
partition it runs in this process, with more each partition is a Dask actor
(:mod:`hhh_verify.execution.explore`); the driver below is the same. It reports what the
reference explorer reports (:mod:`.explorer`, :mod:`.analysis`): states, transitions,
terminal states by outcome, deadlocks, states that cannot end, every invariant (its
violations, the shortest witness), every goal (reachable, the shortest witness) and the
max / min / random-play probabilities of each goal and of winning, by float64 value
iteration (:mod:`.sweeps`). Witnesses are replayed through the model (``step``) and
become traces (:mod:`hhh_verify.contract.trace`).

Faults: with a checkpoint directory every partition writes each level's additions
there and the driver records the last complete level (``level.json``); a partition lost
mid-level (its worker died) is rebuilt from the checkpoints and the level is run again,
so the counts never include a half-finished level.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.model import Model
from hhh_verify.contract.outputs import write_atomic
from hhh_verify.contract.scenario import Scenario
from hhh_verify.contract.trace import Trace
from hhh_verify.contract.vocab import (
    PLAY_MODES,
    BuiltinGoal,
    CheckKind,
    CheckSite,
    OptimisationMode,
)
from hhh_verify.engines.explore import analysis
from hhh_verify.engines.explore.explorer import Checks
from hhh_verify.engines.explore.partition import (
    LOCAL,
    SHIFT,
    Builder,
    CheckSpec,
    GraphSource,
    Partition,
)
from hhh_verify.engines.explore.rowtable import owners

MODES = PLAY_MODES
#: Recoveries from lost partitions before the run gives up.
MAX_RECOVERIES = 3
#: Sweeps a partition may run per value-iteration round; rounds before giving up.
MAX_SWEEPS, MAX_ROUNDS = 10_000, 10_000


class PartLost(Exception):
    """A partition's worker died (its actor is gone); the run can resume from disk."""


class Parts(Protocol):
    """Where the partitions live: this process or Dask actors."""

    n: int
    builder: Builder

    def map(self, method: str, args: Sequence[tuple[Any, ...]] | None = None) -> list[Any]:
        """Call ``method`` on every partition (all at once); results in partition order."""
        ...

    def call(self, part: int, method: str, *args: Any) -> Any: ...

    def reset(self) -> None:
        """Drop every partition and start empty ones (after a loss)."""
        ...


@runtime_checkable
class GraphKernel(Protocol):
    """A kernel the compiled explorer can run: ``graph()`` gives its graph source
    (``nwords``, ``compiled``, ``outcomes``, ``initial_row()``, ``expand(rows)``,
    ``state(row)``, ``actions(row)``; HHH: ``models/hhh/kernel/graph.py``)."""

    def graph(self) -> GraphSource: ...


class LocalParts:
    """The partitions as objects of this process (one, normally). ``builder(scenario)``
    gives ``(model, graph source, registered checks)``."""

    def __init__(
        self, builder: Builder, scenario: Scenario, n: int = 1, python_checks: bool = True
    ):
        self.builder, self.scenario, self.n = builder, scenario, n
        self.python_checks = python_checks
        self.reset()

    def reset(self) -> None:
        self.parts = [
            Partition(self.builder, self.scenario, i, self.n, self.python_checks)
            for i in range(self.n)
        ]

    def map(self, method: str, args: Sequence[tuple[Any, ...]] | None = None) -> list[Any]:
        args = args or [()] * self.n
        return [getattr(p, method)(*a) for p, a in zip(self.parts, args, strict=True)]

    def call(self, part: int, method: str, *args: Any) -> Any:
        return getattr(self.parts[part], method)(*args)


@dataclass
class KernelExploration:
    """What one compiled exploration found (see the module docstring)."""

    states: int
    transitions: int
    complete: bool
    reason: str
    levels: int
    terminal: dict[str, int]
    deadlocks: int
    cannot_end: int
    invariants: dict[str, dict[str, Any]]
    goals: dict[str, dict[str, Any]]
    probabilities: dict[str, dict[str, float]]
    states_per_part: list[int]
    seconds: float
    value_seconds: float
    peak_bytes: list[int] = field(default_factory=list)
    cpu_seconds: list[float] = field(default_factory=list)
    recoveries: int = 0
    witnesses: dict[str, list[tuple[int, int]]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "states": self.states,
            "transitions": self.transitions,
            "complete": self.complete,
            "incomplete_reason": self.reason or None,
            "levels": self.levels,
            "terminal": self.terminal,
            "deadlocks": self.deadlocks,
            "cannot_end": self.cannot_end,
            "invariants": self.invariants,
            "goals": self.goals,
            "probabilities": self.probabilities,
            "partitions": len(self.states_per_part),
            "states_per_partition": self.states_per_part,
            "seconds": round(self.seconds, 3),
            "value_seconds": round(self.value_seconds, 3),
            "peak_bytes_per_partition": self.peak_bytes,
            "cpu_seconds_per_partition": self.cpu_seconds,
            "recoveries": self.recoveries,
        }


def explore_kernel(
    scenario: Scenario,
    parts: Parts,
    *,
    max_states: int,
    checkpoints: str | None = None,
    probabilities: bool = True,
    progress: Callable[[int, int, int], None] | None = None,
) -> KernelExploration:
    """Explore ``scenario`` (its game, config and readings) to the end (or past
    ``max_states`` states: the search stops after the level that passes it).

    ``parts``: where the partitions live (:class:`LocalParts`, or Dask actors).
    The parts say whether the properties without a compiled check are checked on every
    decoded state (else they are reported not checked). ``progress(level, states, frontier)``
    is called after every level.
    """
    t0 = time.perf_counter()
    model, source, checks = parts.builder(scenario)
    level, recoveries, complete, reason = _search(parts, max_states, checkpoints, progress)
    counts = parts.map("counts")
    seconds = time.perf_counter() - t0
    states = sum(c["states"] for c in counts)
    transitions = sum(c["transitions"] for c in counts)
    status = _status_counts(counts)
    terminal = {
        source.outcomes[k]: v
        for k, v in sorted(
            status.items(), key=lambda kv: source.outcomes[kv[0]] if kv[0] > 0 else ""
        )
        if k > 0
    }
    invariants, goals, witnesses = _property_results(parts, model, source, checks, counts, complete)
    deadlocks = status.get(-1, 0)
    t1 = time.perf_counter()
    probs: dict[str, dict[str, float]] = {}
    cannot = 0
    if probabilities:
        probs, cannot = _probabilities(parts, source, goals)
    usage = parts.map("usage")
    return KernelExploration(
        states=states,
        transitions=transitions,
        complete=complete,
        reason=reason,
        levels=level,
        terminal=terminal,
        deadlocks=deadlocks,
        cannot_end=cannot,
        invariants=invariants,
        goals=goals,
        probabilities=probs,
        states_per_part=[c["states"] for c in counts],
        peak_bytes=[u[0] for u in usage],
        cpu_seconds=[round(u[1], 1) for u in usage],
        seconds=seconds,
        value_seconds=time.perf_counter() - t1,
        recoveries=recoveries,
        witnesses=witnesses,
    )


def _status_counts(counts: list[dict[str, Any]]) -> dict[int, int]:
    """States per status summed over the partitions (outcome index > 0, deadlock -1)."""
    status: dict[int, int] = {}
    for c in counts:
        for k, v in c["status"].items():
            status[k] = status.get(k, 0) + v
    return status


def _property_results(
    parts: Parts,
    model: Model,
    source: GraphSource,
    checks: Checks,
    counts: list[dict[str, Any]],
    complete: bool,
) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]], dict[str, list[tuple[int, int]]]]:
    """Per invariant and goal: where it was checked, how often it held or failed and the
    shortest witness (a state and a step check of one property merge into one entry)."""
    plan = parts.call(0, "checks_plan")
    witnesses: dict[str, list[tuple[int, int]]] = {}
    invariants: dict[str, dict[str, Any]] = {}
    goals: dict[str, dict[str, Any]] = {}
    for spec in plan:
        if spec.where == CheckSite.UNCHECKED:
            if spec.kind == CheckKind.GOAL:
                goals[spec.id] = {
                    "checked": CheckSite.NO,
                    "reachable": None,
                    "states": None,
                    "depth": None,
                }
            else:
                _merge_invariant(invariants, spec.id, CheckSite.NO, None, None, None)
            continue
        found = [(c["checks"][spec.id], p) for p, c in enumerate(counts)]
        total = sum(f[0] for f, _p in found)
        hits = [(f[1], p, f[2]) for f, p in found if f[0]]
        depth = message = None
        if hits:
            _d, p, lid = min(hits)
            path = _path(parts, model, source, p, lid)
            if spec.kind == CheckKind.STEP:
                act, succ = parts.call(p, "step_edge", spec.bit, lid)
                path = path + [_step(parts, model, source, p, lid, act, succ)]
            depth = len(path)
            witnesses[spec.id] = path
            message = _message(counts[p]["messages"], spec, model, source, checks, parts, p, lid)
        if spec.kind == CheckKind.GOAL:
            goals[spec.id] = {
                "checked": spec.where,
                "reachable": bool(hits) if (hits or complete) else None,
                "states": total,
                "depth": depth,
            }
        else:
            _merge_invariant(invariants, spec.id, spec.where, total, depth, message)
    return invariants, goals, witnesses


def _probabilities(
    parts: Parts, source: GraphSource, goals: dict[str, dict[str, Any]]
) -> tuple[dict[str, dict[str, float]], int]:
    """The max / min / random probability of winning and of every checked goal, and how
    many states cannot reach an end."""
    probs: dict[str, dict[str, float]] = {}
    names = [BuiltinGoal.WON, *[g for g in goals if goals[g]["checked"] != CheckSite.NO]]
    columns = [(BuiltinGoal.END, OptimisationMode.ANY)] + [(g, m) for g in names for m in MODES]
    values = _values(parts, source, columns)
    cannot = sum(c[0] for c in parts.map("zeros_of", [(0,)] * parts.n))
    for i, name in enumerate(names):
        probs[name] = {m: float(values[1 + 3 * i + j]) for j, m in enumerate(MODES)}
    parts.map("drop_values")
    return probs, cannot


def _message(
    messages: dict[str, Any],
    spec: CheckSpec,
    model: Model,
    source: GraphSource,
    checks: Checks,
    parts: Parts,
    part: int,
    lid: int,
) -> str | None:
    """The first violation's message: the Python check's, noted where it ran (a step
    part under ``ID#step``); for a compiled check, its property's on the decoded state
    (which must agree, else the disagreement is the message)."""
    if spec.kind == CheckKind.GOAL:
        return None
    if spec.where != CheckSite.COMPILED:
        key = spec.id + "#step" if spec.kind == CheckKind.STEP else spec.id
        return str(messages.get(key, (0, 0, "invariant does not hold"))[2])
    state = source.state(parts.call(part, "step_back", lid)[2])
    said = checks.invariants[spec.id](model, state) if spec.id in checks.invariants else None
    return str(said) if said else "the compiled check fails where its property holds"


def _merge_invariant(
    invariants: dict[str, dict[str, Any]],
    pid: str,
    where: CheckSite,
    total: int | None,
    depth: int | None,
    message: str | None,
) -> None:
    """Add one part of an invariant (its state check, then its step check) to its entry.
    ``checked`` names where each part ran, joined by ``+`` in plan order (``compiled``,
    ``python``, ``no`` for a part skipped), so a run that checked the state part only
    says ``compiled+no``; ``no`` alone when no part ran (``violations`` is then None)."""
    where = CheckSite.NO if where == CheckSite.UNCHECKED else where
    old = invariants.get(pid)
    if old is None:
        invariants[pid] = {
            "checked": where,
            "violations": total,
            "message": message,
            "depth": depth,
        }
        return
    parts = [*old["checked"].split("+"), where]
    old["checked"] = CheckSite.NO if set(parts) == {CheckSite.NO} else "+".join(parts)
    if total is None:
        return
    old["violations"] = (old["violations"] or 0) + total
    if depth is not None and (old["depth"] is None or depth < old["depth"]):
        old.update(depth=depth, message=message)


def _search(
    parts: Parts,
    max_states: int,
    checkpoints: str | None,
    progress: Callable[[int, int, int], None] | None,
) -> tuple[int, int, bool, str]:
    """The level loop, resumed from the checkpoints after a lost partition."""
    n = parts.n
    recoveries = 0
    level = 0
    held = parts.map("start")
    done_level = -1
    while True:
        try:
            frontier = _frontier(parts)
            states = sum(held)
            if progress is not None:
                progress(level, states, frontier)
            if frontier == 0:
                return level, recoveries, True, ""
            if states > max_states:
                return level, recoveries, False, f"state limit of {max_states} passed"
            outs = parts.map("expand")
            batches = [([outs[p].get(q) for p in range(n) if q in outs[p]],) for q in range(n)]
            senders = [[p for p in range(n) if q in outs[p]] for q in range(n)]
            ids = parts.map("receive", batches)
            back: list[dict[int, np.ndarray]] = [{} for _ in range(n)]
            for q in range(n):
                for p, got in zip(senders[q], ids[q], strict=True):
                    back[p][q] = got
            parts.map("resolve", [(b,) for b in back])
            held = [size[1] for size in parts.map("sizes")]
            if checkpoints is not None:
                parts.map("checkpoint", [(checkpoints, level)] * n)
                _write_level(checkpoints, level, n)
                done_level = level
            level += 1
        except PartLost as e:
            recoveries += 1
            if checkpoints is None or recoveries > MAX_RECOVERIES:
                raise ModelError(
                    f"explore: a partition was lost at level {level} and the run cannot "
                    f"resume ({'no checkpoints' if checkpoints is None else 'too many losses'}): {e}"
                ) from None
            parts.reset()
            if done_level < 0:
                held = parts.map("start")
                level = 0
            else:
                held = parts.map("restore", [(checkpoints, done_level)] * n)
                level = done_level + 1


def _frontier(parts: Parts) -> int:
    return sum(n - lo for lo, n in parts.map("sizes"))


#: The files a checkpoint folder holds: each partition's level files and the last level.
CHECKPOINT_FILE = re.compile(r"(part-\d+-level-\d+\.npz|level\.json)")


def check_checkpoint_folder(directory: str) -> None:
    """Refuse, before any work, a checkpoint folder holding anything but checkpoints (the
    run rewrites the ones of its names: a user's file there would be lost)."""
    if not os.path.isdir(directory):
        return
    foreign = sorted(n for n in os.listdir(directory) if not CHECKPOINT_FILE.fullmatch(n))
    if foreign:
        shown = ", ".join(foreign[:3]) + (
            f" and {len(foreign) - 3} more" if len(foreign) > 3 else ""
        )
        raise ModelError(
            f"--checkpoints {directory} holds files that are not checkpoints: {shown}; "
            "accepted: a new or empty folder, or one of an earlier run's checkpoints"
        )


def _write_level(directory: str, level: int, nparts: int) -> None:
    text = json.dumps({"level": level, "partitions": nparts})
    write_atomic(os.path.join(directory, "level.json"), text)


def _values(
    parts: Parts, source: GraphSource, columns: list[tuple[str, OptimisationMode]]
) -> np.ndarray:
    """Distributed value iteration of ``columns``; the values at the initial state."""
    n = parts.n
    needs = parts.map("prepare_values", [(columns,)] * n)
    parts.map(
        "set_requests", [({p: needs[p][q] for p in range(n) if q in needs[p]},) for q in range(n)]
    )
    del needs
    for round_ in range(MAX_ROUNDS):
        if round_:
            served = parts.map("serve_changed")
            parts.map(
                "set_ghosts_many",
                [({q: served[q][p] for q in range(n) if p in served[q]},) for p in range(n)],
            )
        swept = parts.map("sweep", [(MAX_SWEEPS,)] * n)
        if round_ and all(changed == 0 for changed, _done in swept):
            break
    else:
        raise ModelError(f"value iteration did not converge in {MAX_ROUNDS} rounds")
    init = source.initial_row()[None, :]
    return parts.call(int(owners(init, n)[0]), "value", 0)  # the first state it took


def _path(
    parts: Parts, model: Model, source: GraphSource, part: int, lid: int
) -> list[tuple[int, int]]:
    """The ``(action index, outcome index)`` steps of the BFS path to a state, walked
    back owner by owner and matched to the model's ``step`` outcomes."""
    rows, acts = [], []
    at = (part << SHIFT) | lid
    while at >= 0:
        parent, act, row = parts.call(at >> SHIFT, "step_back", at & LOCAL)
        rows.append(row)
        acts.append(act)
        at = parent
    rows.reverse()
    acts.reverse()
    states = [source.state(r) for r in rows]
    if states[0] != model.initial_state():
        raise ModelError("the kernel's initial state is not the model's")
    return [_match(model, states[i], acts[i + 1], states[i + 1]) for i in range(len(states) - 1)]


def _step(
    parts: Parts, model: Model, source: GraphSource, part: int, lid: int, act: int, succ: int
) -> tuple[int, int]:
    s = source.state(parts.call(part, "step_back", lid)[2])
    t = source.state(parts.call(succ >> SHIFT, "step_back", succ & LOCAL)[2])
    return _match(model, s, act, t)


def _match(model: Model, s: Any, ai: int, t: Any) -> tuple[int, int]:
    """The step ``s`` -(action ``ai``)-> ``t`` as (action index, outcome index) of the
    model: the witness is the model's, not the kernel's."""
    action = model.legal_actions(s)[ai]
    for oi, (nxt, _p) in enumerate(model.step(s, action)):
        if nxt == t:
            return ai, oi
    raise ModelError(f"the kernel's successor of {action!r} is not one of the model's")


def witness_trace(
    model: Model,
    path: list[tuple[int, int]],
    registry: AmbiguityRegistry | None = None,
    **meta: Any,
) -> Trace:
    """A witness path as a replayable trace (re-derived through ``model.step``)."""
    return analysis.path_trace(model, path, registry, **meta)
