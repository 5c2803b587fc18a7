"""HHH-FEWER-MARKERS: when the variant's "1 fewer Patient marker of each color in the
supply" leaves. Before setup (default) the Ward patients are drawn from the reduced set;
after setup they are drawn from all markers and one of each colour then leaves the sorted
supply. The two readings give different setups; the kernel, the Z3 relation and the
marker-conservation property follow both."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
import z3
from hhh_kernel_helpers import compare_state, model_and_kernel

from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.properties.catalog import markers_conserved
from hhh_verify.models.hhh.rules.actions import Draw
from hhh_verify.models.hhh.smt.encoding import HHHEncoding

READINGS = ("before-setup", "after-setup")


def _model(preset: str, reading: str, **changes: Any) -> Any:
    config = replace(SPEC.presets[preset], variant_fewer_markers=True, **changes)
    return SPEC.make_model(config, SPEC.ambiguities.with_readings({"HHH-FEWER-MARKERS": reading}))


def _setup_supplies(m: Any) -> dict[tuple[int, ...], Any]:
    """The coloured supply after the Ward draw, with its probability."""
    out: dict[tuple[int, ...], Any] = {}
    for s, p in m.step(m.initial_state(), Draw()):
        key = s.supply[: m.ctx.C]
        out[key] = out.get(key, 0) + p
    return out


def test_the_readings_give_different_setups() -> None:
    before, after = (_model("full", r) for r in READINGS)
    assert before.initial_state().supply[:5] == (3,) * 5
    assert after.initial_state().supply[:5] == (4,) * 5
    for s, _p in after.step(after.initial_state(), Draw()):
        for c in range(5):  # 4 markers, those in the Ward, then one leaves (if any is left)
            assert s.supply[c] == max(0, 4 - len(s.wards[c]) - 1)
    small = {r: _setup_supplies(_model("small", r, setup_markers=2)) for r in READINGS}
    assert small["before-setup"] == {(0, 0): 1}
    sixth = Fraction(1, 6)
    assert small["after-setup"] == {(0, 0): 4 * sixth, (0, 1): sixth, (1, 0): sixth}


@pytest.mark.parametrize("reading", READINGS)
def test_kernel_follows_both_readings(reading: str) -> None:
    for preset, changes in (("full", {}), ("small", {"setup_markers": 2})):
        config = replace(SPEC.presets[preset], variant_fewer_markers=True, **changes)
        m, k = model_and_kernel(config, {"HHH-FEWER-MARKERS": reading})
        s = m.initial_state()
        assert compare_state(m, k, s) is None
        for succ, _p in m.step(s, Draw()):
            assert compare_state(m, k, succ, steps=False) is None


@pytest.mark.parametrize("reading", READINGS)
def test_z3_setup_successors_equal_the_model(reading: str) -> None:
    m = _model("small", reading, setup_markers=2)
    enc = HHHEncoding(m)
    pre, post = enc.state("a"), enc.state("b")
    solver = z3.Solver()
    solver.add(enc.transition(pre, post, "t")[0], enc.equals(pre, enc.project(m.initial_state())))
    want = {tuple(sorted(enc.project(n).items())) for n, _p in m.step(m.initial_state(), Draw())}
    got: set[Any] = set()
    while solver.check() == z3.sat and len(got) <= len(want):
        vals = {n: solver.model().eval(post[n], model_completion=True).as_long() for n in enc.names}
        got.add(tuple(sorted(vals.items())))
        solver.add(z3.Or(*[post[n] != vals[n] for n in enc.names]))
    assert got == want


def test_conservation_holds_under_after_setup_and_still_fails_on_a_lost_marker() -> None:
    m = _model("full", "after-setup")
    s0 = m.initial_state()
    assert markers_conserved(m, s0) is None
    for s, _p in m.step(s0, Draw()):
        assert markers_conserved(m, s) is None
    bad = replace(s0, supply=(2,) + s0.supply[1:])  # a yellow marker gone nowhere
    assert markers_conserved(m, bad) is not None
