"""`hhh-verify explore`: enumerate every reachable state of a (small) configuration."""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from hhh_verify.cli.cluster import Fanout, cluster_options
from hhh_verify.cli.common import (
    KERNEL_STATE_BYTES,
    POSITIVE,
    POSITIVE_NUMBER,
    REFERENCE_STATE_BYTES,
    command_errors,
    emit_json,
    engine_option,
    game_properties,
    json_option,
    note_uncompiled,
    output_dir,
    output_file,
    progress,
    scenario_options,
    states_within_memory,
    with_budget,
    with_scenario,
)
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import Model
from hhh_verify.contract.registry import get_game
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.contract.vocab import CheckSite, ExploreEngine
from hhh_verify.engines.explore import analysis
from hhh_verify.engines.explore.explorer import (
    ExplorationError,
    explore,
    require_limits,
    split_properties,
)
from hhh_verify.engines.explore.export import check_export_path, export
from hhh_verify.engines.explore.kernel import (
    LocalParts,
    check_checkpoint_folder,
    explore_kernel,
    witness_trace,
)
from hhh_verify.engines.explore.reach import summary
from hhh_verify.execution import runner_for
from hhh_verify.execution.explore import ActorParts, build_source

#: The reference explorer's state budget when --max-states is not given (a stated limit:
#: the Python explorer holds every state; past this it reports the search incomplete).
REFERENCE_MAX_STATES = 2_000_000

limit_options = [
    click.option(
        "--max-states",
        type=POSITIVE,
        default=None,
        help="Stop after storing N states (decides; the reference explorer's default is "
        f"{REFERENCE_MAX_STATES:,}, the kernel's must be given).",
    ),
    click.option(
        "--max-seconds",
        type=POSITIVE_NUMBER,
        default=None,
        help="Time safety net: stop after T seconds and report the search incomplete, "
        "never another verdict.",
    ),
]


def _limits(fn: Any) -> Any:
    for opt in reversed(limit_options):
        fn = opt(fn)
    return fn


def progress_printer(quiet: bool) -> Any:
    """A progress callback printing one line on stderr (nothing under --json)."""

    def report(states: int, transitions: int, seconds: float) -> None:
        rate = states / seconds if seconds else 0.0
        progress(
            f"  {states:,} states, {transitions:,} transitions, {seconds:.1f} s ({rate:,.0f}/s)",
            quiet,
        )

    return report


@click.command("explore")
@scenario_options
@_limits
@click.option(
    "--within-rounds", type=POSITIVE, default=None, help="Do not expand states after round K."
)
@click.option(
    "--export",
    "export_path",
    default=None,
    metavar="FILE",
    callback=output_file,
    help="Write the graph (.graphml, .dot, .json, .drn).",
)
@engine_option(
    ExploreEngine.values(),
    "reference",
    "kernel: explore inside the game's compiled kernel, hash-partitioned over "
    "--jobs/--scheduler workers (the same checks, plus goal probabilities), for "
    "configurations too large for the reference explorer.",
)
@cluster_options
@click.option(
    "--checkpoints",
    "checkpoints",
    default=None,
    metavar="DIR",
    callback=output_dir,
    help="--engine kernel on a cluster: keep each level's checkpoint in DIR (seen by "
    "every worker), to resume after a lost worker. Default: a temporary directory.",
)
@click.option(
    "--only-compiled-checks",
    "only_compiled",
    is_flag=True,
    help="--engine kernel: check only the properties the kernel has compiled checks for "
    "(the others, decoded state by state, cost ~0.2 ms per state; they are reported "
    "'not checked').",
)
@json_option
@with_scenario()
@with_budget
@command_errors
def explore_command(
    scenario: Scenario,
    budget: Budget,
    export_path: str | None,
    engine: str,
    fanout: Fanout,
    checkpoints: str | None,
    only_compiled: bool,
    as_json: bool,
) -> None:
    """Enumerate every reachable state; check invariants, goals, deadlocks and ends.

    Exit 1 when an invariant is violated, a state deadlocks or cannot reach an end.
    With --engine kernel the same, inside the compiled kernel, with the goals'
    max / min / random-play probabilities; --jobs/--scheduler spread it over Dask workers.
    """
    game, max_states, max_seconds = scenario.game, budget.max_states, budget.max_seconds
    if ExploreEngine(engine) == ExploreEngine.KERNEL:
        return _kernel_explore(
            scenario, budget, export_path, fanout, checkpoints, not only_compiled, as_json
        )
    placed = fanout.scheduler is not None or fanout.jobs is not None
    if placed or checkpoints is not None or only_compiled:
        raise ModelError(
            "--jobs, --scheduler, --checkpoints and --only-compiled-checks need --engine "
            "kernel (the reference explorer runs in this process)"
        )
    given = max_states is not None
    max_states = REFERENCE_MAX_STATES if max_states is None else max_states
    max_states = states_within_memory(max_states, REFERENCE_STATE_BYTES, given)
    require_limits(max_states, max_seconds)
    if export_path:
        check_export_path(export_path)
    spec = get_game(game)
    model = scenario.model(spec)
    note_uncompiled(spec, model.readings.choices)
    checks = split_properties(game_properties(spec), model)
    try:
        exp = explore(
            model,
            checks.invariants,
            checks.goals,
            steps=checks.steps,
            max_states=max_states,
            max_seconds=max_seconds,
            max_round=budget.within_rounds,
            progress=progress_printer(as_json),
        )
    except ExplorationError as e:
        model_failure(e, model, as_json)
    dead, stuck = analysis.deadlocks(exp), analysis.cannot_end(exp)
    result = summary(exp) | {
        "game": game,
        "config": scenario.preset or "default",
        "deadlocks": len(dead),
        "cannot_end": len(stuck),
        "goals": {
            k: {"reachable": bool(v), "states": len(v), "depth": exp.depth(v[0]) if v else None}
            for k, v in exp.goal_hits.items()
        },
        "invariants": {k: _violation(exp, k) for k in checks.invariant_ids()},
        "export": export_path,
    }
    if export_path:
        export(exp, export_path)
    if as_json:
        emit_json(result)
    else:
        _render(result, exp, dead, stuck)
    if dead or stuck or any(v["violations"] for v in result["invariants"].values()):
        raise SystemExit(1)


def _kernel_explore(
    scenario: Scenario,
    budget: Budget,
    export_path: str | None,
    fanout: Fanout,
    checkpoints: str | None,
    python_checks: bool,
    as_json: bool,
) -> None:
    """``explore --engine kernel``: the compiled, hash-partitioned explorer
    (:mod:`hhh_verify.engines.explore.kernel`), here or on a Dask cluster."""
    game, max_states = scenario.game, budget.max_states
    if max_states is None:
        raise ModelError("--engine kernel needs --max-states N (it has no time limit)")
    for flag, value in (
        ("--max-seconds", budget.max_seconds),
        ("--within-rounds", budget.within_rounds),
        ("--export", export_path),
    ):
        if value is not None:
            raise ModelError(
                f"{flag} is not available with --engine kernel; accepted: --max-states, "
                "--jobs, --scheduler, --checkpoints"
            )
    spec = get_game(game)
    if spec.kernel is None:
        raise ModelError(f"--engine kernel: game {game!r} declares no kernel")
    uncompiled = spec.uncompiled(scenario.model(spec).readings)
    if uncompiled:  # refused, not fallen back: the kernel's flags have no reference twin
        raise ModelError(
            f"--engine kernel: {', '.join(uncompiled)} is not compiled by the {game} kernel; "
            "accepted: --engine reference (the reference explorer runs every reading)"
        )
    if checkpoints is not None:
        check_checkpoint_folder(checkpoints)
    if fanout.scheduler is None:  # every partition on this machine
        max_states = states_within_memory(max_states, KERNEL_STATE_BYTES, True)
    model = scenario.model(spec)

    shown = [0.0]

    def report(level: int, states: int, frontier: int) -> None:
        if time.monotonic() - shown[0] >= 2.0 or not frontier:
            shown[0] = time.monotonic()
            progress(f"  level {level}: {states:,} states, {frontier:,} to expand", as_json)

    with runner_for(fanout.scheduler, fanout.jobs, auto=False) as run:
        client = run.dask_client()
        if client is None:
            here = LocalParts(build_source, scenario, 1, python_checks)
            r = explore_kernel(scenario, here, max_states=max_states, progress=report)
        else:
            nparts = run.workers if fanout.jobs is None else fanout.jobs
            with checkpoint_dir(checkpoints) as where:
                parts = ActorParts(client, scenario, nparts, python_checks)
                r = explore_kernel(
                    scenario,
                    parts,
                    max_states=max_states,
                    checkpoints=where,
                    progress=report,
                )
    head = {"game": game, "config": scenario.preset or "default", "engine": "kernel"}
    result: dict[str, Any] = head | r.to_json()
    for pid, path in r.witnesses.items():
        trace = witness_trace(model, path, spec.ambiguities, property=pid, engine="explore-kernel")
        entry = result["goals"].get(pid) or result["invariants"][pid]
        entry["witness_steps"] = len(trace.steps)
    if as_json:
        emit_json(result)
    else:
        _render_kernel(result)
    bad = any(v["violations"] for v in result["invariants"].values())
    if bad or r.deadlocks or r.cannot_end:
        raise SystemExit(1)


@contextmanager
def checkpoint_dir(given: str | None) -> Iterator[str]:
    """The checkpoint directory of a cluster run: ``given`` (kept), else a temporary one
    (removed afterwards; the workers must see this machine's files)."""
    if given is not None:
        os.makedirs(given, exist_ok=True)
        yield given
        return
    with tempfile.TemporaryDirectory(prefix="hhh-verify-explore-") as where:
        yield where


def _among(r: dict[str, Any]) -> str:
    """What "holds" and "not reached" cover: every state, or in an incomplete
    exploration (a budget or the time safety net cut it) only the states explored."""
    return "" if r["complete"] else " among the states explored (incomplete)"


def _render_kernel(r: dict[str, Any]) -> None:
    done = "complete" if r["complete"] else f"INCOMPLETE ({r['incomplete_reason']})"
    click.echo(
        f"{r['game']} [{r['config']}] (kernel, {r['partitions']} partition(s)): "
        f"{r['states']:,} states, {r['transitions']:,} transitions, {r['levels']} levels, "
        f"{r['seconds']} s, {done}"
    )
    click.echo(
        "  terminal: " + (", ".join(f"{k} {v:,}" for k, v in r["terminal"].items()) or "none")
    )
    click.echo(f"  deadlocks: {r['deadlocks']}; states that cannot reach an end: {r['cannot_end']}")
    for k, g in r["goals"].items():
        if g["checked"] == CheckSite.NO:
            how = "not checked (no compiled check)"
        elif g["reachable"]:
            how = f"reachable in {g['depth']} steps ({g['states']:,} states)"
        else:
            how = "not reached" + _among(r)
        click.echo(
            f"  goal {k}: {how}" + (f" [{g['checked']}]" if g["checked"] != CheckSite.NO else "")
        )
    for k, p in r["probabilities"].items():
        click.echo(
            f"  P({k}): max {p['max']:.9g}, min {p['min']:.9g}, random play {p['random']:.9g}"
        )
    for k, v in r["invariants"].items():
        if v["checked"] == CheckSite.NO:
            how = "not checked (no compiled check)"
        elif v["violations"]:
            how = f"VIOLATED ({v['violations']:,} times) at depth {v['depth']}: {v['message']}"
        else:
            how = "holds" + _among(r)
        click.echo(
            f"  invariant {k}: {how}"
            + (f" [{v['checked']}]" if v["checked"] != CheckSite.NO else "")
        )


def model_failure(e: ExplorationError, model: Model, as_json: bool) -> None:
    """A model that raises on a reachable state is a bug found: report it, exit 1."""
    lines = analysis.path_lines(model, e.path)
    if as_json:
        emit_json({"error": str(e), "witness": lines})
    else:
        click.echo(f"model error: {e}", err=True)
        click.echo(f"  path to the failing state ({len(lines)} steps):", err=True)
        for line in lines:
            click.echo("  " + line, err=True)
    raise SystemExit(1)


def _violation(exp: Any, name: str) -> dict[str, Any]:
    path = exp.first_violation(name)
    return {
        "violations": exp.violation_count(name),
        "message": exp.messages.get(name),
        "depth": None if path is None else len(path),
    }


def _render(r: dict[str, Any], exp: Any, dead: list[int], stuck: list[int]) -> None:
    done = "complete" if r["complete"] else f"INCOMPLETE ({r['incomplete_reason']})"
    click.echo(
        f"{r['game']} [{r['config']}]: {r['states']:,} states, {r['transitions']:,} transitions, "
        f"{r['seconds']} s, {done}"
    )
    click.echo("  kinds: " + ", ".join(f"{k} {v:,}" for k, v in r["kinds"].items()))
    click.echo(
        "  terminal: " + (", ".join(f"{k} {v:,}" for k, v in r["terminal"].items()) or "none")
    )
    click.echo(f"  deadlocks: {len(dead)}; states that cannot reach an end: {len(stuck)}")
    for k, g in r["goals"].items():
        how = (
            f"reachable in {g['depth']} steps ({g['states']:,} states)"
            if g["reachable"]
            else "not reached" + _among(r)
        )
        click.echo(f"  goal {k}: {how}")
    for k, v in r["invariants"].items():
        how = (
            f"VIOLATED at depth {v['depth']}: {v['message']}"
            if v["violations"]
            else "holds" + _among(r)
        )
        click.echo(f"  invariant {k}: {how}")
    for label, ids in (("deadlock", dead), ("cannot end", stuck)):
        if ids:
            click.echo(
                f"  first {label} state (depth {exp.depth(ids[0])}): {exp.model.describe_state(exp.states()[ids[0]])}"
            )
    if r["export"]:
        click.echo(f"  graph written to {r['export']}")
