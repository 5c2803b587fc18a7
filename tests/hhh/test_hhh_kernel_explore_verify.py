"""The compiled explorer verifies (``explore --engine kernel``, issue 25).

On HHH ``tiny`` it reports what the reference explorer reports -- states, transitions,
terminal states by outcome, deadlocks, states that cannot end, every invariant's
violations and every goal's hits with the depth of the shortest witness -- on 1, 2 and 3
partitions, and its float64 goal probabilities equal the reference's exact Fractions
within 1e-9 (and each other exactly). Each compiled check equals its Python property on
every ``tiny`` and ``interactions`` state and a sample of ``small``; every check can fail (planted bugs), and
witnesses replay through the model.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from hhh_verify.contract.registry import get_game, properties_for
from hhh_verify.contract.scenario import Scenario
from hhh_verify.contract.trace import replay
from hhh_verify.engines.explore import analysis as an
from hhh_verify.engines.explore.explorer import explore, outcome_goal, split_properties
from hhh_verify.engines.explore.kernel import LocalParts, explore_kernel, witness_trace
from hhh_verify.execution.explore import build_source
from hhh_verify.models.hhh.kernel.graph_checks import COMPILED, state_bits

HHH = get_game("hhh")
TINY = Scenario("hhh", "tiny")
SMALL = Scenario("hhh", "small")

#: The reference explorer's exact probabilities on ``small`` (423,829 states; about two
#: minutes of the reference explorer and its Fraction backward induction).
SMALL_EXACT = {
    "won": {
        "max": Fraction("1"),
        "min": Fraction("21888589/61740000"),
        "random": Fraction("13470090333596254571/17863857774000000000"),
    },
    "hhh.goal-arrest": {
        "max": Fraction("11148001/49392000"),
        "min": Fraction("0"),
        "random": Fraction("35776982032935817/3572771554800000000"),
    },
    "hhh.goal-bankrupt": {
        "max": Fraction("3959/6300"),
        "min": Fraction("0"),
        "random": Fraction("526860316279883293/2232982221750000000"),
    },
}


@pytest.fixture(scope="module")
def reference() -> Any:
    """The reference explorer on ``tiny`` with every property and the goal ``won``."""
    model = HHH.model("tiny")
    checks = split_properties(properties_for("hhh"), model)
    goals = dict(checks.goals) | {"won": outcome_goal("won")}
    exp = explore(model, checks.invariants, goals, steps=checks.steps, max_states=100_000)
    assert exp.complete
    return exp, checks, goals


@pytest.fixture(scope="module")
def kernel_runs() -> dict[int, Any]:
    return {
        n: explore_kernel(TINY, LocalParts(build_source, TINY, n), max_states=100_000)
        for n in (1, 2, 3)
    }


@pytest.mark.parametrize("nparts", [1, 2, 3])
def test_reports_what_the_reference_explorer_reports(
    reference: Any, kernel_runs: dict[int, Any], nparts: int
) -> None:
    exp, checks, goals = reference
    r = kernel_runs[nparts]
    assert r.complete and (r.states, r.transitions) == (exp.n_states, exp.n_transitions)
    assert r.terminal == an.terminal_counts(exp)
    assert (r.deadlocks, r.cannot_end) == (len(an.deadlocks(exp)), len(an.cannot_end(exp)))
    assert set(r.invariants) == set(checks.invariant_ids())
    for pid, v in r.invariants.items():
        assert v["checked"] != "no" and v["violations"] == exp.violation_count(pid), pid
    for pid, g in r.goals.items():
        hits = exp.goal_hits[pid]
        assert (g["states"], g["depth"]) == (len(hits), exp.depth(hits[0]) if hits else None)
    assert set(r.probabilities) == set(goals)
    for goal, values in r.probabilities.items():
        exact = an.goal_probabilities(exp, exp.goal_hits[goal])
        for mode, v in values.items():
            assert abs(v - float(exact[mode].exact or Fraction(0))) < 1e-9, (goal, mode)


def test_partitions_do_not_change_the_result(kernel_runs: dict[int, Any]) -> None:
    one = kernel_runs[1].to_json()
    for n in (2, 3):
        other = kernel_runs[n].to_json()
        for key in (
            "seconds",
            "value_seconds",
            "partitions",
            "states_per_partition",
            "peak_bytes_per_partition",
            "cpu_seconds_per_partition",
        ):
            one.pop(key, None), other.pop(key, None)
        assert other == one
    assert sum(kernel_runs[3].states_per_part) == kernel_runs[1].states
    assert min(kernel_runs[3].states_per_part) > 0


def test_goal_witnesses_replay_through_the_model(kernel_runs: dict[int, Any]) -> None:
    model = HHH.model("tiny")
    r = kernel_runs[2]
    for pid in ("hhh.goal-arrest", "hhh.goal-bankrupt"):
        path = r.witnesses[pid]
        assert len(path) == r.goals[pid]["depth"]
        done = replay(witness_trace(model, path, property=pid), model)
        assert done.ok and done.steps_run == len(path)
        assert split_properties(properties_for("hhh"), model).goals[pid](model, done.final_state)


@pytest.mark.parametrize("preset", ["tiny", "interactions"])
def test_compiled_checks_equal_their_properties_on_every_state(preset: str) -> None:
    model = HHH.model(preset)
    kernel = HHH.kernel(model)
    graph = kernel.graph()
    checks = split_properties(properties_for("hhh"), model)
    exp = explore(model, max_states=200_000)
    assert exp.complete
    seen = np.zeros(len(COMPILED), dtype=np.int64)
    for s in exp.states():
        v = kernel.encode(s)
        bits = int(state_bits(kernel.K, v, len(model.legal_actions(s)), graph.params))
        for i, (pid, kind) in enumerate(COMPILED):
            if kind == "goal":
                if pid not in checks.goals:
                    assert not (bits >> i) & 1, pid  # a goal that does not apply
                    continue
                want = bool(checks.goals[pid](model, s))
            else:
                want = checks.invariants[pid](model, s) is not None
            assert bool((bits >> i) & 1) == want, (pid, s)
            seen[i] += want
    if preset == "tiny":  # the goals are met somewhere, so their bits are exercised
        ids = [pid for pid, _kind in COMPILED]
        assert seen[ids.index("hhh.goal-arrest")] and seen[ids.index("hhh.goal-bankrupt")]


def test_a_compiled_check_can_fail() -> None:
    """Planted: the kernel told there is one cube more per colour than the game has."""

    def planted(scenario: Any) -> Any:
        model, source, checks = build_source(scenario)
        source.params = source.params.copy()
        source.params[1] += 1
        return model, source, checks

    r = explore_kernel(TINY, LocalParts(planted, TINY, 2), max_states=100_000)
    v = r.invariants["hhh.cubes-conserved"]
    assert v["checked"] == "compiled" and v["violations"] == r.states and v["depth"] == 0


def test_a_python_checked_property_can_fail(reference: Any) -> None:
    """Planted: an invariant 'money never reaches $8' (false), decoded-and-checked."""
    exp_model = HHH.model("tiny")

    def rich(model: Any, s: Any) -> str | None:
        return f"money {s.money}" if s.money >= 8 else None

    def planted(scenario: Any) -> Any:
        model, source, checks = build_source(scenario)
        checks.invariants["planted.money"] = rich
        return model, source, checks

    r = explore_kernel(TINY, LocalParts(planted, TINY, 3), max_states=100_000, probabilities=False)
    ref = explore(exp_model, {"planted.money": rich}, max_states=100_000)
    v = r.invariants["planted.money"]
    assert v["checked"] == "python" and v["violations"] == ref.violation_count("planted.money")
    assert v["violations"] and v["depth"] == len(ref.first_violation("planted.money") or [])
    done = replay(witness_trace(exp_model, r.witnesses["planted.money"]), exp_model)
    assert done.ok and rich(exp_model, done.final_state)


def test_a_planted_kernel_bug_is_caught_by_a_step_check() -> None:
    """Planted kernel bug (a Ward heal pays $1 too much): the money-accounting step
    property, checked on decoded states, flags it."""
    from hhh_verify.models.hhh.kernel.layout import K_PLANTED

    def planted(scenario: Any) -> Any:
        model, source, checks = build_source(scenario)
        source.kernel.K[K_PLANTED] = 1
        return model, source, checks

    parts = LocalParts(planted, TINY, 1)
    counts = _counts_only(parts)
    assert counts["hhh.money-accounting"][0] > 0


def _counts_only(parts: LocalParts) -> dict[str, Any]:
    from hhh_verify.engines.explore.kernel import _search

    _search(parts, 100_000, None, None)
    return dict(parts.map("counts")[0]["checks"])


def test_unchecked_properties_say_so() -> None:
    """Where each part of each invariant ran: a property with a compiled state check and
    a Python step check says ``compiled+python``, ``compiled+no`` when its step part was
    skipped (not ``compiled``), ``no`` when nothing of it ran."""
    parts = LocalParts(build_source, TINY, 1, python_checks=False)
    r = explore_kernel(TINY, parts, max_states=100_000, probabilities=False)
    inv = r.invariants
    assert inv["hhh.end-after-last-round"]["checked"] == "compiled"
    assert inv["hhh.cubes-conserved"]["checked"] == "compiled"
    assert inv["hhh.deaths-hidden"]["checked"] == "compiled+no"
    assert inv["hhh.deaths-hidden"]["violations"] == 0
    assert inv["hhh.money-accounting"] == {
        "checked": "no",
        "violations": None,
        "message": None,
        "depth": None,
    }
    full = explore_kernel(
        TINY, LocalParts(build_source, TINY, 1), max_states=100_000, probabilities=False
    )
    assert full.invariants["hhh.deaths-hidden"]["checked"] == "compiled+python"
    assert full.invariants["hhh.money-accounting"]["checked"] == "python"
    assert full.invariants["hhh.tokens"]["checked"] == "compiled"


def test_every_state_invariant_is_compiled() -> None:
    """What stays in Python on HHH: the step properties and the goals no reduced preset
    reaches (``goal-triumphant`` applies to full-length games only)."""
    model = HHH.model("full")
    checks = split_properties(properties_for("hhh"), model)
    compiled = {pid for pid, _kind in COMPILED}
    assert set(checks.invariants) <= compiled
    assert set(checks.goals) - compiled == {"hhh.goal-triumphant"}


def test_a_cut_search_says_so() -> None:
    r = explore_kernel(TINY, LocalParts(build_source, TINY), max_states=500, probabilities=False)
    assert not r.complete and r.states > 500 and "500" in r.reason


def test_storm_agrees_on_the_exported_graph(tmp_path: Any, kernel_runs: dict[int, Any]) -> None:
    stormpy = pytest.importorskip("stormpy")
    from hhh_verify.engines.explore.kernel_export import kernel_drn

    parts = LocalParts(build_source, TINY, 2)
    explore_kernel(TINY, parts, max_states=100_000, probabilities=False)
    for goal in ("won", "hhh.goal-arrest"):
        path = tmp_path / f"{goal}.drn"
        path.write_text(kernel_drn(parts, goal))
        from stormpy.numbers.developer.gmp import Rational

        model = stormpy.build_model_from_drn[Rational](str(path))  # solved exactly
        assert model.nr_states == kernel_runs[1].states
        for mode in ("max", "min"):
            prop = stormpy.parse_properties(f'P{mode}=? [F "goal"]')[0]
            value = float(
                Fraction(
                    str(stormpy.model_checking(model, prop).get_value(model.initial_states[0]))
                )
            )
            assert abs(value - kernel_runs[1].probabilities[goal][mode]) < 1e-9, (goal, mode)


def test_small_probabilities_equal_the_reference_fractions() -> None:
    """``small`` on 2 partitions (compiled checks only, to stay quick): the counts the
    reference explorer recorded and its exact probabilities within 1e-9."""
    r = explore_kernel(SMALL, LocalParts(build_source, SMALL, 2, False), max_states=1_000_000)
    assert (r.states, r.transitions, r.deadlocks, r.cannot_end) == (423829, 631137, 0, 0)
    assert (r.goals["hhh.goal-arrest"]["depth"], r.goals["hhh.goal-bankrupt"]["depth"]) == (9, 5)
    for goal, exact in SMALL_EXACT.items():
        for mode, value in exact.items():
            assert abs(r.probabilities[goal][mode] - float(value)) < 1e-9, (goal, mode)


#: Planted states: one field of the initial state broken per compiled invariant.
BROKEN = {
    "hhh.cubes-conserved": lambda v, L: v.__setitem__(L.BAG, v[L.BAG] + 1),
    "hhh.bankrupt-iff-negative": lambda v, L: v.__setitem__(L.MONEY, -1),
    "hhh.round-in-range": lambda v, L: v.__setitem__(L.ROUND, 0),
    "hhh.cured-leave": lambda v, L: v.__setitem__(L.TREAT_SIDE, 1),
    "hhh.tokens": lambda v, L: v.__setitem__(L.ADMIN_TOTAL, v[L.ADMIN_TOTAL] + 1),
    "hhh.room-limit": lambda v, L: v.__setitem__(L.ROOMS_PLACED, v[L.ROOMS_PLACED] + 1),
    "hhh.levels-in-range": lambda v, L: v.__setitem__(L.TREAT_LEVEL, 6),
    "hhh.level-5-dies": lambda v, L: v.__setitem__(L.WAITING, 5),
    "hhh.arrest-iff-no-place": lambda v, L: v.__setitem__(L.REASON, 2),  # arrested, no body
    "hhh.loss-is-final": lambda v, L: v.__setitem__(L.MONEY, -1),  # yet play goes on
    "hhh.capacities": lambda v, L: v.__setitem__(L.BLOOD + L.BLACK, 1),  # no Blood Bank
    "hhh.no-action-after-end": lambda v, L: v.__setitem__(L.REASON, 3),  # completed, in play
    "hhh.staff-reveals": lambda v, L: v.__setitem__(L.STAFF_HIRED + 10, 1),  # a Cat hired
    "hhh.markers-conserved": lambda v, L: v.__setitem__(
        L.SUPPLY + L.WHITE, v[L.SUPPLY + L.WHITE] + 1
    ),
    "hhh.deaths-hidden": lambda v, L: v.__setitem__(L.DEATHS, 1),  # a body nowhere
    "hhh.end-after-last-round": lambda v, L: v.__setitem__(L.REASON, 3),  # round 1
}


@pytest.mark.parametrize("pid", sorted(BROKEN))
def test_each_compiled_invariant_flags_a_broken_state_as_its_property_does(pid: str) -> None:
    from hhh_verify.models.hhh.kernel import layout

    model = HHH.model("tiny")
    kernel = HHH.kernel(model)
    graph = kernel.graph()
    v = kernel.init.copy()
    BROKEN[pid](v, layout)
    bit = [c for c, _kind in COMPILED].index(pid)
    assert (int(state_bits(kernel.K, v, 1, graph.params)) >> bit) & 1
    checks = split_properties(properties_for("hhh"), model)
    assert checks.invariants[pid](model, kernel.decode(v)) is not None


def test_a_wrong_rating_is_caught_by_the_compiled_end_check(monkeypatch: Any) -> None:
    """Planted: the model rates every game Triumphant. The rating half of
    ``end-after-last-round`` is a table built from the property, so the compiled check
    flags every completed game, as the property does."""
    from hhh_verify.models.hhh.rules import model as hhh_model

    monkeypatch.setattr(hhh_model, "rating", lambda money: "Triumphant")
    r = explore_kernel(TINY, LocalParts(build_source, TINY, 2), max_states=100_000)
    v = r.invariants["hhh.end-after-last-round"]
    assert v["checked"] == "compiled" and v["violations"] == r.terminal["won:completed"]
    assert "Triumphant" in v["message"]


def test_compiled_checks_equal_their_properties_on_a_sample_of_small() -> None:
    """2,000 states drawn from the compiled exploration of ``small`` (423,829 states):
    each state's compiled bits as it was expanded equal its properties on the decoded
    state."""
    model = HHH.model("small")
    parts = LocalParts(build_source, SMALL, 1, False)
    explore_kernel(SMALL, parts, max_states=1_000_000, probabilities=False)
    part = parts.parts[0]
    arrays = part.export()
    checks = split_properties(properties_for("hhh"), model)
    ids = np.random.default_rng(25).choice(len(arrays["bits"]), 2_000, replace=False)
    seen = np.zeros(len(COMPILED), dtype=np.int64)
    for i in ids:
        s = part.source.state(arrays["rows"][i])
        bits = int(arrays["bits"][i])
        for k, (pid, kind) in enumerate(COMPILED):
            if kind == "goal":
                want = pid in checks.goals and bool(checks.goals[pid](model, s))
            else:
                want = checks.invariants[pid](model, s) is not None
            assert bool((bits >> k) & 1) == want, (pid, s)
            seen[k] += want
    assert seen[[c for c, _k in COMPILED].index("hhh.goal-bankrupt")]


def test_no_dead_end_flags_a_live_state_without_actions() -> None:
    model = HHH.model("tiny")
    kernel = HHH.kernel(model)
    bit = [c for c, _kind in COMPILED].index("hhh.no-dead-end")
    params = kernel.graph().params
    assert (int(state_bits(kernel.K, kernel.init, 0, params)) >> bit) & 1
    assert not (int(state_bits(kernel.K, kernel.init, 3, params)) >> bit) & 1


@pytest.mark.parametrize(
    "args",
    [
        ["explore", "--config", "tiny", "--jobs", "2"],
        ["explore", "--config", "tiny", "--checkpoints", "cp"],
        ["explore", "--config", "tiny", "--engine", "kernel", "--jobs", "0"],
    ],
    ids=["jobs-reference", "checkpoints-reference", "jobs-zero"],
)
def test_cluster_options_of_the_reference_explorer_are_refused(
    args: list[str], tmp_path: Any
) -> None:
    from click.testing import CliRunner

    from hhh_verify.cli import main

    r = CliRunner().invoke(main, [*args, "--max-states", "10"], env={"HHH_VERIFY_SCHEDULER": None})  # type: ignore[dict-item]
    assert r.exit_code == 2
    assert r.stderr.startswith("error:") and len(r.stderr.strip().splitlines()) == 1


def test_cli_runs_the_compiled_checks_only_when_asked() -> None:
    import json

    from click.testing import CliRunner

    from hhh_verify.cli import main

    args = ["explore", "--config", "tiny", "--engine", "kernel", "--max-states", "100000"]
    r = CliRunner().invoke(main, [*args, "--only-compiled-checks", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["invariants"]["hhh.end-after-last-round"]["checked"] == "compiled"
    assert data["invariants"]["hhh.deaths-hidden"]["checked"] == "compiled+no"
    assert data["invariants"]["hhh.admin-flips"]["checked"] == "no"
    assert data["invariants"]["hhh.tokens"] == {
        "checked": "compiled",
        "violations": 0,
        "message": None,
        "depth": None,
    }
    assert data["goals"]["hhh.goal-arrest"]["witness_steps"] == 10
