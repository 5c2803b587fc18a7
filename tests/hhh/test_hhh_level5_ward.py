"""HHH-TR-TO-WARD-5: a level-5 patient moved from an Improved Treatment Room to a Ward.

Each option changes play in one witness position (a level-5 patient on an Improved
Treatment Room, a free Ward bed): ``dies`` offers the move and the patient dies on
arrival, ``forbidden`` does not offer it, ``survives`` offers it and the patient lies in
the Ward at level 5 until a draw there raises its level. The ``survives`` promise holds
there and catches a model that plays either other option."""

from __future__ import annotations

from typing import Any

import pytest
from hhh_helpers import BLACK, GRAY, YELLOW, action_phase, cubes, model

from hhh_verify.contract.registry import properties_for
from hhh_verify.models.hhh.rules.actions import Settle, Transfer
from hhh_verify.models.hhh.rules.state import (
    ACTIONS,
    HEAL_DRAWN,
    PP_VISIT,
    TREATED,
    TREATMENT,
    WARD,
    HealInProgress,
    place,
)

KEY = "HHH-TR-TO-WARD-5"
MOVE = Transfer(0, TREATMENT, 0, YELLOW, 5, WARD)
PROPS = properties_for("hhh")


def _level5_room(m: Any) -> Any:
    """Yellow's Improved Treatment Room holds a level-5 patient; every Ward bed is free."""
    treat = ((5, TREATED),) + ((0, 0),) * 4
    return action_phase(m, rooms=(2,) + (0,) * 7, treatment=treat)


def _after_move(option: str) -> list[Any]:
    m = model(interpret=(f"{KEY}={option}",))
    s = _level5_room(m)
    if MOVE not in m.legal_actions(s):
        return []
    return [t for t, _ in m.step(s, MOVE)]


def test_dies_the_patient_dies_on_arrival() -> None:
    (t,) = _after_move("dies")
    assert t.wards[YELLOW] == () and t.deaths == 1 and t.treatment[YELLOW] == (0, 0)


def test_forbidden_the_move_is_not_offered() -> None:
    assert _after_move("forbidden") == []


def test_survives_the_patient_lies_in_the_ward_at_level_5() -> None:
    (t,) = _after_move("survives")
    assert t.wards[YELLOW] == (5,) and t.deaths == 0 and t.treatment[YELLOW] == (0, 0)


def _survivor(m: Any, **fields: Any) -> Any:
    return action_phase(m, wards=((5,),) + ((),) * 4, **fields)


def _visit_outcomes(option: str) -> dict[bool, Any]:
    """Yellow's Ward visited with a level-5 patient in it: {a yellow cube drawn: state}."""
    m = model(interpret=(f"{KEY}={option}",), overrides=("variant_no_abilities=false",))
    s = _survivor(m, phase=PP_VISIT, cursor=place(0, YELLOW))
    out: dict[bool, Any] = {}
    for t, _ in m.step(s, m.legal_actions(s)[0]):
        matched = t.discard[YELLOW] > s.discard[YELLOW]
        out.setdefault(matched, t)
    return out


def test_survives_a_ward_visit_kills_only_a_matching_draw() -> None:
    """A visit draw that does not match leaves the patient at 5 ('becomes' needs a
    change); a matching cube raises it to 6 and it dies."""
    out = _visit_outcomes("survives")
    assert out[False].deaths == 0 and out[False].wards[YELLOW] == (5,)
    assert out[True].deaths == 1 and out[True].wards[YELLOW] == ()


def _settled(option: str, drawn: tuple[int, ...]) -> Any:
    m = model(interpret=(f"{KEY}={option}",))
    h = HealInProgress(0, WARD, YELLOW, 5, drawn, (), 0, -1, drawn[BLACK])
    s = _survivor(m, phase=HEAL_DRAWN, heal=h)
    ((t, _),) = m.step(s, Settle(cubes()))
    return s, t


@pytest.mark.parametrize(
    ("drawn", "level", "deaths", "earned"),
    [
        (cubes((GRAY, 6)), 5, 0, 0),  # no change: still at 5, alive, nothing earned
        (cubes((YELLOW, 1), (BLACK, 1), (GRAY, 4)), 5, 0, 0),  # net nothing
        (cubes((BLACK, 1), (GRAY, 5)), None, 1, 0),  # raised to 6: dies
        (cubes((YELLOW, 2), (GRAY, 4)), 3, 0, 2),  # healed by 2: $1 a level
    ],
)
def test_survives_a_heal_of_the_level_5_ward_patient(
    drawn: tuple[int, ...], level: int | None, deaths: int, earned: int
) -> None:
    s, t = _settled("survives", drawn)
    assert t.phase == ACTIONS and t.deaths == deaths
    assert t.wards[YELLOW] == (() if level is None else (level,))
    if not deaths:
        assert t.money - s.money == earned


def broken(m: Any, option: str, s: Any, a: Any) -> str | None:
    promise = PROPS.get(f"promise:{KEY}={option}")
    for t, _ in m.step(s, a):
        if msg := promise.step_violation(m, s, a, t):
            return msg
    return None


@pytest.mark.parametrize("played", ["dies", "forbidden"])
def test_the_survives_promise_catches_a_model_playing_another_option(played: str) -> None:
    """Holds on the survives model; planted: the model's rules read ``played`` (the
    patient dies on arrival, or the move is not offered)."""
    m = model(interpret=(f"{KEY}=survives",))
    s = _level5_room(m)
    assert broken(m, "survives", s, MOVE) is None
    planted = model(interpret=(f"{KEY}=survives",))
    planted.ctx.tr5_survives = False
    planted.ctx.tr5_to_ward = played == "dies"
    s = _level5_room(planted)
    act = MOVE if played == "dies" else planted.legal_actions(s)[0]
    assert broken(planted, "survives", s, act)


def test_the_dies_promise_catches_a_patient_that_survives() -> None:
    planted = model(interpret=(f"{KEY}=dies",))
    planted.ctx.tr5_survives = True
    assert broken(planted, "dies", _level5_room(planted), MOVE)
