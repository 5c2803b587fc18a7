"""Explorer throughput and memory: distinct states per second and bytes per stored state.

Usage::

    python benchmarks/explore.py                       # HHH tiny and small
    python benchmarks/explore.py --presets tiny --profile
    python benchmarks/explore.py --max-seconds 60 --set rounds=1

Three measurements per preset, each on a fresh model:

1. a timed run without instrumentation -> states/s and transitions/s;
2. a run under ``tracemalloc`` -> bytes still allocated after the exploration divided
   by the number of states (everything the result keeps: intern table, states and their
   sub-tuples, edge arrays, probability table, parent pointers); plus a breakdown with
   ``sys.getsizeof`` over the intern dict, the states (shared sub-objects counted once)
   and the arrays;
3. with ``--profile``, a cProfile run printing the hottest functions (tottime).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import sys
import time
import tracemalloc
from array import array
from typing import Any

from hhh_verify.contract.registry import get_game
from hhh_verify.engines.explore.explorer import Exploration, explore


def deep_size(obj: Any, seen: set[int]) -> int:
    """Bytes of ``obj`` and everything it references that was not counted yet."""
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, (tuple, list, frozenset, set)):
        size += sum(deep_size(x, seen) for x in obj)
    elif hasattr(obj, "__slots__"):
        size += sum(deep_size(getattr(obj, f), seen) for f in obj.__slots__ if hasattr(obj, f))
    elif hasattr(obj, "__dict__"):
        size += deep_size(vars(obj), seen)
    elif isinstance(obj, dict):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in obj.items())
    return size


def breakdown(exp: Exploration) -> dict[str, int]:
    """Bytes by part of the result (shared objects, e.g. small ints, counted once)."""
    seen: set[int] = set()
    states = sum(deep_size(s, seen) for s in exp.index)
    if exp.codec is not None:  # the per-field value tables
        states += sum(deep_size(t.by_index, seen) for t in exp.codec.tables)
    arrays = [
        exp.edge_start,
        exp.edge_action,
        exp.edge_succ,
        exp.edge_prob,
        exp.parent,
        exp.parent_action,
        exp.parent_outcome,
    ]
    arr = sum(a.buffer_info()[1] * a.itemsize for a in arrays) + len(exp.kind)
    ids = sum(sys.getsizeof(v) for v in exp.index.values() if v > 256)
    return {
        "intern dict": sys.getsizeof(exp.index),
        "state keys/objects (deep)": states,
        "id ints": ids,
        "arrays": arr,
    }


def run(
    game: str,
    preset: str,
    overrides: list[str],
    limits: dict[str, Any],
    profile: bool,
    compact: bool,
) -> None:
    spec = get_game(game)
    model = spec.model(preset, overrides)
    gc.collect()
    t0 = time.perf_counter()
    exp = explore(model, compact=compact, **limits)
    dt = time.perf_counter() - t0
    n, m = exp.n_states, exp.n_transitions
    status = "complete" if exp.complete else f"INCOMPLETE: {exp.reason}"
    store = "packed keys" if compact else "state objects"
    print(f"\n== {game} {preset} {' '.join(overrides)} ({status}; {store})")
    print(f"   {n:,} states, {m:,} transitions in {dt:.2f} s")
    print(f"   {n / dt:,.0f} distinct states/s, {m / dt:,.0f} transitions/s (one core)")
    del exp
    gc.collect()

    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    exp = explore(spec.model(preset, overrides), compact=compact, **limits)
    gc.collect()
    used, peak = tracemalloc.get_traced_memory()
    used -= base
    tracemalloc.stop()
    print(
        f"   {used / exp.n_states:,.0f} bytes per stored state (tracemalloc, {used / 2**20:.1f} MiB kept; "
        f"peak {(peak - base) / 2**20:.1f} MiB incl. the BFS frontier)"
    )
    if exp.codec is not None:
        print(f"   packed key: {exp.codec.key_bytes} B per state ({''.join(exp.codec.codes)})")
    parts = breakdown(exp)
    print(
        "   breakdown per state: "
        + ", ".join(f"{k} {v / exp.n_states:,.0f} B" for k, v in parts.items())
    )
    print(
        f"   {exp.n_transitions / exp.n_states:.2f} edges/state at 10 B each; {len(exp.probs)} distinct probabilities"
    )
    del exp
    gc.collect()

    if profile:
        prof = cProfile.Profile()
        prof.enable()
        explore(spec.model(preset, overrides), compact=compact, **limits)
        prof.disable()
        print("   hottest functions (tottime):")
        stats = pstats.Stats(prof)
        stats.sort_stats("tottime").print_stats(15)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="hhh")
    ap.add_argument("--presets", default="tiny,small")
    ap.add_argument("--set", dest="overrides", action="append", default=[], metavar="K=V")
    ap.add_argument("--max-states", type=int, default=None)
    ap.add_argument("--max-seconds", type=float, default=300.0)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--plain", action="store_true", help="store state objects, not packed keys")
    args = ap.parse_args()
    limits = {"max_states": args.max_states, "max_seconds": args.max_seconds}
    print(
        f"python {sys.version.split()[0]}; array item sizes: H={array('H').itemsize} I={array('I').itemsize}"
    )
    for preset in args.presets.split(","):
        run(args.game, preset.strip(), args.overrides, limits, args.profile, not args.plain)


if __name__ == "__main__":
    main()
