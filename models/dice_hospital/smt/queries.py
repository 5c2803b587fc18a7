"""How the Dice Hospital Z3 questions are answered (``models/dice_hospital/properties/smt.py``
registers them): the first-player bar, the most points a hospital holds in a round,
deaths by neglect in a round, and whether a hospital can end the game empty.

Unreachability answers are proofs only when every path has left the round in question
within the bound; each function checks that ("coverage") before it says "no".
"""

from __future__ import annotations

from typing import Any

import z3

from hhh_verify.contract.vocab import SmtMethod
from hhh_verify.smt import bmc
from hhh_verify.smt.budget import Meter
from hhh_verify.smt.queries import QueryAnswer

from ..rules.state import (
    ACT_DISCARD,
    ACTIVATE,
    DICE_DRAW,
    EFFECT,
    EPIDEMIC,
    EVICT,
    EXPAND,
    EXPAND_DISCARD,
    EXTRA,
    EXTRA_DRAW,
    MARKET,
    OVER,
    PICK,
    ROLL,
    SETUP_ADMIN,
    SETUP_ADMIN_PICK,
    SETUP_DICE,
    SETUP_HEALTH,
)

Sym = dict[str, Any]
#: The phases of a round up to the end of the ambulance picks.
PICKING: tuple[int, ...] = (
    SETUP_DICE,
    SETUP_HEALTH,
    SETUP_ADMIN,
    SETUP_ADMIN_PICK,
    MARKET,
    EXTRA,
    EXTRA_DRAW,
)
PICKING += (DICE_DRAW, ROLL, PICK, EPIDEMIC, EVICT)


def covered(enc: Any, rnd: int, steps: int, meter: Meter, phases: tuple[int, ...] = ()) -> bool:
    """Has every path left round ``rnd`` (or ended) within ``steps`` steps? With
    ``phases``: has every path left those phases of round ``rnd``?"""

    def running(s: Sym) -> Any:
        if phases:
            return z3.And(s["round"] == rnd, z3.Or(*(s["phase"] == ph for ph in phases)))
        return z3.And(s["phase"] != OVER, s["round"] <= rnd)

    a = bmc.reach_by(enc, lambda s: z3.BoolVal(False), meter, schedule=(steps,), running=running)
    return a.verdict == bmc.UNSAT


def reach_or_cover(enc: Any, goal: Any, steps: int, running: Any, meter: Meter) -> tuple[str, Any]:
    """Shortest witness of ``goal`` within ``steps`` (``"sat"``, trace), else whether
    every path has left ``running`` by then (``"unsat"``: a proof) -- on one incremental
    unrolling, so the second question reuses what the first learned."""
    u = bmc.Unrolling(enc)
    for k in range(steps + 1):
        if k:
            u.extend()
        u.solver.push()
        u.solver.add(goal(u.states[k]))
        r = meter.check(u.solver)
        if r == z3.sat:
            return bmc.SAT, u.witness(u.solver.model(), k)
        u.solver.pop()
        if r == z3.unknown:
            return bmc.UNKNOWN, None
    u.solver.push()
    u.solver.add(running(u.states[steps]))
    r = meter.check(u.solver)
    return (bmc.UNSAT if r == z3.unsat else bmc.UNKNOWN), None


def first_player_bar(enc: Any, steps: int, meter: Meter) -> QueryAnswer:
    """Can the first player take ambulance 1? (The first pick of round 1 is the first
    player's; every path has made it within the bound, or the answer is unknown.)"""

    def goal(s: Sym) -> Any:
        return z3.Or(
            z3.And(s["first"] == 0, s["taken0"] == 0), z3.And(s["first"] == 1, s["taken1"] == 0)
        )

    def before_first_pick(s: Sym) -> Any:
        early = z3.Or(*(s["phase"] == ph for ph in PICKING if ph not in (PICK, EPIDEMIC, EVICT)))
        return z3.And(s["round"] == 1, z3.Or(early, z3.And(s["phase"] == PICK, s["cursor"] == 0)))

    verdict, trace = reach_or_cover(enc, goal, steps, before_first_pick, meter)
    if verdict == bmc.SAT:
        return QueryAnswer("yes", SmtMethod.WITNESS, trace=trace)
    if verdict == bmc.UNSAT:
        proof = f"no path of <= {steps} steps; every path made round 1's first pick by then"
        return QueryAnswer("no", SmtMethod.PROOF, proof, bound=steps)
    return QueryAnswer("unknown", SmtMethod.UNKNOWN, meter.why(), bound=steps)


def first_keeps_token(enc: Any, steps: int, meter: Meter) -> QueryAnswer:
    """Can the first player, barred from ambulance 1, still take the lowest ambulance
    and stay first player? (Checked ``steps`` steps in, inside round 1's draft or
    activation, where the next first player is already known.)"""
    after_picks = (EXPAND, EXTRA, EXPAND_DISCARD, ACT_DISCARD, ACTIVATE, EFFECT)

    def goal(s: Sym) -> Any:
        return z3.And(
            s["round"] == 1,
            z3.Or(*(s["phase"] == ph for ph in after_picks)),
            s["next_first"] == s["first"],
        )

    a = bmc.reach_by(enc, goal, meter, schedule=(steps,))
    if a.verdict == bmc.SAT:
        return QueryAnswer("yes", SmtMethod.WITNESS, trace=a.trace, bound=a.bound)
    return QueryAnswer(
        "unknown", SmtMethod.BOUNDED, a.detail or f"not at step {steps}", bound=steps
    )


def _points(s: Sym) -> Any:
    return z3.If(s["p0.points"] >= s["p1.points"], s["p0.points"], s["p1.points"])


def most_points_in_round(enc: Any, rnd: int, steps: int, meter: Meter) -> QueryAnswer:
    """The most points either hospital holds during round ``rnd`` (points move when a
    hospital's round ends and, after the last round, by the end-of-game adjustment):
    four fifths of the units for the optimum, the rest for the coverage proof."""
    a = bmc.extreme(
        enc, lambda p, c: _points(c), lambda p, c: p["round"] == rnd, steps, True, meter.share(0.8)
    )
    if a.value is None:
        return QueryAnswer("unknown", SmtMethod.UNKNOWN, a.detail, bound=steps)
    if a.verdict == bmc.SAT and covered(enc, rnd, steps, meter):
        proof = f"optimum over every path through round {rnd} ({steps} steps)"
        return QueryAnswer(
            f"{a.value} points", SmtMethod.WITNESS, proof, trace=a.trace, bound=steps, value=a.value
        )
    return QueryAnswer(
        f">= {a.value} points",
        SmtMethod.WITNESS,
        "best found (bound or budget)",
        trace=a.trace,
        bound=steps,
        value=a.value,
    )


def neglect_death_in_round_1(enc: Any, steps: int, meter: Meter) -> QueryAnswer:
    """Can a patient die of neglect in round 1? For configurations where nobody can be
    evicted in round 1 (enough beds): any mortality token seen in round 1, or in the
    state that opens round 2 (its market draw), comes from neglect. One incremental
    unrolling: a shortest witness, else coverage (every path is past that state)."""

    def deaths(s: Sym) -> Any:
        return s["p0.mortality"] + s["p1.mortality"] > 0

    def round_1(s: Sym) -> Any:
        opening = z3.And(s["round"] == 2, s["phase"] == MARKET)
        return z3.Or(z3.And(s["round"] == 1, s["phase"] != OVER), opening)

    verdict, trace = reach_or_cover(
        enc, lambda s: z3.And(deaths(s), round_1(s)), steps, round_1, meter
    )
    if verdict == bmc.SAT:
        return QueryAnswer("yes", SmtMethod.WITNESS, trace=trace)
    if verdict == bmc.UNSAT:
        proof = f"no path of <= {steps} steps; every path has left round 1 by then"
        return QueryAnswer("no", SmtMethod.PROOF, proof, bound=steps)
    return QueryAnswer("unknown", SmtMethod.UNKNOWN, meter.why(), bound=steps)


def ends_empty(enc: Any, steps: int, meter: Meter) -> QueryAnswer:
    """Can a hospital be empty when the game ends (finished games stutter, so one check
    at the bound covers every shorter game)?"""

    def goal(s: Sym) -> Any:
        empty = [
            z3.Sum([s[f"p{pl}.n{h}{t}"] for h in range(1, 7) for t in (0, 1)]) == 0
            for pl in range(2)
        ]
        return z3.And(s["phase"] == OVER, z3.Or(*empty))

    a = bmc.reach_by(enc, goal, meter, schedule=(steps,))
    if a.verdict == bmc.SAT:
        return QueryAnswer("yes", SmtMethod.WITNESS, trace=a.trace, bound=a.bound)
    if a.verdict == bmc.UNSAT:
        return QueryAnswer("no", SmtMethod.PROOF, a.detail, bound=steps)
    return QueryAnswer("unknown", SmtMethod.UNKNOWN, a.detail, bound=a.bound)
