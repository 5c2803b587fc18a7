"""The search engine of ``hhh-verify reach`` (``--engine search``).

Beam search (:mod:`.search`) over decisions and chance outcomes of positive probability
on the model as configured (the full game included), guided by the goal property's
``heuristic``. ``reachable`` is True with a replayed witness, else None: a miss states
the budget spent and is never a proof of unreachability. ``--max-nodes`` decides;
``--max-seconds`` is only a safety net (a search it cuts is incomplete).
"""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.vocab import ReachEngine
from hhh_verify.engines.explore.reach import ReachReport, ReachRequest
from hhh_verify.engines.search import SAFETY_SECONDS, SearchBudget, search

#: Nodes searched when ``--max-nodes`` is not given (about a minute on the full HHH).
DEFAULT_NODES = 200_000


def search_reach(req: ReachRequest) -> ReachReport:
    """``reach --engine search``: a replayed witness, or the measured budget of a miss."""
    budget = SearchBudget(
        max_nodes=req.max_nodes or DEFAULT_NODES,
        max_seconds=req.max_seconds if req.max_seconds is not None else SAFETY_SECONDS,
        beam=req.beam,
        samples=req.samples,
        seed=req.seed,
    )
    r = search(
        req.model,
        req.goal,
        req.heuristic,
        budget,
        req.registry,
        within_rounds=req.within_rounds,
        goal_id=req.goal_id,
    )
    details: dict[str, Any] = {
        **r.to_json(),
        "guided_by": "the goal's heuristic" if req.heuristic else "no heuristic (random beam)",
    }
    if r.found and r.trace is not None:
        from hhh_verify.contract.trace import replay

        lines = replay(r.trace, req.model).lines
        return ReachReport(
            ReachEngine.SEARCH, req.goal_id, True, trace=r.trace, steps=lines, details=details
        )
    details["complete"] = False
    details["incomplete_reason"] = f"{r.reason}: {r.budget_text()} (a beam search proves nothing)"
    return ReachReport(ReachEngine.SEARCH, req.goal_id, None, details=details)


def with_search(engines: dict[ReachEngine, Any]) -> dict[ReachEngine, Any]:
    """``engines`` plus ``search`` (for the reach command's dispatch table)."""
    return {**engines, ReachEngine.SEARCH: search_reach}
