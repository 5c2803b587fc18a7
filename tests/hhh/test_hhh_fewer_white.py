"""HHH-FEWER-WHITE: does the variant's "Start the game with 1 fewer Patient marker of each
color in the supply" take a white marker too? Under colours-only (default) the white
pile keeps its markers; under white-too it starts one short. The reference, the kernel,
the Z3 marker fact and the marker-conservation property follow both, and each option's
promise fails on a model that plays the other."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
import z3
from hhh_kernel_helpers import compare_state, model_and_kernel
from model_states import all_states

from hhh_verify.contract.promises import Promise
from hhh_verify.engines.explore import swap
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.book.promises import BOOK
from hhh_verify.models.hhh.kernel.graph import HHHGraph
from hhh_verify.models.hhh.properties.catalog import markers_conserved
from hhh_verify.models.hhh.smt import facts
from hhh_verify.models.hhh.smt.encoding import HHHEncoding

READINGS = ("colours-only", "white-too")
ENTRY = "HHH-FEWER-WHITE"


def _config(preset: str, variant: bool = True, **changes: Any) -> Any:
    return replace(SPEC.presets[preset], variant_fewer_markers=variant, **changes)


def _model(config: Any, reading: str, played: str | None = None) -> Any:
    readings = SPEC.ambiguities.with_readings({ENTRY: reading})
    if played is not None:
        readings = readings.played_as(ENTRY, played)
    return SPEC.make_model(config, readings)


def _whites(m: Any) -> int:
    return int(m.initial_state().supply[m.ctx.C])


def test_only_white_too_under_the_variant_takes_a_white_marker() -> None:
    assert [_whites(_model(_config("full"), r)) for r in READINGS] == [10, 9]
    assert [_whites(_model(_config("full", variant=False), r)) for r in READINGS] == [10, 10]
    assert [_whites(_model(_config("tiny", white_markers=0), r)) for r in READINGS] == [0, 0]


@pytest.mark.parametrize("reading", READINGS)
def test_kernel_follows_both_readings_on_every_tiny_state(reading: str) -> None:
    """One white marker on tiny: under white-too none is left, and a cube patient's body
    takes its tombstone without one (HHH-WHITE-OUT)."""
    m, k = model_and_kernel(_config("tiny", white_markers=1), {ENTRY: reading})
    states = all_states(m, 3000)
    assert len(states) > 100
    for s in states:
        assert compare_state(m, k, s) is None
    white = HHHGraph(k).params[11]  # the compiled markers-conserved check's white count
    assert white == 1 - READINGS.index(reading)


@pytest.mark.parametrize("reading", READINGS)
def test_conservation_and_the_z3_fact_count_the_reading_s_white_pile(reading: str) -> None:
    m = _model(_config("tiny"), reading)
    s0 = m.initial_state()
    for s in all_states(m, 500):
        assert markers_conserved(m, s) is None
    lost = replace(s0, supply=s0.supply[: m.ctx.C] + (s0.supply[m.ctx.C] - 1,))
    assert markers_conserved(m, lost) is not None
    enc = HHHEncoding(m)
    sym = enc.state("a")
    for s, holds in ((s0, True), (lost, False)):
        solver = z3.Solver()
        solver.add(enc.equals(sym, enc.project(s)), facts.markers_conserved(enc, sym))
        assert (solver.check() == z3.sat) == holds


@pytest.mark.parametrize(("declared", "played"), [READINGS, READINGS[::-1]])
def test_each_promise_holds_on_its_option_and_kills_the_other(declared: str, played: str) -> None:
    promise = BOOK.of(ENTRY, declared)
    assert isinstance(promise, Promise)
    config = _config("tiny")
    own, states = swap.kill(_model(config, declared), "hhh", promise, 2000)
    assert own == "" and states > 0
    message, _ = swap.kill(_model(config, declared, played), "hhh", promise, 2000)
    assert "white markers in the supply and on tombstones" in message
