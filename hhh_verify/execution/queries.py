"""The registered Z3 queries of a game as tasks, one per query.

A query is answered on the worker (encoding, solver, witness replay through the model)
and its row comes back with its witness trace; rows are returned in the order the
queries were asked, whatever finished first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import Model
from hhh_verify.contract.registry import get_game
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import SmtMethod
from hhh_verify.engines.search_bounds import SAFETY_SECONDS, with_lower_bound
from hhh_verify.execution.runner import Progress, Runner, Task, command
from hhh_verify.smt.queries import run_query


def answer(scenario: Scenario, budget: Budget, query_id: str) -> dict[str, Any]:
    """Task: one query's row (:func:`hhh_verify.smt.queries.run_query`: ``budget.rlimit``
    Z3 resource units, default the query's own; ``budget.max_seconds`` the time safety
    net); a query with a witness search gets its lower bound too (its node budget
    decides). The scenario's readings are decided for every query; a query's own
    readings, which its question names, win over them."""
    spec = get_game(scenario.game)
    rlimit, seconds = budget.rlimit, budget.max_seconds
    support = spec.load_smt()
    query = support.get(query_id)
    own = [item.split("=", 1) for item in query.interpret]
    chosen = spec.ambiguities.with_readings(
        dict(scenario.readings) | {k.strip(): v.strip() for k, v in own}
    )
    # A query of the checked model (preset None) is asked, outside ``check``, on the
    # reduced preset its encoding covers exactly (the default config may not be).
    preset = query.preset
    if preset is None:
        preset = support.reduced_preset or spec.reduced_preset or ""
    model = spec.make_model(spec.config(preset, query.overrides), chosen)
    uncovered = support.uncovered(model)
    if uncovered:  # a reading the encoding has no code for: no answer, never another's
        why = f"the encoding does not cover {', '.join(uncovered)} (its ENCODED declaration)"
        return not_encoded(query, model, spec, why)
    if not scenario.readings:
        row = run_query(spec, support, query, rlimit, seconds)
    else:
        try:
            row = run_query(spec, support, query, rlimit, seconds, model)
        except ModelError as e:  # the encoding does not cover the decided readings
            return not_encoded(query, model, spec, str(e))
        row["interpretation"] = readings_of(model, spec)
    if query.lower_bound is None:
        return row
    safety = seconds if seconds is not None else SAFETY_SECONDS
    return with_lower_bound(row, model, query.lower_bound, spec.ambiguities, max_seconds=safety)


def readings_of(model: Model, spec: GameSpec) -> list[str]:
    """The model's non-default readings as ``ID=OPTION``."""
    return [f"{k}={v}" for k, v in model.readings.non_default(spec.ambiguities).items()]


def not_encoded(query: Any, model: Model, spec: GameSpec, why: str) -> dict[str, Any]:
    """The row of a query the game's encoding cannot ask under the decided readings:
    no answer (open, not a contradiction), and the encoding's reason."""
    return {
        "name": query.id,
        "question": query.question,
        "expected": query.expected,
        "citation": query.citation,
        "config": query.preset or "(checked model)",
        "interpretation": readings_of(model, spec),
        "exact": False,
        "answer": "not encoded",
        "method": SmtMethod.NONE,
        "proof": why,
        "ok": None,
        "replays": None,
        "witness": None,
        "trace": None,
        "seconds": 0.0,
        "notes": [],
    }


def answer_all(
    run: Runner,
    scenario: Scenario,
    query_ids: Sequence[str],
    budget: Budget | None = None,
    on_done: Progress | None = None,
) -> list[dict[str, Any]]:
    """The rows of ``query_ids`` (in that order), answered on ``run`` (under the
    scenario's readings)."""
    budget = budget or Budget()
    game, _, _, interpret = scenario.flags()
    tasks = [
        Task(
            answer,
            (scenario, budget, q),
            f"query task {q} of {scenario.game}",
            command(
                "query",
                game,
                ("--name", q),
                ("--rlimit", budget.rlimit),
                ("--timeout", budget.max_seconds),
                interpret,
            ),
        )
        for q in query_ids
    ]
    return run.map(tasks, on_done)
