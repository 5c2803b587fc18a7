"""`hhh-verify hunt`: search for a counterexample (or a goal's witness), print it rule by rule.

Without ``--property`` every invariant is hunted. Exit 1 when an invariant is violated
or a goal expected REACHABLE is not found; 0 otherwise; 2 for bad input.
"""

from __future__ import annotations

from typing import Any

import click

from hhh_verify.cli.check_render import replay_lines
from hhh_verify.cli.common import (
    POSITIVE,
    SEED,
    command_errors,
    emit_json,
    json_option,
    output_file,
    progress,
    scenario_options,
    with_budget,
    with_scenario,
)
from hhh_verify.contract import trace
from hhh_verify.contract.model import Model
from hhh_verify.contract.properties import Goal
from hhh_verify.contract.registry import get_game, properties_for
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.contract.vocab import ChanceMode, EngineStatus, Profile
from hhh_verify.engines.results import CheckOptions, CheckResult
from hhh_verify.engines.stateful_check import StatefulEngine


@click.command("hunt")
@scenario_options
@click.option("--property", "prop", default=None, metavar="ID", help="Hunt only this property.")
@click.option(
    "--examples",
    type=POSITIVE,
    default=100,
    show_default=True,
    help="Hypothesis examples to try (each plays up to the profile's step budget).",
)
@click.option("--seed", "seed", type=SEED, default=0, show_default=True, help="Random seed.")
@click.option(
    "--chance",
    type=click.Choice(["auto", "exact", "sampled"]),
    default="auto",
    show_default=True,
    help="Chance steps: exact distributions, or the model's sampler (auto: sampler if any).",
)
@click.option(
    "--out",
    "out",
    default=None,
    metavar="TRACE",
    callback=output_file,
    help="Write the shrunk trace here.",
)
@json_option
@with_scenario()
@with_budget
@command_errors
def hunt_command(
    scenario: Scenario,
    prop: str | None,
    budget: Budget,
    chance: str,
    out: str | None,
    as_json: bool,
) -> None:
    """Hunt for a minimal trace that breaks an invariant (or reaches a goal)."""
    game = scenario.game
    spec = get_game(game)
    model = scenario.model(spec)
    registry = properties_for(game)
    props = [registry.get(prop)] if prop else list(registry.invariants())
    engine = StatefulEngine(spec)
    if not all(engine.supports(p) for p in props):
        raise click.UsageError(f"property {prop} has no executable check to hunt with")
    progress(f"hunting {len(props)} propert{'y' if len(props) == 1 else 'ies'} in {game}", as_json)
    options = CheckOptions(
        profile=Profile.THOROUGH,
        seed=scenario.seed,
        max_examples=budget.examples,
        chance=ChanceMode(chance),
        shrink_goals=any(isinstance(p, Goal) for p in props),
    )
    results = engine.run(model, spec.ambiguities, props, options)
    found = [r for r in results if r.trace is not None]
    failed = [r for r in results if not r.ok]
    if out and found:
        trace.save(found[0].trace, out)  # type: ignore[arg-type]
        found[0].trace_file = out
    if as_json:
        emit_json(
            {
                "ok": not failed,
                "found": [_finding_json(r, model) for r in found],
                "results": [r.to_json() for r in results],
            }
        )
    else:
        _render(found, failed, model, results)
    if failed:
        raise SystemExit(1)


def _finding_json(r: CheckResult, model: Model) -> dict[str, Any]:
    assert r.trace is not None
    return {
        "property": r.property,
        "status": r.status,
        "message": r.message,
        "trace_file": r.trace_file,
        "steps": [line.strip() for line in replay_lines(r.trace, model)],
        "trace": r.trace.to_json(),
    }


def _render(
    found: list[CheckResult], failed: list[CheckResult], model: Model, results: list[CheckResult]
) -> None:
    for r in found:
        what = "witness for goal" if r.status == EngineStatus.REACHED else "counterexample to"
        assert r.trace is not None
        click.echo(f"{what} {r.property} ({len(r.trace.steps)} steps): {r.message}")
        if r.citation:
            click.echo(f"  rule: {r.citation}")
        for line in replay_lines(r.trace, model):
            click.echo(line)
        if r.trace_file:
            click.echo(f"  trace written to {r.trace_file}")
    details = results[0].details if results else {}
    click.echo(
        f"searched {details.get('examples', 0)} examples, {details.get('steps', 0)} steps "
        f"in {results[0].seconds if results else 0:.1f}s"
    )
    if not found:
        click.echo("nothing found")
    for r in failed:
        if r.trace is None:
            click.echo(f"{r.property}: expected {r.expected}, got {r.status} {r.message}")
