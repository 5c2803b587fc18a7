"""Generic bounded model checking over an encoding: reachability, extremes, k-induction.

An *encoding* supplies ``state(tag)`` (dict of z3 Ints), ``initial(sym)``,
``transition(pre, post, tag) -> (formula, step_vars)``, ``project(concrete_state)``,
``action(value, step_vars)`` (the model action a step stands for) and ``model``. Every
satisfying answer is turned into a trace by stepping the executable model: at each step
the encoded action is played and the outcome whose projection equals the solver's next
state is chosen. A step with no such outcome raises :class:`WitnessMismatch` — the
encoding and the model disagree, which is a bug in one of them.

Every search has a wall-clock budget; when it runs out the answer is ``unknown`` with the
bound reached, never a hang.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import z3

from .. import trace as tr

SAT, UNSAT, UNKNOWN = "sat", "unsat", "unknown"
Pred = Callable[[dict[str, Any]], Any]


class WitnessMismatch(RuntimeError):
    """The solver's path cannot be replayed through the model (encoding/model disagree)."""

    def __init__(self, step: int, message: str, trace: tr.Trace):
        super().__init__(f"step {step}: {message}")
        self.step, self.trace = step, trace


@dataclass
class Answer:
    """One solver answer: ``sat`` (witness attached), ``unsat`` or ``unknown``."""

    verdict: str
    bound: int  # steps searched (unsat/unknown) or witness length (sat)
    seconds: float
    trace: tr.Trace | None = None
    value: int | None = None  # the optimum, for extremes
    detail: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


class Unrolling:
    """An incremental unrolling: states s0..sk with init and k transitions asserted."""

    def __init__(self, enc: Any, solver: Any | None = None):
        self.enc = enc
        self.solver = solver if solver is not None else new_solver()
        self.states = [enc.state("s0")]
        self.steps: list[Any] = []
        self.solver.add(enc.initial(self.states[0]))

    @property
    def depth(self) -> int:
        return len(self.steps)

    def extend(self) -> None:
        k = self.depth
        nxt = self.enc.state(f"s{k + 1}")
        formula, v = self.enc.transition(self.states[k], nxt, f"t{k}")
        self.solver.add(formula)
        self.states.append(nxt)
        self.steps.append(v)

    def witness(self, m: Any, length: int, **meta: Any) -> tr.Trace:
        return replay_witness(self.enc, m, self.states[: length + 1], self.steps[:length], **meta)


def new_solver() -> Any:
    """A solver that pre-simplifies (the relation is full of equalities and constants):
    about 2x faster than the default one on these unrollings."""
    return z3.Then("simplify", "propagate-values", "solve-eqs", "smt").solver()


def _value(m: Any) -> Callable[[Any], int]:
    return lambda t: m.eval(t, model_completion=True).as_long()


def replay_witness(enc: Any, m: Any, states: list[Any], steps: list[Any], **meta: Any) -> tr.Trace:
    """Play the solver's path through the executable model, recording a trace."""
    model = enc.model
    value = _value(m)
    trace = tr.new_trace(model, None, engine="z3", **meta)
    s = model.initial_state()
    for i, v in enumerate(steps):
        target = {n: value(x) for n, x in states[i + 1].items()}
        action = enc.action(value, v)
        if action is None:  # stutter step after the end of the game
            break
        if action not in model.legal_actions(s):
            raise WitnessMismatch(i, f"encoded action {action!r} is not legal in the model", trace)
        for j, (nxt, _p) in enumerate(model.step(s, action)):
            if enc.project(nxt) == target:
                tr.record(trace, model, s, action, j, nxt)
                s = nxt
                break
        else:
            raise WitnessMismatch(i, f"no outcome of {action!r} matches the solver's state", trace)
    return trace


def _remaining(deadline: float) -> float:
    return deadline - time.perf_counter()


def _set_timeout(solver: Any, deadline: float) -> bool:
    left = _remaining(deadline)
    if left <= 0:
        return False
    solver.set("timeout", max(1, int(left * 1000)))
    return True


def reach(enc: Any, goal: Pred, max_steps: int, timeout: float, **meta: Any) -> Answer:
    """Shortest k <= ``max_steps`` with a path to a state satisfying ``goal`` (incremental)."""
    t0 = time.perf_counter()
    deadline = t0 + timeout
    u = Unrolling(enc)
    for k in range(max_steps + 1):
        if k:
            u.extend()
        if not _set_timeout(u.solver, deadline):
            return Answer(UNKNOWN, k - 1, time.perf_counter() - t0, detail="time limit")
        u.solver.push()
        u.solver.add(goal(u.states[k]))
        r = u.solver.check()
        if r == z3.sat:
            trace = u.witness(u.solver.model(), k, **meta)
            u.solver.pop()
            return Answer(SAT, k, time.perf_counter() - t0, trace=trace)
        u.solver.pop()
        if r == z3.unknown:
            return Answer(
                UNKNOWN, k - 1, time.perf_counter() - t0, detail=u.solver.reason_unknown()
            )
    return Answer(UNSAT, max_steps, time.perf_counter() - t0)


def extreme(
    enc: Any,
    objective: Callable[[dict[str, Any], dict[str, Any]], Any],
    at: Callable[[dict[str, Any], dict[str, Any]], Any],
    steps: int,
    maximize: bool,
    timeout: float,
    **meta: Any,
) -> Answer:
    """Max (or min) of ``objective(prev, state)`` over the states of paths of at most
    ``steps`` steps entered by a step where ``at(prev, state)`` holds.

    Iterative strengthening on one incremental solver (each improvement is a witness;
    the final UNSAT proves the optimum within the bound); faster here than
    ``z3.Optimize``. On a timeout the best value so far is reported as ``unknown``.
    """
    t0 = time.perf_counter()
    deadline = t0 + timeout
    u = Unrolling(enc)
    for _ in range(steps):
        u.extend()
    obj = z3.Int("objective")
    where = z3.Int("objective_step")
    options = []
    for i in range(1, steps + 1):
        prev, cur = u.states[i - 1], u.states[i]
        options.append(z3.And(where == i, at(prev, cur), obj == objective(prev, cur)))
    u.solver.add(z3.Or(*options))
    best: int | None = None
    best_model = None
    while _set_timeout(u.solver, deadline):
        r = u.solver.check()
        if r != z3.sat:
            break
        best_model = u.solver.model()
        best = best_model.eval(obj, model_completion=True).as_long()
        u.solver.add(obj > best if maximize else obj < best)
    else:
        r = z3.unknown
    seconds = time.perf_counter() - t0
    if best_model is None:
        verdict = UNSAT if r == z3.unsat else UNKNOWN
        return Answer(
            verdict,
            steps,
            seconds,
            detail="no state satisfies the condition" if r == z3.unsat else "time limit",
        )
    length = best_model.eval(where, model_completion=True).as_long()
    trace = u.witness(best_model, length, **meta)
    verdict = SAT if r == z3.unsat else UNKNOWN
    detail = "" if verdict == SAT else "best found before the time limit"
    return Answer(verdict, length, time.perf_counter() - t0, trace=trace, value=best, detail=detail)


def induction(
    enc: Any, invariant: Pred, k: int, timeout: float, strengthen: Pred | None = None
) -> Answer:
    """k-induction: ``invariant`` holds in the first k states of every path (base), and k
    consecutive states satisfying it are always followed by one that does (step).

    ``strengthen`` (optional) is assumed with the invariant in the step case and must
    itself be part of what is proved (it is checked in the base case too).
    ``unsat`` means proved; ``sat`` means the base case failed (a real counterexample,
    with a trace); ``unknown`` covers a failed step case (not inductive at this k: the
    counterexample to induction may be unreachable) and time-outs.
    """
    t0 = time.perf_counter()
    deadline = t0 + timeout
    full = (lambda s: z3.And(invariant(s), strengthen(s))) if strengthen else invariant
    base = Unrolling(enc)
    for i in range(k):
        if i:
            base.extend()
        if not _set_timeout(base.solver, deadline):
            return Answer(UNKNOWN, i, time.perf_counter() - t0, detail="time limit in base case")
        base.solver.push()
        base.solver.add(z3.Not(full(base.states[i])))
        r = base.solver.check()
        if r == z3.sat:
            trace = base.witness(base.solver.model(), i)
            return Answer(SAT, i, time.perf_counter() - t0, trace=trace, detail="base case fails")
        base.solver.pop()
        if r == z3.unknown:
            return Answer(UNKNOWN, i, time.perf_counter() - t0, detail=base.solver.reason_unknown())
    step = new_solver()
    states = [enc.state(f"i{j}") for j in range(k + 1)]
    for j in range(k):
        step.add(full(states[j]))
        step.add(enc.transition(states[j], states[j + 1], f"it{j}")[0])
    step.add(z3.Not(full(states[k])))
    if not _set_timeout(step, deadline):
        return Answer(UNKNOWN, k, time.perf_counter() - t0, detail="time limit in step case")
    r = step.check()
    seconds = time.perf_counter() - t0
    if r == z3.unsat:
        return Answer(UNSAT, k, seconds, detail=f"proved by {k}-induction")
    if r == z3.sat:
        m = step.model()
        cti = {n: m.eval(x, model_completion=True).as_long() for n, x in states[k].items()}
        return Answer(UNKNOWN, k, seconds, detail=f"not {k}-inductive", extra={"cti": cti})
    return Answer(UNKNOWN, k, seconds, detail=step.reason_unknown())


SCHEDULE = (8, 16, 24, 32, 48, 64)


def reach_by(
    enc: Any,
    goal: Pred,
    timeout: float,
    schedule: tuple[int, ...] = SCHEDULE,
    running: Pred | None = None,
    **meta: Any,
) -> Answer:
    """Is ``goal`` reachable at all? Checks "by step k" (finished games stutter) for k in
    ``schedule``; after an UNSAT at k, asks whether some path is still running at k: if
    none is, every path was covered and the UNSAT is complete (``unsat``). Fewer solver
    calls than :func:`reach`, so it suits unreachability; witnesses need not be shortest.
    """
    t0 = time.perf_counter()
    deadline = t0 + timeout
    u = Unrolling(enc)
    for k in schedule:
        while u.depth < k:
            u.extend()
        if not _set_timeout(u.solver, deadline):
            break
        u.solver.push()
        u.solver.add(goal(u.states[k]))
        r = u.solver.check()
        if r == z3.sat:
            trace = u.witness(u.solver.model(), k, **meta)
            return Answer(SAT, len(trace.steps), time.perf_counter() - t0, trace=trace)
        u.solver.pop()
        if r == z3.unknown:
            return Answer(UNKNOWN, k, time.perf_counter() - t0, detail=u.solver.reason_unknown())
        if not _set_timeout(u.solver, deadline):
            break
        u.solver.push()
        if running is None:
            u.solver.add(u.states[k]["phase"] != enc.terminal_phase)
        else:  # only paths that could still reach the goal matter
            u.solver.add(running(u.states[k]))
        still = u.solver.check()
        u.solver.pop()
        if still == z3.unsat:
            return Answer(
                UNSAT, k, time.perf_counter() - t0, detail=f"every path ends within {k} steps"
            )
        if still == z3.unknown:
            return Answer(UNKNOWN, k, time.perf_counter() - t0, detail=u.solver.reason_unknown())
    return Answer(UNKNOWN, u.depth, time.perf_counter() - t0, detail="bound or time limit reached")
