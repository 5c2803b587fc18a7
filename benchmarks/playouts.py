"""Playout throughput: games per second and steps per second under the random policy.

Usage: python benchmarks/playouts.py [--game hhh] [--configs full,tiny] [--seconds 10]

Prints one line per config. A figure to compare across commits on the same machine,
not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import random
import time

from hhh_verify.contract.registry import get_game
from hhh_verify.engines import simulate as sim


def measure(model: object, seconds: float, seed: int) -> tuple[int, int, float]:
    """Play games until ``seconds`` have passed; return (games, steps, elapsed)."""
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        p = sim.playout(model, random.Random(sim.game_seed(seed, games)))
        games += 1
        steps += p.steps
    return games, steps, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hhh")
    parser.add_argument("--configs", default="full,tiny", help="comma-separated presets")
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget per config")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    spec = get_game(args.game)
    print(f"{'game':6} {'config':8} {'games':>7} {'steps':>9} {'games/s':>9} {'steps/s':>10}")
    for preset in args.configs.split(","):
        model = spec.model(preset.strip())
        games, steps, elapsed = measure(model, args.seconds, args.seed)
        print(
            f"{args.game:6} {preset:8} {games:7d} {steps:9d} "
            f"{games / elapsed:9.1f} {steps / elapsed:10.0f}"
        )


if __name__ == "__main__":
    main()
