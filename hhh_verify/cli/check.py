"""`hhh-verify check`: every registered property through every engine, one verdict each.

The engines' rows are decided into one verdict per property (:mod:`hhh_verify.check.verdicts`):
exit 0 when no verdict fails, 1 otherwise (the shrunk traces are printed and written to
files that `hhh-verify replay` re-runs; so is the witness of each reached goal), 2 for
bad input.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from typing import Any

import click

from hhh_verify.check import run as checking
from hhh_verify.check import verdicts as verdict_rules
from hhh_verify.cli.check_render import render, summaries_json
from hhh_verify.cli.cluster import Fanout, cluster_options, task_progress, task_runner
from hhh_verify.cli.common import (
    ALL_GAMES,
    SEED,
    command_errors,
    converts,
    decisions_option,
    emit_json,
    engine_option,
    game_of,
    interpret_option,
    json_option,
    note_uncompiled,
    output_dir,
    output_file,
    progress,
    readings,
)
from hhh_verify.contract import registry, trace
from hhh_verify.contract.coverage import every_option
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import Model
from hhh_verify.contract.outputs import write_atomic
from hhh_verify.contract.registry import properties_for
from hhh_verify.contract.scenario import Scenario
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import ChanceMode, Profile
from hhh_verify.engines import results as check_results
from hhh_verify.engines.stateful import PROFILES
from hhh_verify.execution.checks import CheckPlan, check_all


def _scenarios(given: dict[str, Any], others: dict[str, Any]) -> tuple[Scenario, ...]:
    """The games to check: ``--game`` (or every registered game for ``all``) under
    ``--config`` and the readings of ``--decisions`` and ``--interpret``, parsed once."""
    game, decisions = given["game"], given["decisions"]
    config, interpret, seed = given["config"], given["interpret"], others["seed"]
    if decisions is not None:
        game = game_of(game, decisions)
        if game == ALL_GAMES:
            raise ModelError("--decisions needs a single --game; accepted: a game id")
    if game != ALL_GAMES:
        spec = registry.get_game(game)
        chosen = readings(game, interpret, decisions)
        return (Scenario.parse(spec, config, (), chosen, seed=seed),)
    specs = registry.games()
    if len(specs) > 1 and (config or interpret or others["only"]):
        raise click.UsageError("--config/--interpret/--property need a single --game")
    return tuple(Scenario(gid, seed=seed) for gid in specs)


def _options(given: dict[str, Any], others: dict[str, Any]) -> check_results.CheckOptions:
    return check_results.CheckOptions(
        profile=Profile(given["profile"]), seed=given["seed"], chance=ChanceMode(given["chance"])
    )


@dataclass(frozen=True)
class Wanted:
    """What ``check`` runs: only these properties, only the engines of these names
    (``explore:tiny``); empty: all."""

    properties: tuple[str, ...]
    engines: tuple[str, ...]


def _wanted(given: dict[str, Any], others: dict[str, Any]) -> Wanted:
    return Wanted(given["only"], given["engine_names"])


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
@interpret_option
@decisions_option
@click.option(
    "--property", "only", multiple=True, metavar="ID", help="Check only this property (repeatable)."
)
@click.option(
    "--chance",
    type=click.Choice(ChanceMode.values()),
    default="auto",
    show_default=True,
    help="Chance steps: exact distributions, or the model's sampler (auto: sampler if any).",
)
@engine_option(
    name="engine_names", help="Run only this engine (repeatable; default: every engine)."
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
    help="Where traces are written: counterexamples, and the witness of each reached goal.",
)
@click.option(
    "--details",
    "details",
    is_flag=True,
    help="Also print every engine's own result row.",
)
@cluster_options
@json_option
@converts("scenarios", ("game", "config", "interpret", "decisions"), _scenarios)
@converts("options", ("profile", "seed", "chance"), _options)
@converts("wanted", ("only", "engine_names"), _wanted)
@command_errors
def check_command(
    scenarios: tuple[Scenario, ...],
    options: check_results.CheckOptions,
    wanted: Wanted,
    junit: str | None,
    trace_dir: str,
    details: bool,
    fanout: Fanout,
    as_json: bool,
) -> None:
    """Check every property of GAME with every engine; exit 1 if any expectation fails.

    One verdict per property from all its engines: a goal is reached when any engine's
    witness replays; a search that misses it only reports "not found within budget".

    Each engine on each game is a task: in this process unless --jobs N (a local Dask
    cluster) or --scheduler asks for more (a local cluster's start-up would cost more
    than the quick checks take)."""
    plan = _plan(scenarios, wanted.properties, as_json)
    tasks = _tasks(plan, wanted, options.profile, as_json)
    for _, spec, model, _ in plan:  # after every input is checked: bad input is one line
        # the kernel agreement compares every option: those not compiled it skips
        note_uncompiled(spec, [*model.readings.choices, *every_option(spec.ambiguities)])
    start = time.perf_counter()
    with (
        task_runner(fanout, auto=False) as run,
        task_progress("check", run, as_json) as on_done,
    ):
        results = check_all(run, tasks, options, on_done)
    elapsed = time.perf_counter() - start
    registered = {(spec.id, p.id): p for _, spec, _, reg in plan for p in reg}
    verdicts = verdict_rules.decide(results, registered)
    _write_traces(trace_dir, verdicts)
    if junit:
        write_atomic(junit, checking.junit_xml(verdicts))
    ok = verdict_rules.all_met(verdicts)
    if as_json:
        emit_json(
            {
                "ok": ok,
                "seconds": round(elapsed, 3),
                "games": summaries_json(verdicts),
                "verdicts": [v.to_json() for v in verdicts],
                "results": [r.to_json() for r in results],
            }
        )
    else:
        from rich.console import Console

        render(
            Console(highlight=False, soft_wrap=True),
            verdicts,
            results,
            elapsed,
            {spec.id: model for _, spec, model, _ in plan},
            set(registered),
            details,
        )
    if not ok:
        raise SystemExit(1)


#: One game to check: its scenario, spec, model and the properties selected.
Planned = tuple[Scenario, GameSpec, Model, Any]


def _plan(scenarios: tuple[Scenario, ...], only: tuple[str, ...], as_json: bool) -> list[Planned]:
    """Every game to check with its model and properties, validated before anything runs
    (``all`` skips a game without properties; a named game without them is an error)."""
    plan: list[Planned] = []
    for scenario in scenarios:
        spec = registry.get_game(scenario.game)
        try:
            props = properties_for(spec.id)
        except ModelError:
            if len(scenarios) == 1:
                raise
            progress(f"skipping {spec.id}: no properties registered", as_json)
            continue
        if only:
            props = props.select(only)
        plan.append((scenario, spec, scenario.model(spec), props))
    return plan


def _tasks(plan: list[Planned], wanted: Wanted, profile: str, as_json: bool) -> list[CheckPlan]:
    """One task per game and engine that supports one of its properties.

    Each game's engines are set up from its spec (so the explorer's name says which
    reduced preset it explores); --engine picks by name among all of them, and a task
    names its engine by id."""
    engine_sets = {
        spec.id: [(i, checking.engine(spec, i)) for i in checking.ENGINES] for _, spec, _, _ in plan
    }
    available = list(dict.fromkeys(e.name for es in engine_sets.values() for _, e in es))
    for name in wanted.engines:
        if name not in available:
            raise ModelError(f"unknown engine {name!r}; accepted: {', '.join(available)}")
    names = set(wanted.engines) or set(available)
    tasks = []
    for scenario, spec, _, props in plan:
        progress(f"checking {spec.id}: {len(props)} properties, profile {profile}", as_json)
        for engine_id, e in engine_sets[spec.id]:
            if e.name in names and any(e.supports(p) for p in props):
                tasks.append(CheckPlan(scenario, engine_id, wanted.properties, e.name))
    return tasks


def _write_traces(trace_dir: str, verdicts: list[verdict_rules.Verdict]) -> None:
    """Write the trace of every failing row, every counted witness and every witness
    that was not counted (so it can be looked at)."""
    for v in verdicts:
        causes = {id(r) for r in v.causes}
        for r in v.rows:
            keep = not r.ok or r is v.witness or id(r) in causes or r.engine in v.rejected
            if r.trace is not None and keep:
                r.trace_file = _write_trace(trace_dir, r)


def _write_trace(trace_dir: str, r: check_results.CheckResult) -> str:
    assert r.trace is not None
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", f"{r.game}-{r.property}-{r.engine}") + ".trace.json"
    path = os.path.join(trace_dir, name)
    trace.save(r.trace, path)
    return path
