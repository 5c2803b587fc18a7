"""Royal Hospital Z3 queries over the numeric core (``models/royal_hospital/smt``).

Each query names its rulebook citation and its expected answer; every witness is replayed
through the executable model before it counts (``hhh_verify.smt.queries.run_query``).
The expected numbers are the explorer's (tests/royal_hospital/test_royal_hospital_smt.py checks that
both engines agree). Each query's ``rlimit`` (Z3 resource units, what decides) is about
ten times what it spends: 1.4-3.7 million.
"""

from __future__ import annotations

from typing import Any

import z3

from hhh_verify.contract.vocab import SmtMethod
from hhh_verify.smt import bmc
from hhh_verify.smt.budget import Meter
from hhh_verify.smt.queries import QueryAnswer, SmtQuery, SmtSupport

from ..rules.state import CLEANUP, OVER, TREATMENT
from ..smt import ENCODED
from ..smt.encoding import RHEncoding, goal

Sym = dict[str, Any]


def usable(s: Sym, p: int) -> Any:
    """Tokens that can pay for treatment: diagnosis, healing, staff, congress doctors."""
    return s[f"p{p}.t0"] + s[f"p{p}.t1"] + s[f"p{p}.t3"] + s[f"p{p}.t4"]


def end_of_round(r: int) -> Any:
    """The step that ran round ``r``'s Cleanup (into round r + 1, or the end)."""

    def at(prev: Sym, cur: Sym) -> Any:
        return z3.And(
            prev["round"] == r,
            z3.Or(prev["phase"] == TREATMENT, prev["phase"] == CLEANUP),
            z3.Or(cur["round"] == r + 1, cur["phase"] == OVER),
        )

    return at


ROUND_1_STEPS = 12  # every path through round 1 of tiny is shorter (checked by _none_at)


def _none_at(enc: RHEncoding, steps: int, meter: Meter) -> bool:
    """No path is still in round 1 after ``steps`` steps: a bound of ``steps`` covers the
    whole round, so an optimum within it is the optimum."""
    u = bmc.Unrolling(enc)
    for _ in range(steps):
        u.extend()
    u.solver.add(u.states[steps]["round"] == 1, u.states[steps]["phase"] != OVER)
    return bool(meter.check(u.solver) == z3.unsat)


def _extreme(enc: RHEncoding, objective: Any, meter: Meter, unit: str) -> QueryAnswer:
    """The largest ``objective(state)`` after round 1's Cleanup, with a witness."""
    a = bmc.extreme(
        enc, lambda prev, cur: objective(cur), end_of_round(1), ROUND_1_STEPS, True, meter
    )
    if a.verdict == bmc.SAT and _none_at(enc, ROUND_1_STEPS, meter):
        proof = f"optimum over all paths: none is still in round 1 after {ROUND_1_STEPS} steps"
        return QueryAnswer(f"{a.value}{unit}", SmtMethod.WITNESS, proof, a.trace, a.bound, a.value)
    if a.value is not None:
        return QueryAnswer(
            f">= {a.value}{unit}", SmtMethod.BOUNDED, a.detail, a.trace, a.bound, a.value
        )
    return QueryAnswer("unknown", SmtMethod.UNKNOWN, a.detail, bound=a.bound)


def most_vp_round_1(enc: RHEncoding, meter: Meter) -> QueryAnswer:
    """The most victory points seat 0 holds after round 1's Cleanup."""
    return _extreme(enc, lambda s: s["p0.vp"], meter, " VP")


def most_credits_round_1(enc: RHEncoding, meter: Meter) -> QueryAnswer:
    """The most credits seat 0 holds after round 1's Cleanup."""
    return _extreme(enc, lambda s: s["p0.credits"], meter, " credits")


def forced_death(enc: RHEncoding, meter: Meter) -> QueryAnswer:
    """A critical patient dies at a Cleanup while its hospital holds treatment
    resources, too few to pay for the cure: resources unused, the death forced."""
    cost = {
        t: card.diag + card.heal for t, card in enumerate(enc.ctx.patients) if card.priority == 1
    }

    def at(prev: Sym, cur: Sym) -> Any:
        cases = []
        for p in range(enc.P):
            short = [z3.And(prev[f"p{p}.card"] == t, usable(prev, p) < c) for t, c in cost.items()]
            cases.append(
                z3.And(
                    cur[f"p{p}.d1"] > prev[f"p{p}.d1"],
                    usable(prev, p) >= 1,
                    z3.Or(*short) if short else z3.BoolVal(False),
                )
            )
        return z3.Or(*cases)

    a = bmc.extreme(enc, lambda prev, cur: 1, at, ROUND_1_STEPS, True, meter)
    if a.trace is not None:
        return QueryAnswer("yes", SmtMethod.WITNESS, "a path to such a death", a.trace, a.bound, 1)
    if a.verdict == bmc.UNSAT:
        return QueryAnswer(
            "no", SmtMethod.PROOF, f"no such death within {a.bound} steps", bound=a.bound
        )
    return QueryAnswer("unknown", SmtMethod.UNKNOWN, a.detail, bound=a.bound)


TREATMENT_RULES = (
    "Patient Treatment Phase: pay the difficulty; Staff ... in place of Diagnostic or Healing"
)

ROUND_1 = ("rounds=1",)  # tiny ending after round 1: the same round 1, a smaller relation

QUERIES = (
    SmtQuery(
        "smt-rh-vp-max-r1-tiny",
        "Most victory points a player holds at the end of round 1 (tiny)?",
        "2 VP",
        "Healing a patient: gain the ... victory points shown on the card; Prestige scoring",
        most_vp_round_1,
        preset="tiny",
        overrides=ROUND_1,
        rlimit=40_000_000,
        in_check=True,
    ),
    SmtQuery(
        "smt-rh-credits-max-r1-tiny",
        "Most credits a player holds at the end of round 1 (tiny)?",
        "4 credits",
        "Preparation 2: credit production; Healing a patient: gain the credit rewards",
        most_credits_round_1,
        preset="tiny",
        overrides=ROUND_1,
        rlimit=40_000_000,
    ),
    SmtQuery(
        "smt-rh-forced-death-tiny",
        "Can a critical patient die while its hospital holds resources too few to cure it?",
        "yes",
        TREATMENT_RULES + "; Cleanup: critical patients die if they have any time tokens",
        forced_death,
        preset="tiny",
        overrides=ROUND_1,
        rlimit=20_000_000,
    ),
)


def support() -> SmtSupport:
    """The game's Z3 encoding as the engines see it (``GameSpec.smt``)."""
    return SmtSupport(
        encoding=RHEncoding, goal=goal, queries=QUERIES, reduced_preset="tiny", encoded=ENCODED
    )
