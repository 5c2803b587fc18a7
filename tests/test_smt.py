"""Z3 encoding of HHH: the symbolic relation agrees with the executable model.

Rules checked: Key Concepts "Cubes" (draws, black chains, empty bag), and every rule the
encoding mirrors, through the model's own successor sets on the ``tiny`` preset.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
import z3

from hhh_verify.contract.registry import get_game
from hhh_verify.contract.trace import replay
from hhh_verify.engines.explore.explorer import explore
from hhh_verify.models.hhh.rules.draws import _chain, _plain
from hhh_verify.models.hhh.smt import draws as hhh_draws
from hhh_verify.models.hhh.smt import facts as F
from hhh_verify.models.hhh.smt.encoding import HHHEncoding
from hhh_verify.smt import bmc
from hhh_verify.smt.budget import Budget
from hhh_verify.smt.terms import Builder

HHH = get_game("hhh")
#: Z3 resource units of a question on tiny: about 5x the most one spends (a loss by
#: arrest, about 52 million); a count of work, so no verdict here depends on the clock.
RLIMIT = 300_000_000


def _support(fn: Any, bag: tuple[int, ...], disc: tuple[int, ...], n: int) -> set[Any]:
    b = Builder("x")
    ints = [z3.IntVal(v) for v in bag], [z3.IntVal(v) for v in disc]
    # a chain also says what it still owed when it ran dry (HHH-DRAW-EXHAUSTED)
    d, nb, nd, *owed = fn(b, z3.BoolVal(True), ints[0], ints[1], z3.IntVal(n))
    vecs = (d, nb, nd, *([owed] if owed else []))
    s = z3.Solver()
    s.add(*b.constraints)
    out = set()
    while s.check() == z3.sat:
        m = s.model()
        r = tuple(tuple(m.eval(x, model_completion=True).as_long() for x in v) for v in vecs)
        out.add(r[:3] + tuple(x for (x,) in r[3:]))
        s.add(z3.Or(*[x != y for v, rv in zip(vecs, r) for x, y in zip(v, rv)]))
    return out


@pytest.mark.parametrize("kind", ["plain", "chain"])
def test_draw_support_matches_model(kind: str) -> None:
    """Key Concepts, Cubes: the encoded draw allows exactly the model's results
    (black chains "discard the black cube and draw 2 more", "Empty bag" refills)."""
    model_fn = {"plain": _plain, "chain": _chain}[kind]
    smt_fn = {"plain": hhh_draws.plain, "chain": hhh_draws.chain}[kind]
    for bag in itertools.product(range(3), range(2), range(3)):
        for disc in ((0, 0, 0), (1, 0, 1), (0, 1, 2)):
            for n in (1, 2):
                expected = {r for r, _p in model_fn(bag, disc, n)}
                assert _support(smt_fn, bag, disc, n) == expected, (bag, disc, n)


@pytest.fixture(scope="module")
def tiny() -> tuple[Any, HHHEncoding, Any]:
    model = HHH.model("tiny", (), ())
    return model, HHHEncoding(model), explore(model)


def test_tiny_encoding_is_exact(tiny: Any) -> None:
    _model, enc, _exp = tiny
    assert enc.exact and enc.left_out() == []
    full = HHHEncoding(HHH.model("full", (), ()))
    assert not full.exact and "Research and its benefits" in full.left_out()


def test_successor_sets_equal_on_tiny(tiny: Any) -> None:
    """For sampled reachable states, the solver's successors (all of them) are exactly the
    projections of the model's ``step`` outcomes over every legal action."""
    model, enc, exp = tiny
    pre, post = enc.state("a"), enc.state("b")
    solver = z3.Solver()
    solver.add(enc.transition(pre, post, "t")[0])
    states = exp.states()
    for sid in random.Random(5).sample(range(len(states)), 60):
        s = states[sid]
        if model.outcome(s) is not None:
            continue
        want = {
            tuple(sorted(enc.project(n).items()))
            for a in model.legal_actions(s)
            for n, _p in model.step(s, a)
        }
        solver.push()
        solver.add(enc.equals(pre, enc.project(s)))
        got: set[Any] = set()
        while solver.check() == z3.sat and len(got) <= len(want):
            m = solver.model()
            vals = {n: m.eval(post[n], model_completion=True).as_long() for n in enc.names}
            got.add(tuple(sorted(vals.items())))
            solver.add(z3.Or(*[post[n] != vals[n] for n in enc.names]))
        solver.pop()
        assert got == want, model.describe_state(s)


def test_explorer_edges_satisfy_relation(tiny: Any) -> None:
    """Every concrete (s, a, s') the explorer found satisfies T(project s, project s')."""
    model, enc, exp = tiny
    pre, post = enc.state("a"), enc.state("b")
    solver = z3.Solver()
    solver.add(enc.transition(pre, post, "t")[0])
    states = exp.states()
    rng = random.Random(9)
    for sid in rng.sample(range(len(states)), 80):
        for e in exp.edges(sid):
            t = states[exp.edge_succ[e]]
            solver.push()
            solver.add(enc.equals(pre, enc.project(states[sid])), enc.equals(post, enc.project(t)))
            assert solver.check() == z3.sat, model.describe_state(states[sid])
            solver.pop()


@pytest.mark.parametrize("goal", ["outcome:bankrupt", "outcome:arrested", "won", "terminal"])
def test_reach_agrees_with_explorer(tiny: Any, goal: str) -> None:
    """Conformance: Z3 and the explorer give the same verdict; Z3's witness replays."""
    from hhh_verify.engines.explore.reach import ReachRequest, resolve_goal
    from hhh_verify.engines.smt_reach import z3_reach

    model, _enc, exp = tiny
    reason = goal.split(":")[-1]
    explorer_says = any(
        (o.reason == reason) if ":" in goal else (o.won if goal == "won" else True)
        for o in exp.outcomes
    )
    req = ReachRequest(
        model=model,
        goal_id=goal,
        goal=resolve_goal("hhh", goal),
        smt=HHH.load_smt(),
        rlimit=RLIMIT,
    )
    report = z3_reach(req)
    assert report.reachable is explorer_says
    assert report.trace is not None and replay(report.trace, model).ok


def test_unreachable_goal_proved_complete() -> None:
    """outcome:stuck cannot happen under HHH-DRAW-EXHAUSTED=stop; on a 1-round tiny game
    Z3 proves it for every path (all paths end within the bound)."""
    from hhh_verify.engines.explore.reach import ReachRequest, resolve_goal
    from hhh_verify.engines.smt_reach import z3_reach

    model = HHH.model("tiny", ("rounds=1",), ())
    exp = explore(model)
    assert all(o.reason != "stuck" for o in exp.outcomes)
    req = ReachRequest(
        model=model,
        goal_id="outcome:stuck",
        goal=resolve_goal("hhh", "outcome:stuck"),
        smt=HHH.load_smt(),
        rlimit=RLIMIT,
    )
    report = z3_reach(req)
    assert report.reachable is False and report.details["complete"] is True


def test_money_extreme_matches_explorer(tiny: Any) -> None:
    """Most money at the end of round 1 (the step entering round 2) equals the explorer's."""
    from hhh_verify.models.hhh.smt.queries import money_extreme

    model, enc, exp = tiny
    states = exp.states()
    best = None
    for sid in range(len(states)):
        if states[sid].round != 1:
            continue
        for e in exp.edges(sid):
            t = states[exp.edge_succ[e]]
            if t.round == 2:
                best = t.money if best is None else max(best, t.money)
    ans = money_extreme(enc, 1, True, 12, Budget(RLIMIT).meter())
    assert ans.value == best
    assert replay(ans.trace, model).ok


def test_conservation_proved_by_induction(tiny: Any) -> None:
    _model, enc, _exp = tiny

    def inv(s: Any) -> Any:
        return z3.And(
            F.colour_cubes_conserved(enc, s), F.markers_conserved(enc, s), F.well_formed(enc, s)
        )

    assert bmc.induction(enc, inv, 1, Budget(RLIMIT)).verdict == bmc.UNSAT


def test_planted_wrong_total_fails_base_case(tiny: Any) -> None:
    """Planted bug: an invariant with one cube too many is refuted with a trace."""
    _model, enc, _exp = tiny
    wrong = lambda s: F.cube_sum(enc, s) == F.cubes_total(enc) + 1  # noqa: E731
    a = bmc.induction(enc, wrong, 1, Budget(RLIMIT))
    assert a.verdict == bmc.SAT and a.trace is not None


def test_planted_model_drift_is_caught(tiny: Any) -> None:
    """A witness that does not replay fails: the encoding of one config replayed through a
    model whose Ward-death cost differs raises WitnessMismatch (planted drift)."""
    model, _enc, _exp = tiny
    drifted = HHH.model("tiny", ("ward_death_cost=4",), ())
    enc = HHHEncoding(model)
    enc.model = drifted
    with pytest.raises(bmc.WitnessMismatch):
        for reason in (1, 2):

            def goal(s: Any, r: int = reason) -> Any:
                return s["reason"] == r

            bmc.reach(enc, goal, 30, Budget(RLIMIT))


def test_rooms_by_end_per_reading() -> None:
    """New Rooms: 'Only 6 New Room cards can be placed during the game' (HHH-ROOM-CAP)."""
    from hhh_verify.models.hhh.smt.queries import rooms_by_end

    got = {}
    for reading in ("six-total", "six-installed", "every-phase"):
        m = HHH.model("full", (), (f"HHH-ROOM-CAP={reading}",))
        got[reading] = rooms_by_end(m).value
    assert got == {"six-total": 6, "six-installed": 7, "every-phase": 7}


def test_small_explorer_edges_satisfy_relation() -> None:
    """The same conformance on the ``small`` preset (two colours, a Treatment Room and
    the ER), over the first states the explorer expands."""
    model = HHH.model("small", (), ())
    enc = HHHEncoding(model)
    assert enc.exact
    exp = explore(model, max_states=3000)
    pre, post = enc.state("a"), enc.state("b")
    solver = z3.Solver()
    solver.add(enc.transition(pre, post, "t")[0])
    states = exp.states()
    checked = 0
    for sid in random.Random(3).sample(range(len(exp.edge_start) - 1), 60):
        for e in exp.edges(sid):
            t = states[exp.edge_succ[e]]
            solver.push()
            solver.add(enc.equals(pre, enc.project(states[sid])), enc.equals(post, enc.project(t)))
            assert solver.check() == z3.sat, model.describe_state(states[sid])
            solver.pop()
            checked += 1
    assert checked > 60


@pytest.mark.parametrize(
    "item",
    [
        "HHH-TR-TO-WARD-5=survives",
        "HHH-HEAL-DEATH-TIMING=at-once",
        "HHH-VISIT-DEATH-DRAWS=stop",
        "HHH-ARREST-SETTLEMENT=paid",
    ],
)
def test_an_option_the_encoding_does_not_cover_is_refused_by_name(item: str) -> None:
    """Issue 38's options are played by the reference model only: the encoding refuses
    them (a query answers 'not encoded') rather than encode the default's rules."""
    from hhh_verify.contract.errors import ModelError

    with pytest.raises(ModelError, match=f"does not cover {item}"):
        HHHEncoding(HHH.model("tiny", (), (item,)))
    amb = item.split("=")[0]
    default = HHH.ambiguities.get(amb).default
    assert HHHEncoding(HHH.model("tiny", (), (f"{amb}={default}",))).exact
