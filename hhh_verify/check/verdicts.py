"""One verdict per property, decided from every engine's result row.

``check`` runs each property through several engines; they answer different questions.
A sampling engine that misses a goal says only "not found within this budget", while an
exhaustive one that finished proves "unreachable", and one replayed witness settles
"reachable" whoever found it. So the rows are read in two steps:

1. each row becomes a :class:`~hhh_verify.contract.vocab.Mark` (what that engine showed): a ``witness`` counts only
   when its trace replays through the model it names and passes through a goal state
   (:func:`replay_witness`); a ``not-reached`` counts as a proof only from an engine
   that finished (:attr:`~hhh_verify.engines.results.CheckResult.exhaustive`);
2. the marks of one property give its :class:`Verdict` (:func:`decide`), by the rules
   in :func:`_verdict_kind`.

Only a :class:`~hhh_verify.contract.vocab.VerdictKind` with ``fails`` makes ``check`` exit 1: a violated invariant
or fact, a proof that a goal expected reachable cannot be reached, a replayed witness of
a goal expected unreachable, or an engine error. "Not found within budget" is shown,
never a failure. A new kind of finding (say, a broken promise of a reading) is one more
:class:`~hhh_verify.contract.vocab.EngineStatus`, one more ``Mark`` and one more
``VerdictKind`` (:mod:`hhh_verify.contract.vocab`) with its rule; until then an unknown status is an error, never a
silent pass.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hhh_verify.contract.properties import Goal, Property
from hhh_verify.contract.registry import model_for_trace
from hhh_verify.contract.trace import replay
from hhh_verify.contract.vocab import (
    EngineStatus,
    ExpectedResult,
    Mark,
    PropertyKind,
    VerdictKind,
)
from hhh_verify.engines import results as check_results

#: ``replay(row, property)`` -> "" when the row's witness replays and reaches the goal,
#: else why not.
Replayer = Callable[[check_results.CheckResult, "Property | None"], str]


def replay_witness(row: check_results.CheckResult, prop: Property | None = None) -> str:
    """Why ``row``'s witness does not count ("" when it does): its trace must replay,
    step by step, on the model it names (the reduced preset for an explorer's), and
    some state on the path must satisfy the goal (when ``prop`` is given)."""
    if row.trace is None:
        return "no trace to replay"
    try:
        model = model_for_trace(row.trace)
    except Exception as e:  # a trace naming a game or config that cannot be built
        return f"cannot build the trace's model: {e}"

    def reaches(state: Any) -> bool:
        return prop is None or (isinstance(prop, Goal) and prop.reached(model, state))

    hit = reaches(model.initial_state())

    def seen(i: int, s: Any, a: Any, p: Any, nxt: Any) -> None:
        nonlocal hit
        hit = hit or reaches(nxt)

    try:
        result = replay(row.trace, model, describe=False, on_step=seen)
    except Exception as e:  # the model raised on a recorded step
        return f"replay raised {type(e).__name__}: {e}"
    if not result.ok:
        return f"does not replay: {result.error}"
    if not hit:
        return "replays, but no state on the path satisfies the goal"
    return ""


@dataclass
class Verdict:
    """One property's verdict and the engine marks it was decided from."""

    property: str
    game: str
    kind: PropertyKind
    expected: ExpectedResult
    verdict: VerdictKind
    marks: dict[str, Mark]
    rows: list[check_results.CheckResult]
    #: The rows that decide a failure (violation, proof, error, unexpected witness).
    causes: list[check_results.CheckResult] = field(default_factory=list)
    #: The first row whose witness replays (a reached goal; an unexpected witness).
    witness: check_results.CheckResult | None = None
    #: Why claimed witnesses were not counted: engine -> reason.
    rejected: dict[str, str] = field(default_factory=dict)

    @builtins.property  # (the field ``property`` shadows the builtin in this class body)
    def fails(self) -> bool:
        return self.verdict.fails

    @builtins.property
    def citation(self) -> str:
        return next((r.citation for r in self.rows if r.citation), "")

    def summary(self) -> str:
        """One line: the verdict and the engines that settled it."""
        if self.causes:
            return "; ".join(f"{r.engine}: {r.message or r.status}" for r in self.causes)
        if self.witness is not None:
            steps = len(self.witness.trace.steps) if self.witness.trace else 0
            return f"witness of {steps} steps by {self.witness.engine}, replayed"
        if self.verdict is VerdictKind.NOT_FOUND:
            return "not found within budget by " + ", ".join(
                e for e, m in self.marks.items() if m is Mark.NOT_FOUND
            )
        return ", ".join(f"{e}: {m.value}" for e, m in self.marks.items() if m is not Mark.ABSENT)

    def to_json(self) -> dict[str, Any]:
        w = self.witness
        return {
            "id": self.property,
            "game": self.game,
            "kind": self.kind,
            "expected": self.expected,
            "verdict": self.verdict.value,
            "fails": self.fails,
            "engines": {e: m.value for e, m in self.marks.items() if m is not Mark.ABSENT},
            "witness": None
            if w is None
            else {
                "engine": w.engine,
                "steps": len(w.trace.steps) if w.trace else None,
                "trace_file": w.trace_file,
            },
            "rejected_witnesses": dict(self.rejected),
            "message": self.summary(),
            "citation": self.citation,
        }


def mark_of(row: check_results.CheckResult, replay_problem: str = "") -> Mark:
    """What ``row`` shows (``replay_problem``: why its witness does not count, if so)."""
    status = row.status
    if status == EngineStatus.HOLDS:
        return Mark.HOLDS
    if status == EngineStatus.VIOLATED:
        return Mark.VIOLATED
    if status == EngineStatus.REACHED:
        return Mark.NO_REPLAY if replay_problem else Mark.WITNESS
    if status == EngineStatus.NOT_REACHED:
        return Mark.UNREACHABLE if row.exhaustive else Mark.NOT_FOUND
    if status == EngineStatus.INCONCLUSIVE:
        return Mark.NOT_FOUND if row.kind == PropertyKind.GOAL else Mark.UNDECIDED
    if status == EngineStatus.SKIPPED:
        return Mark.SKIPPED
    return Mark.ERROR  # EngineStatus.ERROR, or a status this module does not know yet


def _verdict_kind(
    kind: PropertyKind, expected: ExpectedResult, marks: Sequence[Mark]
) -> VerdictKind:
    """The verdict rules, first match wins."""
    present = set(marks)
    if Mark.ERROR in present:
        return VerdictKind.ERROR
    if Mark.VIOLATED in present:
        return VerdictKind.VIOLATED
    if expected == ExpectedResult.REACHABLE:
        if Mark.UNREACHABLE in present:
            return VerdictKind.UNREACHABLE  # a proof beats a witness: the engines contradict
        if Mark.WITNESS in present:
            return VerdictKind.REACHED
        if present <= {Mark.SKIPPED}:
            return VerdictKind.SKIPPED
        return VerdictKind.NOT_FOUND
    if Mark.WITNESS in present:  # a goal expected never to happen, reached and replayed
        return VerdictKind.VIOLATED
    if present & {Mark.HOLDS, Mark.UNREACHABLE, Mark.NOT_FOUND}:
        return VerdictKind.HOLDS
    if present & {Mark.UNDECIDED, Mark.NO_REPLAY}:
        return VerdictKind.UNDECIDED
    return VerdictKind.SKIPPED


_CAUSE = {
    VerdictKind.ERROR: (Mark.ERROR,),
    VerdictKind.VIOLATED: (Mark.VIOLATED, Mark.WITNESS),
    VerdictKind.UNREACHABLE: (Mark.UNREACHABLE,),
}


def decide(
    results: Sequence[check_results.CheckResult],
    properties: Mapping[tuple[str, str], Property] | None = None,
    replayer: Replayer = replay_witness,
) -> list[Verdict]:
    """One :class:`Verdict` per (game, property id) of ``results``, in first-seen order.

    ``properties`` maps (game, id) to the registry's property, so that a witness is also
    checked to reach the goal; ``replayer`` checks each claimed witness (tests pass
    their own)."""
    groups: dict[tuple[str, str], list[check_results.CheckResult]] = {}
    for r in results:
        groups.setdefault((r.game, r.property), []).append(r)
    props = properties or {}
    verdicts = []
    for (game, pid), rows in groups.items():
        marks: dict[str, Mark] = {}
        rejected: dict[str, str] = {}
        witness = None
        for r in rows:
            problem = (
                replayer(r, props.get((game, pid))) if r.status == EngineStatus.REACHED else ""
            )
            if problem:
                rejected[r.engine] = problem
            m = mark_of(r, problem)
            marks[r.engine] = m
            if m is Mark.WITNESS and witness is None:
                witness = r
        first = rows[0]
        kind = _verdict_kind(first.kind, first.expected, list(marks.values()))
        causes = [r for r in rows if marks[r.engine] in _CAUSE.get(kind, ())]
        verdicts.append(
            Verdict(
                pid, game, first.kind, first.expected, kind, marks, rows, causes, witness, rejected
            )
        )
    return verdicts


def all_met(verdicts: Sequence[Verdict]) -> bool:
    return not any(v.fails for v in verdicts)
