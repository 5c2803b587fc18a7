"""Generic bounded model checking over an encoding: reachability, extremes, k-induction.

An *encoding* supplies ``state(tag)`` (dict of z3 Ints), ``initial(sym)``,
``transition(pre, post, tag) -> (formula, step_vars)``, ``project(concrete_state)``,
``action(value, step_vars)`` (the model action a step stands for) and ``model``. Every
satisfying answer is turned into a trace by stepping the executable model: at each step
the encoded action is played and the outcome whose projection equals the solver's next
state is chosen. A step with no such outcome raises :class:`WitnessMismatch` — the
encoding and the model disagree, which is a bug in one of them.

Every search spends a :class:`~hhh_verify.smt.budget.Budget` of Z3 resource units (one
pool for all its checks, so the answer does not depend on how busy the machine is); when
the units run out, or the budget's time safety net fires, the answer is ``unknown`` with
the bound reached and the reason, never a hang.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import z3

from hhh_verify.contract import trace as traces
from hhh_verify.smt.budget import Budget, Meter, as_meter

SAT, UNSAT, UNKNOWN = "sat", "unsat", "unknown"
Pred = Callable[[dict[str, Any]], Any]


class WitnessMismatch(RuntimeError):
    """The solver's path cannot be replayed through the model (encoding/model disagree)."""

    def __init__(self, step: int, message: str, trace: traces.Trace):
        super().__init__(f"step {step}: {message}")
        self.step, self.trace = step, trace


@dataclass
class Answer:
    """One solver answer: ``sat`` (witness attached), ``unsat`` or ``unknown``."""

    verdict: str
    bound: int  # steps searched (unsat/unknown) or witness length (sat)
    seconds: float  # measured, never a limit
    trace: traces.Trace | None = None
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

    def witness(self, m: Any, length: int, **meta: Any) -> traces.Trace:
        return replay_witness(self.enc, m, self.states[: length + 1], self.steps[:length], **meta)


def new_solver() -> Any:
    """A solver that pre-simplifies (the relation is full of equalities and constants):
    about 2x faster than the default one on these unrollings."""
    return z3.Then("simplify", "propagate-values", "solve-eqs", "smt").solver()


def _value(m: Any) -> Callable[[Any], int]:
    return lambda t: m.eval(t, model_completion=True).as_long()


def replay_witness(
    enc: Any, m: Any, states: list[Any], steps: list[Any], **meta: Any
) -> traces.Trace:
    """Play the solver's path through the executable model, recording a trace."""
    model = enc.model
    value = _value(m)
    trace = traces.new_trace(model, None, engine="z3", **meta)
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
                traces.record(trace, model, s, action, j, nxt)
                s = nxt
                break
        else:
            raise WitnessMismatch(i, f"no outcome of {action!r} matches the solver's state", trace)
    return trace


def _answer(verdict: str, bound: int, t0: float, meter: Meter, **more: Any) -> Answer:
    """An answer with the time measured since ``t0`` and the units ``meter`` spent."""
    extra = {"rlimit_spent": meter.spent()}
    if meter.safety_fired:
        extra["safety_net"] = True
    extra.update(more.pop("extra", {}))
    return Answer(verdict, bound, time.perf_counter() - t0, extra=extra, **more)


def reach(enc: Any, goal: Pred, max_steps: int, budget: Budget | Meter, **meta: Any) -> Answer:
    """Shortest k <= ``max_steps`` with a path to a state satisfying ``goal`` (incremental)."""
    t0 = time.perf_counter()
    meter = as_meter(budget)
    u = Unrolling(enc)
    for k in range(max_steps + 1):
        if k:
            u.extend()
        u.solver.push()
        u.solver.add(goal(u.states[k]))
        r = meter.check(u.solver)
        if r == z3.sat:
            trace = u.witness(u.solver.model(), k, **meta)
            u.solver.pop()
            return _answer(SAT, k, t0, meter, trace=trace)
        u.solver.pop()
        if r == z3.unknown:
            return _answer(UNKNOWN, k - 1, t0, meter, detail=meter.why())
    return _answer(UNSAT, max_steps, t0, meter)


def extreme(
    enc: Any,
    objective: Callable[[dict[str, Any], dict[str, Any]], Any],
    at: Callable[[dict[str, Any], dict[str, Any]], Any],
    steps: int,
    maximize: bool,
    budget: Budget | Meter,
    **meta: Any,
) -> Answer:
    """Max (or min) of ``objective(prev, state)`` over the states of paths of at most
    ``steps`` steps entered by a step where ``at(prev, state)`` holds.

    Iterative strengthening on one incremental solver (each improvement is a witness;
    the final UNSAT proves the optimum within the bound); faster here than
    ``z3.Optimize``. When the budget runs out the best value so far is reported as
    ``unknown``.
    """
    t0 = time.perf_counter()
    meter = as_meter(budget)
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
    while True:
        r = meter.check(u.solver)
        if r != z3.sat:
            break
        best_model = u.solver.model()
        best = best_model.eval(obj, model_completion=True).as_long()
        u.solver.add(obj > best if maximize else obj < best)
    if best_model is None:
        verdict = UNSAT if r == z3.unsat else UNKNOWN
        why = "no state satisfies the condition" if r == z3.unsat else meter.why()
        return _answer(verdict, steps, t0, meter, detail=why)
    length = best_model.eval(where, model_completion=True).as_long()
    trace = u.witness(best_model, length, **meta)
    verdict = SAT if r == z3.unsat else UNKNOWN
    detail = "" if verdict == SAT else f"best found before the budget ran out ({meter.why()})"
    return _answer(verdict, length, t0, meter, trace=trace, value=best, detail=detail)


def induction(
    enc: Any, invariant: Pred, k: int, budget: Budget | Meter, strengthen: Pred | None = None
) -> Answer:
    """k-induction: ``invariant`` holds in the first k states of every path (base), and k
    consecutive states satisfying it are always followed by one that does (step).

    ``strengthen`` (optional) is assumed with the invariant in the step case and must
    itself be part of what is proved (it is checked in the base case too).
    ``unsat`` means proved; ``sat`` means the base case failed (a real counterexample,
    with a trace); ``unknown`` covers a failed step case (not inductive at this k: the
    counterexample to induction may be unreachable) and a spent budget.
    """
    t0 = time.perf_counter()
    meter = as_meter(budget)
    full = (lambda s: z3.And(invariant(s), strengthen(s))) if strengthen else invariant
    base = Unrolling(enc)
    for i in range(k):
        if i:
            base.extend()
        base.solver.push()
        base.solver.add(z3.Not(full(base.states[i])))
        r = meter.check(base.solver)
        if r == z3.sat:
            trace = base.witness(base.solver.model(), i)
            return _answer(SAT, i, t0, meter, trace=trace, detail="base case fails")
        base.solver.pop()
        if r == z3.unknown:
            return _answer(UNKNOWN, i, t0, meter, detail=f"base case: {meter.why()}")
    step = new_solver()
    states = [enc.state(f"i{j}") for j in range(k + 1)]
    for j in range(k):
        step.add(full(states[j]))
        step.add(enc.transition(states[j], states[j + 1], f"it{j}")[0])
    step.add(z3.Not(full(states[k])))
    r = meter.check(step)
    if r == z3.unsat:
        return _answer(UNSAT, k, t0, meter, detail=f"proved by {k}-induction")
    if r == z3.sat:
        m = step.model()
        cti = {n: m.eval(x, model_completion=True).as_long() for n, x in states[k].items()}
        return _answer(UNKNOWN, k, t0, meter, detail=f"not {k}-inductive", extra={"cti": cti})
    return _answer(UNKNOWN, k, t0, meter, detail=f"step case: {meter.why()}")


SCHEDULE = (8, 16, 24, 32, 48, 64)


def reach_by(
    enc: Any,
    goal: Pred,
    budget: Budget | Meter,
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
    meter = as_meter(budget)
    u = Unrolling(enc)
    for k in schedule:
        while u.depth < k:
            u.extend()
        u.solver.push()
        u.solver.add(goal(u.states[k]))
        r = meter.check(u.solver)
        if r == z3.sat:
            trace = u.witness(u.solver.model(), k, **meta)
            return _answer(SAT, len(trace.steps), t0, meter, trace=trace)
        u.solver.pop()
        if r == z3.unknown:
            return _answer(UNKNOWN, k, t0, meter, detail=meter.why())
        u.solver.push()
        if running is None:
            u.solver.add(u.states[k]["phase"] != enc.terminal_phase)
        else:  # only paths that could still reach the goal matter
            u.solver.add(running(u.states[k]))
        still = meter.check(u.solver)
        u.solver.pop()
        if still == z3.unsat:
            return _answer(UNSAT, k, t0, meter, detail=f"every path ends within {k} steps")
        if still == z3.unknown:
            return _answer(UNKNOWN, k, t0, meter, detail=meter.why())
    return _answer(UNKNOWN, u.depth, t0, meter, detail="bound reached (some path still runs)")
