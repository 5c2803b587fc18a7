"""The Z3 engine of ``hhh-verify reach`` (and ``both``: explorer and Z3, compared).

Z3 understands the built-in goals (``won``, ``lost``, ``terminal``, ``outcome:REASON``)
as formulas over the symbolic state. ``reachable`` is True with a replayed witness,
False only when the encoding is exact for the config and the unrolling covers every
path of the game (no path is still running at the bound), else None (undecided).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3

from ..explore_engine import ReachReport, ReachRequest
from ..model import ModelError
from . import bmc

DEFAULT_SECONDS = 60.0
SHORT_STEPS = 24


def symbolic_goal(game: str, name: str) -> Callable[[dict[str, Any]], Any]:
    """The formula of a built-in goal (HHH)."""
    if game != "hhh":
        raise ModelError(f"the z3 engine has no encoding of {game!r}; accepted: hhh")
    from hhh_verify.models.hhh.state import COMPLETED, OVER, REASONS

    if name == "won":
        return lambda s: s["reason"] == COMPLETED
    if name == "lost":
        return lambda s: z3.And(s["phase"] == OVER, s["reason"] != COMPLETED)
    if name == "terminal":
        return lambda s: s["phase"] == OVER
    if name.startswith("outcome:") and name[8:] in REASONS[1:]:
        code = REASONS.index(name[8:])
        return lambda s: s["reason"] == code
    accepted = "won, lost, terminal, " + ", ".join(f"outcome:{r}" for r in REASONS[1:])
    raise ModelError(f"the z3 engine cannot encode goal {name!r}; accepted: {accepted}")


def _encoding(model: Any) -> Any:
    if getattr(model, "game", None) != "hhh":
        raise ModelError(f"the z3 engine has no encoding of {model.game!r}; accepted: hhh")
    from ..models.hhh.smt.encoding import HHHEncoding

    return HHHEncoding(model)


def z3_reach(req: ReachRequest) -> ReachReport:
    """Bounded reachability with Z3; see the module docstring for the verdicts."""
    enc = _encoding(req.model)
    goal = symbolic_goal(req.model.game, req.goal_id)
    if req.within_rounds is not None:
        base, k = goal, req.within_rounds
        goal = lambda s: z3.And(base(s), s["round"] <= k)  # noqa: E731
    seconds = req.max_seconds if req.max_seconds is not None else DEFAULT_SECONDS
    if enc.exact:
        from ..models.hhh.smt.queries import excluded_by_invariant

        if excluded_by_invariant(enc, goal, min(20.0, seconds / 3)):
            proof = {
                "complete": True,
                "exact": True,
                "encoding": enc.notes(),
                "proof": "excluded by an inductive invariant (every depth)",
            }
            return ReachReport("z3", req.goal_id, False, details=proof)
    # shortest witness first (incremental, cheap per depth), then a complete search
    a = bmc.reach(enc, goal, SHORT_STEPS, seconds / 2, target=req.goal_id)
    if a.verdict != bmc.SAT:
        a = bmc.reach_by(enc, goal, max(1.0, seconds - a.seconds), target=req.goal_id)
    details: dict[str, Any] = {
        "seconds": round(a.seconds, 3),
        "bound": a.bound,
        "exact": enc.exact,
        "encoding": enc.notes(),
    }
    if a.verdict == bmc.SAT and a.trace is not None:
        from ..trace import replay

        r = replay(a.trace, req.model)
        details["replays"] = r.ok
        return ReachReport("z3", req.goal_id, True, trace=a.trace, steps=r.lines, details=details)
    reachable = None
    details["complete"] = a.verdict == bmc.UNSAT
    if a.verdict == bmc.UNSAT and enc.exact:
        reachable = False
    else:
        details["incomplete_reason"] = (
            a.detail if a.verdict != bmc.UNSAT else "the encoding leaves rules out for this config"
        )
    return ReachReport("z3", req.goal_id, reachable, details=details)


def both_reach(req: ReachRequest) -> ReachReport:
    """Run the explorer and Z3; the report is the explorer's, with Z3's verdict beside it.
    A disagreement (one says reachable, the other unreachable) is reported as undecided
    with ``details.agree`` false, so the command exits 1."""
    from ..explore_engine import explore_reach

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
        "both", ex.goal, ex.reachable, ex.trace, ex.steps, ex.probabilities, ex.details
    )


def with_z3(engines: dict[str, Any]) -> dict[str, Any]:
    """``engines`` plus ``z3`` and ``both`` (for the reach command's dispatch table)."""
    return {**engines, "z3": z3_reach, "both": both_reach}
