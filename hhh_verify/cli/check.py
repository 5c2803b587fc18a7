"""`hhh-verify check`: every registered property through every engine, as a table.

Exit 0 when every expectation is met, 1 otherwise (the shrunk traces are printed and
written to files that `hhh-verify replay` re-runs), 2 for bad input.
"""

from __future__ import annotations

import os
import re
import time
from typing import Any

import click

from .. import checking, registry
from .. import trace as tr
from ..engines import results as check_results
from ..engines.stateful import PROFILES
from ..execution.checks import CheckPlan, check_all
from ..model import ModelError
from ..registry import properties_for
from .cluster import cluster_options, task_progress, task_runner
from .common import (
    SEED,
    command_errors,
    emit_json,
    json_option,
    output_dir,
    output_file,
    progress,
)


@click.command("check")
@click.option(
    "--game", "game", default="all", show_default=True, help="Game id, or `all` registered games."
)
@click.option(
    "--profile",
    type=click.Choice(list(PROFILES)),
    default="ci",
    show_default=True,
    help="Search effort (Hypothesis settings profile).",
)
@click.option("--seed", "seed", type=SEED, default=0, show_default=True, help="Random seed.")
@click.option("--config", "config", default="", help="Config preset (default: the game's own).")
@click.option(
    "--interpret",
    "interpret",
    multiple=True,
    metavar="ID=OPTION",
    help="Choose a reading of an ambiguous rule (repeatable).",
)
@click.option(
    "--property", "only", multiple=True, metavar="ID", help="Check only this property (repeatable)."
)
@click.option(
    "--chance",
    type=click.Choice(["auto", "exact", "sampled"]),
    default="auto",
    show_default=True,
    help="Chance steps: exact distributions, or the model's sampler (auto: sampler if any).",
)
@click.option(
    "--engine",
    "engine_names",
    multiple=True,
    metavar="NAME",
    help="Run only this engine (repeatable; default: every engine).",
)
@click.option(
    "--junit",
    "junit",
    default=None,
    metavar="FILE",
    callback=output_file,
    help="Also write JUnit XML.",
)
@click.option(
    "--trace-dir",
    "trace_dir",
    default="hhh-verify-traces",
    show_default=True,
    callback=output_dir,
    help="Where traces of failed checks are written.",
)
@cluster_options
@json_option
@command_errors
def check_command(
    game: str,
    profile: str,
    seed: int,
    config: str,
    interpret: tuple[str, ...],
    only: tuple[str, ...],
    chance: str,
    engine_names: tuple[str, ...],
    junit: str | None,
    trace_dir: str,
    scheduler: str | None,
    jobs: int | None,
    as_json: bool,
) -> None:
    """Check every property of GAME with every engine; exit 1 if any expectation fails.

    Each engine on each game is a task: in this process unless --jobs N (a local Dask
    cluster) or --scheduler asks for more (a local cluster's start-up would cost more
    than the quick checks take)."""
    specs = registry.games()
    if game == "all":
        game_ids = list(specs)
    else:
        registry.get_game(game)
        game_ids = [game]
    if len(game_ids) > 1 and (config or interpret or only):
        raise click.UsageError("--config/--interpret/--property need a single --game")
    plan = []
    for gid in game_ids:  # validate everything before running anything
        spec = specs[gid]
        try:
            props = properties_for(gid)
        except ModelError:
            if game != "all":
                raise
            progress(f"skipping {gid}: no properties registered", as_json)
            continue
        if only:
            props = props.select(only)
        plan.append((spec, spec.model(config, (), interpret), props))
    # Each game's engines are set up from its spec (so the explorer's name says which
    # reduced preset it explores); --engine picks by name among all of them.
    engine_sets = {spec.id: checking.engines(spec) for spec, _, _ in plan}
    available = list(dict.fromkeys(e.name for es in engine_sets.values() for e in es))
    for name in engine_names:
        if name not in available:
            raise ModelError(f"unknown engine {name!r}; accepted: {', '.join(available)}")
    wanted = set(engine_names) or set(available)
    options = check_results.CheckOptions(profile=profile, seed=seed, chance=chance)
    tasks = []
    for spec, _, props in plan:
        progress(f"checking {spec.id}: {len(props)} properties, profile {profile}", as_json)
        for e in engine_sets[spec.id]:
            if e.name in wanted and any(e.supports(p) for p in props):
                tasks.append(CheckPlan(spec.id, config, interpret, e.name, only))
    start = time.perf_counter()
    with (
        task_runner(scheduler, jobs, auto=False) as run,
        task_progress("check", run, as_json) as on_done,
    ):
        results = check_all(run, tasks, options, on_done)
    elapsed = time.perf_counter() - start
    for r in results:
        if r.trace is not None and not r.ok:
            r.trace_file = _write_trace(trace_dir, r)
    if junit:
        tr.write_atomic(junit, checking.junit_xml(results))
    ok = checking.all_ok(results)
    if as_json:
        emit_json(
            {"ok": ok, "seconds": round(elapsed, 3), "results": [r.to_json() for r in results]}
        )
    else:
        _render(results, elapsed, {spec.id: model for spec, model, _ in plan})
    if not ok:
        raise SystemExit(1)


def _write_trace(trace_dir: str, r: check_results.CheckResult) -> str:
    assert r.trace is not None
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", f"{r.game}-{r.property}-{r.engine}") + ".trace.json"
    path = os.path.join(trace_dir, name)
    tr.save(r.trace, path)
    return path


_STYLE = {
    check_results.HOLDS_STATUS: "green",
    check_results.REACHED: "green",
    check_results.SKIPPED: "dim",
    check_results.INCONCLUSIVE: "yellow",
}


def _render(
    results: list[check_results.CheckResult], elapsed: float, models: dict[str, Any]
) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False, soft_wrap=True)
    table = Table(title="hhh-verify check")
    for col in ("property", "engine", "expected", "result", "time"):
        table.add_column(col, justify="right" if col == "time" else "left")
    for r in results:
        style = _STYLE.get(r.status, "green") if r.ok else "bold red"
        mark = "FAIL" if not r.ok else "?" if r.status == check_results.INCONCLUSIVE else "ok"
        table.add_row(
            f"{r.game}.{r.property}" if len(models) > 1 else r.property,
            r.engine,
            r.expected,
            f"[{style}]{r.status} ({mark})[/]",
            f"{r.seconds:.1f}s",
        )
    console.print(table)
    for r in results:
        if r.ok:
            continue
        console.print(f"\n[bold red]{r.game} {r.property}[/] ({r.engine}): {r.message}")
        if r.citation:
            console.print(f"  rule: {r.citation}")
        if r.trace is not None:
            for line in replay_lines(r.trace, models[r.game]):
                console.print(line, markup=False)
            console.print(f"  trace written to {r.trace_file} (re-run: hhh-verify replay FILE)")
    stats = {(r.game, r.engine): r.details for r in results if r.details.get("shared_run")}
    for (game, engine), d in stats.items():
        console.print(
            f"{game}/{engine}: {d.get('examples', 0)} examples, {d.get('steps', 0)} steps, "
            f"{d.get('games_finished', 0)} games finished, max round {d.get('max_round', 0)}",
            style="dim",
        )
    failed = sum(1 for r in results if not r.ok)
    verdict = "all expectations met" if not failed else f"{failed} expectation(s) NOT met"
    console.print(f"{len(results)} checks in {elapsed:.1f}s: {verdict}")


def replay_lines(trace: tr.Trace, model: Any) -> list[str]:
    """The trace rule by rule (``describe_action``), ending with the final state."""
    try:
        res = tr.replay(trace, model)
    except Exception as e:  # the last step of an error trace raises again
        return [f"  (replay raised {type(e).__name__}: {e})"]
    lines = ["  " + line for line in res.lines]
    if not res.ok:
        lines.append(f"  replay stopped: {res.error}")
    else:
        lines.append(f"  final state: {model.describe_state(res.final_state)}")
    return lines
