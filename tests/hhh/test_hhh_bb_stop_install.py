"""HHH-BB-BLACK-ONLY=stop's promise and a Blood Bank installed in the Patient Phase:
the fill stops on a bag of only black cubes, then Restock Cubes ("Place all discarded
cubes back into the bag") refills the bag in the same step. The defect: the promise
looked at the bag after the restock and raised a false alarm."""

from __future__ import annotations

from dataclasses import replace

from hhh_helpers import action_phase

from hhh_verify.contract.registry import properties_for
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.rules.actions import InstallRoom
from hhh_verify.models.hhh.rules.state import BLOOD_BANK, PP_INSTALL

KEY = "promise:HHH-BB-BLACK-ONLY=stop"


def test_a_blood_bank_installed_in_the_patient_phase_is_no_false_alarm() -> None:
    m = SPEC.model("full", (), ("HHH-BB-BLACK-ONLY=stop",))
    s = action_phase(m, bag=(1, 0, 0, 0, 0, 2), discard=(4, 4, 4, 4, 4, 0), money=10)
    s = replace(s, phase=PP_INSTALL, cursor=0)
    a = InstallRoom(BLOOD_BANK)
    assert a in m.legal_actions(s)
    check = properties_for("hhh").get(KEY)
    (t, _), *_ = m.step(s, a)
    assert sum(t.blood) == 1 and any(t.bag[:5])  # stopped short, then restocked
    assert check.step_violation(m, s, a, t) is None
    # the check still fails a fill that stopped with colour cubes in its bag
    m.ctx.bb_black_refill = True
    s2 = replace(s, bag=(1, 0, 0, 0, 0, 2), discard=(0,) * 6)
    planted = replace(t, bag=(3, 0, 0, 0, 0, 2), discard=(0,) * 6)
    assert check.step_violation(m, s2, a, planted)
