"""Analyses of a finished :class:`~hhh_verify.engines.explore.explorer.Exploration`.

Deadlocks, states that can never end, terminal outcome counts, shortest witness traces,
and the probability of reaching a set of states: maximum and minimum over all strategies
(every decision, whoever takes it, is the strategy's) and under the uniform random policy.

Probabilities are exact Fractions by backward induction in reverse topological order
when the graph is acyclic (HHH's is: every step makes progress). On a graph with a cycle
they fall back to value iteration in floats, stopping when no value moves by more than
``tolerance``; the result says which method was used. Values are the least fixed point
(iteration from 0), which is the reachability probability for both max and min
(Baier & Katoen, *Principles of Model Checking*, 2008, sec. 10.6).

States that were cut by a round bound or left pending by a limit count as "goal not
reached" (value 0): a maximum is then a lower bound, and the result says so.
"""

from __future__ import annotations

from array import array
from collections import Counter, deque
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.model import Model
from hhh_verify.contract.trace import Trace, new_trace, record
from hhh_verify.contract.vocab import PLAY_MODES, OptimisationMode
from hhh_verify.engines.explore.explorer import CUT, EXPANDED, PENDING, TERMINAL, Exploration

MODES = PLAY_MODES


def deadlocks(exp: Exploration) -> list[int]:
    """Expanded, non-terminal states without a single legal action."""
    start, kind = exp.edge_start, exp.kind
    return [i for i in range(exp.n_states) if kind[i] == EXPANDED and start[i] == start[i + 1]]


def reverse_edges(exp: Exploration) -> tuple[array, array]:
    """Predecessor lists as CSR arrays ``(rstart, rsrc)`` (duplicates kept)."""
    n = exp.n_states
    count = array("q", bytes(8 * (n + 1)))
    succ = exp.edge_succ
    for t in succ:
        count[t + 1] += 1
    for i in range(n):
        count[i + 1] += count[i]
    pos = array("q", count)
    src = array("I", bytes(4 * len(succ)))
    start = exp.edge_start
    for s in range(n):
        for e in range(start[s], start[s + 1]):
            t = succ[e]
            src[pos[t]] = s
            pos[t] += 1
    return count, src


def backward_reachable(exp: Exploration, targets: Iterable[int]) -> bytearray:
    """Flags of the states from which some state in ``targets`` is reachable."""
    rstart, rsrc = reverse_edges(exp)
    seen = bytearray(exp.n_states)
    queue: deque[int] = deque()
    for t in targets:
        if not seen[t]:
            seen[t] = 1
            queue.append(t)
    while queue:
        t = queue.popleft()
        for k in range(rstart[t], rstart[t + 1]):
            s = rsrc[k]
            if not seen[s]:
                seen[s] = 1
                queue.append(s)
    return seen


def cannot_end(exp: Exploration) -> list[int]:
    """Expanded states from which no terminal state is reachable.

    Cut and pending states count as "might end" (their future is unknown), so every
    state listed here is definitely stuck, even in an incomplete exploration.
    """
    kind = exp.kind
    ends = [i for i in range(exp.n_states) if kind[i] in (TERMINAL, CUT, PENDING)]
    can = backward_reachable(exp, ends)
    return [i for i in range(exp.n_states) if not can[i] and kind[i] == EXPANDED]


def terminal_counts(exp: Exploration) -> dict[str, int]:
    """Terminal states by how the game ended: ``"won:completed"``, ``"lost:arrested"``..."""
    counts: Counter[str] = Counter()
    for oid in exp.outcome_of.values():
        out = exp.outcomes[oid]
        tag = "won" if out.won else "lost" if out.won is False else "over"
        counts[f"{tag}:{out.reason}"] += 1
    return dict(sorted(counts.items()))


def kind_counts(exp: Exploration) -> dict[str, int]:
    names = ("expanded", "terminal", "cut", "pending")
    c = Counter(exp.kind)
    return {names[k]: c.get(k, 0) for k in range(4)}


def topological_order(exp: Exploration) -> list[int] | None:
    """States so that every edge goes forward (Kahn), or ``None`` if there is a cycle."""
    n = exp.n_states
    indeg = array("q", bytes(8 * n))
    for t in exp.edge_succ:
        indeg[t] += 1
    start, succ = exp.edge_start, exp.edge_succ
    order = [i for i in range(n) if indeg[i] == 0]
    k = 0
    while k < len(order):
        s = order[k]
        k += 1
        for e in range(start[s], start[s + 1]):
            t = succ[e]
            indeg[t] -= 1
            if indeg[t] == 0:
                order.append(t)
    return order if len(order) == n else None


@dataclass(frozen=True)
class ReachProbability:
    """The probability of reaching a goal from the initial state.

    ``exact`` is a Fraction when computed exactly (acyclic graph), else ``None``;
    ``value`` is always a float. ``lower_bound`` is True when cut/pending states were
    counted as failures (bounded or incomplete exploration).
    """

    mode: OptimisationMode
    value: float
    exact: Fraction | None
    method: str  # "backward-induction" or "value-iteration(tol=...)"
    lower_bound: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "value": self.value,
            "exact": None if self.exact is None else str(self.exact),
            "method": self.method,
            "bounded_or_incomplete": self.lower_bound,
        }


def reach_values(
    exp: Exploration,
    targets: Iterable[int],
    mode: OptimisationMode = OptimisationMode.MAX,
    *,
    exact: bool = True,
    tolerance: float = 1e-12,
    max_iterations: int = 100_000,
    order: list[int] | None = None,
) -> tuple[list[Any], str]:
    """Per-state probability of reaching ``targets`` under ``mode`` (max/min/random).

    Returns ``(values, method)``. ``order`` may pass a precomputed topological order.
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {tuple(m.value for m in MODES)}, got {mode!r}")
    mode = OptimisationMode(mode)
    n = exp.n_states
    goal = bytearray(n)
    for t in targets:
        goal[t] = 1
    if order is None:
        order = topological_order(exp)
    if order is not None:
        one: Any = Fraction(1) if exact else 1.0
        zero: Any = Fraction(0) if exact else 0.0
        probs: list[Any] = list(exp.probs) if exact else [float(p) for p in exp.probs]
        values: list[Any] = [zero] * n
        for s in reversed(order):
            if goal[s]:
                values[s] = one
            else:
                values[s] = _bellman(exp, s, values, probs, mode, zero)
        return values, "backward-induction" + ("" if exact else "(float)")
    return _iterate(exp, goal, mode, tolerance, max_iterations)


def _bellman(
    exp: Exploration, s: int, values: list[Any], probs: list[Any], mode: OptimisationMode, zero: Any
) -> Any:
    """One Bellman update: best/worst/mean over actions of the expected successor value."""
    lo, hi = exp.edge_start[s], exp.edge_start[s + 1]
    if lo == hi:
        return zero
    act, succ, pid = exp.edge_action, exp.edge_succ, exp.edge_prob
    per_action: list[Any] = []
    acc = zero
    last = act[lo]
    for e in range(lo, hi):
        a = act[e]
        if a != last:
            per_action.append(acc)
            acc = zero
            last = a
        acc += probs[pid[e]] * values[succ[e]]
    per_action.append(acc)
    if mode == OptimisationMode.MAX:
        return max(per_action)
    if mode == OptimisationMode.MIN:
        return min(per_action)
    return sum(per_action, zero) / len(per_action)


def _iterate(
    exp: Exploration, goal: bytearray, mode: OptimisationMode, tolerance: float, max_iterations: int
) -> tuple[list[Any], str]:
    """Gauss-Seidel value iteration in floats from 0 (least fixed point)."""
    n = exp.n_states
    probs = [float(p) for p in exp.probs]
    values: list[Any] = [1.0 if goal[s] else 0.0 for s in range(n)]
    live = [s for s in range(n) if not goal[s] and exp.edge_start[s] < exp.edge_start[s + 1]]
    live.reverse()  # deeper states first converges faster on near-DAGs
    for it in range(max_iterations):
        delta = 0.0
        for s in live:
            v = _bellman(exp, s, values, probs, mode, 0.0)
            d = abs(v - values[s])
            if d > delta:
                delta = d
            values[s] = v
        if delta <= tolerance:
            return values, f"value-iteration(tol={tolerance:g}, iterations={it + 1})"
    return values, f"value-iteration(tol={tolerance:g}, NOT converged after {max_iterations})"


def reach_probability(
    exp: Exploration,
    targets: Iterable[int],
    mode: OptimisationMode = OptimisationMode.MAX,
    *,
    exact: bool = True,
    **kw: Any,
) -> ReachProbability:
    """The probability of reaching ``targets`` from the initial state (see module doc)."""
    values, method = reach_values(exp, targets, mode, exact=exact, **kw)
    v = values[0] if values else 0
    bounded = any(k in (CUT, PENDING) for k in exp.kind)
    ex = v if isinstance(v, Fraction) else None
    return ReachProbability(mode, float(v), ex, method, bounded)


def goal_probabilities(
    exp: Exploration, targets: list[int], exact: bool = True
) -> dict[str, ReachProbability]:
    """Max, min and random-policy probabilities of reaching ``targets`` (one topo sort)."""
    order = topological_order(exp)
    return {mode: reach_probability(exp, targets, mode, exact=exact, order=order) for mode in MODES}


# ---------------------------------------------------------------------------------------
# Witnesses
# ---------------------------------------------------------------------------------------


def witness_trace(
    exp: Exploration, sid: int, registry: AmbiguityRegistry | None = None, **meta: Any
) -> Trace:
    """The shortest path to state ``sid`` as a replayable trace (re-derived via ``step``).

    ``registry`` is the game's AmbiguityRegistry (None: the defaults the model's
    interpretation records).
    """
    return path_trace(exp.model, exp.path_to(sid), registry, **meta)


def path_trace(
    model: Model,
    path: list[tuple[int, int]],
    registry: AmbiguityRegistry | None = None,
    **meta: Any,
) -> Trace:
    """A trace following ``(action index, outcome index)`` steps from the initial state."""
    trace = new_trace(model, registry, **meta)
    s = model.initial_state()
    for ai, oi in path:
        action = model.legal_actions(s)[ai]
        nxt = model.step(s, action)[oi][0]
        record(trace, model, s, action, oi, nxt)
        s = nxt
    return trace


def path_lines(model: Model, path: list[tuple[int, int]]) -> list[str]:
    """Human-readable steps of a path (probabilities shown on chance steps)."""
    s = model.initial_state()
    lines = []
    for i, (ai, oi) in enumerate(path):
        action = model.legal_actions(s)[ai]
        dist = model.step(s, action)
        nxt, p = dist[oi]
        chance = f"  [p={p}]" if len(dist) > 1 else ""
        lines.append(f"{i:4d}. {model.describe_action(s, action)}{chance}")
        s = nxt
    return lines


def witness_lines(exp: Exploration, sid: int) -> list[str]:
    """Human-readable steps of the shortest path to ``sid``."""
    return path_lines(exp.model, exp.path_to(sid))
