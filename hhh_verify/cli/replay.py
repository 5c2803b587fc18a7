"""`hhh-verify replay TRACE`: re-run a recorded trace step by step."""

from __future__ import annotations

import click

from .. import trace as tr
from .common import command_errors, emit_json, json_option


@click.command("replay")
@click.argument("trace_file", metavar="TRACE")
@json_option
@click.option("--quiet", is_flag=True, help="Only the verdict, not every step.")
@command_errors
def replay_command(trace_file: str, as_json: bool, quiet: bool) -> None:
    """Replay TRACE exactly; exit 1 at the first step the model rejects."""
    trace = tr.load(trace_file)
    result = tr.replay(trace)
    outcome = result.outcome.to_json() if result.outcome else None
    if as_json:
        emit_json(
            {
                "ok": result.ok,
                "steps": result.steps_run,
                "error": result.error or None,
                "outcome": outcome,
            }
        )
    else:
        if not quiet:
            for line in result.lines:
                click.echo(line)
        if result.ok:
            click.echo(
                f"replayed {result.steps_run} steps: OK"
                + (f"; outcome {outcome}" if outcome else "")
            )
        else:
            click.echo(f"replay failed at {result.error}", err=True)
    if not result.ok:
        raise SystemExit(1)
