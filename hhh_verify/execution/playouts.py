"""``simulate`` as tasks: each task plays a range of games of one run.

Game ``i`` of a run is played from ``game_seed(seed, i)`` wherever it runs, and the
games come back in game order, so :func:`simulate` returns exactly the
:class:`~hhh_verify.engines.simulate.Summary` of the sequential
:func:`hhh_verify.engines.simulate.simulate` (``seconds`` apart) for any runner.
"""

from __future__ import annotations

import random
import time
from typing import Any

from hhh_verify.contract.registry import get_game
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.contract.vocab import SimulateEngine
from hhh_verify.engines import simulate as simulation
from hhh_verify.execution.runner import GameFailed, Progress, Runner, Task, command, partition

#: Games ``simulate`` plays when the budget does not say.
GAMES = 100
DEFAULT = Budget(games=GAMES)


def play_games(
    scenario: Scenario,
    budget: Budget,
    games: range,
    exact: bool,
    engine: SimulateEngine = SimulateEngine.REFERENCE,
) -> list[simulation.Playout]:
    """Task: games ``games`` of ``scenario``'s run, each cut after ``budget.max_steps``
    steps, without their final states (:meth:`~hhh_verify.engines.simulate.Playout.light`);
    ``engine="kernel"`` plays them inside the game's kernel."""
    game, seed, policy = scenario.game, scenario.seed, scenario.policy
    max_steps = max_steps_of(budget)
    spec = get_game(game)
    model = scenario.model(spec)
    player = simulation.get_policy(policy, spec.policies)
    if engine == SimulateEngine.KERNEL:
        _, kernel = simulation.playout_engine(spec, model, policy, SimulateEngine.KERNEL, exact)
        assert kernel is not None  # engine "kernel" gives one or raises
        try:
            return simulation.kernel_playouts(kernel, seed, games, policy, max_steps, spec.measures)
        except Exception as e:
            raise GameFailed.wrap(
                f"games {games.start}..{games.stop - 1} of {game} with seed {seed} (kernel)", e
            ) from e
    out = []
    for i in games:
        rng = random.Random(simulation.game_seed(seed, i))
        try:
            p = simulation.playout(
                model, rng, player, max_steps, exact=exact, measures=spec.measures
            )
        except Exception as e:
            raise GameFailed.wrap(
                f"game {i} (game seed {simulation.game_seed(seed, i)}) of {game} with seed {seed}",
                e,
            ) from e
        out.append(p.light())
    return out


def max_steps_of(budget: Budget) -> int:
    """The steps after which a playout is cut: the budget's, else the engine's default."""
    return simulation.DEFAULT_MAX_STEPS if budget.max_steps is None else budget.max_steps


def simulate(
    run: Runner,
    scenario: Scenario,
    budget: Budget = DEFAULT,
    on_done: Progress | None = None,
    engine: SimulateEngine = SimulateEngine.REFERENCE,
    exact: bool = False,
) -> simulation.Summary:
    """Play ``budget.games`` games of ``scenario`` on ``run`` and summarise them
    (``engine``: ``auto``, ``kernel`` or ``reference``, see
    :func:`~hhh_verify.engines.simulate.playout_engine`; the summary names the one used)."""
    game, seed, policy = scenario.game, scenario.seed, scenario.policy
    games = GAMES if budget.games is None else budget.games
    max_steps = max_steps_of(budget)
    spec = get_game(game)
    model = scenario.model(spec)
    simulation.get_policy(policy, spec.policies)  # a bad name fails here, before any task
    engine, _ = simulation.playout_engine(spec, model, policy, engine, exact)
    if games < 1:
        simulation.simulate(model, games)  # raises the engine's own message
    tasks = [
        Task(
            play_games,
            (scenario, budget, r, exact, engine),
            f"simulate task (games {r.start}..{r.stop - 1} of {game}, seed {seed}, policy {policy})",
            command(
                "simulate",
                *scenario.flags(),
                ("--policy", policy),
                ("--seed", seed),
                ("--max-steps", max_steps if max_steps != simulation.DEFAULT_MAX_STEPS else None),
                ("--exact", exact),
                ("--engine", engine if engine != SimulateEngine.REFERENCE else None),
                ("--games", r.stop),
            ),
        )
        for r in partition(games, run.workers)
    ]
    start = time.perf_counter()
    chunks = run.map(tasks, on_done)
    played: list[Any] = [p for chunk in chunks for p in chunk]
    return simulation.summarise(
        model,
        played,
        spec.measures,
        policy=policy,
        seed=seed,
        seconds=time.perf_counter() - start,
        engine=engine,
    )
