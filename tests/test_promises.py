"""Promises: each reading's words as a check (``hhh_verify.contract.promises``). The framework's
rules on hand-made books, promises joining the properties only where their option is in
force, and each promise catching the defect it was written for when that defect is
planted back."""

from __future__ import annotations

from typing import Any

import pytest

from hhh_verify.contract.promises import NoPromise, Promise, PromiseBook
from hhh_verify.contract.registry import games, properties_for
from hhh_verify.models.royal_hospital import SPEC as RH
from hhh_verify.models.royal_hospital.rules import board, resolve
from hhh_verify.models.royal_hospital.rules.board import claim_doctors, set_player
from hhh_verify.models.royal_hospital.rules.effects import PRESTIGE, ambulance
from hhh_verify.models.royal_hospital.rules.resolve import effect_tasks, push
from hhh_verify.models.royal_hospital.rules.state import T_EFFECT, Task
from hhh_verify.models.royal_hospital.rules.tracks import AMBULANCE_REWARDS, T_AMBULANCE


def _never(model: Any, s: Any, a: Any, t: Any) -> str | None:
    return None


def test_a_book_refuses_two_promises_for_one_option() -> None:
    p = Promise("X", "a", "says", step=_never)
    with pytest.raises(ValueError, match="two promises or reasons"):
        PromiseBook((p,), (NoPromise("X", "a", "why"),))
    with pytest.raises(ValueError, match="needs a step or a final check"):
        Promise("X", "a", "says")


@pytest.mark.parametrize("game", [g for g, s in games().items() if s.promises is not None])
def test_every_promise_names_a_real_option(game: str) -> None:
    spec = games()[game]
    assert spec.promises is not None
    assert spec.promises().unknown(spec.ambiguities) == []


def test_a_promise_applies_only_under_its_option() -> None:
    props = properties_for("royal-hospital")
    exact = props.get("promise:RH-DOCTOR-PASS=exact")
    assert not exact.relevant(RH.model("tiny"))
    assert exact.relevant(RH.model("tiny", (), ("RH-DOCTOR-PASS=exact",)))


def _old_ambulance_step(ctx: Any, s: Any, p: int, n: int, play: int) -> Any:
    """The defect a review found: the start-space doctor claimed on every lap, also in
    the middle of a move and on a thirteen-space loop, whatever RH-DOCTOR-PASS says."""
    old = s.players[p].ambulance
    if ctx.ambulance_loop == 14:
        new, lap = (old + 1) % 14, (old + 1) % 14 == 0
    else:
        new, lap = old % 13 + 1, old == 13
    s = set_player(s, p, ambulance=new)
    if lap:
        s = claim_doctors(ctx, s, p, T_AMBULANCE, -1, 0)
    tasks = effect_tasks(p, AMBULANCE_REWARDS[new - 1], play) if new else []
    if n > 1:
        tasks.append(Task(T_EFFECT, p, 0, ambulance(n - 1), play))
    return push(s, tasks)


def _lap(model: Any, step: Any, n: int) -> list[tuple[Any, Any]]:
    """Seat 0 on space 13 moves ``n`` spaces: every (before, after) pair of the move's
    single steps, through ``step`` (the rule, or a planted copy)."""
    s0 = model.initial_state()
    s = set_player(s0, 0, ambulance=13)
    pairs = []
    for left in range(n, 0, -1):
        t = step(model.ctx, s, 0, left, 0)
        pairs.append((s, t))
        s = t._replace(queue=())
    return pairs


@pytest.mark.parametrize("wrap", ["fourteen-spaces", "thirteen-spaces"])
@pytest.mark.parametrize("n", [1, 2])
def test_the_doctor_promise_catches_the_lap_defect(wrap: str, n: int) -> None:
    """A review found the start-space doctor taken on every lap: mid-move (13 -> 0 -> 1)
    and on a thirteen-space loop where no move ends on space 0."""
    model = RH.model("full", (), ("RH-DOCTOR-PASS=exact", f"RH-AMBULANCE-WRAP={wrap}"))
    prop = properties_for("royal-hospital").get("promise:RH-DOCTOR-PASS=exact")
    assert prop.relevant(model)
    for s, t in _lap(model, resolve.ambulance_step, n):
        assert prop.step_violation(model, s, None, t) is None
    broken = [
        prop.step_violation(model, s, None, t) for s, t in _lap(model, _old_ambulance_step, n)
    ]
    planted_defect_shows = wrap == "thirteen-spaces" or n == 2
    assert any(broken) == planted_defect_shows, broken


def test_the_fourteen_space_loop_still_gives_the_doctor_to_a_move_ending_on_zero() -> None:
    model = RH.model("full", (), ("RH-DOCTOR-PASS=exact",))
    ((s, t),) = _lap(model, resolve.ambulance_step, 1)
    assert t.players[0].ambulance == 0 and sum(s.doctors) - sum(t.doctors) == 1


def _ending_moves(model: Any, track: str) -> list[tuple[Any, Any]]:
    """Seat 0's moves that end on a doctor's space: 13 -> 0 on the ambulance loop, or
    prestige 5 -> 7 (a gain of 2) and 6 -> 7; and prestige 6 -> 8, which passes 7."""
    if track == "ambulance":
        return _lap(model, resolve.ambulance_step, 1)
    s0 = model.initial_state()
    pairs = []
    for start, n in ((5, 2), (6, 1), (6, 2)):
        s = set_player(s0, 0, prestige=start)
        pairs.append((s, resolve.gain(model.ctx, s, 0, PRESTIGE, n)))
    return pairs


def test_the_exact_promise_catches_a_doctor_earned_by_a_fall(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RH-DOCTOR-PASS=exact: "only ending a move up on the space earns it (a fall onto it
    does not)". A Quality of care counter that passed 12 without taking its doctor (13)
    and falls back onto 12 keeps the doctor on the board; a planted rule that gives the
    doctor to the fall is caught."""
    model = RH.model("full", (), ("RH-DOCTOR-PASS=exact",))
    prop = properties_for("royal-hospital").get("promise:RH-DOCTOR-PASS=exact")
    s = set_player(model.initial_state(), 0, qoc=13)
    t = board.change_qoc(model.ctx, s, 0, -1)
    assert t.players[0].qoc == 12 and t.doctors == s.doctors
    assert prop.step_violation(model, s, None, t) is None

    def claims_on_a_fall(ctx: Any, s: Any, p: int, track: int, old: int, new: int) -> Any:
        return claim_doctors(ctx, s, p, track, new - 1 if new < old else old, new)

    monkeypatch.setattr(board, "claim_doctors", claims_on_a_fall)
    planted = board.change_qoc(model.ctx, s, 0, -1)
    assert sum(planted.doctors) == sum(s.doctors) - 1
    assert "falling onto it" in str(prop.step_violation(model, s, None, planted))


@pytest.mark.parametrize("track", ["ambulance", "prestige"])
def test_the_exact_promise_catches_a_move_ending_on_a_doctor_that_stays(
    track: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RH-DOCTOR-PASS=exact: "only ending a move up on the space earns it" -- and ending
    there does. A planted rule that never grants the doctor is caught on the move that
    ends on the space, and only there (passing the space is no defect under exact)."""
    model = RH.model("full", (), ("RH-DOCTOR-PASS=exact",))
    prop = properties_for("royal-hospital").get("promise:RH-DOCTOR-PASS=exact")
    assert [prop.step_violation(model, s, None, t) for s, t in _ending_moves(model, track)] == [
        None
    ] * len(_ending_moves(model, track))
    monkeypatch.setattr(board, "reached", lambda ctx, old, new, space: False)
    broken = [prop.step_violation(model, s, None, t) for s, t in _ending_moves(model, track)]
    expected = [True] if track == "ambulance" else [True, True, False]
    assert [v is not None for v in broken] == expected, broken
    assert "ended a move on space" in str(broken[0])
