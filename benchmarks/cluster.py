"""Scale-out speed-up: the same simulate and impact runs in this process and on a local
Dask cluster of 1 and 2 workers (or more: ``--workers 1,2,4``).

Usage::

    python benchmarks/cluster.py                      # 600 games, 150 paired games
    python benchmarks/cluster.py --games 2000 --paired 400 --workers 1,2

Each cluster is started first (its start-up time is printed apart) and warmed up with a
small run, so the worker processes have imported the toolkit before the clock starts.
Every run's result is compared with the in-process one (it must be identical); the
speed-up is the 1-worker time over the N-worker time. ``CPU s`` is the CPU time the
run used (this process, or all the workers), ``cores`` that over the wall time: how
many cores the run actually got. The machine's
load average is printed: on a shared machine other work takes cores away, and the
speed-up cannot exceed the cores the workers got. A figure, not a test.
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from collections.abc import Callable
from typing import Any

from distributed import Client, LocalCluster

from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.execution import Runner, paired, playouts


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def plain(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "seconds"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="hhh")
    ap.add_argument("--games", type=int, default=600, help="simulate: games")
    ap.add_argument("--paired", type=int, default=150, help="impact: paired games")
    ap.add_argument("--ambiguity", default="HHH-WARD-BEDS")
    ap.add_argument("--policy", default="random")
    ap.add_argument("--workers", default="1,2")
    args = ap.parse_args()

    def work(run: Runner) -> tuple[float, float, dict[str, Any], dict[str, Any]]:
        t_sim, summary = timed(
            lambda: playouts.simulate(
                run, Scenario(args.game, policy=args.policy), Budget(games=args.games)
            )
        )
        spec_opts = _pair(args.game, args.ambiguity)
        t_imp, imp = timed(
            lambda: paired.impact(
                run, Scenario(args.game), args.ambiguity, spec_opts, Budget(games=args.paired)
            )
        )
        return t_sim, t_imp, plain(summary.to_json()), plain(imp.to_json())

    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"simulate: {args.games} games of {args.game} ({args.policy});")
    print(f"impact:   {args.paired} paired games of {args.ambiguity}")
    with Runner(jobs=1) as here:
        cpu = time.process_time()
        t_sim0, t_imp0, sim0, imp0 = work(here)
        cpu = time.process_time() - cpu
    print(
        f"{'where':18} {'start s':>8} {'simulate s':>10} {'impact s':>9} {'CPU s':>6} "
        f"{'cores':>6} {'speed-up':>9}"
    )
    print(
        f"{'this process':18} {'-':>8} {t_sim0:>10.2f} {t_imp0:>9.2f} {cpu:>6.2f} "
        f"{cpu / (t_sim0 + t_imp0):>6.2f}"
    )
    one = None
    for n in (int(x) for x in args.workers.split(",")):
        t_start, cluster = timed(
            lambda n=n: LocalCluster(
                n_workers=n,
                threads_per_worker=1,
                host="127.0.0.1",
                dashboard_address="127.0.0.1:0",
                silence_logs=logging.ERROR,
            )
        )
        with (
            cluster,
            Client(cluster, set_as_default=False) as client,
            Runner(scheduler=cluster.scheduler_address) as run,
        ):
            playouts.simulate(run, Scenario(args.game), 4 * n)  # warm-up: imports on every worker
            cpu0 = sum(client.run(time.process_time).values())
            t_sim, t_imp, sim, imp = work(run)
            cpu = sum(client.run(time.process_time).values()) - cpu0
        assert sim == sim0 and imp == imp0, "a cluster result differs from this process's"
        total = t_sim + t_imp
        one = one or total
        print(
            f"{f'{n} worker(s)':18} {t_start:>8.2f} {t_sim:>10.2f} {t_imp:>9.2f} "
            f"{cpu:>6.2f} {cpu / total:>6.2f} {one / total:>8.2f}x"
        )
    print("results identical in every placement")


def _pair(game: str, ambiguity: str) -> tuple[str, str]:
    from hhh_verify.contract.registry import get_game
    from hhh_verify.engines.diverge import pick_options

    return pick_options(get_game(game), ambiguity)


if __name__ == "__main__":
    main()
