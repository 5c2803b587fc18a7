"""``check`` as tasks: one per (game, config, readings, engine).

An engine checks all of its properties of one game in one task (the stateful engine's
properties share one Hypothesis run), and the rows come back in the order of the plan:
game by game, engine by engine, as the sequential ``check`` lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hhh_verify.check import run as checking
from hhh_verify.contract.registry import get_game, properties_for
from hhh_verify.contract.vocab import ChanceMode
from hhh_verify.engines.results import CheckOptions, CheckResult
from hhh_verify.execution.runner import Progress, Runner, Task, command


@dataclass(frozen=True)
class CheckPlan:
    """One task's worth of ``check``: the properties of ``game`` (only those in
    ``only``, when given) under ``config`` and the ``interpret`` readings, through the
    engine called ``engine``."""

    game: str
    config: str
    interpret: tuple[str, ...]
    engine: str
    only: tuple[str, ...] = ()


def check_one(plan: CheckPlan, options: CheckOptions) -> list[CheckResult]:
    """Task: the rows of one engine over its properties of one game."""
    spec = get_game(plan.game)
    model = spec.model(plan.config, (), plan.interpret)
    props = properties_for(plan.game)
    if plan.only:
        props = props.select(plan.only)
    engine = next(e for e in checking.engines(spec) if e.name == plan.engine)
    return checking.check_model(model, spec.ambiguities, props, options, [engine])


def check_all(
    run: Runner,
    plans: Sequence[CheckPlan],
    options: CheckOptions,
    on_done: Progress | None = None,
) -> list[CheckResult]:
    """Every plan's rows, in plan order, checked on ``run``."""
    tasks = [
        Task(
            check_one,
            (p, options),
            f"check task ({p.engine} on {p.game}, seed {options.seed}, profile {options.profile})",
            command(
                "check",
                ("--game", p.game),
                ("--config", p.config),
                ("--interpret", p.interpret),
                ("--property", p.only),
                ("--engine", p.engine),
                ("--profile", options.profile),
                ("--seed", options.seed),
                ("--chance", options.chance if options.chance != ChanceMode.AUTO else None),
            ),
        )
        for p in plans
    ]
    return [row for rows in run.map(tasks, on_done) for row in rows]
