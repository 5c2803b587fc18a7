"""Healthy Heart Hospital checks written for mutants that survived every other check.

Each test names the mutant it kills (docs/mutation.md, benchmarks/mutation.py).
"""

from __future__ import annotations

from hhh_helpers import RED, action_phase, model

from hhh_verify.models.hhh import player_actions
from hhh_verify.models.hhh.actions import InternTreat
from hhh_verify.models.hhh.state import WARD


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
