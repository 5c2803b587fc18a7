"""The batched vector environment: steps per second of uniformly random play.

Each step asks the environment for ``num_envs`` moves at once (the agent's random
choice among ``infos["legal_count"]`` included, as a learner pays it); the kernel runs
on one core (Numba, no threads). The first call compiles (or loads the disk cache) and
is not timed. Prints one line per batch size.

    python benchmarks/adapters_vector.py --config full --seconds 5
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from hhh_verify.adapters.vector import vector_env


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="hhh")
    ap.add_argument("--config", default="full")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--envs", type=int, nargs="*", default=[1, 16, 256, 1024])
    args = ap.parse_args()
    for n in args.envs:
        env = vector_env(args.game, args.config, num_envs=n)
        _, info = env.reset(seed=1)
        rng = np.random.default_rng(0)
        env.step(np.zeros(n, dtype=np.int64))  # compile / load before timing
        steps = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < args.seconds:
            counts = np.maximum(info["legal_count"], 1)
            _, _, terminated, _, info = env.step(rng.integers(counts))
            steps += n
            games += int(terminated.sum())
        rate = steps / (time.perf_counter() - start)
        print(f"{args.game} {args.config} num_envs={n:5d}: {rate:10,.0f} steps/s ({games} games)")


if __name__ == "__main__":
    main()
