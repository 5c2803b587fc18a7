"""HHH-HEAL-DEATH-TIMING: a Ward Heal whose cubes so far would kill the patient.

The witness is the rulebook's own Healing a Patient Example: Nowitz heals the level-4
gray Ward patient and draws red, black, yellow, yellow, black, gray (net +1: "which
would cause the Patient to die"). Under ``after-bonuses`` the bonus draws stay open and
the example's Nowitz bonus saves the patient; under ``at-once`` the patient is dead
already: only the settlement (with its re-bag choice) is offered. Each option's promise
holds on its model and catches a model that plays the other option."""

from __future__ import annotations

from typing import Any

import pytest
from hhh_helpers import BLACK, GRAY, RED, YELLOW, action_phase, cubes, drawn_is, force, model

from hhh_verify.contract.records import replace
from hhh_verify.contract.registry import properties_for
from hhh_verify.models.hhh.rules.actions import Bonus, Heal, Settle
from hhh_verify.models.hhh.rules.config import TRAINING_REBAG
from hhh_verify.models.hhh.rules.state import ACTIONS, WARD

KEY = "HHH-HEAL-DEATH-TIMING"
FIRST = cubes((RED, 1), (BLACK, 2), (YELLOW, 2), (GRAY, 1))
PROPS = properties_for("hhh")


def _drawn(option: str) -> tuple[Any, Any]:
    """(model, the position after the example's first draw) under ``option``."""
    m = model("full", interpret=(f"{KEY}={option}",))
    training = [0] * 6
    training[GRAY] = 1
    training[TRAINING_REBAG] = 2
    s = action_phase(
        m, wards=((), (4,), (), (), ()), money=15, training=(tuple(training), (0,) * 6)
    )
    s1, _ = force(m.step(s, Heal(0, WARD, GRAY, 4, -1)), drawn_is(FIRST))
    return m, s1


def test_after_bonuses_the_example_s_bonus_draws_stay_open() -> None:
    m, s1 = _drawn("after-bonuses")
    legal = m.legal_actions(s1)
    assert Bonus(1) in legal and Bonus(2) in legal


def test_at_once_only_the_settlement_is_left_and_the_patient_dies() -> None:
    m, s1 = _drawn("at-once")
    legal = m.legal_actions(s1)
    assert legal and all(isinstance(a, Settle) for a in legal)
    assert Settle(cubes((YELLOW, 2))) in legal  # the re-bag choice is kept
    ((t, _),) = m.step(s1, Settle(cubes()))
    assert t.phase == ACTIONS and t.deaths == 1 and t.wards[GRAY] == ()


def test_at_once_a_draw_that_does_not_kill_keeps_the_bonuses() -> None:
    m, s1 = _drawn("at-once")
    safe = cubes((RED, 1), (BLACK, 1), (YELLOW, 2), (GRAY, 2))  # net -1: level 3
    s2 = replace(s1, heal=replace(s1.heal, drawn=safe, latest_black=1))
    assert Bonus(2) in m.legal_actions(s2)


def broken(m: Any, option: str, s: Any, actions: Any) -> str | None:
    promise = PROPS.get(f"promise:{KEY}={option}")
    for a in actions:
        for t, _ in m.step(s, a):
            if msg := promise.step_violation(m, s, a, t):
                return msg
    return None


@pytest.mark.parametrize(("declared", "played"), [("after-bonuses", True), ("at-once", False)])
def test_each_promise_holds_and_catches_the_other_option(declared: str, played: bool) -> None:
    """Holds on its own option's model; planted: the rules read the other option."""
    m, s1 = _drawn(declared)
    assert broken(m, declared, s1, m.legal_actions(s1)) is None
    planted, s1 = _drawn(declared)
    planted.ctx.heal_death_at_once = played
    assert broken(planted, declared, s1, planted.legal_actions(s1))
