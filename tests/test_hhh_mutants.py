"""Healthy Heart Hospital checks written for mutants that survived every other check.

Each test names the mutant it kills (docs/mutation.md, benchmarks/mutation.py).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from hhh_helpers import RED, action_phase, model

from hhh_verify.models.hhh import patient_phase, player_actions
from hhh_verify.models.hhh.actions import InternTreat
from hhh_verify.models.hhh.state import PP_ARRIVE, WARD, place


def test_the_intern_lowers_a_high_level_by_exactly_three() -> None:
    """Staff Index, Intern: "reduce its Illness level by 3". On levels 5 and 6 (where
    ``level // 3`` and ``level - 3`` differ) the patient stays, three levels lower.
    Kills ``a.level - INTERN_HEAL`` -> ``a.level // INTERN_HEAL`` in ``intern``."""
    m = model("full")
    for level in (5, 6):
        wards = tuple((level,) if c == RED else () for c in range(m.ctx.C))
        s = action_phase(m, wards=wards)
        t = player_actions.intern(m.ctx, s, InternTreat(WARD, 0, RED, level))
        assert t.wards[RED] == (level - 3,)


def _law(dist: Any) -> dict[Any, Fraction]:
    law: dict[Any, Fraction] = {}
    for state, p in dist:
        law[state] = law.get(state, Fraction(0)) + p
    return law


def test_a_full_bag_arrival_is_the_same_under_both_exhausted_draw_readings() -> None:
    """HHH-DRAW-EXHAUSTED reads "If you ever need to draw cubes and the bag is empty ..."
    for a draw that cannot be completed; a Waiting Room's arrival from the full bag
    ("Draw 6 cubes from the bag. If you draw black cube(s), discard them and draw 2 more
    cubes for each black cube drawn") completes, black-cube chains included, so both
    readings give it the same law. Kills ``sum(d) < arrival_cubes`` -> ``!=`` in
    ``arrive`` (under 'stuck', an arrival with a black cube lost its cubes)."""
    laws = []
    for reading in ("stop", "stuck"):
        m = model("full", interpret=(f"HHH-DRAW-EXHAUSTED={reading}",))
        s = replace(action_phase(m), phase=PP_ARRIVE, cursor=place(0, 0))
        laws.append(_law(patient_phase.arrive(m.ctx, s)))
    assert laws[0] == laws[1]
