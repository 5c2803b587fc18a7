"""How fast a compiled kernel's flat array becomes a model state again (``decode``), the
cost that dominates ``check``'s kernel-agreement comparisons.

Usage: python benchmarks/kernel_decode.py [--game royal-hospital] [--preset full]
       [--games 20] [--rounds 20]

Collects the states of ``--games`` random playouts of the reference model, encodes each
once, then decodes them all ``--rounds`` times and prints decodes per CPU-second (process
time, so other processes on the machine move it less). Figures to compare across
commits on the same machine, not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from hhh_verify.contract.outcomes import sample_index
from hhh_verify.contract.registry import get_game
from hhh_verify.engines import simulate as sim


def playout_states(model: Any, games: int, seed: int) -> list[Any]:
    """Every state of ``games`` uniformly random playouts (decisions and chance)."""
    states = []
    for g in range(games):
        rng = random.Random(sim.game_seed(seed, g))
        s = model.initial_state()
        while model.outcome(s) is None:
            states.append(s)
            legal = model.legal_actions(s)
            if not legal:
                break
            dist = model.step(s, legal[rng.randrange(len(legal))])
            s = dist[sample_index(dist, rng)][0]
        states.append(s)
    return states


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="royal-hospital")
    parser.add_argument("--preset", default="full")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    spec = get_game(args.game)
    if spec.kernel is None:
        raise SystemExit(f"error: {args.game} has no kernel")
    model = spec.model(args.preset)
    kernel: Any = spec.kernel(model)
    states = playout_states(model, args.games, args.seed)
    arrays = [kernel.encode(s) for s in states]
    assert all(kernel.decode(v) == s for v, s in zip(arrays, states, strict=True))
    start = time.process_time()
    for _ in range(args.rounds):
        for v in arrays:
            kernel.decode(v)
    cpu = time.process_time() - start
    n = len(arrays) * args.rounds
    print(
        f"{args.game} {args.preset}: {len(arrays)} states, {n} decodes, {n / cpu:.0f} decodes/CPU-s"
    )


if __name__ == "__main__":
    main()
