"""The search engine as a ``check`` engine: goals the other engines leave open.

Random playouts (the stateful engine) miss goals that need good play and luck, and the
exhaustive engines only cover reduced presets; such goals are marked ``hard_to_reach``.
This engine runs :func:`hhh_verify.engines.search.search` on the checked model for each
of them, guided by the goal's ``heuristic``: a witness is a replayed trace (``reached``),
a miss states the measured budget (``inconclusive``: a beam search proves nothing).

The budget is a node count per profile (deterministic for a seed: the same witness or
the same miss on a busy machine), with a time safety net so that a runaway model cannot
stall ``check``; a search the net cuts is ``inconclusive`` and says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.model import Model
from hhh_verify.contract.properties import Goal, Property
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import EngineStatus
from hhh_verify.engines import results
from hhh_verify.engines.search import SearchBudget, search

#: Search budget per goal and profile: nodes (what decides; 25,000 take about 4 s on a
#: loaded 2-core machine), a time safety net in seconds, the first pass's beam width (each
#: restart doubles it), outcomes drawn per chance step.
BUDGETS: MappingProxyType[str, SearchBudget] = MappingProxyType(
    {
        "quick": SearchBudget(max_nodes=10_000, max_seconds=120.0, beam=4, samples=4),
        "ci": SearchBudget(max_nodes=25_000, max_seconds=300.0, beam=4, samples=4),
        "thorough": SearchBudget(max_nodes=1_000_000, max_seconds=3600.0, beam=16, samples=6),
    }
)


class SearchEngine:
    """Beam search for the ``hard_to_reach`` goals (``check`` engine ``search``)."""

    name = "search"

    def __init__(self, spec: GameSpec | None = None, budgets: Any = BUDGETS):
        self.spec = spec
        self.budgets = budgets

    def supports(self, prop: Property) -> bool:
        return isinstance(prop, Goal) and prop.hard_to_reach

    def run(
        self,
        model: Model,
        ambiguities: AmbiguityRegistry,
        properties: Sequence[Property],
        options: results.CheckOptions,
    ) -> list[results.CheckResult]:
        base = self.budgets.get(options.profile, self.budgets["ci"])
        budget = SearchBudget(
            max_nodes=base.max_nodes,
            max_seconds=base.max_seconds,
            beam=base.beam,
            samples=base.samples,
            seed=options.seed,
        )
        rows = []
        for p in properties:
            if not p.relevant(model):
                rows.append(
                    results.CheckResult(
                        status=EngineStatus.SKIPPED,
                        seconds=0.0,
                        message="does not apply to this config",
                        **results.result_fields(p, model.game, self.name),
                    )
                )
                continue
            rows.append(self._one(model, ambiguities, p, budget))
        return rows

    def _one(
        self, model: Model, ambiguities: AmbiguityRegistry, p: Property, budget: SearchBudget
    ) -> results.CheckResult:
        assert isinstance(p, Goal)  # supports() admits only goals
        r = search(model, p.check, p.heuristic, budget, ambiguities, goal_id=p.id)
        guide = "its heuristic" if p.heuristic is not None else "no heuristic (random beam)"
        details: dict[str, Any] = {**r.to_json(), "guided_by": guide}
        common = results.result_fields(p, model.game, self.name, seconds=r.seconds, details=details)
        if r.found:
            msg = f"witness of {len(r.trace.steps) if r.trace else 0} steps, replayed; " + (
                r.budget_text()
            )
            return results.CheckResult(
                status=EngineStatus.REACHED, message=msg, trace=r.trace, **common
            )
        if r.replays is False:
            return results.CheckResult(
                status=EngineStatus.ERROR,
                message="the search's witness does not replay: " + r.budget_text(),
                trace=r.trace,
                **common,
            )
        msg = f"not found by beam search ({r.reason}; guided by {guide}): {r.budget_text()}"
        return results.CheckResult(status=EngineStatus.INCONCLUSIVE, message=msg, **common)
