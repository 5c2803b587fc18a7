"""The batched vector environment beside the reference: environment steps per CPU-second
of uniformly random play.

A step is one decision of one game. The vector environment is asked for ``num_envs``
moves at once (the agent's random choice among ``infos["legal_count"]`` included, as a
learner pays it); its kernel runs on one core (Numba, no threads). The reference is the
PettingZoo environment over the pure-Python model (the acting agent samples from
``info["legal_actions"]``), whose draws are resolved inside ``step`` as the vector
environment's are. Rates are per CPU-second of this process (``time.process_time``), so
a busy machine does not lower them. The first vector call compiles (or loads the disk
cache) and is not timed. Prints one line per game and batch size.

    python benchmarks/adapters_vector.py --config full --seconds 5
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from hhh_verify.adapters.vector import vector_env

GAMES = ("hhh", "royal-hospital", "dice-hospital")


def vector_rate(game: str, config: str, n: int, seconds: float) -> tuple[float, int]:
    """(steps per CPU-second, games finished) of ``n`` games stepped together."""
    env = vector_env(game, config, num_envs=n)
    _, info = env.reset(seed=1)
    rng = np.random.default_rng(0)
    env.step(np.zeros(n, dtype=np.int64))  # compile / load before timing
    _, info = env.reset(seed=1)
    steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        counts = np.maximum(info["legal_count"], 1)
        _, _, terminated, _, info = env.step(rng.integers(counts))
        steps += n
        games += int(terminated.sum())
    return steps / (time.process_time() - start), games


def reference_rate(game: str, config: str, seconds: float) -> tuple[float, int]:
    """(decisions per CPU-second, games finished) of the PettingZoo environment."""
    from hhh_verify.adapters.pettingzoo import env

    e = env(game, config)
    rng = np.random.default_rng(0)
    steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        e.reset(seed=games)
        for _agent in e.agent_iter():
            _, _, done, cut, info = e.last()
            if done or cut:
                e.step(None)
                continue
            e.step(int(rng.choice(info["legal_actions"])))
            steps += 1
        games += 1
    return steps / (time.process_time() - start), games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", choices=GAMES, help="default: all three")
    ap.add_argument("--config", default="full")
    ap.add_argument("--seconds", type=float, default=5.0, help="CPU-seconds per line")
    ap.add_argument("--envs", type=int, nargs="*", default=[1, 16, 256, 1024])
    ap.add_argument("--no-reference", action="store_true", help="skip the PettingZoo line")
    args = ap.parse_args()
    for game in args.game or GAMES:
        if not args.no_reference:
            rate, games = reference_rate(game, args.config, args.seconds)
            print(
                f"{game:15s} {args.config} reference (pettingzoo): {rate:10,.0f} steps/s "
                f"({games} games)",
                flush=True,
            )
        for n in args.envs:
            rate, games = vector_rate(game, args.config, n, args.seconds)
            print(
                f"{game:15s} {args.config} vector num_envs={n:5d}: {rate:10,.0f} steps/s "
                f"({games} games)",
                flush=True,
            )


if __name__ == "__main__":
    main()
