"""The stateful engine's findings depend on the check alone, not on the process's history.

The same checks run in two fresh interpreters: one that imports only what it needs, one
that first imports the compiled kernels' modules and Numba, consumes the global and NumPy
random generators, runs another Hypothesis test, allocates objects and uses another hash
seed. Verdicts, witnesses (every step and sampled choice) and the games played must be
identical. Hypothesis feeds the literals of the process's own modules into its draws
(``stateful.no_local_constants`` keeps them out); the planted-bug test shows that without
that guard the two histories do part ways, so the comparison can fail.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

#: Run in a child interpreter: ``argv[1]`` is the history (``clean`` or ``busy``),
#: ``argv[2]`` is ``guard`` or ``no-guard``; prints the runs' results as JSON.
CHILD = r"""
import contextlib, json, sys

history, guard = sys.argv[1], sys.argv[2]
if history == "busy":
    import importlib, random
    import numpy
    from hypothesis import given, strategies as st

    for game in ("hhh", "royal_hospital", "dice_hospital"):
        importlib.import_module(f"hhh_verify.models.{game}.kernel.layout")
    importlib.import_module("numba")
    random.random()
    numpy.random.random(5)
    given(st.integers(0, 1000))(lambda x: None)()
    kept = [object() for _ in range(10_000)]
    sys.setrecursionlimit(4321)

from hhh_verify.engines import stateful
from hhh_verify.contract.registry import get_game, properties_for

if guard == "no-guard":
    stateful.no_local_constants = contextlib.nullcontext


def summary(game, ids, **budget):
    spec = get_game(game)
    props = properties_for(game)
    chosen = [props.get(i) for i in ids] if ids else list(props)
    report = stateful.run(
        spec.model("full"), chosen, spec.ambiguities, profile="quick",
        order=spec.load_search_order(), **budget,
    )
    return {
        "findings": sorted(
            [f.property, f.kind, f.message, json.dumps(f.trace.to_json(), sort_keys=True)]
            for f in report.findings
        ),
        "played": [report.stats.examples, report.stats.steps, report.stats.games,
                   sorted(report.stats.outcomes.items())],
    }


print(json.dumps({
    "hhh": summary("hhh", ["hhh.goal-er-return"], max_examples=8, step_count=300,
                   shrink=False),
    "royal-hospital": summary("royal-hospital", [], max_examples=4, step_count=150),
}))
"""


def run_child(history: str, guard: str, hash_seed: str) -> dict[str, Any]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, history, guard],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_same_findings_after_any_history() -> None:
    clean = run_child("clean", "guard", "1")
    busy = run_child("busy", "guard", "2")
    assert clean["hhh"]["findings"], "the ER-return goal was not reached in 8 examples"
    assert clean == busy


def test_planted_history_leak_is_seen() -> None:
    """Without the guard the imported modules' literals steer the search, and the
    comparison above catches it."""
    clean = run_child("clean", "no-guard", "1")
    busy = run_child("busy", "no-guard", "1")
    assert clean != busy
