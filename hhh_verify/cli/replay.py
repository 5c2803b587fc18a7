"""`hhh-verify replay TRACE`: re-run a recorded trace step by step."""

from __future__ import annotations

import click

from hhh_verify.cli.common import command_errors, emit_json, input_file, json_option, output_file
from hhh_verify.cli.replay_claim import recorded_claim
from hhh_verify.contract import trace as traces
from hhh_verify.contract.outputs import write_atomic
from hhh_verify.contract.registry import get_game, model_for_trace
from hhh_verify.reporting.replay_page import render_replay_page
from hhh_verify.reporting.witness_text import outcome_text


@click.command("replay")
@click.argument("trace_file", metavar="TRACE", callback=input_file)
@json_option
@click.option("--quiet", is_flag=True, help="Only the verdict, not every step.")
@click.option(
    "--html",
    "html_file",
    metavar="FILE",
    default=None,
    callback=output_file,
    help="Also write a step-through page of the trace (board picture of every position).",
)
@command_errors
def replay_command(trace_file: str, as_json: bool, quiet: bool, html_file: str | None) -> None:
    """Replay TRACE exactly; exit 1 at the first step the model rejects.

    The trace names its game, config and readings, so no other option is needed.
    A trace that names its property (as ``check`` and ``hunt`` write them) must show it:
    the goal reached, or the invariant broken, on the replayed path; else exit 1.
    With ``--html FILE`` the page shows the steps that replayed (and why it stopped).
    """
    trace = traces.load(trace_file)
    model = model_for_trace(trace)
    if html_file is None:
        result = traces.replay(trace, model)
    else:
        page, result = render_replay_page(trace, model, get_game(trace.game), trace_file)
        write_atomic(html_file, page)
    outcome = result.outcome.to_json() if result.outcome else None
    final = model.describe_state(result.final_state)
    claim = recorded_claim(trace, model) if result.ok else None
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
                "claim": None if claim is None else claim.to_json(),
            }
        )
    else:
        readings = ", ".join(f"{k}={v}" for k, v in trace.interpretation.items())
        click.echo(f"{trace.game}: {len(trace.steps)} steps; readings: {readings or 'defaults'}")
        if not quiet:
            for line in result.lines:
                click.echo(line)
            click.echo(f"final state: {final}")
        if result.ok:
            verdict = f"replayed {result.steps_run} steps: OK"
            if outcome:
                verdict += f"; {outcome_text(outcome)}"
            click.echo(verdict)
            if claim is not None and claim.shown:
                click.echo(claim.text())
            elif claim is not None:
                click.echo(f"replay failed: {claim.text()} (model changed?)", err=True)
        else:
            click.echo(f"replay failed at {result.error}", err=True)
    if not result.ok or (claim is not None and not claim.shown):
        raise SystemExit(1)
