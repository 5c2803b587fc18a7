"""A Z3 encoding of the toy game (tests only), built on the generic SMT machinery.

The symbolic state is the toy state as integers: ``phase``, ``white``, ``black``,
``score``, ``reason`` (0 playing, then the index in :data:`REASONS`), ``deaths`` and
``round`` (1 + cubes out of the bag, as ``ToyModel.round_of``). Every rule is encoded
exactly (both TOY-BLACK readings), so UNSAT within a bound that covers every path is a
proof.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import toy_model as T
import z3

from hhh_verify.contract.coverage import Coverage, every_option
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.properties import SmtClaim
from hhh_verify.smt import bmc
from hhh_verify.smt.budget import Meter
from hhh_verify.smt.queries import QueryAnswer, SmtQuery, SmtSupport, query_properties

FIELDS = ("phase", "white", "black", "score", "reason", "deaths", "round")
REASONS = ("", "completed", "short", "bust")
#: Step selectors: 0 = stutter after the end, then one per rule.
STUTTER, PUSH, STOP, WHITE, BLACK = range(5)


@dataclass
class StepVars:
    rule: Any


class ToyEncoding:
    """The toy's transition relation for one model (config + reading)."""

    terminal_phase = T.OVER
    exact = True

    def __init__(self, model: Any):
        self.model = model
        self.bust = model.readings.reads(T.BLACK.BUST)

    def notes(self) -> list[str]:
        return ["exact: every toy rule is encoded"]

    def state(self, tag: str) -> dict[str, Any]:
        return {f: z3.Int(f"{tag}.{f}") for f in FIELDS}

    def initial(self, s: dict[str, Any]) -> Any:
        return self.equals(s, self.project(self.model.initial_state()))

    def equals(self, s: dict[str, Any], values: dict[str, int]) -> Any:
        return z3.And(*(s[f] == values[f] for f in FIELDS))

    def project(self, s: Any) -> dict[str, int]:
        white, black = s.bag
        return {
            "phase": s.phase,
            "white": white,
            "black": black,
            "score": s.score,
            "reason": REASONS.index(s.reason),
            "deaths": s.deaths,
            "round": self.model.round_of(s),
        }

    def transition(self, p: dict[str, Any], q: dict[str, Any], tag: str) -> tuple[Any, StepVars]:
        rule = z3.Int(f"{tag}.rule")

        def becomes(**changes: Any) -> Any:
            return z3.And(*(q[f] == changes.get(f, p[f]) for f in FIELDS))

        target = self.model.config.target
        black = (
            becomes(phase=T.OVER, reason=REASONS.index("bust"), deaths=p["deaths"] + 1)
            if self.bust
            else becomes(
                phase=T.DECIDE,
                black=p["black"] - 1,
                score=z3.If(p["score"] > 0, p["score"] - 1, 0),
                deaths=p["deaths"] + 1,
                round=p["round"] + 1,
            )
        )
        rules = (
            z3.And(rule == STUTTER, p["phase"] == T.OVER, becomes()),
            z3.And(
                rule == PUSH,
                p["phase"] == T.DECIDE,
                p["white"] + p["black"] > 0,
                becomes(phase=T.DRAW),
            ),
            z3.And(
                rule == STOP,
                p["phase"] == T.DECIDE,
                becomes(phase=T.OVER, reason=z3.If(p["score"] >= target, 1, 2)),
            ),
            z3.And(
                rule == WHITE,
                p["phase"] == T.DRAW,
                p["white"] > 0,
                becomes(
                    phase=T.DECIDE,
                    white=p["white"] - 1,
                    score=p["score"] + 1,
                    round=p["round"] + 1,
                ),
            ),
            z3.And(rule == BLACK, p["phase"] == T.DRAW, p["black"] > 0, black),
        )
        return z3.Or(*rules), StepVars(rule)

    def action(self, value: Callable[[Any], int], v: StepVars) -> Any:
        rule = value(v.rule)
        return {STUTTER: None, PUSH: T.Push(), STOP: T.Stop()}.get(rule, T.Draw())


def symbolic_goal(name: str) -> Callable[[dict[str, Any]], Any]:
    """The built-in reach goals over a symbolic toy state."""
    if name == "won":
        return lambda s: s["reason"] == REASONS.index("completed")
    if name == "lost":
        return lambda s: z3.And(s["phase"] == T.OVER, s["reason"] != REASONS.index("completed"))
    if name == "terminal":
        return lambda s: s["phase"] == T.OVER
    if name.startswith("outcome:") and name[8:] in REASONS[1:]:
        code = REASONS.index(name[8:])
        return lambda s: s["reason"] == code
    raise ModelError(f"the z3 engine cannot encode goal {name!r}; accepted: won, lost, terminal")


def _in_range(enc: ToyEncoding) -> Callable[[dict[str, Any]], Any]:
    cfg = enc.model.config
    return lambda s: z3.And(
        0 <= s["white"],
        s["white"] <= cfg.whites,
        0 <= s["black"],
        s["black"] <= cfg.blacks,
        0 <= s["score"],
        s["score"] <= cfg.whites - s["white"],
    )


def conservation(enc: ToyEncoding, meter: Meter) -> QueryAnswer:
    """Bag and score stay in range, by 1-induction."""
    a = bmc.induction(enc, _in_range(enc), 1, meter)
    if a.verdict == bmc.UNSAT:
        return QueryAnswer("holds", "proof", "1-induction over the exact encoding")
    if a.verdict == bmc.SAT:
        return QueryAnswer("violated", "witness", "base case fails", trace=a.trace)
    return QueryAnswer("unknown", "unknown", a.detail)


def win_possible(enc: ToyEncoding, meter: Meter) -> QueryAnswer:
    a = bmc.reach(enc, symbolic_goal("won"), 12, meter)
    if a.verdict == bmc.SAT:
        return QueryAnswer("yes", "witness", trace=a.trace, bound=a.bound)
    return QueryAnswer("no" if a.verdict == bmc.UNSAT else "unknown", "bounded", bound=a.bound)


def best_score(enc: ToyEncoding, meter: Meter) -> QueryAnswer:
    """The highest final score (Optimize-style strengthening over 12 steps)."""
    a = bmc.extreme(
        enc,
        lambda p, c: c["score"],
        lambda p, c: z3.And(p["phase"] != T.OVER, c["phase"] == T.OVER),
        12,
        True,
        meter,
    )
    if a.verdict == bmc.SAT:
        return QueryAnswer(str(a.value), "witness", trace=a.trace, value=a.value)
    return QueryAnswer("unknown", "unknown", a.detail)


CITE = "Toy rules, Draw"
#: Z3 resource units of a toy query (each spends at most about 150,000).
RLIMIT = 2_000_000
QUERIES = (
    SmtQuery(
        "smt-toy-win",
        "Can a game be won?",
        "yes",
        "Toy rules, Stop",
        win_possible,
        "default",
        rlimit=RLIMIT,
    ),
    SmtQuery(
        "smt-toy-best-score",
        "Highest final score?",
        "3",
        CITE,
        best_score,
        "default",
        rlimit=RLIMIT,
    ),
    SmtQuery(
        "smt-toy-range-check",
        "Bag and score in range (checked model)?",
        "holds",
        CITE,
        conservation,
        preset=None,
        rlimit=RLIMIT,
        in_check=True,
    ),
)


def smt_properties() -> list[SmtClaim]:
    return query_properties("toy", QUERIES)


def support() -> SmtSupport:
    def excluded(enc: Any, goal: Any, meter: Meter) -> bool:
        """The range invariant, proved inductive here, rules ``goal`` out."""
        if bmc.induction(enc, _in_range(enc), 1, meter).verdict != bmc.UNSAT:
            return False
        s = enc.state("q")
        solver = z3.Solver()
        solver.add(_in_range(enc)(s), goal(s))
        return bool(meter.check(solver) == z3.unsat)

    # the toy's encoding covers every option of its two ambiguities
    encoded = Coverage(frozenset(every_option(T.AMBIGUITIES)))
    return SmtSupport(ToyEncoding, symbolic_goal, QUERIES, excluded, encoded=encoded)
