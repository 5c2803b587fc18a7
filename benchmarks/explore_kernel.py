"""The compiled explorer verifying one preset: time, peak memory per partition and the
result, on 1 partition in this process or N on a local Dask cluster.

    python benchmarks/explore_kernel.py --config medium --parts 1
    python benchmarks/explore_kernel.py --config medium --parts 2
    python benchmarks/explore_kernel.py --config small --parts 2 --python-checks

Without ``--python-checks`` only the kernel's compiled checks run (the properties
without one are reported unchecked); with it every property is checked on the decoded
states too (about 180 us per state and 150 us per edge on this machine).
Prints one JSON object (the result, its timing, the machine's load before and after).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time

from hhh_verify.engines.explore.kernel import LocalParts, explore_kernel
from hhh_verify.execution.explore import ActorParts, build_source
from hhh_verify.execution.runner import Runner


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="small")
    ap.add_argument("--parts", type=int, default=1)
    ap.add_argument("--max-states", type=int, default=100_000_000)
    ap.add_argument("--python-checks", action="store_true")
    args = ap.parse_args()
    scenario = ("hhh", args.config, (), ())
    load = os.getloadavg()

    def progress(level: int, states: int, frontier: int) -> None:
        print(f"level {level}: {states:,} states, {frontier:,} to expand", file=sys.stderr)

    t0 = time.perf_counter()
    if args.parts == 1:
        parts = LocalParts(build_source, scenario, 1, args.python_checks)
        r = explore_kernel(
            scenario,
            parts,
            max_states=args.max_states,
            progress=progress,
        )
    else:
        with Runner(jobs=args.parts) as run, tempfile.TemporaryDirectory() as where:
            actors = ActorParts(run.dask_client(), scenario, args.parts, args.python_checks)
            r = explore_kernel(
                scenario,
                actors,
                max_states=args.max_states,
                checkpoints=where,
                progress=progress,
            )
    out = r.to_json() | {
        "config": args.config,
        "wall_seconds": round(time.perf_counter() - t0, 1),
        "load_before": load,
        "load_after": os.getloadavg(),
        "peak_gib_per_partition": [round(b / 2**30, 2) for b in r.peak_bytes],
    }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
