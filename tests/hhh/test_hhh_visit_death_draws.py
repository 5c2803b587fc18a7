"""HHH-VISIT-DEATH-DRAWS: a Ward patient that dies during its Visit draw while the
replacement draws of its black cubes are still owed.

The chain that stops at the fatal cube (``draws._chain_until``) is the plain chain when
no cube is fatal; in the witness Visit (a lone level-4 yellow patient, a bag of yellow,
gray and one black cube) ``complete`` can take a second yellow cube after the fatal one
(black, yellow, yellow) and ``stop`` never does. Each option's promise holds on its model
and catches a model that plays the other option."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hhh_helpers import BLACK, GRAY, YELLOW, action_phase, cubes, model

from hhh_verify.contract.registry import properties_for
from hhh_verify.models.hhh.rules.draws import SampledDraws, _chain, _chain_until
from hhh_verify.models.hhh.rules.state import PP_VISIT, place

KEY = "HHH-VISIT-DEATH-DRAWS"
PROPS = properties_for("hhh")
BAG = cubes((YELLOW, 3), (GRAY, 3), (BLACK, 1))


def _law(results: Any) -> dict[Any, Fraction]:
    out: dict[Any, Fraction] = {}
    for r, p in results:
        out[r] = out.get(r, Fraction(0)) + p
    return out


@pytest.mark.parametrize(
    ("bag", "discard", "need"),
    [
        (BAG, cubes(), 1),
        (cubes((YELLOW, 1), (GRAY, 1), (BLACK, 3)), cubes((YELLOW, 2), (GRAY, 1)), 2),
        (cubes((BLACK, 2)), cubes((GRAY, 1), (BLACK, 1)), 1),
        (cubes(), cubes((BLACK, 2)), 1),
    ],
)
def test_a_chain_no_cube_can_stop_is_the_plain_chain(bag: Any, discard: Any, need: int) -> None:
    assert _law(_chain_until(bag, discard, need, YELLOW, 99)) == _law(_chain(bag, discard, need))
    stopped = _law(_chain_until(bag, discard, need, YELLOW, 1))
    assert sum(stopped.values()) == 1
    assert all(d[YELLOW] <= 1 for d, _, _, _ in stopped)


def test_the_stopping_chain_differs_where_a_cube_follows_the_fatal_one() -> None:
    """Black, yellow, yellow: the plain chain takes two yellow cubes, the stopping one
    takes one (a planted chain that ignores the stop would take two)."""
    plain = _law(_chain(BAG, cubes(), 1))
    stopped = _law(_chain_until(BAG, cubes(), 1, YELLOW, 1))
    assert any(d[YELLOW] == 2 for d, _, _, _ in plain)
    assert not any(d[YELLOW] == 2 for d, _, _, _ in stopped)
    assert plain != stopped


def test_the_sampled_stopping_chain_stops_at_the_fatal_cube() -> None:
    draws = SampledDraws(random.Random(3))
    for _ in range(40):
        ((d, bag, disc, owed),) = [r for r, _ in draws.chain_until(BAG, cubes(), 1, YELLOW, 1)]
        assert d[YELLOW] <= 1 and owed == 0
        assert sum(d) + disc[BLACK] == sum(BAG) - sum(bag)


def _visit(option: str) -> tuple[Any, Any, list[Any]]:
    m = model("full", interpret=(f"{KEY}={option}",))
    wards = ((4,),) + ((),) * 4
    s = action_phase(m, phase=PP_VISIT, cursor=place(0, YELLOW), wards=wards, bag=BAG)
    a = m.legal_actions(s)[0]
    return m, s, [(a, t) for t, _ in m.step(s, a)]


def _yellow_taken_at_deaths(option: str) -> set[int]:
    _, s, outs = _visit(option)
    return {s.bag[YELLOW] - t.bag[YELLOW] for _, t in outs if t.deaths > s.deaths}


def test_complete_a_dead_patient_can_take_a_cube_after_its_fatal_one() -> None:
    assert _yellow_taken_at_deaths("complete") == {1, 2}


def test_stop_a_dead_patient_takes_no_cube_after_its_fatal_one() -> None:
    assert _yellow_taken_at_deaths("stop") == {1}


def _broken(m: Any, option: str, s: Any, outs: list[Any]) -> str | None:
    promise = PROPS.get(f"promise:{KEY}={option}")
    for a, t in outs:
        if msg := promise.step_violation(m, s, a, t):
            return msg
    return None


@pytest.mark.parametrize(("declared", "played"), [("complete", True), ("stop", False)])
def test_each_promise_holds_and_catches_the_other_option(declared: str, played: bool) -> None:
    m, s, outs = _visit(declared)
    assert _broken(m, declared, s, outs) is None
    planted = model("full", interpret=(f"{KEY}={declared}",))
    planted.ctx.visit_stop = played
    a = outs[0][0]
    outs = [(a, t) for t, _ in planted.step(s, a)]
    assert _broken(planted, declared, s, outs)
