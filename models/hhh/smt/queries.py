"""How each registered HHH SMT query is answered (the declarations are in
``hhh_verify.models.hhh.properties.smt``).

Answer kinds: a *witness* (a trace that replays through the model), a *proof* (UNSAT of
the negation, with what it is relative to: an exact encoding, an inductive invariant, or
an abstraction), or *unknown* with the bound reached when the query's Z3 resource units
(its :class:`~hhh_verify.smt.budget.Meter`) run out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import z3

from hhh_verify.smt import bmc
from hhh_verify.smt.budget import Meter

from ..rules import readings as R
from ..rules.model import HHHModel
from ..rules.state import ARRESTED, BANKRUPT, COMPLETED, OVER
from . import facts
from .encoding import HHHEncoding

Sym = dict[str, Any]


@dataclass
class QueryAnswer:
    """What a query found. ``answer`` is the short text compared with the expectation."""

    answer: str
    method: str  # witness / proof / bounded / unknown
    proof: str = ""
    trace: Any = None
    bound: int | None = None
    value: int | None = None
    notes: list[str] = field(default_factory=list)


def _invariant(enc: HHHEncoding) -> Callable[[Sym], Any]:
    return lambda s: z3.And(
        facts.colour_cubes_conserved(enc, s),
        facts.markers_conserved(enc, s),
        facts.well_formed(enc, s),
    )


def _scope(enc: HHHEncoding) -> str:
    return "exact encoding" if enc.exact else "encoded fragment (" + "; ".join(enc.left_out()) + ")"


def induction(enc: HHHEncoding, meter: Meter) -> QueryAnswer:
    """Cube (per colour) and marker conservation, with well-formedness, by 1-induction."""
    a = bmc.induction(enc, _invariant(enc), 1, meter)
    if a.verdict == bmc.UNSAT:
        return QueryAnswer("holds", "proof", f"1-induction over the {_scope(enc)}")
    if a.verdict == bmc.SAT:
        return QueryAnswer("violated", "witness", "base case fails", trace=a.trace, bound=a.bound)
    return QueryAnswer("unknown", "unknown", a.detail, bound=a.bound)


def excluded_by_invariant(enc: HHHEncoding, goal: Callable[[Sym], Any], meter: Meter) -> bool:
    """Whether the inductive invariant (proved here) rules ``goal`` out at every depth."""
    ind = bmc.induction(enc, _invariant(enc), 1, meter)
    if ind.verdict != bmc.UNSAT:
        return False
    s = enc.state("q")
    solver = z3.Solver()
    solver.add(_invariant(enc)(s), goal(s))
    return bool(meter.check(solver) == z3.unsat)


def never(enc: HHHEncoding, goal: Callable[[Sym], Any], steps: int, meter: Meter) -> QueryAnswer:
    """Is ``goal`` unreachable? First try the inductive invariant (a proof for every
    depth, with three quarters of the units); if it does not exclude the goal, search
    for a witness up to ``steps``."""
    if excluded_by_invariant(enc, goal, meter.share(0.75)):
        return QueryAnswer(
            "no",
            "proof",
            "excluded by an inductive invariant (conservation, "
            f"capacities) proved over the {_scope(enc)}",
        )
    a = bmc.reach(enc, goal, steps, meter)
    if a.verdict == bmc.SAT:
        return QueryAnswer("yes", "witness", trace=a.trace, bound=a.bound)
    if a.verdict == bmc.UNSAT:
        kind = "proof" if enc.exact else "bounded"
        return QueryAnswer(
            "no" if enc.exact else "unknown",
            kind,
            f"no path of <= {steps} steps in the {_scope(enc)}",
            bound=steps,
        )
    return QueryAnswer("unknown", "unknown", f"{a.detail}; searched {a.bound} steps", bound=a.bound)


def earliest(enc: HHHEncoding, reason: int, steps: int, meter: Meter) -> QueryAnswer:
    """Shortest witness of a loss by ``reason``; its round is the earliest round when it is
    round 1 (no earlier round exists) or when the encoding is exact."""
    a = bmc.reach(enc, lambda s: s["reason"] == reason, steps, meter)
    if a.verdict == bmc.SAT and a.trace is not None:
        from hhh_verify.contract.trace import replay

        r = replay(a.trace, enc.model, describe=False)
        rnd = r.final_state.round
        sure = rnd == 1
        if rnd > 1 and enc.exact:  # no loss by this reason in an earlier round, any path
            b = bmc.reach_by(
                enc,
                lambda s: z3.And(s["reason"] == reason, s["round"] < rnd),
                meter,
                running=lambda s: z3.And(s["phase"] != OVER, s["round"] < rnd),
            )
            sure = b.verdict == bmc.UNSAT
        return QueryAnswer(
            f"round {rnd}" if sure else f"round <= {rnd}",
            "witness",
            trace=a.trace,
            bound=a.bound,
            value=rnd,
        )
    if a.verdict == bmc.UNSAT and enc.exact:
        return QueryAnswer("never", "proof", f"no path of <= {steps} steps (exact)", bound=steps)
    return QueryAnswer(
        "unknown",
        "unknown",
        f"no witness within {a.bound} steps of the {_scope(enc)} ({a.detail or 'bound reached'})",
        bound=a.bound,
    )


def money_extreme(
    enc: HHHEncoding, rnd: int, maximize: bool, steps: int, meter: Meter
) -> QueryAnswer:
    """Most / least money at the end of round ``rnd`` (the step entering round rnd+1, or
    the end of a completed game when ``rnd`` is the last round)."""
    last = enc.ctx.last_round

    def at(prev: Sym, cur: Sym) -> Any:
        if rnd >= last:
            return z3.And(prev["phase"] != OVER, cur["reason"] == COMPLETED)
        return z3.And(prev["round"] == rnd, cur["round"] == rnd + 1)

    a = bmc.extreme(enc, lambda p, c: c["money"], at, steps, maximize, meter)
    word = "max" if maximize else "min"
    if a.verdict == bmc.SAT:
        exact = enc.exact
        ans = f"${a.value}" if exact else (f">= ${a.value}" if maximize else f"<= ${a.value}")
        proof = f"Optimize over paths of <= {steps} steps in the {_scope(enc)}"
        return QueryAnswer(ans, "witness", proof, trace=a.trace, bound=steps, value=a.value)
    if a.verdict == bmc.UNKNOWN and a.value is not None:
        return QueryAnswer(
            f"{word} >= ${a.value}" if maximize else f"{word} <= ${a.value}",
            "witness",
            f"best found before the budget ran out ({steps} steps)",
            trace=a.trace,
            bound=steps,
            value=a.value,
        )
    return QueryAnswer("unknown", "unknown", f"{a.detail} (bound {steps} steps)", bound=steps)


def rooms_by_end(model: HHHModel) -> QueryAnswer:
    """Rooms placed by the end of a completed game, on a round-level abstraction: every
    Patient Phase installs one room while the cap (HHH-ROOM-CAP) and the deck allow it
    (step 2 offers only InstallRoom, so the install is not optional)."""
    ctx = model.ctx
    cfg = ctx.config
    start = 2 if cfg.variant_two_rooms else 1
    r = [z3.Int(f"rooms{i}") for i in range(ctx.last_round + 1)]
    solver = z3.Solver()
    solver.add(r[0] == start)
    limit = cfg.room_limit
    for i in range(1, ctx.last_round + 1):
        prev = r[i - 1]
        if ctx.room_cap == R.ROOM_CAP.SIX_TOTAL:
            capped = prev >= limit
        elif ctx.room_cap == R.ROOM_CAP.SIX_INSTALLED:
            capped = prev - start >= limit
        else:
            capped = z3.BoolVal(False)
        solver.add(r[i] == prev + z3.If(z3.And(z3.Not(capped), prev < len(ctx.deck)), 1, 0))
    assert solver.check() == z3.sat
    value = solver.model().eval(r[-1]).as_long()
    solver.add(r[-1] != value)
    unique = solver.check() == z3.unsat
    return QueryAnswer(
        str(value),
        "proof",
        f"round-level abstraction ({'unique' if unique else 'not unique'}): "
        f"start {start}, one forced install per Patient Phase, deck of "
        f"{len(ctx.deck)}, cap reading {ctx.room_cap}",
        value=value,
    )


GOALS: dict[str, Callable[[HHHEncoding, Sym], Any]] = {
    "draw-from-empty": lambda e, s: z3.And(
        facts.draw_pending(e, s), facts.bag_and_discard_empty(e, s)
    ),
    "white-out": lambda e, s: z3.And(s["reason"] == 0, s[f"sup{e.layout.C}"] == 0),
    "waiting-level-5": lambda e, s: z3.And(s["reason"] == 0, z3.Not(facts.waiting_below_5(e, s))),
    "setup-death": lambda e, s: facts.setup_finished_with_death(e, s),
}

LOSSES = {"bankrupt": BANKRUPT, "arrested": ARRESTED}


def setup_death(enc: HHHEncoding, meter: Meter) -> QueryAnswer:
    """Setup is at most 6 steps: search all of them (Blood Bank as first room left out)."""
    a = bmc.reach(enc, lambda s: facts.setup_finished_with_death(enc, s), 6, meter)
    if a.verdict == bmc.SAT:
        return QueryAnswer("yes", "witness", trace=a.trace, bound=a.bound)
    if a.verdict == bmc.UNSAT:
        bb = 6 in enc.ctx.deck
        note = " (a Blood Bank as starting room is outside the encoding)" if bb else ""
        return QueryAnswer(
            "no", "proof", "no setup path of <= 6 steps ends with a death" + note, bound=6
        )
    return QueryAnswer("unknown", "unknown", a.detail, bound=a.bound)


GOALS["money-over-199"] = lambda e, s: s["money"] > 199
