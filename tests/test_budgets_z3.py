"""Z3 budgets count work (resource units), never seconds: a machine 100 times busier gives
the same answers; the time safety net, when it fires, makes an answer incomplete, never
another one. (Architecture: "Budgets count work ... a verdict does not depend on how busy
the machine is. Time limits are only a safety net that reports 'incomplete'.")
"""

from __future__ import annotations

from typing import Any

import pytest
import toy_model
from clocks import busy, expired

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.registry import get_game
from hhh_verify.contract.vocab import EngineStatus
from hhh_verify.engines import results as ck
from hhh_verify.engines.explore.reach import ReachRequest, resolve_goal
from hhh_verify.engines.smt_check import Z3Engine
from hhh_verify.engines.smt_reach import z3_reach
from hhh_verify.smt import bmc
from hhh_verify.smt import budget as smt_budget
from hhh_verify.smt.budget import SAFETY_NET, WORK_SPENT, Budget
from hhh_verify.smt.queries import run_query

SPEC = toy_model.SPEC
HHH = get_game("hhh")


def answers() -> list[tuple[str, str, Any]]:
    """Every toy query's (id, answer, method, ok)."""
    support = SPEC.load_smt()
    rows = [run_query(SPEC, support, q) for q in support.queries]
    return [(r["name"], r["answer"], r["method"], r["ok"]) for r in rows]


def hhh_reach(goal: str, rlimit: int) -> Any:
    req = ReachRequest(
        model=HHH.model("tiny"),
        goal_id=goal,
        goal=resolve_goal("hhh", goal),
        smt=HHH.load_smt(),
        rlimit=rlimit,
    )
    return z3_reach(req)


def test_a_busy_machine_gives_the_same_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock decides nothing but the safety net (here out of reach)."""
    monkeypatch.setattr(smt_budget, "MIN_SAFETY_SECONDS", 1e9)
    calm = answers()
    assert all(ok is True for *_, ok in calm), calm
    busy(monkeypatch, 100.0)
    assert answers() == calm


def test_the_units_decide_and_repeat() -> None:
    """The same rlimit gives the same verdict on every run; too few units give
    ``unknown`` because the units ran out (never because of the clock)."""
    enough = [hhh_reach("outcome:bankrupt", 60_000_000) for _ in range(2)]
    assert [r.reachable for r in enough] == [True, True]
    assert [len(r.trace.steps) for r in enough] == [5, 5]  # the shortest witness
    short = [hhh_reach("outcome:bankrupt", 2_000_000) for _ in range(2)]
    assert [r.reachable for r in short] == [None, None]
    for r in short:
        assert r.details["rlimit_spent"] >= 2_000_000
        assert "Z3 resource units spent" in r.details["incomplete_reason"]


def test_the_safety_net_makes_answers_incomplete(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: a clock far past every safety net. Queries answer ``unknown`` (method
    ``incomplete``, no verdict either way), check rows are inconclusive, reach is
    undecided; nothing claims holds, violated or reached."""
    support = SPEC.load_smt()
    expired(monkeypatch)
    for q in support.queries:
        row = run_query(SPEC, support, q)
        assert (row["answer"], row["method"], row["ok"], row["trace"]) == (
            "unknown",
            "incomplete",
            None,
            None,
        )
        assert "time safety net" in row["proof"]
    model = SPEC.model("default")
    props = [p for p in SPEC.load_properties() if p.kind == "smt"]
    for r in Z3Engine(SPEC).run(model, SPEC.ambiguities, props, ck.CheckOptions()):
        assert r.status == EngineStatus.INCONCLUSIVE and r.ok
    reach = z3_reach(
        ReachRequest(model=model, goal_id="won", goal=resolve_goal("toy", "won"), smt=support)
    )
    assert reach.reachable is None and "time safety net" in reach.details["incomplete_reason"]


def test_a_meter_stops_for_units_or_for_the_net(monkeypatch: pytest.MonkeyPatch) -> None:
    enc = SPEC.load_smt().encoding(SPEC.model("default"))
    goal = lambda s: s["score"] >= 3  # noqa: E731
    meter = Budget(5).meter()
    a = bmc.reach(enc, goal, 12, meter)
    assert a.verdict == bmc.UNKNOWN and meter.stop == WORK_SPENT and not meter.safety_fired
    expired(monkeypatch)
    meter = Budget(10**9).meter()
    part = meter.share(0.5)
    a = bmc.reach(enc, goal, 12, part)
    assert a.verdict == bmc.UNKNOWN and part.stop == SAFETY_NET
    assert meter.safety_fired and a.extra["safety_net"] is True


def test_budgets_are_validated() -> None:
    with pytest.raises(ModelError, match="--rlimit must be at least 1"):
        Budget(0)
    with pytest.raises(ModelError, match="safety net must be positive"):
        Budget(10, 0.0)
    assert Budget(10).safety >= 120.0


def test_a_pool_beyond_what_z3_takes_per_check_is_not_wrapped() -> None:
    """Z3's rlimit is an unsigned 32-bit number: 2**32 + 10 units must not become 10."""
    enc = SPEC.load_smt().encoding(SPEC.model("default"))
    a = bmc.reach(enc, lambda s: s["score"] >= 3, 12, Budget(2**32 + 10))
    assert a.verdict == bmc.SAT
