"""`hhh-verify optimal`: the best possible play under each reading, by the compiled explorer.

Per reading (the defaults once, then each non-default option with every other rule at its
default; with ``--interpret`` / ``--decisions`` the decided readings replace the defaults
throughout) the verified compiled exploration (:mod:`hhh_verify.engines.explore.kernel`)
gives the exact max / min / random-play probability of a win. A ``medium`` run costs
minutes and gigabytes per reading, so the results go into a JSON file that is merged
and rewritten atomically after every reading: a long run can be stopped and resumed,
and readings already recorded for the same preset, decided readings and code version
are skipped. The decided readings are part of the recorded run's key
(:func:`hhh_verify.reporting.optimal.run_key`), so a decided run neither overwrites nor
reuses a run under other readings.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import replace
from typing import Any

import click

from hhh_verify.cli.common import (
    JOBS,
    OPTIMAL_STATE_BYTES,
    POSITIVE,
    command_errors,
    config_option,
    decisions_option,
    emit_json,
    interpret_option,
    json_option,
    note_uncompiled,
    output_file,
    progress,
    states_within_memory,
    with_budget,
    with_scenario,
)
from hhh_verify.cli.explore import REFERENCE_MAX_STATES
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.registry import DEFAULT_GAME, games, get_game
from hhh_verify.contract.scenario import Budget, Readings, Scenario
from hhh_verify.contract.vocab import BuiltinGoal, OptimisationMode
from hhh_verify.engines.explore.explorer import outcome_goal
from hhh_verify.engines.explore.kernel import LocalParts, explore_kernel
from hhh_verify.engines.explore.reach import ReachRequest, explore_reach
from hhh_verify.execution.explore import build_source
from hhh_verify.reporting import optimal

#: A reading's state budget when --max-states is not given (memory permitting).
OPTIMAL_MAX_STATES = 50_000_000


def readings_of(
    game: str, only: tuple[str, ...], base: dict[str, str] | None = None
) -> list[tuple[str, str]]:
    """The readings to run as ``(ambiguity, option)``: ``("", "")`` for the base (the
    defaults, or the decided readings ``base``), then each option of each ambiguity (of
    ``only`` when given) other than the base's."""
    base = base or {}
    registry = get_game(game).ambiguities
    known = [a.id for a in registry]
    unknown = [i for i in only if i not in known]
    if unknown:
        raise ModelError(
            f"--ambiguity: unknown id {unknown[0]!r} for {game}; accepted: {', '.join(known)}"
        )
    chosen = [a for a in registry if not only or a.id in only]
    out = [("", "")]
    for a in chosen:
        out += [(a.id, o) for o in a.option_ids if o != base.get(a.id, a.default)]
    return out


def readings_for(base: dict[str, str], amb: str, option: str) -> Readings:
    """The readings of one row: the decided ones, ``amb`` set to ``option``, by id."""
    chosen = dict(base) | ({amb: option} if amb else {})
    return tuple(sorted(chosen.items()))


def reference_reading(scenario: Scenario, amb: str, option: str, max_states: int) -> dict[str, Any]:
    """One reading the kernel does not compile, as a file row: the reference explorer's
    max / min / random-play probability of a win (exact on an acyclic graph), within
    ``max_states`` (at most :data:`REFERENCE_MAX_STATES`: fine for small presets, a
    larger one is recorded incomplete)."""
    spec = get_game(scenario.game)
    model = scenario.model(spec)
    limit = min(max_states, REFERENCE_MAX_STATES)
    goal = outcome_goal(BuiltinGoal.WON)
    assert goal is not None  # a built-in goal of every game
    report = explore_reach(ReachRequest(model, BuiltinGoal.WON, goal, max_states=limit))
    won, d = report.probabilities, report.details
    return {
        "id": amb,
        "option": option,
        "interpret": [f"{k}={v}" for k, v in scenario.readings],
        "pmax": won[OptimisationMode.MAX].value,
        "pmin": won[OptimisationMode.MIN].value,
        "prandom": won[OptimisationMode.RANDOM].value,
        "states": d["states"],
        "transitions": d["transitions"],
        "complete": d["complete"],
        "checks": "reference explorer (reading not compiled)",
        "incomplete_reason": d["incomplete_reason"],
        "seconds": round(d["seconds"], 1),
    }


def run_reading(
    scenario: Scenario, amb: str, option: str, max_states: int, base: dict[str, str] | None = None
) -> dict[str, Any]:
    """One reading's verified exploration, as a file row (in a worker process or here).
    Only the compiled checks run (every state invariant has one): the probabilities do
    not depend on the step properties, which cost ~0.15 ms per edge (hours on ``medium``).
    A reading the kernel does not compile runs on the reference explorer instead
    (:func:`reference_reading`)."""
    chosen = readings_for(base or {}, amb, option)
    one = replace(scenario, readings=chosen)
    spec = get_game(scenario.game)
    if spec.uncompiled(one.model(spec).readings):
        return reference_reading(one, amb, option, max_states)
    parts = LocalParts(build_source, one, 1, python_checks=False)
    r = explore_kernel(one, parts, max_states=max_states)
    won = r.probabilities.get("won", {})
    return {
        "id": amb,
        "option": option,
        "interpret": [f"{k}={v}" for k, v in chosen],
        "pmax": won.get("max"),
        "pmin": won.get("min"),
        "prandom": won.get("random"),
        "states": r.states,
        "transitions": r.transitions,
        "complete": r.complete,
        "checks": "compiled only",
        "incomplete_reason": r.reason or None,
        "seconds": round(r.seconds, 1),
    }


@click.command("optimal")
@click.option(
    "--game", "game", default=DEFAULT_GAME, show_default=True, help="Game id (with a kernel)."
)
@config_option
@interpret_option
@decisions_option
@click.option(
    "--ambiguity",
    "only",
    multiple=True,
    metavar="ID",
    help="Only these ambiguities' options (repeatable; the defaults always run).",
)
@click.option(
    "--out",
    "out",
    default=None,
    metavar="FILE",
    callback=output_file,
    help="The JSON file to merge into (created when absent, rewritten atomically). "
    "Default: reports/data/GAME-optimal.json, which `report` reads.",
)
@click.option("--jobs", "jobs", type=JOBS, default=1, show_default=True, help="Readings at once.")
@click.option(
    "--max-states",
    "max_states",
    type=POSITIVE,
    default=None,
    help="Stop a reading's search after N states (it is then recorded incomplete). "
    f"Default: {OPTIMAL_MAX_STATES:,}, or what this machine's memory holds for --jobs "
    "readings at once if less; a larger N than that is refused.",
)
@json_option
@with_scenario()
@with_budget
@command_errors
def optimal_command(
    scenario: Scenario,
    only: tuple[str, ...],
    out: str | None,
    jobs: int,
    budget: Budget,
    as_json: bool,
) -> None:
    """Pmax / Pmin / random-play probability of a win under each reading, from the
    verified compiled exploration, merged into --out (readings already recorded for the
    same preset, decided readings and code version are skipped, so a long run resumes).
    With --interpret / --decisions every reading is run on top of the decided ones and
    recorded as a run of its own."""
    game, given = scenario.game, budget.max_states is not None
    max_states = budget.max_states or OPTIMAL_MAX_STATES
    max_states = states_within_memory(max_states, OPTIMAL_STATE_BYTES, given, jobs)
    spec = get_game(game)
    if spec.kernel is None:
        with_kernel = ", ".join(g for g, s in games().items() if s.kernel is not None)
        raise ModelError(f"optimal: game {game!r} declares no kernel; accepted: {with_kernel}")
    preset = scenario.preset or "default"
    registry = spec.ambiguities
    # a decided reading that is the default decides nothing: same run as without it
    base = {k: v for k, v in scenario.readings if v != registry.get(k).default}
    todo = readings_of(game, only, base)
    out = out or optimal.default_path("reports", game)
    data = optimal.load(out, game)
    version = optimal.code_version(game)
    key = optimal.run_key(preset, base)
    done = optimal.recorded(data, key, version, base)
    pending = [r for r in todo if r not in done]
    note_uncompiled(spec, [r for r in pending if r[0]])
    progress(
        f"{game} [{key}]: {len(todo) - len(pending)} of {len(todo)} readings recorded, "
        f"{len(pending)} to run",
        as_json,
    )

    def keep(row: dict[str, Any]) -> None:
        optimal.merge(data, key, version, row, base)
        optimal.save(out, data)
        name = f"{row['id']}={row['option']}" if row["id"] else "defaults"
        progress(
            f"  {name}: Pmax(win) {row['pmax']:.6f}, {row['states']:,} states, {row['seconds']} s",
            as_json,
        )

    if jobs == 1 or len(pending) <= 1:
        for amb, option in pending:
            keep(run_reading(scenario, amb, option, max_states, base))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [
                pool.submit(run_reading, scenario, amb, option, max_states, base)
                for amb, option in pending
            ]
            for f in as_completed(futures):
                keep(f.result())
    if as_json:
        emit_json(data)
    else:
        click.echo(f"{out}: {len(todo)} readings of {game} [{key}] recorded")
