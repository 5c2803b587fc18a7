"""`check` orchestration: every registered property through every engine that can run it.

An engine is an object with a ``name``, ``supports(property) -> bool`` and
``run(model, ambiguities, properties, options) -> list[CheckResult]``. :func:`engines`
lists them explicitly; a new engine (explorer, Z3) is one more line there.

A result's ``status`` is one of :data:`STATUSES`; ``ok`` says whether it meets the
property's expectation (``HOLDS``: not violated; ``REACHABLE``: reached). The stateful
engine is a search, so its ``holds`` means "no counterexample in this many examples",
not a proof.
"""

from __future__ import annotations

import builtins
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import trace as tr
from .properties import GOAL, HOLDS, INVARIANT, REACHABLE, Property, PropertyRegistry

HOLDS_STATUS = "holds"  # no counterexample found
VIOLATED = "violated"  # counterexample found (trace attached)
REACHED = "reached"  # goal witness found (trace attached)
NOT_REACHED = "not-reached"  # goal not found
ERROR = "error"  # the model or the check raised (trace attached when available)
SKIPPED = "skipped"  # the property does not apply to this config
INCONCLUSIVE = "inconclusive"  # a search missed a goal marked hard_to_reach
STATUSES = (HOLDS_STATUS, VIOLATED, REACHED, NOT_REACHED, ERROR, SKIPPED, INCONCLUSIVE)

#: Property ids the stateful engine reports for its own checks.
CONTRACT_ID = "model-contract"


@dataclass(frozen=True)
class CheckOptions:
    """What every engine gets: effort profile, seed, optional example budget."""

    profile: str = "ci"
    seed: int = 0
    max_examples: int | None = None
    shrink: bool = True
    chance: str = "auto"  # stateful engine: exact / sampled / auto (see hhh_verify.stateful)
    shrink_goals: bool = False  # stateful engine: shrink goal witnesses (hunt does)


def result_fields(prop: Any, game: str, engine: str, **more: Any) -> dict[str, Any]:
    """The fields every engine fills the same way for one property's result row."""
    return {
        "property": prop.id,
        "game": game,
        "engine": engine,
        "kind": prop.kind,
        "expected": prop.expected,
        "citation": prop.citation,
        **more,
    }


@dataclass
class CheckResult:
    """One property checked by one engine."""

    property: str
    game: str
    engine: str
    kind: str
    expected: str
    status: str
    seconds: float
    message: str = ""
    citation: str = ""
    trace: tr.Trace | None = None
    trace_file: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @builtins.property  # (the field ``property`` shadows the builtin in this class body)
    def ok(self) -> bool:
        if self.status in (SKIPPED, INCONCLUSIVE):
            return True
        if self.expected == REACHABLE:
            return self.status == REACHED
        return self.status == HOLDS_STATUS

    def to_json(self) -> dict[str, Any]:
        return {
            "property": self.property,
            "game": self.game,
            "engine": self.engine,
            "kind": self.kind,
            "expected": self.expected,
            "status": self.status,
            "ok": self.ok,
            "seconds": round(self.seconds, 3),
            "message": self.message,
            "citation": self.citation,
            "trace_steps": len(self.trace.steps) if self.trace else None,
            "trace_file": self.trace_file,
            "details": self.details,
        }


class Engine(Protocol):
    """What ``check`` needs from an engine."""

    name: str

    def supports(self, prop: Property) -> bool: ...

    def run(
        self,
        model: Any,
        ambiguities: Any,
        properties: Sequence[Property],
        options: CheckOptions,
    ) -> list[CheckResult]: ...


class StatefulEngine:
    """Hypothesis stateful search: invariants and goals with executable checks."""

    name = "stateful"

    def supports(self, prop: Property) -> bool:
        return prop.kind in (INVARIANT, GOAL) and (
            prop.check is not None or prop.transition is not None
        )

    def run(
        self,
        model: Any,
        ambiguities: Any,
        properties: Sequence[Property],
        options: CheckOptions,
    ) -> list[CheckResult]:
        from . import stateful
        from .properties import search_order_for

        report = stateful.run(
            model,
            properties,
            ambiguities,
            profile=options.profile,
            seed_value=options.seed,
            max_examples=options.max_examples,
            shrink=options.shrink,
            chance=options.chance,
            order=search_order_for(model.game),
            shrink_goals=options.shrink_goals,
        )
        stats = {
            f.name: getattr(report.stats, f.name)
            for f in dataclasses.fields(report.stats)
            if f.name != "witnesses"  # (their traces are on the goal rows)
        }
        by_id: dict[str, stateful.Finding] = {}
        for finding in report.findings:
            by_id.setdefault(finding.property, finding)
        results = []
        for p in properties:
            common = result_fields(
                p,
                model.game,
                self.name,
                seconds=report.seconds,
                details={"shared_run": True, **stats},
            )
            if not p.relevant(model):
                results.append(
                    CheckResult(status=SKIPPED, message="does not apply to this config", **common)
                )
                continue
            f = by_id.get(p.id)
            if f is None:
                status = HOLDS_STATUS if p.kind == INVARIANT else NOT_REACHED
                msg = "" if p.kind == INVARIANT else "no witness found"
                if status == NOT_REACHED and p.hard_to_reach:
                    status, msg = INCONCLUSIVE, "not found by this search (marked hard to reach)"
                results.append(CheckResult(status=status, message=msg, **common))
                continue
            status = {"violation": VIOLATED, "goal": REACHED}.get(f.kind, ERROR)
            results.append(CheckResult(status=status, message=f.message, trace=f.trace, **common))
        contract = [f for f in report.findings if f.property in (stateful.CONTRACT, "error")]
        results.append(
            CheckResult(
                property=CONTRACT_ID,
                game=model.game,
                engine=self.name,
                kind=INVARIANT,
                expected=HOLDS,
                status=(VIOLATED if contract[0].kind == "contract" else ERROR)
                if contract
                else HOLDS_STATUS,
                seconds=report.seconds,
                message="; ".join(f.message for f in contract),
                citation="model contract (hhh_verify/model.py)",
                trace=contract[0].trace if contract else None,
                details={"shared_run": True, **stats},
            )
        )
        return results


def engines() -> tuple[Engine, ...]:
    """Every engine ``check`` runs, in order. Add a new engine here with one line."""
    from .explore_engine import ReducedExplorerEngine
    from .smt.check_engine import Z3Engine

    return (StatefulEngine(), ReducedExplorerEngine(), Z3Engine())


def check_model(
    model: Any,
    ambiguities: Any,
    registry: PropertyRegistry,
    options: CheckOptions,
    engine_list: Sequence[Engine] | None = None,
) -> list[CheckResult]:
    """Run every property of ``registry`` through every engine that supports it."""
    results: list[CheckResult] = []
    for engine in engine_list if engine_list is not None else engines():
        props = [p for p in registry if engine.supports(p)]
        if props:
            results.extend(engine.run(model, ambiguities, props, options))
    return results


def all_ok(results: Sequence[CheckResult]) -> bool:
    return all(r.ok for r in results)


def junit_xml(results: Sequence[CheckResult]) -> str:
    """The results as a JUnit XML document (one testsuite per game)."""
    import xml.etree.ElementTree as ET

    root = ET.Element("testsuites", name="hhh-verify check")
    games: dict[str, list[CheckResult]] = {}
    for r in results:
        games.setdefault(r.game, []).append(r)
    for game, rows in games.items():
        suite = ET.SubElement(
            root,
            "testsuite",
            name=game,
            tests=str(len(rows)),
            failures=str(sum(1 for r in rows if not r.ok and r.status != ERROR)),
            errors=str(sum(1 for r in rows if r.status == ERROR)),
            skipped=str(sum(1 for r in rows if r.status == SKIPPED)),
        )
        for r in rows:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=f"{game}.{r.engine}",
                name=r.property,
                time=f"{r.seconds:.3f}",
            )
            text = f"expected {r.expected}, got {r.status}: {r.message}"
            if r.trace_file:
                text += f"\ntrace: {r.trace_file}"
            if r.status == SKIPPED:
                ET.SubElement(case, "skipped", message=r.message)
            elif r.status == ERROR:
                ET.SubElement(case, "error", message=r.message).text = text
            elif not r.ok:
                ET.SubElement(case, "failure", message=text.splitlines()[0]).text = text
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"
