"""The compiled HHH kernel against the reference model, measured in the same run.

Usage: python benchmarks/kernel.py [--game hhh] [--preset full] [--seconds 5] [--games 5000]

Prints, for random and greedy play: reference games/s (the model's ``sample_step`` and
policies), kernel games/s and their ratio; the kernel's paired games/s (what ``impact``
plays, both readings of a pair); explorer states/s of the reference explorer and of the
kernel's (``explore --engine kernel``) with its bytes per state; and the start-up cost of a fresh process that loads the
cached compiled kernel (``cache=True``: compile time is paid once per source change).
Figures under load are noisy; the ratios are what compare. Nothing here asserts a speed.
``--game dice-hospital`` prints the same comparison for Dice Hospital, for 2 and 4
players, and the explorers on its reduced presets (:func:`dice_hospital`).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import numpy as np

from hhh_verify.contract.registry import get_game
from hhh_verify.engines import simulate as sim

LOAD = (
    "import time; t = time.perf_counter(); from hhh_verify.contract.registry import get_game; "
    "import numpy as np; spec = get_game('hhh'); m = spec.model('{preset}'); "
    "k = spec.kernel(m); k.games([1], 'greedy', 100000); print(time.perf_counter() - t)"
)


def reference_rate(model: object, policy: str, seconds: float, game: str = "hhh") -> float:
    player = sim.get_policy(policy, get_game(game).policies)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        sim.playout(model, random.Random(sim.game_seed(0, games)), player)
        games += 1
    return games / (time.perf_counter() - start)


def kernel_rate(kernel: object, policy: str, games: int) -> tuple[float, float]:
    seeds = [sim.game_seed(0, i) for i in range(games)]
    start = time.perf_counter()
    played = kernel.games(seeds, policy, sim.DEFAULT_MAX_STEPS)  # type: ignore[attr-defined]
    elapsed = time.perf_counter() - start
    steps = sum(g.steps for g in played)
    return games / elapsed, steps / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="full")
    parser.add_argument("--seconds", type=float, default=5.0, help="reference time per policy")
    parser.add_argument("--games", type=int, default=5000, help="kernel games per policy")
    parser.add_argument(
        "--game", default="hhh", help="hhh (default), royal-hospital or dice-hospital"
    )
    args = parser.parse_args()
    if args.game == "royal-hospital":
        royal_hospital(args)
        return
    if args.game == "dice-hospital":
        dice_hospital(args)
        return
    spec = get_game("hhh")
    model = spec.model(args.preset)
    other = spec.model(args.preset, interpret=["HHH-ROOM-CAP=every-phase"])
    start = time.perf_counter()
    kernel = spec.kernel(model)
    kernel.games([0], "greedy", 1000)  # load (or compile) every kernel function
    print(f"kernel load in this process: {time.perf_counter() - start:.2f} s")
    print(
        f"{'policy':8} {'reference g/s':>14} {'kernel g/s':>11} {'kernel steps/s':>15} {'ratio':>7}"
    )
    for policy in ("random", "greedy"):
        ref = reference_rate(model, policy, args.seconds)
        fast, steps = kernel_rate(kernel, policy, args.games)
        print(f"{policy:8} {ref:14.1f} {fast:11.1f} {steps:15.0f} {fast / ref:7.1f}x")
    ka, kb = kernel, spec.kernel(other)
    seeds = np.arange(args.games // 2, dtype=np.uint64)
    ka.paired_games(kb, seeds[:1], "greedy", 20_000)  # load (or compile) the paired loop
    for policy in ("random", "greedy"):
        start = time.perf_counter()
        ka.paired_games(kb, seeds, policy, 20_000)
        rate = len(seeds) / (time.perf_counter() - start)
        print(f"paired games/s ({policy}, both readings): {rate:.1f}")
    from hhh_verify.engines.explore.explorer import explore

    for preset in ("interactions", "small"):
        m = spec.model(preset)
        start = time.perf_counter()
        ref = explore(m, max_states=2_000_000, max_seconds=args.seconds * 4)
        ref_rate = ref.n_states / (time.perf_counter() - start)
        got = spec.kernel(m).count_states(50_000_000)
        rate = got["states"] / got["seconds"]
        print(
            f"explorer {preset}: reference {ref_rate:,.0f} states/s "
            f"({'complete' if ref.complete else 'cut'}), kernel {rate:,.0f} states/s "
            f"({got['states']:,} states, {got['bytes_per_state']:.0f} bytes/state), "
            f"{rate / ref_rate:.0f}x"
        )
    out = subprocess.run(
        [sys.executable, "-c", LOAD.format(preset=args.preset)],
        capture_output=True,
        text=True,
        check=True,
    )
    print(f"fresh process, cached kernel, first game: {float(out.stdout):.2f} s")


def cpu_rates(run: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Games per wall second and per CPU second of ``run`` (one batch, which returns
    how many games it played), repeated until ``seconds`` of CPU time have passed."""
    games = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.process_time() - cpu < seconds or games == 0:
        games += run()
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def reference_game(model: object, player: Any, counter: Iterator[int]) -> int:
    sim.playout(model, random.Random(sim.game_seed(0, next(counter))), player)
    return 1


def kernel_batch(kernel: Any, seeds: list[int], policy: str) -> int:
    kernel.games(seeds, policy, sim.DEFAULT_MAX_STEPS)
    return len(seeds)


def royal_hospital(args: argparse.Namespace) -> None:
    """Royal Hospital's figures: 2 and 4 players, random and greedy (games/s of CPU time
    too, the fairer figure on a shared machine), then the explorer."""
    spec = get_game("royal-hospital")
    print(
        f"{'players':7} {'policy':8} {'reference g/s':>14} {'kernel g/s':>11} {'ratio':>7}"
        f" {'ref cpu g/s':>12} {'kernel cpu g/s':>15} {'cpu ratio':>10}"
    )
    for players in (2, 4):
        model = spec.model(args.preset, [f"players={players}"])
        kernel = spec.kernel(model)
        kernel.games([0], "greedy", 1000)  # load (or compile) every kernel function
        for policy in ("random", "greedy"):
            player = sim.get_policy(policy, spec.policies)
            seeds = [sim.game_seed(0, i) for i in range(args.games)]
            one_ref = partial(reference_game, model, player, iter(range(10**9)))
            batch = partial(kernel_batch, kernel, seeds, policy)
            ref, ref_cpu = cpu_rates(one_ref, args.seconds)
            fast, fast_cpu = cpu_rates(batch, 0.0)
            print(
                f"{players:7} {policy:8} {ref:14.1f} {fast:11.1f} {fast / ref:7.1f}x"
                f" {ref_cpu:12.1f} {fast_cpu:15.1f} {fast_cpu / ref_cpu:9.1f}x"
            )
    from hhh_verify.engines.explore.explorer import explore

    for preset in ("tiny", "small"):
        m = spec.model(preset)
        start = time.perf_counter()
        ref = explore(m, max_states=2_000_000, max_seconds=args.seconds * 4)
        ref_rate = ref.n_states / (time.perf_counter() - start)
        counter = spec.kernel(m)
        counter.count_states(10)  # load (or compile) the explorer
        cpu = time.process_time()
        got = counter.count_states(50_000_000)
        cpu_rate = got["states"] / (time.process_time() - cpu)
        rate = got["states"] / got["seconds"]
        print(
            f"explorer {preset}: reference {ref_rate:,.0f} states/s "
            f"({'complete' if ref.complete else 'cut'}), kernel {rate:,.0f} states/s "
            f"({cpu_rate:,.0f} per CPU second; {got['states']:,} states, "
            f"{got['bytes_per_state']:.0f} bytes/state), {rate / ref_rate:.0f}x"
        )


def dice_hospital(args: argparse.Namespace) -> None:
    """Dice Hospital: reference vs kernel games/s (random, greedy) for 2 and 4 players,
    per wall and per CPU second (the fairer figure on a shared machine), the ratio, and
    both explorers' states/s on ``tiny`` and ``small``."""
    spec = get_game("dice-hospital")
    print(
        f"{'players':7} {'policy':8} {'reference g/s':>14} {'kernel g/s':>11} {'ratio':>7}"
        f" {'ref cpu g/s':>12} {'kernel cpu g/s':>15} {'cpu ratio':>10}"
    )
    for players in (2, 4):
        model = spec.model(args.preset, overrides=[f"players={players}"])
        kernel = spec.kernel(model)
        kernel.games([0], "greedy", 100_000)  # load (or compile) every kernel function
        for policy in ("random", "greedy"):
            player = sim.get_policy(policy, spec.policies)
            seeds = [sim.game_seed(0, i) for i in range(args.games)]
            one_ref = partial(reference_game, model, player, iter(range(10**9)))
            batch = partial(kernel_batch, kernel, seeds, policy)
            ref, ref_cpu = cpu_rates(one_ref, args.seconds)
            fast, fast_cpu = cpu_rates(batch, 0.0)
            print(
                f"{players:7} {policy:8} {ref:14.1f} {fast:11.1f} {fast / ref:7.1f}x"
                f" {ref_cpu:12.1f} {fast_cpu:15.1f} {fast_cpu / ref_cpu:9.1f}x"
            )
    from hhh_verify.engines.explore.explorer import explore

    for preset in ("tiny", "small"):
        m = spec.model(preset)
        start = time.perf_counter()
        ref_run = explore(m, max_states=2_000_000, max_seconds=args.seconds * 4)
        ref_rate = ref_run.n_states / (time.perf_counter() - start)
        counter = spec.kernel(m)
        counter.count_states(10)  # load (or compile) the explorer
        cpu = time.process_time()
        got = counter.count_states(50_000_000)
        cpu_rate = got["states"] / (time.process_time() - cpu)
        rate = got["states"] / got["seconds"]
        print(
            f"explorer {preset}: reference {ref_rate:,.0f} states/s "
            f"({'complete' if ref_run.complete else 'cut'}), kernel {rate:,.0f} states/s "
            f"({cpu_rate:,.0f} per CPU second; {got['states']:,} states, "
            f"{got['bytes_per_state']:.0f} bytes/state), {rate / ref_rate:.0f}x"
        )


if __name__ == "__main__":
    main()
