"""HHH-ARREST-SETTLEMENT: a patient dies and no empty place is left for the body.

Witness: a level-5 patient moved from an Improved Treatment Room to a Ward (it dies on
arrival, HHH-TR-TO-WARD-5=dies) with the Cemetery full. Both options lose the game by
arrest; ``unpaid`` keeps the money, ``paid`` pays the Ward's $10 settlement (below $0
too: the game stays lost by arrest). Each promise holds on its model and catches a model
that plays the other option."""

from __future__ import annotations

from typing import Any

import pytest
from hhh_helpers import YELLOW, action_phase, model

from hhh_verify.contract.registry import properties_for
from hhh_verify.models.hhh.rules.actions import Transfer
from hhh_verify.models.hhh.rules.state import ARRESTED, OVER, TREATED, TREATMENT, WARD

KEY = "HHH-ARREST-SETTLEMENT"
MOVE = Transfer(0, TREATMENT, 0, YELLOW, 5, WARD)
PROPS = properties_for("hhh")


def _full_cemetery(option: str, money: int = 15) -> tuple[Any, Any]:
    m = model(interpret=(f"{KEY}={option}",))
    treat = ((5, TREATED),) + ((0, 0),) * 4
    full = (0,) * m.ctx.C + (m.config.tombstones, 0)
    s = action_phase(m, rooms=(2,) + (0,) * 7, treatment=treat, cemetery=full, money=money)
    return m, s


@pytest.mark.parametrize(("option", "lost"), [("unpaid", 0), ("paid", 10)])
def test_an_arrest_pays_the_settlement_only_when_paid(option: str, lost: int) -> None:
    m, s = _full_cemetery(option)
    ((t, _),) = m.step(s, MOVE)
    assert t.phase == OVER and t.reason == ARRESTED and t.deaths == s.deaths + 1
    assert s.money - t.money == lost


def test_paid_an_arrest_below_zero_is_still_an_arrest() -> None:
    m, s = _full_cemetery("paid", money=3)
    ((t, _),) = m.step(s, MOVE)
    assert t.reason == ARRESTED and t.money == -7
    assert m.outcome(t) is not None and not m.outcome(t).won


@pytest.mark.parametrize(("declared", "played"), [("unpaid", True), ("paid", False)])
def test_each_promise_holds_and_catches_the_other_option(declared: str, played: bool) -> None:
    promise = PROPS.get(f"promise:{KEY}={declared}")
    m, s = _full_cemetery(declared)
    ((t, _),) = m.step(s, MOVE)
    assert promise.step_violation(m, s, MOVE, t) is None
    planted, s = _full_cemetery(declared)
    planted.ctx.arrest_pays = played
    ((t, _),) = planted.step(s, MOVE)
    assert promise.step_violation(planted, s, MOVE, t)
