"""``check`` as tasks: one per (scenario, engine).

An engine checks all of its properties of one game in one task (the stateful engine's
properties share one Hypothesis run), and the rows come back in the order of the plan:
game by game, engine by engine, as the sequential ``check`` lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hhh_verify.check import run as checking
from hhh_verify.contract.registry import get_game, properties_for
from hhh_verify.contract.scenario import Scenario
from hhh_verify.contract.vocab import ChanceMode, EngineId
from hhh_verify.engines.results import CheckOptions, CheckResult
from hhh_verify.execution.runner import Progress, Runner, Task, command


@dataclass(frozen=True)
class CheckPlan:
    """One task's worth of ``check``: the properties of ``scenario``'s game (only those
    in ``only``, when given) under its config and readings, through the engine
    ``engine``; ``name`` is what that engine calls itself (``explore:tiny``), for the
    replay command line."""

    scenario: Scenario
    engine: EngineId
    only: tuple[str, ...] = ()
    name: str = ""


def check_one(plan: CheckPlan, options: CheckOptions) -> list[CheckResult]:
    """Task: the rows of one engine over its properties of one game."""
    spec = get_game(plan.scenario.game)
    model = plan.scenario.model(spec)
    props = properties_for(spec.id)
    if plan.only:
        props = props.select(plan.only)
    engine = checking.engine(spec, plan.engine)
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
            f"check task ({p.name or p.engine} on {p.scenario.game}, seed {options.seed}, "
            f"profile {options.profile})",
            command(
                "check",
                *p.scenario.flags(),
                ("--property", p.only),
                ("--engine", p.name or p.engine.value),
                ("--profile", options.profile),
                ("--seed", options.seed),
                ("--chance", options.chance if options.chance != ChanceMode.AUTO else None),
            ),
        )
        for p in plans
    ]
    return [row for rows in run.map(tasks, on_done) for row in rows]
