"""Throughput of the ambiguity engines on HHH: product search, differential playouts
(the model's and the kernel's, with their ratio), paired impact games. Prints figures;
asserts nothing (timings vary with the machine).

    python benchmarks/diverge.py
"""

from __future__ import annotations

import time

from hhh_verify.contract.registry import get_game
from hhh_verify.contract.scenario import Scenario
from hhh_verify.engines import diverge as dv
from hhh_verify.engines import impact as im
from hhh_verify.engines.diverge_kernel import kernel_search


def main() -> None:
    spec = get_game("hhh")
    amb = "HHH-MONEY-CAP"  # never material on these budgets: every search runs to its end
    opts = ("uncapped", "capped")
    ma, mb = dv.reading_models(spec, spec.config("tiny"), amb, opts)
    t = time.perf_counter()
    res = dv.product_search(ma, mb)
    dt = time.perf_counter() - t
    print(
        f"product search, tiny: {res.states} states in {dt:.2f}s ({res.states / dt:,.0f}/s), "
        f"complete={res.complete}"
    )
    ma, mb = dv.reading_models(spec, spec.config("full"), amb, opts)
    t = time.perf_counter()
    d = dv.differential_search(ma, mb, max_games=60, max_seconds=None)
    dt = time.perf_counter() - t
    model_rate = d.games / dt
    print(
        f"differential, full: {d.games} games, {d.steps} steps in {dt:.2f}s "
        f"({model_rate:.1f} games/s, {d.steps / dt:,.0f} steps/s)"
    )
    # The same search inside the kernel (diverge --engine kernel), random player as above;
    # one game first so that loading the compiled kernel is not timed.
    kernel_search(spec, ma, mb, ("random",), max_games=1)
    t = time.perf_counter()
    k = kernel_search(spec, ma, mb, ("random",), max_games=3000)
    dt = time.perf_counter() - t
    print(
        f"differential in the kernel, full: {k.games} games, {k.steps} steps in {dt:.2f}s "
        f"({k.games / dt:,.0f} games/s, {k.steps / dt:,.0f} steps/s); "
        f"kernel/model: {k.games / dt / model_rate:,.0f}x games/s"
    )
    for policy in ("random", "greedy"):
        t = time.perf_counter()
        r = im.impact(spec, Scenario(spec.id, policy=policy), amb, opts, 60)
        dt = time.perf_counter() - t
        print(
            f"paired impact, full, {policy}: {r.games} paired games in {dt:.2f}s "
            f"({r.games / dt:.1f} pairs/s)"
        )


if __name__ == "__main__":
    main()
