"""Every HHH invariant can fail: plant one rule bug, the stateful engine must catch it
with a trace that replays on the same buggy model; every REACHABLE goal is found.

Bugs are planted with ``monkeypatch`` on the rule modules (undone after each test), so the
model under test is the real one with one rule broken.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from hhh_verify.contract import trace as tr
from hhh_verify.contract.registry import get_game, properties_for
from hhh_verify.engines import stateful
from hhh_verify.models.hhh.rules import board, heal, patient_phase, player_actions, rooms
from hhh_verify.models.hhh.rules.model import HHHModel
from hhh_verify.models.hhh.rules.state import ACTIONS, BANKRUPT, COMPLETED, PP_VISIT_ORDER, WAITING

SPEC = get_game("hhh")
PROPS = properties_for("hhh")


def hunt(prop_id: str, overrides: tuple[str, ...] = (), model: Any = None, examples: int = 20):
    """Run the engine on one property; return (model, findings for that property)."""
    model = model or SPEC.model("full", overrides)
    report = stateful.run(
        model,
        [PROPS.get(prop_id)],
        SPEC.ambiguities,
        profile="quick",
        max_examples=examples,
        step_count=300,
        shrink=False,
        order=SPEC.load_search_order(),
    )
    others = [f.message for f in report.findings if f.property != prop_id]
    assert not others, f"unexpected findings: {others}"
    return model, [f for f in report.findings if f.property == prop_id]


def assert_caught(prop_id: str, overrides: tuple[str, ...] = (), model: Any = None) -> None:
    model, found = hunt(prop_id, overrides, model)
    assert found, f"{prop_id} missed the planted bug"
    f = found[0]
    assert f.kind == "violation", f.message
    result = tr.replay(f.trace, model)  # (a sampled trace is replayed as sampled)
    assert result.ok, result.error
    # the replayed end state (the buggy model's) shows the violation again
    prop = PROPS.get(prop_id)
    if prop.check is not None:
        assert prop.violation(model, result.final_state)


def wrap(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, after: Any) -> None:
    """Replace ``module.name`` by ``after(original, *args)``."""
    original = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **kw: after(original, *a, **kw))


# Invariants ------------------------------------------------------------------------------------


def test_cube_not_returned_at_restock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Restock Cubes loses one discarded cube."""

    def lose_one(orig: Any, ctx: Any, s: Any) -> Any:
        t = orig(ctx, s)
        k = next((i for i, n in enumerate(t.bag) if n), None)
        return t if k is None else replace(t, bag=board.bump(t.bag, k, -1))

    wrap(monkeypatch, patient_phase, "restock", lose_one)
    assert_caught("hhh.cubes-conserved")


def test_marker_not_taken_on_transfer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Waiting Room patient becomes a marker without taking one from the supply."""

    def free_marker(orig: Any, ctx: Any, s: Any, a: Any) -> Any:
        t = orig(ctx, s, a)
        if a.source == WAITING:
            t = replace(t, supply=board.bump(t.supply, a.colour, 1))
        return t

    wrap(monkeypatch, player_actions, "transfer", free_marker)
    assert_caught("hhh.markers-conserved")


def test_blood_bank_overfilled(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Blood Bank is filled with one cube too many."""
    monkeypatch.setattr(rooms, "blood_size", lambda s: {0: 0, 1: 4, 2: 6}[s.rooms[6]])
    assert_caught("hhh.capacities")


def test_arrest_check_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Cemetery never fills: bodies pile up beyond its tombstones (1 here, so that
    the second death, not bankruptcy, is what the bug lets through)."""
    monkeypatch.setattr(board, "body_capacity", lambda ctx, s: 99)
    assert_caught("hhh.capacities", ("tombstones=1",))


def test_arrest_with_places_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """Arrested while tombstones are still empty."""
    monkeypatch.setattr(board, "body_capacity", lambda ctx, s: 2)
    assert_caught("hhh.arrest-iff-no-place")


def _cure_to_zero(orig: Any, ctx: Any, s: Any, c: int, level: int, reduction: int) -> Any:
    if level - reduction > 0:
        return orig(ctx, s, c, level, reduction)
    ward = board.insort(board.remove_one(s.wards[c], level), 0)
    return replace(s, wards=board.put(s.wards, c, ward)), level


def test_cured_patient_stays_at_level_0(monkeypatch: pytest.MonkeyPatch) -> None:
    wrap(monkeypatch, heal, "_settle_ward", _cure_to_zero)
    assert_caught("hhh.cured-leave")


def test_level_0_is_out_of_range(monkeypatch: pytest.MonkeyPatch) -> None:
    wrap(monkeypatch, heal, "_settle_ward", _cure_to_zero)
    assert_caught("hhh.levels-in-range")


def test_level_5_ward_patient_survives_a_heal(monkeypatch: pytest.MonkeyPatch) -> None:
    def survive(orig: Any, ctx: Any, s: Any, c: int, level: int, reduction: int) -> Any:
        if level - reduction < 5:
            return orig(ctx, s, c, level, reduction)
        ward = board.insort(board.remove_one(s.wards[c], level), level - reduction)
        return replace(s, wards=board.put(s.wards, c, ward)), 0

    wrap(monkeypatch, heal, "_settle_ward", survive)
    assert_caught("hhh.level-5-dies")


def test_body_not_placed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A death during Visit the Wards puts no body on a tombstone."""

    def no_body(orig: Any, ctx: Any, s: Any, c: int, marker: bool, cost: int) -> Any:
        t = orig(ctx, s, c, marker, cost)
        if t.reason or not marker:
            return t
        return replace(t, cemetery=board.bump(t.cemetery, c, -1), supply=board.bump(t.supply, c, 1))

    wrap(monkeypatch, patient_phase, "die", no_body)
    assert_caught("hhh.deaths-hidden")


def test_death_not_charged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(board, "settlement", lambda s, cost: 0)
    assert_caught("hhh.money-accounting")


def test_ward_death_charged_as_waiting_room(monkeypatch: pytest.MonkeyPatch) -> None:
    """A death in a Ward (Visit the Wards) costs the Waiting Room's $5, not $10."""

    def cheap(orig: Any, ctx: Any, s: Any, c: int, marker: bool, cost: int) -> Any:
        return orig(ctx, s, c, marker=marker, cost=5 if marker else cost)

    wrap(monkeypatch, patient_phase, "die", cheap)
    assert_caught("hhh.money-accounting")


def test_ward_heal_pays_wrong_amount(monkeypatch: pytest.MonkeyPatch) -> None:
    def double_pay(orig: Any, ctx: Any, s: Any, place: int, colour: int) -> Any:
        n, pay = orig(ctx, s, place, colour)
        return n, pay * 2

    wrap(monkeypatch, heal, "draw_count", double_pay)
    assert_caught("hhh.money-accounting")


def test_negative_money_does_not_bankrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(board, "pay", lambda ctx, s, amount: replace(s, money=s.money - amount))
    assert_caught("hhh.bankrupt-iff-negative")


class WinsEveryLoss(HHHModel):
    """Planted bug: a lost game is reported as won."""

    def outcome(self, s: Any) -> Any:
        out = super().outcome(s)
        return out if out is None else replace(out, won=True)


def test_loss_reported_as_win() -> None:
    spec_model = SPEC.model("full")
    model = WinsEveryLoss(spec_model.config, spec_model.readings)
    assert_caught("hhh.no-action-after-end", model=model)


def test_game_ends_a_round_early(monkeypatch: pytest.MonkeyPatch) -> None:
    def early(orig: Any, ctx: Any, s: Any) -> Any:
        if s.round >= ctx.last_round - 1:
            return board.end(s, COMPLETED)
        return orig(ctx, s)

    wrap(monkeypatch, patient_phase, "housekeeping", early)
    assert_caught("hhh.end-after-last-round", ("rounds=2",))


def test_game_never_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    def endless_round(orig: Any, ctx: Any, s: Any) -> Any:
        t = orig(ctx, replace(s, round=min(s.round, ctx.last_round - 1)))
        return replace(t, round=s.round + 1) if not t.reason else t

    wrap(monkeypatch, patient_phase, "housekeeping", endless_round)
    assert_caught("hhh.round-in-range", ("rounds=2",))


def test_extra_medical_token(monkeypatch: pytest.MonkeyPatch) -> None:
    def extra(orig: Any, ctx: Any, s: Any) -> Any:
        t = orig(ctx, s)
        if t.round > s.round:
            t = replace(t, medical=tuple(n + 1 for n in t.medical))
        return t

    wrap(monkeypatch, patient_phase, "housekeeping", extra)
    assert_caught("hhh.tokens")


def test_admin_card_not_flipped_by_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_flip(orig: Any, ctx: Any, s: Any) -> Any:
        return [(replace(t, admin_face_up=True), p) for t, p in orig(ctx, s)]

    wrap(monkeypatch, heal, "redraw", no_flip)
    assert_caught("hhh.admin-flips")


def test_three_staff_revealed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        patient_phase, "staff_to_reveal", lambda ctx, s: min(3, sum(s.staff_hidden))
    )
    assert_caught("hhh.staff-reveals")


def test_room_cap_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rooms, "room_cap_reached", lambda ctx, s: False)
    assert_caught("hhh.room-limit", ("room_limit=2",))


def test_er_patient_vanishes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A patient healed below 5 in the ER is discarded instead of going to a Waiting Room."""
    monkeypatch.setattr(
        heal,
        "return_to_waiting",
        lambda ctx, s, c, cubes: replace(s, discard=board.bump(s.discard, c, cubes)),
    )
    assert_caught("hhh.er-return")


# Goals -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("goal", "overrides", "examples"),
    [
        ("hhh.goal-arrest", (), 8),
        ("hhh.goal-bankrupt", (), 8),
        ("hhh.goal-er-return", (), 8),
        # A $80 finish is beyond the search budget of the full game; with $80 to start
        # and one round it shows the goal, the end of the game and the rating line up.
        ("hhh.goal-triumphant", ("starting_money=95", "rounds=1"), 8),
    ],
)
def test_goal_is_found(goal: str, overrides: tuple[str, ...], examples: int) -> None:
    model, found = hunt(goal, overrides, examples=examples)
    assert found, f"no witness for {goal}"
    f = found[0]
    assert f.kind == "goal"
    result = tr.replay(f.trace, model)  # (a sampled trace is replayed as sampled)
    assert result.ok and PROPS.get(goal).reached(model, result.final_state)


# The end of the game (explorer on small presets: the situations are rare in playouts) ----


def explorer_catches(prop_id: str, preset: str = "tiny") -> list[int]:
    """State ids violating ``prop_id`` when the explorer enumerates ``preset``."""
    from hhh_verify.engines.explore.explorer import explore, split_properties

    model = SPEC.model(preset)
    checks = split_properties([PROPS.get(prop_id)], model)
    exp = explore(model, checks.invariants, {}, steps=checks.steps, max_states=50_000)
    return exp.violations.get(prop_id, [])


def test_lost_game_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bankruptcy at the start of the Patient Phase sends the game back to the Action
    Phase (the shape of the old Intern/ER bug: see test_hhh_interactions.py)."""

    def resurrect(orig: Any, ctx: Any, s: Any) -> Any:
        return [
            (replace(t, phase=ACTIONS) if t.reason == BANKRUPT else t, p) for t, p in orig(ctx, s)
        ]

    wrap(monkeypatch, patient_phase, "start", resurrect)
    assert explorer_catches("hhh.loss-is-final")


def test_patient_phase_dead_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """After the visits the game waits for a Ward choice with no Ward left to choose."""

    def stuck(orig: Any, ctx: Any, s: Any) -> Any:
        return replace(s, phase=PP_VISIT_ORDER, cursor=(1 << ctx.C) - 1)

    wrap(monkeypatch, patient_phase, "to_end", stuck)
    assert explorer_catches("hhh.no-dead-end")
