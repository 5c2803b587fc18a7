"""``impact`` as tasks: each task plays a range of paired games of two readings.

Paired game ``i`` uses the per-step seeds of ``impact_game_seed(seed, i)`` under both
readings wherever it runs, and the pairs come back in game order, so :func:`impact`
returns exactly the :class:`~hhh_verify.engines.impact.Impact` of the sequential
:func:`hhh_verify.engines.impact.impact` (``seconds`` apart) for any runner.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..engines import impact as im
from ..engines.diverge import Decided, reading_models
from ..engines.simulate import get_policy, playout_engine
from ..model import ModelError
from ..registry import get_game
from .runner import GameFailed, Progress, Runner, Task, command, partition


def paired_games(
    game: str,
    preset: str,
    overrides: tuple[str, ...],
    ambiguity: str,
    options: tuple[str, str],
    policy: str,
    seed: int,
    games: range,
    engine: str = "reference",
    decided: Decided = (),
) -> list[im.Paired]:
    """Task: paired games ``games`` of the two readings (results under A and B, and
    where they parted) under the ``decided`` readings; ``engine="kernel"`` plays them
    inside the game's kernel."""
    spec = get_game(game)
    ma, mb = reading_models(spec, spec.config(preset, overrides), ambiguity, options, decided)
    player = get_policy(policy, spec.policies)
    if engine == "kernel":
        _, ka = playout_engine(spec, ma, policy, "kernel")
        try:
            kb = spec.kernel(mb) if spec.kernel is not None else None
            return im.kernel_paired(ka, kb, spec.measures, policy, seed, games)
        except Exception as e:
            what = (
                f"paired games {games.start}..{games.stop - 1} of {game} (kernel), "
                f"{ambiguity} {options[0]} vs {options[1]}, seed {seed}"
            )
            raise GameFailed.wrap(what, e) from e
    out = []
    for i in games:
        try:
            out.append(im.paired_at(ma, mb, spec.measures, player, seed, i))
        except Exception as e:
            what = (
                f"paired game {i} (game seed {im.impact_game_seed(seed, i)}) of {game}, "
                f"{ambiguity} {options[0]} vs {options[1]}, seed {seed}"
            )
            raise GameFailed.wrap(what, e) from e
    return out


def impact(
    run: Runner,
    game: str,
    ambiguity: str,
    options: tuple[str, str],
    games: int,
    seed: int = 0,
    policy: str = "random",
    preset: str = "",
    overrides: Sequence[str] = (),
    on_done: Progress | None = None,
    engine: str = "reference",
    decided: Decided = (),
) -> im.Impact:
    """Play ``games`` paired games of the two readings on ``run`` and compare them
    (``engine``: ``auto``, ``kernel`` or ``reference``), under the ``decided`` readings."""
    if games < 2:
        raise ModelError(f"--games must be at least 2 for paired intervals, got {games}")
    spec = get_game(game)
    get_policy(policy, spec.policies)
    ma, _ = reading_models(spec, spec.config(preset, overrides), ambiguity, options, decided)
    engine, _ = playout_engine(spec, ma, policy, engine)
    ovr = tuple(overrides)
    tasks = [
        Task(
            paired_games,
            (game, preset, ovr, ambiguity, options, policy, seed, r, engine, decided),
            f"impact task (paired games {r.start}..{r.stop - 1} of {game}, {ambiguity} "
            f"{options[0]} vs {options[1]}, seed {seed}, policy {policy})",
            command(
                "impact",
                ("--game", game),
                ("--ambiguity", ambiguity),
                ("--options", ",".join(options)),
                ("--config", preset),
                ("--set", ovr),
                ("--policy", policy),
                ("--seed", seed),
                ("--games", max(2, r.stop)),
                ("--engine", engine if engine != "reference" else None),
                ("--interpret", tuple(f"{k}={v}" for k, v in decided)),
            ),
        )
        for r in partition(games, run.workers, largest=100 if engine == "reference" else 2000)
    ]
    start = time.perf_counter()
    chunks = run.map(tasks, on_done)
    results = [pair for chunk in chunks for pair in chunk]
    return im.summarise_impact(
        spec, ambiguity, options, policy, seed, preset, results, time.perf_counter() - start
    )
