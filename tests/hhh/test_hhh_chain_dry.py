"""HHH-DRAW-EXHAUSTED=stuck on a chain draw that runs dry (arrivals, Visit the Wards,
Research): "black cubes force you to discard the black cube and draw 2 more cubes
instead. This will repeat". Each black cube drawn owes one more cube, so a chain that
runs dry still owing cubes is short even when its colour cubes reach the base count.
The defect: only the colour cubes drawn were compared with the base count, in the
reference and in the kernel, so on ``tiny`` the first arrivals (bag: 2 yellow + 1 black)
ran dry owing a yellow cube with probability 2/3 and play went on."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

from hhh_kernel_helpers import compare_state

from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.kernel.api import HHHKernel
from hhh_verify.models.hhh.rules.actions import EndActions
from hhh_verify.models.hhh.rules.draws import SampledDraws, _chain
from hhh_verify.models.hhh.rules.state import PP_ARRIVE, STUCK

STUCK_READING = ("HHH-DRAW-EXHAUSTED=stuck",)


def _arrivals(m: Any) -> Any:
    """``tiny``: the setup played (its draw leaving 2 yellow + 1 black in the bag), the
    Action Phase ended: the first Waiting Room is about to draw."""
    s = m.initial_state()
    for _ in range(10):
        if s.phase == PP_ARRIVE:
            return s
        acts = m.legal_actions(s)
        a = next((x for x in acts if isinstance(x, EndActions)), acts[0])
        s = max(m.step(s, a), key=lambda tp: (tp[0].bag == (2, 1), tp[1]))[0]
    raise AssertionError("no arrivals reached")


def test_a_chain_that_runs_dry_reports_the_cubes_it_still_owes() -> None:
    """Bag Y Y B, 2 cubes owed: B Y Y and Y B Y run dry owing 1 (2/3); Y Y ends (1/3)."""
    dist = dict(_chain((2, 1), (0, 0), 2))
    assert dist == {
        ((2, 0), (0, 1), (0, 0), 0): Fraction(1, 3),
        ((2, 0), (0, 0), (0, 1), 1): Fraction(2, 3),
    }
    seen = {SampledDraws(random.Random(seed)).chain((2, 1), (0, 0), 2)[0][0] for seed in range(40)}
    assert seen == set(dist)


def test_the_first_arrivals_on_tiny_end_stuck_two_times_in_three() -> None:
    m = SPEC.model("tiny", (), STUCK_READING)
    s = _arrivals(m)
    assert s.bag == (2, 1) and s.discard == (0, 0)
    (a,) = m.legal_actions(s)
    stuck = sum(p for t, p in m.step(s, a) if t.reason == STUCK)
    assert stuck == Fraction(2, 3)
    assert compare_state(m, HHHKernel(m), s) is None
    # under the default reading the same draw just ends short and play goes on
    m = SPEC.model("tiny")
    assert all(t.reason != STUCK for t, _ in m.step(s, a))


def test_the_smt_encoding_ends_the_dry_arrivals_stuck_too() -> None:
    """The encoding's successors of the first arrivals are the model's (stuck included)."""
    import z3

    from hhh_verify.models.hhh.smt.encoding import HHHEncoding

    m = SPEC.model("tiny", (), STUCK_READING)
    s = _arrivals(m)
    enc = HHHEncoding(m)
    pre, post = enc.state("a"), enc.state("b")
    solver = z3.Solver()
    solver.add(enc.transition(pre, post, "t")[0], enc.equals(pre, enc.project(s)))
    want = {
        tuple(sorted(enc.project(t).items())) for a in m.legal_actions(s) for t, _ in m.step(s, a)
    }
    got: set[Any] = set()
    while solver.check() == z3.sat and len(got) <= len(want):
        model = solver.model()
        vals = {n: model.eval(post[n], model_completion=True).as_long() for n in enc.names}
        got.add(tuple(sorted(vals.items())))
        solver.add(z3.Or(*[post[n] != vals[n] for n in enc.names]))
    assert got == want


def test_the_stuck_promise_fails_on_a_model_that_plays_stop() -> None:
    """Two-sided: arrivals of 2 cubes from a bag of 1 yellow + 1 black (discard empty)
    cannot end; under 'stuck' the game must end stuck, so a model playing 'stop' while
    the promise of 'stuck' is in force fails it (and the model playing 'stuck' passes)."""
    from hhh_verify.contract.registry import properties_for

    check = properties_for("hhh").get("promise:HHH-DRAW-EXHAUSTED=stuck")
    m = SPEC.model("tiny", (), STUCK_READING)
    s = _arrivals(m)
    s = replace(s, bag=(1, 1))
    (a,) = m.legal_actions(s)
    assert all(check.step_violation(m, s, a, t) is None for t, _ in m.step(s, a))
    m.ctx.exhausted_stuck = False  # the model plays 'stop'; the promise of 'stuck' checks
    assert all(check.step_violation(m, s, a, t) for t, _ in m.step(s, a))
