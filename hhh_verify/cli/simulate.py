"""`hhh-verify simulate`: Monte Carlo playouts under a policy, summarised."""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hhh_verify.cli.cluster import Fanout, cluster_options, task_progress, task_runner
from hhh_verify.cli.common import (
    GAMES,
    POSITIVE,
    command_errors,
    emit_json,
    engine_option,
    json_option,
    note_uncompiled,
    output_file,
    scenario_options,
    seed_option,
    with_budget,
    with_scenario,
)
from hhh_verify.cli.impact import comparison, measure_impact, show_impact
from hhh_verify.contract import registry
from hhh_verify.contract import trace as traces
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.measures import Measure, Measures
from hhh_verify.contract.model import sampler
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.contract.vocab import SimulateEngine
from hhh_verify.engines import simulate
from hhh_verify.execution import playouts


@click.command("simulate")
@scenario_options
@click.option("--games", "games", type=GAMES, default=100, show_default=True, help="Games to play.")
@seed_option
@click.option(
    "--policy", "policy", default="random", show_default=True, help="How decisions are made."
)
@click.option(
    "--max-steps",
    "max_steps",
    type=POSITIVE,
    default=simulate.DEFAULT_MAX_STEPS,
    show_default=True,
    help="Cut a game after this many steps (counted as reason 'max-steps').",
)
@click.option(
    "--exact",
    is_flag=True,
    help="Sample from step's enumerated distributions, not the model's fast sampler.",
)
@click.option(
    "--trace-out",
    "trace_out",
    default=None,
    metavar="FILE",
    callback=output_file,
    help="Save game 0 as a trace.",
)
@engine_option(
    SimulateEngine.values(),
    "auto",
    "Where games are played: the game's compiled kernel when it has one and plays "
    "the policy (auto), always the kernel, or the reference model. Kernel games are "
    "other games than the model's for the same seed (same law, tested).",
)
@click.option(
    "--compare",
    "compare",
    default=None,
    metavar="ID",
    help="Alias of `impact --ambiguity ID`: paired readings (default vs next).",
)
@cluster_options
@json_option
@with_scenario(hint="compare")
@with_budget
@command_errors
def simulate_command(
    scenario: Scenario,
    budget: Budget,
    exact: bool,
    trace_out: str | None,
    engine: str,
    compare: str | None,
    fanout: Fanout,
    as_json: bool,
) -> None:
    """Play --games games under a policy; print win rate, end reasons and the game's measures.

    The same --seed gives the same result (only `seconds` differs); game i of a run is
    the same game whatever --games is, so `--trace-out` saves game 0 of this very run
    (a trace records the model's sampler: with --trace-out, auto plays the model).
    The games run as tasks (--jobs, --scheduler); the result does not depend on where.
    `impact` plays other games for the same seed (each step from its own seed, to pair
    two readings), so its means under A agree with these only within their intervals.
    """
    if compare:
        pair = comparison(scenario, compare, "")
        paired = Budget(games=budget.games)
        result = measure_impact(scenario, pair, paired, "auto", fanout, as_json)
        return show_impact(scenario, result, None, as_json)
    policy, seed, max_steps = scenario.policy, scenario.seed, playouts.max_steps_of(budget)
    spec = registry.get_game(scenario.game)
    model = scenario.model(spec)
    players = spec.policies
    if trace_out and engine == SimulateEngine.KERNEL:
        raise ModelError(
            "--trace-out records the model's own game 0; accepted with --engine auto or reference"
        )
    if trace_out:
        engine = "reference"
    engine, _ = simulate.playout_engine(spec, model, policy, SimulateEngine(engine), exact)
    note_uncompiled(spec, model.readings.choices)
    with (
        task_runner(fanout) as run,
        task_progress("simulate", run, quiet=as_json) as on_done,
    ):
        summary = playouts.simulate(run, scenario, budget, on_done, engine, exact)
    if trace_out:
        trace = simulate.record_playout(
            model, spec.ambiguities, seed, 0, policy, max_steps, exact, game_policies=players
        )
        traces.save(trace, trace_out)
    if as_json:
        data = summary.to_json()
        data["interpretation_non_default"] = model.readings.non_default(spec.ambiguities)
        data["sampler"] = (
            "kernel"
            if engine == SimulateEngine.KERNEL
            else "exact"
            if exact or sampler(model) is None
            else "model"
        )
        if trace_out:
            data["trace"] = trace_out
        emit_json(data)
        return
    _render(summary, spec.measures, model.readings.non_default(spec.ambiguities), trace_out)


def _render(
    summary: simulate.Summary,
    measures: Measures,
    non_default: dict[str, str],
    trace_out: str | None,
) -> None:
    console = Console(file=sys.stdout, highlight=False, markup=False, soft_wrap=True)
    low, high = summary.win_rate_ci
    readings = ", ".join(f"{k}={v}" for k, v in non_default.items()) or "all defaults"
    console.print(
        f"{summary.game}: {summary.games} games, policy {summary.policy}, seed {summary.seed}, "
        f"readings: {readings}, engine: {summary.engine}"
    )
    table = Table(show_header=True, header_style="bold")
    table.add_column("measure")
    table.add_column("value", justify="right")
    if summary.standings is None:
        _row(table, "wins", f"{summary.wins} / {summary.games}")
        _row(table, "win rate", f"{summary.win_rate:.2%} (95% CI {low:.2%}..{high:.2%})")
    else:
        _standings(table, summary.standings, summary.games)
    for reason, n in sorted(summary.reasons.items(), key=lambda kv: (-kv[1], kv[0])):
        _row(table, f"ended: {reason}", _share(n, summary.games))
    for name, stats in summary.measures.items():
        unit = measures[name].unit
        _row(table, f"{measures[name].label} mean [min..max]", _stats(stats, unit))
        if name in summary.counts:
            per_value = ", ".join(f"{v}: {n}" for v, n in summary.counts[name])
            _row(table, f"{measures[name].label}: games per value", per_value)
    _row(table, "steps mean [min..max]", _stats(summary.steps))
    _row(table, "decisions mean [min..max]", _stats(summary.decisions))
    _row(table, "seconds", f"{summary.seconds:.2f}")
    console.print(table)
    for name, bins in summary.histograms.items():
        console.print(_histogram(measures[name], bins))
    if trace_out:
        console.print(
            f"trace of game 0 saved to {trace_out} (replay: hhh-verify replay {trace_out})"
        )


def _standings(table: Table, st: Any, games: int) -> None:
    """A competitive game's rows: score and wins per seat, the winning score, ties."""
    for seat, score in enumerate(st.scores):
        _row(table, f"seat {seat} score mean [min..max]", _stats(score))
        _row(
            table,
            f"seat {seat} wins",
            f"{_share(st.wins[seat], games)}; win share {st.shares[seat] / games:.1%}",
        )
    _row(table, "winning score mean [min..max]", _stats(st.winning_score))
    _row(table, "ties", _share(st.ties, games))


def _share(n: int, total: int) -> str:
    return f"{n} ({n / total:.1%})"


def _histogram(measure: Measure, bins: tuple[tuple[int, int], ...]) -> Table:
    """A plotted measure's games per bin of :data:`~hhh_verify.engines.simulate.HISTOGRAM_BIN`
    units, with a bar."""
    width = simulate.HISTOGRAM_BIN
    unit = measure.unit
    size = _amount(width, unit) if unit == "$" else f"{width} {unit}"
    hist = Table(title=f"{measure.label} ({size} bins)", show_header=True, header_style="bold")
    hist.add_column(measure.label)
    hist.add_column("games", justify="right")
    hist.add_column("")
    top = max(n for _, n in bins)
    for lo, n in bins:
        span = f"{_amount(lo, unit)}..{_amount(lo + width - 1, unit)}"
        _row(hist, span, str(n), "#" * max(1, round(30 * n / top)))
    return hist


def _stats(s: Any, unit: str = "") -> str:
    if unit == "$":
        return f"{_amount(s.mean, unit)} [{_amount(s.min, unit)}..{_amount(s.max, unit)}]"
    return f"{s.mean:.2f} [{s.min}..{s.max}]"


def _amount(value: float, unit: str) -> str:
    """A value in its unit: dollars as -$7, $2.50, $10 (the sign before the dollar)."""
    return _money(value) if unit == "$" else str(value)


def _money(amount: float) -> str:
    """-$7, $2.50, $10: the sign before the dollar."""
    text = f"{abs(amount):.2f}" if isinstance(amount, float) else str(abs(amount))
    return f"{'-' if amount < 0 else ''}${text}"


def _row(table: Table, *cells: str) -> None:
    """Add a row of plain text (no rich markup: '[min..max]' is not a style tag)."""
    table.add_row(*(Text(c) for c in cells))
