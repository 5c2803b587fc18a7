"""Royal Hospital throughput: playouts per second (random and greedy players) and the
explorer's distinct states per second on the reduced presets.

Usage: python benchmarks/royal_hospital.py [--seconds 10] [--explore tiny,small]

Prints one line per measurement. Figures to compare across commits on the same machine,
not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from hhh_verify.contract.registry import get_game
from hhh_verify.engines import simulate as sim
from hhh_verify.engines.explore.explorer import explore

SPEC = get_game("royal-hospital")


def playouts(model: Any, policy: Any, seconds: float, seed: int) -> tuple[int, int, float]:
    """Play games until ``seconds`` have passed; return (games, steps, elapsed)."""
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        p = sim.playout(model, random.Random(sim.game_seed(seed, games)), policy)
        games += 1
        steps += p.steps
    return games, steps, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget per line")
    parser.add_argument("--configs", default="full,tiny", help="presets for playouts")
    parser.add_argument("--explore", default="tiny", help="presets to explore exhaustively")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    players = {"random": sim.random_policy, **SPEC.policies}
    print(f"{'config':8} {'policy':8} {'games':>7} {'steps':>9} {'games/s':>9} {'steps/s':>10}")
    for preset in args.configs.split(","):
        model = SPEC.model(preset.strip())
        for name, policy in players.items():
            games, steps, elapsed = playouts(model, policy, args.seconds, args.seed)
            print(
                f"{preset:8} {name:8} {games:7d} {steps:9d} "
                f"{games / elapsed:9.1f} {steps / elapsed:10.0f}"
            )
    print(f"\n{'config':8} {'states':>9} {'transitions':>12} {'seconds':>8} {'states/s':>9}")
    for preset in filter(None, args.explore.split(",")):
        start = time.perf_counter()
        exp = explore(SPEC.model(preset.strip()), max_states=5_000_000)
        elapsed = time.perf_counter() - start
        print(
            f"{preset:8} {exp.n_states:9d} {exp.n_transitions:12d} {elapsed:8.1f} "
            f"{exp.n_states / elapsed:9.0f}" + ("" if exp.complete else " (cut)")
        )


if __name__ == "__main__":
    main()
