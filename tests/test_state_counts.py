"""Recorded reachable-state counts of the HHH reduced presets (regression data).

As TLA+ example suites record theirs: a change in these numbers means the rules as
modelled changed; update the table only together with the rule change that explains it.
Counts are for the default interpretation, breadth-first over ``step``.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from hhh_verify.contract.registry import model_for_trace
from hhh_verify.contract.trace import replay
from hhh_verify.engines.explore import analysis as an
from hhh_verify.engines.explore.explorer import explore, outcome_goal

try:
    from hhh_verify.contract.registry import get_game

    HHH = get_game("hhh")
except Exception as e:  # the HHH model is not in this checkout
    pytest.skip(f"HHH model not available: {e}", allow_module_level=True)

#: (preset, overrides) -> (states, transitions, terminal outcome counts)
COUNTS: dict[tuple[str, tuple[str, ...]], tuple[int, int, dict[str, int]]] = {
    ("tiny", ()): (5770, 9129, {"lost:arrested": 24, "lost:bankrupt": 426, "won:completed": 1255}),
    # tiny with two tombstones and $10: no arrest within two rounds, fewer bankruptcies.
    (
        "tiny",
        ("tombstones=2", "starting_money=10"),
    ): (6549, 10530, {"lost:bankrupt": 166, "won:completed": 1599}),
    # every Staff member, the ER, one colour, $5 (issue 12): all three endings reachable.
    ("interactions", ()): (
        14248,
        19655,
        {"lost:arrested": 178, "lost:bankrupt": 1111, "won:completed": 1913},
    ),
}


def explored(preset: str, overrides: tuple[str, ...], **kw: Any) -> Any:
    return explore(HHH.model(preset, overrides), max_states=2_000_000, **kw)


@pytest.mark.parametrize("key", list(COUNTS), ids=lambda k: "-".join([k[0], *k[1]]))
def test_recorded_counts(key: tuple[str, tuple[str, ...]]) -> None:
    exp = explored(*key)
    states, transitions, terminal = COUNTS[key]
    assert exp.complete
    assert (exp.n_states, exp.n_transitions) == (states, transitions)
    assert an.terminal_counts(exp) == terminal
    assert an.deadlocks(exp) == [] and an.cannot_end(exp) == []


@pytest.mark.parametrize(
    "overrides, goal",
    [((), "outcome:bankrupt"), ((), "outcome:arrested")],
)
def test_loss_witnesses_replay(overrides: tuple[str, ...], goal: str) -> None:
    exp = explored("tiny", overrides, goals={goal: outcome_goal(goal)})
    hits = exp.goal_hits[goal]
    assert hits
    trace = an.witness_trace(exp, hits[0], HHH.ambiguities)
    result = replay(trace, model_for_trace(trace))  # the model of the trace's config
    assert result.ok and result.outcome is not None
    assert result.outcome.reason == goal.split(":")[1]


@pytest.mark.skipif(
    os.environ.get("HYPOTHESIS_PROFILE") != "thorough",
    reason="minutes; HYPOTHESIS_PROFILE=thorough",
)
def test_tiny_three_rounds_count() -> None:
    exp = explored("tiny", ("rounds=3",))
    assert (exp.n_states, exp.n_transitions) == (53729, 96137)


#: The ``small`` preset finishes in about a minute (see benchmarks/explore.py).
SMALL_MINUTE: tuple[str, ...] = ()


@pytest.mark.skipif(
    os.environ.get("HYPOTHESIS_PROFILE") != "thorough",
    reason="about a minute; HYPOTHESIS_PROFILE=thorough",
)
def test_small_minute_count() -> None:
    exp = explored("small", SMALL_MINUTE)
    # 351,658 / 546,243 until the Ward order became the players' decision (issue 12:
    # "In any order, activate each Ward"): small has two colours, so two Wards to order.
    assert exp.complete and (exp.n_states, exp.n_transitions) == (423829, 631137)
    assert an.terminal_counts(exp) == {
        "lost:arrested": 3496,
        "lost:bankrupt": 8922,
        "won:completed": 130184,
    }


def test_cli_explore_tiny_summary_and_reach(tmp_path: Any) -> None:
    """`hhh-verify explore --game hhh --config tiny` completes; `reach` writes a witness."""
    import json

    from click.testing import CliRunner

    from hhh_verify.cli import main

    r = CliRunner().invoke(main, ["explore", "--game", "hhh", "--config", "tiny", "--json"])
    assert r.exit_code == 0, r.output  # every registered invariant holds on tiny
    d = json.loads(r.stdout)
    assert (d["states"], d["transitions"], d["complete"]) == COUNTS[("tiny", ())][:2] + (True,)
    assert d["terminal"] == COUNTS[("tiny", ())][2]
    out = tmp_path / "arrest.json"
    args = ["reach", "--game", "hhh", "--config", "tiny"]
    args += ["--goal", "outcome:arrested", "--out", str(out)]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0 and "REACHABLE" in r.stdout
    r = CliRunner().invoke(main, ["replay", str(out), "--quiet"])
    assert r.exit_code == 0 and "arrested" in r.stdout
