"""Z3 figures: encoding build time per step, depth reached per second, query times and
the Z3 resource units they spend (what the budgets count).

Prints, does not assert (timing belongs here, not in tests). Usage:
    python benchmarks/smt.py [--presets tiny,small,full] [--depth 10]
"""

from __future__ import annotations

import argparse
import time
from functools import partial
from typing import Any

import z3

from hhh_verify.contract.registry import get_game
from hhh_verify.models.hhh.smt import facts as F
from hhh_verify.models.hhh.smt.encoding import HHHEncoding
from hhh_verify.smt import bmc
from hhh_verify.smt.budget import Budget

#: Units each search may spend (far more than either needs on the presets here).
RLIMIT = 2_000_000_000


def conj(enc: Any, s: Any) -> Any:
    return z3.And(F.markers_conserved(enc, s), F.well_formed(enc, s))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--presets", default="tiny,small,full")
    ap.add_argument("--depth", type=int, default=10)
    args = ap.parse_args()
    spec = get_game("hhh")
    print(
        f"{'preset':8} {'build/step ms':>13} {'bankrupt':>10} {'steps':>6} {'units':>12} "
        f"{'induction s':>12}"
    )
    for preset in args.presets.split(","):
        enc = HHHEncoding(spec.model(preset, (), ()))
        t0 = time.perf_counter()
        u = bmc.Unrolling(enc)
        for _ in range(args.depth):
            u.extend()
        build = (time.perf_counter() - t0) / args.depth * 1000
        a = bmc.reach(enc, lambda s: s["reason"] == 1, 14, Budget(RLIMIT))
        ind = bmc.induction(
            enc,
            partial(F.colour_cubes_conserved, enc),
            1,
            Budget(RLIMIT),
            strengthen=partial(conj, enc),
        )
        print(
            f"{preset:8} {build:13.1f} {a.seconds:9.2f}s {a.bound:6d} "
            f"{a.extra['rlimit_spent']:12,} "
            f"{ind.seconds:11.2f}s ({ind.verdict})"
        )


if __name__ == "__main__":
    main()
