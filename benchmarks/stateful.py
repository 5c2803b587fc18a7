"""Rule steps per second of the Hypothesis stateful engine on HHH ``full``.

Run: ``python benchmarks/stateful.py [--examples N] [--steps N] [--preset full]``.
Prints steps/s with every HHH property checked, with none (engine + model only), and the
model's own ``sample_step`` rate with a plain ``random.Random`` for comparison.
"""

from __future__ import annotations

import argparse
import random
import time

from hhh_verify.contract.registry import get_game, properties_for
from hhh_verify.engines import stateful


def engine_rate(preset: str, examples: int, steps: int, with_props: bool) -> tuple[float, str]:
    spec = get_game("hhh")
    model = spec.model(preset)
    props = list(properties_for("hhh")) if with_props else []
    report = stateful.run(
        model,
        props,
        spec.ambiguities,
        profile="ci",
        max_examples=examples,
        step_count=steps,
        shrink=False,
        order=spec.load_search_order(),
    )
    s = report.stats
    note = (
        f"{s.examples} examples, {s.steps} steps, {s.games_finished} games finished, "
        f"max round {s.max_round}, findings {[f.property for f in report.findings]}"
    )
    return s.steps / report.seconds, note


def model_rate(preset: str, seconds: float) -> float:
    model = get_game("hhh").model(preset)
    rng = random.Random(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = model.initial_state()
        while model.outcome(s) is None:
            actions = model.legal_actions(s)
            s = model.sample_step(s, actions[rng.randrange(len(actions))], rng)
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--preset", default="full")
    ap.add_argument("--examples", type=int, default=10)
    ap.add_argument("--steps", type=int, default=600)
    args = ap.parse_args()
    for with_props in (True, False):
        rate, note = engine_rate(args.preset, args.examples, args.steps, with_props)
        label = "all properties" if with_props else "no properties "
        print(f"stateful engine, HHH {args.preset}, {label}: {rate:7.0f} steps/s  ({note})")
    print(
        f"model sample_step alone (uniform random play):     {model_rate(args.preset, 5.0):7.0f} steps/s"
    )


if __name__ == "__main__":
    main()
