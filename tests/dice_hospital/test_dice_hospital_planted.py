"""Every Dice Hospital invariant can fail: plant one rule bug, the explorer on a reduced
preset must report the property, with a witness that replays on the same buggy model.

Bugs are planted with ``monkeypatch`` on the rule modules (undone after each test), so
the model under test is the real one with one rule broken.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from hhh_verify.contract.trace import replay
from hhh_verify.engines.explore import analysis as an
from hhh_verify.engines.explore.explorer import explore, split_properties
from hhh_verify.models.dice_hospital import SPEC
from hhh_verify.models.dice_hospital.rules import activation, admission, end_round, expansion
from hhh_verify.models.dice_hospital.rules import model as model_module
from hhh_verify.models.dice_hospital.rules.board import bump, set_hospital

PROPS = SPEC.load_properties()


def assert_caught(prop_id: str, preset: str = "tiny", overrides: tuple[str, ...] = ()) -> None:
    model = SPEC.model(preset, overrides)
    checks = split_properties([PROPS.get(prop_id)], model)
    exp = explore(model, checks.invariants, steps=checks.steps, max_states=6000, compact=False)
    path = exp.first_violation(prop_id)
    assert path is not None, f"{prop_id} missed the planted bug"
    trace = an.path_trace(model, path, SPEC.ambiguities)
    result = replay(trace, model)
    assert result.ok, result.error


def wrap(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, after: Any) -> None:
    """Replace ``module.name`` by ``after(original, *args)``."""
    original = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **kw: after(original, *a, **kw))


def test_an_admitted_die_vanishes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        admission,
        "admitted",
        lambda dice, treated=0: tuple((c, v, treated, -1) for c, v in dice)[1:],
    )
    assert_caught("dh.dice-conserved")


def test_a_discharge_overflows_to_seven(monkeypatch: pytest.MonkeyPatch) -> None:
    def seven(orig: Any, ctx: Any, h: Any, p: Any, steps: int, mark: bool = True) -> Any:
        h2, now = orig(ctx, h, p, steps, mark)
        if now is not None:
            return h2, now
        overflow = (p[0], 7, 1, -1)
        return replace(
            h2, lounge=bump(h2.lounge, p[0], -1), patients=h2.patients + (overflow,)
        ), overflow

    wrap(monkeypatch, activation, "heal", seven)
    assert_caught("dh.health-in-range")


def test_ambulances_filled_highest_first(monkeypatch: pytest.MonkeyPatch) -> None:
    wrap(
        monkeypatch,
        admission,
        "arrangements",
        lambda orig, ctx, r: [tuple(reversed(a)) for a in orig(ctx, r)],
    )
    assert_caught("dh.ambulances-ascending")


def test_nobody_makes_room(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(admission, "eviction_options", lambda ctx, patients, over: [()])
    assert_caught("dh.capacity")


def test_a_used_ward_stays_available(monkeypatch: pytest.MonkeyPatch) -> None:
    from hhh_verify.models.dice_hospital.rules.components import WARDS

    monkeypatch.setattr(
        activation,
        "free_wards",
        lambda ctx, h: [k for k in range(len(WARDS)) if ctx.config.board_wards[k] + h.wards[k]],
    )
    assert_caught("dh.once-a-round")


def test_unchosen_tiles_vanish(monkeypatch: pytest.MonkeyPatch) -> None:
    def lose(orig: Any, ctx: Any, s: Any) -> Any:
        if s.cursor + 1 >= ctx.P:
            s = replace(s, ward_market=(0,) * ctx.W)  # gone without being counted
        return orig(ctx, s)

    wrap(monkeypatch, expansion, "next_draft", lose)
    assert_caught("dh.components-conserved")


def test_eviction_without_a_mortality_token(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_token(orig: Any, ctx: Any, s: Any, gone: Any) -> Any:
        player = s.order[s.cursor]
        t = orig(ctx, s, gone)
        h = t.hospitals[player]
        return set_hospital(t, player, replace(h, mortality=h.mortality - len(gone)))

    wrap(monkeypatch, admission, "evict", no_token)
    assert_caught("dh.mortality-tokens")


def test_an_eviction_counted_before_any(monkeypatch: pytest.MonkeyPatch) -> None:
    """The round's eviction count starts at one: a hospital that never evicted counts a
    patient who took no token (the one reading that reads it, DH-EMPTY-HOSPITAL=
    all-discharged, would then withhold the empty-hospital bonus)."""
    wrap(
        monkeypatch,
        model_module.setup,
        "initial_state",
        lambda orig, ctx: replace(
            orig(ctx), hospitals=tuple(replace(h, evicted=1) for h in orig(ctx).hospitals)
        ),
    )
    assert_caught("dh.evictions-counted")


def test_lounge_kept_after_the_round(monkeypatch: pytest.MonkeyPatch) -> None:
    def keep(orig: Any, ctx: Any, s: Any, player: int) -> Any:
        lounge = s.hospitals[player].lounge
        t = orig(ctx, s, player)
        t = replace(t, supply=tuple(a - b for a, b in zip(t.supply, lounge)))
        return set_hospital(t, player, replace(t.hospitals[player], lounge=lounge))

    wrap(monkeypatch, end_round, "close_hospital", keep)
    monkeypatch.setattr(model_module, "close_hospital", end_round.close_hospital)
    assert_caught("dh.lounge-cleared")


def test_one_round_too_many(monkeypatch: pytest.MonkeyPatch) -> None:
    def extra(orig: Any, ctx: Any, s: Any) -> Any:
        t = orig(ctx, s)
        return replace(t, round=t.round + 1) if t.phase == 18 else t

    wrap(monkeypatch, end_round, "end_of_round", extra)
    monkeypatch.setattr(model_module, "end_of_round", end_round.end_of_round)
    assert_caught("dh.round-in-range")


def test_seat_zero_always_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model_module, "winners", lambda ctx, s: (0,))
    assert_caught("dh.game-end")


def test_first_player_takes_ambulance_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        admission,
        "pickable",
        lambda ctx, s: [j for j in range(len(s.ambulances)) if j not in s.taken],
    )
    assert_caught("dh.first-player-bar")


def test_blood_bag_not_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    def free(orig: Any, ctx: Any, s: Any, patient: Any) -> Any:
        t = orig(ctx, s, patient)
        h = t.hospitals[s.cursor]
        return set_hospital(t, s.cursor, replace(h, blood=h.blood + 1))

    wrap(monkeypatch, activation, "blood_heal", free)
    assert_caught("dh.blood-bags")


def test_discharges_score_two_each(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(end_round, "discharge_points", lambda n, over_12="five-each": 2 * n)
    assert_caught("dh.points")


def test_treated_patients_neglected_too(monkeypatch: pytest.MonkeyPatch) -> None:
    def all_neglected(orig: Any, ctx: Any, h: Any) -> Any:
        return orig(ctx, replace(h, patients=tuple((c, v, 0, t) for c, v, _, t in h.patients)))

    wrap(monkeypatch, end_round, "neglect", all_neglected)
    assert_caught("dh.neglect")


def test_a_ward_heals_one_step_too_many(monkeypatch: pytest.MonkeyPatch) -> None:
    wrap(
        monkeypatch,
        activation,
        "heal",
        lambda orig, ctx, h, p, steps, mark=True: orig(ctx, h, p, steps + 2, mark),
    )
    assert_caught("dh.healing")


def test_every_invariant_has_a_planted_bug() -> None:
    source = open(__file__, encoding="utf-8").read()
    for p in PROPS.invariants():
        assert f'assert_caught("{p.id}"' in source, p.id


def test_nurses_are_never_free(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(activation, "nurses_left", lambda ctx, h: 0)
    assert_caught("dh.nurses-treat")


def test_a_specialist_heals_the_first_patient_it_could(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ward rounds heal an untreated patient: with room for three patients, two of them
    can be left for the specialist to choose from; the bug takes the first one."""
    wrap(monkeypatch, activation, "effect_targets", lambda orig, ctx, s: orig(ctx, s)[:1])
    room = ("capacity=3", "start_health=2,3", "dice_per_colour=8", "specialist_deck=0,0,0,0,3")
    assert_caught("dh.specialist-choice", overrides=room)


def test_the_ambulances_stay_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    wrap(monkeypatch, admission, "draw_dice", lambda orig, ctx, s: [(admission.placed(ctx, s), 1)])
    assert_caught("dh.ambulances-filled")
