"""What a game's Z3 encoding provides, and how a registered query is answered.

A game with an PropertyKind.SMT encoding declares ``GameSpec.smt``: a loader returning one
:class:`SmtSupport`. It names the encoding factory (``model -> encoding``; the encoding
follows the protocol of :mod:`hhh_verify.smt.bmc` and also has ``exact`` and
``notes()``), the formulas of the built-in ``reach`` goals, an optional proof that a
goal is excluded by an inductive invariant, and the game's registered queries.

A query's ``run(encoding, meter)`` returns a :class:`QueryAnswer` (or an object with
the same fields: ``answer``, the short text compared with ``expected``, ``method``,
``proof``, ``trace``, ``bound``, ``value``); every Z3 check it makes draws on the
:class:`~hhh_verify.smt.budget.Meter` of the query's budget of resource units
(``rlimit``), so its answer does not depend on how busy the machine is.
:func:`run_query` replays every witness through the executable model before it counts, so
an encoding that drifts from the model is reported, never believed; when the budget's
time safety net fired the answer is ``unknown`` (incomplete), whatever was found.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hhh_verify.contract.coverage import Coverage
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import Model
from hhh_verify.contract.properties import SmtClaim
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.trace import replay
from hhh_verify.contract.vocab import SmtMethod
from hhh_verify.smt.bmc import WitnessMismatch
from hhh_verify.smt.budget import Budget, Meter

#: A formula over one symbolic state (a dict of z3 terms).
Pred = Callable[[dict[str, Any]], Any]
#: The preset name of the whole game (the open questions about it run under --profile thorough).
FULL_GAME = "full"

#: Z3 resource units of a query that declares none.
DEFAULT_RLIMIT = 50_000_000


#: The answer of a query that could not decide (a free-text field otherwise: "yes",
#: "$12", "<= $9").
UNKNOWN = "unknown"


@dataclass
class QueryAnswer:
    """What a query's ``run`` found. ``answer`` is the short text compared with the
    expectation; ``method`` is witness / proof / bounded / unknown (a game may spell it
    as its word: it is read into :class:`~hhh_verify.contract.vocab.SmtMethod` here)."""

    answer: str
    method: SmtMethod
    proof: str = ""
    trace: Any = None
    bound: int | None = None
    value: int | None = None
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.method = SmtMethod(self.method)


@dataclass(frozen=True)
class WitnessSearch:
    """A search for the largest ``value`` (e.g. the money) at the end of round
    ``round`` (the last round: a game that ends without a loss), guided by
    ``heuristic``: a replayed witness that is a lower bound beside a query's proved
    upper bound (``hhh-verify query`` runs it with the search engine, generating at most
    ``nodes`` positions)."""

    value: Callable[[Any, Any], float]
    heuristic: Callable[[Any, Any], float]
    round: int
    beam: int = 128
    samples: int = 6
    nodes: int = 100_000


@dataclass(frozen=True)
class SmtQuery:
    """One registered question. ``preset=None`` runs on the caller's (checked) model.

    ``expected`` ``""`` marks an open question (a finding: any answer is reported, none
    contradicts). ``in_check`` queries are quick and run inside ``hhh-verify check``.
    ``rlimit``: the Z3 resource units the query may spend (about 5-10 times what it
    spends to answer; ``query --rlimit`` changes it).
    ``lower_bound``: a search for a witness of the maximum the query bounds from above.
    """

    id: str
    question: str
    expected: str
    citation: str
    run: Callable[[Any, Meter], Any]  # (encoding, meter) -> answer
    preset: str | None = FULL_GAME
    overrides: tuple[str, ...] = ()
    interpret: tuple[str, ...] = ()
    rlimit: int = DEFAULT_RLIMIT
    in_check: bool = False
    #: A maximum's witness search: its best value is a lower bound; when it meets the
    #: proved upper bound the answer is exact.
    lower_bound: WitnessSearch | None = None
    #: A long query (minutes of one busy core): asked under ``query --profile thorough``
    #: (or by ``--name``), so that the default ``query`` of a game ends within minutes.
    thorough_only: bool = False

    @property
    def open_on_full(self) -> bool:
        """An open question about the full game: its answer is whatever the budget
        reaches, so it runs under ``query --profile thorough`` (or by ``--name``)."""
        return not self.expected and self.preset == FULL_GAME

    def work(self, rlimit: int | None = None) -> str:
        """The query's stated budget: its Z3 units, and its witness search's positions."""
        units = f"{rlimit if rlimit is not None else self.rlimit:,} Z3 units"
        search = self.lower_bound
        return units + (f" + a search of {search.nodes:,} positions" if search else "")


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
    ``excluded(encoding, goal, meter)``
        Optional: True when an inductive invariant (proved there) rules ``goal`` out at
        every depth, which makes "unreachable" a proof for any path length.
    ``queries``
        The registered questions (``hhh-verify query``; the ``in_check`` ones also run in
        ``check``).
    ``reduced_preset``
        Where in-check queries fall back when the checked config is outside the exact
        encoding (``None``: the game's ``reduced_preset``).
    ``encoded``
        The options the encoding has code for (:class:`~hhh_verify.contract.coverage.Coverage`,
        declared as ``ENCODED`` in ``models/<game>/smt/__init__.py``): a model under any
        other option is not encoded (:meth:`encode` refuses it; a query answers "not
        encoded", never a result of another reading).
    """

    encoding: Callable[[Any], Any]
    goal: Callable[[str], Pred]
    queries: tuple[SmtQuery, ...] = ()
    excluded: Callable[[Any, Pred, Meter], bool] | None = None
    reduced_preset: str | None = None
    encoded: Coverage = field(kw_only=True)

    def uncovered(self, model: Model) -> list[str]:
        """The options in force in ``model`` the encoding does not cover (``ID=OPTION``)."""
        return self.encoded.missing(model.readings)

    def encode(self, model: Model) -> Any:
        """``encoding(model)``, or a :class:`ModelError` naming the options in force the
        encoding does not cover."""
        missing = self.uncovered(model)
        if missing:
            raise ModelError(
                f"not encoded: the {model.game} Z3 encoding does not cover "
                f"{', '.join(missing)}; accepted: the readings it declares (ENCODED), or "
                "the explorer"
            )
        return self.encoding(model)

    def get(self, query_id: str) -> SmtQuery:
        for q in self.queries:
            if q.id == query_id:
                return q
        accepted = ", ".join(q.id for q in self.queries)
        raise ModelError(f"unknown query {query_id!r}; accepted: {accepted}")

    def in_check(self) -> tuple[SmtQuery, ...]:
        return tuple(q for q in self.queries if q.in_check)

    def in_profile(self, thorough: bool) -> tuple[SmtQuery, ...]:
        """The queries ``query`` asks by default (every one but the open questions about
        the full game, whose budgets run out without an answer, and the long ones marked
        ``thorough_only``), or all of them under the ``thorough`` profile."""
        return tuple(q for q in self.queries if thorough or not (q.open_on_full or q.thorough_only))


def query_properties(game: str, queries: tuple[SmtQuery, ...]) -> list[SmtClaim]:
    """The ``in_check`` queries as ``smt`` properties (rows of the game's registry)."""
    return [SmtClaim(q.id, game, q.citation, q.question) for q in queries if q.in_check]


def verdict(answer: str, expected: str) -> bool | None:
    """True/False when the answer confirms/contradicts the expectation; None if undecided.

    A bound (``max >= $9``, ``round <= 2``) never confirms; it contradicts when it
    excludes the expected value.
    """
    if not expected or answer == UNKNOWN:
        return None
    bound = re.search(r"(<=|>=) \$?(-?\d+)", answer)
    if bound:
        want = re.search(r"-?\d+", expected)
        if want is None:
            return None
        x, e = int(bound.group(2)), int(want.group(0))
        return None if (x >= e if bound.group(1) == "<=" else x <= e) else False
    return answer == expected


def query_budget(
    query: SmtQuery, rlimit: int | None = None, seconds: float | None = None
) -> Budget:
    """The budget of ``query``: its own units unless ``rlimit`` is given; the safety net
    ``seconds`` (default: derived from the units)."""
    return Budget(rlimit if rlimit is not None else query.rlimit, seconds)


def run_query(
    spec: GameSpec,
    support: SmtSupport,
    query: SmtQuery,
    rlimit: int | None = None,
    seconds: float | None = None,
    model: Model | None = None,
) -> dict[str, Any]:
    """Answer one query of ``spec``'s game; every witness is replayed through the model.

    ``rlimit`` replaces the query's own budget of Z3 resource units; ``seconds`` is the
    time safety net (see :func:`query_budget`). ``model`` (for ``preset=None`` queries)
    is the model to ask about; otherwise the query's own preset, overrides and readings
    are built.
    """
    t0 = time.perf_counter()
    config = query.preset or "(checked model)"
    if model is None:
        preset = query.preset
        if preset is None:  # outside check: the reduced preset the encoding covers
            preset = support.reduced_preset or spec.reduced_preset or ""
            config = preset or "default"
        model = spec.model(preset, query.overrides, query.interpret)
    enc = support.encode(model)
    budget = query_budget(query, rlimit, seconds)
    row: dict[str, Any] = {
        "name": query.id,
        "question": query.question,
        "expected": query.expected,
        "citation": query.citation,
        "config": config,
        "interpretation": list(query.interpret),
        "exact": enc.exact,
        "budget": budget.to_json(),
    }
    meter = budget.meter()
    try:
        ans = query.run(enc, meter)
    except WitnessMismatch as e:
        row.update(
            answer="error",
            method=SmtMethod.MISMATCH,
            ok=False,
            seconds=time.perf_counter() - t0,
            rlimit_spent=meter.spent(),
            witness=None,
            proof=f"encoding and model disagree: {e}",
            trace=e.trace,
        )
        return row
    if meter.safety_fired:
        row.update(
            answer=UNKNOWN,
            method=SmtMethod.INCOMPLETE,
            proof=f"time safety net ({budget.safety:g} s) fired: incomplete",
            bound=None,
            value=None,
            ok=None,
            replays=None,
            witness=None,
            trace=None,
            seconds=round(time.perf_counter() - t0, 3),
            rlimit_spent=meter.spent(),
            notes=enc.notes(),
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
        rlimit_spent=meter.spent(),
        notes=enc.notes(),
    )
    return row
