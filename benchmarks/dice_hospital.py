"""Dice Hospital throughput: playouts per second (random and greedy play) and explorer
states per second.

Usage: python benchmarks/dice_hospital.py [--seconds 10] [--players 2,4] [--small]

Prints one line per measurement. A figure to compare across commits on the same machine,
not a test: nothing here asserts a speed. ``--small`` also explores the ``small`` preset
to the end (about 40 s).
"""

from __future__ import annotations

import argparse
import random
import time

from hhh_verify.contract.registry import get_game
from hhh_verify.engines import simulate as sim
from hhh_verify.engines.explore.explorer import explore

GAME = "dice-hospital"


def playouts(model: object, policy: object, seconds: float, seed: int) -> tuple[int, int, float]:
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
    parser.add_argument("--players", default="2,4", help="seats of the full game to measure")
    parser.add_argument("--small", action="store_true", help="also explore `small` to the end")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    spec = get_game(GAME)
    policies = {"random": sim.random_policy, "greedy": spec.policies["greedy"]}
    print(f"{'config':14} {'policy':7} {'games':>6} {'steps':>8} {'games/s':>8} {'steps/s':>8}")
    for players in args.players.split(","):
        model = spec.model("full", (f"players={players.strip()}",))
        for name, policy in policies.items():
            games, steps, elapsed = playouts(model, policy, args.seconds, args.seed)
            label = f"full/{players.strip()}p"
            print(
                f"{label:14} {name:7} {games:6d} {steps:8d} "
                f"{games / elapsed:8.1f} {steps / elapsed:8.0f}"
            )
    print(f"{'config':14} {'states':>9} {'transitions':>12} {'seconds':>8} {'states/s':>9}")
    for preset in ("tiny", "small") if args.small else ("tiny",):
        start = time.perf_counter()
        exp = explore(spec.model(preset), max_states=2_000_000)
        elapsed = time.perf_counter() - start
        print(
            f"{preset:14} {exp.n_states:9d} {exp.n_transitions:12d} "
            f"{elapsed:8.1f} {exp.n_states / elapsed:9.0f}"
        )


if __name__ == "__main__":
    main()
