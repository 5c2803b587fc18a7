"""The registered Z3 queries of a game as tasks, one per query.

A query is answered on the worker (encoding, solver, witness replay through the model)
and its row comes back with its witness trace; rows are returned in the order the
queries were asked, whatever finished first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engines.search_bounds import SAFETY_SECONDS, with_lower_bound
from ..registry import get_game
from ..smt.queries import run_query
from .runner import Progress, Runner, Task, command


def answer(
    game: str, query_id: str, rlimit: int | None = None, seconds: float | None = None
) -> dict[str, Any]:
    """Task: one query's row (:func:`hhh_verify.smt.queries.run_query`: ``rlimit`` Z3
    resource units, default the query's own; ``seconds`` the time safety net); a query
    with a witness search gets its lower bound too (its node budget decides)."""
    spec = get_game(game)
    support = spec.load_smt()
    query = support.get(query_id)
    row = run_query(spec, support, query, rlimit, seconds)
    if query.lower_bound is None:
        return row
    model = spec.model(query.preset or "", query.overrides, query.interpret)
    safety = seconds if seconds is not None else SAFETY_SECONDS
    return with_lower_bound(row, model, query.lower_bound, spec.ambiguities, max_seconds=safety)


def answer_all(
    run: Runner,
    game: str,
    query_ids: Sequence[str],
    rlimit: int | None = None,
    seconds: float | None = None,
    on_done: Progress | None = None,
) -> list[dict[str, Any]]:
    """The rows of ``query_ids`` (in that order), answered on ``run``."""
    tasks = [
        Task(
            answer,
            (game, q, rlimit, seconds),
            f"query task {q} of {game}",
            command(
                "query",
                ("--game", game),
                ("--name", q),
                ("--rlimit", rlimit),
                ("--timeout", seconds),
            ),
        )
        for q in query_ids
    ]
    return run.map(tasks, on_done)
