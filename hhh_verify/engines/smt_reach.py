"""The Z3 engine of ``hhh-verify reach`` (and ``both``: explorer and Z3, compared).

Z3 understands the built-in goals (``won``, ``lost``, ``terminal``, ``outcome:REASON``)
as formulas over the symbolic state. ``reachable`` is True with a replayed witness,
False only when the encoding is exact for the config and the unrolling covers every
path of the game (no path is still running at the bound), else None (undecided).

What decides is a budget of Z3 resource units (``--rlimit``, default
:data:`DEFAULT_RLIMIT`), so the verdict is the same on a busy machine; ``--max-seconds``
is only a safety net: when it fires the verdict is None (incomplete), never another.
"""

from __future__ import annotations

from typing import Any

import z3

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.trace import replay
from hhh_verify.contract.vocab import ReachEngine
from hhh_verify.engines.explore.reach import ReachReport, ReachRequest, explore_reach
from hhh_verify.smt import bmc
from hhh_verify.smt.budget import Budget

#: Z3 resource units of one reach question when ``--rlimit`` is not given.
DEFAULT_RLIMIT = 200_000_000
SHORT_STEPS = 24


def z3_reach(req: ReachRequest) -> ReachReport:
    """Bounded reachability with Z3; see the module docstring for the verdicts."""
    if req.smt is None:
        raise ModelError(f"the z3 engine has no encoding of {req.model.game!r} (none declared)")
    support = req.smt
    enc = support.encode(req.model)
    goal = support.goal(req.goal_id)
    if req.within_rounds is not None:
        base, k = goal, req.within_rounds
        goal = lambda s: z3.And(base(s), s["round"] <= k)  # noqa: E731
    budget = Budget(req.rlimit or DEFAULT_RLIMIT, req.max_seconds)
    meter = budget.meter()
    if enc.exact and support.excluded is not None:
        if support.excluded(enc, goal, meter.share(1 / 3)):
            proof = {
                "complete": True,
                "exact": True,
                "encoding": enc.notes(),
                "proof": "excluded by an inductive invariant (every depth)",
            }
            return ReachReport(ReachEngine.Z3, req.goal_id, False, details=proof)
    # shortest witness first (incremental, cheap per depth), then a complete search
    a = bmc.reach(enc, goal, SHORT_STEPS, meter.share(1 / 2), target=req.goal_id)
    if a.verdict != bmc.SAT:
        a = bmc.reach_by(enc, goal, meter, target=req.goal_id)
    details: dict[str, Any] = {
        "seconds": round(a.seconds, 3),
        "bound": a.bound,
        "exact": enc.exact,
        "encoding": enc.notes(),
        "budget": budget.to_json(),
        "rlimit_spent": meter.spent(),
    }
    if meter.safety_fired:
        details["complete"] = False
        details["incomplete_reason"] = f"time safety net ({budget.safety:g} s) fired"
        return ReachReport(ReachEngine.Z3, req.goal_id, None, details=details)
    if a.verdict == bmc.SAT and a.trace is not None:
        r = replay(a.trace, req.model)
        details["replays"] = r.ok
        return ReachReport(
            ReachEngine.Z3, req.goal_id, True, trace=a.trace, steps=r.lines, details=details
        )
    reachable = None
    details["complete"] = a.verdict == bmc.UNSAT
    if a.verdict == bmc.UNSAT and enc.exact:
        reachable = False
    else:
        details["incomplete_reason"] = (
            a.detail if a.verdict != bmc.UNSAT else "the encoding leaves rules out for this config"
        )
    return ReachReport(ReachEngine.Z3, req.goal_id, reachable, details=details)


def both_reach(req: ReachRequest) -> ReachReport:
    """Run the explorer and Z3; the report is the explorer's, with Z3's verdict beside it.
    A disagreement (one says reachable, the other unreachable) is reported as undecided
    with ``details.agree`` false, so the command exits 1."""
    ex = explore_reach(req)
    zr = z3_reach(req)
    agree = None if None in (ex.reachable, zr.reachable) else ex.reachable == zr.reachable
    ex.details["z3"] = {
        "reachable": zr.reachable,
        **zr.details,
        "witness_steps": len(zr.trace.steps) if zr.trace else None,
    }
    ex.details["agree"] = agree
    if agree is False:
        ex.reachable = None
        ex.details["incomplete_reason"] = "explorer and z3 disagree"
    return ReachReport(
        ReachEngine.BOTH, ex.goal, ex.reachable, ex.trace, ex.steps, ex.probabilities, ex.details
    )


def with_z3(engines: dict[ReachEngine, Any]) -> dict[ReachEngine, Any]:
    """``engines`` plus ``z3`` and ``both`` (for the reach command's dispatch table)."""
    return {**engines, ReachEngine.Z3: z3_reach, ReachEngine.BOTH: both_reach}
