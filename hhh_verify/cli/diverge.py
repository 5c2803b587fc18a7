"""`hhh-verify diverge`: find a state where two readings of a rule give different results."""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hhh_verify.cli.cluster import Fanout, cluster_options, task_progress, task_runner
from hhh_verify.cli.common import (
    POSITIVE,
    POSITIVE_NUMBER,
    command_errors,
    config_option,
    decisions_option,
    emit_json,
    engine_option,
    game_option,
    interpret_option,
    json_option,
    note_uncompiled,
    output_file,
    pair_items,
    progress,
    seed_option,
    set_option,
    with_budget,
    with_scenario,
)
from hhh_verify.cli.impact import Comparison, with_comparison
from hhh_verify.contract import registry, trace
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.contract.vocab import DivergeEngine, DivergeSearch
from hhh_verify.engines import diverge
from hhh_verify.engines.diverge_kernel import kernel_runner, kernels
from hhh_verify.engines.simulate import get_policy
from hhh_verify.execution.differential import searcher
from hhh_verify.reporting.witness_text import witness_rows


@click.command("diverge")
@game_option
@click.option("--ambiguity", "ambiguity", required=True, help="Ambiguity id (see `ambiguities`).")
@click.option(
    "--options",
    "options",
    default="",
    metavar="A,B",
    help="The two readings to compare (default: the default and the next option).",
)
@config_option
@set_option
@interpret_option
@decisions_option
@click.option(
    "--max-states",
    "max_states",
    type=POSITIVE,
    default=diverge.DEFAULT_MAX_STATES,
    show_default=True,
    help="Explorer state budget per configuration (decides).",
)
@click.option(
    "--max-games",
    "max_games",
    type=POSITIVE,
    default=diverge.DEFAULT_MAX_GAMES,
    show_default=True,
    help="Differential playouts budget (decides).",
)
@click.option(
    "--max-seconds",
    "max_seconds",
    type=POSITIVE_NUMBER,
    default=diverge.DEFAULT_MAX_SECONDS,
    show_default=True,
    help="Time safety net per engine run: a search it cuts is incomplete, never a verdict.",
)
@engine_option(
    DivergeSearch.values(),
    "auto",
    "auto: explorer, then differential playouts; or only one of them; kernel: the "
    "differential playouts inside the game's compiled kernel (the model verifies the witness).",
)
@click.option(
    "--policies",
    "policies",
    default="",
    help="Differential playouts: game i uses policy i mod n (default: every policy of the game).",
)
@seed_option
@click.option(
    "--out",
    "out",
    default=None,
    metavar="PREFIX",
    callback=output_file,
    help="Write the witness as PREFIX-A.json and PREFIX-B.json (replayable traces).",
)
@cluster_options
@json_option
@with_scenario(hint="ambiguity")
@with_comparison
@with_budget
@command_errors
def diverge_command(
    scenario: Scenario,
    compared: Comparison,
    budget: Budget,
    engine: str,
    policies: str,
    out: str | None,
    fanout: Fanout,
    as_json: bool,
) -> None:
    """Search for a witness that two readings of AMBIGUITY differ.

    Without --config: the explorer on the reduced presets (exhaustive product search),
    then differential playouts on the real game with common random numbers. With
    --config/--set only that configuration is searched (--engine picks the engines;
    kernel plays the differential games inside the game's kernel, on the real game
    unless --config says otherwise, and has the model verify the witness; under a
    reading the kernel does not compile, the differential games play the model, with a
    note). Exit 1 when a witness is found
    (the readings are material), 0 when none was found. The differential playouts run
    as tasks (--jobs, --scheduler); the witness depends on neither where nor how busy
    the machine is (--max-states and --max-games decide; --max-seconds is a safety net).
    Both readings take the other readings of --interpret and --decisions; without
    --game, the game is the one AMBIGUITY belongs to.
    """
    game, ambiguity, pair = scenario.game, compared.ambiguity, compared.pair
    spec = registry.get_game(game)
    pols = tuple(p.strip() for p in policies.split(",") if p.strip())
    for p in pols:
        get_policy(p, spec.policies)
    fixed = scenario.readings
    config_obj = scenario.config(spec)
    engine = DivergeSearch(engine)
    uncompiled = note_uncompiled(spec, pair_items(spec, fixed, ambiguity, pair))
    if engine == DivergeSearch.KERNEL and uncompiled:  # the kernel cannot play one reading
        engine = DivergeSearch.DIFFERENTIAL
    if engine == DivergeSearch.KERNEL:  # refuse a game without a kernel before any output
        models = diverge.reading_models(spec, config_obj, ambiguity, pair, fixed)
        kernels(spec, *models, pols or diverge.default_policies(spec))
    progress(f"searching {ambiguity} ...", quiet=as_json)
    with (
        task_runner(fanout) as run,
        task_progress("differential playouts", run, as_json) as on_done,
    ):
        search = diverge.Search(
            budget.max_states or diverge.DEFAULT_MAX_STATES,
            budget.max_games or diverge.DEFAULT_MAX_GAMES,
            budget.max_seconds,
            differential=engine != DivergeSearch.EXPLORER,
            explorer=engine in (DivergeSearch.AUTO, DivergeSearch.EXPLORER),
            policies=pols,
            runner=(
                kernel_runner(spec, ambiguity, pair)
                if engine == DivergeSearch.KERNEL
                else searcher(run, ambiguity, pair, on_done)
            ),
            engine=(
                DivergeEngine.KERNEL
                if engine == DivergeSearch.KERNEL
                else DivergeEngine.DIFFERENTIAL
            ),
        )
        result = diverge.diverge(spec, scenario, ambiguity, compared.given, search)
    data = diverge.result_json(result)
    data["game"] = game
    data["decided"] = dict(fixed)
    if out and result.witness is not None:
        progress("writing traces ...", quiet=as_json)
        ta, tb = diverge.witness_traces(result, spec)
        paths = (f"{out}-A.json", f"{out}-B.json")
        for t, p in zip((ta, tb), paths):
            trace.save(t, p)
        data["traces"] = list(paths)
    if as_json:
        emit_json(data)
    else:
        render(data)
    if result.material:
        sys.exit(1)


def render(data: dict[str, Any]) -> None:
    """The witness: the position where the readings part, the decision, and what differs
    under each reading in the game's own words (the whole positions are in ``--json``
    and in the traces of ``--out``)."""
    console = Console(file=sys.stdout, highlight=False, markup=False, soft_wrap=True)
    a, b = data["options"]
    console.print(f"{data['ambiguity']}: {a} (A) vs {b} (B)")
    if data.get("decided"):
        fixed = ", ".join(f"{k}={v}" for k, v in data["decided"].items())
        console.print(f"  other readings decided: {fixed}")
    for s in data["searched"]:
        what = f"{s.get('states', s.get('games'))} {'states' if 'states' in s else 'games'}"
        extra = (
            " (exhaustive)"
            if s.get("complete")
            else (f" ({s['reason']})" if s.get("reason") else "")
        )
        console.print(
            f"  {s['engine']} on {s['config']}: {what}{extra}{' -> witness' if s['found'] else ''}"
        )
    w = data["witness"]
    if w is None:
        verdict = (
            "identical (exhaustive)" if data["material"] is False else "not material within budget"
        )
        console.print(f"material: {data['material']} - {verdict}; {data['note']}")
        return
    console.print(
        f"material: true (engine {data['engine']}, config {data['config']}); "
        f"witness after {w['depth']} steps, "
        + ("" if w["round"] is None and w["state"] is not None else f"round {w['round']}, ")
        + f"kind {w['kind']}"
    )
    if w["state"] is None:
        console.print("the readings start from different initial states (setup differs)")
    else:
        console.print("state:")
        console.print(w["state"])
    if w.get("decision"):
        console.print(f"decision: {w['decision']}")
    table = Table(show_header=True, header_style="bold")
    table.add_column("what differs")
    table.add_column(f"A: {a}")
    table.add_column(f"B: {b}")
    for label, under_a, under_b in witness_rows(w, sep="\n"):
        table.add_row(Text(label), Text(under_a), Text(under_b))
    console.print(table)
    if data.get("traces"):
        console.print(f"traces: {' '.join(data['traces'])} (hhh-verify replay FILE)")
