"""The differential witness search of ``diverge`` as tasks: each task plays a range of
common-random-numbers games of two readings and stops at its first witness.

Game ``i`` is the same game wherever it runs (:func:`~hhh_verify.engines.diverge.step_seed`
seeds, policy ``i mod n``), and the merge takes the witness of the lowest game and counts
games, steps and rejected candidates up to it, so the result is the sequential
:func:`~hhh_verify.engines.diverge.differential_search`'s (``seconds`` apart) whatever the
runner, as long as the time safety net does not cut the search (when it fires the
search ends, incomplete, at the first range it cut).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from hhh_verify.contract.registry import get_game
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.engines import diverge
from hhh_verify.engines.simulate import get_policy
from hhh_verify.execution.runner import (
    NOT_RUN,
    GameFailed,
    Progress,
    Runner,
    Task,
    command,
    partition,
)


def differential_games(
    scenario: Scenario,
    budget: Budget,
    ambiguity: str,
    options: tuple[str, str],
    policies: tuple[str, ...],
    games: range,
) -> diverge.DifferentialSearch:
    """Task: differential games ``games`` of ``scenario``, up to the first witness among
    them (or until the safety net of ``budget.max_seconds`` fires)."""
    game, seed = scenario.game, scenario.seed
    max_seconds = budget.max_seconds
    spec = get_game(game)
    config = scenario.config(spec)
    ma, mb = diverge.reading_models(spec, config, ambiguity, options, scenario.readings)
    players = [get_policy(p, spec.policies) for p in policies]
    start = time.perf_counter()
    played = steps = rejected = 0
    reason = ""
    for i in games:
        if max_seconds is not None and time.perf_counter() - start > max_seconds:
            reason = diverge.safety_reason(max_seconds)
            break
        try:
            one = diverge.differential_search(ma, mb, seed, i + 1, None, players, first=i)
        except Exception as e:
            what = f"differential game {i} of {game}, {ambiguity} {options[0]} vs {options[1]}, seed {seed}"
            raise GameFailed.wrap(what, e) from e
        played += one.games
        steps += one.steps
        rejected += one.rejected
        if one.witness is not None:
            return diverge.DifferentialSearch(
                one.witness, played, steps, rejected, "", time.perf_counter() - start, i
            )
    return diverge.DifferentialSearch(
        None, played, steps, rejected, reason, time.perf_counter() - start
    )


def _found(values: Mapping[int, Any]) -> bool:
    """Whether the searched prefix already decides the search: a witness, or a range
    cut by the time safety net, with every earlier range done."""
    i = 0
    while i in values:
        if values[i].witness is not None or values[i].reason:
            return True
        i += 1
    return False


def searcher(
    run: Runner, ambiguity: str, options: tuple[str, str], on_done: Progress | None = None
) -> diverge.DifferentialRunner:
    """The ``runner`` of :func:`hhh_verify.engines.diverge.diverge`'s
    :class:`~hhh_verify.engines.diverge.Search` that plays the differential games of
    ``ambiguity`` on ``run``."""

    def search(
        scenario: Scenario, max_games: int, max_seconds: float | None, policies: tuple[str, ...]
    ) -> diverge.DifferentialSearch:
        game, seed = scenario.game, scenario.seed
        start = time.perf_counter()
        deadline = None if max_seconds is None else start + max_seconds
        budget = Budget(max_games=max_games, max_seconds=max_seconds)
        game_flag, config, overrides, interpret = scenario.flags()
        tasks = [
            Task(
                differential_games,
                (scenario, budget, ambiguity, options, policies, r),
                f"differential task (games {r.start}..{r.stop - 1} of {game}, {ambiguity} "
                f"{options[0]} vs {options[1]}, seed {seed})",
                command(
                    "diverge",
                    game_flag,
                    ("--ambiguity", ambiguity),
                    ("--options", ",".join(options)),
                    config,
                    overrides,
                    ("--engine", "differential"),
                    ("--policies", ",".join(policies)),
                    ("--seed", seed),
                    ("--max-games", r.stop),
                    interpret,
                ),
            )
            for r in partition(max_games, run.workers, largest=25)
        ]
        handles = [run.submit(t) for t in tasks]
        parts = run.gather(handles, on_done, stop=_found, deadline=deadline)
        games = steps = rejected = 0
        for part in parts:
            if part is NOT_RUN:  # only the deadline leaves a range unplayed before the end
                reason = diverge.safety_reason(max_seconds or 0)
                return diverge.DifferentialSearch(
                    None, games, steps, rejected, reason, time.perf_counter() - start
                )
            games += part.games
            steps += part.steps
            rejected += part.rejected
            if part.witness is not None or part.reason:
                return diverge.DifferentialSearch(
                    part.witness,
                    games,
                    steps,
                    rejected,
                    part.reason,
                    time.perf_counter() - start,
                    part.game_index,
                )
        return diverge.DifferentialSearch(
            None, games, steps, rejected, f"{games} games played", time.perf_counter() - start
        )

    return search
