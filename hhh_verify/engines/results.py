"""What every ``check`` engine returns: one :class:`CheckResult` per property.

An engine is an object with a ``name``, ``supports(property) -> bool`` and
``run(model, ambiguities, properties, options) -> list[CheckResult]``
(:class:`Engine`). A result's ``status`` is an :class:`EngineStatus`; ``ok`` says
whether it meets the property's expectation (``HOLDS``: not violated; ``REACHABLE``:
reached). A search engine's ``holds`` means "no counterexample in this many examples",
not a proof; an engine that finished an exhaustive search says so with
``details["complete"] = True`` (:attr:`CheckResult.exhaustive`), which turns its
``not-reached`` into a proof. ``check`` decides one verdict per property from all the
engines' rows (:mod:`hhh_verify.check.verdicts`); ``ok`` judges one row alone.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.model import Model
from hhh_verify.contract.properties import Property
from hhh_verify.contract.trace import Trace
from hhh_verify.contract.vocab import (
    ChanceMode,
    EngineStatus,
    ExpectedResult,
    Profile,
    PropertyKind,
)

#: ``details`` key of a result from an exhaustive search that finished (every state seen).
COMPLETE = "complete"

#: Property ids the stateful engine reports for its own checks.
CONTRACT_ID = "model-contract"


@dataclass(frozen=True)
class CheckOptions:
    """What every engine gets: effort profile, seed, optional example budget."""

    profile: Profile = Profile.CI
    seed: int = 0
    max_examples: int | None = None
    shrink: bool = True
    chance: ChanceMode = ChanceMode.AUTO  # stateful engine (engines/stateful.py)
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
    kind: PropertyKind
    expected: ExpectedResult
    status: EngineStatus
    seconds: float
    message: str = ""
    citation: str = ""
    trace: Trace | None = None
    trace_file: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @builtins.property  # (the field ``property`` shadows the builtin in this class body)
    def ok(self) -> bool:
        if self.status in (EngineStatus.SKIPPED, EngineStatus.INCONCLUSIVE):
            return True
        if self.expected == ExpectedResult.REACHABLE:
            return self.status == EngineStatus.REACHED
        return self.status == EngineStatus.HOLDS

    @builtins.property
    def exhaustive(self) -> bool:
        """Whether the row comes from a search that saw every state (a ``not-reached``
        is then a proof, not a miss)."""
        return self.details.get(COMPLETE) is True

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
        model: Model,
        ambiguities: AmbiguityRegistry,
        properties: Sequence[Property],
        options: CheckOptions,
    ) -> list[CheckResult]: ...
