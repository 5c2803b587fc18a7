"""Every Royal Hospital invariant can fail: plant one rule bug, the stateful engine must
catch it with a trace that replays on the same buggy model.

Bugs are planted with ``monkeypatch`` on the rule modules (undone after each test), so the
model under test is the real one with one rule broken.
"""

from __future__ import annotations

from typing import Any

import pytest

from hhh_verify.contract import trace as tr
from hhh_verify.contract.records import replace
from hhh_verify.engines import stateful
from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.properties.catalog import properties, search_order
from hhh_verify.models.royal_hospital.rules import (
    action_phase,
    board,
    cleanup,
    context,
    flow,
    model,
    patients,
    resolve,
    scoring,
    treatment,
)

PROPS = properties()


def hunt(
    prop_id: str, preset: str = "tiny", overrides: tuple[str, ...] = (), examples: int = 30
) -> Any:
    """Run the engine on one property; return the model and its findings for it."""
    m = SPEC.model(preset, overrides)
    report = stateful.run(
        m,
        [PROPS.get(prop_id)],
        SPEC.ambiguities,
        profile="quick",
        max_examples=examples,
        step_count=400,
        shrink=False,
        order=search_order,
    )
    others = [f.message for f in report.findings if f.property != prop_id]
    assert not others, f"unexpected findings: {others}"
    return m, [f for f in report.findings if f.property == prop_id]


def assert_caught(prop_id: str, preset: str = "tiny", overrides: tuple[str, ...] = ()) -> None:
    m, found = hunt(prop_id, preset, overrides)
    assert found, f"{prop_id} missed the planted bug"
    f = found[0]
    assert f.kind == "violation", f.message
    result = tr.replay(f.trace, m)
    assert result.ok, result.error


def wrap(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, after: Any) -> None:
    """Replace ``module.name`` by ``after(original, *args)``."""
    original = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **kw: after(original, *a, **kw))


def test_free_cards_go_negative(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playing a card without checking its credit cost."""

    def rich(orig: Any, ctx: Any, ps: Any, card: Any) -> bool:
        return orig(ctx, replace(ps, credits=10**6), card)

    wrap(monkeypatch, action_phase, "affordable", rich)
    assert_caught("rh.non-negative", "full")


def test_quality_of_care_leaves_its_track(monkeypatch: pytest.MonkeyPatch) -> None:
    """The counter is not stopped at 0 although the reading says clamp."""

    def no_floor(orig: Any, self: Any) -> None:
        orig(self)
        self.qoc_floor = None

    wrap(monkeypatch, context.Ctx, "__post_init__", no_floor)
    assert_caught("rh.track-bounds", "tiny", ("start_qoc=0",))


def test_game_does_not_stop_after_the_last_round(monkeypatch: pytest.MonkeyPatch) -> None:
    def one_more(orig: Any, ctx: Any, s: Any) -> Any:
        t = orig(ctx, s)
        return replace(t, round=t.round + 1) if s.round == ctx.config.rounds else t

    wrap(monkeypatch, flow, "round_end", one_more)
    assert_caught("rh.round-in-range")


def test_discarded_medical_cards_vanish(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card discarded for credits never reaches the discard pile."""

    def lose(orig: Any, ctx: Any, s: Any, p: int, t: int) -> Any:
        return replace(orig(ctx, s, p, t), discard=s.discard)

    wrap(monkeypatch, action_phase, "sell_card", lose)
    assert_caught("rh.medical-cards-conserved", "small")


def test_cured_patient_card_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    def lose(orig: Any, ctx: Any, s: Any, p: int, pt: Any) -> Any:
        t = orig(ctx, s, p, pt)
        return replace(t, returned=t.returned[:-1])

    wrap(monkeypatch, treatment, "cure", lose)
    assert_caught("rh.patient-cards-conserved")


def test_hospital_takes_every_patient(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(patients, "fits", lambda ctx, s, p: True)
    assert_caught("rh.capacity")


def test_two_time_tokens_a_round(monkeypatch: pytest.MonkeyPatch) -> None:
    def twice(orig: Any, ctx: Any, s: Any, p: int) -> Any:
        return orig(ctx, orig(ctx, s, p), p)

    wrap(monkeypatch, cleanup, "add_time_tokens", twice)
    assert_caught("rh.time-tokens")


def test_critical_patients_never_die(monkeypatch: pytest.MonkeyPatch) -> None:
    def spare(orig: Any, ctx: Any, pt: Any) -> bool:
        return False if pt.card == 0 else orig(ctx, pt)  # tiny: card 0 is critical

    wrap(monkeypatch, cleanup, "dies", spare)
    assert_caught("rh.no-overdue-patient")


def test_non_severe_patients_die(monkeypatch: pytest.MonkeyPatch) -> None:
    def kill(orig: Any, ctx: Any, pt: Any) -> bool:
        return orig(ctx, pt) or (pt.card == 3 and pt.tokens >= 1)  # tiny: card 3 non-severe

    wrap(monkeypatch, cleanup, "dies", kill)
    assert_caught("rh.only-some-die")


def test_deaths_cost_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def free(orig: Any, ctx: Any, s: Any, p: int, code: int, loss: int) -> Any:
        return orig(ctx, s, p, code, 0)

    wrap(monkeypatch, cleanup, "die", free)
    assert_caught("rh.death-costs")


def test_rejections_cost_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(patients, "change_qoc", lambda ctx, s, p, d: s)
    assert_caught("rh.rejection-costs")


def test_prestige_scores_one_too_many(monkeypatch: pytest.MonkeyPatch) -> None:
    def extra(orig: Any, s: Any, p: int) -> Any:
        t = orig(s, p)
        return board.set_player(t, p, vp=t.players[p].vp + 1)

    wrap(monkeypatch, cleanup, "score_prestige", extra)
    assert_caught("rh.prestige-points")


def test_congress_doctor_stays_on_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    def keep_on_board(orig: Any, ctx: Any, s: Any, p: int, track: int, old: int, new: int) -> Any:
        t = orig(ctx, s, p, track, old, new)
        return replace(t, doctors=s.doctors)

    wrap(monkeypatch, resolve, "claim_doctors", keep_on_board)
    assert_caught("rh.doctors-first-reach", "full", ("start_production=3",))


def test_final_scores_forget_quality_of_care(monkeypatch: pytest.MonkeyPatch) -> None:
    def forget(ctx: Any, s: Any) -> Any:
        return tuple(ps.vp for ps in s.players)

    monkeypatch.setattr(model, "final_scores", forget)
    assert_caught("rh.final-scoring")


def test_outcome_winners_without_tie_breakers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The outcome names every seat on top of the points as a winner (the tie-breakers
    forgotten): rh.final-scoring compares the outcome's winners with the tie-breakers'."""

    def by_points(ctx: Any, s: Any) -> Any:
        scores = scoring.final_scores(ctx, s)
        return tuple(p for p in range(ctx.P) if scores[p] == max(scores))

    monkeypatch.setattr(model, "winners", by_points)
    assert_caught("rh.final-scoring")


def test_the_loser_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    def lowest(ctx: Any, s: Any) -> Any:
        keys = scoring.ranking_keys(ctx, s)
        worst = min(keys)
        return tuple(p for p in range(ctx.P) if keys[p] == worst)

    monkeypatch.setattr(scoring, "winners", lowest)
    monkeypatch.setattr("hhh_verify.models.royal_hospital.properties.catalog.winners", lowest)
    assert_caught("rh.winner-total-order")


def test_a_wrong_printed_number_breaks_the_facts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A death costing 3 quality of care instead of the printed 2."""
    from hhh_verify.models.royal_hospital.rules import config

    prop = PROPS.get("rh.facts")
    full = SPEC.model("full")
    assert prop.fact_violation(full) is None
    monkeypatch.setattr(config, "DEATH_QOC", 3)
    assert "Decrease your Quality of Care track by 2" in (prop.fact_violation(full) or "")
    assert not prop.relevant(SPEC.model("tiny")), "the facts are the real game's"


def test_every_invariant_has_a_planted_bug() -> None:
    """Each invariant id appears in an assert_caught call above."""
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    missing = [p.id for p in PROPS.invariants() if f'"{p.id}"' not in source]
    assert not missing, missing
