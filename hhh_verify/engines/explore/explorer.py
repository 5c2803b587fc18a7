"""Explicit-state explorer: every reachable state of a small configuration, exactly.

Breadth-first search over ``model.step``. States are interned (state -> int id in
discovery order, which is also expansion order); record states are stored as packed
``bytes`` keys (:mod:`.statecodec`, exact, ~40 bytes for an HHH state instead
of ~500 as objects) and decoded on demand. The graph itself is a handful of flat
``array`` columns:

* per state: ``kind`` (expanded / terminal / cut by a round bound / not expanded
  because a limit was hit), ``edge_start`` (its slice of the edge arrays) and the parent
  pointer ``(parent id, action index, outcome index)`` of its first discovery, which is a
  shortest path from the initial state (breadth-first);
* per edge: ``(action index, successor id, probability index)`` where the probability
  is interned in ``probs`` (exact Fractions). The edges of one action are consecutive
  and in the order of ``step``'s distribution, so the outcome index is implicit.

Invariants (``(model, state) -> None | message``) and goals (``(model, state) -> bool``)
are checked at every state. ``max_states`` (the budget that decides) or the time safety
net ``max_seconds`` stop the search with ``complete=False`` and a reason; a reason that
starts with :data:`SAFETY_NET` says the clock, not the budget, cut it. The networkx graph, analyses and exports are built from
the finished exploration (:mod:`.analysis`, :mod:`.export`).
"""

from __future__ import annotations

import struct
import time
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, cast

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import Model, RoundModel, rounds_required
from hhh_verify.contract.outcomes import Outcome, distribution_problem
from hhh_verify.contract.properties import Goal as GoalProperty
from hhh_verify.contract.properties import Invariant as InvariantProperty
from hhh_verify.contract.properties import Property
from hhh_verify.contract.vocab import OUTCOME_GOAL_PREFIX, BuiltinGoal, NodeKind
from hhh_verify.engines.explore.statecodec import StateCodec

# State kinds -------------------------------------------------------------------------
EXPANDED = 0  # successors computed (no edges: a deadlock)
TERMINAL = 1  # outcome() is not None
CUT = 2  # beyond the round bound (not expanded, not checked)

#: How the reason of an exploration cut by the time safety net begins.
SAFETY_NET = "time safety net"
PENDING = 3  # discovered, but a state/time limit stopped the search before expanding it
KIND_NAMES = tuple(k.value for k in NodeKind)  # indexed by the codes above

Invariant = Callable[[Any, Any], "str | None"]
Goal = Callable[[Any, Any], bool]
StepCheck = Callable[[Any, Any, Any, Any], "str | None"]  # (model, s, action, successor)
Progress = Callable[[int, int, float], None]


class ExplorationError(RuntimeError):
    """The model failed (raised) on a reachable state; ``path`` leads to that state."""

    def __init__(self, message: str, path: list[tuple[int, int]]):
        super().__init__(message)
        self.path = path


@dataclass
class Exploration:
    """The finished (or cut-short) state graph of one model. See the module docstring."""

    model: Model
    index: dict[Any, int]  # state key -> id (keys are packed bytes when ``codec`` is set)
    kind: bytearray
    edge_start: array  # len states+1 for expanded states' slices (q)
    edge_action: array  # H
    edge_succ: array  # I
    edge_prob: array  # I
    probs: list[Fraction]
    parent: array  # i (-1 for the initial state)
    parent_action: array  # H
    parent_outcome: array  # I
    outcomes: list[Outcome]  # distinct outcomes seen
    outcome_of: dict[int, int]  # terminal state id -> index in outcomes
    violations: dict[str, list[int]]  # invariant id -> violating state ids (BFS order)
    messages: dict[str, str]  # invariant id -> message at its first violation
    goal_hits: dict[str, list[int]]  # goal id -> satisfying state ids (BFS order)
    step_violations: dict[str, list[tuple[int, int, int]]]  # id -> (state, action, outcome)
    complete: bool
    reason: str  # why incomplete ("" when complete)
    seconds: float
    max_round: int | None = None
    codec: StateCodec | None = field(default=None, repr=False)
    _states: list[Any] | None = field(default=None, repr=False)

    @property
    def n_states(self) -> int:
        return len(self.kind)

    @property
    def n_transitions(self) -> int:
        return len(self.edge_succ)

    def states(self) -> list[Any]:
        """States by id (the intern table's insertion order); built once, on demand."""
        if self._states is None:
            if self.codec is None:
                self._states = list(self.index)
            else:
                self._states = [self.codec.decode(k) for k in self.index]
        return self._states

    def id_of(self, state: Any) -> int | None:
        """The id of ``state``, or ``None`` when it was not reached."""
        key = state if self.codec is None else self.codec.lookup(state)
        return None if key is None else self.index.get(key)

    def edges(self, sid: int) -> range:
        """Edge positions of state ``sid``."""
        return range(self.edge_start[sid], self.edge_start[sid + 1])

    def choices(self, sid: int) -> list[list[tuple[int, Fraction]]]:
        """Per legal action of ``sid``: its ``(successor id, probability)`` pairs."""
        out: list[list[tuple[int, Fraction]]] = []
        last = -1
        for e in self.edges(sid):
            a = self.edge_action[e]
            if a != last:
                out.append([])
                last = a
            out[-1].append((self.edge_succ[e], self.probs[self.edge_prob[e]]))
        return out

    def path_to(self, sid: int) -> list[tuple[int, int]]:
        """``(action index, outcome index)`` steps of the shortest path to ``sid``."""
        steps: list[tuple[int, int]] = []
        while self.parent[sid] >= 0:
            steps.append((self.parent_action[sid], self.parent_outcome[sid]))
            sid = self.parent[sid]
        steps.reverse()
        return steps

    def depth(self, sid: int) -> int:
        return len(self.path_to(sid))

    def first_violation(self, name: str) -> list[tuple[int, int]] | None:
        """Shortest known path exhibiting invariant ``name`` (state or step check)."""
        paths = []
        if self.violations.get(name):
            paths.append(self.path_to(self.violations[name][0]))
        if self.step_violations.get(name):
            sid, ai, oi = self.step_violations[name][0]
            paths.append(self.path_to(sid) + [(ai, oi)])
        return min(paths, key=len) if paths else None

    def violation_count(self, name: str) -> int:
        return len(self.violations.get(name, ())) + len(self.step_violations.get(name, ()))


def explore(
    model: Model,
    invariants: Mapping[str, Invariant] | None = None,
    goals: Mapping[str, Goal] | None = None,
    *,
    steps: Mapping[str, StepCheck] | None = None,
    max_states: int | None = None,
    max_seconds: float | None = None,
    max_round: int | None = None,
    progress: Progress | None = None,
    progress_every: float = 2.0,
    compact: bool = True,
) -> Exploration:
    """Enumerate every state reachable from ``model.initial_state()`` breadth-first.

    Parameters
    ----------
    invariants, goals
        Checked at every expanded or terminal state (not at cut/pending ones).
    steps
        Transition invariants ``(model, state, action, successor) -> None | message``,
        checked on every edge (their witness ends with the offending step).
    max_states
        Never store more states: the search stops at the first expansion that would
        need one more (that state and the unexpanded frontier stay ``PENDING``).
    max_seconds
        Time safety net, checked every 256 expansions: the budget that decides is
        ``max_states``; an exploration the clock cuts says so in its ``reason``.
    max_round
        States with ``model.round_of(s) > max_round`` are kept as ``CUT`` leaves.
    compact
        Store states as packed ``bytes`` keys (:mod:`.statecodec`) when
        they are records (dataclass / NamedTuple): exact, about 3x less memory.
    progress
        Called as ``progress(states, transitions, seconds)`` about every
        ``progress_every`` seconds (the CLI prints it on stderr).
    """
    invariants = dict(invariants or {})
    goals = dict(goals or {})
    inv_items = list(invariants.items())
    goal_items = list(goals.items())
    step_items = list((steps or {}).items())
    t0 = time.perf_counter()
    next_progress = t0 + progress_every

    s0 = model.initial_state()
    codec = StateCodec.for_state(s0) if compact else None
    encode = codec.encode if codec is not None else None
    g = _empty_exploration(model, s0 if encode is None else encode(s0), invariants, goals, steps)
    g.max_round, g.codec = max_round, codec
    prob_ids: dict[tuple[int, int], int] = {}
    outcome_ids: dict[Outcome, int] = {}
    if max_round is not None:
        rounds_required(model, f"a bound of {max_round} rounds")
    round_of = cast(RoundModel, model).round_of if max_round is not None else None
    # The frontier holds packed keys when compact (decoded on expansion): a BFS level
    # can be a large share of all states, and objects would dominate peak memory.
    decode = codec.decode if codec is not None else None
    frontier: deque[Any] = deque(g.index)
    popleft = frontier.popleft
    sid = -1
    limit = max_states if max_states is not None else 1 << 62

    try:
        while frontier:
            sid += 1
            if (sid & 255) == 0 and sid:
                now = time.perf_counter()
                if max_seconds is not None and now - t0 > max_seconds:
                    g.complete, g.reason = False, f"{SAFETY_NET} ({max_seconds:g} s) fired"
                    break
                if progress is not None and now >= next_progress:
                    progress(len(g.index), len(g.edge_succ), now - t0)
                    next_progress = now + progress_every
            s = popleft() if decode is None else decode(popleft())
            g.edge_start.append(len(g.edge_succ))
            if round_of is not None and round_of(s) > max_round:  # type: ignore[operator]
                g.kind[sid] = CUT
                continue
            if _visit(g, sid, s, inv_items, goal_items, outcome_ids):
                continue
            g.kind[sid] = EXPANDED
            if not _expand(g, sid, s, frontier, limit, prob_ids, step_items):
                g.complete, g.reason = False, f"state limit of {max_states} reached"
                break
    except Exception as e:  # a model bug: report where, with the path to the state
        raise _crash(g, sid, e) from e

    # States never expanded (limit hit) get empty slices.
    while len(g.edge_start) < len(g.kind) + 1:
        g.edge_start.append(len(g.edge_succ))
    g.seconds = time.perf_counter() - t0
    return g


def _empty_exploration(
    model: Model,
    key0: Any,
    invariants: Mapping[str, Invariant],
    goals: Mapping[str, Goal],
    steps: Mapping[str, StepCheck] | None,
) -> Exploration:
    """The graph of the initial state alone (pending), which :func:`explore` grows."""
    return Exploration(
        model=model,
        index={key0: 0},
        kind=bytearray([PENDING]),
        edge_start=array("q"),
        edge_action=array("H"),
        edge_succ=array("I"),
        edge_prob=array("I"),
        probs=[],
        parent=array("i", [-1]),
        parent_action=array("H", [0]),
        parent_outcome=array("I", [0]),
        outcomes=[],
        outcome_of={},
        violations={k: [] for k in invariants},
        messages={},
        goal_hits={k: [] for k in goals},
        step_violations={k: [] for k in steps or {}},
        complete=True,
        reason="",
        seconds=0.0,
    )


def _visit(
    g: Exploration,
    sid: int,
    s: Any,
    inv_items: list[tuple[str, Invariant]],
    goal_items: list[tuple[str, Goal]],
    outcome_ids: dict[Outcome, int],
) -> bool:
    """Check the invariants and goals at state ``sid``; True (marked terminal, its
    outcome interned) when the game is over there."""
    model = g.model
    for name, check in inv_items:
        msg = check(model, s)
        if msg:
            if not g.violations[name]:
                g.messages[name] = str(msg)
            g.violations[name].append(sid)
    for name, goal in goal_items:
        if goal(model, s):
            g.goal_hits[name].append(sid)
    out = model.outcome(s)
    if out is None:
        return False
    g.kind[sid] = TERMINAL
    oid = outcome_ids.get(out)
    if oid is None:
        oid = outcome_ids[out] = len(g.outcomes)
        g.outcomes.append(out)
    g.outcome_of[sid] = oid
    return True


def _expand(
    g: Exploration,
    sid: int,
    s: Any,
    frontier: deque[Any],
    limit: int,
    prob_ids: dict[tuple[int, int], int],
    step_items: list[tuple[str, StepCheck]],
) -> bool:
    """Add the edges of every legal action of ``sid`` (new successors join the
    frontier); False, with the partial expansion undone and ``sid`` left pending, when
    a successor would exceed ``limit`` states."""
    model, codec = g.model, g.codec
    encode = codec.encode if codec is not None else None
    index, kind, probs = g.index, g.kind, g.probs
    edge_action, edge_succ, edge_prob = g.edge_action, g.edge_succ, g.edge_prob
    parent, parent_action, parent_outcome = g.parent, g.parent_action, g.parent_outcome
    append_state = frontier.append
    start = len(edge_succ)
    overflow = False
    for ai, a in enumerate(model.legal_actions(s)):
        dist = model.step(s, a)
        bad = distribution_problem(dist)
        if bad:  # the model contract: an exact distribution of positive Fractions
            raise ValueError(f"step({a!r}) is not an exact distribution: {bad}")
        for oi, (t, p) in enumerate(dist):
            if encode is None:
                key = t
            else:
                try:
                    key = encode(t)
                except struct.error:  # a field outgrew its width: re-pack
                    index = g.index = codec.widen(index, frontier)  # type: ignore[union-attr]
                    key = encode(t)
            tid = index.get(key)
            if tid is None:
                if len(kind) >= limit:
                    overflow = True
                    break
                tid = index[key] = len(kind)
                kind.append(PENDING)
                parent.append(sid)
                parent_action.append(ai)
                parent_outcome.append(oi)
                append_state(key)
            key = (p.numerator, p.denominator)
            pid = prob_ids.get(key)
            if pid is None:
                pid = prob_ids[key] = len(probs)
                probs.append(p)
            edge_action.append(ai)
            edge_succ.append(tid)
            edge_prob.append(pid)
            for name, scheck in step_items:
                msg = scheck(model, s, a, t)
                if msg:
                    if not g.step_violations[name] and name not in g.messages:
                        g.messages[name] = str(msg)
                    g.step_violations[name].append((sid, ai, oi))
        if overflow:
            break
    if overflow:
        del edge_action[start:], edge_succ[start:], edge_prob[start:]
        g.edge_start.pop()
        kind[sid] = PENDING
        return False
    return True


def _crash(g: Exploration, sid: int, e: Exception) -> ExplorationError:
    """The model raised while expanding ``sid``: the error with the path to it."""
    crash_path: list[tuple[int, int]] = []
    k = sid
    while g.parent[k] >= 0:
        crash_path.append((g.parent_action[k], g.parent_outcome[k]))
        k = g.parent[k]
    return ExplorationError(
        f"the model raised {type(e).__name__}: {e} while expanding state {sid} "
        f"(depth {len(crash_path)})",
        crash_path[::-1],
    )


# ---------------------------------------------------------------------------------------
# Goals and properties
# ---------------------------------------------------------------------------------------

#: Goals every game has, named by how the game ends (``outcome:REASON``, ``won``, ...).
BUILTIN_GOALS = (
    BuiltinGoal.WON.value,
    BuiltinGoal.LOST.value,
    BuiltinGoal.TERMINAL.value,
    OUTCOME_GOAL_PREFIX + "REASON",
)


def outcome_goal(name: str) -> Goal | None:
    """The built-in goal ``name`` (see :data:`BUILTIN_GOALS`), or ``None``."""
    if name == BuiltinGoal.WON:
        return lambda m, s: _won(m, s) is True
    if name == BuiltinGoal.LOST:
        return lambda m, s: _won(m, s) is False
    if name == BuiltinGoal.TERMINAL:
        return lambda m, s: m.outcome(s) is not None
    if name.startswith(OUTCOME_GOAL_PREFIX) and len(name) > len(OUTCOME_GOAL_PREFIX):
        reason = name[len(OUTCOME_GOAL_PREFIX) :]

        def goal(m: Model, s: Any) -> bool:
            out = m.outcome(s)
            return out is not None and out.reason == reason

        return goal
    return None


def _won(m: Model, s: Any) -> bool | None:
    out = m.outcome(s)
    return None if out is None else out.won


@dataclass
class Checks:
    """What the explorer checks: state invariants, goals and step (transition) invariants."""

    invariants: dict[str, Invariant] = field(default_factory=dict)
    goals: dict[str, Goal] = field(default_factory=dict)
    steps: dict[str, StepCheck] = field(default_factory=dict)

    def invariant_ids(self) -> list[str]:
        return list(dict.fromkeys([*self.invariants, *self.steps]))


def split_properties(
    properties: Iterable[Property | tuple[str, Callable[..., Any]]], model: Model | None = None
) -> Checks:
    """The explorer's checks from :class:`Property` records: invariants by their
    ``violation`` / ``step_violation``, goals by ``reached``; facts, ``smt`` properties and
    those not ``relevant(model)`` are left out (the explorer cannot or need not check
    them). Plain ``(name, callable)`` pairs work too: a name starting with ``goal`` is a
    goal, anything else an invariant.
    """
    checks = Checks()
    for p in properties:
        if isinstance(p, tuple):
            name, fn = p
            if name.startswith("goal"):
                checks.goals[name] = fn
            else:
                checks.invariants[name] = _adapt(fn)
            continue
        if model is not None and not p.relevant(model):
            continue
        if isinstance(p, InvariantProperty):
            if p.check is not None:
                checks.invariants[p.id] = _adapt(p.violation)
            if p.transition is not None:
                checks.steps[p.id] = p.step_violation
        elif isinstance(p, GoalProperty):
            checks.goals[p.id] = _adapt_goal(p.reached)
    return checks


def _adapt(check: Callable[..., Any]) -> Invariant:
    """Invariant checks may return a message/None, or a bool meaning 'holds'."""

    def run(model: Model, state: Any) -> str | None:
        r = check(model, state)
        if r is None or r is True:
            return None
        if r is False:
            return "invariant does not hold"
        return str(r) if r else None

    return run


def _adapt_goal(check: Callable[..., Any]) -> Goal:
    return lambda model, state: bool(check(model, state))


def require_limits(max_states: int | None, max_seconds: float | None) -> None:
    """Reject nonsense limits with a clear message (CLI input)."""
    if max_states is not None and max_states < 1:
        raise ModelError(f"--max-states must be at least 1, got {max_states}")
    if max_seconds is not None and max_seconds <= 0:
        raise ModelError(f"--max-seconds must be positive, got {max_seconds}")
