"""What N machines would give the exhaustive explorer: a simulation of hash-partitioned,
level-synchronous breadth-first search (the scheme of distributed TLC and of Stern and
Dill's parallel Murphi) replayed on a real state graph.

Usage::

    python benchmarks/explore_partition.py                       # HHH tiny
    python benchmarks/explore_partition.py --set rounds=3        # 53,729 states
    python benchmarks/explore_partition.py --machines 1,2,4,8,16,32,64 --latency-ms 0.5

The graph is explored once, for real, on this machine (that run gives the measured cost
of expanding one state). Then every state is given to machine ``hash(state) mod N`` and
the search is replayed level by level: a machine expands the states it owns in the
level, and every successor whose owner is another machine is one message (sent by one,
received and looked up by the other; a successor already known still costs its
message). A level ends with a barrier. The modelled time of a level is the slowest
machine's ``expanded x t_expand + sent x t_send + received x t_receive`` plus the
barrier latency; speed-up is the one-machine time over the N-machine time.

``t_send`` / ``t_receive`` (per state, batched) and the latency are assumptions, given
on the command line and printed with the result; the balance, the share of successors
that cross machines and the number of levels are measured from the graph. Nothing here
runs on several machines: it is an estimate (docs/scaling.md).
"""

from __future__ import annotations

import argparse
import hashlib
import time
from array import array
from collections import Counter

from hhh_verify.contract.registry import get_game
from hhh_verify.engines.explore.explorer import EXPANDED, explore


def owners(keys: list[bytes], machines: int) -> array:
    """Machine of each state: a stable hash of its packed key, mod ``machines``."""
    return array(
        "H",
        (
            int.from_bytes(hashlib.blake2b(k, digest_size=8).digest(), "big") % machines
            for k in keys
        ),
    )


def levels(parent: array) -> array:
    """Breadth-first depth of each state (ids are in discovery order, parents first)."""
    depth = array("I", bytes(4 * len(parent)))
    for i in range(1, len(parent)):
        depth[i] = depth[parent[i]] + 1
    return depth


def simulate(exp: object, machines: int, t_expand: float, t_send: float, t_recv: float,
             latency: float) -> dict[str, float]:  # fmt: skip
    """Modelled seconds and traffic of the partitioned search on ``machines``."""
    keys = [b"" for _ in range(exp.n_states)]  # type: ignore[attr-defined]
    for key, sid in exp.index.items():  # type: ignore[attr-defined]
        keys[sid] = key if isinstance(key, bytes) else repr(key).encode()
    owner = owners(keys, machines)
    depth = levels(exp.parent)  # type: ignore[attr-defined]
    work: dict[int, list[list[int]]] = {}  # level -> per machine [expanded, sent, received]
    for sid in range(exp.n_states):  # type: ignore[attr-defined]
        if exp.kind[sid] != EXPANDED:  # type: ignore[attr-defined]
            continue
        row = work.setdefault(depth[sid], [[0, 0, 0] for _ in range(machines)])
        me = owner[sid]
        row[me][0] += 1
        for e in exp.edges(sid):  # type: ignore[attr-defined]
            other = owner[exp.edge_succ[e]]  # type: ignore[attr-defined]
            if other != me:
                row[me][1] += 1
                row[other][2] += 1
    seconds = sum(
        max(x * t_expand + s * t_send + r * t_recv for x, s, r in row) + latency
        for row in work.values()
    )
    sent = sum(m[1] for row in work.values() for m in row)
    states = Counter(owner)
    return {
        "seconds": seconds,
        "levels": len(work),
        "cross": sent / max(1, exp.n_transitions),  # type: ignore[attr-defined]
        "balance": max(states.values()) / (exp.n_states / machines),  # type: ignore[attr-defined]
        "states_per_machine": max(states.values()),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="hhh")
    ap.add_argument("--preset", default="tiny")
    ap.add_argument("--set", dest="overrides", action="append", default=[], metavar="K=V")
    ap.add_argument("--machines", default="1,2,4,8,16,32,64")
    ap.add_argument("--send-us", type=float, default=1.0, help="per state sent (batched)")
    ap.add_argument("--receive-us", type=float, default=2.0, help="per state received")
    ap.add_argument("--latency-ms", type=float, default=0.5, help="barrier per level")
    args = ap.parse_args()
    model = get_game(args.game).model(args.preset, args.overrides)
    start = time.perf_counter()
    exp = explore(model)
    elapsed = time.perf_counter() - start
    expanded = sum(1 for k in exp.kind if k == EXPANDED)
    t_expand = elapsed / max(1, expanded)
    label = args.preset + "".join(f" --set {o}" for o in args.overrides)
    print(f"{args.game} {label}: {exp.n_states:,} states, {exp.n_transitions:,} transitions, ")
    print(f"  explored in {elapsed:.2f} s on one core: {exp.n_states / elapsed:,.0f} states/s,")
    print(f"  t_expand {t_expand * 1e6:.0f} us per expanded state (measured)")
    print(
        f"  assumed: t_send {args.send_us} us, t_receive {args.receive_us} us per state, "
        f"barrier {args.latency_ms} ms per level"
    )
    base = None
    print(f"{'N':>4} {'levels':>6} {'cross':>6} {'balance':>7} {'states/N':>9} "
          f"{'model s':>8} {'speed-up':>8} {'eff.':>5}")  # fmt: skip
    for n in (int(x) for x in args.machines.split(",")):
        r = simulate(exp, n, t_expand, args.send_us * 1e-6, args.receive_us * 1e-6,
                     args.latency_ms * 1e-3)  # fmt: skip
        base = base or r["seconds"]
        speed = base / r["seconds"]
        print(
            f"{n:>4} {r['levels']:>6} {r['cross']:>6.1%} {r['balance']:>7.3f} "
            f"{r['states_per_machine']:>9,} {r['seconds']:>8.2f} {speed:>8.2f} {speed / n:>5.0%}"
        )


if __name__ == "__main__":
    main()
