"""Hypothesis stateful testing of any model against its properties.

One generic :class:`~hypothesis.stateful.RuleBasedStateMachine` is built from a model
and a list of properties. Each rule step is one model step:

* **Decisions**: Hypothesis draws an index into ``legal_actions(s)``
  (``st.integers``), so shrinking prefers the first legal action.
* **Chance**: the outcomes of ``step(s, a)`` are sorted by probability, most likely
  first, and one is chosen by *arithmetic decoding* of Hypothesis-drawn bytes: each byte
  narrows an interval of ``[0, 1)`` until it lies inside one outcome's slice of the
  cumulative distribution. Generation therefore follows the true probabilities (a rare
  draw stays rare, so the states reached are the ones real games reach), while
  shrinking every byte towards 0 turns every draw into its most likely outcome, and a
  draw usually costs one byte. Outcomes with probability below ``256**-MAX_BYTES`` are
  never chosen.
* **Sampled chance** (the default for models with ``sample_step``, e.g. HHH, whose exact
  bag-draw distributions are far too large to enumerate on the full game): the model
  samples with a :class:`DrawnRandom`, a ``random.Random`` whose every choice is a
  Hypothesis draw (uniform by the same byte decoding, shrinking towards 0). The choices
  are recorded per step in the trace's ``meta["samples"]``, which ``trace.replay`` plays
  back exactly.
* A finished game is restarted from the initial state, so every example uses its whole
  step budget and plays several games when they are short.
* An optional search order (per game: ``GameSpec.search_order``)
  puts a sensible move at index 0, so Hypothesis' first, all-zero example plays a whole
  sensible game and shrinking prefers sensible moves.

Every step is recorded (the current game only) as its action, outcome and successor; a
failure turns that path into a :class:`~hhh_verify.contract.trace.Trace` that ``hhh-verify
replay`` re-runs exactly. Action encoding and state digests are computed then, not per
step (they cost as much as a cheap property, and only findings need them). Each property gets
its own exception type, so Hypothesis shrinks and reports every distinct failure
(``report_multiple_bugs``).

Besides the properties, the engine checks the model contract (a state that is not over
has a legal action; a finished game has none; every step is an exact distribution) and
reports a model exception as a finding with the trace that led to it. Goals are
recorded on the side by default (the shortest witness is kept and play continues), so
reaching one never cuts the invariant search short; ``shrink_goals`` makes a goal fail
the example instead so that its witness is shrunk (``hunt`` does this).
"""

from __future__ import annotations

import random
import re
import sys
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, cast

from hypothesis import HealthCheck, Phase, Verbosity, seed, settings
from hypothesis import strategies as st
from hypothesis.errors import Flaky
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

if sys.version_info < (3, 11):  # pragma: no cover
    from exceptiongroup import BaseExceptionGroup

from hhh_verify.contract import trace as traces
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.model import TERMINAL, Model, Sampler, round_of, sampler
from hhh_verify.contract.outcomes import Distribution, distribution_problem, state_digest
from hhh_verify.contract.properties import Goal, Invariant, Property
from hhh_verify.contract.vocab import ChanceMode, FindingKind, Profile
from hhh_verify.engines.hypothesis_shim import counted_hypothesis, no_local_constants

#: Hypothesis settings of the three profiles (also registered under these names).
#: ``stateful_step_count`` is a budget of model steps per example; finished games restart,
#: and a full HHH game is a few hundred steps (see benchmarks/stateful.py).
PROFILES: MappingProxyType[str, MappingProxyType[str, Any]] = MappingProxyType(
    {
        "quick": MappingProxyType({"max_examples": 8, "stateful_step_count": 300}),
        "ci": MappingProxyType({"max_examples": 40, "stateful_step_count": 600}),
        "thorough": MappingProxyType({"max_examples": 400, "stateful_step_count": 1000}),
    }
)

#: Bytes drawn at most to pick one chance outcome (resolution 256**-MAX_BYTES).
MAX_BYTES = 4

#: Shrinking budget per profile: at most this many successful shrinks of each finding
#: (Hypothesis' ``MAX_SHRINKS``; its shrinker also stops after a run of calls without
#: progress), a count of work, so the shrunk trace is the same on a busy machine.
SHRINKS = MappingProxyType({"quick": 50, "ci": 100, "thorough": 500})
#: Time safety net of shrinking per profile (seconds; the count decides): when it fires
#: the finding is kept, less shrunk, and the report says so (``shrink_cut``).
SHRINK_SAFETY_SECONDS = MappingProxyType({"quick": 300.0, "ci": 600.0, "thorough": 3600.0})

CONTRACT = "contract"  # pseudo-property id of the engine's own model-contract checks
ERROR = "error"  # pseudo-property id of an exception the model raised outside a property


def register_profiles() -> None:
    """Register ``quick``, ``ci`` and ``thorough`` with Hypothesis (idempotent).

    The registered profiles carry only effort and health-check settings, so loading one
    (as the test suite does) changes nothing else in other tests; the engine adds its own
    quiet, database-free settings in :func:`profile_settings`.
    """
    for name, values in PROFILES.items():
        settings.register_profile(
            name,
            deadline=None,
            suppress_health_check=[
                HealthCheck.too_slow,
                HealthCheck.data_too_large,
                HealthCheck.filter_too_much,
            ],
            derandomize=name == Profile.CI,
            **values,
        )


def profile_settings(
    profile: str,
    max_examples: int | None = None,
    step_count: int | None = None,
    shrink: bool = True,
) -> settings:
    """Engine settings for ``profile``: no deadline, no database, quiet, seeded by the caller."""
    if profile not in PROFILES:
        raise ModelError(f"unknown profile {profile!r}; accepted: {', '.join(PROFILES)}")
    values: dict[str, Any] = dict(PROFILES[profile])
    if max_examples is not None:
        values["max_examples"] = max_examples
    if step_count is not None:
        values["stateful_step_count"] = step_count
    if not shrink:
        values["phases"] = [Phase.explicit, Phase.reuse, Phase.generate]
    return settings(
        deadline=None,
        database=None,
        derandomize=False,
        verbosity=Verbosity.quiet,
        report_multiple_bugs=True,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
        **values,
    )


# ---------------------------------------------------------------------------------------
# Findings
# ---------------------------------------------------------------------------------------


@dataclass
class Finding:
    """A violated invariant, a reached goal, a broken contract or a model exception.

    ``property`` is the property id (``"contract"`` for the engine's own checks, or
    ``"error"`` for an exception raised by the model); ``trace`` leads from the initial
    state to the state where it happened.
    """

    property: str
    kind: FindingKind
    message: str
    trace: traces.Trace


class _Found(Exception):
    """Raised inside the machine; one subclass per property so Hypothesis keeps them apart."""

    finding: Finding

    def __init__(self, finding: Finding):
        super().__init__(f"{finding.property}: {finding.message}")
        self.finding = finding


@dataclass
class RunStats:
    """What one run did (filled while it runs; one object per run, never shared)."""

    examples: int = 0
    steps: int = 0
    games: int = 0
    games_finished: int = 0
    max_round: int | None = 0  # None: the game has no rounds
    outcomes: dict[str, int] = field(default_factory=dict)
    witnesses: dict[str, Finding] = field(default_factory=dict)  # goal id -> shortest seen


@dataclass
class StatefulReport:
    """Result of :func:`run`: the findings (shrunk) and the effort spent."""

    findings: list[Finding]
    stats: RunStats
    seconds: float
    properties: tuple[str, ...]
    #: The shrinking safety net may have cut a finding's shrinking (its trace is then
    #: valid but maybe longer than the count budget would have made it).
    shrink_cut: bool = False


# ---------------------------------------------------------------------------------------
# Choosing outcomes
# ---------------------------------------------------------------------------------------


def outcome_order(dist: Distribution) -> list[int]:
    """Outcome indices, most likely first (ties keep the model's order)."""
    return sorted(range(len(dist)), key=lambda i: -dist[i][1])


def decode_outcome(dist: Distribution, order: Sequence[int], draw: Any) -> int:
    """Pick an outcome index by arithmetic decoding of bytes from ``draw()``.

    ``order`` lists outcome indices; their probabilities tile ``[0, 1)`` in that order.
    Bytes are drawn until the interval they name fits inside one outcome's tile.
    """
    probs = [dist[i][1] for i in order]
    den = 1
    for p in probs:
        den = den * p.denominator // _gcd(den, p.denominator)
    cum = [0]
    for p in probs:
        cum.append(cum[-1] + p.numerator * (den // p.denominator))
    lo, scale = 0, 1  # interval [lo/scale, (lo+1)/scale)
    k = 0
    for _ in range(MAX_BYTES):
        lo, scale = lo * 256 + draw(), scale * 256
        # tile k holds lo: cum[k] * scale <= lo * den < cum[k+1] * scale
        while k + 1 < len(cum) - 1 and cum[k + 1] * scale <= lo * den:
            k += 1
        if (lo + 1) * den <= cum[k + 1] * scale:
            break
    return order[k]


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def uniform_index(n: int, draw: Any) -> int:
    """An index in ``range(n)``, all equally likely, by arithmetic decoding of bytes."""
    if n <= 1:
        return 0
    lo, scale = 0, 1
    for _ in range(MAX_BYTES):
        lo, scale = lo * 256 + draw(), scale * 256
        i = lo * n // scale
        if (lo + 1) * n <= (i + 1) * scale:
            return i
    return lo * n // scale


class DrawnRandom(random.Random):
    """A ``random.Random`` whose every choice is drawn by Hypothesis (and recorded).

    Models that sample (``model.sample_step(s, a, rng)``) call ``randrange`` and friends;
    each call becomes :func:`uniform_index` over Hypothesis bytes, so it follows the
    true (uniform) odds and shrinks towards index 0. ``values`` lists the results, which
    :class:`hhh_verify.contract.sampled.ScriptedRandom` plays back on replay.
    """

    def __init__(self, draw_byte: Any):
        super().__init__(0)
        self._draw_byte = draw_byte
        self.values: list[int] = []

    def restart(self, draw_byte: Any) -> list[int]:
        """Draw from ``draw_byte`` from now on, into a fresh ``values`` list (returned):
        one object serves every step (seeding a ``random.Random`` costs more than a step's
        draws)."""
        self._draw_byte = draw_byte
        self.values = []
        return self.values

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        i = uniform_index(n, self._draw_byte)
        self.values.append(i)
        return i

    def random(self) -> float:
        return self._randbelow(1 << 53) / (1 << 53)

    def getrandbits(self, k: int) -> int:
        return self._randbelow(1 << k) if k else 0


# ---------------------------------------------------------------------------------------
# The machine
# ---------------------------------------------------------------------------------------


@dataclass
class MachineSetup:
    """What one built machine plays and checks, shared by all its examples.

    The properties are (id, check) pairs, called directly: what Property.violation /
    step_violation / reached do once the kind is known, without a method call per
    property per step.
    """

    model: Model
    ambiguities: AmbiguityRegistry
    #: The model's draw of one successor when chance is sampled, else ``None`` (exact).
    sampler: Sampler | None
    orders: tuple[Any, ...]
    state_invariants: list[tuple[str, Any]]
    step_invariants: list[tuple[str, Any]]
    goals: list[tuple[str, Any]]
    run_stats: RunStats
    trace_meta: dict[str, Any]
    shrink_goals: bool
    exc_types: dict[str, type[_Found]] = field(default_factory=dict)
    index_strategies: dict[int, st.SearchStrategy[int]] = field(default_factory=dict)

    def found(self, pid: str, kind: FindingKind, message: str, trace: traces.Trace) -> _Found:
        """The finding as an exception of its property's own type."""
        key = f"{kind}:{pid}"
        cls = self.exc_types.get(key)
        if cls is None:
            name = "Found_" + re.sub(r"\W", "_", key)
            cls = self.exc_types[key] = type(name, (_Found,), {})
        return cls(Finding(pid, kind, message, trace))

    def int_drawer(self, data: st.DataObject) -> Any:
        """``draw(lo, hi)``: an integer in ``lo..hi`` chosen by Hypothesis (shrinks towards
        ``lo``); the engine always asks ``0..n-1``.

        Goes straight to the choice sequence when this Hypothesis has it (the public
        ``data.draw`` costs several times more per call and a game makes thousands).
        """
        cd = getattr(data, "conjecture_data", None)
        if cd is not None and hasattr(cd, "draw_integer"):
            return cd.draw_integer
        return lambda lo, hi: int(data.draw(self.index_strategy(hi + 1)))

    def index_strategy(self, n: int) -> st.SearchStrategy[int]:
        s = self.index_strategies.get(n)
        if s is None:
            s = self.index_strategies[n] = st.integers(0, n - 1)
        return s


def build_machine(
    model: Model,
    properties: Sequence[Property],
    ambiguities: AmbiguityRegistry,
    stats: RunStats | None = None,
    meta: dict[str, Any] | None = None,
    chance: ChanceMode = ChanceMode.AUTO,
    order: Any = None,
    shrink_goals: bool = False,
) -> type[RuleBasedStateMachine]:
    """A RuleBasedStateMachine class that plays ``model`` and checks ``properties``.

    ``ambiguities`` is the game's AmbiguityRegistry (traces record non-default readings).
    ``chance`` is ``exact`` (enumerate ``step`` and decode an outcome), ``sampled`` (the
    model's ``sample_step`` with a :class:`DrawnRandom`; the choices are recorded in the
    trace's ``meta["samples"]``), or ``auto`` (sampled when the model can sample).
    ``order(model, state, actions)`` (optional) reorders the legal actions so that
    Hypothesis' preferred index 0 is a sensible move (``GameSpec.search_order``); a tuple
    of such functions is a set of playing styles, one drawn per game (style 0 first).
    Goals are recorded on the side (the shortest witness of the run is kept, play goes
    on, so goals never cut the invariant search short); with ``shrink_goals`` reaching a
    goal fails the example instead, so Hypothesis shrinks the witness.
    """
    orders: tuple[Any, ...] = (
        () if order is None else tuple(order) if isinstance(order, (tuple, list)) else (order,)
    )
    props = [p for p in properties if p.relevant(model)]
    setup = MachineSetup(
        model=model,
        ambiguities=ambiguities,
        sampler=sampler(model) if resolve_chance(model, chance) == ChanceMode.SAMPLED else None,
        orders=orders,
        state_invariants=[
            (p.id, p.check) for p in props if isinstance(p, Invariant) and p.check is not None
        ],
        step_invariants=[
            (p.id, p.transition)
            for p in props
            if isinstance(p, Invariant) and p.transition is not None
        ],
        goals=[(p.id, p.check) for p in props if isinstance(p, Goal)],
        run_stats=stats if stats is not None else RunStats(),
        trace_meta=dict(meta or {}),
        shrink_goals=shrink_goals,
    )
    name = f"{model.game.upper()}Machine"
    machine = type(name, (ModelMachine,), {"setup": setup, "__qualname__": name})
    return cast(type[RuleBasedStateMachine], machine)


class ModelMachine(RuleBasedStateMachine):
    """Plays the model one step per rule; properties are checked after every step.

    :func:`build_machine` makes a subclass per run whose ``setup`` says what to play."""

    setup: MachineSetup

    def __init__(self) -> None:
        setup = self.setup
        super().__init__()
        setup.run_stats.examples += 1
        self.rng = DrawnRandom(None)
        self._new_game()

    def _new_game(self) -> None:
        setup = self.setup
        setup.run_stats.games += 1
        self.state = setup.model.initial_state()
        self.trace = traces.new_trace(setup.model, setup.ambiguities, **setup.trace_meta)
        #: The game so far: (action, outcome index, successor); the successor is None
        #: for a step that raised or broke the contract (its trace step has no digest).
        self.path: list[tuple[Any, int, Any]] = []
        self.samples: list[list[int]] = []
        self.style: int | None = None  # index into ``orders``, drawn at the first decision

    def _fail(self, pid: str, kind: FindingKind, message: str) -> _Found:
        setup = self.setup
        meta = dict(self.trace.meta, property=pid, finding=kind, message=message)
        if setup.sampler is not None:
            meta["chance"] = ChanceMode.SAMPLED
            meta["samples"] = [list(v) for v in self.samples]
        steps = [
            traces.TraceStep(
                setup.model.action_to_json(a), j, "" if nxt is None else state_digest(nxt), ""
            )
            for a, j, nxt in self.path
        ]
        snapshot = traces.Trace(
            self.trace.game,
            self.trace.config,
            self.trace.interpretation,
            steps,
            self.trace.seed,
            meta,
        )
        return setup.found(pid, kind, message, snapshot)

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        setup = self.setup
        s = self.state
        out = setup.model.outcome(s)
        if out is not None:
            setup.run_stats.games_finished += 1
            setup.run_stats.outcomes[out.reason] = setup.run_stats.outcomes.get(out.reason, 0) + 1
            self._new_game()
            return
        try:
            legal = setup.model.legal_actions(s)
        except Exception as e:  # a model bug: report it with the path that led here
            raise self._error(e) from e
        if not legal:
            raise self._fail(
                CONTRACT, FindingKind.CONTRACT, "the game is not over but no action is legal"
            )
        draw = setup.int_drawer(data)
        if setup.orders and len(legal) > 1:
            if self.style is None:
                self.style = draw(0, len(setup.orders) - 1) if len(setup.orders) > 1 else 0
            legal = setup.orders[self.style](setup.model, s, legal)
        i = draw(0, len(legal) - 1) if len(legal) > 1 else 0
        action = legal[i]
        if setup.sampler is not None:
            values = self.rng.restart(lambda: draw(0, 255))
            try:
                nxt = setup.sampler(s, action, self.rng)
            except Exception as e:
                self.path.append((action, 0, None))
                self.samples.append(values)
                raise self._error(e) from e
            self.samples.append(values)
            self._advance(s, action, 0, nxt)
            return
        try:
            dist = setup.model.step(s, action)
        except Exception as e:
            self.path.append((action, 0, None))
            raise self._error(e) from e
        problem = _distribution_problem(dist)
        if problem:
            self.path.append((action, 0, None))
            raise self._fail(CONTRACT, FindingKind.CONTRACT, f"step({action!r}): {problem}")
        j = 0
        if len(dist) > 1:
            j = decode_outcome(dist, outcome_order(dist), lambda: draw(0, 255))
        self._advance(s, action, j, dist[j][0])

    def _advance(self, s: Any, action: Any, j: int, nxt: Any) -> None:
        setup = self.setup
        self.path.append((action, j, nxt))
        setup.run_stats.steps += 1
        self.state = nxt
        for pid, transition in setup.step_invariants:
            try:
                msg = transition(setup.model, s, action, nxt)
            except Exception as e:
                raise self._error(e, pid) from e
            if msg:
                raise self._fail(pid, FindingKind.VIOLATION, str(msg))

    def _error(self, e: Exception, pid: str = ERROR) -> _Found:
        where = traceback.extract_tb(e.__traceback__)[-1]
        message = f"{type(e).__name__}: {e} (at {where.filename}:{where.lineno})"
        return self._fail(pid, FindingKind.ERROR, message)

    @invariant()
    def properties_hold(self) -> None:
        setup = self.setup
        s = self.state
        try:
            rnd, top = round_of(setup.model, s), setup.run_stats.max_round
            setup.run_stats.max_round = None if rnd is None else max(top or 0, rnd)
            over = setup.model.outcome(s) is not None
            if over and (setup.model.legal_actions(s) or setup.model.current_player(s) != TERMINAL):
                raise self._fail(
                    CONTRACT, FindingKind.CONTRACT, "the game is over but actions are still legal"
                )
        except _Found:
            raise
        except Exception as e:
            raise self._error(e) from e
        for pid, check in setup.state_invariants:
            try:
                msg = check(setup.model, s)
            except Exception as e:
                raise self._error(e, pid) from e
            if msg:
                raise self._fail(pid, FindingKind.VIOLATION, str(msg))
        for pid, check in setup.goals:
            try:
                hit = check(setup.model, s)
            except Exception as e:
                raise self._error(e, pid) from e
            if not hit:
                continue
            if setup.shrink_goals:
                raise self._fail(pid, FindingKind.GOAL, "reached")
            known = setup.run_stats.witnesses.get(pid)
            if known is None or len(self.path) < len(known.trace.steps):
                setup.run_stats.witnesses[pid] = self._fail(
                    pid, FindingKind.GOAL, "reached"
                ).finding


def resolve_chance(model: Model, chance: ChanceMode) -> ChanceMode:
    """``exact`` or ``sampled`` for ``chance`` (``auto``: sampled when the model can)."""
    chance = ChanceMode.parse(chance, "chance mode")
    if chance == ChanceMode.AUTO:
        return ChanceMode.SAMPLED if sampler(model) is not None else ChanceMode.EXACT
    if chance == ChanceMode.SAMPLED and sampler(model) is None:
        raise ModelError(f"the {model.game} model cannot sample (no sample_step); use exact")
    return chance


def _distribution_problem(dist: Distribution) -> str:
    return distribution_problem(dist)


# ---------------------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------------------


def run(
    model: Model,
    properties: Sequence[Property],
    ambiguities: AmbiguityRegistry,
    profile: str = "ci",
    seed_value: int = 0,
    max_examples: int | None = None,
    step_count: int | None = None,
    shrink: bool = True,
    chance: ChanceMode = ChanceMode.AUTO,
    order: Any = None,
    shrink_goals: bool = False,
) -> StatefulReport:
    """Run the stateful search once; every distinct finding comes back shrunk."""
    stats = RunStats()
    machine = build_machine(
        model,
        properties,
        ambiguities,
        stats,
        meta={"engine": "stateful", "profile": profile},
        chance=chance,
        order=order,
        shrink_goals=shrink_goals,
    )
    seed(seed_value)(machine)
    chosen = profile_settings(profile, max_examples, step_count, shrink)
    findings: list[Finding] = []
    start = time.perf_counter()
    safety = SHRINK_SAFETY_SECONDS[profile]
    try:
        with counted_hypothesis(SHRINKS[profile], safety), no_local_constants():
            run_state_machine_as_test(machine, settings=chosen)
    except _Found as e:
        findings.append(e.finding)
    except Flaky as e:  # the model is not deterministic: a finding did not reproduce
        flaky = traces.new_trace(model, ambiguities)  # no steps: the finding did not reproduce
        findings.append(Finding(ERROR, FindingKind.ERROR, f"flaky model: {e}", flaky))
    except BaseExceptionGroup as group:
        findings.extend(_flatten(group))
    found = {f.property for f in findings}
    findings.extend(f for pid, f in stats.witnesses.items() if pid not in found)
    for f in findings:
        f.trace.seed = seed_value
    seconds = time.perf_counter() - start
    ids = tuple(p.id for p in properties if p.relevant(model))
    cut = bool(findings) and shrink and seconds >= safety
    return StatefulReport(findings, stats, seconds, ids, cut)


def _flatten(group: BaseExceptionGroup) -> list[Finding]:
    out: list[Finding] = []
    for e in group.exceptions:
        if isinstance(e, _Found):
            out.append(e.finding)
        elif isinstance(e, BaseExceptionGroup):
            out.extend(_flatten(e))
        else:
            raise e
    return out


register_profiles()
