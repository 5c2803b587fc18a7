"""What a game's Z3 encoding provides, and how a registered query is answered.

A game with an SMT encoding declares ``GameSpec.smt``: a loader returning one
:class:`SmtSupport`. It names the encoding factory (``model -> encoding``; the encoding
follows the protocol of :mod:`hhh_verify.smt.bmc` and also has ``exact`` and
``notes()``), the formulas of the built-in ``reach`` goals, an optional proof that a
goal is excluded by an inductive invariant, and the game's registered queries.

A query's ``run(encoding, seconds)`` returns a :class:`QueryAnswer` (or an object with
the same fields: ``answer``, the short text compared with ``expected``, ``method``,
``proof``, ``trace``, ``bound``, ``value``). :func:`run_query` replays every witness through the executable model before
it counts, so an encoding that drifts from the model is reported, never believed.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..model import ModelError
from ..properties import SMT, Property
from ..trace import replay
from .bmc import WitnessMismatch

#: A formula over one symbolic state (a dict of z3 terms).
Pred = Callable[[dict[str, Any]], Any]


@dataclass
class QueryAnswer:
    """What a query's ``run`` found. ``answer`` is the short text compared with the
    expectation; ``method`` is witness / proof / bounded / unknown."""

    answer: str
    method: str
    proof: str = ""
    trace: Any = None
    bound: int | None = None
    value: int | None = None
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class WitnessSearch:
    """A search for the largest ``value`` (e.g. the money) at the end of round
    ``round`` (the last round: a game that ends without a loss), guided by
    ``heuristic``: a replayed witness that is a lower bound beside a query's proved
    upper bound (``hhh-verify query`` runs it with the search engine)."""

    value: Callable[[Any, Any], float]
    heuristic: Callable[[Any, Any], float]
    round: int
    beam: int = 128
    samples: int = 6


@dataclass(frozen=True)
class SmtQuery:
    """One registered question. ``preset=None`` runs on the caller's (checked) model.

    ``expected`` ``""`` marks an open question (a finding: any answer is reported, none
    contradicts). ``in_check`` queries are quick and run inside ``hhh-verify check``.
    ``lower_bound``: a search for a witness of the maximum the query bounds from above.
    """

    id: str
    question: str
    expected: str
    citation: str
    run: Callable[[Any, float], Any]  # (encoding, seconds) -> answer
    preset: str | None = "full"
    overrides: tuple[str, ...] = ()
    interpret: tuple[str, ...] = ()
    budget: float = 50.0
    in_check: bool = False
    #: A maximum's witness search: its best value is a lower bound; when it meets the
    #: proved upper bound the answer is exact.
    lower_bound: WitnessSearch | None = None


@dataclass(frozen=True)
class SmtSupport:
    """A game's Z3 encoding as the engines see it.

    ``encoding(model)``
        The symbolic transition relation of ``model``'s config and readings, with the
        protocol of :mod:`hhh_verify.smt.bmc` (``state``, ``initial``, ``transition``,
        ``project``, ``action``, ``model``, ``terminal_phase``), ``exact`` (True when
        every rule of this config is encoded) and ``notes()``. Symbolic states have a
        ``phase`` and a ``round`` field (``reach --within-rounds`` bounds the round).
    ``goal(name)``
        The formula of a built-in ``reach`` goal (``won``, ``lost``, ``terminal``,
        ``outcome:REASON``); a :class:`ModelError` naming the accepted goals otherwise.
    ``excluded(encoding, goal, seconds)``
        Optional: True when an inductive invariant (proved there) rules ``goal`` out at
        every depth, which makes "unreachable" a proof for any path length.
    ``queries``
        The registered questions (``hhh-verify query``; the ``in_check`` ones also run in
        ``check``).
    ``reduced_preset``
        Where in-check queries fall back when the checked config is outside the exact
        encoding (``None``: the game's ``reduced_preset``).
    """

    encoding: Callable[[Any], Any]
    goal: Callable[[str], Pred]
    queries: tuple[SmtQuery, ...] = ()
    excluded: Callable[[Any, Pred, float], bool] | None = None
    reduced_preset: str | None = None

    def get(self, query_id: str) -> SmtQuery:
        for q in self.queries:
            if q.id == query_id:
                return q
        accepted = ", ".join(q.id for q in self.queries)
        raise ModelError(f"unknown query {query_id!r}; accepted: {accepted}")

    def in_check(self) -> tuple[SmtQuery, ...]:
        return tuple(q for q in self.queries if q.in_check)


def query_properties(game: str, queries: tuple[SmtQuery, ...]) -> list[Property]:
    """The ``in_check`` queries as ``smt`` properties (rows of the game's registry)."""
    return [
        Property(q.id, game, SMT, "HOLDS", q.citation, q.question) for q in queries if q.in_check
    ]


def verdict(answer: str, expected: str) -> bool | None:
    """True/False when the answer confirms/contradicts the expectation; None if undecided.

    A bound (``max >= $9``, ``round <= 2``) never confirms; it contradicts when it
    excludes the expected value.
    """
    if not expected or answer == "unknown":
        return None
    bound = re.search(r"(<=|>=) \$?(-?\d+)", answer)
    if bound:
        want = re.search(r"-?\d+", expected)
        if want is None:
            return None
        x, e = int(bound.group(2)), int(want.group(0))
        return None if (x >= e if bound.group(1) == "<=" else x <= e) else False
    return answer == expected


def run_query(
    spec: Any,
    support: SmtSupport,
    query: SmtQuery,
    timeout: float | None = None,
    model: Any = None,
) -> dict[str, Any]:
    """Answer one query of ``spec``'s game; every witness is replayed through the model.

    ``model`` (for ``preset=None`` queries) is the model to ask about; otherwise the
    query's own preset, overrides and readings are built.
    """
    t0 = time.perf_counter()
    if model is None:
        model = spec.model(query.preset or "", query.overrides, query.interpret)
    enc = support.encoding(model)
    budget = query.budget if timeout is None else min(timeout, query.budget)
    row: dict[str, Any] = {
        "name": query.id,
        "question": query.question,
        "expected": query.expected,
        "citation": query.citation,
        "config": query.preset or "(checked model)",
        "interpretation": list(query.interpret),
        "exact": enc.exact,
    }
    try:
        ans = query.run(enc, budget)
    except WitnessMismatch as e:
        row.update(
            answer="error",
            method="mismatch",
            ok=False,
            seconds=time.perf_counter() - t0,
            witness=None,
            proof=f"encoding and model disagree: {e}",
            trace=e.trace,
        )
        return row
    replays = None
    lines: list[str] = []
    if ans.trace is not None:
        r = replay(ans.trace, model)
        replays = r.ok
        lines = r.lines
    ok = verdict(ans.answer, query.expected)
    if replays is False:
        ok = False
    row.update(
        answer=ans.answer,
        method=ans.method,
        proof=ans.proof,
        bound=ans.bound,
        value=ans.value,
        ok=ok,
        replays=replays,
        witness=lines or None,
        trace=ans.trace,
        seconds=round(time.perf_counter() - t0, 3),
        notes=enc.notes(),
    )
    return row
