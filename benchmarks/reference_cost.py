"""What a reading the kernel does not compile costs: the reference model against the
compiled kernel on the same games, per game, measured in the same run.

Usage: python benchmarks/reference_cost.py [--game hhh] [--seconds 5] [--games 2000]

Prints, per game with a kernel (default preset, the ``random`` player, default
readings): reference games/s (``simulate --engine reference``'s playouts), kernel
games/s (``simulate``'s kernel games, after a warm-up that loads the compiled code) and
their ratio, rounded. That ratio is the ``slowdown`` each kernel's ``COMPILED``
declaration records (``models/<game>/kernel/__init__.py``) and the ``note:`` line of a
command quotes when a reading it runs is not compiled ("about N times slower"). Figures
under load are noisy; nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import random
import time

from hhh_verify.contract.registry import games, get_game
from hhh_verify.engines import simulate as sim


def reference_rate(game: str, seconds: float) -> float:
    """Reference games per second (at least one game)."""
    spec = get_game(game)
    model = spec.model()
    player = sim.get_policy("random", spec.policies)
    played = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or played == 0:
        sim.playout(model, random.Random(sim.game_seed(0, played)), player)
        played += 1
    return played / (time.perf_counter() - start)


def kernel_rate(game: str, n: int) -> float:
    """Kernel games per second over ``n`` games (after a one-game warm-up)."""
    spec = get_game(game)
    assert spec.kernel is not None
    kernel = spec.kernel(spec.model())
    kernel.games([sim.game_seed(0, 0)], "random", sim.DEFAULT_MAX_STEPS)
    seeds = [sim.game_seed(0, i) for i in range(n)]
    start = time.perf_counter()
    kernel.games(seeds, "random", sim.DEFAULT_MAX_STEPS)
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (default: every kernel)")
    parser.add_argument("--seconds", type=float, default=5.0, help="reference time per game")
    parser.add_argument("--games", type=int, default=2000, help="kernel games per game")
    args = parser.parse_args()
    chosen = args.game or [g for g, s in games().items() if s.kernel is not None]
    print(f"{'game':16} {'preset':8} {'reference/s':>12} {'kernel/s':>10} {'ratio':>7}")
    for game in chosen:
        ref = reference_rate(game, args.seconds)
        fast = kernel_rate(game, args.games)
        preset = get_game(game).default_preset
        print(f"{game:16} {preset:8} {ref:12.1f} {fast:10.0f} {fast / ref:7.0f}")


if __name__ == "__main__":
    main()
