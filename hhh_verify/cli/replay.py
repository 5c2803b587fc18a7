"""`hhh-verify replay TRACE`: re-run a recorded trace step by step."""

from __future__ import annotations

import click

from .. import trace as tr
from ..registry import model_for_trace
from .common import command_errors, emit_json, json_option


@click.command("replay")
@click.argument("trace_file", metavar="TRACE")
@json_option
@click.option("--quiet", is_flag=True, help="Only the verdict, not every step.")
@command_errors
def replay_command(trace_file: str, as_json: bool, quiet: bool) -> None:
    """Replay TRACE exactly; exit 1 at the first step the model rejects.

    The trace names its game, config and interpretation, so no other option is needed.
    """
    trace = tr.load(trace_file)
    model = model_for_trace(trace)
    result = tr.replay(trace, model)
    outcome = result.outcome.to_json() if result.outcome else None
    final = model.describe_state(result.final_state)
    if as_json:
        emit_json(
            {
                "ok": result.ok,
                "game": trace.game,
                "interpretation": trace.interpretation,
                "seed": trace.seed,
                "steps": result.steps_run,
                "steps_recorded": len(trace.steps),
                "error": result.error or None,
                "outcome": outcome,
                "final_state": final,
            }
        )
    else:
        readings = ", ".join(f"{k}={v}" for k, v in trace.interpretation.items())
        click.echo(
            f"{trace.game}: {len(trace.steps)} steps; interpretation: {readings or 'defaults'}"
        )
        if not quiet:
            for line in result.lines:
                click.echo(line)
            click.echo(f"final state: {final}")
        if result.ok:
            verdict = f"replayed {result.steps_run} steps: OK"
            if result.outcome:
                o = result.outcome
                verdict += f"; {'won' if o.won else 'lost' if o.won is False else 'ended'}"
                verdict += f" ({o.reason}"
                verdict += f", money {o.money}" if o.money is not None else ""
                verdict += f", rating {o.rating}" if o.rating else ""
                verdict += ")"
            click.echo(verdict)
        else:
            click.echo(f"replay failed at {result.error}", err=True)
    if not result.ok:
        raise SystemExit(1)
