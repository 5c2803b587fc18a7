"""Throughput of the ambiguity engines on HHH: product search, differential playouts,
paired impact games. Prints figures; asserts nothing (timings vary with the machine).

    python benchmarks/diverge.py
"""

from __future__ import annotations

import time

from hhh_verify.engines import diverge as dv
from hhh_verify.engines import impact as im
from hhh_verify.registry import get_game


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
    print(
        f"differential, full: {d.games} games, {d.steps} steps in {dt:.2f}s "
        f"({d.games / dt:.1f} games/s, {d.steps / dt:,.0f} steps/s)"
    )
    for policy in ("random", "greedy"):
        t = time.perf_counter()
        r = im.impact(spec, amb, opts, 60, 0, policy)
        dt = time.perf_counter() - t
        print(
            f"paired impact, full, {policy}: {r.games} paired games in {dt:.2f}s "
            f"({r.games / dt:.1f} pairs/s)"
        )


if __name__ == "__main__":
    main()
