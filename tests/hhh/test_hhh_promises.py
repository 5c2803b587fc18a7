"""HHH's promises (``models/hhh/book/promises.py``): the book covers every option, each
promise names a real option, holds on the model under its option, and catches its option
behaving like another when that defect is planted (the model's reading switched after
construction; the setup, Heal, Administrator and Research readings' cases are in
``test_hhh_promise_defects.py``). Then the defects a review
found where readings meet variants: each fixed in the model and the kernel, and each
planted back and caught (by a promise where one step can show it)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hhh_helpers import action_phase, model
from hhh_kernel_helpers import compare_state

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.registry import properties_for
from hhh_verify.engines.explore.explorer import explore, split_properties
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.kernel.api import HHHKernel
from hhh_verify.models.hhh.rules import patient_phase, player_actions, rooms
from hhh_verify.models.hhh.rules.actions import ChooseBenefit, EndPicks, Pass, RestockBloodBank
from hhh_verify.models.hhh.rules.board import short_draw
from hhh_verify.models.hhh.rules.state import (
    ACTIONS,
    BLOOD_BANK,
    PICK_REPLACE,
    PICK_REPLACE_FIRST,
    PICKS,
    PP_END,
    PP_STAFF,
    RESEARCH_DRAWN,
    STUCK,
    ResearchInProgress,
)

PROPS = properties_for("hhh")
BOOK = SPEC.promises()


def promise(key: str) -> Any:
    return PROPS.get(f"promise:{key}")


def violations(m: Any, key: str, budget: int = 6000) -> str | None:
    """The first message of ``promise:key`` the explorer finds on ``m`` (None: holds)."""
    checks = split_properties([promise(key)], m)
    exp = explore(m, checks.invariants, {}, steps=checks.steps, max_states=budget)
    pid = f"promise:{key}"
    if exp.first_violation(pid) is None:
        return None
    return exp.messages.get(pid, "violated")


def test_the_book_covers_every_option() -> None:
    assert BOOK.missing(SPEC.ambiguities) == []
    assert BOOK.unknown(SPEC.ambiguities) == []
    # every option has an executable promise: none needed a stated reason
    assert len(BOOK.promises) == sum(len(a.option_ids) for a in SPEC.ambiguities)


#: (option, preset, Ctx attribute, planted value: the option behaving like another)
PLANTED = [
    ("HHH-WARD-BEDS=one-fewer", "tiny", "beds", 2),
    ("HHH-WAITING-SPOTS=one-fewer", "tiny", "spots", 3),
    ("HHH-DRAW-EXHAUSTED=stop", "tiny", "exhausted_stuck", True),
    ("HHH-TRANSFER-WR-DEST=wards-only", "tiny", "transfer_wr", "level-3-4-any"),
    ("HHH-NO-ADMIN-TOKENS=none", "tiny", "admin_tokens", 2),
    ("HHH-STAFF-ROUND1=none-in-round-1", "interactions", "staff_round1", "reveal-at-setup"),
    ("HHH-INTERN-ER=not-allowed", "interactions", "intern_er", True),
    ("HHH-END-REACTION=forgone", "interactions", "end_reaction", True),
    ("HHH-END-REACTION-LAST-ROUND=not-last", "interactions", "end_reaction_last_round", True),
]


@pytest.mark.parametrize(("key", "preset", "attr", "value"), PLANTED)
def test_a_promise_holds_and_catches_its_option_read_the_other_way(
    key: str, preset: str, attr: str, value: Any
) -> None:
    m = SPEC.model(preset, (), (key,))
    assert promise(key).relevant(m)
    assert violations(m, key) is None
    planted = SPEC.model(preset, (), (key,))
    setattr(planted.ctx, attr, value)
    assert violations(planted, key) is not None


def test_the_this_round_promise_catches_markers_kept_hireable() -> None:
    key = "HHH-STAFF-HIREABLE=this-round"
    m = SPEC.model("full", (), (key,))
    s = _round_five_end(m, 4)
    s = replace(s, round=2)
    ((t, _),) = m.step(s, Pass())
    assert promise(key).step_violation(m, s, Pass(), t) is None
    m.ctx.staff_this_round = False
    ((t, _),) = m.step(s, Pass())
    assert promise(key).step_violation(m, s, Pass(), t)


# HHH-STAFF-ROUND1=reveal-at-setup with the 1-a-round variant -----------------------------


def _old_staff_to_reveal(ctx: Any, s: Any) -> int:
    """The defect: reveals limited by the Staff spaces only, not by the rounds with spaces."""
    revealed = sum(ctx.staff_pool) - sum(s.staff_hidden)
    return max(0, min(ctx.reveal, ctx.staff_spaces - revealed, sum(s.staff_hidden)))


def _flips(m: Any) -> int:
    """Staff markers flipped over a whole game: at setup (round 1, under reveal-at-setup)
    and at each Housekeeping (rounds 2 on)."""
    s = m.initial_state()
    total = 0
    first = 1 if m.ctx.staff_round1 == "reveal-at-setup" else 2
    for r in range(first, m.ctx.last_round + 1):
        s = replace(s, round=r)
        n = patient_phase.staff_to_reveal(m.ctx, s)
        hidden = list(s.staff_hidden)
        for k in range(len(hidden)):
            take = min(n, hidden[k])
            hidden[k] -= take
            n -= take
        s = replace(s, staff_hidden=tuple(hidden))
        total = sum(m.ctx.staff_pool) - sum(s.staff_hidden)
    return total


@pytest.mark.parametrize(
    ("overrides", "flips"),
    [
        (("variant_one_staff=true",), 5),
        (("variant_one_staff=true", "variant_two_rooms=true"), 4),
        ((), 10),
        (("variant_two_rooms=true",), 8),
    ],
)
@pytest.mark.parametrize("reading", ["reveal-at-setup", "none-in-round-1"])
def test_staff_flips_only_in_rounds_with_spaces(
    overrides: tuple[str, ...], flips: int, reading: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = SPEC.model("full", overrides, (f"HHH-STAFF-ROUND1={reading}",))
    assert _flips(m) == flips
    monkeypatch.setattr(patient_phase, "staff_to_reveal", _old_staff_to_reveal)
    planted_extra = reading == "reveal-at-setup" and "variant_one_staff=true" in overrides
    assert _flips(m) == flips + planted_extra


def _round_five_end(m: Any, revealed: int) -> Any:
    """The end of round 5's Patient Phase with ``revealed`` Staff markers face up."""
    s = m.initial_state()
    hidden, opened = list(s.staff_hidden), [0] * len(s.staff_hidden)
    for k in range(len(hidden)):
        take = min(hidden[k], revealed - sum(opened))
        hidden[k] -= take
        opened[k] += take
    return action_phase(
        m, phase=PP_END, round=5, staff_hidden=tuple(hidden), staff_open=tuple(opened)
    )


def test_the_staff_promise_catches_the_sixth_flip(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reveal-at-setup, 1 a round: 5 markers by round 5; round 6 has no space below it."""
    m = SPEC.model("full", ("variant_one_staff=true",), ("HHH-STAFF-ROUND1=reveal-at-setup",))
    key = "HHH-STAFF-ROUND1=reveal-at-setup"
    s = _round_five_end(m, 5)
    ((t, _),) = m.step(s, Pass())
    assert (t.round, t.phase) == (6, ACTIONS)
    assert promise(key).step_violation(m, s, Pass(), t) is None
    k = HHHKernel(m)
    assert compare_state(m, k, s) is None
    monkeypatch.setattr(patient_phase, "staff_to_reveal", _old_staff_to_reveal)
    ((t, _),) = m.step(s, Pass())
    assert t.phase == PP_STAFF
    (a,) = m.legal_actions(t)
    broken = [promise(key).step_violation(m, t, a, t2) for t2, _ in m.step(t, a)]
    assert all(broken), broken


# HHH-BB-BLACK-ONLY=stop with HHH-DRAW-EXHAUSTED=stuck ------------------------------------


def _black_bag(m: Any) -> Any:
    """An empty Basic Blood Bank, a bag of one black cube, 20 colour cubes discarded."""
    return action_phase(
        m,
        rooms=tuple(1 if k == BLOOD_BANK else 0 for k in range(8)),
        blood=(0,) * 6,
        bag=(0, 0, 0, 0, 0, 1),
        discard=(4, 4, 4, 4, 4, 0),
        admin_tokens=1,
        admin_total=1,
        money=10,
    )


def _old_fill(ctx: Any, s: Any) -> Any:
    """The defect: a fill HHH-BB-BLACK-ONLY=stop ended counted as an exhausted draw."""
    n = rooms.blood_size(s) - sum(s.blood)
    out = []
    for (d, bag, disc), p in ctx.draws.no_black(s.bag, s.discard, n, ctx.bb_black_refill):
        st = replace(s, blood=rooms.add(s.blood, d), bag=bag, discard=disc)
        out.append((short_draw(ctx, st, sum(d), n), p))
    return out


def test_a_stopped_blood_bank_fill_is_not_stuck(monkeypatch: pytest.MonkeyPatch) -> None:
    reading = ("HHH-BB-BLACK-ONLY=stop", "HHH-DRAW-EXHAUSTED=stuck")
    m = SPEC.model("full", (), reading)
    s = _black_bag(m)
    assert RestockBloodBank() in m.legal_actions(s)
    ((t, _),) = m.step(s, RestockBloodBank())
    assert t.reason == 0 and sum(t.blood) == 0
    for key in reading:
        assert promise(key).step_violation(m, s, RestockBloodBank(), t) is None
    assert compare_state(m, HHHKernel(m), s) is None
    monkeypatch.setattr(player_actions, "fill_blood_bank", _old_fill)
    ((t, _),) = m.step(s, RestockBloodBank())
    assert t.reason == STUCK
    assert promise("HHH-DRAW-EXHAUSTED=stuck").step_violation(m, s, RestockBloodBank(), t)


def test_an_exhausted_blood_bank_fill_is_still_stuck() -> None:
    m = SPEC.model("full", (), ("HHH-BB-BLACK-ONLY=stop", "HHH-DRAW-EXHAUSTED=stuck"))
    s = replace(_black_bag(m), discard=(0,) * 6)
    ((t, _),) = m.step(s, RestockBloodBank())
    assert t.reason == STUCK
    assert compare_state(m, HHHKernel(m), s) is None


# HHH-RESEARCH-DECLINE=must-choose with HHH-RESEARCH-AMOUNT=up-to --------------------------


def _replace_drawn(m: Any) -> Any:
    """A Research that drew 2 cubes of card 0's Replace colour; two dead yellow patients."""
    _, _, replace_c = m.ctx.research_colours(0)
    drawn = tuple(2 if c == replace_c else 0 for c in range(6))
    return action_phase(
        m,
        phase=RESEARCH_DRAWN,
        research=ResearchInProgress(0, drawn),
        cemetery=(2, 0, 0, 0, 0, 0, 0),
    )


def test_a_benefit_that_must_be_chosen_replaces_at_least_one_marker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Choosing Replace and stopping at once would be declining it."""
    m = model(interpret=("HHH-RESEARCH-DECLINE=must-choose", "HHH-RESEARCH-AMOUNT=up-to"))
    s = _replace_drawn(m)
    legal = m.legal_actions(s)
    assert ChooseBenefit(-1, 0) not in legal and ChooseBenefit(2, 0) in legal
    ((t, _),) = m.step(s, ChooseBenefit(2, 0))
    assert t.phase == PICKS and t.picks == (PICK_REPLACE_FIRST, 2)
    assert EndPicks() not in m.legal_actions(t)
    (a, *_) = m.legal_actions(t)
    ((t2, _),) = m.step(t, a)
    assert t2.picks == (PICK_REPLACE, 1) and EndPicks() in m.legal_actions(t2)
    k = HHHKernel(m)
    for st in (s, t, t2):
        assert compare_state(m, k, st) is None
    orig = player_actions.choose_benefit

    def old(ctx: Any, st: Any, act: Any) -> Any:
        return [
            (replace(x, picks=(PICK_REPLACE, x.picks[1])) if x.picks[0] else x, p)
            for x, p in orig(ctx, st, act)
        ]

    monkeypatch.setattr(player_actions, "choose_benefit", old)
    ((t, _),) = m.step(s, ChooseBenefit(2, 0))
    assert EndPicks() in m.legal_actions(t)  # the planted defect: declining in two steps


def test_may_decline_keeps_stopping_at_none() -> None:
    m = model(interpret=("HHH-RESEARCH-AMOUNT=up-to",))
    s = _replace_drawn(m)
    ((t, _),) = m.step(s, ChooseBenefit(2, 0))
    assert t.picks == (PICK_REPLACE, 2) and EndPicks() in m.legal_actions(t)
    assert compare_state(m, HHHKernel(m), t) is None


def test_the_must_choose_promise_catches_a_decline() -> None:
    key = "HHH-RESEARCH-DECLINE=must-choose"
    m = model(interpret=(key,))
    s = _replace_drawn(m)
    assert ChooseBenefit(-1, 0) not in m.legal_actions(s)
    # the decline planted back: taken although Replace was possible
    assert promise(key).step_violation(m, s, ChooseBenefit(-1, 0), s)


# HHH-WARD-BEDS=one-fewer with one bed; HHHConfig.morgue_capacity --------------------------


def test_one_fewer_bed_is_in_force_wherever_its_model_is_built() -> None:
    """One bed fewer than one is refused when the model is built
    (tests/hhh/test_hhh_config_refused.py), so the promise has no exemption left."""
    prop = promise("HHH-WARD-BEDS=one-fewer")
    with pytest.raises(ModelError, match="needs ward_beds >= 2"):
        SPEC.model("interactions", (), ("HHH-WARD-BEDS=one-fewer",))
    assert prop.relevant(SPEC.model("tiny", (), ("HHH-WARD-BEDS=one-fewer",)))


@pytest.mark.parametrize("capacity", [0, 3, 5])
def test_the_morgue_holds_its_configured_capacity(capacity: int) -> None:
    from hhh_verify.models.hhh.rules.board import body_capacity
    from hhh_verify.models.hhh.rules.state import MORGUE

    m = model(interpret=("HHH-MORGUE=in-deck",), morgue_capacity=capacity)
    base = m.config.tombstones
    for side in (1, 2):
        s = action_phase(m, rooms=tuple(side if k == MORGUE else 0 for k in range(8)))
        assert body_capacity(m.ctx, s) == base + capacity + (side == 2)
        full = replace(s, cemetery=(base + capacity + (side == 2), 0, 0, 0, 0, 0, 0))
        assert compare_state(m, HHHKernel(m), full) is None
