"""Every engine's budget counts work (nodes, states, examples, shrinks, outcomes, games):
a machine 100 times busier gives the same results, and a time safety net that fires
makes a result incomplete (inconclusive, undecided), never a different verdict.
(Architecture: "Budgets count work ... Time limits are only a safety net that reports
'incomplete'.")
"""

from __future__ import annotations

from typing import Any

import pytest
import toy_model
from clocks import busy, expired
from test_stateful_engine import BUST, score_below

from hhh_verify.contract.properties import Goal
from hhh_verify.contract.scenario import Scenario
from hhh_verify.contract.trace import replay
from hhh_verify.contract.vocab import EngineStatus
from hhh_verify.engines import distribution_check, stateful
from hhh_verify.engines import diverge as dv
from hhh_verify.engines import results as ck
from hhh_verify.engines.distribution_check import DistributionEngine
from hhh_verify.engines.explore.check import ExplorerEngine
from hhh_verify.engines.search import SearchBudget, search
from hhh_verify.engines.search_check import SearchEngine

SPEC = toy_model.SPEC
#: Safety nets no test run reaches, for the tests that the clock alone decides nothing.
FAR = {"quick": 1e9, "ci": 1e9, "thorough": 1e9}


def score(model: Any, s: Any) -> float:
    return float(s.score)


THREE = Goal(
    "toy.goal-three", "toy", "Toy rules, Draw", "a score of 3",
    check=lambda m, s: s.score >= 3, hard_to_reach=True, heuristic=score,
)  # fmt: skip


def penalty() -> Any:
    return SPEC.model("default", (), ("TOY-BLACK=penalty",))


def found(budget: SearchBudget) -> dict[str, Any]:
    r = search(penalty(), THREE.check, score, budget)
    return {k: v for k, v in r.to_json().items() if k != "seconds"}


# Search: nodes decide -----------------------------------------------------------------


def test_search_is_the_same_on_a_busy_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    budget = SearchBudget(max_nodes=500, beam=2)
    calm = found(budget)
    assert calm["found"] is True and calm["safety_net"] is False
    busy(monkeypatch)
    assert found(budget) == calm


def test_search_cut_by_the_safety_net_is_inconclusive(monkeypatch: pytest.MonkeyPatch) -> None:
    expired(monkeypatch)
    r = search(penalty(), THREE.check, score, SearchBudget(max_nodes=500, beam=2))
    assert not r.found and r.safety_net and "time safety net" in r.reason
    (row,) = SearchEngine().run(penalty(), SPEC.ambiguities, [THREE], ck.CheckOptions())
    assert row.status == EngineStatus.INCONCLUSIVE and "time safety net" in row.message


# Explorer: states decide --------------------------------------------------------------

WIN = Goal(
    "toy.goal-win", "toy", "Toy rules, Stop", "a win",
    check=lambda m, s: s.reason == "completed",
)  # fmt: skip


def test_explorer_cut_by_the_clock_is_inconclusive(monkeypatch: pytest.MonkeyPatch) -> None:
    """A state budget that cuts the search decides (deterministically); the clock never
    does: its rows are inconclusive, where the state budget's say "not reached"."""
    model = toy_model.toy(("TOY-BLACK=penalty",), whites=9, blacks=9, target=9)

    def rows(engine: ExplorerEngine) -> dict[str, Any]:
        return {r.property: r for r in engine.run(model, None, [WIN], ck.CheckOptions())}

    assert rows(ExplorerEngine(max_states=2))[WIN.id].status == EngineStatus.NOT_REACHED
    calm = rows(ExplorerEngine())
    assert calm[WIN.id].status == EngineStatus.REACHED and calm[WIN.id].details["complete"]
    expired(monkeypatch)
    cut = rows(ExplorerEngine())
    assert cut[WIN.id].status == EngineStatus.INCONCLUSIVE and cut[WIN.id].ok
    assert "time safety net" in cut[WIN.id].message
    for pid, r in cut.items():  # the same verdict where one was reached, else none
        assert r.status in (calm[pid].status, EngineStatus.INCONCLUSIVE), pid


# Hypothesis: examples and shrinks decide ----------------------------------------------


def hunt() -> stateful.StatefulReport:
    return stateful.run(toy_model.toy(), [score_below(2), BUST], SPEC.ambiguities, "quick")


def outcome(report: stateful.StatefulReport) -> Any:
    return report.stats, [(f.property, f.trace.to_json()) for f in report.findings]


def test_hypothesis_is_the_same_on_a_busy_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hypothesis ends its hunt for more failures ten seconds after the first one; inside
    the engine only counts end it, so a clock running past those ten seconds changes
    nothing: the same examples, the same findings, the same shrunk traces."""
    monkeypatch.setattr(stateful, "SHRINK_SAFETY_SECONDS", FAR)
    calm = outcome(hunt())
    assert {p for p, _ in calm[1]} == {"toy.score-below-2", "toy.bust"}
    expired(monkeypatch, perf_counter=False)  # monotonic jumps a million seconds a read
    assert outcome(hunt()) == calm
    busy(monkeypatch, 100.0)
    assert outcome(hunt()) == calm


def test_shrinking_cut_by_the_safety_net_keeps_the_findings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planted: every clock reading is past the shrinking safety net. The same failures
    are reported, each with a trace that replays; the report says shrinking was cut."""
    calm = hunt()
    expired(monkeypatch)
    cut = hunt()
    assert {f.property for f in cut.findings} == {f.property for f in calm.findings}
    assert cut.shrink_cut and not calm.shrink_cut
    for f in cut.findings:
        assert replay(f.trace, toy_model.toy()).ok


# Distributions: outcomes enumerated decide --------------------------------------------


def test_distribution_check_counts_outcomes(monkeypatch: pytest.MonkeyPatch) -> None:
    model = SPEC.model("default")
    invariants = [p for p in SPEC.load_properties() if p.kind == "invariant"]

    def row() -> Any:
        (r,) = DistributionEngine().run(model, None, invariants, ck.CheckOptions(profile="quick"))
        return r

    calm = row()
    assert calm.status == EngineStatus.HOLDS and calm.details["reason"] == "steps played"
    with monkeypatch.context() as far:
        far.setattr(distribution_check, "SAFETY_SECONDS", FAR)
        busy(far)
        assert (row().status, row().details) == (calm.status, calm.details)
    expired(monkeypatch)
    cut = row()
    assert cut.status == EngineStatus.INCONCLUSIVE and "time safety net" in cut.message


# Diverge: states and games decide -----------------------------------------------------


def test_diverge_cut_by_the_clock_decides_nothing(
    toy_registry: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without black cubes the two readings are the same (an exhaustive proof); a search
    cut by the safety net says "incomplete", never "material" nor "the same"."""
    calm = dv.diverge(SPEC, Scenario("toy", "default", ("blacks=0",)), "TOY-BLACK")
    assert calm.material is False
    expired(monkeypatch)
    cut = dv.diverge(SPEC, Scenario("toy", "default", ("blacks=0",)), "TOY-BLACK")
    assert cut.material is None and cut.note.startswith("incomplete: time safety net")


def test_checks_explorer_time_net_is_far_beyond_a_loaded_reduced_exploration() -> None:
    """Royal Hospital's reduced preset passed the explorer's own 600 s net on a loaded
    machine (its holds became undecided): ``check`` gives its explorer an hour, so only a
    runaway exploration, not a busy machine, leaves a verdict open."""
    from hhh_verify.check.run import EXPLORE_SAFETY_SECONDS, engines
    from hhh_verify.contract.registry import get_game
    from hhh_verify.engines.explore.check import ReducedExplorerEngine

    for game in ("hhh", "royal-hospital", "dice-hospital"):
        explorer = [e for e in engines(get_game(game)) if isinstance(e, ReducedExplorerEngine)]
        assert [e.inner.max_seconds for e in explorer] == [EXPLORE_SAFETY_SECONDS]
    assert EXPLORE_SAFETY_SECONDS >= 3600
