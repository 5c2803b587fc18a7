"""`hhh-verify explore`: enumerate every reachable state of a (small) configuration."""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.console import Console

from ..engines.explore import analysis as an
from ..engines.explore.explorer import (
    ExplorationError,
    explore,
    require_limits,
    split_properties,
)
from ..engines.explore.export import check_export_path, export
from ..engines.explore.reach import summary
from ..interpretations import Decisions
from ..model import ModelError
from ..registry import get_game
from .common import (
    POSITIVE,
    POSITIVE_NUMBER,
    build_model,
    command_errors,
    config_option,
    decisions_option,
    emit_json,
    game_of,
    game_option,
    game_properties,
    interpret_option,
    json_option,
    output_file,
    progress,
    readings,
    set_option,
)

limit_options = [
    click.option("--max-states", type=POSITIVE, default=None, help="Stop after storing N states."),
    click.option("--max-seconds", type=POSITIVE_NUMBER, default=None, help="Stop after T seconds."),
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
@game_option
@config_option
@set_option
@interpret_option
@decisions_option
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
@click.option(
    "--engine",
    "engine",
    type=click.Choice(("reference", "kernel")),
    default="reference",
    show_default=True,
    help="kernel: count the reachable states inside the game's compiled kernel (states, "
    "transitions, ends, deadlocks; no property checked), for configurations too large "
    "for the reference explorer.",
)
@json_option
@command_errors
def explore_command(
    game: str,
    config: str,
    overrides: tuple[str, ...],
    interpret: tuple[str, ...],
    decisions: Decisions | None,
    max_states: int | None,
    max_seconds: float | None,
    within_rounds: int | None,
    export_path: str | None,
    engine: str,
    as_json: bool,
) -> None:
    """Enumerate every reachable state; check invariants, goals, deadlocks and ends.

    Exit 1 when an invariant is violated, a state deadlocks or cannot reach an end.
    With --engine kernel only the counts (exit 1 on a deadlock).
    """
    game = game_of(game, decisions)
    interpret = readings(game, interpret, decisions)
    if engine == "kernel":
        return _kernel_counts(
            game,
            config,
            overrides,
            interpret,
            max_states,
            max_seconds,
            within_rounds,
            export_path,
            as_json,
        )
    require_limits(max_states, max_seconds)
    if export_path:
        check_export_path(export_path)
    model = build_model(game, config, overrides, interpret)
    checks = split_properties(game_properties(get_game(game)), model)
    try:
        exp = explore(
            model,
            checks.invariants,
            checks.goals,
            steps=checks.steps,
            max_states=max_states,
            max_seconds=max_seconds,
            max_round=within_rounds,
            progress=progress_printer(as_json),
        )
    except ExplorationError as e:
        model_failure(e, model, as_json)
    dead, stuck = an.deadlocks(exp), an.cannot_end(exp)
    result = summary(exp) | {
        "game": game,
        "config": config or "default",
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


def _kernel_counts(
    game: str,
    config: str,
    overrides: tuple[str, ...],
    interpret: tuple[str, ...],
    max_states: int | None,
    max_seconds: float | None,
    within_rounds: int | None,
    export_path: str | None,
    as_json: bool,
) -> None:
    """``explore --engine kernel``: the counts of a breadth-first search in the kernel."""
    if max_states is None:
        raise ModelError("--engine kernel needs --max-states N (it has no time limit)")
    for flag, value in (
        ("--max-seconds", max_seconds),
        ("--within-rounds", within_rounds),
        ("--export", export_path),
    ):
        if value is not None:
            raise ModelError(
                f"{flag} is not available with --engine kernel; accepted: --max-states"
            )
    spec = get_game(game)
    if spec.kernel is None:
        raise ModelError(f"--engine kernel: game {game!r} declares no kernel")
    model = build_model(game, config, overrides, interpret)
    r = spec.kernel(model).count_states(max_states)
    result = {
        "game": game,
        "config": config or "default",
        "engine": "kernel",
        "complete": r["complete"],
        "states": r["states"],
        "transitions": r["transitions"],
        "terminal": r["terminal"],
        "deadlocks": r["deadlocks"],
        "seconds": round(r["seconds"], 3),
        "states_per_second": round(r["states"] / max(r["seconds"], 1e-9)),
        "bytes_per_state": round(r["bytes_per_state"], 1),
    }
    if as_json:
        emit_json(result)
    else:
        console = Console(file=sys.stdout, highlight=False, markup=False, soft_wrap=True)
        for k, v in result.items():
            console.print(f"{k}: {v}")
    if r["deadlocks"]:
        raise SystemExit(1)


def model_failure(e: ExplorationError, model: Any, as_json: bool) -> None:
    """A model that raises on a reachable state is a bug found: report it, exit 1."""
    lines = an.path_lines(model, e.path)
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
            else "not reached"
        )
        click.echo(f"  goal {k}: {how}")
    for k, v in r["invariants"].items():
        how = f"VIOLATED at depth {v['depth']}: {v['message']}" if v["violations"] else "holds"
        click.echo(f"  invariant {k}: {how}")
    for label, ids in (("deadlock", dead), ("cannot end", stuck)):
        if ids:
            click.echo(
                f"  first {label} state (depth {exp.depth(ids[0])}): {exp.model.describe_state(exp.states()[ids[0]])}"
            )
    if r["export"]:
        click.echo(f"  graph written to {r['export']}")
