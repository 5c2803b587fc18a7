"""Replaying full HHH games: point probabilities against full enumeration.

Run: ``python benchmarks/replay.py [--enumerate] [--random-games N]``.

Two recorded full-game traces (``simulate --trace-out``: the sampler's choices kept): the
first 6-round game of the greedy player (from seed 1) and the longest of ``N`` random
games (seed 0). For each:

* **replay**: ``hhh-verify replay`` as it runs now, every chance step drawn again from
  its recorded choices and given its exact point probability (``outcome_probability``);
* **enumerate** (``--enumerate``): every step enumerated with ``step`` (what replaying or
  writing an outcome-index trace costs), and the worst single step with its point
  probability.

CPU seconds of this process (``time.process_time``; the machine is shared), measured on
the project machine before this work (commit 0569faf: outcome indices, visits
enumerated patient by patient) and after it (visits factored, ``models/hhh/rules/visit_enum.py``):

=============================  =================  ====================================
trace                          replay              enumerate every step: before / after
=============================  =================  ====================================
greedy, 6 rounds, 186 steps    0.10 s              64.6 s / 6.0 s; worst step 11.7 s (a
                                                   visit, 8,421 outcomes) / 0.5 s (an
                                                   arrival, 11,312 outcomes)
random, 142 steps              0.07 s              35.2 s / 5.2 s; worst step 6.4 s (a
                                                   visit, 6,855 outcomes) / 0.6 s (an
                                                   arrival, 11,257 outcomes)
=============================  =================  ====================================

Before this work a replay enumerated every step, so it cost the "before" column (more
with the lru caches cold). The worst step met in other full games: a visit of four
patients with 36,554 outcomes, 217 s before, 0.6 s after; its point probability 0.002 s.
No point probability of these games takes more than 0.02 s (the slowest: the setup
draws, which enumerate a few hundred outcomes once).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from hhh_verify.contract import trace as tr
from hhh_verify.contract.model import outcome_probability
from hhh_verify.engines import simulate as sim
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.rules import draws


def greedy_trace(max_seed: int = 50) -> tr.Trace:
    """The first seed whose greedy game is played to the end of round 6."""
    model = SPEC.model("full")
    for seed in range(1, max_seed):
        trace = sim.record_playout(
            model, SPEC.ambiguities, seed, 0, "greedy", game_policies=SPEC.policies
        )
        end = tr.replay(trace, model, describe=False)
        if end.outcome is not None and end.outcome.reason == "completed":
            return trace
    raise SystemExit("no completed greedy game in the seeds tried")


def longest_random_trace(games: int) -> tr.Trace:
    model = SPEC.model("full")
    best = None
    for i in range(games):
        t = sim.record_playout(model, SPEC.ambiguities, 0, i, "random")
        if best is None or len(t.steps) > len(best.steps):
            best = t
    assert best is not None
    return best


def steps_of(trace: tr.Trace) -> list[tuple[Any, Any, Any]]:
    """``(state, action, successor)`` of every step (replayed once)."""
    out: list[tuple[Any, Any, Any]] = []

    def keep(i: int, s: Any, a: Any, p: Any, n: Any, out: list[Any] = out) -> None:
        out.append((s, a, n))

    assert tr.replay(trace, SPEC.model("full"), describe=False, on_step=keep).ok
    return out


def after(trace: tr.Trace) -> tuple[float, int]:
    """Seconds to replay with point probabilities; chance steps (p < 1)."""
    model = SPEC.model("full")
    chance = []

    def keep(i: int, s: Any, a: Any, p: Any, n: Any) -> None:
        if p != 1:
            chance.append(p)

    start = time.process_time()
    result = tr.replay(trace, model, on_step=keep)
    assert result.ok, result.error
    return time.process_time() - start, len(chance)


def enumerate_steps(trace: tr.Trace) -> tuple[float, tuple[float, int, str, float]]:
    """Seconds to enumerate every step; the worst one (seconds, outcomes, what, and its
    point probability's seconds). Caches are cleared before each step, as a fresh
    replay would find them."""
    model = SPEC.model("full")
    total, worst = 0.0, (0.0, 0, "", 0.0)
    for s, a, n in steps_of(trace):
        for cached in (draws._chain, draws._plain, draws._no_black, draws.hypergeometric):
            cached.cache_clear()
        start = time.process_time()
        dist = model.step(s, a)
        seconds = time.process_time() - start
        total += seconds
        if seconds > worst[0]:
            start = time.process_time()
            p = outcome_probability(model, s, a, n)
            point = time.process_time() - start
            assert dict(dist)[n] == p
            worst = (seconds, len(dist), model.describe_action(s, a), point)
    return total, worst


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--enumerate", action="store_true", help="also enumerate every step")
    ap.add_argument("--random-games", type=int, default=100)
    args = ap.parse_args()
    random.seed(0)
    traces = {
        "greedy (6 rounds)": greedy_trace(),
        f"longest of {args.random_games} random": longest_random_trace(args.random_games),
    }
    for name, trace in traces.items():
        seconds, chance = after(trace)
        print(
            f"{name}: {len(trace.steps)} steps, {chance} chance steps; "
            f"replay with point probabilities {seconds:.2f} s"
        )
        if args.enumerate:
            total, (ws, wn, what, wp) = enumerate_steps(trace)
            print(
                f"  enumerating every step: {total:.1f} s; worst step {ws:.1f} s "
                f"({what}, {wn} outcomes; its point probability {wp:.3f} s)"
            )


if __name__ == "__main__":
    main()
