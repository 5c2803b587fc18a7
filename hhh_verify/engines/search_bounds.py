"""Close a maximum from both sides: Z3's proved upper bound and the search's witness.

A registered query may bound a maximum from above (e.g. the most money at the end of
round 1, proved over a sound summary of the rules) and declare a
:class:`~hhh_verify.smt.queries.WitnessSearch` for it. :func:`with_lower_bound` runs that
search on the query's model and merges its best replayed witness into the query's row:
``$L..$U`` (a witness reaches L, no game exceeds U), or ``$U`` with ``exact (proved)``
when the two meet. The search's budget is ``ws.nodes`` positions (a count, so the lower
bound is the same on a busy machine); its time limit is only a safety net.
"""

from __future__ import annotations

import time
from typing import Any

from hhh_verify.contract.model import Model
from hhh_verify.contract.vocab import SmtMethod
from hhh_verify.engines.search import SearchBudget, search

#: The witness search's time safety net (seconds; the node budget decides).
SAFETY_SECONDS = 1800.0


def best_at_round_end(
    model: Model,
    ws: Any,
    registry: Any = None,
    seed: int = 0,
    max_nodes: int | None = None,
    max_seconds: float | None = SAFETY_SECONDS,
) -> tuple[float | None, Any, dict[str, Any]]:
    """The highest ``ws.value`` seen at the end of round ``ws.round``: (value or None,
    its replayed trace, the search's summary). ``max_nodes`` replaces ``ws.nodes``."""
    budget = SearchBudget(
        max_nodes=max_nodes or ws.nodes,
        max_seconds=max_seconds,
        beam=ws.beam,
        samples=ws.samples,
        seed=seed,
    )
    r = search(
        model,
        None,
        ws.heuristic,
        budget,
        registry,
        value=ws.value,
        within_rounds=ws.round,
        goal_id=f"most value at the end of round {ws.round}",
    )
    best = r.rounds.get(ws.round)
    if best is None or r.safety_net:  # a search cut by the safety net proves nothing
        return None, None, r.to_json()
    return best.value, best.trace, r.to_json()


def with_lower_bound(
    row: dict[str, Any],
    model: Model,
    ws: Any,
    registry: Any = None,
    max_nodes: int | None = None,
    max_seconds: float | None = SAFETY_SECONDS,
) -> dict[str, Any]:
    """``row`` (a :func:`~hhh_verify.smt.queries.run_query` row of an upper bound) with
    the witness search's lower bound merged in (``max_nodes`` replaces ``ws.nodes``;
    ``max_seconds`` is the search's safety net)."""
    t0 = time.perf_counter()
    value, trace, summary = best_at_round_end(
        model, ws, registry, max_nodes=max_nodes, max_seconds=max_seconds
    )
    upper = row.get("value") if row.get("method") == SmtMethod.PROOF else None
    row = dict(row)
    row["search"] = summary
    if value is None:
        row["seconds"] = round(row["seconds"] + time.perf_counter() - t0, 3)
        return row
    lower = int(value)
    from hhh_verify.contract.trace import replay

    replayed = replay(trace, model)
    row.update(lower=lower, upper=upper, replays=replayed.ok, trace=trace)
    row["witness"] = replayed.lines
    if upper is not None and lower == upper:
        row.update(answer=f"${upper}", exact=True)
        row["proof"] = f"exact (proved): a replayed witness reaches ${lower}; {row['proof']}"
    elif upper is not None:
        row["answer"] = f"${lower}..${upper}"
        row["proof"] = (
            f"a replayed witness reaches ${lower} (search: {summary['nodes']:,} positions); "
            f"no game exceeds ${upper}: {row['proof']}"
        )
    else:
        row["answer"] = f">= ${lower}"
    row["seconds"] = round(row["seconds"] + time.perf_counter() - t0, 3)
    return row
