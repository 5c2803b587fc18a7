"""`hhh-verify impact`: paired Monte Carlo of two readings with common random numbers."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hhh_verify.cli.cluster import Fanout, cluster_options, task_progress, task_runner
from hhh_verify.cli.common import (
    MAX_GAMES,
    POSITIVE,
    F,
    Number,
    WholeNumber,
    command_errors,
    config_option,
    converts,
    decisions_option,
    emit_json,
    engine_option,
    game_option,
    interpret_option,
    json_option,
    note_uncompiled,
    pair_items,
    seed_option,
    set_option,
    with_budget,
    with_scenario,
)
from hhh_verify.contract import registry
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.contract.vocab import SimulateEngine
from hhh_verify.engines import impact
from hhh_verify.engines.diverge import pick_options
from hhh_verify.execution import paired

#: A 95% interval's full width on a win-rate difference (which lies in [-1, 1]).
WIDTH = Number(max=2, meaning="a win-rate interval width")


@dataclass(frozen=True)
class Comparison:
    """Two readings of one ambiguity (``--ambiguity``, ``--options``): ``given``, the
    options named (none, one or two), and ``pair``, the two compared (the default and
    the next when not named)."""

    ambiguity: str
    given: tuple[str, ...]
    pair: tuple[str, str]


def comparison(scenario: Scenario, ambiguity: str, options: str) -> Comparison:
    """The readings ``options`` (``A,B``; empty: the default and the next) of
    ``ambiguity`` in ``scenario``'s game, validated (one-line errors)."""
    spec = registry.get_game(scenario.game)
    given = tuple(o.strip() for o in options.split(",") if o.strip()) if options else ()
    pair = pick_options(spec, ambiguity, given)
    fixed = dict(scenario.readings)
    if ambiguity in fixed:
        raise ModelError(
            f"{ambiguity} is the rule compared, yet --interpret/--decisions also fix it "
            f"({ambiguity}={fixed[ambiguity]}); accepted: readings of other rules"
        )
    return Comparison(ambiguity, given, pair)


def with_comparison(fn: F) -> F:
    """The command gets ``compared``, the :class:`Comparison` of its ``--ambiguity`` and
    ``--options`` in the game of its ``scenario`` (built above it)."""

    def build(given: dict[str, Any], others: dict[str, Any]) -> Comparison:
        return comparison(others["scenario"], given["ambiguity"], given["options"])

    return converts("compared", ("ambiguity", "options"), build)(fn)


@click.command("impact")
@game_option
@click.option("--ambiguity", "ambiguity", required=True, help="Ambiguity id (see `ambiguities`).")
@click.option(
    "--options",
    "options",
    default="",
    metavar="A,B",
    help="The two readings (default: the default and the next option).",
)
@click.option(
    "--games",
    "games",
    type=WholeNumber(min=2, max=MAX_GAMES, meaning="paired games"),
    default=200,
    show_default=True,
    help="Paired games.",
)
@seed_option
@click.option(
    "--policy",
    "policy",
    default="random",
    show_default=True,
    help="Decision policy: random, or one of the game's (see `hhh-verify games`).",
)
@engine_option(
    SimulateEngine.values(),
    "auto",
    "Where the paired games are played: the game's compiled kernel when it has one "
    "and plays the policy (auto), always the kernel, or the reference model.",
)
@click.option(
    "--width",
    "width",
    type=WIDTH,
    default=None,
    help="Also print how many paired games a 95% interval of this full width on the "
    "win-rate difference (0.04 = +/-2 points) needs, from this run's spread.",
)
@click.option(
    "--until-width",
    "until_width",
    type=WIDTH,
    default=None,
    help="Play more paired games (from --games on, up to --max-games) until the 95% "
    "interval of the win-rate difference is at most this wide.",
)
@click.option(
    "--max-games",
    "max_games",
    type=POSITIVE,
    default=paired.MAX_GAMES,
    show_default=True,
    help="The most paired games --until-width plays.",
)
@config_option
@set_option
@interpret_option
@decisions_option
@cluster_options
@json_option
@with_scenario(hint="ambiguity")
@with_comparison
@with_budget
@command_errors
def impact_command(
    scenario: Scenario,
    compared: Comparison,
    budget: Budget,
    engine: str,
    width: float | None,
    fanout: Fanout,
    as_json: bool,
) -> None:
    """How much the choice between two readings of AMBIGUITY moves the game's measures
    (HHH: win rate, money, rating rank, deaths), end reasons and rounds reached (paired
    differences B - A, 95% intervals).
    The paired games run as tasks (--jobs, --scheduler); the result does not depend on where.
    Paired game i is the same pair whatever --games is, so --until-width only adds games.
    Both readings take the other readings of --interpret and --decisions; without --game,
    the game is the one AMBIGUITY belongs to.

    Why the means under A differ from `simulate --seed S`'s: to pair the readings step
    by step, each step of paired game i draws from its own seed (common random numbers),
    where `simulate` draws a whole game from one random stream; same game seeds, other
    games, so the two agree only within their intervals."""
    result = measure_impact(scenario, compared, budget, engine, fanout, as_json)
    show_impact(scenario, result, width if width is not None else budget.until_width, as_json)


def measure_impact(
    scenario: Scenario,
    compared: Comparison,
    budget: Budget,
    engine: str,
    fanout: Fanout,
    quiet: bool,
) -> impact.Impact:
    """The body of `impact` (also `simulate --compare ID`): the comparison ``compared`` of
    two readings on the task runner of ``fanout`` (``--scheduler``, ``--jobs``)."""
    if budget.games is not None and budget.games < 2:
        raise ModelError(f"--games must be at least 2, got {budget.games}")
    amb, pair = compared.ambiguity, compared.pair
    spec = registry.get_game(scenario.game)
    note_uncompiled(spec, pair_items(spec, scenario.readings, amb, pair))
    with task_runner(fanout) as run, task_progress("impact", run, quiet) as on_done:
        return paired.impact(run, scenario, amb, pair, budget, on_done, SimulateEngine(engine))


def show_impact(
    scenario: Scenario, result: impact.Impact, width: float | None, as_json: bool
) -> None:
    """Print one comparison (``width``: also how many paired games an interval of that
    width needs)."""
    game, decided, policy, seed = scenario.game, scenario.readings, scenario.policy, scenario.seed
    pair = result.options
    ambiguity = result.ambiguity
    games = result.games
    need_for_width = None if width is None else impact.headline(result).games_for_width(width)
    if as_json:
        data = result.to_json()
        data["game"] = game
        data["decided"] = dict(decided)
        data["severity"] = impact.severity(result, None)
        if width is not None:
            data["width"] = {
                "measure": impact.headline(result).name,
                "requested": width,
                "reached": round(impact.headline(result).high - impact.headline(result).low, 6),
                "games_needed": need_for_width,
            }
        emit_json(data)
        return
    console = Console(file=sys.stdout, highlight=False, markup=False, soft_wrap=True)
    a, b = pair
    console.print(
        f"{ambiguity}: A={a} vs B={b}; {games} paired games, policy {policy}, "
        f"seed {seed}; the readings parted in {result.parted} games; "
        f"severity {impact.severity(result, None)}"
    )
    if decided:
        console.print("other readings decided: " + ", ".join(f"{k}={v}" for k, v in decided))
    table = Table(show_header=True, header_style="bold")
    for col in ("measure", "A", "B", "B - A", "95% CI", "games needed"):
        table.add_column(col, justify="left" if col == "measure" else "right")
    for name, s in result.stats.items():
        need = s.games_needed
        table.add_row(
            *(
                Text(x)
                for x in (
                    name,
                    f"{s.mean_a:.3f}",
                    f"{s.mean_b:.3f}",
                    f"{s.diff:+.3f}",
                    f"[{s.low:+.3f}, {s.high:+.3f}]",
                    "-" if need is None else str(need),
                )
            )
        )
    console.print(table)
    if width is not None:
        stat = impact.headline(result)
        console.print(
            f"95% interval of {stat.name}: {stat.high - stat.low:.4f} wide after {games} "
            f"paired games; a width of {width} needs about {need_for_width} paired games"
        )
    console.print(impact.METHOD)
