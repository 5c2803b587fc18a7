"""`hhh-verify reach`: can a goal happen, the shortest witness, and how likely it is."""

from __future__ import annotations

import click

from hhh_verify.cli.common import (
    POSITIVE,
    SEED,
    command_errors,
    emit_json,
    engine_option,
    game_properties,
    json_option,
    output_file,
    scenario_options,
    with_budget,
    with_scenario,
)
from hhh_verify.cli.explore import _limits, model_failure, progress_printer
from hhh_verify.contract import trace
from hhh_verify.contract.properties import Goal
from hhh_verify.contract.registry import get_game
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.contract.vocab import ReachEngine
from hhh_verify.engines.explore.explorer import ExplorationError, require_limits
from hhh_verify.engines.explore.reach import REACH_ENGINES, ReachReport, ReachRequest, resolve_goal
from hhh_verify.engines.search_reach import with_search
from hhh_verify.engines.smt_reach import DEFAULT_RLIMIT, with_z3

ENGINES = with_search(with_z3(REACH_ENGINES))


@click.command("reach")
@scenario_options
@click.option(
    "--goal",
    "goal",
    required=True,
    help="Goal: won, lost, terminal, outcome:REASON, or a goal property id.",
)
@engine_option(
    [e.value for e in ENGINES],
    "explore",
    "What decides the goal: the explorer, Z3, both, or the best-first search.",
)
@click.option(
    "--within-rounds", type=POSITIVE, default=None, help="Only count states up to round K."
)
@_limits
@click.option(
    "--max-nodes",
    type=POSITIVE,
    default=None,
    help="search engine: stop after generating N positions (default 200,000).",
)
@click.option(
    "--rlimit",
    type=POSITIVE,
    default=None,
    help=f"z3 engine: Z3 resource units, what decides (default {DEFAULT_RLIMIT:,}).",
)
@click.option(
    "--beam",
    type=POSITIVE,
    default=8,
    show_default=True,
    help="search engine: positions kept per depth (each restart doubles it).",
)
@click.option(
    "--samples",
    type=POSITIVE,
    default=4,
    show_default=True,
    help="search engine: chance outcomes drawn per action.",
)
@click.option("--seed", type=SEED, default=0, show_default=True, help="search engine: seed.")
@click.option(
    "--float", "use_float", is_flag=True, help="Float probabilities (faster than exact Fractions)."
)
@click.option(
    "--out",
    "out",
    default=None,
    metavar="TRACE",
    callback=output_file,
    help="Write the witness trace here.",
)
@json_option
@with_scenario()
@with_budget
@command_errors
def reach_command(
    scenario: Scenario,
    goal: str,
    engine: str,
    budget: Budget,
    use_float: bool,
    out: str | None,
    as_json: bool,
) -> None:
    """Decide whether GOAL is reachable; print the witness and max/min/random probabilities.

    Exit 0 when reachable, 1 when unreachable or undecided (search cut short).
    `--engine search` plays the model as configured (the full game too), choosing moves
    and lucky draws, guided by the goal property's heuristic; a miss is undecided.
    Work budgets decide (--max-states, --rlimit, --max-nodes); --max-seconds is only a
    safety net whose expiry makes the answer undecided (incomplete).
    """
    game, b = scenario.game, budget
    require_limits(b.max_states, b.max_seconds)
    spec = get_game(game)
    model = scenario.model(spec)
    symbolic = ReachEngine(engine) in (ReachEngine.Z3, ReachEngine.BOTH)
    properties = game_properties(spec)
    heuristic = next(
        (p.heuristic for p in properties if p.id == goal and isinstance(p, Goal)), None
    )
    request = ReachRequest(
        model=model,
        goal_id=goal,
        goal=resolve_goal(game, goal, properties),
        within_rounds=b.within_rounds,
        max_states=b.max_states,
        max_seconds=b.max_seconds,
        exact=not use_float,
        registry=spec.ambiguities,
        progress=progress_printer(as_json),
        smt=spec.load_smt() if symbolic and spec.smt is not None else None,
        heuristic=heuristic,
        max_nodes=b.max_nodes,
        rlimit=b.rlimit,
        beam=b.beam or 8,
        samples=b.samples or 4,
        seed=scenario.seed,
    )
    try:
        report = ENGINES[ReachEngine(engine)](request)
    except ExplorationError as e:
        model_failure(e, model, as_json)
    if out and report.trace is not None:
        trace.save(report.trace, out)
    if as_json:
        emit_json(report.to_json() | {"trace_file": out if report.trace else None})
    else:
        _render(report, out)
    if report.reachable is not True:
        raise SystemExit(1)


def _render(report: ReachReport, out: str | None) -> None:
    verdict = {True: "REACHABLE", False: "UNREACHABLE", None: "UNDECIDED"}[report.reachable]
    d = report.details
    bound = f" within {d['within_rounds']} rounds" if d.get("within_rounds") else ""
    click.echo(f"goal {report.goal}: {verdict}{bound} [{report.engine}]")
    if "states" in d:
        extra = "" if d.get("complete", True) else f", incomplete: {d.get('incomplete_reason')}"
        click.echo(
            f"  searched {d['states']:,} states, {d['transitions']:,} transitions in {d['seconds']} s{extra}"
        )
    if "nodes" in d:  # the search engine
        click.echo(
            f"  searched {d['nodes']:,} positions in {d['seconds']} s (beam "
            f"{d['budget']['beam']}, {d['restarts']} restart(s), guided by {d['guided_by']})"
        )
        if d.get("incomplete_reason"):
            click.echo(f"  not found: {d['incomplete_reason']}")
    if "rlimit_spent" in d:  # the z3 engine
        click.echo(
            f"  Z3 spent {d['rlimit_spent']:,} of {d['budget']['rlimit']:,} resource units "
            f"in {d['seconds']} s (bound {d['bound']} steps)"
        )
        if d.get("incomplete_reason"):
            click.echo(f"  undecided: {d['incomplete_reason']}")
    if report.steps:
        kind = "witness" if report.engine == ReachEngine.SEARCH else "shortest witness"
        click.echo(f"  {kind} ({len(report.steps)} steps):")
        for line in report.steps:
            click.echo("  " + line)
    if out and report.trace is not None:
        click.echo(f"  trace written to {out} (hhh-verify replay {out})")
    for mode, p in report.probabilities.items():
        exact = f" = {p.exact}" if p.exact is not None and p.exact.denominator != 1 else ""
        note = " (cut/pending states count as not reached)" if p.lower_bound else ""
        click.echo(f"  P[{mode}] = {p.value:.6g}{exact}  ({p.method}){note}")
