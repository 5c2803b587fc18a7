"""HHH-RESEARCH-AMOUNT asks only of the Replace benefit whether its count may be cut short;
the Training benefit's count is settled by the Research example ("so you gain 3 Training
markers"): under either reading its picks offer no way to stop."""

from __future__ import annotations

import pytest
from hhh_helpers import action_phase, model

from hhh_verify.models.hhh.rules.actions import EndPicks, ReplaceMarker, TakeTraining
from hhh_verify.models.hhh.rules.state import PICK_REPLACE, PICK_TRAINING, PICKS


def _picks(reading: str, kind: int):  # type: ignore[no-untyped-def]
    m = model(interpret=(f"HHH-RESEARCH-AMOUNT={reading}",))
    s = action_phase(m, phase=PICKS, picks=(kind, 2))
    if kind == PICK_REPLACE:  # two dead yellow patients, white markers in the supply
        s = action_phase(m, phase=PICKS, picks=(kind, 2), cemetery=(2, 0, 0, 0, 0, 0, 0))
    return m, s


@pytest.mark.parametrize("reading", ["all", "up-to"])
def test_a_training_benefit_is_always_taken_in_full(reading: str) -> None:
    m, s = _picks(reading, PICK_TRAINING)
    legal = m.legal_actions(s)
    assert any(isinstance(a, TakeTraining) for a in legal)
    assert EndPicks() not in legal


def test_the_replace_benefit_may_stop_early_only_under_up_to() -> None:
    m, s = _picks("all", PICK_REPLACE)
    assert EndPicks() not in m.legal_actions(s)
    assert ReplaceMarker(0) in m.legal_actions(s)
    m, s = _picks("up-to", PICK_REPLACE)
    assert EndPicks() in m.legal_actions(s)
    ((after, _),) = m.step(s, EndPicks())
    assert after.cemetery[0] == 2 and after.picks == (0, 0)
