"""``impact`` as tasks: each task plays a range of paired games of two readings.

Paired game ``i`` uses the per-step seeds of ``impact_game_seed(seed, i)`` under both
readings wherever it runs, and the pairs come back in game order, so :func:`impact`
returns exactly the :class:`~hhh_verify.engines.impact.Impact` of the sequential
:func:`hhh_verify.engines.impact.impact` (``seconds`` apart) for any runner. With an
interval width to reach (``Budget.until_width``), it plays more games until the
headline measure's 95% interval is that narrow: game ``i`` is the same
pair whatever the count, so more games only add games.
"""

from __future__ import annotations

import time

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.registry import get_game
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.contract.vocab import SimulateEngine
from hhh_verify.engines import impact as impact_engine
from hhh_verify.engines.diverge import reading_models
from hhh_verify.engines.simulate import get_policy, playout_engine
from hhh_verify.execution.runner import GameFailed, Progress, Runner, Task, command, partition

#: The most paired games an interval width plays by default.
MAX_GAMES = 200_000
#: Paired games when the budget does not say.
GAMES = 200


def paired_games(
    scenario: Scenario,
    ambiguity: str,
    options: tuple[str, str],
    games: range,
    engine: SimulateEngine = SimulateEngine.REFERENCE,
) -> list[impact_engine.Paired]:
    """Task: paired games ``games`` of the two readings of ``ambiguity`` in
    ``scenario`` (results under A and B, and where they parted); ``engine="kernel"``
    plays them inside the game's kernel."""
    spec = get_game(scenario.game)
    seed = scenario.seed
    ma, mb = reading_models(spec, scenario.config(spec), ambiguity, options, scenario.readings)
    player = get_policy(scenario.policy, spec.policies)
    if engine == SimulateEngine.KERNEL:
        _, ka = playout_engine(spec, ma, scenario.policy, SimulateEngine.KERNEL, other=mb)
        try:
            assert spec.kernel is not None and ka is not None  # "kernel" or it raised
            kb = spec.kernel(mb)
            return impact_engine.kernel_paired(ka, kb, spec.measures, scenario.policy, seed, games)
        except Exception as e:
            what = (
                f"paired games {games.start}..{games.stop - 1} of {scenario.game} (kernel), "
                f"{ambiguity} {options[0]} vs {options[1]}, seed {seed}"
            )
            raise GameFailed.wrap(what, e) from e
    out = []
    for i in games:
        try:
            out.append(impact_engine.paired_at(ma, mb, spec.measures, player, seed, i))
        except Exception as e:
            what = (
                f"paired game {i} (game seed {impact_engine.impact_game_seed(seed, i)}) of "
                f"{scenario.game}, {ambiguity} {options[0]} vs {options[1]}, seed {seed}"
            )
            raise GameFailed.wrap(what, e) from e
    return out


def impact(
    run: Runner,
    scenario: Scenario,
    ambiguity: str,
    options: tuple[str, str],
    budget: Budget,
    on_done: Progress | None = None,
    engine: SimulateEngine = SimulateEngine.REFERENCE,
) -> impact_engine.Impact:
    """Play ``budget.games`` paired games of the two readings on ``run`` and compare
    them (``engine``: ``auto``, ``kernel`` or ``reference``); with ``budget.until_width``,
    more (up to ``budget.max_games``, default :data:`MAX_GAMES`) until the headline
    measure's 95% interval is that narrow."""
    games = GAMES if budget.games is None else budget.games
    most = MAX_GAMES if budget.max_games is None else budget.max_games
    result = _impact(run, scenario, ambiguity, options, games, on_done, engine)
    width = budget.until_width
    while width is not None and result.games < most:
        stat = impact_engine.headline(result)
        wanted = min(most, stat.games_for_width(width))
        if stat.high - stat.low <= width or wanted <= result.games:
            break
        games = max(wanted, result.games + 1)
        result = _impact(run, scenario, ambiguity, options, games, on_done, engine)
    return result


def _impact(
    run: Runner,
    scenario: Scenario,
    ambiguity: str,
    options: tuple[str, str],
    games: int,
    on_done: Progress | None,
    engine: SimulateEngine,
) -> impact_engine.Impact:
    """Paired games ``0..games-1`` on ``run``."""
    if games < 2:
        raise ModelError(f"--games must be at least 2 for paired intervals, got {games}")
    spec = get_game(scenario.game)
    ma, mb = reading_models(spec, scenario.config(spec), ambiguity, options, scenario.readings)
    engine, _ = playout_engine(spec, ma, scenario.policy, engine, other=mb)
    game, config, overrides, interpret = scenario.flags()
    tasks = [
        Task(
            paired_games,
            (scenario, ambiguity, options, r, engine),
            f"impact task (paired games {r.start}..{r.stop - 1} of {scenario.game}, "
            f"{ambiguity} {options[0]} vs {options[1]}, seed {scenario.seed}, "
            f"policy {scenario.policy})",
            command(
                "impact",
                game,
                ("--ambiguity", ambiguity),
                ("--options", ",".join(options)),
                config,
                overrides,
                ("--policy", scenario.policy),
                ("--seed", scenario.seed),
                ("--games", max(2, r.stop)),
                ("--engine", engine if engine != SimulateEngine.REFERENCE else None),
                interpret,
            ),
        )
        for r in partition(
            games, run.workers, largest=100 if engine == SimulateEngine.REFERENCE else 2000
        )
    ]
    start = time.perf_counter()
    chunks = run.map(tasks, on_done)
    results = [pair for chunk in chunks for pair in chunk]
    return impact_engine.summarise_impact(
        spec, scenario, ambiguity, options, results, time.perf_counter() - start
    )
