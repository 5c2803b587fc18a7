"""The Hypothesis stateful engine as a ``check`` engine."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.model import Model
from hhh_verify.contract.properties import Goal, Invariant, Property
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import EngineStatus, ExpectedResult, FindingKind, PropertyKind
from hhh_verify.engines import stateful
from hhh_verify.engines.results import CONTRACT_ID, CheckOptions, CheckResult, result_fields


class StatefulEngine:
    """Hypothesis stateful search: invariants and goals with executable checks."""

    name = "stateful"

    def __init__(self, spec: GameSpec | None = None):
        #: The game's search hint (``GameSpec.search_order``); None plays as listed.
        self.order = spec.load_search_order() if spec is not None else None

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
        report = stateful.run(
            model,
            properties,
            ambiguities,
            profile=options.profile,
            seed_value=options.seed,
            max_examples=options.max_examples,
            shrink=options.shrink,
            chance=options.chance,
            order=self.order,
            shrink_goals=options.shrink_goals,
        )
        stats = {
            f.name: getattr(report.stats, f.name)
            for f in dataclasses.fields(report.stats)
            if f.name != "witnesses"  # (their traces are on the goal rows)
        }
        stats["shrink_cut"] = report.shrink_cut
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
                    CheckResult(
                        status=EngineStatus.SKIPPED,
                        message="does not apply to this config",
                        **common,
                    )
                )
                continue
            f = by_id.get(p.id)
            if f is None:
                status = (
                    EngineStatus.HOLDS if isinstance(p, Invariant) else EngineStatus.NOT_REACHED
                )
                msg = "" if isinstance(p, Invariant) else "no witness found"
                if isinstance(p, Goal) and p.hard_to_reach:
                    status, msg = (
                        EngineStatus.INCONCLUSIVE,
                        "not found by this search (marked hard to reach)",
                    )
                results.append(CheckResult(status=status, message=msg, **common))
                continue
            status = {
                FindingKind.VIOLATION: EngineStatus.VIOLATED,
                FindingKind.GOAL: EngineStatus.REACHED,
            }.get(f.kind, EngineStatus.ERROR)
            results.append(CheckResult(status=status, message=f.message, trace=f.trace, **common))
        contract = [f for f in report.findings if f.property in (stateful.CONTRACT, stateful.ERROR)]
        results.append(
            CheckResult(
                property=CONTRACT_ID,
                game=model.game,
                engine=self.name,
                kind=PropertyKind.INVARIANT,
                expected=ExpectedResult.HOLDS,
                status=(
                    EngineStatus.VIOLATED
                    if contract[0].kind == FindingKind.CONTRACT
                    else EngineStatus.ERROR
                )
                if contract
                else EngineStatus.HOLDS,
                seconds=report.seconds,
                message="; ".join(f.message for f in contract),
                citation="model contract (hhh_verify/contract/model.py)",
                trace=contract[0].trace if contract else None,
                details={"shared_run": True, **stats},
            )
        )
        return results
