"""Facts as a ``check`` engine: the numbers the rulebook prints, checked once per model.

A ``fact`` property (:data:`hhh_verify.contract.properties.FACT`) says something about the model
itself (six rounds, a Cemetery of 5, $5 to hire), so no state search is needed: one call
per checked model, and a wrong constant fails ``check`` with the sentence it breaks.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.model import Model
from hhh_verify.contract.properties import Fact, Property
from hhh_verify.contract.vocab import EngineStatus
from hhh_verify.engines.results import CheckOptions, CheckResult, result_fields


class FactEngine:
    """Evaluates ``fact`` properties on the checked model."""

    name = "facts"

    def supports(self, prop: Property) -> bool:
        return isinstance(prop, Fact)

    def run(
        self,
        model: Model,
        ambiguities: AmbiguityRegistry,
        properties: Sequence[Property],
        options: CheckOptions,
    ) -> list[CheckResult]:
        results = []
        for p in properties:
            t0 = time.perf_counter()
            if not p.relevant(model):
                status, message = EngineStatus.SKIPPED, "does not apply to this config"
            else:
                try:
                    message = (p.fact_violation(model) if isinstance(p, Fact) else None) or ""
                    status = EngineStatus.VIOLATED if message else EngineStatus.HOLDS
                except Exception as e:  # a fact that raises is a model or data bug
                    status, message = EngineStatus.ERROR, f"{type(e).__name__}: {e}"
            common = result_fields(p, model.game, self.name, seconds=time.perf_counter() - t0)
            results.append(CheckResult(status=status, message=message, **common))
        return results
