"""`hhh-verify query`: run the registered SMT (Z3) queries and print answer, witness or
proof, and time. Exit 1 when an answer contradicts its expectation (or a witness does
not replay), 2 on bad input. Each query's answer is decided by its budget of Z3 resource
units (``--rlimit``), never by time; ``--timeout`` is a safety net."""

from __future__ import annotations

from typing import Any

import click

from hhh_verify.cli.cluster import Fanout, cluster_options, task_progress, task_runner
from hhh_verify.cli.common import (
    POSITIVE,
    POSITIVE_NUMBER,
    InputError,
    command_errors,
    decisions_option,
    emit_json,
    game_option,
    interpret_option,
    json_option,
    output_dir,
    progress,
    with_budget,
    with_scenario,
)
from hhh_verify.contract import registry
from hhh_verify.contract import trace as traces
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.contract.vocab import Profile
from hhh_verify.execution.queries import answer_all


def _with_smt() -> list[str]:
    """The registered games that declare a Z3 encoding."""
    return [g for g, spec in registry.games().items() if spec.smt is not None]


@click.command("query")
@game_option
@click.option("--name", "names", multiple=True, metavar="Q", help="Only this query (repeatable).")
@click.option(
    "--rlimit",
    "rlimit",
    type=POSITIVE,
    default=None,
    help="Z3 resource units per query, what decides (default: each query's own budget).",
)
@click.option(
    "--timeout",
    "timeout",
    type=POSITIVE_NUMBER,
    default=None,
    help="Time safety net in seconds per query (default: derived from its units); when "
    "it fires the answer is unknown (incomplete), never another.",
)
@click.option(
    "--out-dir",
    "out_dir",
    default=None,
    metavar="DIR",
    callback=output_dir,
    help="Write each witness as DIR/<query>.json (replay with hhh-verify replay).",
)
@interpret_option
@decisions_option
@click.option("--list", "list_only", is_flag=True, help="List the queries and exit.")
@click.option(
    "--profile",
    "profile",
    type=click.Choice([Profile.CI.value, Profile.THOROUGH.value]),
    default=Profile.CI.value,
    show_default=True,
    help="ci: every query but the open questions about the full game (whose answer is "
    "what the budget reaches) and the long ones (minutes each); thorough: those too. "
    "--name asks a query whatever the profile.",
)
@cluster_options
@json_option
@with_scenario()
@with_budget
@command_errors
def query_command(
    scenario: Scenario,
    names: tuple[str, ...],
    budget: Budget,
    out_dir: str | None,
    list_only: bool,
    profile: str,
    fanout: Fanout,
    as_json: bool,
) -> None:
    """Answer the registered Z3 queries about GAME (witnesses replay through the model).

    Each query is a task (--jobs, --scheduler); the answers are listed in query order.
    What decides an answer is the query's budget of Z3 resource units (--rlimit; a
    witness search for a lower bound, its node budget), so a busy machine gives the same
    answers; --timeout is only a safety net. --interpret/--decisions fix readings for
    every query (a query's own readings, which its question names, win over them; a
    query the game's encoding cannot ask under them answers "not encoded", with the
    reason); without --game, the decisions file's game."""
    game = scenario.game
    spec = registry.get_game(game)
    if spec.smt is None:
        accepted = ", ".join(_with_smt()) or "none"
        raise InputError(f"no SMT queries for game {game!r}; accepted: {accepted}")
    support = spec.load_smt()
    thorough = Profile(profile) == Profile.THOROUGH
    selected = [support.get(n) for n in names] if names else list(support.in_profile(thorough))
    if list_only:
        listed = [support.get(n) for n in names] if names else list(support.queries)
        rows = [
            {
                "name": q.id,
                "question": q.question,
                "expected": q.expected,
                "profile": (
                    Profile.THOROUGH.value
                    if q.open_on_full or q.thorough_only
                    else Profile.CI.value
                ),
                "budget": q.work(budget.rlimit),
            }
            for q in listed
        ]
        if as_json:
            emit_json({"queries": rows})
        else:
            for r in rows:
                click.echo(
                    f"{r['name']}: {r['question']} (expected: {r['expected'] or 'open'}; "
                    f"{r['profile']}; {r['budget']})"
                )
        return
    plan = {q.id: q.work(budget.rlimit) for q in selected}
    units = sum(budget.rlimit or q.rlimit for q in selected)
    nodes = sum(q.lower_bound.nodes for q in selected if q.lower_bound is not None)
    left = len(support.queries) - len(selected)
    progress(
        f"query {game}: {len(selected)} queries, at most {units:,} Z3 units in all"
        + (f" and {nodes:,} search positions" if nodes else "")
        + (f" ({left} more under --profile thorough)" if left and not names else ""),
        as_json,
    )
    for name, work in plan.items():
        progress(f"  {name}: {work}", as_json)
    with task_runner(fanout) as run, task_progress("query", run, as_json) as on_done:
        rows = answer_all(run, scenario, [q.id for q in selected], budget, on_done)
    results = []
    for row in rows:
        trace = row.pop("trace", None)
        row["trace_file"] = None
        if trace is not None and out_dir:
            path = f"{out_dir.rstrip('/')}/{row['name']}.json"
            traces.save(trace, path)
            row["trace_file"] = path
        row["witness_steps"] = len(trace.steps) if trace is not None else None
        results.append(row)
        if not as_json:
            _render(row)
    if as_json:
        stated = {"z3_units": units, "search_positions": nodes, "queries": plan}
        emit_json({"profile": profile, "budget": stated, "queries": results})
    if any(r["ok"] is False for r in results):
        raise SystemExit(1)


def _render(r: dict[str, Any]) -> None:
    mark = {True: "ok", False: "CONTRADICTS", None: "open"}[r["ok"]]
    exp = r["expected"] or "open question"
    spent = f"{r['rlimit_spent']:,} units, " if r.get("rlimit_spent") is not None else ""
    click.echo(f"{r['name']}: {r['answer']}  [{mark}; expected {exp}; {spent}{r['seconds']} s]")
    click.echo(
        f"  {r['question']}  ({r['config']}{', ' + ', '.join(r['interpretation']) if r['interpretation'] else ''})"
    )
    if r.get("proof"):
        click.echo(f"  {r['method']}: {r['proof']}")
    if r.get("witness"):
        replay = "replays" if r.get("replays") else "DOES NOT REPLAY"
        click.echo(f"  witness ({r['witness_steps']} steps, {replay}):")
        for line in r["witness"][-12:]:
            click.echo("  " + line)
    if r.get("trace_file"):
        click.echo(f"  trace: {r['trace_file']}")
